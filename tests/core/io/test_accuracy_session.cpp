// Sessions keep issue 14's accuracy options and state (format 3 and later): a run with
// the baseline starting from the previous step's model and the proposed
// streamers with continual 1-way marginals, saved half-way and resumed, is
// bitwise the run done in one go (releases, 1-way distances, ledger); a
// version 1 session reads back with the paper's defaults.
#include <QDir>
#include <QTemporaryDir>
#include <QtTest>
#include <cstring>

#include "core/io/session_store.h"
#include "core/privacy/ledger.h"
#include "core/stream/run_engine.h"
#include "core/stream/tiny_stream.h"

using namespace streamsynth;
using stream::StreamerKind;

class TestAccuracySession : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void resumeWithAccuracyOptionsIsBitwiseIdentical();
    void versionOneReadsDefaults();
    void shareRuleIsKeptAndOldSessionsLoadFixed();
    void oldSessionContinuesWithItsFixedShare();
    void trackedInRoundsIsKeptAndOldSessionsLoadYes();
    void oneWayBasesAreKeptFromVersion13();
    void smallFromOneWayIsKeptFromVersion14();
    void blocksResumeBitwiseFromVersion16();
};

void TestAccuracySession::resumeWithAccuracyOptionsIsBitwiseIdentical() {
    auto source = test::tinySource(800, 100);  // 8 steps
    std::vector<stream::SeriesConfig> series{
        test::seriesOf("baseline", StreamerKind::Baseline, "", 1.0),
        test::seriesOf("proposed-simple", StreamerKind::Proposed, "simple", 1.0),
        test::seriesOf("proposed-hybrid", StreamerKind::Proposed, "hybrid", 1.0),
        test::seriesOf("baseline-carried", StreamerKind::Baseline, "carried", 1.0)};
    stream::RunConfig config = test::tinyConfig(series, 2);
    config.fitIterations = 15;
    config.accuracy.baselineInit = stream::BaselineInit::Previous;
    config.accuracy.baselineOneWayShare = 0.3;  // the plain baseline's 1-way initialisation, kept and resumed
    config.accuracy.oneWayShare = 0.2;
    config.accuracy.oneWaySplit = 1.0;  // a split other than the default is kept and resumed
    config.accuracy.oneWayShrink = stream::OneWayShrink::None;  // not the default: kept and resumed
    config.accuracy.smallShare = 0.1;  // and continual counters of every 2-way workload
    config.accuracy.smallCells = 1000000;
    const int T = source->stepCount();

    stream::RunEngine once(*source, config);
    QCOMPARE(once.run({}), T);

    QTemporaryDir dir;
    const std::string path = QDir(dir.path()).filePath("a.session").toStdString();
    {
        stream::RunEngine first(*source, config);
        QCOMPARE(first.run({}, nullptr, T / 2), T / 2);
        io::SessionData d;
        d.config = config;
        d.engine = first.saveState();
        io::saveSession(path, d);
    }
    const io::SessionData loaded = io::loadSession(path);
    QVERIFY(loaded.config.accuracy.baselineInit == stream::BaselineInit::Previous);
    QCOMPARE(loaded.config.accuracy.baselineOneWayShare, 0.3);
    QCOMPARE(loaded.config.series[3].counter, std::string("carried"));  // the carried baseline stays carried
    QCOMPARE(loaded.config.accuracy.oneWayShare, 0.2);
    QCOMPARE(loaded.config.accuracy.oneWaySplit, 1.0);
    QVERIFY(loaded.config.accuracy.oneWayShrink == stream::OneWayShrink::None);
    QCOMPARE(loaded.config.accuracy.smallShare, 0.1);
    QCOMPARE(loaded.config.accuracy.smallCells, 1000000);
    stream::RunEngine resumed(*source, loaded.config, loaded.engine);
    QCOMPARE(resumed.run({}), T - T / 2);

    for (const stream::SeriesConfig& s : series) {
        QVERIFY2(once.release(s.id) == resumed.release(s.id), s.id.c_str());
        const auto a = once.history(s.id), b = resumed.history(s.id);
        QCOMPARE(a.size(), b.size());
        for (std::size_t i = 0; i < a.size(); ++i) {
            QCOMPARE(a[i].selected, b[i].selected);
            QCOMPARE(a[i].oneWayTV.size(), std::size_t{4});  // restored steps keep theirs too
            QVERIFY2(std::memcmp(a[i].oneWayTV.data(), b[i].oneWayTV.data(), 4 * sizeof(double)) == 0,
                     s.id.c_str());
        }
        const auto &ca = once.ledger(s.id).charges(), &cb = resumed.ledger(s.id).charges();
        QCOMPARE(ca.size(), cb.size());
        for (std::size_t i = 0; i < ca.size(); ++i) {
            QCOMPARE(ca[i].mechanism, cb[i].mechanism);
            QVERIFY(ca[i].amount == cb[i].amount);
        }
    }
}

void TestAccuracySession::versionOneReadsDefaults() {
    io::SessionData d;
    d.schemaJson = "{\"attributes\": []}";
    d.config.series = {test::seriesOf("p", StreamerKind::Proposed, "simple", 0.5)};
    d.config.accuracy.oneWayShare = 0.3;  // version 1 has no place for it
    const io::SessionData e = io::decodeSession(io::encodeSession(d, 1), "mem");
    QCOMPARE(e.config.accuracy.oneWayShare, 0.0);
    QVERIFY(e.config.accuracy.baselineInit == stream::BaselineInit::Uniform);
    const io::SessionData f = io::decodeSession(io::encodeSession(d), "mem");
    QCOMPARE(f.config.accuracy.oneWayShare, 0.3);
    QVERIFY(f.config.accuracy.oneWayTarget == stream::OneWayTarget::Increment);
    d.config.accuracy.oneWayTarget = stream::OneWayTarget::Whole;
    QVERIFY(io::decodeSession(io::encodeSession(d), "mem").config.accuracy.oneWayTarget ==
            stream::OneWayTarget::Whole);
}

// Format 11 keeps the 1-way share's rule; every older format loads its stored
// share as a fixed one (version 1 and 2: the paper's 0), whatever the
// default rule of this build.
void TestAccuracySession::shareRuleIsKeptAndOldSessionsLoadFixed() {
    io::SessionData d;
    d.schemaJson = "{\"attributes\": []}";
    d.config.series = {test::seriesOf("p", StreamerKind::Proposed, "simple", 0.5)};
    QVERIFY(d.config.accuracy.oneWayShareRule == stream::OneWayShareRule::Auto);  // the default
    const io::SessionData now = io::decodeSession(io::encodeSession(d), "mem");
    QVERIFY(now.config.accuracy.oneWayShareRule == stream::OneWayShareRule::Auto);
    stream::setFixedOneWayShare(d.config.accuracy, 0.35);
    const io::SessionData fixed = io::decodeSession(io::encodeSession(d), "mem");
    QVERIFY(fixed.config.accuracy.oneWayShareRule == stream::OneWayShareRule::Fixed);
    QCOMPARE(fixed.config.accuracy.oneWayShare, 0.35);
    d.config.accuracy.oneWayShareRule = stream::OneWayShareRule::Auto;
    d.config.accuracy.oneWayShare = 0.2;  // what an older build stored: the share it ran with
    for (std::uint32_t version : {3u, 7u, 10u}) {
        const io::SessionData old = io::decodeSession(io::encodeSession(d, version), "mem");
        QVERIFY2(old.config.accuracy.oneWayShareRule == stream::OneWayShareRule::Fixed,
                 qPrintable(QString("version %1").arg(version)));
        QCOMPARE(old.config.accuracy.oneWayShare, 0.2);
    }
    for (std::uint32_t version : {1u, 2u}) {
        const io::SessionData old = io::decodeSession(io::encodeSession(d, version), "mem");
        QVERIFY(old.config.accuracy.oneWayShareRule == stream::OneWayShareRule::Fixed);
        QCOMPARE(old.config.accuracy.oneWayShare, 0.0);
    }
}

// Format 12 keeps whether the rounds may select tracked workloads (each of
// auto, yes, no); every older format loads yes, the only rule then, so a
// continued stream selects as it did.
void TestAccuracySession::trackedInRoundsIsKeptAndOldSessionsLoadYes() {
    io::SessionData d;
    d.schemaJson = "{\"attributes\": []}";
    d.config.series = {test::seriesOf("p", StreamerKind::Proposed, "simple", 2)};
    QVERIFY(d.config.accuracy.trackedInRounds == stream::TrackedInRounds::Auto);  // the default
    for (auto rule :
         {stream::TrackedInRounds::Auto, stream::TrackedInRounds::Yes, stream::TrackedInRounds::No}) {
        d.config.accuracy.trackedInRounds = rule;
        QVERIFY(io::decodeSession(io::encodeSession(d), "mem").config.accuracy.trackedInRounds == rule);
        for (std::uint32_t version : {1u, 2u, 7u, 11u}) {
            const io::SessionData old = io::decodeSession(io::encodeSession(d, version), "mem");
            QVERIFY2(old.config.accuracy.trackedInRounds == stream::TrackedInRounds::Yes,
                     qPrintable(QString("version %1").arg(version)));
        }
    }
    QCOMPARE(io::kSessionFormatVersion, 16u);
}

// A recovery stream's 1-way bases (StreamerState::oneWayBase) are stored
// from format 13; older formats never had them and read none.
void TestAccuracySession::oneWayBasesAreKeptFromVersion13() {
    io::SessionData d;
    d.schemaJson = "{\"attributes\": []}";
    d.config.series = {test::seriesOf("p", StreamerKind::Proposed, "simple", 2)};
    stream::SeriesState s;
    s.id = "p";
    s.streamer.oneWayBase = {{1.0, 2.5}, {}, {7.0, 0.0, 3.0}};
    d.engine.series.push_back(s);
    QVERIFY(io::decodeSession(io::encodeSession(d), "mem").engine.series.at(0).streamer.oneWayBase ==
            s.streamer.oneWayBase);
    QVERIFY(
        io::decodeSession(io::encodeSession(d, 12), "mem").engine.series.at(0).streamer.oneWayBase.empty());
}

// The small-workload share a coarsening takes out of the 1-way share
// (AccuracyOptions::smallFromOneWay, issue 52) is stored from format 14;
// older formats read 0, so a continued stream spends as it did. A damaged
// value is refused.
void TestAccuracySession::smallFromOneWayIsKeptFromVersion14() {
    io::SessionData d;
    d.schemaJson = "{\"attributes\": []}";
    d.config.series = {test::seriesOf("p", StreamerKind::Proposed, "simple", 2)};
    QCOMPARE(d.config.accuracy.smallFromOneWay, 0.0);  // the default
    d.config.accuracy.smallFromOneWay = 0.1;
    QCOMPARE(io::decodeSession(io::encodeSession(d), "mem").config.accuracy.smallFromOneWay, 0.1);
    for (std::uint32_t version : {3u, 7u, 13u})
        QCOMPARE(io::decodeSession(io::encodeSession(d, version), "mem").config.accuracy.smallFromOneWay,
                 0.0);
    d.config.accuracy.smallFromOneWay = 0.7;  // beyond any share: written by a damaged file
    QVERIFY_THROWS_EXCEPTION(Error, io::decodeSession(io::encodeSession(d), "mem"));
}

// A session of format 10 (no rule: it ran with the fixed 0.2) on batches of
// 100 at ε = 0.5, where the rule auto would now give 0.5: continued with the
// batch size known (as api::Run sets it), it is bitwise the run done in one
// go with the fixed 0.2, and not the run with the new default.
void TestAccuracySession::oldSessionContinuesWithItsFixedShare() {
    auto source = test::tinySource(600, 100);  // 6 steps
    std::vector<stream::SeriesConfig> series{test::seriesOf("p", StreamerKind::Proposed, "simple", 0.5)};
    stream::RunConfig old = test::tinyConfig(series, 2);
    old.fitIterations = 15;
    stream::setFixedOneWayShare(old.accuracy, 0.2);
    old.publicRowsPerStep = 100;
    stream::RunConfig now = old;
    now.accuracy.oneWayShareRule = stream::OneWayShareRule::Auto;  // 0.5 here
    const int T = source->stepCount();
    stream::RunEngine once(*source, old), auto05(*source, now);
    QCOMPARE(once.run({}), T);
    QCOMPARE(auto05.run({}), T);
    QVERIFY(once.release("p") != auto05.release("p"));  // the two shares give other releases

    io::SessionData d;
    {
        stream::RunEngine first(*source, old);
        QCOMPARE(first.run({}, nullptr, T / 2), T / 2);
        d.schemaJson = "{\"attributes\": []}";
        d.config = now;  // an older writer stores only the share (0.2), not the rule
        d.config.accuracy.oneWayShare = 0.2;
        d.engine = first.saveState();
    }
    io::SessionData loaded = io::decodeSession(io::encodeSession(d, 10), "mem");
    loaded.config.publicRowsPerStep = 100;  // not in the file: api::Run sets it from the schema
    stream::RunEngine resumed(*source, loaded.config, loaded.engine);
    QCOMPARE(resumed.run({}), T - T / 2);
    QVERIFY(once.release("p") == resumed.release("p"));
    const auto &a = once.ledger("p").charges(), &b = resumed.ledger("p").charges();
    QCOMPARE(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) QVERIFY(a[i].amount == b[i].amount);
}

// Tracked counters fed in blocks (--tracked-blocks, format 16): a stream
// saved inside a block continues bit for bit (the block's rows, the anchor
// and the last block's value are in the file); the rule is kept, and older
// formats read 0 (every step), as those streams ran.
void TestAccuracySession::blocksResumeBitwiseFromVersion16() {
    auto source = test::tinySource(800, 50);  // 16 steps of 50 rows
    stream::RunConfig config =
        test::tinyConfig({test::seriesOf("proposed-simple", StreamerKind::Proposed, "simple", 0.5)}, 2);
    config.fitIterations = 15;
    config.publicRowsPerStep = 50;  // R·ε = 25: blocks
    stream::setFixedOneWayShare(config.accuracy, 0.2);
    config.accuracy.smallShare = 0.1;  // and the 2-way workloads of at most 12 cells
    QCOMPARE(config.accuracy.trackedBlocks, 1.0);
    const int T = source->stepCount();
    stream::RunEngine once(*source, config);
    QCOMPARE(once.run({}), T);
    stream::RunEngine first(*source, config);
    QCOMPARE(first.run({}, nullptr, T / 2 + 1), T / 2 + 1);
    io::SessionData d;
    d.schemaJson = "{\"attributes\": []}";
    d.config = config;
    d.engine = first.saveState();
    const stream::BlockStates& blocks = d.engine.series.at(0).streamer.oneWayBlocks;
    QVERIFY2(!blocks.pending.empty(), "no counter is fed in blocks");
    bool inside = false;  // some counter holds rows of a block not fed yet
    for (const auto& p : blocks.pending) inside = inside || !p.empty();
    QVERIFY(inside);
    io::SessionData loaded = io::decodeSession(io::encodeSession(d), "mem");
    QCOMPARE(loaded.config.accuracy.trackedBlocks, 1.0);
    QVERIFY(loaded.engine.series.at(0).streamer.oneWayBlocks.pending == blocks.pending);
    loaded.config.publicRowsPerStep = 50;  // as api::Run sets it from the schema's stream settings
    stream::RunEngine resumed(*source, loaded.config, loaded.engine);
    QCOMPARE(resumed.run({}), T - T / 2 - 1);
    QVERIFY(once.release("proposed-simple") == resumed.release("proposed-simple"));
    for (std::uint32_t version : {14u, 15u}) {
        const io::SessionData old = io::decodeSession(io::encodeSession(d, version), "mem");
        QCOMPARE(old.config.accuracy.trackedBlocks, 0.0);
        QVERIFY(old.engine.series.at(0).streamer.oneWayBlocks.pending.empty());
    }
}

QTEST_APPLESS_MAIN(TestAccuracySession)
#include "test_accuracy_session.moc"
