// LedgerView: a tree, series -> steps, with running totals.
#include "ui/ledger_view.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace streamsynth::ui {

LedgerView::LedgerView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* note = new QLabel(tr("ε charged per step; a series may never spend more than its budget over the whole stream."), this);
    note->setWordWrap(true);
    layout->addWidget(note);
    tree_ = new QTreeWidget(this);
    tree_->setHeaderLabels({tr("Series / step"), tr("Period"), tr("ε spent"), tr("Total ε"), tr("Budget ε")});
    tree_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    layout->addWidget(tree_);
}

void LedgerView::reset(const stream::RunConfig& config) {
    tree_->clear();
    items_.clear();
    spent_.clear();
    budget_.clear();
    for (const stream::SeriesConfig& s : config.series) {
        const QString id = QString::fromStdString(s.id);
        auto* item = new QTreeWidgetItem(tree_, {id, QString(), QString(), QStringLiteral("0"), QString::number(s.epsilon)});
        items_.insert(id, item);
        spent_.insert(id, 0.0);
        budget_.insert(id, s.epsilon);
    }
}

void LedgerView::addResult(const stream::SeriesStepResult& r) {
    const QString id = QString::fromStdString(r.seriesId);
    QTreeWidgetItem* top = items_.value(id, nullptr);
    if (!top) {
        top = new QTreeWidgetItem(tree_, {id});
        items_.insert(id, top);
    }
    const double total = spent_.value(id) + r.epsilonSpent;
    spent_.insert(id, total);
    new QTreeWidgetItem(top, {tr("step %1").arg(r.step), QString::fromStdString(r.period),
                              QString::number(r.epsilonSpent, 'g', 6), QString::number(total, 'g', 6)});
    top->setText(3, QString::number(total, 'g', 6));
}

double LedgerView::totalSpent(const QString& seriesId) const { return spent_.value(seriesId); }

}  // namespace streamsynth::ui
