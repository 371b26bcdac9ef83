// A 2-D float32 MatMul in the orders TensorFlow's oneDNN kernels sum it on a
// processor without AVX-512 (EigenContraction.h: avx2MatMulPlan), so that
// small products, the most common ones, agree to the last bit there too.
#pragma once

#include "passes/EigenContraction.h"

#include "mlir/IR/Builders.h"

namespace kiln::eigen {

/// acc + lhs x rhs ([m, k] x [k, n] into [m, n], or batches of them, rank
/// 3), each element summing k in ascending order: fused multiply-adds, or
/// with `fused` false rounded products then sums.
mlir::Value accumulateProduct(mlir::OpBuilder &b, mlir::Location loc,
                              mlir::Value lhs, mlir::Value rhs, mlir::Value acc,
                              bool fused);
/// x + y, element by element (tensors of one type).
mlir::Value addElementwise(mlir::OpBuilder &b, mlir::Location loc,
                           mlir::Value x, mlir::Value y);

/// `lhs` [m, k] times `rhs` [k, n] (float32, sizes known at compile time,
/// but m or, with a plan of avx2MatMulPlansByK, k) accumulated into
/// `zeros` (a [m, n] tensor of zeros) per `plan`: each
/// shard's calls in Eigen's k blocks, each element in its order
/// (Avx2Order), the shards' sums added in order. Operands of rank 3 are a
/// batch of such matrices (of any size), each computed alike, as
/// TensorFlow's parallel batch kernel contracts each matrix.
mlir::Value avx2MatMul(mlir::OpBuilder &b, mlir::Location loc, mlir::Value lhs,
                       mlir::Value rhs, mlir::Value zeros,
                       const std::vector<Avx2Shard> &plan);

} // namespace kiln::eigen
