// TensorFlow's op semantics at trace time: conversions, dtype rules, shape
// inference and the messages TensorFlow raises.
#include "TfOps.h"
#include "ConcatErrors.h"
#include "SliceAttrs.h"
#include "TfObjects.h"
#include "TfVariable.h"

#include "ShapeTensor.h"
#include "TensorFormat.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <cstring>
#include <limits>
#include <set>
#include <unistd.h>

namespace kiln::tf {

using py::Type;

std::string shapeList(const std::vector<int64_t> &shape) {
  std::string out = "[";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i)
      out += ",";
    out += shape[i] < 0 ? "?" : std::to_string(shape[i]);
  }
  return out + "]";
}

const char *tfTypeName(DType d) {
  switch (d) {
  case DType::Float32:
    return "DT_FLOAT";
  case DType::Float64:
    return "DT_DOUBLE";
  case DType::Float16:
    return "DT_HALF";
  case DType::BFloat16:
    return "DT_BFLOAT16";
  case DType::Int32:
    return "DT_INT32";
  case DType::Int64:
    return "DT_INT64";
  case DType::Int8:
    return "DT_INT8";
  case DType::Int16:
    return "DT_INT16";
  case DType::UInt8:
    return "DT_UINT8";
  case DType::Bool:
    return "DT_BOOL";
  case DType::String:
    return "DT_STRING";
  }
  return "DT_INVALID";
}

/// The short name TensorFlow's eager errors use ("float", "int32").
std::string eagerKernelPrefix(const std::string &op) {
  return "{{function_node __wrapped__" + op +
         "_device_/job:localhost/replica:0/task:0/device:CPU:0}} ";
}

std::string eagerOpSuffix(const std::string &op, bool named) {
  return " [Op:" + op + "]" + (named ? " name: " : "");
}

void kernelError(TfRuntime &rt, const std::string &op,
                 const std::string &message, const std::string &kernel,
                 bool named) {
  rt.raise("InvalidArgumentError",
           eagerKernelPrefix(kernel.empty() ? op : kernel) + message +
               eagerOpSuffix(op, named && !rt.pythonOperands));
}

void checkFitsInMemory(TfRuntime &rt, const std::string &op,
                       const TensorType &type, const std::string &name) {
  if (type.unknownRank || type.dtype == DType::String)
    return;
  double bytes = static_cast<double>(py::dtypeSize(type.dtype));
  for (int64_t d : type.shape)
    bytes *= static_cast<double>(std::max<int64_t>(d, 0));
  const double memory = static_cast<double>(sysconf(_SC_PHYS_PAGES)) *
                        static_cast<double>(sysconf(_SC_PAGE_SIZE));
  if (memory <= 0 || bytes <= memory)
    return;
  rt.raise("ResourceExhaustedError",
           eagerKernelPrefix(op) + "OOM when allocating tensor with shape" +
               shapeList(type.shape) + " and type " +
               kernelTypeName(type.dtype) +
               " on /job:localhost/replica:0/task:0/device:CPU:0 by "
               "allocator cpu" +
               eagerOpSuffix(op) + name);
}

std::string scalarOperandError(TfRuntime &rt, const std::string &op,
                               const Value &operand, const std::string &message,
                               bool named) {
  const TensorType &t = rt.tensor(operand).type;
  if (t.unknownRank || t.shape.empty())
    return "";
  std::string error = message + shapeList(t.shape);
  if (!rt.tracing)
    kernelError(rt, op, error, "", named);
  return error;
}

bool slowPathOperand(const Value &v) {
  return v.is(py::Type::List) || v.is(py::Type::Tuple) || v.is(py::Type::Str) ||
         v.is(py::Type::Bytes);
}

PythonOperands::PythonOperands(TfRuntime &rt, const ValueList &operands)
    : rt_(rt), saved_(rt.pythonOperands) {
  for (const Value &v : operands)
    rt.pythonOperands |= slowPathOperand(v);
}

PythonOperands::~PythonOperands() { rt_.pythonOperands = saved_; }

void mismatchedInputs(TfRuntime &rt, const std::string &op,
                      const std::string &first, const std::string &second,
                      DType a, DType b, int secondIndex, bool named) {
  if (rt.tracing)
    rt.in.typeError("Input '" + second + "' of '" + op + "' Op has type " +
                    py::dtypeName(b) + " that does not match type " +
                    py::dtypeName(a) + " of argument '" + first + "'.");
  rt.raise("InvalidArgumentError", "cannot compute " + op + " as input #" +
                                       std::to_string(secondIndex) +
                                       "(zero-based) was expected to be a " +
                                       kernelTypeName(a) + " tensor but is a " +
                                       kernelTypeName(b) + " tensor" +
                                       eagerOpSuffix(op, named));
}

bool holdsZero(TfRuntime &rt, const Value &t) {
  HostTensorPtr value = rt.constantValue(t);
  for (int64_t i = 0; value && i < value->type.numElements(); ++i)
    if (pythonScalar(*value, i).asInt() == 0)
      return true;
  return false;
}

void knownKernelError(TfRuntime &rt, const std::string &op,
                      const std::string &message) {
  if (rt.tracing)
    rt.raise("InvalidArgumentError", message);
  kernelError(rt, op, message);
}

void rejectDType(TfRuntime &rt, const std::string &op, const std::string &param,
                 const std::string &attr, DType dtype,
                 const std::string &traced, const std::string &kernels,
                 const std::string &opDef, bool named) {
  if (rt.tracing)
    rt.in.typeError("Value passed to parameter '" + param + "' has DataType " +
                    py::dtypeName(dtype) +
                    " not in list of allowed values: " + traced);
  rt.raise("InvalidArgumentError",
           "Value for attr '" + attr + "' of " + kernelTypeName(dtype) +
               " is not in the list of allowed values: " + kernels +
               "\n\t; NodeDef: {{node " + op + "}}; Op<name=" + op + opDef +
               eagerOpSuffix(op, named && !rt.pythonOperands));
}

void checkIndexArgument(TfRuntime &rt, const Value &v, const IndexInput &input,
                        bool asInt32) {
  std::optional<DType> d;
  if (rt.isTensor(v)) {
    d = rt.tensor(v).type.dtype;
  } else if (v.is(Type::List) || v.is(Type::Tuple)) {
    bool none = false, anyFloat = false;
    for (const Value &item : rt.in.toList(v)) {
      if (item.isNone())
        none = true;
      else if (item.is(Type::Float))
        anyFloat = true;
      else if (!item.isIntLike() || item.is(Type::Bool))
        return; // tensors in the list, or other types: converted later
    }
    if (none) {
      if (!rt.tracing) // the eager conversion's error
        rt.hostFromPython(v, std::nullopt);
      if (asInt32)
        rt.in.typeError("Expected int32, but got None of type 'NoneType'.");
      rt.in.typeError(failedToConvert(rt.in, v));
    }
    // array_ops.zeros converts the list to int32 itself.
    if (anyFloat && asInt32) {
      if (!rt.tracing)
        rt.in.typeError("Cannot convert " + rt.in.repr(v) +
                        " to EagerTensor of dtype int32");
      return;
    }
    if (anyFloat)
      d = DType::Float32;
  }
  if (d && *d != DType::Int32 && *d != DType::Int64)
    rejectDType(rt, input.op, input.param, input.attr, *d, "int32, int64",
                "int32, int64", input.opDef,
                /*named=*/rt.isTensor(v)); // a list takes the slow path
}

const IndexInput kReshapeShape{
    "Reshape", "shape", "Tshape",
    "; signature=tensor:T, shape:Tshape -> output:T; attr=T:type; "
    "attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]>"};
const IndexInput kFillDims{
    "Fill", "dims", "index_type",
    "; signature=dims:index_type, value:T -> output:T; attr=T:type; "
    "attr=index_type:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]>"};

std::string kernelTypeName(DType d) {
  switch (d) {
  case DType::Float32:
    return "float";
  case DType::Float64:
    return "double";
  case DType::Float16:
    return "half";
  default:
    return py::dtypeName(d);
  }
}

static int nodeMadeSince(TfRuntime &rt, const Value &out, size_t before);

/// `v` as rt.toTensor(v, dtype) converts it; while tracing, the Const (or
/// Pack, for a list holding tensors) a Python value becomes is named
/// `name` exactly, as an op's argument conversion names it ("mul/y",
/// "concat/values_1").
static Value convertNamed(TfRuntime &rt, const Value &v,
                          std::optional<DType> dtype, const std::string &name) {
  if (!rt.tracing || rt.isTensor(v) || asVariable(v))
    return rt.toTensor(v, dtype);
  size_t before = rt.tracing->graph.nodes.size();
  Value t = rt.toTensor(v, dtype, name);
  if (int id = nodeMadeSince(rt, t, before);
      id >= 0 && rt.tracing->graph.nodes[id].op == "Const")
    rt.tracing->graph.rename(id, name + "/");
  return t;
}

/// Converts both operands to tensors of one dtype, as TensorFlow's binary
/// op wrappers do: a Python value takes the tensor operand's dtype.
/// A Python value as an op input of `dtype`; while tracing, TensorFlow's
/// op-construction message when it does not fit.
Value convertOperand(TfRuntime &rt, const Value &v, DType dtype,
                     const char *param, const std::string &op,
                     const std::string &constName) {
  // A Python string after a number tensor in `+`: Add's input type error
  // (Add takes strings). Elsewhere it fails to convert, below.
  bool left = std::string(param) == "x" || op.empty();
  if (rt.tracing && v.is(Type::Str) && dtype != DType::String &&
      op == "AddV2" && !left)
    rt.in.typeError("Input '" + std::string(param) + "' of '" + op +
                    "' Op has type string that does not match type " +
                    py::dtypeName(dtype) + " of argument 'x'.");
  // A Python number next to a string tensor: converted on its own, then
  // the op's input type error (string addition is TensorFlow's Add).
  // Mul and Sub then reject the string tensor itself.
  if (rt.tracing && dtype == DType::String && v.isNumber() &&
      (op == "Mul" || op == "Sub"))
    rt.in.typeError("Value passed to parameter 'x' has DataType string not in "
                    "list of allowed values: bfloat16, float16, float32, "
                    "float64, uint8, int8, uint16, int16, int32, uint32, "
                    "uint64, int64, complex64, complex128");
  if (rt.tracing && dtype == DType::String && v.isNumber() && op == "AddV2")
    rt.in.typeError("Input '" + std::string(param) + "' of '" +
                    (op == "AddV2" ? std::string("Add") : op) +
                    "' Op has type " +
                    py::dtypeName(v.is(Type::Float)  ? DType::Float32
                                  : v.is(Type::Bool) ? DType::Bool
                                                     : DType::Int32) +
                    " that does not match type string of argument '" +
                    (std::string(param) == "x" ? "y" : "x") + "'.");
  // A Python float never becomes an integer tensor, even 2.0, nor an int
  // a bool one, nor a string a number.
  if ((v.is(Type::Float) && (isInteger(dtype) || dtype == DType::Bool)) ||
      (v.is(Type::Int) && dtype == DType::Bool) ||
      (rt.tracing && v.is(Type::Str) && dtype != DType::String)) {
    std::string value = rt.in.repr(v), type = py::dtypeName(dtype);
    std::string pyType = rt.in.typeName(v);
    if (!rt.tracing)
      rt.in.typeError("Cannot convert " + value + " to EagerTensor of dtype " +
                      type);
    std::string expected = "Expected " + type + ", but got " + rt.in.toStr(v) +
                           " of type '" + pyType + "'.";
    // The left operand of a reflected op is converted before the op is
    // built, so its message names no parameter.
    if (left)
      rt.in.typeError(expected);
    rt.in.typeError("Expected " + type + " passed to parameter '" + param +
                    "' of op '" + op + "', got " + value + " of type '" +
                    pyType + "' instead. Error: " + expected);
  }
  if (!constName.empty() && !v.is(Type::List) && !v.is(Type::Tuple) &&
      !v.is(Type::Native))
    return rt.constant(rt.hostFromPython(v, dtype), constName);
  // Other objects convert as they do anywhere; the constant a NumPy value
  // becomes is named as the op's input too.
  if (!constName.empty() && v.is(Type::Native))
    return convertNamed(rt, v, dtype, constName);
  // Op construction (op_def_library) names the parameter a list failed to
  // convert for: a TypeError with the dtype wraps its message; after a
  // ValueError the list converts on its own, to the op's input type error
  // or a ValueError of its own.
  if (rt.tracing && !left && (v.is(Type::List) || v.is(Type::Tuple)) &&
      !holdsTensor(rt, v)) {
    Interpreter &in = rt.in;
    try {
      rt.hostFromPython(v, dtype);
    } catch (py::PyException &e) {
      if (in.isInstance(e.exc, in.builtinClass("TypeError").get()))
        in.typeError("Expected " + std::string(py::dtypeName(dtype)) +
                     " passed to parameter '" + param + "' of op '" + op +
                     "', got " + in.repr(v) + " of type '" + in.typeName(v) +
                     "' instead. Error: " + in.toStr(e.exc));
      if (!in.isInstance(e.exc, in.builtinClass("ValueError").get()))
        throw;
      DType own;
      try {
        own = rt.hostFromPython(v, std::nullopt)->type.dtype;
      } catch (py::PyException &again) {
        if (!in.isInstance(again.exc, in.builtinClass("ValueError").get()))
          throw;
        in.valueError(
            "Tried to convert '" + std::string(param) +
            "' to a tensor and failed. Error: " + in.toStr(again.exc));
      }
      // (The argument the op took its dtype from: x, or SelectV2's t.)
      std::string from = std::string(param) == "e" ? "t" : "x";
      in.typeError("Input '" + std::string(param) + "' of '" + op +
                   "' Op has type " + py::dtypeName(own) +
                   " that does not match type " + py::dtypeName(dtype) +
                   " of argument '" + from + "'.");
    }
  }
  return rt.toTensor(v, dtype);
}

/// Whether Python value `v` converts to a tensor of `dtype`.
static bool convertsTo(TfRuntime &rt, const Value &v, DType dtype) {
  try {
    rt.hostFromPython(v, dtype);
    return true;
  } catch (py::PyException &) {
    return false;
  }
}

/// `scope`: while tracing, the op's reserved name; a Python operand then
/// becomes the constant "<scope>/x" or "<scope>/y".
static void convertPair(TfRuntime &rt, const Value &x, const Value &y,
                        Value &tx, Value &ty, const std::string &op = "",
                        const std::string &scope = "", bool functional = false,
                        bool convertsFirst = false) {
  DType xType = rt.isTensor(x) ? rt.tensor(x).type.dtype : DType::Float32;
  // A Python number in its own dtype, named in the op's scope.
  auto ownDType = [&](const Value &v, const char *param) {
    return scope.empty() ? rt.toTensor(v)
                         : rt.constant(rt.hostFromPython(v, std::nullopt),
                                       scope + "/" + param);
  };
  if (rt.isTensor(x) && !rt.isTensor(y) && op == "AddV2" &&
      ((y.is(Type::Float) && (isInteger(xType) || xType == DType::Bool)) ||
       (slowPathOperand(y) && !holdsTensor(rt, y) &&
        !convertsTo(rt, y, xType)))) {
    // tf.add and `+` convert y with x's dtype as a hint only: a float
    // (or a list of them, or strings) falls back to its own dtype, which
    // AddV2 then rejects; what converts in neither way raises the error of
    // its own conversion.
    tx = x;
    ty = ownDType(y, "y");
  } else if (rt.isTensor(x) && !rt.isTensor(y)) {
    tx = x;
    ty = convertOperand(rt, y, xType, "y", op,
                        scope.empty() ? "" : scope + "/y");
  } else if (!rt.isTensor(x) && rt.isTensor(y) && functional &&
             (rt.tracing || op == "AddV2") && x.isNumber()) {
    // Op construction (and tf.add, eagerly) converts x before it looks at
    // y: a Python number keeps its own dtype.
    ty = y;
    tx = ownDType(x, "x");
  } else if (!rt.isTensor(x) && rt.isTensor(y) && convertsFirst) {
    // tf.add converts x on its own: a list or NumPy array too.
    ty = y;
    tx = convertArgument(rt, x, scope.empty() ? "x" : scope + "/x",
                         std::nullopt);
  } else if (!rt.isTensor(x) && rt.isTensor(y)) {
    ty = y;
    tx = convertOperand(rt, x, rt.tensor(y).type.dtype, "x", op,
                        scope.empty() ? "" : scope + "/x");
  } else if (rt.isTensor(x)) {
    tx = x;
    ty = y;
  } else {
    // Two Python values: as the eager fast path converts them, the first
    // sets the dtype for the second, unless that would make a float an
    // integer (then each keeps its own and the op rejects the pair).
    tx = rt.toTensor(x);
    DType d = rt.tensor(tx).type.dtype;
    bool narrowing = !isFloating(d) && d != DType::String &&
                     isFloating(rt.hostFromPython(y, std::nullopt)->type.dtype);
    ty = narrowing ? rt.toTensor(y) : rt.toTensor(y, d);
  }
}

/// The node of the graph being traced that made tensor `out`, when it is
/// one made since the graph had `before` nodes (not an input returned as
/// it is); -1 otherwise.
static int nodeMadeSince(TfRuntime &rt, const Value &out, size_t before) {
  if (!rt.tracing || !rt.isTensor(out))
    return -1;
  const TensorObject &t = rt.tensor(out);
  return t.symbolic() && t.trace == rt.tracing &&
                 static_cast<size_t>(t.out.node) >= before
             ? t.out.node
             : -1;
}

py::BuiltinFn namedOp(TfRuntime &rt, const std::string &name, py::BuiltinFn fn,
                      const std::string &result) {
  TfRuntime *r = &rt;
  return [r, name, fn, result](Interpreter &in, CallArgs &args) -> Value {
    if (!r->tracing)
      return fn(in, args);
    graph::Graph &g = r->tracing->graph;
    size_t before = g.nodes.size();
    Value out;
    std::string node;
    {
      graph::ScopeGuard scope(g, name);
      // "Softmax/" made unique; the result named after it or in it.
      node = result.empty() ? g.scopeName() : g.scope + result;
      out = fn(in, args);
    }
    if (int id = nodeMadeSince(*r, out, before); id >= 0)
      g.nodes[id].name = node;
    return out;
  };
}

OperandConsts::OperandConsts(TfRuntime &rt, const std::string &op)
    : rt_(rt), name_(op) {
  if (!rt.tracing)
    return;
  name_ = rt.tracing->graph.uniqueName(op);
  firstNode_ = rt.tracing->graph.nodes.size();
}

static graph::HostTensorPtr int32Tensor(const std::vector<int64_t> &values,
                                        bool scalar) {
  graph::TensorType type{DType::Int32, {}};
  if (!scalar)
    type.shape = {static_cast<int64_t>(values.size())};
  auto host = graph::HostTensor::zeros(type);
  auto *data = reinterpret_cast<int32_t *>(host->data());
  for (size_t i = 0; i < values.size(); ++i)
    data[i] = static_cast<int32_t>(values[i]);
  return host;
}

void OperandConsts::add(graph::HostTensorPtr value, const std::string &name) {
  if (!rt_.tracing)
    return;
  operands_.push_back(rt_.tensor(rt_.constant(std::move(value), name)).out);
}

void OperandConsts::inScope(const std::string &param,
                            const std::vector<int64_t> &values, bool scalar) {
  if (rt_.tracing)
    add(int32Tensor(values, scalar), name_ + "/" + param);
}

void OperandConsts::inScope(const std::string &param, const Value &v,
                            DType dtype) {
  if (rt_.tracing)
    add(rt_.hostFromPython(v, dtype), name_ + "/" + param);
}

void OperandConsts::beforeOp(const std::vector<int64_t> &values) {
  if (rt_.tracing)
    add(int32Tensor(values, false), "Const");
}

void OperandConsts::tensor(const Value &t) {
  if (rt_.tracing && rt_.isTensor(t))
    operands_.push_back(rt_.graphOutput(t));
}

void OperandConsts::argument(const std::string &param, const Value &arg,
                             const std::vector<int64_t> &values) {
  if (!rt_.tracing)
    return;
  if (rt_.isTensor(arg))
    return tensor(arg);
  bool isList = !arg.isIntLike();
  if (isList && (arg.is(Type::List) || arg.is(Type::Tuple)))
    for (auto &item : rt_.in.toList(arg))
      if (!item.isIntLike())
        return;
  inScope(param, values, !isList);
}

/// Whether Python value `v` is or holds (in nested lists) a tensor or a
/// variable.
bool holdsTensor(TfRuntime &rt, const Value &v) {
  if (rt.isTensor(v) || asVariable(v))
    return true;
  if (!v.is(Type::List) && !v.is(Type::Tuple))
    return false;
  Interpreter::RecursionScope nested(rt.in, ""); // (a list holding itself)
  ValueList items = rt.in.toList(v);
  return std::any_of(items.begin(), items.end(),
                     [&](const Value &item) { return holdsTensor(rt, item); });
}

DType intListDType(Interpreter &in, const Value &v) {
  if (v.is(Type::List) || v.is(Type::Tuple)) {
    Interpreter::RecursionScope nested(in, ""); // (a list holding itself)
    for (const Value &item : in.toList(v))
      if (intListDType(in, item) == DType::Int64)
        return DType::Int64;
    return DType::Int32;
  }
  bool wide =
      v.is(Type::Int) && (v.asInt() > INT32_MAX || v.asInt() < INT32_MIN);
  return wide ? DType::Int64 : DType::Int32;
}

Value convertArgument(TfRuntime &rt, const Value &v, const std::string &name,
                      std::optional<DType> dtype) {
  if (rt.isTensor(v))
    return !dtype || rt.tensor(v).type.dtype == *dtype ? v
                                                       : cast(rt, v, *dtype);
  if (holdsTensor(rt, v))
    return rt.toTensor(v, dtype);
  return rt.constant(rt.hostFromPython(v, dtype), name);
}

/// Whether Python value `v` converts to `hint` as convert_to_tensor's
/// dtype_hint takes it: a float never becomes an integer, an int never a
/// bool, a NumPy array always casts.
static bool fitsHint(TfRuntime &rt, const Value &v, DType hint) {
  if (v.is(Type::List) || v.is(Type::Tuple)) {
    for (const Value &item : rt.in.toList(v))
      if (!fitsHint(rt, item, hint))
        return false;
    return true;
  }
  if (v.is(Type::Str))
    return hint == DType::String;
  if (v.is(Type::Bool))
    return hint == DType::Bool;
  if (v.is(Type::Float))
    return isFloating(hint);
  if (v.is(Type::Int))
    return hint != DType::Bool && hint != DType::String;
  return true;
}

Value convertHinted(TfRuntime &rt, const Value &v, DType hint,
                    const std::string &name) {
  if (rt.isTensor(v) || asVariable(v))
    return rt.toTensor(v);
  return convertArgument(rt, v, name,
                         fitsHint(rt, v, hint) ? std::optional<DType>(hint)
                                               : std::nullopt);
}

Value OperandConsts::input(const std::string &param, const Value &v,
                           std::optional<DType> dtype) {
  return convertArgument(rt_, v, name_ + "/" + param, dtype);
}

Value OperandConsts::attach(const Value &result) {
  if (int id = nodeMadeSince(rt_, result, firstNode_); id >= 0) {
    auto &listed = rt_.tracing->graph.nodes[id].attrInputs;
    listed.insert(listed.end(), operands_.begin(), operands_.end());
  }
  return result;
}

py::BuiltinFn inNameScope(TfRuntime &rt, const std::string &name,
                          py::BuiltinFn fn) {
  TfRuntime *r = &rt;
  return [r, name, fn](Interpreter &in, CallArgs &args) -> Value {
    if (!r->tracing)
      return fn(in, args);
    graph::ScopeGuard scope(r->tracing->graph, name);
    return fn(in, args);
  };
}

void nameLastNode(TfRuntime &rt, const Value &out, size_t before,
                  const std::string &wanted) {
  if (int id = nodeMadeSince(rt, out, before); id >= 0 && !wanted.empty())
    rt.tracing->graph.rename(id, wanted);
}

bool validOpName(const std::string &name, bool top) {
  for (size_t i = 0; i < name.size(); ++i) {
    unsigned char c = name[i];
    bool ok = std::isalnum(c) || c == '.' ||
              ((i > 0 || !top) && c != 0 && std::strchr("_\\/>-", c));
    if (!ok)
      return false;
  }
  return !top || !name.empty();
}

std::string invalidNodeName(const std::string &name) {
  return "`" + name +
         "` is not a valid node name. Accepted names conform to Regex "
         "/re.compile('^[A-Za-z0-9.][A-Za-z0-9_.\\\\\\\\/>-]*$')/";
}

void checkScopeName(Interpreter &in, const graph::Graph &g,
                    const std::string &name) {
  if (name.empty() || validOpName(name, g.scope.empty()))
    return;
  if (g.scope.empty())
    in.valueError("'" + name +
                  "' is not a valid root scope name. A root scope name has "
                  "to match the following pattern: "
                  "^[A-Za-z0-9.][A-Za-z0-9_.\\\\/>-]*$");
  in.valueError("'" + name +
                "' is not a valid scope name. A scope name has to match the "
                "following pattern: ^[A-Za-z0-9_.\\\\/>-]*$");
}

/// Whether tf.`fname` converts its variable arguments inside its op's
/// name scope; TensorFlow's Python code for these converts them first.
static bool namesReads(const std::string &fname, const CallArgs &args) {
  static const std::set<std::string> convertFirst = {
      "sign", "round", "silu", "swish", "add_n", "softmax", "log_softmax"};
  bool unstackAll =
      fname == "unstack" && args.positional.size() < 2 &&
      std::none_of(args.keywords.begin(), args.keywords.end(),
                   [](const std::pair<std::string, Value> &k) {
                     return k.first == "num" && !k.second.isNone();
                   });
  return !convertFirst.count(fname) && !unstackAll;
}

Value callWithNodeName(TfRuntime &rt, const std::string &fname,
                       const py::BuiltinFn &fn, Interpreter &in,
                       CallArgs &args) {
  ApiCallScope call(rt, rt.tracing && namesReads(fname, args));
  const Value *nodeName = nullptr;
  for (auto &[k, v] : args.keywords)
    if (k == "name" && v.is(py::Type::Str))
      nodeName = &v;
  if (!nodeName || !rt.tracing)
    return fn(in, args);
  std::string wanted = in.toStr(*nodeName);
  graph::Graph &g = rt.tracing->graph;
  // TensorSpec and Variable names are not node names; tf.constant names
  // its Const without a scope, so the node name itself is checked.
  static const std::set<std::string> notScoped = {"TensorSpec", "Variable",
                                                  "name_scope"};
  bool constant = fname == "constant" || fname == "convert_to_tensor";
  if (notScoped.count(fname))
    return fn(in, args);
  if (!constant)
    checkScopeName(in, g, wanted);
  size_t before = g.nodes.size();
  Value out = fn(in, args);
  if (rt.apiCalls.back().scopedByName)
    return out;
  nameLastNode(rt, out, before, wanted);
  if (int id = nodeMadeSince(rt, out, before);
      constant && id >= 0 && !validOpName(g.nodes[id].name, true))
    in.valueError(invalidNodeName(g.nodes[id].name));
  return out;
}

static std::string defaultNodeName(const std::string &op) {
  static const std::map<std::string, std::string> names = {
      {"AddV2", "add"},
      {"Sub", "sub"},
      {"Mul", "mul"},
      {"RealDiv", "truediv"},
      {"FloorDiv", "floordiv"},
      {"FloorMod", "mod"},
      {"Pow", "pow"},
      {"Maximum", "Maximum"},
      {"Minimum", "Minimum"},
      {"Equal", "Equal"},
      {"NotEqual", "NotEqual"},
      {"Less", "Less"},
      {"LessEqual", "LessEqual"},
      {"Greater", "Greater"},
      {"GreaterEqual", "GreaterEqual"},
      {"LogicalAnd", "LogicalAnd"},
      {"LogicalOr", "LogicalOr"}};
  auto it = names.find(op);
  return it == names.end() ? op : it->second;
}

/// The node text TensorFlow puts in shape errors:
/// "{{node add}} = AddV2[T=DT_INT32](a, b)".
/// The graph node that produces `v`, as TensorFlow's messages name it.
Value pyIntList(Interpreter &in, const std::vector<int64_t> &values) {
  ValueList items;
  for (int64_t v : values)
    items.push_back(Value::integer(v));
  return in.list(std::move(items));
}

std::string reverseAxesProblem(const std::vector<int64_t> &axes, int64_t rank,
                               std::vector<int64_t> &normalized) {
  normalized.clear();
  for (size_t k = 0; k < axes.size(); ++k) {
    int64_t a = axes[k] < 0 ? axes[k] + rank : axes[k];
    if (a < 0 || a >= rank)
      return "'axis'[" + std::to_string(k) + "] = " + std::to_string(axes[k]) +
             " is out of valid range [0, " + std::to_string(rank - 1);
    if (std::count(normalized.begin(), normalized.end(), a))
      return "axis " + std::to_string(a) + " specified more than once.";
    normalized.push_back(a);
  }
  std::sort(normalized.begin(), normalized.end());
  return "";
}

std::string permutationProblem(const std::vector<int64_t> &perm, int64_t rank,
                               bool &outOfRange) {
  std::vector<bool> seen(static_cast<size_t>(rank), false);
  outOfRange = false;
  for (int64_t p : perm) {
    int64_t d = p < 0 ? p + rank : p;
    if (d < 0 || d >= rank) {
      outOfRange = true;
      return std::to_string(p) + " is out of range [0 .. " +
             std::to_string(rank) + ")";
    }
    seen[static_cast<size_t>(d)] = true;
  }
  for (int64_t d = 0; d < rank; ++d)
    if (!seen[static_cast<size_t>(d)]) {
      std::string listed;
      for (int64_t p : perm)
        listed += (listed.empty() ? "" : ",") + std::to_string(p);
      return std::to_string(d) + " is missing from {" + listed + "}.";
    }
  return "";
}

Value sliceOf(TfRuntime &rt, const Value &t, std::optional<int64_t> start,
              std::optional<int64_t> stop) {
  auto s = std::make_shared<py::SliceObject>();
  if (start)
    s->start = Value::integer(*start);
  if (stop)
    s->stop = Value::integer(*stop);
  return rt.in.getItem(t, Value::object(py::Type::Slice, s));
}

Value callTf(Interpreter &in, std::initializer_list<const char *> path,
             ValueList positional,
             std::vector<std::pair<std::string, Value>> keywords) {
  Value f = in.importModule("tensorflow");
  for (const char *name : path)
    f = in.getAttr(f, name);
  CallArgs args{std::move(positional), std::move(keywords)};
  return in.call(f, args);
}

std::string formatTensor(TfRuntime &rt, const Value &t) {
  auto &tensor = rt.tensor(t);
  return tensor.symbolic() ? rt.in.toStr(t)
                           : py::numpyStr(tensor.value->view());
}

std::string inputName(TfRuntime &rt, const Value &v,
                      const std::string &captureAs) {
  auto &tensor = rt.tensor(v);
  if (!tensor.symbolic()) {
    // An eager tensor: the constant the trace captured it as, or the name
    // the op that fails would have given it.
    if (rt.tracing) {
      auto found = rt.tracing->captured.find(tensor.value.get());
      if (found != rt.tracing->captured.end())
        return rt.tracing->graph.nodes[found->second].name;
    }
    return captureAs.empty() ? "Const" : captureAs;
  }
  int index = tensor.shownIndex();
  return tensor.nodeName() + (index ? ":" + std::to_string(index) : "");
}

/// The name input `v` of node `consumer` shows in an error. In a branch or
/// loop body, a tensor from outside is a placeholder the body's graph made
/// when an op first read it, named in that op's scope ("cond/add/y").
static std::string operandName(TfRuntime &rt, const Value &v,
                               const std::string &consumer,
                               const std::string &param) {
  auto &tensor = rt.tensor(v);
  if (!tensor.symbolic())
    return inputName(rt, v, consumer + "/" + param);
  if (!rt.tracing || tensor.trace != rt.tracing)
    return inputName(rt, v);
  const graph::Graph &g = rt.tracing->graph;
  int region = g.current;
  if (region < 0 || g.nodes[tensor.out.node].region == region)
    return inputName(rt, v);
  for (int id : g.regions[region].nodes)
    for (graph::Output in : g.nodes[id].inputs)
      if (in.node == tensor.out.node && in.index == tensor.out.index)
        return g.nodes[id].name + "/" + tensor.nodeName();
  return consumer + "/" + tensor.nodeName();
}

static std::string nodeText(TfRuntime &rt, const std::string &name,
                            const std::string &op, DType t, const Value &x,
                            const Value &y) {
  return "'{{node " + name + "}} = " + op + "[T=" + tfTypeName(t) + "](" +
         operandName(rt, x, name, "x") + ", " + operandName(rt, y, name, "y") +
         ")'";
}

/// Ops TensorFlow has no uint8 kernel for. (Signedness-dependent ops that it
/// does have run on widened values; see codegen/GraphToKiln.cpp.)
/// TensorFlow's error for an op that has no kernel for dtype `d`: uint8
/// for Abs, Neg, Sign and Pow; bool for arithmetic and reductions (kiln's
/// lowering would compute them as logic).
void noCpuKernel(TfRuntime &rt, const std::string &op, const std::string &attr,
                 DType d, const std::string &node, const std::string &xla,
                 const std::vector<std::string> &cpu,
                 const std::pair<std::string, std::string> &attrs) {
  std::string kernels;
  for (const std::string &k : cpu)
    kernels += "  " + k + "\n";
  std::string type = attr + "=" + tfTypeName(d);
  if (!attrs.first.empty())
    type = rt.tracing ? attrs.second : attrs.first;
  // A graph fails when TensorFlow places its node, as the function runs;
  // kiln, which compiles it now, fails now.
  if (rt.tracing)
    rt.raise("InvalidArgumentError",
             "No OpKernel was registered to support Op '" + op +
                 "' used by {{node " + node + "}} with these attrs: [" + type +
                 "]\nRegistered devices: [CPU]\nRegistered kernels:\n  "
                 "device='XLA_CPU_JIT'; " +
                 attr + " in [" + xla + "]\n" + kernels + "\n\t [[" + node +
                 "]]");
  rt.raise("NotFoundError",
           "Could not find device for node: {{node " + op + "}} = " + op + "[" +
               type + "]\nAll kernels registered for op " + op +
               ":\n  device='XLA_CPU_JIT'; " + attr + " in [" + xla + "]\n" +
               kernels + " [Op:" + op + "] name: ");
}

namespace {
// Each op's allowed types in its OpDef's order, and the OpDef around them.
struct OpTypes {
  const char *op, *param, *allowed, *signature, *tail;
};
static const char *numbers = "float, double, int32, uint8, int16, int8, "
                             "complex64, int64, qint8, quint8, qint32, "
                             "bfloat16, qint16, quint16, uint16, complex128, "
                             "half, uint32, uint64";
static const char *ordered = "float, double, int32, uint8, int16, int8, "
                             "int64, bfloat16, uint16, half, uint32, uint64, "
                             "qint8, quint8, qint32, qint16, quint16";
static const char *argOrdered =
    "float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, "
    "half, uint32, uint64, qint8, quint8, qint32, qint16, quint16, bool";
static const char *argSignature =
    "input:T, dimension:Tidx -> output:output_type";
static const char *argTail =
    "; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT16, DT_INT32, "
    "DT_INT64]; attr=output_type:type,default=DT_INT64,allowed=[DT_INT16, "
    "DT_UINT16, DT_INT32, DT_INT64]";
static const char *reduction = "input:T, reduction_indices:Tidx -> "
                               "output:T; attr=keep_dims:bool,default=false";
static const char *tidx =
    "; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]";
const OpTypes kOpTypes[] = {
    {"Sum", "input", numbers, reduction, tidx},
    {"Mean", "input", numbers, reduction, tidx},
    {"Prod", "input", numbers, reduction, tidx},
    {"Max", "input", ordered, reduction, tidx},
    {"Min", "input", ordered, reduction, tidx},
    {"ArgMax", "input", argOrdered, argSignature, argTail},
    {"Relu", "features",
     "float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, "
     "half, uint32, uint64, qint8",
     "features:T -> activations:T", ""},
    {"ArgMin", "input", argOrdered, argSignature, argTail},
    {"Abs", "x", "bfloat16, half, float, double, int8, int16, int32, int64",
     "x:T -> y:T", ""},
    {"Neg", "x",
     "bfloat16, half, float, double, int8, int16, int32, int64, complex64, "
     "complex128",
     "x:T -> y:T", ""},
    {"Square", "x",
     "bfloat16, half, float, double, int8, int16, int32, int64, uint8, "
     "uint16, uint32, uint64, complex64, complex128",
     "x:T -> y:T", ""},
    {"AddV2", "x",
     "bfloat16, half, float, double, uint8, uint16, uint32, uint64, int8, "
     "int16, int32, int64, complex64, complex128",
     "x:T, y:T -> z:T", "; is_commutative=true; is_aggregate=true"},
    {"Sub", "x",
     "bfloat16, half, float, double, uint8, int8, uint16, int16, int32, "
     "int64, complex64, complex128, uint32, uint64",
     "x:T, y:T -> z:T", ""},
    {"Sign", "x",
     "bfloat16, half, float, double, int8, int16, int32, int64, complex64, "
     "complex128",
     "x:T -> y:T", ""},
    {"Maximum", "x",
     "bfloat16, half, float, double, int8, uint8, int16, uint16, int32, "
     "uint32, int64, uint64",
     "x:T, y:T -> z:T", ""},
    {"Minimum", "x",
     "bfloat16, half, float, double, int8, uint8, int16, uint16, int32, "
     "uint32, int64, uint64",
     "x:T, y:T -> z:T", ""},
    {"FloorDiv", "x",
     "bfloat16, half, float, double, uint8, int8, uint16, int16, int32, "
     "uint32, uint64, int64, complex64, complex128",
     "x:T, y:T -> z:T", ""},
    {"FloorMod", "x",
     "int8, int16, int32, int64, uint8, uint16, uint32, uint64, bfloat16, "
     "half, float, double",
     "x:T, y:T -> z:T", ""},
    {"Pow", "x",
     "bfloat16, float, half, double, int8, int16, int32, int64, complex64, "
     "complex128",
     "x:T, y:T -> z:T", ""}};
} // namespace

/// The OpDef text of `t` for an eager attr error ("; signature=...>"),
/// and in `traced` its allowed types as Python names.
static std::string opDefText(const OpTypes &t, std::string *traced) {
  std::string enums;
  std::string list = t.allowed;
  for (size_t at = 0; at < list.size();) {
    size_t end = list.find(", ", at);
    std::string name = list.substr(at, end - at);
    at = end == std::string::npos ? list.size() : end + 2;
    std::string python = name == "float"    ? "float32"
                         : name == "double" ? "float64"
                         : name == "half"   ? "float16"
                                            : name;
    std::string upper;
    for (char ch : name)
      upper += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    if (traced)
      *traced += (traced->empty() ? "" : ", ") + python;
    enums += (enums.empty() ? "DT_" : ", DT_") + upper;
  }
  return std::string("; signature=") + t.signature + "; attr=T:type,allowed=[" +
         enums + "]" + t.tail + ">";
}

static const OpTypes *opTypes(const std::string &op) {
  for (const OpTypes &t : kOpTypes)
    if (op == t.op)
      return &t;
  return nullptr;
}

/// A reduction's axes must be int32 or int64: a float axis is the eager
/// conversion's TypeError for a Python float, the op's dtype error
/// otherwise (Python floats in a list convert to float32).
static void rejectFloatAxis(TfRuntime &rt, const std::string &op,
                            const Value &axis) {
  bool floats = axis.is(Type::Float);
  if (rt.isTensor(axis))
    floats = isFloating(rt.tensor(axis).type.dtype);
  else if (axis.is(Type::List) || axis.is(Type::Tuple))
    for (const Value &a : rt.in.toList(axis))
      floats |= a.is(Type::Float);
  if (!floats)
    return;
  if (axis.is(Type::Float) && !rt.tracing)
    rt.in.typeError("Cannot convert " + rt.in.repr(axis) +
                    " to EagerTensor of dtype int32");
  DType d = rt.isTensor(axis) ? rt.tensor(axis).type.dtype : DType::Float32;
  const OpTypes *t = opTypes(op);
  rejectDType(rt, op, "reduction_indices", "Tidx", d, "int32, int64",
              "int32, int64", t ? opDefText(*t, nullptr) : ">",
              rt.isTensor(axis));
}

static void rejectUnsupported(TfRuntime &rt, const std::string &op, DType d) {
  // LogicalNot's input has the fixed type bool.
  if (op == "LogicalNot" && d != DType::Bool) {
    if (rt.tracing)
      rt.in.typeError("Input 'x' of 'LogicalNot' Op has type " +
                      std::string(py::dtypeName(d)) +
                      " that does not match expected type of bool.");
    rt.raise("InvalidArgumentError",
             "cannot compute LogicalNot as input #0(zero-based) was expected "
             "to be a bool tensor but is a " +
                 kernelTypeName(d) + " tensor [Op:LogicalNot] name: ");
  }
  if (op == "Atan2" && !isFloating(d))
    rejectDType(rt, op, "y", "T", d, "bfloat16, float16, float32, float64",
                "bfloat16, half, float, double",
                "; signature=y:T, x:T -> z:T; attr=T:type,allowed=["
                "DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE]>");
  // Rint has CPU kernels for float and double only.
  if (op == "Rint" && (d == DType::Float16 || d == DType::BFloat16))
    noCpuKernel(
        rt, op, "T", d, rt.tracing ? rt.tracing->graph.uniqueName(op) : op,
        "DT_FLOAT, DT_DOUBLE, DT_BFLOAT16, DT_HALF",
        {"device='CPU'; T in [DT_DOUBLE]", "device='CPU'; T in [DT_FLOAT]"});
  // The orderings allow numbers only (kiln's lowering would order bools).
  if ((op == "Less" || op == "LessEqual" || op == "Greater" ||
       op == "GreaterEqual") &&
      (d == DType::Bool || d == DType::String))
    rejectDType(rt, op, "x", "T", d,
                "float32, float64, int32, uint8, int16, int8, int64, "
                "bfloat16, uint16, float16, uint32, uint64",
                "float, double, int32, uint8, int16, int8, int64, bfloat16, "
                "uint16, half, uint32, uint64",
                "; signature=x:T, y:T -> z:bool; attr=T:type,allowed=["
                "DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, "
                "DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, "
                "DT_UINT64]>");
  // lgamma and digamma have CPU kernels for half, float and double.
  if ((op == "Lgamma" || op == "Digamma") && d == DType::BFloat16)
    noCpuKernel(
        rt, op, "T", d, rt.tracing ? rt.tracing->graph.uniqueName(op) : op,
        "DT_FLOAT, DT_DOUBLE, DT_BFLOAT16, DT_HALF",
        {"device='CPU'; T in [DT_DOUBLE]", "device='CPU'; T in [DT_HALF]",
         "device='CPU'; T in [DT_FLOAT]"});
  // Abs, Neg, Sign and Pow allow no uint8 in their OpDefs: the OpDef's
  // TypeError while tracing, the eager attr check otherwise.
  if (d == DType::UInt8 &&
      (op == "Abs" || op == "Neg" || op == "Sign" || op == "Pow")) {
    bool complex = op != "Abs";
    std::string complexNames = complex ? ", complex64, complex128" : "";
    std::string complexEnums = complex ? ", DT_COMPLEX64, DT_COMPLEX128" : "";
    bool pow = op == "Pow";
    rejectDType(rt, op, "x", "T", d,
                std::string(pow ? "bfloat16, float32, float16, float64"
                                : "bfloat16, float16, float32, float64") +
                    ", int8, int16, int32, int64" + complexNames,
                std::string(pow ? "bfloat16, float, half, double"
                                : "bfloat16, half, float, double") +
                    ", int8, int16, int32, int64" + complexNames,
                std::string(pow ? "; signature=x:T, y:T -> z:T"
                                : "; signature=x:T -> y:T") +
                    "; attr=T:type,allowed=[" +
                    (pow ? "DT_BFLOAT16, DT_FLOAT, DT_HALF, DT_DOUBLE"
                         : "DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE") +
                    ", DT_INT8, DT_INT16, DT_INT32, DT_INT64" + complexEnums +
                    "]>");
  }
  // Bools, and strings given to a reduction (the other string ops kiln
  // runs on the host, or rejects elsewhere).
  static const char *reductions[] = {"Sum", "Mean",   "Prod",  "Max",
                                     "Min", "ArgMax", "ArgMin"};
  bool reduces = std::find(std::begin(reductions), std::end(reductions), op) !=
                 std::end(reductions);
  if (d != DType::Bool &&
      !(d == DType::String && (reduces || op == "Relu" || op == "Neg")))
    return;
  // ArgMax and ArgMin take bools (false < true) in TensorFlow 2.20.
  if (d == DType::Bool && (op == "ArgMax" || op == "ArgMin"))
    return;
  if (const OpTypes *t = opTypes(op)) {
    std::string traced;
    std::string opDef = opDefText(*t, &traced);
    rejectDType(rt, op, t->param, "T", d, traced, t->allowed, opDef);
  }
}

/// The outermost dimension pair of two shapes that cannot broadcast, the
/// shapes aligned on the right, as TensorFlow's shape function finds it.
static std::pair<int64_t, int64_t> disagreement(const std::vector<int64_t> &a,
                                                const std::vector<int64_t> &b) {
  for (size_t i = std::min(a.size(), b.size()); i-- > 0;) {
    int64_t x = a[a.size() - 1 - i], y = b[b.size() - 1 - i];
    if (x >= 0 && y >= 0 && x != y && x != 1 && y != 1)
      return {x, y};
  }
  return {0, 0};
}

void incompatibleShapes(TfRuntime &rt, const std::string &op,
                        const std::string &node, const Value &x, const Value &y,
                        bool named) {
  const TensorType &a = rt.tensor(x).type, &b = rt.tensor(y).type;
  if (rt.tracing) {
    auto [da, db] = disagreement(a.shape, b.shape);
    rt.in.valueError("Dimensions must be equal, but are " + std::to_string(da) +
                     " and " + std::to_string(db) + " for " +
                     nodeText(rt, node, op, a.dtype, x, y) +
                     " with input shapes: " + shapeList(a.shape) + ", " +
                     shapeList(b.shape) + ".");
  }
  kernelError(rt, op,
              "Incompatible shapes: " + shapeList(a.shape) + " vs. " +
                  shapeList(b.shape),
              "", named);
}

void requireBroadcastable(TfRuntime &rt, const std::string &op, const Value &x,
                          const Value &y, bool named) {
  std::vector<int64_t> shape;
  if (!broadcastShapes(rt.tensor(x).type.shape, rt.tensor(y).type.shape, shape))
    incompatibleShapes(rt, op, rt.tracing ? rt.tracing->graph.scopeName() : "",
                       x, y, named);
}

namespace {
/// Marks the ops applied while it lives as made by a Python operator (or
/// _slice_helper), whose name scope is the op's own (TfRuntime::inOperator).
struct InOperator {
  TfRuntime &rt;
  bool saved;
  InOperator(TfRuntime &rt, bool on) : rt(rt), saved(rt.inOperator) {
    rt.inOperator = on;
  }
  ~InOperator() { rt.inOperator = saved; }
};
} // namespace

Value binaryOp(TfRuntime &rt, const std::string &op, const Value &xArg,
               const Value &yArg, const std::string &nameHint, bool functional,
               bool convertsFirst) {
  // A tf.Variable operand is read first, in its own dtype: one that differs
  // from the other operand's is the op's error, not a conversion's.
  // TensorFlow converts the operands inside the op's name scope, reserved
  // first ("add/ReadVariableOp"), except the first operand of an operator,
  // which a variable's own operator reads before (`w + x`).
  VariableObject *xVar = asVariable(xArg), *yVar = asVariable(yArg);
  std::string name = nameHint.empty() ? defaultNodeName(op) : nameHint;
  std::string scope;
  Value x = xVar && !functional ? rt.toTensor(xArg) : xArg;
  if (rt.tracing && (yVar || (xVar && functional)))
    scope = rt.tracing->graph.uniqueName(name);
  if (xVar && functional)
    x = readVariable(rt, *xVar, scope);
  Value y = yVar ? readVariable(rt, *yVar, scope) : yArg;
  Value tx, ty;
  // While tracing, a Python operand is converted inside the op's name
  // scope too: the op "mul" reads the constant "mul/y".
  if (rt.tracing && scope.empty() && (!rt.isTensor(x) || !rt.isTensor(y)))
    scope = rt.tracing->graph.uniqueName(name);
  // Eagerly, add's Python string becomes a string tensor, which the
  // numeric kernel then rejects.
  if (!rt.tracing && (x.is(Type::Str) != y.is(Type::Str)) &&
      rt.isTensor(x.is(Type::Str) ? y : x)) {
    DType numeric = rt.tensor(x.is(Type::Str) ? y : x).type.dtype;
    // A first operand (a reflected operator's), and any other op's
    // operand, is converted to the tensor's dtype instead, which fails.
    if (numeric != DType::String && (x.is(Type::Str) || op != "AddV2"))
      rt.in.typeError("Cannot convert " + rt.in.repr(x.is(Type::Str) ? x : y) +
                      " to EagerTensor of dtype " + kernelTypeName(numeric));
    if (numeric != DType::String)
      mismatchedInputs(rt, op, "x", "y", numeric, DType::String, 1);
  }
  // `+` on a string tensor converts a Python number (or list) with the
  // string dtype as a hint only; string Add then rejects what it became.
  if (!rt.tracing && op == "AddV2" && rt.isTensor(x) &&
      rt.tensor(x).type.dtype == DType::String && !rt.isTensor(y) &&
      !y.is(Type::Str) && !asVariable(y)) {
    DType inferred = rt.hostFromPython(y, std::nullopt)->type.dtype;
    if (inferred != DType::String)
      mismatchedInputs(rt, "Add", "x", "y", DType::String, inferred, 1);
  }
  convertPair(rt, x, y, tx, ty, op, scope, functional, convertsFirst);
  auto &a = rt.tensor(tx), &b = rt.tensor(ty);
  rejectUnsupported(rt, op, a.type.dtype);
  if (a.type.dtype != b.type.dtype) {
    // math_ops.add builds Add, not AddV2, when x is a string tensor.
    bool stringAdd = op == "AddV2" && a.type.dtype == DType::String;
    mismatchedInputs(rt, stringAdd ? "Add" : op, "x", "y", a.type.dtype,
                     b.type.dtype);
  }
  std::vector<int64_t> shape;
  if (!broadcastShapes(a.type.shape, b.type.shape, shape)) {
    // The node's name as the graph would have given it: the scope
    // reserved for a Python operand, else the next in the name scope.
    std::string node = !rt.tracing     ? ""
                       : scope.empty() ? rt.tracing->graph.uniqueName(name)
                                       : scope;
    // The generated wrapper's fast path takes tensors, variables and
    // NumPy arrays; a Python list sends it down the slow path, whose
    // errors end without " name: " (tf.maximum(t, [1., 2.]),
    // t * [1., 2.]). `+` (_add_dispatch) converts first, as does an
    // operator's reflected form for a Python left operand ([1., 2.] - t).
    bool converted = convertsFirst || (!functional && op == "AddV2");
    incompatibleShapes(rt, op, node, tx, ty,
                       converted || (!slowPathOperand(yArg) &&
                                     !(functional && slowPathOperand(xArg))));
  }
  // The integer division kernels fail on a zero divisor (compiled code
  // checks at run time; an eager divisor is checked here, for the eager
  // kernel's message).
  if ((op == "FloorDiv" || op == "FloorMod" || op == "Div") &&
      isInteger(a.type.dtype) && !rt.tracing) {
    if (holdsZero(rt, ty))
      kernelError(rt, op, "Integer division by zero");
  }
  if (op == "Pow" && isInteger(a.type.dtype) && !rt.tracing) {
    HostTensorPtr exponent = rt.constantValue(ty);
    for (int64_t i = 0; exponent && i < exponent->type.numElements(); ++i)
      if (pythonScalar(*exponent, i).asInt() < 0)
        kernelError(rt, op,
                    "Integers to negative integer powers are not allowed");
  }
  static const char *compares[] = {"Equal",     "NotEqual", "Less",
                                   "LessEqual", "Greater",  "GreaterEqual"};
  bool isCompare = std::find(std::begin(compares), std::end(compares), op) !=
                   std::end(compares);
  TensorType result{isCompare ? DType::Bool : a.type.dtype, shape};
  if (a.type.unknownRank || b.type.unknownRank) {
    result.unknownRank = true;
    result.shape.clear();
  }
  // A Python operator opens a name scope named as its op, which the
  // tape records for the op's gradient names.
  InOperator inOperator{rt, !functional};
  if (!scope.empty())
    return rt.apply(op, {tx, ty}, {{"T", a.type.dtype}}, result, scope,
                    /*exactName=*/true);
  return rt.apply(op, {tx, ty}, {{"T", a.type.dtype}}, result, name);
}

Value trueDiv(TfRuntime &rt, const Value &x, const Value &y,
              bool convertsFirst) {
  // math_ops.truediv, in name scope "truediv": its Python operands are the
  // constants "truediv/x" and "truediv/y", its casts "truediv/Cast", and
  // the division takes the scope's name.
  std::optional<graph::ScopeGuard> scope;
  std::string name = "truediv";
  if (rt.tracing) {
    scope.emplace(rt.tracing->graph, "truediv");
    name = rt.tracing->graph.scopeName();
  }
  // y takes x's dtype only as a hint (a Python float next to an int tensor
  // stays float32), then the dtypes must agree.
  Value tx, ty;
  if ((rt.isTensor(x) && !rt.isTensor(y)) || convertsFirst) {
    // x converts on its own (a NumPy array keeps its dtype); the `/`
    // operator's reflected form converts a Python x to y's dtype.
    tx = rt.isTensor(x) ? x : convertArgument(rt, x, name + "/x", std::nullopt);
    ty = convertHinted(rt, y, rt.tensor(tx).type.dtype, name + "/y");
  } else {
    convertPair(rt, x, y, tx, ty, "RealDiv", rt.tracing ? name : "");
  }
  DType d = rt.tensor(tx).type.dtype;
  if (d != rt.tensor(ty).type.dtype)
    rt.in.typeError("`x` and `y` must have the same dtype, got tf." +
                    std::string(py::dtypeName(d)) + " != tf." +
                    py::dtypeName(rt.tensor(ty).type.dtype) + ".");
  if (d == DType::Bool || d == DType::String) // not in _TRUEDIV_TABLE
    rt.in.typeError("Invalid dtype tf." + std::string(py::dtypeName(d)) +
                    " in __truediv__. Expected one of {tf.uint8, tf.int8, "
                    "tf.uint16, tf.int16, tf.uint32, tf.int32, tf.uint64, "
                    "tf.int64, tf.bfloat16, tf.float16, tf.float32, "
                    "tf.float64, tf.complex64, tf.complex128}.");
  if (isInteger(d) && d == rt.tensor(ty).type.dtype) {
    DType to = d == DType::Int8 || d == DType::Int16 || d == DType::UInt8
                   ? DType::Float32
                   : DType::Float64;
    tx = cast(rt, tx, to);
    ty = cast(rt, ty, to);
  }
  size_t before = rt.tracing ? rt.tracing->graph.nodes.size() : 0;
  Value quotient = binaryOp(rt, "RealDiv", tx, ty, "truediv");
  if (int id = nodeMadeSince(rt, quotient, before); id >= 0)
    rt.tracing->graph.nodes[id].name = name;
  return quotient;
}

Value unaryOp(TfRuntime &rt, const std::string &op, const Value &x,
              const std::string &name) {
  PythonOperands slowPath(rt, {x});
  Value t = rt.toTensor(x);
  auto &tensor = rt.tensor(t);
  rejectUnsupported(rt, op, tensor.type.dtype);
  static const char *floatOnly[] = {
      "Sqrt",       "Rsqrt", "Exp",   "Log",     "Log1p", "Sin",    "Cos",
      "Tanh",       "Erf",   "Floor", "Sigmoid", "Ceil",  "Round",  "Expm1",
      "Reciprocal", "Tan",   "Asin",  "Acos",    "Atan",  "Sinh",   "Cosh",
      "Asinh",      "Acosh", "Atanh", "Erfc",    "Rint",  "Lgamma", "Digamma"};
  // The ops whose OpDef allows real floats only (no complex types).
  static const char *realOnly[] = {"Erf",  "Erfc",   "Floor",  "Ceil",
                                   "Rint", "Lgamma", "Digamma"};
  auto listed = [&](const auto &ops) {
    return std::find(std::begin(ops), std::end(ops), op) != std::end(ops);
  };
  if (listed(floatOnly) && !isFloating(tensor.type.dtype)) {
    bool real = listed(realOnly);
    if (rt.tracing)
      rt.in.typeError("Value passed to parameter 'x' has DataType " +
                      std::string(py::dtypeName(tensor.type.dtype)) +
                      " not in list of allowed values: bfloat16, float16, "
                      "float32, float64" +
                      (real ? "" : ", complex64, complex128"));
    // Reciprocal's OpDef allows integers, but no CPU kernel takes them.
    if (op == "Reciprocal")
      rt.raise("NotFoundError",
               "Could not find device for node: {{node " + op + "}} = " + op +
                   "[T=" + tfTypeName(tensor.type.dtype) + "]");
    // Eagerly the OpDef's check fails first.
    std::string complex = real ? "" : ", complex64, complex128";
    std::string complexTypes = real ? "" : ", DT_COMPLEX64, DT_COMPLEX128";
    rt.raise("InvalidArgumentError",
             "Value for attr 'T' of " +
                 std::string(py::dtypeName(tensor.type.dtype)) +
                 " is not in the list of allowed values: bfloat16, half, "
                 "float, double" +
                 complex + "\n\t; NodeDef: {{node " + op + "}}; Op<name=" + op +
                 "; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, "
                 "DT_HALF, DT_FLOAT, DT_DOUBLE" +
                 complexTypes + "]>" + eagerOpSuffix(op, !rt.pythonOperands));
  }
  return rt.apply(op, {t}, {{"T", tensor.type.dtype}}, tensor.type,
                  name.empty() ? op : name);
}

Value cast(TfRuntime &rt, const Value &x, DType to,
           const std::string &exactName) {
  Value t = rt.toTensor(x);
  auto &tensor = rt.tensor(t);
  if (tensor.type.dtype == to)
    return t;
  TensorType result = tensor.type;
  result.dtype = to;
  // The Cast kernel has no conversions between strings and numbers
  // (tf.strings.to_number and as_string make them).
  if ((tensor.type.dtype == DType::String) != (to == DType::String)) {
    std::string message = "Cast " + kernelTypeName(tensor.type.dtype) + " to " +
                          kernelTypeName(to) + " is not supported";
    rt.raise("UnimplementedError",
             rt.tracing
                 ? message
                 : eagerKernelPrefix("Cast") + message + eagerOpSuffix("Cast"));
  }
  return rt.apply("Cast", {t}, {{"SrcT", tensor.type.dtype}, {"DstT", to}},
                  result, exactName.empty() ? "Cast" : exactName,
                  !exactName.empty() && rt.tracing);
}

Value boolProduct(TfRuntime &rt, const Value &x, const Value &y,
                  bool reflected) {
  std::optional<graph::ScopeGuard> scope;
  if (rt.tracing)
    scope.emplace(rt.tracing->graph, "mul");
  Value tx = x;
  if (reflected && !rt.isTensor(x))
    tx = convertOperand(rt, x, rt.tensor(y).type.dtype, "x", "");
  // gen_math_ops.cast: a Cast node even to the dtype it has, its Python
  // operand named in its scope ("mul/Cast_1/x").
  auto castNode = [&](const Value &v, DType to) {
    OperandConsts operands(rt, "Cast");
    Value t = operands.input("x", v, std::nullopt);
    TensorType result = rt.tensor(t).type;
    DType from = result.dtype;
    result.dtype = to;
    return rt.apply("Cast", {t}, {{"SrcT", from}, {"DstT", to}}, result,
                    operands.name(), operands.exactName());
  };
  Value ix = castNode(tx, DType::Int32), iy = castNode(y, DType::Int32);
  size_t before = rt.tracing ? rt.tracing->graph.nodes.size() : 0;
  Value product = binaryOp(rt, "Mul", ix, iy);
  // The Mul takes the scope's own name: "mul".
  if (int id = nodeMadeSince(rt, product, before); id >= 0)
    rt.tracing->graph.nodes[id].name = rt.tracing->graph.scopeName();
  return castNode(product, DType::Bool);
}

Value identity(TfRuntime &rt, const Value &x) {
  Value t = rt.toTensor(x);
  return rt.apply("Identity", {t}, {{"T", rt.tensor(t).type.dtype}},
                  rt.tensor(t).type, "Identity");
}

ValueList identityN(TfRuntime &rt, const ValueList &tensors) {
  std::vector<TensorType> types;
  for (const Value &t : tensors)
    types.push_back(rt.tensor(t).type);
  return rt.applyMulti("IdentityN", tensors, {}, types, "IdentityN");
}

void needRank(TfRuntime &rt, const Value &t, const std::string &what) {
  if (rt.tensor(t).type.unknownRank)
    rt.raise("UnimplementedError", "kiln needs the rank of " + what +
                                       " at trace time; this tensor's rank "
                                       "is unknown");
}

/// MatMul's OpDef takes no bool, int8 or int16 operands; BatchMatMulV2's
/// takes int16 but no bool or int8.
static void rejectMatMulDType(TfRuntime &rt, const std::string &op, DType d) {
  bool batched = op == "BatchMatMulV2";
  // MatMul allows uint8 in its OpDef but has no CPU kernel for it.
  if (d == DType::UInt8 && !batched)
    noCpuKernel(
        rt, op, "T", d, rt.tracing ? rt.tracing->graph.uniqueName(op) : op,
        "DT_FLOAT, DT_DOUBLE, DT_INT32, DT_COMPLEX64, DT_INT64, "
        "DT_BFLOAT16, DT_COMPLEX128, DT_HALF",
        {"device='CPU'; T in [DT_INT64]", "device='CPU'; T in [DT_INT32]",
         "device='CPU'; T in [DT_INT16]", "device='CPU'; T in [DT_DOUBLE]",
         "device='CPU'; T in [DT_FLOAT]", "device='CPU'; T in [DT_BFLOAT16]",
         "device='CPU'; T in [DT_HALF]", "device='CPU'; T in [DT_COMPLEX128]",
         "device='CPU'; T in [DT_COMPLEX64]"},
        {"T=DT_UINT8, grad_a=false, grad_b=false, transpose_a=false, "
         "transpose_b=false",
         "grad_b=false, grad_a=false, T=DT_UINT8, transpose_a=false, "
         "transpose_b=false"});
  if (d != DType::Bool && d != DType::Int8 && d != DType::String &&
      !(d == DType::Int16 && !batched))
    return;
  std::string int16 = batched ? "int16, " : "";
  std::string int16Enum = batched ? "DT_INT16, " : "";
  rejectDType(
      rt, op, batched ? "x" : "a", "T", d,
      "bfloat16, float16, float32, float64, " + int16 +
          "int32, int64, uint8, uint16, uint32, uint64, complex64, complex128",
      "bfloat16, half, float, double, " + int16 +
          "int32, int64, uint8, uint16, uint32, uint64, complex64, complex128",
      std::string(batched ? "; signature=x:T, y:T -> output:T"
                          : "; signature=a:T, b:T -> product:T; "
                            "attr=transpose_a:bool,default=false; "
                            "attr=transpose_b:bool,default=false") +
          "; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, " +
          int16Enum +
          "DT_INT32, DT_INT64, DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64, "
          "DT_COMPLEX64, DT_COMPLEX128]" +
          (batched ? "; attr=adj_x:bool,default=false; "
                     "attr=adj_y:bool,default=false; "
                     "attr=grad_x:bool,default=false; "
                     "attr=grad_y:bool,default=false>"
                   : "; attr=grad_a:bool,default=false; "
                     "attr=grad_b:bool,default=false>"));
}

Value matmul(TfRuntime &rt, const Value &x, const Value &y, bool ta, bool tb,
             const std::string &name) {
  // math_ops.matmul converts its operands inside its name scope, reserved
  // first: a variable operand is read as "MatMul/ReadVariableOp".
  std::string scope;
  if (rt.tracing && (asVariable(x) || asVariable(y)))
    scope = rt.tracing->graph.uniqueName(name);
  auto operand = [&](const Value &v) {
    VariableObject *var = asVariable(v);
    return var && !scope.empty() ? readVariable(rt, *var, scope)
                                 : rt.toTensor(v);
  };
  // b takes a's dtype as a hint (an int matrix times a float32 NumPy
  // array is an int MatMul).
  Value a = operand(x);
  Value b = rt.isTensor(y) || asVariable(y)
                ? operand(y)
                : convertHinted(rt, y, rt.tensor(a).type.dtype, "b");
  needRank(rt, a, "matmul's inputs");
  needRank(rt, b, "matmul's inputs");
  // Copies: the batch broadcast below may replace `a` and `b`.
  const TensorType at = rt.tensor(a).type, bt = rt.tensor(b).type;
  if (at.dtype != bt.dtype) {
    mismatchedInputs(rt, "MatMul", "a", "b", at.dtype, bt.dtype);
  }
  size_t ra = at.shape.size(), rb = bt.shape.size();
  bool batched = ra > 2 || rb > 2;
  std::string op = batched ? "BatchMatMulV2" : "MatMul";
  rejectMatMulDType(rt, op, at.dtype);
  // TensorFlow's node text for shape errors raised while tracing.
  auto nodeText = [&] {
    auto boolText = [](bool b) { return std::string(b ? "true" : "false"); };
    std::string attrs =
        batched ? ", adj_x=" + boolText(ta) + ", adj_y=" + boolText(tb) +
                      ", grad_x=false, grad_y=false"
                : ", grad_a=false, grad_b=false, transpose_a=" + boolText(ta) +
                      ", transpose_b=" + boolText(tb);
    // The name the node would have taken (a second MatMul is MatMul_1).
    std::string node = !scope.empty() ? scope
                       : rt.tracing   ? rt.tracing->graph.uniqueName(name)
                                      : name;
    return " for '{{node " + node + "}} = " + op +
           "[T=" + tfTypeName(at.dtype) + attrs + "](" +
           inputName(rt, a, node + "/a") + ", " +
           inputName(rt, b, node + "/b") +
           ")' with input shapes: " + shapeList(at.shape) + ", " +
           shapeList(bt.shape) + ".";
  };
  if (ra < 2 || rb < 2) {
    std::string rank = std::to_string(std::min(ra, rb));
    if (rt.tracing)
      rt.in.valueError("Shape must be rank 2 but is rank " + rank + nodeText());
    // Eagerly the kernel's checks.
    if (batched)
      kernelError(rt, op,
                  std::string(ra < 2 ? "In[0]" : "In[1]") +
                      " ndims must be >= 2: " + rank);
    if (ra != rb)
      kernelError(rt, op,
                  "In[0] and In[1] has different ndims: " +
                      shapeList(at.shape) + " vs. " + shapeList(bt.shape));
    kernelError(rt, op, "In[0] and In[1] ndims must be == 2: " + rank);
  }
  int64_t m = at.shape[ra - (ta ? 1 : 2)], k1 = at.shape[ra - (ta ? 2 : 1)];
  int64_t k2 = bt.shape[rb - (tb ? 1 : 2)], n = bt.shape[rb - (tb ? 2 : 1)];
  auto traceError = [&](int64_t d1, int64_t d2) {
    rt.in.valueError("Dimensions must be equal, but are " + std::to_string(d1) +
                     " and " + std::to_string(d2) + nodeText());
  };
  auto eagerError = [&](const std::string &message) {
    kernelError(rt, op, message);
  };
  if (k1 >= 0 && k2 >= 0 && k1 != k2) {
    if (rt.tracing)
      traceError(k1, k2);
    eagerError("Matrix size-incompatible: In[0]: " + shapeList(at.shape) +
               ", In[1]: " + shapeList(bt.shape));
  }
  std::vector<int64_t> batch;
  if (batched) {
    std::vector<int64_t> ba(at.shape.begin(), at.shape.end() - 2);
    std::vector<int64_t> bb(bt.shape.begin(), bt.shape.end() - 2);
    if (!broadcastShapes(ba, bb, batch)) {
      if (rt.tracing) {
        // TensorFlow reports the outermost pair of (right-aligned) batch
        // dims that clash.
        for (size_t i = std::min(ba.size(), bb.size()); i > 0; --i) {
          int64_t d1 = ba[ba.size() - i], d2 = bb[bb.size() - i];
          if (d1 != d2 && d1 != 1 && d2 != 1 && d1 >= 0 && d2 >= 0)
            traceError(d1, d2);
        }
      }
      eagerError("In[0] and In[1] must have compatible batch dimensions: " +
                 shapeList(at.shape) + " vs. " + shapeList(bt.shape));
    }
    // The kiln dialect's batch matmul takes equal batch dimensions, so a
    // broadcast is made explicit here, where both shapes are known.
    // Batch dimensions known at run time only are checked and broadcast
    // then (EmitChecks.cpp); static ones facing them are broadcast here
    // against the other operand's leading dimensions: a select between
    // `t` and itself broadcasts `t` to the shape of the (any) condition.
    auto broadcastBatch = [&](Value &t, const std::vector<int64_t> &own,
                              const Value &other) {
      if (own == batch)
        return;
      const TensorType &type = rt.tensor(t).type;
      if (std::count(own.begin(), own.end(), -1))
        rt.raise("UnimplementedError",
                 "kiln cannot broadcast the batch dimensions of a matmul "
                 "whose batch dimensions are unknown: " +
                     shapeList(at.shape) + " and " + shapeList(bt.shape));
      if (std::count(batch.begin(), batch.end(), -1)) {
        ValueList corner{Value::ellipsis()};
        for (int i = 0; i < 2; ++i) {
          auto s = std::make_shared<py::SliceObject>();
          s->start = Value::integer(0);
          s->stop = Value::integer(1);
          s->step = Value();
          corner.push_back(Value::object(py::Type::Slice, s));
        }
        Value carrier = stridedSlice(rt, other, rt.in.tuple(corner));
        t = select(rt, binaryOp(rt, "Equal", carrier, carrier), t, t);
        return;
      }
      TensorType target{type.dtype, batch};
      target.shape.insert(target.shape.end(), type.shape.end() - 2,
                          type.shape.end());
      t = rt.apply("BroadcastTo", {t}, {{"T", type.dtype}}, target,
                   "BroadcastTo");
    };
    Value a0 = a;
    broadcastBatch(a, ba, b);
    broadcastBatch(b, bb, a0);
  }
  batch.push_back(m);
  batch.push_back(n);
  return rt.apply(op, {a, b},
                  {{"T", at.dtype}, {"transpose_a", ta}, {"transpose_b", tb}},
                  TensorType{at.dtype, batch}, scope.empty() ? name : scope,
                  /*exactName=*/!scope.empty());
}

Value gather(TfRuntime &rt, const Value &params, const Value &indices,
             std::optional<int64_t> axisArg, bool named, int64_t batchDims) {
  Value x = rt.toTensor(params);
  // A variable's rows are read by its sparse_read (gather's wrapper checks
  // the axis as given): a ResourceGather named as sparse_read's name scope.
  bool resource =
      asVariable(params) && axisArg.value_or(batchDims) == 0 && batchDims == 0;
  OperandConsts operands(rt, resource ? "Gather" : "GatherV2");
  Value idx = operands.input("indices", indices, std::nullopt);
  const TensorType &xt = rt.tensor(x).type, &it = rt.tensor(idx).type;
  if (!isInteger(it.dtype) || it.dtype == DType::Int8 ||
      it.dtype == DType::Int16 || it.dtype == DType::UInt8)
    rejectDType(rt, "GatherV2", "indices", "Tindices", it.dtype,
                "int16, int32, int64", "int16, int32, int64",
                "; signature=params:Tparams, indices:Tindices, axis:Taxis -> "
                "output:Tparams; attr=batch_dims:int,default=0; "
                "attr=Tparams:type; attr=Tindices:type,allowed=[DT_INT16, "
                "DT_INT32, DT_INT64]; attr=Taxis:type,allowed=[DT_INT32, "
                "DT_INT64]>",
                named);
  if (xt.unknownRank || it.unknownRank)
    rt.raise("UnimplementedError",
             "kiln cannot gather with tensors of unknown rank yet");
  int64_t rank = xt.shape.size();
  int64_t indexRank = it.shape.size();
  // The kernel's checks of batch_dims, and the shape function's (while
  // tracing) where they differ.
  auto batchError = [&](const std::string &kernel, const std::string &traced) {
    if (!rt.tracing)
      kernelError(rt, "GatherV2", kernel, "", named);
    rt.in.valueError(
        traced +
        " for '{{node GatherV2}} = GatherV2[Taxis=DT_INT32, "
        "Tindices=" +
        tfTypeName(it.dtype) + ", Tparams=" + tfTypeName(xt.dtype) +
        ", batch_dims=" + std::to_string(batchDims) + "](" + inputName(rt, x) +
        ", " + inputName(rt, idx) + ", GatherV2/axis)' with input shapes: " +
        shapeList(xt.shape) + ", " + shapeList(it.shape) +
        ", [] and with computed input tensors: input[2] = <" +
        std::to_string(axisArg.value_or(batchDims)) + ">.");
  };
  auto atLeast = [](int64_t want, int64_t got) {
    return "Shape must be at least rank " + std::to_string(want) +
           " but is rank " + std::to_string(got);
  };
  if (batchDims != 0 && !rt.tracing) {
    if (batchDims > 0 && rank < batchDims + 1)
      batchError(atLeast(batchDims + 1, rank), "");
    if (batchDims < -indexRank || batchDims > indexRank)
      batchError("Expected batch_dims in the range [" +
                     std::to_string(-indexRank) + ", " +
                     std::to_string(indexRank) + "], but got " +
                     std::to_string(batchDims),
                 "");
  }
  if (batchDims < -indexRank)
    batchError("", atLeast(-batchDims, indexRank));
  int64_t batch = batchDims < 0 ? batchDims + indexRank : batchDims;
  if (batch > 0 && rank < batch + 1)
    batchError("", atLeast(batch + 1, rank));
  if (batch > indexRank)
    batchError("", atLeast(batch, indexRank));
  int64_t axis = axisArg.value_or(batch);
  // The shape function's check (eagerly too): params must have the axis.
  if (axis < -rank || axis >= rank) {
    std::string error = atLeast(axis < 0 ? -axis : axis + 1, rank);
    batchError(error, error);
  }
  if (axis < 0)
    axis += rank;
  if (axis < batch)
    rt.raise("InvalidArgumentError",
             "batch_dims (" + std::to_string(batch) +
                 ") must be less than or equal to axis (" +
                 std::to_string(axis) + ").");
  // Unequal batch sizes are the kernel's error (when the function runs:
  // the shape function does not check them).
  std::string mismatch;
  // (Sizes known only at run time are compared then, in codegen.)
  for (int64_t d = 0; d < batch && mismatch.empty(); ++d) {
    if (xt.shape[d] < 0 || it.shape[d] < 0)
      continue;
    if (xt.shape[d] != it.shape[d])
      mismatch = "params.shape[" + std::to_string(d) +
                 "]: " + std::to_string(xt.shape[d]) +
                 " should be equal to indices.shape[" + std::to_string(d) +
                 "]: " + std::to_string(it.shape[d]);
  }
  if (!mismatch.empty() && !rt.tracing)
    kernelError(rt, "GatherV2", mismatch, "", named);
  std::vector<int64_t> shape(xt.shape.begin(), xt.shape.begin() + axis);
  shape.insert(shape.end(), it.shape.begin() + batch, it.shape.end());
  shape.insert(shape.end(), xt.shape.begin() + axis + 1, xt.shape.end());
  // Eagerly the kernel's bounds check, on the known indices.
  if (!rt.tracing && xt.shape[axis] >= 0 && mismatch.empty()) {
    const graph::HostTensor &iv = *rt.tensor(idx).value;
    for (int64_t i = 0; i < iv.type.numElements(); ++i) {
      int64_t v = iv.elementAsInt(static_cast<size_t>(i));
      if (v >= 0 && v < xt.shape[axis])
        continue;
      // SliceDebugString: the coordinates of flat position i.
      std::string where;
      for (size_t d = it.shape.size(), rest = i; d-- > 0;) {
        where = std::to_string(int64_t(rest) % it.shape[d]) +
                (where.empty() ? "" : "," + where);
        rest /= it.shape[d];
      }
      kernelError(rt, resource ? "ResourceGather" : "GatherV2",
                  "indices" + (where.empty() ? "" : "[" + where + "]") + " = " +
                      std::to_string(v) + " is not in [0, " +
                      std::to_string(xt.shape[axis]) + ")",
                  "", named);
    }
  }
  // The axis is an input, a constant in the op's name scope.
  Value axisTensor = operands.input("axis", Value::integer(axis), DType::Int32);
  const std::string &name = operands.name();
  std::map<std::string, Attr> attrs{{"axis", axis},
                                    {"batch_dims", batch},
                                    {"Tparams", xt.dtype},
                                    {"Tindices", it.dtype}};
  if (!mismatch.empty())
    attrs[graph::kRunTimeError] = mismatch;
  Value out =
      rt.apply("GatherV2", {x, idx, axisTensor}, std::move(attrs),
               TensorType{xt.dtype, shape}, name, rt.tracing != nullptr);
  if (resource && rt.tracing)
    orderBeforeNextWrite(rt, asVariable(params)->state,
                         rt.tensor(out).out.node);
  return out;
}

/// Normalizes an axis argument against `rank` (negative axes count from the
/// end); raises TensorFlow's error when out of range.
static int64_t normalizeAxis(TfRuntime &rt, int64_t axis, int64_t rank,
                             const std::string &what,
                             const Value *input = nullptr,
                             bool keepdims = false) {
  if (axis < -rank || axis >= rank) {
    if (rt.tracing && input) {
      auto &t = rt.tensor(*input);
      rt.in.valueError(
          "Invalid reduction dimension " + std::to_string(axis) +
          " for input with " + std::to_string(rank) +
          " dimensions. for '{{node " + what + "}} = " + what +
          "[T=" + tfTypeName(t.type.dtype) +
          ", Tidx=DT_INT32, keep_dims=" + (keepdims ? "true" : "false") + "](" +
          inputName(rt, *input) + ", " + what +
          "/reduction_indices)' with input shapes: " + shapeList(t.type.shape) +
          ", [] and with computed input "
          "tensors: input[1] = <" +
          std::to_string(axis) + ">.");
    }
    if (rt.tracing)
      rt.in.valueError("Invalid reduction dimension " + std::to_string(axis) +
                       " for input with " + std::to_string(rank) +
                       " dimensions.");
    kernelError(rt, what,
                "Invalid reduction dimension (" + std::to_string(axis) +
                    " for input with " + std::to_string(rank) +
                    " dimension(s)");
  }
  return axis < 0 ? axis + rank : axis;
}

/// A reduction axis: a Python int, or a tensor holding one that trace time
/// knows (a constant, `tf.rank(x) - 1`).
static int64_t knownAxis(TfRuntime &rt, const Value &a) {
  if (!rt.isTensor(a))
    return rt.in.toIndex(a);
  std::optional<std::vector<int64_t>> known = knownInts(rt, a);
  if (!known || known->size() != 1)
    rt.raise("UnimplementedError",
             "kiln needs reduction axes known at trace time");
  return known->front();
}

Value reduce(TfRuntime &rt, const std::string &op, const Value &x,
             const Value &givenAxis, bool keepdims, const std::string &shownOp,
             std::vector<int64_t> *reducedAxes) {
  // A Python list of axes (or input) sends the op's wrapper down its slow
  // path: its eager errors end without " name: ".
  PythonOperands slowPath(rt, {x, givenAxis});
  rejectFloatAxis(rt, op, givenAxis);
  // A vector of axes known now (tf.constant([0, 1])) is its list.
  Value axisArg = givenAxis;
  if (rt.isTensor(givenAxis) && rt.tensor(givenAxis).type.shape.size() == 1)
    if (auto known = knownInts(rt, givenAxis)) {
      ValueList axes;
      for (int64_t a : *known)
        axes.push_back(Value::integer(a));
      axisArg = rt.in.list(std::move(axes));
    }
  // Any and All convert a Python value to their fixed input type, bool.
  bool logical = op == "Any" || op == "All";
  Value t = logical && !rt.isTensor(x) && !asVariable(x)
                ? rt.toTensor(x, DType::Bool)
                : rt.toTensor(x);
  auto &type = rt.tensor(t).type;
  rejectUnsupported(rt, op, type.dtype);
  if (type.unknownRank) {
    // The axes as given (none: all), resolved once the rank is known
    // (RankSpecialize.cpp).
    std::vector<int64_t> given;
    if (!axisArg.isNone()) {
      ValueList list = axisArg.is(Type::List) || axisArg.is(Type::Tuple)
                           ? rt.in.toList(axisArg)
                           : ValueList{axisArg};
      for (auto &a : list)
        given.push_back(knownAxis(rt, a));
    }
    TensorType out{type.dtype, {}};
    out.unknownRank = keepdims || !axisArg.isNone();
    return rt.apply(op, {t},
                    {{"axes", std::vector<int64_t>{}},
                     {"rank_axes", given},
                     {"all_axes", axisArg.isNone()},
                     {"keep_dims", keepdims},
                     {"T", type.dtype}},
                    out, op);
  }
  int64_t rank = type.shape.size();
  std::vector<int64_t> axes;
  OperandConsts operands(rt, op);
  if (axisArg.isNone() && rank == 0 && rt.tracing) {
    // _ReductionDims takes a rank of 0 for unknown: range(0, rank(x)).
    Value rankOf = rt.constant(int32Tensor({0}, true), "Rank");
    operands.tensor(rangeNode(rt, Value::integer(0), rankOf, Value::integer(1),
                              DType::Int32, 0));
  } else if (axisArg.isNone()) {
    for (int64_t i = 0; i < rank; ++i)
      axes.push_back(i);
    operands.beforeOp(axes);
  } else {
    ValueList list = axisArg.is(Type::List) || axisArg.is(Type::Tuple)
                         ? rt.in.toList(axisArg)
                         : ValueList{axisArg};
    std::vector<int64_t> given;
    for (auto &a : list) {
      int64_t axis = knownAxis(rt, a);
      given.push_back(axis);
      axes.push_back(normalizeAxis(
          rt, axis, rank, shownOp.empty() ? op : shownOp, &t, keepdims));
    }
    operands.argument("reduction_indices", axisArg, given);
    std::sort(axes.begin(), axes.end());
    auto repeated = std::adjacent_find(axes.begin(), axes.end());
    if (repeated != axes.end()) {
      std::string message =
          "Invalid reduction arguments: Axes contains duplicate dimension: " +
          std::to_string(*repeated);
      rt.raise("InvalidArgumentError",
               rt.tracing
                   ? message
                   : eagerKernelPrefix(op) + message + " [Op:" + op + "]");
    }
  }
  if (logical && type.dtype != DType::Bool) {
    // The input's type is fixed (bool), not a type attr's list.
    if (rt.tracing)
      rt.in.typeError("Input 'input' of '" + op + "' Op has type " +
                      py::dtypeName(type.dtype) +
                      " that does not match expected type of bool.");
    rt.raise("InvalidArgumentError",
             "cannot compute " + op +
                 " as input #0(zero-based) was expected to be a bool tensor "
                 "but is a " +
                 kernelTypeName(type.dtype) + " tensor" + eagerOpSuffix(op));
  }
  std::vector<int64_t> shape;
  for (int64_t i = 0; i < rank; ++i) {
    bool reduced = std::find(axes.begin(), axes.end(), i) != axes.end();
    if (!reduced)
      shape.push_back(type.shape[i]);
    else if (keepdims)
      shape.push_back(1);
  }
  if (reducedAxes)
    *reducedAxes = axes;
  return operands.attach(rt.apply(
      op, {t}, {{"axes", axes}, {"keep_dims", keepdims}, {"T", type.dtype}},
      TensorType{type.dtype, shape}, operands.name(), operands.exactName()));
}

Value argReduce(TfRuntime &rt, const std::string &op, const Value &x,
                const Value &axisArg, DType outputType) {
  PythonOperands slowPath(rt, {x, axisArg});
  Value t = rt.toTensor(x);
  auto &type = rt.tensor(t).type;
  rejectUnsupported(rt, op, type.dtype);
  if (type.unknownRank) {
    // Resolved once the rank is known (RankSpecialize.cpp).
    TensorType out{outputType, {}};
    out.unknownRank = true;
    return rt.apply(
        op, {t},
        {{"axis", int64_t(0)},
         {"rank_axes",
          std::vector<int64_t>{axisArg.isNone() ? 0 : rt.in.toIndex(axisArg)}},
         {"output_type", outputType}},
        out, op);
  }
  int64_t rank = type.shape.size();
  int64_t axis = axisArg.isNone() ? 0 : rt.in.toIndex(axisArg);
  OperandConsts operands(rt, op);
  operands.argument("dimension", axisArg.isNone() ? Value::integer(0) : axisArg,
                    {axis});
  if (axis < -rank || axis >= rank) {
    // ArgOp's checks: shape inference's while tracing, the kernel's eagerly.
    std::string range =
        "[" + std::to_string(-rank) + ", " + std::to_string(rank) + ")";
    // Shape inference does not check a 1-D input (its result is a
    // scalar either way): the kernel fails when the function runs.
    if (rt.tracing && rank == 1)
      rt.raise("InvalidArgumentError", "Expected dimension in the range " +
                                           range + ", but got " +
                                           std::to_string(axis));
    if (rt.tracing)
      rt.in.valueError(
          "Dimension (" + std::to_string(axis) + ") must be in the range " +
          range + ", where " + std::to_string(rank) +
          " is the number of dimensions in the input. for '{{node " +
          operands.name() + "}} = " + op + "[T=" + tfTypeName(type.dtype) +
          ", Tidx=DT_INT32, output_type=" + tfTypeName(outputType) + "](" +
          inputName(rt, t) + ", " + operands.name() +
          "/dimension)' with input shapes: " + shapeList(type.shape) +
          ", [] and with computed input tensors: input[1] = <" +
          std::to_string(axis) + ">.");
    kernelError(rt, op,
                "Expected dimension in the range " + range + ", but got " +
                    std::to_string(axis));
  }
  axis = normalizeAxis(rt, axis, rank, op);
  std::vector<int64_t> shape;
  for (int64_t i = 0; i < rank; ++i)
    if (i != axis)
      shape.push_back(type.shape[i]);
  return operands.attach(rt.apply(
      op, {t}, {{"axis", axis}, {"output_type", outputType}},
      TensorType{outputType, shape}, operands.name(), operands.exactName()));
}

static std::vector<int64_t> intList(TfRuntime &rt, const Value &given) {
  std::vector<int64_t> out;
  Value v = foldKnown(rt, given);
  if (rt.isTensor(v)) {
    HostTensorPtr c = rt.constantValue(v);
    if (!c)
      rt.raise("InvalidArgumentError", "kiln needs shapes known at trace time");
    for (int64_t i = 0; i < c->type.numElements(); ++i)
      out.push_back(c->elementAsInt(i));
    return out;
  }
  if (v.is(Type::Native))
    for (auto &d : rt.in.toList(v))
      out.push_back(d.isNone() ? -1 : rt.in.toIndex(d));
  else if (v.is(Type::List) || v.is(Type::Tuple))
    for (auto &d : rt.in.toList(v))
      out.push_back(d.isNone() ? -1 : rt.in.toIndex(d));
  else
    out.push_back(rt.in.toIndex(v));
  return out;
}

Value reshape(TfRuntime &rt, const Value &x, const Value &shapeArg) {
  checkIndexArgument(rt, shapeArg, kReshapeShape, false);
  if (isRunTimeShape(rt, shapeArg))
    return reshapeAtRunTime(rt, x, shapeArg);
  Value t = rt.toTensor(x);
  auto &type = rt.tensor(t).type;
  std::vector<int64_t> shape = intList(rt, shapeArg);
  int64_t known = 1, unknownAt = -1;
  // The first two sizes whose product overflows int64, if any.
  std::optional<std::pair<int64_t, int64_t>> overflow;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == -1) {
      if (unknownAt >= 0) {
        std::string message = "Only one input size may be -1, not both " +
                              std::to_string(unknownAt) + " and " +
                              std::to_string(i);
        if (!rt.tracing)
          kernelError(rt, "Reshape", message, "", /*named=*/false);
        rt.raise("InvalidArgumentError", message);
      }
      unknownAt = i;
    } else if (shape[i] < 0) {
      // The kernel's check; shape inference's while tracing.
      if (!rt.tracing)
        kernelError(rt, "Reshape",
                    "Size " + std::to_string(i) +
                        " must be non-negative, not " +
                        std::to_string(shape[i]),
                    "", /*named=*/false);
      rt.in.valueError("Invalid value in tensor used for shape: " +
                       std::to_string(shape[i]));
    } else if (int64_t product;
               !overflow && __builtin_mul_overflow(known, shape[i], &product)) {
      overflow = std::make_pair(known, shape[i]);
    } else {
      known = overflow ? known : product;
    }
  }
  int64_t total = type.numElements();
  // Shape inference's text while tracing: the target shape with "?" for
  // the -1, and the node the op would have been (its name taken, as
  // TensorFlow's name scope takes it before the op fails), reading its
  // input by name.
  auto inferenceTail = [&] {
    std::string node = rt.tracing->graph.uniqueName("Reshape");
    return " for '{{node " + node + "}} = Reshape[T=" + tfTypeName(type.dtype) +
           ", Tshape=DT_INT32](" + inputName(rt, t) + ", " + node +
           "/shape)' with input shapes: " + shapeList(type.shape) + ", [" +
           std::to_string(shape.size()) +
           "] and with input tensors computed as partial shapes: input[1] "
           "= " +
           shapeList(shape) + ".";
  };
  // Sizes whose product overflows: the kernel's error eagerly, shape
  // inference's while tracing.
  if (overflow) {
    if (!rt.tracing) {
      std::string sizes;
      for (int64_t d : shape)
        sizes += (sizes.empty() ? "" : ", ") + std::to_string(d);
      kernelError(rt, "Reshape", "Shape [" + sizes + "] has too many elements",
                  "",
                  /*named=*/false);
    }
    rt.in.valueError("Negative dimension size caused by overflow when "
                     "multiplying " +
                     std::to_string(overflow->first) + " and " +
                     std::to_string(overflow->second) + inferenceTail());
  }
  // An input with sizes known at run time only: a known target must still
  // hold a whole number of the known part.
  if (total < 0 && rt.tracing && unknownAt < 0 && !type.unknownRank) {
    int64_t knownIn = 1;
    for (int64_t d : type.shape)
      knownIn *= d < 0 ? 1 : d;
    if (knownIn != 0 && known % knownIn != 0)
      rt.in.valueError("Dimension size must be evenly divisible by " +
                       std::to_string(knownIn) + " but is " +
                       std::to_string(known) + inferenceTail());
  }
  if (total >= 0 && unknownAt >= 0 && known == 0 &&
      (total == 0 || !rt.tracing)) {
    // A zero size: as TensorFlow's kernel does, the -1 is what the input's
    // nonzero dimensions leave for the target's nonzero sizes ([0] to
    // [0, -1] is [0, 1]), whole only when the input has no zero dimension.
    // (Shape inference rejects a zero size for an input with elements.)
    int64_t nonzero = 1, count = 1;
    bool inputHasZero = false;
    for (size_t i = 0; i < shape.size(); ++i)
      if (static_cast<int64_t>(i) != unknownAt && shape[i] > 0)
        nonzero *= shape[i];
    for (int64_t d : type.shape) {
      inputHasZero |= d == 0;
      count *= d == 0 ? 1 : d;
    }
    int64_t missing = count / nonzero;
    if (!inputHasZero && nonzero * missing != count)
      rt.raise("InvalidArgumentError",
               eagerKernelPrefix("Reshape") +
                   "Input to reshape is a tensor with " +
                   std::to_string(count) +
                   " values, but the requested shape requires a multiple of " +
                   std::to_string(nonzero) + " [Op:Reshape]");
    shape[unknownAt] = missing;
    unknownAt = -1;
    known = 0;
  }
  if (total >= 0) {
    if (unknownAt >= 0 && rt.tracing && (known == 0 || total % known != 0))
      rt.in.valueError(
          known == 0 ? "Cannot reshape a tensor with " + std::to_string(total) +
                           " elements to shape " + shapeList(shape) +
                           " (0 elements)" + inferenceTail()
                     : "Dimension size must be evenly divisible by " +
                           std::to_string(known) + " but is " +
                           std::to_string(total) + inferenceTail());
    if (unknownAt >= 0) {
      if (known == 0 || total % known != 0)
        rt.raise(
            "InvalidArgumentError",
            eagerKernelPrefix("Reshape") +
                "Input to reshape is a tensor with " + std::to_string(total) +
                " values, but the requested shape requires a multiple of " +
                std::to_string(known) + " [Op:Reshape]");
      shape[unknownAt] = total / known;
    } else if (known != total) {
      if (rt.tracing)
        rt.in.valueError("Cannot reshape a tensor with " +
                         std::to_string(total) + " elements to shape " +
                         shapeList(shape) + " (" + std::to_string(known) +
                         " elements)" + inferenceTail());
      rt.raise(
          "InvalidArgumentError",
          eagerKernelPrefix("Reshape") + "Input to reshape is a tensor with " +
              std::to_string(total) + " values, but the requested shape has " +
              std::to_string(known) + " [Op:Reshape]");
    }
  }
  OperandConsts operands(rt, "Reshape");
  operands.argument("shape", shapeArg, intList(rt, shapeArg));
  std::map<std::string, Attr> attrs{{"shape", shape}, {"T", type.dtype}};
  // Of an input of unknown rank: its -1 resolves when the function is
  // specialized (RankSpecialize.cpp).
  if (type.unknownRank)
    attrs["rank_reshape"] = true;
  return operands.attach(rt.apply("Reshape", {t}, std::move(attrs),
                                  TensorType{type.dtype, shape},
                                  operands.name(), operands.exactName()));
}

Value transpose(TfRuntime &rt, const Value &x, const Value &permArg) {
  Value t = rt.toTensor(x);
  auto &type = rt.tensor(t).type;
  if (type.unknownRank) {
    // A graph tensor of unknown rank (traced from TensorSpec(None)): the
    // permutation is checked and applied when the function is specialized
    // to the argument's shape (RankSpecialize.cpp); without one, all
    // dimensions reverse ("reverse_all") and the rank stays unknown.
    std::vector<int64_t> perm;
    TensorType result{type.dtype, {}};
    result.unknownRank = permArg.isNone();
    OperandConsts operands(rt, "transpose");
    if (!permArg.isNone()) {
      perm = intList(rt, permArg);
      result.shape.assign(perm.size(), -1);
      operands.argument("perm", permArg, perm);
    }
    return operands.attach(rt.apply(
        "Transpose", {t},
        {{"perm", perm}, {"T", type.dtype}, {"reverse_all", permArg.isNone()}},
        result, operands.name(), operands.exactName()));
  }
  int64_t rank = type.shape.size();
  std::vector<int64_t> perm;
  if (permArg.isNone()) {
    for (int64_t i = rank - 1; i >= 0; --i)
      perm.push_back(i);
  } else {
    perm = intList(rt, permArg);
  }
  if (static_cast<int64_t>(perm.size()) != rank && rt.tracing)
    rt.in.valueError(
        "Dimension must be " + std::to_string(rank) + " but is " +
        std::to_string(perm.size()) +
        " for '{{node transpose}} = Transpose[T=" + tfTypeName(type.dtype) +
        ", Tperm=DT_INT32](" + inputName(rt, t) +
        ", transpose/perm)' with input shapes: " + shapeList(type.shape) +
        ", [" + std::to_string(perm.size()) + "].");
  // A Python list perm takes the generated wrapper's slow path, whose
  // errors end without " name: ".
  bool named = !permArg.is(py::Type::List) && !permArg.is(py::Type::Tuple);
  if (static_cast<int64_t>(perm.size()) != rank)
    kernelError(rt, "Transpose",
                "transpose expects a vector of size " + std::to_string(rank) +
                    ". But input(1) is a vector of size " +
                    std::to_string(perm.size()),
                "", named);
  // The kernel checks that perm names every dimension once (while tracing,
  // shape inference raises a missing one as a ValueError).
  bool outOfRange;
  std::string problem = permutationProblem(perm, rank, outOfRange);
  if (!problem.empty()) {
    if (rt.tracing && outOfRange)
      rt.raise("InvalidArgumentError", problem);
    if (rt.tracing)
      rt.in.valueError(problem);
    kernelError(rt, "Transpose", problem, "", named);
  }
  if (rank == 0) // nothing to move
    return identity(rt, t);
  // The graph's perm constant holds the values given; the node's attr, which
  // the lowering and the gradient read, counts negative ones from the end.
  std::vector<int64_t> given = perm, shape;
  for (int64_t &p : perm) {
    p = p < 0 ? p + rank : p;
    shape.push_back(type.shape.at(p));
  }
  OperandConsts operands(rt, "transpose");
  operands.argument("perm", permArg.isNone() ? pyIntList(rt.in, perm) : permArg,
                    given);
  std::map<std::string, Attr> attrs{{"perm", perm}, {"T", type.dtype}};
  if (given != perm) // TensorFlow's gradient inverts the perm as given
    attrs["given_perm"] = given;
  return operands.attach(rt.apply("Transpose", {t}, std::move(attrs),
                                  TensorType{type.dtype, shape},
                                  operands.name(), operands.exactName()));
}

Value expandDims(TfRuntime &rt, const Value &x, int64_t axis) {
  // A Python value becomes the Const "ExpandDims/input".
  OperandConsts operands(rt, "ExpandDims");
  Value t = operands.input("input", x, std::nullopt);
  auto type = rt.tensor(t).type;
  if (type.unknownRank) {
    // The axis is checked and the dimension inserted once the function is
    // specialized to the input's shape (RankSpecialize.cpp).
    operands.inScope("dim", {axis}, true);
    return operands.attach(
        rt.apply("ExpandDims", {t}, {{"T", type.dtype}, {"rank_axis", axis}},
                 type, operands.name(), operands.exactName()));
  }
  int64_t rank = type.shape.size();
  if ((axis < -rank - 1 || axis > rank) && rt.tracing)
    rt.in.valueError(
        "dim " + std::to_string(axis) + " not in the interval [" +
        std::to_string(-rank - 1) + ", " + std::to_string(rank) +
        "]. for '{{node ExpandDims}} = ExpandDims[T=" + tfTypeName(type.dtype) +
        ", Tdim=DT_INT32](" + inputName(rt, t) +
        ", ExpandDims/dim)' with input shapes: " + shapeList(type.shape) +
        ", [] and with computed input tensors: input[1] = <" +
        std::to_string(axis) + ">.");
  if (axis < -rank - 1 || axis > rank)
    kernelError(rt, "ExpandDims",
                "Tried to expand dim index " + std::to_string(axis) +
                    " for tensor with " + std::to_string(rank) +
                    " dimensions.");
  operands.inScope("dim", {axis}, true);
  if (axis < 0)
    axis += rank + 1;
  type.shape.insert(type.shape.begin() + axis, 1);
  return operands.attach(rt.apply("ExpandDims", {t}, {{"T", type.dtype}}, type,
                                  operands.name(), operands.exactName()));
}

Value squeeze(TfRuntime &rt, const Value &x, const Value &axisArg) {
  Value t = rt.toTensor(x);
  auto type = rt.tensor(t).type;
  if (type.unknownRank && rt.tracing) {
    // The axes (none: every dimension of size 1) are checked and dropped
    // once the function is specialized to the input's shape
    // (RankSpecialize.cpp).
    std::vector<int64_t> given;
    if (!axisArg.isNone())
      given = intList(rt, axisArg);
    return rt.apply("Squeeze", {t},
                    {{"T", type.dtype}, {"squeeze_axes", given}}, type,
                    "Squeeze");
  }
  int64_t rank = type.shape.size();
  // The shape function's ValueError (in a function) for `problem`, with
  // the node's squeeze_dims `dims`.
  auto shapeError = [&](const std::string &problem,
                        const std::vector<int64_t> &dims) {
    std::string listed;
    for (size_t k = 0; k < dims.size(); ++k)
      listed += (k ? "," : "") + std::to_string(dims[k]);
    rt.in.valueError(problem + " for '{{node Squeeze}} = Squeeze[T=" +
                     tfTypeName(type.dtype) + ", squeeze_dims=[" + listed +
                     "]](" + inputName(rt, t) +
                     ")' with input shapes: " + shapeList(type.shape) + ".");
  };
  std::vector<int64_t> given, axes;
  if (!axisArg.isNone())
    given = intList(rt, axisArg);
  for (size_t k = 0; k < given.size(); ++k) {
    int64_t a = given[k];
    if (a >= -rank && a < rank) {
      axes.push_back(a < 0 ? a + rank : a);
      continue;
    }
    // The shape function's check (in a function), the kernel's eagerly.
    if (rt.tracing)
      shapeError("squeeze_dims[" + std::to_string(k) + "] not in [" +
                     std::to_string(-rank) + "," + std::to_string(rank) + ").",
                 given);
    kernelError(rt, "Squeeze",
                "Tried to squeeze dim index " + std::to_string(a) +
                    " for tensor with " + std::to_string(rank) +
                    " dimensions.");
  }
  std::vector<int64_t> shape;
  // Without axes, whether a dimension known only at run time is 1 decides
  // the result's rank (TensorFlow's shape is then unknown): not compiled.
  for (int64_t i = 0; axes.empty() && i < rank; ++i)
    if (type.shape[i] < 0)
      rt.raise("UnimplementedError",
               "kiln cannot squeeze dimension " + std::to_string(i) +
                   " of shape " + type.shapeString() +
                   ", known only at run time, yet: give tf.squeeze the axes "
                   "to squeeze");
  // A listed one is checked when the function runs (codegen).
  std::vector<int64_t> checked;
  for (int64_t i = 0; i < rank; ++i) {
    bool listed = std::find(axes.begin(), axes.end(), i) != axes.end();
    if (listed && type.shape[i] < 0) {
      checked.push_back(i);
      continue;
    }
    if (listed && type.shape[i] != 1) {
      std::string message = "Can not squeeze dim[" + std::to_string(i) +
                            "], expected a dimension of 1, got " +
                            std::to_string(type.shape[i]);
      if (rt.tracing)
        shapeError(message, axes);
      kernelError(rt, "Squeeze", message);
    }
    if ((axes.empty() && type.shape[i] == 1) || listed)
      continue;
    shape.push_back(type.shape[i]);
  }
  std::map<std::string, Attr> attrs{{"T", type.dtype}};
  if (!checked.empty())
    attrs["checked_dims"] = checked;
  return rt.apply("Squeeze", {t}, std::move(attrs),
                  TensorType{type.dtype, shape}, "Squeeze");
}

/// The prefix of an eager kernel's error: "{{function_node
/// __wrapped__ConcatV2_N_2_device_/job:localhost/...}} ".
static std::string wrappedKernel(const std::string &op, size_t n) {
  return "{{function_node __wrapped__" + op + "_N_" + std::to_string(n) +
         "_device_/job:localhost/replica:0/task:0/device:CPU:0}} ";
}

static std::string inputNames(TfRuntime &rt, const ValueList &tensors) {
  std::string names;
  for (size_t k = 0; k < tensors.size(); ++k)
    names += (k ? ", " : "") + inputName(rt, tensors[k]);
  return names;
}

static std::string inputShapes(TfRuntime &rt, const ValueList &tensors) {
  std::string shapes;
  for (size_t k = 0; k < tensors.size(); ++k)
    shapes += (k ? ", " : "") + shapeList(rt.tensor(tensors[k]).type.shape);
  return shapes;
}

void checkAddNShapes(TfRuntime &rt, const ValueList &tensors) {
  // Shape inference merges each input's shape into the first's: a ValueError
  // while tracing. Eagerly the kernel compares each input with input 0.
  const std::vector<int64_t> &first = rt.tensor(tensors[0]).type.shape;
  std::vector<int64_t> merged = first;
  bool mergedKnown = !rt.tensor(tensors[0]).type.unknownRank;
  for (size_t i = 1; i < tensors.size(); ++i) {
    const TensorType &t = rt.tensor(tensors[i]).type;
    if (t.unknownRank)
      continue;
    if (!mergedKnown) {
      merged = t.shape;
      mergedKnown = true;
      continue;
    }
    std::string problem;
    if (t.shape.size() != merged.size()) {
      problem = "Shapes must be equal rank, but are " +
                std::to_string(t.shape.size()) + " and " +
                std::to_string(merged.size());
    } else {
      for (size_t d = 0; d < merged.size() && problem.empty(); ++d) {
        if (t.shape[d] >= 0 && merged[d] >= 0 && t.shape[d] != merged[d])
          problem = "Dimension " + std::to_string(d) +
                    " in both shapes must be equal, but are " +
                    std::to_string(t.shape[d]) + " and " +
                    std::to_string(merged[d]) + ". Shapes are " +
                    shapeList(t.shape) + " and " + shapeList(merged) + ".";
        else if (merged[d] < 0)
          merged[d] = t.shape[d];
      }
    }
    if (problem.empty())
      continue;
    if (rt.tracing)
      rt.in.valueError(
          problem + "\n\tFrom merging shape " + std::to_string(i) +
          " with other shapes. for '{{node " + rt.tracing->graph.scopeName() +
          "}} = AddN[N=" + std::to_string(tensors.size()) +
          ", T=" + tfTypeName(t.dtype) + "](" + inputNames(rt, tensors) +
          ")' with input shapes: " + inputShapes(rt, tensors) + ".");
    rt.raise("InvalidArgumentError",
             wrappedKernel("AddN", tensors.size()) +
                 "Inputs to operation AddN of type AddN must have the same "
                 "size and shape.  Input 0: " +
                 shapeList(first) + " != input " + std::to_string(i) + ": " +
                 shapeList(t.shape) + " [Op:AddN] name: ");
  }
}

/// tf.concat: tensors[k] must match tensors[0] outside `axis` (both of the
/// same rank). TensorFlow's shape function compares the shapes without the
/// axis; its kernel, the whole shapes.
static void checkConcatDims(TfRuntime &rt, const ValueList &tensors, size_t k,
                            int64_t axis, int64_t userAxis,
                            const std::string &node) {
  const auto &a = rt.tensor(tensors[0]).type.shape;
  const auto &b = rt.tensor(tensors[k]).type.shape;
  for (size_t d = 0; d < a.size(); ++d) {
    if (static_cast<int64_t>(d) == axis || a[d] < 0 || b[d] < 0 || a[d] == b[d])
      continue;
    if (!rt.tracing)
      rt.raise("InvalidArgumentError",
               wrappedKernel("ConcatV2", tensors.size()) +
                   "ConcatOp : Dimension " + std::to_string(d) +
                   " in both shapes must be equal: shape[0] = " + shapeList(a) +
                   " vs. shape[" + std::to_string(k) + "] = " + shapeList(b) +
                   " [Op:ConcatV2] name: concat");
    std::vector<int64_t> ra = a, rb = b;
    ra.erase(ra.begin() + axis);
    rb.erase(rb.begin() + axis);
    size_t rd = d - (static_cast<int64_t>(d) > axis ? 1 : 0);
    rt.in.valueError(
        "Dimension " + std::to_string(rd) +
        " in both shapes must be equal, but are " + std::to_string(a[d]) +
        " and " + std::to_string(b[d]) + ". Shapes are " + shapeList(ra) +
        " and " + shapeList(rb) + ". for '{{node " + node +
        "}} = ConcatV2[N=" + std::to_string(tensors.size()) +
        ", T=" + tfTypeName(rt.tensor(tensors[0]).type.dtype) +
        ", Tidx=DT_INT32](" + inputNames(rt, tensors) +
        ", concat/axis)' with input shapes: " + inputShapes(rt, tensors) +
        ", [] and with computed input tensors: input[" +
        std::to_string(tensors.size()) + "] = <" + std::to_string(userAxis) +
        ">.");
  }
}

/// tf.stack: all shapes must match. TensorFlow's shape function merges them
/// from the last one backwards; its kernel compares each with the first.
static void checkPackShapes(TfRuntime &rt, const ValueList &tensors,
                            int64_t userAxis, const std::string &node) {
  auto shapeOf = [&](size_t k) { return rt.tensor(tensors[k]).type.shape; };
  if (!rt.tracing) {
    for (size_t k = 1; k < tensors.size(); ++k)
      if (shapeOf(k) != shapeOf(0))
        rt.raise("InvalidArgumentError",
                 wrappedKernel("Pack", tensors.size()) +
                     "Shapes of all inputs must match: values[0].shape = " +
                     shapeList(shapeOf(0)) + " != values[" + std::to_string(k) +
                     "].shape = " + shapeList(shapeOf(k)) +
                     " [Op:Pack] name: stack");
    return;
  }
  std::vector<int64_t> merged = shapeOf(tensors.size() - 1);
  for (size_t k = tensors.size() - 1; k-- > 0;) {
    std::vector<int64_t> s = shapeOf(k);
    for (size_t d = 0; d < s.size(); ++d) {
      if (s[d] >= 0 && merged[d] >= 0 && s[d] != merged[d]) {
        rt.in.valueError(
            "Dimension " + std::to_string(d) +
            " in both shapes must be equal, but are " + std::to_string(s[d]) +
            " and " + std::to_string(merged[d]) + ". Shapes are " +
            shapeList(s) + " and " + shapeList(merged) +
            ".\n\tFrom merging shape " + std::to_string(k) +
            " with other shapes. for '{{node " + node +
            "}} = Pack[N=" + std::to_string(tensors.size()) +
            ", T=" + tfTypeName(rt.tensor(tensors[0]).type.dtype) + ", axis=" +
            std::to_string(userAxis) + "](" + inputNames(rt, tensors) +
            ")' with input shapes: " + inputShapes(rt, tensors) + ".");
      }
      if (merged[d] < 0)
        merged[d] = s[d];
    }
  }
}

Value concat(TfRuntime &rt, const ValueList &values, int64_t axis,
             const std::string &op, const std::string &exactName,
             std::optional<DType> numberDType) {
  // The node's name is taken before its Python inputs are converted in its
  // scope, as the op's list conversion names them: item k "<name>/values_k".
  std::optional<OperandConsts> operands;
  if (exactName.empty())
    operands.emplace(rt, op == "Pack" ? "stack" : "concat");
  std::string name = exactName.empty() ? operands->name() : exactName;
  // The other values convert to the dtype of the first tensor among them,
  // as the op's list argument converts (a Python list after an int64
  // tensor is int64). While tracing, one that does not fit converts on its
  // own, and the type check below names the types.
  std::optional<DType> listDType;
  for (const Value &v : values) {
    if (rt.isTensor(v))
      listDType = rt.tensor(v).type.dtype;
    else if (VariableObject *var = asVariable(v))
      listDType = var->state->type.dtype;
    if (listDType)
      break;
  }
  ValueList tensors;
  bool rankless = false;
  for (size_t k = 0; k < values.size(); ++k) {
    const Value &v = values[k];
    bool tensor = rt.isTensor(v) || asVariable(v);
    std::optional<DType> dtype = tensor ? std::nullopt : listDType;
    if (!dtype && v.isNumber())
      dtype = numberDType;
    std::string valueName = name + "/values_" + std::to_string(k);
    if (dtype && rt.tracing && !tensor) {
      try {
        tensors.push_back(convertNamed(rt, v, dtype, valueName));
      } catch (py::PyException &) {
        tensors.push_back(convertNamed(rt, v, std::nullopt, valueName));
      }
    } else {
      tensors.push_back(convertNamed(rt, v, dtype, valueName));
    }
    rankless |= rt.tensor(tensors.back()).type.unknownRank;
  }
  if (rankless && rt.tracing && tensors.size() > 0) {
    // An input of unknown rank: the axis and the shapes are checked, and
    // the result's shape found, when the function is specialized to its
    // arguments' shapes (RankSpecialize.cpp).
    DType d = rt.tensor(tensors[0]).type.dtype;
    for (auto &t : tensors)
      if (rt.tensor(t).type.dtype != d)
        rt.in.typeError("Tensors in list passed to 'values' of '" + op +
                        "' Op have types that don't all match.");
    TensorType result{d, {}};
    result.unknownRank = true;
    if (op == "ConcatV2" && operands)
      operands->inScope("axis", {axis}, true);
    Value out =
        rt.apply(op, tensors, {{"axis", axis}, {"rank_axis", axis}, {"T", d}},
                 result, name, true);
    return operands ? operands->attach(out) : out;
  }
  for (auto &t : tensors)
    needRank(rt, t, op == "Pack" ? "stack's inputs" : "concat's inputs");
  if (tensors.empty()) {
    if (!rt.tracing && op == "ConcatV2")
      rt.raise("InvalidArgumentError", emptyConcatError(name));
    rt.in.valueError("List argument 'values' to 'ConcatV2' Op with length 0 "
                     "shorter than minimum length 2.");
  }
  TensorType first = rt.tensor(tensors[0]).type;
  const int64_t userAxis = axis; // as TensorFlow's messages show it
  int64_t rank = first.shape.size() + (op == "Pack" ? 1 : 0);
  std::string range =
      "[" + std::to_string(-rank) + ", " + std::to_string(rank) + ")";
  // tf.stack checks its axis in Python; ConcatV2's kernel (eagerly) or
  // shape function (while tracing) checks concat's.
  if (op == "Pack" && (axis < -rank || axis >= rank))
    rt.in.valueError("Argument `axis` = " + std::to_string(axis) +
                     " not in range " + range);
  if (op != "Pack" && (rank == 0 || axis < -rank || axis >= rank)) {
    std::string message =
        rank == 0 ? std::string("Can't concatenate scalars (use tf.stack "
                                "instead)")
                  : "Shape must be at least rank " +
                        std::to_string(axis < 0 ? -axis : axis + 1) +
                        " but is rank " + std::to_string(rank);
    if (rt.tracing)
      rt.in.valueError(
          message + " for '{{node concat}} = ConcatV2[N=" +
          std::to_string(tensors.size()) + ", T=" + tfTypeName(first.dtype) +
          ", Tidx=DT_INT32](" + inputNames(rt, tensors) +
          ", concat/axis)' with input shapes: " + inputShapes(rt, tensors) +
          ", []" +
          (rank == 0 ? std::string(".")
                     : " and with computed input tensors: input[" +
                           std::to_string(tensors.size()) + "] = <" +
                           std::to_string(axis) + ">."));
    rt.raise("InvalidArgumentError",
             wrappedKernel("ConcatV2", tensors.size()) + "ConcatOp : " +
                 (rank == 0 ? message
                            : "Expected concatenating dimensions in the "
                              "range " +
                                  range + ", but got " + std::to_string(axis)) +
                 " [Op:ConcatV2] name: concat");
  }
  if (axis < 0)
    axis += rank;
  std::vector<int64_t> shape = first.shape;
  if (op == "Pack")
    shape.insert(shape.begin() + axis, 0);
  for (size_t k = 0; k < tensors.size(); ++k) {
    const Value &t = tensors[k];
    auto &tt = rt.tensor(t).type;
    // Eagerly the kernel finds the first input of another type.
    if (tt.dtype != first.dtype && !rt.tracing)
      rt.raise("InvalidArgumentError",
               "cannot compute " + op + " as input #" + std::to_string(k) +
                   "(zero-based) was expected to be a " +
                   kernelTypeName(first.dtype) + " tensor but is a " +
                   kernelTypeName(tt.dtype) + " tensor" + eagerOpSuffix(op) +
                   (op == "Pack" ? "stack" : "concat"));
    if (tt.dtype != first.dtype)
      rt.in.typeError("Tensors in list passed to 'values' of '" + op +
                      "' Op have types [" +
                      [&] {
                        std::string s;
                        for (size_t i = 0; i < tensors.size(); ++i)
                          s += std::string(i ? ", " : "") +
                               py::dtypeName(rt.tensor(tensors[i]).type.dtype);
                        return s;
                      }() +
                      "] that don't all match.");
    if (tt.shape.size() != first.shape.size() && rt.tracing) {
      std::string inputs, shapes;
      for (size_t k = 0; k < tensors.size(); ++k) {
        inputs += inputName(rt, tensors[k]) + ", ";
        shapes += shapeList(rt.tensor(tensors[k]).type.shape) + ", ";
      }
      rt.in.valueError(
          "Shape must be rank " + std::to_string(first.shape.size()) +
          " but is rank " + std::to_string(tt.shape.size()) +
          " for '{{node concat}} = " + op +
          "[N=" + std::to_string(tensors.size()) +
          ", T=" + tfTypeName(first.dtype) + ", Tidx=DT_INT32](" + inputs +
          "concat/axis)' with input shapes: " + shapes + "[].");
    }
    // (Pack's kernel compares whole shapes with the first's.)
    if (tt.shape.size() != first.shape.size() && op == "Pack")
      checkPackShapes(rt, tensors, axis, name);
    if (tt.shape.size() != first.shape.size())
      rt.raise("InvalidArgumentError",
               wrappedKernel(op, tensors.size()) +
                   "ConcatOp : Ranks of all input tensors should match: "
                   "shape[0] = " +
                   shapeList(first.shape) + " vs. shape[" + std::to_string(k) +
                   "] = " + shapeList(tt.shape) + " [Op:" + op +
                   "] name: " + (op == "Pack" ? "stack" : "concat"));
    if (op == "Pack")
      shape[axis] += 1;
    else if (&t != &tensors[0])
      checkConcatDims(rt, tensors, static_cast<size_t>(&t - &tensors[0]), axis,
                      userAxis, name);
    if (op == "ConcatV2" && &t != &tensors[0])
      shape[axis] = shape[axis] < 0 || tt.shape[axis] < 0
                        ? -1
                        : shape[axis] + tt.shape[axis];
  }
  if (op == "Pack")
    checkPackShapes(rt, tensors, userAxis, name);
  if (!exactName.empty())
    return rt.apply(op, tensors, {{"axis", axis}, {"T", first.dtype}},
                    TensorType{first.dtype, shape}, exactName,
                    rt.tracing != nullptr);
  if (op == "ConcatV2")
    operands->inScope("axis", {userAxis}, true);
  return operands->attach(rt.apply(
      op, tensors, {{"axis", axis}, {"T", first.dtype}},
      TensorType{first.dtype, shape}, operands->name(), operands->exactName()));
}

Value select(TfRuntime &rt, const Value &cond, const Value &x, const Value &y) {
  // A condition tensor must be bool already: SelectV2's input check, not a
  // conversion.
  if (rt.isTensor(cond) && rt.tensor(cond).type.dtype != DType::Bool) {
    std::string type = py::dtypeName(rt.tensor(cond).type.dtype);
    if (rt.tracing)
      rt.in.typeError("Input 'condition' of 'SelectV2' Op has type " + type +
                      " that does not match expected type of bool.");
    rt.raise("InvalidArgumentError",
             "cannot compute SelectV2 as input #0(zero-based) was expected to "
             "be a bool tensor but is a " +
                 kernelTypeName(rt.tensor(cond).type.dtype) + " tensor" +
                 eagerOpSuffix("SelectV2"));
  }
  // A Python argument takes the wrapper's slow path, whose errors end
  // without " name: ".
  bool named = rt.isTensor(cond) && rt.isTensor(x) && rt.isTensor(y);
  Value c = rt.toTensor(cond, DType::Bool);
  Value tx, ty;
  // SelectV2's value inputs are named t and e; a Python one becomes a
  // constant in the op's name scope, reserved first.
  std::string name =
      rt.tracing ? rt.tracing->graph.uniqueName("SelectV2") : "SelectV2";
  if (rt.isTensor(x) && !rt.isTensor(y)) {
    tx = x;
    ty = convertOperand(rt, y, rt.tensor(x).type.dtype, "e", "SelectV2",
                        name + "/e");
  } else if (!rt.isTensor(x) && rt.isTensor(y)) {
    ty = y;
    tx = convertOperand(rt, x, rt.tensor(y).type.dtype, "t", "SelectV2",
                        name + "/t");
  } else if (!rt.isTensor(x) && !rt.isTensor(y)) {
    // t converts on its own, then e to its dtype (the eager fast path and
    // op construction alike; a float e of integer t is refused).
    tx = rt.toTensor(x);
    DType d = rt.tensor(tx).type.dtype;
    ty = rt.tracing ? convertOperand(rt, y, d, "e", "SelectV2", "")
                    : rt.toTensor(y, d);
  } else {
    convertPair(rt, x, y, tx, ty);
  }
  if (rt.tensor(tx).type.dtype != rt.tensor(ty).type.dtype)
    mismatchedInputs(rt, "SelectV2", "t", "e", rt.tensor(tx).type.dtype,
                     rt.tensor(ty).type.dtype, 2);
  // Shape inference broadcasts then with else, then the condition with
  // both: its ValueError while tracing, the kernel's error eagerly.
  const TensorType &ct = rt.tensor(c).type, &xt = rt.tensor(tx).type,
                   &yt = rt.tensor(ty).type;
  std::vector<int64_t> shape, full;
  bool valuesFit = broadcastShapes(xt.shape, yt.shape, shape);
  if (!valuesFit || !broadcastShapes(shape, ct.shape, full)) {
    if (rt.tracing) {
      auto [a, b] = valuesFit ? disagreement(ct.shape, shape)
                              : disagreement(xt.shape, yt.shape);
      rt.in.valueError(
          "Dimensions must be equal, but are " + std::to_string(a) + " and " +
          std::to_string(b) + " for '{{node " + name +
          "}} = SelectV2[T=" + tfTypeName(xt.dtype) + "](" + inputName(rt, c) +
          ", " + inputName(rt, tx) + ", " + inputName(rt, ty) +
          ")' with input shapes: " + shapeList(ct.shape) + ", " +
          shapeList(xt.shape) + ", " + shapeList(yt.shape) + ".");
    }
    kernelError(rt, "SelectV2",
                "condition " + shapeList(ct.shape) + ", then " +
                    shapeList(xt.shape) + ", and else " + shapeList(yt.shape) +
                    " must be broadcastable",
                "", named);
  }
  return rt.apply("SelectV2", {c, tx, ty}, {{"T", rt.tensor(tx).type.dtype}},
                  TensorType{rt.tensor(tx).type.dtype, full}, name,
                  rt.tracing != nullptr);
}

Value whereIndices(TfRuntime &rt, const Value &cond) {
  Value c = rt.toTensor(cond);
  if (rt.tensor(c).type.dtype != DType::Bool)
    c = cast(rt, c, DType::Bool);
  // The number of true elements sets the result's first dimension: known
  // here for a constant condition, else at run time (a Where node).
  HostTensorPtr host = rt.constantValue(c);
  const TensorType &ct = rt.tensor(c).type;
  if (!host && ct.unknownRank)
    rt.raise("UnimplementedError",
             "kiln cannot compile tf.where(condition) on a condition of "
             "unknown rank yet");
  if (!host && !ct.shape.empty())
    return rt.apply(
        "Where", {c}, {{"T", DType::Bool}},
        TensorType{DType::Int64, {-1, static_cast<int64_t>(ct.shape.size())}},
        "Where");
  if (ct.shape.empty())
    kernelError(rt, "Where", "WhereOp : Unhandled input dimensions: 0");
  const std::vector<int64_t> &shape = host->type.shape;
  int64_t rank = shape.size(), count = 0;
  for (uint8_t b : host->bytes)
    count += b != 0;
  auto out = std::make_shared<graph::HostTensor>();
  out->type = TensorType{DType::Int64, {count, rank}};
  out->bytes.resize(count * rank * sizeof(int64_t));
  auto *dst = reinterpret_cast<int64_t *>(out->bytes.data());
  std::vector<int64_t> coords(rank, 0);
  for (uint8_t b : host->bytes) {
    if (b) {
      std::copy(coords.begin(), coords.end(), dst);
      dst += rank;
    }
    for (int64_t d = rank; d-- > 0;) {
      if (++coords[d] < shape[d])
        break;
      coords[d] = 0;
    }
  }
  return rt.constant(out, "Where");
}

Value rangeNode(TfRuntime &rt, const Value &start, const Value &limit,
                const Value &delta, DType d, int64_t length) {
  OperandConsts operands(rt, "range");
  ValueList bounds{operands.input("start", start, d),
                   operands.input("limit", limit, d),
                   operands.input("delta", delta, d)};
  // Shape inference wants scalars (the eager kernel takes any one
  // element).
  static const char *names[] = {"start", "limit", "delta"};
  for (size_t i = 0; rt.tracing && i < bounds.size(); ++i) {
    const TensorType &t = rt.tensor(bounds[i]).type;
    if (t.unknownRank || t.shape.empty())
      continue;
    std::string inputs, shapes;
    for (size_t k = 0; k < bounds.size(); ++k) {
      inputs += (k ? ", " : "") + inputName(rt, bounds[k]);
      shapes += (k ? ", " : "") + shapeList(rt.tensor(bounds[k]).type.shape);
    }
    rt.in.valueError("Shape must be rank 0 but is rank " +
                     std::to_string(t.shape.size()) + "\n\t for '" + names[i] +
                     "' for '{{node " + operands.name() +
                     "}} = Range[Tidx=" + tfTypeName(d) + "](" + inputs +
                     ")' with input shapes: " + shapes + ".");
  }
  return rt.apply("Range", bounds, {{"Tidx", d}}, TensorType{d, {length}},
                  operands.name(), operands.exactName());
}

Value shapeOf(TfRuntime &rt, const Value &x) {
  const TensorType &t = rt.tensor(x).type;
  return rt.apply("Shape", {x}, {{"out_type", DType::Int32}},
                  TensorType{DType::Int32, {int64_t(t.shape.size())}}, "Shape");
}

Value firstDimension(TfRuntime &rt, const Value &x) {
  const TensorType &t = rt.tensor(x).type;
  if (t.shape[0] >= 0)
    return rt.toTensor(Value::integer(t.shape[0]), DType::Int32);
  return rt.apply(
      "GatherV2",
      {shapeOf(rt, x), rt.toTensor(Value::integer(0), DType::Int32)},
      {{"axis", int64_t(0)}}, TensorType{DType::Int32, {}}, "strided_slice");
}

/// TensorFlow's message for an index it cannot use.
static std::string invalidIndex(Interpreter &in, const Value &index) {
  return "Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) "
         "and scalar tf.int32/tf.int64 tensors are valid indices, got " +
         in.repr(index);
}

/// Raises TensorFlow's error unless the tensor `index` is an integer scalar.
static void requireScalarIndex(TfRuntime &rt, const Value &index) {
  const TensorType &t = rt.tensor(index).type;
  if (!isInteger(t.dtype) || t.unknownRank || !t.shape.empty())
    rt.raise("InvalidArgumentError", invalidIndex(rt.in, index));
}

/// Shape inference's ValueError for indexing `x` with `items` while
/// tracing: `message`, then the StridedSlice node TensorFlow's
/// _slice_helper would add (its packed begin, end and strides and masks).
/// `stridesOnly`: the shape function failed having read only the strides
/// (too many indices), so only they are "computed input tensors".
[[noreturn]] static void sliceShapeError(TfRuntime &rt, const Value &x,
                                         const ValueList &items,
                                         const std::string &message,
                                         bool stridesOnly = false) {
  std::vector<int64_t> begin, end, strides;
  int64_t beginMask = 0, endMask = 0, ellipsisMask = 0, newAxisMask = 0,
          shrinkMask = 0;
  // With a bound known at run time only, TensorFlow's shape inference
  // has no packed bounds to show; the kernel reports the index then.
  auto unknown = [&](const Value &v) {
    return rt.isTensor(v) && !rt.constantValue(v);
  };
  for (const Value &item : items) {
    bool runTime = unknown(item);
    if (item.is(Type::Slice)) {
      auto &sl = item.as<py::SliceObject>();
      runTime = unknown(sl.start) || unknown(sl.stop) || unknown(sl.step);
    }
    if (runTime)
      rt.raise("InvalidArgumentError", message);
  }
  // A bound's value: a Python int or a tensor known at trace time.
  auto index = [&](const Value &v) {
    if (rt.isTensor(v))
      if (HostTensorPtr c = rt.constantValue(v))
        return c->elementAsInt(0);
    return rt.in.toIndex(v);
  };
  for (size_t i = 0; i < items.size(); ++i) {
    const Value &item = items[i];
    int64_t bit = int64_t(1) << i;
    int64_t b = 0, e = 0, st = 1;
    if (item.is(Type::Slice)) {
      auto &sl = item.as<py::SliceObject>();
      if (sl.start.isNone())
        beginMask |= bit;
      else
        b = index(sl.start);
      if (sl.stop.isNone())
        endMask |= bit;
      else
        e = index(sl.stop);
      if (!sl.step.isNone())
        st = index(sl.step);
    } else if (item.is(Type::Ellipsis)) {
      ellipsisMask |= bit;
    } else if (item.isNone()) {
      newAxisMask |= bit;
    } else {
      b = index(item);
      e = b + 1;
      shrinkMask |= bit;
    }
    begin.push_back(b);
    end.push_back(e);
    strides.push_back(st);
  }
  graph::Graph &g = rt.tracing->graph;
  std::string node = g.uniqueName("strided_slice");
  std::string stack = node + "/stack";
  auto values = [](const std::vector<int64_t> &v) {
    std::string out;
    for (size_t i = 0; i < v.size(); ++i)
      out += (i ? " " : "") + std::to_string(v[i]);
    return out;
  };
  std::string n = std::to_string(items.size());
  const TensorType &type = rt.tensor(x).type;
  rt.in.valueError(
      message + " for '{{node " + node +
      "}} = StridedSlice[Index=DT_INT32, T=" + tfTypeName(type.dtype) +
      ", begin_mask=" + std::to_string(beginMask) + ", ellipsis_mask=" +
      std::to_string(ellipsisMask) + ", end_mask=" + std::to_string(endMask) +
      ", new_axis_mask=" + std::to_string(newAxisMask) + ", shrink_axis_mask=" +
      std::to_string(shrinkMask) + "](" + g.nodes[rt.graphOutput(x).node].name +
      ", " + stack + ", " + stack + "_1, " + stack +
      "_2)' with input shapes: " + shapeList(type.shape) + ", [" + n + "], [" +
      n + "], [" + n + "] and with computed input tensors: " +
      (stridesOnly ? std::string()
                   : "input[1] = <" + values(begin) + ">, input[2] = <" +
                         values(end) + ">, ") +
      "input[3] = <" + values(strides) + ">.");
}

/// stridedSlice of the row a run-time index picked (`consumed` leading
/// dimensions of the original tensor already indexed, by the row gather
/// named `first`), or of the whole tensor (0).
static Value sliceFrom(TfRuntime &rt, const Value &x, const Value &key,
                       int64_t consumed, const std::string &first = "");

Value readVariablesInKey(TfRuntime &rt, const Value &key) {
  // Others stay as they are, for the invalid index error to show them.
  auto isIndex = [](const Value &v) {
    VariableObject *var = asVariable(v);
    return var && isInteger(var->state->type.dtype);
  };
  auto read = [&](const Value &v) { return isIndex(v) ? rt.toTensor(v) : v; };
  auto item = [&](const Value &v) {
    if (!v.is(Type::Slice))
      return read(v);
    auto &s = v.as<py::SliceObject>();
    if (!isIndex(s.start) && !isIndex(s.stop) && !isIndex(s.step))
      return v;
    auto copy = std::make_shared<py::SliceObject>();
    copy->start = read(s.start);
    copy->stop = read(s.stop);
    copy->step = read(s.step);
    return Value::object(Type::Slice, copy);
  };
  if (!key.is(Type::Tuple))
    return item(key);
  ValueList items;
  for (const Value &v : rt.in.toList(key))
    items.push_back(item(v));
  return rt.in.tuple(std::move(items));
}

Value stridedSlice(TfRuntime &rt, const Value &x, const Value &key) {
  // _slice_helper opens the scope "strided_slice" its op is named as.
  InOperator inOperator{rt, true};
  return sliceFrom(rt, x, readVariablesInKey(rt, key), 0);
}

/// The begin, end and strides vectors TensorFlow's _slice_helper packs
/// from a key of Python ints, slices of them, `...` and None; false when
/// the key holds anything else (a tensor, which TensorFlow packs with a
/// Pack node).
static bool packedSliceBounds(const ValueList &items,
                              std::vector<int64_t> (&packed)[3]) {
  auto bound = [](const Value &v, int64_t dflt, int64_t &out) {
    if (v.isNone())
      out = dflt;
    else if (v.isIntLike())
      out = v.asInt();
    else
      return false;
    return true;
  };
  for (auto &item : items) {
    int64_t b = 0, e = 0, s = 1;
    if (item.is(Type::Slice)) {
      auto &slice = item.as<py::SliceObject>();
      if (!bound(slice.start, 0, b) || !bound(slice.stop, 0, e) ||
          !bound(slice.step, 1, s))
        return false;
    } else if (item.isIntLike()) {
      b = item.asInt();
      e = b + 1;
    } else if (!item.isNone() && !item.is(Type::Ellipsis)) {
      return false;
    }
    packed[0].push_back(b);
    packed[1].push_back(e);
    packed[2].push_back(s);
  }
  return !items.empty();
}

static Value sliceFrom(TfRuntime &rt, const Value &x, const Value &key,
                       int64_t consumed, const std::string &first) {
  Interpreter &in = rt.in;
  Value t = rt.toTensor(x);
  needRank(rt, t, "a sliced tensor");
  const TensorType &type = rt.tensor(t).type;
  int64_t rank = type.shape.size();
  // A list key is a tuple of indices (TensorFlow's _slice_helper).
  ValueList items = key.is(Type::Tuple) || key.is(Type::List) ? in.toList(key)
                                                              : ValueList{key};
  // NumPy integer scalars index as Python ints.
  for (auto &item : items)
    if (auto *a = item.is(Type::Native)
                      ? dynamic_cast<NdArrayObject *>(item.raw())
                      : nullptr;
        a && a->value->type.shape.empty() && isInteger(a->value->type.dtype))
      item = Value::integer(a->value->elementAsInt(0));
  // _slice_helper makes each scalar tensor index's end, `i + 1`, before
  // the slice's own name scope: an "add" node kiln does not need, whose
  // name the ops after it count past ("while/add_1" after x[i] in a loop).
  if (rt.tracing && consumed == 0)
    for (auto &item : items)
      if (rt.isTensor(item) && isInteger(rt.tensor(item).type.dtype) &&
          !rt.tensor(item).type.unknownRank &&
          rt.tensor(item).type.shape.empty())
        rt.tracing->graph.uniqueName("add");
  std::vector<int64_t> packed[3];
  bool pythonKey = consumed == 0 && packedSliceBounds(items, packed);
  // Slice bounds that are integer tensors known at trace time are their
  // values: constants, and sizes shape inference evaluates (`n - 1` with
  // `n = tf.shape(x)[0]` of a static shape).
  auto known = [&](Value &bound) {
    if (!rt.isTensor(bound))
      return;
    HostTensorPtr c = rt.constantValue(bound);
    if (c) {
      if (c->type.shape.empty() && isInteger(c->type.dtype))
        bound = Value::integer(c->elementAsInt(0));
      return;
    }
    const TensorType &type = rt.tensor(bound).type;
    if (!type.unknownRank && type.shape.empty() &&
        (type.dtype == DType::Int32 || type.dtype == DType::Int64))
      if (Value folded = foldKnown(rt, bound); !rt.isTensor(folded))
        bound = folded;
  };
  for (auto &item : items)
    if (item.is(Type::Slice)) {
      auto copy = std::make_shared<py::SliceObject>(item.as<py::SliceObject>());
      known(copy->start);
      known(copy->stop);
      known(copy->step);
      item = Value::object(Type::Slice, copy);
    } else if (rt.isTensor(item) && !rt.constantValue(item)) {
      known(item);
    }
  // A leading index known at run time only: one row (GatherV2), then the
  // rest of the key on it.
  // (Also a known non-negative index into a dimension known at run time
  // only.)
  bool leadingDynamic =
      !items.empty() && rank > 0 &&
      ((rt.isTensor(items[0]) && !rt.constantValue(items[0])) ||
       (items[0].isIntLike() && !items[0].is(Type::Bool) &&
        items[0].asInt() >= 0 && type.shape[0] < 0));
  if (leadingDynamic) {
    if (!rt.isTensor(items[0]))
      items[0] = rt.toTensor(items[0], DType::Int32);
    requireScalarIndex(rt, items[0]);
    TensorType rowType = type;
    rowType.shape.erase(rowType.shape.begin());
    Value row = rt.apply("GatherV2", {t, items[0]}, {{"axis", int64_t(0)}},
                         rowType, "strided_slice");
    // TensorFlow's one StridedSlice checks each index: a bad one after the
    // first is that op's error, naming its dimension.
    std::string name = first;
    if (rt.tracing) {
      graph::Node &n = rt.tracing->graph.nodes[rt.tensor(row).out.node];
      if (consumed > 0) {
        n.errorName = first;
        n.attrs[graph::kSliceDimension] = consumed;
      } else {
        name = n.name;
      }
    }
    if (items.size() == 1)
      return row;
    return sliceFrom(rt, row,
                     in.tuple(ValueList(items.begin() + 1, items.end())),
                     consumed + 1, name);
  }
  if (std::count_if(items.begin(), items.end(), [](const Value &item) {
        return item.is(Type::Ellipsis);
      }) > 1)
    rt.raise("InvalidArgumentError",
             rt.tracing ? std::string("Multiple ellipses in slice spec not "
                                      "allowed")
                        : eagerKernelPrefix("StridedSlice") +
                              "Multiple ellipses in slice spec not allowed "
                              "[Op:StridedSlice] name: strided_slice/");
  // Expand `...` to full slices; pad the end with full slices.
  int64_t consuming = 0;
  for (auto &item : items)
    consuming += !item.isNone() && !item.is(Type::Ellipsis);
  if (consuming > rank) {
    std::string message = "Index out of range using input dim " +
                          std::to_string(rank) + "; input has only " +
                          std::to_string(rank) + " dims";
    // While tracing, shape inference finds it (after a run-time index,
    // the kernel).
    if (rt.tracing && consumed == 0)
      sliceShapeError(rt, t, items, message, true);
    rt.raise("InvalidArgumentError",
             rt.tracing ? message
                        : eagerKernelPrefix("StridedSlice") + message +
                              " [Op:StridedSlice] name: strided_slice/");
  }
  ValueList expanded;
  bool sawEllipsis = false;
  for (auto &item : items) {
    if (item.is(Type::Ellipsis) && !sawEllipsis) {
      sawEllipsis = true;
      for (int64_t k = 0; k < rank - consuming; ++k)
        expanded.push_back(Value::ellipsis()); // a full slice
      continue;
    }
    expanded.push_back(item);
  }
  std::vector<int64_t> offsets, sizes, strides, shape, reversed;
  std::vector<int64_t> reversedAtRunTime; // result axes
  std::vector<int64_t> indexed;           // input axes an index drops
  // Per result dimension: whether TensorFlow's shape inference still knows
  // its size when a bound is a tensor (a full slice, or a new axis).
  std::vector<bool> fullDim;
  // Dimensions known only at run time, or read with bounds known only at
  // run time: their bounds are computed in the compiled code (kind 1:
  // index `begin`; 2: begin/end/step as Python's slice, kNoSliceBound for a
  // missing bound). A bound held by a tensor is the node's input
  // `begin_in`/`end_in` (0: none).
  using graph::kNoSliceBound;
  std::vector<int64_t> dynKind, dynBegin, dynEnd, dynStep, beginIn, endIn;
  ValueList inputs{t};
  std::vector<int64_t> newAxes; // result axes tf.newaxis adds
  auto note = [&](int64_t kind, int64_t begin, int64_t end, int64_t step,
                  int64_t bIn = 0, int64_t eIn = 0) {
    dynKind.push_back(kind);
    dynBegin.push_back(begin);
    dynEnd.push_back(end);
    dynStep.push_back(step);
    beginIn.push_back(bIn);
    endIn.push_back(eIn);
  };
  auto noteStatic = [&] { note(0, 0, 0, 1); };
  // A scalar integer tensor whose value only the run time knows becomes an
  // input of the node; 0 for anything else.
  auto runTimeBound = [&](const Value &v) -> int64_t {
    if (!rt.isTensor(v) || rt.constantValue(v))
      return 0;
    requireScalarIndex(rt, v);
    inputs.push_back(v);
    return static_cast<int64_t>(inputs.size()) - 1;
  };
  int64_t d = 0;
  for (auto &item : expanded) {
    if (item.isNone()) {
      shape.push_back(1);
      fullDim.push_back(true);
      newAxes.push_back(static_cast<int64_t>(shape.size()) - 1);
      continue;
    }
    int64_t n = type.shape[d];
    Value index = item;
    if (int64_t at = runTimeBound(index)) {
      indexed.push_back(static_cast<int64_t>(offsets.size()));
      note(1, 0, 0, 1, at);
      offsets.push_back(0);
      sizes.push_back(1);
      strides.push_back(1);
      ++d;
      continue;
    }
    if (rt.isTensor(index)) {
      HostTensorPtr c = rt.constantValue(index);
      // _check_index: only int32 and int64 tensors index.
      if (!isInteger(c->type.dtype) || c->type.dtype == DType::UInt8)
        in.typeError(invalidIndex(in, index));
      if (c->type.numElements() != 1)
        rt.raise("InvalidArgumentError", invalidIndex(in, index));
      index = Value::integer(c->elementAsInt(0));
    }
    if (index.isIntLike()) {
      int64_t i = index.asInt();
      indexed.push_back(static_cast<int64_t>(offsets.size()));
      if (n < 0) {
        note(1, i, 0, 1);
        offsets.push_back(0);
        sizes.push_back(1);
        strides.push_back(1);
        ++d;
        continue;
      }
      noteStatic();
      if ((i < -n || i >= n) && rt.tracing) {
        std::string message =
            "slice index " + std::to_string(i < 0 ? i + n : i) +
            " of dimension " + std::to_string(d + consumed) + " out of bounds.";
        // After a run-time index, TensorFlow finds it when the function
        // runs.
        if (consumed > 0)
          rt.raise("InvalidArgumentError", message);
        sliceShapeError(rt, t, items, message);
      }
      if (i < -n || i >= n)
        rt.raise("InvalidArgumentError",
                 eagerKernelPrefix("StridedSlice") + "slice index " +
                     std::to_string(i < 0 ? i + n : i) + " of dimension " +
                     std::to_string(d) +
                     " out of bounds. [Op:StridedSlice] name: strided_slice/");
      offsets.push_back(i < 0 ? i + n : i);
      sizes.push_back(1);
      strides.push_back(1);
      ++d;
      continue;
    }
    Value start, stop, step;
    if (index.is(Type::Slice)) {
      auto &s = index.as<py::SliceObject>();
      start = s.start;
      stop = s.stop;
      step = s.step;
    } else if (!index.is(Type::Ellipsis)) {
      in.typeError(invalidIndex(in, index));
    }
    if (rt.isTensor(step) && !rt.constantValue(step))
      rt.raise("UnimplementedError",
               "kiln needs a slice's step known at trace time");
    int64_t stepValue = step.isNone() ? 1 : in.toIndex(step);
    if (stepValue == 0) {
      if (rt.tracing)
        in.valueError("slice step cannot be zero");
      rt.raise("InvalidArgumentError",
               eagerKernelPrefix("StridedSlice") + "strides[" +
                   std::to_string(d) +
                   "] must be non-zero [Op:StridedSlice] name: strided_slice/");
    }
    int64_t startIn = runTimeBound(start), stopIn = runTimeBound(stop);
    // `x[::-1]` along a dimension known at run time only: the whole
    // dimension, reversed after the slice.
    if (stepValue == -1 && n < 0 && start.isNone() && stop.isNone()) {
      reversedAtRunTime.push_back(static_cast<int64_t>(shape.size()));
      stepValue = 1;
    }
    if (stepValue < 0) {
      // Python's negative steps: the same elements as a positive-step
      // window read backwards, so the node reverses that dimension.
      if (n < 0 || startIn || stopIn)
        rt.raise("UnimplementedError",
                 "kiln needs a known dimension and bounds known at trace "
                 "time for a negative slice step");
      noteStatic();
      auto clampNeg = [&](const Value &v, int64_t dflt) {
        if (v.isNone())
          return dflt;
        int64_t i = in.toIndex(v);
        if (i < 0)
          i = std::max<int64_t>(-1, i + n);
        return std::min(i, n - 1);
      };
      int64_t first = clampNeg(start, n - 1), stopAt = clampNeg(stop, -1);
      int64_t count =
          first > stopAt ? (first - stopAt - 1) / (-stepValue) + 1 : 0;
      int64_t last = first + (count - 1) * stepValue;
      offsets.push_back(count ? last : 0);
      sizes.push_back(count);
      strides.push_back(-stepValue);
      reversed.push_back(static_cast<int64_t>(offsets.size()) - 1);
      shape.push_back(count);
      fullDim.push_back(false);
      ++d;
      continue;
    }
    if (n < 0 || startIn || stopIn) {
      bool whole = start.isNone() && stop.isNone() && stepValue == 1;
      auto bound = [&](const Value &v, int64_t isInput) {
        return v.isNone() ? kNoSliceBound : isInput ? 0 : in.toIndex(v);
      };
      note(whole ? 0 : 2, bound(start, startIn), bound(stop, stopIn), stepValue,
           startIn, stopIn);
      offsets.push_back(0);
      sizes.push_back(-1);
      strides.push_back(1);
      shape.push_back(-1);
      fullDim.push_back(false);
      ++d;
      continue;
    }
    noteStatic();
    auto clamp = [&](const Value &v, int64_t dflt) {
      if (v.isNone())
        return dflt;
      int64_t i = in.toIndex(v);
      if (i < 0)
        i = std::max<int64_t>(0, i + n);
      return std::min(i, n);
    };
    int64_t b = clamp(start, 0), e = clamp(stop, n);
    int64_t count = e > b ? (e - b - 1) / stepValue + 1 : 0;
    offsets.push_back(count ? b : 0);
    sizes.push_back(count);
    strides.push_back(stepValue);
    shape.push_back(count);
    fullDim.push_back(start.isNone() && stop.isNone() && stepValue == 1);
    ++d;
  }
  for (; d < rank; ++d) {
    offsets.push_back(0);
    sizes.push_back(type.shape[d] < 0 ? -1 : type.shape[d]);
    strides.push_back(1);
    shape.push_back(type.shape[d]);
    fullDim.push_back(true);
    noteStatic();
  }
  std::map<std::string, Attr> attrs = {{"offsets", offsets},
                                       {"sizes", sizes},
                                       {"strides", strides},
                                       {"reversed", reversed},
                                       {"T", type.dtype}};
  if (std::any_of(dynKind.begin(), dynKind.end(),
                  [](int64_t k) { return k != 0; })) {
    attrs["dyn_kind"] = dynKind;
    attrs["dyn_begin"] = dynBegin;
    attrs["dyn_end"] = dynEnd;
    attrs["dyn_step"] = dynStep;
    attrs["dyn_begin_in"] = beginIn;
    attrs["dyn_end_in"] = endIn;
    attrs["dyn_indexed"] = indexed;
    attrs["dyn_new_axes"] = newAxes;
    // When a bound is a tensor, TensorFlow's shape inference knows only the
    // sizes of full slices and new axes.
    if (inputs.size() > 1)
      for (size_t i = 0; i < shape.size(); ++i)
        if (!fullDim[i])
          shape[i] = -1;
  }
  OperandConsts operands(rt, "strided_slice");
  if (pythonKey)
    for (auto &bounds : packed)
      operands.inScope("stack", bounds);
  Value sliced = operands.attach(rt.apply(
      "StridedSlice", inputs, std::move(attrs), TensorType{type.dtype, shape},
      operands.name(), operands.exactName()));
  if (reversedAtRunTime.empty())
    return sliced;
  ValueList axes;
  for (int64_t a : reversedAtRunTime)
    axes.push_back(Value::integer(a));
  Value reverseFn = in.getAttr(in.importModule("tensorflow"), "reverse");
  return in.call(reverseFn, ValueList{sliced, in.list(std::move(axes))});
}

Value bitwise(TfRuntime &rt, const std::string &op, const Value &x,
              const Value &y, bool bools, const std::string &scope) {
  // The operators' reflected form (`1 | b`) converts the Python operand to
  // the tensor's dtype first, as TensorFlow's r_binary_op_wrapper does.
  Value t = bools && !rt.isTensor(x) && rt.isTensor(y)
                ? convertOperand(rt, x, rt.tensor(y).type.dtype, "x", "")
                : rt.toTensor(x);
  DType d = rt.tensor(t).type.dtype;
  bool invert = op == "Invert";
  if ((d != DType::Bool || !bools) && !isInteger(d)) {
    const char *allowed = "int8, int16, int32, int64, uint8, uint16, "
                          "uint32, uint64";
    rejectDType(rt, op, "x", "T", d, allowed, allowed,
                std::string(invert ? "; signature=x:T -> y:T"
                                   : "; signature=x:T, y:T -> z:T") +
                    "; attr=T:type,allowed=[DT_INT8, DT_INT16, DT_INT32, "
                    "DT_INT64, DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64]" +
                    (invert || op == "LeftShift" || op == "RightShift"
                         ? ">"
                         : "; is_commutative=true>"));
  }
  // kiln's logical ops are bitwise on integers; the rest is arithmetic
  // that is exact in two's complement: ~x = -1 - x (all ones minus x) and
  // x ^ y = (x | y) - (x & y).
  if (invert) {
    if (d == DType::Bool)
      return unaryOp(rt, "LogicalNot", t, "LogicalNot");
    Value ones = rt.toTensor(Value::integer(d == DType::UInt8 ? 255 : -1), d);
    return binaryOp(rt, "Sub", ones, t, "Invert");
  }
  if (op == "LeftShift" || op == "RightShift")
    return binaryOp(rt, op, t, y);
  // A Python operator opens its name scope ("and"): the logical op on
  // bools takes the scope's name, the integer op is named inside it
  // ("and/BitwiseAnd"), as TensorFlow names them.
  std::string name = op;
  std::optional<graph::ScopeGuard> operatorScope;
  if (!scope.empty() && d == DType::Bool)
    name = scope;
  else if (!scope.empty() && rt.tracing)
    operatorScope.emplace(rt.tracing->graph, scope);
  if (op == "BitwiseAnd")
    return binaryOp(rt, "LogicalAnd", t, y, name);
  if (op == "BitwiseOr")
    return binaryOp(rt, "LogicalOr", t, y, name);
  if (d == DType::Bool) // logical_xor
    return binaryOp(rt, "NotEqual", t, y, name);
  return asOneNode(rt, name, [&] {
    return binaryOp(rt, "Sub", binaryOp(rt, "LogicalOr", t, y),
                    binaryOp(rt, "LogicalAnd", t, y));
  });
}

Value asOneNode(TfRuntime &rt, const std::string &hint,
                const std::function<Value()> &parts) {
  if (!rt.tracing)
    return parts();
  graph::Graph &g = rt.tracing->graph;
  std::string name = g.uniqueName(hint);
  size_t before = g.nodes.size();
  Value out;
  {
    graph::ExactScope inside(g, name + "/");
    out = parts();
  }
  // (A result the parts did not make keeps its name.)
  if (int id = nodeMadeSince(rt, out, before); id >= 0)
    g.nodes[id].name = name;
  return out;
}

ApiNameScope::ApiNameScope(TfRuntime &rt, const Value &name,
                           const std::string &fallback) {
  if (!rt.tracing)
    return;
  guard_.emplace(rt.tracing->graph,
                 name.isNone() ? fallback : rt.in.toStr(name));
  name_ = rt.tracing->graph.scopeName();
  if (!name.isNone() && !rt.apiCalls.empty())
    rt.apiCalls.back().scopedByName = true;
}

std::vector<int64_t> broadcastSources(const std::vector<int64_t> &from,
                                      const std::vector<int64_t> &to) {
  int64_t n = 1;
  for (int64_t d : to)
    n *= d;
  std::vector<int64_t> out(static_cast<size_t>(n));
  size_t rank = to.size(), offset = rank - from.size();
  for (int64_t i = 0; i < n; ++i) {
    int64_t rest = i, src = 0, stride = 1;
    for (size_t k = rank; k-- > offset;) {
      int64_t coord = rest % to[k];
      rest /= to[k];
      int64_t dim = from[k - offset];
      src += (dim == 1 ? 0 : coord) * stride;
      stride *= dim;
    }
    out[static_cast<size_t>(i)] = src;
  }
  return out;
}

Value intConstant(TfRuntime &rt, const std::vector<int64_t> &values,
                  DType dtype) {
  return rt.constant(rt.hostFromPython(pyIntList(rt.in, values), dtype));
}

HostTensorPtr flatPositions(const std::vector<int64_t> &shape) {
  auto iota = std::make_shared<graph::HostTensor>();
  iota->type = TensorType{DType::Int64, shape};
  int64_t n = iota->type.numElements();
  iota->bytes.resize(static_cast<size_t>(n) * 8);
  for (int64_t i = 0; i < n; ++i)
    std::memcpy(iota->bytes.data() + i * 8, &i, 8);
  return iota;
}

ValueList splitNode(TfRuntime &rt, const Value &x, int64_t axis,
                    const std::vector<int64_t> &sizes, bool sizedPieces) {
  const TensorType &type = rt.tensor(x).type;
  ValueList parts;
  if (type.dtype == DType::String) { // no compiled kernel: host slices
    int64_t at = 0;
    for (int64_t size : sizes) {
      parts.push_back(sliceAxis(rt, x, axis, at, at + size));
      at += size;
    }
    return parts;
  }
  // Split(split_dim, value), or SplitV(value, size_splits, split_dim) with
  // the sizes a top-level constant made first.
  OperandConsts operands(rt, "split");
  if (sizedPieces)
    operands.beforeOp(sizes);
  operands.inScope("split_dim", {axis}, true);
  std::vector<TensorType> types;
  for (int64_t size : sizes) {
    TensorType t = type;
    t.shape[axis] = size;
    types.push_back(t);
  }
  parts = rt.applyMulti(sizedPieces ? "SplitV" : "Split", {x},
                        {{"axis", axis},
                         {"sizes", sizes},
                         {"num_split", int64_t(sizes.size())},
                         {"T", type.dtype}},
                        types, operands.name(), operands.exactName());
  if (!parts.empty()) {
    operands.attach(parts[0]);
    if (rt.tracing && !sizedPieces)
      rt.tracing->graph.nodes[rt.tensor(parts[0]).out.node].attrInputsFirst =
          true;
  }
  return parts;
}

ValueList splitAtRunTime(TfRuntime &rt, const Value &x, const Value &sizes,
                         int64_t axis) {
  Value given = rt.isTensor(sizes) ? sizes : rt.toTensor(sizes, DType::Int32);
  const TensorType &st = rt.tensor(given).type;
  if (!isInteger(st.dtype))
    rt.in.typeError("Value passed to parameter 'size_splits' has DataType " +
                    std::string(py::dtypeName(st.dtype)) +
                    " not in list of allowed values: int8, int32, int64");
  if (st.unknownRank || st.shape.size() != 1 || st.shape[0] < 0)
    rt.raise("UnimplementedError",
             "kiln needs the number of tf.split's pieces at trace time: give "
             "size_splits a known length, or pass num=");
  if (st.shape[0] == 0)
    rt.in.valueError("Attr 'num_split' of 'SplitV' Op passed 0 less than "
                     "minimum 1.");
  const TensorType &type = rt.tensor(x).type;
  if (type.dtype == DType::String)
    rt.raise("UnimplementedError",
             "kiln splits strings only by sizes known at trace time");
  // Sizes trace time knows give their pieces' sizes (-1 stays unknown).
  std::vector<TensorType> pieces(static_cast<size_t>(st.shape[0]), type);
  HostTensorPtr known = rt.constantValue(given);
  for (size_t k = 0; k < pieces.size(); ++k)
    pieces[k].shape[axis] =
        known ? std::max<int64_t>(known->elementAsInt(k), -1) : -1;
  OperandConsts operands(rt, "split");
  operands.inScope("split_dim", {axis}, true);
  ValueList parts =
      rt.applyMulti("SplitV", {x, given},
                    {{"axis", axis},
                     {"num_split", st.shape[0]},
                     {"T", type.dtype},
                     {"Tlen", st.dtype}},
                    pieces, operands.name(), operands.exactName());
  if (!parts.empty())
    operands.attach(parts[0]);
  return parts;
}

ValueList unpackNode(TfRuntime &rt, const Value &x, int64_t axis) {
  TensorType piece = rt.tensor(x).type;
  int64_t n = piece.shape[axis];
  if (n == 0) // (TensorFlow's graph has an Unpack with no outputs)
    return {};
  if (piece.dtype == DType::String) { // no compiled kernel: host slices
    ValueList parts;
    for (int64_t i = 0; i < n; ++i) {
      ValueList key;
      for (int64_t d = 0; d < axis; ++d)
        key.push_back(
            Value::object(Type::Slice, std::make_shared<py::SliceObject>()));
      key.push_back(Value::integer(i));
      parts.push_back(stridedSlice(rt, x, rt.in.tuple(std::move(key))));
    }
    return parts;
  }
  piece.shape.erase(piece.shape.begin() + axis);
  return rt.applyMulti(
      "Unpack", {x}, {{"axis", axis}, {"num", n}, {"T", piece.dtype}},
      std::vector<TensorType>(static_cast<size_t>(n), piece), "unstack");
}

Value sliceAxis(TfRuntime &rt, const Value &x, int64_t axis, int64_t begin,
                int64_t end) {
  ValueList key;
  for (int64_t d = 0; d < axis; ++d)
    key.push_back(
        Value::object(py::Type::Slice, std::make_shared<py::SliceObject>()));
  auto slice = std::make_shared<py::SliceObject>();
  slice->start = Value::integer(begin);
  slice->stop = Value::integer(end);
  key.push_back(Value::object(py::Type::Slice, slice));
  return stridedSlice(rt, x, rt.in.tuple(std::move(key)));
}

Value filledLike(TfRuntime &rt, const Value &like, double value) {
  assert((value == 0 || value == 1) && "ZerosLike or OnesLike");
  const TensorType &type = rt.tensor(like).type;
  if (type.isStatic())
    return filled(rt, type, value);
  return rt.apply(value == 0 ? "ZerosLike" : "OnesLike", {like},
                  {{"T", type.dtype}}, type,
                  value == 0 ? "zeros_like" : "ones_like");
}

Value filled(TfRuntime &rt, const TensorType &type, double value) {
  if (!type.isStatic())
    rt.raise("UnimplementedError",
             "kiln needs the shape of a filled tensor at trace time, not " +
                 (type.unknownRank ? std::string("an unknown rank")
                                   : type.shapeString()));
  rt.checkSize(type);
  auto host = graph::HostTensor::zeros(type);
  if (value != 0 && type.dtype != DType::String) {
    Value scalar =
        isFloating(type.dtype)
            ? Value::floating(value)
            : (type.dtype == DType::Bool ? Value::boolean(value != 0)
                                         : Value::integer((int64_t)value));
    HostTensorPtr one = rt.hostFromPython(scalar, type.dtype);
    size_t size = py::dtypeSize(type.dtype);
    for (int64_t i = 0; i < type.numElements(); ++i)
      std::memcpy(host->bytes.data() + i * size, one->bytes.data(), size);
  }
  return rt.constant(host);
}

} // namespace kiln::tf
