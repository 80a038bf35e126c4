// ImportDialog's checks: the stream settings as set, the confirm button's state, Check (the settings
// applied and the data's problems listed) and Confirm (the schema and settings handed to the Workbench).
#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QStackedWidget>

#include "core/api/workbench.h"
#include "ui/desk/problem_text.h"
#include "ui/import/import_dialog.h"
#include "ui/import/stream_text.h"
#include "ui/import/unit_chooser.h"
#include "ui/widgets/error_text.h"
#include "ui/widgets/tones.h"

namespace streamsynth::ui {

void ImportDialog::setBatch(long long size, bool random) {
    byBatch_->setChecked(true);
    batchSize_->setValue(static_cast<int>(size));
    batchOrder_->setCurrentIndex(random ? 0 : 1);
}

data::StreamSettings ImportDialog::streamSettings() const {
    data::StreamSettings settings;
    if (byTime_->isChecked()) {
        data::TimeSettings time;
        time.column = timeColumn_->currentText().toStdString();
        time.unit = static_cast<data::PeriodUnit>(period_->currentData().toInt());
        time.count = periodCount_->value();
        time.format = timeFormat_->text().trimmed().toStdString();
        time.start = start_->text().trimmed().toStdString();
        time.end = end_->text().trimmed().toStdString();
        settings.time = time;
    } else {
        data::BatchSettings batch;
        batch.size = batchSize_->value();
        batch.order = static_cast<data::BatchOrder>(batchOrder_->currentData().toInt());
        settings.batch = batch;
    }
    settings.unit = unit_->unit();
    return settings;
}

bool ImportDialog::canConfirm() const {
    return fromFile_ || publicCheck_->isChecked();
}

void ImportDialog::updateState() {
    domainNote_->setCurrentIndex(fromFile_ ? 1 : 0);
    for (QWidget* w :
         std::initializer_list<QWidget*>{timeColumn_, period_, periodCount_, timeFormat_, start_, end_})
        w->setEnabled(byTime_->isChecked());
    dataEnd_->setEnabled(byTime_->isChecked() && end_->text().trimmed().isEmpty());
    for (QWidget* w : std::initializer_list<QWidget*>{batchSize_, batchOrder_, batchSeed_})
        w->setEnabled(byBatch_->isChecked());
    confirm_->setEnabled(canConfirm());
    confirm_->setToolTip(canConfirm() ? QString()
                                      : tr("Tick the confirmation that the domain is public first."));
    showTimeColumnCodes();
}

void ImportDialog::showProblem(const QString& message) {
    problems_->addItem(message);
}

void ImportDialog::check() {
    checkSettings();
}

bool ImportDialog::checkSettings() {
    problems_->clear();
    if (!canConfirm()) {
        showProblem(
            tr("Tick that the domain is public (above the domain grid) first: Check and Large "
               "attributes… test the data against a public domain only."));
        return false;
    }
    if (const QString why = unitStepProblem(); !why.isEmpty()) {
        showProblem(why);
        return false;
    }
    try {
        workbench_.confirmSchema(editedSchema());
        workbench_.setStreamSettings(streamSettings(), static_cast<std::uint64_t>(batchSeed_->value()));
        const api::StreamSummary summary = workbench_.summary();
        // Counts grouped as the data panel writes them ("48,842 rows").
        problems_->addItem(tr("%1 rows, %2 attributes, %3 steps (%4).")
                               .arg(QLocale().toString(static_cast<qlonglong>(summary.rows)))
                               .arg(summary.attributes.size())
                               .arg(QLocale().toString(static_cast<qlonglong>(summary.steps)))
                               .arg(streamText(summary.streamDescription)));
        if (summary.unit) showUnitDrops(summary);
        const QString lastPeriod = QString::fromStdString(summary.lastPeriod);
        for (const data::Problem& p : summary.problems) {
            // The end confirmed by the tick above is no longer a problem to act on (issue 46, 2).
            if (p.kind == "time-end-from-data" && dataEnd_->isChecked() && dataEnd_->isEnabled()) {
                showProblem(
                    tr("The stream ends with the latest period in the data%1, which you confirm is public "
                       "(the "
                       "tick above).")
                        .arg(lastPeriod.isEmpty() ? QString() : QStringLiteral(", %1").arg(lastPeriod)));
                continue;
            }
            auto* item = new QListWidgetItem(
                problemMessage(p, ProblemPlace::ImportDialog, lastPeriod) + problemCount(p, true), problems_);
            item->setForeground(toneColor(Tone::Caution, this));
        }
        showUnsupported();
    } catch (const std::exception& e) {
        showProblem(describeError(e));
        return false;
    }
    return true;
}

void ImportDialog::accept() {
    if (!canConfirm()) return;
    problems_->clear();
    // Refused here, in words, with every choice kept (the summary refused it only after the dialog closed).
    if (const QString why = unitStepProblem(); !why.isEmpty()) {
        showProblem(why);
        return;
    }
    const bool needsEnd =
        byTime_->isChecked() && end_->text().trimmed().isEmpty() && streamSettings().time->steps == 0;
    if (needsEnd && !dataEnd_->isChecked()) {
        showProblem(
            tr("Type a public end date, or tick that the latest period in the data is public: without either "
               "the stream's length would be read from the private data."));
        return;
    }
    try {
        workbench_.confirmSchema(editedSchema());
        workbench_.setStreamSettings(streamSettings(), static_cast<std::uint64_t>(batchSeed_->value()));
        if (needsEnd) workbench_.confirmDataEnd();  // the data's last period becomes the stream's public end
    } catch (const std::exception& e) {
        showProblem(describeError(e));
        return;
    }
    QDialog::accept();
}

// The rows the unit's bound drops (private figures: for the steward, like the metrics).
void ImportDialog::showUnitDrops(const api::StreamSummary& summary) {
    const long long all = summary.rows + summary.unitDroppedRows;
    const double share =
        all > 0 ? 100.0 * static_cast<double>(summary.unitDroppedRows) / static_cast<double>(all) : 0.0;
    QString text = tr("The bound on each unit's rows leaves out %1 of %2 rows (%3%)")
                       .arg(summary.unitDroppedRows)
                       .arg(all)
                       .arg(share, 0, 'f', 1);
    if (summary.unitWorstStep > 0)
        text += tr("; the most in step %1: %2% of its rows")
                    .arg(summary.unitWorstStep)
                    .arg(100.0 * summary.unitWorstStepShare, 0, 'f', 1);
    text += tr(". Computed from the private data: for you only, not for publication.");
    auto* item = new QListWidgetItem(text, problems_);
    item->setForeground(toneColor(Tone::Caution, this));
}

QString ImportDialog::problemsText() const {
    QStringList lines;
    for (int i = 0; i < problems_->count(); ++i) lines << problems_->item(i)->text();
    return lines.join(QLatin1Char('\n'));
}

}  // namespace streamsynth::ui
