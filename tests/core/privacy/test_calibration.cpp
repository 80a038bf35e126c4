// The one calibration (core/privacy/calibration.h): the Laplace b = Δ₁/ε and
// the Gaussian σ = Δ₂/√(2ρ) (or √(Δ₂²/(2ρ)) from a squared norm), typed by
// the model, refused by a sampler of the other model; budgets and
// sensitivities validated there.
#include <QtTest>
#include <cmath>
#include <vector>

#include "core/privacy/calibration.h"
#include "core/privacy/noise_source.h"
#include "core/privacy/rng.h"
#include "core/values/error.h"

using namespace streamsynth;
using namespace streamsynth::privacy;

class TestCalibration : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void scalesOfBothModels() {
        QCOMPARE(calibrate(PrivacyModel::Pure, 0.1, Sensitivity::ofCount()).value(), 10.0);
        QCOMPARE(calibrate(PrivacyModel::ZCdp, 0.02, Sensitivity::ofCount()).value(), 5.0);  // 1/√(2ρ)
        QCOMPARE(calibrate(PrivacyModel::Pure, 0.5, Sensitivity::ofTerms(3)).value(), 6.0);  // Δ₁ = 3
        QCOMPARE(calibrate(PrivacyModel::ZCdp, 0.125, Sensitivity::ofTerms(9)).value(),
                 6.0);  // √(9/(2·0.125))
        QCOMPARE(calibrate(PrivacyModel::ZCdp, 0.125, Sensitivity::ofTerms(9)).model(), PrivacyModel::ZCdp);
        const NoiseScale s = calibrate(PrivacyModel::ZCdp, 0.5, Sensitivity::ofCount());
        QCOMPARE(s.scaledBy(4).value(), 4.0);
        QCOMPARE(s.scaledBy(4).model(), PrivacyModel::ZCdp);
    }
    void badBudgetsAndSensitivitiesAreRefused() {
        for (double bad : {0.0, -1.0, double(NAN), double(INFINITY)}) {
            QVERIFY_THROWS_EXCEPTION(Error, calibrate(PrivacyModel::Pure, bad, Sensitivity::ofCount()));
            QVERIFY_THROWS_EXCEPTION(Error, calibrate(PrivacyModel::ZCdp, bad, Sensitivity::ofCount()));
            QVERIFY_THROWS_EXCEPTION(Error, calibrate(PrivacyModel::Pure, 1.0, Sensitivity::ofTerms(bad)));
            QVERIFY_THROWS_EXCEPTION(Error, calibrate(PrivacyModel::ZCdp, 1.0, Sensitivity::ofTerms(bad)));
        }
    }
    void samplersRefuseTheOtherModelsScale() {
        auto rng = makeSeededRng(1);
        std::vector<double> out(3);
        const NoiseScale pure = calibrate(PrivacyModel::Pure, 1.0, Sensitivity::ofCount());
        const NoiseScale zcdp = calibrate(PrivacyModel::ZCdp, 1.0, Sensitivity::ofCount());
        for (NoiseKind kind : {NoiseKind::Laplace, NoiseKind::DiscreteLaplace}) {
            makeNoiseSource(kind)->fill(out, pure, 1, *rng);
            QVERIFY_THROWS_EXCEPTION(Error, makeNoiseSource(kind)->fill(out, zcdp, 1, *rng));
        }
        for (NoiseKind kind : {NoiseKind::Gaussian, NoiseKind::DiscreteGaussian}) {
            makeNoiseSource(kind)->fill(out, zcdp, 1, *rng);
            QVERIFY_THROWS_EXCEPTION(Error, makeNoiseSource(kind)->fill(out, pure, 1, *rng));
        }
    }
};

QTEST_GUILESS_MAIN(TestCalibration)
#include "test_calibration.moc"
