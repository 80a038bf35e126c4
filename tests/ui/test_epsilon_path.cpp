// The path of ε, end to end (issue 48; docs/architecture.md "The path of
// ε"): a budget typed into the experiment panel reaches every noise draw of
// a run started from the window. A recording noise source stands in for the
// samplers (privacy::setNoiseSourceFactoryForTests) and logs each draw's
// typed scale; the run's ledger gives the charges. Every draw is calibrated
// in the model chosen, every draw pays for exactly one measurement charge
// with b = 1/ε' (Δ = 1: a row moves one cell of a marginal or one counter
// term by one) or σ = 1/√(2ρ'), and the largest step spends what was typed.
#include <QLineEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <mutex>
#include <vector>

#include "core/api/run.h"
#include "core/privacy/noise_source.h"
#include "support/small_adult_run.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/experiment/privacy_selector.h"
#include "ui/run/run_controller.h"
#include "ui/window/main_window.h"

using namespace streamsynth;

namespace {

// Zero noise, every draw's typed scale recorded (the series run on threads of their own).
class Recorder final : public privacy::NoiseSource {
public:
    struct Draw {
        privacy::PrivacyModel model;
        double scale;
    };
    void fill(std::span<double> out, privacy::NoiseScale scale, long long, privacy::Rng&) override {
        std::fill(out.begin(), out.end(), 0.0);
        std::lock_guard<std::mutex> lock(mutex_);
        draws.push_back({scale.model(), scale.value()});
    }
    std::vector<Draw> draws;

private:
    std::mutex mutex_;
};

// The scale a measurement charge of `amount` buys with Δ = 1.
double scaleOf(privacy::PrivacyModel model, double amount) {
    return model == privacy::PrivacyModel::Pure ? 1.0 / amount : 1.0 / std::sqrt(2.0 * amount);
}

}  // namespace

class TestEpsilonPath : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void cleanup() { privacy::setNoiseSourceFactoryForTests({}); }

    void typedEpsilonReachesEveryDraw() { checkRun(false, "0.5", 0.5); }
    void typedRhoReachesEveryDraw() { checkRun(true, "0.04", 0.04); }

private:
    void checkRun(bool zcdp, const char* typed, double budget) {
        auto recorder = std::make_shared<Recorder>();
        privacy::setNoiseSourceFactoryForTests([recorder](privacy::NoiseKind) { return recorder; });
        ui::MainWindow window;
        QVERIFY(test::openAdultInFiveSteps(window));
        ui::ExperimentPanel* panel = window.experimentPanel();
        if (zcdp) {
            panel->privacySelector()->setModel(privacy::PrivacyModel::ZCdp);
            panel->privacySelector()->setConvertsEpsilonDelta(false);  // ρ typed
        }
        panel->epsilonEdit()->setText(QString::fromLatin1(typed));
        test::chooseSmallExperiment(panel, {"baseline", "simple"}, 5);
        QVERIFY2(panel->isValid(), qPrintable(panel->validationMessage()));
        QSignalSpy ended(&window, &ui::MainWindow::runEnded);
        QVERIFY(window.startRun());
        QVERIFY(ended.wait(240000));
        QCOMPARE(ended.at(0).at(0).toInt(), 5);
        privacy::setNoiseSourceFactoryForTests({});

        const api::LedgerReport ledger = window.runController()->lastRun()->ledger();
        const privacy::PrivacyModel model = zcdp ? privacy::PrivacyModel::ZCdp : privacy::PrivacyModel::Pure;
        QCOMPARE(ledger.model, model);
        std::vector<double> scales;  // one per measurement charge
        for (const privacy::Charge& c : ledger.charges)
            if (c.kind == privacy::ChargeKind::Measurement) scales.push_back(scaleOf(model, c.amount));
        QVERIFY(!scales.empty());
        QCOMPARE(recorder->draws.size(), scales.size());  // one draw per charge, none uncharged
        std::vector<double> drawn;
        for (const Recorder::Draw& d : recorder->draws) {
            QCOMPARE(d.model, model);
            QVERIFY2(d.scale >= scaleOf(model, budget) * (1 - 1e-12),
                     "a draw spent more than the typed budget");
            drawn.push_back(d.scale);
        }
        std::sort(drawn.begin(), drawn.end());
        std::sort(scales.begin(), scales.end());
        for (std::size_t i = 0; i < drawn.size(); ++i)
            QVERIFY2(
                std::abs(drawn[i] - scales[i]) <= 1e-12 * scales[i],
                qPrintable(QString("draw %1: scale %2, charge's %3").arg(i).arg(drawn[i]).arg(scales[i])));
        for (const api::LedgerSeries& s : ledger.series) {
            QCOMPARE(s.budget, budget);
            QVERIFY2(std::abs(s.guarantee - budget) <= 1e-12 * budget,
                     qPrintable(QString::fromStdString(s.id)));
        }
    }
};

QTEST_MAIN(TestEpsilonPath)
#include "test_epsilon_path.moc"
