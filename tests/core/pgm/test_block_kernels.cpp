// The block kernels' two instruction sets (core/pgm/block_kernels.h): on
// random factors over maps with blocks of 1 to 35 cells (collapsing and
// not, with and without tails, over partial block ranges), SSE2 and AVX2
// give bitwise the same scatters, gathers and max folds, and both equal a
// scalar oracle that takes the sums in the documented order. The AVX2
// comparison needs a CPU with AVX2; without one the test says so in its
// output and checks the SSE2 set against the oracle only.
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/pgm/block_kernels.h"
#include "core/pgm/factor.h"
#include "core/privacy/rng.h"

using namespace streamsynth::pgm;

class TestBlockKernels : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void kernel_sets_agree_bitwise();
    void many_gathers_equal_gathers_in_a_row();
    void quotients_agree();
    void max_folds_agree();
    void exp_agrees_and_is_accurate();
    void active_set_is_one_of_them();
};

namespace {
const Sizes kSizes{3, 5, 7, 9, 2, 16, 13};
const std::vector<std::pair<std::vector<int>, std::vector<int>>> kMaps{
    {{0, 1, 2}, {0}}, {{0, 1, 2}, {0, 1}}, {{0, 1, 2}, {1, 2}}, {{0, 1, 2}, {2}},
    {{3, 5}, {3}},    {{3, 6}, {3}},       {{4, 5, 6}, {4, 6}}, {{0, 4}, {0}},
    {{2, 3}, {3}},    {{0, 1}, {1, 0}},    {{5, 6, 2}, {5, 2}}, {{1, 6}, {1}},
    {{0, 4}, {4}},    {{1, 4}, {1}},       {{0, 1, 4}, {0, 4}}};  // blocks of two (two per vector)

std::vector<double> randomVector(size_t n, streamsynth::privacy::Rng& rng) {
    std::vector<double> v(n);
    for (double& x : v) x = rng.uniform01() * 10.0 - 1.0;
    return v;
}

bool sameBits(const std::vector<double>& a, const std::vector<double>& b) {
    // (memcmp on an empty vector's null data() is undefined behaviour)
    return a.size() == b.size() &&
           (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
}

// The documented order of a block sum (block_kernels.inc), one lane at a time.
double oracleBlockSum(const double* s, size_t b) {
    if (b < 8) {
        double acc = 0;
        for (size_t x = 0; x < b; ++x) acc += s[x];
        return acc;
    }
    double lane[8];
    for (size_t l = 0; l < 8; ++l) lane[l] = s[l];
    size_t x = 8;
    for (; x + 8 <= b; x += 8)
        for (size_t l = 0; l < 8; ++l) lane[l] += s[x + l];
    double r = ((lane[0] + lane[4]) + (lane[2] + lane[6])) + ((lane[1] + lane[5]) + (lane[3] + lane[7]));
    for (; x < b; ++x) r += s[x];
    return r;
}

void oracleScatter(const BlockMap& m, const double* src, double* dst, size_t j0, size_t j1) {
    for (size_t j = j0; j < j1; ++j) {
        const double* s = src + j * m.block;
        if (m.collapse) {
            dst[m.start[j]] += m.block == 1 ? s[0] : oracleBlockSum(s, m.block);
        } else {
            for (size_t x = 0; x < m.block; ++x) dst[static_cast<size_t>(m.start[j]) + x] += s[x];
        }
    }
}

void oracleGather(const BlockMap& m, const double* src, double* dst, const double* msg, size_t j0,
                  size_t j1) {
    for (size_t j = j0; j < j1; ++j)
        for (size_t x = 0; x < m.block; ++x)
            dst[j * m.block + x] =
                src[j * m.block + x] * msg[static_cast<size_t>(m.start[j]) + (m.collapse ? 0 : x)];
}

std::vector<const BlockKernels*> kernelSets() {
    std::vector<const BlockKernels*> sets{&sse2Kernels()};
    if (avx2Kernels())
        sets.push_back(avx2Kernels());
    else
        qInfo("this CPU has no AVX2: only the SSE2 kernels are compared with the oracle");
    return sets;
}
}  // namespace

void TestBlockKernels::kernel_sets_agree_bitwise() {
    auto rng = streamsynth::privacy::makeSeededRng(7);
    for (const auto& [big, sub] : kMaps) {
        const auto m = blockMap(kSizes, big, sub);
        const size_t dstCells = static_cast<size_t>(cellCount(kSizes, sub));
        const auto src = randomVector(m.cells, *rng);
        const auto msg = randomVector(dstCells, *rng);
        const auto init = randomVector(dstCells, *rng);
        const size_t blocks = m.start.size();
        for (const auto& [j0, j1] :
             {std::pair<size_t, size_t>{0, blocks}, {blocks / 3, blocks - blocks / 4}}) {
            std::vector<double> wantS = init, wantG(m.cells, 0.0);
            oracleScatter(m, src.data(), wantS.data(), j0, j1);
            oracleGather(m, src.data(), wantG.data(), msg.data(), j0, j1);
            for (const BlockKernels* k : kernelSets()) {
                std::vector<double> gotS = init, gotG(m.cells, 0.0);
                const size_t at = j0 * m.block;  // the kernels take the range's first cell
                k->scatterAdd(m, src.data() + at, gotS.data(), j0, j1);
                k->gatherMulInto(m, src.data() + at, gotG.data() + at, msg.data(), j0, j1);
                QVERIFY2(sameBits(gotS, wantS), k->name);
                QVERIFY2(sameBits(gotG, wantG), k->name);
            }
        }
    }
}

// gatherMulMany: two to four maps of one big factor (collapsing and not,
// blocks of 9 to 315 cells, with tails) in one sweep give bitwise the
// gathers one after the other, over the whole factor and over a range of
// whole blocks of every map, in both sets.
void TestBlockKernels::many_gathers_equal_gathers_in_a_row() {
    auto rng = streamsynth::privacy::makeSeededRng(17);
    const std::vector<int> big{0, 1, 2, 3};  // 3·5·7·9 cells
    const std::vector<std::vector<int>> subs{{0, 1}, {2, 3}, {0}, {1, 3}, {0, 2}, {3}};
    std::vector<BlockMap> maps;
    std::vector<std::vector<double>> msgs;
    for (const auto& sub : subs) {
        maps.push_back(blockMap(kSizes, big, sub));
        msgs.push_back(randomVector(static_cast<size_t>(cellCount(kSizes, sub)), *rng));
    }
    const size_t n = maps.front().cells, unit = 315;  // 315: a multiple of every block here
    const auto src = randomVector(n, *rng);
    for (const auto& pick : std::vector<std::vector<size_t>>{{0, 1}, {2, 3, 4}, {5, 0, 2, 1}, {3, 5}}) {
        std::vector<GatherOp> ops;
        for (size_t i : pick) ops.push_back({&maps[i], msgs[i].data()});
        for (const auto& [c0, c1] : {std::pair<size_t, size_t>{0, n}, {unit, 2 * unit}}) {
            // The gathers one after the other, one cell at a time.
            std::vector<double> want(src.begin() + static_cast<std::ptrdiff_t>(c0),
                                     src.begin() + static_cast<std::ptrdiff_t>(c1));
            for (const auto& op : ops)
                for (size_t i = c0; i < c1; ++i) {
                    const size_t b = op.map->block, j = i / b;
                    want[i - c0] *=
                        op.msg[static_cast<size_t>(op.map->start[j]) + (op.map->collapse ? 0 : i - j * b)];
                }
            for (const BlockKernels* k : kernelSets()) {
                std::vector<double> got(c1 - c0, 0.0);
                k->gatherMulMany(ops.data(), ops.size(), src.data() + c0, got.data(), c0, c1);
                QVERIFY2(sameBits(got, want), k->name);
            }
        }
    }
}

void TestBlockKernels::quotients_agree() {
    auto rng = streamsynth::privacy::makeSeededRng(19);
    for (size_t n : {0, 3, 4, 9, 101}) {
        auto d = randomVector(n, *rng), u = randomVector(n, *rng);
        for (size_t i = 0; i < n; i += 3) u[i] = 0;  // 0/0 and x/0 give 0
        if (n > 4) u[4] = -1;
        std::vector<double> want = d;
        for (size_t i = 0; i < n; ++i) want[i] = u[i] > 0 ? d[i] / u[i] : 0.0;
        for (const BlockKernels* k : kernelSets()) {
            std::vector<double> got = d;
            k->quotients(got.data(), u.data(), n);
            QVERIFY2(sameBits(got, want), k->name);
        }
    }
}

void TestBlockKernels::max_folds_agree() {
    auto rng = streamsynth::privacy::makeSeededRng(11);
    for (size_t n : {0, 1, 7, 8, 9, 31, 1000}) {
        const auto v = randomVector(n, *rng);
        double want = 0.5, wantAbs = 0.5;
        for (double x : v) {
            want = std::max(want, x);
            wantAbs = std::max(wantAbs, std::abs(x));
        }
        for (const BlockKernels* k : kernelSets()) {
            QCOMPARE(k->maxFold(v.data(), n, 0.5), want);
            QCOMPARE(k->maxAbsFold(v.data(), n, 0.5), wantAbs);
        }
    }
}

// exp(scale·g): both sets bitwise alike, within 2 ulp-ish (4e-16 relative)
// of std::exp (Cephes' rational approximation is good to about 1 ulp), on
// arguments over the range the fit uses (|x| ≤ 25) and beyond, including
// the std::exp fallback for |x| ≥ 700 and the scalar tail.
void TestBlockKernels::exp_agrees_and_is_accurate() {
    auto rng = streamsynth::privacy::makeSeededRng(13);
    std::vector<double> g(1003);
    for (double& x : g) x = (rng->uniform01() - 0.5) * 60.0;
    g[5] = 0;
    g[6] = 1e-300;
    g[40] = 720.0 / 2.5;  // scaled below: exp(±720) goes through std::exp
    g[41] = -300.0;
    for (double scale : {1.0, -2.5, 1e-3}) {
        std::vector<std::vector<double>> outs;
        for (const BlockKernels* k : kernelSets()) {
            std::vector<double> out(g.size());
            k->expScaled(g.data(), out.data(), scale, g.size());
            for (size_t i = 0; i < g.size(); ++i) {
                const double want = std::exp(scale * g[i]);
                QVERIFY2(out[i] == want || std::abs(out[i] - want) <= 4e-16 * want,
                         qPrintable(QString("%1: exp(%2) = %3, std::exp %4")
                                        .arg(k->name)
                                        .arg(scale * g[i])
                                        .arg(out[i], 0, 'g', 17)
                                        .arg(want, 0, 'g', 17)));
            }
            outs.push_back(std::move(out));
        }
        for (const auto& o : outs) QVERIFY(sameBits(o, outs.front()));
    }
}

void TestBlockKernels::active_set_is_one_of_them() {
    const BlockKernels* active = &blockKernels();
    QVERIFY(active == &sse2Kernels() || active == avx2Kernels());
    if (avx2Kernels() && !std::getenv("STREAMSYNTH_KERNELS")) QCOMPARE(active, avx2Kernels());
}

QTEST_APPLESS_MAIN(TestBlockKernels)
#include "test_block_kernels.moc"
