// Bounding privacy units by the public rule (core/steps/unit_bound.h,
// docs/privacy-models.md "Bounding by a public rule"): m and K over steps,
// the release order (digest, then position) against digests computed here,
// agreement with a plain reimplementation of the rule, stability when a unit
// is removed (the DP property), causality, resuming by recounting, empty
// keys, row order within a step, and the setting and input checks. Fixed
// inputs and seeded streams only.
#include <QCryptographicHash>
#include <QtTest>
#include <array>
#include <map>
#include <set>
#include <tuple>

#include "core/privacy/rng.h"
#include "core/steps/unit_bound.h"
#include "core/steps/unit_steps.h"
#include "core/values/error.h"

using namespace streamsynth;
using stream::StepBound;
using stream::UnitBounder;

namespace {

using Row = std::array<int, 2>;
struct Step {
    std::vector<Row> rows;
    std::vector<std::string> keys;
};
using Stream = std::vector<Step>;
// (step, a, b, key): a kept row, compared by content, never by position.
using KeptRow = std::tuple<std::size_t, int, int, std::string>;

data::Table table(const std::vector<Row>& rows) {
    data::Table t(data::Domain({{"a", 4}, {"b", 3}}), rows.size());
    for (std::size_t r = 0; r < rows.size(); ++r)
        for (int a = 0; a < 2; ++a)
            t.set(r, a, static_cast<data::Code>(rows[r][static_cast<std::size_t>(a)]));
    return t;
}

std::string md5hex(const std::string& text) {
    return QCryptographicHash::hash(QByteArray::fromStdString(text), QCryptographicHash::Md5)
        .toHex()
        .toStdString();
}

// The documented order text, written out here rather than taken from the code.
std::string orderHex(std::uint64_t seed, const std::string& key, Row r, int copy) {
    return md5hex(std::to_string(seed) + ":" + key + ":" + std::to_string(r[0]) + "," + std::to_string(r[1]) +
                  ":" + std::to_string(copy));
}

// A stream of `steps` steps of 0..15 rows over `units` units u0, u1, ...; one
// row in units + 1 has an empty key. Few codes, so identical rows are common.
Stream randomStream(std::uint64_t seed, int units = 10, int steps = 6) {
    auto rng = privacy::makeSeededRng(seed, "unit-bound-test");
    Stream s(static_cast<std::size_t>(steps));
    for (Step& step : s) {
        const auto n = rng->uniformBelow(16);
        for (std::uint64_t i = 0; i < n; ++i) {
            step.rows.push_back(
                {static_cast<int>(rng->uniformBelow(4)), static_cast<int>(rng->uniformBelow(3))});
            const auto u = rng->uniformBelow(static_cast<std::uint64_t>(units) + 1);
            step.keys.push_back(u < static_cast<std::uint64_t>(units) ? "u" + std::to_string(u) : "");
        }
    }
    return s;
}

std::vector<StepBound> run(UnitBounder& b, const Stream& s) {
    std::vector<StepBound> out;
    for (const Step& step : s) out.push_back(b.apply(table(step.rows), step.keys));
    return out;
}

std::multiset<KeptRow> keptRows(const Stream& s, const std::vector<StepBound>& bounds) {
    std::multiset<KeptRow> out;
    for (std::size_t t = 0; t < bounds.size(); ++t)
        for (std::size_t i : bounds[t].kept)
            out.insert({t, s[t].rows[i][0], s[t].rows[i][1], stream::unitKey(s[t].keys[i])});
    return out;
}

std::multiset<KeptRow> withoutKey(std::multiset<KeptRow> rows, const std::string& key) {
    std::erase_if(rows, [&](const KeptRow& r) { return std::get<3>(r) == key; });
    return rows;
}

// The rule written plainly: per unit, rows by (step, hex digest, position).
std::vector<std::vector<std::size_t>> referenceKept(const Stream& s, long long m, long long k,
                                                    std::uint64_t seed) {
    std::map<std::string, long long> used;
    std::vector<std::vector<std::size_t>> out;
    for (const Step& step : s) {
        std::vector<std::size_t> kept;
        std::map<std::string, std::vector<std::pair<std::string, std::size_t>>> byUnit;
        std::map<std::pair<std::string, Row>, int> copies;
        for (std::size_t i = 0; i < step.rows.size(); ++i) {
            const std::string key = stream::unitKey(step.keys[i]);
            if (key.empty()) {
                kept.push_back(i);
                continue;
            }
            const int copy = copies[{key, step.rows[i]}]++;
            byUnit[key].push_back({orderHex(seed, key, step.rows[i], copy), i});
        }
        for (auto& [key, rows] : byUnit) {
            std::sort(rows.begin(), rows.end());
            long long here = 0;
            for (const auto& r : rows) {
                if (used[key] >= m || here >= k) continue;
                kept.push_back(r.second);
                ++used[key];
                ++here;
            }
        }
        std::sort(kept.begin(), kept.end());
        out.push_back(kept);
    }
    return out;
}

}  // namespace

class TestUnitBound : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void orderTextIsPinned() {
        // Pinned to `printf '%s' '7:alice:3,1:0' | md5sum`: the same digest on
        // every platform and in a database's md5().
        const data::Table t = table({{0, 2}, {3, 1}});
        QCOMPARE(stream::unitRowOrderText(7, "alice", t, 1, 0), std::string("7:alice:3,1:0"));
        QCOMPARE(md5hex(stream::unitRowOrderText(7, "alice", t, 1, 0)),
                 std::string("13a4f1da43716fd80c013b63f265879e"));
        QCOMPARE(orderHex(7, "alice", {3, 1}, 1), std::string("0fb332b78dc60fb1b3252f4bde9e5186"));
        QCOMPARE(stream::unitKey(" \talice  "), std::string("alice"));
        QCOMPARE(stream::unitKey("Alice"), std::string("Alice"));  // case is kept
        QCOMPARE(stream::unitKey(" \t "), std::string());
    }

    void mAndKOverSteps() {
        // m = 5, K = 2: x has 3 rows a step, y one; y is never bounded.
        UnitBounder b(5, 2, 1);
        const std::vector<std::string> keys{"x", "y", "x", "x"};
        const data::Table step = table({{0, 0}, {1, 1}, {2, 2}, {3, 0}});
        std::vector<StepBound> r;
        for (int t = 0; t < 4; ++t) r.push_back(b.apply(step, keys));
        const std::vector<std::size_t> kept{2, 2, 1, 0}, byK{1, 1, 0, 0}, byM{0, 0, 2, 3};
        for (std::size_t t = 0; t < 4; ++t) {
            QCOMPARE(r[t].keptCount(), kept[t] + 1);  // + y's row
            QCOMPARE(r[t].droppedByStep, byK[t]);
            QCOMPARE(r[t].droppedByTotal, byM[t]);
            QCOMPARE(r[t].keptCount() + r[t].droppedCount(), std::size_t(4));
            QVERIFY(std::is_sorted(r[t].kept.begin(), r[t].kept.end()));
            QVERIFY(std::binary_search(r[t].kept.begin(), r[t].kept.end(), std::size_t(1)));
        }
        QCOMPARE(b.keptSoFar("x"), 5LL);
        QCOMPARE(b.keptSoFar(" y "), 4LL);
        QCOMPARE(b.keptSoFar("z"), 0LL);
        QCOMPARE(b.unitCount(), std::size_t(2));
        QCOMPARE(b.stepCount(), std::size_t(4));
    }

    void digestThenPosition() {
        // Two different rows of unit p, K = 1: the one with the smaller digest
        // (computed here) is kept, whichever comes first in the step.
        const std::uint64_t seed = 11;
        std::vector<std::pair<Row, Row>> laterWins, earlierWins;
        for (int a0 = 0; a0 < 4; ++a0)
            for (int a1 = 0; a1 < 4; ++a1) {
                const Row r0{a0, 0}, r1{a1, 1};
                (orderHex(seed, "p", r1, 0) < orderHex(seed, "p", r0, 0) ? laterWins : earlierWins)
                    .push_back({r0, r1});
            }
        QVERIFY(!laterWins.empty() && !earlierWins.empty());
        for (const auto& [first, second] : laterWins) {
            UnitBounder b(3, 1, seed);
            QCOMPARE(b.apply(table({first, second}), {"p", "p"}).kept, std::vector<std::size_t>{1});
        }
        for (const auto& [first, second] : earlierWins) {
            UnitBounder b(3, 1, seed);
            QCOMPARE(b.apply(table({first, second}), {"p", "p"}).kept, std::vector<std::size_t>{0});
        }
        // Identical rows: the first copy by position is copy 0; another unit's
        // row between them changes nothing.
        const Row same{2, 2};
        const std::size_t winner = orderHex(seed, "p", same, 1) < orderHex(seed, "p", same, 0) ? 2 : 0;
        UnitBounder b(3, 1, seed);
        QCOMPARE(
            b.apply(table({same, {0, 0}, same}), {"p", "q", "p"}).kept,
            (std::vector<std::size_t>{std::min<std::size_t>(winner, 1), std::max<std::size_t>(winner, 1)}));
    }

    void agreesWithThePlainRule() {
        for (std::uint64_t seed = 1; seed <= 150; ++seed) {
            const Stream s = randomStream(seed);
            const long long m = 1 + static_cast<long long>(seed % 6),
                            k = 1 + static_cast<long long>(seed % 7) % m;
            UnitBounder b(m, k, seed * 7919);
            const auto bounds = run(b, s);
            const auto expected = referenceKept(s, m, k, seed * 7919);
            for (std::size_t t = 0; t < s.size(); ++t) {
                QVERIFY2(bounds[t].kept == expected[t],
                         qPrintable(QString("seed %1 step %2").arg(seed).arg(t)));
                QCOMPARE(bounds[t].keptCount() + bounds[t].droppedCount(), s[t].rows.size());
            }
            // Every unit within m in all and K in every step.
            std::map<std::string, long long> total;
            std::map<std::pair<std::size_t, std::string>, long long> perStep;
            for (const auto& [t, a, bb, key] : keptRows(s, bounds))
                if (!key.empty()) ++total[key], ++perStep[{t, key}];
            for (const auto& [key, n] : total) QVERIFY(n <= m && n == b.keptSoFar(key));
            for (const auto& [tk, n] : perStep) QVERIFY(n <= k);
        }
    }

    void removingAUnitChangesOnlyItsRows() {
        for (std::uint64_t seed = 1; seed <= 120; ++seed) {
            const Stream s = randomStream(seed);
            const long long m = 1 + static_cast<long long>(seed % 5),
                            k = 1 + static_cast<long long>(seed / 5 % 5) % m;
            UnitBounder full(m, k, seed);
            const auto all = keptRows(s, run(full, s));
            for (int u = 0; u < 10; ++u) {
                const std::string gone = "u" + std::to_string(u);
                Stream less = s;
                for (Step& step : less) {
                    Step kept;
                    for (std::size_t i = 0; i < step.rows.size(); ++i) {
                        if (step.keys[i] == gone) continue;
                        kept.rows.push_back(step.rows[i]);
                        kept.keys.push_back(step.keys[i]);
                    }
                    step = kept;
                }
                UnitBounder b(m, k, seed);
                const auto rest = keptRows(less, run(b, less));
                QVERIFY2(withoutKey(all, gone) == rest,
                         qPrintable(QString("seed %1 unit %2").arg(seed).arg(u)));
                QVERIFY(static_cast<long long>(all.size() - rest.size()) <= m);
            }
        }
    }

    void laterStepsDoNotChangeEarlierOnes() {
        for (std::uint64_t seed = 1; seed <= 40; ++seed) {
            const Stream a = randomStream(seed, 10, 8);
            Stream changed = a;
            const Stream other = randomStream(seed + 1000, 10, 8);
            for (std::size_t t = 4; t < 8; ++t) changed[t] = other[t];
            changed.push_back(other[0]);  // and one more step appended
            UnitBounder b1(3, 2, seed), b2(3, 2, seed);
            const auto r1 = run(b1, a), r2 = run(b2, changed);
            for (std::size_t t = 0; t < 4; ++t) {
                QCOMPARE(r1[t].kept, r2[t].kept);
                QCOMPARE(r1[t].droppedByTotal, r2[t].droppedByTotal);
                QCOMPARE(r1[t].droppedByStep, r2[t].droppedByStep);
            }
        }
    }

    void recountingResumes() {
        for (std::uint64_t seed = 1; seed <= 40; ++seed) {
            const Stream s = randomStream(seed, 10, 8);
            const Stream head(s.begin(), s.begin() + 5), tail(s.begin() + 5, s.end());
            UnitBounder original(4, 2, seed);
            run(original, head);
            UnitBounder resumed(4, 2, seed);  // `continue`: a fresh bounder fed the past steps again
            run(resumed, head);
            QVERIFY(resumed == original);
            const auto r1 = run(original, tail), r2 = run(resumed, tail);
            for (std::size_t t = 0; t < tail.size(); ++t) QCOMPARE(r1[t].kept, r2[t].kept);
            QVERIFY(resumed == original);
            UnitBounder otherSeed(4, 2, seed + 1), otherK(4, 1, seed);
            run(otherSeed, s);
            run(otherK, s);
            QVERIFY(!(otherSeed == original) && !(otherK == original));
        }
    }

    void theSeedChoosesTheRows() {
        const Stream s = randomStream(5, 3, 6);  // few units, many rows each
        std::set<std::multiset<KeptRow>> choices;
        for (std::uint64_t seed = 1; seed <= 8; ++seed) {
            UnitBounder b(4, 1, seed);
            choices.insert(keptRows(s, run(b, s)));
        }
        QVERIFY(choices.size() > 1);
    }

    void emptyKeysAreTheirOwnUnits() {
        // m = 2, K = 1: unit a (keys "a" and " a ") is bounded, the three
        // rows with an empty key never are.
        UnitBounder b(2, 1, 3);
        const data::Table t = table({{0, 0}, {0, 0}, {1, 1}, {2, 2}, {3, 0}});
        const std::vector<std::string> keys{"", "  ", "\t", "a", " a "};
        for (int step = 0; step < 3; ++step) {
            const StepBound r = b.apply(t, keys);
            QCOMPARE(r.ownUnitRows, std::size_t(3));
            QCOMPARE(r.keptCount(), std::size_t(step < 2 ? 4 : 3));
            QCOMPARE(r.droppedByStep, std::size_t(step == 0 ? 1 : 0));
            QCOMPARE(r.droppedByTotal, std::size_t(step));
            QVERIFY(r.kept[0] == 0 && r.kept[1] == 1 && r.kept[2] == 2);
        }
        QCOMPARE(b.unitCount(), std::size_t(1));
        QCOMPARE(b.keptSoFar(""), 0LL);
        QCOMPARE(b.keptSoFar("a"), 2LL);
    }

    void rowOrderInAStepDoesNotMatter() {
        for (std::uint64_t seed = 1; seed <= 80; ++seed) {
            const Stream s = randomStream(seed);
            Stream shuffled = s;
            auto rng = privacy::makeSeededRng(seed, "shuffle");
            for (Step& step : shuffled)
                for (std::size_t i = step.rows.size(); i > 1; --i) {
                    const auto j = static_cast<std::size_t>(rng->uniformBelow(i));
                    std::swap(step.rows[i - 1], step.rows[j]);
                    std::swap(step.keys[i - 1], step.keys[j]);
                }
            UnitBounder b1(3, 2, seed), b2(3, 2, seed);
            const auto r1 = run(b1, s), r2 = run(b2, shuffled);
            QVERIFY2(keptRows(s, r1) == keptRows(shuffled, r2), qPrintable(QString("seed %1").arg(seed)));
            QVERIFY(b1 == b2);
        }
    }

    void checksSettingsAndKeys() {
        const auto settingFails = [](long long m, long long k, const char* setting) {
            try {
                UnitBounder b(m, k, 1);
            } catch (const Error& e) {
                return e.kind() == ErrorKind::Setting && e.context().setting == setting;
            }
            return false;
        };
        QVERIFY(settingFails(0, 1, stream::kMaxUnitRowsSetting));
        QVERIFY(settingFails(-3, -3, stream::kMaxUnitRowsSetting));
        QVERIFY(settingFails(2, 0, stream::kMaxUnitStepRowsSetting));
        QVERIFY(settingFails(2, 3, stream::kMaxUnitStepRowsSetting));
        UnitBounder ok(1, 1, 1);
        QCOMPARE(ok.maxRowsPerUnit(), 1LL);

        UnitBounder b(2, 1, 1);
        const data::Table t = table({{0, 0}, {1, 1}});
        b.apply(t, {"secret-key-77", "secret-key-77"});
        const UnitBounder before = b;
        try {
            b.apply(t, {"secret-key-77"});
            QFAIL("a key count unlike the row count was accepted");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), ErrorKind::Input);
            QVERIFY(e.describe(true).find("secret") == std::string::npos);
            QVERIFY(e.describe(true).find('2') == std::string::npos);  // no row count either
        }
        QVERIFY(b == before);  // the state is unchanged
    }

    // boundStepsByUnit (unit_steps.h) cuts a planned stream's steps to what a
    // UnitBounder keeps, in table row indices, records the drops per step,
    // and refuses batches and a key column not read for every row.
    void planIsCutToTheKeptRows() {
        // Rows of two steps interleaved in the table: step 1 = rows 0, 2, 4;
        // step 2 = rows 1, 3, 5, 6. Unit x has 5 rows, y 2.
        const data::Table t = table({{0, 0}, {1, 1}, {2, 2}, {3, 0}, {0, 1}, {1, 2}, {2, 0}});
        const std::vector<std::string> keys{"x", "x", "x", "y", "x", "x", "y"};
        stream::StepPlan plan;
        plan.rows = {{0, 2, 4}, {1, 3, 5, 6}};
        plan.periods = {"p1", "p2"};
        const data::UnitSettings unit{"k", 3, 2};
        stream::StepPlan cut = plan;
        stream::boundStepsByUnit(cut, t, keys, unit, 9);
        QVERIFY(cut.unitBounded);
        // The same rule directly: step by step over the step tables.
        UnitBounder b(3, 2, 9);
        for (std::size_t s = 0; s < 2; ++s) {
            std::vector<std::string> stepKeys;
            for (std::size_t r : plan.rows[s]) stepKeys.push_back(keys[r]);
            const StepBound bound = b.apply(t.selectRows(plan.rows[s]), stepKeys);
            std::vector<std::size_t> kept;
            for (std::size_t i : bound.kept) kept.push_back(plan.rows[s][i]);
            QCOMPARE(cut.rows[s], kept);
            QCOMPARE(cut.unitDropped[s], static_cast<long long>(bound.droppedCount()));
        }
        // x: 2 of its 3 rows in step 1 (K = 2), then 1 more (m = 3); y keeps both.
        QCOMPARE(cut.unitDropped, (std::vector<long long>{1, 1}));
        QCOMPARE(cut.rowCount(), std::size_t{5});
        // A key per row, or an input Error.
        stream::StepPlan again = plan;
        QVERIFY_THROWS_EXCEPTION(Error, stream::boundStepsByUnit(again, t, {"x"}, unit, 9));
        // Batches cannot carry a unit.
        data::StreamSettings batches;
        batches.batch = data::BatchSettings(100, data::BatchOrder::Random);
        stream::requireTimeStepsForUnit(batches);  // no unit: fine
        batches.unit = unit;
        try {
            stream::requireTimeStepsForUnit(batches);
            QFAIL("a unit with batches was accepted");
        } catch (const Error& e) {
            QCOMPARE(e.context().setting, std::string("privacy-unit"));
        }
    }
};

QTEST_APPLESS_MAIN(TestUnitBound)
#include "test_unit_bound.moc"
