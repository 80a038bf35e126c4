// A dataset's total over its streams (registry/dataset_total.h): pure ε add
// up; with a zCDP stream the ρ add up and each pure series counts ε²/2, the
// smaller of the two valid (ε, δ) statements is given; a registry's id is
// drawn once and kept; a fingerprint is keyed by the registry (another
// registry gives another one for the same rows); the dataset's limit holds
// over every stream's claims.
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "core/registry/release_registry.h"
#include "core/registry/row_sketch.h"
#include "core/values/dataset_total.h"
#include "core/values/error.h"
#include "core/values/zcdp_conversion.h"

using namespace streamsynth;
using registry::StreamTotal;

namespace {

StreamTotal pure(std::vector<double> eps) {
    std::vector<registry::SeriesBudget> b;
    for (std::size_t i = 0; i < eps.size(); ++i) b.push_back({"s" + std::to_string(i), eps[i]});
    return registry::streamTotal("pure", b, 0);
}

registry::ReleaseRecord claimOf(const std::string& stream, int step, double budget) {
    registry::ReleaseRecord r;
    r.stream = stream;
    r.series = "baseline";
    r.step = step;
    r.digest = "d" + std::to_string(step);
    r.budget = budget;
    r.spent = budget;
    return r;
}

}  // namespace

class TestDatasetTotal : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void pureStreamsAddUp() {
        const auto t = registry::datasetTotal("d", {pure({1, 0.5}), pure({2})}, 0);
        QCOMPARE(t.streams, 2);
        QCOMPARE(t.epsilon, 3.5);
        QCOMPARE(t.delta, 0.0);
        QCOMPARE(QString::fromStdString(registry::datasetTotalText(t)), QString("ε = 3.5 over 2 streams"));
    }

    void mixedModelsCountPureAsRho() {
        const StreamTotal z = registry::streamTotal("zcdp", {{"p", 0.5}}, 1e-6);
        const auto t = registry::datasetTotal("d", {pure({0.1, 0.2}), z}, 1e-6);
        QCOMPARE(t.rho, 0.5);
        QCOMPARE(t.pureEpsilon, 0.1 + 0.2);
        QCOMPARE(t.delta, 1e-6);
        // Both statements are valid; the smaller one is stated.
        const double asPure = 0.1 + 0.2 + privacy::zcdpEpsilon(0.5, 1e-6);
        const double asRho = privacy::zcdpEpsilon(0.5 + 0.1 * 0.1 / 2 + 0.2 * 0.2 / 2, 1e-6);
        QCOMPARE(t.epsilon, std::min(asPure, asRho));
        QVERIFY(asRho < asPure);  // small pure ε: the ρ route is tighter
        // Large pure ε: ε²/2 grows faster than ε, so the pure route wins.
        const auto big = registry::datasetTotal("d", {pure({5}), z}, 1e-6);
        QCOMPARE(big.epsilon, 5 + privacy::zcdpEpsilon(0.5, 1e-6));
        QVERIFY(big.epsilon < privacy::zcdpEpsilon(0.5 + 12.5, 1e-6));
    }

    void registryIdIsDrawnOnceAndKept() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("r.sqlite").toStdString();
        const std::string id = registry::openRegistry(path)->id();
        QCOMPARE(id.size(), std::size_t(32));
        QCOMPARE(registry::openRegistry(path)->id(), id);
        QVERIFY(registry::openRegistry(dir.filePath("other.sqlite").toStdString())->id() != id);
        // A missing registry is never made anew when its stream has claims.
        bool refused = false;
        try {
            registry::openRegistry(dir.filePath("gone.sqlite").toStdString(), /*create=*/false);
        } catch (const Error& e) {
            refused = e.kind() == ErrorKind::Privacy;
        }
        QVERIFY(refused);
    }

    void fingerprintIsKeyedByTheRegistry() {
        QTemporaryDir dir;
        auto a = registry::openRegistry(dir.filePath("a.sqlite").toStdString());
        auto b = registry::openRegistry(dir.filePath("b.sqlite").toStdString());
        const std::string rows = "age,sex\n39,Male\n50,Female\n";
        QCOMPARE(a->fingerprintOf(rows), a->fingerprintOf(rows));
        // "s:" and the row sketch (one hex digit a position): no digest of the whole sample, which
        // with the key beside it would let the file's holder test a guess of one person's value.
        QCOMPARE(a->fingerprintOf(rows).size(), std::size_t(2 + registry::kSketchSize));
        QVERIFY(a->fingerprintOf(rows).rfind(registry::kSketchPrefix, 0) == 0);
        QVERIFY(a->fingerprintOf(rows) != b->fingerprintOf(rows));
        QVERIFY(a->fingerprintOf(rows) != a->fingerprintOf(rows + "1,Male\n"));
    }

    void datasetLimitHoldsOverItsStreams() {
        QTemporaryDir dir;
        auto reg = registry::openRegistry(dir.filePath("r.sqlite").toStdString());
        reg->joinDataset({"hospital", "s1", "/data/a.csv", "", "", ""}, streamsynth::registry::kRowProtection,
                         false);
        reg->joinDataset({"hospital", "s2", "/data/a.csv", "", "", ""}, streamsynth::registry::kRowProtection,
                         true);
        reg->setDatasetLimit("hospital", 1.5, 1e-6);
        reg->claim({claimOf("s1", 1, 1)});
        bool refused = false;
        try {
            reg->claim({claimOf("s2", 1, 1)});
        } catch (const Error& e) {
            refused = e.kind() == ErrorKind::Privacy &&
                      e.message().find("past its limit of ε = 1.5") != std::string::npos;
        }
        QVERIFY(refused);
        QCOMPARE(reg->datasetTotal("hospital").epsilon, 1.0);
        // A stream belongs to one dataset.
        refused = false;
        try {
            reg->joinDataset({"other", "s1", "", "", "", ""}, streamsynth::registry::kRowProtection, false);
        } catch (const Error& e) {
            refused = e.kind() == ErrorKind::Privacy;
        }
        QVERIFY(refused);
        QCOMPARE(reg->lookalikes({"other", "s9", "/data/a.csv", "", "", ""}).size(), std::size_t(1));
    }

    // A review of 2026-12-01: two new streams of one dataset started at once
    // were both checked before either had claimed, and both released. The
    // first claim of a stream that was not charged to the dataset explicitly
    // is refused once another stream of it has claims.
    void twoNewStreamsCheckedAtOnceReleaseOnce() {
        QTemporaryDir dir;
        auto reg = registry::openRegistry(dir.filePath("r.sqlite").toStdString());
        reg->joinDataset({"race", "a", "/data/race.csv", "", "", ""}, registry::kRowProtection, false);
        reg->joinDataset({"race", "b", "/data/race.csv", "", "", ""}, registry::kRowProtection, false);
        reg->claim({claimOf("a", 1, 1)});
        QString words;
        try {
            reg->claim({claimOf("b", 1, 1)});
        } catch (const Error& e) {
            if (e.kind() == ErrorKind::Privacy) words = QString::fromStdString(e.message());
        }
        QVERIFY2(words.contains("--charge-to-dataset race"), qPrintable(words));
        QVERIFY(reg->releases("b").empty());
        QCOMPARE(reg->datasetTotal("race").epsilon, 1.0);
        // A stream charged explicitly claims beside it; a third one now joining unconfirmed is refused at
        // once.
        reg->joinDataset({"race", "c", "/data/race.csv", "", "", ""}, registry::kRowProtection, true);
        reg->claim({claimOf("c", 1, 1)});
        QCOMPARE(reg->datasetTotal("race").epsilon, 2.0);
        bool refused = false;
        try {
            reg->joinDataset({"race", "d", "/data/race.csv", "", "", ""}, registry::kRowProtection, false);
        } catch (const Error& e) {
            refused = e.kind() == ErrorKind::Privacy;
        }
        QVERIFY(refused);
        QVERIFY(!reg->membership("d"));
    }

    // The same review: a dataset's total added a unit-level stream's ε to an
    // event-level stream's, though a person with three rows loses up to 3ε
    // under the latter. Streams of one dataset protect the same.
    void aDatasetsStreamsProtectTheSame() {
        QTemporaryDir dir;
        auto reg = registry::openRegistry(dir.filePath("r.sqlite").toStdString());
        reg->joinDataset({"films", "u", "/data/films.csv", "", "", ""}, registry::unitProtection("Title"),
                         false);
        reg->claim({claimOf("u", 1, 1)});
        QCOMPARE(reg->protectionOf("u"), registry::unitProtection("Title"));  // what `ledger --stream` states
        QCOMPARE(reg->protectionOf("unknown"), std::string());
        for (const std::string& protection :
             {std::string(registry::kRowProtection), registry::unitProtection("Director")}) {
            QString words;
            try {
                reg->joinDataset({"films", "e", "/data/films.csv", "", "", ""}, protection, true);
            } catch (const Error& e) {
                if (e.kind() == ErrorKind::Privacy) words = QString::fromStdString(e.message());
            }
            QVERIFY2(words.contains("each unit of column 'Title'") && words.contains("same privacy unit"),
                     qPrintable(words));
            QVERIFY(!reg->membership("e"));
        }
        // The same unit, charged explicitly: the losses add up, per person.
        reg->joinDataset({"films", "t", "/data/films.csv", "", "", ""}, registry::unitProtection("Title"),
                         true);
        reg->claim({claimOf("t", 1, 1)});
        QCOMPARE(reg->datasetTotal("films").epsilon, 2.0);
        // Two joined before either claimed: the first claim decides, the other's is refused.
        reg->joinDataset({"mixed", "r1", "", "", "", ""}, registry::kRowProtection, false);
        reg->joinDataset({"mixed", "u1", "", "", "", ""}, registry::unitProtection("Title"), true);
        reg->claim({claimOf("r1", 1, 1)});
        bool refused = false;
        try {
            reg->claim({claimOf("u1", 1, 1)});
        } catch (const Error& e) {
            refused = e.kind() == ErrorKind::Privacy;
        }
        QVERIFY(refused);
        QVERIFY(reg->releases("u1").empty());
    }
};

QTEST_GUILESS_MAIN(TestDatasetTotal)
#include "test_dataset_total.moc"
