// tf.gather (GatherV2 with its axis as a third input, batch_dims 0): each
// result element reads params at the index that `indices` holds. An index
// outside [0, size) is TensorFlow's InvalidArgumentError; the gather then
// yields zeros instead of reading out of bounds.
#include "Emitter.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace kiln {

Value Emitter::emitGather(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  Value params = input(n, 0), indices = input(n, 1);
  auto it = cast<RankedTensorType>(indices.getType());
  const int64_t *axisAttr = attr<int64_t>(n, "axis");
  int64_t axis = axisAttr ? *axisAttr : 0;
  int64_t r = it.getRank();
  auto i64 = b.getI64Type();
  Value zero = b.create<arith::ConstantIndexOp>(loc, 0);
  Value one = b.create<arith::ConstantIndexOp>(loc, 1);
  Value size = dimSize(loc, params, axis);
  Value size64 = b.create<arith::IndexCastOp>(loc, i64, size);

  // The first index out of range (its position in the flattened indices
  // and its value), found by one pass over the indices.
  Value count = one;
  for (int64_t d = 0; d < r; ++d)
    count = b.create<arith::MulIOp>(loc, count, dimSize(loc, indices, d));
  Value none = b.create<arith::ConstantIntOp>(loc, -1, 64);
  auto scan = b.create<scf::ForOp>(
      loc, zero, count, one, ValueRange{none, none},
      [&](OpBuilder &nb, Location l, Value i, ValueRange state) {
        // The flat position i as a multi-index into `indices`.
        SmallVector<Value> at(r);
        Value rest = i;
        for (int64_t d = r; d-- > 0;) {
          Value extent = nb.create<tensor::DimOp>(l, indices, d);
          at[d] = nb.create<arith::RemUIOp>(l, rest, extent);
          rest = nb.create<arith::DivUIOp>(l, rest, extent);
        }
        Value v = nb.create<tensor::ExtractOp>(l, indices, at);
        if (v.getType() != i64)
          v = nb.create<arith::ExtSIOp>(l, i64, v);
        Value zero64 = nb.create<arith::ConstantIntOp>(l, 0, 64);
        Value bad = nb.create<arith::OrIOp>(
            l,
            nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::slt, v, zero64),
            nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::sge, v, size64));
        Value first = nb.create<arith::AndIOp>(
            l, bad,
            nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::slt, state[0],
                                     zero64));
        Value pos = nb.create<arith::SelectOp>(
            l, first, nb.create<arith::IndexCastOp>(l, i64, i), state[0]);
        Value val = nb.create<arith::SelectOp>(l, first, v, state[1]);
        nb.create<scf::YieldOp>(l, ValueRange{pos, val});
      });
  Value pos = scan.getResult(0), val = scan.getResult(1);
  Value ok =
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, pos,
                              b.create<arith::ConstantIntOp>(loc, 0, 64));
  check(n, ok, "indices[{int}] = {int} is not in [0, {int})",
        {pos, val, size64});

  auto ifOp = b.create<scf::IfOp>(
      loc, ok,
      [&](OpBuilder &nb, Location l) {
        SmallVector<Value> dynamic;
        for (int64_t d = 0; d < type.getRank(); ++d) {
          if (!type.isDynamicDim(d))
            continue;
          if (d < axis)
            dynamic.push_back(nb.create<tensor::DimOp>(l, params, d));
          else if (d < axis + r)
            dynamic.push_back(nb.create<tensor::DimOp>(l, indices, d - axis));
          else
            dynamic.push_back(nb.create<tensor::DimOp>(l, params, d - r + 1));
        }
        Value gathered = nb.create<tensor::GenerateOp>(
            l, type, dynamic, [&](OpBuilder &gb, Location gl, ValueRange idx) {
              SmallVector<Value> at(idx.begin() + axis, idx.begin() + axis + r);
              Value v = gb.create<tensor::ExtractOp>(gl, indices, at);
              SmallVector<Value> from(idx.begin(), idx.begin() + axis);
              from.push_back(
                  gb.create<arith::IndexCastOp>(gl, gb.getIndexType(), v));
              from.append(idx.begin() + axis + r, idx.end());
              gb.create<tensor::YieldOp>(
                  gl, gb.create<tensor::ExtractOp>(gl, params, from));
            });
        nb.create<scf::YieldOp>(l, gathered);
      },
      [&](OpBuilder &nb, Location l) {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
        b.create<scf::YieldOp>(l, zeros(l, type, dynamicZeros(l, type)));
      });
  return ifOp.getResult(0);
}

} // namespace kiln
