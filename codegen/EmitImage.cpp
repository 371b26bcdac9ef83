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

namespace {

/// An index as float32, as the kernels convert it.
Value indexAsF32(OpBuilder &b, Location l, Value i) {
  return b.create<arith::SIToFPOp>(
      l, b.getF32Type(), b.create<arith::IndexCastOp>(l, b.getI64Type(), i));
}

/// from / to in float32, as CalculateResizeScale divides.
Value resizeScale(OpBuilder &b, Location l, Value from, Value to) {
  return b.create<arith::DivFOp>(l, indexAsF32(b, l, from),
                                 indexAsF32(b, l, to));
}

/// Where index `i` of a resized dimension reads, in a dimension of
/// `extent`, with half-pixel centers. Nearest: floor((i + 0.5) * scale)
/// within [0, extent - 1] (lower and upper alike). Bilinear: the position
/// p = (i + 0.5) * scale - 0.5, its floor clamped below, its ceiling
/// clamped above, and the weight of the upper one, p - floor(p). The
/// forward kernels and their gradients share this mapping.
struct SourceSpan {
  Value lower, upper, lerp;
};
SourceSpan sourceSpan(OpBuilder &b, Location l, Value i, Value scale,
                      Value extent, bool bilinear) {
  auto f32 = b.getF32Type();
  Value half = b.create<arith::ConstantFloatOp>(l, APFloat(0.5f), f32);
  auto toIndex = [&](Value f) -> Value {
    return b.create<arith::IndexCastOp>(
        l, b.getIndexType(), b.create<arith::FPToSIOp>(l, b.getI64Type(), f));
  };
  Value zero = b.create<arith::ConstantIndexOp>(l, 0);
  Value last = b.create<arith::SubIOp>(l, extent,
                                       b.create<arith::ConstantIndexOp>(l, 1));
  Value p = b.create<arith::MulFOp>(
      l, b.create<arith::AddFOp>(l, indexAsF32(b, l, i), half), scale);
  if (!bilinear) {
    Value from = b.create<arith::MinSIOp>(
        l, toIndex(b.create<math::FloorOp>(l, p)), last);
    from = b.create<arith::MaxSIOp>(l, from, zero);
    return SourceSpan{from, from, Value()};
  }
  p = b.create<arith::SubFOp>(l, p, half);
  Value f = b.create<math::FloorOp>(l, p);
  Value lower = b.create<arith::MaxSIOp>(l, toIndex(f), zero);
  Value upper =
      b.create<arith::MinSIOp>(l, toIndex(b.create<math::CeilOp>(l, p)), last);
  return SourceSpan{lower, upper, b.create<arith::SubFOp>(l, p, f)};
}

} // namespace

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
  // (A failed check leaves zeros: the reads below would be out of bounds.)
  Value ok = b.create<arith::ConstantIntOp>(loc, 1, 1);
  if (inType.isDynamicDim(3)) {
    Value channels = nonZero(in[3]);
    check(n, channels, "image must have at least one channel", {});
    ok = b.create<arith::AndIOp>(loc, ok, channels);
  }
  if (inType.isDynamicDim(1) || inType.isDynamicDim(2)) {
    Value area = b.create<arith::AndIOp>(loc, nonZero(in[1]), nonZero(in[2]));
    check(n, area, "input image must be of non-zero size", {});
    ok = b.create<arith::AndIOp>(loc, ok, area);
  }
  Value heightScale = resizeScale(b, loc, in[1], out[1]);
  Value widthScale = resizeScale(b, loc, in[2], out[2]);
  SmallVector<Value> dynamic;
  for (int64_t d = 0; d < 4; ++d)
    if (type.isDynamicDim(d))
      dynamic.push_back(out[d]);
  return orZeros(loc, ok, type, [&](Location loc) -> Value {
    return b.create<tensor::GenerateOp>(
        loc, type, dynamic, [&](OpBuilder &gb, Location l, ValueRange idx) {
          SourceSpan y =
              sourceSpan(gb, l, idx[1], heightScale, in[1], bilinear);
          SourceSpan x = sourceSpan(gb, l, idx[2], widthScale, in[2], bilinear);
          if (!bilinear) {
            Value v = gb.create<tensor::ExtractOp>(
                l, images, ValueRange{idx[0], y.lower, x.lower, idx[3]});
            gb.create<tensor::YieldOp>(l, v);
            return;
          }
          // Interpolated along the width, then the height.
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
            return gb.create<arith::AddFOp>(
                l, a, gb.create<arith::MulFOp>(l, diff, t));
          };
          Value top =
              lerp(read(y.lower, x.lower), read(y.lower, x.upper), x.lerp);
          Value bottom =
              lerp(read(y.upper, x.lower), read(y.upper, x.upper), x.lerp);
          gb.create<tensor::YieldOp>(l, lerp(top, bottom, y.lerp));
        });
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
  // original / resized: the forward pass's scale.
  Value heightScale = resizeScale(b, loc, out[1], in[1]);
  Value widthScale = resizeScale(b, loc, out[2], in[2]);
  Scalars s{b, loc};
  Value zeroIdx = s.index(0);
  auto addAt = [&](Scalars &t, Value acc, Value v, ValueRange where) {
    if (v.getType() != et)
      v = et.getIntOrFloatBitWidth() > 32
              ? t.b.create<arith::ExtFOp>(t.loc, et, v).getResult()
              : t.b.create<arith::TruncFOp>(t.loc, et, v).getResult();
    return t.put(t.add(t.at(acc, where), v), acc, where);
  };
  return s.update(zeroIdx, in[0], init, [&](Scalars &sb, Value bi, Value a0) {
    return sb.update(zeroIdx, in[1], a0, [&](Scalars &sy, Value y, Value a1) {
      SourceSpan ys =
          sourceSpan(sy.b, sy.loc, y, heightScale, out[1], bilinear);
      return sy.update(zeroIdx, in[2], a1, [&](Scalars &sx, Value x, Value a2) {
        SourceSpan xs =
            sourceSpan(sx.b, sx.loc, x, widthScale, out[2], bilinear);
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
