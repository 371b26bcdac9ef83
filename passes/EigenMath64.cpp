// Eigen's float64 approximations as arith ops (EigenMath.h): the packet
// forms of exp, log, tanh, logistic, erf and erfc on 4-wide double
// packets, and the scalar forms of logistic, erf and erfc, which follow
// Eigen's formulas with the C library's exp. TensorFlow's x86 wheels are
// built for AVX without FMA, so every multiply-add rounds twice, as here.
// Measured against TensorFlow 2.20 (docs/numerics.md); TensorFlow's
// kernels also flush subnormal results to zero, which kiln does not.
#include "passes/EigenMath.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/StringSwitch.h"

#include <cmath>
#include <limits>

using namespace mlir;

namespace kiln::eigen {

namespace {

/// Scalar f64 arithmetic, so the algorithms read like formulas.
struct F64 {
  OpBuilder &b;
  Location loc;

  Value c(double v) {
    return b.create<arith::ConstantOp>(loc, b.getF64FloatAttr(v));
  }
  Value i64(int64_t v) {
    return b.create<arith::ConstantOp>(loc, b.getI64IntegerAttr(v));
  }
  Value add(Value x, Value y) { return b.create<arith::AddFOp>(loc, x, y); }
  Value sub(Value x, Value y) { return b.create<arith::SubFOp>(loc, x, y); }
  Value mul(Value x, Value y) { return b.create<arith::MulFOp>(loc, x, y); }
  Value div(Value x, Value y) { return b.create<arith::DivFOp>(loc, x, y); }
  Value floor(Value x) { return b.create<math::FloorOp>(loc, x); }
  Value abs(Value x) { return b.create<math::AbsFOp>(loc, x); }
  Value neg(Value x) { return b.create<arith::NegFOp>(loc, x); }
  Value cmp(arith::CmpFPredicate p, Value x, Value y) {
    return b.create<arith::CmpFOp>(loc, p, x, y);
  }
  Value lt(Value x, Value y) { return cmp(arith::CmpFPredicate::OLT, x, y); }
  Value gt(Value x, Value y) { return cmp(arith::CmpFPredicate::OGT, x, y); }
  Value eq(Value x, Value y) { return cmp(arith::CmpFPredicate::OEQ, x, y); }
  Value select(Value cond, Value x, Value y) {
    return b.create<arith::SelectOp>(loc, cond, x, y);
  }
  /// Eigen's pmin and pmax on AVX (min_pd and max_pd with the operands
  /// swapped): `a` unless `b` compares smaller (larger).
  Value pmin(Value a, Value bv) { return select(lt(bv, a), bv, a); }
  Value pmax(Value a, Value bv) { return select(gt(bv, a), bv, a); }
  /// Horner's rule from the highest coefficient (Cephes' polevl), each
  /// step a rounded product and a rounded sum.
  Value poly(Value x, std::initializer_list<double> coeffs) {
    Value p;
    for (double k : coeffs)
      p = p ? add(mul(p, x), c(k)) : c(k);
    return p;
  }
  /// 2^k for an integral f64 `k` in [-1022, 1023], from its bits.
  Value pow2(Value k) {
    Value ki = b.create<arith::FPToSIOp>(loc, b.getI64Type(), k);
    Value biased = b.create<arith::AddIOp>(loc, ki, i64(1023));
    return b.create<arith::BitcastOp>(
        loc, b.getF64Type(), b.create<arith::ShLIOp>(loc, biased, i64(52)));
  }
};

Value expPacket(F64 &f, Value x0) {
  // Cephes' rational approximation of exp(r) = 1 + 2 r P(r^2) / (Q(r^2) -
  // r P(r^2)) after the reduction by ln 2 in two parts.
  Value x = f.pmin(x0, f.c(709.784));
  Value fx = f.floor(f.add(f.mul(f.c(1.4426950408889634073599), x), f.c(0.5)));
  Value tmp = f.mul(fx, f.c(0.693145751953125));
  Value z = f.mul(fx, f.c(1.42860682030941723212e-6));
  x = f.sub(f.sub(x, tmp), z);
  Value x2 = f.mul(x, x);
  Value px =
      f.mul(f.poly(x2, {1.26177193074810590878e-4, 3.02994407707441961300e-2,
                        9.99999999999999999910e-1}),
            x);
  Value qx = f.poly(x2, {3.00198505138664455042e-6, 2.52448340349684104192e-3,
                         2.27265548208155028766e-1, 2.00000000000000000009e0});
  x = f.div(px, f.sub(qx, px));
  x = f.add(f.mul(f.c(2.0), x), f.c(1.0));
  // The scale by 2^fx: one power of two (0 or inf at the ends of the
  // clamp) where |x| <= 708, else Eigen's pldexp in four factors.
  Value e = f.pmax(f.pmin(fx, f.c(1024.0)), f.c(-1023.0));
  e = f.select(f.cmp(arith::CmpFPredicate::UNO, e, e), f.c(0.0), e);
  Value scale =
      f.select(f.eq(e, f.c(-1023.0)), f.c(0.0),
               f.select(f.eq(e, f.c(1024.0)), f.c(INFINITY),
                        f.pow2(f.pmax(f.pmin(e, f.c(1023.0)), f.c(-1022.0)))));
  Value fast = f.pmax(f.mul(x, scale), x0);
  Value wide = f.pmax(f.pmin(fx, f.c(2099.0)), f.c(-2099.0));
  wide = f.select(f.cmp(arith::CmpFPredicate::UNO, wide, wide), f.c(0.0), wide);
  Value quarter = f.floor(f.mul(wide, f.c(0.25)));
  Value factor = f.pow2(quarter);
  Value safe = f.mul(f.mul(f.mul(x, factor), factor), factor);
  safe = f.mul(safe, f.pow2(f.sub(wide, f.mul(f.c(3.0), quarter))));
  safe = f.pmax(safe, x0);
  safe = f.select(f.lt(x0, f.c(-745.519)), f.c(0.0), safe);
  return f.select(f.gt(f.abs(x0), f.c(708.0)), safe, fast);
}

Value logPacket(F64 &f, Value x0) {
  OpBuilder &b = f.b;
  Location loc = f.loc;
  // frexp of a normal x: x = m 2^e with m in [0.5, 1). Subnormal inputs
  // count as zero (TensorFlow's kernels run with denormals as zero).
  Value bits = b.create<arith::BitcastOp>(loc, b.getI64Type(), x0);
  Value biased = b.create<arith::AndIOp>(
      loc, b.create<arith::ShRUIOp>(loc, bits, f.i64(52)), f.i64(0x7ff));
  Value e = b.create<arith::SIToFPOp>(
      loc, b.getF64Type(), b.create<arith::SubIOp>(loc, biased, f.i64(1022)));
  Value m = b.create<arith::BitcastOp>(
      loc, b.getF64Type(),
      b.create<arith::OrIOp>(
          loc, b.create<arith::AndIOp>(loc, bits, f.i64(0x800fffffffffffffLL)),
          f.i64(0x3fe0000000000000LL)));
  Value below = f.lt(m, f.c(0.70710678118654752440E0));
  Value tmp = f.select(below, m, f.c(0.0));
  Value x = f.sub(m, f.c(1.0));
  e = f.sub(e, f.select(below, f.c(1.0), f.c(0.0)));
  x = f.add(x, tmp);
  Value x2 = f.mul(x, x);
  Value x3 = f.mul(x2, x);
  // P(x) / Q(x), each evaluated in two interleaved halves.
  Value y = f.add(f.mul(f.c(1.01875663804580931796E-4), x),
                  f.c(4.97494994976747001425E-1));
  Value y1 = f.add(f.mul(f.c(1.44989225341610930846E1), x),
                   f.c(1.79368678507819816313E1));
  y = f.add(f.mul(y, x), f.c(4.70579119878881725854E0));
  y1 = f.add(f.mul(y1, x), f.c(7.70838733755885391666E0));
  Value p = f.add(f.mul(y, x3), y1);
  y = f.add(f.mul(f.c(1.0), x), f.c(1.12873587189167450590E1));
  y1 = f.add(f.mul(f.c(8.29875266912776603211E1), x),
             f.c(7.11544750618563894466E1));
  y = f.add(f.mul(y, x), f.c(4.52279145837532221105E1));
  y1 = f.add(f.mul(y1, x), f.c(2.31251620126765340583E1));
  Value q = f.add(f.mul(y, x3), y1);
  y = f.div(f.mul(p, x3), q);
  y = f.add(f.mul(f.c(-0.5), x2), y);
  x = f.add(x, y);
  x = f.add(f.mul(e, f.c(0.693147180559945309417232121458176568)), x);
  Value zero = f.lt(f.abs(x0), f.c(2.2250738585072014e-308));
  Value result = f.select(f.eq(x0, f.c(INFINITY)), f.c(INFINITY), x);
  result = f.select(f.cmp(arith::CmpFPredicate::ULT, x0, f.c(0.0)), f.c(NAN),
                    result);
  return f.select(zero, f.c(-INFINITY), result);
}

Value tanhPacket(F64 &f, Value x0) {
  // A [19/18] rational function; beyond the clamp it rounds to +-1.
  const double clamp = 17.714196154005176;
  Value x = f.pmax(f.pmin(x0, f.c(clamp)), f.c(-clamp));
  Value x2 = f.mul(x, x);
  Value x3 = f.mul(x2, x);
  Value p = f.poly(x2, {2.6158007860482230e-23, 7.6534862268749319e-19,
                        3.1309488231386680e-15, 4.2303918148209176e-12,
                        2.4618379131293676e-09, 6.8644367682497074e-07,
                        9.3839087674268880e-05, 5.9809711724441161e-03,
                        1.5184719640284322e-01});
  Value q = f.poly(x2, {6.463747022670968018e-21, 5.782506856739003571e-17,
                        1.293019623712687916e-13, 1.123643448069621992e-10,
                        4.492975677839633985e-08, 8.785185266237658698e-06,
                        8.295161192716231542e-04, 3.437448108450402717e-02,
                        4.851805297361760360e-01, 1.0});
  return f.div(f.add(f.mul(x3, p), x), q);
}

using ExpFn = std::function<Value(F64 &, Value)>;

Value libmExp(F64 &f, Value x) { return f.b.create<math::ExpOp>(f.loc, x); }

/// exp(x) / (1 + exp(x)), 1 where exp overflows.
Value logistic(F64 &f, Value x, const ExpFn &exp) {
  Value e = exp(f, x);
  return f.select(f.eq(e, f.c(INFINITY)), f.c(1.0),
                  f.div(e, f.add(f.c(1.0), e)));
}

/// erf(x) / x for x^2 <= 1.
Value erfOverX(F64 &f, Value x2) {
  Value p = f.poly(
      x2,
      {1.9493725660006057018823477644531294572516344487667083740234375e-04,
       1.8272566210022942682217328425053892715368419885635375976562500e-03,
       4.5303363351690106863856044583371840417385101318359375000000000e-02,
       1.4215015503619179981775744181504705920815467834472656250000000e-01,
       1.1283791670955125585606992899556644260883331298828125000000000e+00});
  Value q = f.poly(
      x2, {2.0294484101083099089526257108317963684385176748037338256835938e-05,
           6.8117805899186819641732970609382391558028757572174072265625000e-04,
           1.0582026056098614921752165685120417037978768348693847656250000e-02,
           9.3252603143757495374188692949246615171432495117187500000000000e-02,
           4.5931062818368939559832142549566924571990966796875000000000000e-01,
           1.0});
  return f.div(p, q);
}

/// Veltkamp's split of x into a high half and the rest.
std::pair<Value, Value> split(F64 &f, Value x) {
  Value gamma = f.mul(f.c(134217729.0), x); // (2^27 + 1) x
  Value rho = f.sub(x, gamma);
  Value hi = f.add(rho, gamma);
  return {hi, f.sub(x, hi)};
}

/// erfc(x) for x^2 > 1: exp(-x^2) (with x^2's rounding error) times a
/// rational function of 1 / x^2 over x, plus 2 for negative x.
Value erfcLarge(F64 &f, Value x, Value x2, const ExpFn &exp) {
  auto [xh, xl] = split(f, x);
  Value lo = f.add(f.mul(xh, xh), f.neg(x2));
  lo = f.add(f.mul(xh, xl), lo);
  lo = f.add(f.mul(xl, xh), lo);
  lo = f.add(f.mul(xl, xl), lo);
  Value e = exp(f, f.neg(x2));
  Value z = f.sub(e, f.mul(e, lo));
  Value q2 = f.div(f.c(1.0), x2);
  Value num = f.poly(
      q2,
      {1.5252844933226974316088642158462107545346952974796295166015625e-04,
       1.0909912393738931124520519233556115068495273590087890625000000e-02,
       1.0628604636755033252537572252549580298364162445068359375000000e-01,
       3.3492472973137982217295416376146022230386734008789062500000000e-01,
       4.5065776215933289750026347064704168587923049926757812500000000e-01,
       2.9433039130294824659017649537418037652969360351562500000000000e-01,
       9.8792676360600226170838311645638896152377128601074218750000000e-02,
       1.7095935395503719655962981960328761488199234008789062500000000e-02,
       1.4249109729504577659398023570247460156679153442382812500000000e-03,
       4.4567378313647954771875570045835956989321857690811157226562500e-05});
  Value den = f.mul(
      x,
      f.poly(
          q2,
          {2.041985103115789845773520028160419315099716186523437500000000e-03,
           5.316030659946043707142493417450168635696172714233398437500000e-02,
           3.426242193784684864077405563875799998641014099121093750000000e-01,
           8.565637124308049799026321124983951449394226074218750000000000e-01,
           1.0,
           5.968805280570776972126623149961233139038085937500000000000000e-01,
           1.890922854723317836356244470152887515723705291748046875000000e-01,
           3.152505418656005586885981983868987299501895904541015625000000e-02,
           2.565085751861882583380047861965067568235099315643310546875000e-03,
           7.899362131678837697403017248376499992446042597293853759765625e-05}));
  Value two = f.select(f.lt(x, f.c(0.0)), f.c(2.0), f.c(0.0));
  return f.add(f.mul(z, f.div(num, den)), two);
}

Value erfForm(F64 &f, Value x, const ExpFn &exp) {
  Value x2 = f.mul(x, x);
  Value small = f.mul(x, erfOverX(f, x2));
  Value large = f.sub(f.c(1.0), erfcLarge(f, x, x2, exp));
  return f.select(f.lt(f.c(1.0), x2), large, small);
}

Value erfcForm(F64 &f, Value x0, const ExpFn &exp) {
  Value x = f.pmin(f.pmax(x0, f.c(-28.0)), f.c(28.0));
  Value x2 = f.mul(x, x);
  Value small = f.sub(f.c(1.0), f.mul(x, erfOverX(f, x2)));
  return f.select(f.lt(f.c(1.0), x2), erfcLarge(f, x, x2, exp), small);
}

/// Eigen's generic_atan on doubles: |x| > 1 through pi/2 - atan(1/|x|)
/// (an exact division: doubles have no approximate reciprocal), a
/// rational approximation of degree 13/12 on [0, 1], the sign last.
Value atanPacket(F64 &f, Value x0) {
  Value absX = f.abs(x0);
  Value large = f.lt(f.c(1), absX);
  Value x = f.select(large, f.div(f.c(1), absX), absX);
  Value x2 = f.mul(x, x);
  Value p = f.poly(x2, {2.6667153866462208e-05, 3.0917513112462781e-03,
                        5.2574296781008604e-02, 3.0409318473444424e-01,
                        7.5365702534987022e-01, 8.2704055405494614e-01,
                        3.3004361289279920e-01});
  Value q = f.poly(x2, {2.7311202462436667e-04, 1.0899150928962708e-02,
                        1.1548932646420353e-01, 4.9716458728465573e-01, 1.0,
                        9.3705509168587852e-01, 3.3004361289279920e-01});
  Value r = f.mul(x, f.div(p, q));
  r = f.select(large, f.sub(f.c(M_PI / 2), r), r);
  // The sign of x, as a bit.
  auto bits = [&](Value v) {
    return f.b.create<arith::BitcastOp>(f.loc, f.b.getI64Type(), v);
  };
  Value sign = f.b.create<arith::AndIOp>(
      f.loc, bits(x0), f.i64(std::numeric_limits<int64_t>::min()));
  return f.b.create<arith::BitcastOp>(
      f.loc, f.b.getF64Type(), f.b.create<arith::XOrIOp>(f.loc, bits(r), sign));
}

/// Eigen's patanh_double: x + x^3 P(x^2) / Q(x^2) below one half, half the
/// packet log of (1 + x) / (1 - x) from there, +-inf at +-1, NaN past it.
Value atanhPacket(F64 &f, Value x) {
  Value x2 = f.mul(x, x);
  Value x3 = f.mul(x, x2);
  Value p = f.poly(x2, {3.3071338469301391e-03, -4.7129526768798737e-02,
                        1.8185306179826699e-01, -2.5949536095445679e-01,
                        1.2306328729812676e-01});
  Value q = f.poly(x2, {-3.8679974580640881e-03, 7.6391885763341910e-02,
                        -4.2828141436397615e-01, 9.8733495886883648e-01,
                        -1.0000000000000000e+00, 3.6918986189438030e-01});
  Value small = f.add(f.mul(x3, f.div(p, q)), x);
  Value one = f.c(1);
  Value large =
      f.mul(f.c(0.5), logPacket(f, f.div(f.add(one, x), f.sub(one, x))));
  Value absX = f.abs(x);
  double infinity = std::numeric_limits<double>::infinity();
  Value inf = f.select(f.lt(x, f.c(0)), f.c(-infinity), f.c(infinity));
  Value r =
      f.select(f.cmp(arith::CmpFPredicate::OLE, f.c(0.5), absX), large, small);
  r = f.select(f.eq(one, absX), inf, r);
  return f.select(f.lt(one, absX), f.c(std::nan("")), r);
}

} // namespace

bool hasPacketForm64(llvm::StringRef fn) {
  return llvm::StringSwitch<bool>(fn)
      .Cases("exp", "log", "tanh", "sigmoid", "erf", "erfc", true)
      .Cases("atan", "atanh", true)
      .Default(false);
}

Value packetForm64(OpBuilder &b, Location loc, llvm::StringRef fn, Value x) {
  F64 f{b, loc};
  ExpFn exp = expPacket;
  if (fn == "exp")
    return expPacket(f, x);
  if (fn == "log")
    return logPacket(f, x);
  if (fn == "tanh")
    return tanhPacket(f, x);
  if (fn == "sigmoid")
    return logistic(f, x, exp);
  if (fn == "erf")
    return erfForm(f, x, exp);
  if (fn == "atan")
    return atanPacket(f, x);
  if (fn == "atanh")
    return atanhPacket(f, x);
  return erfcForm(f, x, exp);
}

Value scalarForm64(OpBuilder &b, Location loc, llvm::StringRef fn, Value x) {
  F64 f{b, loc};
  if (fn == "exp")
    return libmExp(f, x);
  if (fn == "log")
    return b.create<math::LogOp>(loc, x);
  if (fn == "tanh")
    return b.create<math::TanhOp>(loc, x);
  if (fn == "sigmoid")
    return logistic(f, x, libmExp);
  if (fn == "erf")
    return erfForm(f, x, libmExp);
  if (fn == "atan")
    return b.create<math::AtanOp>(loc, x);
  if (fn == "atanh")
    return b.create<math::AtanhOp>(loc, x);
  return erfcForm(f, x, libmExp);
}

} // namespace kiln::eigen
