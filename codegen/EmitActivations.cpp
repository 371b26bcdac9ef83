// tf.nn's activation ops expanded into kiln's elementwise ops, in the order
// of operations of TensorFlow's CPU kernels so that results agree to the
// last bit (exp and log1p themselves follow Eigen, passes/EigenMath.h).
#include "Emitter.h"

#include <cmath>
#include <limits>

namespace kiln {

bool Emitter::isActivation(const std::string &op) {
  static const char *ops[] = {"Softplus", "Elu",   "Selu",
                              "Softsign", "Relu6", "LeakyRelu"};
  return std::find(std::begin(ops), std::end(ops), op) != std::end(ops);
}

Value Emitter::emitActivation(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  Value x = input(n, 0);
  Type et = type.getElementType();
  auto scalar = [&](double v) -> Value {
    auto t = RankedTensorType::get({}, et);
    TypedAttr a = isa<FloatType>(et)
                      ? TypedAttr(b.getFloatAttr(et, v))
                      : TypedAttr(b.getIntegerAttr(et, (int64_t)v));
    return b.create<ConstantOp>(loc, DenseElementsAttr::get(t, a));
  };
  auto unary = [&](Value v, const char *fn) -> Value {
    return b.create<UnaryOp>(loc, type, v, b.getStringAttr(fn));
  };
  auto compare = [&](const char *pred, Value l, Value r) -> Value {
    auto i1 = RankedTensorType::get(type.getShape(), b.getI1Type());
    return b.create<CompareOp>(loc, i1, l, r, b.getStringAttr(pred));
  };
  auto select = [&](Value c, Value t, Value f) -> Value {
    return b.create<SelectOp>(loc, type, c, t, f);
  };
  auto mul = [&](Value l, Value r) -> Value {
    return b.create<MulOp>(loc, type, l, r);
  };
  auto sub = [&](Value l, Value r) -> Value {
    return b.create<SubOp>(loc, type, l, r);
  };
  const std::string &op = n.op;
  if (op == "Relu6") // max then min, as Eigen's cwiseMax(0).cwiseMin(6)
    return b.create<MinimumOp>(
        loc, type, b.create<MaximumOp>(loc, type, x, scalar(0)), scalar(6));
  if (op == "LeakyRelu") {
    const double *alpha = attr<double>(n, "alpha");
    return select(compare("gt", x, scalar(0)), x,
                  mul(x, scalar(alpha ? *alpha : 0.2)));
  }
  if (op == "Softsign") // x / (1 + |x|)
    return b.create<DivOp>(
        loc, type, x, b.create<AddOp>(loc, type, scalar(1), unary(x, "abs")));
  Value expMinusOne = sub(unary(x, "exp"), scalar(1));
  Value negative = compare("lt", x, scalar(0));
  if (op == "Elu")
    return select(negative, expMinusOne, x);
  if (op == "Selu")
    return select(negative,
                  mul(scalar(1.7580993408473768599402175208123), expMinusOne),
                  mul(scalar(1.0507009873554804934193349852946), x));
  // Softplus: x above -t, exp(x) below t, log1p(exp(x)) between, where
  // t = log(epsilon) + 2 in the element type, each step rounded to it.
  // Eigen's epsilon for half is 2^-13 (not half's 2^-10), for bfloat16
  // 2^-7.
  double t =
      et.isF64()
          ? std::log(std::numeric_limits<double>::epsilon()) + 2
          : double(std::log(std::numeric_limits<float>::epsilon()) + 2.0f);
  if (et.isF16() || et.isBF16()) {
    const llvm::fltSemantics &sem = cast<FloatType>(et).getFloatSemantics();
    auto round = [&](double v) {
      APFloat f(v);
      bool lost;
      f.convert(sem, APFloat::rmNearestTiesToEven, &lost);
      return f.convertToDouble();
    };
    float epsilon = et.isF16() ? std::ldexp(1.0f, -13) : std::ldexp(1.0f, -7);
    t = round(round(double(std::log(epsilon))) + 2.0);
  }
  Value e = unary(x, "exp");
  // Eigen has no double packet log1p, so the whole float64 expression is
  // evaluated element by element: exp is the C library's everywhere.
  if (et.isF64())
    e.getDefiningOp()->setAttr("scalar_form", b.getUnitAttr());
  Value between = select(compare("lt", x, scalar(t)), e, unary(e, "log1p"));
  return select(compare("gt", x, scalar(-t)), x, between);
}

Value Emitter::inPackets(Location loc, Value like, int64_t packet) {
  auto t = cast<RankedTensorType>(like.getType());
  SmallVector<Value> sizes, dynamic;
  Value total = b.create<arith::ConstantIndexOp>(loc, 1);
  for (int64_t d = 0; d < t.getRank(); ++d) {
    sizes.push_back(dimSize(loc, like, d));
    if (t.isDynamicDim(d))
      dynamic.push_back(sizes.back());
    total = b.create<arith::MulIOp>(loc, total, sizes.back());
  }
  Value step = b.create<arith::ConstantIndexOp>(loc, packet);
  Value whole = b.create<arith::MulIOp>(
      loc, b.create<arith::DivUIOp>(loc, total, step), step);
  auto maskType = RankedTensorType::get(t.getShape(), b.getI1Type());
  return b
      .create<tensor::GenerateOp>(
          loc, maskType, dynamic,
          [&](OpBuilder &nb, Location l, ValueRange at) {
            Value flat = nb.create<arith::ConstantIndexOp>(l, 0);
            for (int64_t d = 0; d < t.getRank(); ++d)
              flat = nb.create<arith::AddIOp>(
                  l, nb.create<arith::MulIOp>(l, flat, sizes[d]), at[d]);
            nb.create<tensor::YieldOp>(
                l, nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::ult, flat,
                                            whole)
                       .getResult());
          })
      .getResult();
}

Value Emitter::emitPacketGrad(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  Value y = input(n, 0), dy = input(n, 1);
  Type et = type.getElementType();
  auto scalar = [&](double v) -> Value {
    return b.create<ConstantOp>(
        loc, DenseElementsAttr::get(RankedTensorType::get({}, et),
                                    b.getFloatAttr(et, v)));
  };
  auto mul = [&](Value l, Value r) -> Value {
    return b.create<MulOp>(loc, type, l, r);
  };
  auto div = [&](Value l, Value r) -> Value {
    return b.create<DivOp>(loc, type, l, r);
  };
  Value packets, scalars;
  if (n.op == "SigmoidGrad") {
    Value rest = b.create<SubOp>(loc, type, scalar(1), y);
    packets = mul(dy, mul(y, rest));
    scalars = mul(mul(dy, y), rest);
  } else {
    packets = mul(dy, div(scalar(0.5), y));
    scalars = div(mul(scalar(0.5), dy), y);
  }
  // Eigen's packets: 4 doubles or 8 floats (halves computed as floats).
  int64_t packet = et.isF64() ? 4 : 8;
  Value v = b.create<SelectOp>(loc, type, inPackets(loc, y, packet), packets,
                               scalars);
  if (n.op != "SqrtGrad")
    return v;
  auto i1 = RankedTensorType::get(type.getShape(), b.getI1Type());
  Value noGradient =
      b.create<CompareOp>(loc, i1, dy, scalar(0), b.getStringAttr("eq"));
  // dy - dy: a +0.0 of the result's shape where dy is zero.
  return b.create<SelectOp>(loc, type, noGradient,
                            b.create<SubOp>(loc, type, dy, dy), v);
}

} // namespace kiln
