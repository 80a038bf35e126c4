// Sessions: a run of steps 1..T in one go equals 1..T/2, save, load, continue
// to T bit for bit (releases, metrics, ledger) for the baseline and the
// proposed streamer with every counter; each kind of file damage gives a
// clear Error(Session) naming the file; a failed save keeps the old file.
#include <unistd.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>
#include <cstring>

#include "core/io/session_store.h"
#include "core/privacy/ledger.h"
#include "core/stream/run_engine.h"
#include "core/stream/tiny_stream.h"
#include "core/values/error.h"

using namespace streamsynth;
using stream::StreamerKind;

namespace {

bool sameMetrics(const metrics::StepMetrics& a, const metrics::StepMetrics& b) {
    return std::memcmp(&a, &b, sizeof a) == 0;  // bitwise, NaN-safe
}

bool sameCharges(const privacy::PrivacyLedger& a, const privacy::PrivacyLedger& b) {
    if (a.charges().size() != b.charges().size()) return false;
    for (std::size_t i = 0; i < a.charges().size(); ++i) {
        const privacy::Charge &x = a.charges()[i], &y = b.charges()[i];
        if (x.series != y.series || x.mechanism != y.mechanism || x.kind != y.kind || x.amount != y.amount ||
            x.step != y.step || x.round != y.round || x.workload != y.workload)
            return false;
    }
    return true;
}

std::vector<stream::SeriesConfig> allSeries() {
    std::vector<stream::SeriesConfig> series{test::seriesOf("baseline", StreamerKind::Baseline, "", 1.0)};
    for (const char* counter : {"simple", "block:2", "unbounded-block", "tree:16", "hybrid", "honaker:16"})
        series.push_back(
            test::seriesOf(std::string("proposed-") + counter, StreamerKind::Proposed, counter, 1.0));
    return series;
}

io::SessionData smallSession() {
    io::SessionData d;
    d.schemaJson = "{\"attributes\": []}";
    d.workloads = {{0, 1}, {1, 2}};
    d.config.series = {test::seriesOf("baseline", StreamerKind::Baseline, "", 0.5)};
    d.config.seed = 42;
    d.config.accuracy.oneWaySplit =
        0.8;  // not the pre-version-8 split, so the upgrade test sees the difference
    d.config.accuracy.oneWayShrink = stream::OneWayShrink::JamesStein;  // likewise for version 9
    d.config.accuracy.baselineOneWayShare = 0.75;                       // and version 10
    d.stepDigests = {1, 2, 3};
    d.stepRows = {10, 20, 30};
    d.stepPeriods = {"batch 1", "batch 2", "batch 3"};
    d.segments = {{0, 60, 1, "batch-order"}};
    d.settings = {{"bins", "interval"}};
    d.engine.nextStep = 4;
    d.engine.truthAnswers = {{1.5, 2.5}};
    return d;
}

void writeAll(const QString& path, const std::string& bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes.data(), static_cast<qint64>(bytes.size()));
}

// Loads `path` and expects Error(Session) whose message names the file and contains `needle`.
void expectSessionError(const QString& path, const char* needle) {
    try {
        (void)io::loadSession(path.toStdString());
        QFAIL("expected a session error");
    } catch (const Error& e) {
        QCOMPARE(e.kind(), ErrorKind::Session);
        const QString msg = QString::fromStdString(e.what());
        QVERIFY2(msg.contains(path), qPrintable(msg));
        QVERIFY2(msg.contains(QString::fromLatin1(needle)), qPrintable(msg));
    }
}

}  // namespace

class TestSessionStore : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void resumeIsBitwiseIdentical_data();
    void resumeIsBitwiseIdentical();
    void roundTripKeepsEveryField();
    void truncatedFile();
    void flippedByte();
    void wordChecksumValuesAndTheOlderOne();
    void wrongMagicAndForeignFile();
    void newerVersionRefused();
    void everyReadableVersionLoads();
    void failedSaveKeepsOldFile();
    void unwritableFolderKeepsOldFile();
    void digestSeesChangedRowOrderAndCount();
};

void TestSessionStore::resumeIsBitwiseIdentical_data() {
    QTest::addColumn<QString>("engineName");
    QTest::newRow("pgm") << "pgm";
    QTest::newRow("mw") << "mw";
}

void TestSessionStore::resumeIsBitwiseIdentical() {
    QFETCH(QString, engineName);
    auto source = test::tinySource(800, 100);  // 8 steps
    stream::RunConfig config = test::tinyConfig(allSeries(), 2);
    config.fitEngine = engineName.toStdString();
    config.fitIterations = 15;
    const int T = source->stepCount();
    QCOMPARE(T, 8);

    stream::RunEngine once(*source, config);
    QCOMPARE(once.run({}), T);

    QTemporaryDir dir;
    const std::string path = QDir(dir.path()).filePath("s.session").toStdString();
    {
        stream::RunEngine first(*source, config);
        QCOMPARE(first.run({}, nullptr, T / 2), T / 2);
        io::SessionData d;
        d.config = config;
        d.engine = first.saveState();
        io::saveSession(path, d);
    }
    const io::SessionData loaded = io::loadSession(path);
    stream::RunEngine resumed(*source, loaded.config, loaded.engine);
    QCOMPARE(resumed.nextStep(), T / 2 + 1);
    QCOMPARE(resumed.run({}), T - T / 2);

    for (const stream::SeriesConfig& s : config.series) {
        QVERIFY2(once.release(s.id) == resumed.release(s.id), s.id.c_str());
        const auto a = once.history(s.id), b = resumed.history(s.id);
        QCOMPARE(a.size(), b.size());
        for (std::size_t i = 0; i < a.size(); ++i) {
            QCOMPARE(a[i].step, b[i].step);
            QCOMPARE(a[i].releaseRows, b[i].releaseRows);
            QCOMPARE(a[i].selected, b[i].selected);
            QVERIFY2(a[i].budgetSpent == b[i].budgetSpent, s.id.c_str());
            QVERIFY2(a[i].modelCells == b[i].modelCells, s.id.c_str());
            QVERIFY2(sameMetrics(a[i].metrics, b[i].metrics),
                     (s.id + " step " + std::to_string(a[i].step)).c_str());
        }
        QVERIFY2(sameCharges(once.ledger(s.id), resumed.ledger(s.id)), s.id.c_str());
    }
    // Re-running a released step is impossible: the resumed engine is done.
    QCOMPARE(resumed.run({}), 0);
}

void TestSessionStore::roundTripKeepsEveryField() {
    const io::SessionData d = smallSession();
    const io::SessionData e = io::decodeSession(io::encodeSession(d), "mem");
    QCOMPARE(e.schemaJson, d.schemaJson);
    QCOMPARE(e.workloads, d.workloads);
    QCOMPARE(e.config.series.size(), std::size_t{1});
    QCOMPARE(e.config.series[0].budget.amount(), 0.5);
    QVERIFY(e.config.series[0].streamer == StreamerKind::Baseline);
    QCOMPARE(e.config.seed, std::uint64_t{42});
    QCOMPARE(e.stepDigests, d.stepDigests);
    QCOMPARE(e.stepRows, d.stepRows);
    QCOMPARE(e.stepPeriods, d.stepPeriods);
    QCOMPARE(e.segments.size(), std::size_t{1});
    QCOMPARE(e.segments[0].rowsEnd, 60LL);
    QCOMPARE(e.segments[0].orderLabel, std::string("batch-order"));
    QCOMPARE(e.setting("bins"), std::string("interval"));
    QCOMPARE(e.engine.nextStep, 4);
    QCOMPARE(e.engine.truthAnswers, d.engine.truthAnswers);
}

void TestSessionStore::truncatedFile() {
    QTemporaryDir dir;
    const QString path = QDir(dir.path()).filePath("t.session");
    const std::string bytes = io::encodeSession(smallSession());
    for (std::size_t keep : {std::size_t{3}, std::size_t{20}, bytes.size() / 2, bytes.size() - 1}) {
        writeAll(path, bytes.substr(0, keep));
        expectSessionError(path, "truncated");
    }
}

void TestSessionStore::flippedByte() {
    QTemporaryDir dir;
    const QString path = QDir(dir.path()).filePath("f.session");
    const std::string bytes = io::encodeSession(smallSession());
    // Every payload byte: FNV-1a detects every single-byte change (each step
    // is a bijection of the state, so one changed input byte always changes the hash).
    for (std::size_t at = 28; at < bytes.size(); at += 7) {
        std::string bad = bytes;
        bad[at] = static_cast<char>(bad[at] ^ 0x10);
        writeAll(path, bad);
        expectSessionError(path, "checksum");
    }
}

// Format 15's checksum (fnv1a64Words) against values computed apart, by a
// few lines of Python over the same definition (little-endian 8-byte words,
// the last padded with zeros, each followed by the fold of the high half,
// then the length); the header of a current file holds it; two changed top
// bits of two words, which cancelled before the fold, are caught; a
// format-14 file still carries and checks the byte-wise FNV-1a.
void TestSessionStore::wordChecksumValuesAndTheOlderOne() {
    QCOMPARE(io::fnv1a64Words("", 0), std::uint64_t{0xaf63bd4c29620a93ULL});
    QCOMPARE(io::fnv1a64Words("STRMSYNS", 8), std::uint64_t{0xa18b78a1c3838f52ULL});
    QCOMPARE(io::fnv1a64Words("The quick brown fox jumps", 25), std::uint64_t{0x8d95910d25b7a8d7ULL});
    QVERIFY(io::fnv1a64Words("ab", 2) != io::fnv1a64Words("ab\0", 3));  // the padding is not the data
    const auto stored = [](const std::string& file) {
        std::uint64_t v = 0;
        for (int b = 0; b < 8; ++b) v |= std::uint64_t(static_cast<unsigned char>(file[20 + b])) << (8 * b);
        return v;
    };
    const std::string v15 = io::encodeSession(smallSession());
    QCOMPARE(static_cast<unsigned char>(v15[8]), static_cast<unsigned char>(io::kSessionFormatVersion));
    QCOMPARE(stored(v15), io::fnv1a64Words(v15.data() + 28, v15.size() - 28));
    std::string twoTops = v15.substr(28);
    QVERIFY(twoTops.size() > 24);
    twoTops[7] = static_cast<char>(twoTops[7] ^ 0x80);
    twoTops[15] = static_cast<char>(twoTops[15] ^ 0x80);
    QVERIFY(io::fnv1a64Words(twoTops.data(), twoTops.size()) != stored(v15));
    const std::string v14 = io::encodeSession(smallSession(), 14);
    QCOMPARE(stored(v14), io::fnv1a64(v14.data() + 28, v14.size() - 28));
    QTemporaryDir dir;
    const QString path = QDir(dir.path()).filePath("v14.session");
    std::string bad = v14;
    bad[v14.size() / 2] = static_cast<char>(bad[v14.size() / 2] ^ 0x01);
    writeAll(path, bad);
    expectSessionError(path, "checksum");
}

void TestSessionStore::wrongMagicAndForeignFile() {
    QTemporaryDir dir;
    const QString path = QDir(dir.path()).filePath("m.session");
    std::string bytes = io::encodeSession(smallSession());
    bytes[0] = 'X';
    writeAll(path, bytes);
    expectSessionError(path, "not a StreamSynth session file");
    writeAll(path, "age,workclass\n39,State-gov\n");
    expectSessionError(path, "not a StreamSynth session file");
    writeAll(path, "");
    expectSessionError(path, "not a StreamSynth session file");
}

void TestSessionStore::newerVersionRefused() {
    QTemporaryDir dir;
    const QString path = QDir(dir.path()).filePath("v.session");
    std::string bytes = io::encodeSession(smallSession());
    bytes[8] = static_cast<char>(io::kSessionFormatVersion + 1);  // version field, little-endian
    writeAll(path, bytes);
    expectSessionError(path, "newer StreamSynth");
}

void TestSessionStore::everyReadableVersionLoads() {
    // The loader table covers every version from 1 to the current one, and
    // a file in each loads into the current SessionData (the upgrade path).
    const auto versions = io::readableSessionVersions();
    QCOMPARE(versions.size(), std::size_t{io::kSessionFormatVersion});
    for (std::uint32_t v = 1; v <= io::kSessionFormatVersion; ++v) {
        QVERIFY(std::find(versions.begin(), versions.end(), v) != versions.end());
        const io::SessionData e = io::decodeSession(io::encodeSession(smallSession(), v), "mem");
        QCOMPARE(e.stepDigests, smallSession().stepDigests);
        // The fit's work bound is kept from version 5 on; older streams
        // continue without one (as they were fitted).
        QCOMPARE(e.config.fitWork, v >= 5 ? smallSession().config.fitWork : 0.0);
        // The 1-way target is kept from version 6 on; older streams continue
        // with the whole-release target they ran with.
        QVERIFY(e.config.accuracy.oneWayTarget ==
                (v >= 6 ? smallSession().config.accuracy.oneWayTarget : stream::OneWayTarget::Whole));
        // The small-workload counters from version 7 on; older streams have none.
        QCOMPARE(e.config.accuracy.smallShare, v >= 7 ? smallSession().config.accuracy.smallShare : 0.0);
        // The 1-way split's power from version 8 on; older streams keep the
        // split by √codes their counters were given.
        QCOMPARE(e.config.accuracy.oneWaySplit, v >= 8 ? 0.8 : 0.5);
        // The shrinkage from version 9 on; older streams had none.
        QVERIFY(e.config.accuracy.oneWayShrink ==
                (v >= 9 ? stream::OneWayShrink::JamesStein : stream::OneWayShrink::None));
        // The baseline's 1-way share from version 10 on; older baselines had none.
        QCOMPARE(e.config.accuracy.baselineOneWayShare, v >= 10 ? 0.75 : 0.0);
    }
    io::SessionData odd = smallSession();
    odd.config.fitWork = 2.5e5;
    QCOMPARE(io::decodeSession(io::encodeSession(odd), "mem").config.fitWork, 2.5e5);
    odd.config.accuracy.oneWayShrink = stream::OneWayShrink::JamesSteinAll;
    QVERIFY(io::decodeSession(io::encodeSession(odd), "mem").config.accuracy.oneWayShrink ==
            stream::OneWayShrink::JamesSteinAll);
    QVERIFY_THROWS_EXCEPTION(Error, io::encodeSession(smallSession(), 0));
}

void TestSessionStore::failedSaveKeepsOldFile() {
    QTemporaryDir dir;
    const std::string path = QDir(dir.path()).filePath("k.session").toStdString();
    io::SessionData old = smallSession();
    io::saveSession(path, old);
    io::SessionData next = smallSession();
    next.engine.nextStep = 99;
    io::detail::setBeforeRenameHookForTests([] { throw std::runtime_error("power loss"); });
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, io::saveSession(path, next));
    io::detail::setBeforeRenameHookForTests({});
    QCOMPARE(io::loadSession(path).engine.nextStep, 4);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);  // no temp file left
    io::saveSession(path, next);
    QCOMPARE(io::loadSession(path).engine.nextStep, 99);
}

void TestSessionStore::unwritableFolderKeepsOldFile() {
    QTemporaryDir dir;
    const QString sub = QDir(dir.path()).filePath("ro");
    QVERIFY(QDir().mkpath(sub));
    const std::string path = QDir(sub).filePath("k.session").toStdString();
    io::saveSession(path, smallSession());
    QFile::setPermissions(sub, QFileDevice::ReadOwner | QFileDevice::ExeOwner);
    if (::geteuid() == 0) {
        // Root ignores permissions: make the rename fail instead (the target
        // is a non-empty folder); the folder and its file must survive.
        QFile::setPermissions(sub, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        QVERIFY_THROWS_EXCEPTION(Error, io::saveSession(sub.toStdString(), smallSession()));
        QCOMPARE(io::loadSession(path).engine.nextStep, 4);
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot).size(),
                 1);
        return;
    }
    io::SessionData next = smallSession();
    next.engine.nextStep = 7;
    try {
        io::saveSession(path, next);
        QFAIL("expected an Io error");
    } catch (const Error& e) {
        QCOMPARE(e.kind(), ErrorKind::Io);
        QVERIFY(QString::fromStdString(e.what()).contains(QString::fromStdString(path)));
    }
    QFile::setPermissions(sub, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    QCOMPARE(io::loadSession(path).engine.nextStep, 4);
}

void TestSessionStore::digestSeesChangedRowOrderAndCount() {
    const data::Table t = test::tinyTable(50);
    const std::uint64_t base = io::stepDigest(t, 10, 20);
    QCOMPARE(io::stepDigest(t, 10, 20), base);  // deterministic
    data::Table changed = t;
    changed.set(15, 1, static_cast<data::Code>((t.column(1)[15] + 1) % 3));
    QVERIFY(io::stepDigest(changed, 10, 20) != base);
    QVERIFY(io::stepDigest(t, 10, 21) != base);
    QCOMPARE(io::stepDigest(t, 10, 10), io::stepDigest(t, 20, 20));
}

QTEST_APPLESS_MAIN(TestSessionStore)
#include "test_session_store.moc"
