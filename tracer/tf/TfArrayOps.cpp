// tf.one_hot, tf.gather_nd, tf.reverse, tf.bitcast, the scans
// tf.math.cumsum/cumprod and tf.math.top_k: one TensorFlow op each (OneHot,
// GatherNd, ReverseV2, Bitcast, Cumsum, Cumprod, TopKV2), emitted by
// codegen/EmitArrayOps.cpp (GatherNd by EmitGather.cpp); tf.sort and tf.argsort
// built on top_k as TensorFlow's Python layer builds them.
#include "ShapeTensor.h"
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

const DTypeRule kLogsumexpScan{
    "x",
    "T",
    {DType::BFloat16, DType::Float16, DType::Float32, DType::Float64},
    "bfloat16, float16, float32, float64",
    "bfloat16, half, float, double",
    "; signature=x:T, axis:Tidx -> out:T; attr=exclusive:bool,default=false; "
    "attr=reverse:bool,default=false; attr=T:type,allowed=[DT_BFLOAT16, "
    "DT_HALF, DT_FLOAT, DT_DOUBLE]; attr=Tidx:type,default=DT_INT32,"
    "allowed=[DT_INT32, DT_INT64]>"};

const DTypeRule kGatherNdIndices{
    "indices",
    "Tindices",
    {DType::Int16, DType::Int32, DType::Int64},
    "int16, int32, int64",
    "int16, int32, int64",
    "; signature=params:Tparams, indices:Tindices -> output:Tparams; "
    "attr=Tparams:type; attr=Tindices:type,allowed=[DT_INT16, DT_INT32, "
    "DT_INT64]; attr=bad_indices_policy:string,default=\"\">"};

// Bitcast's input and output: every numeric dtype but bool.
const char *const kBitcastAllowed =
    "allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT64, DT_INT32, "
    "DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64, DT_INT8, DT_INT16, "
    "DT_COMPLEX64, DT_COMPLEX128, DT_QINT8, DT_QUINT8, DT_QINT16, DT_QUINT16, "
    "DT_QINT32]";
const std::string kBitcastOpDef =
    std::string("; signature=input:T -> output:type; attr=T:type,") +
    kBitcastAllowed + "; attr=type:type," + kBitcastAllowed + ">";
DTypeRule bitcastRule(const char *param, const char *attr) {
  return {param,
          attr,
          {DType::BFloat16, DType::Float16, DType::Float32, DType::Float64,
           DType::Int64, DType::Int32, DType::UInt8, DType::Int8, DType::Int16},
          "bfloat16, float16, float32, float64, int64, int32, uint8, uint16, "
          "uint32, uint64, int8, int16, complex64, complex128, qint8, quint8, "
          "qint16, quint16, qint32",
          "bfloat16, half, float, double, int64, int32, uint8, uint16, uint32, "
          "uint64, int8, int16, complex64, complex128, qint8, quint8, qint16, "
          "quint16, qint32",
          kBitcastOpDef.c_str()};
}
const DTypeRule kBitcastInput = bitcastRule("input", "T");
const DTypeRule kBitcastOutput = bitcastRule("type", "type");

/// TensorFlow's error unless `rule` allows `dtype` for `op`.
void requireDType(TfRuntime &rt, const std::string &op, const DTypeRule &rule,
                  DType dtype, bool named = true) {
  if (std::find(rule.allowed.begin(), rule.allowed.end(), dtype) ==
      rule.allowed.end())
    rejectDType(rt, op, rule.param, rule.attr, dtype, rule.traced, rule.kernels,
                rule.opDef, named);
}

/// An int argument given as a Python int or a tensor known at trace time.
int64_t traceTimeInt(TfRuntime &rt, const Value &v, const std::string &what) {
  if (!rt.isTensor(v))
    return rt.in.toIndex(v);
  std::optional<std::vector<int64_t>> known = knownInts(rt, v);
  if (!known || known->size() != 1)
    rt.raise("UnimplementedError",
             "kiln needs " + what + " known at trace time");
  return known->front();
}

Value oneHot(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  // Called in name scope "one_hot" (namedOp): its constants are named in
  // it as TensorFlow names them, in the order it makes them (the values,
  // then the op's other inputs).
  Value indicesArg = p.require("indices", "one_hot");
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
    onT = convertArgument(rt, Value::integer(1), "on_value", out);
  if (off.isNone())
    offT = convertArgument(rt, Value::integer(0), "off_value", out);
  Value indices = convertArgument(rt, indicesArg, "indices", std::nullopt);
  const TensorType &it = rt.tensor(indices).type;
  // Python lists as indices take the op wrapper's path without a name:
  // the eager errors then end with "[Op:OneHot]" alone.
  bool named =
      !indicesArg.is(py::Type::List) && !indicesArg.is(py::Type::Tuple);
  requireDType(rt, "OneHot", kOneHotIndices, it.dtype, named);
  Value depth =
      convertArgument(rt, p.require("depth", "one_hot"), "depth", DType::Int32);
  int64_t depthValue = -1;
  // The kernel reads depth, on_value and off_value as scalars.
  std::string error;
  const std::pair<const char *, const Value *> scalars[] = {
      {"depth", &depth}, {"on_value", &onT}, {"off_value", &offT}};
  for (auto [name, t] : scalars)
    if (error.empty())
      error = scalarOperandError(
          rt, "OneHot", *t,
          std::string(name) + " must be a scalar, but got: ", named);
  // A depth computed from static shapes (tf.shape(x)[-1]) is known too,
  // as TensorFlow's shape inference evaluates it.
  Value known = !error.empty() || rt.constantValue(depth)
                    ? Value()
                    : foldKnown(rt, depth);
  if (HostTensorPtr c = error.empty() ? rt.constantValue(depth) : nullptr;
      c || known.isIntLike()) {
    depthValue = c ? c->elementAsInt(0) : known.asInt();
    if (depthValue < 0) {
      if (rt.tracing)
        in.valueError("Dimension size, given by scalar input 1, must be "
                      "non-negative but is " +
                      std::to_string(depthValue));
      kernelError(rt, "OneHot",
                  "depth must be non-negative, got: " +
                      std::to_string(depthValue),
                  "", named);
    }
  }
  if (it.unknownRank)
    rt.raise("UnimplementedError", "kiln needs the rank of one_hot's indices");
  int64_t rank = it.shape.size();
  int64_t axis = p.has("axis") ? in.toIndex(foldKnown(rt, p.get("axis"))) : -1;
  if (axis < -1 || axis > rank)
    rt.raise("InvalidArgumentError",
             (rt.tracing ? "" : eagerKernelPrefix("OneHot")) +
                 "Expected axis to be -1 or between [0, " +
                 std::to_string(rank + 1) +
                 ").  But received: " + std::to_string(axis) +
                 (rt.tracing ? "" : eagerOpSuffix("OneHot", named)));
  std::vector<int64_t> shape = it.shape;
  shape.insert(shape.begin() + (axis < 0 ? rank : axis), depthValue);
  std::map<std::string, Attr> attrs{
      {"axis", axis}, {"T", out}, {"TI", it.dtype}};
  if (!error.empty())
    attrs[graph::kRunTimeError] = error;
  return rt.apply("OneHot", {indices, depth, onT, offT}, attrs,
                  TensorType{out, shape}, "one_hot");
}

/// tf.bitcast: the same bytes read as another dtype. A narrower dtype adds
/// an innermost dimension of the width ratio; a wider one takes it away
/// (it must be that ratio).
Value bitcast(TfRuntime &rt, const Params &p) {
  Value t = rt.toTensor(p.require("input", "bitcast"));
  DType to = *dtypeArg(rt.in, p.require("type", "bitcast"));
  const TensorType &type = rt.tensor(t).type;
  requireDType(rt, "Bitcast", kBitcastInput, type.dtype);
  requireDType(rt, "Bitcast", kBitcastOutput, to);
  size_t from = py::dtypeSize(type.dtype), into = py::dtypeSize(to);
  std::string name = p.has("name") ? rt.in.toStr(p.get("name")) : "Bitcast";
  std::string cannot = "Cannot bitcast from " +
                       std::to_string(py::dataTypeEnum(type.dtype)) + " to " +
                       std::to_string(py::dataTypeEnum(to));
  auto nodeText = [&] {
    std::string node = rt.tracing ? rt.tracing->graph.uniqueName(name) : name;
    return " for '{{node " + node + "}} = Bitcast[T=" + tfTypeName(type.dtype) +
           ", type=" + tfTypeName(to) + "](" + inputName(rt, t) +
           ")' with input shapes: " + shapeList(type.shape) + ".";
  };
  TensorType result{to, type.shape};
  result.unknownRank = type.unknownRank;
  if (from > into) {
    if (!type.unknownRank)
      result.shape.push_back(int64_t(from / into));
  } else if (from < into && !type.unknownRank) {
    int64_t ratio = int64_t(into / from);
    if (type.shape.empty()) {
      if (rt.tracing)
        rt.in.valueError("Shape must be at least rank 1 but is rank 0" +
                         nodeText());
      kernelError(rt, "Bitcast", cannot);
    }
    int64_t last = type.shape.back();
    if (last >= 0 && last != ratio) {
      if (rt.tracing)
        rt.in.valueError(cannot + " due to shape. " + std::to_string(last) +
                         " does not match " + std::to_string(ratio) +
                         nodeText());
      kernelError(rt, "Bitcast", cannot);
    }
    result.shape.pop_back();
  }
  return rt.apply("Bitcast", {t}, {{"T", type.dtype}, {"type", to}}, result,
                  name);
}

Value reverse(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  Value t = rt.toTensor(p.require("tensor", "reverse"));
  const TensorType &type = rt.tensor(t).type;
  if (type.unknownRank && !rt.tracing)
    rt.raise("UnimplementedError", "kiln needs the rank of reverse's input");
  int64_t rank = type.shape.size();
  Value axisArg = p.require("axis", "reverse");
  std::vector<int64_t> axes;
  bool holdsTensor = rt.isTensor(axisArg);
  if (rt.isTensor(axisArg)) {
    std::optional<std::vector<int64_t>> known = knownInts(rt, axisArg);
    if (!known)
      rt.raise("UnimplementedError",
               "kiln needs reverse's axes known at trace time");
    axes = *known;
  } else {
    // A list may hold tensors trace time knows ([tf.rank(x) - 1]), which
    // TensorFlow packs.
    for (const Value &a : in.toList(axisArg)) {
      holdsTensor |= rt.isTensor(a);
      axes.push_back(traceTimeInt(rt, a, "reverse's axes"));
    }
  }
  std::map<std::string, Attr> attrs{{"T", type.dtype}};
  if (type.unknownRank) {
    // The axes are checked once the function is specialized to the input's
    // shape (RankSpecialize.cpp).
    attrs["axes"] = std::vector<int64_t>{};
    attrs["reverse_axes"] = axes;
  } else {
    std::vector<int64_t> normalized;
    std::string problem = reverseAxesProblem(axes, rank, normalized);
    if (!problem.empty()) {
      if (rt.tracing)
        in.valueError(problem);
      rt.raise("InvalidArgumentError",
               eagerKernelPrefix("ReverseV2") + problem + " [Op:ReverseV2]");
    }
    attrs["axes"] = normalized;
  }
  OperandConsts operands(rt, "ReverseV2");
  Value axisTensor =
      rt.isTensor(axisArg)
          ? axisArg
          : operands.input("axis", holdsTensor ? axisArg : pyIntList(in, axes),
                           DType::Int32);
  return rt.apply("ReverseV2", {t, axisTensor}, std::move(attrs), type,
                  operands.name(), operands.exactName());
}

/// tf.math.cumsum and cumprod.
Value scan(TfRuntime &rt, const Params &p, const std::string &op,
           const std::string &fname) {
  Interpreter &in = rt.in;
  Value x = rt.toTensor(p.require("x", fname));
  const TensorType &type = rt.tensor(x).type;
  requireDType(rt, op, op == "CumulativeLogsumexp" ? kLogsumexpScan : kScan,
               type.dtype);
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
  OperandConsts operands(rt, op);
  Value axisTensor = operands.input(
      "axis", p.has("axis") ? p.get("axis") : Value::integer(0), DType::Int32);
  return rt.apply(op, {x, axisTensor},
                  {{"axis", axis < 0 ? axis + rank : axis},
                   {"exclusive", flag("exclusive")},
                   {"reverse", flag("reverse")},
                   {"T", type.dtype}},
                  type, operands.name(), operands.exactName());
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
  OperandConsts operands(rt, "TopKV2");
  Value k = operands.input("k", kArg, DType::Int32);
  int64_t columns = type.shape.back(), kValue = -1;
  std::string kError =
      scalarOperandError(rt, "TopKV2", k, "k must be scalar, got shape ");
  if (HostTensorPtr c = kError.empty() ? rt.constantValue(k) : nullptr) {
    kValue = c->elementAsInt(0);
    std::string message;
    if (kValue < 0)
      message = "Need k >= 0, got " + std::to_string(kValue);
    else if (columns >= 0 && columns < kValue)
      message = "input must have at least k columns. Had " +
                std::to_string(columns) + ", needed " + std::to_string(kValue);
    if (!message.empty()) {
      // Shape inference's words while tracing.
      if (rt.tracing && kValue >= 0)
        in.valueError(
            "input must have last dimension >= k = " + std::to_string(kValue) +
            " but is " + std::to_string(columns) + " for '{{node " +
            operands.name() + "}} = TopKV2[T=" + tfTypeName(type.dtype) +
            ", Tk=DT_INT32, index_type=" + tfTypeName(indexType) +
            ", sorted=" + (sorted ? "true" : "false") + "](" +
            inputName(rt, x) + ", " + operands.name() +
            "/k)' with input shapes: " + shapeList(type.shape) +
            ", [] and with computed input tensors: input[1] = <" +
            std::to_string(kValue) + ">.");
      if (rt.tracing)
        in.valueError(message);
      kernelError(rt, "TopKV2", message);
    }
  }
  std::vector<int64_t> shape = type.shape;
  shape.back() = kValue;
  std::map<std::string, Attr> attrs{
      {"sorted", sorted}, {"T", type.dtype}, {"index_type", indexType}};
  if (!kError.empty())
    attrs[graph::kRunTimeError] = kError;
  return rt.applyMulti(
      "TopKV2", {x, k}, attrs,
      {TensorType{type.dtype, shape}, TensorType{indexType, shape}},
      operands.name(), operands.exactName());
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
  // _sort_or_argsort takes only an axis constant_value() knows, which
  // does not fold arithmetic (tf.rank(x) - 1).
  if (p.has("axis") && rt.isTensor(p.get("axis"))) {
    const Value &given = p.get("axis");
    if (!rt.tensor(given).type.shape.empty() || !rt.constantValue(given))
      in.valueError("Argument `axis` must be a constant scalar. Received: "
                    "axis=" +
                    in.toStr(given) + ".");
  }
  int64_t axis =
      p.has("axis") ? traceTimeInt(rt, p.get("axis"), "the axis") : -1;
  // TensorFlow reads the axis's size as shape(values)[axis]: out of range,
  // that indexing's own errors (the StridedSlice kernel's eagerly, its
  // shape function's in a function).
  if (axis < -rank || axis >= rank) {
    stridedSlice(rt, shapeOf(rt, values), Value::integer(axis));
    rt.raise("InternalError", "kiln: the sort axis's slice did not fail");
  }
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
  Value k = keyType.shape.back() >= 0
                ? Value::integer(keyType.shape.back())
                : stridedSlice(rt, shapeOf(rt, keys), Value::integer(-1));
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

/// tf.reverse_sequence: a ReverseSequence node; row b of the batch axis
/// has its first seq_lengths[b] elements along the sequence axis reversed
/// (codegen checks the lengths when it runs).
Value reverseSequence(TfRuntime &rt, const Params &p) {
  const char *f = "reverse_sequence";
  Value x = rt.toTensor(p.require("input", f));
  // A Python list becomes the op's default Tlen, int64.
  Value lengthsArg = p.require("seq_lengths", f);
  Value lengths = rt.isTensor(lengthsArg)
                      ? lengthsArg
                      : rt.toTensor(lengthsArg, DType::Int64);
  const TensorType &xt = rt.tensor(x).type, &lt = rt.tensor(lengths).type;
  if (xt.unknownRank || lt.unknownRank)
    rt.raise("UnimplementedError",
             "kiln needs the ranks of reverse_sequence's inputs");
  if (!isInteger(lt.dtype) ||
      (lt.dtype != DType::Int32 && lt.dtype != DType::Int64))
    rejectDType(rt, "ReverseSequence", "seq_lengths", "Tlen", lt.dtype,
                "int32, int64", "int32, int64",
                "; signature=input:T, seq_lengths:Tlen -> output:T; "
                "attr=seq_dim:int; attr=batch_dim:int,default=0; attr=T:type; "
                "attr=Tlen:type,default=DT_INT64,allowed=[DT_INT32, "
                "DT_INT64]>");
  int64_t rank = xt.shape.size();
  int64_t seq = p.has("seq_axis") ? rt.in.toIndex(p.get("seq_axis")) : -1;
  int64_t batch = p.has("batch_axis") ? rt.in.toIndex(p.get("batch_axis")) : 0;
  if (!p.has("seq_axis"))
    rt.in.typeError("reverse_sequence() missing required argument "
                    "'seq_axis'");
  std::string problem;
  if (batch == seq)
    problem = "batch_dim == seq_dim == " + std::to_string(seq);
  else if (seq < 0 || seq >= rank)
    problem = "seq_dim must be < input rank ( " + std::to_string(seq) +
              " vs. " + std::to_string(rank) + ")";
  else if (batch < 0 || batch >= rank)
    problem = "batch_dim must be < input rank ( " + std::to_string(batch) +
              " vs. " + std::to_string(rank) + ")";
  else if (lt.shape.size() != 1)
    problem = "seq_lengths must be 1-dim, not " +
              std::to_string(lt.shape.size()) + "-dim";
  else if (lt.shape[0] >= 0 && xt.shape[batch] >= 0 &&
           lt.shape[0] != xt.shape[batch])
    problem = "Length of seq_lengths != input.dims(" + std::to_string(batch) +
              "), (" + std::to_string(lt.shape[0]) + " vs. " +
              std::to_string(xt.shape[batch]) + ")";
  if (!problem.empty()) {
    if (rt.tracing)
      rt.raise("InvalidArgumentError", problem);
    kernelError(rt, "ReverseSequence", problem, "", false); // no name given
  }
  return rt.apply("ReverseSequence", {x, lengths},
                  {{"seq_dim", seq},
                   {"batch_dim", batch},
                   {"T", xt.dtype},
                   {"Tlen", lt.dtype}},
                  xt, "ReverseSequence");
}

/// tf.gather_nd with batch_dims b > 0, built as TensorFlow's
/// batch_gather_nd builds it (in name scope BatchGatherND): each index
/// vector gets the coordinates of its batch element in front, from a
/// meshgrid of the batch dimensions, and one GatherNd over all of params
/// picks them; its rows are reshaped back into the batch's shape.
Value batchGatherNd(TfRuntime &rt, const Value &paramsArg,
                    const Value &indicesArg, int64_t b, const Value &name) {
  Interpreter &in = rt.in;
  std::optional<graph::ScopeGuard> scope;
  if (rt.tracing)
    scope.emplace(rt.tracing->graph,
                  name.isNone() ? "BatchGatherND" : in.toStr(name));
  Value indices = rt.toTensor(indicesArg);
  Value params = rt.toTensor(paramsArg);
  const TensorType &it = rt.tensor(indices).type, &pt = rt.tensor(params).type;
  if (b < 0)
    in.valueError("tf.gather_nd does not allow negative batch_dims.");
  auto rankOf = [](const TensorType &t) {
    return static_cast<int64_t>(t.shape.size());
  };
  if (!it.unknownRank && b >= rankOf(it))
    in.valueError(
        "Argument `batch_dims` = " + std::to_string(b) +
        " must be less than rank(`indices`) = " + std::to_string(rankOf(it)));
  if (!pt.unknownRank && b >= rankOf(pt))
    in.valueError(
        "Argument `batch_dims` = " + std::to_string(b) +
        " must be less than rank(`params`) = " + std::to_string(rankOf(pt)));
  if (it.unknownRank)
    rt.raise("UnimplementedError",
             "kiln needs the rank of gather_nd's indices at trace time");
  DType indexType = it.dtype;
  Value paramsShape = callTf(in, {"shape"}, {params});
  Value indicesShape = callTf(in, {"shape"}, {indices});
  Value batchShape = sliceOf(rt, paramsShape, std::nullopt, b);
  Value batchSize =
      callTf(in, {"math", "reduce_prod"}, {batchShape, pyIntList(in, {0})});
  int64_t innerRank = rankOf(it) - b - 1;
  Value innerShape = sliceOf(rt, indicesShape, b, -1);
  // The coordinates of each batch element: [B1 * ... * Bb, b].
  ValueList ranges;
  for (const Value &dim : in.toList(callTf(in, {"unstack"}, {batchShape},
                                           {{"axis", Value::integer(0)}})))
    ranges.push_back(callTf(
        in, {"cast"},
        {callTf(in, {"range"}, {Value::integer(0), dim, Value::integer(1)}),
         makeDType(indexType)}));
  ValueList flat;
  for (const Value &mesh : in.toList(
           callTf(in, {"meshgrid"}, ranges, {{"indexing", in.str("ij")}})))
    flat.push_back(callTf(in, {"reshape"}, {mesh, pyIntList(in, {-1})}));
  Value grid = callTf(
      in, {"transpose"},
      {callTf(in, {"stack"}, {in.list(flat)}, {{"axis", Value::integer(0)}})});
  // Repeated for each index vector of the batch element:
  // [B1 * ... * Bb, i1, ..., iK, b].
  Value gridShape = callTf(in, {"shape"}, {grid});
  grid = callTf(
      in, {"reshape"},
      {grid, callTf(in, {"concat"},
                    {in.list({sliceOf(rt, gridShape, std::nullopt, 1),
                              callTf(in, {"ones"}, {Value::integer(innerRank)},
                                     {{"dtype", makeDType(DType::Int32)}}),
                              sliceOf(rt, gridShape, 1, std::nullopt)}),
                     Value::integer(0)})});
  Value multiples = callTf(in, {"concat"},
                           {in.list({in.tuple({Value::integer(1)}), innerShape,
                                     in.tuple({Value::integer(1)})}),
                            Value::integer(0)});
  grid = callTf(in, {"tile"}, {grid}, {{"multiples", multiples}});
  Value flatShape =
      callTf(in, {"concat"},
             {in.tuple({in.list({batchSize}),
                        sliceOf(rt, indicesShape, b, std::nullopt)}),
              Value::integer(0)});
  Value flatIndices =
      callTf(in, {"reshape"}, {indices}, {{"shape", flatShape}});
  Value full = callTf(in, {"concat"},
                      {in.tuple({grid, flatIndices}), Value::integer(-1)});
  Value out = callTf(in, {"gather_nd"}, {params, full});
  Value outShape = callTf(in, {"shape"}, {out});
  return callTf(
      in, {"reshape"}, {out},
      {{"shape",
        callTf(in, {"concat"},
               {in.tuple({batchShape, sliceOf(rt, outShape, 1, std::nullopt)}),
                Value::integer(0)})}});
}

/// tf.gather_nd: with batch_dims 0 a GatherNd node. The indices' last
/// dimension M indexes params' first M dimensions, so the result's shape is
/// the indices' without their last, then params' after their first M.
Value gatherNd(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  Value paramsArg = p.require("params", "gather_nd");
  Value indicesArg = p.require("indices", "gather_nd");
  if (p.has("batch_dims")) {
    Value b = p.get("batch_dims");
    if (!b.is(py::Type::Int) && !b.is(py::Type::Bool))
      b = Value::integer(in.toIndex(b)); // a constant tensor's value
    if (b.asInt() != 0)
      return batchGatherNd(rt, paramsArg, indicesArg, b.asInt(), p.get("name"));
  }
  auto isList = [](const Value &v) {
    return v.is(py::Type::List) || v.is(py::Type::Tuple);
  };
  bool named = !isList(paramsArg) && !isList(indicesArg);
  Value x = rt.toTensor(paramsArg);
  OperandConsts operands(rt, "GatherNd");
  Value idx = operands.input("indices", indicesArg, std::nullopt);
  const TensorType &xt = rt.tensor(x).type, &it = rt.tensor(idx).type;
  requireDType(rt, "GatherNd", kGatherNdIndices, it.dtype, named);
  if (xt.unknownRank || it.unknownRank ||
      (!it.shape.empty() && it.shape.back() < 0))
    rt.raise("UnimplementedError",
             "kiln needs the ranks of gather_nd's inputs and the length of "
             "its index vectors at trace time");
  const std::string &name = operands.name();
  // Shape inference's ValueError while tracing, the kernel's error eagerly.
  auto fail = [&](const std::string &traced, const std::string &eager) {
    if (rt.tracing)
      in.valueError(traced + " for '{{node " + name +
                    "}} = GatherNd[Tindices=" + tfTypeName(it.dtype) +
                    ", Tparams=" + tfTypeName(xt.dtype) +
                    ", bad_indices_policy=\"\"](" + inputName(rt, x) + ", " +
                    inputName(rt, idx) + ")' with input shapes: " +
                    shapeList(xt.shape) + ", " + shapeList(it.shape) + ".");
    kernelError(rt, "GatherNd", eager, "", named);
  };
  int64_t rank = xt.shape.size();
  if (!rt.tracing && rank == 0)
    fail("", "params must be at least a vector");
  if (it.shape.empty())
    fail("Shape must be at least rank 1 but is rank 0",
         "indices must be at least a vector");
  int64_t m = it.shape.back();
  if (m > rank)
    fail("indices.shape[-1] must be <= params.rank, but saw indices shape: " +
             shapeList(it.shape) + " and params shape: " + shapeList(xt.shape),
         "index innermost dimension length must be <= params rank; saw: " +
             std::to_string(m) + " vs. " + std::to_string(rank));
  // Eager indices are known: the kernel's check of each index vector.
  // (While tracing, the compiled op checks them when it runs.)
  HostTensorPtr known = rt.tracing ? nullptr : rt.constantValue(idx);
  for (int64_t row = 0; known && m > 0 && row * m < it.numElements(); ++row) {
    bool inRange = true;
    std::string vector;
    for (int64_t j = 0; j < m; ++j) {
      int64_t v = known->elementAsInt(row * m + j);
      inRange = inRange && v >= 0 && v < xt.shape[j];
      vector += (j ? ", " : "") + std::to_string(v);
    }
    if (!inRange)
      fail("", "indices[" + std::to_string(row) + "] = [" + vector +
                   "] does not index into param shape " + shapeList(xt.shape) +
                   ", node name: GatherNd");
  }
  std::vector<int64_t> shape(it.shape.begin(), it.shape.end() - 1);
  shape.insert(shape.end(), xt.shape.begin() + m, xt.shape.end());
  return rt.apply("GatherNd", {x, idx},
                  {{"bad_indices_policy", std::string()},
                   {"Tparams", xt.dtype},
                   {"Tindices", it.dtype}},
                  TensorType{xt.dtype, shape}, name, rt.tracing != nullptr);
}

} // namespace

void installArrayOps(TfRuntime &rt, ModuleBuilder &tf, ModuleBuilder &math,
                     ModuleBuilder &nn) {
  TfRuntime *r = &rt;
  tf.def("one_hot",
         namedOp(rt, "one_hot", [r](Interpreter &in, CallArgs &args) {
           return oneHot(*r, Params(in, args, "one_hot",
                                    {"indices", "depth", "on_value",
                                     "off_value", "axis", "dtype", "name"}));
         }));
  tf.def("gather_nd", [r](Interpreter &in, CallArgs &args) {
    return gatherNd(*r, Params(in, args, "gather_nd",
                               {"params", "indices", "name", "batch_dims"}));
  });
  tf.def("reverse_sequence", [r](Interpreter &in, CallArgs &args) {
    return reverseSequence(
        *r, Params(in, args, "reverse_sequence",
                   {"input", "seq_lengths", "seq_axis", "batch_axis", "name"}));
  });
  tf.def("bitcast", [r](Interpreter &in, CallArgs &args) {
    return bitcast(*r, Params(in, args, "bitcast", {"input", "type", "name"}));
  });
  tf.def("reverse", [r](Interpreter &in, CallArgs &args) {
    return reverse(*r, Params(in, args, "reverse", {"tensor", "axis", "name"}));
  });
  for (auto [name, op] :
       {std::pair{"cumsum", "Cumsum"}, std::pair{"cumprod", "Cumprod"},
        std::pair{"cumulative_logsumexp", "CumulativeLogsumexp"}}) {
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
    PythonOperands slowPath(*r, {p.get("input")});
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
  tf.def("sort", inNameScope(rt, "sort", [r](Interpreter &in, CallArgs &args) {
           return sortOrArgsort(*r,
                                Params(in, args, "sort",
                                       {"values", "axis", "direction", "name"}),
                                "sort", false);
         }));
  tf.def("argsort",
         inNameScope(rt, "argsort", [r](Interpreter &in, CallArgs &args) {
           return sortOrArgsort(
               *r,
               Params(in, args, "argsort",
                      {"values", "axis", "direction", "stable", "name"}),
               "argsort", true);
         }));
}

} // namespace kiln::tf
