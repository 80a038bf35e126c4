// The block kernels in SSE2 and AVX2 (the bodies are block_kernels.inc,
// included once per set) and the run-time choice between them: AVX2 when
// the CPU reports it, unless STREAMSYNTH_KERNELS=sse2 asks for the baseline
// set (benchmarks). Both sets give bitwise the same results.
#include "core/pgm/block_kernels.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "core/pgm/factor.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define STREAMSYNTH_X86_KERNELS 1
#endif

namespace streamsynth::pgm {

namespace sse2_impl {
#ifdef STREAMSYNTH_X86_KERNELS
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
#endif
#define KATTR
#include "core/pgm/block_kernels.inc"
#undef KATTR
}  // namespace sse2_impl

#ifdef STREAMSYNTH_X86_KERNELS
namespace avx2_impl {
#define KATTR __attribute__((target("avx2")))
using V4 = __m256d;
KATTR inline V4 load4(const double* p) {
    return _mm256_loadu_pd(p);
}
KATTR inline void store4(double* p, V4 v) {
    _mm256_storeu_pd(p, v);
}
KATTR inline V4 add4(V4 x, V4 y) {
    return _mm256_add_pd(x, y);
}
KATTR inline V4 mul4(V4 x, V4 y) {
    return _mm256_mul_pd(x, y);
}
KATTR inline V4 set1(double v) {
    return _mm256_set1_pd(v);
}
KATTR inline V4 pair4(double a, double b) {
    return _mm256_set_m128d(_mm_set1_pd(b), _mm_set1_pd(a));
}
KATTR inline V4 wherePositive(V4 x, V4 y) {
    return _mm256_and_pd(_mm256_cmp_pd(y, _mm256_setzero_pd(), _CMP_GT_OQ), x);
}
KATTR inline V4 cat4(const double* p, const double* q) {
    return _mm256_loadu2_m128d(q, p);
}
KATTR inline V4 max4(V4 x, V4 m) {
    return _mm256_max_pd(x, m);
}
KATTR inline V4 abs4(V4 x) {
    return _mm256_andnot_pd(_mm256_set1_pd(-0.0), x);
}
KATTR inline V4 sub4(V4 x, V4 y) {
    return _mm256_sub_pd(x, y);
}
KATTR inline V4 div4(V4 x, V4 y) {
    return _mm256_div_pd(x, y);
}
KATTR inline V4 gt1(V4 x, V4 y) {
    return _mm256_and_pd(_mm256_cmp_pd(x, y, _CMP_GT_OQ), _mm256_set1_pd(1.0));
}
KATTR inline V4 exponentBits(V4 x) {
    return _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_castpd_si256(x), 52));
}
KATTR inline bool allBelow(V4 absx, double lim) {
    return _mm256_movemask_pd(_mm256_cmp_pd(absx, _mm256_set1_pd(lim), _CMP_LT_OQ)) == 15;
}
#include "core/pgm/block_kernels.inc"
#undef KATTR
}  // namespace avx2_impl
#endif

namespace {
const BlockKernels kSse2{"sse2",
                         sse2_impl::scatterAdd,
                         sse2_impl::gatherMulInto,
                         sse2_impl::gatherMulMany,
                         sse2_impl::quotients,
                         sse2_impl::maxFold,
                         sse2_impl::maxAbsFold,
                         sse2_impl::expScaled};
#ifdef STREAMSYNTH_X86_KERNELS
const BlockKernels kAvx2{"avx2",
                         avx2_impl::scatterAdd,
                         avx2_impl::gatherMulInto,
                         avx2_impl::gatherMulMany,
                         avx2_impl::quotients,
                         avx2_impl::maxFold,
                         avx2_impl::maxAbsFold,
                         avx2_impl::expScaled};
#endif
}  // namespace

const BlockKernels& sse2Kernels() {
    return kSse2;
}

const BlockKernels* avx2Kernels() {
#ifdef STREAMSYNTH_X86_KERNELS
    static const bool has = __builtin_cpu_supports("avx2");
    return has ? &kAvx2 : nullptr;
#else
    return nullptr;
#endif
}

const BlockKernels& blockKernels() {
    static const BlockKernels& chosen = []() -> const BlockKernels& {
        const char* want = std::getenv("STREAMSYNTH_KERNELS");
        const bool baseline = want && std::strcmp(want, "sse2") == 0;
        return baseline || !avx2Kernels() ? sse2Kernels() : *avx2Kernels();
    }();
    return chosen;
}

}  // namespace streamsynth::pgm
