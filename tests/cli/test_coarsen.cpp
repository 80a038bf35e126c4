// End to end: `run --coarsen` on a small table with a 30-label attribute.
// The DP choice of kept labels is charged once per series before step 1 and
// the ledger sums to the steward's ε at every step; a run stopped with a
// session and continued gives byte-identical releases and ledger to one run
// (the continuation never chooses again); the written coarsened schema is
// the run's domain; bad --coarsen input is a clear setting error; inspect
// prints the proposal. `--coarsen-labels` keeps public labels at no charge:
// no whole-stream charge in the ledger (mixed with --coarsen, only the DP
// attributes are charged), the written schema lists them, a continued
// session gives the same files as one run, bad labels name the attribute and
// the label, and inspect shows their figures. In release mode, `--coarsen
// proposed` on a time stream reads the rows per step as public knowledge
// (--rows-per-step), never the periods' private counts. A numeric attribute's
// adjacent public bins are merged (`--coarsen age=3`, or proposed by
// inspect): no charge, and the releases show the merged intervals.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "cli/cli_files.h"
#include "cli/cli_runner.h"

namespace {

using Result = streamsynth::test::CliResult;
using streamsynth::test::readBytes;
using streamsynth::test::runCli;

// The schema's city (30 labels c00..c29) and color (r, g, b) attributes.
QString cityAndColor() {
    QString labels;
    for (int c = 0; c < 30; ++c) labels += QString("%1\"c%2\"").arg(c ? "," : "").arg(c, 2, 10, QChar('0'));
    return "{\"name\": \"city\", \"labels\": [" + labels +
           "]}, {\"name\": \"color\", \"labels\": [\"r\", \"g\", \"b\"]}";
}

// 600 rows: city c00..c29 with counts falling like 1/(rank+1) (c00 most
// frequent), color of 3 labels, size 0..3; batches of 100 rows in file order.
void writeTable(const QString& dir) {
    QByteArray csv = "city,color,size\n";
    int row = 0;
    for (int c = 0; c < 30 && row < 600; ++c)
        for (int n = 0; n < 120 / (c + 1) + 2 && row < 600; ++n, ++row)
            csv += QString("c%1,%2,%3\n")
                       .arg(c, 2, 10, QChar('0'))
                       .arg(QString("rgb")[row % 3])
                       .arg(row % 4)
                       .toUtf8();
    for (; row < 600; ++row) csv += QString("c29,r,%1\n").arg(row % 4).toUtf8();
    QVERIFY(streamsynth::test::writeBytes(dir + "/t.csv", csv));
    const QString schema = "{\"attributes\": [" + cityAndColor() +
                           ", "
                           "{\"name\": \"size\", \"kind\": \"integer\", \"size\": 4}], "
                           "\"batch\": {\"size\": 100, \"order\": \"sorted\"}}";
    QVERIFY(streamsynth::test::writeBytes(dir + "/t.json", schema.toUtf8()));
}

// `rows` rows of writeTable's city and color, dated over six months of 2020
// (a time stream by month, public start and end).
void writeTimeTable(const QString& dir, int rows) {
    QByteArray csv = "day,city,color\n";
    for (int row = 0; row < rows; ++row) {
        const int c = row % 7 == 0 ? row % 30 : row % 4;  // a few frequent cities, the rest rare
        csv += QString("2020-%1-%2,c%3,%4\n")
                   .arg(1 + row % 6, 2, 10, QChar('0'))
                   .arg(1 + row % 28, 2, 10, QChar('0'))
                   .arg(c, 2, 10, QChar('0'))
                   .arg(QString("rgb")[row % 3])
                   .toUtf8();
    }
    QVERIFY(streamsynth::test::writeBytes(dir + "/time.csv", csv));
    const QString schema = "{\"attributes\": [" + cityAndColor() +
                           "], "
                           "\"time\": {\"column\": \"day\", \"period\": \"month\", \"start\": "
                           "\"2020-01-01\", \"end\": \"2020-06-30\"}}";
    QVERIFY(streamsynth::test::writeBytes(dir + "/time.json", schema.toUtf8()));
}

// A release-mode run of the time table with `--coarsen proposed` and `extra`.
Result proposedReleaseRun(const QString& dir, const QString& name, const QStringList& extra) {
    return runCli(QStringList{"run",
                              "--data",
                              dir + "/time.csv",
                              "--schema",
                              dir + "/time.json",
                              "--k",
                              "1",
                              "--iters",
                              "5",
                              "--series",
                              "proposed:simple",
                              "--one-way-share",
                              "0.2",
                              "--coarsen",
                              "proposed",
                              "--release-mode",
                              "--registry",
                              dir + "/registry.sqlite",
                              "--new-registry",
                              "--dataset",
                              name,
                              "--other-table",
                              "--out",
                              dir + "/" + name} +
                  extra);
}

// `splitArgs` (a run writing to <dir>/split) stopped after 2 of 6 steps with
// a session and continued gives the ledger and releases of the one run in
// <dir>/<once>, and the continuation never chooses a coarsening again.
void expectContinueEqualsOneRun(const QString& dir, QStringList splitArgs, const QString& once) {
    const QString session = dir + "/s.session";
    const Result first = runCli(splitArgs << "--steps"
                                          << "2"
                                          << "--session" << session);
    QVERIFY2(first.code == 0, qPrintable(first.err));
    const Result cont = runCli({"continue", "--session", session, "--data", dir + "/t.csv"});
    QVERIFY2(cont.code == 0, qPrintable(cont.err));
    QVERIFY(!cont.err.contains("coarsening:"));
    QCOMPARE(readBytes(dir + "/split/ledger.json"), readBytes(dir + "/" + once + "/ledger.json"));
    const auto a = streamsynth::test::releaseFiles(dir + "/" + once);
    QCOMPARE(a.size(), std::size_t{24});  // 2 series × 6 steps × (csv + json)
    QVERIFY(a == streamsynth::test::releaseFiles(dir + "/split"));
}

QStringList runArgs(const QString& dir, const QString& out) {
    return {"run",
            "--data",
            dir + "/t.csv",
            "--schema",
            dir + "/t.json",
            "--k",
            "2",
            "--iters",
            "5",
            "--seed",
            "4",
            "--series",
            "baseline,proposed:simple",
            "--epsilon",
            "0.7",
            "--coarsen",
            "city=3",
            "--out",
            out};
}

// 400 rows: age 0..119 (12 bins of 10 over [0, 120]) and color; batches of 100.
void writeNumericTable(const QString& dir) {
    QByteArray csv = "age,color\n";
    for (int row = 0; row < 400; ++row)
        csv += QString("%1,%2\n").arg((row * 37) % 120).arg(QString("rgb")[row % 3]).toUtf8();
    QVERIFY(streamsynth::test::writeBytes(dir + "/n.csv", csv));
    QVERIFY(streamsynth::test::writeBytes(
        dir + "/n.json",
        "{\"attributes\": [{\"name\": \"age\", \"kind\": \"numeric\", \"lower\": 0, \"upper\": 120, "
        "\"bins\": 12}, {\"name\": \"color\", \"labels\": [\"r\", \"g\", \"b\"]}], \"batch\": {\"size\": "
        "100}}"));
}

// A run of writeNumericTable's table at `epsilon` (no --out).
QStringList numericRunArgs(const QString& dir, const QString& epsilon) {
    return {"run", "--data",   dir + "/n.csv",    "--schema",  dir + "/n.json",
            "--k", "1",        "--iters",         "5",         "--seed",
            "3",   "--series", "proposed:simple", "--epsilon", epsilon};
}

// runArgs with --coarsen's choice replaced by `flags`.
QStringList publicArgs(const QString& dir, const QString& out, const QStringList& flags) {
    QStringList args = runArgs(dir, out);
    const auto at = args.indexOf("--coarsen");
    args.remove(at, 2);
    return args << flags;
}

QJsonObject readJson(const QString& path) {
    return QJsonDocument::fromJson(readBytes(path)).object();
}

}  // namespace

class TestCoarsen : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void ledgerHoldsTheChoiceOncePerSeries() {
        QTemporaryDir dir;
        writeTable(dir.path());
        const Result r = runCli(runArgs(dir.path(), dir.filePath("out")) << "--coarsen-share"
                                                                         << "0.2");
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains("'city' keeps 3 of 30 labels"), qPrintable(r.err));
        const QJsonArray charges = readJson(dir.filePath("out/ledger.json"))["charges"].toArray();
        for (const QString series : {"baseline", "proposed-simple"}) {
            std::map<int, double> perStep;
            int whole = 0;
            for (const auto& v : charges) {
                const QJsonObject c = v.toObject();
                if (c["series"].toString() != series) continue;
                perStep[c["step"].toInt()] += c["epsilon"].toDouble();
                if (c["step"].toInt() == 0) {
                    ++whole;
                    QCOMPARE(c["epsilon"].toDouble(), 0.2 * 0.7);
                    QCOMPARE(c["mechanism"].toString(), QString("gumbel-top-m"));
                    QCOMPARE(c["workload"].toString(), QString("city:3"));
                }
            }
            QCOMPARE(whole, 1);
            QCOMPARE(perStep.size(), std::size_t{7});  // step 0 and the 6 batches
            for (const auto& [step, sum] : perStep) {
                if (step == 0) continue;
                // The step's own charges plus the choice: the steward's ε.
                QVERIFY2(std::abs(sum + perStep[0] - 0.7) < 1e-12, qPrintable(series));
            }
        }
        // The coarsened domain is written beside the run: 3 kept labels and <other>.
        const QJsonArray attrs = readJson(dir.filePath("out/schema-coarsened.json"))["attributes"].toArray();
        QCOMPARE(attrs[0].toObject()["labels"].toArray().size(), 3);
        QVERIFY(attrs[0].toObject()["other"].toBool());
        // A re-run with that schema reads the kept labels and chooses nothing.
        const Result again =
            runCli({"run", "--data", dir.filePath("t.csv"), "--schema",
                    dir.filePath("out/schema-coarsened.json"), "--k", "2", "--iters", "5", "--seed", "4",
                    "--series", "proposed:simple", "--out", dir.filePath("again")});
        QVERIFY2(again.code == 0, qPrintable(again.err));
        QVERIFY(!again.err.contains("coarsening:"));
        QVERIFY(!readBytes(dir.filePath("again/ledger.json")).contains("gumbel-top-m"));
    }
    void coarsenedPairIsTrackedAsASmallWorkload() {
        QTemporaryDir dir;
        writeTable(dir.path());
        QStringList args = runArgs(dir.path(), dir.filePath("out"));
        args[args.indexOf("city=3")] = "city=3,color=1";  // 4 × 2 codes
        const Result r = runCli(args);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains("(8 cells)") &&
                     r.err.contains("--small-cells 12 --small-share 0.1, taken from the 1-way share\n"),
                 qPrintable(r.err));
        QVERIFY(readBytes(dir.filePath("out/ledger.json")).contains("counter-small"));
        // From 0.75 a step (after the choice's charge) the tracked workloads leave the rounds.
        QStringList high = args;
        high[high.indexOf("0.7")] = "1";
        const Result out = runCli(high << "--replace");
        QVERIFY2(out.code == 0, qPrintable(out.err));
        QVERIFY2(out.err.contains("taken from the 1-way share; out of the rounds (--tracked-in-rounds no)"),
                 qPrintable(out.err));
        // The steward's own setting wins.
        const Result own = runCli(QStringList(args) << "--small-share"
                                                    << "0.05"
                                                    << "--replace");
        QVERIFY2(own.code == 0, qPrintable(own.err));
        QVERIFY2(own.err.contains("--small-cells 12 --small-share 0.05"), qPrintable(own.err));
    }
    void continuedSessionDoesNotChooseAgain() {
        QTemporaryDir dir;
        writeTable(dir.path());
        const Result once = runCli(runArgs(dir.path(), dir.filePath("once")));
        QVERIFY2(once.code == 0, qPrintable(once.err));
        expectContinueEqualsOneRun(dir.path(), runArgs(dir.path(), dir.filePath("split")), "once");
    }
    // A run refused for its settings or its output targets is refused before the DP choice of kept
    // labels: nothing chosen, nothing shown, so the next attempt spends nothing more than one run.
    void refusedRunsNeverChoose() {
        QTemporaryDir dir;
        writeTable(dir.path());
        const Result k = runCli(runArgs(dir.path(), dir.filePath("k")) << "--k"
                                                                       << "50");
        QCOMPARE(k.code, 2);
        QVERIFY2(k.err.contains("rounds") && !k.err.contains("keeps") && !k.err.contains("chosen by DP"),
                 qPrintable(k.err));
        const QString session = dir.filePath("s.session");
        const Result first = runCli(runArgs(dir.path(), dir.filePath("a")) << "--session" << session);
        QVERIFY2(first.code == 0 && first.err.contains("chosen by DP"), qPrintable(first.err));
        const Result again = runCli(runArgs(dir.path(), dir.filePath("b")) << "--session" << session);
        QCOMPARE(again.code, 2);
        QVERIFY2(again.err.contains("exists") && !again.err.contains("keeps") &&
                     !again.err.contains("chosen by DP"),
                 qPrintable(again.err));
        QVERIFY(!QFile::exists(dir.filePath("b/ledger.json")));
    }
    void badInputIsAClearError() {
        QTemporaryDir dir;
        writeTable(dir.path());
        const QStringList base{"run",
                               "--data",
                               dir.filePath("t.csv"),
                               "--schema",
                               dir.filePath("t.json"),
                               "--series",
                               "proposed:simple",
                               "--k",
                               "2",
                               "--out",
                               dir.filePath("out")};
        const std::pair<QStringList, QString> cases[] = {
            {{"--coarsen", "city"}, "expected ATTRIBUTE=M"},
            {{"--coarsen", "city=0"}, "whole number >= 1"},
            {{"--coarsen", "city=2.5"}, "whole number >= 1"},
            {{"--coarsen", "=3"}, "no attribute name"},
            {{"--coarsen", "town=3"}, "no attribute 'town'"},
            {{"--coarsen", "city=2,city=3"}, "listed twice"},
            {{"--coarsen", "city=30"}, "keep fewer"},
            {{"--coarsen", "size=2"}, "not categorical"},
            {{"--coarsen", "city=3", "--coarsen-share", "0.6"}, "at most 0.5"},
            {{"--coarsen", "city=3", "--coarsen-share", "0"}, "above 0"},
            {{"--coarsen-share", "0.2"}, "needs --coarsen"},
        };
        for (const auto& [extra, text] : cases) {
            const Result r = runCli(QStringList(base) << extra);
            QVERIFY2(r.code == 2, qPrintable(extra.join(' ') + ": " + r.err));
            QVERIFY2(r.err.contains("setting 'coarsen"), qPrintable(r.err));
            QVERIFY2(r.err.contains(text), qPrintable(extra.join(' ') + ": " + r.err));
            QVERIFY(!QDir(dir.filePath("out")).exists() || QDir(dir.filePath("out")).isEmpty());
        }
    }
    void inspectAndRunTakeTheProposal() {
        QTemporaryDir dir;
        writeTable(dir.path());
        // The fixed share 0.2: at batches of 100 and ε = 1 the rule auto gives 0.5, whose
        // larger 1-way counters support 'city' without coarsening (this test is about the proposal).
        const Result in = runCli({"inspect", "--data", dir.filePath("t.csv"), "--schema",
                                  dir.filePath("t.json"), "--one-way-share", "0.2"});
        QVERIFY2(in.code == 0, qPrintable(in.err));
        QVERIFY2(in.out.contains("Coarsening:") && in.out.contains("'city' (30 labels): proposed keep"),
                 qPrintable(in.out));
        QVERIFY(in.out.contains("full domain (30 codes)"));
        const Result r =
            runCli({"run", "--data", dir.filePath("t.csv"), "--schema", dir.filePath("t.json"), "--k", "2",
                    "--iters", "5", "--seed", "4", "--series", "proposed:simple", "--coarsen", "proposed",
                    "--one-way-share", "0.2", "--out", dir.filePath("out")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains("coarsening proposal") && r.err.contains("'city' keeps"), qPrintable(r.err));
    }
    // What a release publishes is never decided by a time stream's private
    // row counts: `--coarsen proposed` in release mode needs the rows per step
    // as public knowledge, and then proposes the same for tables of any size.
    void releaseProposalReadsOnlyPublicRows() {
        QTemporaryDir small, large;
        writeTimeTable(small.path(), 300);
        writeTimeTable(large.path(), 1200);
        const Result refused = proposedReleaseRun(small.path(), "refused", {});
        QVERIFY2(refused.code == 2 && refused.err.contains("--rows-per-step R") &&
                     refused.err.contains("private number of rows"),
                 qPrintable(refused.err));
        QVERIFY(!QDir(small.filePath("refused")).exists() || QDir(small.filePath("refused")).isEmpty());
        const Result a = proposedReleaseRun(small.path(), "a", {"--rows-per-step", "40"});
        const Result b = proposedReleaseRun(large.path(), "b", {"--rows-per-step", "40"});
        QVERIFY2(a.code == 0, qPrintable(a.err));
        QVERIFY2(b.code == 0, qPrintable(b.err));
        QVERIFY2(a.err.contains("computed from 40 public rows per step"), qPrintable(a.err));
        // The preview and the kept count: a function of the public figure only.
        auto proposal = [](const QString& err) {
            QStringList lines;
            for (const QString& line : err.split('\n'))
                if (line.contains("'city' (30 labels)") || line.contains("'city' keeps"))
                    lines << line.section(':', 0, 1);
            return lines;
        };
        QVERIFY2(!proposal(a.err).isEmpty(), qPrintable(a.err));
        QCOMPARE(proposal(a.err), proposal(b.err));
        // Evaluation runs read their own rows; the public figure is for release runs only.
        const Result eval = runCli({"run", "--data", small.filePath("time.csv"), "--schema",
                                    small.filePath("time.json"), "--k", "1", "--coarsen", "proposed",
                                    "--rows-per-step", "40", "--out", small.filePath("eval")});
        QVERIFY2(eval.code == 2 && eval.err.contains("setting 'rows-per-step'"), qPrintable(eval.err));
    }
    void publicLabelsChargeNothing() {
        QTemporaryDir dir;
        writeTable(dir.path());
        QVERIFY(streamsynth::test::writeBytes(dir.filePath("colors.txt"), "g\n\nb\n"));
        const QStringList flags{"--coarsen-labels", "city=c05|c02; color=@" + dir.filePath("colors.txt")};
        const Result r = runCli(publicArgs(dir.path(), dir.filePath("out"), flags));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(
            r.err.contains("'city' keeps 2 of 30 labels known to be public (no budget spent): c02 | c05"),
            qPrintable(r.err));
        QVERIFY2(r.err.contains("'color' keeps 2 of 3 labels known to be public"), qPrintable(r.err));
        QVERIFY(!r.err.contains("chosen by DP"));
        // The ledger: no whole-stream charge, every step's charges sum to ε.
        const QJsonArray charges = readJson(dir.filePath("out/ledger.json"))["charges"].toArray();
        std::map<std::pair<QString, int>, double> perStep;
        for (const auto& v : charges) {
            const QJsonObject c = v.toObject();
            QVERIFY2(c["step"].toInt() > 0, qPrintable(c["mechanism"].toString()));
            perStep[{c["series"].toString(), c["step"].toInt()}] += c["epsilon"].toDouble();
        }
        QCOMPARE(perStep.size(), std::size_t{12});  // 2 series × 6 steps
        for (const auto& [key, sum] : perStep) QVERIFY2(std::abs(sum - 0.7) < 1e-12, qPrintable(key.first));
        // Written like schema-listed labels: a continued session never selects again.
        const QJsonArray attrs = readJson(dir.filePath("out/schema-coarsened.json"))["attributes"].toArray();
        QCOMPARE(attrs[0].toObject()["labels"].toArray(), (QJsonArray{"c02", "c05"}));
        QCOMPARE(attrs[1].toObject()["labels"].toArray(), (QJsonArray{"g", "b"}));
        QVERIFY(attrs[0].toObject()["other"].toBool());
        expectContinueEqualsOneRun(dir.path(), publicArgs(dir.path(), dir.filePath("split"), flags), "out");
    }
    void publicLabelsBesideADpChoice() {
        QTemporaryDir dir;
        writeTable(dir.path());
        const Result r = runCli(publicArgs(dir.path(), dir.filePath("out"),
                                           {"--coarsen-labels", "city=c01|c04", "--coarsen", "color=1"}));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains("known to be public") && r.err.contains("chosen by DP"), qPrintable(r.err));
        int whole = 0;
        for (const auto& v : readJson(dir.filePath("out/ledger.json"))["charges"].toArray()) {
            const QJsonObject c = v.toObject();
            if (c["step"].toInt() != 0) continue;
            ++whole;
            QCOMPARE(c["workload"].toString(), QString("color:1"));  // only the DP attribute
            QCOMPARE(c["epsilon"].toDouble(), 0.05 * 0.7);
        }
        QCOMPARE(whole, 2);  // once per series
    }
    void badPublicLabelsNameAttributeAndLabel() {
        QTemporaryDir dir;
        writeTable(dir.path());
        const std::pair<QStringList, QString> cases[] = {
            {{"--coarsen-labels", "city=c01|Paris"},
             "attribute 'city' has no label 'Paris' in its confirmed domain"},
            {{"--coarsen-labels", "town=c01"}, "no attribute 'town'"},
            {{"--coarsen-labels", "city"}, "expected ATTRIBUTE=LABEL"},
            {{"--coarsen-labels", "city=c01|c01"}, "label 'c01' of 'city' is listed twice"},
            {{"--coarsen-labels", "size=1"}, "not categorical"},
            {{"--coarsen-labels", "city=c01", "--coarsen", "city=3"}, "give one of them"},
        };
        for (const auto& [extra, text] : cases) {
            const Result r = runCli(publicArgs(dir.path(), dir.filePath("out"), extra));
            QVERIFY2(r.code == 2, qPrintable(extra.join(' ') + ": " + r.err));
            QVERIFY2(r.err.contains("setting 'coarsen"), qPrintable(r.err));
            QVERIFY2(r.err.contains(text), qPrintable(extra.join(' ') + ": " + r.err));
            QVERIFY(!QDir(dir.filePath("out")).exists() || QDir(dir.filePath("out")).isEmpty());
        }
        const Result missing = runCli(publicArgs(dir.path(), dir.filePath("out"),
                                                 {"--coarsen-labels", "city=@" + dir.filePath("no.txt")}));
        QVERIFY(missing.code != 0);
        QVERIFY2(missing.err.contains("no.txt"), qPrintable(missing.err));
    }
    void inspectShowsPublicLabels() {
        QTemporaryDir dir;
        writeTable(dir.path());
        const Result in = runCli({"inspect", "--data", dir.filePath("t.csv"), "--schema",
                                  dir.filePath("t.json"), "--coarsen-labels", "city=c00|c03"});
        QVERIFY2(in.code == 0, qPrintable(in.err));
        QVERIFY2(in.out.contains("'city' (30 labels): keeps 2 public labels + <other>"), qPrintable(in.out));
        QVERIFY2(in.out.contains("public 2 (3 codes)"), qPrintable(in.out));
        const Result bad = runCli({"inspect", "--data", dir.filePath("t.csv"), "--schema",
                                   dir.filePath("t.json"), "--coarsen-labels", "city=Rome"});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains("'city' has no label 'Rome'"), qPrintable(bad.err));
    }
    void numericBinsMergedAtNoCharge() {
        QTemporaryDir dir;
        writeNumericTable(dir.path());
        const QStringList base = numericRunArgs(dir.path(), "0.5");
        const Result r = runCli(QStringList(base) << "--coarsen"
                                                  << "age=3"
                                                  << "--out" << dir.filePath("out"));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains("'age' has its 12 bins merged into 3 (public edges, no budget spent): "
                                "[0, 40) | [40, 80) | [80, 120]"),
                 qPrintable(r.err));
        for (const auto& v : readJson(dir.filePath("out/ledger.json"))["charges"].toArray())
            QVERIFY(v.toObject()["step"].toInt() > 0);  // no whole-stream charge
        // The releases show the merged intervals, never the old bins.
        const auto files = streamsynth::test::releaseFiles(dir.filePath("out"));
        QVERIFY(!files.empty());
        bool merged = false;
        for (const auto& [name, bytes] : files) {
            if (!name.endsWith(".csv")) continue;
            merged = merged || bytes.contains("\"[40, 80)\"") || bytes.contains("[40, 80)");
            QVERIFY2(!bytes.contains("[10, 20)"), qPrintable(name));
        }
        QVERIFY(merged);
        const QJsonArray attrs = readJson(dir.filePath("out/schema-coarsened.json"))["attributes"].toArray();
        QCOMPARE(attrs[0].toObject()["edges"].toArray(), (QJsonArray{0, 40, 80, 120}));
        // A session stopped and continued re-encodes the table with the merged edges: the same files.
        const QString session = dir.filePath("n.session");
        const Result first = runCli(QStringList(base) << "--coarsen"
                                                      << "age=3"
                                                      << "--out" << dir.filePath("split") << "--steps"
                                                      << "2"
                                                      << "--session" << session);
        QVERIFY2(first.code == 0, qPrintable(first.err));
        const Result cont = runCli({"continue", "--session", session, "--data", dir.filePath("n.csv")});
        QVERIFY2(cont.code == 0, qPrintable(cont.err));
        QCOMPARE(readBytes(dir.filePath("split/ledger.json")), readBytes(dir.filePath("out/ledger.json")));
        QVERIFY(files == streamsynth::test::releaseFiles(dir.filePath("split")));
        // Not a divisor: groups as equal as the count allows; out of range: a clear error.
        const Result five = runCli(QStringList(base) << "--coarsen"
                                                     << "age=5"
                                                     << "--out" << dir.filePath("five"));
        QVERIFY2(five.code == 0 && five.err.contains("[0, 20) | [20, 40) | [40, 70) | [70, 90) | [90, 120]"),
                 qPrintable(five.err));
        const Result bad = runCli(QStringList(base) << "--coarsen"
                                                    << "age=12"
                                                    << "--out" << dir.filePath("bad"));
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains("'age' has 12 bins: merge them into 1 to 11"), qPrintable(bad.err));
    }

    // `--coarsen proposed` applies a merge only where the merged column is supported.
    void proposedMergesOnlyWhereSupported() {
        QTemporaryDir dir;
        writeNumericTable(dir.path());
        // Counters fed at every step (--tracked-blocks off): at R·ε ≤ 50 the run's
        // default feeds them in blocks, which the check judges supported at ε = 0.5
        // and which the 4 steps of this stream cannot hold at ε = 0.05
        // (test_support_check's blocksDivideTheStepsNeeded).
        const QStringList every{"--tracked-blocks", "off"};
        const QStringList base = numericRunArgs(dir.path(), "0.5") << every;
        // inspect offers merges when the stream cannot support 12 bins; at ε = 0.05 none is supported
        // either, so `--coarsen proposed` applies none (the per-attribute check) ...
        const Result in = runCli(QStringList{"inspect", "--data", dir.filePath("n.csv"), "--schema",
                                             dir.filePath("n.json"), "--epsilon", "0.05"}
                                 << every);
        QVERIFY2(in.code == 0, qPrintable(in.err));
        QVERIFY2(
            in.out.contains("'age' (12 bins): fewest steps per bin at 2 merged bins, still not supported") &&
                in.out.contains("6 bins (6 codes)"),
            qPrintable(in.out));
        const QStringList proposed{"--coarsen", "proposed", "--out"};
        const Result none =
            runCli(numericRunArgs(dir.path(), "0.05") << every << proposed << dir.filePath("none"));
        QVERIFY2(none.code == 0 && none.err.contains("not applied by 'proposed'") &&
                     none.err.contains("nothing to coarsen") && !none.err.contains("merged into"),
                 qPrintable(none.err));
        // ... at ε = 0.5 every merge is supported and the finest one, 6 bins, is applied at no charge.
        const Result six = runCli(QStringList(base) << proposed << dir.filePath("prop"));
        QVERIFY2(six.code == 0 && six.err.contains("'age' (12 bins): proposed 6 bins") &&
                     six.err.contains("'age' has its 12 bins merged into 6 (public edges, no budget spent)"),
                 qPrintable(six.err));
        for (const auto& v : readJson(dir.filePath("prop/ledger.json"))["charges"].toArray())
            QVERIFY(v.toObject()["step"].toInt() > 0);
        QCOMPARE(readJson(dir.filePath("prop/schema-coarsened.json"))["attributes"]
                     .toArray()[0]
                     .toObject()["edges"]
                     .toArray()
                     .size(),
                 7);
    }

    // The same table at ε = 0.5 with the run's default blocks (R·ε = 50: its
    // 1-way counters are fed once per block of steps): the check finds the
    // 12 bins supported, so `--coarsen proposed` merges nothing where the
    // counters fed at every step (above) had it merge into 6.
    void proposedFollowsCountersFedInBlocks() {
        QTemporaryDir dir;
        writeNumericTable(dir.path());
        const Result r = runCli(numericRunArgs(dir.path(), "0.5") << "--coarsen"
                                                                  << "proposed"
                                                                  << "--out" << dir.filePath("blocks"));
        QVERIFY2(r.code == 0 &&
                     r.err.contains("coarsening: nothing to coarsen (the support check finds every") &&
                     !r.err.contains("merged into"),
                 qPrintable(r.err));
        QVERIFY(!QFile::exists(dir.filePath("blocks/schema-coarsened.json")));
        const Result in = runCli(QStringList{"inspect", "--data", dir.filePath("n.csv"), "--schema",
                                             dir.filePath("n.json"), "--epsilon", "0.5"});
        QVERIFY2(in.code == 0 && !in.out.contains("cannot support attribute 'age'"), qPrintable(in.out));
    }
};

QTEST_APPLESS_MAIN(TestCoarsen)
#include "test_coarsen.moc"
