// The counters of issue 16 (sqrt:T, smooth-binary:T, elders:K:T) and every
// counter under zCDP: exact prefix sums without noise, the noise scale per
// term from the calibration in counter.h, and the empirical variance of the
// release and of the difference of two releases against the exact formulas
// at t = 100, 500 and 1000.
//
// Tolerance: N independent counters (the cells of one vector counter); the
// sample variance of N draws with excess kurtosis ≤ κ has relative sd
// √(2/(N−1) + κ/N) (κ = 3 bounds sums of Laplace terms, 0 for Gaussians).
// With N = 12,000 and κ = 3 that is 2.0%; 4.5 sd = 9.2% < the 10% asked.
// Under the sanitizers N = 3,000 (privacy_test::empiricalCount): 4.5 sd = 18.4%.
#include <QtTest>
#include <cmath>
#include <memory>
#include <vector>

#include "core/privacy/counter.h"
#include "core/privacy/vector_counter.h"
#include "core/values/error.h"
#include "privacy_test_support.h"

using namespace streamsynth;
using namespace streamsynth::privacy;
using privacy_test::RecordingNoise;

class TestNewCounters : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void zeroNoiseReleasesThePrefixSum() {
        const std::pair<const char*, PrivacyModel> cases[] = {
            {"sqrt:300", PrivacyModel::ZCdp},          {"smooth-binary:300", PrivacyModel::ZCdp},
            {"smooth-binary:300", PrivacyModel::Pure}, {"elders:5:300", PrivacyModel::Pure},
            {"elders:7:300", PrivacyModel::ZCdp},      {"hybrid", PrivacyModel::ZCdp},
        };
        for (const auto& [type, model] : cases) {
            auto c = makeCounter(parseCounterSpec(type, model), 0.3, std::make_shared<RecordingNoise>(0.0));
            auto rng = makeSeededRng(2);
            long long sum = 0;
            for (long long t = 1; t <= 300; ++t) {
                const long long inc = static_cast<long long>(rng->uniformBelow(7)) - 3;
                sum += inc;
                c->feed(inc, *rng);
                QCOMPARE(c->value(), static_cast<double>(sum));
            }
            if (hasHorizon(c->spec())) QVERIFY_THROWS_EXCEPTION(Error, c->feed(1, *rng));  // horizon 300
        }
    }
    void scalesFollowTheCalibration() {
        auto calls = [](const char* type, PrivacyModel model, double budget, int steps) {
            auto noise = std::make_shared<RecordingNoise>(0.0);
            auto c = makeCounter(parseCounterSpec(type, model), budget, noise);
            auto rng = makeSeededRng(3);
            for (int t = 0; t < steps; ++t) c->feed(1, *rng);
            return noise->calls;
        };
        // Elders K = 7, T = 1000: (7^4 − 1)/2 = 1200 ≥ 1000 > 171, so h = 4 terms per item.
        for (const auto& call : calls("elders:7:1000", PrivacyModel::Pure, 0.5, 40))
            QCOMPARE(call.scale, 4 / 0.5);
        for (const auto& call : calls("elders:7:1000", PrivacyModel::ZCdp, 0.5, 40))
            QCOMPARE(call.scale, std::sqrt(4 / (2 * 0.5)));
        // Smooth binary T = 1000: C(14, 7) − 1 = 3431 ≥ 1000 > C(12, 6) − 1, h = 14, h/2 = 7 terms per item.
        for (const auto& call : calls("smooth-binary:1000", PrivacyModel::ZCdp, 0.5, 40))
            QCOMPARE(call.scale, std::sqrt(7 / 1.0));
        for (const auto& call : calls("smooth-binary:1000", PrivacyModel::Pure, 0.5, 40))
            QCOMPARE(call.scale, 7 / 0.5);
        // Square root: one draw per feed, σ² = Σ_{k<T} f_k² / (2ρ).
        double c2 = 0, f = 1;
        for (int k = 0; k < 64; ++k) {
            if (k > 0) f *= 1 - 1.0 / (2 * k);
            c2 += f * f;
        }
        const auto sq = calls("sqrt:64", PrivacyModel::ZCdp, 0.5, 64);
        QCOMPARE(sq.size(), std::size_t{64});
        for (const auto& call : sq) QVERIFY(std::abs(call.scale - std::sqrt(c2 / 1.0)) < 1e-12);
        // Existing counters under zCDP: simple σ = 1/√(2ρ), tree σ = √(L/(2ρ)).
        for (const auto& call : calls("simple", PrivacyModel::ZCdp, 0.5, 5)) QCOMPARE(call.scale, 1.0);
        for (const auto& call : calls("tree:8", PrivacyModel::ZCdp, 0.5, 5)) QCOMPARE(call.scale, 2.0);
        // The square root counter has no pure form (its L1 column norm grows like √T).
        QVERIFY_THROWS_EXCEPTION(Error, parseCounterSpec("sqrt:64", PrivacyModel::Pure));
        QVERIFY_THROWS_EXCEPTION(Error, parseCounterSpec("elders:7"));
        QVERIFY_THROWS_EXCEPTION(Error, parseCounterSpec("elders:4:100"));
    }
    void smoothBinaryHasTheSameVarianceEveryStep() {
        const CounterSpec s = parseCounterSpec("smooth-binary:1000", PrivacyModel::ZCdp);
        const double v1 = theoreticalVariance(s, 1.0, 1);
        for (long long t = 1; t <= 1000; ++t) QCOMPARE(theoreticalVariance(s, 1.0, t), v1);
        QCOMPARE(v1, 7.0 * 7.0 / 2.0);  // h/2 nodes of σ² = (h/2)/(2ρ)
    }
    void empiricalVarianceAt100_500_1000_data() {
        QTest::addColumn<QString>("type");
        QTest::addColumn<int>("model");
        QTest::addColumn<double>("kurtosis");
        const int pure = static_cast<int>(PrivacyModel::Pure), zcdp = static_cast<int>(PrivacyModel::ZCdp);
        QTest::newRow("sqrt:1000 zcdp") << "sqrt:1000" << zcdp << 0.0;
        QTest::newRow("smooth-binary:1000 zcdp") << "smooth-binary:1000" << zcdp << 0.0;
        QTest::newRow("smooth-binary:1000 pure") << "smooth-binary:1000" << pure << 3.0;
        QTest::newRow("elders:7:1000 pure") << "elders:7:1000" << pure << 3.0;
        QTest::newRow("elders:5:1000+discrete pure") << "elders:5:1000+discrete" << pure << 3.0;
        QTest::newRow("elders:7:1000 zcdp") << "elders:7:1000" << zcdp << 0.0;
        QTest::newRow("honaker:1024 zcdp") << "honaker:1024" << zcdp << 0.0;
        QTest::newRow("hybrid zcdp") << "hybrid" << zcdp << 0.0;
        QTest::newRow("block:32+discrete zcdp") << "block:32+discrete" << zcdp << 0.0;
    }
    void empiricalVarianceAt100_500_1000() {
        QFETCH(QString, type);
        QFETCH(int, model);
        QFETCH(double, kurtosis);
        const CounterSpec s = parseCounterSpec(type.toStdString(), static_cast<PrivacyModel>(model));
        const std::size_t n = privacy_test::empiricalCount(12000);
        const double budget = 0.7;
        const double tol = privacy_test::varianceTolerance(n, 4.5, 3.0);
        QVERIFY(privacy_test::kSanitized || tol < 0.10);  // the 10%, at the full count
        VectorCounter vc(s, budget, n);
        auto rng = makeSeededRng(40);
        std::vector<double> inc(n), truth(n, 0.0), snapshot(n, 0.0);
        long long snapshotTime = 0;
        for (long long t = 1; t <= 1000; ++t) {
            for (std::size_t c = 0; c < n; ++c) {
                inc[c] = double(rng->uniformBelow(2));
                truth[c] += inc[c];
            }
            vc.feed(inc, *rng);
            if (t != 100 && t != 500 && t != 1000) continue;
            double sq = 0, sum = 0, dsq = 0;
            for (std::size_t c = 0; c < n; ++c) {
                const double e = vc.values()[c] - truth[c];
                sum += e;
                sq += e * e;
                dsq += (e - snapshot[c]) * (e - snapshot[c]);
            }
            const double var = vc.variance();
            QVERIFY2(std::abs(sum / n) < 4.5 * std::sqrt(var / n),
                     qPrintable(QString("bias at t=%1").arg(t)));
            QVERIFY2(std::abs(sq / n / var - 1) < tol,
                     qPrintable(QString("t=%1 empirical %2 formula %3").arg(t).arg(sq / n).arg(var)));
            if (snapshotTime > 0) {
                const double vs = vc.varianceSince(snapshotTime);
                QVERIFY2(
                    std::abs(dsq / n / vs - 1) < tol,
                    qPrintable(
                        QString("since %1 at t=%2: %3 vs %4").arg(snapshotTime).arg(t).arg(dsq / n).arg(vs)));
            }
            for (std::size_t c = 0; c < n; ++c) snapshot[c] = vc.values()[c] - truth[c];
            snapshotTime = t;
        }
        (void)kurtosis;
    }
    void stateRoundTripResumesExactly() {
        const std::pair<const char*, PrivacyModel> cases[] = {{"sqrt:200", PrivacyModel::ZCdp},
                                                              {"smooth-binary:200", PrivacyModel::ZCdp},
                                                              {"elders:3:200", PrivacyModel::Pure},
                                                              {"elders:9:200+discrete", PrivacyModel::ZCdp}};
        for (const auto& [type, model] : cases) {
            VectorCounter a(parseCounterSpec(type, model), 0.9, 3);
            auto rng = makeSeededRng(7);
            for (int t = 0; t < 57; ++t) a.feed(std::vector<double>{double(t % 3), 1, 0}, *rng);
            VectorCounter b(loadCounterState(saveCounterState(a.state())));
            auto rngB = makeSeededRng(0);
            rngB->loadState(rng->saveState());
            for (int t = 0; t < 60; ++t) {
                a.feed(std::vector<double>{1, 0, 2}, *rng);
                b.feed(std::vector<double>{1, 0, 2}, *rngB);
                for (int c = 0; c < 3; ++c) QCOMPARE(b.values()[c], a.values()[c]);
                QCOMPARE(b.variance(), a.variance());
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestNewCounters)
#include "test_new_counters.moc"
