// TensorFlow's Unique and UniqueWithCounts kernels on values known only at
// run time. The kernel walks x in order and gives each value it has not
// seen the next id, so y lists the distinct values in the order of their
// first occurrence. Its hash map compares with ==, so -0.0 and 0.0 are one
// value (the first one seen is kept) and every NaN is a value of its own;
// comparing with arith's ordered equality gives the same answer. Its
// 16-bit floats hash by their bits: -0.0 and 0.0 are two values there.
//
// kiln looks each element up in the values found so far, which costs
// O(n * distinct) comparisons; the kernel's hash map costs O(n).
#include "Emitter.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace kiln {

Value Emitter::emitUnique(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  Value x = input(n, 0);
  bool counts = n.op == "UniqueWithCounts";
  RankedTensorType idxType = tensorType(n.outputs[1]);
  Type idxElement = idxType.getElementType();
  Type et = type.getElementType();
  // float16 and bfloat16 hash by their bits in TensorFlow's map, so -0.0
  // and 0.0 are two values there: kiln compares their bits, as int16
  // (which also keeps a 16-bit float from living across the loops, where
  // LLVM's x86 code would round it through __truncsfbf2).
  bool half = et.isF16() || et.isBF16();
  Type valueType = et;
  if (half)
    et = b.getI16Type();
  Value zero = b.create<arith::ConstantIndexOp>(loc, 0);
  Value one = b.create<arith::ConstantIndexOp>(loc, 1);
  Value size = dimSize(loc, x, 0);
  auto bufferType = RankedTensorType::get({ShapedType::kDynamic}, et);
  auto idBufferType = RankedTensorType::get({ShapedType::kDynamic}, idxElement);
  Value found = b.create<tensor::EmptyOp>(loc, bufferType, ValueRange{size});
  Value ids = b.create<tensor::EmptyOp>(loc, idBufferType, ValueRange{size});
  Value tally = zeros(loc, idBufferType, ValueRange{size});

  auto equal = [&](OpBuilder &nb, Location l, Value p, Value q) -> Value {
    if (isa<FloatType>(et))
      return nb.create<arith::CmpFOp>(l, arith::CmpFPredicate::OEQ, p, q);
    Value same = nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::eq, p, q);
    if (!half)
      return same;
    // Equal bits, and not a NaN: above the infinity's magnitude.
    auto bits = [&](int64_t v) -> Value {
      return nb.create<arith::ConstantOp>(l, nb.getIntegerAttr(et, v));
    };
    Value magnitude = nb.create<arith::AndIOp>(l, p, bits(0x7fff));
    Value notNan =
        nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::ule, magnitude,
                                 bits(valueType.isBF16() ? 0x7f80 : 0x7c00));
    return nb.create<arith::AndIOp>(l, same, notNan);
  };
  auto asId = [&](OpBuilder &nb, Location l, Value i) -> Value {
    return nb.create<arith::IndexCastOp>(l, idxElement, i);
  };

  // State: the distinct values so far, each element's id, the counts and
  // the number of distinct values.
  auto walk = b.create<scf::ForOp>(
      loc, zero, size, one, ValueRange{found, ids, tally, zero},
      [&](OpBuilder &nb, Location l, Value i, ValueRange st) {
        Value v = nb.create<tensor::ExtractOp>(l, x, ValueRange{i});
        if (half)
          v = nb.create<arith::BitcastOp>(l, et, v);
        // The id of the first distinct value equal to v, or `distinct`.
        Value distinct = st[3];
        auto search = nb.create<scf::ForOp>(
            l, zero, distinct, one, ValueRange{distinct},
            [&](OpBuilder &sb, Location sl, Value j, ValueRange at) {
              Value u = sb.create<tensor::ExtractOp>(sl, st[0], ValueRange{j});
              Value hit = sb.create<arith::AndIOp>(
                  sl, equal(sb, sl, u, v),
                  sb.create<arith::CmpIOp>(sl, arith::CmpIPredicate::eq, at[0],
                                           distinct));
              sb.create<scf::YieldOp>(sl, ValueRange{sb.create<arith::SelectOp>(
                                              sl, hit, j, at[0])});
            });
        Value id = search.getResult(0);
        Value isNew =
            nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::eq, id, distinct);
        // v goes at `distinct` either way: a new value is appended there,
        // and an old one lands beyond the values kept (never over its
        // first occurrence, which may be -0.0 for a 0.0). No select of
        // whole tensors: after bufferization, bfloat16 emulation would
        // take one of memrefs for a select of elements.
        Value written =
            nb.create<tensor::InsertOp>(l, v, st[0], ValueRange{distinct});
        Value idsOut = nb.create<tensor::InsertOp>(l, asId(nb, l, id), st[1],
                                                   ValueRange{i});
        Value old = nb.create<tensor::ExtractOp>(l, st[2], ValueRange{id});
        Value bumped = nb.create<arith::AddIOp>(
            l, old,
            nb.create<arith::ConstantOp>(l, nb.getIntegerAttr(idxElement, 1)));
        Value tallyOut =
            nb.create<tensor::InsertOp>(l, bumped, st[2], ValueRange{id});
        Value next = nb.create<arith::SelectOp>(
            l, isNew, nb.create<arith::AddIOp>(l, distinct, one), distinct);
        nb.create<scf::YieldOp>(l, ValueRange{written, idsOut, tallyOut, next});
      });
  Value distinct = walk.getResult(3);
  auto firstDistinct = [&](Value buffer, RankedTensorType t) -> Value {
    Value part = b.create<tensor::ExtractSliceOp>(
        loc, buffer, ArrayRef<OpFoldResult>{b.getIndexAttr(0)},
        ArrayRef<OpFoldResult>{distinct},
        ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
    return castTo(loc, part, t);
  };
  int self = static_cast<int>(&n - g.nodes.data());
  values[key({self, 1})] = castTo(loc, walk.getResult(1), idxType);
  if (counts)
    values[key({self, 2})] =
        firstDistinct(walk.getResult(2), tensorType(n.outputs[2]));
  if (!half)
    return firstDistinct(walk.getResult(0), type);
  Value bits = firstDistinct(walk.getResult(0),
                             RankedTensorType::get(type.getShape(), et));
  return b.create<tensor::GenerateOp>(
      loc, type, type.isDynamicDim(0) ? ValueRange{distinct} : ValueRange{},
      [&](OpBuilder &nb, Location l, ValueRange idx) {
        Value v = nb.create<tensor::ExtractOp>(l, bits, idx);
        nb.create<tensor::YieldOp>(
            l, nb.create<arith::BitcastOp>(l, valueType, v).getResult());
      });
}

} // namespace kiln
