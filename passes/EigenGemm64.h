// The summation order of TensorFlow's float64 MatMul and BatchMatMul on
// the CPU, so that kiln's products agree with TensorFlow's to the last bit.
//
// TensorFlow runs a float64 product as an Eigen tensor contraction on its
// intra-op thread pool (or, for small batched products, Eigen's dense
// product, whose kernel is the same). Its TensorFlow wheels are built for
// AVX without FMA, where Eigen's gebp kernel takes 8 rows of the result's
// transpose (TensorFlow's columns) at a time, 4 columns (TensorFlow's
// rows) at a time, and blocks of k, each element's block sums added to the
// result in order. The sum inside a block depends on where the element
// falls in its tile:
//   - SEQ: products added one after another from zero (8-row panels, and
//     the last rows % 4 TensorFlow rows of a tile);
//   - CD: the next 4 and 2 TensorFlow columns of the tile: products of even
//     k into C, odd k into D over the first depth & ~7 terms, C + D, then
//     the rest into C;
//   - LAST4: a tile's odd last column: four accumulators by k % 4 over
//     depth & ~3 terms, (a0 + a1) + (a2 + a3), then the rest.
// Eigen's cost model picks one thread, a grid of blocks across threads, or
// k split into shards summed into buffers that are added at the end; the
// cache blocking reads the processor's cache sizes. Measured against
// TensorFlow 2.20 on about 9,000 shapes (docs/numerics.md).
#pragma once

#include "EigenContraction.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace kiln::eigen {

/// How to sum each element of one k shard: its k range, cut into blocks of
/// `kBlock`, and the scheme of each TensorFlow column (0 SEQ, 1 CD,
/// 2 LAST4), overridden by SEQ for the TensorFlow rows `rowSeq` marks.
struct Gemm64Shard {
  int64_t kBegin = 0, kEnd = 0, kBlock = 0;
  std::vector<uint8_t> scheme;
  std::vector<bool> rowSeq;
};

/// The shards of a product; the result is their sum from the last to the
/// first (one shard: the result itself).
struct Gemm64Plan {
  std::vector<Gemm64Shard> shards;
};

/// The plan of an [m, k] x [k, n] float64 product computed as Eigen's
/// contraction (every size above 1) on `threads` threads; `batched`: a
/// BatchMatMul of several matrices, whose cost model counts index work.
/// std::nullopt where kiln does not reproduce TensorFlow's order (k split
/// over more than two shards).
std::optional<Gemm64Plan> contractionPlan64(int64_t m, int64_t k, int64_t n,
                                            int64_t threads,
                                            const CacheSizes &caches,
                                            bool batched);

/// The plan of Eigen's sequential dense product (a small BatchMatMul's
/// matrices): one shard with the single-thread blocking.
Gemm64Plan densePlan64(int64_t m, int64_t k, int64_t n,
                       const CacheSizes &caches);

/// One shard of products added one after another in ascending k (Eigen's
/// coefficient-wise product of tiny matrices).
Gemm64Plan sequentialPlan64(int64_t m, int64_t k, int64_t n);

/// The [batch, m, n] (or [m, n]) product of `lhs` ([batch, m, k]) and
/// `rhs` ([batch, k, n]), static f64 tensors (TensorFlow's transposes
/// already applied), summed as `plan` says.
mlir::Value matMul64(mlir::OpBuilder &b, mlir::Location loc, mlir::Value lhs,
                     mlir::Value rhs, mlir::RankedTensorType outType,
                     const Gemm64Plan &plan);

/// Eigen's dense matrix-vector products, which TensorFlow runs for a
/// float64 product with a size of 1 (the result a vector of `length`):
/// each element's recipe, by its position in the pieces TensorFlow's
/// parallel kernel cuts a large product into.
enum class VectorRecipe : uint8_t {
  /// Products added in order from the first (the coefficient-wise product).
  Lazy,
  /// Eigen's vectorized redux: two 4-lane accumulators over blocks of 8,
  /// lanes folded (l0 + l2) + (l1 + l3), then the rest in order.
  Redux,
  /// Eigen's dot product: four 4-lane accumulators over blocks of 16.
  Dot,
  /// The column-major kernel: blocks of columns summed in order from zero,
  /// the block sums added to zero in order.
  ColumnBlocks,
  /// The row-major kernel: four lanes by k % 4, folded, the rest in order;
  /// Last: an odd last row of a piece adds the next pair first.
  Lanes,
  LanesLast,
};
struct VectorPlan64 {
  std::vector<VectorRecipe> recipe; // per result element
  int64_t blockColumns = 0;         // ColumnBlocks' block size
};

/// The plan of an [m, k] x [k, n] float64 product with m or n equal to 1
/// (`transposeA`/`transposeB` TensorFlow's flags, which pick the kernels;
/// `batch` matrices, which TensorFlow's parallel kernel does not cut).
std::optional<VectorPlan64> vectorPlan64(int64_t m, int64_t k, int64_t n,
                                         bool transposeA, bool transposeB,
                                         int64_t threads, int64_t batch);

/// The product of `lhs` and `rhs` (as matMul64 takes them) summed as a
/// vector plan says.
mlir::Value matVec64(mlir::OpBuilder &b, mlir::Location loc, mlir::Value lhs,
                     mlir::Value rhs, mlir::RankedTensorType outType,
                     const VectorPlan64 &plan);

} // namespace kiln::eigen
