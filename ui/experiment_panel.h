// Experiment setup (SPEC §8): workloads (all 2-way, all 3-way or a checked
// list), epsilon (one or several values), k, fit engine and iterations, the
// model-size cap, the series to run (baseline and proposed x counter types),
// selection score, its noise term, mechanism, release source and seed.
// Validates inline and produces a stream::RunConfig plus the workload list;
// emits validityChanged so Run can be disabled.
#pragma once

#include <QList>
#include <QStringList>
#include <QWidget>

#include "core/stream/run_config.h"

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace streamsynth::ui {

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
    // Fewest cells of any workload that would be run (0 when unknown); the
    // model-size cap admits nothing when it is below this.
    double smallestWorkloadCells() const;
    // The checked list (two names each) and its replacement (e.g. from the dialog).
    QList<QStringList> checkedWorkloads() const { return checked_; }
    void setCheckedWorkloads(const QList<QStringList>& pairs);
    // Switches the workload choice: 2, 3 or 0 for the checked list.
    void setWorkloadMode(int mode);
    // The epsilons typed (comma-separated); empty when any is unparsable.
    std::vector<double> epsilons() const;
    // The run configuration; only meaningful when isValid().
    stream::RunConfig runConfig() const;
    bool isValid() const { return error_.isEmpty(); }
    QString validationMessage() const { return error_; }

    // For tests and the settings: direct access to the inputs.
    QLineEdit* epsilonEdit() const { return epsilon_; }
    QSpinBox* roundsSpin() const { return rounds_; }
    QCheckBox* releaseModeCheck() const { return releaseMode_; }
    QSpinBox* fitIterationsSpin() const { return fitIterations_; }
    QLineEdit* maxCellsEdit() const { return maxCells_; }
    QComboBox* scoreNoiseCombo() const { return scoreNoise_; }
    QComboBox* releaseFromCombo() const { return releaseFrom_; }
    QComboBox* selectionCombo() const { return selection_; }
    // Checks exactly the series given by counter text ("baseline", "simple", "block", "unbounded-block", "tree", "hybrid", "honaker").
    void selectSeries(const QStringList& keys);

    void saveSettings() const;
    void loadSettings();

Q_SIGNALS:
    void validityChanged(bool valid);
    void changed();

private:
    // The constructor's parts (top to bottom).
    void addWorkloadRows(QFormLayout* form);
    void addFitRows(QFormLayout* form);
    void addSelectionRows(QFormLayout* form);
    void addSeedRows(QFormLayout* form);
    QWidget* makeSeriesBox();
    void connectInputs();

    void validate();
    void chooseWorkloads();
    void updateWorkloadControls();
    QStringList counterSpecs() const;
    double maxCells(bool* ok) const;

    QComboBox* way_ = nullptr;
    QPushButton* chooseWorkloads_ = nullptr;
    QLineEdit* maxCells_ = nullptr;
    QComboBox* scoreNoise_ = nullptr;
    QComboBox* releaseFrom_ = nullptr;
    QComboBox* selection_ = nullptr;
    QLineEdit* epsilon_ = nullptr;
    QSpinBox* rounds_ = nullptr;
    QComboBox* fitEngine_ = nullptr;
    QSpinBox* fitIterations_ = nullptr;
    QCheckBox* baseline_ = nullptr;
    QCheckBox* simple_ = nullptr;
    QCheckBox* block_ = nullptr;
    QSpinBox* blockSize_ = nullptr;
    QCheckBox* unboundedBlock_ = nullptr;
    QCheckBox* tree_ = nullptr;
    QSpinBox* treeHorizon_ = nullptr;
    QCheckBox* hybrid_ = nullptr;
    QCheckBox* honaker_ = nullptr;
    QSpinBox* honakerHorizon_ = nullptr;
    QComboBox* score_ = nullptr;
    QSpinBox* seed_ = nullptr;
    QCheckBox* releaseMode_ = nullptr;
    QLabel* message_ = nullptr;
    int attributeCount_ = 0;
    QStringList names_;
    QList<int> sizes_;
    QList<QStringList> checked_;
    QString error_;
    bool lastValid_ = true;
};

}  // namespace streamsynth::ui
