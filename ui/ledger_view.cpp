// LedgerView: a tree, series -> steps, with the per-step guarantee.
#include "ui/ledger_view.h"

#include <algorithm>

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "core/api/ledger_report.h"

namespace streamsynth::ui {

namespace {
enum Column { kName, kPeriod, kSpent, kGuarantee, kSelection, kMeasurement, kBudget, kColumnCount };
// Shortest text that reads back as the same number ("1", "0.1"; never 0.9999999999999999 for an exact 1).
QString num(double v) { return QString::number(v, 'g', QLocale::FloatingPointShortest); }
static_assert(kSelection == LedgerView::kColumnSelection && kMeasurement == LedgerView::kColumnMeasurement &&
              kSpent == LedgerView::kColumnCharged && kGuarantee == LedgerView::kColumnGuarantee);
}  // namespace

LedgerView::LedgerView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* note = new QLabel(tr("Each row of the data arrives at one step, so a series' budget holds for the whole "
                               "stream as long as the charges made at every single step stay within it (event-level "
                               "privacy). The guarantee is therefore the largest per-step charge, never a sum over "
                               "steps. The selection/measurement split appears when the run has ended or was "
                               "cancelled."), this);
    note->setWordWrap(true);
    layout->addWidget(note);
    tree_ = new QTreeWidget(this);
    tree_->setColumnCount(kColumnCount);
    tree_->setHeaderLabels({tr("Series / step"), tr("Period"), tr("Charged at this step"),
                            tr("Guarantee for the whole stream"), tr("Selection"), tr("Measurement"), tr("Budget")});
    tree_->header()->setSectionResizeMode(kName, QHeaderView::ResizeToContents);
    tree_->header()->setSectionResizeMode(kGuarantee, QHeaderView::ResizeToContents);
    layout->addWidget(tree_);
}

void LedgerView::reset(const stream::RunConfig& config) {
    tree_->clear();
    items_.clear();
    stepItems_.clear();
    total_.clear();
    max_.clear();
    budget_.clear();
    statement_.clear();
    unit_ = config.privacy == privacy::PrivacyModel::ZCdp ? QStringLiteral("ρ") : QStringLiteral("ε");
    for (const stream::SeriesConfig& s : config.series) {
        const QString id = QString::fromStdString(s.id);
        auto* item = new QTreeWidgetItem(tree_);
        item->setText(kName, id);
        budget_.insert(id, s.epsilon);
        item->setText(kBudget, unit_ + QStringLiteral(" ") + num(s.epsilon));
        items_.insert(id, item);
        updateSeriesRow(id);
    }
}

void LedgerView::updateSeriesRow(const QString& id) {
    QTreeWidgetItem* top = items_.value(id, nullptr);
    if (!top) return;
    const double largest = max_.value(id);
    top->setText(kSpent, tr("largest: %1").arg(num(largest)));
    top->setToolTip(kSpent, tr("Sum over all steps: %1 (bookkeeping only: each step reads other rows, so the sum is "
                               "not a privacy loss)")
                                .arg(num(total_.value(id))));
    const QString statement = statement_.value(id);
    top->setText(kGuarantee, statement.isEmpty() ? tr("%1 = %2 for the whole stream (largest per-step charge %3)")
                                                       .arg(unit_, num(budget_.value(id)), num(largest))
                                                 : statement);
}

void LedgerView::addResult(const stream::SeriesStepResult& r) {
    const QString id = QString::fromStdString(r.seriesId);
    if (!items_.contains(id)) {
        auto* top = new QTreeWidgetItem(tree_);
        top->setText(kName, id);
        items_.insert(id, top);
    }
    total_[id] += r.epsilonSpent;
    max_[id] = std::max(max_.value(id), r.epsilonSpent);
    auto* child = new QTreeWidgetItem(items_.value(id));
    child->setText(kName, tr("step %1").arg(r.step));
    child->setText(kPeriod, QString::fromStdString(r.period));
    child->setText(kSpent, num(r.epsilonSpent));
    stepItems_[id].insert(r.step, child);
    updateSeriesRow(id);
}

void LedgerView::showReport(const api::LedgerReport& report) {
    for (const api::LedgerSeries& s : report.series) statement_.insert(QString::fromStdString(s.id),
                                                                      QString::fromStdString(s.statement));
    QHash<QString, QHash<int, std::pair<double, double>>> split;  // series -> step -> (selection, measurement)
    for (const privacy::Charge& c : report.charges) {
        auto& x = split[QString::fromStdString(c.series)][c.step];
        (c.kind == privacy::ChargeKind::Selection ? x.first : x.second) += c.amount;  // typed, never matched by name
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
            QTreeWidgetItem* item = steps.value(step, nullptr);
            if (!item) {
                // Charged but never released: the step a cancel abandoned. Its
                // budget was spent all the same, so it is shown and counted.
                item = new QTreeWidgetItem(top);
                item->setText(kName, tr("step %1 (abandoned)").arg(step));
                item->setText(kSpent, num(sel + meas));
                steps.insert(step, item);
                total_[id] += sel + meas;
                max_[id] = std::max(max_.value(id), sel + meas);
            }
            item->setText(kSelection, num(sel));
            item->setText(kMeasurement, num(meas));
        }
        updateSeriesRow(id);
    }
}

QString LedgerView::cellText(const QString& seriesId, int step, int column) const {
    QTreeWidgetItem* item = step > 0 ? stepItems_.value(seriesId).value(step, nullptr) : items_.value(seriesId, nullptr);
    return item ? item->text(column) : QString();
}

double LedgerView::maxStepSpent(const QString& seriesId) const { return max_.value(seriesId); }
double LedgerView::totalSpent(const QString& seriesId) const { return total_.value(seriesId); }

}  // namespace streamsynth::ui
