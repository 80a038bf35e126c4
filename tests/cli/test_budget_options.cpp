// End-to-end: every CLI command that takes a privacy budget reads it with
// the one parser run and the GUI use (api::parseBudgets, core/api/
// budget_input.h): `inspect --epsilon` (the support check) and `plan
// --epsilon` refuse a bad value with exactly run's message, accept zCDP
// input (ε at δ, or ρ for inspect) the way run does, and refuse a list where
// one value is meant.
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "cli/cli_runner.h"
#include "support/test_data.h"

namespace {
using Result = streamsynth::test::CliResult;
Result cli(const QStringList& args) {
    return streamsynth::test::runCli(args);
}
QString shared(const char* name) {
    return streamsynth::test::dataFile(name);
}

// What a refused command said, without its "streamsynth-cli <command>: " prefix.
QString refusal(const Result& r) {
    const QString text = r.err.trimmed();
    return text.startsWith("streamsynth-cli ") ? text.mid(text.indexOf(": ") + 2) : text;
}
}  // namespace

class TestBudgetOptions : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

    QStringList run(const QStringList& budget) const {
        return QStringList{"run",
                           "--data",
                           shared("adult.csv"),
                           "--schema",
                           shared("adult-domain.json"),
                           "--batch",
                           "1000",
                           "--series",
                           "baseline",
                           "--k",
                           "1",
                           "--iters",
                           "5",
                           "--out",
                           dir_.filePath("out")} +
               budget;
    }
    static QStringList inspect(const QStringList& budget) {
        return QStringList{"inspect", "--data", shared("adult.csv"), "--schema", shared("adult-domain.json"),
                           "--batch", "1000"} +
               budget;
    }
    static QStringList plan(const QStringList& budget) {
        return QStringList{"plan",    "--schema", shared("adult-domain.json"), "--steps", "12",
                           "--batch", "1000"} +
               budget;
    }

    // run refuses `budget` (exit 2), and inspect (and plan, when withPlan) refuse it in the same words.
    void refusedAsRunRefusesIt(const QStringList& budget, bool withPlan) const {
        const Result byRun = cli(run(budget));
        QCOMPARE(byRun.code, 2);
        const Result byInspect = cli(inspect(budget));
        QCOMPARE(byInspect.code, 2);
        QCOMPARE(refusal(byInspect), refusal(byRun));
        if (!withPlan) return;
        const Result byPlan = cli(plan(budget));
        QCOMPARE(byPlan.code, 2);
        QCOMPARE(refusal(byPlan), refusal(byRun));
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void badEpsilonRefusedWithRunsMessage() {
        for (const char* e : {"0", "abc", "-1", "1e300", "nan", ""}) {
            const Result byRun = cli(run({"--epsilon", e}));
            QVERIFY2(byRun.err.contains("--epsilon"), qPrintable(byRun.err));
            refusedAsRunRefusesIt({"--epsilon", e}, true);
        }
    }

    void badZcdpInputRefusedWithRunsMessage() {
        // (ε, δ) with a δ outside (0, 1), and ε out of the range a user may ask for.
        for (const QStringList& budget :
             {QStringList{"--privacy", "zcdp", "--epsilon", "1", "--delta", "2"},
              QStringList{"--privacy", "zcdp", "--epsilon", "0", "--delta", "1e-6"},
              QStringList{"--privacy", "zcdp", "--epsilon", "1", "--delta", "abc"},
              QStringList{"--privacy", "zcpd", "--epsilon", "1"}})
            refusedAsRunRefusesIt(budget, true);
        // inspect takes run's options as they are: ρ without zcdp, (ε) without δ under zcdp.
        for (const QStringList& budget :
             {QStringList{"--rho", "0.1"}, QStringList{"--privacy", "zcdp", "--epsilon", "1"},
              QStringList{"--privacy", "zcdp", "--rho", "0"}})
            refusedAsRunRefusesIt(budget, false);
    }

    void zcdpAcceptedAsRunAcceptsIt() {
        for (const QStringList& budget :
             {QStringList{"--privacy", "zcdp", "--epsilon", "1", "--delta", "1e-6"},
              QStringList{"--privacy", "zcdp", "--rho", "0.05"},
              QStringList{"--privacy", "pure", "--epsilon", " 2 "}}) {
            const Result r = cli(inspect(budget));
            QVERIFY2(r.code == 0, qPrintable(budget.join(' ') + ": " + r.err));
        }
        // plan shows its errors at the ε typed (zCDP: at --delta), as before.
        const Result r = cli(plan({"--privacy", "zcdp", "--delta", "1e-6", "--epsilon", "1", "--json"}));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o["atEpsilon"].toObject()["epsilon"].toDouble(), 1.0);
    }

    void oneValueWhereOneIsMeant() {
        const Result byInspect = cli(inspect({"--epsilon", "0.5,1"}));
        QCOMPARE(byInspect.code, 2);
        QVERIFY2(byInspect.err.contains("--epsilon") && byInspect.err.contains("one value"),
                 qPrintable(byInspect.err));
        const Result byPlan = cli(plan({"--epsilon", "0.5,1"}));
        QCOMPARE(byPlan.code, 2);
        QVERIFY2(byPlan.err.contains("--epsilon") && byPlan.err.contains("one value"),
                 qPrintable(byPlan.err));
        // An empty item is refused as run refuses it, before the count.
        const Result empty = cli(plan({"--epsilon", "1,"}));
        QCOMPARE(refusal(empty), refusal(cli(run({"--epsilon", "1,"}))));
    }
};

QTEST_GUILESS_MAIN(TestBudgetOptions)
#include "test_budget_options.moc"
