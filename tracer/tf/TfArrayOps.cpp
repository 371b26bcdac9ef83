// tf.one_hot, tf.reverse, the scans tf.math.cumsum/cumprod and
// tf.math.top_k: one TensorFlow op each (OneHot, ReverseV2, Cumsum, Cumprod,
// TopKV2), emitted by codegen/EmitArrayOps.cpp; tf.sort and tf.argsort
// built on top_k as TensorFlow's Python layer builds them.
#include "TfModuleBuilder.h"
#include "TfObjects.h"
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

const DTypeRule kTopK{
    "input",
    "T",
    {DType::Float32, DType::Float64, DType::Int32, DType::UInt8, DType::Int16,
     DType::Int8, DType::Int64, DType::BFloat16, DType::Float16},
    "float32, float64, int32, uint8, int16, int8, int64, bfloat16, uint16, "
    "float16, uint32, uint64",
    "float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, "
    "half, uint32, uint64",
    "; signature=input:T, k:Tk -> values:T, indices:index_type; "
    "attr=sorted:bool,default=true; attr=T:type,allowed=[DT_FLOAT, "
    "DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, "
    "DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]; "
    "attr=Tk:type,default=DT_INT32,allowed=[DT_INT16, DT_INT32, DT_INT64]; "
    "attr=index_type:type,default=DT_INT32,allowed=[DT_INT16, DT_INT32, "
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

/// TensorFlow's error unless `rule` allows `dtype` for `op`.
void requireDType(TfRuntime &rt, const std::string &op, const DTypeRule &rule,
                  DType dtype) {
  if (std::find(rule.allowed.begin(), rule.allowed.end(), dtype) ==
      rule.allowed.end())
    rejectDType(rt, op, rule.param, rule.attr, dtype, rule.traced, rule.kernels,
                rule.opDef);
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
  // Given values become tensors once, in `dtype` when they are Python
  // values and it is given.
  auto given = [&](const Value &v) {
    return v.isNone() ? v
                      : rt.toTensor(v, rt.isTensor(v) ? std::nullopt : dtype);
  };
  Value onT = given(on), offT = given(off);
  auto dtypeOf = [&](const Value &t) { return rt.tensor(t).type.dtype; };
  if (!on.isNone() && !off.isNone() && dtypeOf(onT) != dtypeOf(offT))
    in.typeError(std::string("dtype <dtype: '") + py::dtypeName(dtypeOf(onT)) +
                 "'> of on_value does not match dtype <dtype: '" +
                 py::dtypeName(dtypeOf(offT)) + "'> of off_value");
  DType out = !on.isNone()    ? dtypeOf(onT)
              : !off.isNone() ? dtypeOf(offT)
                              : dtype.value_or(DType::Float32);
  if (on.isNone())
    onT = rt.toTensor(Value::integer(1), out);
  if (off.isNone())
    offT = rt.toTensor(Value::integer(0), out);

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
      kernelError(rt, "OneHot",
                  "depth must be non-negative, got: " +
                      std::to_string(depthValue));
    }
  }
  if (it.unknownRank)
    rt.raise("UnimplementedError", "kiln needs the rank of one_hot's indices");
  int64_t rank = it.shape.size();
  int64_t axis = p.has("axis") ? in.toIndex(p.get("axis")) : -1;
  if (axis < -1 || axis > rank)
    rt.raise("InvalidArgumentError",
             (rt.tracing ? "" : eagerKernelPrefix("OneHot")) +
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
             eagerKernelPrefix("ReverseV2") + problem + " [Op:ReverseV2]");
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
    knownKernelError(rt, op,
                     "ScanOp: Expected scan axis in the range [" +
                         std::to_string(-rank) + ", " + std::to_string(rank) +
                         "), but got " + std::to_string(axis));
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

/// tf.math.top_k: the `k` largest entries of each row (the last
/// dimension) and their positions, ties in the order of their positions.
ValueList topK(TfRuntime &rt, const Value &input, const Value &kArg,
               bool sorted, DType indexType) {
  Interpreter &in = rt.in;
  Value x = rt.toTensor(input);
  const TensorType &type = rt.tensor(x).type;
  requireDType(rt, "TopKV2", kTopK, type.dtype);
  if (type.unknownRank)
    rt.raise("UnimplementedError", "kiln needs the rank of top_k's input");
  if (type.shape.empty()) {
    std::string message = "input must have at least 1 dimension";
    if (rt.tracing)
      in.valueError("Shape must be at least rank 1 but is rank 0");
    kernelError(rt, "TopKV2", message);
  }
  Value k = rt.isTensor(kArg) ? cast(rt, kArg, DType::Int32)
                              : rt.toTensor(kArg, DType::Int32);
  int64_t columns = type.shape.back(), kValue = -1;
  if (HostTensorPtr c = rt.constantValue(k)) {
    kValue = c->elementAsInt(0);
    std::string message;
    if (kValue < 0)
      message = "Need k >= 0, got " + std::to_string(kValue);
    else if (columns >= 0 && columns < kValue)
      message = "input must have at least k columns. Had " +
                std::to_string(columns) + ", needed " + std::to_string(kValue);
    if (!message.empty()) {
      if (rt.tracing)
        in.valueError(message);
      kernelError(rt, "TopKV2", message);
    }
  }
  std::vector<int64_t> shape = type.shape;
  shape.back() = kValue;
  return rt.applyMulti(
      "TopKV2", {x, k},
      {{"sorted", sorted}, {"T", type.dtype}, {"index_type", indexType}},
      {TensorType{type.dtype, shape}, TensorType{indexType, shape}}, "TopKV2");
}

/// tf.sort and tf.argsort: a descending top_k over the whole axis (moved
/// last by a transpose), on values mapped so that ascending order becomes
/// descending, as TensorFlow's sort_ops.py does it.
Value sortOrArgsort(TfRuntime &rt, const Params &p, const std::string &fname,
                    bool argsort) {
  Interpreter &in = rt.in;
  Value values = rt.toTensor(p.require("values", fname));
  std::string direction = "ASCENDING";
  if (p.has("direction")) {
    Value d = p.get("direction");
    direction = d.is(py::Type::Str) ? d.as<py::StrObject>().s : in.repr(d);
  }
  if (direction != "ASCENDING" && direction != "DESCENDING")
    in.valueError("Argument `direction` should be one of ASCENDING, "
                  "DESCENDING. Received: direction=" +
                  direction);
  const TensorType type = rt.tensor(values).type;
  if (type.unknownRank)
    rt.raise("UnimplementedError",
             "kiln needs the rank of " + fname + "'s input");
  int64_t rank = type.shape.size();
  int64_t axis =
      p.has("axis") ? traceTimeInt(rt, p.get("axis"), "the axis") : -1;
  if (axis < -rank || axis >= rank)
    in.valueError("Argument `axis` is out of bounds: " + std::to_string(axis) +
                  " for a tensor of rank " + std::to_string(rank));
  if (axis < 0)
    axis += rank;

  // Ascending order is the descending order of a reversed mapping.
  DType dtype = type.dtype;
  bool isUnsigned = dtype == DType::UInt8;
  bool ascending = direction == "ASCENDING";
  Value offset;
  Value keys = values;
  if (ascending) {
    if (isUnsigned) {
      offset = rt.toTensor(Value::integer(255), dtype);
      keys = binaryOp(rt, "Sub", offset, values);
    } else if (isInteger(dtype)) {
      keys = binaryOp(rt, "Sub", unaryOp(rt, "Neg", values),
                      rt.toTensor(Value::integer(1), dtype));
    } else {
      keys = unaryOp(rt, "Neg", values);
    }
  }
  Value perm;
  if (axis != rank - 1) {
    ValueList order;
    for (int64_t d = 0; d < rank; ++d)
      order.push_back(Value::integer(d == axis       ? rank - 1
                                     : d == rank - 1 ? axis
                                                     : d));
    perm = in.list(order);
    keys = transpose(rt, keys, perm);
  }
  const TensorType &keyType = rt.tensor(keys).type;
  Value k =
      keyType.shape.back() >= 0
          ? Value::integer(keyType.shape.back())
          : stridedSlice(rt,
                         rt.apply("Shape", {keys}, {{"out_type", DType::Int32}},
                                  TensorType{DType::Int32, {rank}}, "Shape"),
                         Value::integer(-1));
  ValueList top = topK(rt, keys, k, true, DType::Int32);
  Value result = argsort ? top[1] : top[0];
  if (!perm.isNone())
    result = transpose(rt, result, perm);
  if (argsort || !ascending)
    return result;
  if (isUnsigned)
    return binaryOp(rt, "Sub", offset, result);
  if (isInteger(dtype))
    return binaryOp(rt, "Sub", unaryOp(rt, "Neg", result),
                    rt.toTensor(Value::integer(1), dtype));
  return unaryOp(rt, "Neg", result);
}

} // namespace

void installArrayOps(TfRuntime &rt, ModuleBuilder &tf, ModuleBuilder &math,
                     ModuleBuilder &nn) {
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
  auto topKFn = [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "top_k", {"input", "k", "sorted", "index_type", "name"});
    DType indexType =
        p.has("index_type") ? *dtypeArg(in, p.get("index_type")) : DType::Int32;
    ValueList top =
        topK(*r, p.require("input", "top_k"),
             p.has("k") ? p.get("k") : Value::integer(1),
             !p.has("sorted") || in.truthy(p.get("sorted")), indexType);
    return Value::object(
        py::Type::Native,
        std::make_shared<NamedTupleObject>(
            "TopKV2", std::vector<std::string>{"values", "indices"}, top));
  };
  math.def("top_k", topKFn);
  nn.def("top_k", topKFn);
  tf.def("sort", [r](Interpreter &in, CallArgs &args) {
    return sortOrArgsort(
        *r, Params(in, args, "sort", {"values", "axis", "direction", "name"}),
        "sort", false);
  });
  tf.def("argsort", [r](Interpreter &in, CallArgs &args) {
    return sortOrArgsort(
        *r,
        Params(in, args, "argsort",
               {"values", "axis", "direction", "stable", "name"}),
        "argsort", true);
  });
}

} // namespace kiln::tf
