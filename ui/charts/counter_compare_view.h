// Counter comparison (SPEC §8, in both privacy models): for chosen counter
// types, the privacy model and its budget (ε, or ρ under zCDP, with the
// (ε, δ) it implies), horizon T and R repetitions, the theoretical standard
// deviation and the simulated RMSE of each counter over t = 1..T, so a
// steward can pick a counter before touching data. Counters that do not
// exist in the chosen model are disabled with a tooltip saying why. The simulation (no private data) runs on
// a background thread; rows come back by a queued call.
#pragma once

#include <QHash>
#include <QWidget>
#include <atomic>
#include <memory>
#include <utility>
#include <vector>

#include "core/api/privacy_choice.h"
#include "core/values/run_config.h"

class QAbstractAxis;
class QCheckBox;
class QChartView;
class QBoxLayout;
class QDoubleSpinBox;
class QResizeEvent;
class QGridLayout;
class QLabel;
class QPushButton;
class QSpinBox;
class QThread;
class QValueAxis;
class QVBoxLayout;

namespace streamsynth::ui {

class ChartLegend;
class PrivacySelector;

class CounterCompareView : public QWidget {
    Q_OBJECT
public:
    explicit CounterCompareView(QWidget* parent = nullptr);
    ~CounterCompareView() override;

    // Counter texts checked, e.g. {"simple", "tree:128", "hybrid"}.
    QStringList chosenCounters() const;
    QCheckBox* counterBox(const QString& type) const { return boxes_.value(type); }
    PrivacySelector* privacySelector() const { return privacy_; }
    QLabel* messageLabel() const { return message_; }  // the explanation under the controls (tests)
    QSpinBox* repsSpin() const { return reps_; }
    // The chart's curves after the last comparison: per counter text, the theory std at t.
    double theoryAt(const QString& counter, int t) const;
    void setHorizon(int steps);
    // A run's counters (texts such as "tree:977", "block:31"; after
    // setHorizon): its privacy model, those kinds ticked alone, with their
    // block size, arity and horizon (T of "tree:T", where larger than the
    // steps), so the tab compares what the run measures with.
    // Unknown texts ("carried") are skipped; none left: nothing changes.
    void showRunCounters(privacy::PrivacyModel model, const QStringList& counters);
    // A run or an opened session: its horizon, then its proposed series' counters.
    void showRun(const stream::RunConfig& config, int steps);

public Q_SLOTS:
    void compute();

protected:
    // Narrow (a 1024-pixel screen): the chart goes below the controls instead of
    // beside them, where it had 75 pixels and a title cut to "Co…".
    void resizeEvent(QResizeEvent* event) override;

Q_SIGNALS:
    void computed();

private:
    struct Curve {
        QString counter;
        std::vector<double> rmse, theory;  // index t-1
    };
    void showCurves(const std::vector<Curve>& curves, const QString& error);
    void stop();
    // What a comparison is of: the counters' texts and T.
    QString settingsKey() const;
    // After a run or a stream set new settings: a chart (or a simulation
    // under way) of other settings goes, with words saying why.
    void forgetStaleChart();
    void updateAvailability();
    // The constructor's parts.
    QGridLayout* makeControls();
    void addSimulationRows(QGridLayout* grid);
    QVBoxLayout* makeChart();
    void showHeading(const QString& error);
    std::pair<QValueAxis*, QAbstractAxis*> resetAxes();

    QBoxLayout* layout_ = nullptr;
    QWidget* controls_ = nullptr;
    std::vector<api::CounterChoice> choices_ = api::counterChoices();  // the registered counters
    QHash<QString, QCheckBox*> boxes_;
    PrivacySelector* privacy_ = nullptr;
    QSpinBox* eldersArity_ = nullptr;
    std::vector<Curve> shown_;
    QString shownKey_;  // settingsKey() of the simulation shown or under way
    QSpinBox* steps_ = nullptr;
    QSpinBox* reps_ = nullptr;
    QSpinBox* blockSize_ = nullptr;
    QCheckBox* log_ = nullptr;
    QPushButton* compute_ = nullptr;
    QLabel* message_ = nullptr;
    QChartView* view_ = nullptr;
    ChartLegend* legend_ = nullptr;
    QThread* thread_ = nullptr;
    std::shared_ptr<std::atomic<bool>> cancel_;
};

}  // namespace streamsynth::ui
