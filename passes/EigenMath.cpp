// Eigen's float32 approximations as arith ops; see EigenMath.h for why.
// Multiply-adds are a multiply then an add: arith ops carry no fastmath
// flags, so LLVM keeps both roundings, as TensorFlow's FMA-less build does.
#include "passes/EigenMath.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringSwitch.h"

#include <limits>

using namespace mlir;

namespace kiln::eigen {

namespace {

/// A small builder for scalar f32 arithmetic, so the algorithms read like
/// formulas.
class F32 {
public:
  F32(OpBuilder &b, Location loc) : b(b), loc(loc) {}

  Value c(float v) {
    return b.create<arith::ConstantOp>(loc, b.getF32FloatAttr(v));
  }
  Value bits(uint32_t v) {
    return b.create<arith::BitcastOp>(loc, b.getF32Type(), i32(v));
  }
  Value i32(int64_t v) {
    return b.create<arith::ConstantOp>(loc, b.getI32IntegerAttr(v));
  }
  Value add(Value x, Value y) { return b.create<arith::AddFOp>(loc, x, y); }
  Value sub(Value x, Value y) { return b.create<arith::SubFOp>(loc, x, y); }
  Value mul(Value x, Value y) { return b.create<arith::MulFOp>(loc, x, y); }
  Value div(Value x, Value y) { return b.create<arith::DivFOp>(loc, x, y); }
  /// x * y + z, rounded after the product and after the sum.
  Value madd(Value x, Value y, Value z) { return add(mul(x, y), z); }
  Value min(Value x, Value y) { return b.create<arith::MinimumFOp>(loc, x, y); }
  Value max(Value x, Value y) { return b.create<arith::MaximumFOp>(loc, x, y); }
  Value floor(Value x) { return b.create<math::FloorOp>(loc, x); }
  Value abs(Value x) { return b.create<math::AbsFOp>(loc, x); }
  Value neg(Value x) { return b.create<arith::NegFOp>(loc, x); }
  Value le(Value x, Value y) { return cmp(arith::CmpFPredicate::OLE, x, y); }
  Value isNaN(Value x) { return cmp(arith::CmpFPredicate::UNO, x, x); }
  Value andI(Value p, Value q) { return b.create<arith::AndIOp>(loc, p, q); }
  Value orI(Value p, Value q) { return b.create<arith::OrIOp>(loc, p, q); }
  Value xorI(Value p, Value q) { return b.create<arith::XOrIOp>(loc, p, q); }
  Value notI(Value p) {
    return b.create<arith::XOrIOp>(
        loc, p, b.create<arith::ConstantOp>(loc, b.getBoolAttr(true)));
  }
  /// Eigen's pround on AVX: x + copysign(0.49999997, x), truncated (halves
  /// round away from zero).
  Value round(Value x) {
    Value nudge = fromBits(orI(signBit(x), i32(0x3effffff)));
    return b.create<math::TruncOp>(loc, add(nudge, x));
  }
  /// An f32's bits as an i32, and back.
  Value asBits(Value x) {
    return b.create<arith::BitcastOp>(loc, b.getI32Type(), x);
  }
  Value fromBits(Value i) {
    return b.create<arith::BitcastOp>(loc, b.getF32Type(), i);
  }
  /// x's sign bit, in place (0 or 0x80000000), and whether it is set.
  Value signBit(Value x) { return andI(asBits(x), i32(0x80000000u)); }
  Value hasSignBit(Value x) {
    return b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ne, signBit(x),
                                   i32(0));
  }
  Value cmp(arith::CmpFPredicate p, Value x, Value y) {
    return b.create<arith::CmpFOp>(loc, p, x, y);
  }
  Value lt(Value x, Value y) { return cmp(arith::CmpFPredicate::OLT, x, y); }
  Value eq(Value x, Value y) { return cmp(arith::CmpFPredicate::OEQ, x, y); }
  Value select(Value cond, Value x, Value y) {
    return b.create<arith::SelectOp>(loc, cond, x, y);
  }
  /// Horner's rule, highest coefficient first.
  Value poly(Value x, std::initializer_list<float> coeffs) {
    Value p;
    for (float k : coeffs)
      p = p ? madd(p, x, c(k)) : c(k);
    return p;
  }

  /// 2^k for an integral f32 `k` in [-126, 127], built from its bits.
  Value pow2(Value k) {
    Value ki = b.create<arith::FPToSIOp>(loc, b.getI32Type(), k);
    Value biased = b.create<arith::AddIOp>(loc, ki, i32(127));
    Value shifted = b.create<arith::ShLIOp>(loc, biased, i32(23));
    return b.create<arith::BitcastOp>(loc, b.getF32Type(), shifted);
  }

  /// y * 2^m, exact unless the result leaves the normal range. The scale is
  /// applied in two halves so that neither power of two overflows.
  Value ldexp(Value y, Value m) {
    // NaN would make the integer conversion poison; its result is NaN anyway.
    m = select(cmp(arith::CmpFPredicate::ORD, m, m), m, c(0));
    m = max(min(m, c(254)), c(-252));
    Value half = floor(mul(m, c(0.5f)));
    return mul(mul(y, pow2(half)), pow2(sub(m, half)));
  }

  /// The significand of a positive normal `x` in [0.5, 1), and its exponent
  /// `e` (as f32): x = significand * 2^e.
  Value frexp(Value x, Value &e) {
    Value xi = b.create<arith::BitcastOp>(loc, b.getI32Type(), x);
    Value biased = b.create<arith::AndIOp>(
        loc, b.create<arith::ShRUIOp>(loc, xi, i32(23)), i32(0xff));
    Value ei = b.create<arith::SubIOp>(loc, biased, i32(126));
    e = b.create<arith::SIToFPOp>(loc, b.getF32Type(), ei);
    Value mant = b.create<arith::OrIOp>(
        loc, b.create<arith::AndIOp>(loc, xi, i32(0x807fffff)),
        i32(0x3f000000));
    return b.create<arith::BitcastOp>(loc, b.getF32Type(), mant);
  }

  OpBuilder &b;
  Location loc;
};

/// m = floor(x / ln 2 + 1/2) and r = x - m ln 2, with ln 2 subtracted in two
/// parts (Cephes) to keep r accurate.
Value reduceByLn2(F32 &f, Value x, Value &r) {
  Value m = f.floor(f.madd(x, f.c(1.44269504088896341f), f.c(0.5f)));
  r = f.madd(m, f.c(-0.693359375f), x);
  r = f.madd(m, f.c(2.12194440e-4f), r);
  return m;
}

Value expPacket(F32 &f, Value x0) {
  Value zero = f.lt(x0, f.c(-104.f));
  Value x = f.min(x0, f.c(88.723f));
  Value r;
  Value m = reduceByLn2(f, x, r);
  // exp(r) on [-ln2/2, ln2/2]: a degree-6 polynomial, even and odd terms
  // evaluated separately.
  Value r2 = f.mul(r, r);
  Value even = f.madd(r2, f.c(1.37449637986719608306884765625e-3f),
                      f.c(4.166965186595916748046875e-2f));
  Value odd = f.madd(r2, f.c(8.36894474923610687255859375e-3f),
                     f.c(0.16666518151760101318359375f));
  even = f.madd(r2, even, f.c(0.49999988079071044921875f));
  Value low = f.add(r, f.c(1));
  Value y = f.madd(r, odd, even);
  y = f.madd(r2, y, low);
  Value result = f.max(f.ldexp(y, m), x0);
  return f.select(zero, f.c(0), result);
}

Value logPacket(F32 &f, Value x0) {
  Value e;
  Value x = f.frexp(x0, e);
  // Shift the significand to [sqrt(1/2), sqrt(2)) and center it on 0.
  Value below = f.lt(x, f.c(0.707106781186547524f));
  Value extra = f.select(below, x, f.c(0));
  x = f.sub(x, f.c(1));
  e = f.sub(e, f.select(below, f.c(1), f.c(0)));
  x = f.add(x, extra);
  // log(1 + x) as a rational function p(x) / q(x).
  Value p = f.mul(x, f.poly(x, {0.18256296349849254f, 1.0000000190281063f,
                                1.0000000190281136f}));
  Value q = f.poly(x, {0.049616247954120038f, 0.59923249590823520f,
                       1.4999999999999927f, 1.0f});
  x = f.madd(e, f.c(0.693147182f), f.div(p, q));
  // Negative and NaN inputs give Eigen's all-ones NaN, 0 gives -inf.
  Value invalid = f.cmp(arith::CmpFPredicate::ULT, x0, f.c(0));
  Value inf = f.bits(0x7f800000u);
  Value result = f.select(f.eq(x0, inf), inf, x);
  result = f.select(invalid, f.bits(0xffffffffu), result);
  return f.select(f.eq(x0, f.c(0)), f.bits(0xff800000u), result);
}

Value log1pPacket(F32 &f, Value x) {
  Value one = f.c(1);
  Value xp1 = f.add(x, one);
  Value log = logPacket(f, xp1);
  // x * log(1 + x) / ((1 + x) - 1) corrects the rounding of 1 + x.
  Value large = f.mul(x, f.div(log, f.sub(xp1, one)));
  Value keepX = f.b.create<arith::OrIOp>(f.loc, f.eq(xp1, one), f.eq(xp1, log));
  return f.select(keepX, x, large);
}

Value expm1Packet(F32 &f, Value x) {
  // Kahan's formula: (u - 1) * x / log(u) with u = exp(x).
  Value one = f.c(1), minusOne = f.c(-1);
  Value u = expPacket(f, x);
  Value um1 = f.sub(u, one);
  Value logu = logPacket(f, u);
  Value result = f.mul(um1, f.div(x, logu));
  result = f.select(f.eq(logu, u), u, result); // exp(x) = inf
  result = f.select(f.eq(um1, minusOne), minusOne, result);
  return f.select(f.eq(u, one), x, result);
}

Value tanhRational(F32 &f, Value x0) {
  // Outside [-c, c] the approximation is exactly +-1 (c for FMA-less builds).
  const float clamp = 7.90738964080810547f;
  Value x = f.max(f.min(x0, f.c(clamp)), f.c(-clamp));
  Value x2 = f.mul(x, x);
  Value x3 = f.mul(x2, x);
  Value p = f.poly(
      x2, {1.394553628e-8f, 2.102733560e-5f, 3.520756727e-3f, 1.340216100e-1f});
  Value q = f.poly(x2, {8.015776984e-7f, 3.326951409e-4f, 2.597254514e-2f,
                        4.673548340e-1f, 1.0f});
  return f.div(f.madd(x3, p, x), q);
}

Value logisticPacket(F32 &f, Value x0) {
  Value zero = f.lt(x0, f.c(-104.f));
  // Above this the result rounds to 1.
  Value x = f.min(x0, f.c(16.6355324f));
  // exp(x) = exp(x / 2)^2 keeps exp(x / 2) away from denormals.
  x = f.mul(x, f.c(0.5f));
  Value r;
  Value m = reduceByLn2(f, x, r);
  Value r2 = f.mul(r, r);
  Value even = f.madd(r2, f.c(4.1898667812347412109375e-2f),
                      f.c(0.49999141693115234375f));
  Value odd = f.madd(r2, f.c(8.33471305668354034423828125e-3f),
                     f.c(0.16666877269744873046875f));
  Value low = f.add(r, f.c(1));
  Value p = f.madd(r, odd, even);
  p = f.madd(r2, p, low);
  Value e = f.ldexp(p, m);
  e = f.mul(e, e);
  return f.select(zero, f.c(0), f.div(e, f.add(f.c(1), e)));
}

/// Eigen's reduction of a large |x| (>= 25966 for sin, 18838 for cos in
/// the FMA-less build) by pi/2, Payne-Hanek style: x * 2/pi in 2.62-bit
/// fixed point from three 32-bit words of 2/pi's bits chosen by x's
/// exponent, rounded to the quadrant `q`, and the remainder times pi/2 in
/// double precision. `x` must be finite and at least 2^14.
Value reduceHuge(F32 &f, Value x, Value &quadrant) {
  OpBuilder &b = f.b;
  Location loc = f.loc;
  auto i32 = b.getI32Type(), i64 = b.getI64Type();
  auto u64 = [&](uint64_t v) -> Value {
    return b.create<arith::ConstantOp>(loc, b.getIntegerAttr(i64, v));
  };
  // 2/pi's bits after its first two (0x28be60db 9391054a ...), behind three
  // zero bytes: word j of the table Eigen indexes is bytes j to j + 3.
  static const uint8_t kBytes[] = {
      0x00, 0x00, 0x00, 0x28, 0xbe, 0x60, 0xdb, 0x93, 0x91, 0x05,
      0x4a, 0x7f, 0x09, 0xd5, 0xf4, 0x7d, 0x4d, 0x37, 0x70, 0x36,
      0xd8, 0xa5, 0x66, 0x4f, 0x10, 0xe4, 0x10, 0x00, 0x00};
  auto tableWord = [](int j) {
    uint32_t w = 0;
    for (int k = j; k < j + 4; ++k)
      w = (w << 8) | kBytes[k];
    return w;
  };
  Value xi = f.asBits(x);
  Value e = b.create<arith::SubIOp>(
      loc, b.create<arith::ShRUIOp>(loc, xi, f.i32(23)), f.i32(118));
  Value mantissa = b.create<arith::ShLIOp>(
      loc, f.orI(f.andI(xi, f.i32(0x007fffff)), f.i32(0x00800000)),
      f.andI(e, f.i32(7)));
  Value i = b.create<arith::ShRUIOp>(loc, e, f.i32(3));
  // Words i - 1, i + 3 and i + 7 of the table, chosen by selects: i is 2
  // to 17 for finite x from 2^14 on. (No table in memory or wide integer:
  // the same code serves GPU kernels, whose parameters cannot be i256.)
  Value w1 = f.i32(0), w2 = f.i32(0), w3 = f.i32(0);
  for (int k = 2; k <= 17; ++k) {
    Value at =
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, i, f.i32(k));
    w1 = f.select(at, f.i32(tableWord(k - 1)), w1);
    w2 = f.select(at, f.i32(tableWord(k + 3)), w2);
    w3 = f.select(at, f.i32(tableWord(k + 7)), w3);
  }
  auto zext = [&](Value v) -> Value {
    return b.create<arith::ExtUIOp>(loc, i64, v);
  };
  Value m = zext(mantissa);
  // x * 2/pi, the low product first, carried into the next.
  Value p = b.create<arith::MulIOp>(loc, m, zext(w3));
  p = b.create<arith::AddIOp>(loc, b.create<arith::MulIOp>(loc, m, zext(w2)),
                              b.create<arith::ShRUIOp>(loc, p, u64(32)));
  Value high = zext(b.create<arith::MulIOp>(loc, mantissa, w1));
  p = b.create<arith::AddIOp>(loc, b.create<arith::ShLIOp>(loc, high, u64(32)),
                              p);
  Value q = b.create<arith::ShRUIOp>(
      loc, b.create<arith::AddIOp>(loc, p, u64(uint64_t(1) << 61)), u64(62));
  quadrant = b.create<arith::TruncIOp>(loc, i32, q);
  p = b.create<arith::SubIOp>(loc, p, b.create<arith::ShLIOp>(loc, q, u64(62)));
  auto f64 = b.getF64Type();
  Value r = b.create<arith::MulFOp>(
      loc, b.create<arith::SIToFPOp>(loc, f64, p),
      b.create<arith::ConstantOp>(loc,
                                  b.getF64FloatAttr(3.4061215800865545e-19)));
  return b.create<arith::TruncFOp>(loc, b.getF32Type(), r);
}

/// Eigen's sin and cos: x reduced by the nearest multiple of pi/2 (in four
/// parts, for the FMA-less build; Payne-Hanek from `huge` on), then a sine
/// or cosine polynomial chosen by the quadrant, and the sign set from it.
Value sinCosPacket(F32 &f, Value x0, bool sine) {
  OpBuilder &b = f.b;
  Location loc = f.loc;
  auto asInt = [&](Value v) -> Value {
    return b.create<arith::BitcastOp>(loc, b.getI32Type(), v);
  };
  Value x = b.create<math::AbsFOp>(loc, x0);
  Value y = f.mul(x, f.c(0.636619746685028076171875f));
  // Adding 1.5 * 2^23 rounds y to an integer held in the low mantissa bits.
  Value rounded = f.add(y, f.c(12582912.0f));
  Value quadrant = asInt(rounded);
  y = f.sub(rounded, f.c(12582912.0f));
  Value xAbs = x;
  for (float part : {-1.5703125f, -0.000483989715576171875f,
                     1.62865035235881805419921875e-07f,
                     5.5644315544167710640977020375430583953857421875e-11f})
    x = f.madd(y, f.c(part), x);
  // Finite elements from `huge` on take the Payne-Hanek reduction (the
  // others a stand-in input, so that it reads within its table).
  Value hugeValue = f.c(sine ? 25966.f : 18838.f);
  Value huge = f.andI(f.cmp(arith::CmpFPredicate::OGE, xAbs, hugeValue),
                      f.cmp(arith::CmpFPredicate::ONE, xAbs,
                            f.c(std::numeric_limits<float>::infinity())));
  Value hugeQuadrant;
  Value reduced = reduceHuge(f, f.select(huge, xAbs, hugeValue), hugeQuadrant);
  x = f.select(huge, reduced, x);
  quadrant = f.select(huge, hugeQuadrant, quadrant);
  Value signSource;
  if (sine) // the sign of x, flipped in quadrants 2 and 3
    signSource = b.create<arith::XOrIOp>(
        loc, asInt(x0), b.create<arith::ShLIOp>(loc, quadrant, f.i32(30)));
  else // negative in quadrants 1 and 2
    signSource = b.create<arith::ShLIOp>(
        loc, b.create<arith::AddIOp>(loc, quadrant, f.i32(1)), f.i32(30));
  Value sign = b.create<arith::AndIOp>(loc, signSource, f.i32(0x80000000u));
  Value even = b.create<arith::CmpIOp>(
      loc, arith::CmpIPredicate::eq,
      b.create<arith::AndIOp>(loc, quadrant, f.i32(1)), f.i32(0));
  Value x2 = f.mul(x, x);
  Value cosPoly = f.poly(x2, {2.4372266125283204019069671630859375e-05f,
                              -0.00138865201734006404876708984375f,
                              0.041666619479656219482421875f, -0.5f, 1.0f});
  Value sinPoly =
      f.poly(x2, {-0.0001959234114083702898469196984621021329076029360294342f,
                  0.0083326873655616851693794799871284340042620897293090820f,
                  -0.1666666203982298255503735617821803316473960876464843750f});
  sinPoly = f.madd(f.mul(sinPoly, x2), x, x);
  Value poly = sine ? f.select(even, sinPoly, cosPoly)
                    : f.select(even, cosPoly, sinPoly);
  return b.create<arith::BitcastOp>(
      loc, b.getF32Type(), b.create<arith::XOrIOp>(loc, asInt(poly), sign));
}

/// A call of the x86 approximation helper `name` on the f32 `x`.
Value x86Approximation(F32 &f, llvm::StringRef name, Value x) {
  return f.b
      .create<func::CallOp>(f.loc, name, TypeRange{f.b.getF32Type()},
                            ValueRange{x})
      .getResult(0);
}

/// Eigen's preciprocal: the approximation refined by one Newton step,
/// x * (2 - a * x); where that is NaN (a is 0 or infinite) the
/// approximation itself.
Value reciprocalPacket(F32 &f, Value a) {
  Value x = x86Approximation(f, kRcpHelper, a);
  Value t = f.sub(f.c(2), f.mul(a, x));
  return f.select(f.isNaN(t), x, f.mul(x, t));
}

/// Eigen's prsqrt: the approximation y refined by one Newton step,
/// y + (-y / 2) * (a * y * y - 1); where that is NaN (a is 0 or infinite)
/// the approximation itself.
Value rsqrtPacket(F32 &f, Value a) {
  Value y = x86Approximation(f, kRsqrtHelper, a);
  Value h = f.madd(f.mul(a, y), y, f.c(-1));
  Value refined = f.madd(f.mul(y, f.c(-0.5f)), h, y);
  return f.select(f.isNaN(refined), y, refined);
}

// ---- pow: Eigen's generic_pow, in double-word (hi + lo) arithmetic ----

/// A double-word number hi + lo.
struct DoubleWord {
  Value hi, lo;
};

/// hi + lo = x + y exactly, when |x| >= |y|.
DoubleWord fastTwoSum(F32 &f, Value x, Value y) {
  Value hi = f.add(x, y);
  return {hi, f.sub(y, f.sub(hi, x))};
}

/// x + y for double words with |x.hi| >= |y.hi|.
DoubleWord fastTwoSum(F32 &f, DoubleWord x, DoubleWord y) {
  DoubleWord r = fastTwoSum(f, x.hi, y.hi);
  return fastTwoSum(f, r.hi, f.add(f.add(y.lo, r.lo), x.lo));
}

/// Veltkamp's split of x into halves of its significand.
DoubleWord split(F32 &f, Value x) {
  Value gamma = f.mul(f.c(4097.f), x); // 2^12 + 1
  Value hi = f.add(f.sub(x, gamma), gamma);
  return {hi, f.sub(x, hi)};
}

/// hi + lo = x * y exactly (Dekker's product; the build has no FMA).
DoubleWord twoProd(F32 &f, Value x, Value y) {
  DoubleWord xs = split(f, x), ys = split(f, y);
  Value hi = f.mul(x, y);
  Value lo = f.madd(xs.hi, ys.hi, f.neg(hi));
  lo = f.madd(xs.hi, ys.lo, lo);
  lo = f.madd(xs.lo, ys.hi, lo);
  lo = f.madd(xs.lo, ys.lo, lo);
  return {hi, lo};
}

/// A double word times a float.
DoubleWord twoProd(F32 &f, DoubleWord x, Value y) {
  DoubleWord c = twoProd(f, x.hi, y);
  DoubleWord t = fastTwoSum(f, c.hi, f.mul(x.lo, y));
  return fastTwoSum(f, t.hi, f.add(t.lo, c.lo));
}

/// The double word nearest the double `v`.
DoubleWord constantPair(F32 &f, double v) {
  float hi = static_cast<float>(v);
  return {f.c(hi), f.c(static_cast<float>(v - static_cast<double>(hi)))};
}

/// log2(z) for z in [sqrt(1/2), sqrt(2)) as a double word: a minimax
/// polynomial in x = z - 1 whose last two Horner steps are double-word.
DoubleWord accurateLog2(F32 &f, Value z) {
  Value x = f.sub(z, f.c(1));
  Value p = f.poly(
      x, {9.7010828554630279541015625e-02f, -1.6896486282348632812500000e-01f,
          1.7200836539268493652343750e-01f, -1.7892272770404815673828125e-01f,
          2.0505344867706298828125000e-01f, -2.4046677350997924804687500e-01f,
          2.8857553005218505859375000e-01f, -3.6067414283752441406250000e-01f,
          4.8089790344238281250000000e-01f});
  DoubleWord q = twoProd(f, x, p);
  q = fastTwoSum(
      f,
      constantPair(f,
                   -7.2134751588268664068692714863573201000690460205078125e-01),
      q);
  q = twoProd(f, q, x);
  q = fastTwoSum(
      f,
      constantPair(f,
                   1.442695041742110273474963832995854318141937255859375e+00),
      q);
  return twoProd(f, q, x);
}

/// Eigen's frexp for any float (subnormals normalized first): the
/// significand in [0.5, 1) with x's sign, and the exponent `e`; zero, inf
/// and NaN come back as they are with e = 0.
Value frexpAny(F32 &f, Value x, Value &e) {
  Value subnormal = f.lt(f.abs(x), f.bits(0x00800000));
  Value normalized = f.select(subnormal, f.mul(x, f.c(16777216.f)), x);
  Value offset = f.select(subnormal, f.c(-150), f.c(-126));
  Value biased = f.b.create<arith::SIToFPOp>(
      f.loc, f.b.getF32Type(),
      f.b.create<arith::ShRUIOp>(f.loc, f.asBits(f.abs(normalized)),
                                 f.i32(23)));
  Value special = f.orI(f.eq(x, f.c(0)), f.eq(biased, f.c(255)));
  Value m = f.fromBits(f.orI(f.andI(f.asBits(normalized), f.i32(0x807fffff)),
                             f.i32(0x3f000000)));
  e = f.select(special, f.c(0), f.add(biased, offset));
  return f.select(special, x, m);
}

/// x * 2^n for integral n, in four steps so that no factor overflows
/// (Eigen's pldexp): n clamped to [-278, 278], b = floor(n / 4),
/// ((x * 2^b) * 2^b) * 2^b * 2^(n - 3b).
Value ldexpWide(F32 &f, Value x, Value n) {
  n = f.select(f.isNaN(n), f.c(0), n); // its lane's result is replaced
  n = f.max(f.min(n, f.c(278)), f.c(-278));
  Value quarter = f.floor(f.mul(n, f.c(0.25f))); // exact: n is integral
  Value c = f.pow2(quarter);
  Value out = f.mul(f.mul(f.mul(x, c), c), c);
  return f.mul(out, f.pow2(f.sub(n, f.mul(quarter, f.c(3)))));
}

/// 2^x for |x| <= 1/2: exp of ln2 * x taken as a double word.
Value exp2Small(F32 &f, Value x) {
  x = f.max(f.min(x, f.c(129)), f.c(-151));
  DoubleWord p = twoProd(f, f.c(0.693147180559945309417232121458f), x);
  return f.mul(expPacket(f, p.hi), f.add(f.c(1), p.lo));
}

/// |x|^y for the general case: exp2(y * log2(|x|)) with the product in
/// double words.
Value powMagnitude(F32 &f, Value x, Value y) {
  Value e;
  Value m = frexpAny(f, x, e);
  Value scale = f.lt(m, f.c(0.70710678118654752440f));
  m = f.select(scale, f.mul(f.c(2), m), m);
  e = f.select(scale, f.sub(e, f.c(1)), e);
  DoubleWord r = accurateLog2(f, m);
  DoubleWord product = fastTwoSum(f, twoProd(f, e, y), twoProd(f, r, y));
  // product = n + r exactly, with n integral and |r| <= 1/2.
  Value n = f.round(product.hi);
  Value frac = f.add(f.sub(product.hi, n), product.lo);
  Value carry = f.round(frac);
  frac = f.sub(frac, carry);
  n = f.add(n, carry);
  return ldexpWide(f, exp2Small(f, frac), n);
}

/// pow(x, y) with C's special cases, in Eigen's order of selects.
Value powPacket(F32 &f, Value x, Value y) {
  OpBuilder &b = f.b;
  Location loc = f.loc;
  Value inf = f.c(std::numeric_limits<float>::infinity());
  Value zero = f.c(0), one = f.c(1);
  Value nan = f.c(std::numeric_limits<float>::quiet_NaN());
  Value xAbs = f.abs(x);
  Value pow = powMagnitude(f, xAbs, y);

  Value xNegative = f.lt(x, zero);
  Value xZero = f.eq(x, zero);
  Value xOne = f.eq(x, one);
  Value xSignBit = f.hasSignBit(x);
  Value xAbsAboveOne = f.lt(one, xAbs);
  Value xAbsInf = f.eq(xAbs, inf);

  Value yAbs = f.abs(y);
  Value yAbsInf = f.eq(yAbs, inf);
  Value yNegative = f.lt(y, zero);
  Value yZero = f.eq(y, zero);
  Value yOne = f.eq(y, one);
  Value yInt = f.andI(f.eq(f.floor(y), y), f.notI(yAbsInf));
  Value yHalf = f.mul(y, f.c(0.5f));
  Value yEven = f.eq(f.round(yHalf), yHalf);
  Value yOddInt = f.andI(yInt, f.notI(yEven));
  // 128 ln 2 / FLT_EPSILON: past it, 1 + epsilon overflows.
  Value yHuge = f.le(f.c(128 * 0.693147180559945309417232121458f /
                         std::numeric_limits<float>::epsilon()),
                     yAbs);

  pow = f.select(f.andI(xNegative, f.notI(yInt)), nan, pow);
  pow = f.select(xZero, f.select(yNegative, inf, zero), pow);
  pow = f.select(f.andI(xSignBit, yOddInt), f.neg(pow), pow);
  Value infY =
      f.select(f.orI(f.andI(yNegative, xZero), f.xorI(yNegative, xAbsAboveOne)),
               inf, zero);
  infY = f.select(f.eq(x, f.c(-1)), one, infY);
  pow = f.select(yHuge, infY, pow);
  Value xPosInf = f.select(yNegative, zero, inf);
  Value xNegInf = f.select(yOddInt, f.neg(xPosInf), xPosInf);
  pow = f.select(xAbsInf, f.select(xNegative, xNegInf, xPosInf), pow);
  pow = f.select(f.orI(f.isNaN(x), f.isNaN(y)), nan, pow);
  return f.select(yOne, x, f.select(f.orI(xOne, yZero), one, pow));
}

// ---- inverse trigonometric functions and erf ----

/// x with its sign bit flipped where `sign` has it (pxor with a sign mask).
Value flipSign(F32 &f, Value x, Value sign) {
  return f.fromBits(f.xorI(f.asBits(x), sign));
}

/// NaN where `invalid` (por with an all-ones mask: a NaN of all ones).
Value nanWhere(F32 &f, Value invalid, Value x) {
  return f.select(invalid, f.bits(0xffffffffu), x);
}

/// Eigen's generic_atan: a rational function on [0, 1], and
/// pi/2 - atan(1/|x|) (with the packet reciprocal) above.
Value atanPacket(F32 &f, Value x0) {
  Value absX = f.abs(x0);
  Value large = f.lt(f.c(1), absX);
  Value x = f.select(large, reciprocalPacket(f, absX), absX);
  Value x2 = f.mul(x, x);
  Value p = f.poly(x2, {1.12026982009410858154296875e-01f,
                        7.296695709228515625e-01f, 8.109951019287109375e-01f});
  Value q = f.poly(x2, {1.00917108356952667236328125e-02f,
                        2.8318560123443603515625e-01f, 1.0f,
                        8.109951019287109375e-01f});
  Value r = f.mul(x, f.div(p, q));
  r = f.select(large, f.sub(f.c(1.57079632679489661923f), r), r);
  return flipSign(f, r, f.signBit(x0));
}

/// Eigen's pasin_float: an even polynomial on [0, 1/2], and
/// pi/2 - 2 asin(sqrt((1 - |x|) / 2)) above.
Value asinPacket(F32 &f, Value x0) {
  Value absX = f.abs(x0);
  Value invalid = f.lt(f.c(1), absX);
  Value xLarge =
      f.b.create<math::SqrtOp>(f.loc, f.sub(f.c(0.5f), f.mul(f.c(0.5f), absX)));
  Value large = f.lt(f.c(0.5f), absX);
  Value x = f.select(large, xLarge, absX);
  Value x2 = f.mul(x, x);
  Value p = f.poly(
      x2, {5.08838854730129241943359375e-2f, 3.95139865577220916748046875e-2f,
           7.550220191478729248046875e-2f, 0.16664917767047882080078125f,
           1.00000011920928955078125f});
  p = f.mul(p, x);
  p = f.select(large, f.sub(f.c(1.57079632679489661923f), f.mul(f.c(2), p)), p);
  return nanWhere(f, invalid, flipSign(f, p, f.signBit(x0)));
}

/// Eigen's pacos_float: sqrt(1 - |x|) times a polynomial in |x|, and
/// pi minus that for negative x.
Value acosPacket(F32 &f, Value x0) {
  Value negative = f.hasSignBit(x0);
  Value absX = f.abs(x0);
  Value x2 = f.mul(x0, x0);
  Value even = f.madd(f.c(2.36423197202384471893310546875e-3f), x2,
                      f.c(2.717843465507030487060546875e-2f));
  Value odd = f.madd(f.c(-1.1368644423782825469970703125e-2f), x2,
                     f.c(-4.8969544470310211181640625e-2f));
  even = f.madd(even, x2, f.c(8.8804088532924652099609375e-2f));
  odd = f.madd(odd, x2, f.c(-0.214591205120086669921875f));
  even = f.madd(even, x2, f.c(1.57079637050628662109375f));
  Value p = f.madd(odd, absX, even);
  Value root = f.b.create<math::SqrtOp>(f.loc, f.sub(f.c(1), absX));
  Value r = f.mul(root, p);
  return f.select(negative, f.sub(f.c(3.14159265358979323846f), r), r);
}

/// Eigen's patanh_float: an odd polynomial below |x| = 1/2, the packet
/// log of (1 + x) / (1 - x), halved, from there.
Value atanhPacket(F32 &f, Value x) {
  Value x2 = f.mul(x, x);
  Value x3 = f.mul(x, x2);
  Value p =
      f.poly(x2, {0.1819281280040740966796875f, 8.2311116158962249755859375e-2f,
                  0.14672131836414337158203125f, 0.1997792422771453857421875f,
                  0.3333373963832855224609375f});
  p = f.madd(x3, p, x);
  Value r = f.div(f.add(f.c(1), x), f.sub(f.c(1), x));
  r = f.mul(f.c(0.5f), logPacket(f, r));
  Value absX = f.abs(x);
  Value aboveHalf = f.le(f.c(0.5f), absX);
  Value isOne = f.eq(f.c(1), absX);
  Value aboveOne = f.lt(f.c(1), absX);
  Value inf = f.fromBits(f.orI(f.signBit(x), f.i32(0x7f800000))); // ±inf
  return nanWhere(f, aboveOne, f.select(isOne, inf, f.select(aboveHalf, r, p)));
}

/// Eigen's generic_fast_erf<float>: an odd/even rational function of x
/// with x^2 capped at 16, clamped to [-1, 1]. The same on packets and
/// scalars.
Value erfRational(F32 &f, Value x) {
  Value x2 = f.min(f.c(16.0f), f.mul(x, x));
  Value p = f.poly(x2, {2.123732201653183437883853912353515625e-06f,
                        2.861979592125862836837768554687500000e-04f,
                        3.658048342913389205932617187500000000e-03f,
                        5.243302136659622192382812500000000000e-02f,
                        1.874160766601562500000000000000000000e-01f,
                        1.128379106521606445312500000000000000e+00f});
  p = f.mul(x, p);
  Value q = f.poly(x2, {3.89185734093189239501953125000e-05f,
                        1.14329601638019084930419921875e-03f,
                        1.47520881146192550659179687500e-02f,
                        1.12945675849914550781250000000e-01f,
                        4.99425798654556274414062500000e-01f, 1.0f});
  return f.max(f.min(f.div(p, q), f.c(1)), f.c(-1));
}

/// Eigen's generic_fast_erfc<float>: 1 + x S(x^2) for |x| <= 1, else
/// exp(-x^2) (corrected by x^2's low part) times a rational function of
/// 1/x^2. Packets take Eigen's exp and approximate reciprocal; scalars the
/// C library's exp and a division.
Value erfcForm(F32 &f, Value x0, bool packet) {
  Value x = f.min(f.max(x0, f.c(-11.0f)), f.c(11.0f));
  Value x2 = f.mul(x, x);
  Value small = f.madd(x,
                       f.poly(x2, {5.61802298761904239654541015625e-04f,
                                   -4.91381669417023658752441406250e-03f,
                                   2.67075151205062866210937500000e-02f,
                                   -1.12800106406211853027343750000e-01f,
                                   3.76122951507568359375000000000e-01f,
                                   -1.12837910652160644531250000000e+00f}),
                       f.c(1));
  Value aboveOne = f.lt(f.c(1), x2);
  Value x2Low = twoProd(f, x, x).lo;
  Value negX2 = f.neg(x2);
  Value e = packet ? expPacket(f, negX2)
                   : f.b.create<math::ExpOp>(f.loc, negX2).getResult();
  Value z = f.sub(e, f.mul(e, x2Low));
  Value q2 = packet ? reciprocalPacket(f, x2) : f.div(f.c(1), x2);
  Value num = f.poly(
      q2, {1.0208116471767425537109375e-01f, 4.2920666933059692382812500e-01f,
           3.2379078865051269531250000e-01f, 5.3971976041793823242187500e-02f});
  Value den = f.mul(x, f.poly(q2, {1.7251677811145782470703125e-02f,
                                   3.9137163758277893066406250e-01f,
                                   1.0000000000000000000000000e+00f,
                                   6.2173241376876831054687500e-01f,
                                   9.5662862062454223632812500e-02f}));
  Value r = f.div(num, den);
  Value two = f.select(f.lt(x, f.c(0)), f.c(2), f.c(0));
  return f.select(aboveOne, f.madd(z, r, two), small);
}

} // namespace

Value atan2PacketForm(OpBuilder &b, Location loc, Value y, Value x) {
  auto type = cast<FloatType>(y.getType());
  auto intType = b.getIntegerType(type.getWidth());
  auto bits = [&](Value v) -> Value {
    return b.create<arith::BitcastOp>(loc, intType, v);
  };
  auto fromBits = [&](Value v) -> Value {
    return b.create<arith::BitcastOp>(loc, type, v);
  };
  auto constant = [&](double v) -> Value {
    return b.create<arith::ConstantOp>(loc, b.getFloatAttr(type, v));
  };
  auto orI = [&](Value p, Value q) -> Value {
    return b.create<arith::OrIOp>(loc, p, q);
  };
  auto signOf = [&](Value v) -> Value {
    return b.create<arith::AndIOp>(loc, bits(v), bits(constant(-0.0)));
  };
  auto equal = [&](Value p, Value q) -> Value {
    return b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::OEQ, p, q);
  };
  Value ySign = signOf(y), xSign = signOf(x);
  Value resultSign = b.create<arith::XOrIOp>(loc, ySign, xSign);
  // pi (rounded to the type) with y's sign when x's sign bit is set, else
  // y's signed zero.
  Value xSigned = b.create<arith::CmpIOp>(
      loc, arith::CmpIPredicate::ne, xSign,
      b.create<arith::ConstantOp>(loc, b.getIntegerAttr(intType, 0)));
  Value pi = type.isF32() ? constant(static_cast<float>(M_PI)) : constant(M_PI);
  Value shift = fromBits(orI(
      b.create<arith::SelectOp>(loc, xSigned, bits(pi), bits(constant(0.0))),
      ySign));
  Value same =
      equal(b.create<math::AbsFOp>(loc, x), b.create<math::AbsFOp>(loc, y));
  Value zero = equal(fromBits(orI(bits(x), bits(y))), constant(0.0));
  Value arg = b.create<arith::DivFOp>(loc, y, x);
  arg = b.create<arith::SelectOp>(
      loc, same, fromBits(orI(bits(constant(1.0)), resultSign)), arg);
  arg = b.create<arith::SelectOp>(loc, zero, fromBits(resultSign), arg);
  Value atan = type.isF32() ? packetForm(b, loc, "atan", arg)
                            : packetForm64(b, loc, "atan", arg);
  return b.create<arith::AddFOp>(loc, atan, shift);
}

Value powPacketForm(OpBuilder &b, Location loc, Value x, Value y) {
  F32 f(b, loc);
  return powPacket(f, x, y);
}

bool hasPacketForm(llvm::StringRef fn) {
  return fn == "tanh" || fn == "erf" || dependsOnPosition(fn);
}

bool dependsOnPosition(llvm::StringRef fn) {
  return llvm::StringSwitch<bool>(fn)
      .Cases("exp", "log", "log1p", "expm1", "sigmoid", true)
      .Cases("sin", "cos", "reciprocal", "rsqrt", true)
      .Cases("atan", "asin", "acos", "atanh", "erfc", true)
      .Default(false);
}

Value packetForm(OpBuilder &b, Location loc, llvm::StringRef fn, Value x) {
  F32 f(b, loc);
  if (fn == "exp")
    return expPacket(f, x);
  if (fn == "log")
    return logPacket(f, x);
  if (fn == "log1p")
    return log1pPacket(f, x);
  if (fn == "expm1")
    return expm1Packet(f, x);
  if (fn == "sigmoid")
    return logisticPacket(f, x);
  if (fn == "sin" || fn == "cos")
    return sinCosPacket(f, x, fn == "sin");
  if (fn == "reciprocal")
    return reciprocalPacket(f, x);
  if (fn == "rsqrt")
    return rsqrtPacket(f, x);
  if (fn == "atan")
    return atanPacket(f, x);
  if (fn == "asin")
    return asinPacket(f, x);
  if (fn == "acos")
    return acosPacket(f, x);
  if (fn == "atanh")
    return atanhPacket(f, x);
  if (fn == "erf")
    return erfRational(f, x);
  if (fn == "erfc")
    return erfcForm(f, x, /*packet=*/true);
  return tanhRational(f, x);
}

Value erfcScalar(OpBuilder &b, Location loc, Value x) {
  F32 f(b, loc);
  return erfcForm(f, x, /*packet=*/false);
}

llvm::StringRef x86HelperFor(llvm::StringRef fn) {
  if (fn == "reciprocal" || fn == "atan" || fn == "erfc")
    return kRcpHelper;
  if (fn == "rsqrt")
    return kRsqrtHelper;
  return "";
}

void declareX86Helpers(ModuleOp module) {
  OpBuilder b(module.getBodyRegion());
  Type f32 = b.getF32Type();
  for (llvm::StringRef name : {kRcpHelper, kRsqrtHelper}) {
    if (module.lookupSymbol(name))
      continue;
    auto decl = b.create<func::FuncOp>(module.getLoc(), name,
                                       b.getFunctionType({f32}, {f32}));
    decl.setPrivate();
  }
}

void defineX86Helpers(ModuleOp module) {
  OpBuilder b(module.getContext());
  for (auto [name, intrinsic] : {std::pair<llvm::StringRef, llvm::StringRef>{
                                     kRcpHelper, "llvm.x86.sse.rcp.ss"},
                                 {kRsqrtHelper, "llvm.x86.sse.rsqrt.ss"}}) {
    auto fn = module.lookupSymbol<LLVM::LLVMFuncOp>(name);
    if (!fn || !fn.isExternal())
      continue;
    Location loc = fn.getLoc();
    Block *block = fn.addEntryBlock(b);
    b.setInsertionPointToStart(block);
    auto vec = VectorType::get({4}, b.getF32Type());
    Value lane =
        b.create<LLVM::ConstantOp>(loc, b.getI32Type(), b.getI32IntegerAttr(0));
    Value v = b.create<LLVM::InsertElementOp>(
        loc, b.create<LLVM::UndefOp>(loc, vec), block->getArgument(0), lane);
    Value r =
        b.create<LLVM::CallIntrinsicOp>(loc, vec, intrinsic, ValueRange{v})
            ->getResult(0);
    b.create<LLVM::ReturnOp>(
        loc, ValueRange{b.create<LLVM::ExtractElementOp>(loc, r, lane)});
    fn.setLinkage(LLVM::Linkage::Internal);
  }
}

Value logisticScalar(OpBuilder &b, Location loc, Value x) {
  F32 f(b, loc);
  Value e = b.create<math::ExpOp>(loc, f.min(x, f.c(16.6355324f)));
  return f.div(e, f.add(f.c(1), e));
}

} // namespace kiln::eigen
