// lgamma and digamma as TensorFlow's CPU kernels compute them. Neither has
// a packet form in Eigen, so every element takes the scalar functor:
// lgamma is the C library's (lgammaf_r, lgamma_r: the same values as
// lgammaf and lgamma), digamma is Eigen's port of Cephes' psi. The 16-bit
// types compute in float32 and round once, as Eigen's half functors do.
#include "EigenMath.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;

namespace kiln::eigen {

llvm::StringRef lgammaFunction(Type t) {
  return t.isF64() ? "lgamma" : "lgammaf";
}

void declareLgamma(ModuleOp module, Type t) {
  if (!t.isF64())
    t = Float32Type::get(module.getContext());
  if (module.lookupSymbol(lgammaFunction(t)))
    return;
  OpBuilder b(module.getBodyRegion());
  b.create<func::FuncOp>(module.getLoc(), lgammaFunction(t),
                         b.getFunctionType({t}, {t}))
      .setPrivate();
}

namespace {

/// `fn` of a 16-bit float through float32, else of `x` itself.
Value throughF32(OpBuilder &b, Location loc, Value x,
                 llvm::function_ref<Value(Value)> fn) {
  auto ft = cast<FloatType>(x.getType());
  if (ft.getWidth() != 16)
    return fn(x);
  Value wide = b.create<arith::ExtFOp>(loc, b.getF32Type(), x);
  return b.create<arith::TruncFOp>(loc, ft, fn(wide));
}

} // namespace

Value lgammaScalar(OpBuilder &b, Location loc, Value x) {
  return throughF32(b, loc, x, [&](Value v) -> Value {
    Type t = v.getType();
    return b.create<func::CallOp>(loc, lgammaFunction(t), TypeRange{t}, v)
        .getResult(0);
  });
}

Value digammaScalar(OpBuilder &b, Location loc, Value x0) {
  return throughF32(b, loc, x0, [&](Value x) -> Value {
    Type t = x.getType();
    bool f64 = t.isF64();
    auto c = [&](double v) -> Value {
      return b.create<arith::ConstantOp>(loc, b.getFloatAttr(t, v));
    };
    auto cmp = [&](arith::CmpFPredicate p, Value l, Value r) -> Value {
      return b.create<arith::CmpFOp>(loc, p, l, r);
    };
    auto sel = [&](Value cond, Value l, Value r) -> Value {
      return b.create<arith::SelectOp>(loc, cond, l, r);
    };
    auto add = [&](Value l, Value r) -> Value {
      return b.create<arith::AddFOp>(loc, l, r);
    };
    auto sub = [&](Value l, Value r) -> Value {
      return b.create<arith::SubFOp>(loc, l, r);
    };
    auto mul = [&](Value l, Value r) -> Value {
      return b.create<arith::MulFOp>(loc, l, r);
    };
    auto div = [&](Value l, Value r) -> Value {
      return b.create<arith::DivFOp>(loc, l, r);
    };
    using P = arith::CmpFPredicate;
    Value zero = c(0), one = c(1), half = c(0.5), pi = c(M_PI);

    // x <= 0 reflects to 1 - x, less pi / tan(pi * nz) with nz the distance
    // from the nearest integer below (or above, past one half); the poles
    // (non-positive integers) are NaN.
    Value negative = cmp(P::OLE, x, zero);
    Value p = b.create<math::FloorOp>(loc, x);
    Value pole = b.create<arith::AndIOp>(loc, negative, cmp(P::OEQ, p, x));
    Value nz = sub(x, p);
    Value above = cmp(P::OGT, nz, half);
    nz = sel(above, sub(x, add(p, one)), nz);
    Value cot = div(pi, b.create<math::TanOp>(loc, mul(pi, nz)));
    nz = sel(cmp(P::ONE, sub(x, p), half), cot, zero);
    x = sel(negative, sub(one, x), x);

    // The recurrence psi(x + 1) = psi(x) + 1 / x up to 10: at most ten
    // steps for x > 0.
    Value s = x, w = zero;
    for (int step = 0; step < 10; ++step) {
      Value below = cmp(P::OLT, s, c(10));
      w = sel(below, add(w, div(one, s)), w);
      s = sel(below, add(s, one), s);
    }

    // The asymptotic series in z = 1 / s^2 (Horner's rule, each step
    // rounded twice as Eigen's ppolevl does), zero past 1e8 (1e17).
    static const double a32[] = {
        -4.16666666666666666667E-3, 3.96825396825396825397E-3,
        -8.33333333333333333333E-3, 8.33333333333333333333E-2};
    static const double a64[] = {
        8.33333333333333333333E-2, -2.10927960927960927961E-2,
        7.57575757575757575758E-3, -4.16666666666666666667E-3,
        3.96825396825396825397E-3, -8.33333333333333333333E-3,
        8.33333333333333333333E-2};
    llvm::ArrayRef<double> a = f64 ? llvm::ArrayRef<double>(a64) : a32;
    Value z = div(one, mul(s, s));
    Value poly = c(a[0]);
    for (size_t k = 1; k < a.size(); ++k)
      poly = add(mul(poly, z), c(a[k]));
    Value y = sel(cmp(P::OLT, s, c(f64 ? 1e17 : 1e8)), mul(z, poly), zero);
    y = sub(sub(sub(b.create<math::LogOp>(loc, s), div(half, s)), y), w);
    y = sel(negative, sub(y, nz), y);
    return sel(pole, c(std::nan("")), y);
  });
}

} // namespace kiln::eigen
