// Float sums in the order TensorFlow's CPU kernels add, so that printed sums
// and means agree to the last bit.
//
// A sum over a tensor's innermost elements is Eigen's InnerMostDimReducer:
// lanes of 8 floats (4 doubles) accumulate packet by packet, four packets at
// a time while 32 elements remain, the lanes are added pairwise, and the
// last `n % 8` elements are summed on their own and added last. Above 8192
// elements a range is split in two at a packet boundary and the halves are
// summed recursively (Eigen's tree reduction, run by a loop over an
// explicit stack, to any depth).
#pragma once

#include "mlir/IR/Builders.h"

#include <optional>

namespace kiln::eigen {

/// The sum of `flat[first .. first + n)` (a 1-D f32 or f64 tensor), added in
/// Eigen's order; `first` and `n` are index values. `maxN`, when known,
/// bounds n (small sums need no tree). `product`: the product instead, in
/// the same order (Eigen's ProdReducer takes the same path).
mlir::Value innerSum(mlir::OpBuilder &b, mlir::Location loc, mlir::Value flat,
                     mlir::Value first, mlir::Value n,
                     std::optional<int64_t> maxN, bool product = false);

/// The sum (or `product`) of all of `flat` (n elements, float16, float32 or
/// float64) as TensorFlow's full reduction computes it on `threads`
/// intra-op threads: Eigen's cost model picks how many blocks (on 2
/// threads from 131,765 halves, 108,388 floats, 54,194 doubles); the
/// elements left over
/// are reduced first, then each block's result is combined in order.
/// Other element types: innerSum over everything.
mlir::Value fullSum(mlir::OpBuilder &b, mlir::Location loc, mlir::Value flat,
                    mlir::Value n, int64_t threads, bool product = false);

} // namespace kiln::eigen
