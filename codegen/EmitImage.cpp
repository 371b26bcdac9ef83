// ResizeBilinear and ResizeNearestNeighbor with half-pixel centers
// (tracer/tf/TfImage.cpp), and their gradients, computed as TensorFlow's
// CPU kernels compute them: the scales and source positions in float32,
// bilinear values interpolated along the width, then the height, in
// float32; the gradients added into the image in the kernels' order.
#include "Emitter.h"
#include "passes/ScalarLoops.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace kiln {

Value Emitter::emitResize(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  Value images = input(n, 0), size = input(n, 1);
  bool bilinear = n.op == "ResizeBilinear";
  const graph::DType *dtype = attr<graph::DType>(n, "T");
  bool isUnsigned = dtype && *dtype == graph::DType::UInt8;
  auto f32 = b.getF32Type();
  auto index = b.getIndexType();
  SmallVector<Value> in;
  for (int64_t d = 0; d < 4; ++d)
    in.push_back(dimSize(loc, images, d));
  // The output's height and width: the result type's, else the size
  // tensor's (read at run time).
  SmallVector<Value> out = {in[0], nullptr, nullptr, in[3]};
  for (int64_t d = 1; d <= 2; ++d) {
    if (!type.isDynamicDim(d)) {
      out[d] = b.create<arith::ConstantIndexOp>(loc, type.getDimSize(d));
      continue;
    }
    Value at = b.create<arith::ConstantIndexOp>(loc, d - 1);
    Value s = b.create<tensor::ExtractOp>(loc, size, ValueRange{at});
    Value zero = b.create<arith::ConstantIntOp>(loc, 0, 32);
    Value positive =
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sgt, s, zero);
    Value one = b.create<arith::ConstantIntOp>(loc, 1, 32);
    // The sizes stand at 1 where the check below fails.
    out[d] = b.create<arith::IndexCastOp>(
        loc, index, b.create<arith::SelectOp>(loc, positive, s, one));
    check(n, positive, "output dimensions must be positive", {});
  }
  // Dimensions of the input known only at run time may be zero.
  auto nonZero = [&](Value v) {
    return b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ne, v,
                                   b.create<arith::ConstantIndexOp>(loc, 0));
  };
  auto inType = cast<RankedTensorType>(images.getType());
  if (inType.isDynamicDim(3))
    check(n, nonZero(in[3]), "image must have at least one channel", {});
  if (inType.isDynamicDim(1) || inType.isDynamicDim(2))
    check(n, b.create<arith::AndIOp>(loc, nonZero(in[1]), nonZero(in[2])),
          "input image must be of non-zero size", {});
  auto toF32 = [&](OpBuilder &ob, Location l, Value v, bool isIndex) -> Value {
    if (isIndex)
      v = ob.create<arith::IndexCastOp>(l, ob.getI64Type(), v);
    return ob.create<arith::SIToFPOp>(l, f32, v);
  };
  // in / out in float32, as CalculateResizeScale divides.
  auto scale = [&](int64_t d) -> Value {
    return b.create<arith::DivFOp>(loc, toF32(b, loc, in[d], true),
                                   toF32(b, loc, out[d], true));
  };
  Value heightScale = scale(1), widthScale = scale(2);
  SmallVector<Value> dynamic;
  for (int64_t d = 0; d < 4; ++d)
    if (type.isDynamicDim(d))
      dynamic.push_back(out[d]);
  return b.create<tensor::GenerateOp>(
      loc, type, dynamic, [&](OpBuilder &gb, Location l, ValueRange idx) {
        auto cst = [&](float v) -> Value {
          return gb.create<arith::ConstantFloatOp>(l, APFloat(v), f32);
        };
        Value half = cst(0.5f);
        // (i + 0.5) * scale: the source position of output index i.
        auto position = [&](Value i, Value s) -> Value {
          Value center =
              gb.create<arith::AddFOp>(l, toF32(gb, l, i, true), half);
          return gb.create<arith::MulFOp>(l, center, s);
        };
        auto toIndex = [&](Value f) -> Value {
          return gb.create<arith::IndexCastOp>(
              l, index, gb.create<arith::FPToSIOp>(l, gb.getI64Type(), f));
        };
        Value zeroIdx = gb.create<arith::ConstantIndexOp>(l, 0);
        Value oneIdx = gb.create<arith::ConstantIndexOp>(l, 1);
        auto clampHigh = [&](Value v, Value extent) -> Value {
          return gb.create<arith::MinSIOp>(
              l, v, gb.create<arith::SubIOp>(l, extent, oneIdx));
        };
        auto clampLow = [&](Value v) -> Value {
          return gb.create<arith::MaxSIOp>(l, v, zeroIdx);
        };
        if (!bilinear) {
          // floor((i + 0.5) * scale), within [0, size - 1].
          auto source = [&](Value i, Value s, Value extent) {
            Value p = gb.create<math::FloorOp>(l, position(i, s));
            return clampLow(clampHigh(toIndex(p), extent));
          };
          Value v = gb.create<tensor::ExtractOp>(
              l, images,
              ValueRange{idx[0], source(idx[1], heightScale, in[1]),
                         source(idx[2], widthScale, in[2]), idx[3]});
          gb.create<tensor::YieldOp>(l, v);
          return;
        }
        // The two source rows (columns) and the weight of the second: the
        // position (i + 0.5) * scale - 0.5, its floor clamped below and
        // its ceiling above.
        struct Span {
          Value lower, upper, lerp;
        };
        auto span = [&](Value i, Value s, Value extent) {
          Value p = gb.create<arith::SubFOp>(l, position(i, s), half);
          Value f = gb.create<math::FloorOp>(l, p);
          Value c = gb.create<math::CeilOp>(l, p);
          return Span{clampLow(toIndex(f)), clampHigh(toIndex(c), extent),
                      gb.create<arith::SubFOp>(l, p, f)};
        };
        Span y = span(idx[1], heightScale, in[1]);
        Span x = span(idx[2], widthScale, in[2]);
        auto read = [&](Value row, Value col) -> Value {
          Value v = gb.create<tensor::ExtractOp>(
              l, images, ValueRange{idx[0], row, col, idx[3]});
          Type et = v.getType();
          if (et == f32)
            return v;
          if (isa<FloatType>(et))
            return et.getIntOrFloatBitWidth() > 32
                       ? gb.create<arith::TruncFOp>(l, f32, v).getResult()
                       : gb.create<arith::ExtFOp>(l, f32, v).getResult();
          if (isUnsigned)
            return gb.create<arith::UIToFPOp>(l, f32, v);
          return gb.create<arith::SIToFPOp>(l, f32, v);
        };
        auto lerp = [&](Value a, Value c, Value t) -> Value {
          Value diff = gb.create<arith::SubFOp>(l, c, a);
          return gb.create<arith::AddFOp>(l, a,
                                          gb.create<arith::MulFOp>(l, diff, t));
        };
        Value top =
            lerp(read(y.lower, x.lower), read(y.lower, x.upper), x.lerp);
        Value bottom =
            lerp(read(y.upper, x.lower), read(y.upper, x.upper), x.lerp);
        gb.create<tensor::YieldOp>(l, lerp(top, bottom, y.lerp));
      });
}

Value Emitter::emitResizeGrad(const graph::Node &n, RankedTensorType type) {
  // The gradient of each resized pixel goes to the image pixels it was
  // read from, image by image, row by row, pixel by pixel, channel by
  // channel, as the kernels add it: bilinear in the weights of the
  // forward pass (each product rounded to the image's type), nearest to
  // its one source pixel.
  Location loc = locOf(n);
  bool bilinear = n.op == "ResizeBilinearGrad";
  Value grads = input(n, 0);
  Type et = type.getElementType();
  auto f32 = b.getF32Type();
  auto index = b.getIndexType();
  SmallVector<Value> out, in;
  for (int64_t d = 0; d < 4; ++d)
    in.push_back(dimSize(loc, grads, d));
  // The image's height and width: the original image's (bilinear) or the
  // size operand's (nearest).
  for (int64_t d = 0; d < 4; ++d) {
    if (!type.isDynamicDim(d)) {
      out.push_back(b.create<arith::ConstantIndexOp>(loc, type.getDimSize(d)));
    } else if (d == 0 || d == 3) {
      out.push_back(in[d]);
    } else if (bilinear) {
      out.push_back(dimSize(loc, input(n, 1), d));
    } else {
      Value at = b.create<arith::ConstantIndexOp>(loc, d - 1);
      Value s = b.create<tensor::ExtractOp>(loc, input(n, 1), ValueRange{at});
      out.push_back(b.create<arith::IndexCastOp>(loc, index, s));
    }
  }
  SmallVector<Value> dynamic;
  for (int64_t d = 0; d < 4; ++d)
    if (type.isDynamicDim(d))
      dynamic.push_back(out[d]);
  Value zero = b.create<arith::ConstantOp>(loc, b.getZeroAttr(et));
  Value init = splat(loc, type, dynamic, zero);
  auto toF32 = [&](OpBuilder &ob, Location l, Value i) -> Value {
    return ob.create<arith::SIToFPOp>(
        l, f32, ob.create<arith::IndexCastOp>(l, ob.getI64Type(), i));
  };
  // original / resized in float32, as CalculateResizeScale divides.
  auto scale = [&](int64_t d) -> Value {
    return b.create<arith::DivFOp>(loc, toF32(b, loc, out[d]),
                                   toF32(b, loc, in[d]));
  };
  Value heightScale = scale(1), widthScale = scale(2);
  Scalars s{b, loc};
  Value zeroIdx = s.index(0), oneIdx = s.index(1);
  // A source row or column: the two positions and the weight of the
  // second (bilinear), or the one position (nearest).
  struct Span {
    Value lower, upper, lerp;
  };
  auto span = [&](Scalars &t, Value i, Value sc, Value extent) {
    auto cst = [&](float v) -> Value {
      return t.b.create<arith::ConstantFloatOp>(t.loc, APFloat(v), f32);
    };
    auto toIndex = [&](Value f) -> Value {
      return t.b.create<arith::IndexCastOp>(
          t.loc, index,
          t.b.create<arith::FPToSIOp>(t.loc, t.b.getI64Type(), f));
    };
    Value last = t.b.create<arith::SubIOp>(t.loc, extent, oneIdx);
    Value p = t.mul(t.add(toF32(t.b, t.loc, i), cst(0.5f)), sc);
    if (!bilinear) {
      Value from = t.b.create<arith::MinSIOp>(
          t.loc, toIndex(t.b.create<math::FloorOp>(t.loc, p)), last);
      from = t.b.create<arith::MaxSIOp>(t.loc, from, zeroIdx);
      return Span{from, from, Value()};
    }
    p = t.sub(p, cst(0.5f));
    Value f = t.b.create<math::FloorOp>(t.loc, p);
    Value lower =
        t.b.create<arith::MaxSIOp>(t.loc, toIndex(f), zeroIdx).getResult();
    Value upper = t.b.create<arith::MinSIOp>(
        t.loc, toIndex(t.b.create<math::CeilOp>(t.loc, p)), last);
    return Span{lower, upper, t.sub(p, f)};
  };
  auto addAt = [&](Scalars &t, Value acc, Value v, ValueRange where) {
    if (v.getType() != et)
      v = et.getIntOrFloatBitWidth() > 32
              ? t.b.create<arith::ExtFOp>(t.loc, et, v).getResult()
              : t.b.create<arith::TruncFOp>(t.loc, et, v).getResult();
    return t.put(t.add(t.at(acc, where), v), acc, where);
  };
  return s.update(zeroIdx, in[0], init, [&](Scalars &sb, Value bi, Value a0) {
    return sb.update(zeroIdx, in[1], a0, [&](Scalars &sy, Value y, Value a1) {
      Span ys = span(sy, y, heightScale, out[1]);
      return sy.update(zeroIdx, in[2], a1, [&](Scalars &sx, Value x, Value a2) {
        Span xs = span(sx, x, widthScale, out[2]);
        return sx.update(
            zeroIdx, in[3], a2, [&](Scalars &sc, Value c, Value acc) {
              Value g = sc.at(grads, ValueRange{bi, y, x, c});
              if (!bilinear)
                return addAt(sc, acc, g, ValueRange{bi, ys.lower, xs.lower, c});
              Value one = sc.real(f32, 1.0);
              Value iy = sc.sub(one, ys.lerp), ix = sc.sub(one, xs.lerp);
              acc = addAt(sc, acc, sc.mul(sc.mul(g, iy), ix),
                          ValueRange{bi, ys.lower, xs.lower, c});
              acc = addAt(sc, acc, sc.mul(sc.mul(g, iy), xs.lerp),
                          ValueRange{bi, ys.lower, xs.upper, c});
              acc = addAt(sc, acc, sc.mul(sc.mul(g, ys.lerp), ix),
                          ValueRange{bi, ys.upper, xs.lower, c});
              return addAt(sc, acc, sc.mul(sc.mul(g, ys.lerp), xs.lerp),
                           ValueRange{bi, ys.upper, xs.upper, c});
            });
      });
    });
  });
}

} // namespace kiln
