// `evaluate` reads every release format StreamSynth writes and scores it as
// the run scored itself: `run --export-releases all`, then `evaluate` on each
// series' folder reproduces the run's metrics.csv to 1e-12 (relative) on
// Adult (integer codes), on movies by year (numeric columns in bins, as
// intervals and as values drawn inside them, missing values), and on a table
// with <missing> and <other> categories. The proposed series runs with
// --release-answers sampled, where its metrics are those of the table it
// releases; with the default rule they are those of the release's models
// (expected answers), which a drawn table meets up to its sampling error
// (docs/streamers.md "Releases kept as models").
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <map>

#include "cli/cli_runner.h"
#include "support/adult_rows.h"
#include "support/test_data.h"

using streamsynth::test::runCli;

namespace {

// metrics CSV -> (series, step) -> column -> text (comment lines skipped).
using Table = std::map<std::pair<QString, int>, std::map<QString, QString>>;

Table readMetrics(const QString& text) {
    Table out;
    QStringList header;
    for (const QString& line : text.split('\n', Qt::SkipEmptyParts)) {
        if (line.startsWith('#')) continue;
        const QStringList f = line.split(',');
        if (header.isEmpty()) {
            header = f;
            continue;
        }
        std::map<QString, QString> row;
        for (int i = 0; i < header.size() && i < f.size(); ++i) row[header[i]] = f[i];
        out[{row["series"], row["step"].toInt()}] = row;
    }
    return out;
}

QString readFile(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

void writeFile(const QString& path, const QByteArray& text) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

// Runs `run` with the stream options, then `evaluate` on every series' folder,
// and compares each scored step with the run's own row.
void roundTrip(const QStringList& stream, const QStringList& extraRun) {
    QTemporaryDir dir;
    const QString out = dir.filePath("run");
    const auto r =
        runCli(QStringList{"run"} + stream + extraRun +
               QStringList{"--series", "baseline,proposed:simple", "--k", "2", "--iters", "10", "--out", out,
                           "--export-releases", "all", "--release-answers", "sampled"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const Table run = readMetrics(readFile(out + "/metrics.csv"));
    QVERIFY(!run.empty());
    int compared = 0;
    for (const QString& series : {QString("baseline"), QString("proposed-simple")}) {
        const auto e =
            runCli(QStringList{"evaluate"} + stream +
                   QStringList{"--synthetic", out + "/releases/" + series + "/eps1", "--series", series});
        QVERIFY2(e.code == 0, qPrintable(e.err));
        const Table evaluated = readMetrics(e.out);
        QCOMPARE(evaluated.size(), run.size() / 2);  // every step of the run
        for (const auto& [key, row] : evaluated) {
            QVERIFY2(run.count(key), qPrintable(key.first + " step " + QString::number(key.second)));
            const auto& mine = run.at(key);
            for (const char* c : {"rows_true", "rows_synth", "epsilon", "epsilon_spent"})
                QCOMPARE(row.at(c), mine.at(c));
            for (const char* c : {"AvgWE", "MaxWE", "AvgRelWE", "MaxRelWE", "AvgRelL1", "MaxRelL1"}) {
                const double a = row.at(c).toDouble(), b = mine.at(c).toDouble();
                QVERIFY2(std::abs(a - b) <= 1e-12 * std::max(1.0, std::abs(b)),
                         qPrintable(QString("%1 step %2 %3: evaluate %4, run %5")
                                        .arg(key.first)
                                        .arg(key.second)
                                        .arg(c)
                                        .arg(row.at(c), mine.at(c))));
            }
            ++compared;
        }
    }
    QCOMPARE(std::size_t(compared), run.size());
}

}  // namespace

class TestRoundTrip : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void adultIntegerCodes() {
        QTemporaryDir dir;
        const QString data = streamsynth::test::writeAdultRows(dir, "a3k.csv", 3000);
        // --seed: the series' noise and the random batch order (evaluate forms the same batches).
        roundTrip({"--data", data, "--schema", streamsynth::test::dataFile("adult-domain.json"), "--batch",
                   "750", "--seed", "5"},
                  {});
    }

    // movies by year: numeric columns binned over public bounds, written as
    // intervals "[0, 1e+08)" and, with --bins uniform, as values inside them;
    // many empty cells (<missing>).
    void moviesBinsAndMissing() {
        QTemporaryDir dir;
        const QString schema = dir.filePath("movies.json");
        const auto s = runCli({"inspect", "--data", streamsynth::test::dataFile("movies.csv"),
                               "--confirm-domain", "--time", "Release Date", "--period", "year", "--start",
                               "2000-01-01", "--end", "2010-12-31", "--write-schema", schema});
        QVERIFY2(s.code == 0, qPrintable(s.err));
        const QStringList stream{
            "--data", streamsynth::test::dataFile("movies.csv"), "--schema", schema, "--seed", "5"};
        roundTrip(stream, {});
        roundTrip(stream, {"--bins", "uniform"});
    }

    void missingAndOtherCategories() {
        QTemporaryDir dir;
        QByteArray rows = "colour,size,n\n";
        const char* colours[] = {"red", "blue", "", "green", "mauve", "red"};
        for (int i = 0; i < 600; ++i)
            rows += QByteArray(colours[i % 6]) + "," + QByteArray::number(i % 3) + "," +
                    QByteArray::number(i % 50) + "\n";
        writeFile(dir.filePath("t.csv"), rows);
        writeFile(dir.filePath("t.json"), R"({"version": 1, "attributes": [
            {"name": "colour", "kind": "categorical", "labels": ["blue", "green", "red"], "other": true, "missing": true},
            {"name": "size", "kind": "integer", "size": 3},
            {"name": "n", "kind": "numeric", "lower": 0, "upper": 50, "bins": 5}]})");
        roundTrip({"--data", dir.filePath("t.csv"), "--schema", dir.filePath("t.json"), "--batch", "200",
                   "--seed", "5"},
                  {"--bins", "uniform"});
    }
};

QTEST_APPLESS_MAIN(TestRoundTrip)
#include "test_round_trip.moc"
