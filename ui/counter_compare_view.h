// Counter comparison (SPEC §8, issue 7 item 6): for chosen counter types,
// ε, horizon T and R repetitions, the theoretical standard deviation and the
// simulated RMSE of each counter over t = 1..T, so a steward can pick a
// counter before touching data. The simulation (no private data) runs on a
// background thread; rows come back by a queued call.
#pragma once

#include <atomic>
#include <memory>
#include <vector>

#include <QHash>
#include <QWidget>

class QCheckBox;
class QChartView;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QThread;

namespace streamsynth::ui {

class ChartLegend;

class CounterCompareView : public QWidget {
    Q_OBJECT
public:
    explicit CounterCompareView(QWidget* parent = nullptr);
    ~CounterCompareView() override;

    // Counter texts checked, e.g. {"simple", "tree:128", "hybrid"}.
    QStringList chosenCounters() const;
    void setHorizon(int steps);
    bool isComputing() const { return thread_ != nullptr; }

public Q_SLOTS:
    void compute();

Q_SIGNALS:
    void computed();

private:
    struct Curve {
        QString counter;
        std::vector<double> rmse, theory;  // index t-1
    };
    void showCurves(const std::vector<Curve>& curves, const QString& error);
    void stop();

    QHash<QString, QCheckBox*> boxes_;
    QDoubleSpinBox* epsilon_ = nullptr;
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
