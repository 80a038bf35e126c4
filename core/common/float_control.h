// The thread's floating-point control (x86: MXCSR's control bits), read and
// set, so that a TaskPool's workers compute under the control of the thread
// that dispatched the job: a caller that sets flush-to-zero or another
// rounding mode (a host program, a plug-in) must not make the thread count
// change a bit. The engine itself runs under the default control: flushing
// subnormal cells made a long fit twice as fast but sent thin fits to the
// log-space path twelve times slower and moved a stream's releases
// (docs/pgm.md, "Subnormal cells"). Elsewhere than x86 the control reads 0.
#pragma once

namespace streamsynth {

// (32-bit x86 only where doubles are computed in SSE registers: with x87
// arithmetic MXCSR governs nothing the engine computes.)
#if defined(__x86_64__) || (defined(__i386__) && defined(__SSE2_MATH__))
// MXCSR's control bits (6–15: denormals-are-zero, exception masks, rounding,
// flush-to-zero); bits 0–5 are the thread's sticky exception flags, which
// every computation may set, and are neither compared nor handed over.
inline constexpr unsigned kFloatControlBits = 0xffc0u;
inline unsigned floatControl() noexcept {
    return __builtin_ia32_stmxcsr() & kFloatControlBits;
}
inline void setFloatControl(unsigned control) noexcept {
    __builtin_ia32_ldmxcsr((__builtin_ia32_stmxcsr() & ~kFloatControlBits) | (control & kFloatControlBits));
}
// MXCSR's flush-to-zero (bit 15: subnormal results become 0) and
// denormals-are-zero (bit 6: subnormal operands read as 0).
inline constexpr unsigned kFlushSubnormals = 0x8040u;
#else
inline unsigned floatControl() noexcept {
    return 0;
}
inline void setFloatControl(unsigned) noexcept {}
inline constexpr unsigned kFlushSubnormals = 0;
#endif

// Sets the thread's control to `control` where it differs (writing it costs
// more than reading it).
inline void adoptFloatControl(unsigned control) noexcept {
    if (floatControl() != control) setFloatControl(control);
}

}  // namespace streamsynth
