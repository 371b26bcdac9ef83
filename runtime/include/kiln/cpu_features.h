/* Which x86 instruction-set extensions this CPU has, for libraries compiled
 * for more than the base x86-64 (kiln compile's default target is
 * x86-64-v3: AVX2 and FMA). A library records the extensions its code may
 * use (kiln_library_desc.cpu_features); kiln_library_open and the typed
 * entry points check them here before any compiled code runs, so that an
 * older CPU gets an error naming what it lacks instead of SIGILL.
 *
 * Header-only: generated libraries include it too. Elsewhere than on x86,
 * nothing is checked. */
#ifndef KILN_CPU_FEATURES_H
#define KILN_CPU_FEATURES_H

#include <stddef.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The extensions that LLVM's code generation may use on its own, by their
 * LLVM names (what --target-cpu implies, -mattr's spelling), and where
 * CPUID reports them: X(name, leaf, subleaf, register, bit, state), with
 * register 0..3 for EAX, EBX, ECX, EDX, and state the register state the
 * OS must save for it (XCR0 bits: 0x6 for AVX's YMM registers, 0xe6 for
 * AVX-512's ZMM and mask registers). Extensions that only intrinsics
 * reach (AES, SHA, RDRAND, AMX, ...) are not listed: kiln never uses them. */
#define KILN_CPU_FEATURES(X)                                                   \
  X("sse3", 1, 0, 2, 0, 0)                                                     \
  X("ssse3", 1, 0, 2, 9, 0)                                                    \
  X("fma", 1, 0, 2, 12, 0x6)                                                   \
  X("cx16", 1, 0, 2, 13, 0)                                                    \
  X("sse4.1", 1, 0, 2, 19, 0)                                                  \
  X("sse4.2", 1, 0, 2, 20, 0)                                                  \
  X("movbe", 1, 0, 2, 22, 0)                                                   \
  X("popcnt", 1, 0, 2, 23, 0)                                                  \
  X("avx", 1, 0, 2, 28, 0x6)                                                   \
  X("f16c", 1, 0, 2, 29, 0x6)                                                  \
  X("bmi", 7, 0, 1, 3, 0)                                                      \
  X("avx2", 7, 0, 1, 5, 0x6)                                                   \
  X("bmi2", 7, 0, 1, 8, 0)                                                     \
  X("avx512f", 7, 0, 1, 16, 0xe6)                                              \
  X("avx512dq", 7, 0, 1, 17, 0xe6)                                             \
  X("avx512ifma", 7, 0, 1, 21, 0xe6)                                           \
  X("avx512cd", 7, 0, 1, 28, 0xe6)                                             \
  X("avx512bw", 7, 0, 1, 30, 0xe6)                                             \
  X("avx512vl", 7, 0, 1, 31, 0xe6)                                             \
  X("avx512vbmi", 7, 0, 2, 1, 0xe6)                                            \
  X("avx512vbmi2", 7, 0, 2, 6, 0xe6)                                           \
  X("gfni", 7, 0, 2, 8, 0)                                                     \
  X("avx512vnni", 7, 0, 2, 11, 0xe6)                                           \
  X("avx512bitalg", 7, 0, 2, 12, 0xe6)                                         \
  X("avx512vpopcntdq", 7, 0, 2, 14, 0xe6)                                      \
  X("avx512fp16", 7, 0, 3, 23, 0xe6)                                           \
  X("avxvnni", 7, 1, 0, 4, 0x6)                                                \
  X("avx512bf16", 7, 1, 0, 5, 0xe6)                                            \
  X("sahf", 0x80000001u, 0, 2, 0, 0)                                           \
  X("lzcnt", 0x80000001u, 0, 2, 5, 0)                                          \
  X("prfchw", 0x80000001u, 0, 2, 8, 0)

/* Whether this CPU (and its OS) supports extension |name|, |length|
 * characters long; an extension this header does not know counts as
 * supported. */
static inline int kiln_cpu_has_feature(const char *name, size_t length) {
#if defined(__x86_64__) || defined(__i386__)
  struct feature {
    const char *name;
    unsigned leaf, subleaf, reg, bit, state;
  };
#define KILN_CPU_FEATURE_ENTRY(n, leaf, sub, reg, bit, state)                  \
  {n, leaf, sub, reg, bit, state},
  static const struct feature features[] = {
      KILN_CPU_FEATURES(KILN_CPU_FEATURE_ENTRY)};
#undef KILN_CPU_FEATURE_ENTRY
  for (size_t i = 0; i < sizeof features / sizeof features[0]; ++i) {
    const struct feature *f = &features[i];
    if (strlen(f->name) != length || memcmp(f->name, name, length) != 0)
      continue;
    unsigned r[4] = {0, 0, 0, 0};
    unsigned top = __get_cpuid_max(f->leaf & 0x80000000u, NULL);
    if (top < f->leaf)
      return 0;
    __cpuid_count(f->leaf, f->subleaf, r[0], r[1], r[2], r[3]);
    if (!((r[f->reg] >> f->bit) & 1))
      return 0;
    if (!f->state)
      return 1;
    /* The OS must save the wider registers across context switches:
     * OSXSAVE (CPUID.1:ECX bit 27), then XCR0 through XGETBV. */
    unsigned a, b, c, d;
    __cpuid(1, a, b, c, d);
    (void)a, (void)b, (void)d;
    if (!((c >> 27) & 1))
      return 0;
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    (void)hi;
    return (lo & f->state) == f->state;
  }
  return 1;
#else
  (void)name, (void)length;
  return 1;
#endif
}

/* The extensions of comma-separated list |features| (NULL: none) that
 * this CPU lacks, written comma-separated into |missing| (|size| bytes,
 * truncated there); returns how many there are. */
static inline int kiln_cpu_missing_features(const char *features, char *missing,
                                            size_t size) {
  int count = 0;
  size_t used = 0;
  if (size)
    missing[0] = '\0';
  for (const char *at = features; at && *at;) {
    const char *end = strchr(at, ',');
    size_t length = end ? (size_t)(end - at) : strlen(at);
    if (length && !kiln_cpu_has_feature(at, length)) {
      ++count;
      size_t need = length + (used ? 2 : 0);
      if (used + need < size) {
        if (used) {
          memcpy(missing + used, ", ", 2);
          used += 2;
        }
        memcpy(missing + used, at, length);
        used += length;
        missing[used] = '\0';
      }
    }
    at = end ? end + 1 : at + length;
  }
  return count;
}

#ifdef __cplusplus
}
#endif

#endif
