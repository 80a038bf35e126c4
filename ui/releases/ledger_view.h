// The privacy ledger of a run: per series the ε charged at each step, its
// guarantee (the largest per-step sum, which must stay <= the series' ε:
// a row arrives at one step, see core/privacy/ledger.h), the total over
// steps and, once the run has ended or was cancelled, the split of each step
// and of the total between selection and measurement.
#pragma once

#include <QHash>
#include <QWidget>
#include <optional>
#include <string>
#include <vector>

#include "core/values/run_config.h"
#include "core/values/step_result.h"
#include "core/values/stream_budget.h"

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace streamsynth::api {
struct LedgerReport;
}

namespace streamsynth::ui {

class LedgerView : public QWidget {
    Q_OBJECT
public:
    explicit LedgerView(QWidget* parent = nullptr);

    // A new run: one top-level row per series with its budget (ε, or ρ under zCDP).
    void reset(const stream::RunConfig& config);
    // The series a release-mode run publishes: their total beside that of all series.
    void setPublished(const std::vector<std::string>& seriesIds);
    // The stream's dataset: its total over all its streams (release mode).
    void setDataset(const std::optional<api::DatasetStanding>& dataset);
    QString totalText() const;
    // A series' "Guarantee for the whole stream" cell ("ε = 1 for the whole stream"); empty when none.
    QString guaranteeText(const QString& seriesId) const;
    void addResult(const stream::SeriesStepResult& result);
    // The finished (or cancelled) run's ledger: the selection/measurement
    // split of every step and each series' guarantee in words.
    void showReport(const api::LedgerReport& report);
    // Largest charge at one step of a series: its guarantee for the whole stream so far.
    double maxStepSpent(const QString& seriesId) const;
    // Sum over steps (bookkeeping only; not a privacy loss; shown only in a tooltip).
    double totalSpent(const QString& seriesId) const;
    // For tests: the text of a column (see kColumn* ) of a series row (step 0)
    // or of one of its step rows; empty when absent.
    static constexpr int kColumnCharged = 3;
    static constexpr int kColumnGuarantee = 1;
    static constexpr int kColumnSelection = 4;
    static constexpr int kColumnMeasurement = 5;
    QString cellText(const QString& seriesId, int step, int column) const;
    // Whether the Period column is shown (not for a batched stream's "batch N").
    bool periodColumnShown() const { return periodsShown_; }
    // The row of a charge made once for the whole stream before step 1 (the
    // DP choice of a coarsened domain; its amount counts toward every step's
    // charge): empty when the run has none.
    QString wholeStreamCellText(const QString& seriesId, int column) const;

private:
    void updateSeriesRow(const QString& seriesId);
    void updateTotal();
    stream::RunConfig config_;
    std::vector<std::string> published_;
    std::optional<api::DatasetStanding> dataset_;
    QLabel* totalLabel_ = nullptr;
    QLabel* protects_ = nullptr;  // who is protected, from the report

    QTreeWidget* tree_ = nullptr;
    bool periodsShown_ = false;  // a step with a period other than "batch N" (or a whole-stream charge)
    QString unit_ = QStringLiteral("ε");
    QHash<QString, double> budget_;
    QHash<QString, QString> statement_;
    QHash<QString, QTreeWidgetItem*> items_;
    QHash<QString, QHash<int, QTreeWidgetItem*>> stepItems_;
    QHash<QString, QTreeWidgetItem*> wholeStreamItems_;
    QHash<QString, double> total_;
    QHash<QString, double> max_;
};

}  // namespace streamsynth::ui
