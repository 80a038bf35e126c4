// The privacy ledger of a run: per series the ε charged at each step, its
// guarantee (the largest per-step sum, which must stay <= the series' ε:
// a row arrives at one step, see core/privacy/ledger.h), the total over
// steps and, once the run has ended or was cancelled, the split of each step
// and of the total between selection and measurement.
#pragma once

#include <QHash>
#include <QWidget>

#include "core/stream/run_config.h"
#include "core/stream/run_engine.h"

class QTreeWidget;
class QTreeWidgetItem;

namespace streamsynth::privacy { class PrivacyLedger; }

namespace streamsynth::ui {

class LedgerView : public QWidget {
    Q_OBJECT
public:
    explicit LedgerView(QWidget* parent = nullptr);

    // A new run: one top-level row per series with its budget.
    void reset(const stream::RunConfig& config);
    void addResult(const stream::SeriesStepResult& result);
    // Fills the selection/measurement split from the finished run's ledger of a series.
    void showSplit(const QString& seriesId, const privacy::PrivacyLedger& ledger);
    // Largest ε charged at one step of a series (its privacy guarantee so far).
    double maxStepSpent(const QString& seriesId) const;
    // Sum over steps (bookkeeping only; not a privacy loss).
    double totalSpent(const QString& seriesId) const;
    // For tests: the text of a column (see kColumn* ) of a series row (step 0)
    // or of one of its step rows; empty when absent.
    static constexpr int kColumnSelection = 4;
    static constexpr int kColumnMeasurement = 5;
    QString cellText(const QString& seriesId, int step, int column) const;

private:
    QTreeWidget* tree_ = nullptr;
    QHash<QString, QTreeWidgetItem*> items_;
    QHash<QString, QHash<int, QTreeWidgetItem*>> stepItems_;
    QHash<QString, double> total_;
    QHash<QString, double> max_;
};

}  // namespace streamsynth::ui
