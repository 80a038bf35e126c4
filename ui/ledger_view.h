// The privacy ledger as the run reports it: per series the ε spent at each
// step and in total, against the series' budget ε.
#pragma once

#include <QHash>
#include <QWidget>

#include "core/stream/run_config.h"
#include "core/stream/run_engine.h"

class QTreeWidget;
class QTreeWidgetItem;

namespace streamsynth::ui {

class LedgerView : public QWidget {
    Q_OBJECT
public:
    explicit LedgerView(QWidget* parent = nullptr);

    // A new run: one top-level row per series with its budget.
    void reset(const stream::RunConfig& config);
    void addResult(const stream::SeriesStepResult& result);
    // Total ε charged so far to a series (sum of its steps).
    double totalSpent(const QString& seriesId) const;

private:
    QTreeWidget* tree_ = nullptr;
    QHash<QString, QTreeWidgetItem*> items_;
    QHash<QString, double> spent_;
    QHash<QString, double> budget_;
};

}  // namespace streamsynth::ui
