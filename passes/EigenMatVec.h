// Matrix-vector products (a float32 MatMul with one result row or column)
// in the order TensorFlow's CPU kernel sums them, so that a linear model's
// `x @ w` with `w` of shape [k, 1] agrees to the last bit.
//
// TensorFlow evaluates such a MatMul as an Eigen dense product on
// row-major maps (no oneDNN, no fused multiply-adds: every product is
// rounded, then added). Above 16384 multiply-adds the result is split into
// blocks of multiples of 64 rows (or columns), one per share of the
// intra-op threads, and each block is its own product, whose kernel
// depends on the block's shape:
// - a small block (k + rows + columns < 20) or a single element: each
//   element a dot product, rounded products added in ascending k (or, when
//   both operands' rows are contiguous, Eigen's inner product: four 8-lane
//   accumulators, folded, then the tail);
// - otherwise Eigen's matrix-vector kernels: the row-major one sums 8 lanes
//   across k (the last row of an odd count also takes a 4-lane pass), the
//   column-major one sums blocks of 16 or 4 terms (all of k below 128) and
//   adds the blocks' sums.
// Measured against TensorFlow 2.20 (docs/numerics.md).
#pragma once

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace kiln::eigen {

/// `lhs` [m, k] times `rhs` [k, n] (float32) where m or n is 1, in
/// TensorFlow's order. `lhsTransposed` and `rhsTransposed` are MatMul's
/// transpose_a and transpose_b (the operands are given transposed already;
/// their layout in TensorFlow picks the kernel). `dynamicSizes` are the
/// result's sizes known only at run time; `threads` is the intra-op thread
/// count, which decides the blocks.
mlir::Value matVec(mlir::OpBuilder &b, mlir::Location loc, mlir::Value lhs,
                   mlir::Value rhs, mlir::RankedTensorType outType,
                   mlir::ValueRange dynamicSizes, bool lhsTransposed,
                   bool rhsTransposed, int64_t threads);

/// `lhs` [b, m, k] times `rhs` [b, k, n] (float32, the batch dimensions
/// folded into one) in the order of TensorFlow's sequential batch kernel,
/// which runs an Eigen dense product per matrix (the products its parallel
/// kernel does not take: see lowerMatMul):
/// - small ones (k + m + n below 20): each element a dot product, or
///   Eigen's inner product where both operands' rows are contiguous;
/// - matrix-vector ones: the kernels above, without blocks;
/// - the others: Eigen's GEBP kernel without fused multiply-adds, whose
///   order depends on the register block of the element (16 or 4 columns
///   of the result wide, 4 rows high) and, past `l1Bytes`' worth of k, on
///   Eigen's cache blocking (measured against TensorFlow 2.20 on about
///   900,000 elements, docs/numerics.md).
mlir::Value batchMatMul(mlir::OpBuilder &b, mlir::Location loc, mlir::Value lhs,
                        mlir::Value rhs, mlir::RankedTensorType outType,
                        mlir::ValueRange dynamicSizes, bool lhsTransposed,
                        bool rhsTransposed, int64_t l1Bytes);

} // namespace kiln::eigen
