// Ops whose result shape depends on sizes known only at run time: Fill
// (`tf.zeros(tf.shape(x))`, `tf.fill([n, 2], v)`), Reshape to a computed
// shape (`tf.reshape(x, [n, -1])`) and BroadcastTo (`tf.broadcast_to(x, s)`).
// The shape's elements are read in the compiled code and checked as
// TensorFlow's kernels check them; a bad shape reports TensorFlow's error and
// the op yields an empty or zero tensor.
#include "Emitter.h"

namespace kiln {

Value Emitter::shapeElement(Location loc, Value shape, int64_t d) {
  Value e = b.create<tensor::ExtractOp>(
      loc, shape, ValueRange{b.create<arith::ConstantIndexOp>(loc, d)});
  if (!e.getType().isInteger(64))
    e = b.create<arith::ExtSIOp>(loc, b.getI64Type(), e);
  return e;
}

Value Emitter::emitSqueeze(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  Value in = input(n, 0);
  if (const auto *dims = attr<std::vector<int64_t>>(n, "checked_dims")) {
    auto inType = cast<RankedTensorType>(in.getType());
    SmallVector<int64_t> ones(inType.getShape());
    for (int64_t d : *dims) {
      Value size = b.create<arith::IndexCastOp>(loc, b.getI64Type(),
                                                dimSize(loc, in, d));
      check(n,
            b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, size,
                                    b.create<arith::ConstantIntOp>(loc, 1, 64)),
            "Can not squeeze dim[" + std::to_string(d) +
                "], expected a dimension of 1, got {int}",
            {size});
      ones[d] = 1;
    }
    // The dimensions made static 1 (zeros after a failed check, so that
    // nothing reads out of bounds), then dropped.
    in = checkedCast(loc, in,
                     RankedTensorType::get(ones, inType.getElementType()));
  }
  return reshapeTo(loc, in, type);
}

Value Emitter::emitFill(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  Value shape = input(n, 0);
  Value zero = b.create<arith::ConstantIntOp>(loc, 0, 64);
  SmallVector<Value> dynamic;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (!type.isDynamicDim(d))
      continue;
    Value dim = shapeElement(loc, shape, d);
    Value nonNegative =
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sge, dim, zero);
    check(n, nonNegative, "Dimension {int} must be >= 0", {dim});
    dynamic.push_back(b.create<arith::IndexCastOp>(
        loc, b.getIndexType(),
        b.create<arith::SelectOp>(loc, nonNegative, dim, zero)));
  }
  return splat(loc, type, dynamic, scalarOf(loc, input(n, 1)));
}

Value Emitter::emitReshapeTo(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  Value in = input(n, 0), shape = input(n, 1);
  auto inType = cast<RankedTensorType>(in.getType());
  auto i64 = b.getI64Type();
  auto constant = [&](int64_t v) -> Value {
    return b.create<arith::ConstantIntOp>(loc, v, 64);
  };
  auto cmp = [&](arith::CmpIPredicate p, Value x, Value y) -> Value {
    return b.create<arith::CmpIOp>(loc, p, x, y);
  };
  auto eq = [&](Value x, Value y) {
    return cmp(arith::CmpIPredicate::eq, x, y);
  };
  auto both = [&](Value x, Value y) -> Value {
    return b.create<arith::AndIOp>(loc, x, y);
  };
  auto either = [&](Value x, Value y) -> Value {
    return b.create<arith::OrIOp>(loc, x, y);
  };
  auto negate = [&](Value x) -> Value {
    return b.create<arith::XOrIOp>(loc, x,
                                   b.create<arith::ConstantIntOp>(loc, 1, 1));
  };
  auto select = [&](Value c, Value x, Value y) -> Value {
    return b.create<arith::SelectOp>(loc, c, x, y);
  };
  auto mul = [&](Value x, Value y) -> Value {
    return b.create<arith::MulIOp>(loc, x, y);
  };

  // TensorFlow's kernel, step by step: at most one -1 and no other negative
  // size; the product of the positive sizes (zeros left out, so that the
  // other sizes can still be inferred); then the missing size and the
  // element counts.
  Value none = constant(-1), zero = constant(0), one = constant(1);
  Value unknownAt = none, product = one, sizesHaveZero;
  Value ok = b.create<arith::ConstantIntOp>(loc, 1, 1);
  SmallVector<Value> sizes;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    Value size = shapeElement(loc, shape, d), here = constant(d);
    Value infer = eq(size, none);
    Value once = negate(both(infer, negate(eq(unknownAt, none))));
    check(n, once, "Only one input size may be -1, not both {int} and {int}",
          {unknownAt, here});
    Value valid = either(infer, cmp(arith::CmpIPredicate::sge, size, zero));
    check(n, valid, "Size {int} must be non-negative, not {int}", {here, size});
    ok = both(ok, both(once, valid));
    unknownAt = select(infer, here, unknownAt);
    Value isZero = eq(size, zero);
    sizesHaveZero = sizesHaveZero ? either(sizesHaveZero, isZero) : isZero;
    product = select(cmp(arith::CmpIPredicate::sgt, size, zero),
                     mul(product, size), product);
    sizes.push_back(size);
  }
  if (!sizesHaveZero)
    sizesHaveZero = b.create<arith::ConstantIntOp>(loc, 0, 1);
  Value count = one, inferCount = one;
  Value inputHasZero = b.create<arith::ConstantIntOp>(loc, 0, 1);
  for (int64_t d = 0; d < inType.getRank(); ++d) {
    Value dim = b.create<arith::IndexCastOp>(loc, i64, dimSize(loc, in, d));
    count = mul(count, dim);
    Value skip = both(eq(dim, zero), sizesHaveZero);
    inputHasZero = either(inputHasZero, skip);
    inferCount = select(skip, inferCount, mul(inferCount, dim));
  }
  Value inferring = negate(eq(unknownAt, none));
  // `product` is at least 1 unless the sizes' product overflowed (to 0):
  // the divisor is then 1, so that the division cannot trap; a bad shape
  // is reported below, and the values computed from it are not used.
  Value divisor = select(eq(product, zero), one, product);
  Value missing = b.create<arith::DivSIOp>(loc, inferCount, divisor);
  Value divides = eq(mul(product, missing), inferCount);
  Value multiple = either(negate(inferring), either(inputHasZero, divides));
  check(n, multiple,
        "Input to reshape is a tensor with {int} values, but the requested "
        "shape requires a multiple of {int}",
        {inferCount, product});
  ok = both(ok, multiple);
  Value total = one;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    sizes[d] = select(eq(unknownAt, constant(d)), missing, sizes[d]);
    total = mul(total, sizes[d]);
  }
  Value fits = eq(total, count);
  check(n, fits,
        "Input to reshape is a tensor with {int} values, but the requested "
        "shape has {int}",
        {count, total});
  ok = both(ok, fits);

  return orZeros(loc, ok, type, [&](Location l) -> Value {
    SmallVector<Value> indices;
    for (Value size : sizes)
      indices.push_back(
          b.create<arith::IndexCastOp>(l, b.getIndexType(), size));
    Value target = b.create<tensor::FromElementsOp>(
        l, RankedTensorType::get({type.getRank()}, b.getIndexType()), indices);
    return b.create<tensor::ReshapeOp>(l, type, in, target);
  });
}

Value Emitter::emitBroadcastTo(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  Value x = input(n, 0);
  if (n.inputs.size() < 2) {
    // select(true, x, x) with a condition of the target shape: elementwise
    // broadcasting does the work. (x + 0 would turn -0.0 into 0.0.)
    auto always = DenseElementsAttr::get(
        RankedTensorType::get(type.getShape(), b.getI1Type()), true);
    Value cond = b.create<ConstantOp>(loc, always);
    return b.create<SelectOp>(loc, type, cond, x, x);
  }
  // The kernel's checks, in its order: the target shape's sizes (a
  // TensorShape), then each input dimension is 1 or the target's size.
  Value shape = input(n, 1);
  auto xType = cast<RankedTensorType>(x.getType());
  int64_t rank = type.getRank(), lead = rank - xType.getRank();
  auto i64 = b.getI64Type();
  Value zero = b.create<arith::ConstantIntOp>(loc, 0, 64);
  Value one = b.create<arith::ConstantIntOp>(loc, 1, 64);
  auto cmp = [&](arith::CmpIPredicate p, Value l, Value r) -> Value {
    return b.create<arith::CmpIOp>(loc, p, l, r);
  };
  Value ok = b.create<arith::ConstantIntOp>(loc, 1, 1);
  SmallVector<Value> sizes;
  for (int64_t d = 0; d < rank; ++d) {
    Value size = shapeElement(loc, shape, d);
    Value nonNegative = cmp(arith::CmpIPredicate::sge, size, zero);
    check(n, nonNegative, "Dimension {int} must be >= 0", {size});
    ok = b.create<arith::AndIOp>(loc, ok, nonNegative);
    sizes.push_back(size);
  }
  Value fits = b.create<arith::ConstantIntOp>(loc, 1, 1);
  SmallVector<Value> dims; // the input's, as i64
  for (int64_t j = 0; j < xType.getRank(); ++j) {
    Value dim = b.create<arith::IndexCastOp>(loc, i64, dimSize(loc, x, j));
    Value fitsHere = b.create<arith::OrIOp>(
        loc, cmp(arith::CmpIPredicate::eq, dim, one),
        cmp(arith::CmpIPredicate::eq, dim, sizes[j + lead]));
    fits = b.create<arith::AndIOp>(loc, fits, fitsHere);
    dims.push_back(dim);
  }
  SmallVector<Value> ints{
      b.create<arith::ConstantIntOp>(loc, xType.getRank(), 64)};
  ints.append(dims);
  ints.push_back(b.create<arith::ConstantIntOp>(loc, rank, 64));
  ints.append(sizes);
  // (After a bad size this check stays silent: the first failed check is
  // the call's error.)
  check(n, fits,
        "Unable to broadcast tensor of shape {shape} to tensor of shape "
        "{shape}",
        ints);
  ok = b.create<arith::AndIOp>(loc, ok, fits);
  return orZeros(loc, ok, type, [&](Location l) -> Value {
    SmallVector<Value> dynamic;
    for (int64_t d = 0; d < rank; ++d)
      if (type.isDynamicDim(d))
        dynamic.push_back(
            b.create<arith::IndexCastOp>(l, b.getIndexType(), sizes[d]));
    // Element i reads the input at i, or at 0 along its dimensions of 1.
    return b
        .create<tensor::GenerateOp>(
            l, type, dynamic,
            [&](OpBuilder &nb, Location gl, ValueRange idx) {
              SmallVector<Value> from;
              Value first = nb.create<arith::ConstantIndexOp>(gl, 0);
              for (int64_t j = 0; j < xType.getRank(); ++j) {
                if (xType.getDimSize(j) == 1) {
                  from.push_back(first);
                  continue;
                }
                Value isOne = nb.create<arith::CmpIOp>(
                    gl, arith::CmpIPredicate::eq, dims[j], one);
                from.push_back(nb.create<arith::SelectOp>(gl, isOne, first,
                                                          idx[j + lead]));
              }
              nb.create<tensor::YieldOp>(
                  gl, nb.create<tensor::ExtractOp>(gl, x, from));
            })
        .getResult();
  });
}

} // namespace kiln
