// How TensorFlow's CPU kernel splits the inner dimension of a 2-D float32
// MatMul, so that kiln can add the partial sums in the same order.
//
// TensorFlow evaluates MatMul as an Eigen tensor contraction on its
// intra-op thread pool, with its custom contraction kernel: each Eigen
// block is one oneDNN sgemm call. Each of these levels cuts k:
// - Eigen's cost model picks one of three paths: one thread, sharding by
//   the inner dimension (k cut into two shards, each summed into its own
//   buffer, the buffers added at the end), or sharding the result across
//   the threads;
// - on each, Eigen's cache blocking picks a block size kc (a cache
//   heuristic, 320 with several threads), which TensorFlow rounds to equal
//   slices of a multiple of 8;
// - inside each sgemm call oneDNN cuts k again (384 terms; a rest of
//   385..767 halves).
// Every piece is a chain of fused multiply-adds from zero, and the pieces
// of a shard are added to the result in ascending k. Measured against
// TensorFlow 2.20 on about 400 shapes (docs/numerics.md). The decisions
// depend on the processor's cache sizes as Eigen reads them (cpuid) and on
// the thread count, both of the compiling host.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace kiln::eigen {

/// The data cache sizes in bytes that Eigen's queryCacheSizes reports on
/// this processor (its defaults where cpuid does not say).
struct CacheSizes {
  int64_t l1 = 0, l2 = 0, l3 = 0;
};
CacheSizes hostCacheSizes();

/// The inner-dimension pieces of an [m, k] x [k, n] float32 MatMul (m and
/// n the result's rows and columns, both above 1) on `threads` intra-op
/// threads: one list of boundaries per shard ({0, 193, 385} is two pieces,
/// [0, 193) and [193, 385)), the shards in ascending k.
/// `innerShards`: whether Eigen may shard k (the contraction of a
/// convolution's image patches is not sharded so).
std::vector<std::vector<int64_t>> matMulPieces(int64_t m, int64_t k, int64_t n,
                                               int64_t threads,
                                               const CacheSizes &caches,
                                               bool innerShards = true);

/// Eigen's cost per coefficient of a convolution's image patches
/// (TensorImagePatchOp's 3 * 24 + 6 + 8 operations, vectorized over a
/// packet of 8 floats).
constexpr double kImagePatchCost = (3.0 * 24 + 6 + 8) / 8;

/// The k slices of a float32 Conv2D with one output channel: Eigen's
/// contraction of the filter [1, taps] by the image patches [taps,
/// positions], one list of slice boundaries per shard, the shards in
/// ascending k. Each slice is one call of oneDNN's matrix-vector kernel,
/// which has no 384-term blocks of its own and adds the output so far
/// before its own sum (Dot::Gemv8's order). `patches`: whether the patches
/// are computed from a window (Eigen's cost model charges that); a 1x1
/// stride-1 or whole-image convolution is a plain matrix.
std::vector<std::vector<int64_t>>
oneChannelConvSlices(int64_t positions, int64_t taps, bool patches,
                     int64_t threads, const CacheSizes &caches);

/// The pieces for every row count from 2 on, of a product whose k and
/// columns are known (rows known only at run time, a None batch): the
/// first row count of each run of equal pieces, with them. The decisions
/// change at a few row counts (Eigen's path), so the table is short.
struct RowRange {
  int64_t firstRow;
  std::vector<std::vector<int64_t>> pieces;
};
std::vector<RowRange> matMulPiecesByRows(int64_t k, int64_t cols,
                                         int64_t threads,
                                         const CacheSizes &caches);

/// Whether the processor has AVX-512 as oneDNN requires it for its
/// AVX-512 kernels (avx512_core: F, DQ, BW and VL, with the operating
/// system saving their registers). Without it oneDNN's sgemm takes other
/// kernels, which sum in other orders (avx2MatMulPlan).
bool hostHasAvx512();

/// A rectangle of calls of oneDNN's copy-based kernel in a shard: its k
/// block (an index into kBlocks), rows [r0, r1) and columns [c0, c1).
/// Each of their elements sums the k block in one chain of fused
/// multiply-adds from zero, added to the element.
struct Avx2CopyBlock {
  std::size_t kBlock;
  int64_t r0, r1, c0, c1;
};

/// On a processor without AVX-512, every Eigen block of a 2-D float32
/// MatMul is still one oneDNN sgemm call, but oneDNN's "nocopy" AVX kernel
/// computes it, in a register tile of 16 result columns by 6 rows whose
/// place decides each element's order. One shard of the contraction:
/// its k, Eigen's k blocks, and the blocks of rows and columns each call
/// covers (boundaries, TensorFlow's rows and columns). Measured against
/// TensorFlow 2.20 on about 1,800 shapes (docs/numerics.md).
struct Avx2Shard {
  std::vector<int64_t> kBlocks;   // from the shard's first k to its end
  std::vector<int64_t> rowBlocks; // from 0 to the rows
  std::vector<int64_t> colBlocks; // from 0 to the columns
  /// For rows known only at run time (avx2MatMulPlansByRows, where
  /// rowBlocks is empty): the rows of each block but the last, or 0 for
  /// one block of all the rows.
  int64_t rowBlock = 0;
  /// Where Eigen's row block follows the row count (its blocks on the
  /// parallel path are about rows / threads): from each step's first row
  /// count on, its rowBlock. Empty when rowBlock holds for every row
  /// count of the plan.
  std::vector<std::pair<int64_t, int64_t>> rowBlockSteps;
  /// The calls that take oneDNN's copy-based kernel (blocks of hundreds of
  /// rows and columns at once), whose elements' kinds do not apply.
  std::vector<Avx2CopyBlock> copyBlocks;
  /// oneDNN's block of rows in each call: 48, or 96 when its left operand
  /// is transposed (TensorFlow's own sgemm calls in Conv2DBackpropInput;
  /// rows known when compiling only).
  int64_t rowTile = 48;
};
/// The shards of an [rows, k] x [k, cols] product (both above 1), added
/// in order; empty where kiln does not model the calls (one of them takes
/// oneDNN's copy-based kernel with more than 256 terms, where it cuts
/// pieces of its own: only for products of hundreds of rows and columns,
/// which TensorFlow shards otherwise; or k is cut into more than 64 of
/// Eigen's blocks, which would take long to compile).
/// A float32 Conv2D is the same product of its image patches [positions,
/// taps] by the filters [taps, channels], measured so on 71 shapes: then
/// `patchCost` is kImagePatchCost, which Eigen's cost model charges for
/// computing the patches (and which can make it shard the window).
std::vector<Avx2Shard> avx2MatMulPlan(int64_t rows, int64_t k, int64_t cols,
                                      int64_t threads, const CacheSizes &caches,
                                      double patchCost = 0);

/// The plans for every row count from 2 on, of a product whose k and
/// columns are known (a None batch): the first row count of each run of
/// plans with equal kBlocks and colBlocks (an empty plan where kiln does
/// not model the calls), with it, their row blocks as rowBlock or
/// rowBlockSteps. Empty when the plans change too often to be worth a
/// choice at run time.
struct Avx2RowRange {
  int64_t firstRow;
  std::vector<Avx2Shard> plan;
};
std::vector<Avx2RowRange> avx2MatMulPlansByRows(int64_t k, int64_t cols,
                                                int64_t threads,
                                                const CacheSizes &caches,
                                                double patchCost = 0);

/// The plans for every k from 1 to kAvx2RunTimeK of a product whose rows
/// and columns are known and whose k is not (the gradient x^T @ dy of a
/// None batch): the first k of each run of equal plans, with it. Each plan
/// is one call over all of k, one piece (its kBlocks {0, firstK} stand for
/// [0, k)); a plan kiln does not model at run time (blocks of one row or
/// column, or the copy-based kernel's) is empty. Empty when the plans
/// change too often.
struct Avx2KRange {
  int64_t firstK;
  std::vector<Avx2Shard> plan;
};
constexpr int64_t kAvx2RunTimeK = 256;
std::vector<Avx2KRange> avx2MatMulPlansByK(int64_t rows, int64_t cols,
                                           int64_t threads,
                                           const CacheSizes &caches);

/// How an element of a shard sums each of its k blocks:
enum class Avx2Order : int8_t {
  /// One fused multiply-add chain per k piece, from zero; the pieces are
  /// added to the element (columns in a 16-wide tile, rows in a group of
  /// 4 to 6).
  Chain,
  /// Per k piece, fused multiply-add chains over the even and the odd
  /// terms (counted from the piece's start), added, then an odd last term
  /// fused into the sum (an 8-wide tile, or a group of 3 rows).
  EvenOddFma,
  /// The same with each product rounded, then added (groups of 1 or 2
  /// rows).
  EvenOddRounded,
  /// A block of one row: one chain over the block, continuing from the
  /// element's value (no pieces).
  LoneRow,
  /// A block of one column: oneDNN's matrix-vector kernel, 8 lanes of
  /// fused multiply-adds over 16-term steps, folded and added to the
  /// element, then the rest in 8, 4, 2 and 1 rounded products.
  LoneColumn,
};
/// Each row's and each column's kind in a shard, which together give
/// the element's order (avx2Order): rows 0 (a group of 4 to 6), 1 (of 3),
/// 2 (of 1 or 2), 3 (a block of one row); columns 0 (a 16-wide tile),
/// 1 (8-wide), 2 (a block of one column).
std::vector<int8_t> avx2RowKinds(const Avx2Shard &shard);
std::vector<int8_t> avx2ColumnKinds(const Avx2Shard &shard);
Avx2Order avx2Order(int8_t rowKind, int8_t columnKind);
/// The pieces oneDNN's nocopy kernel cuts a k block [a, b) into
/// (boundaries): 256 terms while 512 or more remain, then halves.
std::vector<int64_t> avx2Pieces(int64_t a, int64_t b);

} // namespace kiln::eigen
