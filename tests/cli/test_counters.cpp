// End-to-end: `streamsynth-cli counters` prints step,rmse,theory_std, one row
// per step, with the empirical RMSE tracking the theoretical sd.
#include <QProcess>
#include <QtTest>
#include <cmath>

#include "support/test_paths.h"

namespace {

struct Run {
    int exitCode = -1;
    QString out, err;
};

Run runCountersCli(const QStringList& args) {
    QProcess p;
    p.start(streamsynth::test::cliPath(), args);
    p.waitForFinished(60000);
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

struct Row {
    long long step;
    double rmse, theory;
};

QList<Row> parseCsv(const QString& text, bool* headerOk) {
    const QStringList lines = text.split('\n', Qt::SkipEmptyParts);
    *headerOk = !lines.isEmpty() && lines.first() == "step,rmse,theory_std";
    QList<Row> rows;
    for (int i = 1; i < lines.size(); ++i) {
        const QStringList f = lines[i].split(',');
        if (f.size() != 3) return {};
        rows.push_back({f[0].toLongLong(), f[1].toDouble(), f[2].toDouble()});
    }
    return rows;
}

}  // namespace

class TestCountersCli : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void acceptanceRunEveryType_data() {
        QTest::addColumn<QString>("type");
        for (const char* t : {"simple", "block:32", "unbounded-block", "tree:1024", "hybrid", "honaker:1024"})
            QTest::newRow(t) << QString(t);
    }
    void acceptanceRunEveryType() {
        // The acceptance run: ε = 1, 1000 steps, 500 reps, seed 1;
        // RMSE within 10% of theory at t = 100, 500, 1000.
        QFETCH(QString, type);
        const Run r = runCountersCli({"counters", "--type", type, "--epsilon", "1", "--steps", "1000",
                                      "--reps", "500", "--seed", "1", "--csv"});
        QCOMPARE(r.exitCode, 0);
        bool headerOk = false;
        const auto rows = parseCsv(r.out, &headerOk);
        QVERIFY(headerOk);
        QCOMPARE(rows.size(), 1000);
        for (int i = 0; i < rows.size(); ++i) QCOMPARE(rows[i].step, i + 1LL);
        for (int t : {100, 500, 1000}) {
            const Row& row = rows[t - 1];
            QVERIFY2(
                std::abs(row.rmse / row.theory - 1) < 0.10,
                qPrintable(
                    QString("%1 t=%2 rmse %3 theory %4").arg(type).arg(t).arg(row.rmse).arg(row.theory)));
        }
    }
    void everyRowTracksTheory() {
        // R = 2000: an RMSE over R draws of noise with excess kurtosis κ ≤ 3 has
        // relative sd ≈ sqrt((2+κ)/R)/2 ≤ 2.5%; 4.5 sd = 11.2% on every row.
        const int reps = 2000;
        const double tol = 4.5 * std::sqrt(5.0 / reps) / 2.0;
        for (const char* type :
             {"simple", "block:16", "unbounded-block", "tree:512", "hybrid", "honaker:512"}) {
            const Run r = runCountersCli({"counters", "--type", type, "--epsilon", "0.5", "--steps", "300",
                                          "--reps", QString::number(reps), "--seed", "7", "--csv"});
            QCOMPARE(r.exitCode, 0);
            bool headerOk = false;
            const auto rows = parseCsv(r.out, &headerOk);
            QVERIFY(headerOk);
            QCOMPARE(rows.size(), 300);
            for (const Row& row : rows)
                QVERIFY2(std::abs(row.rmse / row.theory - 1) < tol,
                         qPrintable(QString("%1 t=%2 rmse %3 theory %4")
                                        .arg(type)
                                        .arg(row.step)
                                        .arg(row.rmse)
                                        .arg(row.theory)));
        }
    }
    void textOutputHasSummary() {
        const Run r = runCountersCli({"counters", "--type", "simple", "--steps", "50", "--reps", "100"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("summary:"));
        QVERIFY(r.out.contains("counter simple"));
    }
    void badSettingsExitWithUsageCode() {
        for (const QStringList& args :
             {QStringList{"counters", "--type", "fancy"}, QStringList{"counters", "--steps", "10"},
              QStringList{"counters", "--type", "tree:8", "--steps", "9"},
              QStringList{"counters", "--type", "simple", "--epsilon", "0"},
              QStringList{"counters", "--type", "simple", "--reps", "0"}}) {
            const Run r = runCountersCli(args);
            QVERIFY2(r.exitCode == 2,
                     qPrintable(args.join(' ') + " -> " + QString::number(r.exitCode) + " " + r.err));
            QVERIFY(!r.err.isEmpty());
        }
    }
    void sameSeedSameOutput() {
        const QStringList args{"counters", "--type", "hybrid+discrete", "--steps", "64",
                               "--reps",   "50",     "--seed",          "3",       "--csv"};
        const Run a = runCountersCli(args), b = runCountersCli(args);
        QVERIFY2(a.exitCode == 0 && b.exitCode == 0,
                 qPrintable(a.err + b.err));                  // two refusals print alike too
        QVERIFY2(a.out.count('\n') > 64, qPrintable(a.out));  // a row per step and a header
        QCOMPARE(a.out, b.out);
    }
};

QTEST_APPLESS_MAIN(TestCountersCli)
#include "test_counters.moc"
