// Counters register themselves (issue 48): the tests' CLI, which registers a
// counter kind of its own (support/test_counter.h), names it in the help of
// `counters` and `run` and simulates it like any other; the plain CLI, which
// does not, neither names nor accepts it. The GUI's two lists are checked in
// tests/ui/test_counter_registry.cpp.
#include <QProcess>
#include <QtTest>
#include <cmath>

#include "support/test_counter.h"
#include "support/test_fit_engine.h"
#include "support/test_paths.h"

namespace {

struct Output {
    int code = -1;
    QString out, err;
};

Output run(const QString& program, const QStringList& args) {
    QProcess p;
    p.start(program, args);
    if (!p.waitForFinished(60000)) return {};
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

}  // namespace

class TestCounterRegistry : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void helpListsTheRegisteredCounter() {
        const QString name = QString::fromLatin1(streamsynth::test::kTestCounter);
        for (const char* command : {"counters", "run"}) {
            const Output withIt = run(streamsynth::test::cliWithFaultsPath(), {command, "--help"});
            QCOMPARE(withIt.code, 0);
            QVERIFY2(withIt.out.simplified().contains(name), qPrintable(withIt.out));
            QVERIFY2(withIt.out.simplified().contains(QLatin1String("elders:K:T")), qPrintable(withIt.out));
            const Output without = run(streamsynth::test::cliPath(), {command, "--help"});
            QCOMPARE(without.code, 0);
            QVERIFY2(!without.out.contains(name), qPrintable(without.out));
            QVERIFY2(without.out.simplified().contains(QLatin1String("sqrt-unbounded (zcdp)")),
                     qPrintable(without.out));
        }
    }

    // Fit engines too: `run --help` lists every registered engine with its words.
    void helpListsTheRegisteredFitEngine() {
        const QString name = QString::fromLatin1(streamsynth::test::kTestFitEngine);
        const Output withIt = run(streamsynth::test::cliWithFaultsPath(), {"run", "--help"});
        QCOMPARE(withIt.code, 0);
        QVERIFY2(withIt.out.simplified().contains(name + QLatin1String(": The mw engine under another name")),
                 qPrintable(withIt.out));
        const Output without = run(streamsynth::test::cliPath(), {"run", "--help"});
        QVERIFY2(!without.out.contains(name), qPrintable(without.out));
        QVERIFY2(without.out.simplified().contains(QLatin1String("pgm (default): A graphical model")),
                 qPrintable(without.out));
    }

    void theRegisteredCounterRuns() {
        const QStringList args{
            "counters", "--type", streamsynth::test::kTestCounter, "--steps", "20", "--reps", "50", "--csv"};
        const Output withIt = run(streamsynth::test::cliWithFaultsPath(), args);
        QVERIFY2(withIt.code == 0, qPrintable(withIt.err));
        // The simple counter's theory: the sd at t is √(2t)/ε (Laplace 1/ε per feed, ε = 1).
        const QStringList rows = withIt.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(rows.size(), 21);  // header and 20 steps
        const double theory = rows.last().section(QLatin1Char(','), 2, 2).toDouble();
        QVERIFY2(std::abs(theory - std::sqrt(40.0)) < 1e-3 * std::sqrt(40.0), qPrintable(rows.last()));
        const Output without = run(streamsynth::test::cliPath(), args);
        QVERIFY(without.code != 0);
        QVERIFY2(without.err.contains(QLatin1String("unknown counter")), qPrintable(without.err));
    }
};

QTEST_GUILESS_MAIN(TestCounterRegistry)
#include "test_counter_registry.moc"
