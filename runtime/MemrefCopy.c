/* `memrefCopy`, which MLIR's memref-to-LLVM lowering calls for copies
 * between strided buffers. Compiled kiln code needs it; kiln's JIT registers
 * this one and `kiln compile` links it into each library (hidden). */
#include <stdint.h>
#include <string.h>

typedef struct {
  int64_t rank;
  void *descriptor; /* allocated, aligned, offset, sizes[rank], strides[rank] */
} kiln_unranked_memref;

void memrefCopy(int64_t elemSize, kiln_unranked_memref *src,
                kiln_unranked_memref *dst) {
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
