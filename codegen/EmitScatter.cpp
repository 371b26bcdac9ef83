// TensorFlow's scatter kernels on indices known only at run time: ScatterNd
// (updates added into zeros of a given shape) and TensorScatterUpdate/Add/
// Sub/Max/Min (into a copy of a tensor). The CPU kernels apply the updates
// one after the other, so a position named twice takes the last update, or
// the sum in order; kiln applies them in the same order. An index vector
// outside the shape is the kernel's InvalidArgumentError, and no update is
// applied outside the tensor. The unsorted segment reductions
// (UnsortedSegmentSum/Max/Min/Prod) combine data rows into their segments
// the same way, from the reduction's identity.
#include "Emitter.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace kiln {

namespace {

/// Row-major coordinates of flat position `i` over `extents`.
SmallVector<Value> coordinates(OpBuilder &b, Location loc, Value i,
                               ArrayRef<Value> extents) {
  SmallVector<Value> at(extents.size());
  for (size_t d = extents.size(); d-- > 0;) {
    at[d] = b.create<arith::RemUIOp>(loc, i, extents[d]);
    i = b.create<arith::DivUIOp>(loc, i, extents[d]);
  }
  return at;
}

/// `old` combined with `update` by the kernel `op`: std::max/std::min's
/// comparisons for Max/Min, in the kernels' operand orders (see below).
Value combine(OpBuilder &b, Location loc, const std::string &op, Value old,
              Value update, bool isUnsigned) {
  bool isFloat = isa<FloatType>(old.getType());
  if (op == "TensorScatterAdd" || op == "ScatterNd" ||
      op == "UnsortedSegmentSum")
    return isFloat ? b.create<arith::AddFOp>(loc, old, update).getResult()
                   : b.create<arith::AddIOp>(loc, old, update).getResult();
  if (op == "TensorScatterSub")
    return isFloat ? b.create<arith::SubFOp>(loc, old, update).getResult()
                   : b.create<arith::SubIOp>(loc, old, update).getResult();
  if (op == "UnsortedSegmentProd" || op == "TensorScatterMul")
    return isFloat ? b.create<arith::MulFOp>(loc, old, update).getResult()
                   : b.create<arith::MulIOp>(loc, old, update).getResult();
  if (op == "TensorScatterDiv") { // ResourceScatterDiv's `/=`
    if (isFloat)
      return b.create<arith::DivFOp>(loc, old, update);
    // C++'s truncating division; TensorFlow's kernel dies on a zero
    // divisor, which here leaves the element 0 instead.
    Value zero = b.create<arith::ConstantOp>(loc, b.getZeroAttr(old.getType()));
    Value one =
        b.create<arith::ConstantOp>(loc, b.getIntegerAttr(old.getType(), 1));
    Value byZero =
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, update, zero);
    Value divisor = b.create<arith::SelectOp>(loc, byZero, one, update);
    if (isUnsigned)
      return b.create<arith::SelectOp>(
          loc, byZero, zero, b.create<arith::DivUIOp>(loc, old, divisor));
    // (x / -1 is -x, wrapping for the lowest value instead of trapping.)
    Value minusOne =
        b.create<arith::ConstantOp>(loc, b.getIntegerAttr(old.getType(), -1));
    Value byMinusOne = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq,
                                               update, minusOne);
    divisor = b.create<arith::SelectOp>(loc, byMinusOne, one, divisor);
    Value q = b.create<arith::DivSIOp>(loc, old, divisor);
    q = b.create<arith::SelectOp>(loc, byMinusOne,
                                  b.create<arith::SubIOp>(loc, zero, old), q);
    return b.create<arith::SelectOp>(loc, byZero, zero, q);
  }
  if (op == "TensorScatterMax" || op == "TensorScatterMin" ||
      op == "UnsortedSegmentMax" || op == "UnsortedSegmentMin") {
    // Scatters: std::max(old, u) = old < u ? u : old; std::min(old, u) =
    // u < old ? u : old. Segment reductions put the row first, so a NaN
    // row replaces the result so far and the next row replaces a NaN:
    // std::max(u, old) = u < old ? old : u; std::min(u, old) = old < u ?
    // old : u.
    bool max = op == "TensorScatterMax" || op == "UnsortedSegmentMax";
    bool segment = op == "UnsortedSegmentMax" || op == "UnsortedSegmentMin";
    if (segment)
      std::swap(old, update);
    Value lhs = max ? old : update, rhs = max ? update : old;
    Value less =
        isFloat
            ? b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::OLT, lhs, rhs)
                  .getResult()
            : b.create<arith::CmpIOp>(loc,
                                      isUnsigned ? arith::CmpIPredicate::ult
                                                 : arith::CmpIPredicate::slt,
                                      lhs, rhs)
                  .getResult();
    return b.create<arith::SelectOp>(loc, less, update, old);
  }
  return update; // TensorScatterUpdate
}

/// When `inside`: `acc` with one slice of `source` (at `from`, then the
/// slice's coordinates) combined by `op` into `acc` (at `to`, then the
/// same), element by element in order; else `acc` as it is. The slice has
/// `sliceExtents` (`size` elements in all).
Value combineSlice(OpBuilder &b, Location loc, Value inside, Value acc,
                   Value source, ArrayRef<Value> to, ArrayRef<Value> from,
                   ArrayRef<Value> sliceExtents, Value size,
                   const std::string &op, bool isUnsigned) {
  auto update = b.create<scf::IfOp>(
      loc, inside,
      [&](OpBuilder &ib, Location il) {
        Value zero = ib.create<arith::ConstantIndexOp>(il, 0);
        Value one = ib.create<arith::ConstantIndexOp>(il, 1);
        auto inner = ib.create<scf::ForOp>(
            il, zero, size, one, ValueRange{acc},
            [&](OpBuilder &fb, Location fl, Value s, ValueRange state) {
              SmallVector<Value> tail = coordinates(fb, fl, s, sliceExtents);
              SmallVector<Value> dest(to), src(from);
              dest.append(tail);
              src.append(tail);
              Value u = fb.create<tensor::ExtractOp>(fl, source, src);
              Value old = fb.create<tensor::ExtractOp>(fl, state[0], dest);
              Value next = combine(fb, fl, op, old, u, isUnsigned);
              fb.create<scf::YieldOp>(
                  fl, ValueRange{fb.create<tensor::InsertOp>(fl, next, state[0],
                                                             dest)});
            });
        ib.create<scf::YieldOp>(il, inner.getResults());
      },
      [&](OpBuilder &eb, Location el) {
        eb.create<scf::YieldOp>(el, ValueRange{acc});
      });
  return update.getResult(0);
}

} // namespace

Value Emitter::emitScatterNd(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  bool fresh = n.op == "ScatterNd"; // (indices, updates, shape)
  Value indices = input(n, fresh ? 0 : 1), updates = input(n, fresh ? 1 : 2);
  Value base;
  if (fresh) {
    SmallVector<Value> dynamic;
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (type.isDynamicDim(d))
        dynamic.push_back(b.create<arith::IndexCastOp>(
            loc, b.getIndexType(), shapeElement(loc, input(n, 2), d)));
    base = zeros(loc, type, dynamic);
  } else {
    base = input(n, 0);
  }
  auto it = cast<RankedTensorType>(indices.getType());
  int64_t lead = it.getRank() - 1; // the index vectors' dimensions
  int64_t m = it.getDimSize(lead); // static: the tracer requires it
  int64_t rank = type.getRank();
  auto i64 = b.getI64Type();
  Value zero = b.create<arith::ConstantIndexOp>(loc, 0);
  Value one = b.create<arith::ConstantIndexOp>(loc, 1);

  SmallVector<Value> extents, leadExtents, sliceExtents;
  for (int64_t j = 0; j < m; ++j)
    extents.push_back(
        b.create<arith::IndexCastOp>(loc, i64, dimSize(loc, base, j)));
  Value count = one, slice = one;
  for (int64_t d = 0; d < lead; ++d) {
    leadExtents.push_back(dimSize(loc, indices, d));
    count = b.create<arith::MulIOp>(loc, count, leadExtents.back());
  }
  for (int64_t d = m; d < rank; ++d) {
    sliceExtents.push_back(dimSize(loc, base, d));
    slice = b.create<arith::MulIOp>(loc, slice, sliceExtents.back());
  }

  // The updates' sizes, when some are known only at run time.
  Value fits = b.create<arith::ConstantIntOp>(loc, 1, 1);
  for (int64_t d = 0; d < rank - m + lead; ++d) {
    Value want = d < lead ? leadExtents[d] : sliceExtents[d - lead];
    fits = b.create<arith::AndIOp>(
        loc, fits,
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq,
                                dimSize(loc, updates, d), want));
  }
  SmallVector<Value> sizes;
  Value inner = b.create<arith::ConstantIntOp>(loc, rank - m, 64);
  sizes.push_back(inner);
  appendShape(loc, base, sizes);
  sizes.push_back(inner);
  appendShape(loc, updates, sizes);
  check(n, fits,
        "The inner {int} dimensions of output.shape={shape} must match the "
        "inner {int} dimensions of updates.shape={shape}",
        sizes);

  // "indices[1] = [2, 5] does not index into shape [3,2]"; a variable's
  // row scatter (ResourceScatterUpdate and friends, the kernel its
  // errorName is) says "indices[1] = 5 is not in [0, 3)".
  SmallVector<Value> scan = firstBadIndexVector(loc, indices, extents);
  Value ok =
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, scan[0],
                              b.create<arith::ConstantIntOp>(loc, 0, 64));
  const std::string kernel = variableScatterKernel(n);
  bool rowScatter =
      m == 1 && !kernel.empty() && kernel.rfind("ResourceScatterNd", 0) != 0;
  if (rowScatter) {
    check(n, ok, "indices[{int}] = {int} is not in [0, {int})",
          {scan[0], scan[1], extents[0]});
    // That kernel writes into the variable row by row and stops at the
    // bad index: the rows before it stay written (ScatterNd's kernels skip
    // a bad index and go on).
    count = b.create<arith::SelectOp>(
        loc, ok, count,
        b.create<arith::IndexCastOp>(loc, b.getIndexType(), scan[0]));
  } else {
    std::string message = "indices[{int}] = [";
    for (int64_t j = 0; j < m; ++j)
      message += j ? ", {int}" : "{int}";
    message += "] does not index into shape {shape}";
    appendShape(loc, base, scan);
    check(n, ok, message, scan);
  }

  const graph::DType *t = attr<graph::DType>(n, "T");
  bool isUnsigned = t && *t == graph::DType::UInt8;
  // No update is applied when the sizes do not fit (none is read out of
  // bounds).
  count = b.create<arith::SelectOp>(loc, fits, count, zero);
  auto apply = b.create<scf::ForOp>(
      loc, zero, count, one, ValueRange{base},
      [&](OpBuilder &nb, Location l, Value k, ValueRange state) {
        SmallVector<Value> at = coordinates(nb, l, k, leadExtents);
        SmallVector<Value> vector, target;
        Value inside = readIndexVector(nb, l, indices, at, extents, vector);
        for (Value v : vector)
          target.push_back(
              nb.create<arith::IndexCastOp>(l, nb.getIndexType(), v));
        nb.create<scf::YieldOp>(
            l, combineSlice(nb, l, inside, state[0], updates, target, at,
                            sliceExtents, slice, n.op, isUnsigned));
      });
  return apply.getResult(0);
}

Value Emitter::emitUnsortedSegment(const graph::Node &n,
                                   RankedTensorType type) {
  Location loc = locOf(n);
  Value data = input(n, 0), ids = input(n, 1);
  auto it = cast<RankedTensorType>(ids.getType());
  int64_t lead = it.getRank(), rank = type.getRank();
  Type et = type.getElementType();
  auto i64 = b.getI64Type();
  Value zero = b.create<arith::ConstantIndexOp>(loc, 0);
  Value one = b.create<arith::ConstantIndexOp>(loc, 1);
  Value zero64 = b.create<arith::ConstantIntOp>(loc, 0, 64);
  Value num = scalarOf(loc, input(n, 2));
  if (num.getType() != i64)
    num = b.create<arith::ExtSIOp>(loc, i64, num);

  // The kernel's checks: a count of segments that is not negative, ids of
  // data's leading shape, then every id below the count.
  Value positive =
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sge, num, zero64);
  check(n, positive, "Input num_segments == {int} must not be negative.",
        {num});
  num = b.create<arith::MaxSIOp>(loc, num, zero64);
  Value fits = b.create<arith::ConstantIntOp>(loc, 1, 1);
  for (int64_t d = 0; d < lead; ++d)
    fits = b.create<arith::AndIOp>(
        loc, fits,
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq,
                                dimSize(loc, ids, d), dimSize(loc, data, d)));
  checkShapes(n, fits, data, ids,
              "data.shape = {shape} does not start with segment_ids.shape = "
              "{shape}");
  SmallVector<Value> idExtents, sliceExtents;
  Value count = one, slice = one;
  for (int64_t d = 0; d < lead; ++d) {
    idExtents.push_back(dimSize(loc, ids, d));
    count = b.create<arith::MulIOp>(loc, count, idExtents.back());
  }
  for (int64_t d = 1; d < rank; ++d) {
    sliceExtents.push_back(dimSize(loc, data, d - 1 + lead));
    slice = b.create<arith::MulIOp>(loc, slice, sliceExtents.back());
  }
  count = b.create<arith::SelectOp>(loc, fits, count, zero);
  auto idAt = [&](OpBuilder &nb, Location l, ValueRange at) {
    Value v = nb.create<tensor::ExtractOp>(l, ids, at);
    return v.getType() == i64 ? v : nb.create<arith::ExtSIOp>(l, i64, v);
  };
  Value none = b.create<arith::ConstantIntOp>(loc, -1, 64);
  auto scan = b.create<scf::ForOp>(
      loc, zero, count, one, ValueRange{none, none},
      [&](OpBuilder &nb, Location l, Value i, ValueRange state) {
        Value v = idAt(nb, l, coordinates(nb, l, i, idExtents));
        Value first = nb.create<arith::AndIOp>(
            l, nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::sge, v, num),
            nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::slt, state[0],
                                     zero64));
        nb.create<scf::YieldOp>(
            l,
            ValueRange{nb.create<arith::SelectOp>(
                           l, first, nb.create<arith::IndexCastOp>(l, i64, i),
                           state[0]),
                       nb.create<arith::SelectOp>(l, first, v, state[1])});
      });
  Value ok = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt,
                                     scan.getResult(0), zero64);
  // "segment_ids[1,2] = 7 is out of range [0, 4)".
  SmallVector<Value> ints;
  Value rest = scan.getResult(0);
  Value one64 = b.create<arith::ConstantIntOp>(loc, 1, 64);
  for (int64_t d = lead; d-- > 0;) {
    Value extent = b.create<arith::MaxSIOp>(
        loc, b.create<arith::IndexCastOp>(loc, i64, idExtents[d]), one64);
    ints.insert(ints.begin(), b.create<arith::RemSIOp>(loc, rest, extent));
    rest = b.create<arith::DivSIOp>(loc, rest, extent);
  }
  std::string where;
  for (int64_t d = 0; d < lead; ++d)
    where += d ? ",{int}" : "{int}";
  ints.append({scan.getResult(1), num});
  check(n, ok,
        "segment_ids" + (lead ? "[" + where + "]" : std::string()) +
            " = {int} is out of range [0, {int})",
        ints);
  count = b.create<arith::SelectOp>(loc, ok, count, zero);

  // Every segment starts from the reduction's identity (the lowest or
  // highest value for max and min), then takes its rows in order.
  const graph::DType *t = attr<graph::DType>(n, "T");
  bool isUnsigned = t && *t == graph::DType::UInt8;
  TypedAttr initial;
  if (auto ft = dyn_cast<FloatType>(et)) {
    const llvm::fltSemantics &sem = ft.getFloatSemantics();
    APFloat v = n.op == "UnsortedSegmentMax"   ? APFloat::getLargest(sem, true)
                : n.op == "UnsortedSegmentMin" ? APFloat::getLargest(sem, false)
                : n.op == "UnsortedSegmentProd" ? APFloat::getOne(sem)
                                                : APFloat::getZero(sem);
    initial = b.getFloatAttr(et, v);
  } else {
    unsigned width = et.getIntOrFloatBitWidth();
    APInt v = n.op == "UnsortedSegmentMax"
                  ? (isUnsigned ? APInt::getMinValue(width)
                                : APInt::getSignedMinValue(width))
              : n.op == "UnsortedSegmentMin"
                  ? (isUnsigned ? APInt::getMaxValue(width)
                                : APInt::getSignedMaxValue(width))
              : n.op == "UnsortedSegmentProd" ? APInt(width, 1)
                                              : APInt(width, 0);
    initial = b.getIntegerAttr(et, v);
  }
  SmallVector<Value> dynamic;
  for (int64_t d = 0; d < rank; ++d)
    if (type.isDynamicDim(d))
      dynamic.push_back(
          d == 0 ? b.create<arith::IndexCastOp>(loc, b.getIndexType(), num)
                       .getResult()
                 : dimSize(loc, data, d - 1 + lead));
  Value base =
      splat(loc, type, dynamic, b.create<arith::ConstantOp>(loc, initial));
  auto apply = b.create<scf::ForOp>(
      loc, zero, count, one, ValueRange{base},
      [&](OpBuilder &nb, Location l, Value k, ValueRange state) {
        SmallVector<Value> at = coordinates(nb, l, k, idExtents);
        Value v = idAt(nb, l, at);
        // A negative id drops its row.
        Value inside =
            nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::sge, v, zero64);
        Value segment = nb.create<arith::IndexCastOp>(l, nb.getIndexType(), v);
        nb.create<scf::YieldOp>(l, combineSlice(nb, l, inside, state[0], data,
                                                {segment}, at, sliceExtents,
                                                slice, n.op, isUnsigned));
      });
  return apply.getResult(0);
}

Value Emitter::emitSortedSegment(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  Value data = input(n, 0), ids = input(n, 1); // ids: 1-D (the tracer's check)
  int64_t rank = type.getRank();
  Type et = type.getElementType();
  auto i64 = b.getI64Type();
  Value zero = b.create<arith::ConstantIndexOp>(loc, 0);
  Value one = b.create<arith::ConstantIndexOp>(loc, 1);
  Value zero64 = b.create<arith::ConstantIntOp>(loc, 0, 64);
  Value one64 = b.create<arith::ConstantIntOp>(loc, 1, 64);
  auto idAt = [&](OpBuilder &nb, Location l, Value k) {
    Value v = nb.create<tensor::ExtractOp>(l, ids, ValueRange{k});
    return v.getType() == i64 ? v : nb.create<arith::ExtSIOp>(l, i64, v);
  };

  // The kernel's checks, in its order: ids as many as data's rows; the
  // last id at least -1 (the output has last + 1 rows); then, segment by
  // segment, ids that grow and each within the rows.
  Value same =
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq,
                              dimSize(loc, ids, 0), dimSize(loc, data, 0));
  check(n, same, "segment_ids should be the same size as dimension 0 of input.",
        {});
  Value count =
      b.create<arith::SelectOp>(loc, same, dimSize(loc, ids, 0), zero);
  Value any =
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ugt, count, zero);
  Value lastAt = b.create<arith::SelectOp>(
      loc, any, b.create<arith::SubIOp>(loc, count, one), zero);
  Value last =
      b.create<scf::IfOp>(
           loc, any,
           [&](OpBuilder &ib, Location il) {
             ib.create<scf::YieldOp>(il, idAt(ib, il, lastAt));
           },
           [&](OpBuilder &eb, Location el) {
             eb.create<scf::YieldOp>(
                 el, ValueRange{eb.create<arith::ConstantIntOp>(el, -1, 64)});
           })
          .getResult(0);
  Value rows = b.create<arith::AddIOp>(loc, last, one64);
  Value rowsOk =
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sge, rows, zero64);
  check(n, rowsOk, "segment ids must be >= 0", {});
  // The first failure: 1 ids not increasing, 2 an id outside the rows.
  auto outside = [&](OpBuilder &nb, Location l, Value id) -> Value {
    return nb.create<arith::OrIOp>(
        l, nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::slt, id, zero64),
        nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::sge, id, rows));
  };
  auto scan = b.create<scf::ForOp>(
      loc, one, count, one, ValueRange{zero64, zero64},
      [&](OpBuilder &nb, Location l, Value k, ValueRange state) {
        Value prev = idAt(nb, l, nb.create<arith::SubIOp>(l, k, one));
        Value cur = idAt(nb, l, k);
        Value boundary =
            nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::ne, prev, cur);
        Value falling = nb.create<arith::AndIOp>(
            l, boundary,
            nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::sgt, prev, cur));
        Value out = nb.create<arith::AndIOp>(l, boundary, outside(nb, l, prev));
        auto i64c = [&](int64_t v) {
          return nb.create<arith::ConstantIntOp>(l, v, 64).getResult();
        };
        Value kind = nb.create<arith::SelectOp>(
            l, falling, i64c(1),
            nb.create<arith::SelectOp>(l, out, i64c(2), i64c(0)));
        Value fresh = nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::eq,
                                               state[0], zero64);
        nb.create<scf::YieldOp>(
            l,
            ValueRange{nb.create<arith::SelectOp>(l, fresh, kind, state[0]),
                       nb.create<arith::SelectOp>(l, fresh, prev, state[1])});
      });
  Value kind = scan.getResult(0), badId = scan.getResult(1);
  // Then the last segment's id.
  Value lastOutside = b.create<arith::AndIOp>(loc, any, outside(b, loc, last));
  Value noneYet =
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, kind, zero64);
  Value useLast = b.create<arith::AndIOp>(loc, noneYet, lastOutside);
  kind = b.create<arith::SelectOp>(
      loc, useLast, b.create<arith::ConstantIntOp>(loc, 2, 64), kind);
  badId = b.create<arith::SelectOp>(loc, useLast, last, badId);
  check(n, b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ne, kind, one64),
        "segment ids are not increasing", {});
  check(n,
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ne, kind,
                                b.create<arith::ConstantIntOp>(loc, 2, 64)),
        "Segment id {int} out of range [0, {int}), possibly because "
        "'segment_ids' input is not sorted.",
        {badId, rows});
  Value ok = b.create<arith::AndIOp>(
      loc, rowsOk,
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, kind, zero64));
  count = b.create<arith::SelectOp>(loc, ok, count, zero);
  rows = b.create<arith::SelectOp>(loc, ok, rows, zero64);

  // The output: segments without rows are 0 (1 for a product); a
  // segment of one row is that row, copied; a longer one is reduced from
  // the reducer's identity in row order (Eigen's reduction over the outer
  // dimension), a mean then divided by its row count.
  const std::string &op = n.op;
  std::string combineOp = op == "SegmentMax"    ? "UnsortedSegmentMax"
                          : op == "SegmentMin"  ? "UnsortedSegmentMin"
                          : op == "SegmentProd" ? "UnsortedSegmentProd"
                                                : "UnsortedSegmentSum";
  const graph::DType *t = attr<graph::DType>(n, "T");
  bool isUnsigned = t && *t == graph::DType::UInt8;
  TypedAttr identity;
  if (auto ft = dyn_cast<FloatType>(et)) {
    const llvm::fltSemantics &sem = ft.getFloatSemantics();
    APFloat v = op == "SegmentMax"    ? APFloat::getLargest(sem, true)
                : op == "SegmentMin"  ? APFloat::getLargest(sem, false)
                : op == "SegmentProd" ? APFloat::getOne(sem)
                                      : APFloat::getZero(sem);
    identity = b.getFloatAttr(et, v);
  } else {
    unsigned width = et.getIntOrFloatBitWidth();
    APInt v =
        op == "SegmentMax"    ? (isUnsigned ? APInt::getMinValue(width)
                                            : APInt::getSignedMinValue(width))
        : op == "SegmentMin"  ? (isUnsigned ? APInt::getMaxValue(width)
                                            : APInt::getSignedMaxValue(width))
        : op == "SegmentProd" ? APInt(width, 1)
                              : APInt(width, 0);
    identity = b.getIntegerAttr(et, v);
  }
  SmallVector<Value> dynamic, sliceExtents;
  Value slice = one;
  for (int64_t d = 0; d < rank; ++d) {
    Value size = d == 0
                     ? b.create<arith::IndexCastOp>(loc, b.getIndexType(), rows)
                           .getResult()
                     : dimSize(loc, data, d);
    if (type.isDynamicDim(d))
      dynamic.push_back(size);
    if (d > 0) {
      sliceExtents.push_back(size);
      slice = b.create<arith::MulIOp>(loc, slice, size);
    }
  }
  Value base = op == "SegmentProd"
                   ? splat(loc, type, dynamic,
                           b.create<arith::ConstantOp>(loc, identity))
                   : zeros(loc, type, dynamic);
  Value countEnd = b.create<arith::SubIOp>(
      loc, b.create<arith::MaxUIOp>(loc, count, one), one);
  auto apply = b.create<scf::ForOp>(
      loc, zero, count, one, ValueRange{base, zero},
      [&](OpBuilder &nb, Location l, Value k, ValueRange state) {
        Value id = idAt(nb, l, k);
        Value seg = nb.create<arith::IndexCastOp>(l, nb.getIndexType(), id);
        // Whether row k starts (ends) its segment: it is the first (last)
        // row, or the row before (after) it has another id.
        auto edge = [&](Value end, bool next) -> Value {
          Value atEdge =
              nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::eq, k, end);
          Value neighbor = nb.create<arith::SelectOp>(
              l, atEdge, k,
              next ? nb.create<arith::AddIOp>(l, k, one).getResult()
                   : nb.create<arith::SubIOp>(l, k, one).getResult());
          Value other = nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::ne,
                                                 idAt(nb, l, neighbor), id);
          return nb.create<arith::OrIOp>(l, atEdge, other);
        };
        Value first = edge(zero, false), lastRow = edge(countEnd, true);
        Value single = nb.create<arith::AndIOp>(l, first, lastRow);
        Value start = nb.create<arith::SelectOp>(l, first, k, state[1]);
        // The row count, as the element type, for a mean.
        Value rowsIn = nb.create<arith::IndexCastOp>(
            l, i64,
            nb.create<arith::AddIOp>(l, nb.create<arith::SubIOp>(l, k, start),
                                     one));
        Value divisor = rowsIn;
        if (isa<FloatType>(et))
          divisor = nb.create<arith::SIToFPOp>(l, et, rowsIn);
        else if (et.getIntOrFloatBitWidth() < 64)
          divisor = nb.create<arith::TruncIOp>(l, et, rowsIn);
        Value idValue = nb.create<arith::ConstantOp>(l, identity);
        auto inner = nb.create<scf::ForOp>(
            l, zero, slice, one, ValueRange{state[0]},
            [&](OpBuilder &fb, Location fl, Value s, ValueRange acc) {
              SmallVector<Value> tail = coordinates(fb, fl, s, sliceExtents);
              SmallVector<Value> dest{seg}, src{k};
              dest.append(tail);
              src.append(tail);
              Value x = fb.create<tensor::ExtractOp>(fl, data, src);
              Value old = fb.create<tensor::ExtractOp>(fl, acc[0], dest);
              Value from = fb.create<arith::SelectOp>(fl, first, idValue, old);
              Value next = combine(fb, fl, combineOp, from, x, isUnsigned);
              if (op == "SegmentMean") {
                Value mean = isa<FloatType>(et)
                                 ? fb.create<arith::DivFOp>(fl, next, divisor)
                                       .getResult()
                                 : fb.create<arith::DivSIOp>(fl, next, divisor)
                                       .getResult();
                next = fb.create<arith::SelectOp>(fl, lastRow, mean, next);
              }
              next = fb.create<arith::SelectOp>(fl, single, x, next);
              fb.create<scf::YieldOp>(
                  fl, ValueRange{
                          fb.create<tensor::InsertOp>(fl, next, acc[0], dest)});
            });
        nb.create<scf::YieldOp>(l, ValueRange{inner.getResult(0), start});
      });
  return apply.getResult(0);
}

Value Emitter::emitHistogramFixedWidth(const graph::Node &n,
                                       RankedTensorType type) {
  // The kernel's checks, in its order: value_range of two elements (its
  // size may be known only now), value_range[0] < value_range[1], a
  // positive nbins, no NaN among the values. Then each value's bin as its
  // functor computes it: (max(v, lo) - lo) in the values' type, as a
  // double divided by the step (hi - lo) / nbins, capped at nbins - 1 and
  // truncated, counted in order. A bin outside [0, nbins), which integer
  // wrap-around can give (TensorFlow's kernel writes out of bounds then),
  // is not counted.
  Location loc = locOf(n);
  Value values = input(n, 0), range = input(n, 1);
  auto vt = cast<RankedTensorType>(values.getType());
  Type et = vt.getElementType();
  bool isFloat = isa<FloatType>(et);
  Type i64 = b.getI64Type(), f64 = b.getF64Type();
  Value zero = b.create<arith::ConstantIndexOp>(loc, 0);
  Value one = b.create<arith::ConstantIndexOp>(loc, 1);
  Value pair = b.create<arith::ConstantIntOp>(loc, 1, 1);
  if (cast<RankedTensorType>(range.getType()).isDynamicDim(0)) {
    pair = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq,
                                   dimSize(loc, range, 0),
                                   b.create<arith::ConstantIndexOp>(loc, 2));
    check(n, pair, "value_range should be a vector of 2 elements.", {});
  }
  // The bounds (0 and 1 when value_range is not a pair).
  auto bound = [&](int64_t i) {
    return choose(
        loc, pair,
        [&](Location l) -> Value {
          return b.create<tensor::ExtractOp>(
              l, range, ValueRange{b.create<arith::ConstantIndexOp>(l, i)});
        },
        [&](Location l) -> Value {
          return b.create<arith::ConstantOp>(
              l, isFloat ? TypedAttr(b.getFloatAttr(et, double(i)))
                         : TypedAttr(b.getIntegerAttr(et, i)));
        });
  };
  Value lo = bound(0), hi = bound(1);
  auto less = [&](OpBuilder &ob, Location l, Value x, Value y) -> Value {
    if (isFloat)
      return ob.create<arith::CmpFOp>(l, arith::CmpFPredicate::OLT, x, y);
    return ob.create<arith::CmpIOp>(l, arith::CmpIPredicate::slt, x, y);
  };
  auto toDouble = [&](OpBuilder &ob, Location l, Value v) -> Value {
    if (!isFloat)
      return ob.create<arith::SIToFPOp>(l, f64, v);
    return et == f64 ? v : ob.create<arith::ExtFOp>(l, f64, v).getResult();
  };
  // A bound for the message: the bits of a double for "{real}" (printed
  // as the kernel's stream prints it), or the integer.
  auto shown = [&](Value v) -> Value {
    if (isFloat)
      return b.create<arith::BitcastOp>(loc, i64, toDouble(b, loc, v));
    return et == i64 ? v : b.create<arith::ExtSIOp>(loc, i64, v).getResult();
  };
  Value ordered = less(b, loc, lo, hi);
  std::string bounds = isFloat ? "{real}, {real}" : "{int}, {int}";
  check(n, ordered,
        "value_range should satisfy value_range[0] < value_range[1], but "
        "got '[" +
            bounds + "]'",
        {shown(lo), shown(hi)});
  Value nbins = scalarOf(loc, input(n, 2));
  nbins = b.create<arith::ExtSIOp>(loc, i64, nbins);
  Value positive =
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sgt, nbins,
                              b.create<arith::ConstantIntOp>(loc, 0, 64));
  check(n, positive, "nbins should be a positive number, but got '{int}'",
        {nbins});
  SmallVector<Value> extents;
  Value count = one;
  for (int64_t d = 0; d < vt.getRank(); ++d) {
    extents.push_back(dimSize(loc, values, d));
    count = b.create<arith::MulIOp>(loc, count, extents.back());
  }
  auto valueAt = [&](OpBuilder &ob, Location l, Value i) -> Value {
    return ob.create<tensor::ExtractOp>(l, values,
                                        coordinates(ob, l, i, extents));
  };
  Value ok = b.create<arith::AndIOp>(
      loc, b.create<arith::AndIOp>(loc, pair, ordered), positive);
  if (isFloat) {
    Value noNaN = b.create<arith::ConstantIntOp>(loc, 1, 1);
    auto scan = b.create<scf::ForOp>(
        loc, zero, count, one, ValueRange{noNaN},
        [&](OpBuilder &nb, Location l, Value i, ValueRange state) {
          Value v = valueAt(nb, l, i);
          Value ordinary =
              nb.create<arith::CmpFOp>(l, arith::CmpFPredicate::ORD, v, v);
          nb.create<scf::YieldOp>(
              l, ValueRange{nb.create<arith::AndIOp>(l, state[0], ordinary)});
        });
    check(n, scan.getResult(0), "Histogram values must not contain NaN", {});
    ok = b.create<arith::AndIOp>(loc, ok, scan.getResult(0));
  }
  SmallVector<Value> dynamic;
  if (type.isDynamicDim(0))
    dynamic.push_back(b.create<arith::IndexCastOp>(
        loc, b.getIndexType(),
        b.create<arith::MaxSIOp>(loc, nbins,
                                 b.create<arith::ConstantIntOp>(loc, 0, 64))));
  return orZeros(loc, ok, type, [&](Location l) -> Value {
    Type ot = type.getElementType();
    Value span = isFloat ? b.create<arith::SubFOp>(l, hi, lo).getResult()
                         : b.create<arith::SubIOp>(l, hi, lo).getResult();
    Value bins = b.create<arith::SIToFPOp>(l, f64, nbins);
    Value step = b.create<arith::DivFOp>(l, toDouble(b, l, span), bins);
    Value last = b.create<arith::SIToFPOp>(
        l, f64,
        b.create<arith::SubIOp>(l, nbins,
                                b.create<arith::ConstantIntOp>(l, 1, 64)));
    Value none = b.create<arith::ConstantOp>(l, b.getFloatAttr(f64, 0.0));
    Value increment = b.create<arith::ConstantOp>(l, b.getIntegerAttr(ot, 1));
    auto loop = b.create<scf::ForOp>(
        l, zero, count, one, ValueRange{zeros(l, type, dynamic)},
        [&](OpBuilder &nb, Location fl, Value i, ValueRange state) {
          Value v = valueAt(nb, fl, i);
          // std::max(v, lo), then std::min(q, last): Eigen's cwiseMax and
          // cwiseMin.
          Value clamped =
              nb.create<arith::SelectOp>(fl, less(nb, fl, v, lo), lo, v);
          Value offset =
              isFloat ? nb.create<arith::SubFOp>(fl, clamped, lo).getResult()
                      : nb.create<arith::SubIOp>(fl, clamped, lo).getResult();
          Value q =
              nb.create<arith::DivFOp>(fl, toDouble(nb, fl, offset), step);
          q = nb.create<arith::SelectOp>(
              fl,
              nb.create<arith::CmpFOp>(fl, arith::CmpFPredicate::OLT, last, q),
              last, q);
          Value inside = nb.create<arith::AndIOp>(
              fl,
              nb.create<arith::CmpFOp>(fl, arith::CmpFPredicate::OGE, q, none),
              nb.create<arith::CmpFOp>(fl, arith::CmpFPredicate::OLT, q, bins));
          q = nb.create<arith::SelectOp>(fl, inside, q, none);
          Value bin = nb.create<arith::IndexCastOp>(
              fl, nb.getIndexType(), nb.create<arith::FPToSIOp>(fl, i64, q));
          Value old = nb.create<tensor::ExtractOp>(fl, state[0], bin);
          Value next = nb.create<arith::SelectOp>(
              fl, inside, nb.create<arith::AddIOp>(fl, old, increment), old);
          nb.create<scf::YieldOp>(fl, ValueRange{nb.create<tensor::InsertOp>(
                                          fl, next, state[0], bin)});
        });
    return loop.getResult(0);
  });
}

} // namespace kiln
