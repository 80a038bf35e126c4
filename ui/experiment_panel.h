// Experiment setup (SPEC §8): workloads, epsilon (one or several values),
// k, fit engine and iterations, the series to run (baseline and proposed x
// counter types), selection score and seed. Validates inline and produces a
// stream::RunConfig; emits validityChanged so Run can be disabled.
#pragma once

#include <QWidget>

#include "core/stream/run_config.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace streamsynth::ui {

class ExperimentPanel : public QWidget {
    Q_OBJECT
public:
    explicit ExperimentPanel(QWidget* parent = nullptr);

    // Number of attributes p of the stream (|Q| = C(p, way)) and its steps
    // (the default horizon T of tree/honaker and block size ~ sqrt(T)).
    void setStream(int attributeCount, int stepCount);

    // Workload order: 2 (all 2-way) or 3 (all 3-way).
    int workloadWay() const;
    std::size_t workloadCount() const;
    // The epsilons typed (comma-separated); empty when any is unparsable.
    std::vector<double> epsilons() const;
    // The run configuration; only meaningful when isValid().
    stream::RunConfig runConfig() const;
    bool isValid() const { return error_.isEmpty(); }
    QString validationMessage() const { return error_; }

    // For tests and the settings: direct access to the inputs.
    QLineEdit* epsilonEdit() const { return epsilon_; }
    QSpinBox* roundsSpin() const { return rounds_; }
    QSpinBox* fitIterationsSpin() const { return fitIterations_; }
    // Checks exactly the series given by counter text ("baseline", "simple", "block", "unbounded-block", "tree", "hybrid", "honaker").
    void selectSeries(const QStringList& keys);

    void saveSettings() const;
    void loadSettings();

Q_SIGNALS:
    void validityChanged(bool valid);
    void changed();

private:
    void validate();
    QStringList counterSpecs() const;

    QComboBox* way_ = nullptr;
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
    QLabel* message_ = nullptr;
    int attributeCount_ = 0;
    QString error_;
    bool lastValid_ = true;
};

}  // namespace streamsynth::ui
