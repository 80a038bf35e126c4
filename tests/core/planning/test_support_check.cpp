// The pre-run support check (core/planning/support_check.h) on hand-computed
// cases: which attributes a stream of R rows per step over T steps cannot
// support at ε and k, for the proposed streamer and the baseline.
#include <QtTest>
#include <cmath>

#include "core/planning/support_check.h"
#include "core/stream/one_way_share.h"

using namespace streamsynth;

// The support checks' hand example: domain A(100) B(2), one workload (A,B)
// of 200 cells, ε = 1, k = 5, R = 200 rows per step over `steps` steps.
struct SupportExample {
    data::Domain domain{{{"A", 100}, {"B", 2}}};
    marginals::WorkloadSet ws{domain, {marginals::Workload{{0, 1}}}};
    stream::SupportInput in;
    explicit SupportExample(long long steps) {
        in.budget = 1;
        in.rounds = 5;
        in.rowsPerStep = 200;
        in.steps = steps;
    }
};

class TestSupportCheck : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void supportCheckHandExample();
    void baselineSupportCheckHandExample();
    void autoShareIsTheRunsShare();
    void blocksDivideTheStepsNeeded();
};

void TestSupportCheck::supportCheckHandExample() {
    SupportExample ex(245);
    const marginals::WorkloadSet& ws = ex.ws;
    stream::SupportInput& in = ex.in;
    auto s = stream::checkSupport(ws, in);
    QCOMPARE(s.size(), std::size_t{2});
    QCOMPARE(s[0].cells, 200.0);
    QCOMPARE(s[0].noisePerCell, 10.0);
    QCOMPARE(s[0].rowsPerCell, 1.0);
    QVERIFY(std::abs(s[0].stepsNeeded - 200) < 1e-9);
    QVERIFY(!s[0].perStep && s[0].overStream);
    auto w = stream::supportWarnings(s, in.steps);
    QCOMPARE(w.size(), std::size_t{2});
    QVERIFY(w[0].find("'A'") != std::string::npos && w[0].find("200 steps") != std::string::npos);
    in.steps = 100;  // too short a stream: "cannot support"
    w = stream::supportWarnings(stream::checkSupport(ws, in), in.steps);
    QVERIFY(w[0].find("cannot support attribute 'A'") != std::string::npos);

    in.steps = 245;
    in.oneWayShare = 0.2;
    s = stream::checkSupport(ws, in);
    const double bA = (10 + std::sqrt(2.0)) / (0.2 * 10);
    QCOMPARE(s[0].cells, 100.0);
    QVERIFY(std::abs(s[0].noisePerCell - bA) < 1e-12);
    QVERIFY(std::abs(s[0].stepsNeeded - 2 * std::pow(bA / 2, 2)) < 1e-9);
    QCOMPARE(s[1].cells, 2.0);
    QVERIFY(s[1].perStep);
    QCOMPARE(stream::supportWarnings(s, in.steps).size(), std::size_t{1});

    // A small-workload share lowers the rounds' budget only when a workload
    // is small enough to be counted: (A,B) has 200 cells. Without the 1-way
    // share, A's cheapest measurement is then (A,B) with b = 2k/((1−s2)ε).
    in.oneWayShare = 0;
    in.smallShare = 0.1;
    in.smallCells = 100;  // (A,B) is not counted: b = 2k/ε = 10 as above
    QCOMPARE(stream::checkSupport(ws, in)[0].noisePerCell, 10.0);
    in.smallCells = 200;  // counted: the rounds keep 0.9·ε
    QVERIFY(std::abs(stream::checkSupport(ws, in)[0].noisePerCell - 10.0 / 0.9) < 1e-12);

    // Under zCDP the budget is ρ = 1 and the noise Gaussian: a round's share
    // ρ/2k = 0.1 gives σ = 1/√0.2 per cell, E|noise| = √(2/π)·σ ≈ 1.78: the
    // 1 row per cell is still drowned per step, and T* = σ²·(c/R)² = 5.
    in.smallShare = 0;
    in.privacy = privacy::PrivacyModel::ZCdp;
    s = stream::checkSupport(ws, in);
    const double sigma = 1 / std::sqrt(0.2);
    QVERIFY(std::abs(s[0].noisePerCell - std::sqrt(2 / std::numbers::pi) * sigma) < 1e-12);
    QVERIFY(std::abs(s[0].stepsNeeded - 5) < 1e-9);
    QVERIFY(!s[0].perStep && s[0].overStream);
}

// The baseline's per-step check on the same hand example (A(100), B(2),
// workload (A,B), ε = 1, k = 5, R = 200). Without a 1-way share A's only
// measurement is (A,B) with b = 2k/ε = 10 against 1 row per cell: no step
// can measure A, however long the stream (independent steps), while B's
// cheapest is the same workload (also 200 cells): both are named. With
// s_b = 0.75 the two covered attributes share 0.75·ε evenly: b = 2/0.75 per
// 1-way cell; A's 1-way has 2 rows per cell < 2.67: A stays drowned;
// B's 1-way has 100 rows per cell: supported, and only A is named.
void TestSupportCheck::baselineSupportCheckHandExample() {
    SupportExample ex(100000);  // a long stream does not help a baseline
    const marginals::WorkloadSet& ws = ex.ws;
    stream::SupportInput& in = ex.in;
    auto s = stream::checkBaselineSupport(ws, in, 0.0, false);
    QCOMPARE(s[0].cells, 200.0);
    QCOMPARE(s[0].noisePerCell, 10.0);
    QVERIFY(!s[0].perStep && !s[0].overStream);
    QVERIFY(!s[1].perStep);
    std::string w = stream::baselineSupportWarning(s, "baseline");
    QVERIFY2(w.find("baseline: ") == 0 && w.find("2 attributes: 'A'") != std::string::npos &&
                 w.find("'B'") != std::string::npos,
             w.c_str());

    s = stream::checkBaselineSupport(ws, in, 0.75, false);
    QCOMPARE(s[0].cells, 100.0);
    QVERIFY(std::abs(s[0].noisePerCell - 2 / 0.75) < 1e-12);
    QVERIFY(!s[0].perStep);
    QCOMPARE(s[1].cells, 2.0);
    QVERIFY(s[1].perStep && s[1].overStream);
    w = stream::baselineSupportWarning(s, "baseline");
    QVERIFY2(w.find("baseline: ") == 0 &&
                 w.find("attribute 'A' (rows per cell 2 vs noise 2.67, 100 cells)") != std::string::npos &&
                 w.find("'B'") == std::string::npos,
             w.c_str());

    // A baseline that starts from the previous model keeps what earlier steps
    // measured: the stream test applies, T* = 2·(2.67/2)² ≈ 3.6 steps for A.
    s = stream::checkBaselineSupport(ws, in, 0.75, true);
    QVERIFY(!s[0].perStep && s[0].overStream);
    QVERIFY(std::abs(s[0].stepsNeeded - 2 * std::pow(2 / 0.75 / 2, 2)) < 1e-9);
    in.steps = 3;  // a shorter stream than T*: cannot be learnt
    QVERIFY(!stream::checkBaselineSupport(ws, in, 0.75, true)[0].overStream);

    in.rowsPerStep = 300;  // 3 rows per cell of A's 1-way ≥ 2.67: nothing to say
    QVERIFY(stream::baselineSupportWarning(stream::checkBaselineSupport(ws, in, 0.75, false), "baseline")
                .empty());
}

// Under the rule auto the check spends the share the run's series at this
// budget would (stream/one_way_share.h): the same figures as that share
// fixed, for a public batch size in and out of the band, for no public rows
// per step, and under zCDP by the noise-equivalent ε.
void TestSupportCheck::autoShareIsTheRunsShare() {
    const SupportExample ex(245);
    const auto same = [&](const stream::SupportInput& autoIn, double share) {
        stream::SupportInput fixed = autoIn;
        fixed.oneWayShareRule = stream::OneWayShareRule::Fixed;
        fixed.oneWayShare = share;
        const auto a = stream::checkSupport(ex.ws, autoIn), b = stream::checkSupport(ex.ws, fixed);
        bool equal = a.size() == b.size();
        for (std::size_t i = 0; equal && i < a.size(); ++i)
            equal = a[i].cells == b[i].cells && a[i].noisePerCell == b[i].noisePerCell &&
                    a[i].stepsNeeded == b[i].stepsNeeded;
        return equal;
    };
    stream::SupportInput in = ex.in;  // ε = 1
    in.oneWayShareRule = stream::OneWayShareRule::Auto;
    in.oneWayShare = 0.3;        // not read under auto
    in.publicRowsPerStep = 100;  // R·ε = 100: the band
    QVERIFY(same(in, 0.5));
    QVERIFY(!same(in, 0.2));      // the shares give other figures: the comparison can fail
    in.publicRowsPerStep = 1000;  // 1000: outside
    QVERIFY(same(in, 0.2));
    in.publicRowsPerStep = 0;  // time steps
    QVERIFY(same(in, 0.2));
    in.privacy = privacy::PrivacyModel::ZCdp;
    in.budget = 0.125;  // ε_eq = 0.5
    in.publicRowsPerStep = 100;
    QVERIFY(same(in, 0.5));
}

// A 1-way counter fed once per block of B steps (stream/tracked_blocks.h)
// sums about a B-th of the draws, but shows nothing before its first block
// end. The hand example at batches of R = 50 rows and ε = 0.5 (R·ε = 25:
// blocks), 1-way share 0.2 split with power 0.5 between A (100 codes) and
// B (2): ε_A = 0.1·10/(10 + √2) ≈ 0.0876, b ≈ 11.4 per cell against 0.5 rows
// per cell a step. Fed every step A needs T* = 2·(11.4/0.5)² ≈ 1,040 steps of
// 977: "cannot support". Fed in blocks of B = ⌈b·100/50⌉ = 23 steps,
// T*/B ≈ 45.2, so the second block end, step 46: A is named as needing it.
void TestSupportCheck::blocksDivideTheStepsNeeded() {
    SupportExample ex(977);
    stream::SupportInput in = ex.in;
    in.budget = 0.5;
    in.rowsPerStep = 50;
    in.publicRowsPerStep = 50;
    in.oneWayShare = 0.2;
    QCOMPARE(in.trackedBlocks, 1.0);  // the run's default
    in.trackedBlocks = 0;             // off: every step
    const auto every = stream::checkSupport(ex.ws, in);
    QCOMPARE(every[0].cells, 100.0);
    QCOMPARE(every[0].blockSteps, 1);
    QVERIFY(!every[0].perStep && !every[0].overStream);
    const double bA = 0.1 * 10 / (10 + std::sqrt(2.0));
    QVERIFY(std::abs(every[0].noisePerCell - 1 / bA) < 1e-9);
    auto w = stream::supportWarnings(every, in.steps);
    QVERIFY(!w.empty() && w[0].find("cannot support attribute 'A'") != std::string::npos);

    in.trackedBlocks = 1;
    const auto blocks = stream::checkSupport(ex.ws, in);
    const int b = static_cast<int>(std::ceil(every[0].noisePerCell * 100 / 50));
    QCOMPARE(b, 23);
    QCOMPARE(blocks[0].blockSteps, b);
    QCOMPARE(blocks[0].cells, 100.0);
    QCOMPARE(blocks[0].noisePerCell, every[0].noisePerCell);
    QVERIFY(every[0].stepsNeeded / b > 45 && every[0].stepsNeeded / b < 46);
    QCOMPARE(blocks[0].stepsNeeded, 46.0);  // the first block end at or after T*/B
    QVERIFY(!blocks[0].perStep && blocks[0].overStream);
    w = stream::supportWarnings(blocks, in.steps);
    QVERIFY(!w.empty());
    QVERIFY2(w[0].find("attribute 'A'") == 0 && w[0].find("one feed every 23 steps") != std::string::npos &&
                 w[0].find("needs about 46 steps of 977") != std::string::npos,
             w[0].c_str());
    in.steps = 40;  // 46 steps needed: the stream ends between the first and second block end
    w = stream::supportWarnings(stream::checkSupport(ex.ws, in), in.steps);
    QVERIFY2(!w.empty() && w[0].find("cannot support attribute 'A'") != std::string::npos &&
                 w[0].find("one feed every 23 steps") != std::string::npos,
             w[0].c_str());
    in.steps = 977;

    // Long blocks (K = 16 at 500 rows a step and ε = 0.1: b ≈ 57,
    // B = ⌈16·57·100/500⌉ = 183): T*/B ≈ 1.4, but nothing shows before the
    // first block end, step 183; a stream of 100 steps never reaches it.
    stream::SupportInput longer = in;
    longer.trackedBlocks = 16;
    longer.budget = 0.1;
    longer.rowsPerStep = longer.publicRowsPerStep = 500;
    auto s = stream::checkSupport(ex.ws, longer);
    QCOMPARE(s[0].cells, 100.0);
    QCOMPARE(s[0].blockSteps, static_cast<int>(std::ceil(16 * s[0].noisePerCell * 100 / 500)));
    QCOMPARE(s[0].blockSteps, 183);
    QCOMPARE(s[0].stepsNeeded, 183.0);
    QVERIFY(!s[0].perStep && s[0].overStream);
    longer.steps = 100;
    s = stream::checkSupport(ex.ws, longer);
    QVERIFY(!s[0].perStep && !s[0].overStream);
    w = stream::supportWarnings(s, longer.steps);
    QVERIFY2(!w.empty() && w[0].find("cannot support attribute 'A'") != std::string::npos &&
                 w[0].find("one feed every 183 steps") != std::string::npos,
             w[0].c_str());

    // Above R·ε = 50 every counter is fed at every step, as the run's tracker.
    in.budget = 2;
    for (const stream::AttributeSupport& a : stream::checkSupport(ex.ws, in)) QCOMPARE(a.blockSteps, 1);
}

QTEST_APPLESS_MAIN(TestSupportCheck)
#include "test_support_check.moc"
