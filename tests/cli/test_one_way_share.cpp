// End to end: the 1-way share chosen from public inputs (the rule auto,
// stream/one_way_share.h) through `streamsynth-cli run` and `plan`. Adult in
// batches of 100 with two series, ε = 0.5 (R·ε = 50: the band's share 0.5)
// and ε = 4 (400: 0.2): each series' manifests name its resolved share and
// the rule, the ledger charges each series its own share on the 1-way
// counters and sums to its ε per step, `--one-way-share auto` is the
// default bit for bit, `--one-way-share 0.3` fixes 0.3 for both, and `plan`
// on the same batches expects the share the run spends. The rule for the
// tracked small workloads in the rounds (stream/tracked_in_rounds.h) rides
// along: "yes" at ε = 0.5, "no" at ε = 4, where no round charge names a
// tracked workload; `--tracked-in-rounds yes` keeps them candidates.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <map>

#include "cli/cli_runner.h"
#include "support/test_data.h"

using namespace streamsynth;

namespace {

using Result = test::CliResult;

QByteArray readShareBytes(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
QJsonObject readJson(const QString& path) {
    return QJsonDocument::fromJson(readShareBytes(path)).object();
}

// inspect on Adult in batches of `batch` at ε = 0.5 (its support check).
Result inspectAdult(const QString& batch, const QStringList& extra) {
    return test::runCli(QStringList{"inspect", "--data", test::dataFile("adult.csv"), "--schema",
                                    test::dataFile("adult-domain.json"), "--batch", batch, "--epsilon",
                                    "0.5"} +
                        extra);
}

// run on Adult, batches of 100, 2 steps, series proposed:simple at ε = 0.5 and 4.
Result runAdult(const QString& out, const QStringList& extra = {}) {
    return test::runCli(QStringList{"run",
                                    "--data",
                                    test::dataFile("adult.csv"),
                                    "--schema",
                                    test::dataFile("adult-domain.json"),
                                    "--batch",
                                    "100",
                                    "--steps",
                                    "2",
                                    "--series",
                                    "proposed:simple",
                                    "--epsilon",
                                    "0.5,4",
                                    "--rounds",
                                    "2",
                                    "--iters",
                                    "20",
                                    "--seed",
                                    "5",
                                    "--out",
                                    out} +
                        extra);
}

QString manifest(const QString& dir, const char* eps) {
    return QDir(dir).filePath(QString("releases/proposed-simple/eps%1/step-0002.json").arg(eps));
}

}  // namespace

class TestOneWayShare : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void autoGivesEachSeriesItsShare();
    void blocksAreChargedAtTheirEnds();
    void fixedShareAndExplicitAuto();
    void planExpectsTheRunsShare();
    void inspectChecksSupportAtTheRunsShare();
    void inspectJudgesCountersFedInBlocks();
};

// inspect's support check on batches of 100 at ε = 0.5 (R·ε = 50): the rule
// auto, the default, gives the same figures as the share 0.5 fixed and other
// figures than 0.2; a share that is neither auto nor a number exits 2.
void TestOneWayShare::inspectChecksSupportAtTheRunsShare() {
    const auto inspect = [](const QStringList& extra) { return inspectAdult("100", extra); };
    const Result byDefault = inspect({}), explicitAuto = inspect({"--one-way-share", "auto"}),
                 half = inspect({"--one-way-share", "0.5"}), fifth = inspect({"--one-way-share", "0.2"});
    for (const Result* r : {&byDefault, &explicitAuto, &half, &fifth})
        QVERIFY2(r->code == 0, qPrintable(r->err));
    QVERIFY2(byDefault.out.contains("Support:"), qPrintable(byDefault.out));
    QCOMPARE(byDefault.out, half.out);
    QCOMPARE(explicitAuto.out, half.out);
    QVERIFY(fifth.out != half.out);
    const Result bad = inspect({"--one-way-share", "half"});
    QCOMPARE(bad.code, 2);
    QVERIFY2(bad.err.contains("one-way-share"), qPrintable(bad.err));
}

// inspect's support check on batches of 50 at ε = 0.5 (R·ε = 25: the run
// feeds its 1-way counters in blocks): by default it judges each 1-way
// counter as fed in blocks, and age, which fed every step needs about 19,000
// steps of 977 through its cheapest measurement ("cannot support"), is named
// with the steps it needs fed once every 142 steps; a rule that is neither
// off nor a number exits 2.
void TestOneWayShare::inspectJudgesCountersFedInBlocks() {
    const auto inspect = [](const QStringList& extra) { return inspectAdult("50", extra); };
    const Result blocks = inspect({}), every = inspect({"--tracked-blocks", "off"});
    QVERIFY2(blocks.code == 0 && every.code == 0, qPrintable(blocks.err + every.err));
    QVERIFY2(every.out.contains("cannot support attribute 'age'"), qPrintable(every.out));
    QVERIFY2(blocks.out.contains("attribute 'age': ") && blocks.out.contains("one feed every 142 steps") &&
                 blocks.out.contains("to emerge from the noise") && !blocks.out.contains("cannot support"),
             qPrintable(blocks.out));
    QCOMPARE(inspect({"--tracked-blocks", "1"}).out, blocks.out);
    const Result bad = inspect({"--tracked-blocks", "many"});
    QCOMPARE(bad.code, 2);
    QVERIFY2(bad.err.contains("tracked-blocks"), qPrintable(bad.err));
}

// (Every step's charges: with the counters fed in blocks at R·ε ≤ 50 a step
// inside a block has no 1-way charge; blocksAreChargedAtTheirEnds below.)
void TestOneWayShare::autoGivesEachSeriesItsShare() {
    QTemporaryDir dir;
    const Result r = runAdult(dir.path(), {"--tracked-blocks", "off"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const std::map<QString, double> share{{"0.5", 0.5}, {"4", 0.2}};
    for (const auto& [eps, s] : share) {
        const QJsonObject m = readJson(manifest(dir.path(), eps.toUtf8().constData()));
        QCOMPARE(m["one_way_share"].toDouble(), s);
        QCOMPARE(m["one_way_share_rule"].toString(), QString("auto"));
        QCOMPARE(m["tracked_in_rounds"].toString(), QString(eps == "4" ? "no" : "yes"));
    }
    // ledger.json: per series and step, the 1-way counters' charges are its
    // share of its ε and all its charges sum to ε (1e-12: summation rounding).
    const QJsonArray charges = readJson(QDir(dir.path()).filePath("ledger.json"))["charges"].toArray();
    const std::map<QString, std::pair<double, double>> series{{"proposed-simple-eps0.5", {0.5, 0.5}},
                                                              {"proposed-simple-eps4", {4.0, 0.2}}};
    for (const auto& [id, budget] : series)
        for (int step = 1; step <= 2; ++step) {
            double total = 0, oneWay = 0;
            int oneWays = 0;
            QSet<QString> tracked, rounds;
            for (const QJsonValue& v : charges) {
                const QJsonObject c = v.toObject();
                if (c["series"].toString() != id || c["step"].toInt() != step) continue;
                total += c["epsilon"].toDouble();
                if (c["mechanism"].toString().startsWith("counter-small:"))
                    tracked.insert(c["workload"].toString());
                if (c["round"].toInt() > 0) rounds.insert(c["workload"].toString());
                if (c["mechanism"].toString().startsWith("counter-1way:")) {
                    oneWay += c["epsilon"].toDouble();
                    ++oneWays;
                }
            }
            const QString where = id + QString(" step %1").arg(step);
            QCOMPARE(oneWays, 14);  // every attribute of Adult
            QVERIFY2(std::abs(oneWay - budget.second * budget.first) < 1e-12, qPrintable(where));
            QVERIFY2(std::abs(total - budget.first) < 1e-12, qPrintable(where));
            QCOMPARE(tracked.size(), 5);  // Adult's 2-way workloads of at most 12 cells
            if (budget.first >= 2) QVERIFY2(!rounds.intersects(tracked), qPrintable(where));
        }
}

// The default --tracked-blocks 1: batches of 100 at ε = 0.5 (R·ε = 50) feed
// the tracked counters in blocks, so step 1 (a block of its own) has all 14
// 1-way charges and the series' whole ε, and step 2 fewer, within ε; at ε = 4
// (R·ε = 400) every step has all 14. The manifests say K.
void TestOneWayShare::blocksAreChargedAtTheirEnds() {
    QTemporaryDir dir;
    const Result r = runAdult(dir.path());
    QVERIFY2(r.code == 0, qPrintable(r.err));
    for (const char* eps : {"0.5", "4"})
        QCOMPARE(readJson(manifest(dir.path(), eps))["tracked_blocks"].toDouble(), 1.0);
    const QJsonArray charges = readJson(QDir(dir.path()).filePath("ledger.json"))["charges"].toArray();
    const auto sums = [&](const QString& id, int step) {
        double total = 0;
        int oneWays = 0;
        for (const QJsonValue& v : charges) {
            const QJsonObject c = v.toObject();
            if (c["series"].toString() != id || c["step"].toInt() != step) continue;
            total += c["epsilon"].toDouble();
            if (c["mechanism"].toString().startsWith("counter-1way:")) ++oneWays;
        }
        return std::make_pair(total, oneWays);
    };
    const auto [first, firstOneWays] = sums("proposed-simple-eps0.5", 1);
    QCOMPARE(firstOneWays, 14);
    QVERIFY(std::abs(first - 0.5) < 1e-12);
    const auto [second, secondOneWays] = sums("proposed-simple-eps0.5", 2);
    QVERIFY2(secondOneWays < 14, qPrintable(QString::number(secondOneWays)));
    QVERIFY2(second < 0.5, qPrintable(QString::number(second)));
    for (int step = 1; step <= 2; ++step) QCOMPARE(sums("proposed-simple-eps4", step).second, 14);
}

void TestOneWayShare::fixedShareAndExplicitAuto() {
    QTemporaryDir byDefault, explicitAuto, fixed;
    QVERIFY(runAdult(byDefault.path()).code == 0);
    const Result a = runAdult(explicitAuto.path(), {"--one-way-share", "auto"});
    QVERIFY2(a.code == 0, qPrintable(a.err));
    for (const char* eps : {"0.5", "4"}) {
        const QString csv = QString("releases/proposed-simple/eps%1/step-0002.csv").arg(eps);
        const QByteArray first = readShareBytes(QDir(byDefault.path()).filePath(csv));
        QVERIFY(!first.isEmpty());
        QCOMPARE(readShareBytes(QDir(explicitAuto.path()).filePath(csv)), first);
    }
    const Result f = runAdult(fixed.path(), {"--one-way-share", "0.3"});
    QVERIFY2(f.code == 0, qPrintable(f.err));
    for (const char* eps : {"0.5", "4"}) {
        const QJsonObject m = readJson(manifest(fixed.path(), eps));
        QCOMPARE(m["one_way_share"].toDouble(), 0.3);
        QCOMPARE(m["one_way_share_rule"].toString(), QString("fixed"));
    }
    QTemporaryDir keep;
    const Result y = runAdult(keep.path(), {"--tracked-in-rounds", "yes"});
    QVERIFY2(y.code == 0, qPrintable(y.err));
    for (const char* eps : {"0.5", "4"})
        QCOMPARE(readJson(manifest(keep.path(), eps))["tracked_in_rounds"].toString(), QString("yes"));
    QCOMPARE(runAdult(keep.path(), {"--tracked-in-rounds", "sometimes"}).code, 2);
    const Result bad = runAdult(fixed.path(), {"--one-way-share", "automatic"});
    QCOMPARE(bad.code, 2);
    QVERIFY2(bad.err.contains("one-way-share"), qPrintable(bad.err));
}

// plan on the run's public settings (batches of 100) expects the share the
// run spends at each ε; on an estimated rows per step (a time stream) 0.2.
void TestOneWayShare::planExpectsTheRunsShare() {
    for (const auto& [eps, share] : std::map<QString, double>{{"0.5", 0.5}, {"4", 0.2}, {"1", 0.5}}) {
        const Result r = test::runCli({"plan", "--schema", test::dataFile("adult-domain.json"), "--steps",
                                       "2", "--batch", "100", "--epsilon", eps, "--json"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject at = QJsonDocument::fromJson(r.out.toUtf8()).object()["atEpsilon"].toObject();
        QCOMPARE(at["oneWayBudgetShare"].toDouble(), share);
        QCOMPARE(at["oneWayShareRule"].toString(), QString("auto"));
    }
    const Result t = test::runCli({"plan", "--schema", test::dataFile("adult-domain.json"), "--steps", "2",
                                   "--rows-per-step", "100", "--epsilon", "1", "--json"});
    QVERIFY2(t.code == 0, qPrintable(t.err));
    QCOMPARE(QJsonDocument::fromJson(t.out.toUtf8())
                 .object()["atEpsilon"]
                 .toObject()["oneWayBudgetShare"]
                 .toDouble(),
             0.2);
}

QTEST_GUILESS_MAIN(TestOneWayShare)
#include "test_one_way_share.moc"
