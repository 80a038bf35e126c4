// "Target accuracy…": the steward types the accuracy they need (every 1-way
// share within ±p points with probability q, or AvgWE at most x, at every
// step, every N-th or the last) and sees the smallest ε (ρ, or ε at δ under
// zCDP) with which the proposed streamer is expected to reach it, the
// expected errors at it and at the current budget, and the rows per step the
// current budget would need; "Use this budget" hands the proposal back
// (api/accuracy_plan.h; the model and its limits in docs/streamers.md). Only
// public settings: the rows per step are the batch size or the steward's own
// estimate (a period's row count is private and never filled in).
#pragma once

#include <QDialog>

#include "core/api/accuracy_plan.h"

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTableWidgetItem;
class QTimer;

namespace streamsynth::ui {

class PrivacyWords;

struct PlanContext {
    api::PlanRequest request;    // domain, workloads, privacy, δ (0: budgets are ρ), counter, rounds, steps
    bool rowsArePublic = false;  // request.rowsPerStep is the batch size (else 0: the steward types it)
    double currentBudget = 0;    // the panel's budget in the same units (0: none valid)
};

class TargetAccuracyDialog : public QDialog {
    Q_OBJECT
public:
    explicit TargetAccuracyDialog(PlanContext context, QWidget* parent = nullptr);

    // The proposed budget (0 while the target cannot be planned).
    double proposedBudget() const { return proposed_; }
    // The proposal as the budget field should show it: rounded UP to three
    // significant digits, so the target is still reached.
    QString proposedText() const;

    QComboBox* goalCombo() const { return goal_; }
    QLineEdit* boundEdit() const { return bound_; }
    QLineEdit* probabilityEdit() const { return probability_; }
    QComboBox* checkCombo() const { return check_; }
    QSpinBox* checkEverySpin() const { return every_; }
    QSpinBox* stepsSpin() const { return steps_; }
    QLineEdit* rowsEdit() const { return rows_; }
    QLabel* proposalLabel() const { return proposal_; }
    PrivacyWords* privacyWords() const { return words_; }
    QTableWidget* errorTable() const { return table_; }
    QPushButton* useButton() const { return use_; }
    // A change typed is planned 400 ms after the last keystroke; flush plans it now (tests).
    void flush();
    bool planPending() const;

private:
    void addTargetRows(QFormLayout* form);
    void addStreamRows(QFormLayout* form);
    void update();
    void schedule();
    QTableWidgetItem* shareCell(double share) const;
    // The target and request as typed; false with *why when a field is not valid.
    bool readInputs(api::AccuracyTarget* target, api::PlanRequest* request, QString* why) const;
    void showTable(const api::PlanRequest& request, const api::AccuracyPrediction& proposed);
    QString budgetName() const;

    PlanContext context_;
    double proposed_ = 0;
    QComboBox* goal_ = nullptr;
    QLineEdit* bound_ = nullptr;
    QLineEdit* probability_ = nullptr;
    QComboBox* check_ = nullptr;
    QSpinBox* every_ = nullptr;
    QSpinBox* steps_ = nullptr;
    QLineEdit* rows_ = nullptr;
    QLabel* rowsNote_ = nullptr;
    QLabel* proposal_ = nullptr;
    PrivacyWords* words_ = nullptr;
    QTableWidget* table_ = nullptr;
    QPushButton* use_ = nullptr;
    QPushButton* close_ = nullptr;
    QTimer* pending_ = nullptr;
};

}  // namespace streamsynth::ui
