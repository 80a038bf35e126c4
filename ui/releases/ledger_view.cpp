// LedgerView: a tree, series -> steps, with the per-step guarantee.
#include "ui/releases/ledger_view.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <string>

#include "core/values/ledger_report.h"
#include "core/values/stream_budget.h"
#include "ui/widgets/readable_headers.h"

namespace streamsynth::ui {

namespace {
// The guarantee second: on a 1024x700 screen the columns beyond the first few are off the tab's edge.
enum Column { kName, kGuarantee, kPeriod, kSpent, kSelection, kMeasurement, kBudget, kColumnCount };
// For people: 6 significant digits ("1" for a sum of shares 0.9999999999999998); the exact
// value (shortest text that reads back as the same number) goes in the cell's tooltip.
QString num(double v) {
    return QString::number(v, 'g', 6);
}
QString exact(double v) {
    return QString::number(v, 'g', QLocale::FloatingPointShortest);
}
void setNumber(QTreeWidgetItem* item, int column, double v, const QString& prefix = {}) {
    item->setText(column, prefix + num(v));
    item->setToolTip(column, LedgerView::tr("Exact: %1").arg(exact(v)));
}
static_assert(kSelection == LedgerView::kColumnSelection && kMeasurement == LedgerView::kColumnMeasurement &&
              kSpent == LedgerView::kColumnCharged && kGuarantee == LedgerView::kColumnGuarantee);
}  // namespace

LedgerView::LedgerView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* note = new QLabel(
        tr("Each row of the data arrives at one step, so a series' budget holds for the whole "
           "stream as long as the charges made at every single step stay within it (event-level "
           "privacy; with a privacy unit, its noise is scaled so that the same holds for all of a "
           "unit's bounded rows). The guarantee is therefore the largest per-step charge, never a sum over "
           "steps. The selection/measurement split appears when the run has ended or was "
           "cancelled."),
        this);
    note->setWordWrap(true);
    layout->addWidget(note);
    protects_ = new QLabel(this);
    protects_->setObjectName(QStringLiteral("ledgerProtects"));
    protects_->setWordWrap(true);
    protects_->hide();
    layout->addWidget(protects_);
    tree_ = new QTreeWidget(this);
    tree_->setColumnCount(kColumnCount);
    tree_->setHeaderLabels({tr("Series / step"), tr("Guarantee"), tr("Period"), tr("Charged at this step"),
                            tr("Selection"), tr("Measurement"), tr("Budget")});
    tree_->header()->setSectionResizeMode(kName, QHeaderView::ResizeToContents);
    tree_->header()->setSectionResizeMode(kGuarantee, QHeaderView::ResizeToContents);
    tree_->headerItem()->setToolTip(kGuarantee, tr("The guarantee each series gives for the whole stream"));
    keepHeadersReadable(tree_);
    layout->addWidget(tree_);
    totalLabel_ = new QLabel(this);
    totalLabel_->setObjectName(QStringLiteral("ledgerTotal"));
    totalLabel_->setWordWrap(true);
    layout->addWidget(totalLabel_);
}

void LedgerView::updateTotal() {
    std::vector<api::SeriesBudget> all, published;
    for (const stream::SeriesConfig& s : config_.series) {
        all.push_back({s.id, s.budget.amount()});
        if (std::find(published_.begin(), published_.end(), s.id) != published_.end())
            published.push_back({s.id, s.budget.amount()});
    }
    const std::string model = privacy::privacyModelName(config_.privacy);
    const double delta = config_.delta > 0 ? config_.delta : 1e-6;
    const api::StreamTotal a = api::streamTotal(model, all, delta);
    QString text =
        tr("Across series: publishing all %n series together costs %1 (they read the same rows, so their "
           "budgets add up).",
           nullptr, static_cast<int>(all.size()))
            .arg(QString::fromStdString(api::totalText(a)));
    if (!published.empty())
        text += QLatin1Char(' ') +
                tr("Published in this release-mode run: %1.")
                    .arg(QString::fromStdString(api::totalText(api::streamTotal(model, published, delta))));
    if (dataset_)
        text += QLatin1Char(' ') + tr("Dataset “%1”, all its streams together: %2.")
                                       .arg(QString::fromStdString(dataset_->name),
                                            QString::fromStdString(api::datasetTotalText(dataset_->total)));
    totalLabel_->setText(all.empty() ? QString() : text);
    totalLabel_->setToolTip(tr("Exact sum: %1").arg(exact(a.sum)));
}

void LedgerView::setDataset(const std::optional<api::DatasetStanding>& dataset) {
    dataset_ = dataset;
    updateTotal();
}

void LedgerView::setPublished(const std::vector<std::string>& seriesIds) {
    published_ = seriesIds;
    updateTotal();
}

QString LedgerView::totalText() const {
    return totalLabel_->text();
}

QString LedgerView::guaranteeText(const QString& seriesId) const {
    const QTreeWidgetItem* item = items_.value(seriesId);
    return item ? item->text(kGuarantee) : QString();
}

void LedgerView::reset(const stream::RunConfig& config) {
    tree_->clear();
    items_.clear();
    stepItems_.clear();
    wholeStreamItems_.clear();
    total_.clear();
    max_.clear();
    budget_.clear();
    statement_.clear();
    unit_ = config.privacy == privacy::PrivacyModel::ZCdp ? QStringLiteral("ρ") : QStringLiteral("ε");
    config_ = config;
    published_.clear();
    dataset_.reset();
    // A batched stream's period is "batch N", the step again: the column shows only
    // real periods (or the whole-stream charge's mechanism), so the others fit.
    periodsShown_ = config.streamCharge.amount > 0;
    tree_->setColumnHidden(kPeriod, !periodsShown_);
    updateTotal();
    for (const stream::SeriesConfig& s : config.series) {
        const QString id = QString::fromStdString(s.id);
        auto* item = new QTreeWidgetItem(tree_);
        item->setText(kName, id);
        budget_.insert(id, s.budget.amount());
        setNumber(item, kBudget, s.budget.amount(), unit_ + QStringLiteral(" "));
        items_.insert(id, item);
        if (config.streamCharge.amount > 0) {
            auto* whole = new QTreeWidgetItem(item);
            whole->setText(kName, tr("before step 1 (whole stream)"));
            whole->setText(kPeriod, QString::fromStdString(config.streamCharge.mechanism));
            whole->setToolTip(kName, tr("Charged once for the whole stream (%1): it reads every step's rows, "
                                        "so it counts toward every step's charge below.")
                                         .arg(QString::fromStdString(config.streamCharge.workload)));
            setNumber(whole, kSpent, config.streamCharge.amount);
            wholeStreamItems_.insert(id, whole);
        }
        updateSeriesRow(id);
    }
}

void LedgerView::updateSeriesRow(const QString& id) {
    QTreeWidgetItem* top = items_.value(id, nullptr);
    if (!top) return;
    const double largest = max_.value(id);
    setNumber(top, kSpent, largest);
    top->setText(kSpent, tr("largest: %1").arg(num(largest)));
    top->setToolTip(
        kSpent, tr("Exact: %1").arg(exact(largest)) + QLatin1Char('\n') +
                    tr("Sum over all steps: %1 (bookkeeping only: each step reads other rows, so the sum is "
                       "not a privacy loss)")
                        .arg(num(total_.value(id))));
    // The cell short enough to read whole ("ε = 1 for the whole stream"); the full statement
    // (the one ledger.json and the CLI print) on hover.
    const QString statement = statement_.value(id);
    // A release-mode run's series that is not published ran for comparison only: its ε is in no total.
    const bool comparison = !published_.empty() && std::find(published_.begin(), published_.end(),
                                                             id.toStdString()) == published_.end();
    top->setText(kGuarantee, comparison
                                 ? tr("%1 = %2, comparison only").arg(unit_, num(budget_.value(id)))
                                 : tr("%1 = %2 for the whole stream").arg(unit_, num(budget_.value(id))));
    const QString full = statement.isEmpty() ? tr("%1 = %2 for the whole stream (largest per-step charge %3)")
                                                   .arg(unit_, num(budget_.value(id)), num(largest))
                                             : statement;
    top->setToolTip(kGuarantee,
                    comparison
                        ? tr("Not published: ran for comparison only, so its ε is in no total. %1").arg(full)
                        : full);
}

void LedgerView::addResult(const stream::SeriesStepResult& r) {
    const QString id = QString::fromStdString(r.seriesId);
    if (!items_.contains(id)) {
        auto* top = new QTreeWidgetItem(tree_);
        top->setText(kName, id);
        items_.insert(id, top);
    }
    total_[id] += r.budgetSpent;
    max_[id] = std::max(max_.value(id), r.budgetSpent);
    auto* child = new QTreeWidgetItem(items_.value(id));
    child->setText(kName, tr("step %1").arg(r.step));
    child->setText(kPeriod, QString::fromStdString(r.period));
    if (!periodsShown_ && r.period != "batch " + std::to_string(r.step)) {
        periodsShown_ = true;
        tree_->setColumnHidden(kPeriod, false);
    }
    setNumber(child, kSpent, r.budgetSpent);
    stepItems_[id].insert(r.step, child);
    updateSeriesRow(id);
}

void LedgerView::showReport(const api::LedgerReport& report) {
    protects_->setText(tr("Who is protected: %1.").arg(QString::fromStdString(report.protection)));
    protects_->setVisible(!report.protection.empty());
    for (const api::LedgerSeries& s : report.series)
        statement_.insert(QString::fromStdString(s.id), QString::fromStdString(s.statement));
    QHash<QString, QHash<int, std::pair<double, double>>>
        split;  // series -> step -> (selection, measurement)
    for (const privacy::Charge& c : report.charges) {
        auto& x = split[QString::fromStdString(c.series)][c.step];
        (c.kind == privacy::ChargeKind::Selection ? x.first : x.second) +=
            c.amount;  // typed, never matched by name
    }
    for (auto it = split.begin(); it != split.end(); ++it) {
        const QString& id = it.key();
        QTreeWidgetItem* top = items_.value(id, nullptr);
        if (!top) continue;
        QHash<int, QTreeWidgetItem*>& steps = stepItems_[id];
        QList<int> order = it.value().keys();
        std::sort(order.begin(), order.end());
        for (int step : order) {
            const auto [sel, meas] = it.value().value(step);
            if (step == privacy::kWholeStreamStep) {  // already in every step's charge
                if (QTreeWidgetItem* whole = wholeStreamItems_.value(id, nullptr)) {
                    setNumber(whole, kSelection, sel);
                    setNumber(whole, kMeasurement, meas);
                }
                continue;
            }
            QTreeWidgetItem* item = steps.value(step, nullptr);
            if (!item) {
                // Charged but never released: the step a cancel abandoned. Its
                // budget was spent all the same, so it is shown and counted.
                item = new QTreeWidgetItem(top);
                item->setText(kName, tr("step %1 (abandoned)").arg(step));
                setNumber(item, kSpent, sel + meas);
                steps.insert(step, item);
                total_[id] += sel + meas;
                max_[id] = std::max(max_.value(id), sel + meas);
            }
            setNumber(item, kSelection, sel);
            setNumber(item, kMeasurement, meas);
        }
        updateSeriesRow(id);
    }
}

QString LedgerView::cellText(const QString& seriesId, int step, int column) const {
    QTreeWidgetItem* item =
        step > 0 ? stepItems_.value(seriesId).value(step, nullptr) : items_.value(seriesId, nullptr);
    return item ? item->text(column) : QString();
}

QString LedgerView::wholeStreamCellText(const QString& seriesId, int column) const {
    QTreeWidgetItem* item = wholeStreamItems_.value(seriesId, nullptr);
    return item ? item->text(column) : QString();
}

double LedgerView::maxStepSpent(const QString& seriesId) const {
    return max_.value(seriesId);
}
double LedgerView::totalSpent(const QString& seriesId) const {
    return total_.value(seriesId);
}

}  // namespace streamsynth::ui
