// Release digests taken in parts: RowsDigest over a table added piece by
// piece equals rowsDigest over it whole, and the baseline's releaseDigest,
// which hashes only the rows appended since its last call, equals hashing
// g_t whole at every step, called twice or skipped, after a restore and
// after a start from a release.
#include <QtTest>

#include "core/fit/fit_engine.h"
#include "core/privacy/ledger.h"
#include "core/privacy/rng.h"
#include "core/steps/step_digest.h"
#include "core/steps/step_source.h"
#include "core/stream/baseline_streamer.h"
#include "tiny_stream.h"

using namespace streamsynth;

namespace {
std::uint64_t whole(const data::Table& t) {
    return stream::rowsDigest(t, 0, t.rowCount());
}
}  // namespace

class TestReleaseDigest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void partsEqualTheWhole();
    void baselineDigestIsTheWholeReleases();
};

void TestReleaseDigest::partsEqualTheWhole() {
    const data::Table rows = test::tinyTable(300);
    for (std::size_t cut : {std::size_t{0}, std::size_t{1}, std::size_t{7}, rows.rowCount()}) {
        stream::RowsDigest d;
        d.add(rows, 0, cut);
        QCOMPARE(d.value(), stream::rowsDigest(rows, 0, cut));
        d.add(rows, cut, rows.rowCount());
        QCOMPARE(d.rows(), rows.rowCount());
        QCOMPARE(d.value(), whole(rows));
    }
    QVERIFY(stream::RowsDigest{}.value() != whole(rows));
}

void TestReleaseDigest::baselineDigestIsTheWholeReleases() {
    auto source = test::tinySource(600, 100);
    auto engine = fit::makePgmEngine();
    const stream::RunConfig config =
        test::tinyConfig({test::seriesOf("b", stream::StreamerKind::Baseline, "", 1.0)}, 2);
    // Each streamer charges its own ledger (they release the same steps).
    std::vector<std::unique_ptr<privacy::PrivacyLedger>> ledgers;
    std::vector<std::unique_ptr<privacy::Rng>> rngs;
    auto make = [&]() {
        ledgers.push_back(std::make_unique<privacy::PrivacyLedger>(1.0, privacy::PrivacyModel::Pure));
        rngs.push_back(privacy::makeSeededRng(3, "release-digest"));
        return std::make_unique<stream::BaselineStreamer>(stream::makeStreamerEnv(
            config, config.series[0], source->workloads(), *engine, *ledgers.back(), *rngs.back(), nullptr));
    };
    auto b = make();
    QCOMPARE(b->releaseDigest(), whole(b->release()));  // g_0: no rows
    for (int t = 1; t <= 4; ++t) {
        b->step(source->step(t), nullptr);
        if (t == 2) continue;  // a step whose digest nobody asked for
        QCOMPARE(b->releaseDigest(), whole(b->release()));
        QCOMPARE(b->releaseDigest(), whole(b->release()));  // asked again: nothing new hashed
    }
    QVERIFY(b->release().rowCount() > 0);
    // Restored: the digest starts again from the restored rows.
    auto restored = make();
    restored->step(source->step(3), nullptr);  // rows of its own, hashed, then replaced
    restored->releaseDigest();
    restored->restoreState(b->saveState());
    QCOMPARE(restored->releaseDigest(), whole(b->release()));
    restored->step(source->step(5), nullptr);
    QCOMPARE(restored->releaseDigest(), whole(restored->release()));
    QVERIFY(restored->release().rowCount() > b->release().rowCount());
    // Started from a release (a recovery stream's g_0).
    auto started = make();
    started->startFrom(b->release(), 10);
    QCOMPARE(started->releaseDigest(), whole(b->release()));
    started->step(source->step(5), nullptr);
    QCOMPARE(started->releaseDigest(), whole(started->release()));
}

QTEST_APPLESS_MAIN(TestReleaseDigest)
#include "test_release_digest.moc"
