// lane_sums.h in SSE2 (every x86-64), AVX2 (when the CPU has it) and plain
// C++ elsewhere: the bodies are lane_sums.inc, one per set of lanes4.h, the
// same operations per lane, so every set gives the same bits.
#include "core/common/lane_sums.h"

#include <cmath>

#include "core/common/lanes4.h"

#ifdef STREAMSYNTH_X86_LANES
#define STREAMSYNTH_X86_SUMS 1
#endif

namespace streamsynth {

namespace baseline_sums {
using namespace lanes::baseline;  // V4 and its operations (lanes4.h)
#define KATTR
#include "core/common/lane_sums.inc"
#undef KATTR
}  // namespace baseline_sums

#ifdef STREAMSYNTH_X86_SUMS
namespace avx2_sums {
using namespace lanes::avx2;
#define KATTR __attribute__((target("avx2")))
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
