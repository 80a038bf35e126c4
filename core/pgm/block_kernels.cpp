// The block kernels in SSE2 and AVX2 (the bodies are block_kernels.inc,
// included once per set) and the run-time choice between them: AVX2 when
// the CPU reports it, unless STREAMSYNTH_KERNELS=sse2 asks for the baseline
// set (benchmarks). Both sets give bitwise the same results.
#include "core/pgm/block_kernels.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>

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
inline V4 max4(V4 x, V4 m) {
    return {_mm_max_pd(x.a, m.a), _mm_max_pd(x.b, m.b)};
}
inline V4 abs4(V4 x) {
    const __m128d sign = _mm_set1_pd(-0.0);
    return {_mm_andnot_pd(sign, x.a), _mm_andnot_pd(sign, x.b)};
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
inline V4 max4(V4 x, V4 m) {
    V4 r;
    for (int l = 0; l < 4; ++l) r.v[l] = x.v[l] > m.v[l] ? x.v[l] : m.v[l];
    return r;
}
inline V4 abs4(V4 x) {
    for (double& v : x.v) v = std::abs(v);
    return x;
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
KATTR inline V4 max4(V4 x, V4 m) {
    return _mm256_max_pd(x, m);
}
KATTR inline V4 abs4(V4 x) {
    return _mm256_andnot_pd(_mm256_set1_pd(-0.0), x);
}
#include "core/pgm/block_kernels.inc"
#undef KATTR
}  // namespace avx2_impl
#endif

namespace {
const BlockKernels kSse2{"sse2", sse2_impl::scatterAdd, sse2_impl::gatherMulInto, sse2_impl::maxFold,
                         sse2_impl::maxAbsFold};
#ifdef STREAMSYNTH_X86_KERNELS
const BlockKernels kAvx2{"avx2", avx2_impl::scatterAdd, avx2_impl::gatherMulInto, avx2_impl::maxFold,
                         avx2_impl::maxAbsFold};
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
