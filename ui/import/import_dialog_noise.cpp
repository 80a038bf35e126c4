// ImportDialog's time steps and noise hint: the detected time column proposed with its period, the rows
// per step of the current settings, the expected noise of a measured count against them, and ε in words.
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QRadioButton>
#include <QSpinBox>
#include <algorithm>

#include "core/api/noise_hint.h"
#include "core/api/plain_privacy.h"
#include "core/api/workbench.h"
#include "ui/experiment/privacy_words.h"
#include "ui/import/import_dialog.h"
#include "ui/import/unit_chooser.h"
#include "ui/widgets/tones.h"

namespace streamsynth::ui {

namespace {

// A period is proposed when its steps hold this many rows (median): with ε = 1 and k = 5 the
// noise std of a measured count is about 14 rows (api::countNoiseStd), 14% of 100 rows.
constexpr long long kProposedRowsPerStep = 100;

}  // namespace

void ImportDialog::proposeTime() {
    const std::optional<api::TimeColumnGuess> guess = api::detectTimeColumn(workbench_);
    if (!guess) {
        updateNoiseHint();
        return;
    }
    const QString column = QString::fromStdString(guess->column);
    const data::PeriodUnit unit =
        api::proposePeriod(api::periodOptions(workbench_, guess->column), kProposedRowsPerStep);
    period_->setCurrentIndex(std::max(0, period_->findData(static_cast<int>(unit))));
    setRole(column, Time);  // also chooses "By a time column" and the column
    showProblem(
        tr("'%1' holds dates (%2 of %3 values): proposed as the time column, by %4. Type a public start "
           "and end date: the data's earliest and latest dates are private (without a start the earliest "
           "is used and must be confirmed; without an end, tick that the latest period is public).")
            .arg(column)
            .arg(guess->dates)
            .arg(guess->values)
            .arg(period_->currentText()));
    updateNoiseHint();
}

void ImportDialog::setNoiseSettings(privacy::PrivacyModel model, const std::vector<double>& budgets,
                                    int rounds) {
    model_ = model;
    budget_ = budgets.empty() ? 1.0 : *std::min_element(budgets.begin(), budgets.end());
    seriesBudgets_ = budgets;
    rounds_ = std::max(1, rounds);
    updateNoiseHint();
}

long long ImportDialog::rowsPerStep(data::PeriodUnit unit) {
    if (!byTime_->isChecked()) return batchSize_->value();
    const QString key = timeColumn_->currentText() + QLatin1Char('\n') + timeFormat_->text().trimmed() +
                        QLatin1Char('\n') + start_->text().trimmed() + QLatin1Char('\n') +
                        end_->text().trimmed() + QLatin1Char('\n') + QString::number(periodCount_->value());
    if (key != optionsKey_) {
        optionsKey_ = key;
        options_ = api::periodOptions(workbench_, timeColumn_->currentText().toStdString(),
                                      timeFormat_->text().trimmed().toStdString(),
                                      start_->text().trimmed().toStdString(), periodCount_->value(),
                                      end_->text().trimmed().toStdString());
    }
    for (const api::PeriodOption& o : options_)
        if (o.unit == unit && o.steps > 0) return o.medianRows;
    return -1;
}

void ImportDialog::updatePrivacyWords() {
    if (!privacyWords_) return;
    api::PlainPrivacyRequest r;
    r.plan.privacy = model_;
    r.plan.rounds = rounds_;
    // One published series (the smallest budget), the run's others each adding theirs if published.
    r.published = {{"proposed", true, budget_}};
    r.plan.unit = unit_->unit();
    bool described = false;
    for (double b : seriesBudgets_) {
        if (!described && b == budget_) {
            described = true;
            continue;
        }
        r.others.push_back({"series", true, b});
    }
    try {
        privacyWords_->setDescription(api::describePrivacy(r));
    } catch (const std::exception&) {
        privacyWords_->setUnavailable(tr("Set a valid budget and k in the experiment panel."));
    }
}

void ImportDialog::updateNoiseHint() {
    updatePrivacyWords();
    if (!noise_) return;
    double noise = 0;
    try {
        const auto unit = unit_->unit();
        noise = api::countNoiseStd(
            model_, budget_, rounds_,
            unit ? privacy::UnitBound{unit->maxRows, unit->maxRowsPerStep} : privacy::UnitBound{});
    } catch (const std::exception&) {
        noise_->setText(tr("Set a valid budget and k in the experiment panel to see the expected noise."));
        return;
    }
    const auto unit = static_cast<data::PeriodUnit>(period_->currentData().toInt());
    const bool calendar = unit != data::PeriodUnit::Units;
    const long long rows = byTime_->isChecked() && !calendar ? -1 : rowsPerStep(unit);
    const QString budget =
        tr("%1 = %2, k = %3")
            .arg(model_ == privacy::PrivacyModel::ZCdp ? QStringLiteral("ρ") : QStringLiteral("ε"))
            .arg(budget_)
            .arg(rounds_);
    QString text =
        tr("At %1 every count measured at a step gets noise of about ±%2 rows (standard deviation).")
            .arg(budget)
            .arg(noise, 0, 'f', noise < 10 ? 1 : 0);
    if (rows < 0) {
        noise_->setText(text + QLatin1Char(' ') + tr("The rows per step are not known for these settings."));
        noise_->setStyleSheet(QString());
        return;
    }
    if (rows == 0) {
        // Sparse early periods: most steps hold nothing, and their releases are noise alone.
        long long steps = 0;
        for (const api::PeriodOption& o : options_)
            if (o.unit == unit) steps = o.steps;
        // Empty steps come from sparse early years (no public start) or a stray late date in the data.
        noise_->setText(
            text + QLatin1Char(' ') +
            tr("At least half of the %1 steps (by %2, from the start to the latest date in the data) "
               "hold no rows at all: their releases will be noise alone. Set a public start date, check "
               "the latest dates in the data, or choose a longer period.")
                .arg(steps)
                .arg(period_->currentText()));
        noise_->setStyleSheet(toneStyle(Tone::Problem, this));
        return;
    }
    const QString per = byTime_->isChecked() ? tr("by %1").arg(period_->currentText()) : tr("in batches");
    // With a privacy unit the rows are counted before its bound leaves some out: fewer are kept, so
    // the share is a floor (a GUI walkthrough of 2026-12-01 read it as the share itself).
    const QString share =
        unit_->unit()
            ? tr("Rows per step: about %1 (median, %2, before the unit's bound leaves rows out); the "
                 "noise is at least %3% of them.")
            : tr("Rows per step: about %1 (median, %2); the noise is %3% of them.");
    text += QLatin1Char(' ') + share.arg(rows).arg(per).arg(100.0 * noise / double(rows), 0, 'f',
                                                            noise / double(rows) < 0.1 ? 1 : 0);
    const api::NoiseLevel level = api::noiseLevel(noise, double(rows));
    if (level == api::NoiseLevel::High) {
        text += QLatin1Char(' ') +
                tr("Releases will be very noisy; longer periods, a larger ε or a smaller k help.");
        // The shortest longer period that would be less noisy, when there is one.
        for (int i = period_->currentIndex() + 1; byTime_->isChecked() && i < period_->count(); ++i) {
            const auto longer = static_cast<data::PeriodUnit>(period_->itemData(i).toInt());
            const long long r = longer == data::PeriodUnit::Units ? -1 : rowsPerStep(longer);
            if (r > 0 && api::noiseLevel(noise, double(r)) != api::NoiseLevel::High) {
                text +=
                    QLatin1Char(' ') + tr("By %1: about %2 rows per step.").arg(period_->itemText(i)).arg(r);
                break;
            }
        }
    } else if (level == api::NoiseLevel::Noticeable) {
        text += QLatin1Char(' ') + tr("Small cells will be noticeably noisy.");
    }
    noise_->setText(text);
    noise_->setStyleSheet(level == api::NoiseLevel::High         ? toneStyle(Tone::Problem, this)
                          : level == api::NoiseLevel::Noticeable ? toneStyle(Tone::Caution, this)
                                                                 : QString());
}

void ImportDialog::setPeriod(data::PeriodUnit unit) {
    const int index = period_->findData(static_cast<int>(unit));
    if (index >= 0) period_->setCurrentIndex(index);
}

bool ImportDialog::byTime() const {
    return byTime_->isChecked();
}
QString ImportDialog::timeColumn() const {
    return timeColumn_->currentText();
}
data::PeriodUnit ImportDialog::period() const {
    return static_cast<data::PeriodUnit>(period_->currentData().toInt());
}
QString ImportDialog::noiseHint() const {
    return noise_->text();
}

}  // namespace streamsynth::ui
