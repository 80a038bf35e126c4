// The series of a run (experiment panel): the baseline and the proposed
// streamer with each registered continual counter (api::counterChoices) and
// its parameters (block size B, horizon T, arity K). Counters that do not exist in the run's privacy model
// (the square roots under pure ε-DP) are unticked and disabled with a tooltip
// saying why; switching the model moves the proposed default from one
// model's default counter to the other's (api::defaultCounter).
#pragma once

#include <QGroupBox>
#include <QStringList>
#include <vector>

#include "core/api/privacy.h"
#include "core/api/privacy_choice.h"

class QCheckBox;
class QSpinBox;

namespace streamsynth::ui {

class SeriesChooser : public QGroupBox {
    Q_OBJECT
public:
    explicit SeriesChooser(QWidget* parent = nullptr);

    // Horizons T follow the stream's steps; the block size ≈ √steps.
    void setStepCount(int steps);
    void setModel(privacy::PrivacyModel model);
    privacy::PrivacyModel model() const { return model_; }

    // Series names for api::planRunSeries: "baseline", "baseline:carried", "proposed:<counter>".
    std::vector<std::string> seriesNames() const;
    // The checked counters' texts ("simple", "block:16", "elders:7:977", …).
    QStringList counterSpecs() const;
    // Checked keys ("baseline", "baseline-carried", "simple", "block", "unbounded-block", "tree",
    // "hybrid", "honaker", "smooth-binary", "elders", "sqrt", "sqrt-unbounded").
    QStringList checkedKeys() const;
    // Checks exactly these keys (those the model admits).
    void selectSeries(const QStringList& keys);
    // Checks exactly these counters ("block:16", "elders:7:977", …), with
    // their parameters, and the baselines given.
    void selectSpecs(const QStringList& counterSpecs, bool baseline, bool carried);
    QCheckBox* box(const QString& key) const;
    QSpinBox* eldersAritySpin() const { return eldersArity_; }

Q_SIGNALS:
    void changed();

private:
    struct Entry {
        QString key;
        QCheckBox* box = nullptr;
        api::CounterChoice choice;   // the registered kind
        QSpinBox* first = nullptr;   // block size, horizon or arity
        QSpinBox* second = nullptr;  // an arity kind's horizon
        QString about;               // tooltip when available
    };
    void addEntry(const api::CounterChoice& choice);
    QString counterText(const Entry& e) const;
    QString defaultKey(privacy::PrivacyModel model) const;
    void updateAvailability();

    QCheckBox* baseline_ = nullptr;
    QCheckBox* carried_ = nullptr;  // "baseline:carried"
    std::vector<Entry> entries_;
    std::vector<QSpinBox*> horizons_;
    std::vector<QSpinBox*> blockSizes_;
    QSpinBox* eldersArity_ = nullptr;
    privacy::PrivacyModel model_ = privacy::PrivacyModel::Pure;
    int steps_ = 1000;
};

}  // namespace streamsynth::ui
