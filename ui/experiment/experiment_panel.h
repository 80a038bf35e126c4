// Experiment setup (SPEC §8): workloads (all 2-way, all 3-way or a checked
// list), the privacy model and its budget (one or several values; ρ-zCDP
// with the (ε, δ) conversion shown, privacy_selector.h), k, fit engine and
// iterations, the model-size cap, the series to run (series_chooser.h:
// baseline and proposed x counter types, by model), selection score, its
// noise term, mechanism, release source and seed.
// Validates inline and produces a stream::RunConfig plus the workload list;
// emits validityChanged so Run can be disabled.
#pragma once

#include <QList>
#include <QStringList>
#include <QWidget>

#include "core/api/budget_input.h"
#include "core/api/plain_privacy.h"
#include "core/values/run_config.h"
#include "core/values/workload_choice.h"
#include "ui/experiment/target_accuracy_dialog.h"

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace streamsynth::ui {

class PrivacyWords;

class PrivacySelector;
class SeriesChooser;

class ExperimentPanel : public QWidget {
    Q_OBJECT
public:
    explicit ExperimentPanel(QWidget* parent = nullptr);

    // The stream's attributes in domain order with their domain sizes
    // (|Q| = C(p, way); a workload's cells = product of its sizes) and its
    // steps (the default horizon T of tree/honaker and block size ~ sqrt(T)).
    void setStream(const QStringList& names, const QList<int>& sizes, int stepCount);

    // Workload order: 2 (all 2-way or the checked 2-way list) or 3 (all 3-way).
    int workloadWay() const;
    bool usesCheckedList() const;
    std::size_t workloadCount() const;
    // The workloads to pass to Workbench::prepareRun: empty for "all
    // way-way", else the checked pairs as attribute-name lists.
    std::vector<std::vector<std::string>> workloads() const;
    // Both of the above, as Workbench::prepareRun and the coarsening proposal take them.
    api::WorkloadChoice workloadChoice() const;
    // Fewest cells of any workload that would be run (0 when unknown); the
    // model-size cap admits nothing when it is below this.
    double smallestWorkloadCells() const;
    // The checked list (two names each) and its replacement (e.g. from the dialog).
    QList<QStringList> checkedWorkloads() const { return checked_; }
    void setCheckedWorkloads(const QList<QStringList>& pairs);
    // Switches the workload choice: 2, 3 or 0 for the checked list.
    void setWorkloadMode(int mode);
    // The run's budgets in its privacy model (ε, or ρ under zCDP: typed, or
    // converted from the (ε, δ) typed); empty when any value is invalid.
    std::vector<privacy::Budget> budgets() const;
    privacy::PrivacyModel privacyModel() const;
    // The run configuration; only meaningful when isValid().
    stream::RunConfig runConfig() const;
    bool isValid() const { return error_.isEmpty(); }
    QString validationMessage() const { return error_; }

    // For tests and the settings: direct access to the inputs.
    QLineEdit* epsilonEdit() const;  // the budget field (ε, or ρ / ε under zCDP)
    PrivacySelector* privacySelector() const { return privacy_; }
    SeriesChooser* seriesChooser() const { return series_; }
    QSpinBox* roundsSpin() const { return rounds_; }
    QSpinBox* seedSpin() const { return seed_; }
    QCheckBox* releaseModeCheck() const { return releaseMode_; }
    QSpinBox* fitIterationsSpin() const { return fitIterations_; }
    QLineEdit* maxCellsEdit() const { return maxCells_; }
    QComboBox* fitEngineCombo() const { return fitEngine_; }
    QComboBox* scoreNoiseCombo() const { return scoreNoise_; }
    QComboBox* releaseFromCombo() const { return releaseFrom_; }
    QComboBox* selectionCombo() const { return selection_; }
    // Checks exactly the series given by key ("baseline", "simple", "block",
    // "unbounded-block", "tree", "hybrid", "honaker", "smooth-binary",
    // "elders", and under zCDP "sqrt", "sqrt-unbounded").
    void selectSeries(const QStringList& keys);

    // The user's settings (QSettings "experiment"); saveSettings writes
    // nothing while a session's settings are shown.
    void saveSettings() const;
    void loadSettings();
    // A reopened session's own settings, shown (read only) while it is the
    // document: privacy model and budgets, k, fit, score, selection, release
    // source, seed, release mode, series with their parameters. The user's
    // settings are saved first and come back with leaveSession().
    void showSession(const stream::RunConfig& config);
    void leaveSession();
    bool showsSession() const { return sessionShown_; }

    // The rows per step when they are public (the batch size; 0 for a time
    // stream, whose rows per period are private): the Target accuracy…
    // dialog's default (experiment_panel_plan.cpp).
    void setPublicRowsPerStep(double rows) { publicRows_ = rows; }
    // Who the stream protects (issue 49): the words of ε speak of one unit.
    void setProtectedUnit(std::optional<data::UnitSettings> unit);
    // The planner's inputs from this panel: stream, workloads, privacy
    // model and δ, the first proposed series' counter, k, the typed budget.
    PlanContext planContext() const;
    QPushButton* targetAccuracyButton() const { return targetAccuracy_; }
    PrivacyWords* privacyWords() const { return privacyWords_; }
    // The figures of ε in plain words for the panel's settings (api::describePrivacy; every series
    // counted as published, as each would add if it were).
    api::PlainPrivacyRequest privacyRequest() const;
    // Large attributes…: asks for the coarsening proposal at these settings
    // (coarseningRequested; the run presenter shows it); the note says what
    // the steward accepted or what was applied ("" hides it).
    QPushButton* coarseningButton() const { return coarsening_; }
    void setCoarseningNote(const QString& text);
    QString coarseningNoteText() const;

Q_SIGNALS:
    void validityChanged(bool valid);
    void changed();
    void coarseningRequested();

private:
    // The constructor's parts (top to bottom).
    void addWorkloadRows(QFormLayout* form);
    void addFitRows(QFormLayout* form);
    void addSelectionRows(QFormLayout* form);
    void addSeedRows(QFormLayout* form);
    void addCoarseningRows(QFormLayout* form);
    void connectInputs();

    void validate();
    void updatePrivacyWords();
    void chooseWorkloads();
    void openTargetAccuracy();  // experiment_panel_plan.cpp
    void updateWorkloadControls();
    double maxCells(bool* ok) const;

    QComboBox* way_ = nullptr;
    QPushButton* chooseWorkloads_ = nullptr;
    QLineEdit* maxCells_ = nullptr;
    QComboBox* scoreNoise_ = nullptr;
    QComboBox* releaseFrom_ = nullptr;
    QComboBox* selection_ = nullptr;
    PrivacySelector* privacy_ = nullptr;
    QSpinBox* rounds_ = nullptr;
    QComboBox* fitEngine_ = nullptr;
    QSpinBox* fitIterations_ = nullptr;
    SeriesChooser* series_ = nullptr;
    QComboBox* score_ = nullptr;
    QSpinBox* seed_ = nullptr;
    QCheckBox* releaseMode_ = nullptr;
    QLabel* message_ = nullptr;
    QPushButton* targetAccuracy_ = nullptr;
    PrivacyWords* privacyWords_ = nullptr;  // ε in plain words (issue 47)
    QPushButton* coarsening_ = nullptr;
    QLabel* coarseningNote_ = nullptr;
    double publicRows_ = 0;
    std::optional<data::UnitSettings> unit_;  // who is protected; none: each row
    int stepCount_ = 0;
    int attributeCount_ = 0;
    QStringList names_;
    QList<int> sizes_;
    QList<QStringList> checked_;
    QString error_;
    bool lastValid_ = true;
    bool sessionShown_ = false;
};

}  // namespace streamsynth::ui
