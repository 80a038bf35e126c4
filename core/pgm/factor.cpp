// Dense factor algebra through index maps (odometer over the big domain with
// per-axis strides of the sub-domain, stride 0 for axes not in it).
#include "core/pgm/factor.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

#include "core/pgm/block_kernels.h"

namespace streamsynth::pgm {

double cellCount(const Sizes& sizes, std::span<const int> attrs) {
    double n = 1.0;
    for (int a : attrs) n *= sizes[static_cast<size_t>(a)];
    return n;
}

bool isSubset(std::span<const int> sub, std::span<const int> super) {
    for (int a : sub)
        if (std::find(super.begin(), super.end(), a) == super.end()) return false;
    return true;
}

std::vector<std::int32_t> indexMap(const Sizes& sizes, std::span<const int> big, std::span<const int> sub) {
    const size_t k = big.size();
    std::vector<std::int64_t> stride(k, 0);
    std::int64_t s = 1;
    for (size_t j = sub.size(); j-- > 0;) {
        auto it = std::find(big.begin(), big.end(), sub[j]);
        assert(it != big.end());
        stride[static_cast<size_t>(it - big.begin())] = s;
        s *= sizes[static_cast<size_t>(sub[j])];
    }
    const auto n = static_cast<size_t>(cellCount(sizes, big));
    std::vector<std::int32_t> map(n);
    if (k == 0) {
        if (n == 1) map[0] = 0;
        return map;
    }
    // Odometer over big with the last axis fastest; the innermost axis is a
    // tight loop.
    std::vector<int> digit(k, 0);
    const int lastSize = sizes[static_cast<size_t>(big[k - 1])];
    const std::int64_t lastStride = stride[k - 1];
    std::int64_t base = 0;
    for (size_t i = 0; i < n; i += static_cast<size_t>(lastSize)) {
        for (int x = 0; x < lastSize; ++x)
            map[i + static_cast<size_t>(x)] = static_cast<std::int32_t>(base + x * lastStride);
        for (size_t j = k - 1; j-- > 0;) {
            base += stride[j];
            if (++digit[j] < sizes[static_cast<size_t>(big[j])]) break;
            base -= stride[j] * digit[j];
            digit[j] = 0;
        }
    }
    return map;
}

BlockMap blockMap(const Sizes& sizes, std::span<const int> big, std::span<const int> sub) {
    const auto full = indexMap(sizes, big, sub);
    BlockMap bm;
    bm.cells = full.size();
    auto inSub = [&](int a) { return std::find(sub.begin(), sub.end(), a) != sub.end(); };
    size_t b = 1;
    bool collapse = false;
    if (!big.empty()) {
        collapse = !inSub(big.back());
        for (size_t j = big.size(); j-- > 0;) {
            if (inSub(big[j]) == collapse) break;
            b *= static_cast<size_t>(sizes[static_cast<size_t>(big[j])]);
        }
    }
    // Verify against the full map; fall back to blocks of one.
    bool ok = b > 1 && full.size() % b == 0;
    for (size_t i = 0; ok && i < full.size(); ++i) {
        const size_t j0 = i - i % b;
        const auto want = collapse ? full[j0] : full[j0] + static_cast<std::int32_t>(i - j0);
        ok = full[i] == want;
    }
    if (!ok) {
        b = 1;
        collapse = true;
    }
    bm.block = b;
    bm.collapse = collapse;
    bm.start.resize(full.size() / b);
    for (size_t j = 0; j < bm.start.size(); ++j) bm.start[j] = full[j * b];
    return bm;
}

void scatterAdd(const BlockMap& m, const double* src, double* dst) {
    scatterAddBlocks(m, src, dst, 0, m.start.size());
}

void scatterAddBlocks(const BlockMap& m, const double* src, double* dst, size_t j0, size_t j1) {
    blockKernels().scatterAdd(m, src + j0 * m.block, dst, j0, j1);
}

void scatterAddTile(const BlockMap& m, const double* src, double* dst, size_t j0, size_t j1) {
    blockKernels().scatterAdd(m, src, dst, j0, j1);
}

void gatherMul(const BlockMap& m, double* dst, const double* msg) {
    gatherMulInto(m, dst, dst, msg);
}

void gatherMulInto(const BlockMap& m, const double* src, double* dst, const double* msg) {
    gatherMulIntoBlocks(m, src, dst, msg, 0, m.start.size());
}

void gatherMulIntoBlocks(const BlockMap& m, const double* src, double* dst, const double* msg, size_t j0,
                         size_t j1) {
    blockKernels().gatherMulInto(m, src + j0 * m.block, dst + j0 * m.block, msg, j0, j1);
}

void gatherMulIntoTile(const BlockMap& m, const double* src, double* dst, const double* msg, size_t j0,
                       size_t j1) {
    blockKernels().gatherMulInto(m, src, dst, msg, j0, j1);
}

double maxFold(const double* v, size_t n, double init) {
    return blockKernels().maxFold(v, n, init);
}
double maxAbsFold(const double* v, size_t n, double init) {
    return blockKernels().maxAbsFold(v, n, init);
}

Factor expand(const Sizes& sizes, const Factor& f, std::span<const int> attrs) {
    const auto map = indexMap(sizes, attrs, f.attrs);
    Factor out{std::vector<int>(attrs.begin(), attrs.end()), std::vector<double>(map.size())};
    for (size_t i = 0; i < map.size(); ++i) out.values[i] = f.values[static_cast<size_t>(map[i])];
    return out;
}

Factor project(const Sizes& sizes, const Factor& f, std::span<const int> attrs) {
    const auto map = indexMap(sizes, f.attrs, attrs);
    Factor out{std::vector<int>(attrs.begin(), attrs.end()),
               std::vector<double>(static_cast<size_t>(cellCount(sizes, attrs)), 0.0)};
    for (size_t i = 0; i < map.size(); ++i) out.values[static_cast<size_t>(map[i])] += f.values[i];
    return out;
}

Factor logsumexpProject(const Sizes& sizes, const Factor& f, std::span<const int> attrs) {
    const auto map = indexMap(sizes, f.attrs, attrs);
    const double ninf = -std::numeric_limits<double>::infinity();
    const auto n = static_cast<size_t>(cellCount(sizes, attrs));
    std::vector<double> mx(n, ninf);
    for (size_t i = 0; i < map.size(); ++i)
        mx[static_cast<size_t>(map[i])] = std::max(mx[static_cast<size_t>(map[i])], f.values[i]);
    for (double& m : mx)
        if (!std::isfinite(m)) m = 0.0;  // all -inf: shift 0, result log(0) = -inf
    std::vector<double> sum(n, 0.0);
    for (size_t i = 0; i < map.size(); ++i) {
        const auto j = static_cast<size_t>(map[i]);
        sum[j] += std::exp(f.values[i] - mx[j]);
    }
    Factor out{std::vector<int>(attrs.begin(), attrs.end()), std::vector<double>(n)};
    for (size_t j = 0; j < n; ++j) out.values[j] = std::log(sum[j]) + mx[j];
    return out;
}

namespace {
template <class Op>
Factor binary(const Sizes& sizes, const Factor& f, const Factor& g, Op op) {
    std::vector<int> attrs = f.attrs;
    for (int a : g.attrs)
        if (std::find(attrs.begin(), attrs.end(), a) == attrs.end()) attrs.push_back(a);
    const auto mf = indexMap(sizes, attrs, f.attrs);
    const auto mg = indexMap(sizes, attrs, g.attrs);
    Factor out{attrs, std::vector<double>(mf.size())};
    for (size_t i = 0; i < mf.size(); ++i)
        out.values[i] = op(f.values[static_cast<size_t>(mf[i])], g.values[static_cast<size_t>(mg[i])]);
    return out;
}
}  // namespace

Factor multiply(const Sizes& sizes, const Factor& f, const Factor& g) {
    return binary(sizes, f, g, [](double x, double y) { return x * y; });
}
Factor add(const Sizes& sizes, const Factor& f, const Factor& g) {
    return binary(sizes, f, g, [](double x, double y) { return x + y; });
}

}  // namespace streamsynth::pgm
