// tf.one_hot, tf.reverse and the scans tf.math.cumsum/cumprod: one
// TensorFlow op each (OneHot, ReverseV2, Cumsum, Cumprod), emitted by
// codegen/EmitArrayOps.cpp.
#include "TfModuleBuilder.h"
#include "TfOps.h"

#include <algorithm>

namespace kiln::tf {

namespace {

/// What TensorFlow's errors quote of an op whose input `param` (its type
/// attr `attr`) allows only some dtypes.
struct DTypeRule {
  const char *param, *attr;
  std::vector<DType> allowed;
  const char *traced;  // the allowed dtypes' Python names
  const char *kernels; // their C++ names
  const char *opDef;   // the Op<...> of the eager error, after the name
};

const DTypeRule kOneHotIndices{
    "indices",
    "TI",
    {DType::UInt8, DType::Int8, DType::Int32, DType::Int64},
    "uint8, int8, int32, int64",
    "uint8, int8, int32, int64",
    "; signature=indices:TI, depth:int32, on_value:T, off_value:T -> "
    "output:T; attr=axis:int,default=-1; attr=T:type; "
    "attr=TI:type,default=DT_INT64,allowed=[DT_UINT8, DT_INT8, DT_INT32, "
    "DT_INT64]>"};

const DTypeRule kScan{
    "x",
    "T",
    {DType::Float32, DType::Float64, DType::Int32, DType::UInt8, DType::Int16,
     DType::Int8, DType::Int64, DType::BFloat16, DType::Float16},
    "float32, float64, int32, uint8, int16, int8, complex64, int64, qint8, "
    "quint8, qint32, bfloat16, qint16, quint16, uint16, complex128, float16, "
    "uint32, uint64",
    "float, double, int32, uint8, int16, int8, complex64, int64, qint8, "
    "quint8, qint32, bfloat16, qint16, quint16, uint16, complex128, half, "
    "uint32, uint64",
    "; signature=x:T, axis:Tidx -> out:T; attr=exclusive:bool,default=false; "
    "attr=reverse:bool,default=false; attr=T:type,allowed=[DT_FLOAT, "
    "DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, "
    "DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, "
    "DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]; "
    "attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]>"};

/// TensorFlow's error for `op` applied to a dtype `rule` does not allow: a
/// TypeError while tracing, the kernel lookup's InvalidArgumentError
/// eagerly.
void requireDType(TfRuntime &rt, const std::string &op, const DTypeRule &rule,
                  DType dtype) {
  if (std::find(rule.allowed.begin(), rule.allowed.end(), dtype) !=
      rule.allowed.end())
    return;
  if (rt.tracing)
    rt.in.typeError(std::string("Value passed to parameter '") + rule.param +
                    "' has DataType " + py::dtypeName(dtype) +
                    " not in list of allowed values: " + rule.traced);
  rt.raise("InvalidArgumentError",
           std::string("Value for attr '") + rule.attr + "' of " +
               kernelTypeName(dtype) +
               " is not in the list of allowed values: " + rule.kernels +
               "\n\t; NodeDef: {{node " + op + "}}; Op<name=" + op +
               rule.opDef + " [Op:" + op + "] name: ");
}

/// The "{{function_node __wrapped__OP_device_...}} " prefix of an eager
/// kernel's error.
std::string eagerKernel(const std::string &op) {
  return "{{function_node __wrapped__" + op +
         "_device_/job:localhost/replica:0/task:0/device:CPU:0}} ";
}

/// An int argument given as a Python int or a tensor known at trace time.
int64_t traceTimeInt(TfRuntime &rt, const Value &v, const std::string &what) {
  if (!rt.isTensor(v))
    return rt.in.toIndex(v);
  HostTensorPtr c = rt.constantValue(v);
  if (!c || c->type.numElements() != 1)
    rt.raise("UnimplementedError",
             "kiln needs " + what + " known at trace time");
  return c->elementAsInt(0);
}

Value oneHot(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  Value indices = rt.toTensor(p.require("indices", "one_hot"));
  const TensorType &it = rt.tensor(indices).type;
  requireDType(rt, "OneHot", kOneHotIndices, it.dtype);
  // The result's dtype: on_value's, else off_value's, else `dtype`
  // (float32 by default), as TensorFlow's Python wrapper decides it.
  Value on = p.get("on_value"), off = p.get("off_value");
  std::optional<DType> dtype = dtypeArg(in, p.get("dtype"));
  auto dtypeOf = [&](const Value &v) {
    return rt.tensor(rt.toTensor(v, rt.isTensor(v) ? std::nullopt : dtype))
        .type.dtype;
  };
  if (!on.isNone() && !off.isNone() && dtypeOf(on) != dtypeOf(off))
    in.typeError(std::string("dtype <dtype: '") + py::dtypeName(dtypeOf(on)) +
                 "'> of on_value does not match dtype <dtype: '" +
                 py::dtypeName(dtypeOf(off)) + "'> of off_value");
  DType out = !on.isNone()    ? dtypeOf(on)
              : !off.isNone() ? dtypeOf(off)
                              : dtype.value_or(DType::Float32);
  Value onT = rt.toTensor(on.isNone() ? Value::integer(1) : on, out);
  Value offT = rt.toTensor(off.isNone() ? Value::integer(0) : off, out);

  Value depthArg = p.require("depth", "one_hot");
  Value depth = rt.isTensor(depthArg) ? cast(rt, depthArg, DType::Int32)
                                      : rt.toTensor(depthArg, DType::Int32);
  int64_t depthValue = -1;
  if (HostTensorPtr c = rt.constantValue(depth)) {
    depthValue = c->elementAsInt(0);
    if (depthValue < 0) {
      if (rt.tracing)
        in.valueError("Dimension size, given by scalar input 1, must be "
                      "non-negative but is " +
                      std::to_string(depthValue));
      rt.raise("InvalidArgumentError",
               eagerKernel("OneHot") + "depth must be non-negative, got: " +
                   std::to_string(depthValue) + " [Op:OneHot] name: ");
    }
  }
  if (it.unknownRank)
    rt.raise("UnimplementedError", "kiln needs the rank of one_hot's indices");
  int64_t rank = it.shape.size();
  int64_t axis = p.has("axis") ? in.toIndex(p.get("axis")) : -1;
  if (axis < -1 || axis > rank)
    rt.raise("InvalidArgumentError",
             (rt.tracing ? "" : eagerKernel("OneHot")) +
                 "Expected axis to be -1 or between [0, " +
                 std::to_string(rank + 1) +
                 ").  But received: " + std::to_string(axis));
  std::vector<int64_t> shape = it.shape;
  shape.insert(shape.begin() + (axis < 0 ? rank : axis), depthValue);
  return rt.apply("OneHot", {indices, depth, onT, offT},
                  {{"axis", axis}, {"T", out}, {"TI", it.dtype}},
                  TensorType{out, shape}, "one_hot");
}

Value reverse(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  Value t = rt.toTensor(p.require("tensor", "reverse"));
  const TensorType &type = rt.tensor(t).type;
  if (type.unknownRank)
    rt.raise("UnimplementedError", "kiln needs the rank of reverse's input");
  int64_t rank = type.shape.size();
  Value axisArg = p.require("axis", "reverse");
  std::vector<int64_t> axes;
  if (rt.isTensor(axisArg)) {
    HostTensorPtr c = rt.constantValue(axisArg);
    if (!c)
      rt.raise("UnimplementedError",
               "kiln needs reverse's axes known at trace time");
    for (int64_t i = 0; i < c->type.numElements(); ++i)
      axes.push_back(c->elementAsInt(i));
  } else {
    for (const Value &a : in.toList(axisArg))
      axes.push_back(in.toIndex(a));
  }
  std::vector<int64_t> normalized;
  for (size_t k = 0; k < axes.size(); ++k) {
    int64_t a = axes[k] < 0 ? axes[k] + rank : axes[k];
    std::string problem;
    if (a < 0 || a >= rank)
      problem = "'axis'[" + std::to_string(k) +
                "] = " + std::to_string(axes[k]) +
                " is out of valid range [0, " + std::to_string(rank - 1);
    else if (std::count(normalized.begin(), normalized.end(), a))
      problem = "axis " + std::to_string(a) + " specified more than once.";
    if (problem.empty()) {
      normalized.push_back(a);
      continue;
    }
    if (rt.tracing)
      in.valueError(problem);
    rt.raise("InvalidArgumentError",
             eagerKernel("ReverseV2") + problem + " [Op:ReverseV2]");
  }
  std::sort(normalized.begin(), normalized.end());
  Value axisTensor = rt.toTensor(in.list([&] {
    ValueList l;
    for (int64_t a : axes)
      l.push_back(Value::integer(a));
    return l;
  }()),
                                 DType::Int32);
  return rt.apply("ReverseV2", {t, axisTensor},
                  {{"axes", normalized}, {"T", type.dtype}}, type, "ReverseV2");
}

/// tf.math.cumsum and cumprod.
Value scan(TfRuntime &rt, const Params &p, const std::string &op,
           const std::string &fname) {
  Interpreter &in = rt.in;
  Value x = rt.toTensor(p.require("x", fname));
  const TensorType &type = rt.tensor(x).type;
  requireDType(rt, op, kScan, type.dtype);
  if (type.unknownRank)
    rt.raise("UnimplementedError",
             "kiln needs the rank of " + fname + "'s input");
  int64_t rank = type.shape.size();
  int64_t axis =
      p.has("axis") ? traceTimeInt(rt, p.get("axis"), "the axis") : 0;
  if (axis < -rank || axis >= rank)
    rt.raise("InvalidArgumentError",
             (rt.tracing ? "" : eagerKernel(op)) +
                 "ScanOp: Expected scan axis in the range [" +
                 std::to_string(-rank) + ", " + std::to_string(rank) +
                 "), but got " + std::to_string(axis) +
                 (rt.tracing ? "" : " [Op:" + op + "] name: "));
  auto flag = [&](const char *name) {
    return p.has(name) && in.truthy(p.get(name));
  };
  return rt.apply(op, {x, rt.toTensor(Value::integer(axis), DType::Int32)},
                  {{"axis", axis < 0 ? axis + rank : axis},
                   {"exclusive", flag("exclusive")},
                   {"reverse", flag("reverse")},
                   {"T", type.dtype}},
                  type, op);
}

} // namespace

void installArrayOps(TfRuntime &rt, ModuleBuilder &tf, ModuleBuilder &math) {
  TfRuntime *r = &rt;
  tf.def("one_hot", [r](Interpreter &in, CallArgs &args) {
    return oneHot(*r, Params(in, args, "one_hot",
                             {"indices", "depth", "on_value", "off_value",
                              "axis", "dtype", "name"}));
  });
  tf.def("reverse", [r](Interpreter &in, CallArgs &args) {
    return reverse(*r, Params(in, args, "reverse", {"tensor", "axis", "name"}));
  });
  for (auto [name, op] :
       {std::pair{"cumsum", "Cumsum"}, std::pair{"cumprod", "Cumprod"}}) {
    auto fn = [r, name = std::string(name),
               op = std::string(op)](Interpreter &in, CallArgs &args) {
      return scan(
          *r,
          Params(in, args, name, {"x", "axis", "exclusive", "reverse", "name"}),
          op, name);
    };
    math.def(name, fn);
    if (std::string(name) == "cumsum")
      tf.def(name, fn);
  }
}

} // namespace kiln::tf
