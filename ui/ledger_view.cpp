// LedgerView: a tree, series -> steps, with the per-step guarantee.
#include "ui/ledger_view.h"

#include <algorithm>

#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "core/privacy/ledger.h"

namespace streamsynth::ui {

namespace {
enum Column { kName, kPeriod, kSpent, kMax, kSelection, kMeasurement, kBudget, kColumnCount };
QString num(double v) { return QString::number(v, 'g', 6); }
static_assert(kSelection == LedgerView::kColumnSelection && kMeasurement == LedgerView::kColumnMeasurement);
}  // namespace

LedgerView::LedgerView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* note = new QLabel(tr("A row arrives at one step, so a series is ε-DP when the ε charged at every "
                               "step stays within its budget (column \"Largest step ε\"). The total over steps is "
                               "bookkeeping, not a privacy loss. The selection/measurement split appears when the "
                               "run has ended or was cancelled."), this);
    note->setWordWrap(true);
    layout->addWidget(note);
    tree_ = new QTreeWidget(this);
    tree_->setColumnCount(kColumnCount);
    tree_->setHeaderLabels({tr("Series / step"), tr("Period"), tr("ε charged"), tr("Largest step ε"),
                            tr("Selection ε"), tr("Measurement ε"), tr("Budget ε")});
    tree_->header()->setSectionResizeMode(kName, QHeaderView::ResizeToContents);
    layout->addWidget(tree_);
}

void LedgerView::reset(const stream::RunConfig& config) {
    tree_->clear();
    items_.clear();
    stepItems_.clear();
    total_.clear();
    max_.clear();
    for (const stream::SeriesConfig& s : config.series) {
        const QString id = QString::fromStdString(s.id);
        auto* item = new QTreeWidgetItem(tree_);
        item->setText(kName, id);
        item->setText(kSpent, QStringLiteral("0"));
        item->setText(kBudget, num(s.epsilon));
        items_.insert(id, item);
    }
}

void LedgerView::addResult(const stream::SeriesStepResult& r) {
    const QString id = QString::fromStdString(r.seriesId);
    QTreeWidgetItem* top = items_.value(id, nullptr);
    if (!top) {
        top = new QTreeWidgetItem(tree_);
        top->setText(kName, id);
        items_.insert(id, top);
    }
    total_[id] += r.epsilonSpent;
    max_[id] = std::max(max_.value(id), r.epsilonSpent);
    auto* child = new QTreeWidgetItem(top);
    child->setText(kName, tr("step %1").arg(r.step));
    child->setText(kPeriod, QString::fromStdString(r.period));
    child->setText(kSpent, num(r.epsilonSpent));
    stepItems_[id].insert(r.step, child);
    top->setText(kSpent, tr("Σ %1").arg(num(total_.value(id))));
    top->setText(kMax, num(max_.value(id)));
}

void LedgerView::showSplit(const QString& seriesId, const privacy::PrivacyLedger& ledger) {
    QHash<int, std::pair<double, double>> split;  // step -> (selection, measurement)
    const std::string id = seriesId.toStdString();
    double selection = 0, measurement = 0;
    for (const privacy::Charge& c : ledger.charges()) {
        if (c.series != id) continue;
        auto& s = split[c.step];
        const bool sel = c.kind == privacy::ChargeKind::Selection;  // typed, never matched by name
        (sel ? s.first : s.second) += c.amount;
        (sel ? selection : measurement) += c.amount;
    }
    QTreeWidgetItem* top = items_.value(seriesId, nullptr);
    if (!top) return;
    QHash<int, QTreeWidgetItem*>& steps = stepItems_[seriesId];
    QList<int> order = split.keys();
    std::sort(order.begin(), order.end());
    for (int step : order) {
        const auto [sel, meas] = split.value(step);
        QTreeWidgetItem* item = steps.value(step, nullptr);
        if (!item) {
            // Charged but never released: the step a cancel abandoned. Its ε
            // was spent all the same, so it is shown and counted.
            item = new QTreeWidgetItem(top);
            item->setText(kName, tr("step %1 (abandoned)").arg(step));
            item->setText(kSpent, num(sel + meas));
            steps.insert(step, item);
            total_[seriesId] += sel + meas;
            max_[seriesId] = std::max(max_.value(seriesId), sel + meas);
        }
        item->setText(kSelection, num(sel));
        item->setText(kMeasurement, num(meas));
    }
    top->setText(kSpent, tr("Σ %1").arg(num(total_.value(seriesId))));
    top->setText(kMax, num(max_.value(seriesId)));
    top->setToolTip(kSpent, tr("Sum over all steps (bookkeeping, not a privacy loss)"));
    top->setText(kSelection, tr("Σ %1").arg(num(selection)));
    top->setText(kMeasurement, tr("Σ %1").arg(num(measurement)));
}

QString LedgerView::cellText(const QString& seriesId, int step, int column) const {
    QTreeWidgetItem* item = step > 0 ? stepItems_.value(seriesId).value(step, nullptr) : items_.value(seriesId, nullptr);
    return item ? item->text(column) : QString();
}

double LedgerView::maxStepSpent(const QString& seriesId) const { return max_.value(seriesId); }
double LedgerView::totalSpent(const QString& seriesId) const { return total_.value(seriesId); }

}  // namespace streamsynth::ui
