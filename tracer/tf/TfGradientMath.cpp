// Gradients of the unary math ops and the activations, as TensorFlow's
// math_grad.py and nn_grad.py define them (or, where those call a *Grad
// kernel, as that kernel computes it), with the same ops in the same
// order so that the values round as TensorFlow's do.
#include "TfGradient.h"
#include "TfGradientOps.h"
#include "TfOps.h"

#include <limits>

#include <algorithm>

namespace kiln::tf {

namespace {

ValueList one(Value v) { return ValueList{std::move(v)}; }

Value add(TfRuntime &rt, const Value &a, const Value &b) {
  return binaryOp(rt, "AddV2", a, b);
}

/// `x < 0` (or another comparison with zero) of `x`'s dtype.
Value vsZero(TfRuntime &rt, const char *op, const Value &x) {
  return binaryOp(rt, op, x, scalarLike(rt, x, 0));
}

/// Calls tf.math.NAME(args...) as the script would.
Value callMath(TfRuntime &rt, const std::string &name, CallArgs args) {
  Interpreter &in = rt.in;
  Value math = in.getAttr(in.importModule("tensorflow"), "math");
  return in.call(in.getAttr(math, name), args);
}

} // namespace

Value reluGrad(TfRuntime &rt, const Value &dy, const Value &y) {
  return recordComposite(rt, "ReluGrad", {dy, y}, {}, [&] {
    // dy * cast(y > 0), so a negative dy gives -0 where the output is not
    // positive, as the kernel's product does.
    Value mask = binaryOp(rt, "Greater", y, scalarLike(rt, y, 0));
    return mul(rt, dy, cast(rt, mask, typeOf(rt, y).dtype));
  });
}

namespace {

/// Relu6Grad(dy, y): dy * cast((y > 0) & (y < 6)), recorded as one op.
Value relu6Grad(TfRuntime &rt, const Value &dy, const Value &y) {
  return recordComposite(rt, "Relu6Grad", {dy, y}, {}, [&] {
    Value inside = binaryOp(rt, "LogicalAnd", vsZero(rt, "Greater", y),
                            binaryOp(rt, "Less", y, scalarLike(rt, y, 6)));
    return mul(rt, dy, cast(rt, inside, typeOf(rt, y).dtype));
  });
}

/// LeakyReluGrad(dy, x): x > 0 ? dy : dy * alpha, recorded as one op.
Value leakyReluGrad(TfRuntime &rt, const Value &dy, const Value &x,
                    const std::map<std::string, Attr> &attrs) {
  double alpha = std::get<double>(attrs.at("alpha"));
  return recordComposite(rt, "LeakyReluGrad", {dy, x}, attrs, [&] {
    return select(rt, vsZero(rt, "Greater", x), dy,
                  mul(rt, dy, scalarLike(rt, x, alpha)));
  });
}

} // namespace

void addMathGradients(std::map<std::string, GradFn> &table) {
  auto none = [](TfRuntime &, const TapeEntry &, const ValueList &) {
    return ValueList{Value()};
  };
  // Piecewise constant: no gradient (TensorFlow registers None).
  for (const char *op :
       {"Floor", "Ceil", "Round", "Rint", "ZerosLike", "OnesLike"})
    table[op] = none;
  table["Sign"] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &) {
    return one(filledLike(rt, e.inputs[0], 0));
  };
  table["Sin"] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
    return one(mul(rt, g[0], unaryOp(rt, "Cos", e.inputs[0])));
  };
  table["Cos"] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
    return one(
        mul(rt, unaryOp(rt, "Neg", g[0]), unaryOp(rt, "Sin", e.inputs[0])));
  };
  table["Log1p"] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
    // grad * reciprocal(1 + x)
    const Value &x = e.inputs[0];
    return one(mul(
        rt, g[0], unaryOp(rt, "Reciprocal", add(rt, scalarLike(rt, x, 1), x))));
  };
  // The inverse and hyperbolic trigonometric functions (math_grad.py).
  table["Tan"] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
    // grad * square(reciprocal(cos(x)))
    Value sec = unaryOp(rt, "Reciprocal", unaryOp(rt, "Cos", e.inputs[0]));
    return one(mul(rt, g[0], unaryOp(rt, "Square", sec)));
  };
  // 1 / sqrt(1 - x^2), Asin's and (negated) Acos's derivative.
  auto invSqrtOneMinusSquare = [](TfRuntime &rt, const Value &x) {
    Value den = unaryOp(
        rt, "Sqrt",
        binaryOp(rt, "Sub", scalarLike(rt, x, 1), unaryOp(rt, "Square", x)));
    return unaryOp(rt, "Reciprocal", den);
  };
  table["Asin"] = [invSqrtOneMinusSquare](TfRuntime &rt, const TapeEntry &e,
                                          const ValueList &g) {
    return one(mul(rt, g[0], invSqrtOneMinusSquare(rt, e.inputs[0])));
  };
  table["Acos"] = [invSqrtOneMinusSquare](TfRuntime &rt, const TapeEntry &e,
                                          const ValueList &g) {
    return one(mul(rt, unaryOp(rt, "Neg", g[0]),
                   invSqrtOneMinusSquare(rt, e.inputs[0])));
  };
  table["Atan"] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
    // grad * reciprocal(1 + x^2)
    const Value &x = e.inputs[0];
    return one(
        mul(rt, g[0],
            unaryOp(rt, "Reciprocal",
                    add(rt, scalarLike(rt, x, 1), unaryOp(rt, "Square", x)))));
  };
  table["Atanh"] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
    // grad * reciprocal(1 - x^2)
    const Value &x = e.inputs[0];
    return one(mul(rt, g[0],
                   unaryOp(rt, "Reciprocal",
                           binaryOp(rt, "Sub", scalarLike(rt, x, 1),
                                    unaryOp(rt, "Square", x)))));
  };
  table["Sinh"] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
    return one(mul(rt, g[0], unaryOp(rt, "Cosh", e.inputs[0])));
  };
  table["Cosh"] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
    return one(mul(rt, g[0], unaryOp(rt, "Sinh", e.inputs[0])));
  };
  table["Asinh"] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
    return one(
        binaryOp(rt, "RealDiv", g[0], unaryOp(rt, "Cosh", e.outputs[0])));
  };
  table["Acosh"] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
    return one(
        binaryOp(rt, "RealDiv", g[0], unaryOp(rt, "Sinh", e.outputs[0])));
  };
  table["Atan2"] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
    // atan2(y, x): grad_inv = grad / (x^2 + y^2); (x * grad_inv,
    // -y * grad_inv)
    const Value &y = e.inputs[0], &x = e.inputs[1];
    Value gradInv =
        binaryOp(rt, "RealDiv", g[0],
                 add(rt, unaryOp(rt, "Square", x), unaryOp(rt, "Square", y)));
    return reduceBoth(rt, e, mul(rt, x, gradInv),
                      mul(rt, unaryOp(rt, "Neg", y), gradInv));
  };
  table["Expm1"] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
    return one(mul(rt, g[0], unaryOp(rt, "Exp", e.inputs[0])));
  };
  table["Rsqrt"] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
    // RsqrtGrad's packet form: (-0.5 * (y * y)) * (dy * y), 0 where dy
    // is.
    const Value &y = e.outputs[0];
    return one(zeroWhereNoGradient(
        rt, g[0],
        mul(rt, mul(rt, scalarLike(rt, y, -0.5), mul(rt, y, y)),
            mul(rt, g[0], y))));
  };
  table["Erf"] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
    // grad * (2 / sqrt(pi)) * exp(-x^2)
    const Value &x = e.inputs[0];
    Value scaled = mul(rt, g[0], scalarLike(rt, x, 1.1283791670955126));
    return one(
        mul(rt, scaled,
            unaryOp(rt, "Exp", unaryOp(rt, "Neg", unaryOp(rt, "Square", x)))));
  };
  table["Lgamma"] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
    return one(mul(rt, g[0], unaryOp(rt, "Digamma", e.inputs[0])));
  };
  table["Erfc"] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
    // grad * (-2 / sqrt(pi)) * exp(-x^2)
    const Value &x = e.inputs[0];
    Value scaled = mul(rt, g[0], scalarLike(rt, x, -1.1283791670955126));
    return one(
        mul(rt, scaled,
            unaryOp(rt, "Exp", unaryOp(rt, "Neg", unaryOp(rt, "Square", x)))));
  };
  table["Softplus"] = [](TfRuntime &rt, const TapeEntry &e,
                         const ValueList &g) {
    return one(mul(rt, g[0], unaryOp(rt, "Sigmoid", e.inputs[0])));
  };
  table["Softsign"] = [](TfRuntime &rt, const TapeEntry &e,
                         const ValueList &g) {
    // SoftsignGrad: dy / (|x| + 1)^2
    const Value &x = e.inputs[0];
    Value denom = unaryOp(rt, "Square",
                          add(rt, unaryOp(rt, "Abs", x), scalarLike(rt, x, 1)));
    return one(binaryOp(rt, "RealDiv", g[0], denom));
  };
  table["Elu"] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
    // EluGrad: y < 0 ? (y + 1) * dy : dy
    const Value &y = e.outputs[0];
    return one(select(rt, vsZero(rt, "Less", y),
                      mul(rt, add(rt, y, scalarLike(rt, y, 1)), g[0]), g[0]));
  };
  table["Selu"] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
    // SeluGrad: y < 0 ? dy * (y + scale * alpha) : dy * scale
    const Value &y = e.outputs[0];
    Value scaleAlpha = scalarLike(rt, y, 1.7580993408473768599402175208123);
    Value scale = scalarLike(rt, y, 1.0507009873554804934193349852946);
    return one(select(rt, vsZero(rt, "Less", y),
                      mul(rt, g[0], add(rt, y, scaleAlpha)),
                      mul(rt, g[0], scale)));
  };
  table["LeakyRelu"] = [](TfRuntime &rt, const TapeEntry &e,
                          const ValueList &g) {
    return one(leakyReluGrad(rt, g[0], e.inputs[0], e.attrs));
  };
  table["Relu6"] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
    return one(relu6Grad(rt, g[0], e.outputs[0]));
  };
  // nn_grad.py's _ReluGradGrad and friends: the grad op again for the
  // incoming gradient, zeros for the features.
  table["ReluGrad"] = [](TfRuntime &rt, const TapeEntry &e,
                         const ValueList &g) {
    return ValueList{reluGrad(rt, g[0], e.inputs[1]),
                     filledLike(rt, e.inputs[1], 0)};
  };
  table["Relu6Grad"] = [](TfRuntime &rt, const TapeEntry &e,
                          const ValueList &g) {
    return ValueList{relu6Grad(rt, g[0], e.inputs[1]),
                     filledLike(rt, e.inputs[1], 0)};
  };
  table["LeakyReluGrad"] = [](TfRuntime &rt, const TapeEntry &e,
                              const ValueList &g) {
    return ValueList{leakyReluGrad(rt, g[0], e.inputs[1], e.attrs),
                     filledLike(rt, e.inputs[1], 0)};
  };
  table["Cumsum"] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
    // cumsum(grad, axis, exclusive, reverse=not reverse)
    CallArgs args;
    args.positional = {g[0],
                       Value::integer(std::get<int64_t>(e.attrs.at("axis")))};
    args.keywords = {
        {"exclusive", Value::boolean(std::get<bool>(e.attrs.at("exclusive")))},
        {"reverse", Value::boolean(!std::get<bool>(e.attrs.at("reverse")))}};
    ValueList out{callMath(rt, "cumsum", args)};
    out.resize(e.inputs.size());
    return out;
  };
  table["CumulativeLogsumexp"] = [](TfRuntime &rt, const TapeEntry &e,
                                    const ValueList &g) {
    // The gradient split by sign, in logs: exp(cumulative_logsumexp(
    // log(+-grad) - out, reverse=not reverse) + x) for each part, the
    // positive less the negative (math_grad.py).
    const Value &x = e.inputs[0], &out = e.outputs[0];
    Value axis = Value::integer(std::get<int64_t>(e.attrs.at("axis")));
    bool exclusive = std::get<bool>(e.attrs.at("exclusive"));
    bool reverse = std::get<bool>(e.attrs.at("reverse"));
    DType d = typeOf(rt, g[0]).dtype;
    // grad.dtype.min
    double min = d == DType::Float64   ? std::numeric_limits<double>::lowest()
                 : d == DType::Float16 ? -65504.0
                                       : std::numeric_limits<float>::lowest();
    Value lowest = rt.toTensor(Value::floating(min), d);
    auto part = [&](const char *compare, bool negate) {
      Value zero = scalarLike(rt, g[0], 0);
      Value magnitude = negate ? unaryOp(rt, "Neg", g[0]) : g[0];
      Value logs = select(rt, binaryOp(rt, compare, g[0], zero),
                          unaryOp(rt, "Log", magnitude), lowest);
      CallArgs args;
      args.positional = {binaryOp(rt, "Sub", logs, out), axis};
      args.keywords = {{"reverse", Value::boolean(!reverse)},
                       {"exclusive", Value::boolean(exclusive)}};
      return unaryOp(
          rt, "Exp",
          binaryOp(rt, "AddV2", callMath(rt, "cumulative_logsumexp", args), x));
    };
    Value positive = part("Greater", false);
    Value negative = part("Less", true);
    ValueList grads{binaryOp(rt, "Sub", positive, negative)};
    grads.resize(e.inputs.size());
    return grads;
  };
  table["Cumprod"] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
    // div_no_nan(cumsum(cumprod(x) * grad, reverse=not reverse), x)
    const Value &x = e.inputs[0];
    Value axis = Value::integer(std::get<int64_t>(e.attrs.at("axis")));
    bool exclusive = std::get<bool>(e.attrs.at("exclusive"));
    bool reverse = std::get<bool>(e.attrs.at("reverse"));
    auto scan = [&](const char *name, const Value &v, bool backwards) {
      CallArgs args;
      args.positional = {v, axis};
      args.keywords = {{"exclusive", Value::boolean(exclusive)},
                       {"reverse", Value::boolean(backwards)}};
      return callMath(rt, name, args);
    };
    Value out =
        scan("cumsum", mul(rt, scan("cumprod", x, reverse), g[0]), !reverse);
    CallArgs div;
    div.positional = {out, x};
    ValueList grads{callMath(rt, "divide_no_nan", div)};
    grads.resize(e.inputs.size());
    return grads;
  };
  table["FloorMod"] = [](TfRuntime &rt, const TapeEntry &e,
                         const ValueList &g) {
    // (grad, grad * -floor_div(x, y)), each summed to its input's shape
    const Value &x = e.inputs[0], &y = e.inputs[1];
    Value gy =
        mul(rt, g[0], unaryOp(rt, "Neg", binaryOp(rt, "FloorDiv", x, y)));
    return reduceBoth(rt, e, g[0], gy);
  };
  // _SoftmaxCrossEntropyWithLogitsGrad and the sparse one: the loss's
  // gradient (one per row) times the kernel's backprop.
  for (auto [op, sparse] :
       {std::pair{"SoftmaxCrossEntropyWithLogits", false},
        std::pair{"SparseSoftmaxCrossEntropyWithLogits", true}})
    table[op] = [sparse = sparse](TfRuntime &rt, const TapeEntry &e,
                                  const ValueList &g) {
      Value backprop =
          crossEntropyBackprop(rt, e.inputs[0], e.inputs[1], sparse);
      Value perRow = expandDims(rt, g[0], -1);
      if (sparse) // integer labels get none
        return ValueList{mul(rt, perRow, backprop), Value()};
      // The labels' gradient: -log_softmax(logits), per row.
      Interpreter &in = rt.in;
      Value nn = in.getAttr(in.importModule("tensorflow"), "nn");
      Value logSoftmax =
          in.call(in.getAttr(nn, "log_softmax"), ValueList{e.inputs[0]});
      return ValueList{mul(rt, perRow, backprop),
                       mul(rt, perRow, unaryOp(rt, "Neg", logSoftmax))};
    };
  // DivNoNan (math_grad._DivNoNanGrad): its quotients are divide_no_nan's
  // too, so a zero divisor gives zero gradients rather than NaN.
  table["DivNoNan"] = [](TfRuntime &rt, const TapeEntry &e,
                         const ValueList &g) {
    auto divNoNan = [&](const Value &a, const Value &b) {
      CallArgs args;
      args.positional = {a, b};
      return callMath(rt, "divide_no_nan", args);
    };
    const Value &x = e.inputs[0], &y = e.inputs[1];
    Value gx = divNoNan(g[0], y);
    Value gy = binaryOp(rt, "Mul", g[0],
                        divNoNan(divNoNan(unaryOp(rt, "Neg", x), y), y));
    return reduceBoth(rt, e, gx, gy);
  };
  // MulNoNan (math_grad._MulNoNanGrad): mul_no_nan(dz, y) and
  // mul_no_nan(x, dz), each reduced to its input's shape.
  table["MulNoNan"] = [](TfRuntime &rt, const TapeEntry &e,
                         const ValueList &g) {
    auto mulNoNan = [&](const Value &a, const Value &b) {
      CallArgs args;
      args.positional = {a, b};
      return callMath(rt, "multiply_no_nan", args);
    };
    return reduceBoth(rt, e, mulNoNan(g[0], e.inputs[1]),
                      mulNoNan(e.inputs[0], g[0]));
  };
  // Xlogy, Xlog1py and Xdivy (math_grad._XLogyGrad and friends): the
  // partials are x-guarded themselves, so x = 0 gives zero gradients. y's
  // partial is xdivy of the two values `yArgs` gives.
  using YArgs =
      std::pair<Value, Value> (*)(TfRuntime &, const Value &, const Value &);
  auto xGuarded = [](const char *fn, YArgs yArgs) {
    return [fn, yArgs](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
      auto xMath = [&](const char *name, const Value &a, const Value &b) {
        CallArgs args;
        args.positional = {a, b};
        return callMath(rt, name, args);
      };
      const Value &x = e.inputs[0], &y = e.inputs[1];
      Value notZeroX =
          cast(rt, binaryOp(rt, "NotEqual", x, scalarLike(rt, x, 0)),
               typeOf(rt, x).dtype);
      auto [a, b] = yArgs(rt, x, y);
      return reduceBoth(rt, e, mul(rt, xMath(fn, notZeroX, y), g[0]),
                        mul(rt, xMath("xdivy", a, b), g[0]));
    };
  };
  table["Xlogy"] =
      xGuarded("xlogy", [](TfRuntime &, const Value &x, const Value &y) {
        return std::pair{x, y};
      });
  table["Xlog1py"] =
      xGuarded("xlog1py", [](TfRuntime &rt, const Value &x, const Value &y) {
        return std::pair{x, add(rt, y, scalarLike(rt, y, 1))};
      });
  table["Xdivy"] =
      xGuarded("xdivy", [](TfRuntime &rt, const Value &x, const Value &y) {
        return std::pair{unaryOp(rt, "Neg", x), mul(rt, y, y)};
      });
  table["Swish"] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
    // nn_impl.swish's gradient: sigmoid recomputed, then
    // dy * (s * (1 + bx * (1 - s))) for x and the sum of
    // dy * x^2 * s * (1 - s) for beta.
    const Value &x = e.inputs[0], &beta = e.inputs[1];
    Value bx = mul(rt, beta, x);
    Value s = unaryOp(rt, "Sigmoid", bx);
    Value oneMinus = binaryOp(rt, "Sub", scalarLike(rt, s, 1), s);
    Value activation =
        mul(rt, s, add(rt, scalarLike(rt, s, 1), mul(rt, bx, oneMinus)));
    Value betaGrad = reduce(
        rt, "Sum",
        mul(rt, mul(rt, mul(rt, g[0], unaryOp(rt, "Square", x)), s), oneMinus),
        Value(), false);
    return ValueList{mul(rt, g[0], activation), betaGrad};
  };
  table["Prod"] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
    // _ProdGrad: the reduced axes moved to the front and flattened, each
    // element's product of the others as exclusive cumprods from both
    // sides, times the gradient broadcast to the input.
    Interpreter &in = rt.in;
    const Value &x = e.inputs[0];
    const TensorType &xt = typeOf(rt, x);
    if (xt.unknownRank)
      needStaticShapes(rt, e.op);
    auto axes = std::get<std::vector<int64_t>>(e.attrs.at("axes"));
    std::vector<int64_t> perm = axes, others;
    for (int64_t d = 0; d < int64_t(xt.shape.size()); ++d)
      if (std::find(axes.begin(), axes.end(), d) == axes.end()) {
        perm.push_back(d);
        others.push_back(d);
      }
    // The shapes involved: constants when the input's is static, else
    // stacked from its run-time sizes.
    Value runTimeShape = xt.isStatic() ? Value() : shapeOf(rt, x);
    auto size = [&](int64_t d) {
      return xt.shape[d] >= 0 ? Value::integer(xt.shape[d])
                              : in.getItem(runTimeShape, Value::integer(d));
    };
    auto shapeOfSizes = [&](const std::vector<Value> &sizes) {
      if (xt.isStatic()) {
        std::vector<int64_t> dims;
        for (const Value &v : sizes)
          dims.push_back(v.asInt());
        return pyIntList(in, dims);
      }
      return callTf(in, {"stack"}, {in.list(sizes)});
    };
    auto product = [&](const std::vector<int64_t> &dims) {
      if (xt.isStatic()) {
        int64_t n = 1;
        for (int64_t d : dims)
          n *= xt.shape[d];
        return Value::integer(n);
      }
      ValueList sizes{Value::integer(1)};
      for (int64_t d : dims)
        sizes.push_back(size(d));
      return callTf(in, {"reduce_prod"},
                    {callTf(in, {"stack"}, {in.list(sizes)})});
    };
    std::vector<Value> kept, full, permutedShape;
    for (int64_t d = 0; d < int64_t(xt.shape.size()); ++d) {
      bool reduced = std::find(axes.begin(), axes.end(), d) != axes.end();
      kept.push_back(reduced ? Value::integer(1) : size(d));
      full.push_back(size(d));
    }
    for (int64_t d : perm)
      permutedShape.push_back(size(d));
    Value grad = reshape(rt, g[0], shapeOfSizes(kept));
    grad = in.call(in.getAttr(in.importModule("tensorflow"), "broadcast_to"),
                   ValueList{grad, shapeOfSizes(full)});
    Value flat =
        xt.isStatic()
            ? pyIntList(in, {product(axes).asInt(), product(others).asInt()})
            : callTf(in, {"stack"},
                     {in.list({product(axes), product(others)})});
    Value reshaped = reshape(rt, transpose(rt, x, pyIntList(in, perm)), flat);
    auto cumprod = [&](bool reverse) {
      CallArgs args;
      args.positional = {reshaped, Value::integer(0)};
      args.keywords = {{"exclusive", Value::boolean(true)},
                       {"reverse", Value::boolean(reverse)}};
      return callMath(rt, "cumprod", args);
    };
    Value y = reshape(rt, mul(rt, cumprod(false), cumprod(true)),
                      shapeOfSizes(permutedShape));
    std::vector<int64_t> inverse(perm.size());
    for (size_t i = 0; i < perm.size(); ++i)
      inverse[perm[i]] = static_cast<int64_t>(i);
    return ValueList{mul(rt, grad, transpose(rt, y, pyIntList(in, inverse)))};
  };
  table["BiasAdd"] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
    // The bias gets the gradient summed over every dimension but the last.
    int64_t rank = static_cast<int64_t>(typeOf(rt, g[0]).shape.size());
    std::vector<int64_t> axes;
    for (int64_t d = 0; d + 1 < rank; ++d)
      axes.push_back(d);
    return ValueList{g[0],
                     reduce(rt, "Sum", g[0], pyIntList(rt.in, axes), false)};
  };
}

} // namespace kiln::tf
