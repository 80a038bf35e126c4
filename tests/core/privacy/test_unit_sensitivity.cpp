// Person-level sensitivity (core/privacy/unit_sensitivity.h, the derivations
// in docs/privacy-models.md): for every built-in counter kind the test builds
// the term matrix R from counter.h's definitions, on its own (no schedule of
// the product's), each term weighted by (its budget fraction)/(the terms per
// item it was calibrated with), so that a unit moving the increments by d
// costs Σ_j w_j·(R d)_j² of the counter's ρ and Σ_j w_j·|(R d)_j| of its ε;
// event level (one row) costs at most 1. A brute force over every placement
// of a unit's rows (at most m ≤ 6 in all, K per step) in small horizons then
// checks that the product's factor is never below the true cost (it never
// under-noises), and is the true cost where the derivation says it is exact:
// the tree programmes always, the simple counter when K divides m, and m² at
// K = m for every kind whose largest column is what it was calibrated to.
#include <QtTest>
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/privacy/counter_kinds.h"
#include "core/privacy/counter_toeplitz.h"
#include "core/privacy/unit_sensitivity.h"
#include "core/values/error.h"
#include "core/values/privacy_unit.h"

using namespace streamsynth;
using namespace streamsynth::privacy;

namespace {

constexpr long long kMaxBruteRows = 6;

bool near(double a, double b) {
    return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)});
}

// A counter's noise terms over the steps 1..steps fed (index 0 = step 1).
struct Terms {
    long long steps = 0;
    std::vector<std::vector<double>> rows;
    std::vector<double> weights;

    // A 0/1 term over the steps from..to, clipped to the steps fed.
    void addRange(long long from, long long to, double weight) {
        std::vector<double> row(static_cast<std::size_t>(steps), 0.0);
        for (long long s = std::max(from, 1LL); s <= std::min(to, steps); ++s)
            row[static_cast<std::size_t>(s - 1)] = 1.0;
        rows.push_back(std::move(row));
        weights.push_back(weight);
    }
};

// Simple: one term per step on that step's increment, calibrated to 1.
Terms simpleTerms(long long steps) {
    Terms t{steps, {}, {}};
    for (long long s = 1; s <= steps; ++s) t.addRange(s, s, 1.0);
    return t;
}

// Block(B): at a block boundary a β on the block, else an α on the item; an
// item is in 2 terms.
Terms blockTerms(long long steps, long long blockSize) {
    Terms t{steps, {}, {}};
    for (long long s = 1; s <= steps; ++s) {
        if (s % blockSize == 0)
            t.addRange(s - blockSize + 1, s, 0.5);
        else
            t.addRange(s, s, 0.5);
    }
    return t;
}

// Unbounded block: segment k (k = 2, 3, …) of k² steps is a Block(k).
Terms unboundedBlockTerms(long long steps) {
    Terms t{steps, {}, {}};
    long long start = 0, k = 2;
    for (long long s = 1; s <= steps; ++s) {
        if (s > start + k * k) start += k * k, ++k;
        if ((s - start) % k == 0)
            t.addRange(s - k + 1, s, 0.5);
        else
            t.addRange(s, s, 0.5);
    }
    return t;
}

long long lowBit(long long x) {
    return x & -x;
}

// Binary mechanism: the p-sum of step t covers (t − lowbit(t), t]; each item
// is in at most L = ⌊log2 T⌋+1 of them, the calibration's terms.
Terms binaryTreeTerms(long long steps, int levels) {
    Terms t{steps, {}, {}};
    for (long long s = 1; s <= steps; ++s) t.addRange(s - lowBit(s) + 1, s, 1.0 / levels);
    return t;
}

// Honaker: every node (l, j) of the dyadic tree, ((j−1)·2^l, j·2^l], drawn at j·2^l.
Terms honakerTerms(long long steps, int levels) {
    Terms t{steps, {}, {}};
    for (long long size = 1; size <= steps; size *= 2)
        for (long long end = size; end <= steps; end += size) t.addRange(end - size + 1, end, 1.0 / levels);
    return t;
}

// Hybrid: half the budget on the log counter (a term on (2^{k−1}, 2^k] at 2^k,
// one per item), half on epoch k's tree over 2^k+1..2^{k+1}−1 (k terms per item).
Terms hybridTerms(long long steps) {
    Terms t{steps, {}, {}};
    for (long long p = 1; p <= steps; p *= 2) t.addRange(p / 2 + 1, p, 0.5);
    for (long long s = 1; s <= steps; ++s) {
        const int k = std::bit_width(static_cast<std::uint64_t>(s)) - 1;
        const long long tau = s - (1LL << k);
        if (tau > 0) t.addRange((1LL << k) + tau - lowBit(tau) + 1, s, 0.5 / k);
    }
    return t;
}

long long binomial(int n, int k) {
    long long c = 1;
    for (int i = 1; i <= k; ++i) c = c * (n - k + i) / i;
    return c;
}

// Smooth binary: height h (even, smallest with C(h, h/2) − 1 ≥ T), input t at
// the t-th h-bit leaf with h/2 ones; release t sums the dyadic nodes of
// [0, leaf(t+1)), bit j of x giving [(x >> (j+1)) << (j+1), … + 2^j); h/2 terms.
Terms smoothBinaryTerms(long long steps) {
    int h = 2;
    while (binomial(h, h / 2) - 1 < steps) h += 2;
    std::vector<std::uint64_t> leaves;
    for (std::uint64_t x = 0; static_cast<long long>(leaves.size()) <= steps; ++x)
        if (std::popcount(x) == h / 2) leaves.push_back(x);
    std::set<std::pair<int, std::uint64_t>> nodes;
    for (long long s = 1; s <= steps; ++s)
        for (int j = 0; j < h; ++j)
            if ((leaves[static_cast<std::size_t>(s)] >> j) & 1)
                nodes.insert({j, leaves[static_cast<std::size_t>(s)] >> (j + 1)});
    Terms t{steps, {}, {}};
    for (const auto& [j, prefix] : nodes) {
        const std::uint64_t first = prefix << (j + 1), end = first + (std::uint64_t{1} << j);
        std::vector<double> row(static_cast<std::size_t>(steps), 0.0);
        for (long long s = 1; s <= steps; ++s) {
            const std::uint64_t leaf = leaves[static_cast<std::size_t>(s - 1)];
            if (leaf >= first && leaf < end) row[static_cast<std::size_t>(s - 1)] = 1.0;
        }
        t.rows.push_back(std::move(row));
        t.weights.push_back(2.0 / h);
    }
    return t;
}

// Count on your elders, release t: its balanced K-ary digits read from the
// top, each level adding d nodes right of the running position or removing
// |d| left of it, node (i, j) covering ((j−1)·K^i, j·K^i]. False when the
// walk does not end at t.
bool addEldersNodes(long long t, int arity, std::set<std::pair<int, long long>>& nodes) {
    std::vector<long long> digits;  // least significant first
    for (long long x = t; x != 0;) {
        long long d = x % arity;
        if (d > (arity - 1) / 2) d -= arity;
        digits.push_back(d);
        x = (x - d) / arity;
    }
    long long position = 0, size = 1;
    for (std::size_t i = 1; i < digits.size(); ++i) size *= arity;
    for (int i = static_cast<int>(digits.size()) - 1; i >= 0; --i, size /= arity) {
        const long long d = digits[static_cast<std::size_t>(i)], base = position / size;
        for (long long j = 1; j <= d; ++j) nodes.insert({i, base + j});
        for (long long j = 0; j < -d; ++j) nodes.insert({i, base - j});
        position += d * size;
    }
    return position == t;
}

// Count on your elders: every node some release uses; h terms per item (h
// levels, the smallest with (K^h − 1)/2 ≥ T). An empty Terms (steps 0) when a
// walk goes wrong or a node lies outside the tree.
Terms eldersTerms(long long steps, int arity) {
    int h = 1;
    long long span = arity;
    while ((span - 1) / 2 < steps) ++h, span *= arity;
    std::set<std::pair<int, long long>> nodes;
    for (long long s = 1; s <= steps; ++s)
        if (!addEldersNodes(s, arity, nodes)) return Terms{};
    Terms t{steps, {}, {}};
    for (const auto& [i, j] : nodes) {
        if (i >= h || j < 1) return Terms{};
        long long size = 1;
        for (int l = 0; l < i; ++l) size *= arity;
        t.addRange((j - 1) * size + 1, j * size, 1.0 / h);
    }
    return t;
}

// Square root and its log-damped variant: R[t][s] = r_{t−s}, every term
// calibrated to `calibrated` (C_T, or the bound C̄ on every column).
Terms toeplitzTerms(long long steps, bool damped) {
    std::vector<double> r;
    double f = 1.0, columnSquared = 0.0;
    for (long long k = 0; k < steps; ++k) {
        if (k > 0) f *= 1.0 - 1.0 / (2.0 * static_cast<double>(k));
        const double damping = std::pow(1.0 + 0.3 * std::log1p(static_cast<double>(k) / 256.0), -1.5);
        r.push_back(damped ? f * damping : f);
        columnSquared += r.back() * r.back();
    }
    const double calibrated = damped ? detail::unboundedSqrtColumnNormBound() : columnSquared;
    Terms t{steps, {}, {}};
    for (long long term = 1; term <= steps; ++term) {  // z_term on Σ_{s≤term} r_{term−s}·x_s
        std::vector<double> row(static_cast<std::size_t>(steps), 0.0);
        for (long long s = 1; s <= term; ++s)
            row[static_cast<std::size_t>(s - 1)] = r[static_cast<std::size_t>(term - s)];
        t.rows.push_back(std::move(row));
        t.weights.push_back(1.0 / calibrated);
    }
    return t;
}

// The largest costs over a unit's placements: Σ_t d_t ≤ m, 0 ≤ d_t ≤ K.
struct Cost {
    double zcdp = 0;  // Σ_j w_j (R d)_j²
    double pure = 0;  // Σ_j w_j |(R d)_j|
};

void place(const Terms& terms, long long step, long long rowsLeft, long long perStep,
           std::vector<double>& moved, Cost& worst) {
    if (step == terms.steps) {
        Cost c;
        for (std::size_t j = 0; j < moved.size(); ++j) {
            c.zcdp += terms.weights[j] * moved[j] * moved[j];
            c.pure += terms.weights[j] * std::abs(moved[j]);
        }
        worst.zcdp = std::max(worst.zcdp, c.zcdp);
        worst.pure = std::max(worst.pure, c.pure);
        return;
    }
    for (long long r = 0; r <= std::min(rowsLeft, perStep); ++r) {
        for (std::size_t j = 0; j < moved.size(); ++j)
            moved[j] += r * terms.rows[j][static_cast<std::size_t>(step)];
        place(terms, step + 1, rowsLeft - r, perStep, moved, worst);
        for (std::size_t j = 0; j < moved.size(); ++j)
            moved[j] -= r * terms.rows[j][static_cast<std::size_t>(step)];
    }
}

Cost bruteForce(const Terms& terms, long long m, long long perStep) {
    std::vector<double> moved(terms.rows.size(), 0.0);
    Cost worst;
    place(terms, 0, m, perStep, moved, worst);
    return worst;
}

// One counter, fed `steps` times, its terms, and whether its largest column
// is what it was calibrated to (event level then costs exactly 1).
struct Case {
    std::string spec;
    long long steps = 0;
    Terms terms;
    bool tight = true;
};

int levelsOf(long long horizon) {
    return std::bit_width(static_cast<std::uint64_t>(horizon));
}

std::vector<Case> cases() {
    std::vector<Case> all;
    for (long long T : {2, 4, 8}) {
        const std::string n = std::to_string(T);
        all.push_back({"simple", T, simpleTerms(T)});
        all.push_back({"block:2", T, blockTerms(T, 2)});
        all.push_back({"unbounded-block", T, unboundedBlockTerms(T)});
        all.push_back({"tree:" + n, T, binaryTreeTerms(T, levelsOf(T))});
        all.push_back({"hybrid", T, hybridTerms(T), T >= 4});  // T = 2: no epoch tree yet
        all.push_back({"honaker:" + n, T, honakerTerms(T, levelsOf(T))});
        // An item reaches h/2 drawn nodes only once the tree is used far
        // enough: h = 4 at T = 2 and 4, h = 6 at T = 8 (from T = 10 on).
        all.push_back({"smooth-binary:" + n, T, smoothBinaryTerms(T), T == 4});
        all.push_back({"elders:3:" + n, T, eldersTerms(T, 3)});
        all.push_back({"elders:5:" + n, T, eldersTerms(T, 5)});
        all.push_back({"sqrt:" + n, T, toeplitzTerms(T, false)});
        all.push_back({"sqrt-unbounded", T, toeplitzTerms(T, true), false});  // C̄ bounds every horizon
    }
    all.push_back({"block:3", 3, blockTerms(3, 3)});
    all.push_back({"block:3", 8, blockTerms(8, 3)});
    all.push_back({"unbounded-block", 13, unboundedBlockTerms(13)});  // segment 3 complete
    all.push_back({"hybrid", 7, hybridTerms(7)});
    all.push_back({"smooth-binary:10", 10, smoothBinaryTerms(10)});
    all.push_back({"elders:3:13", 13, eldersTerms(13, 3)});  // (3³ − 1)/2: three full levels
    return all;
}

bool pureKind(const CounterSpec& spec) {
    return kindOf(spec).pure;
}

QString label(const Case& c, long long m, long long K) {
    return QString::fromStdString(c.spec + " T=" + std::to_string(c.steps) + " m=" + std::to_string(m) +
                                  " K=" + std::to_string(K));
}

}  // namespace

class TestUnitSensitivity : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void unitBoundsAreValidated() {
        for (const UnitBound& bad : {UnitBound{0, 1}, UnitBound{1, 0}, UnitBound{2, 3}, UnitBound{-1, -1},
                                     UnitBound{kMaxUnitRows + 1, 1}}) {
            try {
                validateUnitBound(bad);
                QFAIL("an invalid unit bound was accepted");
            } catch (const Error& e) {
                QCOMPARE(e.kind(), ErrorKind::Setting);
            }
            QVERIFY_THROWS_EXCEPTION(Error, unitL1Factor(bad));
            QVERIFY_THROWS_EXCEPTION(Error, unitFreshFactorZcdp(bad));
            QVERIFY_THROWS_EXCEPTION(Error, unitL2SquaredFactor(parseCounterSpec("simple"), 8, bad));
        }
        for (const UnitBound& good : {UnitBound{}, UnitBound{6, 2}, UnitBound{kMaxUnitRows, kMaxUnitRows}})
            validateUnitBound(good);
        QVERIFY(UnitBound{}.isEventLevel());
        QVERIFY(!(UnitBound{2, 1}.isEventLevel()));
        QVERIFY(!(UnitBound{2, 2}.isEventLevel()));
        QVERIFY_THROWS_EXCEPTION(Error, unitL2SquaredFactor(parseCounterSpec("tree:8"), 0, UnitBound{2, 1}));
    }

    void eventLevelKeepsEveryKindsNoise() {
        std::set<std::string> seen;
        for (const char* text :
             {"simple", "block:1", "block:16", "unbounded-block", "tree:1", "tree:8", "tree:1000", "hybrid",
              "honaker:1", "honaker:8", "honaker:1000", "smooth-binary:8", "elders:3:8", "elders:7:977",
              "sqrt:8", "sqrt-unbounded"}) {
            const CounterSpec spec = parseCounterSpec(text, PrivacyModel::ZCdp);
            seen.insert(spec.kind);
            const long long horizon = hasHorizon(spec) ? spec.horizon : 1000;
            QVERIFY2(unitL2SquaredFactor(spec, horizon, UnitBound{}) == 1.0, text);
        }
        for (const CounterKind& kind : counterKinds())
            if (kind.stateCode < 100) QVERIFY2(seen.count(kind.name) == 1, kind.name.c_str());
        QCOMPARE(unitL1Factor(UnitBound{}), 1.0);
        QCOMPARE(unitFreshFactorZcdp(UnitBound{}), 1.0);
    }

    // The matrices are the counters' (an event costs at most 1, exactly 1
    // where the calibration is tight) and every built-in kind has one.
    void termMatricesMatchTheCalibration() {
        std::set<std::string> seen;
        for (const Case& c : cases()) {
            QVERIFY2(c.terms.steps == c.steps, c.spec.c_str());
            const CounterSpec spec = parseCounterSpec(c.spec, PrivacyModel::ZCdp);
            seen.insert(spec.kind);
            const Cost event = bruteForce(c.terms, 1, 1);
            QVERIFY2(event.zcdp <= 1.0 + 1e-12, qPrintable(label(c, 1, 1)));
            QVERIFY2(near(event.zcdp, 1.0) == c.tight, qPrintable(label(c, 1, 1)));
            if (pureKind(spec))
                QVERIFY2(near(event.pure, event.zcdp), qPrintable(label(c, 1, 1)));  // 0/1 terms
        }
        for (const CounterKind& kind : counterKinds())
            if (kind.stateCode < 100) QVERIFY2(seen.count(kind.name) == 1, kind.name.c_str());
    }

    void zcdpFactorIsNeverBelowTheBruteForce() {
        for (const Case& c : cases()) {
            const CounterSpec spec = parseCounterSpec(c.spec, PrivacyModel::ZCdp);
            const double event = bruteForce(c.terms, 1, 1).zcdp;
            for (long long m = 1; m <= kMaxBruteRows; ++m)
                for (long long K = 1; K <= m; ++K) {
                    const double brute = bruteForce(c.terms, m, K).zcdp;
                    const double factor = unitL2SquaredFactor(spec, c.steps, UnitBound{m, K});
                    QVERIFY2(factor >= brute * (1.0 - 1e-9), qPrintable(label(c, m, K)));
                    QVERIFY2(factor <= static_cast<double>(m * m), qPrintable(label(c, m, K)));
                    if (K < m) continue;
                    // K = m: all rows on the largest column attain m²·N₂².
                    QVERIFY2(near(brute, static_cast<double>(m * m) * event), qPrintable(label(c, m, K)));
                    if (c.tight) QVERIFY2(near(factor, brute), qPrintable(label(c, m, K)));
                }
        }
    }

    void pureFactorIsNeverBelowTheBruteForce() {
        for (const Case& c : cases()) {
            const CounterSpec spec = parseCounterSpec(c.spec, PrivacyModel::ZCdp);
            if (!pureKind(spec)) continue;  // sqrt:T and sqrt-unbounded: zCDP only
            const double event = bruteForce(c.terms, 1, 1).pure;
            for (long long m = 1; m <= kMaxBruteRows; ++m)
                for (long long K = 1; K <= m; ++K) {
                    const double brute = bruteForce(c.terms, m, K).pure;
                    QVERIFY2(unitL1Factor(UnitBound{m, K}) == static_cast<double>(m),
                             qPrintable(label(c, m, K)));
                    QVERIFY2(brute <= static_cast<double>(m) * (1.0 + 1e-9), qPrintable(label(c, m, K)));
                    if (K == m)
                        QVERIFY2(near(brute, static_cast<double>(m) * event), qPrintable(label(c, m, K)));
                }
        }
    }

    // R = I: Σ r_t² with Σ r_t ≤ m, r_t ≤ K peaks at ⌊m/K⌋ full steps and the
    // rest in one: K²⌊m/K⌋ + (m mod K)², which is m·K exactly when K divides m.
    void simpleAndFreshAreMTimesK() {
        const Terms simple = simpleTerms(8);
        for (long long m = 1; m <= kMaxBruteRows; ++m)
            for (long long K = 1; K <= m; ++K) {
                const double brute = bruteForce(simple, m, K).zcdp;
                QCOMPARE(brute, static_cast<double>(K * K * (m / K) + (m % K) * (m % K)));
                const UnitBound unit{m, K};
                QCOMPARE(unitFreshFactorZcdp(unit), static_cast<double>(m * K));
                QCOMPARE(unitL2SquaredFactor(parseCounterSpec("simple", PrivacyModel::ZCdp), 8, unit),
                         static_cast<double>(m * K));
                if (m % K == 0) QCOMPARE(unitFreshFactorZcdp(unit), brute);
            }
    }

    // The programme is exact for both trees, whole or fed fewer steps than
    // their horizon (then never below event level's 1).
    void treeProgrammesAreExact() {
        for (const char* kind : {"tree", "honaker"}) {
            for (long long horizon : {1, 2, 3, 4, 5, 6, 7, 8, 13, 16})
                for (long long steps : {horizon, horizon / 2 + 1}) {
                    const CounterSpec spec = parseCounterSpec(kind + (":" + std::to_string(horizon)));
                    const int levels = levelsOf(horizon);
                    const Terms terms = std::string(kind) == "tree" ? binaryTreeTerms(steps, levels)
                                                                    : honakerTerms(steps, levels);
                    for (long long m = 1; m <= kMaxBruteRows; ++m)
                        for (long long K = 1; K <= m; ++K) {
                            const double brute = bruteForce(terms, m, K).zcdp;
                            const double factor = unitL2SquaredFactor(spec, steps, UnitBound{m, K});
                            QVERIFY2(near(factor, std::max(1.0, brute)),
                                     qPrintable(QString("%1:%2 steps=%3 m=%4 K=%5 factor=%6 brute=%7")
                                                    .arg(kind)
                                                    .arg(horizon)
                                                    .arg(steps)
                                                    .arg(m)
                                                    .arg(K)
                                                    .arg(factor)
                                                    .arg(brute)));
                        }
                }
        }
    }

    // Counters fed only when their workload is selected (the proposed
    // streamer's): each tree runs over its own feeds, and a unit's rows can
    // sit in several of them. A review of 2026-12-01 found tree:24, m = 24,
    // K = 1, k = 5 with seven counters of 16 feeds and one of 8: the sum of
    // their worst cases passed the k·F that a counter fed every step pays
    // for. F' = m·max_x g(x)/x bounds each counter by its share of the rows.
    void countersFedWhenSelectedPayPerRow() {
        for (const char* kind : {"tree", "honaker"}) {
            const CounterSpec spec = parseCounterSpec(kind + std::string(":24"));
            const auto g = [&](long long rows) { return unitL2SquaredFactor(spec, 24, UnitBound{rows, 1}); };
            const double selected = unitL2SquaredFactorWhenSelected(spec, 24, UnitBound{24, 1});
            const double split = 7 * g(16) + g(8);  // 7·16 + 8 = 120 = k·m rows
            QVERIFY2(split > 5 * g(24),
                     qPrintable(QString("%1: %2 vs %3").arg(kind).arg(split).arg(5 * g(24))));
            QVERIFY2(split <= 5 * selected,
                     qPrintable(QString("%1: %2 vs %3").arg(kind).arg(split).arg(5 * selected)));
            for (long long horizon : {4, 8, 13, 16}) {
                const CounterSpec h = parseCounterSpec(kind + (":" + std::to_string(horizon)));
                const Terms terms = std::string(kind) == "tree" ? binaryTreeTerms(horizon, levelsOf(horizon))
                                                                : honakerTerms(horizon, levelsOf(horizon));
                for (long long m = 1; m <= kMaxBruteRows; ++m)
                    for (long long K = 1; K <= m; ++K) {
                        const UnitBound unit{m, K};
                        const double f = unitL2SquaredFactorWhenSelected(h, horizon, unit);
                        QVERIFY(f >= unitL2SquaredFactor(h, horizon, unit) && f <= double(m * m));
                        // g(x) <= (x/m)·F' for every share x of the unit's rows one counter may hold.
                        for (long long x = 1; x <= m; ++x)
                            QVERIFY2(
                                bruteForce(terms, x, std::min(x, K)).zcdp <= f * double(x) / double(m) + 1e-9,
                                qPrintable(QString("%1:%2 m=%3 K=%4 x=%5")
                                               .arg(kind)
                                               .arg(horizon)
                                               .arg(m)
                                               .arg(K)
                                               .arg(x)));
                    }
            }
        }
        // Every other kind: the same factor as fed every step (simple g(x) <= K·x, m² g(x) <= x²).
        for (const char* text : {"simple", "block:2", "sqrt:8"}) {
            const CounterSpec spec = parseCounterSpec(text, PrivacyModel::ZCdp);
            QCOMPARE(unitL2SquaredFactorWhenSelected(spec, 8, UnitBound{6, 2}),
                     unitL2SquaredFactor(spec, 8, UnitBound{6, 2}));
        }
    }

    void treeFiguresAndLimits() {
        // docs/privacy-models.md: the full tree of 8 steps, m = 6, K = 2: 104 exactly.
        const CounterSpec honaker8 = parseCounterSpec("honaker:8");
        QCOMPARE(unitL2SquaredFactor(honaker8, 8, UnitBound{6, 2}) * 4, 104.0);
        // The closed-form bound Σ_{l<L} m·min(m, K·2^l) is never exceeded.
        const CounterSpec honaker1024 = parseCounterSpec("honaker:1024");
        for (const UnitBound unit : {UnitBound{100, 3}, UnitBound{37, 37}, UnitBound{64, 1}}) {
            double bound = 0;
            for (int l = 0; l < 11; ++l)
                bound +=
                    unit.maxRows * std::min<double>(unit.maxRows, unit.maxRowsPerStep * std::ldexp(1.0, l));
            const double factor = unitL2SquaredFactor(honaker1024, 1024, unit);
            QVERIFY(factor * 11 <= bound);
            QVERIFY(factor >= 1.0);
        }
        // A unit holds at most K rows per step: m beyond K·T changes nothing.
        const CounterSpec tree8 = parseCounterSpec("tree:8");
        QCOMPARE(unitL2SquaredFactor(tree8, 8, UnitBound{kMaxUnitRows, 1}),
                 unitL2SquaredFactor(tree8, 8, UnitBound{8, 1}));
        QCOMPARE(unitL2SquaredFactor(tree8, 8, UnitBound{8, 1}) * 4, 92.0);  // 4·1 + 2·4 + 16 + 64
        // Too costly to compute exactly (T·m² > 5e8): m², the bound every counter meets, for a
        // counter fed every step and one fed when selected (a review of 2026-12-01: it was refused).
        const CounterSpec huge = parseCounterSpec("tree:1000000");
        QCOMPARE(unitL2SquaredFactor(huge, 1000000, UnitBound{1000, 1000}), 1e6);
        QCOMPARE(unitL2SquaredFactorWhenSelected(huge, 1000000, UnitBound{1000, 7}), 1e6);
    }
};

QTEST_GUILESS_MAIN(TestUnitSensitivity)
#include "test_unit_sensitivity.moc"
