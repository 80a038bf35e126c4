// TargetAccuracyDialog: the target's fields, the live proposal and the
// expected-error table (see target_accuracy_dialog.h).
#include "ui/experiment/target_accuracy_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "core/api/plain_privacy.h"
#include "ui/experiment/privacy_words.h"
#include "ui/widgets/readable_headers.h"
#include "ui/widgets/spin_box.h"

namespace streamsynth::ui {

namespace {

enum Check { EveryStep, EveryN, LastStep };

bool positiveNumber(const QString& text, double* value) {
    bool ok = false;
    *value = QLocale::c().toDouble(text.trimmed(), &ok);
    if (!ok) *value = QLocale().toDouble(text.trimmed(), &ok);
    return ok && std::isfinite(*value) && *value > 0;
}

QTableWidgetItem* cell(const QString& text) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled);
    return item;
}

// `v` with `digits` significant digits in plain notation (2440, 0.0123; never 2.44e+03).
QString plainNumber(double v, int digits = 3) {
    if (!(v > 0) || !std::isfinite(v)) return QString::number(v);
    const int decimals = std::max(0, digits - 1 - static_cast<int>(std::floor(std::log10(v))));
    QString text = QString::number(v, 'f', decimals);
    if (text.contains(QLatin1Char('.'))) {  // no trailing zeros after the point
        while (text.endsWith(QLatin1Char('0'))) text.chop(1);
        if (text.endsWith(QLatin1Char('.'))) text.chop(1);
    }
    return text;
}

}  // namespace

TargetAccuracyDialog::TargetAccuracyDialog(PlanContext context, QWidget* parent)
    : QDialog(parent), context_(std::move(context)) {
    setObjectName(QStringLiteral("targetAccuracyDialog"));
    setWindowTitle(tr("Target accuracy"));
    auto* layout = new QVBoxLayout(this);
    auto* intro =
        new QLabel(tr("Type the accuracy you need: StreamSynth proposes the smallest budget with which the "
                      "proposed streamer is expected to reach it, from public settings only."),
                   this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* form = new QFormLayout();
    addTargetRows(form);
    addStreamRows(form);
    layout->addLayout(form);
    proposal_ = new QLabel(this);
    proposal_->setWordWrap(true);
    proposal_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(proposal_);
    words_ = new PrivacyWords(this);  // what the proposed budget means (issue 47)
    words_->setUnavailable(tr("Type a target to see what the proposed budget means."));
    layout->addWidget(words_);
    table_ = new QTableWidget(0, 5, this);
    table_->setHorizontalHeaderLabels({tr("Step"), tr("1-way ± (points), proposed"), tr("AvgWE, proposed"),
                                       tr("1-way ± (points), current"), tr("AvgWE, current")});
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(true);
    keepHeadersReadable(table_);
    layout->addWidget(table_, 1);
    auto* model =
        new QLabel(tr("1-way: the counters' noise plus the largest bias of their shrinkage, per share; the "
                      "fit's own error is not in it (validated on Adult for targets up to 5 points). AvgWE: "
                      "calibrated on Adult, a guide on other data. Help ▸ Guide, \"Target accuracy\"."),
                   this);
    model->setWordWrap(true);
    layout->addWidget(model);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    use_ = buttons->addButton(tr("Use this budget"), QDialogButtonBox::AcceptRole);
    close_ = buttons->button(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    // Typing recomputes once the steward pauses (a plan over many steps takes seconds): the typed
    // text shows at once and no stale proposal can be used meanwhile.
    pending_ = new QTimer(this);
    pending_->setSingleShot(true);
    pending_->setInterval(400);
    connect(pending_, &QTimer::timeout, this, &TargetAccuracyDialog::update);
    resize(780, 540);
    update();
}

void TargetAccuracyDialog::schedule() {
    proposed_ = 0;
    use_->setEnabled(false);
    proposal_->setText(tr("Working out the budget for this target…"));
    pending_->start();
}

bool TargetAccuracyDialog::planPending() const {
    return pending_->isActive();
}

void TargetAccuracyDialog::flush() {
    if (!pending_->isActive()) return;
    pending_->stop();
    update();
}

// A share's error in points; above 100 points the noise alone swamps every
// share (a share cannot be off by more than 100): "noise only".
QTableWidgetItem* TargetAccuracyDialog::shareCell(double share) const {
    const double points = 100 * share;
    if (points <= 100) return cell(QString::number(points, 'f', 2));
    QTableWidgetItem* item = cell(tr("noise only"));
    item->setToolTip(tr("The noise alone is about ±%1 points: the releases would show no share of this "
                        "attribute, only noise.")
                         .arg(plainNumber(points)));
    return item;
}

void TargetAccuracyDialog::addTargetRows(QFormLayout* form) {
    goal_ = new QComboBox(this);
    goal_->addItem(tr("every 1-way share within ± (points)"),
                   static_cast<int>(api::AccuracyGoal::OneWayShare));
    goal_->addItem(tr("AvgWE at most"), static_cast<int>(api::AccuracyGoal::AvgWE));
    bound_ = new QLineEdit(QStringLiteral("2"), this);
    bound_->setToolTip(
        tr("1-way: the largest error of a share, in percentage points (2 = a true share of 30% is "
           "released between 28% and 32%). AvgWE: the bound on the average workload error."));
    probability_ = new QLineEdit(QStringLiteral("0.95"), this);
    probability_->setToolTip(tr("The probability with which each share is within the bound."));
    auto* row = new QHBoxLayout();
    row->addWidget(goal_, 1);
    row->addWidget(bound_);
    row->addWidget(new QLabel(tr("with probability"), this));
    row->addWidget(probability_);
    form->addRow(tr("Target:"), row);
    check_ = new QComboBox(this);
    check_->addItem(tr("at every step"), EveryStep);
    check_->addItem(tr("every N steps (12 = each year of months)"), EveryN);
    check_->addItem(tr("at the last step"), LastStep);
    every_ = makeSpin(this, 1, 100000, 12);
    auto* checkRow = new QHBoxLayout();
    checkRow->addWidget(check_, 1);
    checkRow->addWidget(every_);
    form->addRow(tr("Checked:"), checkRow);
    connect(goal_, &QComboBox::currentIndexChanged, this, [this] {
        const bool oneWay = goal_->currentData().toInt() == static_cast<int>(api::AccuracyGoal::OneWayShare);
        bound_->setText(oneWay ? QStringLiteral("2") : QStringLiteral("0.002"));
        probability_->setEnabled(oneWay);
        schedule();
    });
    connect(check_, &QComboBox::currentIndexChanged, this, &TargetAccuracyDialog::schedule);
    for (QLineEdit* e : {bound_, probability_})
        connect(e, &QLineEdit::textChanged, this, &TargetAccuracyDialog::schedule);
    connect(every_, &QSpinBox::valueChanged, this, &TargetAccuracyDialog::schedule);
}

void TargetAccuracyDialog::addStreamRows(QFormLayout* form) {
    steps_ = makeSpin(this, 1, 10000000, static_cast<int>(std::max<long long>(1, context_.request.steps)));
    steps_->setToolTip(tr("The number of steps the stream will release."));
    form->addRow(tr("Steps:"), steps_);
    rows_ = new QLineEdit(this);
    if (context_.rowsArePublic) rows_->setText(QString::number(context_.request.rowsPerStep));
    rows_->setPlaceholderText(tr("your expected rows per step"));
    rowsNote_ =
        new QLabel(context_.rowsArePublic
                       ? tr("The batch size (public).")
                       : tr("Your own estimate: a period's row count is private, so StreamSynth does not "
                            "fill it in from the data."),
                   this);
    rowsNote_->setWordWrap(true);
    auto* rowsBox = new QVBoxLayout();
    rowsBox->addWidget(rows_);
    rowsBox->addWidget(rowsNote_);
    form->addRow(tr("Rows per step:"), rowsBox);
    connect(steps_, &QSpinBox::valueChanged, this, &TargetAccuracyDialog::schedule);
    connect(rows_, &QLineEdit::textChanged, this, &TargetAccuracyDialog::schedule);
}

QString TargetAccuracyDialog::budgetName() const {
    if (context_.request.privacy == privacy::PrivacyModel::Pure) return QStringLiteral("ε");
    if (context_.request.delta > 0) return tr("ε (at δ = %1)").arg(context_.request.delta);
    return QStringLiteral("ρ");
}

bool TargetAccuracyDialog::readInputs(api::AccuracyTarget* target, api::PlanRequest* request,
                                      QString* why) const {
    *request = context_.request;
    target->goal = static_cast<api::AccuracyGoal>(goal_->currentData().toInt());
    double bound = 0;
    if (!positiveNumber(bound_->text(), &bound))
        return *why = tr("Type the bound as a number above 0."), false;
    target->bound = target->goal == api::AccuracyGoal::OneWayShare ? bound / 100 : bound;
    if (target->goal == api::AccuracyGoal::OneWayShare &&
        (!positiveNumber(probability_->text(), &target->probability) || target->probability >= 1))
        return *why = tr("Type the probability as a number between 0 and 1."), false;
    request->steps = steps_->value();
    every_->setEnabled(check_->currentData().toInt() == EveryN);
    const int check = check_->currentData().toInt();
    request->checkEvery = check == EveryStep ? 1 : check == EveryN ? every_->value() : 0;
    if (!positiveNumber(rows_->text(), &request->rowsPerStep))
        return *why = tr("Type the rows you expect per step."), false;
    request->rowsArePublic = context_.rowsArePublic;  // a batch size: the 1-way share's rule reads it
    return true;
}

void TargetAccuracyDialog::update() {
    proposed_ = 0;
    use_->setEnabled(false);
    table_->setRowCount(0);
    api::AccuracyTarget target;
    api::PlanRequest request;
    QString why;
    if (!readInputs(&target, &request, &why)) {
        proposal_->setText(why);
        words_->setUnavailable(tr("Type a target to see what the proposed budget means."));
        return;
    }
    try {
        const api::PlanResult plan = api::planEpsilon(request, target);
        if (!plan.reachable) {
            proposal_->setText(tr("Not reachable: %1.").arg(QString::fromStdString(plan.why)));
            words_->setUnavailable(tr("No budget reaches this target."));
            return;
        }
        proposed_ = plan.budget;
        const api::StepAccuracy& first = plan.prediction.checks.front();
        QString text =
            tr("Proposed: %1 = %2 (the smallest that reaches the target at every checked step; the "
               "hardest is step %3, attribute '%4').")
                .arg(budgetName(), proposedText())
                .arg(first.step)
                .arg(first.worstAttribute >= 0
                         ? QString::fromStdString(request.domain.name(first.worstAttribute))
                         : QString());
        if (context_.currentBudget > 0) {
            const double rows = api::rowsPerStepFor(request, target, context_.currentBudget);
            text += QLatin1Char(' ') +
                    (std::isfinite(rows)
                         ? tr("At the current %1 = %2 the steps would need at least %3 rows (a "
                              "larger batch or a longer period).")
                               .arg(budgetName())
                               .arg(plainNumber(context_.currentBudget))
                               .arg(std::ceil(rows), 0, 'f', 0)
                         : tr("No number of rows reaches it at the current %1.").arg(budgetName()));
        }
        if (api::shareFigureOptimistic(request.rowsPerStep))
            text += QLatin1Char(' ') +
                    tr("Optimistic below 200 rows per step: on data it was not fitted on the 1-way errors "
                       "reached %1 times the model's figure (Help ▸ Guide, \"Target accuracy\").")
                        .arg(api::shareFigureWidening(request.rowsPerStep), 0, 'f', 1);
        if (plan.prediction.countersInBlocks)
            text += QLatin1Char(' ') +
                    tr("At this budget the run counts its 1-way and small marginals once per block of "
                       "batches: less noise than a count at every batch, and a lag of less than a block, "
                       "both in these figures. There a larger budget can do worse (shorter blocks, more "
                       "counts): the proposed budget holds up to 5% above it.");
        if (!stream::withinValidatedRange(target))
            text +=
                QLatin1Char(' ') + tr("Caution: this target is looser than the range the model was validated "
                                      "in; the fit's own error may exceed these figures.");
        proposal_->setText(text);
        api::PlainPrivacyRequest words;
        words.plan = request;
        const bool zcdp = request.privacy == privacy::PrivacyModel::ZCdp;
        // In words for the budget "Use this budget" applies (rounded up), not the plan's exact one.
        const double applied = proposedText().toDouble();
        words.published = {{"proposed", true, zcdp && plan.rho > 0 ? plan.rho : applied}};
        const api::PlainPrivacy described = api::describePrivacy(words);
        words_->setDescription(described);
        use_->setEnabled(true);
        // Enter never takes a weak or very weak bound: Close is the default then.
        const bool weak = described.strength == api::GuaranteeStrength::Weak ||
                          described.strength == api::GuaranteeStrength::VeryWeak;
        use_->setAutoDefault(!weak);
        use_->setDefault(!weak);
        close_->setAutoDefault(weak);
        close_->setDefault(weak);
        showTable(request, plan.prediction);
    } catch (const std::exception& e) {
        proposal_->setText(QString::fromUtf8(e.what()));
    }
}

// One row per checked step (at most about 12: the first, evenly spaced, the
// last): the expected errors at the proposal and at the current budget.
void TargetAccuracyDialog::showTable(const api::PlanRequest& request,
                                     const api::AccuracyPrediction& proposed) {
    const bool current = context_.currentBudget > 0;
    api::AccuracyPrediction now;
    if (current) now = api::expectedAccuracy(request, context_.currentBudget, proposed.probability);
    const std::size_t n = proposed.checks.size();
    const std::size_t stride = n > 12 ? (n + 10) / 11 : 1;
    for (std::size_t i = 0; i < n; ++i) {
        if (i % stride != 0 && i + 1 != n) continue;
        const int row = table_->rowCount();
        table_->insertRow(row);
        const api::StepAccuracy& p = proposed.checks[i];
        table_->setItem(row, 0, cell(QString::number(p.step)));
        table_->setItem(row, 1, shareCell(p.oneWayShare));
        table_->setItem(row, 2, cell(QString::number(p.avgWE, 'f', 4)));
        table_->setItem(row, 3, current ? shareCell(now.checks[i].oneWayShare) : cell(QString()));
        table_->setItem(row, 4, cell(current ? QString::number(now.checks[i].avgWE, 'f', 4) : QString()));
    }
}

QString TargetAccuracyDialog::proposedText() const {
    if (!(proposed_ > 0)) return {};
    // Three significant digits, rounded up (a rounded-down budget would miss the target).
    const double scale = std::pow(10.0, std::floor(std::log10(proposed_)) - 2);
    return plainNumber(std::ceil(proposed_ / scale - 1e-9) * scale);
}

}  // namespace streamsynth::ui
