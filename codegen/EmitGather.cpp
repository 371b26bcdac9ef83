// Reads that depend on values or sizes known only at run time:
// - tf.gather (GatherV2 with its axis as a third input, batch_dims 0): each
//   result element reads params at the index that `indices` holds;
// - tf.gather_nd (GatherNd): the same with index vectors, each naming an
//   element or slice of params' leading dimensions;
// - tf.where(condition): the coordinates of the true elements, as many
//   rows as there are, counted first;
// - StridedSlice on dimensions known only at run time: `x[:, 0]`, `x[1:]`,
//   with Python's bounds computed from the size.
// An index out of range is TensorFlow's InvalidArgumentError; the op then
// yields zeros instead of reading out of bounds.
#include "Emitter.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

#include <limits>

namespace kiln {

Value Emitter::emitGather(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  Value params = input(n, 0), indices = input(n, 1);
  auto it = cast<RankedTensorType>(indices.getType());
  const int64_t *axisAttr = attr<int64_t>(n, "axis");
  int64_t axis = axisAttr ? *axisAttr : 0;
  // The first `batch` dimensions of indices are params' first ones: each
  // batch element gathers from its own params.
  const int64_t *batchAttr = attr<int64_t>(n, "batch_dims");
  int64_t batch = batchAttr ? *batchAttr : 0;
  int64_t r = it.getRank();
  int64_t own = r - batch; // the result's dimensions from indices
  auto i64 = b.getI64Type();
  Value zero = b.create<arith::ConstantIndexOp>(loc, 0);
  Value one = b.create<arith::ConstantIndexOp>(loc, 1);
  Value size = dimSize(loc, params, axis);
  Value size64 = b.create<arith::IndexCastOp>(loc, i64, size);

  // The batch dimensions' sizes agree (checked here when trace time did
  // not know them), before any index is looked at, as in the kernel.
  Value batchOk = b.create<arith::ConstantIntOp>(loc, 1, 1);
  auto pt = cast<RankedTensorType>(params.getType());
  for (int64_t d = 0; d < batch; ++d) {
    if (!pt.isDynamicDim(d) && !it.isDynamicDim(d))
      continue;
    Value p64 = b.create<arith::IndexCastOp>(loc, i64, dimSize(loc, params, d));
    Value i64Size =
        b.create<arith::IndexCastOp>(loc, i64, dimSize(loc, indices, d));
    Value same =
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, p64, i64Size);
    check(n, same,
          "params.shape[" + std::to_string(d) +
              "]: {int} should be equal to indices.shape[" + std::to_string(d) +
              "]: {int}",
          {p64, i64Size});
    batchOk = b.create<arith::AndIOp>(loc, batchOk, same);
  }
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
  // TensorFlow names the bad index as SliceDebugString does: nothing for a
  // scalar, else its coordinates ("indices[1,2] = 7").
  SmallVector<Value> coords;
  Value rest = pos;
  // Computed before the check, so also when there are no indices: an
  // empty dimension counts as 1 (no division by zero).
  Value one64 = b.create<arith::ConstantIntOp>(loc, 1, 64);
  for (int64_t d = r; d-- > 0;) {
    Value extent = b.create<arith::MaxSIOp>(
        loc, b.create<arith::IndexCastOp>(loc, i64, dimSize(loc, indices, d)),
        one64);
    coords.insert(coords.begin(), b.create<arith::RemSIOp>(loc, rest, extent));
    rest = b.create<arith::DivSIOp>(loc, rest, extent);
  }
  std::string where;
  for (int64_t d = 0; d < r; ++d)
    where += d ? ",{int}" : "{int}";
  SmallVector<Value> ints(coords);
  ints.append({val, size64});
  check(n, ok,
        "indices" + (r ? "[" + where + "]" : std::string()) +
            " = {int} is not in [0, {int})",
        ints);

  return orZeros(
      loc, b.create<arith::AndIOp>(loc, ok, batchOk), type,
      [&](Location l) -> Value {
        SmallVector<Value> dynamic;
        for (int64_t d = 0; d < type.getRank(); ++d) {
          if (!type.isDynamicDim(d))
            continue;
          if (d < axis)
            dynamic.push_back(b.create<tensor::DimOp>(l, params, d));
          else if (d < axis + own)
            dynamic.push_back(
                b.create<tensor::DimOp>(l, indices, d - axis + batch));
          else
            dynamic.push_back(b.create<tensor::DimOp>(l, params, d - own + 1));
        }
        return b.create<tensor::GenerateOp>(
            l, type, dynamic, [&](OpBuilder &gb, Location gl, ValueRange idx) {
              SmallVector<Value> at(idx.begin(), idx.begin() + batch);
              at.append(idx.begin() + axis, idx.begin() + axis + own);
              Value v = gb.create<tensor::ExtractOp>(gl, indices, at);
              SmallVector<Value> from(idx.begin(), idx.begin() + axis);
              from.push_back(
                  gb.create<arith::IndexCastOp>(gl, gb.getIndexType(), v));
              from.append(idx.begin() + axis + own, idx.end());
              gb.create<tensor::YieldOp>(
                  gl, gb.create<tensor::ExtractOp>(gl, params, from));
            });
      });
}

Value Emitter::readIndexVector(OpBuilder &nb, Location l, Value indices,
                               SmallVector<Value> at, ArrayRef<Value> extents,
                               SmallVector<Value> &vector) {
  auto i64 = nb.getI64Type();
  Value zero64 = nb.create<arith::ConstantIntOp>(l, 0, 64);
  Value inside = nb.create<arith::ConstantIntOp>(l, 1, 1);
  at.push_back(Value());
  for (size_t j = 0; j < extents.size(); ++j) {
    at.back() = nb.create<arith::ConstantIndexOp>(l, j);
    Value v = nb.create<tensor::ExtractOp>(l, indices, at);
    if (v.getType() != i64)
      v = nb.create<arith::ExtSIOp>(l, i64, v);
    vector.push_back(v);
    inside = nb.create<arith::AndIOp>(
        l, inside,
        nb.create<arith::AndIOp>(
            l,
            nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::sge, v, zero64),
            nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::slt, v,
                                     extents[j])));
  }
  return inside;
}

SmallVector<Value> Emitter::firstBadIndexVector(Location loc, Value indices,
                                                ArrayRef<Value> extents) {
  auto it = cast<RankedTensorType>(indices.getType());
  int64_t rows = it.getRank() - 1; // the index vectors' dimensions
  int64_t m = static_cast<int64_t>(extents.size());
  auto i64 = b.getI64Type();
  Value zero = b.create<arith::ConstantIndexOp>(loc, 0);
  Value one = b.create<arith::ConstantIndexOp>(loc, 1);
  Value count = one;
  for (int64_t d = 0; d < rows; ++d)
    count = b.create<arith::MulIOp>(loc, count, dimSize(loc, indices, d));
  Value none = b.create<arith::ConstantIntOp>(loc, -1, 64);
  SmallVector<Value> initial(m + 1, none);
  auto scan = b.create<scf::ForOp>(
      loc, zero, count, one, initial,
      [&](OpBuilder &nb, Location l, Value i, ValueRange state) {
        SmallVector<Value> at(rows);
        Value rest = i;
        for (int64_t d = rows; d-- > 0;) {
          Value extent = nb.create<tensor::DimOp>(l, indices, d);
          at[d] = nb.create<arith::RemUIOp>(l, rest, extent);
          rest = nb.create<arith::DivUIOp>(l, rest, extent);
        }
        Value zero64 = nb.create<arith::ConstantIntOp>(l, 0, 64);
        SmallVector<Value> vector;
        Value bad = nb.create<arith::XOrIOp>(
            l, readIndexVector(nb, l, indices, at, extents, vector),
            nb.create<arith::ConstantIntOp>(l, 1, 1));
        Value first = nb.create<arith::AndIOp>(
            l, bad,
            nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::slt, state[0],
                                     zero64));
        SmallVector<Value> next{nb.create<arith::SelectOp>(
            l, first, nb.create<arith::IndexCastOp>(l, i64, i), state[0])};
        for (int64_t j = 0; j < m; ++j)
          next.push_back(
              nb.create<arith::SelectOp>(l, first, vector[j], state[j + 1]));
        nb.create<scf::YieldOp>(l, next);
      });
  return SmallVector<Value>(scan.getResults());
}

Value Emitter::emitGatherNd(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  Value params = input(n, 0), indices = input(n, 1);
  auto it = cast<RankedTensorType>(indices.getType());
  int64_t rows = it.getRank() - 1; // the index vectors' dimensions
  int64_t m = it.getDimSize(rows); // static: the tracer requires it
  int64_t rank = cast<RankedTensorType>(params.getType()).getRank();
  auto i64 = b.getI64Type();
  if (rank == 0) { // only M = 0 passes shape inference; the kernel refuses
    Value no = b.create<arith::ConstantIntOp>(loc, 0, 1);
    check(n, no, "params must be at least a vector", {});
    return orZeros(loc, no, type, [](Location) { return Value(); });
  }
  Value ok;
  if (m > 0) {
    SmallVector<Value> extents;
    for (int64_t j = 0; j < m; ++j)
      extents.push_back(
          b.create<arith::IndexCastOp>(loc, i64, dimSize(loc, params, j)));
    SmallVector<Value> scan = firstBadIndexVector(loc, indices, extents);
    ok = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, scan[0],
                                 b.create<arith::ConstantIntOp>(loc, 0, 64));
    // "indices[1] = [2, 5] does not index into param shape [3,2], ..."
    std::string message = "indices[{int}] = [";
    for (int64_t j = 0; j < m; ++j)
      message += j ? ", {int}" : "{int}";
    message +=
        "] does not index into param shape {shape}, node name: " + n.name;
    appendShape(loc, params, scan);
    check(n, ok, message, scan);
  }

  auto gather = [&](Location l) -> Value {
    SmallVector<Value> dynamic;
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (type.isDynamicDim(d))
        dynamic.push_back(
            d < rows
                ? b.create<tensor::DimOp>(l, indices, d).getResult()
                : b.create<tensor::DimOp>(l, params, d - rows + m).getResult());
    return b.create<tensor::GenerateOp>(
        l, type, dynamic, [&](OpBuilder &gb, Location gl, ValueRange idx) {
          SmallVector<Value> at(idx.begin(), idx.begin() + rows);
          at.push_back(Value());
          SmallVector<Value> from;
          for (int64_t j = 0; j < m; ++j) {
            at[rows] = gb.create<arith::ConstantIndexOp>(gl, j);
            Value v = gb.create<tensor::ExtractOp>(gl, indices, at);
            from.push_back(
                gb.create<arith::IndexCastOp>(gl, gb.getIndexType(), v));
          }
          from.append(idx.begin() + rows, idx.end());
          gb.create<tensor::YieldOp>(
              gl, gb.create<tensor::ExtractOp>(gl, params, from));
        });
  };
  return ok ? orZeros(loc, ok, type, gather) : gather(loc);
}

Value Emitter::emitWhere(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  Value cond = input(n, 0);
  auto ct = cast<RankedTensorType>(cond.getType());
  int64_t rank = ct.getRank();
  Value zero = b.create<arith::ConstantIndexOp>(loc, 0);
  Value one = b.create<arith::ConstantIndexOp>(loc, 1);
  Value total = one;
  SmallVector<Value> extents;
  for (int64_t d = 0; d < rank; ++d) {
    extents.push_back(dimSize(loc, cond, d));
    total = b.create<arith::MulIOp>(loc, total, extents.back());
  }
  // Row-major coordinates of flat position i.
  auto coordinates = [&](OpBuilder &nb, Location l, Value i) {
    SmallVector<Value> at(rank);
    for (int64_t d = rank; d-- > 0;) {
      at[d] = nb.create<arith::RemUIOp>(l, i, extents[d]);
      i = nb.create<arith::DivUIOp>(l, i, extents[d]);
    }
    return at;
  };
  auto count = b.create<scf::ForOp>(
      loc, zero, total, one, ValueRange{zero},
      [&](OpBuilder &nb, Location l, Value i, ValueRange state) {
        Value v = nb.create<tensor::ExtractOp>(l, cond, coordinates(nb, l, i));
        Value next = nb.create<arith::AddIOp>(l, state[0], one);
        nb.create<scf::YieldOp>(
            l, ValueRange{nb.create<arith::SelectOp>(l, v, next, state[0])});
      });
  Value rows =
      b.create<tensor::EmptyOp>(loc, type.getShape(), type.getElementType(),
                                ValueRange{count.getResult(0)});
  auto fill = b.create<scf::ForOp>(
      loc, zero, total, one, ValueRange{rows, zero},
      [&](OpBuilder &nb, Location l, Value i, ValueRange state) {
        SmallVector<Value> at = coordinates(nb, l, i);
        Value v = nb.create<tensor::ExtractOp>(l, cond, at);
        auto written = nb.create<scf::IfOp>(
            l, v,
            [&](OpBuilder &tb, Location tl) {
              Value t = state[0];
              for (int64_t d = 0; d < rank; ++d) {
                Value coord =
                    tb.create<arith::IndexCastOp>(tl, tb.getI64Type(), at[d]);
                Value col = tb.create<arith::ConstantIndexOp>(tl, d);
                t = tb.create<tensor::InsertOp>(tl, coord, t,
                                                ValueRange{state[1], col});
              }
              Value next = tb.create<arith::AddIOp>(tl, state[1], one);
              tb.create<scf::YieldOp>(tl, ValueRange{t, next});
            },
            [&](OpBuilder &eb, Location el) {
              eb.create<scf::YieldOp>(el, ValueRange{state[0], state[1]});
            });
        nb.create<scf::YieldOp>(l, written.getResults());
      });
  return fill.getResult(0);
}

Value Emitter::emitDynamicSlice(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  const auto &offsets = *attr<std::vector<int64_t>>(n, "offsets");
  const auto &sizes = *attr<std::vector<int64_t>>(n, "sizes");
  const auto &strides = *attr<std::vector<int64_t>>(n, "strides");
  const auto &kind = *attr<std::vector<int64_t>>(n, "dyn_kind");
  const auto &begin = *attr<std::vector<int64_t>>(n, "dyn_begin");
  const auto &end = *attr<std::vector<int64_t>>(n, "dyn_end");
  const auto &step = *attr<std::vector<int64_t>>(n, "dyn_step");
  const auto &beginIn = *attr<std::vector<int64_t>>(n, "dyn_begin_in");
  const auto &endIn = *attr<std::vector<int64_t>>(n, "dyn_end_in");
  Value in = input(n, 0);
  auto i64 = b.getI64Type();
  auto constant = [&](int64_t v) -> Value {
    return b.create<arith::ConstantIntOp>(loc, v, 64);
  };
  auto cmp = [&](arith::CmpIPredicate p, Value x, Value y) -> Value {
    return b.create<arith::CmpIOp>(loc, p, x, y);
  };
  auto select = [&](Value c, Value x, Value y) -> Value {
    return b.create<arith::SelectOp>(loc, c, x, y);
  };
  auto asIndex = [&](Value v) -> OpFoldResult {
    return b.create<arith::IndexCastOp>(loc, b.getIndexType(), v).getResult();
  };
  // A bound: the node's input `at` when it has one (a scalar tensor),
  // else the trace-time `value`.
  auto boundValue = [&](int64_t at, int64_t value) -> Value {
    if (!at)
      return constant(value);
    Value v = scalarOf(loc, input(n, at));
    return v.getType().isInteger(64) ? v
                                     : b.create<arith::ExtSIOp>(loc, i64, v);
  };
  Value zero = constant(0);
  Value ok;
  SmallVector<OpFoldResult> off, size, stride;
  for (size_t d = 0; d < kind.size(); ++d) {
    Value extent = b.create<arith::IndexCastOp>(
        loc, i64, dimSize(loc, in, static_cast<int64_t>(d)));
    if (kind[d] == 1) { // an index, negative from the end
      Value inRange;
      off.push_back(checkedIndex(
          n,
          b.create<arith::IndexCastOp>(loc, b.getIndexType(),
                                       boundValue(beginIn[d], begin[d])),
          dimSize(loc, in, static_cast<int64_t>(d)), static_cast<int64_t>(d),
          inRange));
      ok = ok ? b.create<arith::AndIOp>(loc, ok, inRange).getResult() : inRange;
      size.push_back(b.getIndexAttr(1));
      stride.push_back(b.getIndexAttr(1));
    } else if (kind[d] == 2) { // a window, clamped as Python's slice
      auto bound = [&](int64_t at, int64_t v, Value missing) -> Value {
        if (!at && v == graph::kNoSliceBound)
          return missing;
        Value c = boundValue(at, v);
        Value shifted = b.create<arith::MaxSIOp>(
            loc, b.create<arith::AddIOp>(loc, c, extent), zero);
        Value clamped = b.create<arith::MinSIOp>(loc, c, extent);
        if (!at) // the sign is known
          return v < 0 ? shifted : clamped;
        return select(cmp(arith::CmpIPredicate::slt, c, zero), shifted,
                      clamped);
      };
      Value first = bound(beginIn[d], begin[d], zero),
            last = bound(endIn[d], end[d], extent);
      Value s = constant(step[d]);
      Value span = b.create<arith::SubIOp>(loc, last, first);
      Value count = b.create<arith::CeilDivSIOp>(loc, span, s);
      count = b.create<arith::MaxSIOp>(loc, count, zero);
      Value any = cmp(arith::CmpIPredicate::sgt, count, zero);
      off.push_back(asIndex(select(any, first, zero)));
      size.push_back(asIndex(count));
      stride.push_back(b.getIndexAttr(step[d]));
    } else {
      off.push_back(b.getIndexAttr(offsets[d]));
      size.push_back(
          sizes[d] < 0 ? OpFoldResult(dimSize(loc, in, static_cast<int64_t>(d)))
                       : OpFoldResult(b.getIndexAttr(sizes[d])));
      stride.push_back(b.getIndexAttr(strides[d]));
    }
  }
  // The window, its static dimensions read with a negative step reversed,
  // then the node's type: index dimensions dropped (and every size unknown
  // when a bound is a tensor, as TensorFlow's shape inference has it).
  SmallVector<int64_t> shape;
  for (size_t d = 0; d < kind.size(); ++d)
    shape.push_back(
        getConstantIntValue(size[d]).value_or(ShapedType::kDynamic));
  auto slicedType = RankedTensorType::get(shape, type.getElementType());
  const auto *reversed = attr<std::vector<int64_t>>(n, "reversed");
  auto slice = [&]() -> Value {
    Value v = b.create<tensor::ExtractSliceOp>(loc, slicedType, in, off, size,
                                               stride);
    if (reversed)
      v = reverseDims(loc, v, *reversed);
    const auto &indexed = *attr<std::vector<int64_t>>(n, "dyn_indexed");
    const auto &newAxes = *attr<std::vector<int64_t>>(n, "dyn_new_axes");
    if (indexed.empty() && newAxes.empty())
      return castTo(loc, v, type);
    // Drop the index dimensions and add the new ones keeping the window's
    // known sizes (the node's type may have more dimensions unknown than a
    // reshape can infer), then take the node's type.
    SmallVector<int64_t> kept;
    for (size_t d = 0; d < kind.size(); ++d)
      if (!llvm::is_contained(indexed, static_cast<int64_t>(d)))
        kept.push_back(shape[d]);
    for (int64_t axis : newAxes) // in increasing order
      kept.insert(kept.begin() + axis, 1);
    return castTo(
        loc,
        reshapeTo(loc, v, RankedTensorType::get(kept, type.getElementType())),
        type);
  };
  if (!ok)
    return slice();
  return orZeros(loc, ok, type, [&](Location) { return slice(); });
}

Value Emitter::emitReverseSequence(const graph::Node &n,
                                   RankedTensorType type) {
  Location loc = locOf(n);
  Value x = input(n, 0), lengths = input(n, 1);
  int64_t seq = *attr<int64_t>(n, "seq_dim");
  int64_t batch = *attr<int64_t>(n, "batch_dim");
  auto i64 = b.getI64Type();
  Value zero = b.create<arith::ConstantIndexOp>(loc, 0);
  Value one = b.create<arith::ConstantIndexOp>(loc, 1);
  Value extent = b.create<arith::IndexCastOp>(loc, i64, dimSize(loc, x, seq));
  auto lengthAt = [&](OpBuilder &nb, Location l, Value i) {
    Value v = nb.create<tensor::ExtractOp>(l, lengths, ValueRange{i});
    return v.getType() == i64 ? v : nb.create<arith::ExtSIOp>(l, i64, v);
  };
  // The kernel's checks: as many lengths as rows, each in [0, extent].
  Value rows = dimSize(loc, x, batch), count = dimSize(loc, lengths, 0);
  Value fits =
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, rows, count);
  check(n, fits,
        "Length of seq_lengths != input.dims(" + std::to_string(batch) +
            "), ({int} vs. {int})",
        {b.create<arith::IndexCastOp>(loc, i64, count),
         b.create<arith::IndexCastOp>(loc, i64, rows)});
  Value none = b.create<arith::ConstantIntOp>(loc, -1, 64);
  Value checked = b.create<arith::SelectOp>(loc, fits, count, zero);
  auto scan = b.create<scf::ForOp>(
      loc, zero, checked, one, ValueRange{none, none},
      [&](OpBuilder &nb, Location l, Value i, ValueRange state) {
        Value v = lengthAt(nb, l, i);
        Value zero64 = nb.create<arith::ConstantIntOp>(l, 0, 64);
        Value negative =
            nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::slt, v, zero64);
        Value bad = nb.create<arith::OrIOp>(
            l, negative,
            nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::sgt, v, extent));
        Value first = nb.create<arith::AndIOp>(
            l, bad,
            nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::slt, state[0],
                                     zero64));
        Value which = nb.create<arith::SelectOp>(
            l, negative, zero64, nb.create<arith::ConstantIntOp>(l, 1, 64));
        nb.create<scf::YieldOp>(
            l,
            ValueRange{nb.create<arith::SelectOp>(
                           l, first, nb.create<arith::IndexCastOp>(l, i64, i),
                           state[0]),
                       nb.create<arith::SelectOp>(l, first, which, state[1])});
      });
  Value zero64 = b.create<arith::ConstantIntOp>(loc, 0, 64);
  Value firstBad = scan.getResult(0);
  Value noNegative = b.create<arith::OrIOp>(
      loc,
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, firstBad, zero64),
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ne, scan.getResult(1),
                              zero64));
  check(n, noNegative, "seq_lens({int}) < 0", {firstBad});
  Value noLong = b.create<arith::OrIOp>(
      loc,
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, firstBad, zero64),
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, scan.getResult(1),
                              zero64));
  check(n, noLong, "seq_lens({int}) > input.dims(" + std::to_string(seq) + ")",
        {firstBad});
  Value ok = b.create<arith::AndIOp>(
      loc, fits,
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, firstBad,
                              zero64));
  return orZeros(loc, ok, type, [&](Location l) -> Value {
    SmallVector<Value> dynamic;
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (type.isDynamicDim(d))
        dynamic.push_back(b.create<tensor::DimOp>(l, x, d));
    return b.create<tensor::GenerateOp>(
        l, type, dynamic, [&](OpBuilder &gb, Location gl, ValueRange at) {
          // Position j of row b reads length - 1 - j inside the prefix.
          Value length = lengthAt(gb, gl, at[batch]);
          Value j = gb.create<arith::IndexCastOp>(gl, i64, at[seq]);
          Value inside = gb.create<arith::CmpIOp>(gl, arith::CmpIPredicate::slt,
                                                  j, length);
          Value mirrored = gb.create<arith::SubIOp>(
              gl,
              gb.create<arith::SubIOp>(
                  gl, length, gb.create<arith::ConstantIntOp>(gl, 1, 64)),
              j);
          SmallVector<Value> from(at.begin(), at.end());
          from[seq] = gb.create<arith::IndexCastOp>(
              gl, gb.getIndexType(),
              gb.create<arith::SelectOp>(gl, inside, mirrored, j));
          gb.create<tensor::YieldOp>(gl,
                                     gb.create<tensor::ExtractOp>(gl, x, from));
        });
  });
}

} // namespace kiln
