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

} // namespace kiln::eigen
