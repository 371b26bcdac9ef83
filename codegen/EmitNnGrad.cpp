// The gradients of Conv2D, MaxPool and AvgPool (tracer/tf/TfGradientNn.cpp),
// computed in the order TensorFlow's CPU kernels compute them, so that a
// network trains to the same weights (docs/numerics.md):
//
// - Conv2DBackpropInput: TensorFlow's im2col kernel. Each output position's
//   row of out_backprop times the filter gives a column per filter tap and
//   input channel (a dot product over the output channels), and Col2im adds
//   the columns into the zero input gradient patch by patch in output
//   order.
// - Conv2DBackpropFilter: for each filter element one dot product over
//   (image, output row, output column), the padding contributing zeros.
// - MaxPoolGrad: each window's gradient goes to its first largest input
//   (scanning rows, then columns), summed over windows in output order.
// - AvgPoolGrad: each window's gradient times float(1.0 / its size, as
//   GetBroadcastSize clips it) is added to every input of the window,
//   windows in output order.
//
// The dot products are not all one chain of fused multiply-adds: the matrix
// products behind the kernels pick their kernel by shape (Eigen's
// contraction, or oneDNN's sgemm and its small-matrix kernels), and each
// sums in its own order (see Dot below; measured on AVX-512 processors).
// Without AVX-512, oneDNN's AVX kernels sum the im2col products in the
// orders of passes/Avx2MatMul.h (avx2Columns, avx2FilterGrad).
#include "DotOrders.h"
#include "Emitter.h"
#include "passes/Avx2MatMul.h"
#include "passes/ScalarLoops.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <algorithm>
#include <thread>

namespace kiln {

namespace {

/// The window attributes of a pooling or convolution node, NHWC.
struct Window {
  int64_t strideH, strideW, dilationH = 1, dilationW = 1, sizeH = 1, sizeW = 1;
  int64_t top, left; // padding before the first row and column
};

} // namespace

Value Emitter::avx2Columns(const graph::Node &n, RankedTensorType colType,
                           ArrayRef<Value> dynamic) {
  Location loc = locOf(n);
  Value dy = input(n, 2), filter = input(n, 1);
  auto dyType = cast<RankedTensorType>(dy.getType());
  auto ft = cast<RankedTensorType>(filter.getType());
  int64_t positions = dyType.getDimSize(1) * dyType.getDimSize(2),
          outChannels = ft.getDimSize(3),
          taps = ft.getDimSize(0) * ft.getDimSize(1) * ft.getDimSize(2);
  if (dyType.isDynamicDim(1) || dyType.isDynamicDim(2) || positions < 2 ||
      taps < 1 || outChannels < 1)
    return {};
  int64_t threads = std::max(1u, std::thread::hardware_concurrency());
  int64_t images = colType.getDimSize(0);
  // TensorFlow's choice: Eigen's contraction per image (the parallel
  // path) for one image or enough work per thread, else one sgemm call
  // per image, whose transposed left operand gives oneDNN row blocks of 96.
  int64_t work =
      positions * outChannels + taps * outChannels + positions * taps;
  bool parallelOnly = work / threads >= 65536 || images == 1;
  std::vector<eigen::Avx2Shard> parallel;
  if (taps > 1) {
    parallel = eigen::avx2MatMulPlan(positions, outChannels, taps, threads,
                                     eigen::hostCacheSizes());
    if (parallel.empty())
      return {};
  } else if (parallelOnly || ShapedType::isDynamic(images)) {
    // One tap: Eigen's contraction of a single column (not modeled).
    return {};
  }
  // (With one tap the sgemm call is oneDNN's matrix-vector kernel, whose
  // order is a block of one column's.)
  eigen::Avx2Shard call;
  call.kBlocks = {0, outChannels};
  call.rowBlocks = {0, positions};
  call.colBlocks = {0, taps};
  call.rowTile = 96;
  // The images as a batch of [positions, outChannels] by [outChannels,
  // taps] products (the filters, transposed, for each image).
  Type et = colType.getElementType();
  Value lhs = b.create<tensor::CollapseShapeOp>(
      loc, dy, SmallVector<ReassociationIndices>{{0}, {1, 2}, {3}});
  Value matrix = b.create<tensor::CollapseShapeOp>(
      loc, filter, SmallVector<ReassociationIndices>{{0, 1, 2}, {3}});
  auto rhsType = RankedTensorType::get({images, outChannels, taps}, et);
  Value rhs =
      b.create<tensor::GenerateOp>(
           loc, rhsType, dynamic,
           [&](OpBuilder &nb, Location l, ValueRange at) {
             Scalars s{nb, l};
             nb.create<tensor::YieldOp>(l, s.at(matrix, {at[2], at[1]}));
           })
          .getResult();
  auto productType = RankedTensorType::get({images, positions, taps}, et);
  Value init = zeros(loc, productType, dynamic);
  auto product = [&](const std::vector<eigen::Avx2Shard> &plan) {
    return eigen::avx2MatMul(b, loc, lhs, rhs, init, plan);
  };
  Value columns;
  if (parallelOnly) {
    columns = product(parallel);
  } else if (!ShapedType::isDynamic(images)) {
    columns = product({call});
  } else {
    Value one =
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, dynamic[0],
                                b.create<arith::ConstantIndexOp>(loc, 1));
    columns = choose(
        loc, one, [&](Location) { return product(parallel); },
        [&](Location) { return product({call}); });
  }
  SmallVector<OpFoldResult> shape;
  for (int64_t d = 0; d < colType.getRank(); ++d)
    shape.push_back(colType.isDynamicDim(d)
                        ? OpFoldResult(dynamic[0])
                        : b.getIndexAttr(colType.getDimSize(d)));
  return b.create<tensor::ExpandShapeOp>(
      loc, colType, columns,
      SmallVector<ReassociationIndices>{{0}, {1, 2}, {3, 4, 5}}, shape);
}

Value Emitter::avx2FilterGrad(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  const auto &strides = *attr<std::vector<int64_t>>(n, "strides");
  const auto &pads = *attr<std::vector<int64_t>>(n, "pads");
  std::vector<int64_t> dilations{1, 1, 1, 1};
  if (const auto *d = attr<std::vector<int64_t>>(n, "dilations"))
    dilations = *d;
  Value dy = input(n, 2);
  auto dyType = cast<RankedTensorType>(dy.getType());
  int64_t images = dyType.getDimSize(0), oh = dyType.getDimSize(1),
          ow = dyType.getDimSize(2), positions = oh * ow;
  int64_t kw = type.getDimSize(1), channels = type.getDimSize(2),
          taps = type.getDimSize(0) * kw * channels,
          outChannels = type.getDimSize(3);
  // The images' count is the product's k, which must be known (a None
  // batch keeps the AVX-512 orders); one tap or one output channel takes
  // other kernels.
  if (dyType.isDynamicDim(0) || dyType.isDynamicDim(1) ||
      dyType.isDynamicDim(2) || images < 1 || taps < 2 || outChannels < 2 ||
      positions < 1)
    return {};
  // Conv2DCustomBackpropFilterOp contracts groups of images whose working
  // set fits 30 MiB, adding each group's product to the gradient in order.
  int64_t work =
      positions * taps + positions * outChannels + taps * outChannels;
  int64_t group = std::max<int64_t>(1, (7864320 + work - 1) / work);
  int64_t threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::vector<eigen::Avx2Shard>> plans;
  for (int64_t first = 0; first < images; first += group) {
    int64_t count = std::min(group, images - first);
    plans.push_back(eigen::avx2MatMulPlan(taps, count * positions, outChannels,
                                          threads, eigen::hostCacheSizes()));
    if (plans.back().empty())
      return {};
  }
  Type et = type.getElementType();
  Value x = padImage(loc, input(n, 0), pads, b.getZeroAttr(et));
  Value dyRows = b.create<tensor::CollapseShapeOp>(
      loc, dy, SmallVector<ReassociationIndices>{{0, 1, 2}, {3}});
  auto gradType = RankedTensorType::get({taps, outChannels}, et);
  Value grad = zeros(loc, gradType, {});
  for (size_t g = 0; g < plans.size(); ++g) {
    int64_t first = int64_t(g) * group, count = std::min(group, images - first),
            k = count * positions;
    // The group's image patches, transposed: [taps, positions].
    Value patches =
        b.create<tensor::GenerateOp>(
             loc, RankedTensorType::get({taps, k}, et), ValueRange{},
             [&](OpBuilder &nb, Location l, ValueRange at) {
               Scalars s{nb, l};
               Value c = s.irem(at[0], channels),
                     rest = s.idiv(at[0], channels);
               Value r = s.idiv(rest, kw), q = s.irem(rest, kw);
               Value image = s.iadd(s.idiv(at[1], positions), s.index(first));
               Value p = s.irem(at[1], positions);
               Value row = s.tapAt(s.idiv(p, ow), strides[1], r, dilations[1]);
               Value col = s.tapAt(s.irem(p, ow), strides[2], q, dilations[2]);
               nb.create<tensor::YieldOp>(l, s.at(x, {image, row, col, c}));
             })
            .getResult();
    Value rhs = b.create<tensor::ExtractSliceOp>(
        loc, dyRows,
        ArrayRef<OpFoldResult>{b.getIndexAttr(first * positions),
                               b.getIndexAttr(0)},
        ArrayRef<OpFoldResult>{b.getIndexAttr(k), b.getIndexAttr(outChannels)},
        ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(1)});
    Value product = eigen::avx2MatMul(b, loc, patches, rhs,
                                      zeros(loc, gradType, {}), plans[g]);
    grad = eigen::addElementwise(b, loc, grad, product);
  }
  return b.create<tensor::ExpandShapeOp>(
      loc, type, grad, SmallVector<ReassociationIndices>{{0, 1, 2}, {3}});
}

Value Emitter::emitNnGrad(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  Scalars s{b, loc};
  Type et = type.getElementType();
  const auto &strides = *attr<std::vector<int64_t>>(n, "strides");
  const auto &pads = *attr<std::vector<int64_t>>(n, "pads");
  Window w{strides[1], strides[2]};
  w.top = pads[0];
  w.left = pads[2];
  if (const auto *d = attr<std::vector<int64_t>>(n, "dilations")) {
    w.dilationH = (*d)[1];
    w.dilationW = (*d)[2];
  }
  if (const auto *k = attr<std::vector<int64_t>>(n, "ksize")) {
    w.sizeH = (*k)[1];
    w.sizeW = (*k)[2];
  }
  auto idx = [&](Scalars &s, Value v, int64_t scale, int64_t offset) {
    // v * scale + offset, an index.
    return s.b.create<arith::AddIOp>(
        s.loc, s.b.create<arith::MulIOp>(s.loc, v, s.index(scale)),
        s.index(offset));
  };
  auto inside = [&](Scalars &s, Value v, Value size) {
    Value zero = s.index(0);
    return s.b.create<arith::AndIOp>(
        s.loc,
        s.b.create<arith::CmpIOp>(s.loc, arith::CmpIPredicate::sge, v, zero),
        s.b.create<arith::CmpIOp>(s.loc, arith::CmpIPredicate::slt, v, size));
  };
  // Runs `body` only where `cond` holds, threading tensor `t` through.
  auto when = [&](Scalars &s, Value cond, Value t,
                  const std::function<Value(Scalars &, Value)> &body) {
    auto op = s.b.create<scf::IfOp>(
        s.loc, cond,
        [&](OpBuilder &nb, Location l) {
          Scalars inner{nb, l};
          nb.create<scf::YieldOp>(l, body(inner, t));
        },
        [&](OpBuilder &nb, Location l) { nb.create<scf::YieldOp>(l, t); });
    return op.getResult(0);
  };
  SmallVector<Value> dynamic;
  if (type.isDynamicDim(0))
    dynamic.push_back(dimSize(loc, input(n, n.op == "AvgPoolGrad" ? 1 : 2), 0));
  if (n.op == "Conv2DBackpropInput" && type.isDynamicDim(0) &&
      cast<RankedTensorType>(input(n, 0).getType()).getDimSize(0) == 4) {
    // tf.nn.conv2d_transpose with a batch size known at run time: the
    // kernel checks it against out_backprop's.
    Value sizes = input(n, 0);
    Value given = b.create<arith::IndexCastOp>(
        loc, b.getIndexType(),
        b.create<tensor::ExtractOp>(loc, sizes, ValueRange{s.index(0)}));
    check(n,
          b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, given,
                                  dynamic[0]),
          "Conv2DCustomBackpropInput: input and out_backprop must have the "
          "same batch size. Input batch: {int}, outbackprop batch: {int}, "
          "batch_dim: 0",
          {given, dynamic[0]});
  }

  if (n.op == "Conv2DBackpropFilter" && avx2Orders && et.isF32())
    if (Value v = avx2FilterGrad(n, type))
      return v;
  if (n.op == "Conv2DBackpropFilter") {
    // dw[kh, kw, ic, oc]: a dot product over the positions p = (n, oh, ow)
    // of the padded input's tap and out_backprop, in Eigen's contraction
    // blocks.
    Value x = padImage(loc, input(n, 0), pads, b.getZeroAttr(et));
    Value dy = input(n, 2);
    auto dyType = cast<RankedTensorType>(dy.getType());
    int64_t oh = dyType.getDimSize(1), ow = dyType.getDimSize(2);
    int64_t taps = type.getDimSize(0) * type.getDimSize(1) * type.getDimSize(2),
            outChannels = type.getDimSize(3);
    Dot model = taps == 1          ? Dot::MulAdd
                : outChannels == 1 ? Dot::Gemv8
                                   : Dot::Fma;
    Value positions =
        b.create<arith::MulIOp>(loc, dimSize(loc, dy, 0), s.index(oh * ow));
    return b
        .create<tensor::GenerateOp>(
            loc, type, ValueRange{},
            [&](OpBuilder &nb, Location l, ValueRange at) {
              Scalars g{nb, l};
              Value v =
                  blockedDot(g, model, positions, et, [&](Scalars &s, Value p) {
                    // p = (img * oh + r) * ow + c.
                    Value img = s.idiv(p, oh * ow), rest = s.irem(p, oh * ow);
                    Value r = s.idiv(rest, ow), c = s.irem(rest, ow);
                    Value row = s.tapAt(r, w.strideH, at[0], w.dilationH);
                    Value col = s.tapAt(c, w.strideW, at[1], w.dilationW);
                    return std::pair<Value, Value>{
                        s.at(x, {img, row, col, at[2]}),
                        s.at(dy, {img, r, c, at[3]})};
                  });
              nb.create<tensor::YieldOp>(l, v);
            })
        .getResult();
  }

  Value out = zeros(loc, type, dynamic);
  Value batch = dimSize(loc, out, 0);
  Value height = s.index(type.getDimSize(1)),
        width = s.index(type.getDimSize(2));
  int64_t channels = type.getDimSize(3);
  Value dy = input(n, n.op == "AvgPoolGrad" ? 1 : 2);
  auto dyType = cast<RankedTensorType>(dy.getType());
  Value outH = s.index(dyType.getDimSize(1)),
        outW = s.index(dyType.getDimSize(2));
  // for each output position (image, row, column) in order.
  auto overOutputs = [&](const std::function<Value(Scalars &, Value, Value,
                                                   Value, Value)> &body) {
    return s.update(s.index(0), batch, out, [&](Scalars &s, Value i, Value t) {
      return s.update(s.index(0), outH, t, [&](Scalars &s, Value oh, Value t) {
        return s.update(s.index(0), outW, t,
                        [&](Scalars &s, Value ow, Value t) {
                          return body(s, i, oh, ow, t);
                        });
      });
    });
  };

  if (n.op == "Conv2DBackpropInput") {
    // The columns cols[n, oh, ow, kh, kw, ic]: a dot product over the
    // output channels of out_backprop and the filter, in the order of the
    // kernel TensorFlow's matrix product picks for the shapes (one image:
    // Eigen's contraction; several, while the product is small: oneDNN's
    // sgemm).
    Value filter = input(n, 1);
    auto ft = cast<RankedTensorType>(filter.getType());
    int64_t kh = ft.getDimSize(0), kw = ft.getDimSize(1),
            outChannels = ft.getDimSize(3);
    int64_t positions = dyType.getDimSize(1) * dyType.getDimSize(2);
    int64_t taps = kh * kw * channels;
    Dot single = positions == 1 ? Dot::MulAdd
                 : taps == 1    ? Dot::Gemv8
                                : Dot::Fma;
    int64_t threads = std::max(1u, std::thread::hardware_concurrency());
    int64_t work =
        positions * outChannels + taps * outChannels + positions * taps;
    Dot several = work / threads >= 65536             ? single
                  : positions >= 2 && positions <= 15 ? Dot::Lanes16
                  : positions == 1 || taps == 1       ? Dot::Gemv8
                                                      : Dot::Fma;
    SmallVector<int64_t> colShape{dyType.getDimSize(0),
                                  dyType.getDimSize(1),
                                  dyType.getDimSize(2),
                                  kh,
                                  kw,
                                  channels};
    auto colType = RankedTensorType::get(colShape, et);
    Value one = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq,
                                        dimSize(loc, dy, 0), s.index(1));
    Value columns;
    if (avx2Orders && et.isF32())
      columns = avx2Columns(n, colType, dynamic);
    if (!columns)
      columns =
          b.create<tensor::GenerateOp>(
               loc, colType, dynamic,
               [&](OpBuilder &nb, Location l, ValueRange at) {
                 Scalars g{nb, l};
                 Operands ab = [&](Scalars &s, Value oc) {
                   return std::pair<Value, Value>{
                       s.at(dy, {at[0], at[1], at[2], oc}),
                       s.at(filter, {at[3], at[4], at[5], oc})};
                 };
                 auto column = [&](Scalars &s, Dot model) {
                   Value count = s.index(outChannels);
                   // oneDNN's sgemm sums its Fma chains in blocks too; the
                   // blocks measured (512 as 256 + 256) are Eigen's.
                   return model == Dot::Fma
                              ? blockedDot(s, model, count, et, ab)
                              : dotProduct(s, model, s.index(0), count, et, ab);
                 };
                 Value v;
                 if (single == several) {
                   v = column(g, single);
                 } else {
                   v = nb.create<scf::IfOp>(
                             l, one,
                             [&](OpBuilder &ib, Location il) {
                               Scalars in{ib, il};
                               ib.create<scf::YieldOp>(il, column(in, single));
                             },
                             [&](OpBuilder &ib, Location il) {
                               Scalars in{ib, il};
                               ib.create<scf::YieldOp>(il, column(in, several));
                             })
                           .getResult(0);
                 }
                 nb.create<tensor::YieldOp>(l, v);
               })
              .getResult();
    // Col2im: each patch added into the input gradient in output order.
    return overOutputs([&](Scalars &s, Value i, Value oh, Value ow, Value t) {
      return s.update(
          s.index(0), s.index(kh), t, [&](Scalars &s, Value r, Value t) {
            // The padded image's row, less the padding.
            Value row = s.b.create<arith::SubIOp>(
                s.loc, s.tapAt(oh, w.strideH, r, w.dilationH), s.index(w.top));
            return s.update(
                s.index(0), s.index(kw), t, [&](Scalars &s, Value c, Value t) {
                  Value col = s.b.create<arith::SubIOp>(
                      s.loc, s.tapAt(ow, w.strideW, c, w.dilationW),
                      s.index(w.left));
                  Value valid = s.b.create<arith::AndIOp>(
                      s.loc, inside(s, row, height), inside(s, col, width));
                  return when(s, valid, t, [&](Scalars &s, Value t) {
                    return s.update(
                        s.index(0), s.index(channels), t,
                        [&](Scalars &s, Value ch, Value t) {
                          Value v = s.at(columns, {i, oh, ow, r, c, ch});
                          return s.put(s.add(s.at(t, {i, row, col, ch}), v), t,
                                       {i, row, col, ch});
                        });
                  });
                });
          });
    });
  }

  // The pooling window of output (oh, ow), clipped to the image.
  auto clipped = [&](Scalars &s, Value o, int64_t stride, int64_t before,
                     int64_t size, Value extent) {
    Value first = idx(s, o, stride, -before);
    Value last = s.b.create<arith::AddIOp>(s.loc, first, s.index(size));
    first = s.b.create<arith::MaxSIOp>(s.loc, first, s.index(0));
    last = s.b.create<arith::MinSIOp>(s.loc, last, extent);
    return std::pair<Value, Value>{first, last};
  };

  if (n.op == "MaxPoolGrad") {
    Value x = input(n, 0);
    return overOutputs([&](Scalars &s, Value i, Value oh, Value ow, Value t) {
      auto [r0, r1] = clipped(s, oh, w.strideH, w.top, w.sizeH, height);
      auto [c0, c1] = clipped(s, ow, w.strideW, w.left, w.sizeW, width);
      return s.update(
          s.index(0), s.index(channels), t, [&](Scalars &s, Value ch, Value t) {
            // The first largest input: taken when larger than the best so
            // far (the first one always).
            Value first = s.at(x, {i, r0, c0, ch});
            auto best = s.loop(
                r0, r1, ValueRange{r0, c0, first},
                [&](Scalars &s, Value r, ValueRange st) {
                  return s.loop(
                      c0, c1, st, [&](Scalars &s, Value c, ValueRange st) {
                        Value v = s.at(x, {i, r, c, ch});
                        Value take = s.cmp(arith::CmpFPredicate::OLT, st[2], v);
                        return SmallVector<Value>{s.select(take, r, st[0]),
                                                  s.select(take, c, st[1]),
                                                  s.select(take, v, st[2])};
                      });
                });
            Value g = s.at(dy, {i, oh, ow, ch});
            Value cur = s.at(t, {i, best[0], best[1], ch});
            return s.put(s.add(cur, g), t, {i, best[0], best[1], ch});
          });
    });
  }

  // AvgPoolGrad: GetBroadcastSize's window and float(1.0 / its size).
  auto broadcast = [&](Scalars &s, Value o, int64_t stride, int64_t pad,
                       int64_t size, Value extent) {
    Value start = s.b.create<arith::MulIOp>(s.loc, o, s.index(stride));
    Value inPad = s.b.create<arith::CmpIOp>(s.loc, arith::CmpIPredicate::slt,
                                            start, s.index(pad));
    Value count = s.b.create<arith::SelectOp>(
        s.loc, inPad, idx(s, start, 1, size - pad), s.index(size));
    start = s.b.create<arith::SelectOp>(
        s.loc, inPad, s.index(0),
        s.b.create<arith::SubIOp>(s.loc, start, s.index(pad)));
    Value past = s.b.create<arith::CmpIOp>(
        s.loc, arith::CmpIPredicate::sgt,
        s.b.create<arith::AddIOp>(s.loc, start, s.index(size)), extent);
    count = s.b.create<arith::SelectOp>(
        s.loc, past,
        s.b.create<arith::MinSIOp>(
            s.loc, s.b.create<arith::SubIOp>(s.loc, extent, start),
            s.index(size)),
        count);
    return std::pair<Value, Value>{start, count};
  };
  return overOutputs([&](Scalars &s, Value i, Value oh, Value ow, Value t) {
    auto [r0, rows] = broadcast(s, oh, w.strideH, w.top, w.sizeH, height);
    auto [c0, cols] = broadcast(s, ow, w.strideW, w.left, w.sizeW, width);
    Value cells = s.b.create<arith::IndexCastOp>(
        s.loc, s.b.getI64Type(), s.b.create<arith::MulIOp>(s.loc, rows, cols));
    Type f64 = s.b.getF64Type();
    Value coeff =
        s.div(s.real(f64, 1.0), s.b.create<arith::SIToFPOp>(s.loc, f64, cells));
    if (et != f64)
      coeff = s.b.create<arith::TruncFOp>(s.loc, et, coeff);
    Value r1 = s.b.create<arith::AddIOp>(s.loc, r0, rows);
    Value c1 = s.b.create<arith::AddIOp>(s.loc, c0, cols);
    return s.update(r0, r1, t, [&](Scalars &s, Value r, Value t) {
      return s.update(c0, c1, t, [&](Scalars &s, Value c, Value t) {
        return s.update(
            s.index(0), s.index(channels), t,
            [&](Scalars &s, Value ch, Value t) {
              Value g = s.mul(s.at(dy, {i, oh, ow, ch}), coeff);
              return s.put(s.add(s.at(t, {i, r, c, ch}), g), t, {i, r, c, ch});
            });
      });
    });
  });
}

} // namespace kiln
