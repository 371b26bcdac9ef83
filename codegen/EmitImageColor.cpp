// tf.image's colour kernels (tracer/tf/TfImageColor.cpp), computed as
// TensorFlow's CPU kernels compute them: RGBToHSV and HSVToRGB as Eigen
// evaluates their expressions (each op rounded to the element type),
// AdjustSaturation and AdjustHue pixel by pixel as their C++ loops do
// (float32, with the double constant of the saturation kernel's hue),
// and AdjustContrastv2's per-channel means by its halving fold.
#include "Emitter.h"
#include "passes/ScalarLoops.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <cfloat>

namespace kiln {

namespace {

/// Float arithmetic in an element type as Eigen's scalar code does it:
/// float16 and bfloat16 are computed in float32, each result rounded to
/// the element type; float32 and float64 directly.
struct Fp {
  OpBuilder &b;
  Location l;
  Type elem; // the tensor's element type
  Type work; // the type values are computed in

  Fp(OpBuilder &b, Location l, Type elem)
      : b(b), l(l), elem(elem),
        work(elem.isF16() || elem.isBF16() ? b.getF32Type() : elem) {}
  Fp(OpBuilder &b, Location l, const Fp &like)
      : b(b), l(l), elem(like.elem), work(like.work) {}

  Value round(Value v) {
    if (work == elem)
      return v;
    Value narrow = b.create<arith::TruncFOp>(l, elem, v);
    return b.create<arith::ExtFOp>(l, work, narrow);
  }
  /// `v` rounded to the element type, as a work-type constant.
  Value c(double v) {
    APFloat f(v);
    bool lost;
    f.convert(cast<FloatType>(elem).getFloatSemantics(),
              APFloat::rmNearestTiesToEven, &lost);
    f.convert(cast<FloatType>(work).getFloatSemantics(),
              APFloat::rmNearestTiesToEven, &lost);
    return b.create<arith::ConstantFloatOp>(l, f, cast<FloatType>(work));
  }
  Value in(Value v) { return v.getType() == work ? v : widen(v); }
  Value widen(Value v) { return b.create<arith::ExtFOp>(l, work, v); }
  Value out(Value v) {
    return work == elem ? v : b.create<arith::TruncFOp>(l, elem, v);
  }
  Value add(Value x, Value y) {
    return round(b.create<arith::AddFOp>(l, x, y));
  }
  Value sub(Value x, Value y) {
    return round(b.create<arith::SubFOp>(l, x, y));
  }
  Value mul(Value x, Value y) {
    return round(b.create<arith::MulFOp>(l, x, y));
  }
  Value div(Value x, Value y) {
    return round(b.create<arith::DivFOp>(l, x, y));
  }
  Value abs(Value x) { return b.create<math::AbsFOp>(l, x); }
  Value neg(Value x) { return b.create<arith::NegFOp>(l, x); }
  Value cmp(arith::CmpFPredicate p, Value x, Value y) {
    return b.create<arith::CmpFOp>(l, p, x, y);
  }
  Value lt(Value x, Value y) { return cmp(arith::CmpFPredicate::OLT, x, y); }
  Value le(Value x, Value y) { return cmp(arith::CmpFPredicate::OLE, x, y); }
  Value eq(Value x, Value y) { return cmp(arith::CmpFPredicate::OEQ, x, y); }
  Value ge(Value x, Value y) { return cmp(arith::CmpFPredicate::OGE, x, y); }
  Value gt(Value x, Value y) { return cmp(arith::CmpFPredicate::OGT, x, y); }
  Value select(Value c, Value x, Value y) {
    return b.create<arith::SelectOp>(l, c, x, y);
  }
  /// std::max(x, y) and std::min(x, y), which Eigen's scalar and packet
  /// max and min agree with: x unless the comparison picks y (a NaN x
  /// stays).
  Value max(Value x, Value y) { return select(lt(x, y), y, x); }
  Value min(Value x, Value y) { return select(lt(y, x), y, x); }

  /// while (cond(x)) x = step(x), stopping where a step leaves x as it is
  /// (where TensorFlow's kernel would loop forever).
  Value loop(Value x, const std::function<Value(Fp &, Value)> &cond,
             const std::function<Value(Fp &, Value)> &step) {
    auto w = b.create<scf::WhileOp>(
        l, TypeRange{x.getType()}, ValueRange{x},
        [&](OpBuilder &nb, Location nl, ValueRange args) {
          Fp f(nb, nl, *this);
          Value moves =
              f.cmp(arith::CmpFPredicate::ONE, step(f, args[0]), args[0]);
          Value go = nb.create<arith::AndIOp>(nl, cond(f, args[0]), moves);
          nb.create<scf::ConditionOp>(nl, go, args);
        },
        [&](OpBuilder &nb, Location nl, ValueRange args) {
          Fp f(nb, nl, *this);
          nb.create<scf::YieldOp>(nl, step(f, args[0]));
        });
    return w.getResult(0);
  }
  /// static_cast<int>(x) as x86's truncating conversion gives it: INT_MIN
  /// for NaN and out of range (as an i32).
  Value toInt(Value x) {
    Value lo = c(-2147483648.0), hi = c(2147483648.0);
    Value inRange = b.create<arith::AndIOp>(l, ge(x, lo), lt(x, hi));
    Value safe = select(inRange, x, c(0));
    Value i = b.create<arith::FPToSIOp>(l, b.getI32Type(), safe);
    Value minInt = b.create<arith::ConstantIntOp>(l, INT32_MIN, 32);
    return select(inRange, i, minInt);
  }
  Value intEq(Value i, int64_t v) {
    return b.create<arith::CmpIOp>(
        l, arith::CmpIPredicate::eq, i,
        b.create<arith::ConstantIntOp>(l, v, i.getType()));
  }
  /// The float of an int (h_category + ratio).
  Value fromInt(Value i) { return b.create<arith::SIToFPOp>(l, work, i); }
};

/// One of `values` by case: values[k] where `category` (i32) is k, `other`
/// for any category outside them (a switch's default).
Value byCategory(Fp &f, Value category, ArrayRef<Value> values, Value other) {
  Value v = other;
  for (int64_t k = static_cast<int64_t>(values.size()) - 1; k >= 0; --k)
    v = f.select(f.intEq(category, k), values[k], v);
  return v;
}

using Pixel = std::array<Value, 3>;

/// internal::rgb_to_hsv of the saturation kernel.
Pixel saturationRgbToHsv(Fp &f, const Pixel &rgb) {
  auto [r, g, b] = rgb;
  Value v = f.max(r, f.max(g, b));
  Value range = f.sub(v, f.min(r, f.min(g, b)));
  Value s = f.select(f.gt(v, f.c(0)), f.div(range, v), f.c(0));
  Value norm = f.div(f.c(1), f.mul(f.c(6), range));
  // norm * d + k / 6.0: the sum in double, rounded to float.
  auto plusSixth = [&](Value d, double k) -> Value {
    Value wide =
        f.b.create<arith::ExtFOp>(f.l, f.b.getF64Type(), f.mul(norm, d));
    Value sum =
        f.b.create<arith::AddFOp>(f.l, wide,
                                  f.b.create<arith::ConstantFloatOp>(
                                      f.l, APFloat(k / 6.0), f.b.getF64Type()));
    return f.b.create<arith::TruncFOp>(f.l, f.work, sum);
  };
  Value h = f.select(f.eq(r, v), f.mul(norm, f.sub(g, b)),
                     f.select(f.eq(g, v), plusSixth(f.sub(b, r), 2),
                              plusSixth(f.sub(r, g), 4)));
  h = f.select(f.le(range, f.c(0)), f.c(0), h);
  h = f.select(f.lt(h, f.c(0)), f.add(h, f.c(1)), h);
  return {h, s, v};
}

/// internal::hsv_to_rgb of the saturation kernel.
Pixel saturationHsvToRgb(Fp &f, const Pixel &hsv) {
  auto [h, s, v] = hsv;
  Value chroma = f.mul(s, v);
  Value m = f.sub(v, chroma);
  Value dh = f.mul(h, f.c(6));
  Value category = f.toInt(dh);
  Value fmodu = f.loop(
      dh, [](Fp &g, Value x) { return g.le(x, g.c(0)); },
      [](Fp &g, Value x) { return g.add(x, g.c(2)); });
  fmodu = f.loop(
      fmodu, [](Fp &g, Value x) { return g.ge(x, g.c(2)); },
      [](Fp &g, Value x) { return g.sub(x, g.c(2)); });
  Value x = f.mul(chroma, f.sub(f.c(1), f.abs(f.sub(fmodu, f.c(1)))));
  Value zero = f.c(0);
  Value r = byCategory(f, category, {chroma, x, zero, zero, x, chroma}, zero);
  Value g = byCategory(f, category, {x, chroma, chroma, x, zero, zero}, zero);
  Value b = byCategory(f, category, {zero, zero, x, chroma, chroma, x}, zero);
  return {f.add(r, m), f.add(g, m), f.add(b, m)};
}

/// The AdjustHue kernel on one pixel: its hue category and the ratio of
/// the middle channel, the hue turned by delta * 6 into [0, 6), then the
/// channels back from the category.
Pixel adjustHue(Fp &f, const Pixel &rgb, Value delta) {
  auto [r, g, b] = rgb;
  // The six orders of the channels, by the kernel's comparisons.
  Value rLtG = f.lt(r, g), bLtR = f.lt(b, r), bGtG = f.gt(b, g);
  Value bLtG = f.lt(b, g), bGtR = f.gt(b, r);
  auto pick = [&](Value c1, Value c3, Value c2, Value c0, Value c4, Value c5) {
    Value whenRLtG = f.select(bLtR, c1, f.select(bGtG, c3, c2));
    Value otherwise = f.select(bLtG, c0, f.select(bGtR, c4, c5));
    return f.select(rLtG, whenRLtG, otherwise);
  };
  Value vMax = pick(g, b, g, r, b, r);
  Value vMid = pick(r, g, b, g, r, b);
  Value vMin = pick(b, r, r, b, g, g);
  auto i32 = [&](int64_t v) {
    return f.b.create<arith::ConstantIntOp>(f.l, v, 32).getResult();
  };
  Value category = pick(i32(1), i32(3), i32(2), i32(0), i32(4), i32(5));
  Value ratio = f.div(f.sub(vMid, vMin), f.sub(vMax, vMin));
  Value one = i32(1);
  Value odd = f.b.create<arith::CmpIOp>(
      f.l, arith::CmpIPredicate::ne,
      f.b.create<arith::AndIOp>(f.l, category, one), i32(0));
  Value h =
      f.add(f.fromInt(category), f.select(odd, f.sub(f.c(1), ratio), ratio));
  h = f.select(f.eq(vMax, vMin), f.c(0), h);
  h = f.add(h, f.mul(delta, f.c(6)));
  h = f.loop(
      h, [](Fp &g, Value x) { return g.lt(x, g.c(0)); },
      [](Fp &g, Value x) { return g.add(x, g.c(6)); });
  h = f.loop(
      h, [](Fp &g, Value x) { return g.ge(x, g.c(6)); },
      [](Fp &g, Value x) { return g.sub(x, g.c(6)); });
  Value turned = f.toInt(h);
  Value fraction = f.sub(h, f.fromInt(turned));
  Value turnedOdd = f.b.create<arith::CmpIOp>(
      f.l, arith::CmpIPredicate::ne,
      f.b.create<arith::AndIOp>(f.l, turned, one), i32(0));
  fraction = f.select(turnedOdd, f.sub(f.c(1), fraction), fraction);
  Value mid = f.add(vMin, f.mul(fraction, f.sub(vMax, vMin)));
  // Category 5 is also the switch's default.
  Value outR = byCategory(f, turned, {vMax, mid, vMin, vMin, mid}, vMax);
  Value outG = byCategory(f, turned, {mid, vMax, vMax, mid, vMin}, vMin);
  Value outB = byCategory(f, turned, {vMin, vMin, mid, vMax, vMax}, mid);
  return {outR, outG, outB};
}

/// RGBToHSV's Eigen expression: V and the minimum as Eigen's max and min
/// reducers fold the channels (from the type's lowest and highest
/// values), then S and H by selects.
Pixel eigenRgbToHsv(Fp &f, const Pixel &rgb) {
  auto [r, g, b] = rgb;
  auto largest = [&](bool lowest) {
    const auto &sem = cast<FloatType>(f.elem).getFloatSemantics();
    return APFloat::getLargest(sem, lowest).convertToDouble();
  };
  Value v = f.c(largest(true)), lo = f.c(largest(false));
  for (Value x : {r, g, b}) {
    v = f.max(x, v);
    lo = f.min(x, lo);
  }
  Value range = f.sub(v, lo);
  Value s = f.select(f.gt(v, f.c(0)), f.div(range, v), f.c(0));
  Value sixth = f.div(f.c(1), f.c(6));
  Value norm = f.mul(f.div(f.c(1), range), sixth);
  Value h = f.select(
      f.eq(r, v), f.mul(norm, f.sub(g, b)),
      f.select(f.eq(g, v),
               f.add(f.mul(norm, f.sub(b, r)), f.div(f.c(2), f.c(6))),
               f.add(f.mul(norm, f.sub(r, g)), f.div(f.c(4), f.c(6)))));
  h = f.select(f.gt(range, f.c(0)), h, f.c(0));
  h = f.select(f.lt(h, f.c(0)), f.add(h, f.c(1)), h);
  return {h, s, v};
}

/// HSVToRGB's Eigen expression: each channel's ramp of the hue, clamped
/// to [0, 1], mixed with the saturation and scaled by the value.
Pixel eigenHsvToRgb(Fp &f, const Pixel &hsv) {
  auto [h, s, v] = hsv;
  Value dh = f.mul(h, f.c(6));
  auto clamp = [&](Value x) { return f.min(f.max(x, f.c(0)), f.c(1)); };
  Value dr = clamp(f.sub(f.abs(f.sub(dh, f.c(3))), f.c(1)));
  Value dg = clamp(f.add(f.neg(f.abs(f.sub(dh, f.c(2)))), f.c(2)));
  Value db = clamp(f.add(f.neg(f.abs(f.sub(dh, f.c(4)))), f.c(2)));
  Value oneS = f.add(f.neg(s), f.c(1));
  auto channel = [&](Value d) { return f.mul(f.add(oneS, f.mul(s, d)), v); };
  return {channel(dr), channel(dg), channel(db)};
}

} // namespace

Value Emitter::emitColour(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  Value images = input(n, 0);
  Value delta =
      n.op == "AdjustSaturation" || n.op == "AdjustHue"
          ? b.create<tensor::ExtractOp>(loc, input(n, 1), ValueRange{})
                .getResult()
          : Value();
  int64_t last = type.getRank() - 1;
  // Channels known only at run time must be 3.
  Value channels = dimSize(loc, images, last);
  if (type.isDynamicDim(last)) {
    Value three = b.create<arith::ConstantIndexOp>(loc, 3);
    Value ok =
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, channels, three);
    if (n.op == "AdjustSaturation" || n.op == "AdjustHue")
      check(n, ok, "input must have 3 channels but instead has {int} channels.",
            {channels});
    else
      check(n, ok,
            "input must have 3 channels but input only has {int} channels.",
            {channels}, nullptr, "FailedPreconditionError");
  }
  SmallVector<Value> dynamic;
  for (int64_t d = 0; d < type.getRank(); ++d)
    if (type.isDynamicDim(d))
      dynamic.push_back(dimSize(loc, images, d));
  return b.create<tensor::GenerateOp>(
      loc, type, dynamic, [&](OpBuilder &gb, Location l, ValueRange idx) {
        Fp f(gb, l, type.getElementType());
        Pixel in;
        SmallVector<Value> at(idx.begin(), idx.end());
        for (int64_t k = 0; k < 3; ++k) {
          at.back() = gb.create<arith::ConstantIndexOp>(l, k);
          in[k] = f.in(gb.create<tensor::ExtractOp>(l, images, at));
        }
        Pixel out;
        if (n.op == "RGBToHSV")
          out = eigenRgbToHsv(f, in);
        else if (n.op == "HSVToRGB")
          out = eigenHsvToRgb(f, in);
        else if (n.op == "AdjustHue")
          out = adjustHue(f, in, delta);
        else {
          Pixel hsv = saturationRgbToHsv(f, in);
          // s = min(1, max(0, s * scale)), as std::min and std::max do.
          Value scaled = f.mul(hsv[1], delta);
          Value s = f.select(f.lt(f.c(0), scaled), scaled, f.c(0));
          hsv[1] = f.select(f.lt(s, f.c(1)), s, f.c(1));
          out = saturationHsvToRgb(f, hsv);
        }
        Value channel =
            gb.create<arith::IndexCastOp>(l, gb.getI32Type(), idx.back());
        gb.create<tensor::YieldOp>(
            l, f.out(byCategory(f, channel, {out[0], out[1]}, out[2])));
      });
}

Value Emitter::emitAdjustContrast(const graph::Node &n, RankedTensorType type) {
  // The kernel's means: per image and channel, the pixels folded in half
  // until one remains (round one sums the two halves of the image, each
  // later round adds the upper half of what is left onto the lower, an
  // odd middle pixel carried over), times 1 / pixels. Then each element
  // is mean + factor * (x - mean).
  Location loc = locOf(n);
  Value images = input(n, 0);
  Value factor = b.create<tensor::ExtractOp>(loc, input(n, 1), ValueRange{});
  int64_t rank = type.getRank();
  auto f32 = b.getF32Type();
  Scalars s{b, loc};
  SmallVector<Value> dims;
  for (int64_t d = 0; d < rank; ++d)
    dims.push_back(dimSize(loc, images, d));
  Value batch = s.index(1);
  for (int64_t d = 0; d + 3 < rank; ++d)
    batch = b.create<arith::MulIOp>(loc, batch, dims[d]);
  Value height = dims[rank - 3], width = dims[rank - 2];
  Value channels = dims[rank - 1];
  Value pixels = b.create<arith::MulIOp>(loc, height, width);
  // The element of image `i` (flat over the leading dimensions) at pixel
  // `p` and channel `c`.
  auto element = [&](Scalars &s, Value i, Value p, Value c) {
    SmallVector<Value> at(rank);
    for (int64_t d = rank - 4; d >= 0; --d) {
      at[d] = s.b.create<arith::RemUIOp>(s.loc, i, dims[d]);
      i = s.b.create<arith::DivUIOp>(s.loc, i, dims[d]);
    }
    at[rank - 3] = s.b.create<arith::DivUIOp>(s.loc, p, width);
    at[rank - 2] = s.b.create<arith::RemUIOp>(s.loc, p, width);
    at[rank - 1] = c;
    return s.at(images, at);
  };
  Value scratchSize = b.create<arith::MaxUIOp>(loc, pixels, s.index(1));
  Value scratch =
      b.create<tensor::EmptyOp>(loc, ArrayRef<OpFoldResult>{scratchSize}, f32);
  scratch = s.put(s.real(f32, 0.0), scratch, {s.index(0)});
  Value means = b.create<tensor::EmptyOp>(
      loc, ArrayRef<OpFoldResult>{batch, channels}, f32);
  Value scale = s.div(
      s.real(f32, 1.0),
      b.create<arith::UIToFPOp>(
          loc, f32, b.create<arith::IndexCastOp>(loc, b.getI64Type(), pixels)));
  means =
      s.loop(s.index(0), batch, {means, scratch},
             [&](Scalars &s, Value i, ValueRange state) {
               return s.loop(
                   s.index(0), channels, state,
                   [&](Scalars &s, Value c, ValueRange state) {
                     Value sum = state[1];
                     Value right = s.idiv(pixels, 2);
                     Value left =
                         s.b.create<arith::SubIOp>(s.loc, pixels, right);
                     sum = s.update(s.index(0), right, sum,
                                    [&](Scalars &s, Value j, Value t) {
                                      Value v = s.add(
                                          element(s, i, s.iadd(left, j), c),
                                          element(s, i, j, c));
                                      return s.put(v, t, {j});
                                    });
                     // An odd middle pixel (the only one of a 1-pixel
                     // image) is carried over.
                     sum = s.update(right, left, sum,
                                    [&](Scalars &s, Value j, Value t) {
                                      return s.put(element(s, i, j, c), t, {j});
                                    });
                     auto rounds = s.b.create<scf::WhileOp>(
                         s.loc, TypeRange{left.getType(), sum.getType()},
                         ValueRange{left, sum},
                         [&](OpBuilder &nb, Location nl, ValueRange args) {
                           Value more = nb.create<arith::CmpIOp>(
                               nl, arith::CmpIPredicate::ugt, args[0],
                               nb.create<arith::ConstantIndexOp>(nl, 1));
                           nb.create<scf::ConditionOp>(nl, more, args);
                         },
                         [&](OpBuilder &nb, Location nl, ValueRange args) {
                           Scalars in{nb, nl};
                           Value half = in.idiv(args[0], 2);
                           Value rest =
                               nb.create<arith::SubIOp>(nl, args[0], half);
                           Value t = in.update(
                               in.index(0), half, args[1],
                               [&](Scalars &s, Value j, Value t) {
                                 Value v = s.add(s.at(t, {j}),
                                                 s.at(t, {s.iadd(rest, j)}));
                                 return s.put(v, t, {j});
                               });
                           nb.create<scf::YieldOp>(nl, ValueRange{rest, t});
                         });
                     sum = rounds.getResult(1);
                     Value mean = s.mul(s.at(sum, {s.index(0)}), scale);
                     return SmallVector<Value>{s.put(mean, state[0], {i, c}),
                                               sum};
                   });
             })
          .front();
  SmallVector<Value> dynamic;
  for (int64_t d = 0; d < rank; ++d)
    if (type.isDynamicDim(d))
      dynamic.push_back(dims[d]);
  return b.create<tensor::GenerateOp>(
      loc, type, dynamic, [&](OpBuilder &gb, Location l, ValueRange idx) {
        Scalars s{gb, l};
        Value i = s.index(0);
        for (int64_t d = 0; d + 3 < rank; ++d)
          i = s.iadd(gb.create<arith::MulIOp>(l, i, dims[d]), idx[d]);
        Value mean = s.at(means, {i, idx[rank - 1]});
        Value x = s.at(images, idx);
        gb.create<tensor::YieldOp>(l,
                                   s.add(mean, s.mul(factor, s.sub(x, mean))));
      });
}

} // namespace kiln
