// The thread's floating-point control word (x86: MXCSR): read and set, so
// that a pool's workers compute under the caller's (the same bits whatever
// the threads), and a scope that flushes subnormal numbers to zero for long
// fits (the `fit` command's). A multiply with a subnormal operand or result
// takes a microcode assist of about a hundred cycles; a long fit whose small
// cells had sunk below 2.2e-308 ran twice as long for it (docs/pgm.md,
// "Subnormal cells"). Elsewhere than x86 the control reads 0 and nothing is
// flushed.
#pragma once

namespace streamsynth {

// (32-bit x86 only where doubles are computed in SSE registers: with x87
// arithmetic MXCSR would flush nothing.)
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

// Subnormal numbers read and written as 0 for the scope's lifetime on this
// thread (and on a TaskPool's workers for the jobs it dispatches meanwhile);
// the previous control is restored on exit. A value below 2.2e-308 is 0 for
// every count, probability and loss the fits compute. Under it a subnormal
// operand reads as 0 in arithmetic and comparisons but not inside libm (glibc's
// log(4e-310) stays −745.1): a log in the scope takes only values checked > 0.
class FlushSubnormals {
public:
    FlushSubnormals() noexcept : saved_(floatControl()) { adoptFloatControl(saved_ | kFlushSubnormals); }
    ~FlushSubnormals() { adoptFloatControl(saved_); }
    FlushSubnormals(const FlushSubnormals&) = delete;
    FlushSubnormals& operator=(const FlushSubnormals&) = delete;

private:
    unsigned saved_;
};

}  // namespace streamsynth
