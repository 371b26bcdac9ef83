// Ops that TensorFlow's Python layer builds from other ops, built here the
// same way and in the same order, so their graphs and rounding match:
// tf.add_n, tf.clip_by_value, tf.math.reciprocal, tf.math.is_nan/is_inf/
// is_finite, tf.nn.gelu, tf.math.reduce_variance/reduce_std/
// reduce_logsumexp, tf.math.count_nonzero, tf.math.l2_normalize,
// tf.math.log_sigmoid, reduce_euclidean_norm, tf.nn.crelu, tf.math.conj,
// tf.math.lbeta, tf.math.zero_fraction, is_non_decreasing/
// is_strictly_increasing and
// tf.truncatediv/truncatemod.
#include "ShapeTensor.h"
#include "TensorFormat.h"
#include "TfGradient.h"
#include "TfModuleBuilder.h"
#include "TfObjects.h"
#include "TfOps.h"
#include "TfVariable.h"

#include <cmath>
#include <limits>

namespace kiln::tf {

namespace {

/// The float tensor op `op` (IsNan, IsInf, IsFinite or Reciprocal)
/// needs; else TensorFlow's error: the OpDef's (a TypeError while tracing,
/// the eager attr check's InvalidArgumentError), or for Reciprocal of
/// integers, which its OpDef allows, the missing CPU kernel's.
Value floatTensor(TfRuntime &rt, const Value &v, const std::string &op) {
  Value t = rt.toTensor(v);
  DType d = rt.tensor(t).type.dtype;
  if (isFloating(d))
    return t;
  if (op != "Reciprocal")
    rejectDType(rt, op, "x", "T", d, "bfloat16, float16, float32, float64",
                "bfloat16, half, float, double",
                "; signature=x:T -> y:bool; attr=T:type,allowed=[DT_BFLOAT16, "
                "DT_HALF, DT_FLOAT, DT_DOUBLE]>");
  if (d == DType::Int8 || d == DType::Int16 || d == DType::Int32 ||
      d == DType::Int64)
    noCpuKernel(
        rt, op, "T", d, rt.tracing ? rt.tracing->graph.uniqueName(op) : op,
        "DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT16, DT_INT8, "
        "DT_COMPLEX64, DT_INT64, DT_BFLOAT16, DT_COMPLEX128, DT_HALF",
        {"device='CPU'; T in [DT_COMPLEX128]",
         "device='CPU'; T in [DT_COMPLEX64]", "device='CPU'; T in [DT_DOUBLE]",
         "device='CPU'; T in [DT_BFLOAT16]", "device='CPU'; T in [DT_HALF]",
         "device='CPU'; T in [DT_FLOAT]"});
  const std::string wider =
      ", int8, int16, int32, int64, complex64, complex128";
  rejectDType(rt, op, "x", "T", d,
              "bfloat16, float16, float32, float64" + wider,
              "bfloat16, half, float, double" + wider,
              "; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, "
              "DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_INT16, DT_INT32, "
              "DT_INT64, DT_COMPLEX64, DT_COMPLEX128]>");
}

Value scalarLike(TfRuntime &rt, double value, const Value &like) {
  return rt.toTensor(Value::floating(value), rt.tensor(like).type.dtype);
}

/// |x| < inf, TensorFlow's IsFinite: false for nan and the infinities.
Value isFinite(TfRuntime &rt, const Value &x) {
  Value inf = scalarLike(rt, std::numeric_limits<double>::infinity(), x);
  return binaryOp(rt, "Less", unaryOp(rt, "Abs", x), inf, "IsFinite");
}

/// The smallest and largest values of a real dtype, as tf.DType.min/max.
std::pair<long double, long double> dtypeLimits(TfRuntime &rt, DType d) {
  switch (d) {
  case DType::Int8:
    return {-128, 127};
  case DType::UInt8:
    return {0, 255};
  case DType::Int16:
    return {-32768, 32767};
  case DType::Int32:
    return {INT32_MIN, INT32_MAX};
  case DType::Int64:
    return {INT64_MIN, INT64_MAX};
  case DType::Float16:
    return {-65504.0L, 65504.0L};
  case DType::BFloat16:
    return {-3.3895313892515355e+38L, 3.3895313892515355e+38L};
  case DType::Float32:
    return {-3.4028234663852886e+38L, 3.4028234663852886e+38L};
  case DType::Float64:
    return {-1.7976931348623157e+308L, 1.7976931348623157e+308L};
  default: {
    std::string name = std::string("<dtype: '") + py::dtypeName(d) + "'>";
    rt.in.typeError("Cannot find minimum value of " + name + " with type " +
                    name + ".");
  }
  }
}

/// `v` as NumPy's scalar of dtype `d` holds it: rounded to the nearest
/// float, or truncated to an integer (a float64 past int64's range wraps to
/// its minimum, as x86's conversion does).
long double asDType(long double v, DType d) {
  switch (d) {
  case DType::Float16:
    return py::halfToFloat(
        py::floatToHalf(static_cast<float>(static_cast<double>(v))));
  case DType::BFloat16:
    return py::bfloat16ToFloat(
        py::floatToBFloat16(static_cast<float>(static_cast<double>(v))));
  case DType::Float32:
    return static_cast<float>(static_cast<double>(v));
  case DType::Float64:
    return static_cast<double>(v);
  default: {
    double f = static_cast<double>(v);
    return f >= 9223372036854775808.0 ? INT64_MIN : std::trunc(f);
  }
  }
}

/// np.nextafter(v, 0) in dtype `d`.
long double towardZero(long double v, DType d) {
  if (v == 0)
    return v;
  if (!isFloating(d))
    return v > 0 ? v - 1 : v + 1;
  long double step;
  switch (d) {
  case DType::Float64:
    return std::nextafter(static_cast<double>(v), 0.0);
  case DType::Float32:
    return std::nextafter(static_cast<float>(v), 0.0f);
  case DType::Float16: { // one unit in the last place of half's 11 bits
    int e = std::ilogb(static_cast<double>(v));
    step = std::ldexp(1.0L, std::max(e, -14) - 10);
    break;
  }
  default: { // bfloat16: 8 bits
    int e = std::ilogb(static_cast<double>(v));
    step = std::ldexp(1.0L, std::max(e, -126) - 7);
    break;
  }
  }
  // A power of two steps down into the finer binade below it.
  if (std::fabs(v) == std::ldexp(1.0L, std::ilogb(static_cast<double>(v))))
    step /= 2;
  return v > 0 ? v - step : v + step;
}

/// tf.saturate_cast: math_ops clamps to the output's range, with limits
/// nudged toward zero where they round out of it in the input's dtype,
/// then casts. Its limits are computed as NumPy computes them, including
/// int64's largest value rounding past the range in float64 (so int64
/// inputs saturate to the minimum, as TensorFlow's do).
Value saturateCast(TfRuntime &rt, const Value &valueArg, DType to) {
  Value value = rt.toTensor(valueArg);
  DType from = rt.tensor(value).type.dtype;
  auto [inMin, inMax] = dtypeLimits(rt, from);
  auto [outMin, outMax] = dtypeLimits(rt, to);
  // Compared in NumPy's promoted type: exactly between integers, in
  // float64 when a float meets int32/int64 (or is float64 itself).
  bool exact = !isFloating(from) && !isFloating(to);
  auto less = [&](long double a, long double b) {
    return exact ? a < b : static_cast<double>(a) < static_cast<double>(b);
  };
  long double low = asDType(std::max(inMin, outMin), from);
  if (less(low, outMin))
    low = towardZero(low, from);
  long double high = asDType(
      std::min(static_cast<double>(inMax), static_cast<double>(outMax)), from);
  if (less(outMax, high))
    high = towardZero(high, from);
  auto limit = [&](long double v) {
    return rt.toTensor(isFloating(from)
                           ? Value::floating(static_cast<double>(v))
                           : Value::integer(static_cast<int64_t>(v)),
                       from);
  };
  // ClipByValue's minimum and maximum, on the input's dtype.
  Value capped = binaryOp(rt, "Minimum", value, limit(high),
                          "saturate_cast/clamp/Minimum");
  Value clamped =
      binaryOp(rt, "Maximum", capped, limit(low), "saturate_cast/clamp");
  return cast(rt, clamped, to);
}

} // namespace

Value addN(TfRuntime &rt, const ValueList &values, const std::string &name) {
  Value sum;
  for (auto [begin, end] : graph::addNRuns(values.size())) {
    Value run = rt.toTensor(values[begin]);
    for (size_t i = begin + 1; i < end; ++i)
      run = binaryOp(rt, "AddV2", run, values[i], name);
    sum = sum.isNone() ? run : binaryOp(rt, "AddV2", sum, run, name);
  }
  return sum;
}

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
      in.valueError("Inputs must be an iterable of at least one Tensor/"
                    "IndexedSlices with the same dtype and shape.");
    // Converted before AddN's scope opens: a variable reads unscoped.
    for (auto &v : inputs)
      if (VariableObject *var = asVariable(v))
        v = readVariable(*r, *var);
    if (inputs.size() == 1)
      return identity(*r, r->toTensor(inputs[0]));
    // One AddN node in TensorFlow's graph: kiln's sums of its runs take
    // its name.
    return namedOp(*r, "AddN", [r, inputs](Interpreter &, CallArgs &) {
      ValueList tensors;
      for (auto &v : inputs)
        tensors.push_back(r->toTensor(v));
      // AddN's one type attr: the OpDef's TypeError while tracing, the
      // kernel lookup's error eagerly.
      DType first = r->tensor(tensors[0]).type.dtype;
      for (size_t i = 1; i < tensors.size(); ++i) {
        DType d = r->tensor(tensors[i]).type.dtype;
        if (d == first)
          continue;
        if (r->tracing) {
          std::string types;
          for (auto &t : tensors)
            types += (types.empty() ? "" : ", ") +
                     std::string(py::dtypeName(r->tensor(t).type.dtype));
          r->in.typeError("Tensors in list passed to 'inputs' of 'AddN' Op "
                          "have types [" +
                          types + "] that don't all match.");
        }
        r->raise("InvalidArgumentError",
                 "cannot compute AddN as input #" + std::to_string(i) +
                     "(zero-based) was expected to be a " +
                     kernelTypeName(first) + " tensor but is a " +
                     kernelTypeName(d) + " tensor [Op:AddN] name: ");
      }
      checkAddNShapes(*r, tensors);
      // Eagerly the tapes see one AddN, whose gradient reaches the inputs
      // in their order (the order a tensor's gradients are summed in).
      if (!r->tracing)
        return recordComposite(*r, "AddN", tensors, {},
                               [&] { return addN(*r, tensors, "AddN"); });
      return addN(*r, tensors, "AddN");
    })(in, args);
  });
  // tf.math.accumulate_n (deprecated): add_n after its own checks of the
  // inputs against `shape` and `tensor_dtype`.
  math.def("accumulate_n", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "accumulate_n",
             {"inputs", "shape", "tensor_dtype", "name"});
    Value given = p.get("inputs");
    ValueList inputs = given.is(py::Type::List) || given.is(py::Type::Tuple)
                           ? in.toList(given)
                           : ValueList{};
    if (inputs.empty())
      in.valueError("inputs must be a list of at least one Tensor with the "
                    "same dtype and shape");
    for (auto &v : inputs)
      v = r->toTensor(v);
    TensorType first = r->tensor(inputs[0]).type;
    if (p.has("shape")) {
      TensorType want = asShape(in, p.get("shape"));
      for (auto &v : inputs) {
        const TensorType &t = r->tensor(v).type;
        want.dtype = t.dtype;
        if (!t.shapeFits(want) && !want.shapeFits(t))
          in.valueError("Shapes " + want.shapeString() + " and " +
                        t.shapeString() + " are not compatible");
      }
    }
    for (auto &v : inputs)
      if (r->tensor(v).type.dtype != first.dtype ||
          (!first.unknownRank && !r->tensor(v).type.unknownRank &&
           r->tensor(v).type.shape.size() != first.shape.size()))
        in.valueError("inputs must be a list of at least one Tensor with the "
                      "same dtype and shape");
    if (inputs.size() == 1)
      return p.has("name") ? identity(*r, inputs[0]) : inputs[0];
    CallArgs call;
    call.positional = {in.list(inputs)};
    return in.call(in.getAttr(in.importModule("tensorflow"), "add_n"), call);
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
  tf.def("saturate_cast", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "saturate_cast", {"value", "dtype", "name"});
    return saturateCast(*r, p.require("value", "saturate_cast"),
                        *dtypeArg(in, p.require("dtype", "saturate_cast")));
  });
  // tf.math.divide_no_nan: x / y, and 0 where y is 0 (TensorFlow's DivNoNan
  // kernel; here a division and a select).
  math.def(
      "divide_no_nan",
      namedOp(*r, "div_no_nan", [r](Interpreter &in, CallArgs &args) {
        Params p(in, args, "divide_no_nan", {"x", "y", "name"});
        Value x = convertArgument(*r, p.require("x", "divide_no_nan"), "x",
                                  std::nullopt);
        Value y = convertArgument(*r, p.require("y", "divide_no_nan"), "y",
                                  r->tensor(x).type.dtype);
        requireBroadcastable(*r, "DivNoNan", x, y);
        size_t first = r->tracing ? r->tracing->graph.nodes.size() : 0;
        // One op on the tapes, with DivNoNan's own gradient.
        Value out = recordComposite(*r, "DivNoNan", {x, y}, {}, [&] {
          // Integers divide as truediv does (int32 to float64).
          Value quotient = trueDiv(*r, x, y);
          Value zero = scalarLike(*r, 0.0, quotient);
          Value yZero = r->toTensor(Value::integer(0), r->tensor(y).type.dtype);
          return select(*r, binaryOp(*r, "Equal", y, yZero), zero, quotient);
        });
        // One DivNoNan kernel in TensorFlow: grappler does not rewrite its
        // division.
        if (r->tracing)
          graph::markKernelParts(r->tracing->graph, first, "DivNoNan");
        return out;
      }));
  // tf.math.multiply_no_nan: x * y, and 0 where y is 0 even where x is
  // NaN or infinite (TensorFlow's MulNoNan kernel; here a product and a
  // select).
  math.def(
      "multiply_no_nan",
      namedOp(*r, "multiply_no_nan", [r](Interpreter &in, CallArgs &args) {
        Params p(in, args, "multiply_no_nan", {"x", "y", "name"});
        Value x = r->toTensor(p.require("x", "multiply_no_nan"));
        Value y = r->toTensor(p.require("y", "multiply_no_nan"),
                              r->tensor(x).type.dtype);
        if (!isFloating(r->tensor(x).type.dtype))
          rejectDType(*r, "MulNoNan", "x", "T", r->tensor(x).type.dtype,
                      "bfloat16, float16, float32, float64, complex64, "
                      "complex128",
                      "bfloat16, half, float, double, complex64, complex128",
                      "; signature=x:T, y:T -> z:T; attr=T:type,allowed=["
                      "DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, "
                      "DT_COMPLEX64, DT_COMPLEX128]>");
        // One op on the tapes, with MulNoNan's own gradient.
        return recordComposite(*r, "MulNoNan", {x, y}, {}, [&] {
          Value product = binaryOp(*r, "Mul", x, y);
          Value zero = scalarLike(*r, 0.0, product);
          Value yZero = r->toTensor(Value::integer(0), r->tensor(y).type.dtype);
          return select(*r, binaryOp(*r, "Equal", y, yZero), zero, product);
        });
      }));
  // tf.math.xlogy, xlog1py and xdivy: x * log(y), x * log1p(y) and x / y,
  // with x where x is 0 (Eigen's packet form; its scalar form gives +0).
  // y takes the result's shape first, so that the packet log sees each
  // element at its own position, as in the kernel.
  // xlog1py and xdivy are math_ops functions whose op is named in their name
  // scope ("xdivy/Xdivy"); xlogy is the generated op ("Xlogy").
  for (auto [name, op, kernel] : {std::tuple{"xlogy", "Log", "Xlogy"},
                                  {"xlog1py", "Log1p", "Xlog1py"},
                                  {"xdivy", "RealDiv", "Xdivy"}}) {
    bool inScope = std::string(name) != "xlogy";
    math.def(
        name,
        namedOp(
            *r, inScope ? name : kernel,
            [r, name = std::string(name), op = std::string(op),
             kernel = std::string(kernel),
             inScope](Interpreter &in, CallArgs &args) {
              Params p(in, args, name, {"x", "y", "name"});
              // A Python operand takes the generated wrapper's slow path,
              // whose errors end without " name: ".
              bool named =
                  !slowPathOperand(p.get("x")) && !slowPathOperand(p.get("y"));
              Value x = floatTensor(*r, p.require("x", name), name);
              Value y =
                  r->toTensor(p.require("y", name), r->tensor(x).type.dtype);
              const TensorType &xt = r->tensor(x).type, &yt = r->tensor(y).type;
              std::vector<int64_t> shape;
              if (!broadcastShapes(xt.shape, yt.shape, shape)) {
                const graph::Graph *g =
                    r->tracing ? &r->tracing->graph : nullptr;
                incompatibleShapes(*r, kernel,
                                   !g        ? ""
                                   : inScope ? g->scope + kernel
                                             : g->scopeName(),
                                   x, y, named);
              }
              if (yt.shape != shape && yt.isStatic() &&
                  std::count(shape.begin(), shape.end(), -1) == 0)
                y = r->apply("BroadcastTo", {y}, {{"T", yt.dtype}},
                             TensorType{yt.dtype, shape}, "BroadcastTo");
              // One op on the tapes, with the kernel's own gradient (zero
              // where x is, not the NaN of its parts).
              return recordComposite(*r, kernel, {x, y}, {}, [&] {
                // One kernel in TensorFlow: grappler's rewrites (log(y + 1)
                // as log1p) do not see into it.
                size_t first = r->tracing ? r->tracing->graph.nodes.size() : 0;
                Value value = op == "RealDiv"
                                  ? binaryOp(*r, "RealDiv", x, y)
                                  : binaryOp(*r, "Mul", x, unaryOp(*r, op, y));
                Value zero = scalarLike(*r, 0.0, x);
                // Where x is 0: x itself on packets, +0 from the scalar form
                // (all of a tensor of fewer than 8 elements; a -0 in the tail
                // of a longer one keeps its sign here).
                int64_t n = TensorType{xt.dtype, shape}.numElements();
                bool scalarForm = n >= 0 && n < 8;
                Value out = select(*r, binaryOp(*r, "Equal", x, zero),
                                   scalarForm ? zero : x, value);
                if (r->tracing)
                  graph::markKernelParts(r->tracing->graph, first, kernel);
                return out;
              });
            },
            inScope ? kernel : ""));
  }
  math.def("reciprocal", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "reciprocal", {"x", "name"});
    Value x = floatTensor(*r, p.require("x", "reciprocal"), "Reciprocal");
    return unaryOp(*r, "Reciprocal", x);
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
    return isFinite(*r,
                    floatTensor(*r, p.require("x", "is_finite"), "IsFinite"));
  });
  // reduce_variance: mean((x - mean(x))^2), as math_ops computes it.
  auto variance = [r](Interpreter &in, const std::string &name, Params &p) {
    std::optional<graph::ScopeGuard> scope; // as math_ops names its nodes
    if (r->tracing)
      scope.emplace(r->tracing->graph, "reduce_variance");
    Value x = r->toTensor(p.require("input_tensor", name));
    if (!isFloating(r->tensor(x).type.dtype))
      in.typeError("Input must be either real or complex. Received integer "
                   "type <dtype: '" +
                   std::string(py::dtypeName(r->tensor(x).type.dtype)) + "'>.");
    Value axis = p.get("axis");
    bool keepdims = p.has("keepdims") && in.truthy(p.get("keepdims"));
    Value means = reduce(*r, "Mean", x, axis, true);
    Value squared = unaryOp(*r, "Square", binaryOp(*r, "Sub", x, means));
    return reduce(*r, "Mean", squared, axis, keepdims);
  };
  // Only tf.math has these two.
  math.def("reduce_variance", [variance](Interpreter &in, CallArgs &args) {
    Params p(in, args, "reduce_variance",
             {"input_tensor", "axis", "keepdims", "name"});
    return variance(in, "reduce_variance", p);
  });
  math.def("reduce_std",
           inNameScope(*r, "reduce_std",
                       [r, variance](Interpreter &in, CallArgs &args) {
                         Params p(in, args, "reduce_std",
                                  {"input_tensor", "axis", "keepdims", "name"});
                         return unaryOp(*r, "Sqrt",
                                        variance(in, "reduce_std", p));
                       }));
  // tf.histogram_fixed_width_bins: each value's bin, as histogram_ops
  // computes it: floor(nbins * (v - lo) / (hi - lo)) clipped to the bins,
  // in the values' shape. (Not the HistogramFixedWidth kernel's rounding
  // that histogram_fixed_width follows.)
  tf.def("histogram_fixed_width_bins",
         inNameScope(
             *r, "histogram_fixed_width_bins",
             [r](Interpreter &in, CallArgs &args) {
               Params p(in, args, "histogram_fixed_width_bins",
                        {"values", "value_range", "nbins", "dtype", "name"});
               Value values = r->toTensor(
                   p.require("values", "histogram_fixed_width_bins"));
               Value shape = shapeOf(*r, values);
               values = reshape(*r, values, pyIntList(in, {-1}));
               Value range = r->toTensor(
                   p.require("value_range", "histogram_fixed_width_bins"));
               Value nbins = r->toTensor(p.has("nbins") ? p.get("nbins")
                                                        : Value::integer(100),
                                         DType::Int32);
               Value bins = cast(*r, nbins, r->tensor(values).type.dtype);
               Value lo = in.getItem(range, Value::integer(0));
               Value hi = in.getItem(range, Value::integer(1));
               Value scaled = trueDiv(*r, binaryOp(*r, "Sub", values, lo),
                                      binaryOp(*r, "Sub", hi, lo));
               Value indices =
                   unaryOp(*r, "Floor", binaryOp(*r, "Mul", bins, scaled));
               // clip_by_value: the minimum first.
               Value last = binaryOp(*r, "Sub", bins, Value::integer(1));
               indices = binaryOp(*r, "Maximum",
                                  binaryOp(*r, "Minimum", indices, last),
                                  Value::integer(0));
               // int32 whatever `dtype` says, as histogram_ops casts.
               return reshape(*r, cast(*r, indices, DType::Int32), shape);
             }));
  // tf.math.polyval: Horner's rule, p = c + p * x from the first
  // coefficient (the highest power), as math_ops builds it.
  math.def("polyval",
           inNameScope(*r, "polyval", [r](Interpreter &in, CallArgs &args) {
             Params p(in, args, "polyval", {"coeffs", "x", "name"});
             Value coeffs = p.require("coeffs", "polyval");
             if (!coeffs.is(py::Type::List))
               in.valueError(
                   "Argument coeffs must be list type received type "
                   "= " +
                   in.repr(Value::object(py::Type::Class, in.typeOf(coeffs))) +
                   ".");
             Value x = r->toTensor(p.require("x", "polyval"));
             ValueList cs = in.toList(coeffs);
             if (cs.empty())
               return filledLike(*r, x, 0);
             Value poly = r->toTensor(cs[0]);
             for (size_t k = 1; k < cs.size(); ++k)
               poly = binaryOp(*r, "AddV2", r->toTensor(cs[k]),
                               binaryOp(*r, "Mul", poly, x));
             return poly;
           }));
  both("reduce_logsumexp",
       namedOp(*r, "ReduceLogSumExp", [r](Interpreter &in, CallArgs &args) {
         Params p(in, args, "reduce_logsumexp",
                  {"input_tensor", "axis", "keepdims", "name"});
         Value x = r->toTensor(p.require("input_tensor", "reduce_logsumexp"));
         // Its IsFinite takes floats only.
         if (!isFloating(r->tensor(x).type.dtype))
           floatTensor(*r, x, "IsFinite");
         Value axis = p.get("axis");
         bool keepdims = p.has("keepdims") && in.truthy(p.get("keepdims"));
         // log(sum(exp(x - m))) + m, with m the maximum, or 0 where it is not
         // finite, behind a StopGradient (the gradient does not go through
         // m, which changes how it rounds).
         auto finiteMax = [&](bool keep) {
           Value rawMax = reduce(*r, "Max", x, axis, keep);
           Value max =
               select(*r, isFinite(*r, rawMax), rawMax, scalarLike(*r, 0, x));
           return r->apply("StopGradient", {max},
                           {{"T", r->tensor(max).type.dtype}},
                           r->tensor(max).type, "StopGradient");
         };
         Value max = finiteMax(true);
         Value sum =
             reduce(*r, "Sum", unaryOp(*r, "Exp", binaryOp(*r, "Sub", x, max)),
                    axis, keepdims);
         Value result = unaryOp(*r, "Log", sum);
         // TensorFlow reshapes m to the result's run-time shape; for an
         // input of unknown rank kiln reduces again without the kept
         // dimensions, the same values.
         if (!keepdims && r->tensor(x).type.unknownRank)
           return binaryOp(*r, "AddV2", result, finiteMax(false));
         if (!keepdims) {
           ValueList dims;
           for (int64_t d : r->tensor(result).type.shape)
             dims.push_back(Value::integer(d));
           max = reshape(*r, max, in.list(std::move(dims)));
         }
         return binaryOp(*r, "AddV2", result, max);
       }));
  // is_non_decreasing and is_strictly_increasing: every adjacent pair of
  // the flattened x ordered, as check_ops compares x[1:] with x[:-1] (an
  // empty comparison for fewer than two elements: True).
  for (auto [name, op] : {std::pair{"is_non_decreasing", "GreaterEqual"},
                          std::pair{"is_strictly_increasing", "Greater"}})
    math.def(name,
             inNameScope(*r, name,
                         [r, name = std::string(name), op = std::string(op)](
                             Interpreter &in, CallArgs &args) {
                           Params p(in, args, name, {"x", "name"});
                           Value x =
                               reshape(*r, r->toTensor(p.require("x", name)),
                                       pyIntList(in, {-1}));
                           DType d = r->tensor(x).type.dtype;
                           if (d == DType::Bool || d == DType::String)
                             in.typeError("Expected x to be numeric, instead "
                                          "found: " +
                                          in.toStr(x));
                           Value ordered =
                               binaryOp(*r, op, sliceOf(*r, x, 1, std::nullopt),
                                        sliceOf(*r, x, std::nullopt, -1));
                           return reduce(*r, "All", ordered, Value(), false);
                         }));
  // tf.math.conj: a real tensor as it is (kiln has no complex dtypes).
  math.def(
      "conj", inNameScope(*r, "Conj", [r](Interpreter &in, CallArgs &args) {
        Params p(in, args, "conj", {"x", "name"});
        Value x = p.require("x", "conj");
        if (r->isTensor(x) && r->tensor(x).type.dtype != DType::String &&
            r->tensor(x).type.dtype != DType::Bool)
          return x;
        Value t = convertArgument(*r, x, "x", std::nullopt);
        DType d = r->tensor(t).type.dtype;
        if (d == DType::String || d == DType::Bool)
          in.typeError("Expected numeric or variant tensor, got dtype tf." +
                       std::string(py::dtypeName(d)) + ".");
        return t;
      }));
  // tf.math.lbeta: sum(lgamma(x)) - lgamma(sum(x)) over the last axis.
  math.def(
      "lbeta", inNameScope(*r, "lbeta", [r](Interpreter &in, CallArgs &args) {
        Params p(in, args, "lbeta", {"x", "name"});
        Value x =
            convertArgument(*r, p.require("x", "lbeta"), "x", std::nullopt);
        Value last = pyIntList(in, {-1});
        Value logProduct =
            reduce(*r, "Sum", unaryOp(*r, "Lgamma", x), last, false);
        Value sum = reduce(*r, "Sum", x, last, false);
        return binaryOp(*r, "Sub", logProduct, unaryOp(*r, "Lgamma", sum));
      }));
  // tf.math.zero_fraction: the zeros' share of the elements, counted in
  // int32 and divided in float32, as nn_impl.zero_fraction does.
  math.def(
      "zero_fraction",
      inNameScope(*r, "zero_fraction", [r](Interpreter &in, CallArgs &args) {
        Params p(in, args, "zero_fraction", {"value", "name"});
        Value x = convertArgument(*r, p.require("value", "zero_fraction"),
                                  "value", std::nullopt);
        const TensorType &t = r->tensor(x).type;
        if (!t.isStatic())
          r->raise("UnimplementedError",
                   "kiln needs the static shape of zero_fraction's value");
        int64_t size = t.numElements();
        DType d = t.dtype;
        Value zero = r->toTensor(
            d == DType::Bool ? Value::boolean(false) : Value::integer(0), d);
        Value nonzero = cast(
            *r,
            reduce(*r, "Sum",
                   cast(*r, binaryOp(*r, "NotEqual", x, zero), DType::Int32),
                   Value(), false),
            DType::Int64);
        Value zeros =
            binaryOp(*r, "Sub", r->toTensor(Value::integer(size), DType::Int64),
                     nonzero);
        return trueDiv(
            *r, cast(*r, zeros, DType::Float32),
            r->toTensor(Value::floating(double(size)), DType::Float32));
      }));
  both("count_nonzero", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "count_nonzero",
             {"input", "axis", "keepdims", "dtype", "name"});
    Value x = r->toTensor(p.require("input", "count_nonzero"));
    DType out = DType::Int64;
    if (p.has("dtype"))
      out = dtypeArg(in, p.get("dtype")).value_or(DType::Int64);
    DType d = r->tensor(x).type.dtype;
    // The dtype's zero: False, "" for strings.
    Value zero = r->toTensor(d == DType::Bool     ? Value::boolean(false)
                             : d == DType::String ? in.str("")
                                                  : Value::integer(0),
                             d);
    Value nonzero = cast(*r, binaryOp(*r, "NotEqual", x, zero), DType::Int64);
    Value count = reduce(*r, "Sum", nonzero, p.get("axis"),
                         p.has("keepdims") && in.truthy(p.get("keepdims")));
    return cast(*r, count, out);
  });
  auto l2Normalize =
      namedOp(*r, "l2_normalize", [r](Interpreter &in, CallArgs &args) {
        Params p(in, args, "l2_normalize",
                 {"x", "axis", "epsilon", "name", "dim"});
        Value x = r->toTensor(p.require("x", "l2_normalize"));
        Value axis = p.has("axis") ? p.get("axis") : p.get("dim");
        double epsilon = p.has("epsilon") ? p.get("epsilon").toDouble() : 1e-12;
        Value squareSum =
            reduce(*r, "Sum", unaryOp(*r, "Square", x), axis, true);
        Value inverseNorm = unaryOp(
            *r, "Rsqrt",
            binaryOp(*r, "Maximum", squareSum, scalarLike(*r, epsilon, x)));
        return binaryOp(*r, "Mul", x, inverseNorm);
      });
  math.def("l2_normalize", l2Normalize);
  nn.def("l2_normalize", l2Normalize);
  math.def("log_sigmoid",
           namedOp(*r, "LogSigmoid", [r](Interpreter &in, CallArgs &args) {
             Params p(in, args, "log_sigmoid", {"x", "name"});
             Value x =
                 floatTensor(*r, p.require("x", "log_sigmoid"), "Softplus");
             Value softplus = r->apply("Softplus", {unaryOp(*r, "Neg", x)},
                                       {{"T", r->tensor(x).type.dtype}},
                                       r->tensor(x).type, "Softplus");
             return unaryOp(*r, "Neg", softplus);
           }));
  nn.def("gelu", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "gelu", {"features", "approximate", "name"});
    Value x = r->toTensor(p.require("features", "gelu"));
    DType d = r->tensor(x).type.dtype;
    if (!isFloating(d))
      in.valueError("`features.dtype` must be a floating point tensor."
                    "Received:features.dtype=<dtype: '" +
                    std::string(py::dtypeName(d)) + "'>");
    bool approximate = p.has("approximate") && in.truthy(p.get("approximate"));
    Value half = binaryOp(*r, "Mul", Value::floating(0.5), x);
    // nn_ops casts its Python constants to the features' dtype through a
    // float32 tensor: in float64 they keep float32's rounding.
    auto constant = [&](double v) {
      return scalarLike(*r, static_cast<double>(static_cast<float>(v)), x);
    };
    Value inner;
    if (approximate) {
      // 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3)))
      Value cube = binaryOp(*r, "Pow", x, Value::integer(3));
      Value sum = binaryOp(*r, "AddV2", x,
                           binaryOp(*r, "Mul", constant(0.044715), cube));
      inner = unaryOp(
          *r, "Tanh",
          binaryOp(*r, "Mul", Value::floating(0.7978845608028654), sum));
    } else if (d == DType::Float32 || d == DType::Float64 ||
               d == DType::Float16) {
      // 0.5 x erfc(-x / sqrt(2)), as nn_ops.gelu computes it
      Value scaled = binaryOp(*r, "Mul", unaryOp(*r, "Neg", x),
                              constant(0.7071067811865476));
      return binaryOp(*r, "Mul", half, unaryOp(*r, "Erfc", scaled));
    } else {
      // 0.5 x (1 + erf(x / sqrt(2))): kiln has no bfloat16 erfc.
      inner = unaryOp(*r, "Erf",
                      trueDiv(*r, x, scalarLike(*r, 1.4142135623730951, x)));
    }
    return binaryOp(*r, "Mul", half,
                    binaryOp(*r, "AddV2", Value::floating(1.0), inner));
  });
  // tf.math.reduce_euclidean_norm: the EuclideanNorm kernel sums squares
  // in the Sum reducer's order, then takes the root; integers round down.
  math.def("reduce_euclidean_norm",
           namedOp(*r, "EuclideanNorm", [r](Interpreter &in, CallArgs &args) {
             Params p(in, args, "reduce_euclidean_norm",
                      {"input_tensor", "axis", "keepdims", "name"});
             Value x = r->toTensor(
                 p.require("input_tensor", "reduce_euclidean_norm"));
             DType d = r->tensor(x).type.dtype;
             if (!isFloating(d))
               x = cast(*r, x, DType::Float64);
             bool keepdims = p.has("keepdims") && in.truthy(p.get("keepdims"));
             // One op on the tapes, with _EuclideanNormGrad's gradient; the
             // body fills in the reduced axes before the op is recorded.
             std::map<std::string, Attr> attrs{{"keep_dims", keepdims}};
             Value norm = recordComposite(*r, "EuclideanNorm", {x}, attrs, [&] {
               std::vector<int64_t> axes;
               Value sum =
                   reduce(*r, "Sum", unaryOp(*r, "Square", x), p.get("axis"),
                          keepdims, "EuclideanNorm", &axes);
               attrs["axes"] = axes;
               return unaryOp(*r, "Sqrt", sum);
             });
             return isFloating(d) ? norm : cast(*r, norm, d);
           }));
  // tf.nn.crelu: relu of [x, -x] joined along `axis`; the concatenation
  // takes the scope's name ("CRelu"), the Relu is in it.
  nn.def(
      "crelu", inNameScope(*r, "CRelu", [r](Interpreter &in, CallArgs &args) {
        Params p(in, args, "crelu", {"features", "name", "axis"});
        Value x = r->toTensor(p.require("features", "crelu"));
        int64_t axis = p.has("axis") ? in.toIndex(p.get("axis")) : -1;
        size_t before = r->tracing ? r->tracing->graph.nodes.size() : 0;
        Value joined = concat(*r, {x, unaryOp(*r, "Neg", x)}, axis, "ConcatV2");
        if (r->tracing)
          nameLastNode(*r, joined, before, r->tracing->graph.scope);
        return unaryOp(*r, "Relu", joined);
      }));
  // tf.truncatediv: the quotient rounded toward zero (floats: trunc(x/y));
  // tf.truncatemod: the matching remainder, of integers here.
  auto truncatedQuotient = [](TfRuntime &rt, const Value &x, const Value &y) {
    if (isFloating(rt.tensor(x).type.dtype)) {
      Value q = binaryOp(rt, "RealDiv", x, y);
      Value negative = binaryOp(rt, "Less", q, scalarLike(rt, 0.0, q));
      return select(rt, negative, unaryOp(rt, "Ceil", q),
                    unaryOp(rt, "Floor", q));
    }
    // The floor quotient, one more where the signs differ and the
    // division is not exact.
    Value q = binaryOp(rt, "FloorDiv", x, y);
    Value rest = binaryOp(rt, "FloorMod", x, y);
    Value zero = rt.toTensor(Value::integer(0), rt.tensor(x).type.dtype);
    Value inexact = binaryOp(rt, "NotEqual", rest, zero);
    Value signs = binaryOp(rt, "NotEqual", binaryOp(rt, "Less", x, zero),
                           binaryOp(rt, "Less", y, zero));
    Value up = cast(rt, binaryOp(rt, "LogicalAnd", inexact, signs),
                    rt.tensor(q).type.dtype);
    return binaryOp(rt, "AddV2", q, up);
  };
  auto operands = [r](Interpreter &in, CallArgs &args, const std::string &fname,
                      Value &x, Value &y) {
    Params p(in, args, fname, {"x", "y", "name"});
    x = r->toTensor(p.require("x", fname));
    y = r->toTensor(p.require("y", fname), r->tensor(x).type.dtype);
    // The truncating kernels do not check their divisor: an eager integer
    // zero makes Eigen's binary operator fail in a way it does not expect.
    // (In a function, compiled code checks as FloorDiv does.)
    std::vector<int64_t> shape;
    if (r->tracing || !isInteger(r->tensor(x).type.dtype) ||
        r->tensor(y).type.dtype != r->tensor(x).type.dtype ||
        !broadcastShapes(r->tensor(x).type.shape, r->tensor(y).type.shape,
                         shape))
      return; // the ops below raise their own errors first
    std::string op = fname == "truncatediv" ? "TruncateDiv" : "TruncateMod";
    if (holdsZero(*r, y))
      r->raise("InternalError", eagerKernelPrefix(op) +
                                    "Unexpected error in binary operator "
                                    "(only integer div and mod should "
                                    "have errors)" +
                                    eagerOpSuffix(op));
  };
  tf.def("truncatediv", namedOp(*r, "TruncateDiv",
                                [r, operands, truncatedQuotient](
                                    Interpreter &in, CallArgs &args) {
                                  Value x, y;
                                  operands(in, args, "truncatediv", x, y);
                                  return truncatedQuotient(*r, x, y);
                                }));
  tf.def("truncatemod",
         namedOp(
             *r, "TruncateMod",
             [r, operands, truncatedQuotient](Interpreter &in, CallArgs &args) {
               Value x, y;
               operands(in, args, "truncatemod", x, y);
               if (isFloating(r->tensor(x).type.dtype))
                 r->raise("UnimplementedError",
                          "kiln computes truncatemod of integers only");
               Value q = truncatedQuotient(*r, x, y);
               return binaryOp(*r, "Sub", x, binaryOp(*r, "Mul", q, y));
             }));
}

} // namespace kiln::tf
