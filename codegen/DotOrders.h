// The summation orders of the matrix-product kernels TensorFlow's CPU ops
// run, for the ops kiln emits as explicit dot products (the convolution
// gradients, and a convolution with one output channel): measured against
// TensorFlow 2.20 on AVX-512 processors (docs/numerics.md).
#pragma once

#include "passes/ScalarLoops.h"

#include <functional>
#include <utility>

namespace kiln {

/// The summation orders of the matrix-product kernels behind the
/// convolution gradients, for a dot product over k of a(k) * b(k):
enum class Dot {
  /// One chain of fused multiply-adds in ascending k from 0 (Eigen's and
  /// oneDNN's general kernels).
  Fma,
  /// 16 lanes, lane l an FMA chain over the k = l (mod 16), folded as
  /// lane[i] += lane[i + 8], then + 4, + 2, + 1 (oneDNN's AVX-512 kernel
  /// for products with 2 to 15 columns).
  Lanes16,
  /// 8 lanes taking k = 16c + l, then 16c + 8 + l, as FMA chains; folded
  /// ((l0 + l1) + (l4 + l5)) + ((l2 + l3) + (l6 + l7)) and added to 0;
  /// the k left past the last 16 in pieces of 8, 4, 2 and 1, each a
  /// rounded product per lane, folded alike and added (the matrix-vector
  /// kernels).
  Gemv8,
  /// Rounded products added one at a time; from 128 terms on, in blocks
  /// of 16 whose sums are added (Eigen's kernel for a single inner
  /// element).
  MulAdd,
};

/// a(k) and b(k), the k-th terms of a dot product.
using Operands = std::function<std::pair<mlir::Value, mlir::Value>(
    Scalars &, mlir::Value k)>;

/// The sum over k in [lo, hi) of a(k) * b(k) in `model`'s order (float32;
/// float64 rounds products and sums apart, in ascending k). `start`, for
/// Dot::Gemv8 only: the output so far, which the kernel adds to its folded
/// lanes before the pieces (0 when absent).
mlir::Value dotProduct(Scalars &s, Dot model, mlir::Value lo, mlir::Value hi,
                       mlir::Type et, const Operands &ab,
                       mlir::Value start = {});

/// dotProduct over [0, count) in Eigen's contraction blocks: past 384
/// terms, equal blocks (rounded up to a multiple of 8) whose sums are added
/// to the zero result in order. Dot::MulAdd keeps its own blocks only.
mlir::Value blockedDot(Scalars &s, Dot model, mlir::Value count, mlir::Type et,
                       const Operands &ab);

} // namespace kiln
