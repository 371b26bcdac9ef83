// Image and padding ops, in the order of TensorFlow's CPU kernels:
// - Conv2D: each output element is one chain of multiply-adds over the
//   filter window in (row, column, input channel) order, fused for float32
//   as Eigen's contraction kernel computes it (docs/numerics.md); on a
//   processor without AVX-512, oneDNN's AVX kernels' orders on the image
//   patches;
// - MaxPool and AvgPool: TensorFlow's SpatialMaxPool and SpatialAvgPool,
//   which visit the window's inputs row by row; a max starts from the
//   lowest finite value, an average divides the sum of the inputs inside
//   the image by their count;
// - BiasAdd: the bias added along the last dimension;
// - Pad, PadV2 and MirrorPad with paddings known at trace time.
#include "DotOrders.h"
#include "Emitter.h"
#include "passes/Avx2MatMul.h"
#include "passes/EigenContraction.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <limits>
#include <thread>

namespace kiln {

Value Emitter::padWith(Location loc, Value x, ArrayRef<int64_t> before,
                       ArrayRef<int64_t> after, Value fill) {
  SmallVector<OpFoldResult> lo, hi;
  for (size_t d = 0; d < before.size(); ++d) {
    lo.push_back(b.getIndexAttr(before[d]));
    hi.push_back(b.getIndexAttr(after[d]));
  }
  return padWith(loc, x, lo, hi, fill);
}

Value Emitter::padWith(Location loc, Value x, ArrayRef<OpFoldResult> before,
                       ArrayRef<OpFoldResult> after, Value fill) {
  auto xt = cast<RankedTensorType>(x.getType());
  int64_t rank = xt.getRank();
  // A filled tensor with `x` inserted: what tensor.pad decomposes to, built
  // directly (one-shot bufferization mishandles a tensor.pad with dynamic
  // sizes).
  SmallVector<int64_t> shape;
  SmallVector<Value> dynamic;
  SmallVector<OpFoldResult> offsets, sizes, strides(rank, b.getIndexAttr(1));
  for (int64_t d = 0; d < rank; ++d) {
    offsets.push_back(before[d]);
    std::optional<int64_t> lo = getConstantIntValue(before[d]),
                           hi = getConstantIntValue(after[d]);
    if (!xt.isDynamicDim(d) && lo && hi) {
      sizes.push_back(b.getIndexAttr(xt.getDimSize(d)));
      shape.push_back(xt.getDimSize(d) + *lo + *hi);
      continue;
    }
    Value size = dimSize(loc, x, d);
    sizes.push_back(size);
    shape.push_back(ShapedType::kDynamic);
    auto value = [&](OpFoldResult v) {
      return getValueOrCreateConstantIndexOp(b, loc, v);
    };
    dynamic.push_back(b.create<arith::AddIOp>(
        loc, size,
        b.create<arith::AddIOp>(loc, value(before[d]), value(after[d]))));
  }
  auto type = RankedTensorType::get(shape, xt.getElementType());
  return b.create<tensor::InsertSliceOp>(
      loc, x, splat(loc, type, dynamic, fill), offsets, sizes, strides);
}

SmallVector<OpFoldResult> Emitter::imagePads(Location loc, const graph::Node &n,
                                             Value x,
                                             ArrayRef<int64_t> effective) {
  const auto &pads = *attr<std::vector<int64_t>>(n, "pads");
  const auto &strides = *attr<std::vector<int64_t>>(n, "strides");
  SmallVector<OpFoldResult> out;
  for (int64_t d = 1; d <= 2; ++d) {
    if (pads[2 * d - 2] >= 0) {
      out.push_back(b.getIndexAttr(pads[2 * d - 2]));
      out.push_back(b.getIndexAttr(pads[2 * d - 1]));
      continue;
    }
    // SAME padding on a size known at run time: TensorFlow's
    // GetWindowedOutputSize. The result has ceil(size / stride) positions;
    // the padding is what the last window needs past the image, the
    // smaller half before it.
    Scalars s{b, loc};
    int64_t stride = strides[d];
    Value size = dimSize(loc, x, d);
    Value positions = s.idiv(s.iadd(size, s.index(stride - 1)), stride);
    Value needed =
        s.iadd(s.imul(positions, stride), s.index(effective[d - 1] - stride));
    Value total = b.create<arith::MaxSIOp>(
        loc, b.create<arith::SubIOp>(loc, needed, size), s.index(0));
    Value top = s.idiv(total, 2);
    out.push_back(top);
    out.push_back(b.create<arith::SubIOp>(loc, total, top).getResult());
  }
  return out;
}

Value Emitter::padImage(Location loc, Value x, ArrayRef<OpFoldResult> pads,
                        TypedAttr fill) {
  if (llvm::all_of(pads,
                   [](OpFoldResult p) { return isConstantIntValue(p, 0); }))
    return x;
  OpFoldResult zero = b.getIndexAttr(0);
  return padWith(loc, x, {zero, pads[0], pads[2], zero},
                 {zero, pads[1], pads[3], zero},
                 b.create<arith::ConstantOp>(loc, fill));
}

Value Emitter::padImage(Location loc, Value x, ArrayRef<int64_t> pads,
                        TypedAttr fill) {
  SmallVector<OpFoldResult> all;
  for (int64_t p : pads)
    all.push_back(b.getIndexAttr(p));
  return padImage(loc, x, all, fill);
}

SmallVector<Value> Emitter::windowedSizes(const graph::Node &n,
                                          RankedTensorType type, Value image,
                                          Value padded,
                                          ArrayRef<int64_t> effective,
                                          ArrayRef<int64_t> strides) {
  Location loc = locOf(n);
  SmallVector<Value> dynamic;
  if (type.isDynamicDim(0))
    dynamic.push_back(dimSize(loc, padded, 0));
  for (int64_t d = 1; d <= 2; ++d) {
    if (!type.isDynamicDim(d))
      continue;
    // (padded - effective + stride) / stride positions, truncated as the
    // kernel divides; the kernel fails below 0 (SAME never gets there).
    Scalars s{b, loc};
    Value room = b.create<arith::SubIOp>(
        loc, dimSize(loc, padded, d), s.index(effective[d - 1] - strides[d]));
    Value size = b.create<arith::DivSIOp>(loc, room, s.index(strides[d]));
    check(n,
          b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sge, size,
                                  s.index(0)),
          "Computed output size would be negative: {int} [input_size: {int}, "
          "effective_filter_size: " +
              std::to_string(effective[d - 1]) +
              ", stride: " + std::to_string(strides[d]) + "]",
          {size, dimSize(loc, image, d)});
    dynamic.push_back(
        b.create<arith::MaxSIOp>(loc, size, s.index(0)).getResult());
  }
  return dynamic;
}

Value Emitter::emitConv2D(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  Value x = input(n, 0), k = input(n, 1);
  const auto &strides = *attr<std::vector<int64_t>>(n, "strides");
  const auto &dilations = *attr<std::vector<int64_t>>(n, "dilations");
  Type et = type.getElementType();
  auto kt = cast<RankedTensorType>(k.getType());
  SmallVector<int64_t> effective{(kt.getDimSize(0) - 1) * dilations[1] + 1,
                                 (kt.getDimSize(1) - 1) * dilations[2] + 1};
  x = padImage(loc, x, imagePads(loc, n, x, effective), b.getZeroAttr(et));

  // Dimensions: n, oh, ow, f (parallel), kh, kw, c (reduced in order).
  AffineExpr d[7];
  bindDims(ctx, d[0], d[1], d[2], d[3], d[4], d[5], d[6]);
  auto image = AffineMap::get(7, 0,
                              {d[0], d[1] * strides[1] + d[4] * dilations[1],
                               d[2] * strides[2] + d[5] * dilations[2], d[6]},
                              ctx);
  auto filter = AffineMap::get(7, 0, {d[4], d[5], d[6], d[3]}, ctx);
  auto output = AffineMap::get(7, 0, {d[0], d[1], d[2], d[3]}, ctx);
  SmallVector<utils::IteratorType> iterators(4, utils::IteratorType::parallel);
  iterators.append(3, utils::IteratorType::reduction);
  SmallVector<Value> dynamic =
      windowedSizes(n, type, input(n, 0), x, effective, strides);
  bool fused = et.isF32();
  // A dot product per output element over the window's taps
  // (r * kw + q) * channels + c, in `model`'s order.
  // `pieces` (boundaries of runs of taps, one list per shard) sum apart:
  // the runs of a shard added in order, then the shards.
  int64_t taps = kt.getDimSize(0) * kt.getDimSize(1) * kt.getDimSize(2);
  auto dots = [&](Dot model, std::vector<std::vector<int64_t>> pieces) {
    int64_t kw = kt.getDimSize(1), channels = kt.getDimSize(2);
    if (pieces.empty())
      pieces = {{0, taps}};
    return b
        .create<tensor::GenerateOp>(
            loc, type, dynamic,
            [&](OpBuilder &nb, Location l, ValueRange at) {
              Scalars s{nb, l};
              auto ab = [&](Scalars &s, Value t) {
                Value c = s.irem(t, channels), rest = s.idiv(t, channels);
                Value r = s.idiv(rest, kw), q = s.irem(rest, kw);
                Value row = s.tapAt(at[1], strides[1], r, dilations[1]);
                Value col = s.tapAt(at[2], strides[2], q, dilations[2]);
                return std::pair<Value, Value>{s.at(x, {at[0], row, col, c}),
                                               s.at(k, {r, q, c, at[3]})};
              };
              Value total;
              for (const std::vector<int64_t> &bounds : pieces) {
                Value sum;
                for (size_t i = 0; i + 1 < bounds.size(); ++i) {
                  Value lo = s.index(bounds[i]), hi = s.index(bounds[i + 1]);
                  // Gemv8's kernel adds the output so far itself, before
                  // its last pieces; the others' sums are added after.
                  if (model == Dot::Gemv8)
                    sum = dotProduct(s, model, lo, hi, et, ab, sum);
                  else if (Value part = dotProduct(s, model, lo, hi, et, ab);
                           sum)
                    sum = s.add(sum, part);
                  else
                    sum = part;
                }
                total = total ? s.add(total, sum) : sum;
              }
              nb.create<tensor::YieldOp>(l, total);
            })
        .getResult();
  };
  // Eigen's contraction cuts a long window into pieces, as for a MatMul of
  // the image patches [positions, taps] by the filters [taps, channels]
  // (measured equal to that MatMul on most shapes; passes/
  // EigenContraction.h). Known where the positions are static.
  // With one output channel, the contraction's k slices are each one call
  // of oneDNN's matrix-vector kernel.
  std::vector<std::vector<int64_t>> pieces, slices;
  int64_t threads = std::max(1u, std::thread::hardware_concurrency());
  auto imageType = cast<RankedTensorType>(input(n, 0).getType());
  const std::string *padding = attr<std::string>(n, "padding");
  bool valid = padding && *padding == "VALID";
  // TensorFlow runs an undilated 1x1 stride-1 (VALID or SAME) or VALID
  // whole-image convolution as a plain MatMul: no patches to compute.
  bool undilated = dilations[1] == 1 && dilations[2] == 1;
  bool plain =
      undilated &&
      ((kt.getDimSize(0) == 1 && kt.getDimSize(1) == 1 && strides[1] == 1 &&
        strides[2] == 1 && (valid || (padding && *padding == "SAME"))) ||
       (valid && kt.getDimSize(0) == imageType.getDimSize(1) &&
        kt.getDimSize(1) == imageType.getDimSize(2)));
  if (fused && type.hasStaticShape()) {
    int64_t positions =
        type.getDimSize(0) * type.getDimSize(1) * type.getDimSize(2);
    if (positions > 1 && kt.getDimSize(3) == 1 && taps > 0)
      slices = kiln::eigen::oneChannelConvSlices(
          positions, taps, !plain, threads, kiln::eigen::hostCacheSizes());
    else if (positions > 1)
      pieces = kiln::eigen::matMulPieces(positions, taps, kt.getDimSize(3),
                                         threads, kiln::eigen::hostCacheSizes(),
                                         /*innerShards=*/false);
    if (pieces.size() == 1 && pieces[0].size() == 2)
      pieces.clear(); // one chain: the linalg form below
  }
  // Eigen's contraction: its matrix-vector kernel for one output channel
  // (Dot::Gemv8 over the taps), else a chain of fused multiply-adds, or
  // without AVX-512 oneDNN's AVX kernels on the image patches.
  auto contraction = [&]() -> Value {
    if (fused && kt.getDimSize(3) == 1)
      return dots(Dot::Gemv8, slices);
    if (fused && avx2Orders)
      if (Value v = avx2Conv2D(n, type, x, dynamic,
                               plain ? 0.0 : kiln::eigen::kImagePatchCost))
        return v;
    if (!pieces.empty())
      return dots(Dot::Fma, pieces);
    Value init = zeros(loc, type, dynamic);
    return b
        .create<linalg::GenericOp>(
            loc, TypeRange{type}, ValueRange{x, k}, ValueRange{init},
            ArrayRef<AffineMap>{image, filter, output}, iterators,
            [&](OpBuilder &nb, Location l, ValueRange args) {
              Value v =
                  fused ? nb.create<math::FmaOp>(l, args[0], args[1], args[2])
                              .getResult()
                        : nb.create<arith::AddFOp>(
                                l, args[2],
                                nb.create<arith::MulFOp>(l, args[0], args[1]))
                              .getResult();
              nb.create<linalg::YieldOp>(l, v);
            })
        .getResult(0);
  };
  if (!fused)
    return contraction();
  // A single output position (one image, one window) is a dot product of
  // rounded products per channel (Dot::MulAdd); with sizes known only at
  // run time that is decided then.
  int64_t positions = 1;
  for (int64_t d = 0; d < 3; ++d)
    positions = type.isDynamicDim(d) || positions == ShapedType::kDynamic
                    ? ShapedType::kDynamic
                    : positions * type.getDimSize(d);
  if (positions != ShapedType::kDynamic)
    return positions == 1 ? dots(Dot::MulAdd, {}) : contraction();
  Value count = b.create<arith::ConstantIndexOp>(loc, 1);
  for (int64_t d = 0, next = 0; d < 3; ++d)
    count = b.create<arith::MulIOp>(
        loc, count,
        type.isDynamicDim(d)
            ? dynamic[next++]
            : b.create<arith::ConstantIndexOp>(loc, type.getDimSize(d))
                  .getResult());
  Value single =
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, count,
                              b.create<arith::ConstantIndexOp>(loc, 1));
  return choose(
      loc, single, [&](Location) { return dots(Dot::MulAdd, {}); },
      [&](Location) { return contraction(); });
}

Value Emitter::avx2Conv2D(const graph::Node &n, RankedTensorType type,
                          Value padded, ArrayRef<Value> dynamic,
                          double patchCost) {
  Location loc = locOf(n);
  Value k = input(n, 1);
  auto kt = cast<RankedTensorType>(k.getType());
  const auto &strides = *attr<std::vector<int64_t>>(n, "strides");
  const auto &dilations = *attr<std::vector<int64_t>>(n, "dilations");
  int64_t height = kt.getDimSize(0), width = kt.getDimSize(1),
          channels = kt.getDimSize(2), filters = kt.getDimSize(3);
  int64_t taps = height * width * channels;
  // The product's rows are the output positions (image, row, column).
  int64_t rows = 1;
  for (int64_t d = 0; d < 3; ++d)
    rows = type.isDynamicDim(d) || ShapedType::isDynamic(rows)
               ? ShapedType::kDynamic
               : rows * type.getDimSize(d);
  int64_t threads = std::max(1u, std::thread::hardware_concurrency());
  kiln::eigen::CacheSizes caches = kiln::eigen::hostCacheSizes();
  std::vector<kiln::eigen::Avx2Shard> plan;
  std::vector<kiln::eigen::Avx2RowRange> plans;
  if (!ShapedType::isDynamic(rows)) {
    plan = kiln::eigen::avx2MatMulPlan(rows, taps, filters, threads, caches,
                                       patchCost);
    if (plan.empty())
      return {};
  } else {
    // Positions known only at run time: a choice among the few plans the
    // row count can lead to (as for a None batch's MatMul).
    plans = kiln::eigen::avx2MatMulPlansByRows(taps, filters, threads, caches,
                                               patchCost);
    if (plans.empty() ||
        llvm::any_of(plans, [](const kiln::eigen::Avx2RowRange &r) {
          return r.plan.empty();
        }))
      return {};
  }
  // The patches [image, row, column, filter row, filter column, channel],
  // padding as zeros, seen as the matrix [positions, taps]; the filters
  // [taps, channels].
  Type et = type.getElementType();
  auto patchType =
      RankedTensorType::get({type.getDimSize(0), type.getDimSize(1),
                             type.getDimSize(2), height, width, channels},
                            et);
  Value windows =
      b.create<tensor::GenerateOp>(
           loc, patchType, dynamic,
           [&](OpBuilder &nb, Location l, ValueRange at) {
             Scalars s{nb, l};
             Value row = s.tapAt(at[1], strides[1], at[3], dilations[1]);
             Value col = s.tapAt(at[2], strides[2], at[4], dilations[2]);
             nb.create<tensor::YieldOp>(l,
                                        s.at(padded, {at[0], row, col, at[5]}));
           })
          .getResult();
  SmallVector<ReassociationIndices> byPosition{{0, 1, 2}, {3, 4, 5}},
      byTap{{0, 1, 2}, {3}};
  Value patches = b.create<tensor::CollapseShapeOp>(loc, windows, byPosition);
  Value matrix = b.create<tensor::CollapseShapeOp>(loc, k, byTap);
  auto productType = RankedTensorType::get({rows, filters}, et);
  SmallVector<Value> productSizes;
  if (ShapedType::isDynamic(rows))
    productSizes.push_back(b.create<tensor::DimOp>(loc, patches, 0));
  Value init = zeros(loc, productType, productSizes);
  Value product;
  if (!plan.empty()) {
    product = kiln::eigen::avx2MatMul(b, loc, patches, matrix, init, plan);
  } else {
    std::function<Value(size_t)> from = [&](size_t i) -> Value {
      auto entry = [&](Location) -> Value {
        return kiln::eigen::avx2MatMul(b, loc, patches, matrix, init,
                                       plans[i].plan);
      };
      if (i + 1 == plans.size())
        return entry(loc);
      Value below = b.create<arith::CmpIOp>(
          loc, arith::CmpIPredicate::ult, productSizes[0],
          b.create<arith::ConstantIndexOp>(loc, plans[i + 1].firstRow));
      return choose(loc, below, entry, [&](Location) { return from(i + 1); });
    };
    product = from(0);
  }
  if (dynamic.size() <= 1) {
    SmallVector<OpFoldResult> shape;
    for (int64_t d = 0; d < 4; ++d)
      shape.push_back(type.isDynamicDim(d)
                          ? OpFoldResult(dynamic[0])
                          : b.getIndexAttr(type.getDimSize(d)));
    return b.create<tensor::ExpandShapeOp>(loc, type, product, byTap, shape);
  }
  // One-shot bufferization cannot expand a dimension into several known
  // only at run time (LLVM 19 crashes inferring their sizes): a copy.
  Value rowsOut = dimSize(loc, windows, 1), colsOut = dimSize(loc, windows, 2);
  return b
      .create<tensor::GenerateOp>(
          loc, type, dynamic,
          [&](OpBuilder &nb, Location l, ValueRange at) {
            Scalars s{nb, l};
            auto mul = [&](Value x, Value y) {
              return nb.create<arith::MulIOp>(l, x, y).getResult();
            };
            Value position =
                s.iadd(mul(s.iadd(mul(at[0], rowsOut), at[1]), colsOut), at[2]);
            nb.create<tensor::YieldOp>(l, s.at(product, {position, at[3]}));
          })
      .getResult();
}

Value Emitter::emitPool(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  Value x = input(n, 0);
  auto xt = cast<RankedTensorType>(x.getType());
  const auto &ksize = *attr<std::vector<int64_t>>(n, "ksize");
  const auto &strides = *attr<std::vector<int64_t>>(n, "strides");
  Type et = type.getElementType();
  auto ft = dyn_cast<FloatType>(et);
  bool isMax = n.op == "MaxPool";
  // An integer max pool (int8 to int64, uint8): the dtype tells the
  // signedness the element type does not.
  const graph::DType *dtype = attr<graph::DType>(n, "T");
  bool isUnsigned = dtype && *dtype == graph::DType::UInt8;
  // The kernels' starting value: the lowest finite value for a max (a
  // window of -inf gives it), zero for a sum. Padding holds the same, so
  // it changes nothing.
  TypedAttr start;
  if (!isMax)
    start = b.getZeroAttr(et);
  else if (ft)
    start =
        b.getFloatAttr(ft, APFloat::getLargest(ft.getFloatSemantics(), true));
  else
    start = b.getIntegerAttr(
        et, isUnsigned ? APInt::getMinValue(et.getIntOrFloatBitWidth())
                       : APInt::getSignedMinValue(et.getIntOrFloatBitWidth()));
  SmallVector<int64_t> extent{ksize[1], ksize[2]};
  SmallVector<OpFoldResult> pads = imagePads(loc, n, x, extent);
  Value unpadded = x;
  x = padImage(loc, x, pads, start);

  // Dimensions: n, oh, ow, c (parallel), kh, kw (reduced in order).
  AffineExpr d[6];
  bindDims(ctx, d[0], d[1], d[2], d[3], d[4], d[5]);
  auto image = AffineMap::get(
      6, 0, {d[0], d[1] * strides[1] + d[4], d[2] * strides[2] + d[5], d[3]},
      ctx);
  auto window = AffineMap::get(6, 0, {d[4], d[5]}, ctx);
  auto output = AffineMap::get(6, 0, {d[0], d[1], d[2], d[3]}, ctx);
  SmallVector<utils::IteratorType> iterators(4, utils::IteratorType::parallel);
  iterators.append(2, utils::IteratorType::reduction);
  SmallVector<Value> dynamic =
      windowedSizes(n, type, unpadded, x, extent, strides);
  Value init =
      splat(loc, type, dynamic, b.create<arith::ConstantOp>(loc, start));
  // linalg needs an operand to give the window's extent.
  Value shape =
      b.create<tensor::EmptyOp>(loc, ArrayRef<int64_t>{ksize[1], ksize[2]}, et);
  Value reduced =
      b.create<linalg::GenericOp>(
           loc, TypeRange{type}, ValueRange{x, shape}, ValueRange{init},
           ArrayRef<AffineMap>{image, window, output}, iterators,
           [&](OpBuilder &nb, Location l, ValueRange args) {
             Value v;
             if (!isMax)
               v = nb.create<arith::AddFOp>(l, args[2], args[0]);
             else if (ft)
               v = nb.create<arith::MaxNumFOp>(l, args[2], args[0]);
             else if (isUnsigned)
               v = nb.create<arith::MaxUIOp>(l, args[2], args[0]);
             else
               v = nb.create<arith::MaxSIOp>(l, args[2], args[0]);
             nb.create<linalg::YieldOp>(l, v);
           })
          .getResult(0);
  if (isMax)
    return reduced;
  // The average: the sum over the window's inputs inside the image,
  // divided by their count.
  Value height = dimSize(loc, unpadded, 1), width = dimSize(loc, unpadded, 2);
  Value top = getValueOrCreateConstantIndexOp(b, loc, pads[0]);
  Value left = getValueOrCreateConstantIndexOp(b, loc, pads[2]);
  auto count = [&](OpBuilder &nb, Location l, Value o, int64_t stride,
                   Value before, int64_t extent, Value size) -> Value {
    // [o * stride - before, + extent) clipped to [0, size).
    Value first = nb.create<arith::SubIOp>(
        l,
        nb.create<arith::MulIOp>(l, o,
                                 nb.create<arith::ConstantIndexOp>(l, stride)),
        before);
    Value last = nb.create<arith::AddIOp>(
        l, first, nb.create<arith::ConstantIndexOp>(l, extent));
    first = nb.create<arith::MaxSIOp>(l, first,
                                      nb.create<arith::ConstantIndexOp>(l, 0));
    last = nb.create<arith::MinSIOp>(l, last, size);
    return nb.create<arith::SubIOp>(l, last, first);
  };
  auto identity = b.getMultiDimIdentityMap(4);
  SmallVector<utils::IteratorType> parallel(4, utils::IteratorType::parallel);
  return b
      .create<linalg::GenericOp>(
          loc, TypeRange{type}, ValueRange{reduced},
          ValueRange{b.create<tensor::EmptyOp>(loc, type, dynamic)},
          ArrayRef<AffineMap>{identity, identity}, parallel,
          [&](OpBuilder &nb, Location l, ValueRange args) {
            Value rows = count(nb, l, nb.create<linalg::IndexOp>(l, 1),
                               strides[1], top, ksize[1], height);
            Value cols = count(nb, l, nb.create<linalg::IndexOp>(l, 2),
                               strides[2], left, ksize[2], width);
            Value c = nb.create<arith::IndexCastOp>(
                l, nb.getI64Type(), nb.create<arith::MulIOp>(l, rows, cols));
            Value divisor = nb.create<arith::SIToFPOp>(l, et, c);
            nb.create<linalg::YieldOp>(
                l, ValueRange{nb.create<arith::DivFOp>(l, args[0], divisor)});
          })
      .getResult(0);
}

Value Emitter::emitBiasAdd(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  Value x = input(n, 0), bias = input(n, 1);
  int64_t rank = type.getRank();
  auto identity = b.getMultiDimIdentityMap(rank);
  auto last = AffineMap::get(rank, 0, b.getAffineDimExpr(rank - 1));
  SmallVector<utils::IteratorType> parallel(rank,
                                            utils::IteratorType::parallel);
  SmallVector<Value> dynamic;
  for (int64_t d = 0; d < rank; ++d)
    if (type.isDynamicDim(d))
      dynamic.push_back(b.create<tensor::DimOp>(loc, x, d));
  bool isFloat = isa<FloatType>(type.getElementType());
  return b
      .create<linalg::GenericOp>(
          loc, TypeRange{type}, ValueRange{x, bias},
          ValueRange{b.create<tensor::EmptyOp>(loc, type, dynamic)},
          ArrayRef<AffineMap>{identity, last, identity}, parallel,
          [&](OpBuilder &nb, Location l, ValueRange args) {
            Value v =
                isFloat
                    ? nb.create<arith::AddFOp>(l, args[0], args[1]).getResult()
                    : nb.create<arith::AddIOp>(l, args[0], args[1]).getResult();
            nb.create<linalg::YieldOp>(l, v);
          })
      .getResult(0);
}

Value Emitter::emitPad(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  Value x = input(n, 0);
  auto xt = cast<RankedTensorType>(x.getType());
  const auto *amounts = attr<std::vector<int64_t>>(n, "amounts");
  int64_t rank = xt.getRank();
  bool mirror = n.op == "MirrorPad";
  if (amounts && !mirror) {
    SmallVector<int64_t> before, after;
    for (int64_t d = 0; d < rank; ++d) {
      before.push_back((*amounts)[2 * d]);
      after.push_back((*amounts)[2 * d + 1]);
    }
    Value fill = n.op == "PadV2"
                     ? scalarOf(loc, input(n, 2))
                     : b.create<arith::ConstantOp>(
                           loc, b.getZeroAttr(type.getElementType()));
    return castTo(loc, padWith(loc, x, before, after, fill), type);
  }
  // The amounts, and the kernel's checks on them (trace time found negative
  // amounts that it knows; the mirror modes' limits are run-time errors).
  bool reflect = mirror && *attr<std::string>(n, "mode") == "REFLECT";
  auto i64 = b.getI64Type();
  auto cmp = [&](arith::CmpIPredicate p, Value l, Value r) -> Value {
    return b.create<arith::CmpIOp>(loc, p, l, r);
  };
  auto both = [&](Value l, Value r) -> Value {
    return b.create<arith::AndIOp>(loc, l, r);
  };
  Value ok = b.create<arith::ConstantIntOp>(loc, 1, 1);
  Value zero = b.create<arith::ConstantIntOp>(loc, 0, 64);
  SmallVector<Value> before, after; // i64
  for (int64_t d = 0; d < rank; ++d) {
    Value lo, hi;
    if (amounts) {
      lo = b.create<arith::ConstantIntOp>(loc, (*amounts)[2 * d], 64);
      hi = b.create<arith::ConstantIntOp>(loc, (*amounts)[2 * d + 1], 64);
    } else {
      auto element = [&](int64_t i, int64_t j) -> Value {
        Value e = b.create<tensor::ExtractOp>(
            loc, input(n, 1),
            ValueRange{b.create<arith::ConstantIndexOp>(loc, i),
                       b.create<arith::ConstantIndexOp>(loc, j)});
        return e.getType() == i64 ? e : b.create<arith::ExtSIOp>(loc, i64, e);
      };
      lo = element(d, 0);
      hi = element(d, 1);
      Value nonNegative = both(cmp(arith::CmpIPredicate::sge, lo, zero),
                               cmp(arith::CmpIPredicate::sge, hi, zero));
      check(n, nonNegative,
            std::string(mirror ? "p" : "P") +
                "addings must be non-negative: {int} {int}",
            {lo, hi});
      ok = both(ok, nonNegative);
    }
    if (mirror) {
      Value size = b.create<arith::IndexCastOp>(loc, i64, dimSize(loc, x, d));
      auto within =
          reflect ? arith::CmpIPredicate::slt : arith::CmpIPredicate::sle;
      Value fits = both(cmp(within, lo, size), cmp(within, hi, size));
      check(n, fits,
            reflect ? "paddings must be less than the dimension size: {int}, "
                      "{int} not less than {int}"
                    : "paddings must be no greater than the dimension size: "
                      "{int}, {int} greater than {int}",
            {lo, hi, size});
      ok = both(ok, fits);
    }
    before.push_back(lo);
    after.push_back(hi);
  }
  auto index = [&](Location l, Value v) -> Value {
    return b.create<arith::IndexCastOp>(l, b.getIndexType(), v);
  };
  return orZeros(loc, ok, type, [&](Location l) -> Value {
    SmallVector<Value> dynamic;
    for (int64_t d = 0; d < rank; ++d)
      if (type.isDynamicDim(d))
        dynamic.push_back(b.create<arith::AddIOp>(
            l, dimSize(l, x, d),
            index(l, b.create<arith::AddIOp>(l, before[d], after[d]))));
    if (!mirror) { // the fill with `x` inserted at `before`
      SmallVector<OpFoldResult> offsets, sizes,
          strides(rank, b.getIndexAttr(1));
      for (int64_t d = 0; d < rank; ++d) {
        offsets.push_back(index(l, before[d]));
        sizes.push_back(xt.isDynamicDim(d)
                            ? OpFoldResult(dimSize(l, x, d))
                            : OpFoldResult(b.getIndexAttr(xt.getDimSize(d))));
      }
      Value fill = n.op == "PadV2"
                       ? scalarOf(l, input(n, 2))
                       : b.create<arith::ConstantOp>(
                             l, b.getZeroAttr(type.getElementType()));
      return b.create<tensor::InsertSliceOp>(
          l, x, splat(l, type, dynamic, fill), offsets, sizes, strides);
    }
    // MirrorPad: output index i of a dimension of size s reads input
    // j = i - before, reflected at the edges (REFLECT leaves the edge out,
    // SYMMETRIC repeats it): j < 0 reads -j (REFLECT) or -j - 1, j >= s
    // reads 2s - 2 - j or 2s - 1 - j.
    SmallVector<Value> sizes, offsets;
    for (int64_t d = 0; d < rank; ++d) {
      sizes.push_back(dimSize(l, x, d));
      offsets.push_back(index(l, before[d]));
    }
    return b.create<tensor::GenerateOp>(
        l, type, dynamic, [&](OpBuilder &gb, Location gl, ValueRange idx) {
          SmallVector<Value> from;
          for (int64_t d = 0; d < rank; ++d) {
            auto constant = [&](int64_t v) -> Value {
              return gb.create<arith::ConstantIndexOp>(gl, v);
            };
            Value size = sizes[d];
            Value j = gb.create<arith::SubIOp>(gl, idx[d], offsets[d]);
            Value below =
                gb.create<arith::SubIOp>(gl, constant(reflect ? 0 : -1), j);
            Value above = gb.create<arith::SubIOp>(
                gl,
                gb.create<arith::SubIOp>(
                    gl, gb.create<arith::AddIOp>(gl, size, size),
                    constant(reflect ? 2 : 1)),
                j);
            Value isBelow = gb.create<arith::CmpIOp>(
                gl, arith::CmpIPredicate::slt, j, constant(0));
            Value isAbove = gb.create<arith::CmpIOp>(
                gl, arith::CmpIPredicate::sge, j, size);
            j = gb.create<arith::SelectOp>(gl, isBelow, below, j);
            from.push_back(gb.create<arith::SelectOp>(gl, isAbove, above, j));
          }
          gb.create<tensor::YieldOp>(gl,
                                     gb.create<tensor::ExtractOp>(gl, x, from));
        });
  });
}

Value Emitter::emitDepthwiseConv2D(const graph::Node &n,
                                   RankedTensorType type) {
  // TensorFlow's CPU kernel (DepthwiseConv2DKernel) sums each output over
  // the window's rows, then columns, from zero: rounded products added in
  // order (Eigen's pmadd in a wheel built without FMA). Padding adds zeros.
  Location loc = locOf(n);
  Value x = input(n, 0), k = input(n, 1);
  const auto &strides = *attr<std::vector<int64_t>>(n, "strides");
  auto kt = cast<RankedTensorType>(k.getType());
  int64_t multiplier = kt.getDimSize(3);
  SmallVector<int64_t> effective{kt.getDimSize(0), kt.getDimSize(1)};
  Value padded = padImage(loc, x, imagePads(loc, n, x, effective),
                          b.getZeroAttr(type.getElementType()));
  // Dimensions: n, oh, ow, channel (parallel), kh, kw (reduced in order);
  // output channel c * multiplier + m reads input channel c.
  AffineExpr d[6];
  bindDims(ctx, d[0], d[1], d[2], d[3], d[4], d[5]);
  auto image =
      AffineMap::get(6, 0,
                     {d[0], d[1] * strides[1] + d[4], d[2] * strides[2] + d[5],
                      d[3].floorDiv(multiplier)},
                     ctx);
  auto filter = AffineMap::get(
      6, 0, {d[4], d[5], d[3].floorDiv(multiplier), d[3] % multiplier}, ctx);
  auto output = AffineMap::get(6, 0, {d[0], d[1], d[2], d[3]}, ctx);
  SmallVector<utils::IteratorType> iterators(4, utils::IteratorType::parallel);
  iterators.append(2, utils::IteratorType::reduction);
  SmallVector<Value> dynamic =
      windowedSizes(n, type, x, padded, effective, strides);
  Value init = zeros(loc, type, dynamic);
  return b
      .create<linalg::GenericOp>(
          loc, TypeRange{type}, ValueRange{padded, k}, ValueRange{init},
          ArrayRef<AffineMap>{image, filter, output}, iterators,
          [&](OpBuilder &nb, Location l, ValueRange args) {
            nb.create<linalg::YieldOp>(
                l, ValueRange{nb.create<arith::AddFOp>(
                       l, args[2],
                       nb.create<arith::MulFOp>(l, args[0], args[1]))});
          })
      .getResult(0);
}

Value Emitter::emitDepthwiseGrad(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  bool forInput = n.op == "DepthwiseConv2dNativeBackpropInput";
  Value filter = input(n, 1), dy = input(n, 2), x = input(n, 0);
  const auto &strides = *attr<std::vector<int64_t>>(n, "strides");
  const auto &pads = *attr<std::vector<int64_t>>(n, "pads");
  auto dyType = cast<RankedTensorType>(dy.getType());
  int64_t stride = strides[1], top = pads[0], left = pads[2];
  int64_t oh = dyType.getDimSize(1), ow = dyType.getDimSize(2);
  Type et = type.getElementType();
  SmallVector<Value> dynamic;
  for (int64_t d = 0; d < type.getRank(); ++d)
    if (type.isDynamicDim(d)) // only the batch: its size is dy's
      dynamic.push_back(b.create<tensor::DimOp>(loc, dy, d));
  // Index arithmetic on `index` values, with `ok` and-ed with whether the
  // position is inside (the index is 0 when not, so reads stay in bounds).
  auto inside = [](OpBuilder &ob, Location ol, Value v, Value extent,
                   Value &ok) {
    Value zero = ob.create<arith::ConstantIndexOp>(ol, 0);
    Value in = ob.create<arith::AndIOp>(
        ol, ob.create<arith::CmpIOp>(ol, arith::CmpIPredicate::sge, v, zero),
        ob.create<arith::CmpIOp>(ol, arith::CmpIPredicate::slt, v, extent));
    ok = ok ? ob.create<arith::AndIOp>(ol, ok, in).getResult() : in;
    return ob.create<arith::SelectOp>(ol, in, v, zero).getResult();
  };
  // The output position whose window tap `offset` away reads `coord`:
  // (coord + offset) / stride when that divides.
  auto source = [&](OpBuilder &ob, Location ol, Value coord, int64_t offset,
                    int64_t extent, Value &ok) {
    Value num = ob.create<arith::AddIOp>(
        ol, coord, ob.create<arith::ConstantIndexOp>(ol, offset));
    Value step = ob.create<arith::ConstantIndexOp>(ol, stride);
    Value whole = ob.create<arith::CmpIOp>(
        ol, arith::CmpIPredicate::eq, ob.create<arith::RemSIOp>(ol, num, step),
        ob.create<arith::ConstantIndexOp>(ol, 0));
    ok = ok ? ob.create<arith::AndIOp>(ol, ok, whole).getResult() : whole;
    return inside(ob, ol, ob.create<arith::DivSIOp>(ol, num, step),
                  ob.create<arith::ConstantIndexOp>(ol, extent), ok);
  };
  // The image row (column) that output position `o`'s tap `k` reads.
  auto tap = [&](OpBuilder &ob, Location ol, Value o, Value k, int64_t pad,
                 int64_t extent, Value &ok) {
    Value v = ob.create<arith::SubIOp>(
        ol,
        ob.create<arith::AddIOp>(
            ol,
            ob.create<arith::MulIOp>(
                ol, o, ob.create<arith::ConstantIndexOp>(ol, stride)),
            k),
        ob.create<arith::ConstantIndexOp>(ol, pad));
    return inside(ob, ol, v, ob.create<arith::ConstantIndexOp>(ol, extent), ok);
  };
  return b
      .create<tensor::GenerateOp>(
          loc, type, dynamic,
          [&](OpBuilder &nb, Location l, ValueRange at) {
            Scalars s{nb, l};
            Value zero = nb.create<arith::ConstantOp>(l, nb.getZeroAttr(et));
            auto index = [&](int64_t v) { return s.index(v); };
            auto add = [&](Value acc, Value x, Value y) -> Value {
              return nb.create<arith::AddFOp>(
                  l, acc, nb.create<arith::MulFOp>(l, x, y));
            };
            if (forInput) {
              // The input's gradient (DepthwiseConv2DBackpropInputCPU):
              // per depth multiplier m, the window's taps in ascending
              // order from zero; the m partial sums then added from zero.
              auto ft = cast<RankedTensorType>(filter.getType());
              int64_t kh = ft.getDimSize(0), kw = ft.getDimSize(1),
                      multiplier = ft.getDimSize(3);
              Value total = zero;
              for (int64_t m = 0; m < multiplier; ++m) {
                Value channel = nb.create<arith::AddIOp>(
                    l, nb.create<arith::MulIOp>(l, at[3], index(multiplier)),
                    index(m));
                Value acc = zero;
                for (int64_t r = 0; r < kh; ++r)
                  for (int64_t q = 0; q < kw; ++q) {
                    // The output position whose window reads (r, q) here.
                    Value ok;
                    Value row = source(nb, l, at[1], top - r, oh, ok);
                    Value col = source(nb, l, at[2], left - q, ow, ok);
                    Value d = s.at(dy, {at[0], row, col, channel});
                    Value f =
                        s.at(filter, {index(r), index(q), at[3], index(m)});
                    acc =
                        nb.create<arith::SelectOp>(l, ok, add(acc, d, f), acc);
                  }
                total =
                    multiplier == 1
                        ? acc
                        : nb.create<arith::AddFOp>(l, total, acc).getResult();
              }
              nb.create<tensor::YieldOp>(l, total);
              return;
            }
            // The filter's gradient (DepthwiseConv2DBackpropFilterCPU):
            // each image's sum over the output positions in order, from
            // zero; the images' sums then added in order.
            auto xt = cast<RankedTensorType>(x.getType());
            int64_t height = xt.getDimSize(1), width = xt.getDimSize(2),
                    multiplier = type.getDimSize(3);
            Value channel = nb.create<arith::AddIOp>(
                l, nb.create<arith::MulIOp>(l, at[2], index(multiplier)),
                at[3]);
            Value images = nb.create<tensor::DimOp>(l, dy, 0);
            auto perImage = nb.create<scf::ForOp>(
                l, index(0), images, index(1), ValueRange{zero},
                [&](OpBuilder &ib, Location il, Value img, ValueRange total) {
                  auto rows = ib.create<scf::ForOp>(
                      il, index(0), index(oh), index(1), ValueRange{zero},
                      [&](OpBuilder &rb, Location rl, Value r, ValueRange acc) {
                        auto cols = rb.create<scf::ForOp>(
                            rl, index(0), index(ow), index(1), ValueRange{acc},
                            [&](OpBuilder &cb, Location cl, Value c,
                                ValueRange acc2) {
                              Scalars cs{cb, cl};
                              Value ok;
                              Value ih = tap(cb, cl, r, at[0], top, height, ok);
                              Value iw = tap(cb, cl, c, at[1], left, width, ok);
                              Value xv = cs.at(x, {img, ih, iw, at[2]});
                              Value dv = cs.at(dy, {img, r, c, channel});
                              Value next = cb.create<arith::AddFOp>(
                                  cl, acc2[0],
                                  cb.create<arith::MulFOp>(cl, xv, dv));
                              cb.create<scf::YieldOp>(
                                  cl, ValueRange{cb.create<arith::SelectOp>(
                                          cl, ok, next, acc2[0])});
                            });
                        rb.create<scf::YieldOp>(rl, cols.getResults());
                      });
                  ib.create<scf::YieldOp>(
                      il, ValueRange{ib.create<arith::AddFOp>(
                              il, total[0], rows.getResult(0))});
                });
            nb.create<tensor::YieldOp>(l, perImage.getResult(0));
          })
      .getResult();
}

} // namespace kiln
