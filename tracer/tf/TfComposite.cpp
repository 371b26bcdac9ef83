// Ops that TensorFlow's Python layer builds from other ops, built here the
// same way and in the same order, so their graphs and rounding match:
// tf.add_n, tf.clip_by_value, tf.math.reciprocal, tf.math.is_nan/is_inf/
// is_finite and tf.nn.gelu.
#include "TfModuleBuilder.h"
#include "TfOps.h"

#include <limits>

namespace kiln::tf {

namespace {

/// The float tensor an op of `name` needs, TensorFlow's TypeError else.
Value floatTensor(TfRuntime &rt, const Value &v, const std::string &op) {
  Value t = rt.toTensor(v);
  DType d = rt.tensor(t).type.dtype;
  if (d != DType::Float16 && d != DType::BFloat16 && d != DType::Float32 &&
      d != DType::Float64)
    rt.in.typeError("Value passed to parameter 'x' has DataType " +
                    std::string(py::dtypeName(d)) +
                    " not in list of allowed values: bfloat16, half, float32, "
                    "float64 (op " +
                    op + ")");
  return t;
}

Value scalarLike(TfRuntime &rt, double value, const Value &like) {
  return rt.toTensor(Value::floating(value), rt.tensor(like).type.dtype);
}

} // namespace

void installCompositeMath(TfRuntime &rt, ModuleBuilder &tf, ModuleBuilder &math,
                          ModuleBuilder &nn) {
  TfRuntime *r = &rt;
  auto both = [&](const std::string &name, py::BuiltinFn fn) {
    tf.def(name, fn);
    math.def(name, fn);
  };
  both("add_n", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "add_n", {"inputs", "name"});
    ValueList inputs = in.toList(p.require("inputs", "add_n"));
    if (inputs.empty())
      in.valueError("inputs must be an iterable of at least one Tensor/"
                    "IndexedSlices with the same dtype and shape");
    // TensorFlow's AddN kernel adds left to right.
    Value sum = r->toTensor(inputs[0]);
    if (inputs.size() == 1)
      return identity(*r, sum);
    for (size_t i = 1; i < inputs.size(); ++i)
      sum = binaryOp(*r, "AddV2", sum, inputs[i], "AddN");
    return sum;
  });
  tf.def("clip_by_value", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "clip_by_value",
             {"t", "clip_value_min", "clip_value_max", "name"});
    Value t = r->toTensor(p.require("t", "clip_by_value"));
    Value low = p.require("clip_value_min", "clip_by_value");
    Value high = p.require("clip_value_max", "clip_by_value");
    // minimum first, then maximum, as clip_ops.clip_by_value.
    Value capped = binaryOp(*r, "Minimum", t, high, "clip_by_value/Minimum");
    return binaryOp(*r, "Maximum", capped, low, "clip_by_value");
  });
  math.def("reciprocal", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "reciprocal", {"x", "name"});
    Value x = floatTensor(*r, p.require("x", "reciprocal"), "Reciprocal");
    return binaryOp(*r, "RealDiv", scalarLike(*r, 1.0, x), x, "Reciprocal");
  });
  math.def("is_nan", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "is_nan", {"x", "name"});
    Value x = floatTensor(*r, p.require("x", "is_nan"), "IsNan");
    return binaryOp(*r, "NotEqual", x, x, "IsNan");
  });
  math.def("is_inf", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "is_inf", {"x", "name"});
    Value x = floatTensor(*r, p.require("x", "is_inf"), "IsInf");
    Value inf = scalarLike(*r, std::numeric_limits<double>::infinity(), x);
    return binaryOp(*r, "Equal", unaryOp(*r, "Abs", x), inf, "IsInf");
  });
  math.def("is_finite", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "is_finite", {"x", "name"});
    Value x = floatTensor(*r, p.require("x", "is_finite"), "IsFinite");
    // |x| < inf is false for nan and for the infinities.
    Value inf = scalarLike(*r, std::numeric_limits<double>::infinity(), x);
    return binaryOp(*r, "Less", unaryOp(*r, "Abs", x), inf, "IsFinite");
  });
  nn.def("gelu", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "gelu", {"features", "approximate", "name"});
    Value x = r->toTensor(p.require("features", "gelu"));
    DType d = r->tensor(x).type.dtype;
    if (d != DType::Float16 && d != DType::BFloat16 && d != DType::Float32 &&
        d != DType::Float64)
      in.valueError("`features.dtype` must be a floating point tensor."
                    "Received:features.dtype=<dtype: '" +
                    std::string(py::dtypeName(d)) + "'>");
    bool approximate = p.has("approximate") && in.truthy(p.get("approximate"));
    Value half = binaryOp(*r, "Mul", Value::floating(0.5), x);
    Value inner;
    if (approximate) {
      // 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3)))
      Value cube = binaryOp(*r, "Pow", x, Value::integer(3));
      Value sum =
          binaryOp(*r, "AddV2", x,
                   binaryOp(*r, "Mul", scalarLike(*r, 0.044715, x), cube));
      inner = unaryOp(
          *r, "Tanh",
          binaryOp(*r, "Mul", Value::floating(0.7978845608028654), sum));
    } else {
      // 0.5 x (1 + erf(x / sqrt(2)))
      inner = unaryOp(*r, "Erf",
                      trueDiv(*r, x, scalarLike(*r, 1.4142135623730951, x)));
    }
    return binaryOp(*r, "Mul", half,
                    binaryOp(*r, "AddV2", Value::floating(1.0), inner));
  });
}

} // namespace kiln::tf
