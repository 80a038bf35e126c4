// Four double lanes in SSE2 (two registers; plain C++ off x86-64) and in
// AVX2 (one register), with the same operations one lane at a time, so that
// a kernel written once over them (an .inc included per set, with KATTR set
// to the set's target attribute) gives bitwise the same results in both:
// the fit's block kernels (core/pgm/block_kernels.cpp) and the evaluation's
// sums (lane_sums.cpp). Include only from those .cpp files: the AVX2 set is
// compiled with a target attribute and must be called only when the CPU has
// AVX2.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define STREAMSYNTH_X86_LANES 1
#endif

namespace streamsynth::lanes {

namespace baseline {
#ifdef STREAMSYNTH_X86_LANES
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
inline V4 add4(V4 x, V4 y) {
    return {_mm_add_pd(x.a, y.a), _mm_add_pd(x.b, y.b)};
}
inline V4 mul4(V4 x, V4 y) {
    return {_mm_mul_pd(x.a, y.a), _mm_mul_pd(x.b, y.b)};
}
inline V4 set1(double v) {
    return {_mm_set1_pd(v), _mm_set1_pd(v)};
}
// {a, a, b, b} and {p[0], p[1], q[0], q[1]} (blocks of two cells).
inline V4 pair4(double a, double b) {
    return {_mm_set1_pd(a), _mm_set1_pd(b)};
}
// x where y > 0, else +0.
inline V4 wherePositive(V4 x, V4 y) {
    const __m128d z = _mm_setzero_pd();
    return {_mm_and_pd(_mm_cmpgt_pd(y.a, z), x.a), _mm_and_pd(_mm_cmpgt_pd(y.b, z), x.b)};
}
inline V4 cat4(const double* p, const double* q) {
    return {_mm_loadu_pd(p), _mm_loadu_pd(q)};
}
inline V4 max4(V4 x, V4 m) {
    return {_mm_max_pd(x.a, m.a), _mm_max_pd(x.b, m.b)};
}
inline V4 abs4(V4 x) {
    const __m128d sign = _mm_set1_pd(-0.0);
    return {_mm_andnot_pd(sign, x.a), _mm_andnot_pd(sign, x.b)};
}
inline V4 sub4(V4 x, V4 y) {
    return {_mm_sub_pd(x.a, y.a), _mm_sub_pd(x.b, y.b)};
}
inline V4 div4(V4 x, V4 y) {
    return {_mm_div_pd(x.a, y.a), _mm_div_pd(x.b, y.b)};
}
// 1 where x > y, else 0.
inline V4 gt1(V4 x, V4 y) {
    const __m128d one = _mm_set1_pd(1.0);
    return {_mm_and_pd(_mm_cmpgt_pd(x.a, y.a), one), _mm_and_pd(_mm_cmpgt_pd(x.b, y.b), one)};
}
// The low bits of x + 2^52 (an integer in [1, 2046]) moved into the exponent.
inline V4 exponentBits(V4 x) {
    return {_mm_castsi128_pd(_mm_slli_epi64(_mm_castpd_si128(x.a), 52)),
            _mm_castsi128_pd(_mm_slli_epi64(_mm_castpd_si128(x.b), 52))};
}
inline bool allBelow(V4 absx, double lim) {
    const __m128d l = _mm_set1_pd(lim);
    return (_mm_movemask_pd(_mm_cmplt_pd(absx.a, l)) & _mm_movemask_pd(_mm_cmplt_pd(absx.b, l))) == 3;
}
// All-ones where x > 0 and y > 0; x under an all-ones mask, else +0; x
// under the mask, else y.
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
struct V4 {  // portable lanes: the same operations one lane at a time
    double v[4];
};
inline V4 load4(const double* p) {
    return {{p[0], p[1], p[2], p[3]}};
}
inline void store4(double* p, V4 x) {
    std::memcpy(p, x.v, sizeof x.v);
}
inline V4 add4(V4 x, V4 y) {
    return {{x.v[0] + y.v[0], x.v[1] + y.v[1], x.v[2] + y.v[2], x.v[3] + y.v[3]}};
}
inline V4 mul4(V4 x, V4 y) {
    return {{x.v[0] * y.v[0], x.v[1] * y.v[1], x.v[2] * y.v[2], x.v[3] * y.v[3]}};
}
inline V4 set1(double v) {
    return {{v, v, v, v}};
}
inline V4 pair4(double a, double b) {
    return {{a, a, b, b}};
}
inline V4 wherePositive(V4 x, V4 y) {
    for (int l = 0; l < 4; ++l) x.v[l] = y.v[l] > 0 ? x.v[l] : 0.0;
    return x;
}
inline V4 cat4(const double* p, const double* q) {
    return {{p[0], p[1], q[0], q[1]}};
}
inline V4 max4(V4 x, V4 m) {
    V4 r;
    for (int l = 0; l < 4; ++l) r.v[l] = x.v[l] > m.v[l] ? x.v[l] : m.v[l];
    return r;
}
inline V4 abs4(V4 x) {
    for (double& v : x.v) v = std::abs(v);
    return x;
}
inline V4 sub4(V4 x, V4 y) {
    return {{x.v[0] - y.v[0], x.v[1] - y.v[1], x.v[2] - y.v[2], x.v[3] - y.v[3]}};
}
inline V4 div4(V4 x, V4 y) {
    return {{x.v[0] / y.v[0], x.v[1] / y.v[1], x.v[2] / y.v[2], x.v[3] / y.v[3]}};
}
inline V4 gt1(V4 x, V4 y) {
    V4 r;
    for (int l = 0; l < 4; ++l) r.v[l] = x.v[l] > y.v[l] ? 1.0 : 0.0;
    return r;
}
inline V4 exponentBits(V4 x) {
    for (double& v : x.v) {
        std::uint64_t u;
        std::memcpy(&u, &v, sizeof u);
        u <<= 52;
        std::memcpy(&v, &u, sizeof u);
    }
    return x;
}
inline bool allBelow(V4 absx, double lim) {
    return absx.v[0] < lim && absx.v[1] < lim && absx.v[2] < lim && absx.v[3] < lim;
}
// A mask lane is 1 (set) or 0.
inline V4 bothPositive(V4 x, V4 y) {
    for (int l = 0; l < 4; ++l) x.v[l] = x.v[l] > 0 && y.v[l] > 0 ? 1.0 : 0.0;
    return x;
}
inline V4 where(V4 x, V4 m) {
    for (int l = 0; l < 4; ++l) x.v[l] = m.v[l] != 0 ? x.v[l] : 0.0;
    return x;
}
inline V4 choose(V4 m, V4 x, V4 y) {
    for (int l = 0; l < 4; ++l) y.v[l] = m.v[l] != 0 ? x.v[l] : y.v[l];
    return y;
}
#endif
}  // namespace baseline

#ifdef STREAMSYNTH_X86_LANES
namespace avx2 {
#define STREAMSYNTH_AVX2 __attribute__((target("avx2")))
using V4 = __m256d;
STREAMSYNTH_AVX2 inline V4 load4(const double* p) {
    return _mm256_loadu_pd(p);
}
STREAMSYNTH_AVX2 inline void store4(double* p, V4 v) {
    _mm256_storeu_pd(p, v);
}
STREAMSYNTH_AVX2 inline V4 add4(V4 x, V4 y) {
    return _mm256_add_pd(x, y);
}
STREAMSYNTH_AVX2 inline V4 mul4(V4 x, V4 y) {
    return _mm256_mul_pd(x, y);
}
STREAMSYNTH_AVX2 inline V4 set1(double v) {
    return _mm256_set1_pd(v);
}
STREAMSYNTH_AVX2 inline V4 pair4(double a, double b) {
    return _mm256_set_m128d(_mm_set1_pd(b), _mm_set1_pd(a));
}
STREAMSYNTH_AVX2 inline V4 wherePositive(V4 x, V4 y) {
    return _mm256_and_pd(_mm256_cmp_pd(y, _mm256_setzero_pd(), _CMP_GT_OQ), x);
}
STREAMSYNTH_AVX2 inline V4 cat4(const double* p, const double* q) {
    return _mm256_loadu2_m128d(q, p);
}
STREAMSYNTH_AVX2 inline V4 max4(V4 x, V4 m) {
    return _mm256_max_pd(x, m);
}
STREAMSYNTH_AVX2 inline V4 abs4(V4 x) {
    return _mm256_andnot_pd(_mm256_set1_pd(-0.0), x);
}
STREAMSYNTH_AVX2 inline V4 sub4(V4 x, V4 y) {
    return _mm256_sub_pd(x, y);
}
STREAMSYNTH_AVX2 inline V4 div4(V4 x, V4 y) {
    return _mm256_div_pd(x, y);
}
STREAMSYNTH_AVX2 inline V4 gt1(V4 x, V4 y) {
    return _mm256_and_pd(_mm256_cmp_pd(x, y, _CMP_GT_OQ), _mm256_set1_pd(1.0));
}
STREAMSYNTH_AVX2 inline V4 exponentBits(V4 x) {
    return _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_castpd_si256(x), 52));
}
STREAMSYNTH_AVX2 inline bool allBelow(V4 absx, double lim) {
    return _mm256_movemask_pd(_mm256_cmp_pd(absx, _mm256_set1_pd(lim), _CMP_LT_OQ)) == 15;
}
STREAMSYNTH_AVX2 inline V4 bothPositive(V4 x, V4 y) {
    const V4 z = _mm256_setzero_pd();
    return _mm256_and_pd(_mm256_cmp_pd(x, z, _CMP_GT_OQ), _mm256_cmp_pd(y, z, _CMP_GT_OQ));
}
STREAMSYNTH_AVX2 inline V4 where(V4 x, V4 m) {
    return _mm256_and_pd(m, x);
}
STREAMSYNTH_AVX2 inline V4 choose(V4 m, V4 x, V4 y) {
    return _mm256_or_pd(_mm256_and_pd(m, x), _mm256_andnot_pd(m, y));
}
#undef STREAMSYNTH_AVX2
}  // namespace avx2
#endif

}  // namespace streamsynth::lanes
