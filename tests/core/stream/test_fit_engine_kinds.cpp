// Fit engines register themselves (issue 48; with the stream tests, which
// reach the run settings' check): the built-ins in order, a kind
// a program registers found, made, named in the lists and accepted by a
// run's settings; what is not registered refused in words.
#include <QtTest>

#include "core/fit/fit_engine_kinds.h"
#include "core/values/budget.h"
#include "core/values/error.h"
#include "core/values/run_config.h"
#include "support/test_fit_engine.h"

using namespace streamsynth;

class TestFitEngineKinds : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void builtInsInOrder() {
        const auto& kinds = fit::fitEngineKinds();
        QVERIFY(kinds.size() >= 2);
        QCOMPARE(kinds[0].name, std::string("pgm"));  // the default first
        QCOMPARE(kinds[1].name, std::string("mw"));
        QCOMPARE(fit::makeFitEngine("pgm")->name(), std::string("pgm"));
        QCOMPARE(fit::makeFitEngine("mw")->name(), std::string("mw"));
        QVERIFY(!kinds[0].title.empty() && !kinds[0].about.empty());
    }

    void unknownIsRefusedInWords() {
        try {
            (void)fit::makeFitEngine("nope");
            QFAIL("an unknown engine was made");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), ErrorKind::Setting);
            QVERIFY2(e.message().find("'nope'") != std::string::npos, e.message().c_str());
            QVERIFY2(e.message().find("pgm") != std::string::npos, e.message().c_str());
        }
    }

    void aRegisteredKindIsListedMadeAndAccepted() {
        test::registerTestFitEngine();
        const fit::FitEngineKind* k = fit::findFitEngineKind(test::kTestFitEngine);
        QVERIFY(k);
        QCOMPARE(fit::fitEngineKinds().back().name, std::string(test::kTestFitEngine));
        QCOMPARE(fit::makeFitEngine(test::kTestFitEngine)->name(), std::string("mw"));
        QVERIFY2(
            fit::fitEngineNameList().find(std::string("mw or ") + test::kTestFitEngine) != std::string::npos,
            fit::fitEngineNameList().c_str());
        stream::RunConfig config;
        stream::SeriesConfig series;
        series.id = "proposed";
        series.budget = privacy::Budget::of(privacy::PrivacyModel::Pure, 1.0);
        config.series = {series};
        config.fitEngine = test::kTestFitEngine;
        stream::validateRunConfig(config, 10);  // a registered engine is a valid setting
        config.fitEngine = "nope";
        try {
            stream::validateRunConfig(config, 10);
            QFAIL("an unknown engine passed the run's settings");
        } catch (const Error& e) {
            QVERIFY2(e.message().find("unknown fit engine") != std::string::npos, e.message().c_str());
        }
    }

    void registrationIsChecked() {
        test::registerTestFitEngine();
        QVERIFY_THROWS_EXCEPTION(Error, fit::registerFitEngineKind({"pgm", "again", "", fit::makePgmEngine}));
        QVERIFY_THROWS_EXCEPTION(Error, fit::registerFitEngineKind({"", "no name", "", fit::makePgmEngine}));
        QVERIFY_THROWS_EXCEPTION(Error, fit::registerFitEngineKind({"no-maker", "x", "", {}}));
        QVERIFY(!fit::findFitEngineKind("no-maker"));
    }
};

QTEST_GUILESS_MAIN(TestFitEngineKinds)
#include "test_fit_engine_kinds.moc"
