// lane_sums.h in SSE2 (every x86-64), AVX2 (when the CPU has it) and plain
// C++ elsewhere; the bodies are lane_sums.inc, one per set, the same
// operations per lane, so every set gives the same bits.
#include "core/common/lane_sums.h"

#include <cmath>
#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define STREAMSYNTH_X86_SUMS 1
#endif

namespace streamsynth {

namespace baseline_sums {
#ifdef STREAMSYNTH_X86_SUMS
struct V4 {
    __m128d a, b;
};
inline V4 load4(const double* p) {
    return {_mm_loadu_pd(p), _mm_loadu_pd(p + 2)};
}
inline void store4(double* p, V4 v) {
    _mm_storeu_pd(p, v.a);
    _mm_storeu_pd(p + 2, v.b);
}
inline V4 set1(double v) {
    return {_mm_set1_pd(v), _mm_set1_pd(v)};
}
inline V4 add4(V4 x, V4 y) {
    return {_mm_add_pd(x.a, y.a), _mm_add_pd(x.b, y.b)};
}
inline V4 sub4(V4 x, V4 y) {
    return {_mm_sub_pd(x.a, y.a), _mm_sub_pd(x.b, y.b)};
}
inline V4 mul4(V4 x, V4 y) {
    return {_mm_mul_pd(x.a, y.a), _mm_mul_pd(x.b, y.b)};
}
inline V4 div4(V4 x, V4 y) {
    return {_mm_div_pd(x.a, y.a), _mm_div_pd(x.b, y.b)};
}
inline V4 abs4(V4 x) {
    const __m128d sign = _mm_set1_pd(-0.0);
    return {_mm_andnot_pd(sign, x.a), _mm_andnot_pd(sign, x.b)};
}
inline V4 bothPositive(V4 x, V4 y) {
    const __m128d z = _mm_setzero_pd();
    return {_mm_and_pd(_mm_cmpgt_pd(x.a, z), _mm_cmpgt_pd(y.a, z)),
            _mm_and_pd(_mm_cmpgt_pd(x.b, z), _mm_cmpgt_pd(y.b, z))};
}
inline V4 where(V4 x, V4 m) {
    return {_mm_and_pd(m.a, x.a), _mm_and_pd(m.b, x.b)};
}
inline V4 choose(V4 m, V4 x, V4 y) {
    return {_mm_or_pd(_mm_and_pd(m.a, x.a), _mm_andnot_pd(m.a, y.a)),
            _mm_or_pd(_mm_and_pd(m.b, x.b), _mm_andnot_pd(m.b, y.b))};
}
#else
// Plain C++: a mask lane is 1 (counted) or 0.
struct V4 {
    double v[4];
};
inline V4 load4(const double* p) {
    return {{p[0], p[1], p[2], p[3]}};
}
inline void store4(double* p, V4 x) {
    std::memcpy(p, x.v, sizeof x.v);
}
inline V4 set1(double d) {
    return {{d, d, d, d}};
}
template <class Op>
inline V4 each(V4 x, V4 y, Op op) {
    return {{op(x.v[0], y.v[0]), op(x.v[1], y.v[1]), op(x.v[2], y.v[2]), op(x.v[3], y.v[3])}};
}
inline V4 add4(V4 x, V4 y) {
    return each(x, y, [](double p, double q) { return p + q; });
}
inline V4 sub4(V4 x, V4 y) {
    return each(x, y, [](double p, double q) { return p - q; });
}
inline V4 mul4(V4 x, V4 y) {
    return each(x, y, [](double p, double q) { return p * q; });
}
inline V4 div4(V4 x, V4 y) {
    return each(x, y, [](double p, double q) { return p / q; });
}
inline V4 abs4(V4 x) {
    return each(x, x, [](double p, double) { return std::abs(p); });
}
inline V4 bothPositive(V4 x, V4 y) {
    return each(x, y, [](double p, double q) { return p > 0 && q > 0 ? 1.0 : 0.0; });
}
inline V4 where(V4 x, V4 m) {
    return each(x, m, [](double p, double k) { return k != 0 ? p : 0.0; });
}
inline V4 choose(V4 m, V4 x, V4 y) {
    V4 out = y;
    for (int l = 0; l < 4; ++l)
        if (m.v[l] != 0) out.v[l] = x.v[l];
    return out;
}
#endif
#define KATTR
#include "core/common/lane_sums.inc"
#undef KATTR
}  // namespace baseline_sums

#ifdef STREAMSYNTH_X86_SUMS
namespace avx2_sums {
#define KATTR __attribute__((target("avx2")))
using V4 = __m256d;
KATTR inline V4 load4(const double* p) {
    return _mm256_loadu_pd(p);
}
KATTR inline void store4(double* p, V4 v) {
    _mm256_storeu_pd(p, v);
}
KATTR inline V4 set1(double v) {
    return _mm256_set1_pd(v);
}
KATTR inline V4 add4(V4 x, V4 y) {
    return _mm256_add_pd(x, y);
}
KATTR inline V4 sub4(V4 x, V4 y) {
    return _mm256_sub_pd(x, y);
}
KATTR inline V4 mul4(V4 x, V4 y) {
    return _mm256_mul_pd(x, y);
}
KATTR inline V4 div4(V4 x, V4 y) {
    return _mm256_div_pd(x, y);
}
KATTR inline V4 abs4(V4 x) {
    return _mm256_andnot_pd(_mm256_set1_pd(-0.0), x);
}
KATTR inline V4 bothPositive(V4 x, V4 y) {
    const V4 z = _mm256_setzero_pd();
    return _mm256_and_pd(_mm256_cmp_pd(x, z, _CMP_GT_OQ), _mm256_cmp_pd(y, z, _CMP_GT_OQ));
}
KATTR inline V4 where(V4 x, V4 m) {
    return _mm256_and_pd(m, x);
}
KATTR inline V4 choose(V4 m, V4 x, V4 y) {
    return _mm256_or_pd(_mm256_and_pd(m, x), _mm256_andnot_pd(m, y));
}
#include "core/common/lane_sums.inc"
#undef KATTR
}  // namespace avx2_sums
#endif

namespace {
bool useAvx2() {
#ifdef STREAMSYNTH_X86_SUMS
    static const bool has = __builtin_cpu_supports("avx2");
    return has;
#else
    return false;
#endif
}
}  // namespace

double absDiffSum(const double* t, const double* e, std::size_t n) {
#ifdef STREAMSYNTH_X86_SUMS
    if (useAvx2()) return avx2_sums::absDiffSum(t, e, n);
#endif
    return baseline_sums::absDiffSum(t, e, n);
}

ErrorSums errorSums(const double* truth, double sa, const double* release, double sb, std::size_t n) {
#ifdef STREAMSYNTH_X86_SUMS
    if (useAvx2()) return avx2_sums::errorSums(truth, sa, release, sb, n);
#endif
    return baseline_sums::errorSums(truth, sa, release, sb, n);
}

const char* laneSumsName() {
#ifdef STREAMSYNTH_X86_SUMS
    return useAvx2() ? "avx2" : "sse2";
#else
    return "scalar";
#endif
}

double absDiffSumBaseline(const double* t, const double* e, std::size_t n) {
    return baseline_sums::absDiffSum(t, e, n);
}

ErrorSums errorSumsBaseline(const double* truth, double sa, const double* release, double sb, std::size_t n) {
    return baseline_sums::errorSums(truth, sa, release, sb, n);
}

}  // namespace streamsynth
