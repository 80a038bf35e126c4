// The block kernels in SSE2 and AVX2 (the bodies are block_kernels.inc,
// included once per set over the lanes of core/common/lanes4.h) and the run-time choice between them: AVX2
// when the CPU reports it, unless STREAMSYNTH_KERNELS=sse2 asks for the baseline set (benchmarks). Both sets
// give bitwise the same results.
#include "core/pgm/block_kernels.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "core/common/lanes4.h"
#include "core/pgm/factor.h"

#ifdef STREAMSYNTH_X86_LANES
#define STREAMSYNTH_X86_KERNELS 1
#endif

namespace streamsynth::pgm {

namespace sse2_impl {
using namespace lanes::baseline;  // V4 and its operations (core/common/lanes4.h)
#define KATTR
#include "core/pgm/block_kernels.inc"
#undef KATTR
}  // namespace sse2_impl

#ifdef STREAMSYNTH_X86_KERNELS
namespace avx2_impl {
#define KATTR __attribute__((target("avx2")))
using namespace lanes::avx2;
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
