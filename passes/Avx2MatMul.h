// A 2-D float32 MatMul in the orders TensorFlow's oneDNN kernels sum it on a
// processor without AVX-512 (EigenContraction.h: avx2MatMulPlan), so that
// small products, the most common ones, agree to the last bit there too.
#pragma once

#include "passes/EigenContraction.h"

#include "mlir/IR/Builders.h"

namespace kiln::eigen {

/// `lhs` [m, k] times `rhs` [k, n] (float32, sizes known at compile time)
/// accumulated into `zeros` (a [m, n] tensor of zeros) per `plan`: each
/// shard's calls in Eigen's k blocks, each element in its order
/// (Avx2Order), the shards' sums added in order. Operands of rank 3 are a
/// batch of such matrices (of any size), each computed alike, as
/// TensorFlow's parallel batch kernel contracts each matrix.
mlir::Value avx2MatMul(mlir::OpBuilder &b, mlir::Location loc, mlir::Value lhs,
                       mlir::Value rhs, mlir::Value zeros,
                       const std::vector<Avx2Shard> &plan);

} // namespace kiln::eigen
