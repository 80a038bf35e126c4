// Schedules of the tree counters beyond the paper's (counter.h): the smooth
// binary tree's balanced leaves and the balanced K-ary digits of "count on
// your elders" (the Toeplitz factorisations: counter_toeplitz.cpp).
#include <string>

#include "core/privacy/counter_schedule.h"
#include "core/values/error.h"

namespace streamsynth::privacy::detail {

namespace {

std::uint64_t binomial(int n, int k) {
    if (k < 0 || k > n) return 0;
    // Exact for n <= 62 (every intermediate value is a binomial below 2^62).
    std::uint64_t c = 1;
    for (int i = 1; i <= k; ++i)
        c = c * static_cast<std::uint64_t>(n - k + i) / static_cast<std::uint64_t>(i);
    return c;
}

}  // namespace

int smoothBinaryHeight(long long horizon) {
    for (int h = 2; h <= 62; h += 2)
        if (binomial(h, h / 2) - 1 >= static_cast<std::uint64_t>(horizon)) return h;
    throw settingError("counter", "smooth-binary horizon too large");
}

std::uint64_t smoothBinaryLeaf(int height, long long t) {
    // Unrank (0-based rank t − 1) among h-bit numbers with h/2 ones, increasing:
    // numbers with bit p clear come first (C(p, m) of them use only bits < p).
    std::uint64_t rank = static_cast<std::uint64_t>(t - 1), leaf = 0;
    int m = height / 2;
    for (int p = height - 1; p >= 0 && m > 0; --p) {
        const std::uint64_t below = binomial(p, m);
        if (rank >= below) {
            leaf |= std::uint64_t{1} << p;
            rank -= below;
            --m;
        }
    }
    return leaf;
}

long long dyadicSymmetricDifference(std::uint64_t a, std::uint64_t b) {
    // Node of bit j of x: (j, x >> (j+1)); shared when both bits are set and the higher bits agree.
    long long common = 0;
    for (int j = 0; j < 64; ++j)
        if (((a >> j) & 1) && ((b >> j) & 1) && (j == 63 || (a >> (j + 1)) == (b >> (j + 1)))) ++common;
    return std::popcount(a) + std::popcount(b) - 2 * common;
}

int eldersLevels(int arity, long long horizon) {
    long double span = 1;
    for (int h = 1; h <= 64; ++h) {
        span *= arity;
        if ((span - 1) / 2 >= static_cast<long double>(horizon)) return h;
    }
    throw settingError("counter", "elders horizon too large");
}

std::map<std::pair<int, long long>, int> eldersNodes(int arity, int levels, long long t) {
    // Balanced digits, least significant first.
    std::vector<int> digits(static_cast<std::size_t>(levels), 0);
    const long long m = (arity - 1) / 2;
    long long x = t;
    for (int i = 0; i < levels; ++i) {
        long long d = x % arity;
        if (d > m) d -= arity;
        digits[static_cast<std::size_t>(i)] = static_cast<int>(d);
        x = (x - d) / arity;
    }
    if (x != 0) throw settingError("counter", "time " + std::to_string(t) + " is past the elders horizon");
    std::vector<long long> power(static_cast<std::size_t>(levels), 1);
    for (int i = 1; i < levels; ++i)
        power[static_cast<std::size_t>(i)] = power[static_cast<std::size_t>(i - 1)] * arity;
    std::map<std::pair<int, long long>, int> nodes;
    long long p = 0;  // running position, a multiple of K^i at level i
    for (int i = levels - 1; i >= 0; --i) {
        const long long d = digits[static_cast<std::size_t>(i)], size = power[static_cast<std::size_t>(i)];
        const long long base = p / size;  // nodes base+1.. lie right of p, ..base left of it
        if (d > 0)
            for (long long j = 1; j <= d; ++j) nodes[{i, base + j}] += 1;
        else
            for (long long j = 0; j < -d; ++j) nodes[{i, base - j}] -= 1;
        p += d * size;
    }
    return nodes;
}

}  // namespace streamsynth::privacy::detail
