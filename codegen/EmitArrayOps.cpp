// OneHot, ReverseV2 and the scans Cumsum/Cumprod (tracer/tf/TfArrayOps.cpp)
// as tensor and linalg ops. The scans add in TensorFlow's order, one
// position of the axis after another, so float results agree to the last
// bit.
#include "Emitter.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace kiln {

Value Emitter::emitOneHot(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  Value indices = input(n, 0);
  int64_t rank = type.getRank();
  int64_t axis = *attr<int64_t>(n, "axis");
  if (axis < 0)
    axis = rank - 1;
  const graph::DType *ti = attr<graph::DType>(n, "TI");
  bool unsignedIndices = ti && *ti == graph::DType::UInt8;
  Value on = scalarOf(loc, input(n, 2)), off = scalarOf(loc, input(n, 3));
  SmallVector<Value> dynamic;
  for (int64_t d = 0; d < rank; ++d) {
    if (!type.isDynamicDim(d))
      continue;
    if (d != axis) {
      dynamic.push_back(
          b.create<tensor::DimOp>(loc, indices, d < axis ? d : d - 1));
      continue;
    }
    // A depth known at run time only (non-negative: TensorFlow checks it
    // at trace time when it is known).
    Value depth = scalarOf(loc, input(n, 1));
    Value zero = b.create<arith::ConstantIntOp>(loc, 0, depth.getType());
    dynamic.push_back(b.create<arith::IndexCastOp>(
        loc, b.getIndexType(), b.create<arith::MaxSIOp>(loc, depth, zero)));
  }
  auto i64 = b.getI64Type();
  return b
      .create<tensor::GenerateOp>(
          loc, type, dynamic,
          [&](OpBuilder &nb, Location l, ValueRange idx) {
            SmallVector<Value> at;
            for (int64_t d = 0; d < rank; ++d)
              if (d != axis)
                at.push_back(idx[d]);
            Value i = nb.create<tensor::ExtractOp>(l, indices, at);
            if (!i.getType().isInteger(64))
              i = unsignedIndices
                      ? nb.create<arith::ExtUIOp>(l, i64, i).getResult()
                      : nb.create<arith::ExtSIOp>(l, i64, i).getResult();
            Value pos = nb.create<arith::IndexCastOp>(l, i64, idx[axis]);
            Value hit =
                nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::eq, i, pos);
            nb.create<tensor::YieldOp>(
                l, nb.create<arith::SelectOp>(l, hit, on, off).getResult());
          })
      .getResult();
}

Value Emitter::emitReverse(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  Value in = input(n, 0);
  const auto &axes = *attr<std::vector<int64_t>>(n, "axes");
  int64_t rank = type.getRank();
  SmallVector<Value> dynamic, last(rank);
  Value one = b.create<arith::ConstantIndexOp>(loc, 1);
  for (int64_t d = 0; d < rank; ++d) {
    Value size = dimSize(loc, in, d);
    if (type.isDynamicDim(d))
      dynamic.push_back(size);
    last[d] = b.create<arith::SubIOp>(loc, size, one);
  }
  return b
      .create<tensor::GenerateOp>(
          loc, type, dynamic,
          [&](OpBuilder &nb, Location l, ValueRange idx) {
            SmallVector<Value> at(idx.begin(), idx.end());
            for (int64_t d : axes)
              at[d] = nb.create<arith::SubIOp>(l, last[d], idx[d]);
            nb.create<tensor::YieldOp>(
                l, nb.create<tensor::ExtractOp>(l, in, at).getResult());
          })
      .getResult();
}

Value Emitter::emitScan(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  Value in = input(n, 0);
  int64_t axis = *attr<int64_t>(n, "axis");
  bool exclusive = *attr<bool>(n, "exclusive");
  bool reverse = *attr<bool>(n, "reverse");
  bool product = n.op == "Cumprod";
  Type et = type.getElementType();
  bool isFloat = isa<FloatType>(et);
  int64_t rank = type.getRank();

  // The running result is one slice across `axis`, starting from the
  // identity; the loop visits the positions of `axis` in TensorFlow's order.
  SmallVector<int64_t> sliceShape(type.getShape());
  sliceShape[axis] = 1;
  auto sliceType = RankedTensorType::get(sliceShape, et);
  SmallVector<Value> sliceDynamic, outDynamic;
  SmallVector<OpFoldResult> sizes;
  for (int64_t d = 0; d < rank; ++d) {
    Value size = dimSize(loc, in, d);
    if (type.isDynamicDim(d)) {
      outDynamic.push_back(size);
      if (d != axis)
        sliceDynamic.push_back(size);
    }
    sizes.push_back(d == axis ? OpFoldResult(b.getIndexAttr(1))
                    : type.isDynamicDim(d)
                        ? OpFoldResult(size)
                        : OpFoldResult(b.getIndexAttr(type.getDimSize(d))));
  }
  TypedAttr identity = isFloat
                           ? TypedAttr(b.getFloatAttr(et, product ? 1.0 : 0.0))
                           : TypedAttr(b.getIntegerAttr(et, product ? 1 : 0));
  Value start =
      b.create<linalg::FillOp>(
           loc, ValueRange{b.create<arith::ConstantOp>(loc, identity)},
           ValueRange{b.create<tensor::EmptyOp>(loc, sliceType, sliceDynamic)})
          .getResult(0);
  Value out = b.create<tensor::EmptyOp>(loc, type, outDynamic);
  Value count = dimSize(loc, in, axis);
  Value zero = b.create<arith::ConstantIndexOp>(loc, 0);
  Value one = b.create<arith::ConstantIndexOp>(loc, 1);
  SmallVector<AffineMap> maps(3, b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> parallel(rank,
                                            utils::IteratorType::parallel);
  SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
  auto loop = b.create<scf::ForOp>(
      loc, zero, count, one, ValueRange{out, start},
      [&](OpBuilder &nb, Location l, Value k, ValueRange state) {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
        Value pos = k;
        if (reverse)
          pos = b.create<arith::SubIOp>(
              l, b.create<arith::SubIOp>(l, count, one), k);
        SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
        offsets[axis] = pos;
        Value slice = b.create<tensor::ExtractSliceOp>(l, sliceType, in,
                                                       offsets, sizes, strides);
        Value next =
            b.create<linalg::GenericOp>(
                 l, TypeRange{sliceType}, ValueRange{state[1], slice},
                 ValueRange{
                     b.create<tensor::EmptyOp>(l, sliceType, sliceDynamic)},
                 maps, parallel,
                 [&](OpBuilder &gb, Location gl, ValueRange args) {
                   Value v;
                   if (product)
                     v = isFloat
                             ? gb.create<arith::MulFOp>(gl, args[0], args[1])
                                   .getResult()
                             : gb.create<arith::MulIOp>(gl, args[0], args[1])
                                   .getResult();
                   else
                     v = isFloat
                             ? gb.create<arith::AddFOp>(gl, args[0], args[1])
                                   .getResult()
                             : gb.create<arith::AddIOp>(gl, args[0], args[1])
                                   .getResult();
                   gb.create<linalg::YieldOp>(gl, v);
                 })
                .getResult(0);
        Value written = b.create<tensor::InsertSliceOp>(
            l, exclusive ? state[1] : next, state[0], offsets, sizes, strides);
        b.create<scf::YieldOp>(l, ValueRange{written, next});
      });
  return loop.getResult(0);
}

} // namespace kiln
