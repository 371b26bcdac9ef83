/* The copy between strided buffers that MLIR's memref-to-LLVM lowering
 * calls (as `memrefCopy`) for a memref.copy it cannot make a memcpy.
 *
 * Header-only, static inline: the runtime defines `memrefCopy` with it for
 * kiln's JIT and for libraries that link the static runtime, and each
 * output of `kiln compile` defines its own prefixed, hidden copy (its
 * compiled code calls that one), so that an object links against either
 * runtime and never meets another definition of `memrefCopy`. */
#ifndef KILN_MEMREF_COPY_H
#define KILN_MEMREF_COPY_H

#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* An unranked memref as the lowering passes it: its rank and a pointer to
 * its descriptor (allocated, aligned, offset, sizes[rank], strides[rank]). */
typedef struct {
  int64_t rank;
  void *descriptor;
} kiln_unranked_memref;

static inline void kiln_copy_memref_elements(int64_t elemSize,
                                             const kiln_unranked_memref *src,
                                             const kiln_unranked_memref *dst) {
  int64_t rank = src->rank;
  const int64_t *s = (const int64_t *)src->descriptor;
  const int64_t *d = (const int64_t *)dst->descriptor;
  const char *from = (const char *)(intptr_t)s[1] + s[2] * elemSize;
  char *to = (char *)(intptr_t)d[1] + d[2] * elemSize;
  const int64_t *sizes = s + 3, *srcStrides = s + 3 + rank,
                *dstStrides = d + 3 + rank;
  int64_t total = 1;
  for (int64_t k = 0; k < rank; ++k)
    total *= sizes[k];
  if (total == 0)
    return;
  for (int64_t e = 0; e < total; ++e) {
    int64_t rest = e, srcOffset = 0, dstOffset = 0;
    for (int64_t k = rank - 1; k >= 0; --k) {
      int64_t i = rest % sizes[k];
      rest /= sizes[k];
      srcOffset += i * srcStrides[k];
      dstOffset += i * dstStrides[k];
    }
    memcpy(to + dstOffset * elemSize, from + srcOffset * elemSize,
           (size_t)elemSize);
  }
}

#ifdef __cplusplus
}
#endif

#endif /* KILN_MEMREF_COPY_H */
