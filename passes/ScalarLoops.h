// Scalar code over small tensors for the kernels kiln emits as loops
// (the LU ops, the convolution and pooling gradients, matrix-vector
// products): element reads and writes of tensors carried through scf.for
// loops, which bufferization turns into loads and stores in place.
#pragma once

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"

#include <functional>

namespace kiln {

/// Scalar code over small tensors: element reads and writes and loops,
/// all at one builder's insertion point.
struct Scalars {
  using OpBuilder = mlir::OpBuilder;
  using Location = mlir::Location;
  using Value = mlir::Value;
  using ValueRange = mlir::ValueRange;
  using Type = mlir::Type;
  template <typename T> using SmallVector = llvm::SmallVector<T>;

  OpBuilder &b;
  Location loc;

  using Body = std::function<SmallVector<Value>(Scalars &, Value, ValueRange)>;

  Value index(int64_t v) {
    return b.create<mlir::arith::ConstantIndexOp>(loc, v);
  }
  Value real(Type t, double v) {
    return b.create<mlir::arith::ConstantOp>(loc, b.getFloatAttr(t, v));
  }
  Value at(Value t, ValueRange where) {
    return b.create<mlir::tensor::ExtractOp>(loc, t, where);
  }
  Value put(Value v, Value t, ValueRange where) {
    return b.create<mlir::tensor::InsertOp>(loc, v, t, where);
  }
  Value abs(Value x) { return b.create<mlir::math::AbsFOp>(loc, x); }
  Value add(Value x, Value y) {
    return b.create<mlir::arith::AddFOp>(loc, x, y);
  }
  Value sub(Value x, Value y) {
    return b.create<mlir::arith::SubFOp>(loc, x, y);
  }
  Value mul(Value x, Value y) {
    return b.create<mlir::arith::MulFOp>(loc, x, y);
  }
  Value div(Value x, Value y) {
    return b.create<mlir::arith::DivFOp>(loc, x, y);
  }
  Value cmp(mlir::arith::CmpFPredicate p, Value x, Value y) {
    return b.create<mlir::arith::CmpFOp>(loc, p, x, y);
  }
  Value select(Value c, Value x, Value y) {
    return b.create<mlir::arith::SelectOp>(loc, c, x, y);
  }
  Value isNaN(Value x) { return cmp(mlir::arith::CmpFPredicate::UNO, x, x); }

  // Index arithmetic (by constants).
  Value iadd(Value x, Value y) {
    return b.create<mlir::arith::AddIOp>(loc, x, y);
  }
  Value imul(Value x, int64_t c) {
    return b.create<mlir::arith::MulIOp>(loc, x, index(c));
  }
  Value idiv(Value x, int64_t c) {
    return b.create<mlir::arith::DivUIOp>(loc, x, index(c));
  }
  Value irem(Value x, int64_t c) {
    return b.create<mlir::arith::RemUIOp>(loc, x, index(c));
  }
  /// The image row (or column) of window tap `t` at output position `o`:
  /// o * stride + t * dilation.
  Value tapAt(Value o, int64_t stride, Value t, int64_t dilation) {
    return iadd(imul(o, stride), imul(t, dilation));
  }

  /// for i in [lo, hi): state = body(i, state); returns the last state.
  SmallVector<Value> loop(Value lo, Value hi, ValueRange init,
                          const Body &body) {
    auto op = b.create<mlir::scf::ForOp>(
        loc, lo, hi, index(1), init,
        [&](OpBuilder &nb, Location l, Value i, ValueRange state) {
          Scalars inner{nb, l};
          nb.create<mlir::scf::YieldOp>(l, body(inner, i, state));
        });
    return SmallVector<Value>(op.getResults());
  }
  /// loop() over one tensor.
  Value update(Value lo, Value hi, Value t,
               const std::function<Value(Scalars &, Value, Value)> &body) {
    return loop(lo, hi, t,
                [&](Scalars &s, Value i, ValueRange state) {
                  return SmallVector<Value>{body(s, i, state[0])};
                })
        .front();
  }
};

} // namespace kiln
