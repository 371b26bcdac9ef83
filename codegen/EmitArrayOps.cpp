// OneHot, ReverseV2, Bitcast, Tile (multiples known at run time), the scans
// Cumsum/Cumprod/CumulativeLogsumexp and TopKV2 (tracer/tf/TfArrayOps.cpp) as
// tensor, linalg and scf ops. The scans add in TensorFlow's order, one position
// of the axis after another, so float results agree to the last bit. TopKV2
// keeps a row's k largest in TensorFlow's TopN heap and merge-sorts them
// (stably: equal keys by position), or merge-sorts the whole row when k is
// more than half of it.
#include "Emitter.h"
#include "passes/ScalarLoops.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <limits>

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
  auto i64 = b.getI64Type();
  SmallVector<Value> dynamic;
  for (int64_t d = 0; d < rank; ++d) {
    if (!type.isDynamicDim(d))
      continue;
    if (d != axis) {
      dynamic.push_back(
          b.create<tensor::DimOp>(loc, indices, d < axis ? d : d - 1));
      continue;
    }
    // A depth known at run time only, checked as the kernel checks it
    // (TensorFlow checks a known one at trace time).
    Value depth = scalarOf(loc, input(n, 1));
    Value zero = b.create<arith::ConstantIntOp>(loc, 0, depth.getType());
    Value wide = depth.getType().isInteger(64)
                     ? depth
                     : b.create<arith::ExtSIOp>(loc, i64, depth).getResult();
    check(n,
          b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sge, depth, zero),
          "depth must be non-negative, got: {int}", {wide});
    dynamic.push_back(b.create<arith::IndexCastOp>(
        loc, b.getIndexType(), b.create<arith::MaxSIOp>(loc, depth, zero)));
  }
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

Value Emitter::emitBitcast(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  Value in = input(n, 0);
  auto inType = cast<RankedTensorType>(in.getType());
  Type from = inType.getElementType(), to = type.getElementType();
  unsigned fromBits = from.getIntOrFloatBitWidth();
  unsigned toBits = to.getIntOrFloatBitWidth();
  Type fromInt = b.getIntegerType(fromBits), toInt = b.getIntegerType(toBits);
  int64_t rank = type.getRank();
  // The dimensions the result shares with the input (all but a narrower
  // result's innermost, which is the width ratio).
  int64_t shared = fromBits > toBits ? rank - 1 : rank;
  SmallVector<Value> dynamic;
  for (int64_t d = 0; d < shared; ++d)
    if (type.isDynamicDim(d))
      dynamic.push_back(dimSize(loc, in, d));
  auto build = [&](Location l) -> Value {
    return b
        .create<tensor::GenerateOp>(
            l, type, dynamic,
            [&](OpBuilder &nb, Location l, ValueRange idx) {
              Scalars s{nb, l};
              auto integer = [&](Type t, int64_t v) -> Value {
                return nb.create<arith::ConstantOp>(l, nb.getIntegerAttr(t, v));
              };
              SmallVector<Value> at(idx.begin(), idx.begin() + shared);
              // Little-endian, as TensorFlow's kernel copies bytes on x86:
              // piece j of an element is bits [j * narrow, (j + 1) * narrow).
              auto bitsAt = [&](ArrayRef<Value> where) {
                Value v = nb.create<tensor::ExtractOp>(l, in, where);
                return nb.create<arith::BitcastOp>(l, fromInt, v).getResult();
              };
              Value bits;
              if (fromBits == toBits) {
                bits = bitsAt(at);
              } else if (fromBits > toBits) {
                Value shift = nb.create<arith::MulIOp>(
                    l, nb.create<arith::IndexCastOp>(l, fromInt, idx.back()),
                    integer(fromInt, toBits));
                bits = nb.create<arith::TruncIOp>(
                    l, toInt, nb.create<arith::ShRUIOp>(l, bitsAt(at), shift));
              } else {
                bits = integer(toInt, 0);
                for (unsigned j = 0; j < toBits / fromBits; ++j) {
                  SmallVector<Value> where = at;
                  where.push_back(s.index(j));
                  Value piece =
                      nb.create<arith::ExtUIOp>(l, toInt, bitsAt(where));
                  piece = nb.create<arith::ShLIOp>(
                      l, piece, integer(toInt, j * fromBits));
                  bits = nb.create<arith::OrIOp>(l, bits, piece);
                }
              }
              nb.create<tensor::YieldOp>(
                  l, nb.create<arith::BitcastOp>(l, to, bits).getResult());
            })
        .getResult();
  };
  if (fromBits >= toBits || !inType.isDynamicDim(inType.getRank() - 1))
    return build(loc);
  // A wider result needs the innermost dimension to be the ratio; known
  // only now, it is checked as the kernel checks it.
  Value ok = b.create<arith::CmpIOp>(
      loc, arith::CmpIPredicate::eq, dimSize(loc, in, inType.getRank() - 1),
      b.create<arith::ConstantIndexOp>(loc, toBits / fromBits));
  check(n, ok,
        "Cannot bitcast from " +
            std::to_string(py::dataTypeEnum(*attr<graph::DType>(n, "T"))) +
            " to " +
            std::to_string(py::dataTypeEnum(*attr<graph::DType>(n, "type"))),
        {});
  return orZeros(loc, ok, type, build);
}

Value Emitter::emitSplit(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  Value in = input(n, 0);
  auto inType = cast<RankedTensorType>(in.getType());
  int64_t axis = *attr<int64_t>(n, "axis");
  bool unpack = n.op == "Unpack";
  int id = static_cast<int>(&n - g.nodes.data());
  if (n.op == "SplitV" && n.inputs.size() > 1)
    return emitSplitAtRunTime(n, type);
  // Split of a dimension known at run time only: equal pieces, after the
  // kernel's check that their number divides it.
  Value piece;
  if (n.op == "Split" && inType.isDynamicDim(axis)) {
    Value extent = dimSize(loc, in, axis);
    Value count = b.create<arith::ConstantIndexOp>(loc, n.outputs.size());
    Value rest = b.create<arith::RemUIOp>(loc, extent, count);
    check(n,
          b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, rest,
                                  b.create<arith::ConstantIndexOp>(loc, 0)),
          "Number of ways to split should evenly divide the split dimension, "
          "but got split_dim " +
              std::to_string(axis) + " (size = {int}) and num_split " +
              std::to_string(n.outputs.size()),
          {extent});
    piece = b.create<arith::DivUIOp>(loc, extent, count);
  }
  Value first;
  int64_t at = 0;
  for (size_t k = 0; k < n.outputs.size(); ++k) {
    // Unpack takes one row of the axis, dropped from the result's shape.
    int64_t size = unpack ? 1 : (*attr<std::vector<int64_t>>(n, "sizes"))[k];
    OpFoldResult offset = b.getIndexAttr(at), extent = b.getIndexAttr(size);
    if (piece) {
      offset = b.create<arith::MulIOp>(loc, piece,
                                       b.create<arith::ConstantIndexOp>(loc, k))
                   .getResult();
      extent = piece;
    }
    SmallVector<OpFoldResult> offsets, sizes, strides;
    for (int64_t d = 0; d < inType.getRank(); ++d) {
      offsets.push_back(d == axis ? offset : b.getIndexAttr(0));
      sizes.push_back(d == axis ? extent
                      : inType.isDynamicDim(d)
                          ? OpFoldResult(dimSize(loc, in, d))
                          : OpFoldResult(b.getIndexAttr(inType.getDimSize(d))));
      strides.push_back(b.getIndexAttr(1));
    }
    at += size;
    RankedTensorType pieceType = k == 0 ? type : tensorType(n.outputs[k]);
    Value piece = b.create<tensor::ExtractSliceOp>(loc, pieceType, in, offsets,
                                                   sizes, strides);
    if (k == 0)
      first = piece;
    else
      values[key({id, static_cast<int>(k)})] = piece;
  }
  return first;
}

Value Emitter::emitSplitAtRunTime(const graph::Node &n, RankedTensorType type) {
  // SplitV with sizes known at run time, checked in the kernel's order: at
  // most one -1, no other negative size, and sizes that add up to the
  // dimension (or, with a -1, to no more than it; the -1 takes the rest).
  Location loc = locOf(n);
  Value in = input(n, 0), given = input(n, 1);
  auto inType = cast<RankedTensorType>(in.getType());
  int64_t axis = *attr<int64_t>(n, "axis");
  int id = static_cast<int>(&n - g.nodes.data());
  auto cmp = [&](arith::CmpIPredicate p, Value l, Value r) -> Value {
    return b.create<arith::CmpIOp>(loc, p, l, r);
  };
  auto constant = [&](int64_t v) -> Value {
    return b.create<arith::ConstantIntOp>(loc, v, 64);
  };
  auto both = [&](Value l, Value r) -> Value {
    return b.create<arith::AndIOp>(loc, l, r);
  };
  Value none = constant(-1), zero = constant(0);
  Value negAt = none, determined = zero;
  Value ok = b.create<arith::ConstantIntOp>(loc, 1, 1);
  SmallVector<Value> sizes;
  for (size_t k = 0; k < n.outputs.size(); ++k) {
    Value size = shapeElement(loc, given, static_cast<int64_t>(k));
    Value infer = cmp(arith::CmpIPredicate::eq, size, none);
    Value once = b.create<arith::OrIOp>(
        loc,
        b.create<arith::XOrIOp>(loc, infer,
                                b.create<arith::ConstantIntOp>(loc, 1, 1)),
        cmp(arith::CmpIPredicate::eq, negAt, none));
    check(n, once, "There can only be one -1 in the input.", {});
    Value valid = b.create<arith::OrIOp>(
        loc, infer, cmp(arith::CmpIPredicate::sge, size, zero));
    check(n, valid,
          "Split size at index " + std::to_string(k) +
              " must be >= 0. Got: {int}",
          {size});
    ok = both(ok, both(once, valid));
    negAt = b.create<arith::SelectOp>(loc, infer, constant(k), negAt);
    determined = b.create<arith::SelectOp>(
        loc, infer, determined, b.create<arith::AddIOp>(loc, determined, size));
    sizes.push_back(size);
  }
  Value extent =
      b.create<arith::IndexCastOp>(loc, b.getI64Type(), dimSize(loc, in, axis));
  Value inferring = cmp(arith::CmpIPredicate::ne, negAt, none);
  Value fits = b.create<arith::SelectOp>(
      loc, inferring, cmp(arith::CmpIPredicate::sle, determined, extent),
      cmp(arith::CmpIPredicate::eq, determined, extent));
  check(n, fits,
        "Determined shape must either match input shape along split_dim "
        "exactly if fully specified, or be less than the size of the input "
        "along split_dim if not fully specified.  Got: {int}",
        {determined});
  ok = both(ok, fits);
  Value first, at = b.create<arith::ConstantIndexOp>(loc, 0);
  for (size_t k = 0; k < n.outputs.size(); ++k) {
    Value size = b.create<arith::SelectOp>(
        loc, cmp(arith::CmpIPredicate::eq, negAt, constant(k)),
        b.create<arith::SubIOp>(loc, extent, determined), sizes[k]);
    size = b.create<arith::IndexCastOp>(loc, b.getIndexType(), size);
    RankedTensorType pieceType = k == 0 ? type : tensorType(n.outputs[k]);
    Value offset = at;
    Value piece = orZeros(loc, ok, pieceType, [&](Location l) -> Value {
      SmallVector<OpFoldResult> offsets, counts,
          strides(inType.getRank(), b.getIndexAttr(1));
      for (int64_t d = 0; d < inType.getRank(); ++d) {
        offsets.push_back(d == axis ? OpFoldResult(offset)
                                    : OpFoldResult(b.getIndexAttr(0)));
        counts.push_back(
            d == axis ? OpFoldResult(size)
            : inType.isDynamicDim(d)
                ? OpFoldResult(dimSize(l, in, d))
                : OpFoldResult(b.getIndexAttr(inType.getDimSize(d))));
      }
      // The size is a value here even when trace time knew it.
      SmallVector<int64_t> shape(pieceType.getShape());
      shape[axis] = ShapedType::kDynamic;
      Value slice = b.create<tensor::ExtractSliceOp>(
          l, RankedTensorType::get(shape, pieceType.getElementType()), in,
          offsets, counts, strides);
      return castTo(l, slice, pieceType);
    });
    at = b.create<arith::AddIOp>(loc, at, size);
    if (k == 0)
      first = piece;
    else
      values[key({id, static_cast<int>(k)})] = piece;
  }
  return first;
}

Value Emitter::emitTile(const graph::Node &n, RankedTensorType type) {
  // Tile with multiples known at run time only (kiln builds a tile with
  // known multiples from concatenations): element i of dimension d reads
  // element i mod size(d) of the input.
  Location loc = locOf(n);
  Value in = input(n, 0), multiples = input(n, 1);
  int64_t rank = type.getRank();
  SmallVector<Value> dynamic, sizes(rank);
  for (int64_t d = 0; d < rank; ++d) {
    sizes[d] = dimSize(loc, in, d);
    if (!type.isDynamicDim(d))
      continue;
    Value at = b.create<arith::ConstantIndexOp>(loc, d);
    Value m = b.create<tensor::ExtractOp>(loc, multiples, ValueRange{at});
    Value zero = b.create<arith::ConstantOp>(loc, b.getZeroAttr(m.getType()));
    Value wide = m.getType().isInteger(64)
                     ? m
                     : b.create<arith::ExtSIOp>(loc, b.getI64Type(), m);
    check(n, b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sge, m, zero),
          "Expected multiples[" + std::to_string(d) + "] >= 0, but got {int}",
          {wide});
    // A failed check still runs on: size the result from zero instead.
    m = b.create<arith::MaxSIOp>(loc, m, zero);
    dynamic.push_back(b.create<arith::MulIOp>(
        loc, sizes[d], b.create<arith::IndexCastOp>(loc, b.getIndexType(), m)));
  }
  return b
      .create<tensor::GenerateOp>(
          loc, type, dynamic,
          [&](OpBuilder &nb, Location l, ValueRange idx) {
            SmallVector<Value> at;
            for (int64_t d = 0; d < rank; ++d)
              at.push_back(nb.create<arith::RemUIOp>(l, idx[d], sizes[d]));
            nb.create<tensor::YieldOp>(
                l, nb.create<tensor::ExtractOp>(l, in, at).getResult());
          })
      .getResult();
}

/// TensorFlow's LogSumExp of the running value `a` and the next element
/// `b` (scan_ops.h): max + log1p(exp(min - max)), with std::min's and
/// std::max's comparisons, and max itself when it is below the lowest
/// finite value (-inf, where the formula gives NaN).
static Value logSumExpStep(OpBuilder &b, Location loc, Value a, Value x) {
  using P = arith::CmpFPredicate;
  Value mi = b.create<arith::SelectOp>(
      loc, b.create<arith::CmpFOp>(loc, P::OLT, x, a), x, a);
  Value ma = b.create<arith::SelectOp>(
      loc, b.create<arith::CmpFOp>(loc, P::OLT, a, x), x, a);
  Value e = b.create<math::ExpOp>(loc, b.create<arith::SubFOp>(loc, mi, ma));
  Value sum = b.create<arith::AddFOp>(loc, b.create<math::Log1pOp>(loc, e), ma);
  auto ft = cast<FloatType>(a.getType());
  Value lowest = b.create<arith::ConstantOp>(
      loc, b.getFloatAttr(ft, APFloat::getLargest(ft.getFloatSemantics(),
                                                  /*Negative=*/true)));
  return b.create<arith::SelectOp>(
      loc, b.create<arith::CmpFOp>(loc, P::OLT, ma, lowest), ma, sum);
}

Value Emitter::emitScan(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  Value in = input(n, 0);
  int64_t axis = *attr<int64_t>(n, "axis");
  bool exclusive = *attr<bool>(n, "exclusive");
  bool reverse = *attr<bool>(n, "reverse");
  bool product = n.op == "Cumprod";
  // CumulativeLogsumexp: TensorFlow's LogSumExp reducer, which Eigen's scan
  // applies with scalar ops only (the reducer has no packet access), so
  // exp and log1p are the C library's.
  bool logsumexp = n.op == "CumulativeLogsumexp";
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
  TypedAttr identity =
      logsumexp ? TypedAttr(b.getFloatAttr(
                      et, -std::numeric_limits<double>::infinity()))
      : isFloat ? TypedAttr(b.getFloatAttr(et, product ? 1.0 : 0.0))
                : TypedAttr(b.getIntegerAttr(et, product ? 1 : 0));
  Value start = splat(loc, sliceType, sliceDynamic,
                      b.create<arith::ConstantOp>(loc, identity));
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
                   if (logsumexp)
                     v = logSumExpStep(gb, gl, args[0], args[1]);
                   else if (product)
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

/// The order in which TensorFlow's TopK kernel leaves the k largest of a
/// row of `columns` when it does not sort them: its gtl::TopN pushes the
/// positions 0, 1, ... (larger keys first, equal keys by lower position);
/// the first k+1 become a heap (libstdc++'s make_heap, then pop_heap drops
/// the smallest), and each later position larger than the heap's smallest
/// replaces it (pop_heap over the k, the position put in the freed last
/// slot, push_heap). The result is the heap's first k slots; this order
/// matched TensorFlow 2.20 on 582 rows with ties and NaNs. Emitted as
/// scalar loops; `keyAt` reads the row's key at a position.
Value Emitter::topKHeapOrder(Location loc, Value k, Value columns,
                             const std::function<Value(Value)> &keyAt,
                             bool unsignedKeys) {
  auto idx = b.getIndexType();
  auto cst = [&](int64_t v) -> Value {
    return b.create<arith::ConstantIndexOp>(loc, v);
  };
  auto icmp = [&](arith::CmpIPredicate p, Value x, Value y) -> Value {
    return b.create<arith::CmpIOp>(loc, p, x, y);
  };
  auto add = [&](Value x, Value y) -> Value {
    return b.create<arith::AddIOp>(loc, x, y);
  };
  auto sub = [&](Value x, Value y) -> Value {
    return b.create<arith::SubIOp>(loc, x, y);
  };
  auto half = [&](Value x) -> Value {
    return b.create<arith::DivUIOp>(loc, x, cst(2));
  };
  auto at = [&](Value h, Value i) -> Value {
    return b.create<tensor::ExtractOp>(loc, h, ValueRange{i});
  };
  auto put = [&](Value h, Value i, Value v) -> Value {
    return b.create<tensor::InsertOp>(loc, v, h, ValueRange{i});
  };
  Value zero = cst(0), one = cst(1), two = cst(2);
  // TopN's comparison: whether position x sorts before position y.
  auto greater = [&](Value x, Value y) -> Value {
    Value kx = keyAt(x), ky = keyAt(y);
    Value lt, gt;
    if (isa<FloatType>(kx.getType())) {
      lt = b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::OLT, ky, kx);
      gt = b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::OGT, ky, kx);
    } else {
      lt = icmp(unsignedKeys ? arith::CmpIPredicate::ult
                             : arith::CmpIPredicate::slt,
                ky, kx);
      gt = icmp(unsignedKeys ? arith::CmpIPredicate::ugt
                             : arith::CmpIPredicate::sgt,
                ky, kx);
    }
    Value notGt = b.create<arith::XOrIOp>(
        loc, gt, b.create<arith::ConstantIntOp>(loc, 1, 1));
    return b.create<arith::OrIOp>(
        loc, lt,
        b.create<arith::AndIOp>(loc, notGt,
                                icmp(arith::CmpIPredicate::ult, x, y)));
  };
  // A while loop over `init` whose condition and body are built by the
  // callbacks at the builder's insertion point.
  using Step = std::function<SmallVector<Value>(ValueRange)>;
  auto loop = [&](SmallVector<Value> init,
                  const std::function<Value(ValueRange)> &cond,
                  const Step &body) -> SmallVector<Value> {
    SmallVector<Type> types;
    for (Value v : init)
      types.push_back(v.getType());
    auto w = b.create<scf::WhileOp>(
        loc, types, init,
        [&](OpBuilder &cb, Location, ValueRange args) {
          OpBuilder::InsertionGuard g(b);
          b.setInsertionPoint(cb.getInsertionBlock(), cb.getInsertionPoint());
          b.create<scf::ConditionOp>(loc, cond(args), args);
        },
        [&](OpBuilder &bb, Location, ValueRange args) {
          OpBuilder::InsertionGuard g(b);
          b.setInsertionPoint(bb.getInsertionBlock(), bb.getInsertionPoint());
          b.create<scf::YieldOp>(loc, body(args));
        });
    return SmallVector<Value>(w.getResults().begin(), w.getResults().end());
  };
  // std::__push_heap: `value` climbs from `hole` while its parent sorts
  // after it... in libstdc++'s terms, while comp(parent, value).
  auto climb = [&](Value h, Value hole, Value top, Value value) -> Value {
    auto r = loop(
        {hole, h},
        [&](ValueRange a) {
          // (hole - 1) / 2, read only when hole > top (hole >= 1).
          Value above = icmp(arith::CmpIPredicate::ugt, a[0], top);
          Value parent =
              half(sub(b.create<arith::MaxUIOp>(loc, a[0], one), one));
          return b
              .create<arith::AndIOp>(loc, above,
                                     greater(at(a[1], parent), value))
              .getResult();
        },
        [&](ValueRange a) -> SmallVector<Value> {
          Value parent = half(sub(a[0], one));
          return {parent, put(a[1], a[0], at(a[1], parent))};
        });
    return put(r[1], r[0], value);
  };
  // std::__adjust_heap: the hole at `hole` sinks to a leaf along the
  // children that sort first, then `value` climbs back from there.
  auto sink = [&](Value h, Value hole, Value len, Value value) -> Value {
    Value top = hole;
    Value inner = half(sub(len, one));
    auto r = loop(
        {hole, hole, h},
        [&](ValueRange a) {
          return icmp(arith::CmpIPredicate::ult, a[1], inner);
        },
        [&](ValueRange a) -> SmallVector<Value> {
          Value child = b.create<arith::MulIOp>(loc, add(a[1], one), two);
          Value left = sub(child, one);
          child = b.create<arith::SelectOp>(
              loc, greater(at(a[2], child), at(a[2], left)), left, child);
          return {child, child, put(a[2], a[0], at(a[2], child))};
        });
    Value hole2 = r[0], child = r[1];
    h = r[2];
    // An even length leaves one last child with no sibling.
    Value even = icmp(arith::CmpIPredicate::eq,
                      b.create<arith::RemUIOp>(loc, len, two), zero);
    Value lastParent = half(sub(b.create<arith::MaxUIOp>(loc, len, two), two));
    Value lone = b.create<arith::AndIOp>(
        loc, even, icmp(arith::CmpIPredicate::eq, child, lastParent));
    auto fix = b.create<scf::IfOp>(
        loc, lone,
        [&](OpBuilder &tb, Location) {
          OpBuilder::InsertionGuard g(b);
          b.setInsertionPoint(tb.getInsertionBlock(), tb.getInsertionPoint());
          Value left =
              sub(b.create<arith::MulIOp>(loc, add(child, one), two), one);
          b.create<scf::YieldOp>(loc,
                                 ValueRange{left, put(h, hole2, at(h, left))});
        },
        [&](OpBuilder &eb, Location) {
          eb.create<scf::YieldOp>(loc, ValueRange{hole2, h});
        });
    return climb(fix.getResult(1), fix.getResult(0), top, value);
  };
  // std::pop_heap over the first `len`: the top moves to the end.
  auto popHeap = [&](Value h, Value len) -> Value {
    Value last = sub(len, one);
    Value value = at(h, last);
    h = put(h, last, at(h, zero));
    return sink(h, zero, last, value);
  };

  Value size = add(k, one);
  auto heapType = RankedTensorType::get({ShapedType::kDynamic}, idx);
  Value h = b.create<tensor::GenerateOp>(
                 loc, heapType, ValueRange{size},
                 [&](OpBuilder &gb, Location gl, ValueRange i) {
                   gb.create<tensor::YieldOp>(gl, i[0]);
                 })
                .getResult();
  // make_heap over the first k + 1 positions, then pop the smallest.
  Value firstParent = half(sub(size, two));
  auto made = b.create<scf::ForOp>(
      loc, zero, add(firstParent, one), one, ValueRange{h},
      [&](OpBuilder &fb, Location, Value i, ValueRange st) {
        OpBuilder::InsertionGuard g(b);
        b.setInsertionPoint(fb.getInsertionBlock(), fb.getInsertionPoint());
        Value parent = sub(firstParent, i);
        b.create<scf::YieldOp>(loc,
                               sink(st[0], parent, size, at(st[0], parent)));
      });
  h = popHeap(made.getResult(0), size);
  // Each later position replaces the smallest when it sorts before it.
  auto pushes = b.create<scf::ForOp>(
      loc, size, columns, one, ValueRange{h},
      [&](OpBuilder &fb, Location, Value c, ValueRange st) {
        OpBuilder::InsertionGuard g(b);
        b.setInsertionPoint(fb.getInsertionBlock(), fb.getInsertionPoint());
        auto step = b.create<scf::IfOp>(
            loc, greater(c, at(st[0], zero)),
            [&](OpBuilder &tb, Location) {
              OpBuilder::InsertionGuard g2(b);
              b.setInsertionPoint(tb.getInsertionBlock(),
                                  tb.getInsertionPoint());
              // The smallest leaves (pop_heap over the first k), and the
              // new position climbs from the slot it left.
              Value last = sub(k, one);
              b.create<scf::YieldOp>(loc,
                                     climb(popHeap(st[0], k), last, zero, c));
            },
            [&](OpBuilder &eb, Location) {
              eb.create<scf::YieldOp>(loc, st[0]);
            });
        b.create<scf::YieldOp>(loc, step.getResult(0));
      });
  return pushes.getResult(0);
}

Value Emitter::emitTopK(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  Value in = input(n, 0);
  auto inType = cast<RankedTensorType>(in.getType());
  RankedTensorType indexType = tensorType(n.outputs[1]);
  int64_t rank = inType.getRank();
  Type et = inType.getElementType();
  auto idx = b.getIndexType();
  auto cst = [&](int64_t v) -> Value {
    return b.create<arith::ConstantIndexOp>(loc, v);
  };
  auto cmp = [&](arith::CmpIPredicate p, Value x, Value y) -> Value {
    return b.create<arith::CmpIOp>(loc, p, x, y);
  };
  Value zero = cst(0), one = cst(1);
  Value columns = dimSize(loc, in, rank - 1);

  // k is checked at trace time when it is known; otherwise here, and the
  // loops below use it clamped into [0, columns].
  Value k =
      b.create<arith::ExtSIOp>(loc, b.getI64Type(), scalarOf(loc, input(n, 1)));
  if (type.isDynamicDim(rank - 1) || inType.isDynamicDim(rank - 1)) {
    Value columns64 =
        b.create<arith::IndexCastOp>(loc, b.getI64Type(), columns);
    Value zero64 = b.create<arith::ConstantIntOp>(loc, 0, 64);
    check(n, cmp(arith::CmpIPredicate::sge, k, zero64),
          "Need k >= 0, got {int}", {k});
    check(n, cmp(arith::CmpIPredicate::sle, k, columns64),
          "input must have at least k columns. Had {int}, needed {int}",
          {columns64, k});
  }
  Value kept = b.create<arith::IndexCastOp>(loc, idx, k);
  kept = b.create<arith::MinSIOp>(
      loc, b.create<arith::MaxSIOp>(loc, kept, zero), columns);

  SmallVector<Value> dynamic, dims;
  Value rows = one;
  for (int64_t d = 0; d < rank; ++d) {
    Value size = d == rank - 1 ? kept : dimSize(loc, in, d);
    if (type.isDynamicDim(d))
      dynamic.push_back(size);
    if (d < rank - 1) {
      dims.push_back(size);
      rows = b.create<arith::MulIOp>(loc, rows, size);
    }
  }
  Value valuesOut = b.create<tensor::EmptyOp>(loc, type, dynamic);
  Value indicesOut = b.create<tensor::EmptyOp>(loc, indexType, dynamic);
  auto permType = RankedTensorType::get({ShapedType::kDynamic}, idx);
  const graph::DType *dtype = attr<graph::DType>(n, "T");
  arith::CmpIPredicate greater = dtype && *dtype == graph::DType::UInt8
                                     ? arith::CmpIPredicate::ugt
                                     : arith::CmpIPredicate::sgt;

  auto rowLoop = b.create<scf::ForOp>(
      loc, zero, rows, one, ValueRange{valuesOut, indicesOut},
      [&](OpBuilder &nb, Location l, Value row, ValueRange outs) {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
        // The row's coordinates in the leading dimensions.
        SmallVector<Value> at(rank);
        Value rest = row;
        for (int64_t d = rank - 2; d >= 0; --d) {
          at[d] = b.create<arith::RemUIOp>(l, rest, dims[d]);
          rest = b.create<arith::DivUIOp>(l, rest, dims[d]);
        }
        auto keyAt = [&](Value column) -> Value {
          SmallVector<Value> where(at);
          where[rank - 1] = column;
          return b.create<tensor::ExtractOp>(l, in, where);
        };
        // Whether position `right` sorts before `left`: larger keys first,
        // equal keys by lower position (the heap's order of its k is not
        // the positions'). A NaN sorts before nothing.
        auto before = [&](Value right, Value left) -> Value {
          Value r = keyAt(right), lv = keyAt(left);
          Value larger, equal;
          if (isa<FloatType>(et)) {
            larger =
                b.create<arith::CmpFOp>(l, arith::CmpFPredicate::OGT, r, lv);
            equal =
                b.create<arith::CmpFOp>(l, arith::CmpFPredicate::OEQ, r, lv);
          } else {
            larger = b.create<arith::CmpIOp>(l, greater, r, lv);
            equal = cmp(arith::CmpIPredicate::eq, r, lv);
          }
          Value earlier = cmp(arith::CmpIPredicate::ult, right, left);
          return b.create<arith::OrIOp>(
              l, larger, b.create<arith::AndIOp>(l, equal, earlier));
        };

        // Bottom-up merge sort of the first `count` positions of `src0`: runs
        // of `width` merged pairwise into the scratch buffer, which becomes the
        // next pass's input.
        auto mergeSort = [&](Value src0, Value count) -> Value {
          Value scratch =
              b.create<tensor::EmptyOp>(l, permType, ValueRange{count});
          auto passes = b.create<scf::WhileOp>(
              l, TypeRange{idx, permType, permType},
              ValueRange{one, src0, scratch},
              [&](OpBuilder &cb, Location cl, ValueRange args) {
                Value more = cb.create<arith::CmpIOp>(
                    cl, arith::CmpIPredicate::ult, args[0], count);
                cb.create<scf::ConditionOp>(cl, more, args);
              },
              [&](OpBuilder &pb, Location pl, ValueRange args) {
                OpBuilder::InsertionGuard passGuard(b);
                b.setInsertionPoint(pb.getInsertionBlock(),
                                    pb.getInsertionPoint());
                Value width = args[0], src = args[1];
                Value span = b.create<arith::AddIOp>(pl, width, width);
                auto merges = b.create<scf::ForOp>(
                    pl, zero, count, span, ValueRange{args[2]},
                    [&](OpBuilder &mb, Location ml, Value lo, ValueRange dst) {
                      OpBuilder::InsertionGuard mergeGuard(b);
                      b.setInsertionPoint(mb.getInsertionBlock(),
                                          mb.getInsertionPoint());
                      Value mid = b.create<arith::MinUIOp>(
                          ml, b.create<arith::AddIOp>(ml, lo, width), count);
                      Value hi = b.create<arith::MinUIOp>(
                          ml, b.create<arith::AddIOp>(ml, lo, span), count);
                      Value last = b.create<arith::SubIOp>(ml, count, one);
                      auto merge = b.create<scf::ForOp>(
                          ml, lo, hi, one, ValueRange{lo, mid, dst[0]},
                          [&](OpBuilder &sb, Location sl, Value out,
                              ValueRange st) {
                            OpBuilder::InsertionGuard stepGuard(b);
                            b.setInsertionPoint(sb.getInsertionBlock(),
                                                sb.getInsertionPoint());
                            Value i = st[0], j = st[1];
                            Value leftLeft = b.create<arith::CmpIOp>(
                                sl, arith::CmpIPredicate::ult, i, mid);
                            Value rightLeft = b.create<arith::CmpIOp>(
                                sl, arith::CmpIPredicate::ult, j, hi);
                            // Both reads stay in bounds; a spent run's value
                            // is not used.
                            Value pi = b.create<tensor::ExtractOp>(
                                sl, src,
                                ValueRange{
                                    b.create<arith::MinUIOp>(sl, i, last)});
                            Value pj = b.create<tensor::ExtractOp>(
                                sl, src,
                                ValueRange{
                                    b.create<arith::MinUIOp>(sl, j, last)});
                            Value takeRight = b.create<arith::AndIOp>(
                                sl, rightLeft,
                                b.create<arith::OrIOp>(
                                    sl,
                                    b.create<arith::XOrIOp>(
                                        sl, leftLeft,
                                        b.create<arith::ConstantIntOp>(sl, 1,
                                                                       1)),
                                    before(pj, pi)));
                            Value chosen = b.create<arith::SelectOp>(
                                sl, takeRight, pj, pi);
                            Value written = b.create<tensor::InsertOp>(
                                sl, chosen, st[2], ValueRange{out});
                            Value nextI = b.create<arith::SelectOp>(
                                sl, takeRight, i,
                                b.create<arith::AddIOp>(sl, i, one));
                            Value nextJ = b.create<arith::SelectOp>(
                                sl, takeRight,
                                b.create<arith::AddIOp>(sl, j, one), j);
                            b.create<scf::YieldOp>(
                                sl, ValueRange{nextI, nextJ, written});
                          });
                      b.create<scf::YieldOp>(ml, merge.getResult(2));
                    });
                b.create<scf::YieldOp>(
                    pl, ValueRange{span, merges.getResult(0), src});
              });
          return passes.getResult(1);
        };
        const bool *sortedAttr = attr<bool>(n, "sorted");
        const bool unsorted = sortedAttr && !*sortedAttr;
        // k strictly between 1 and the row's length: TensorFlow's TopN
        // heap of the k largest, in O(columns log k). Unsorted, its order
        // is the kernel's; sorted, the k positions are then sorted, as a
        // full sort would leave them. A sorted k above half the row sorts
        // the whole row instead, which costs less.
        Value heapCase = b.create<arith::AndIOp>(
            l, cmp(arith::CmpIPredicate::ugt, kept, one),
            cmp(arith::CmpIPredicate::ult, kept, columns));
        if (!unsorted)
          heapCase = b.create<arith::AndIOp>(
              l, heapCase,
              cmp(arith::CmpIPredicate::ult,
                  b.create<arith::AddIOp>(l, kept, kept), columns));
        auto choose = b.create<scf::IfOp>(
            l, heapCase,
            [&](OpBuilder &tb, Location tl) {
              OpBuilder::InsertionGuard g(b);
              b.setInsertionPoint(tb.getInsertionBlock(),
                                  tb.getInsertionPoint());
              Value heap =
                  b.create<tensor::CastOp>(
                       tl, permType,
                       topKHeapOrder(tl, kept, columns, keyAt,
                                     greater == arith::CmpIPredicate::ugt))
                      .getResult();
              b.create<scf::YieldOp>(tl,
                                     unsorted ? heap : mergeSort(heap, kept));
            },
            [&](OpBuilder &eb, Location el) {
              OpBuilder::InsertionGuard g(b);
              b.setInsertionPoint(eb.getInsertionBlock(),
                                  eb.getInsertionPoint());
              // The row's positions 0..columns-1, made only here: the heap
              // case does not need them.
              Value positions =
                  b.create<tensor::GenerateOp>(
                       el, permType, ValueRange{columns},
                       [&](OpBuilder &gb, Location gl, ValueRange i) {
                         gb.create<tensor::YieldOp>(gl, i[0]);
                       })
                      .getResult();
              b.create<scf::YieldOp>(el, mergeSort(positions, columns));
            });
        Value sorted = choose.getResult(0);

        // The first k positions and their values.
        auto write = b.create<scf::ForOp>(
            l, zero, kept, one, ValueRange{outs[0], outs[1]},
            [&](OpBuilder &wb, Location wl, Value c, ValueRange st) {
              OpBuilder::InsertionGuard writeGuard(b);
              b.setInsertionPoint(wb.getInsertionBlock(),
                                  wb.getInsertionPoint());
              Value p = b.create<tensor::ExtractOp>(wl, sorted, ValueRange{c});
              SmallVector<Value> where(at);
              where[rank - 1] = c;
              Value v = b.create<tensor::InsertOp>(wl, keyAt(p), st[0], where);
              Value position = b.create<arith::IndexCastOp>(
                  wl, indexType.getElementType(), p);
              Value i = b.create<tensor::InsertOp>(wl, position, st[1], where);
              b.create<scf::YieldOp>(wl, ValueRange{v, i});
            });
        b.create<scf::YieldOp>(l, write.getResults());
      });
  values[key({static_cast<int>(&n - g.nodes.data()), 1})] =
      rowLoop.getResult(1);
  return rowLoop.getResult(0);
}

Value Emitter::emitFloatRange(const graph::Node &n, RankedTensorType type) {
  // TensorFlow's Range kernel for floats: its checks on the bounds (their
  // values printed as C++ streams print them), ceil(|(limit - start) /
  // delta|) elements, element i start + i * delta rounded after each
  // operation.
  Location loc = locOf(n);
  Scalars s{b, loc};
  Type et = type.getElementType();
  Value start = scalarOf(loc, input(n, 0)), limit = scalarOf(loc, input(n, 1)),
        delta = scalarOf(loc, input(n, 2));
  auto i64 = b.getI64Type();
  auto bits = [&](Value v) -> Value {
    if (!v.getType().isF64())
      v = b.create<arith::ExtFOp>(loc, b.getF64Type(), v);
    return b.create<arith::BitcastOp>(loc, i64, v);
  };
  using P = arith::CmpFPredicate;
  Value zero = s.real(et, 0.0);
  check(n, s.cmp(P::UNE, delta, zero), "Requires delta != 0: {real}",
        {bits(delta)});
  Value up = s.cmp(P::OGT, delta, zero);
  Value down = b.create<arith::XOrIOp>(
      loc, up, b.create<arith::ConstantIntOp>(loc, 1, 1));
  check(n, b.create<arith::OrIOp>(loc, down, s.cmp(P::OLE, start, limit)),
        "Requires start <= limit when delta > 0: {real}/{real}",
        {bits(start), bits(limit)});
  check(n, b.create<arith::OrIOp>(loc, up, s.cmp(P::OGE, start, limit)),
        "Requires start >= limit when delta < 0: {real}/{real}",
        {bits(start), bits(limit)});
  Value count =
      b.create<math::CeilOp>(loc, s.abs(s.div(s.sub(limit, start), delta)));
  Value fits = s.cmp(P::OLE, count, s.real(et, 9.2233720368547758e18));
  check(n, fits, "Requires ((limit - start) / delta) <= 9223372036854775807",
        {});
  // After a failed check the count may be NaN, infinite or negative:
  // none then.
  count =
      s.select(b.create<arith::AndIOp>(loc, fits, s.cmp(P::OGT, count, zero)),
               count, zero);
  Value size = b.create<arith::IndexCastOp>(
      loc, b.getIndexType(), b.create<arith::FPToSIOp>(loc, i64, count));
  auto dynType = RankedTensorType::get({ShapedType::kDynamic}, et);
  Value out = b.create<tensor::EmptyOp>(loc, dynType, ValueRange{size});
  Value filled =
      s.update(s.index(0), size, out, [&](Scalars &s, Value i, Value t) {
        Value k = s.b.create<arith::UIToFPOp>(
            s.loc, et, s.b.create<arith::IndexCastOp>(s.loc, i64, i));
        return s.put(s.add(start, s.mul(k, delta)), t, {i});
      });
  return b.create<tensor::CastOp>(loc, type, filled);
}

Value Emitter::emitRoll(const graph::Node &n, RankedTensorType type) {
  // Roll by shifts known at run time: the kernel adds up the shifts of each
  // axis, and element i of a rolled axis of size s reads element
  // (i - shift) mod s.
  Location loc = locOf(n);
  Value x = input(n, 0), shift = input(n, 1);
  const auto &axes = *attr<std::vector<int64_t>>(n, "axes");
  auto i64 = b.getI64Type();
  int64_t rank = type.getRank();
  SmallVector<Value> total(rank);
  auto shiftType = cast<RankedTensorType>(shift.getType());
  for (size_t i = 0; i < axes.size(); ++i) {
    SmallVector<Value> at;
    if (shiftType.getRank() == 1)
      at.push_back(b.create<arith::ConstantIndexOp>(loc, i));
    Value s = b.create<tensor::ExtractOp>(loc, shift, at);
    if (s.getType() != i64)
      s = b.create<arith::ExtSIOp>(loc, i64, s);
    Value &sum = total[axes[i]];
    sum = sum ? b.create<arith::AddIOp>(loc, sum, s).getResult() : s;
  }
  SmallVector<Value> sizes, moves(rank);
  for (int64_t d = 0; d < rank; ++d) {
    sizes.push_back(dimSize(loc, x, d));
    if (!total[d])
      continue;
    // A non-negative remainder; an empty axis (size 0) has nothing to move.
    Value size = b.create<arith::IndexCastOp>(loc, i64, sizes[d]);
    Value one = b.create<arith::ConstantIntOp>(loc, 1, 64);
    Value safe = b.create<arith::MaxSIOp>(loc, size, one);
    Value r = b.create<arith::RemSIOp>(loc, total[d], safe);
    r = b.create<arith::RemSIOp>(loc, b.create<arith::AddIOp>(loc, r, safe),
                                 safe);
    moves[d] = b.create<arith::IndexCastOp>(loc, b.getIndexType(), r);
  }
  SmallVector<Value> dynamic;
  for (int64_t d = 0; d < rank; ++d)
    if (type.isDynamicDim(d))
      dynamic.push_back(sizes[d]);
  return b.create<tensor::GenerateOp>(
      loc, type, dynamic, [&](OpBuilder &gb, Location l, ValueRange idx) {
        SmallVector<Value> from(idx.begin(), idx.end());
        for (int64_t d = 0; d < rank; ++d) {
          if (!moves[d])
            continue;
          Value j = gb.create<arith::SubIOp>(l, idx[d], moves[d]);
          Value wrapped = gb.create<arith::AddIOp>(l, j, sizes[d]);
          Value below =
              gb.create<arith::CmpIOp>(l, arith::CmpIPredicate::slt, j,
                                       gb.create<arith::ConstantIndexOp>(l, 0));
          from[d] = gb.create<arith::SelectOp>(l, below, wrapped, j);
        }
        gb.create<tensor::YieldOp>(l, gb.create<tensor::ExtractOp>(l, x, from));
      });
}

Value Emitter::emitSpaceToDepth(const graph::Node &n, RankedTensorType type) {
  // Element [b, i, j, (bi * block + bj) * c + k] of SpaceToDepth's result
  // is element [b, i * block + bi, j * block + bj, k] of its input (c its
  // depth); DepthToSpace reads the other way. Any dimension may be known
  // only at run time: then the kernel's divisibility check runs here, and
  // sizes rounded down keep every read in bounds should it fail.
  Location loc = locOf(n);
  Value x = input(n, 0);
  int64_t blockSize = *attr<int64_t>(n, "block_size");
  bool toDepth = n.op == "SpaceToDepth";
  auto index = [&](int64_t v) -> Value {
    return b.create<arith::ConstantIndexOp>(loc, v);
  };
  Value block = index(blockSize), area = index(blockSize * blockSize);
  SmallVector<Value> in;
  for (int64_t d = 0; d < 4; ++d)
    in.push_back(dimSize(loc, x, d));
  auto cmp = [&](Value a, Value z) {
    return b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, a, z);
  };
  Value zero = index(0);
  SmallVector<Value> out = {in[0]};
  if (toDepth) {
    auto inType = cast<RankedTensorType>(x.getType());
    if (inType.isDynamicDim(1) || inType.isDynamicDim(2)) {
      Value ok = b.create<arith::AndIOp>(
          loc, cmp(b.create<arith::RemUIOp>(loc, in[1], block), zero),
          cmp(b.create<arith::RemUIOp>(loc, in[2], block), zero));
      check(n, ok,
            "Image width {int} and height {int} should be divisible by "
            "block_size: " +
                std::to_string(blockSize),
            {in[2], in[1]});
    }
    out.push_back(b.create<arith::DivUIOp>(loc, in[1], block));
    out.push_back(b.create<arith::DivUIOp>(loc, in[2], block));
    out.push_back(b.create<arith::MulIOp>(loc, in[3], area));
  } else {
    if (type.isDynamicDim(3))
      check(n, cmp(b.create<arith::RemUIOp>(loc, in[3], area), zero),
            "Input depth dimension {int} should be divisible by: " +
                std::to_string(blockSize * blockSize),
            {in[3]});
    out.push_back(b.create<arith::MulIOp>(loc, in[1], block));
    out.push_back(b.create<arith::MulIOp>(loc, in[2], block));
    out.push_back(b.create<arith::DivUIOp>(loc, in[3], area));
  }
  SmallVector<Value> dynamic;
  for (int64_t d = 0; d < 4; ++d)
    if (type.isDynamicDim(d))
      dynamic.push_back(out[d]);
  // The space side's depth: the input's for SpaceToDepth, the result's for
  // DepthToSpace.
  Value depth = toDepth ? in[3] : out[3];
  return b.create<tensor::GenerateOp>(
      loc, type, dynamic, [&](OpBuilder &gb, Location l, ValueRange idx) {
        auto mul = [&](Value a, Value c) {
          return gb.create<arith::MulIOp>(l, a, c).getResult();
        };
        auto add = [&](Value a, Value c) {
          return gb.create<arith::AddIOp>(l, a, c).getResult();
        };
        auto div = [&](Value a, Value c) {
          return gb.create<arith::DivUIOp>(l, a, c).getResult();
        };
        auto rem = [&](Value a, Value c) {
          return gb.create<arith::RemUIOp>(l, a, c).getResult();
        };
        SmallVector<Value> from;
        if (toDepth) {
          Value q = div(idx[3], depth); // bi * block + bj
          from = {idx[0], add(mul(idx[1], block), div(q, block)),
                  add(mul(idx[2], block), rem(q, block)), rem(idx[3], depth)};
        } else {
          Value q = add(mul(rem(idx[1], block), block), rem(idx[2], block));
          from = {idx[0], div(idx[1], block), div(idx[2], block),
                  add(mul(q, depth), idx[3])};
        }
        gb.create<tensor::YieldOp>(l, gb.create<tensor::ExtractOp>(l, x, from));
      });
}

Value Emitter::emitUnravelIndex(const graph::Node &n, RankedTensorType type) {
  // TensorFlow's kernel checks, in its order: indices that are not empty;
  // each dim positive, their running product within the dtype; each index
  // below the product. Element [k] (or [k, j]) of the result is then
  // (index / stride) % dims[k], stride the product of the dims after k,
  // with C's truncating division (a negative index is not an error).
  Location loc = locOf(n);
  Value indices = input(n, 0), dims = input(n, 1);
  auto indicesType = cast<RankedTensorType>(indices.getType());
  Type et = indicesType.getElementType();
  bool wide = et.isInteger(64);
  auto i64 = b.getI64Type();
  auto c64 = [&](OpBuilder &ob, Location l, int64_t v) -> Value {
    return ob.create<arith::ConstantIntOp>(l, v, 64);
  };
  auto widen = [&](OpBuilder &ob, Location l, Value v) -> Value {
    return wide ? v : ob.create<arith::ExtSIOp>(l, i64, v).getResult();
  };
  Value zero = b.create<arith::ConstantIndexOp>(loc, 0);
  Value one = b.create<arith::ConstantIndexOp>(loc, 1);
  Value count = dimSize(loc, dims, 0);
  Value n64 = c64(b, loc, 1);
  if (indicesType.getRank() == 1)
    n64 = b.create<arith::IndexCastOp>(loc, i64, dimSize(loc, indices, 0));
  check(n,
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ne, n64,
                                c64(b, loc, 0)),
        std::string("received empty tensor indices: Tensor<type: ") +
            (wide ? "int64" : "int32") + " shape: [0] values: >",
        {});
  // The dims, first to last: the product so far, and the first failure
  // (kind 1: a zero, 2: negative, 3: overflow) with its index and dim.
  int64_t limit = wide ? INT64_MAX : INT32_MAX;
  auto walk = b.create<scf::ForOp>(
      loc, zero, count, one,
      ValueRange{c64(b, loc, 1), c64(b, loc, 0), c64(b, loc, 0),
                 c64(b, loc, 0)},
      [&](OpBuilder &nb, Location l, Value k, ValueRange state) {
        Value d = widen(nb, l, nb.create<tensor::ExtractOp>(l, dims, k));
        auto cmp = [&](arith::CmpIPredicate p, Value x, Value y) {
          return nb.create<arith::CmpIOp>(l, p, x, y);
        };
        auto pick = [&](Value c, Value x, Value y) {
          return nb.create<arith::SelectOp>(l, c, x, y).getResult();
        };
        Value positive = cmp(arith::CmpIPredicate::sgt, d, c64(nb, l, 0));
        Value safe = pick(positive, d, c64(nb, l, 1));
        Value overflow =
            cmp(arith::CmpIPredicate::sgt, state[0],
                nb.create<arith::DivSIOp>(l, c64(nb, l, limit), safe));
        Value kind =
            pick(cmp(arith::CmpIPredicate::eq, d, c64(nb, l, 0)), c64(nb, l, 1),
                 pick(positive, pick(overflow, c64(nb, l, 3), c64(nb, l, 0)),
                      c64(nb, l, 2)));
        Value fresh = cmp(arith::CmpIPredicate::eq, state[1], c64(nb, l, 0));
        Value fails = nb.create<arith::AndIOp>(
            l, fresh, cmp(arith::CmpIPredicate::ne, kind, c64(nb, l, 0)));
        Value grows = nb.create<arith::AndIOp>(
            l, fresh, cmp(arith::CmpIPredicate::eq, kind, c64(nb, l, 0)));
        Value k64 = nb.create<arith::IndexCastOp>(l, i64, k);
        nb.create<scf::YieldOp>(
            l,
            ValueRange{
                pick(grows, nb.create<arith::MulIOp>(l, state[0], d), state[0]),
                pick(fails, kind, state[1]), pick(fails, k64, state[2]),
                pick(fails, d, state[3])});
      });
  Value product = walk.getResult(0), kind = walk.getResult(1);
  Value at = walk.getResult(2), dim = walk.getResult(3);
  auto isNot = [&](int64_t k) -> Value {
    return b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ne, kind,
                                   c64(b, loc, k));
  };
  check(n, isNot(1),
        "Input dims cannot contain a dim of zero, but dims contains zero at "
        "index {int}",
        {at});
  check(n, isNot(2),
        "Input dims cannot be negative. Got dim = {int} at index {int}",
        {dim, at});
  check(n, isNot(3),
        "Input dims product is causing integer overflow: ({padded})",
        {b.create<arith::IndexCastOp>(loc, i64, count)},
        [&](Location l) -> Value {
          if (wide)
            return dims;
          auto type = RankedTensorType::get(
              cast<RankedTensorType>(dims.getType()).getShape(), i64);
          return b.create<CastOp>(l, type, dims);
        });
  // Every index below the product (a failed dims check leaves it at the
  // product of the dims before the failure).
  Value allBelow = b.create<arith::ConstantIntOp>(loc, 1, 1);
  if (indicesType.getRank() == 0) {
    Value v = widen(b, loc, b.create<tensor::ExtractOp>(loc, indices));
    allBelow =
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, v, product);
  } else {
    auto scan = b.create<scf::ForOp>(
        loc, zero, dimSize(loc, indices, 0), one, ValueRange{allBelow},
        [&](OpBuilder &nb, Location l, Value j, ValueRange state) {
          Value v = widen(nb, l, nb.create<tensor::ExtractOp>(l, indices, j));
          Value below = nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::slt,
                                                 v, product);
          nb.create<scf::YieldOp>(
              l, ValueRange{nb.create<arith::AndIOp>(l, state[0], below)});
        });
    allBelow = scan.getResult(0);
  }
  check(n, allBelow, "index is out of bound as with dims", {});
  SmallVector<Value> dynamic;
  if (type.isDynamicDim(0))
    dynamic.push_back(count);
  if (type.getRank() == 2 && type.isDynamicDim(1))
    dynamic.push_back(dimSize(loc, indices, 0));
  return b.create<tensor::GenerateOp>(
      loc, type, dynamic, [&](OpBuilder &gb, Location l, ValueRange idx) {
        // Divisors of 1 in place of dims that failed their check.
        auto dimAt = [&](Value k) {
          Value d = widen(gb, l, gb.create<tensor::ExtractOp>(l, dims, k));
          Value positive = gb.create<arith::CmpIOp>(
              l, arith::CmpIPredicate::sgt, d, c64(gb, l, 0));
          return gb.create<arith::SelectOp>(l, positive, d, c64(gb, l, 1))
              .getResult();
        };
        Value k = idx[0];
        Value after = gb.create<arith::AddIOp>(l, k, one);
        auto stride = gb.create<scf::ForOp>(
            l, after, count, one, ValueRange{c64(gb, l, 1)},
            [&](OpBuilder &sb, Location sl, Value m, ValueRange state) {
              OpBuilder::InsertionGuard guard(gb);
              gb.setInsertionPoint(sb.getInsertionBlock(),
                                   sb.getInsertionPoint());
              sb.create<scf::YieldOp>(sl, ValueRange{sb.create<arith::MulIOp>(
                                              sl, state[0], dimAt(m))});
            });
        SmallVector<Value> at;
        if (type.getRank() == 2)
          at.push_back(idx[1]);
        Value index =
            widen(gb, l, gb.create<tensor::ExtractOp>(l, indices, at));
        Value q = gb.create<arith::DivSIOp>(l, index, stride.getResult(0));
        Value r = gb.create<arith::RemSIOp>(l, q, dimAt(k));
        if (!wide)
          r = gb.create<arith::TruncIOp>(l, et, r);
        gb.create<tensor::YieldOp>(l, r);
      });
}

Value Emitter::emitCross(const graph::Node &n, RankedTensorType type) {
  // Component k of the result: a[k + 1] * b[k + 2] - a[k + 2] * b[k + 1]
  // (indices mod 3), each product rounded, as the kernel computes it.
  Location loc = locOf(n);
  Value a = input(n, 0), bv = input(n, 1);
  int64_t rank = type.getRank();
  auto aType = cast<RankedTensorType>(a.getType());
  auto bType = cast<RankedTensorType>(bv.getType());
  Value same;
  SmallVector<Value> dynamic;
  for (int64_t d = 0; d < rank; ++d) {
    if (aType.isDynamicDim(d) || bType.isDynamicDim(d)) {
      Value eq =
          b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq,
                                  dimSize(loc, a, d), dimSize(loc, bv, d));
      same = same ? b.create<arith::AndIOp>(loc, same, eq).getResult() : eq;
    }
    // The smaller size where they differ (the check fails then): every
    // read stays within both inputs.
    if (type.isDynamicDim(d))
      dynamic.push_back(b.create<arith::MinUIOp>(loc, dimSize(loc, a, d),
                                                 dimSize(loc, bv, d)));
  }
  if (same)
    checkShapes(n, same, a, bv,
                "Both inputs must be of same shape: {shape} vs. {shape}");
  bool isFloat = isa<FloatType>(type.getElementType());
  return b.create<tensor::GenerateOp>(
      loc, type, dynamic, [&](OpBuilder &gb, Location l, ValueRange idx) {
        Value three = gb.create<arith::ConstantIndexOp>(l, 3);
        auto component = [&](Value t, int64_t shift) {
          SmallVector<Value> at(idx.begin(), idx.end());
          Value k = gb.create<arith::AddIOp>(
              l, at.back(), gb.create<arith::ConstantIndexOp>(l, shift));
          at.back() = gb.create<arith::RemUIOp>(l, k, three);
          return gb.create<tensor::ExtractOp>(l, t, at).getResult();
        };
        auto mul = [&](Value x, Value y) -> Value {
          return isFloat ? gb.create<arith::MulFOp>(l, x, y).getResult()
                         : gb.create<arith::MulIOp>(l, x, y).getResult();
        };
        Value first = mul(component(a, 1), component(bv, 2));
        Value second = mul(component(a, 2), component(bv, 1));
        Value v = isFloat
                      ? gb.create<arith::SubFOp>(l, first, second).getResult()
                      : gb.create<arith::SubIOp>(l, first, second).getResult();
        gb.create<tensor::YieldOp>(l, v);
      });
}

} // namespace kiln
