// ε in plain words (see privacy_words.h).
#include "ui/experiment/privacy_words.h"

#include <QDialog>
#include <QLabel>
#include <QLocale>
#include <QScreen>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "ui/experiment/coarsening_text.h"
#include "ui/widgets/tones.h"

namespace streamsynth::ui {
namespace {

QString unit(const api::PlainPrivacy& p) {
    return p.model == privacy::PrivacyModel::ZCdp ? QStringLiteral("ρ") : QStringLiteral("ε");
}

// e^ε for people, read after "at most": "2.8", "2,100", "3.3 million",
// "5.2 billion", or "10^21" (a bound so loose it is only an order of
// magnitude). Rounded up to two significant digits, so that "at most" never
// understates the factor (e^1 = 2.718… reads 2.8).
QString likelihoodText(double factor) {
    if (!std::isfinite(factor)) return PrivacyWords::tr("an unbounded number of");
    if (factor >= 1e12) return QStringLiteral("10^%1").arg(static_cast<int>(std::ceil(std::log10(factor))));
    const double unit = std::pow(10.0, std::floor(std::log10(factor)) - 1);
    const double up = std::ceil(factor / unit - 1e-9) * unit;  // two significant digits, rounded up
    if (factor >= 1e9) return PrivacyWords::tr("%1 billion").arg(roundedForPeople(up / 1e9));
    if (factor >= 1e6) return PrivacyWords::tr("%1 million").arg(roundedForPeople(up / 1e6));
    return roundedForPeople(up);
}

// The factor beside "ε = X": e^ε, or e^X when X, ε as printed, is rounded up
// (1.66 shows as 1.7, and at most e^1.7 = 5.5 times, not e^1.66 = 5.3).
QString likelihoodOf(const api::PlainPrivacy& p) {
    const double shown = QLocale().toDouble(roundedForPeople(p.epsilon));
    return likelihoodText(std::max(p.likelihood, std::exp(shown)));
}

QString strengthWord(api::GuaranteeStrength s) {
    switch (s) {
        case api::GuaranteeStrength::Strong:
            return PrivacyWords::tr("strong");
        case api::GuaranteeStrength::Moderate:
            return PrivacyWords::tr("moderate");
        case api::GuaranteeStrength::Weak:
            return PrivacyWords::tr("weak");
        case api::GuaranteeStrength::VeryWeak:
            return PrivacyWords::tr("very weak");
    }
    return {};
}

QString partName(api::BudgetPart::Kind kind) {
    switch (kind) {
        case api::BudgetPart::Kind::Coarsening:
            return PrivacyWords::tr("choosing the kept labels of large attributes (once)");
        case api::BudgetPart::Kind::OneWay:
            return PrivacyWords::tr("continual 1-way marginals");
        case api::BudgetPart::Kind::SmallWorkloads:
            return PrivacyWords::tr("small workloads counted every step");
        case api::BudgetPart::Kind::Selection:
            return PrivacyWords::tr("choosing which workloads to measure");
        case api::BudgetPart::Kind::Measurement:
            return PrivacyWords::tr("measuring them");
    }
    return {};
}

// What one conclusion is about: one row, or one privacy unit (issue 49).
QString aboutWhom(const api::PlainPrivacy& p) {
    return p.unit ? PrivacyWords::tr("one unit of %1").arg(QString::fromStdString(p.unit->column))
                  : PrivacyWords::tr("one row");
}

QString whomItProtects(const api::PlainPrivacy& p) {
    if (!p.unit)
        return PrivacyWords::tr(
            "<b>Whom it protects:</b> each row of the table, at the step it is counted in. Not "
            "each person: someone with several rows is protected less (their rows' losses add "
            "up).");
    return PrivacyWords::tr(
               "<b>Whom it protects:</b> each unit of column %1 (a person, a household, a firm) "
               "with all its rows: at most %2 of them count over the stream and %3 in one step; "
               "its later rows are left out of every release.")
        .arg(QString::fromStdString(p.unit->column))
        .arg(p.unit->maxRows)
        .arg(p.unit->maxRowsPerStep);
}

QString whoAndHowStrongly(const api::PlainPrivacy& p) {
    QString text = whomItProtects(p) + QStringLiteral("<br>");
    const bool one = p.allSeries > static_cast<int>(p.published.size()) && p.published.size() == 1;
    QString strongly =
        (one ? PrivacyWords::tr("<b>How strongly:</b> ε = %1 for the whole stream of one published series: "
                                "any conclusion about %3 can become at most %2 times more or less likely "
                                "from its releases")
             : PrivacyWords::tr("<b>How strongly:</b> ε = %1 for the whole stream, all published series "
                                "together: any conclusion about %3 can become at most %2 times more or "
                                "less likely from the releases"))
            .arg(roundedForPeople(p.epsilon), likelihoodOf(p), aboutWhom(p));
    if (p.delta > 0) strongly += PrivacyWords::tr(", except with probability δ = %1").arg(p.delta);
    strongly += QStringLiteral(" (") + strengthWord(p.strength) + QStringLiteral(").");
    if (p.allSeries > static_cast<int>(p.published.size()))
        strongly += QLatin1Char(' ') +
                    PrivacyWords::tr(
                        "Publishing all %1 series of the run would give ε = %2: they read the same "
                        "rows, so their budgets add up.")
                        .arg(p.allSeries)
                        .arg(roundedForPeople(p.allEpsilon));
    if (p.strength == api::GuaranteeStrength::Weak || p.strength == api::GuaranteeStrength::VeryWeak)
        strongly += QStringLiteral(" <span style='color:%1'>").arg(toneColor(Tone::Problem, nullptr).name()) +
                    PrivacyWords::tr(
                        "A weak bound: a smaller ε, a longer period or fewer published series "
                        "protects more.") +
                    QStringLiteral("</span>");
    return text + strongly;
}

QString howAccurate(const api::PlainPrivacy& p, const QString& step) {
    if (!p.hasCounters)
        return PrivacyWords::tr(
                   "<b>How accurate:</b> the baseline fits each %1 from its own noisy measurements; see the "
                   "support check when the run starts.")
            .arg(step);
    // The stream's length is not known yet (the import dialog before a Check): one step's count only.
    QString text =
        p.steps > 1
            ? PrivacyWords::tr(
                  "<b>How accurate:</b> <i>noisy marginal</i> (exact): a count of one %1's rows ±%2 rows; a "
                  "running count over all %3 steps ±%4 rows, as its noise adds up over the steps it sums "
                  "(95%, "
                  "for each number separately).")
                  .arg(step, roundedForPeople(1.96 * p.marginalSeOnce))
                  .arg(p.steps)
                  .arg(roundedForPeople(1.96 * p.marginalSeAll))
            : PrivacyWords::tr(
                  "<b>How accurate:</b> <i>noisy marginal</i> (exact): a count of one %1's rows ±%2 rows "
                  "(95%); a running count over many steps more, as its noise adds up over the steps it sums.")
                  .arg(step, roundedForPeople(1.96 * p.marginalSeOnce));
    if (p.hasShareFigure) {
        text += QLatin1Char(' ') +
                PrivacyWords::tr(
                    "<i>Synthetic share</i> (a model, not exact): each 1-way share typically within ±%1 "
                    "points at the last %2 (95%, for each share separately; calibrated on Adult and "
                    "checked on other tables).")
                    .arg(roundedForPeople(p.shareErrorPoints), step);
        if (p.shareWidening > 1)
            text +=
                QLatin1Char(' ') + PrivacyWords::tr(
                                       "Widened %1 times for a thin stream, as measured on data the model "
                                       "was not fitted on.")
                                       .arg(roundedForPeople(p.shareWidening));
        if (p.shareUnmeasured)
            text += QLatin1Char(' ') + PrivacyWords::tr("Optimistic: no stream this thin was measured.");
        if (p.shareOptimistic)
            text +=
                QLatin1Char(' ') +
                PrivacyWords::tr("Optimistic: it assumes every attribute is measured at every %1.").arg(step);
    } else if (p.shareNeedsRows) {
        text += QLatin1Char(' ') + PrivacyWords::tr(
                                       "The synthetic shares' figure needs the rows per %1: give them in "
                                       "Target accuracy….")
                                       .arg(step);
    } else {
        text += QLatin1Char(' ') +
                PrivacyWords::tr("The synthetic shares' figure follows once the table's domain is set.");
    }
    return text;
}

QString howSplit(const api::PlainPrivacy& p) {
    QStringList parts;
    for (const api::BudgetPart& b : p.split)
        parts << PrivacyWords::tr("%1 for %2").arg(roundedForPeople(b.amount), partName(b.kind));
    QString text = PrivacyWords::tr("<b>How it is split:</b> %1 of %2 = %3 is split into %4.")
                       .arg(unit(p), QString::fromStdString(p.splitSeries), roundedForPeople(p.splitBudget),
                            parts.join(QStringLiteral(", ")));
    if (p.published.size() > 1) {
        QStringList series;
        for (const api::PublishedBudget& b : p.published)
            series << QStringLiteral("%1 %2").arg(QString::fromStdString(b.name), roundedForPeople(b.budget));
        text += QLatin1Char(' ') +
                PrivacyWords::tr(
                    "The published series read the same rows, so they add up: "
                    "%1 = %2 %3.")
                    .arg(series.join(QStringLiteral(" + ")), unit(p), roundedForPeople(p.total));
    }
    return text;
}

}  // namespace

QString privacySummaryText(const api::PlainPrivacy& p) {
    const int published = static_cast<int>(p.published.size());
    if (p.allSeries > published && published <= 1)
        return PrivacyWords::tr(
                   "ε = %1 for one published series: a conclusion about %4 becomes at most %2 "
                   "times more or less likely (%3); each series published adds its ε")
            .arg(roundedForPeople(p.epsilon), likelihoodOf(p), strengthWord(p.strength), aboutWhom(p))
            .replace(QStringLiteral(" ε"), QStringLiteral("\u00a0ε"));  // never "ε" alone on a line
    if (p.allSeries > published)  // some ticked, not all (a review of 2026-12-01: it said "for one")
        return PrivacyWords::tr(
                   "ε = %1 in total for the %n published series: a conclusion about %4 becomes at most %2 "
                   "times more or less likely (%3); each other series published would add its ε",
                   nullptr, published)
            .arg(roundedForPeople(p.epsilon), likelihoodOf(p), strengthWord(p.strength), aboutWhom(p));
    return PrivacyWords::tr(
               "ε = %1 in total: a conclusion about %4 becomes at most %2 times more or less "
               "likely (%3)")
        .arg(roundedForPeople(p.epsilon), likelihoodOf(p), strengthWord(p.strength), aboutWhom(p));
}

QString privacyDetailsHtml(const api::PlainPrivacy& p, const QString& stepWord) {
    const QString step = stepWord.isEmpty() ? PrivacyWords::tr("step") : stepWord;
    return whoAndHowStrongly(p) + QStringLiteral("<br>") + howAccurate(p, step) + QStringLiteral("<br>") +
           howSplit(p);
}

PrivacyWords::PrivacyWords(QWidget* parent, bool expanded) : QFrame(parent) {
    setObjectName(QStringLiteral("privacyWords"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* top = new QHBoxLayout();
    summary_ = new QLabel(this);
    summary_->setWordWrap(true);
    toggle_ = new QToolButton(this);
    toggle_->setCheckable(true);
    toggle_->setText(tr("Details"));
    toggle_->setToolTip(tr("Whom ε protects, how accurate the releases are and how the budget is split"));
    top->addWidget(summary_, 1);
    top->addWidget(toggle_, 0, Qt::AlignTop);
    layout->addLayout(top);
    details_ = new QLabel(this);
    details_->setWordWrap(true);
    details_->setTextFormat(Qt::RichText);
    layout->addWidget(details_);
    connect(toggle_, &QToolButton::toggled, this, [this](bool on) {
        details_->setVisible(on);
        toggle_->setText(on ? tr("Hide") : tr("Details"));
        if (on) growDialogToFit();
        Q_EMIT expandedChanged(on);
    });
    toggle_->setChecked(expanded);
    details_->setVisible(expanded);
    toggle_->setText(expanded ? tr("Hide") : tr("Details"));
}

// In a dialog, the shown details get the height they need (within the
// screen) instead of squeezing the dialog's other parts: in the target-accuracy
// dialog they were cut mid-line and its table shrank to two rows.
void PrivacyWords::growDialogToFit() {
    auto* dialog = qobject_cast<QDialog*>(window());
    if (!dialog || !dialog->isVisible() || !dialog->layout()) return;
    dialog->layout()->activate();
    const int wanted = dialog->layout()->hasHeightForWidth()
                           ? dialog->layout()->totalHeightForWidth(dialog->width())
                           : dialog->sizeHint().height();
    const QScreen* s = dialog->screen();
    const int room =
        s ? s->availableGeometry().height() - (dialog->frameGeometry().height() - dialog->height()) : wanted;
    const int height = std::min(wanted, room);
    if (height > dialog->height()) dialog->resize(dialog->width(), height);
}

void PrivacyWords::setDescription(const api::PlainPrivacy& p, const QString& stepWord) {
    summary_->setText(privacySummaryText(p));
    details_->setText(privacyDetailsHtml(p, stepWord));
    toggle_->setEnabled(true);
}

void PrivacyWords::setUnavailable(const QString& why) {
    summary_->setText(why);
    details_->clear();
    toggle_->setEnabled(false);
}

void PrivacyWords::appendToSummary(const QString& sentence) {
    summary_->setText(summary_->text() + QLatin1Char(' ') + sentence);
}

QString PrivacyWords::summary() const {
    return summary_->text();
}

QString PrivacyWords::details() const {
    return details_->text();
}

bool PrivacyWords::expanded() const {
    return toggle_->isChecked();
}

void PrivacyWords::setExpanded(bool on) {
    toggle_->setChecked(on);
}

}  // namespace streamsynth::ui
