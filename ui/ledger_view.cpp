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
enum Column { kName, kPeriod, kSpent, kSelection, kMeasurement, kBudget, kColumnCount };
QString num(double v) { return QString::number(v, 'g', 6); }
}  // namespace

LedgerView::LedgerView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* note = new QLabel(tr("A row arrives at one step, so a series is ε-DP when the ε charged at every "
                               "step stays within its budget; the series row shows the largest step."), this);
    note->setWordWrap(true);
    layout->addWidget(note);
    tree_ = new QTreeWidget(this);
    tree_->setColumnCount(kColumnCount);
    tree_->setHeaderLabels({tr("Series / step"), tr("Period"), tr("ε charged"), tr("Selection ε"),
                            tr("Measurement ε"), tr("Budget ε")});
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
    top->setText(kSpent, tr("max %1 per step").arg(num(max_.value(id))));
}

void LedgerView::showSplit(const QString& seriesId, const privacy::PrivacyLedger& ledger) {
    QHash<int, std::pair<double, double>> split;  // step -> (selection, measurement)
    const std::string id = seriesId.toStdString();
    double selection = 0, measurement = 0;
    for (const privacy::Charge& c : ledger.charges()) {
        if (c.series != id) continue;
        auto& s = split[c.step];
        (c.mechanism == "selection" ? s.first : s.second) += c.epsilon;
        (c.mechanism == "selection" ? selection : measurement) += c.epsilon;
    }
    const QHash<int, QTreeWidgetItem*> steps = stepItems_.value(seriesId);
    for (auto it = split.cbegin(); it != split.cend(); ++it) {
        if (QTreeWidgetItem* item = steps.value(it.key(), nullptr)) {
            item->setText(kSelection, num(it.value().first));
            item->setText(kMeasurement, num(it.value().second));
        }
    }
    if (QTreeWidgetItem* top = items_.value(seriesId, nullptr)) {
        top->setToolTip(kSpent, tr("Sum over all steps: %1 (bookkeeping, not a privacy loss)").arg(num(total_.value(seriesId))));
        top->setText(kSelection, tr("Σ %1").arg(num(selection)));
        top->setText(kMeasurement, tr("Σ %1").arg(num(measurement)));
    }
}

double LedgerView::maxStepSpent(const QString& seriesId) const { return max_.value(seriesId); }
double LedgerView::totalSpent(const QString& seriesId) const { return total_.value(seriesId); }

}  // namespace streamsynth::ui
