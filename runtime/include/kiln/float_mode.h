/* TensorFlow's CPU kernels run with denormal floats flushed to zero, as
 * operands (DAZ) and as results (FTZ): casting the float32 subnormal 1e-45
 * to float64 gives 0 there, and so it must in kiln. Compiled code runs
 * between kiln_float_mode_enter() and kiln_float_mode_leave(), which set
 * and restore the calling thread's floating-point control register:
 * MXCSR on x86-64, FPCR on AArch64; elsewhere they do nothing.
 *
 * Header-only, static inline: the runtime, kiln's JIT and the typed entry
 * points that `kiln compile` generates all include it. */
#ifndef KILN_FLOAT_MODE_H
#define KILN_FLOAT_MODE_H

#include <stdint.h>

#if defined(__x86_64__) || defined(_M_X64)
#include <xmmintrin.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The caller's mode, to hand back to kiln_float_mode_leave. */
typedef uint64_t kiln_float_mode;

static inline kiln_float_mode kiln_float_mode_enter(void) {
#if defined(__x86_64__) || defined(_M_X64)
  unsigned int saved = _mm_getcsr();
  _mm_setcsr(saved | 0x8040u); /* FTZ (bit 15) and DAZ (bit 6) */
  return saved;
#elif defined(__aarch64__)
  uint64_t saved;
  __asm__ volatile("mrs %0, fpcr" : "=r"(saved));
  __asm__ volatile("msr fpcr, %0" : : "r"(saved | (1ull << 24))); /* FZ */
  return saved;
#else
  return 0;
#endif
}

static inline void kiln_float_mode_leave(kiln_float_mode saved) {
#if defined(__x86_64__) || defined(_M_X64)
  _mm_setcsr((unsigned int)saved);
#elif defined(__aarch64__)
  __asm__ volatile("msr fpcr, %0" : : "r"(saved));
#else
  (void)saved;
#endif
}

#ifdef __cplusplus
}
#endif

#endif /* KILN_FLOAT_MODE_H */
