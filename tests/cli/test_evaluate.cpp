// End-to-end: `streamsynth-cli evaluate` scores releases against the true
// stream: perfect releases give 0, a hand-computed release its value, a
// header-only release the 0-row value; missing inputs are refused.
#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "cli/cli_runner.h"

namespace {
using Result = streamsynth::test::CliResult;
Result cli(const QStringList& args) {
    return streamsynth::test::runCli(args);
}
void writeFile(const QString& path, const QByteArray& text) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}
// The lines of a metrics CSV without its '#' comment line.
QList<QByteArrayList> rows(const QByteArray& csv) {
    QList<QByteArrayList> out;
    for (const QByteArray& line : csv.split('\n'))
        if (!line.isEmpty() && !line.startsWith('#')) out.append(line.split(','));
    return out;
}
// The columns of a run's metrics.csv (one metrics writer for run and evaluate).
const QByteArray kHeader =
    "series,epsilon,repeat,step,period,rows_true,rows_synth,epsilon_spent,AvgWE,MaxWE,"
    "AvgRelWE,MaxRelWE,AvgRelL1,MaxRelL1,seconds";
enum Col {
    kSeries = 0,
    kPeriod = 4,
    kRowsTrue = 5,
    kRowsSynth = 6,
    kAvgWE = 8,
    kMaxWE = 9,
    kAvgRelWE = 10,
    kAvgRelL1 = 12,
    kAvgRelL1Count = 17
};
}  // namespace

class TestEvaluate : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString data_, schema_;

    // Tiny stream, daily on `day`: step 1 = {(0,0), (1,2)}, step 2 empty,
    // step 3 = {(1,2)}. One 2-way workload a×b with 6 cells (flat = 3a + b).
    QStringList base() {
        return {"evaluate", "--data", data_,     "--schema",   schema_, "--time",    "day",
                "--period", "day",    "--start", "2019-01-01", "--end", "2019-01-03"};
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        data_ = dir_.filePath("data.csv");
        schema_ = dir_.filePath("schema.json");
        writeFile(data_, "a,b,day\n0,0,2019-01-01\n1,2,2019-01-03\n1,2,2019-01-01\n");
        writeFile(schema_, R"({"a": 2, "b": 3})");
    }
    void trueStepsScoreZero() {
        QTemporaryDir syn;
        // Each file is the full release g_t = f_t (row order and scale do not
        // matter for the normalised metrics: step 3 holds f_3 twice).
        writeFile(syn.filePath("step-0001.csv"), "a,b,day\n1,2,x\n0,0,x\n");
        writeFile(syn.filePath("step-0002.csv"), "a,b\n0,0\n1,2\n");
        writeFile(syn.filePath("step-0003.csv"), "a,b\n0,0\n1,2\n1,2\n0,0\n1,2\n1,2\n");
        const QString out = dir_.filePath("metrics.csv");
        const Result r = cli(base() << "--synthetic" << syn.path() << "--out" << out);
        QCOMPARE(r.code, 0);
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY(text.startsWith("# "));  // "metrics are computed from the private data ..."
        QVERIFY(text.contains("\n" + kHeader + "\n"));
        const auto table = rows(text);
        QCOMPARE(table.size(), 4);
        QCOMPARE(table[1][kSeries], QByteArray(QDir(syn.path()).dirName().toUtf8()));
        QCOMPARE(table[1][kPeriod], QByteArray("2019-01-01 (day)"));
        QCOMPARE(table[1][kRowsTrue], QByteArray("2"));  // |∇f_1|
        QCOMPARE(table[2][kRowsTrue], QByteArray("0"));  // the empty day is a step
        QCOMPARE(table[3][kRowsTrue], QByteArray("1"));
        QCOMPARE(table[3][kRowsSynth], QByteArray("6"));
        for (int s = 1; s <= 3; ++s)
            for (int c = kAvgWE; c <= kAvgRelL1 + 1; ++c) QCOMPARE(table[s][c].toDouble(), 0.0);
        QVERIFY(r.err.contains("not differentially private"));
    }
    void handComputedRelease() {
        QTemporaryDir syn;
        // g_1 = {(0,0),(0,0)}: a = [.5,0,0,0,0,.5], b = [1,0,0,0,0,0]
        // |a-b| = [.5,0,0,0,0,.5]: WE = 1/6, RelWE = (1 + 1)/2 = 1, RelL1 = 1.
        writeFile(syn.filePath("step-0001.csv"), "a,b\n0,0\n0,0\n");
        // Header only: a 0-row release, b = 0: WE = Σa/6 = 1/6, RelWE 1, RelL1 1.
        writeFile(syn.filePath("step-0002.csv"), "a,b\n");
        const Result r = cli(base() << "--synthetic" << syn.path() << "--counts");
        QCOMPARE(r.code, 0);
        const auto table = rows(r.out.toUtf8());
        QCOMPARE(table.size(), 3);  // steps 1 and 2 scored; step 3 missing -> warning
        QVERIFY(r.err.contains("no release for step 3"));
        for (int s = 1; s <= 2; ++s) {
            QVERIFY(std::abs(table[s][kAvgWE].toDouble() - 1.0 / 6) < 1e-12);
            QVERIFY(std::abs(table[s][kMaxWE].toDouble() - 1.0 / 6) < 1e-12);
            QVERIFY(std::abs(table[s][kAvgRelWE].toDouble() - 1.0) < 1e-12);
            QVERIFY(std::abs(table[s][kAvgRelL1].toDouble() - 1.0) < 1e-12);
        }
        // Count forms: |[1,0,0,0,0,1] - [2,0,...]| sums to 2; vs 0 rows also 2.
        QCOMPARE(table[1].size(), 19);
        QVERIFY(std::abs(table[1][kAvgRelL1Count].toDouble() - 2.0) < 1e-12);
        QVERIFY(std::abs(table[2][kAvgRelL1Count].toDouble() - 2.0) < 1e-12);
        QCOMPARE(table[2][kRowsSynth], QByteArray("0"));
    }
    void refusals() {
        QTemporaryDir syn;
        // No step-0001.csv: bad input.
        QCOMPARE(cli(base() << "--synthetic" << syn.path()).code, 3);
        QCOMPARE(cli(base() << "--synthetic" << dir_.filePath("nope")).code, 3);
        // A release value outside the domain: bad input naming the file.
        writeFile(syn.filePath("step-0001.csv"), "a,b\n0,7\n");
        const Result bad = cli(base() << "--synthetic" << syn.path());
        QCOMPARE(bad.code, 3);
        QVERIFY(bad.err.contains("step-0001.csv"));
        // No public domain: privacy refusal.
        QCOMPARE(
            cli({"evaluate", "--data", data_, "--time", "day", "--period", "day", "--synthetic", syn.path()})
                .code,
            4);
        // A time span read from the private data without confirmation: privacy refusal naming the way out.
        const Result span = cli({"evaluate", "--data", data_, "--schema", schema_, "--time", "day",
                                 "--period", "day", "--synthetic", syn.path()});
        QCOMPARE(span.code, 4);
        QVERIFY(span.err.contains("--start"));
        // No stream settings: usage error.
        QCOMPARE(cli({"evaluate", "--data", data_, "--schema", schema_, "--synthetic", syn.path()}).code, 2);
    }
};

QTEST_APPLESS_MAIN(TestEvaluate)
#include "test_evaluate.moc"
