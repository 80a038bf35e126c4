// Exports round-trip: release CSV with labels (intervals or uniform values
// inside bins), manifest keys, metrics CSV columns, summary JSON means.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "core/io/metrics_writer.h"
#include "core/io/release_writer.h"
#include "core/io/run_export.h"
#include "core/privacy/rng.h"
#include "core/stream/one_way_share.h"
#include "core/values/series_spec.h"
#include "support/schema_specs.h"

using namespace streamsynth;

namespace {

data::Schema smallSchema() {
    data::Schema s;
    // A comma in a label forces quoting.
    s.attributes.push_back(test::categoricalSpec("color", {"red", "green, light", "blue"}));
    s.attributes.push_back(test::numericSpec("age", 0, 100, 10));
    return s;
}

data::Table smallRows(const data::Schema& s) {
    data::Table t(s.domain(), 3);
    t.set(0, 0, 0);
    t.set(0, 1, 2);
    t.set(1, 0, 1);
    t.set(1, 1, 9);
    t.set(2, 0, 2);
    t.set(2, 1, 0);
    return t;
}

QString readAll(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(f.readAll());
}

}  // namespace

class TestExports : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void releaseCsvHasLabels();
    void uniformValuesFallInsideBins();
    void manifestHasKeys();
    void releaseModeManifestIsPublishable();
    void metricsCsvAndSummary();
    void summaryRecordsBaselineOptions();
    void summaryRecordsOneWayDistances();
    void largeReleaseIsWrittenInPieces();
};

// A release whose text is several MB goes out in ~1 MB pieces (issue 15:
// the whole text of a 10^7-row release is never held in memory): more than
// one piece, none far above 1 MB, and the pieces, the file writeRelease
// writes and releaseCsv's text are the same bytes, with the same draws of
// the Rng for uniform values inside bins.
void TestExports::largeReleaseIsWrittenInPieces() {
    const data::Schema s = smallSchema();
    data::Table rows(s.domain(), 300000);
    for (std::size_t r = 0; r < 300000; ++r) {
        rows.set(r, 0, static_cast<int>(r % 3));
        rows.set(r, 1, static_cast<int>(r % 10));
    }
    auto rngA = privacy::makeSeededRng(4, "pieces");
    auto rngB = privacy::makeSeededRng(4, "pieces");
    const std::string whole = io::releaseCsv(rows, s, io::BinOutput::UniformValue, rngA.get());
    std::string joined;
    int pieces = 0;
    std::size_t largest = 0;
    io::releaseCsvPieces(rows, s, io::BinOutput::UniformValue, rngB.get(), [&](std::string_view piece) {
        joined.append(piece);
        ++pieces;
        largest = std::max(largest, piece.size());
    });
    QVERIFY2(whole.size() > 3'000'000, qPrintable(QString::number(whole.size())));
    QVERIFY(pieces >= 3);
    QVERIFY(largest < (std::size_t{1} << 20) + 200);
    QVERIFY(joined == whole);
    QTemporaryDir dir;
    io::ReleaseManifest m;
    m.series = "baseline";
    m.step = 1;
    io::writeRelease(dir.filePath("r.csv").toStdString(), rows, s, m, io::BinOutput::Interval);
    QFile f(dir.filePath("r.csv"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(f.readAll().toStdString() == io::releaseCsv(rows, s, io::BinOutput::Interval));
}

void TestExports::releaseCsvHasLabels() {
    const data::Schema s = smallSchema();
    const std::string csv = io::releaseCsv(smallRows(s), s, io::BinOutput::Interval);
    const QStringList lines = QString::fromStdString(csv).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 4);
    QCOMPARE(lines[0], QString("color,age"));
    // Interval labels contain a comma, so they are quoted.
    QCOMPARE(lines[1], QString("red,\"[20, 30)\""));
    QVERIFY(lines[2].startsWith("\"green, light\","));
    QCOMPARE(lines[3], QString("blue,\"[0, 10)\""));
}

void TestExports::uniformValuesFallInsideBins() {
    const data::Schema s = smallSchema();
    auto rng = privacy::makeSeededRng(9);
    const data::Table rows = smallRows(s);
    for (int rep = 0; rep < 20; ++rep) {
        const QStringList lines =
            QString::fromStdString(io::releaseCsv(rows, s, io::BinOutput::UniformValue, rng.get()))
                .split('\n', Qt::SkipEmptyParts);
        const double v1 = lines[1].section(',', 1).toDouble();
        QVERIFY(v1 >= 20 && v1 < 30);  // bin 2 of 10 over [0,100]
        const double v3 = lines[3].section(',', 1).toDouble();
        QVERIFY(v3 >= 0 && v3 < 10);
    }
}

void TestExports::manifestHasKeys() {
    QTemporaryDir dir;
    const data::Schema s = smallSchema();
    io::ReleaseManifest m;
    m.series = "proposed-simple";
    m.step = 3;
    m.period = "batch 3";
    m.rows = 3;
    m.budget = 0.5;
    m.streamer = "proposed";
    m.counter = "simple";
    m.score = "l1-minus-noise";
    m.seedPolicy = "seeded: 1";
    const std::string csvPath = dir.filePath("sub/step-0003.csv").toStdString();
    const std::string manifestPath = io::writeRelease(csvPath, smallRows(s), s, m, io::BinOutput::Interval);
    QCOMPARE(QString::fromStdString(manifestPath), dir.filePath("sub/step-0003.json"));
    QVERIFY(readAll(QString::fromStdString(csvPath)).startsWith("color,age\n"));
    const QJsonObject o =
        QJsonDocument::fromJson(readAll(QString::fromStdString(manifestPath)).toUtf8()).object();
    for (const char* key : {"step", "period", "rows", "epsilon", "streamer", "counter", "score",
                            "score_noise", "seed_policy", "version"})
        QVERIFY2(o.contains(key), key);
    QCOMPARE(o["step"].toInt(), 3);
    QCOMPARE(o["epsilon"].toDouble(), 0.5);
    QCOMPARE(o["version"].toString(), QString(STREAMSYNTH_VERSION));
    // A seeded release is marked as not publishable.
    QCOMPARE(o["publishable"].toBool(), false);
    QVERIFY(o["privacy"].toString().startsWith("NOT FOR PUBLICATION"));
}

void TestExports::releaseModeManifestIsPublishable() {
    stream::RunConfig config;
    stream::SeriesConfig series;
    series.id = "baseline";
    series.streamer = stream::StreamerKind::Baseline;
    stream::SeriesStepResult r;
    r.seriesId = "baseline";
    r.step = 1;
    QVERIFY(!io::manifestFor(config, series, r).publishable);
    config.secureRandom = true;
    const io::ReleaseManifest m = io::manifestFor(config, series, r);
    QVERIFY(m.publishable);
    QCOMPARE(QString::fromStdString(m.seedPolicy), QString("os-entropy"));
    const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(io::manifestJson(m))).object();
    QCOMPARE(o["publishable"].toBool(), true);
    QVERIFY(!o.contains("one_way_share"));  // a baseline has no continual 1-way share
    // It says how each step's MWEM+PGM started.
    QCOMPARE(o["baseline_init"].toString(), QString("uniform"));
    QCOMPARE(o["baseline_one_way_share"].toDouble(), 0.0);
    config.accuracy.baselineInit = stream::BaselineInit::Previous;
    config.accuracy.baselineOneWayShare = 0.75;
    const QJsonObject b = QJsonDocument::fromJson(
                              QByteArray::fromStdString(io::manifestJson(io::manifestFor(config, series, r))))
                              .object();
    QCOMPARE(b["baseline_init"].toString(), QString("previous"));
    QVERIFY(!b.contains("variant"));  // the plain baseline, with the run's options
    QCOMPARE(b["baseline_one_way_share"].toDouble(), 0.75);
    // The carried baseline's own start and share, whatever the run's options.
    config.accuracy = stream::AccuracyOptions{};
    series.counter = stream::kCarriedBaseline;
    const QJsonObject carried =
        QJsonDocument::fromJson(
            QByteArray::fromStdString(io::manifestJson(io::manifestFor(config, series, r))))
            .object();
    QCOMPARE(carried["variant"].toString(), QString("carried"));
    QCOMPARE(carried["baseline_init"].toString(), QString("previous"));
    QCOMPARE(carried["baseline_one_way_share"].toDouble(), stream::kCarriedOneWayShare);
    config.accuracy.baselineInit = stream::BaselineInit::Previous;
    config.accuracy.baselineOneWayShare = 0.75;

    // A proposed series' manifest says how its 1-way marginals were used.
    series.streamer = stream::StreamerKind::Proposed;
    series.counter = "simple";
    config.accuracy.oneWayTarget = stream::OneWayTarget::Whole;
    config.accuracy.oneWaySplit = 1.0;
    const QJsonObject p = QJsonDocument::fromJson(
                              QByteArray::fromStdString(io::manifestJson(io::manifestFor(config, series, r))))
                              .object();
    QCOMPARE(p["one_way_share"].toDouble(),
             stream::kOneWayShareOutsideBand);  // auto, no public rows per step
    QCOMPARE(p["one_way_share_rule"].toString(), QString("auto"));
    QCOMPARE(p["one_way_target"].toString(), QString("whole"));
    QCOMPARE(p["one_way_split"].toDouble(), 1.0);
    QCOMPARE(p["one_way_shrink"].toString(),
             QString::fromStdString(stream::toString(config.accuracy.oneWayShrink)));
    // With public rows per step the manifest names the share the series spent:
    // batches of 100 at ε = 1 (R·ε = 100) spend 0.5; after a whole-stream
    // charge of 0.6 the series spends ε = 0.4 a step (R·ε = 40): 0.2.
    series.budget = privacy::Budget::of(privacy::PrivacyModel::Pure, 1.0);
    config.publicRowsPerStep = 100;
    QCOMPARE(io::manifestFor(config, series, r).oneWayShare, 0.5);
    config.streamCharge = {"gumbel-top-m", "a:1", 0.6};
    QCOMPARE(io::manifestFor(config, series, r).oneWayShare, 0.2);
    config.streamCharge = {};
    stream::setFixedOneWayShare(config.accuracy, 0);  // the paper's streamer: no target to name
    config.accuracy.smallShare = 0;
    const QJsonObject q = QJsonDocument::fromJson(
                              QByteArray::fromStdString(io::manifestJson(io::manifestFor(config, series, r))))
                              .object();
    QCOMPARE(q["one_way_share"].toDouble(), 0.0);
    QVERIFY(!q.contains("one_way_target"));
    QVERIFY(!q.contains("one_way_split"));  // no 1-way share, nothing split
    QVERIFY(!q.contains("one_way_shrink"));
    QVERIFY(!q.contains("baseline_one_way_share"));  // a proposed series has no baseline settings
}

void TestExports::metricsCsvAndSummary() {
    std::vector<stream::SeriesStepResult> results;
    for (int t = 1; t <= 12; ++t) {
        stream::SeriesStepResult r;
        r.seriesId = "baseline";
        r.step = t;
        r.period = "batch " + std::to_string(t);
        r.metrics.avgWE = t;  // last-10 mean = mean(3..12) = 7.5; all = 6.5
        r.budgetSpent = 1;
        r.seconds = 0.5;
        results.push_back(r);
    }
    stream::SeriesConfig sc;
    sc.id = "baseline";
    sc.streamer = stream::StreamerKind::Baseline;
    sc.budget = privacy::Budget::of(privacy::PrivacyModel::Pure, 0.5);
    const QStringList lines =
        QString::fromStdString(io::metricsCsv({sc}, {results, results})).split('\n', Qt::SkipEmptyParts);
    QVERIFY(lines[0].startsWith("#") && lines[0].contains("NOT differentially private"));
    QCOMPARE(lines[1],
             QString("series,epsilon,repeat,step,period,rows_true,rows_synth,epsilon_spent,AvgWE,MaxWE,"
                     "AvgRelWE,MaxRelWE,AvgRelL1,MaxRelL1,seconds"));
    QCOMPARE(lines.size(), 2 + 2 * 12);
    QVERIFY(lines[2].startsWith("baseline,0.5,1,1,batch 1,"));
    QVERIFY(lines[2 + 12].startsWith("baseline,0.5,2,1,batch 1,"));

    const QJsonObject root =
        QJsonDocument::fromJson(QByteArray::fromStdString(io::summaryJson({{sc, results}}))).object();
    QVERIFY(root["warning"].toString().contains("NOT differentially private"));
    const QJsonObject s = root["series"].toArray()[0].toObject();
    QCOMPARE(s["series"].toString(), QString("baseline"));
    QCOMPARE(s["last10"].toObject()["AvgWE"].toDouble(), 7.5);
    QCOMPARE(s["all_steps"].toObject()["AvgWE"].toDouble(), 6.5);
    QCOMPARE(s["steps"].toInt(), 12);
    QCOMPARE(s["seconds"].toDouble(), 6.0);
    QCOMPARE(s["repeats"].toInt(), 1);
    QVERIFY(!s.contains("last10_sd"));
    // Two repeats: every number is the mean over repeats (second repeat's
    // AvgWE = t + 1: last-10 mean 8.5, so the mean is 8 and the sample sd of
    // {7.5, 8.5} is sqrt(0.5)); seconds are per repeat (12·0.5 s either way).
    auto second = results;
    for (auto& r : second) r.metrics.avgWE += 1;
    const QJsonObject s2 =
        QJsonDocument::fromJson(QByteArray::fromStdString(io::summaryJson({{sc, results, {second}}})))
            .object()["series"]
            .toArray()[0]
            .toObject();
    QCOMPARE(s2["repeats"].toInt(), 2);
    QCOMPARE(s2["last10"].toObject()["AvgWE"].toDouble(), 8.0);
    QCOMPARE(s2["all_steps"].toObject()["AvgWE"].toDouble(), 7.0);
    QVERIFY(std::abs(s2["last10_sd"].toObject()["AvgWE"].toDouble() - std::sqrt(0.5)) < 1e-12);
    QCOMPARE(s2["seconds"].toDouble(), 6.0);
    // Honest reporting: the guarantee is the largest per-step charge; the sum
    // over steps (12 steps x 1 per repeat) is labelled bookkeeping.
    const QJsonObject privacy = s2["privacy"].toObject();
    QCOMPARE(privacy["sum_over_steps_bookkeeping"].toDouble(), 12.0);
    QCOMPARE(privacy["guarantee_epsilon"].toDouble(), 1.0);
    QVERIFY(privacy["guarantee"].toString().startsWith("epsilon = "));
    QVERIFY(!s2.contains("epsilon_spent"));
}

// summary.json: a baseline records its start and 1-way share, the run's
// (SPEC defaults, or the options given) or, for the carried baseline, its
// own; a proposed series has neither key.
void TestExports::summaryRecordsBaselineOptions() {
    std::vector<stream::SeriesStepResult> results(3);
    for (int t = 1; t <= 3; ++t) results[static_cast<std::size_t>(t - 1)].step = t;
    stream::SeriesConfig sc;
    sc.id = "baseline";
    sc.streamer = stream::StreamerKind::Baseline;
    const QJsonObject s = QJsonDocument::fromJson(QByteArray::fromStdString(io::summaryJson({{sc, results}})))
                              .object()["series"]
                              .toArray()[0]
                              .toObject();
    QCOMPARE(s["baseline_init"].toString(), QString("uniform"));
    QCOMPARE(s["baseline_one_way_share"].toDouble(), 0.0);
    io::SeriesSummaryInput withShare{sc, results};
    withShare.accuracy.baselineOneWayShare = 0.5;
    withShare.accuracy.baselineInit = stream::BaselineInit::Previous;
    stream::SeriesConfig carriedConfig = sc;
    carriedConfig.id = "baseline-carried";
    carriedConfig.counter = stream::kCarriedBaseline;
    const io::SeriesSummaryInput carried{carriedConfig, results};
    stream::SeriesConfig proposedConfig = sc;
    proposedConfig.id = "proposed-simple";
    proposedConfig.streamer = stream::StreamerKind::Proposed;
    const QJsonArray three =
        QJsonDocument::fromJson(
            QByteArray::fromStdString(io::summaryJson({withShare, carried, {proposedConfig, results}})))
            .object()["series"]
            .toArray();
    QCOMPARE(three[0].toObject()["baseline_init"].toString(), QString("previous"));
    QCOMPARE(three[0].toObject()["baseline_one_way_share"].toDouble(), 0.5);
    QCOMPARE(three[1].toObject()["baseline_init"].toString(), QString("previous"));
    QCOMPARE(three[1].toObject()["baseline_one_way_share"].toDouble(), stream::kCarriedOneWayShare);
    QVERIFY(!three[2].toObject().contains("baseline_init") &&
            !three[2].toObject().contains("baseline_one_way_share"));
}

// summary.json: the 1-way distances of the last step beside a uniform
// column's (issue 14 item 4), by attribute name; a NaN (an attribute no
// workload holds) is left out of both.
void TestExports::summaryRecordsOneWayDistances() {
    std::vector<stream::SeriesStepResult> results(2);
    results[0].step = 1;
    results[1].step = 2;
    results[1].oneWayTV = {0.1, std::nan(""), 0.3};
    stream::SeriesConfig sc;
    sc.id = "proposed-simple";
    sc.streamer = stream::StreamerKind::Proposed;
    io::SeriesSummaryInput in{sc, results};
    in.attributeNames = {"a", "b", "c"};
    in.oneWayUniformTV = {0.5, std::nan(""), 0.25};
    const auto firstSeries = [](const io::SeriesSummaryInput& input) {
        return QJsonDocument::fromJson(QByteArray::fromStdString(io::summaryJson({input})))
            .object()["series"]
            .toArray()[0]
            .toObject();
    };
    const QJsonObject s = firstSeries(in);
    const QJsonObject tv = s["one_way_tv_last"].toObject();
    const QJsonObject uniform = s["one_way_uniform_tv"].toObject();
    QCOMPARE(tv.keys(), QStringList({"a", "c"}));
    QCOMPARE(uniform.keys(), QStringList({"a", "c"}));
    QCOMPARE(tv["c"].toDouble(), 0.3);
    QCOMPARE(uniform["a"].toDouble(), 0.5);
    QCOMPARE(uniform["c"].toDouble(), 0.25);
    in.oneWayUniformTV.clear();  // no yardstick given: no key
    QVERIFY(!firstSeries(in).contains("one_way_uniform_tv"));
}

QTEST_APPLESS_MAIN(TestExports)
#include "test_exports.moc"
