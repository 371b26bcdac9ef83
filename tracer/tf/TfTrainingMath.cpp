// Helpers that training scripts reach for, built as TensorFlow's Python
// layer builds them (clip_ops.py, nn_impl.py, math_ops.py), op for op:
// tf.clip_by_norm, tf.clip_by_global_norm, tf.linalg.global_norm,
// tf.nn.l2_loss, tf.nn.moments, tf.nn.batch_normalization,
// tf.math.squared_difference,
// tf.math.reciprocal_no_nan and tf.nn.silu/swish.
#include "TfGradient.h"
#include "TfIndexedSlices.h"
#include "TfModuleBuilder.h"
#include "TfOps.h"
#include "TfVariable.h"

namespace kiln::tf {

namespace {

Value mul(TfRuntime &rt, const Value &a, const Value &b) {
  return binaryOp(rt, "Mul", a, b);
}

/// SquaredDifference's op def check of its dtype `dx` (tf.nn.moments of
/// int8 fails on it too).
void checkSquaredDifferenceDType(TfRuntime &rt, DType dx) {
  if (dx != DType::BFloat16 && dx != DType::Float16 && dx != DType::Float32 &&
      dx != DType::Float64 && dx != DType::Int32 && dx != DType::Int64)
    rejectDType(rt, "SquaredDifference", "x", "T", dx,
                "bfloat16, float16, float32, float64, int32, int64, "
                "complex64, complex128",
                "bfloat16, half, float, double, int32, int64, "
                "complex64, complex128",
                "; signature=x:T, y:T -> z:T; attr=T:type,allowed=["
                "DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT32, "
                "DT_INT64, DT_COMPLEX64, DT_COMPLEX128]; "
                "is_commutative=true>");
}

/// tf.math.squared_difference: TensorFlow's one SquaredDifference op
/// (codegen multiplies the difference by itself, as its kernel does).
Value squaredDifference(TfRuntime &rt, const Value &x, const Value &y) {
  checkSquaredDifferenceDType(rt, rt.tensor(x).type.dtype);
  return binaryOp(rt, "SquaredDifference", x, y, "SquaredDifference");
}

/// The L2Loss kernel: sum(x^2 * 0.5), one L2Loss node in the graph.
Value l2Loss(TfRuntime &rt, const Value &t) {
  Value x = rt.toTensor(t);
  return asOneNode(rt, "L2Loss", [&] {
    Value half = rt.toTensor(Value::floating(0.5), rt.tensor(x).type.dtype);
    return reduce(rt, "Sum", mul(rt, unaryOp(rt, "Square", x), half), Value(),
                  false);
  });
}

/// The tensor clip_ops works on: an IndexedSlices' values (their rows as
/// they are, duplicate indices not summed), else `t` as a tensor.
Value clipValues(TfRuntime &rt, const Value &t) {
  if (auto *slices = asIndexedSlices(t))
    return slices->values;
  return rt.toTensor(t);
}

/// `clipped` as what `original` was: IndexedSlices with its indices and
/// dense shape, or the tensor.
Value likeOriginal(const Value &clipped, const Value &original) {
  auto *slices = asIndexedSlices(original);
  if (!slices)
    return clipped;
  auto out = std::make_shared<IndexedSlicesObject>();
  out->values = clipped;
  out->indices = slices->indices;
  out->denseShape = slices->denseShape;
  return Value::object(py::Type::Native, out);
}

/// clip_ops.global_norm: sqrt(sum(l2_loss(t) for t) * 2).
Value globalNorm(TfRuntime &rt, const ValueList &tensors) {
  ValueList halves;
  for (auto &t : tensors)
    if (!t.isNone())
      halves.push_back(l2Loss(rt, clipValues(rt, t)));
  if (halves.empty())
    rt.in.valueError("No tensors provided to global_norm.");
  Value half = reduce(rt, "Sum", concat(rt, halves, 0, "Pack"), Value(), false);
  Value two = rt.toTensor(Value::floating(2.0), rt.tensor(half).type.dtype);
  return unaryOp(rt, "Sqrt", mul(rt, half, two));
}

Value clipByNorm(TfRuntime &rt, const Params &p) {
  // In its name scope; the result is an Identity named as the scope.
  ApiNameScope scope(rt, p.get("name"), "clip_by_norm");
  Value original = p.require("t", "clip_by_norm");
  Value values = clipValues(rt, original);
  Value clipNorm = p.require("clip_norm", "clip_by_norm");
  DType d = rt.tensor(values).type.dtype;
  Value l2sum = reduce(rt, "Sum", mul(rt, values, values), p.get("axes"), true);
  // The two-tap where: no NaN gradient where the sum is zero.
  Value pred =
      binaryOp(rt, "Greater", l2sum, rt.toTensor(Value::integer(0), d));
  Value ones = filled(rt, rt.tensor(l2sum).type, 1);
  Value safe = select(rt, pred, l2sum, ones);
  Value l2norm = select(rt, pred, unaryOp(rt, "Sqrt", safe), l2sum);
  Value intermediate = mul(rt, values, clipNorm);
  Value clipped = binaryOp(rt, "RealDiv", intermediate,
                           binaryOp(rt, "Maximum", l2norm, clipNorm));
  return likeOriginal(rt.tracing ? rt.apply("Identity", {clipped}, {{"T", d}},
                                            rt.tensor(clipped).type,
                                            scope.scopeName(), true)
                                 : identity(rt, clipped),
                      original);
}

Value clipByGlobalNorm(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  Value list = p.require("t_list", "clip_by_global_norm");
  if (!list.is(py::Type::List) && !list.is(py::Type::Tuple))
    in.typeError("`t_list` should be a sequence of tensors. Received " +
                 in.typeName(list) + ".");
  ValueList originals = in.toList(list), tensors;
  for (auto &t : originals)
    tensors.push_back(t.isNone() ? t : clipValues(rt, t));
  Value useNorm = p.has("use_norm") ? rt.toTensor(p.get("use_norm"))
                                    : globalNorm(rt, tensors);
  DType d = rt.tensor(useNorm).type.dtype;
  Value clipNorm =
      rt.toTensor(p.require("clip_norm", "clip_by_global_norm"), d);
  // clip_norm * min(1 / norm, 1 / clip_norm), plus (norm - norm) to make
  // the scale NaN when the norm is not finite.
  Value one = rt.toTensor(Value::floating(1.0), d);
  Value scaleForFinite =
      mul(rt, clipNorm,
          binaryOp(rt, "Minimum", binaryOp(rt, "RealDiv", one, useNorm),
                   binaryOp(rt, "RealDiv", one, clipNorm)));
  Value scale = binaryOp(rt, "AddV2", scaleForFinite,
                         binaryOp(rt, "Sub", useNorm, useNorm));
  ValueList clipped;
  for (size_t i = 0; i < tensors.size(); ++i) {
    const Value &t = tensors[i];
    clipped.push_back(
        t.isNone()
            ? t
            : likeOriginal(
                  identity(
                      rt, mul(rt, t, cast(rt, scale, rt.tensor(t).type.dtype))),
                  originals[i]));
  }
  return in.tuple({in.list(std::move(clipped)), useNorm});
}

/// nn_impl.moments: the mean and the variance (squared differences from
/// the stopped mean), with the reduced axes kept or dropped.
Value moments(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  Value x = rt.toTensor(p.require("x", "moments"));
  Value axes = p.require("axes", "moments");
  bool keepdims = (p.has("keepdims") && in.truthy(p.get("keepdims"))) ||
                  (p.has("keep_dims") && in.truthy(p.get("keep_dims")));
  DType d = rt.tensor(x).type.dtype;
  // Its nodes' names, in scope "moments": grappler sorts the sums of their
  // gradients by them.
  std::optional<graph::ScopeGuard> scope;
  if (rt.tracing)
    scope.emplace(rt.tracing->graph,
                  p.has("name") ? rt.in.toStr(p.get("name")) : "moments");
  auto named = [&](const std::string &name, const std::function<Value()> &op) {
    size_t before = rt.tracing ? rt.tracing->graph.nodes.size() : 0;
    Value out = op();
    nameLastNode(rt, out, before, name);
    return out;
  };
  Value y = d == DType::Float16 ? cast(rt, x, DType::Float32) : x;
  Value mean = named("mean", [&] { return reduce(rt, "Mean", y, axes, true); });
  Value stopped =
      rt.apply("StopGradient", {mean}, {{"T", rt.tensor(mean).type.dtype}},
               rt.tensor(mean).type, "StopGradient");
  Value variance = named("variance", [&] {
    return reduce(rt, "Mean", squaredDifference(rt, y, stopped), axes, true);
  });
  if (!keepdims) {
    mean = squeeze(rt, mean, axes);
    variance = squeeze(rt, variance, axes);
  }
  if (d == DType::Float16) {
    mean = cast(rt, mean, d);
    variance = cast(rt, variance, d);
  }
  return in.tuple({mean, variance});
}

/// nn_impl.batch_normalization, op for op: inv = rsqrt(variance + eps)
/// (times scale), then x * inv + (offset - mean * inv), each operand as
/// Python's operators convert it.
Value batchNormalization(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  using ast::BinaryOp;
  ApiNameScope scope(rt, p.get("name"), "batchnorm");
  Value x = rt.toTensor(p.require("x", "batch_normalization"));
  Value mean = p.require("mean", "batch_normalization");
  Value variance = p.require("variance", "batch_normalization");
  Value offset = p.get("offset"), scale = p.get("scale");
  Value eps = p.require("variance_epsilon", "batch_normalization");
  Value inv = unaryOp(rt, "Rsqrt", in.binary(BinaryOp::Add, variance, eps));
  if (!scale.isNone())
    inv = in.binary(BinaryOp::Mult, inv, scale);
  DType d = rt.tensor(x).type.dtype;
  // `offset - mean * inv`, or `-mean * inv`: Python's unary minus first.
  Value shift = offset.isNone()
                    ? in.binary(BinaryOp::Mult,
                                unaryOp(rt, "Neg", rt.toTensor(mean)), inv)
                    : in.binary(BinaryOp::Sub, offset,
                                in.binary(BinaryOp::Mult, mean, inv));
  return in.binary(BinaryOp::Add,
                   in.binary(BinaryOp::Mult, x, cast(rt, inv, d)),
                   cast(rt, shift, d));
}

/// nn_impl.swish: x * sigmoid(beta * x).
Value swish(TfRuntime &rt, const Params &p) {
  Value x = rt.toTensor(p.require("features", "silu"));
  DType d = rt.tensor(x).type.dtype;
  Value beta = cast(
      rt,
      convertArgument(rt, p.has("beta") ? p.get("beta") : Value::floating(1.0),
                      "beta", std::nullopt),
      d);
  // One op on the tapes: swish's custom gradient is not the product
  // rule's (TfGradientMath.cpp).
  return recordComposite(rt, "Swish", {x, beta}, {}, [&] {
    Value y = mul(rt, x, unaryOp(rt, "Sigmoid", mul(rt, beta, x)));
    if (!rt.tracing)
      return y;
    // The custom gradient's IdentityN of the result and the inputs, whose
    // first output is the result TensorFlow's graph returns.
    return identityN(rt, {y, x, beta})[0];
  });
}

} // namespace

void installTrainingMath(TfRuntime &rt, ModuleBuilder &tf, ModuleBuilder &math,
                         ModuleBuilder &nn, ModuleBuilder &linalg) {
  TfRuntime *r = &rt;
  // One SquaredDifference op in TensorFlow's graph, its Python operands
  // named in its scope ("SquaredDifference/y").
  math.def(
      "squared_difference",
      namedOp(*r, "SquaredDifference", [r](Interpreter &in, CallArgs &args) {
        Params p(in, args, "squared_difference", {"x", "y", "name"});
        Value x = p.require("x", "squared_difference");
        Value y = p.require("y", "squared_difference");
        // A Python operand takes the generated wrapper's slow path, whose
        // errors end without " name: ".
        bool named = !slowPathOperand(x) && !slowPathOperand(y);
        // Eagerly a Python x takes y's dtype; op construction (while tracing)
        // converts x first, in its own.
        if (!r->isTensor(x) && r->isTensor(y) && !r->tracing)
          x = r->toTensor(x, r->tensor(y).type.dtype);
        x = convertArgument(*r, x, "x", std::nullopt);
        DType dx = r->tensor(x).type.dtype;
        if (r->isTensor(y) && r->tensor(y).type.dtype != dx)
          mismatchedInputs(*r, "SquaredDifference", "x", "y", dx,
                           r->tensor(y).type.dtype);
        y = convertArgument(*r, y, "y", dx);
        // (The op def's dtype check comes before shape inference.)
        checkSquaredDifferenceDType(*r, dx);
        requireBroadcastable(*r, "SquaredDifference", x, y, named);
        return squaredDifference(*r, x, y);
      }));
  math.def("reciprocal_no_nan", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "reciprocal_no_nan", {"x", "name"});
    Value x = r->toTensor(p.require("x", "reciprocal_no_nan"));
    Value one = r->toTensor(Value::integer(1), r->tensor(x).type.dtype);
    Value divide = in.getAttr(in.getAttr(in.importModule("tensorflow"), "math"),
                              "divide_no_nan");
    return in.call(divide, ValueList{one, x});
  });
  nn.def("l2_loss", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "l2_loss", {"t", "name"});
    return l2Loss(*r, p.require("t", "l2_loss"));
  });
  nn.def("moments", [r](Interpreter &in, CallArgs &args) {
    return moments(
        *r, Params(in, args, "moments",
                   {"x", "axes", "shift", "keepdims", "name", "keep_dims"}));
  });
  nn.def("batch_normalization", [r](Interpreter &in, CallArgs &args) {
    return batchNormalization(*r,
                              Params(in, args, "batch_normalization",
                                     {"x", "mean", "variance", "offset",
                                      "scale", "variance_epsilon", "name"}));
  });
  auto silu = [r](Interpreter &in, CallArgs &args) {
    return swish(*r, Params(in, args, "silu", {"features", "beta"}));
  };
  // One function exported under two names, named swish.
  nn.def("swish", silu);
  nn.set("silu", nn.module->dict["swish"]);
  tf.def("clip_by_norm", [r](Interpreter &in, CallArgs &args) {
    return clipByNorm(*r, Params(in, args, "clip_by_norm",
                                 {"t", "clip_norm", "axes", "name"}));
  });
  tf.def("clip_by_global_norm", [r](Interpreter &in, CallArgs &args) {
    return clipByGlobalNorm(
        *r, Params(in, args, "clip_by_global_norm",
                   {"t_list", "clip_norm", "use_norm", "name"}));
  });
  linalg.def("global_norm", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "global_norm", {"t_list", "name"});
    return globalNorm(*r, in.toList(p.require("t_list", "global_norm")));
  });
}

} // namespace kiln::tf
