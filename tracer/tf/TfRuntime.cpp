// Tensor creation from Python values and op application, eager or traced.
#include "TfRuntime.h"
#include "EagerContext.h"
#include "NumPy.h"
#include "TfGradient.h"
#include "TfHostOps.h"
#include "TfIndexedSlices.h"
#include "TfObjects.h"
#include "TfOps.h"
#include "TfVariable.h"

#include <cmath>
#include <cstring>
#include <set>

namespace kiln::tf {

using py::Type;

bool isFloating(DType d) {
  return d == DType::Float16 || d == DType::BFloat16 || d == DType::Float32 ||
         d == DType::Float64;
}

bool isInteger(DType d) {
  return d == DType::Int8 || d == DType::Int16 || d == DType::Int32 ||
         d == DType::Int64 || d == DType::UInt8;
}

std::optional<DType> dtypeFromName(const std::string &name) {
  static const std::pair<const char *, DType> table[] = {
      {"bool", DType::Bool},         {"int8", DType::Int8},
      {"int16", DType::Int16},       {"int32", DType::Int32},
      {"int64", DType::Int64},       {"uint8", DType::UInt8},
      {"float16", DType::Float16},   {"half", DType::Float16},
      {"bfloat16", DType::BFloat16}, {"float32", DType::Float32},
      {"float", DType::Float32},     {"float64", DType::Float64},
      {"double", DType::Float64},    {"string", DType::String}};
  for (auto &[n, d] : table)
    if (name == n)
      return d;
  return std::nullopt;
}

const std::vector<OpErrorClass> &opErrorClasses() {
  // All of tf.errors' classes, so that scripts may name any of them.
  static const std::vector<OpErrorClass> classes = {
      {"CancelledError", "CANCELLED", 1},
      {"UnknownError", "UNKNOWN", 2},
      {"InvalidArgumentError", "INVALID_ARGUMENT", 3},
      {"DeadlineExceededError", "DEADLINE_EXCEEDED", 4},
      {"NotFoundError", "NOT_FOUND", 5},
      {"AlreadyExistsError", "ALREADY_EXISTS", 6},
      {"PermissionDeniedError", "PERMISSION_DENIED", 7},
      {"ResourceExhaustedError", "RESOURCE_EXHAUSTED", 8},
      {"FailedPreconditionError", "FAILED_PRECONDITION", 9},
      {"AbortedError", "ABORTED", 10},
      {"OutOfRangeError", "OUT_OF_RANGE", 11},
      {"UnimplementedError", "UNIMPLEMENTED", 12},
      {"InternalError", "INTERNAL", 13},
      {"UnavailableError", "UNAVAILABLE", 14},
      {"DataLossError", "DATA_LOSS", 15},
      {"UnauthenticatedError", "UNAUTHENTICATED", 16}};
  return classes;
}

void TfRuntime::raise(const std::string &type, const std::string &message) {
  py::ClassPtr cls = in.builtinClass(type);
  if (!cls) {
    in.raise("RuntimeError", message);
  }
  auto inst = std::make_shared<py::InstanceObject>();
  inst->cls = cls;
  // OpError.__init__ passes nothing to Exception's: its args stay empty
  // and str() is the message. Other classes keep the message in args.
  inst->setAttr(in, "message", in.str(message));
  // OpError's other attributes: eager kernels report no op or node_def.
  int code = 2; // UNKNOWN
  bool opError = false;
  for (auto &c : opErrorClasses())
    if (type == c.name) {
      code = c.code;
      opError = true;
    }
  if (!opError)
    inst->args.push_back(in.str(message));
  inst->setAttr(in, "error_code", Value::integer(code));
  inst->setAttr(in, "op", Value());
  inst->setAttr(in, "node_def", Value());
  in.raiseValue(Value::object(Type::Instance, inst));
}

SourceLoc TfRuntime::currentLoc() const {
  const py::Frame *f = const_cast<Interpreter &>(in).currentFrame();
  if (!f)
    return SourceLoc{0, 1};
  // Converted code's ops sit on their statement's first line.
  return SourceLoc{f->doNotConvert() ? f->line : f->sourceMapLine(), 1};
}

void TfRuntime::locate(graph::Node &n) const {
  n.loc = currentLoc();
  n.frames.clear();
  if (!tracing)
    return;
  // The frames below the one that called the traced function, outermost
  // first; kept when there is more than the function's own (the common
  // case, the function's own frame, allocates nothing).
  const py::Frame *f = const_cast<Interpreter &>(in).currentFrame();
  if (!f || f == tracing->caller ||
      (f->parent == tracing->caller && controlFlowLines.empty()))
    return;
  for (const py::Frame *inner = f; f && f != tracing->caller; f = f->parent) {
    int line = f == inner && f->parent == tracing->caller
                   ? static_cast<int>(n.loc.line)
               : f->doNotConvert() ? static_cast<int>(f->line)
                                   : static_cast<int>(f->sourceMapLine());
    n.frames.insert(n.frames.begin(), {line, f->name});
    // The staged statements of this frame that the node is inside of.
    for (auto it = controlFlowLines.rbegin(); it != controlFlowLines.rend();
         ++it)
      if (it->first == f)
        n.frames.insert(n.frames.begin(), {it->second, f->name});
  }
  if (!f || n.frames.size() < 2)
    n.frames.clear();
}

namespace {
bool contextInitialized = false;
} // namespace

bool eagerContextInitialized() { return contextInitialized; }

Value TfRuntime::eager(HostTensorPtr value) {
  contextInitialized = true;
  auto t = std::make_shared<TensorObject>();
  t->type = value->type;
  t->value = std::move(value);
  t->rt = this;
  return Value::object(Type::Tensor, t);
}

namespace {

/// Writes Python number `v` into element `i` of `t` as dtype `d`.
void store(graph::HostTensor &t, size_t i, double f, int64_t n, bool isInt) {
  uint8_t *p = t.bytes.data() + i * py::dtypeSize(t.type.dtype);
  switch (t.type.dtype) {
  case DType::Bool:
    *p = isInt ? n != 0 : f != 0;
    break;
  case DType::Int8:
    *reinterpret_cast<int8_t *>(p) =
        static_cast<int8_t>(isInt ? n : (int64_t)f);
    break;
  case DType::UInt8:
    *p = static_cast<uint8_t>(isInt ? n : (int64_t)f);
    break;
  case DType::Int16:
    *reinterpret_cast<int16_t *>(p) =
        static_cast<int16_t>(isInt ? n : (int64_t)f);
    break;
  case DType::Int32:
    *reinterpret_cast<int32_t *>(p) =
        static_cast<int32_t>(isInt ? n : (int64_t)f);
    break;
  case DType::Int64:
    *reinterpret_cast<int64_t *>(p) = isInt ? n : static_cast<int64_t>(f);
    break;
  case DType::Float32:
    *reinterpret_cast<float *>(p) = static_cast<float>(isInt ? double(n) : f);
    break;
  case DType::Float64:
    *reinterpret_cast<double *>(p) = isInt ? double(n) : f;
    break;
  case DType::Float16:
  case DType::BFloat16: {
    // TensorFlow converts a Python number to float first (NumPy's own
    // float16 arrays round once: castHost).
    float x = static_cast<float>(isInt ? double(n) : f);
    uint16_t h = t.type.dtype == DType::Float16 ? py::floatToHalf(x)
                                                : py::floatToBFloat16(x);
    std::memcpy(p, &h, 2);
    break;
  }
  case DType::String:
    break;
  }
}

/// Whether `v` is a sequence that converts as a dimension: a list, tuple
/// or range, or a NumPy array of rank 1 or more.
bool isSequence(const Value &v) {
  auto *array =
      v.is(Type::Native) ? dynamic_cast<NdArrayObject *>(v.raw()) : nullptr;
  return v.is(Type::List) || v.is(Type::Tuple) || v.is(Type::Range) ||
         (array && !array->scalar && !array->value->type.shape.empty());
}

struct Flattened {
  std::vector<int64_t> shape;
  ValueList leaves;
};

/// Flattens nested lists/tuples, checking that they are rectangular as
/// TensorFlow's eager conversion does: the first leaf's depth is the rank,
/// a sequence deeper is a mixture of types, a leaf shallower or lengths
/// that differ are not rectangular.
void flatten(TfRuntime &rt, const Value &v, size_t depth, Flattened &out) {
  Interpreter &in = rt.in;
  // (A list that holds itself never reaches a leaf.)
  if (depth > TfRuntime::kMaxRank)
    rt.raise("ValueError", "Can't convert a Python sequence nested more than " +
                               std::to_string(TfRuntime::kMaxRank) +
                               " deep to Tensor: a tensor has at most " +
                               std::to_string(TfRuntime::kMaxRank) +
                               " dimensions");
  // A range converts as the list of its numbers, a NumPy array as the
  // list of its rows (through NumPy).
  if (isSequence(v)) {
    if (!out.leaves.empty() && depth >= out.shape.size())
      rt.raise("ValueError",
               "Can't convert Python sequence with mixed types to Tensor.");
    ValueList items = in.toList(v);
    if (out.shape.size() <= depth)
      out.shape.push_back(static_cast<int64_t>(items.size()));
    else if (out.shape[depth] != static_cast<int64_t>(items.size()))
      rt.raise("ValueError",
               "Can't convert non-rectangular Python sequence to Tensor.");
    for (auto &item : items)
      flatten(rt, item, depth + 1, out);
    return;
  }
  if (depth < out.shape.size() && !out.leaves.empty())
    rt.raise("ValueError",
             "Can't convert non-rectangular Python sequence to Tensor.");
  out.leaves.push_back(v);
}

/// NumPy's check, level by level, that nested sequences make an array (a
/// graph constant converts through NumPy): the sequences at a level have
/// one length, and no scalar stands beside them.
void checkHomogeneous(TfRuntime &rt, const Value &v) {
  Interpreter &in = rt.in;
  ValueList level{v};
  std::vector<int64_t> dims;
  while (dims.size() <= TfRuntime::kMaxRank) { // (deeper: flatten's error)
    bool sequences = false, scalars = false, sameLength = true;
    int64_t length = -1;
    ValueList next;
    for (const Value &x : level) {
      if (!isSequence(x)) {
        scalars = true;
        continue;
      }
      sequences = true;
      ValueList items = in.toList(x);
      if (length >= 0 && int64_t(items.size()) != length)
        sameLength = false;
      length = int64_t(items.size());
      next.insert(next.end(), items.begin(), items.end());
    }
    if (!sequences)
      return;
    if (scalars || !sameLength) {
      std::string shape;
      for (int64_t d : dims)
        shape += (shape.empty() ? "" : ", ") + std::to_string(d);
      in.valueError("setting an array element with a sequence. The requested "
                    "array has an inhomogeneous shape after " +
                    std::to_string(dims.size()) +
                    " dimensions. The detected shape was (" + shape +
                    (dims.size() == 1 ? ",)" : ")") + " + inhomogeneous part.");
    }
    dims.push_back(length);
    level = std::move(next);
  }
}

} // namespace

std::string failedToConvert(Interpreter &in, const Value &v) {
  return "Failed to convert elements of " + in.repr(v) +
         " to Tensor. Consider casting elements to a supported type. See "
         "https://www.tensorflow.org/api_docs/python/tf/dtypes for supported "
         "TF dtypes.";
}

std::vector<std::pair<std::string, Value>> sortedItems(Interpreter &in,
                                                       const Value &dict) {
  std::vector<std::pair<std::string, Value>> items;
  for (auto &e : dict.as<py::DictObject>().table.entries())
    if (e.live)
      items.emplace_back(in.repr(e.key), e.value);
  std::sort(items.begin(), items.end(),
            [](auto &a, auto &b) { return a.first < b.first; });
  return items;
}

HostTensorPtr TfRuntime::hostFromPython(const Value &v,
                                        std::optional<DType> dtype) {
  // A NumPy array keeps its dtype, or converts as astype() does.
  if (v.is(Type::Native) && dynamic_cast<NdArrayObject *>(v.raw()))
    return npAsArray(*this, v, dtype);
  // A TensorShape converts to its sizes (int32, or int64 when asked), as
  // TensorFlow's registered conversion does.
  if (auto *shape = v.is(Type::Native)
                        ? dynamic_cast<TensorShapeObject *>(v.raw())
                        : nullptr;
      shape && (!dtype || *dtype == DType::Int32 || *dtype == DType::Int64)) {
    if (!shape->type.isStatic()) // its None sizes, as tf.constant says
      in.valueError("Attempt to convert a value (None) with an unsupported "
                    "type (<class 'NoneType'>) to a Tensor.");
    DType d = dtype.value_or(DType::Int32);
    auto t = graph::HostTensor::zeros(
        TensorType{d, {int64_t(shape->type.shape.size())}});
    for (size_t i = 0; i < shape->type.shape.size(); ++i) {
      int64_t size = shape->type.shape[i];
      if (d == DType::Int32) {
        int32_t narrow = int32_t(size);
        std::memcpy(t->bytes.data() + i * 4, &narrow, 4);
      } else {
        std::memcpy(t->bytes.data() + i * 8, &size, 8);
      }
    }
    return t;
  }
  // An operation (a tf.debugging assertion's, tf.group's) has a
  // conversion of its own that refuses it.
  if (isOperation(v))
    in.typeError("can't convert Operation '" + in.toStr(in.getAttr(v, "name")) +
                 "' to Tensor");
  if (tracing && (v.is(Type::List) || v.is(Type::Tuple)))
    checkHomogeneous(*this, v);
  Flattened flat;
  flatten(*this, v, 0, flat);
  // A graph constant's make_tensor_proto finds the sizes of lists and
  // tuples only, NumPy those of the arrays and ranges inside them too:
  // they must agree.
  if (tracing && (v.is(Type::List) || v.is(Type::Tuple))) {
    std::vector<int64_t> dense;
    for (Value at = v; at.is(Type::List) || at.is(Type::Tuple);) {
      ValueList items = in.toList(at);
      dense.push_back(int64_t(items.size()));
      if (items.empty())
        break;
      at = items[0];
    }
    auto text = [](const std::vector<int64_t> &dims) {
      std::string s;
      for (int64_t d : dims)
        s += (s.empty() ? "" : ", ") + std::to_string(d);
      return "[" + s + "]";
    };
    if (dense != flat.shape)
      in.valueError("Expected values " + in.repr(v) +
                    " to be a dense tensor with shape " + text(dense) +
                    ", but got shape " + text(flat.shape) + ".");
  }
  bool isList = v.is(Type::List) || v.is(Type::Tuple);
  // Inferred dtype: strings, else float if any float, else bool if all
  // bools, else int32.
  DType inferred = DType::Int32;
  bool anyFloat = false, allBool = !flat.leaves.empty(), anyStr = false,
       allStr = true;
  // A NumPy float scalar first decides the dtype, as TensorFlow's sequence
  // conversion infers it ([np.float64(1), 2.0] is float64).
  std::optional<DType> firstNumPyFloat;
  if (!flat.leaves.empty() && flat.leaves[0].is(Type::Native))
    if (auto *a = dynamic_cast<NdArrayObject *>(flat.leaves[0].raw()))
      if ((a->scalar || (!tracing && a->value->type.shape.empty())) &&
          isFloating(a->value->type.dtype))
        firstNumPyFloat = a->value->type.dtype;
  for (auto &leaf : flat.leaves) {
    Value number; // a NumPy scalar converts as the number it holds
    if (leaf.is(Type::Native) &&
        leaf.as<py::NativeObject>().toNumber(in, leaf, number))
      leaf = number;
    if (leaf.is(Type::Float))
      anyFloat = true;
    else if (leaf.is(Type::Str) || leaf.is(Type::Bytes))
      anyStr = true;
    else if (!leaf.isIntLike() && tracing && isList)
      // A graph constant checks each value against the dtype it is given,
      // or fails to find one through NumPy.
      in.typeError(dtype ? "Expected " + std::string(py::dtypeName(*dtype)) +
                               ", but got " + in.toStr(leaf) + " of type '" +
                               in.typeName(leaf) + "'."
                         : failedToConvert(in, v));
    else if (!leaf.isIntLike())
      // The sequence converter takes its type from the first leaf: a later
      // one it cannot convert is a mixture.
      in.valueError(&leaf == &flat.leaves.front()
                        ? "Attempt to convert a value (" + in.repr(leaf) +
                              ") with an unsupported type (<class '" +
                              in.typeName(leaf) + "'>) to a Tensor."
                        : std::string("Can't convert Python sequence with "
                                      "mixed types to Tensor."));
    if (!leaf.is(Type::Bool))
      allBool = false;
    if (!leaf.is(Type::Str) && !leaf.is(Type::Bytes))
      allStr = false;
  }
  // Eagerly a sequence that starts with a bool must hold bools only (unless
  // converted to another dtype); a graph constant converts through NumPy,
  // which takes them.
  bool firstBool = !flat.leaves.empty() && flat.leaves[0].is(Type::Bool);
  bool boolsMixed = !tracing && !allBool && !flat.shape.empty() && firstBool &&
                    (!dtype || *dtype == DType::Bool);
  if (anyStr && !allStr && tracing && isList && !dtype)
    in.typeError(failedToConvert(in, v));
  if ((anyStr && !allStr) || boolsMixed)
    in.valueError("Can't convert Python sequence with mixed types to Tensor.");
  bool wide = false;
  for (auto &leaf : flat.leaves)
    if (leaf.is(Type::Int) &&
        (leaf.asInt() < INT32_MIN || leaf.asInt() > INT32_MAX))
      wide = true;
  if (anyStr)
    inferred = DType::String;
  else if (firstNumPyFloat)
    inferred = *firstNumPyFloat;
  else if (anyFloat || flat.leaves.empty())
    inferred = DType::Float32; // [] is float32, as in TensorFlow
  else if (allBool)
    inferred = DType::Bool;
  else if (wide)
    inferred = DType::Int64;
  DType d = dtype ? *dtype : inferred;
  // An inferred float32 that a Python float overflows is an error (with an
  // explicit dtype it becomes inf).
  if (!dtype && d == DType::Float32)
    for (auto &leaf : flat.leaves)
      if (leaf.is(Type::Float) && std::isfinite(leaf.asFloat()) &&
          std::isinf(static_cast<float>(leaf.asFloat())))
        in.valueError("Can't convert Python sequence with a value out of "
                      "range for a double-precision float.");
  auto t = std::make_shared<graph::HostTensor>();
  t->type.dtype = d;
  t->type.shape = flat.shape;
  // A value `leaf` of `v` that dtype `d` cannot hold: the eager
  // conversion's error, or inside a function the graph constant's.
  auto refuse = [&](const Value &leaf) {
    if (tracing)
      in.typeError("Expected " + kernelTypeName(d) + ", but got " +
                   in.toStr(leaf) + " of type '" + in.typeName(leaf) + "'.");
    in.typeError("Cannot convert " + in.repr(v) + " to EagerTensor of dtype " +
                 kernelTypeName(d));
  };
  if (d == DType::String) {
    for (auto &leaf : flat.leaves) {
      if (!leaf.is(Type::Str) && !leaf.is(Type::Bytes))
        refuse(leaf);
      t->strings.push_back(leaf.is(Type::Str) ? leaf.as<py::StrObject>().s
                                              : leaf.as<py::BytesObject>().s);
    }
    return t;
  }
  if (anyStr)
    for (auto &leaf : flat.leaves)
      if (leaf.is(Type::Str) || leaf.is(Type::Bytes))
        refuse(leaf);
  t->bytes.resize(flat.leaves.size() * py::dtypeSize(d));
  for (size_t i = 0; i < flat.leaves.size(); ++i) {
    const Value &leaf = flat.leaves[i];
    // TensorFlow converts no Python float to an integer dtype, even 2.0,
    // nor an int to a bool.
    if ((leaf.is(Type::Float) && (isInteger(d) || d == DType::Bool)) ||
        (leaf.isIntLike() && d == DType::Bool && !leaf.is(Type::Bool)))
      refuse(leaf);
    store(*t, i, leaf.is(Type::Float) ? leaf.asFloat() : 0,
          leaf.isIntLike() ? leaf.asInt() : 0, leaf.isIntLike());
  }
  return t;
}

std::string TfRuntime::conversionError(const Value &t, DType dtype) {
  return std::string("Tensor conversion requested dtype ") +
         py::dtypeName(dtype) + " for Tensor with dtype " +
         py::dtypeName(tensor(t).type.dtype) + ": " + in.repr(t);
}

Value TfRuntime::toTensor(const Value &v, std::optional<DType> dtype,
                          const std::string &packName) {
  if (isTensor(v)) {
    if (dtype && *dtype != tensor(v).type.dtype)
      in.valueError(conversionError(v, *dtype));
    return v;
  }
  if (VariableObject *var = asVariable(v)) {
    Value read = readVariable(*this, *var);
    if (ApiCall *call = convertingCall())
      call->reads.push_back(tensor(read).out.node);
    return toTensor(read, dtype);
  }
  if (IndexedSlicesObject *slices = asIndexedSlices(v))
    return toTensor(densify(*this, *slices), dtype);
  // A list holding tensors or variables is packed, its Python numbers
  // converted to their dtype (TensorFlow's auto-packing).
  if (v.is(Type::List) || v.is(Type::Tuple)) {
    std::function<std::optional<DType>(const Value &)> packedDType =
        [&](const Value &x) -> std::optional<DType> {
      if (isTensor(x))
        return tensor(x).type.dtype;
      if (VariableObject *var = asVariable(x))
        return var->state->type.dtype;
      if (x.is(Type::List) || x.is(Type::Tuple))
        for (auto &item : in.toList(x))
          if (auto d = packedDType(item))
            return d;
      return std::nullopt;
    };
    if (auto d = packedDType(v)) {
      if (tracing) // in the name scope "packed", as _autopacking_helper
        return autopack(v, dtype ? *dtype : *d,
                        packName.empty() ? tracing->graph.uniqueName("packed")
                                         : packName);
      ValueList parts;
      for (auto &item : in.toList(v))
        parts.push_back(toTensor(item, dtype ? dtype : d));
      return concat(*this, parts, 0, "Pack");
    }
  }
  // A Python constant inside a traced function is a Const node; so is a
  // NumPy array (hostFromPython converts it as astype() does).
  return constant(hostFromPython(v, dtype));
}

Value TfRuntime::autopack(const Value &list, DType dtype,
                          const std::string &scope) {
  // Element i is "<scope>/<i>" when a Python value (a nested list packed in
  // that scope too); the Pack node is the scope itself.
  ValueList parts, items = in.toList(list);
  for (size_t i = 0; i < items.size(); ++i) {
    const Value &item = items[i];
    std::string name = scope + "/" + std::to_string(i);
    if (item.is(Type::List) || item.is(Type::Tuple))
      parts.push_back(autopack(item, dtype, name));
    else if (isTensor(item) || asVariable(item))
      parts.push_back(toTensor(item, dtype));
    else
      parts.push_back(constant(hostFromPython(item, dtype), name, true));
  }
  return concat(*this, parts, 0, "Pack", scope);
}

Value TfRuntime::constant(HostTensorPtr host, const std::string &name,
                          bool exactName) {
  if (!tracing)
    return eager(std::move(host));
  TensorType type = host->type;
  return apply("Const", {}, {{"value", host}, {"dtype", type.dtype}}, type,
               name, exactName);
}

HostTensorPtr TfRuntime::constantValue(const Value &v) const {
  auto &t = tensor(v);
  if (!t.symbolic())
    return t.value;
  // Through Identity nodes (a nested function's outputs are Identities),
  // but not through one that checks its value when the function runs
  // (tf.slice's bounds): the check must stay in the graph.
  const graph::Graph &g = t.trace->graph;
  graph::Output o = t.out;
  while (g.nodes[o.node].op == "Identity" && g.nodes[o.node].inputs.size() == 1)
    o = g.nodes[o.node].inputs[0];
  const graph::Node &n = g.nodes[o.node];
  if (n.op == "Const")
    if (auto *p = std::get_if<HostTensorPtr>(&n.attrs.at("value")))
      return *p;
  return nullptr;
}

bool TfRuntime::encloses(const TraceState *trace) const {
  for (const TraceState *s = tracing ? tracing->enclosing : nullptr; s;
       s = s->enclosing)
    if (s == trace)
      return true;
  return false;
}

graph::Output TfRuntime::captureOuter(const Value &v) {
  const TensorObject &t = tensor(v);
  for (auto &[id, captured] : tracing->outerCaptures)
    if (captured.raw() == v.raw())
      return {id, 0};
  // An argument of the body, wherever the first use is (as a variable's).
  graph::Graph &g = tracing->graph;
  graph::RegionGuard restore(g);
  g.current = -1;
  graph::Node p;
  p.op = "Placeholder";
  p.name = g.uniqueName("Placeholder");
  p.outputs = {t.type};
  p.attrs["dtype"] = t.type.dtype;
  int id = g.add(std::move(p));
  g.args.push_back(id);
  tracing->outerCaptures.emplace_back(id, v);
  return {id, 0};
}

Value TfRuntime::symbolic(graph::Output o) {
  auto t = std::make_shared<TensorObject>();
  t->type = tracing->graph.typeOf(o);
  t->trace = tracing;
  t->traceOwner = tracing->shared_from_this();
  t->out = o;
  t->rt = this;
  return Value::object(Type::Tensor, t);
}

graph::Output TfRuntime::graphOutput(const Value &v) {
  auto &t = tensor(v);
  if (t.symbolic()) {
    if (t.trace != tracing && encloses(t.trace))
      return captureOuter(v);
    if (t.trace != tracing)
      in.typeError("An op outside of the function building code is being "
                   "passed a \"Graph\" tensor. It is possible to have Graph "
                   "tensors leak out of the function building context by "
                   "including a tf.init_scope in your function building code.");
    const graph::Graph &g = tracing->graph;
    const graph::Node &n = g.nodes[t.out.node];
    if (!g.visible(n.region)) {
      // TensorFlow's message: where the tensor was made, and the graphs
      // (kiln's body graphs have no ids; the traced function's address
      // stands in for them).
      std::string text = "<tf.Tensor '" + n.name + ":" +
                         std::to_string(t.out.index) +
                         "' shape=" + t.type.shapeString() +
                         " dtype=" + py::dtypeName(t.type.dtype) + ">";
      std::string defined = definedAtText(g, n);
      std::string id = std::to_string(reinterpret_cast<uintptr_t>(tracing));
      raise("InaccessibleTensorError",
            text +
                " is out of scope and cannot be used here. Use return "
                "values, explicit Python locals or TensorFlow collections to "
                "access it.\nPlease see https://www.tensorflow.org/guide/"
                "function#all_outputs_of_a_tffunction_must_be_return_values "
                "for more information.\n\n" +
                text + " was defined here:\n" + defined + "\nThe tensor " +
                text +
                " cannot be accessed from FuncGraph(name=" + g.functionName() +
                ", id=" + id + "), because it was defined in FuncGraph(name=" +
                g.regionGraphName(n.region) + ", id=" + id +
                "), which is out of scope.");
    }
    return t.out;
  }
  // Constants of eager tensors live in the function body, where every
  // region can read them.
  int region = tracing->graph.current;
  tracing->graph.current = -1;
  struct Restore {
    graph::Graph &g;
    int r;
    ~Restore() { g.current = r; }
  } restore{tracing->graph, region};
  // An eager tensor captured by the function: a constant of the graph.
  auto found = tracing->captured.find(t.value.get());
  if (found != tracing->captured.end())
    return {found->second, 0};
  graph::Node n;
  n.op = "Const";
  n.name = tracing->graph.uniqueName(captureName_.empty() ? std::string("Const")
                                                          : captureName_);
  n.attrs["value"] = t.value;
  n.attrs["dtype"] = t.type.dtype;
  // TensorFlow passes a captured tensor in as an input (a placeholder):
  // grappler's rewrites of constants leave it alone.
  n.attrs["captured"] = true;
  n.outputs = {t.type};
  locate(n);
  int id = tracing->graph.add(std::move(n));
  tracing->captured[t.value.get()] = id;
  tracing->capturedTensors.push_back(v);
  return {id, 0};
}

/// The name op `op` gives its input `i` in TensorFlow's op def, for the ops
/// that commonly take a captured eager tensor; null for others (their
/// captures are named "Const").
static const char *inputParam(const std::string &op, size_t i) {
  static const std::set<std::string> binary = {
      "AddV2",   "Sub",           "Mul",        "RealDiv",
      "Div",     "DivNoNan",      "FloorDiv",   "FloorMod",
      "Maximum", "Minimum",       "Pow",        "SquaredDifference",
      "Equal",   "NotEqual",      "Less",       "LessEqual",
      "Greater", "GreaterEqual",  "LogicalAnd", "LogicalOr",
      "Atan2",   "BatchMatMulV2", "Xdivy",      "Xlogy"};
  static const std::set<std::string> unaryX = {
      "Exp",   "Log",  "Log1p",      "Sqrt",      "Rsqrt", "Tanh",  "Sigmoid",
      "Abs",   "Neg",  "Square",     "Sin",       "Cos",   "Floor", "Ceil",
      "Round", "Sign", "Reciprocal", "Transpose", "Cast"};
  static const std::set<std::string> firstIsInput = {
      "Sum",      "Mean",       "Prod",    "Max",   "Min",  "All",
      "Any",      "ArgMax",     "ArgMin",  "Shape", "Size", "Rank",
      "Identity", "ExpandDims", "Squeeze", "Tile"};
  if (op == "MatMul")
    return i == 0 ? "a" : i == 1 ? "b" : nullptr;
  if (binary.count(op))
    return i == 0 ? "x" : i == 1 ? "y" : nullptr;
  if (i == 0 && unaryX.count(op))
    return "x";
  if (i == 0 && firstIsInput.count(op))
    return "input";
  if (op == "Relu" || op == "Relu6" || op == "Elu" || op == "Selu" ||
      op == "Softplus")
    return i == 0 ? "features" : nullptr;
  if (op == "Softmax" || op == "LogSoftmax")
    return i == 0 ? "logits" : nullptr;
  if (op == "Reshape")
    return i == 0 ? "tensor" : i == 1 ? "shape" : nullptr;
  if (op == "GatherV2")
    return i == 0 ? "params" : i == 1 ? "indices" : nullptr;
  if (op == "BiasAdd")
    return i == 0 ? "value" : i == 1 ? "bias" : nullptr;
  if (op == "SelectV2")
    return i == 0 ? "condition" : i == 1 ? "t" : i == 2 ? "e" : nullptr;
  return nullptr;
}

static std::string typeKey(const TensorType &t) {
  std::string key = py::dtypeName(t.dtype);
  key += "[";
  for (int64_t d : t.shape)
    key += std::to_string(d) + ",";
  return key + "]";
}

static std::string attrKey(const Attr &a) {
  return std::visit(
      [](auto &&v) -> std::string {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, int64_t> || std::is_same_v<T, double>)
          return std::to_string(v);
        else if constexpr (std::is_same_v<T, bool>)
          return v ? "T" : "F";
        else if constexpr (std::is_same_v<T, std::string>)
          return v;
        else if constexpr (std::is_same_v<T, std::vector<int64_t>>) {
          std::string s;
          for (int64_t x : v)
            s += std::to_string(x) + ",";
          return s;
        } else if constexpr (std::is_same_v<T, DType>)
          return py::dtypeName(v);
        else if constexpr (std::is_same_v<T, HostTensorPtr>)
          return "tensor@" +
                 std::to_string(reinterpret_cast<uintptr_t>(v.get()));
        else
          return "?";
      },
      a);
}

void TfRuntime::applyEffect(const std::string &op, const ValueList &inputs,
                            std::map<std::string, Attr> attrs,
                            const std::string &exactName) {
  graph::Node n;
  n.op = op;
  n.name = exactName.empty() ? tracing->graph.uniqueName(op) : exactName;
  for (auto &v : inputs)
    n.inputs.push_back(graphOutput(v));
  n.attrs = std::move(attrs);
  locate(n);
  tracing->graph.add(std::move(n));
}

std::string TfRuntime::definedAtText(const graph::Graph &g,
                                     const graph::Node &n) {
  std::string path = in.scriptPath(), defined;
  for (auto &[line, caller] : g.definedAt(n))
    defined += "    File \"" + path + "\", line " + std::to_string(line) +
               ", in " + caller + "\n";
  return defined;
}

void TfRuntime::outOfScope(const Value &v) {
  const TensorObject &t = tensor(v);
  std::string text = in.repr(v);
  std::string function = t.trace->graph.functionName();
  std::string defined =
      definedAtText(t.trace->graph, t.trace->graph.nodes[t.out.node]);
  in.typeError(
      text +
      " is out of scope and cannot be used here. Use return values, "
      "explicit Python locals or TensorFlow collections to access it.\n"
      "Please see https://www.tensorflow.org/guide/"
      "function#all_outputs_of_a_tffunction_must_be_return_values for more "
      "information.\n\n" +
      text + " was defined here:\n" + defined + "\nThe tensor " + text +
      " cannot be accessed from here, because it was defined in "
      "FuncGraph(name=" +
      function +
      ", id=" + std::to_string(reinterpret_cast<uintptr_t>(t.trace)) +
      "), which is out of scope.");
}

Value TfRuntime::apply(const std::string &op, const ValueList &inputs,
                       std::map<std::string, Attr> attrs, TensorType result,
                       const std::string &nameHint, bool exactName) {
  return applyMulti(op, inputs, std::move(attrs), {std::move(result)}, nameHint,
                    exactName)[0];
}

ValueList TfRuntime::applyMulti(const std::string &op, const ValueList &inputs,
                                std::map<std::string, Attr> attrs,
                                std::vector<TensorType> results,
                                const std::string &nameHint, bool exactName) {
  if (tapes.empty())
    return applyOp(op, inputs, std::move(attrs), std::move(results), nameHint,
                   exactName);
  std::map<std::string, Attr> recorded = attrs;
  ValueList out = applyOp(op, inputs, std::move(attrs), std::move(results),
                          nameHint, exactName);
  recordOperation(*this, op, inputs, out, recorded);
  return out;
}

void TfRuntime::checkSize(const TensorType &t) {
  if (t.unknownRank)
    return;
  int64_t elements = 1, bytes = 0;
  bool elementsOverflow = false;
  for (int64_t d : t.shape)
    if (d >= 0)
      elementsOverflow |= __builtin_mul_overflow(elements, d, &elements);
  if (elementsOverflow)
    raise("InvalidArgumentError", "Shape " + shapeList(t.shape) +
                                      " would have more than 2**63 - 1 "
                                      "elements");
  if (t.dtype != DType::String &&
      __builtin_mul_overflow(
          elements, static_cast<int64_t>(py::dtypeSize(t.dtype)), &bytes))
    raise("ResourceExhaustedError", "OOM when allocating tensor with shape" +
                                        shapeList(t.shape) + " and type " +
                                        py::dtypeName(t.dtype));
}

ApiCallScope::ApiCallScope(TfRuntime &rt, bool namesReads)
    : rt_(rt), on_(rt.tracing != nullptr) {
  if (!on_)
    return;
  TfRuntime::ApiCall call;
  call.depth = rt.in.recursionDepth();
  call.graph = &rt.tracing->graph;
  call.scope = rt.tracing->graph.scope;
  call.namesReads = namesReads;
  rt.apiCalls.push_back(std::move(call));
}

ApiCallScope::~ApiCallScope() {
  if (on_)
    rt_.apiCalls.pop_back();
}

TfRuntime::ApiCall *TfRuntime::convertingCall() {
  if (!tracing || apiCalls.empty())
    return nullptr;
  // Only the outermost call: tf.* functions that kiln's composites or the
  // user's callbacks call inside another read as before, unscoped or in
  // the scope the composite opened.
  if (apiCalls.size() != 1)
    return nullptr;
  ApiCall &call = apiCalls.back();
  return call.namesReads && call.depth == in.recursionDepth() &&
                 call.graph == &tracing->graph &&
                 call.scope == tracing->graph.scope
             ? &call
             : nullptr;
}

void TfRuntime::nameReadsInScope(ApiCall &call, int consumer) {
  graph::Graph &g = tracing->graph;
  std::vector<int> taken;
  for (const graph::Output &input : g.nodes[consumer].inputs)
    if (std::find(call.reads.begin(), call.reads.end(), input.node) !=
            call.reads.end() &&
        std::find(taken.begin(), taken.end(), input.node) == taken.end())
      taken.push_back(input.node);
  std::sort(taken.begin(), taken.end());
  // An op of a composite the call made in a scope of its own ("norm/mul")
  // reads in that scope ("norm/ReadVariableOp"): TensorFlow's composites
  // convert their inputs when they open it.
  const std::string &name = g.nodes[consumer].name;
  size_t inner = name.find('/', call.scope.size());
  g.renameAll(taken,
              (inner == std::string::npos ? name : name.substr(0, inner)) +
                  "/ReadVariableOp");
  for (int read : taken)
    call.reads.erase(std::find(call.reads.begin(), call.reads.end(), read));
}

ValueList TfRuntime::applyOp(const std::string &op, const ValueList &inputs,
                             std::map<std::string, Attr> attrs,
                             std::vector<TensorType> results,
                             const std::string &nameHint, bool exactName) {
  if (results.empty()) // (callers leave out ops with no outputs)
    raise("UnimplementedError",
          "kiln cannot make a " + op + " node with no outputs");
  const TensorType &result = results[0];
  for (const TensorType &t : results) { // sizes kiln can hold
    // TensorFlow's own rank limit, where it aborts the process. (An
    // Identity passes an argument on: compiling names the argument.)
    if (!t.unknownRank && t.shape.size() > kMaxRank && op != "Identity")
      raise("InvalidArgumentError",
            "Too many dimensions in tensor: " + std::to_string(t.shape.size()) +
                ", more than the " + std::to_string(kMaxRank) +
                " a tensor can have");
    checkSize(t);
  }
  if (tracing) {
    graph::Node n;
    n.op = op;
    n.name = exactName
                 ? nameHint
                 : tracing->graph.uniqueName(nameHint.empty() ? op : nameHint);
    for (size_t i = 0; i < inputs.size(); ++i) {
      // An eager tensor the op captures is named after the op's input.
      const char *param = inputParam(op, i);
      captureName_ = param ? n.name + "/" + param : "";
      n.inputs.push_back(graphOutput(inputs[i]));
    }
    captureName_.clear();
    n.attrs = std::move(attrs);
    n.outputs = results;
    locate(n);
    int id = tracing->graph.add(std::move(n));
    if (ApiCall *call = convertingCall())
      nameReadsInScope(*call, id);
    ValueList out;
    for (size_t i = 0; i < results.size(); ++i)
      out.push_back(symbolic({id, static_cast<int>(i)}));
    return out;
  }
  if (op == "Const") // eager constants need no compilation
    return {eager(std::get<HostTensorPtr>(attrs.at("value")))};
  for (auto &v : inputs)
    if (tensor(v).symbolic())
      outOfScope(v);
  bool strings = result.dtype == DType::String;
  for (auto &v : inputs)
    strings |= tensor(v).type.dtype == DType::String;
  if (strings) {
    // MLIR has no strings: these run on the host.
    graph::Node n;
    n.op = op;
    n.attrs = attrs;
    n.outputs = {result};
    std::vector<HostTensorPtr> hostInputs;
    for (auto &v : inputs)
      hostInputs.push_back(tensor(v).value);
    HostTensorPtr out;
    std::string error;
    if (!runHostKernel(n, hostInputs, out, error)) {
      std::string type, message;
      if (splitKernelError(error, type, message))
        raise(type, eagerKernelPrefix(op) + message +
                        eagerOpSuffix(op, !pythonOperands));
      raise("UnimplementedError", error + " (string tensors)");
    }
    return {eager(out)};
  }
  // Eager: a one-op function, compiled once per signature.
  std::string key = op;
  std::vector<HostTensorPtr> hostInputs;
  for (auto &v : inputs) {
    key += "|" + typeKey(tensor(v).type);
    hostInputs.push_back(tensor(v).value);
  }
  for (auto &[name, a] : attrs)
    key += "|" + name + "=" + attrKey(a);
  for (const TensorType &r : results)
    key += "->" + typeKey(r);
  const graph::Executor::Compiled *fn;
  auto cached = eagerCache_.find(key);
  if (cached != eagerCache_.end()) {
    fn = cached->second;
  } else {
    graph::Graph g;
    g.name = "eager_" + std::to_string(eagerCache_.size());
    for (auto &v : inputs) {
      graph::Node p;
      p.op = "Placeholder";
      p.name = g.uniqueName("x");
      p.outputs = {tensor(v).type};
      g.args.push_back(g.add(std::move(p)));
    }
    graph::Node n;
    n.op = op;
    n.name = g.uniqueName(op);
    for (int arg : g.args)
      n.inputs.push_back({arg, 0});
    n.attrs = attrs;
    n.outputs = results;
    int id = g.add(std::move(n));
    for (size_t i = 0; i < results.size(); ++i)
      g.results.push_back({id, static_cast<int>(i)});
    std::string error;
    fn = executor.compile(g, error);
    if (!fn)
      raise("InternalError", "kiln could not compile " + op + ": " + error);
    eagerCache_[key] = fn;
  }
  std::vector<HostTensorPtr> outputs;
  std::string error;
  if (!executor.run(fn, hostInputs, outputs, error)) {
    const std::string oom = "ResourceExhaustedError: ";
    if (error.compare(0, oom.size(), oom) == 0)
      raise("ResourceExhaustedError", error.substr(oom.size()));
    // A run-time check of the op failed (MatrixInverse of a singular
    // matrix): the kernel's error, as an eager op reports it.
    const std::string start = " defined at (most recent call last):\n",
                      end = "\n\t [[{{node ";
    size_t colon = error.find(": "), from = error.find(start),
           to = error.rfind(end);
    if (colon != std::string::npos && from != std::string::npos &&
        to != std::string::npos && to > from)
      // Ops whose Python wrappers pass no name end without " name: ".
      raise(error.substr(0, colon),
            eagerKernelPrefix(op) +
                error.substr(from + start.size(), to - from - start.size()) +
                eagerOpSuffix(op, op != "ReverseSequence" && !pythonOperands));
    raise("InternalError", error);
  }
  ValueList out;
  for (HostTensorPtr &o : outputs)
    out.push_back(eager(std::move(o)));
  return out;
}

} // namespace kiln::tf
