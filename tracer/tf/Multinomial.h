// TensorFlow's CPU Multinomial kernel (tf.random.categorical), shared by the
// host (eager calls, constant inputs) and codegen (EmitRandom.cpp).
//
// Per row of logits the kernel builds an unnormalized cumulative
// distribution in double, exp(logit - max) over the finite logits, and
// draws each sample as the upper bound of uniform * total in it; the
// uniform is a double from two 32-bit Philox words (RandDouble). The words
// come from a SimplePhilox that each shard of rows makes from its own copy
// of the generator, skipped to (first row of the shard) * (samples + 3) / 4
// blocks, and then reads in order, two words a sample, row after row.
// So which word a sample takes depends on how Eigen's thread pool cut the
// rows into shards: `multinomialShardRows` reproduces that cut.
#pragma once

#include "Graph.h"
#include "Philox.h"

#include <cstdint>

namespace kiln::tf {

/// The size of the blocks Eigen's ThreadPoolDevice::parallelFor cuts `n`
/// units of `costPerUnit` cycles into on `threads` threads (its cost
/// model, then CalculateParallelForBlock); `n` when it runs them as one
/// piece.
int64_t parallelForBlockSize(int64_t n, double costPerUnit, int64_t threads);

/// The kernel's cost estimate of one row, in cycles.
int64_t multinomialRowCost(int64_t samples, int64_t classes);

/// The rows in each of the kernel's shards (the last may hold fewer).
int64_t multinomialShardRows(int64_t rows, int64_t samples, int64_t classes,
                             int64_t threads);

/// The word of the generator's stream that sample `j` of row `row` starts
/// at (its second word follows), for shards of `shardRows` rows.
inline uint64_t multinomialWord(int64_t row, int64_t j, int64_t samples,
                                int64_t shardRows) {
  int64_t first = row / shardRows * shardRows;
  // Skip(first * (samples + 3) / 4): the product, then the division.
  return 4 * (uint64_t(first) * uint64_t(samples + 3) / 4) +
         uint64_t(row - first) * 2 * uint64_t(samples) + 2 * uint64_t(j);
}

/// The kernel's output for 2-D `logits` (float types): `samples` class
/// indices per row, as `out` (int32 or int64), from the generator at
/// `key`, `counter`, on `threads` intra-op threads.
graph::HostTensorPtr multinomial(const graph::HostTensor &logits,
                                 int64_t samples, graph::DType out,
                                 philox::Key key, philox::Block counter,
                                 int64_t threads);

} // namespace kiln::tf
