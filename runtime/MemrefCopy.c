/* `memrefCopy`, which MLIR's memref-to-LLVM lowering calls for copies
 * between strided buffers: kiln's JIT registers this one (the outputs of
 * `kiln compile` define their own, see kiln/memref_copy.h). */
#include <kiln/memref_copy.h>

void memrefCopy(int64_t elemSize, kiln_unranked_memref *src,
                kiln_unranked_memref *dst) {
  kiln_copy_memref_elements(elemSize, src, dst);
}
