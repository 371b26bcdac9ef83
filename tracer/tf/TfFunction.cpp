// tf.function: a Python function plus a cache of concrete functions keyed by
// the TraceType of the arguments. A miss traces the Python function into a
// graph (Python side effects run once, here), compiles it, and every call
// then runs compiled code.
#include "TfFunction.h"
#include "TfData.h"

#include "CallAttrs.h"
#include "autograph/Autograph.h"

#include "PyFunctionRuns.h"
#include "RankSpecialize.h"
#include "StdlibModules.h"
#include "TensorArray.h"
#include "TensorFormat.h"
#include "TfGradient.h"
#include "TfHostOps.h"
#include "TfIndexedSlices.h"
#include "TfModuleBuilder.h"
#include "TfObjects.h"
#include "TfOps.h"
#include "TfPrint.h"
#include "TfVariable.h"

#include <sstream>

#include "kiln/frontend/Resolver.h"

namespace kiln::py {
std::string reprString(const std::string &s); // Repr.cpp
}

#include <cctype>
#include <filesystem>

namespace kiln::tf {

using py::Type;

namespace {

/// AutoGraph stages tensor-dependent control flow (or not) until the scope
/// ends.
struct StagingScope {
  StagingScope(Interpreter &in, bool staging)
      : in(in), old(in.setStaging(staging)) {}
  ~StagingScope() { in.setStaging(old); }
  StagingScope(const StagingScope &) = delete;
  StagingScope &operator=(const StagingScope &) = delete;
  Interpreter &in;
  bool old;
};

/// TensorFlow's error for an argument it can neither hold by weak reference
/// (and hash) nor compare as a literal: a set, an object with __eq__ but
/// no __hash__.
[[noreturn]] void unhashableArgument(Interpreter &in, const Value &v) {
  in.typeError("Could not generate a generic TraceType for " + in.repr(v) +
               ".Please verify that it is immutable/hashable. Otherwise, "
               "consider implementing the Tracing Protocol for it.");
}

/// The key of a Python value in the cache, with tensors reduced to their
/// dtype (their shapes are matched separately, to allow subtyping: a fixed
/// dimension < None < unknown rank). `variables` holds the variables met
/// so far, in order: a variable's key holds its place among them.
void traceKey(Interpreter &in, const Value &v, std::string &key,
              std::vector<TensorType> &tensors,
              std::vector<const VariableState *> &variables) {
  switch (v.type()) {
  case Type::Tensor: {
    auto &t = v.as<TensorObject>();
    key += "T(" + std::string(py::dtypeName(t.type.dtype)) + ")";
    tensors.push_back(t.type);
    return;
  }
  case Type::List:
  case Type::Tuple: {
    // Each level of nesting costs TensorFlow's tracing Python frames: too
    // deep an argument is its RecursionError (also no quadratic walk).
    Interpreter::RecursionScope level(in, " while calling a Python object");
    key += v.is(Type::List) ? "L[" : "U(";
    for (auto &item : in.toList(v)) {
      traceKey(in, item, key, tensors, variables);
      key += ",";
    }
    key += "]";
    return;
  }
  case Type::Dict: {
    Interpreter::RecursionScope level(in, " while calling a Python object");
    key += "D{";
    for (auto &[k, value] : sortedItems(in, v)) {
      key += k + ":";
      traceKey(in, value, key, tensors, variables);
      key += ",";
    }
    key += "}";
    return;
  }
  case Type::Bool:
  case Type::Int:
  case Type::Float: {
    // 1, 1.0 and True are equal, hash alike, and so share a trace.
    double d = v.toDouble();
    key += d == static_cast<double>(static_cast<int64_t>(d))
               ? "num:" + std::to_string(static_cast<int64_t>(d))
               : "num:" + in.repr(Value::floating(d));
    return;
  }
  case Type::None:
  case Type::Str:
  case Type::Bytes:
    key += in.typeName(v) + ":" + in.repr(v);
    return;
  case Type::Set:
    // A frozenset has TensorFlow's generic TraceType: an equal one
    // matches while the one the trace was made for lives (heldWeakly).
    if (v.as<py::SetObject>().frozen) {
      key += "frozenset:" + std::to_string(in.hash(v));
      return;
    }
    unhashableArgument(in, v);
  case Type::Instance: {
    // Objects with their own __eq__ and __hash__ match by equality (while
    // the one a trace was made for lives: TensorFlow holds it by weak
    // reference; kiln keeps it alive); one with __eq__ alone is
    // unhashable, and has no TraceType.
    try {
      in.hash(v);
    } catch (py::PyException &e) {
      if (in.typeName(e.exc) != "TypeError") // the class's own failure
        throw;
      unhashableArgument(in, v);
    }
    auto &cls = *v.as<py::InstanceObject>().cls;
    if (cls.lookup("__eq__") && cls.lookup("__hash__")) {
      key += "obj:" + cls.name + ":" + std::to_string(in.hash(v));
      return;
    }
    char buf[32];
    snprintf(buf, sizeof buf, "id:%p", v.raw());
    key += buf;
    return;
  }
  default: {
    // A variable matches by dtype, shape, trainable and which of the
    // arguments' variables it is (the first place the same variable
    // appears), as TensorFlow's VariableSpec does: a call with other
    // variables of that type runs the same trace on them
    // (ConcreteFunction::argVariables), one passing the same variable
    // twice does not.
    if (VariableObject *var = asVariable(v)) {
      const VariableState *state = var->state.get();
      key += variableSpecText(state->type, state->trainable,
                              variableAlias(variables, state));
      return;
    }
    // A namedtuple is a structure, as TensorFlow's NamedTuple TraceType:
    // its type's name and fields, then its items as a tuple's.
    if (auto *t = v.is(Type::Native) ? dynamic_cast<NamedTupleObject *>(v.raw())
                                     : nullptr) {
      key += "N:" + t->name + "(";
      for (const std::string &field : t->fields)
        key += field + ",";
      key += ")(";
      for (const Value &item : t->values) {
        traceKey(in, item, key, tensors, variables);
        key += ",";
      }
      key += ")";
      return;
    }
    // A dataset (or iterator) matches by its element_spec, as
    // TensorFlow's DatasetSpec: the trace reads whichever the call passes.
    if (isLoopSource(v)) {
      key += sourceTraceKey(in, v);
      return;
    }
    char buf[32];
    snprintf(buf, sizeof buf, "id:%p", v.raw());
    key += buf;
  }
  }
}

} // namespace

size_t variableAlias(std::vector<const VariableState *> &seen,
                     const VariableState *state) {
  size_t alias = std::find(seen.begin(), seen.end(), state) - seen.begin();
  if (alias == seen.size())
    seen.push_back(state);
  return alias;
}

std::string variableSpecText(const TensorType &type, bool trainable,
                             size_t aliasId) {
  return "VariableSpec(shape=" + py::shapeStr(type.shape, type.unknownRank) +
         ", dtype=tf." + py::dtypeName(type.dtype) +
         ", trainable=" + (trainable ? "True" : "False") +
         ", alias_id=" + std::to_string(aliasId) + ")";
}

namespace {

/// TensorFlow's VariableSpec: how a concrete function describes a
/// variable argument (structured_input_signature, printed signatures).
struct VariableSpecObject : py::NativeObject {
  TensorType type;
  bool trainable = true;
  size_t aliasId = 0; // which of the arguments' variables it is
  std::string typeName() const override { return "VariableSpec"; }
  std::string repr(Interpreter &, const Value &) override {
    return variableSpecText(type, trainable, aliasId);
  }
  bool getAttr(Interpreter &, const Value &, const std::string &name,
               Value &out) override {
    if (name == "dtype")
      out = makeDType(type.dtype);
    else if (name == "shape")
      out = makeShape(type);
    else if (name == "trainable")
      out = Value::boolean(trainable);
    else if (name == "alias_id")
      out = Value::integer(static_cast<int64_t>(aliasId));
    else
      return false;
    return true;
  }
};

/// `v` with each variable in it replaced by its VariableSpec, numbered by
/// the variables met before it (`variables`, shared across arguments).
Value variableSpecs(Interpreter &in, const Value &v,
                    std::vector<const VariableState *> &variables) {
  return mapLeaves(in, v, "", [&](const Value &leaf, const std::string &) {
    VariableObject *var = asVariable(leaf);
    if (!var)
      return leaf;
    const VariableState *state = var->state.get();
    auto spec = std::make_shared<VariableSpecObject>();
    spec->type = state->type;
    spec->trainable = state->trainable;
    spec->aliasId = variableAlias(variables, state);
    return Value::object(Type::Native, spec);
  });
}

/// TensorFlow's sanitize_spec_name: lower case, each character other than
/// a letter or digit "_", and "tensor_" before a name that does not start
/// with a letter ("X" is "x", "_hidden" "tensor__hidden").
std::string sanitizeSpecName(const std::string &name) {
  if (name.empty())
    return "unknown";
  std::string out;
  for (unsigned char c : name)
    out += std::isalnum(c) ? static_cast<char>(std::tolower(c)) : '_';
  return std::isalpha(static_cast<unsigned char>(out[0])) ? out
                                                          : "tensor_" + out;
}

/// Names the TensorSpecs in `v` by their path from the parameter `name`, as
/// TensorFlow does: "pair_0" for a list's first item, "d_b" for key "b",
/// sanitized (sanitizeSpecName) unless `name` is one the user gave.
Value nameSpecs(Interpreter &in, const Value &v, const std::string &name,
                bool given) {
  return mapLeaves(
      in, v, name, [&](const Value &leaf, const std::string &path) -> Value {
        auto *spec = leaf.is(Type::Native)
                         ? dynamic_cast<TensorSpecObject *>(leaf.raw())
                         : nullptr;
        if (!spec)
          return leaf;
        if (spec->name.is(Type::Str)) // a nested spec's own name
          return leaf;
        return tensorSpec(spec->type,
                          in.str(given ? path : sanitizeSpecName(path)));
      });
}

/// Replaces each tensor leaf of `v` by `replace(index, tensor)`.
Value mapTensors(Interpreter &in, const Value &v,
                 const std::function<Value(size_t, const Value &)> &replace,
                 size_t &index, bool composites = false) {
  switch (v.type()) {
  case Type::Tensor:
    return replace(index++, v);
  case Type::List:
  case Type::Tuple: {
    ValueList items;
    for (auto &item : in.toList(v))
      items.push_back(mapTensors(in, item, replace, index, composites));
    return v.is(Type::List) ? in.list(std::move(items))
                            : in.tuple(std::move(items));
  }
  case Type::Dict: {
    // Tensors are numbered in the key order traceKey uses (a dict's trace
    // does not depend on insertion order); the copy keeps the original's.
    std::vector<std::pair<Value, Value>> items;
    for (auto &e : v.as<py::DictObject>().table.entries())
      if (e.live)
        items.emplace_back(e.key, e.value);
    std::vector<size_t> order(items.size());
    std::vector<std::string> keys;
    for (size_t i = 0; i < items.size(); ++i) {
      order[i] = i;
      keys.push_back(in.repr(items[i].first));
    }
    std::sort(order.begin(), order.end(),
              [&](size_t a, size_t b) { return keys[a] < keys[b]; });
    ValueList mapped(items.size());
    for (size_t i : order)
      mapped[i] = mapTensors(in, items[i].second, replace, index, composites);
    Value d = in.dict();
    for (size_t i = 0; i < items.size(); ++i)
      in.setItem(d, items[i].first, mapped[i]);
    return d;
  }
  case Type::Native:
    if (auto *t = dynamic_cast<NamedTupleObject *>(v.raw())) {
      ValueList items;
      for (auto &item : t->values)
        items.push_back(mapTensors(in, item, replace, index, composites));
      return t->withValues(std::move(items));
    }
    // IndexedSlices, a composite tensor: its three tensors in turn (in a
    // function's outputs; an argument is a Python object).
    if (auto *s = composites ? asIndexedSlices(v) : nullptr) {
      auto copy = std::make_shared<IndexedSlicesObject>();
      copy->indices = mapTensors(in, s->indices, replace, index);
      copy->values = mapTensors(in, s->values, replace, index);
      copy->denseShape = mapTensors(in, s->denseShape, replace, index);
      return Value::object(Type::Native, copy);
    }
    return v;
  default:
    return v;
  }
}

namespace {

/// The tensors mapTensors numbers in `v` (composites aside).
size_t countTensors(Interpreter &in, const Value &v) {
  size_t n = 0;
  if (v.is(Type::Tensor))
    return 1;
  if (v.is(Type::List) || v.is(Type::Tuple))
    for (auto &item : in.toList(v))
      n += countTensors(in, item);
  if (v.is(Type::Dict))
    for (auto &e : v.as<py::DictObject>().table.entries())
      n += e.live ? countTensors(in, e.value) : 0;
  if (auto *t = dynamic_cast<NamedTupleObject *>(v.raw()))
    for (auto &item : t->values)
      n += countTensors(in, item);
  return n;
}

/// The numbers mapTensors gives the tensors of `v` (from `first`, a dict's
/// values in sorted key order), listed with each dict in insertion order
/// instead: the order TensorFlow makes an argument's placeholders in.
void insertionOrder(Interpreter &in, const Value &v, size_t first,
                    std::vector<size_t> &out) {
  if (v.is(Type::Tensor)) {
    out.push_back(first);
    return;
  }
  ValueList items;
  if (v.is(Type::List) || v.is(Type::Tuple))
    items = in.toList(v);
  else if (auto *t = dynamic_cast<NamedTupleObject *>(v.raw()))
    items = t->values;
  if (!v.is(Type::Dict)) {
    for (auto &item : items) {
      insertionOrder(in, item, first, out);
      first += countTensors(in, item);
    }
    return;
  }
  std::vector<std::string> keys;
  for (auto &e : v.as<py::DictObject>().table.entries())
    if (e.live) {
      keys.push_back(in.repr(e.key));
      items.push_back(e.value);
    }
  std::vector<size_t> sorted(items.size()), start(items.size());
  for (size_t i = 0; i < items.size(); ++i)
    sorted[i] = i;
  std::sort(sorted.begin(), sorted.end(),
            [&](size_t a, size_t b) { return keys[a] < keys[b]; });
  for (size_t i : sorted) {
    start[i] = first;
    first += countTensors(in, items[i]);
  }
  for (size_t i = 0; i < items.size(); ++i)
    insertionOrder(in, items[i], start[i], out);
}

} // namespace

/// The result structure of a concrete function with its tensors filled in:
/// the template holds output indices where tensors go.
Value rebuildOutputs(Interpreter &in, const Value &v,
                     const ValueList &tensors) {
  auto fill = [&](const Value &leaf) {
    return leaf.isIntLike() && !leaf.is(Type::Bool) ? tensors.at(leaf.asInt())
                                                    : leaf;
  };
  return mapLeaves(in, v, "", [&](const Value &leaf, const std::string &) {
    if (auto *s = asIndexedSlices(leaf)) {
      auto filled = std::make_shared<IndexedSlicesObject>();
      filled->indices = fill(s->indices);
      filled->values = fill(s->values);
      filled->denseShape = fill(s->denseShape);
      return Value::object(Type::Native, filled);
    }
    return fill(leaf);
  });
}

bool compatible(const TensorType &spec, const TensorType &actual) {
  // An unknown rank is a supertype of every ranked spec.
  return spec.dtype == actual.dtype && actual.shapeFits(spec);
}

int unknownDims(const std::vector<TensorType> &types) {
  int n = 0;
  for (auto &t : types) {
    n += t.unknownRank ? 1 << 20 : 0; // the least specific
    for (int64_t d : t.shape)
      n += d < 0;
  }
  return n;
}

/// CPython-style absolute path for "in user code" frames.
std::string absolutePath(const std::string &path) {
  std::error_code ec;
  auto p = std::filesystem::absolute(path, ec).lexically_normal();
  return ec ? path : p.string();
}

} // namespace

/// The tf.Variables among call arguments `args` (nested in lists, tuples
/// and dicts), in the cache key's order.
static std::vector<std::shared_ptr<VariableState>>
argumentVariables(Interpreter &in, const ValueList &args) {
  std::vector<std::shared_ptr<VariableState>> out;
  std::function<void(const Value &)> walk = [&](const Value &v) {
    if (VariableObject *var = asVariable(v)) {
      out.push_back(var->state);
    } else if (v.is(Type::List) || v.is(Type::Tuple)) {
      for (auto &item : in.toList(v))
        walk(item);
    } else if (v.is(Type::Dict)) {
      for (auto &item : sortedItems(in, v))
        walk(item.second);
    }
  };
  for (auto &a : args)
    walk(a);
  return out;
}

std::shared_ptr<VariableState> ConcreteFunction::variableFor(
    const std::shared_ptr<VariableState> &traced,
    const std::vector<std::shared_ptr<VariableState>> &callVariables) const {
  for (size_t i = 0; i < argVariables.size() && i < callVariables.size(); ++i)
    if (argVariables[i] == traced)
      return callVariables[i];
  return traced;
}

std::string
structureText(Interpreter &in, const Value &v,
              const std::function<std::string(const Value &)> &leaf) {
  std::string items;
  if (v.is(Type::List) || v.is(Type::Tuple)) {
    for (auto &item : in.toList(v))
      items += (items.empty() ? "" : ", ") + structureText(in, item, leaf);
    return (v.is(Type::List) ? "List[" : "Tuple[") + items + "]";
  }
  if (v.is(Type::Dict)) {
    for (auto &e : v.as<py::DictObject>().table.entries())
      if (e.live)
        items += (items.empty() ? "[" : ", [") + in.repr(e.key) + ", " +
                 structureText(in, e.value, leaf) + "]";
    return "Dict[" + items + "]";
  }
  // A namedtuple's fields by name: "P[['a', TensorSpec(...)], ...]".
  if (auto *t = v.is(Type::Native) ? dynamic_cast<NamedTupleObject *>(v.raw())
                                   : nullptr) {
    for (size_t k = 0; k < t->values.size(); ++k)
      items += (items.empty() ? "['" : ", ['") + t->fields[k] + "', " +
               structureText(in, t->values[k], leaf) + "]";
    return t->name + "[" + items + "]";
  }
  return leaf(v);
}

Value mapLeaves(
    Interpreter &in, const Value &v, const std::string &path,
    const std::function<Value(const Value &, const std::string &)> &leaf) {
  if (v.is(Type::List) || v.is(Type::Tuple)) {
    ValueList items = in.toList(v);
    for (size_t i = 0; i < items.size(); ++i)
      items[i] = mapLeaves(in, items[i], path + "_" + std::to_string(i), leaf);
    return v.is(Type::List) ? in.list(std::move(items))
                            : in.tuple(std::move(items));
  }
  if (v.is(Type::Dict)) {
    Value d = in.dict();
    for (auto &e : v.as<py::DictObject>().table.entries())
      if (e.live)
        in.setItem(d, e.key,
                   mapLeaves(in, e.value, path + "_" + in.toStr(e.key), leaf));
    return d;
  }
  if (auto *t = v.is(Type::Native) ? dynamic_cast<NamedTupleObject *>(v.raw())
                                   : nullptr) {
    ValueList items;
    for (size_t i = 0; i < t->values.size(); ++i)
      items.push_back(
          mapLeaves(in, t->values[i], path + "_" + t->fields[i], leaf));
    return t->withValues(std::move(items));
  }
  return leaf(v, path);
}

std::string TfFunction::repr(Interpreter &in, const Value &) {
  char buf[32];
  snprintf(buf, sizeof buf, "%p", static_cast<const void *>(this));
  return "<tensorflow.python.eager.polymorphic_function.polymorphic_function."
         "Function object at " +
         std::string(buf) + ">";
}

/// How TensorFlow's binding errors show positional arguments: the text of
/// a tuple, "(x,)" for one.
static std::string receivedArgs(Interpreter &in, const CallArgs &args) {
  std::string received;
  for (size_t i = 0; i < args.positional.size(); ++i)
    received += (i ? ", " : "") + in.repr(args.positional[i]);
  if (args.positional.size() == 1)
    received += ",";
  return received;
}

/// TensorFlow's TypeError for arguments that do not bind: "Binding inputs
/// to tf.function failed due to `reason`. Received args: (...) and kwargs:
/// {...} for signature: <signature>".
static std::string bindingMessage(Interpreter &in, const std::string &reason,
                                  const CallArgs &args,
                                  const std::string &signature) {
  std::string kwargs;
  for (auto &[name, value] : args.keywords)
    kwargs += (kwargs.empty() ? "" : ", ") + py::reprString(name) + ": " +
              in.repr(value);
  return "Binding inputs to tf.function failed due to `" + reason +
         "`. Received args: (" + receivedArgs(in, args) + ") and kwargs: {" +
         kwargs + "} for signature: " + signature;
}

void TfFunction::bindingError(Interpreter &in, const CallArgs &args,
                              const std::string &reason) {
  // A method's self is neither received nor in the signature.
  CallArgs received = args;
  if (boundSelf && !received.positional.empty())
    received.positional.erase(received.positional.begin());
  // "(x, y=<captured_default_value>)"; with an input_signature, its specs
  // and the defaults after them as literals.
  std::string signature;
  auto add = [&](const std::string &text) {
    signature += (signature.empty() ? "" : ", ") + text;
  };
  if (pyFunc.is(Type::Function)) {
    auto &fn = pyFunc.as<py::FunctionObject>();
    size_t n = positionalParams();
    size_t firstDefault = n - fn.defaults.size();
    for (size_t i = boundSelf ? 1 : 0; i < n; ++i) {
      size_t spec = i - (boundSelf ? 1 : 0);
      std::string text = paramName(spec);
      if (inputSignature && spec < inputSignature->size())
        text += ": " + signatureRepr(spec) +
                (i >= firstDefault ? " = <captured_default_value>" : "");
      else if (inputSignature && i >= firstDefault)
        text += ": Literal[" + in.repr(fn.defaults[i - firstDefault]) +
                "] = <captured_default_value>";
      else if (i >= firstDefault)
        text += "=<captured_default_value>";
      add(text);
      if (i + 1 == fn.args->posonly.size())
        add("/");
    }
    // Then *args (or a bare * before keyword-only parameters), the
    // keyword-only parameters and **kwargs, as inspect.Signature prints.
    // With an input_signature, *args is the specs past the named
    // parameters, positional-only ("args_0: TensorSpec(...), /").
    size_t named = n - (boundSelf ? 1 : 0);
    if (fn.args->vararg && inputSignature && inputSignature->size() >= named) {
      for (size_t spec = named; spec < inputSignature->size(); ++spec)
        add(paramName(spec) + ": " + signatureRepr(spec));
      add("/");
    } else if (fn.args->vararg)
      add("*" + fn.args->vararg->name);
    else if (!fn.args->kwonly.empty())
      add("*");
    for (size_t k = 0; k < fn.args->kwonly.size(); ++k)
      add(fn.args->kwonly[k].name +
          (k < fn.kwDefaults.size() && fn.kwDefaults[k]
               ? "=<captured_default_value>"
               : ""));
    if (fn.args->kwarg)
      add("**" + fn.args->kwarg->name);
  }
  in.typeError(bindingMessage(in, reason, received, "(" + signature + ")") +
               ".");
}

/// Binds call arguments to the Python function's parameters, filling in
/// defaults, so that f(x) and f(x=x) share a trace as in TensorFlow.
void TfFunction::bind(Interpreter &in, CallArgs &args, ValueList &positional,
                      std::vector<std::string> &names) {
  positional = args.positional;
  if (!pyFunc.is(Type::Function)) {
    for (auto &[k, v] : args.keywords) {
      names.push_back(k);
      positional.push_back(v);
    }
    return;
  }
  auto &fn = pyFunc.as<py::FunctionObject>();
  const ast::Arguments &params = *fn.args;
  std::vector<std::string> paramNames;
  for (auto &a : params.posonly)
    paramNames.push_back(a.name);
  for (auto &a : params.args)
    paramNames.push_back(a.name);
  // In inspect.Signature.bind's order: too many positional arguments, one
  // given twice, one missing, an unexpected keyword.
  if (positional.size() > paramNames.size() && !params.vararg)
    bindingError(in, args, "too many positional arguments");
  size_t byPosition = std::min(positional.size(), paramNames.size());
  for (auto &[k, v] : args.keywords)
    for (size_t i = 0; i < byPosition; ++i)
      if (paramNames[i] == k)
        bindingError(in, args, "multiple values for argument '" + k + "'");
  std::vector<bool> set(paramNames.size());
  for (size_t i = 0; i < byPosition; ++i)
    set[i] = true;
  positional.resize(std::max(positional.size(), paramNames.size()));
  std::vector<bool> usedKeyword(args.keywords.size());
  std::vector<bool> byKeyword(paramNames.size());
  for (size_t j = 0; j < args.keywords.size(); ++j) {
    auto it =
        std::find(paramNames.begin(), paramNames.end(), args.keywords[j].first);
    if (it == paramNames.end())
      continue;
    positional[it - paramNames.begin()] = args.keywords[j].second;
    byKeyword[it - paramNames.begin()] = true;
    usedKeyword[j] = true;
  }
  size_t firstDefault = paramNames.size() - fn.defaults.size();
  for (size_t i = 0; i < paramNames.size(); ++i) {
    if (set[i])
      continue;
    if (byKeyword[i] && i < params.posonly.size())
      bindingError(in, args,
                   "'" + paramNames[i] +
                       "' parameter is positional only, but was passed as a "
                       "keyword");
    if (byKeyword[i])
      continue;
    if (i >= firstDefault)
      positional[i] = fn.defaults[i - firstDefault];
    else
      bindingError(in, args,
                   "missing a required argument: '" + paramNames[i] + "'");
  }
  // Keyword-only parameters and **kwargs take the other keywords by name.
  // Keyword-only parameters come in their declaration order, those left
  // out with their defaults (BoundArguments.apply_defaults: f(a, c=1) and
  // f(a, c=1, d=None) share a trace); then the **kwargs, sorted by name as
  // TensorFlow rebuilds them from its flattened (key-sorted) inputs, so
  // that `**kwargs` iterates in that order.
  std::vector<std::pair<std::string, Value>> byName, extra;
  for (size_t k = 0; k < params.kwonly.size(); ++k) {
    const std::string &name = params.kwonly[k].name;
    auto it = std::find_if(args.keywords.begin(), args.keywords.end(),
                           [&](auto &kv) { return kv.first == name; });
    if (it != args.keywords.end())
      byName.push_back(*it);
    else if (k < fn.kwDefaults.size() && fn.kwDefaults[k])
      byName.emplace_back(name, *fn.kwDefaults[k]);
    else
      bindingError(in, args, "missing a required argument: '" + name + "'");
  }
  for (size_t j = 0; j < args.keywords.size(); ++j) {
    if (usedKeyword[j])
      continue;
    const std::string &k = args.keywords[j].first;
    bool kwonly = false;
    for (auto &a : params.kwonly)
      kwonly |= a.name == k;
    if (kwonly)
      continue;
    if (!params.kwarg)
      bindingError(in, args, "got an unexpected keyword argument '" + k + "'");
    extra.push_back(args.keywords[j]);
  }
  std::stable_sort(extra.begin(), extra.end(),
                   [](auto &a, auto &b) { return a.first < b.first; });
  byName.insert(byName.end(), extra.begin(), extra.end());
  for (auto &[k, v] : byName) {
    names.push_back(k);
    positional.push_back(v);
  }
  // Keyword arguments come after the positional ones, in that order.
  size_t positionalCount = positional.size() - names.size();
  ValueList ordered(positional.begin(), positional.begin() + positionalCount);
  ValueList named(positional.begin() + positionalCount, positional.end());
  positional = ordered;
  positional.insert(positional.end(), named.begin(), named.end());
  // NumPy arrays and scalars are passed as tensors, in containers too.
  std::function<Value(const Value &)> convert = [&](const Value &v) {
    if (v.is(Type::Native) && dynamic_cast<NdArrayObject *>(v.raw()))
      return rt.toTensor(v);
    if (v.is(Type::List) || v.is(Type::Tuple)) {
      ValueList items = in.toList(v);
      bool changed = false;
      for (auto &item : items) {
        Value c = convert(item);
        changed |= c.raw() != item.raw();
        item = c;
      }
      if (!changed) // the caller's list itself, which the function may use
        return v;
      return v.is(Type::List) ? in.list(std::move(items))
                              : in.tuple(std::move(items));
    }
    if (auto *t = v.is(Type::Native) ? dynamic_cast<NamedTupleObject *>(v.raw())
                                     : nullptr) {
      ValueList items;
      for (const Value &item : t->values)
        items.push_back(convert(item));
      return t->withValues(std::move(items));
    }
    return v;
  };
  // An input_signature's spec gives a top-level array its dtype, as
  // TensorFlow converts a float64 array for a float32 spec.
  const size_t selfArgs = boundSelf ? 1 : 0;
  for (size_t i = 0; i < positional.size(); ++i) {
    Value &v = positional[i];
    bool array = v.is(Type::Native) && dynamic_cast<NdArrayObject *>(v.raw());
    if (array && inputSignature && i >= selfArgs &&
        i - selfArgs < inputSignature->size())
      v = rt.toTensor(v, (*inputSignature)[i - selfArgs].dtype);
    else
      v = convert(v);
  }
}

ConcreteFunction *TfFunction::find(const std::string &key,
                                   const std::vector<TensorType> &tensors) {
  ConcreteFunction *best = nullptr;
  int bestUnknown = 0;
  for (auto &c : concretes) {
    if (c->key != key || c->tensorTypes.size() != tensors.size() ||
        !c->objectsAlive())
      continue;
    bool ok = true;
    for (size_t i = 0; i < tensors.size() && ok; ++i)
      ok = compatible(c->tensorTypes[i], tensors[i]);
    if (!ok)
      continue;
    int unknown = unknownDims(c->tensorTypes);
    if (!best || unknown < bestUnknown) {
      best = c.get();
      bestUnknown = unknown;
    }
  }
  return best;
}

Value TfFunction::outputTensors(Interpreter &in, const Value &result,
                                TraceState *onError) {
  // Non-tensor numbers and strings in the result become constants,
  // variables their values, and a TensorShape whose dimensions are all
  // known a shape tensor, as TensorFlow converts a Function's outputs to
  // tensors (outside the user's code: its errors are not "in user code").
  return mapLeaves(in, result, "", [&](const Value &v, const std::string &) {
    auto *shape = v.is(Type::Native)
                      ? dynamic_cast<TensorShapeObject *>(v.raw())
                      : nullptr;
    if (shape && shape->type.isStatic())
      return rt.toTensor(pyIntList(in, shape->type.shape), DType::Int32);
    bool array = v.is(Type::Native) && dynamic_cast<NdArrayObject *>(v.raw());
    if (v.isNumber() || v.is(Type::Str) || v.is(Type::Bytes) || asVariable(v) ||
        array)
      return rt.toTensor(v);
    if (v.isNone() || rt.isTensor(v) || asIndexedSlices(v) ||
        (v.is(Type::Native) && dynamic_cast<TensorArrayObject *>(v.raw())))
      return v;
    rt.tracing = onError;
    in.typeError("To be compatible with tf.function, Python functions must "
                 "return zero or more Tensors or ExtensionTypes or None "
                 "values; in compilation of " +
                 in.repr(pyFunc) + ", found return value of type " +
                 in.typeName(v) + ", which is not a Tensor or ExtensionType.");
  });
}

Value TfFunction::callInline(Interpreter &in, const ValueList &bound,
                             const std::vector<std::string> &kwNames) {
  StagingScope staging(in, converts(in));
  // Its Python side effects ran when it was traced: prints are dropped.
  py::DiscardOutput quiet(in.out()), quietErr(in.err());
  CallArgs call;
  size_t positionalCount = bound.size() - kwNames.size();
  call.positional.assign(bound.begin(), bound.begin() + positionalCount);
  for (size_t i = 0; i < kwNames.size(); ++i)
    call.keywords.emplace_back(kwNames[i], bound[positionalCount + i]);
  // The tensors among the arguments and the results, in order.
  auto tensorsOf = [&](const Value &v) {
    ValueList tensors;
    size_t index = 0;
    mapTensors(
        in, v,
        [&](size_t, const Value &t) {
          tensors.push_back(t);
          return t;
        },
        index, /*composites=*/true);
    return tensors;
  };
  ValueList inputs;
  for (auto &b : bound)
    for (auto &t : tensorsOf(b))
      inputs.push_back(t);
  // Each output an Identity, as a copied trace's are.
  auto body = [&] {
    size_t index = 0;
    return mapTensors(
        in, outputTensors(in, in.call(pyFunc, call), rt.tracing),
        [&](size_t, const Value &t) { return identity(rt, t); }, index,
        /*composites=*/true);
  };
  return recordCall(rt, inputs, body, tensorsOf);
}

namespace {

/// A copy of the lists, tuples and dicts of `v` holding the same leaves
/// (func_graph's copy of the arguments before the call).
Value copyStructure(Interpreter &in, const Value &v) {
  if (v.is(Type::List) || v.is(Type::Tuple)) {
    ValueList items;
    for (auto &item : in.toList(v))
      items.push_back(copyStructure(in, item));
    return v.is(Type::List) ? in.list(std::move(items))
                            : in.tuple(std::move(items));
  }
  if (v.is(Type::Dict)) {
    Value copy = in.dict();
    for (auto &e : v.as<py::DictObject>().table.entries())
      if (e.live)
        in.setItem(copy, e.key, copyStructure(in, e.value));
    return copy;
  }
  return v;
}

/// func_graph.has_mutation: whether `after` differs from the copy `before`
/// in structure (list lengths, dict keys) or in any leaf's identity.
bool hasMutation(Interpreter &in, const Value &before, const Value &after) {
  if (before.type() != after.type())
    return true;
  if (before.is(Type::List) || before.is(Type::Tuple)) {
    ValueList a = in.toList(before), b = in.toList(after);
    if (a.size() != b.size())
      return true;
    for (size_t i = 0; i < a.size(); ++i)
      if (hasMutation(in, a[i], b[i]))
        return true;
    return false;
  }
  if (before.is(Type::Dict)) {
    auto &a = before.as<py::DictObject>().table;
    auto &b = after.as<py::DictObject>().table;
    if (a.size() != b.size())
      return true;
    for (auto &e : a.entries()) {
      if (!e.live)
        continue;
      py::HashTable::Entry *other = b.find(in, e.key, e.hash);
      if (!other || hasMutation(in, e.value, other->value))
        return true;
    }
    return false;
  }
  return !before.identical(after);
}

/// inspect.signature(fn) as text: "(x, y=2, *rest, z, **kw)".
std::string signatureOf(Interpreter &in, const py::FunctionObject &fn) {
  const ast::Arguments &a = *fn.args;
  std::vector<std::string> parts;
  size_t positional = a.posonly.size() + a.args.size();
  size_t firstDefault = positional - fn.defaults.size();
  for (size_t i = 0; i < positional; ++i) {
    const ast::Arg &arg =
        i < a.posonly.size() ? a.posonly[i] : a.args[i - a.posonly.size()];
    parts.push_back(arg.name +
                    (i >= firstDefault
                         ? "=" + in.repr(fn.defaults[i - firstDefault])
                         : ""));
    if (i + 1 == a.posonly.size())
      parts.push_back("/");
  }
  if (a.vararg)
    parts.push_back("*" + a.vararg->name);
  else if (!a.kwonly.empty())
    parts.push_back("*");
  for (size_t k = 0; k < a.kwonly.size(); ++k)
    parts.push_back(a.kwonly[k].name +
                    (k < fn.kwDefaults.size() && fn.kwDefaults[k]
                         ? "=" + in.repr(*fn.kwDefaults[k])
                         : ""));
  if (a.kwarg)
    parts.push_back("**" + a.kwarg->name);
  std::string out = "(";
  for (size_t i = 0; i < parts.size(); ++i)
    out += (i ? ", " : "") + parts[i];
  return out + ")";
}

} // namespace

namespace {

/// A Python object (an instance or a function) in a concrete function's
/// input structure, held as TensorFlow's Weakref TraceType holds it: the
/// concrete function does not keep it alive, and reads None once it is
/// gone.
struct WeakArgumentObject : py::NativeObject {
  WeakArgumentObject(const Value &v) : ref(v.ptr()), type(v.type()) {}
  std::weak_ptr<py::Object> ref;
  Type type;
  Value get() const {
    std::shared_ptr<py::Object> p = ref.lock();
    return p ? Value::object(type, p) : Value();
  }
  std::string typeName() const override { return "weakref"; }
  std::string repr(Interpreter &in, const Value &) override {
    return in.repr(get());
  }
};

bool heldWeakly(const Value &v) {
  // (A frozenset matches by identity too: one that is gone matches no
  // longer, whatever takes its address.)
  return v.is(Type::Instance) || v.is(Type::Function) ||
         (v.is(Type::Set) && v.as<py::SetObject>().frozen);
}

/// `v` with its instances and functions held weakly (WeakArgumentObject),
/// and each of them added to `objects` (when given).
Value weakenObjects(Interpreter &in, const Value &v,
                    std::vector<std::weak_ptr<py::Object>> *objects) {
  return mapLeaves(in, v, "", [&](const Value &leaf, const std::string &) {
    if (!heldWeakly(leaf))
      return leaf;
    if (objects)
      objects->push_back(leaf.ptr());
    return Value::object(Type::Native,
                         std::make_shared<WeakArgumentObject>(leaf));
  });
}

/// `v` with each WeakArgumentObject replaced by its object (None when
/// gone), as TensorFlow's structured_input_signature gives them.
Value strengthenObjects(Interpreter &in, const Value &v) {
  return mapLeaves(in, v, "", [&](const Value &leaf, const std::string &) {
    auto *weak = leaf.is(Type::Native)
                     ? dynamic_cast<WeakArgumentObject *>(leaf.raw())
                     : nullptr;
    return weak ? weak->get() : leaf;
  });
}

} // namespace

ConcreteFunction *TfFunction::trace(Interpreter &in, const ValueList &args,
                                    const std::vector<std::string> &kwNames,
                                    const std::string &key,
                                    std::vector<TensorType> tensorTypes,
                                    TraceState *enclosing) {
  auto concrete = std::make_unique<ConcreteFunction>();
  concrete->key = key;
  concrete->argVariables = argumentVariables(in, args);
  for (const Value &a : args)
    collectDatasets(in, a, concrete->datasetArgs);
  auto stateOwner = std::make_shared<TraceState>();
  TraceState &state = *stateOwner;
  state.graph.name =
      "__inference_" + name + "_" + std::to_string(++traceCounter);
  state.graph.pythonName = name;
  state.graph.constantFolding = constantFolding;
  // Placeholders carry the parameter names, as in TensorFlow's graphs.
  std::vector<std::string> paramNames = argumentNames(args.size(), kwNames);
  size_t positionalCount = args.size() - kwNames.size();
  state.caller = in.currentFrame();
  state.enclosing = enclosing;
  for (py::Frame *f = in.currentFrame(); f; f = f->parent)
    state.graph.traceStack.insert(state.graph.traceStack.begin(),
                                  {static_cast<int>(f->line), f->name});
  TraceState *saved = rt.tracing;
  rt.tracing = &state;
  // Whatever raises from here on (the body, or converting its results),
  // the outer trace (or none) is current again afterwards.
  struct RestoreTracing {
    TfRuntime &rt;
    TraceState *saved;
    ~RestoreTracing() { rt.tracing = saved; }
  } restoreTracing{rt, saved};
  ValueList symbolicArgs;
  size_t leaf = 0;
  for (size_t i = 0; i < args.size(); ++i) {
    // A TensorSpec's own name names its placeholder, else the parameter's;
    // one that cannot name a node ("_hidden") gets TensorFlow's warning
    // and the op's name.
    std::string base = specNameOf(i);
    if (base.empty())
      base =
          i < paramNames.size() ? paramNames[i] : "args_" + std::to_string(i);
    if (!validOpName(base, true)) {
      py::tensorflowLog(in, 30, invalidNodeName(base));
      base = "Placeholder";
    }
    // The placeholders are made in the order TensorFlow makes them (a
    // dict's in insertion order), and are the graph's arguments in the
    // order mapTensors numbers them (sorted keys).
    std::map<size_t, int> placeholders;
    std::vector<size_t> made;
    insertionOrder(in, args[i], leaf, made);
    for (size_t index : made) {
      // (A nested TensorSpec's own name names its own placeholder.)
      auto own = concreteLeafNames.find(index);
      graph::Node p;
      p.op = "Placeholder";
      p.name = state.graph.uniqueName(own != concreteLeafNames.end() &&
                                              validOpName(own->second, true)
                                          ? own->second
                                          : base);
      p.outputs = {tensorTypes[index]};
      p.attrs["dtype"] = tensorTypes[index].dtype;
      placeholders[index] = state.graph.add(std::move(p));
    }
    symbolicArgs.push_back(mapTensors(
        in, args[i],
        [&](size_t index, const Value &given) {
          int id = placeholders.at(index);
          state.graph.args.push_back(id);
          if (rt.isTensor(given) && !rt.tensor(given).symbolic())
            state.argumentValues[id] = rt.tensor(given).value;
          auto t = std::make_shared<TensorObject>();
          t->type = tensorTypes[index];
          t->trace = &state;
          t->traceOwner = stateOwner;
          t->out = {id, 0};
          t->rt = &rt;
          return Value::object(Type::Tensor, t);
        },
        leaf));
  }
  // A trace that raises is not counted: TensorFlow counts the traces that
  // made a concrete function.
  ++tracingCount;
  struct Uncount {
    int &count;
    bool keep = false;
    ~Uncount() { count -= keep ? 0 : 1; }
  } uncount{tracingCount};
  Value result;
  // AutoGraph stages tensor-dependent control flow while this traces.
  StagingScope staging(in, converts(in));
  ValueList before; // the arguments' structure, to check it is unchanged
  try {
    CallArgs call;
    call.positional.assign(symbolicArgs.begin(),
                           symbolicArgs.begin() + positionalCount);
    for (size_t i = 0; i < kwNames.size(); ++i)
      call.keywords.emplace_back(kwNames[i], symbolicArgs[positionalCount + i]);
    for (auto &a : symbolicArgs)
      before.push_back(copyStructure(in, a));
    result = in.call(pyFunc, call);
  } catch (py::PyException &e) {
    rt.tracing = saved;
    // Without AutoGraph (or when it could not convert the function),
    // TensorFlow leaves errors as raised.
    // Nor does it touch what is not an Exception (SystemExit).
    auto &cls = *e.exc.as<py::InstanceObject>().cls;
    if (!converts(in) || !cls.isSubclassOf(in.builtinClass("Exception").get()))
      throw;
    throw userCodeError(in, e);
  }
  // The function must not change the lists and dicts it was given.
  // (Named by parameter, as Signature.bind groups them: *rest's extras are
  // "rest".)
  std::vector<std::string> modifiedNames;
  for (size_t i = 0; i < before.size(); ++i) {
    if (!hasMutation(in, before[i], symbolicArgs[i]))
      continue;
    std::string param = i >= positionalParams() && i < positionalCount
                            ? varargName()
                            : paramNames[i];
    if (std::find(modifiedNames.begin(), modifiedNames.end(), param) ==
        modifiedNames.end())
      modifiedNames.push_back(param);
  }
  std::string modified;
  for (auto &param : modifiedNames)
    modified += (modified.empty() ? "" : ", ") + param;
  if (!modified.empty() && pyFunc.is(Type::Function)) {
    auto &fn = pyFunc.as<py::FunctionObject>();
    in.valueError(fn.qualname + signatureOf(in, fn) +
                  " should not modify its Python input arguments. "
                  "Modifying a copy is allowed. The following "
                  "parameter(s) were modified: " +
                  modified);
  }
  result = outputTensors(in, result, saved);
  // Outputs: an Identity per returned tensor, as TensorFlow names them.
  concrete->firstOutput = state.graph.results.size();
  size_t outIndex = 0;
  concrete->outputTemplate = mapTensors(
      in, result,
      [&](size_t index, const Value &t) {
        Value id = identity(rt, t);
        state.graph.results.push_back(id.as<TensorObject>().out);
        return Value::integer(static_cast<int64_t>(index));
      },
      outIndex, /*composites=*/true);
  concrete->numOutputs = outIndex;
  // Variables: their values at the call are the arguments after the
  // tensors; the written ones' last values are results.
  concrete->capturedTensors = state.capturedTensors;
  concrete->outerCaptures = state.outerCaptures;
  for (auto &u : state.variables) {
    concrete->captures.push_back(u->var);
    if (u->written) {
      concrete->writes.emplace_back(u->var, state.graph.results.size());
      state.graph.variableResults.emplace_back(state.graph.results.size(),
                                               u->resource);
      state.graph.results.push_back(u->current);
    }
  }
  // Text for printing the concrete function, and its
  // structured_input_signature: the arguments with TensorSpecs for tensors.
  ValueList inputStructure;
  size_t specIndex = 0;
  std::vector<const VariableState *> argumentVariables;
  for (size_t i = 0; i < args.size(); ++i) {
    std::string pname =
        i < paramNames.size() ? paramNames[i] : "args_" + std::to_string(i);
    Value specs = mapTensors(
        in, args[i],
        [&](size_t index, const Value &) {
          auto own = concreteLeafNames.find(index);
          return tensorSpec(tensorTypes[index], own != concreteLeafNames.end()
                                                    ? in.str(own->second)
                                                    : Value());
        },
        specIndex);
    specs = variableSpecs(in, specs, argumentVariables);
    specs = mapLeaves(in, specs, "", [](const Value &v, const std::string &) {
      return isDataset(v) ? datasetSpecOf(v) : v;
    });
    // An input_signature's or get_concrete_function's spec keeps its own
    // name.
    std::string specName = specNameOf(i);
    // A method's signature leaves out its self, as TensorFlow's does.
    if (boundSelf && i == 0)
      continue;
    inputStructure.push_back(nameSpecs(
        in, specs, specName.empty() ? pname : specName, !specName.empty()));
    // "TensorSpec(...)", "Literal[2]", "Tuple[TensorSpec(...), ...]".
    auto leaf = [&](const Value &v) -> std::string {
      auto *spec = v.is(Type::Native)
                       ? dynamic_cast<TensorSpecObject *>(v.raw())
                       : nullptr;
      if (spec)
        return specRepr(spec->type, v.raw() == specs.raw() ? specName : "");
      if ((v.is(Type::Native) && dynamic_cast<VariableSpecObject *>(v.raw())) ||
          isDatasetSpec(v))
        return in.repr(v);
      return "Literal[" + in.repr(v) + "]";
    };
    concrete->params.emplace_back(pname, structureText(in, specs, leaf));
    concrete->paramKinds.push_back(parameterKind(i, positionalCount));
  }
  ValueList positional;
  Value keywords = in.dict();
  for (size_t k = 0; k < inputStructure.size(); ++k) {
    if (concrete->paramKinds[k] == "KEYWORD_ONLY")
      in.setItem(keywords, in.str(concrete->params[k].first),
                 inputStructure[k]);
    else
      positional.push_back(inputStructure[k]);
  }
  // (The objects among them held weakly, as TensorFlow holds them; the
  // two structures hold the same ones.)
  concrete->structuredSignature = weakenObjects(
      in, in.tuple({in.tuple(std::move(positional)), keywords}), nullptr);
  concrete->inputStructure = weakenObjects(
      in, in.tuple({in.tuple(std::move(inputStructure)), in.dict()}),
      &concrete->objectArgs);
  {
    // "Tuple[TensorSpec(...), List[...], Dict[['k', TensorSpec(...)]]]".
    concrete->outputType =
        structureText(in, result, [&](const Value &v) -> std::string {
          return v.is(Type::Tensor) ? specRepr(rt.tensor(v).type)
                                    : "Literal[" + in.repr(v) + "]";
        });
  }
  rt.tracing = saved;
  // A tf.print inside staged control flow prints from compiled code, and
  // then every print of the function does, to keep their order. So do the
  // prints of a numeric function: a call that fails at run time has
  // printed what ran before the failure, as TensorFlow's has.
  bool strings = graphHasStrings(state.graph);
  // A loop over a dataset, or a read of an iterator, runs on the host
  // too, which has the pipeline; so does a call of Python (py_function).
  bool hostOps = false;
  for (const graph::Node &n : state.graph.nodes) {
    hostOps |= graph::callsPython(n);
    if (!graph::readsDataset(n))
      continue;
    hostOps = true;
    if (n.op != "IteratorGetNext")
      concrete->datasetLoop = true;
    else if (concrete->iteratorRead.empty())
      concrete->iteratorRead = n.name;
  }
  for (auto &n : state.graph.nodes)
    state.graph.hostPrints |= n.op == "PrintV2" && (n.region >= 0 || !strings);
  if (!state.graph.hostPrints)
    concrete->prints = std::move(state.prints);
  concrete->tensorTypes = std::move(tensorTypes);
  std::string error;
  graph::Graph folded; // the graph to compile, when strings were folded
  if (strings || hostOps) {
    const graph::Node *numeric = nullptr;
    for (auto &n : state.graph.nodes)
      if (!numeric && !hasHostKernel(state.graph, n) && n.op != "PrintV2")
        numeric = &n;
    concrete->onHost = !numeric;
    // Strings made from constants and only returned or printed after the
    // call: computed now, the numbers compiled as one graph. Otherwise the
    // graph runs in stages, strings on the host (StagedGraph.h).
    folded = state.graph;
    bool foldable = numeric && !hostOps &&
                    foldStringResults(folded, concrete->foldedStrings);
    for (int arg : folded.args)
      foldable =
          foldable && folded.nodes[arg].outputs[0].dtype != DType::String;
    if (foldable) {
      concrete->compiled = rt.executor.compile(folded, error);
      if (!concrete->compiled)
        rt.raise("InternalError",
                 "kiln could not compile '" + name + "': " + error);
    } else if (numeric) {
      concrete->foldedStrings.clear();
      concrete->staged =
          StagedGraph::build(state.graph, name, rt.executor, error);
      if (!concrete->staged) {
        size_t colon = error.find(": ");
        rt.raise(error.substr(0, colon), error.substr(colon + 2));
      }
    }
  } else if (graphHasUnknownRank(state.graph)) {
    // Compiled when called, once per argument shapes (RankSpecialize.h).
  } else {
    concrete->compileOnCall = true;
  }
  concrete->graph = state.graph; // a copy: leaked tensors still name nodes
  concretes.push_back(std::move(concrete));
  uncount.keep = true;
  return concretes.back().get();
}

ConcreteFunction *
TfFunction::traceCreatingVariables(Interpreter &in, const ValueList &args,
                                   const std::vector<std::string> &kwNames,
                                   const std::string &key,
                                   const std::vector<TensorType> &tensorTypes) {
  // The first trace may make tf.Variables. One that did is traced again,
  // as TensorFlow does, to use the variables it made: that trace and all
  // later ones must make none (a variable made on every call is an
  // error). When the first trace made none, a later one may, and then
  // the call fails (the trace stays cached, as TensorFlow's does).
  struct Creation {
    TfRuntime &rt;
    bool old;
    ~Creation() { rt.variableCreation = old; }
  } creation{rt, rt.variableCreation};
  bool first = concretes.empty();
  rt.variableCreation = !madeVariables;
  int before = rt.variablesCreated;
  ConcreteFunction *c = trace(in, args, kwNames, key, tensorTypes);
  rt.variableCreation = false;
  if (rt.variablesCreated == before)
    return c;
  madeVariables = true;
  if (!first)
    in.valueError("Creating variables on a non-first call to a function "
                  "decorated with tf.function.");
  concretes.pop_back();
  return trace(in, args, kwNames, key, tensorTypes);
}

/// The class AutoGraph re-raises an error of class `cls` as: its own for
/// TensorFlow's errors (OpErrors and the few AutoGraph knows), for the
/// builtin errors known to take a message and for classes whose __init__
/// is Exception's; KeyError becomes MultilineMessageKeyError (its str() is
/// the message itself); any other becomes StagingError.
static py::ClassPtr reraisedClass(Interpreter &in, const py::ClassPtr &cls) {
  if (cls->isSubclassOf(in.builtinClass("OpError").get()))
    return cls;
  for (const char *known :
       {"AssertionError", "AttributeError", "NameError", "NotImplementedError",
        "RuntimeError", "StopIteration", "TypeError", "UnboundLocalError",
        "ValueError", "StagingError", "InaccessibleTensorError",
        "OperatorNotAllowedInGraphError"})
    if (in.builtinClass(known) == cls)
      return cls;
  if (in.builtinClass("KeyError") == cls)
    return in.builtinClass("MultilineMessageKeyError");
  // A class of the script's own, up to the builtin class it derives from.
  const py::ClassObject *c = cls.get();
  while (c && in.builtinClass(c->name).get() != c) {
    if (c->dict.count("__init__"))
      return in.builtinClass("StagingError");
    c = c->base.get();
  }
  if (c == in.builtinClass("Exception").get())
    return cls;
  return in.builtinClass("StagingError");
}

py::PyException TfFunction::userCodeError(Interpreter &in, py::PyException &e) {
  auto &inst = e.exc.as<py::InstanceObject>();
  // TensorFlow re-raises errors from traced code with the user's frames in
  // the message ("in user code:") and its own frames filtered out.
  std::string message = "in user code:\n\n";
  std::string path = absolutePath(in.file().path());
  for (auto it = inst.traceback.rbegin(); it != inst.traceback.rend(); ++it) {
    if (it->insideConverted)
      continue;
    // Converted code's frames show their statement's first line.
    uint32_t line = it->unconverted ? it->line : it->statementLine;
    bool lambda = it->lambdaSource.begin.valid();
    message += "    File \"" + path + "\", line " + std::to_string(line) +
               ", in " + (lambda ? std::string("None") : it->function) +
               (it->unconverted ? "  **\n" : "  *\n");
    std::string_view src = in.file().line(line);
    // (Columns are 1-based; the range ends after the lambda's body.)
    if (lambda && it->lambdaSource.end.line == line)
      src = src.substr(0, it->lambdaSource.end.col - 1);
    if (lambda && it->lambdaSource.begin.line == line)
      src = src.substr(
          std::min<size_t>(src.size(), it->lambdaSource.begin.col - 1));
    size_t start = src.find_first_not_of(" \t");
    if (start != std::string_view::npos)
      message += "        " + std::string(src.substr(start)) + "\n";
  }
  std::string original;
  try {
    original = in.toStr(e.exc);
  } catch (py::PyException &) {
  }
  // An error already in this form (from a nested tf.function) keeps its
  // frames after ours; else the class's short name and the message,
  // every line indented.
  const std::string nested = "in user code:\n\n";
  if (original.compare(0, nested.size(), nested) == 0) {
    message += original.substr(nested.size());
  } else {
    std::string indented;
    for (char ch : original)
      indented += ch == '\n' ? std::string("\n    ") : std::string(1, ch);
    message += "\n    " + inst.cls->name + ": " + indented + "\n";
  }
  auto converted = std::make_shared<py::InstanceObject>();
  converted->cls = reraisedClass(in, inst.cls);
  // (A TensorFlow OpError keeps its message apart and no args.)
  bool opError = false;
  for (const py::ClassObject *c = inst.cls.get(); c; c = c->base.get())
    opError |= c->name == "OpError";
  if (!opError)
    converted->args = {in.str(message)};
  converted->userFrames = inst.userFrames;
  converted->userFrames.insert(converted->userFrames.end(),
                               inst.traceback.begin(), inst.traceback.end());
  // What the user's code raised, for compiler-style diagnostics: kept
  // through every re-raise.
  converted->userMessage = inst.userClass.empty() ? original : inst.userMessage;
  converted->userClass =
      inst.userClass.empty() ? inst.cls->name : inst.userClass;
  if (inst.hasAttr(in, "message")) // a TensorFlow error's .message
    converted->setAttr(in, "message", in.str(message));
  // AutoGraph's re-raised error suppresses its context.
  converted->context = inst.context;
  converted->suppressContext = true;
  return py::PyException{Value::object(Type::Instance, converted)};
}

Value TfFunction::run(Interpreter &in, ConcreteFunction &c,
                      const ValueList &args) {
  // Its captures of an enclosing trace's tensors exist only there.
  if (!c.outerCaptures.empty())
    rt.outOfScope(c.outerCaptures.front().second);
  std::vector<HostTensorPtr> inputs;
  ValueList argTensors; // the same, as tensors
  for (auto &a : args) {
    size_t index = 0;
    mapTensors(
        in, a,
        [&](size_t, const Value &t) {
          if (t.as<TensorObject>().symbolic())
            rt.outOfScope(t); // a graph tensor leaked from another trace
          inputs.push_back(t.as<TensorObject>().value);
          argTensors.push_back(t);
          return t;
        },
        index);
  }
  // Compiled code trusts its inputs: check them against the trace first.
  if (inputs.size() != c.tensorTypes.size())
    in.typeError("ConcreteFunction " + name + " expects " +
                 std::to_string(c.tensorTypes.size()) +
                 " tensor arguments, got " + std::to_string(inputs.size()));
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (c.tensorTypes[i].dtype != inputs[i]->type.dtype)
      rt.raise("InvalidArgumentError",
               "cannot compute " + c.graph.name + " as input #" +
                   std::to_string(i) + "(zero-based) was expected to be a " +
                   kernelTypeName(c.tensorTypes[i].dtype) +
                   " tensor but is a " + kernelTypeName(inputs[i]->type.dtype) +
                   " tensor [Op:" + c.graph.name + "]");
    // TensorFlow would run the trace on another shape; compiled code
    // cannot, so kiln says so.
    if (!compatible(c.tensorTypes[i], inputs[i]->type))
      rt.raise("InvalidArgumentError",
               "cannot compute " + c.graph.name + " as input #" +
                   std::to_string(i) + "(zero-based) was expected to be a " +
                   py::dtypeName(c.tensorTypes[i].dtype) + " tensor of shape " +
                   c.tensorTypes[i].shapeString() + " but is a " +
                   py::dtypeName(inputs[i]->type.dtype) + " tensor of shape " +
                   inputs[i]->type.shapeString());
  }
  // Variables passed as arguments replace those the trace was made with,
  // and datasets those its loops iterate.
  auto callVariables = argumentVariables(in, args);
  ValueList callDatasets;
  for (const Value &a : args)
    collectDatasets(in, a, callDatasets);
  DatasetBinding datasets(c.datasetArgs, callDatasets);
  std::vector<std::shared_ptr<VariableState>> captures;
  for (auto &var : c.captures)
    captures.push_back(c.variableFor(var, callVariables));
  for (auto &var : captures)
    inputs.push_back(var->value);
  // A tape that would record the call builds TensorFlow's gradient of its
  // graph first, which has none for a read of an iterator.
  if (!c.iteratorRead.empty() && tapeWatches(rt, argTensors, captures))
    in.raise("LookupError",
             "No gradient defined for operation'" + c.iteratorRead +
                 "' (op type: IteratorGetNext). In general every operation "
                 "must have an associated `@tf.RegisterGradient` for correct "
                 "autodiff, which this op is lacking. If you want to pretend "
                 "this operation is a constant in your program, you may "
                 "insert `tf.stop_gradient`. This can be useful to silence "
                 "the error in cases where you know gradients are not "
                 "needed, e.g. the forward pass of tf.custom_gradient. "
                 "Please see more details in "
                 "https://www.tensorflow.org/api_docs/python/tf/"
                 "custom_gradient.");
  std::vector<HostTensorPtr> outputs;
  std::string error;
  if (c.compileOnCall && !c.compiled) {
    c.compiled = rt.executor.compile(c.graph, error);
    if (!c.compiled)
      rt.raise("InternalError",
               "kiln could not compile '" + name + "': " + error);
  }
  const graph::Executor::Compiled *compiled = c.compiled;
  if (!c.onHost && !c.staged && !compiled) {
    std::vector<TensorType> shapes;
    for (auto &input : inputs)
      shapes.push_back(input->type);
    const graph::Executor::Compiled *&slot =
        c.specialized[specializationKey(shapes)];
    if (!slot) {
      graph::Graph specialized;
      if (!specializeRanks(c.graph, shapes, specialized, error,
                           rt.in.scriptPath())) {
        const std::string invalid = "InvalidArgumentError: ";
        if (error.rfind(invalid, 0) == 0)
          rt.raise("InvalidArgumentError", error.substr(invalid.size()));
        rt.raise("UnimplementedError", error);
      }
      slot = rt.executor.compile(specialized, error);
      if (!slot)
        rt.raise("InternalError",
                 "kiln could not compile '" + name + "': " + error);
    }
    compiled = slot;
  }
  // A tape outside the call differentiates it by running its body again,
  // which replays the Python functions' runs it keeps now.
  KeepPyFunctionRuns pyRuns(c.staged && !rt.tapes.empty() && !c.datasetLoop);
  bool ran = c.staged   ? c.staged->run(rt.executor, rt.in.scriptPath(), inputs,
                                        outputs, error)
             : c.onHost ? runGraphOnHost(c.graph, rt.in.scriptPath(), inputs,
                                         outputs, error)
                        : rt.executor.run(compiled, inputs, outputs, error);
  if (!ran) {
    // The compiled code's errors name TensorFlow's exception class.
    for (const OpErrorClass &type : opErrorClasses()) {
      std::string prefix = std::string(type.name) + ": ";
      if (error.compare(0, prefix.size(), prefix) != 0)
        continue;
      // TensorFlow has no transaction: the writes that ran before the
      // failed op stay. The compiled code returns, for each variable, its
      // value after the last of them (EmitFailedWrites.cpp); the host
      // paths the value after the last write before the failure.
      if (outputs.size() == c.graph.results.size())
        for (auto &[var, index] : c.writes)
          if (outputs[index])
            c.variableFor(var, callVariables)->value = outputs[index];
      rt.raise(type.name, error.substr(prefix.size()));
    }
    // The host runs string graphs; its other failure is a missing kernel.
    rt.raise(c.onHost ? "UnimplementedError" : "InternalError", error);
  }
  for (auto &[index, value] : c.foldedStrings)
    outputs[index] = value;
  for (auto &[var, index] : c.writes)
    c.variableFor(var, callVariables)->value = outputs[index];
  // tf.print calls recorded while tracing, in program order.
  for (auto &p : c.prints)
    (p.toStdout ? in.out() : in.err()) << renderPrint(p, outputs);
  ValueList tensors;
  for (size_t i = 0; i < c.numOutputs; ++i)
    tensors.push_back(rt.eager(outputs[c.firstOutput + i]));
  // (TensorFlow does not differentiate a loop over a dataset: what the
  // call returns has no gradient, which recording nothing gives.)
  if (!rt.tapes.empty() && !c.datasetLoop) {
    // A recording tape sees the call as one op, TensorFlow's function call,
    // whose gradient reruns the body op by op.
    ValueList callInputs = argTensors;
    std::vector<HostTensorPtr> before;
    for (size_t k = 0; k < captures.size(); ++k) {
      before.push_back(inputs[argTensors.size() + k]);
      Value read = rt.eager(before.back()); // before writes
      recordVariableRead(rt, captures[k], read);
      callInputs.push_back(read);
    }
    // The eager tensors the body captured are inputs of the call too
    // (TensorFlow passes them in): the rerun body reads them as they are.
    callInputs.insert(callInputs.end(), c.capturedTensors.begin(),
                      c.capturedTensors.end());
    {
      Value body = pyFunc, outputTemplate = c.outputTemplate;
      size_t expected = tensors.size();
      TfRuntime *r = &rt;
      std::string fname = name;
      recordFunctionCall(
          rt, callInputs, tensors, argTensors.size(), captures, before,
          [r, body, args, outputTemplate, expected, fname,
           kept = pyRuns.runs()](const ValueList &fresh) {
            Interpreter &in = r->in;
            // The arguments with their tensors replaced by `fresh` ones (a
            // tensor passed twice gets a source per argument).
            ValueList callArgs;
            size_t next = 0;
            for (auto &a : args)
              callArgs.push_back(mapTensors(
                  in, a, [&](size_t i, const Value &) { return fresh.at(i); },
                  next));
            Value result;
            {
              ReplayPyFunctionRuns replay(kept);
              result = in.call(body, callArgs);
            }
            // The outputs where the trace had them: the template's leaves
            // that are output indices (Python numbers became tensors).
            ValueList templateLeaves, resultLeaves;
            auto collect = [&](const Value &v, ValueList &out) {
              mapLeaves(in, v, "", [&](const Value &leaf, const std::string &) {
                out.push_back(leaf);
                return leaf;
              });
            };
            collect(outputTemplate, templateLeaves);
            collect(result, resultLeaves);
            ValueList flat(expected);
            bool ok = templateLeaves.size() == resultLeaves.size();
            for (size_t i = 0; ok && i < templateLeaves.size(); ++i) {
              const Value &t = templateLeaves[i];
              if (!t.isIntLike() || t.is(Type::Bool))
                continue;
              size_t index = static_cast<size_t>(t.asInt());
              ok = index < expected;
              if (ok)
                flat[index] = r->toTensor(resultLeaves[i]);
            }
            for (auto &f : flat)
              ok = ok && !f.isNone();
            if (!ok)
              r->raise("UnimplementedError",
                       "kiln cannot differentiate this call of '" + fname +
                           "': run op by op, its body returned another "
                           "structure than when it was traced");
            return flat;
          });
    }
  }
  return rebuildOutputs(in, c.outputTemplate, tensors);
}

/// The trace cache key of bound arguments (their TraceTypes, then keyword
/// names); `tensors` receives the tensor arguments' types in order.
static std::string cacheKey(Interpreter &in, const ValueList &bound,
                            const std::vector<std::string> &kwNames,
                            std::vector<TensorType> &tensors) {
  std::string key;
  std::vector<const VariableState *> variables;
  for (auto &b : bound) {
    traceKey(in, b, key, tensors, variables);
    key += ";";
  }
  for (auto &k : kwNames)
    key += k + "=";
  return key;
}

bool TfFunction::bindTo(Interpreter &in, const Value &self,
                        const Value &instance, Value &out) {
  if (boundSelf)
    return false;
  Value &copy = boundCopies[instance.raw()];
  if (copy.isNone()) {
    auto f = std::make_shared<TfFunction>(rt);
    f->pyFunc = pyFunc;
    f->name = name;
    f->inputSignature = inputSignature;
    f->inputSignatureNames = inputSignatureNames;
    f->nestedSignature = nestedSignature;
    f->reduceRetracing = reduceRetracing;
    f->autograph = autograph;
    f->boundSelf = instance;
    copy = Value::object(Type::Native, f);
    rt.functions.push_back(copy);
  }
  out = copy;
  return true;
}

void TfFunction::checkSignature(Interpreter &in, const CallArgs &args,
                                ValueList &bound,
                                const std::vector<std::string> &kwNames) {
  if (!inputSignature)
    return;
  // The signature describes the arguments after a method's self.
  const size_t selfArgs = boundSelf ? 1 : 0;
  // The positional parameters, then the extras that *args takes.
  size_t positional =
      std::max(positionalParams(), bound.size() - kwNames.size());
  bool varargs =
      pyFunc.is(Type::Function) && pyFunc.as<py::FunctionObject>().args->vararg;
  if (varargs && positional < inputSignature->size() + selfArgs)
    bindingError(in, args,
                 "missing a required argument: '" +
                     paramName(positional - selfArgs) + "'");
  for (size_t i = 0; i + selfArgs < positional; ++i) {
    Value &arg = bound[i + selfArgs];
    // *args takes as many arguments as the signature has specs past the
    // named parameters.
    if (i >= inputSignature->size() && i + selfArgs >= positionalParams())
      bindingError(in, args, "too many positional arguments");
    if (i >= inputSignature->size()) {
      Value fixed = defaultOf(i + selfArgs);
      if (in.repr(arg) != in.repr(fixed))
        bindingError(in, args,
                     "Can not cast " + in.repr(arg) + " to Literal[" +
                         in.repr(fixed) + "]");
      continue;
    }
    const TensorType &spec = (*inputSignature)[i];
    if (!arg.is(Type::Tensor)) {
      try {
        arg = rt.toTensor(arg, spec.dtype);
      } catch (py::PyException &e) {
        bindingError(in, args, in.toStr(e.exc));
      }
    }
    const TensorType &actual = arg.as<TensorObject>().type;
    if (compatible(spec, actual))
      continue;
    // A graph tensor (a call while another function traces) binds when
    // its shape and the spec's could be equal: a None dimension or an
    // unknown rank on either side. The callee is traced for the spec, so
    // the shape is checked when the function runs.
    if (rt.tracing && arg.as<TensorObject>().symbolic() &&
        spec.dtype == actual.dtype && shapesCompatible(spec, actual)) {
      arg = callTf(in, {"ensure_shape"}, {arg, makeShape(spec)});
      continue;
    }
    bindingError(in, args,
                 "Can not cast " + specRepr(actual) + " to " +
                     signatureRepr(i));
  }
}

bool TfFunction::call(Interpreter &in, const Value &self, CallArgs &argsIn,
                      Value &out) {
  // (Called while another function traces, it inlines as a function
  // without a signature does, traced for the call's own types.)
  if (nestedSignature && !rt.runFunctionsEagerly && !rt.tracing) {
    out = callNestedSignature(in, self, argsIn);
    return true;
  }
  // A TensorSpec argument is traced as get_concrete_function traces it;
  // the call then cannot convert it to a tensor (TensorFlow's ValueError).
  if (!rt.tracing && !rt.runFunctionsEagerly) {
    std::function<std::optional<Value>(const Value &)> findSpec =
        [&](const Value &v) -> std::optional<Value> {
      if (v.is(Type::Native) && dynamic_cast<TensorSpecObject *>(v.raw()))
        return v;
      if (v.is(Type::List) || v.is(Type::Tuple))
        for (const Value &item : in.toList(v))
          if (auto spec = findSpec(item))
            return spec;
      if (v.is(Type::Dict))
        for (const auto &item : sortedItems(in, v))
          if (auto spec = findSpec(item.second))
            return spec;
      return std::nullopt;
    };
    std::optional<Value> spec;
    for (const Value &a : argsIn.positional)
      if (!spec)
        spec = findSpec(a);
    for (const auto &kw : argsIn.keywords)
      if (!spec)
        spec = findSpec(kw.second);
    if (spec) {
      getConcreteFunction(in, self, argsIn);
      in.valueError("Attempt to convert a value (" + in.repr(*spec) +
                    ") with an unsupported type (<class "
                    "'tensorflow.python.framework.tensor.TensorSpec'>) to a "
                    "Tensor.");
    }
  }
  CallArgs args = argsIn;
  if (boundSelf)
    args.positional.insert(args.positional.begin(), *boundSelf);
  if (rt.tracing) {
    out = callWhileTracing(in, args);
    return true;
  }
  if (rt.runFunctionsEagerly) { // the Python body, op by op
    out = in.call(pyFunc, args);
    return true;
  }
  ValueList bound;
  std::vector<std::string> kwNames;
  bind(in, args, bound, kwNames);
  checkSignature(in, args, bound, kwNames);
  std::vector<TensorType> tensors;
  std::string key = cacheKey(in, bound, kwNames, tensors);
  ConcreteFunction *c = find(key, tensors);
  bool traced = false;
  // With an input_signature there is one trace, whatever ranks a
  // TensorSpec of unknown rank is called with.
  if (!c && inputSignature)
    for (auto &prev : concretes)
      if (prev->tensorTypes == *inputSignature)
        c = prev.get();
  if (!c) {
    // kiln's --max-traces and --explain-retrace look at the call first.
    std::vector<ArgumentType> argTypes = describeCall(in, bound, kwNames);
    checkRetrace(in, argTypes);
    std::vector<TensorType> traceTypes = tensors;
    if (inputSignature) {
      traceTypes.assign(inputSignature->begin(), inputSignature->end());
    } else if (reduceRetracing) {
      // Generalize each dimension that differs from an earlier trace, and
      // a rank that differs to an unknown rank.
      for (auto &prev : concretes) {
        if (prev->key != key)
          continue;
        for (size_t i = 0; i < traceTypes.size(); ++i) {
          const TensorType &before = prev->tensorTypes[i];
          TensorType &now = traceTypes[i];
          if (before.unknownRank || now.unknownRank ||
              before.shape.size() != now.shape.size()) {
            now.unknownRank = true;
            now.shape.clear();
            continue;
          }
          for (size_t d = 0; d < now.shape.size(); ++d)
            if (before.shape[d] != now.shape[d])
              now.shape[d] = -1;
        }
      }
    }
    c = traceCreatingVariables(in, bound, kwNames, key, traceTypes);
    c->argTypes = std::move(argTypes);
    traced = true;
  }
  out = run(in, *c, bound);
  // After the call, as TensorFlow counts it: its retracing warning comes
  // after what the call printed.
  noteCall(in, traced);
  return true;
}

ConcreteFunction *
TfFunction::concreteFor(Interpreter &in, const std::vector<TensorType> &types) {
  std::string key;
  for (auto &t : types)
    key += "T(" + std::string(py::dtypeName(t.dtype)) + ");";
  if (boundSelf)
    key = "self;" + key;
  for (auto &c : concretes)
    if (c->key == key && c->tensorTypes == types)
      return c.get();
  ValueList args;
  // A method bound to an instance traces with its self first.
  if (boundSelf)
    args.push_back(*boundSelf);
  for (auto &t : types) {
    // Placeholders replace these: only their dtype and shape matter.
    auto host = graph::HostTensor::zeros(
        {t.dtype, std::vector<int64_t>(t.shape.size(), 0)});
    args.push_back(rt.eager(host));
  }
  return traceCreatingVariables(in, args, {}, key, types);
}

std::string ConcreteFunction::describe() const {
  std::string s = "Input Parameters:\n";
  for (size_t k = 0; k < params.size(); ++k)
    s += "  " + params[k].first + " (" + paramKinds[k] +
         "): " + params[k].second + "\n";
  s += "Output Type:\n  " + outputType + "\nCaptures:";
  // TensorFlow shows each captured resource and tensor by its Python id(),
  // in the order the body captured them: the order of their nodes (a
  // variable's Placeholder, a tensor's Const). Variables passed as
  // arguments are inputs, not captures.
  std::string listed;
  size_t var = 0, tensor = 0;
  auto listVariable = [&] {
    const auto &v = captures[var++];
    if (std::find(argVariables.begin(), argVariables.end(), v) ==
        argVariables.end())
      listed += "\n  " + std::to_string(reinterpret_cast<uintptr_t>(v.get())) +
                ": TensorSpec(shape=(), dtype=tf.resource, name=None)";
  };
  auto listTensor = [&] {
    if (auto *t = dynamic_cast<TensorObject *>(capturedTensors[tensor++].raw()))
      listed += "\n  " +
                std::to_string(reinterpret_cast<uintptr_t>(t->value.get())) +
                ": TensorSpec(shape=" + t->type.shapeString() + ", dtype=tf." +
                py::dtypeName(t->type.dtype) + ", name=None)";
  };
  for (const graph::Node &n : graph.nodes) {
    if (n.op == "Placeholder" && n.attrs.count("_variable") &&
        var < captures.size())
      listVariable();
    else if (n.op == "Const" && n.attrs.count("captured") &&
             tensor < capturedTensors.size())
      listTensor();
  }
  while (var < captures.size())
    listVariable();
  while (tensor < capturedTensors.size())
    listTensor();
  return s + (listed.empty() ? "\n  None" : listed);
}

std::string ConcreteFunction::signatureText() const {
  // inspect.Signature's text: "/" after the positional-only parameters,
  // "*" before the keyword-only ones.
  std::vector<std::string> items;
  bool positionalOnly = false, keywordOnly = false;
  for (size_t k = 0; k < params.size(); ++k) {
    const std::string kind = k < paramKinds.size() ? paramKinds[k] : "";
    if (kind == "POSITIONAL_ONLY") {
      positionalOnly = true;
    } else if (positionalOnly) {
      items.push_back("/");
      positionalOnly = false;
    }
    if (kind == "KEYWORD_ONLY" && !keywordOnly) {
      items.push_back("*");
      keywordOnly = true;
    }
    items.push_back(params[k].first + ": " + params[k].second);
  }
  if (positionalOnly)
    items.push_back("/");
  std::string s = "(";
  for (size_t k = 0; k < items.size(); ++k)
    s += (k ? ", " : "") + items[k];
  return s + ") -> " + outputType;
}

namespace {

/// A simple attribute bag: NodeDef, GraphDef and FuncGraph views.
struct RecordObject : py::NativeObject {
  std::string kind;
  std::map<std::string, Value> fields;
  TfRuntime *rt; // for errors
  std::string typeName() const override { return kind; }
  /// str() of a GraphDef, NodeDef or Operation is TensorFlow's protocol
  /// buffer text, every attr included, which kiln does not write.
  std::string str(Interpreter &in, const Value &self) override {
    if (kind == "GraphDef" || kind == "NodeDef" || kind == "Operation")
      unprintable();
    return repr(in, self);
  }
  std::string repr(Interpreter &in, const Value &self) override {
    if (kind == "GraphDef" || kind == "NodeDef")
      unprintable();
    if (kind != "Operation")
      return NativeObject::repr(in, self);
    return "<tf.Operation '" + in.toStr(fields.at("name")) +
           "' type=" + in.toStr(fields.at("type")) + ">";
  }
  [[noreturn]] void unprintable() {
    std::string what = kind == "GraphDef" ? "GraphDef" : "NodeDef";
    rt->raise("UnimplementedError",
              "kiln cannot print a " + what +
                  " as TensorFlow's protocol buffer text yet (its nodes' "
                  "name, op and input print)");
  }
  bool getAttr(Interpreter &, const Value &, const std::string &name,
               Value &out) override {
    auto it = fields.find(name);
    if (it == fields.end())
      return false;
    out = it->second;
    return true;
  }
};

Value record(TfRuntime &rt, const std::string &kind,
             std::map<std::string, Value> fields) {
  auto r = std::make_shared<RecordObject>();
  r->kind = kind;
  r->rt = &rt;
  r->fields = std::move(fields);
  return Value::object(Type::Native, r);
}

/// The graph of a concrete function: `as_graph_def().node` lists nodes with
/// their names, ops and inputs; `inputs`/`outputs` are symbolic tensors.
Value graphView(Interpreter &in, TfRuntime &rt, ConcreteFunction &c) {
  auto state = std::make_shared<TraceState>();
  state->graph = c.graph;
  auto symbolic = [&](graph::Output o) {
    auto t = std::make_shared<TensorObject>();
    t->type = state->graph.typeOf(o);
    t->trace = state.get();
    t->traceOwner = state;
    t->out = o;
    t->rt = &rt;
    return Value::object(Type::Tensor, t);
  };
  ValueList nodes, operations;
  for (size_t id = 0; id < state->graph.nodes.size(); ++id) {
    auto &n = state->graph.nodes[id];
    if (n.region >= 0) // region bodies are functions of their own in TF
      continue;
    ValueList inputs, inputTensors, outputTensors;
    for (auto &i : n.listedInputs()) {
      inputs.push_back(in.str(state->graph.nodes[i.node].name +
                              (i.index ? ":" + std::to_string(i.index) : "")));
      inputTensors.push_back(symbolic(i));
    }
    for (size_t k = 0; k < n.outputs.size(); ++k)
      outputTensors.push_back(
          symbolic({static_cast<int>(id), static_cast<int>(k)}));
    Value nodeDef = record(rt, "NodeDef",
                           {{"name", in.str(n.name)},
                            {"op", in.str(n.op)},
                            {"input", in.list(std::move(inputs))}});
    nodes.push_back(nodeDef);
    // graph.get_operations(): Operation views of the same nodes.
    operations.push_back(
        record(rt, "Operation",
               {{"name", in.str(n.name)},
                {"type", in.str(n.op)},
                {"node_def", nodeDef},
                {"inputs", in.list(std::move(inputTensors))},
                {"outputs", in.list(std::move(outputTensors))}}));
  }
  Value graphDef =
      record(rt, "GraphDef", {{"node", in.list(std::move(nodes))}});
  Value operationList = in.list(std::move(operations));
  Value getOperations = in.builtin(
      "get_operations", [operationList](Interpreter &in, CallArgs &) {
        return in.list(in.toList(operationList)); // a fresh list each call
      });
  ValueList inputs, outputs;
  for (int a : state->graph.args)
    inputs.push_back(symbolic({a, 0}));
  // The function's outputs, without the variables' new values kiln returns
  // after them (TensorFlow's are control outputs).
  for (size_t i = c.firstOutput; i < state->graph.results.size(); ++i)
    if (std::none_of(c.writes.begin(), c.writes.end(),
                     [&](const auto &w) { return w.second == i; }))
      outputs.push_back(symbolic(state->graph.results[i]));
  Value asGraphDef =
      in.builtin("as_graph_def",
                 [graphDef](Interpreter &, CallArgs &) { return graphDef; });
  return record(rt, "FuncGraph",
                {{"as_graph_def", asGraphDef},
                 {"get_operations", getOperations},
                 {"inputs", in.list(std::move(inputs))},
                 {"outputs", in.list(std::move(outputs))},
                 {"name", in.str(state->graph.name)}});
}

/// A concrete function's function_type: an inspect.Signature of the
/// traced parameters' types, shown as one.
struct FunctionTypeObject : py::NativeObject {
  std::string text; // "(x: TensorSpec(...)) -> TensorSpec(...)"
  std::string typeName() const override { return "FunctionType"; }
  std::string typeModule() const override {
    return "tensorflow.core.function.polymorphism.function_type";
  }
  std::string str(Interpreter &, const Value &) override { return text; }
  std::string repr(Interpreter &, const Value &) override {
    return "<FunctionType " + text + ">";
  }
};

struct ConcreteFunctionObject : py::NativeObject {
  TfFunction *owner;
  ConcreteFunction *concrete;
  Value ownerValue; // keeps the Function alive
  /// Called for the Function itself (a nested input_signature): binding
  /// errors read as the Function's, without the outputs or a flat
  /// fallback.
  bool asFunction = false;
  std::string typeName() const override { return "ConcreteFunction"; }
  std::string typeModule() const override {
    return "tensorflow.python.eager.polymorphic_function.concrete_function";
  }
  std::string repr(Interpreter &, const Value &self) override {
    char address[32];
    std::snprintf(address, sizeof address, "%llX",
                  static_cast<unsigned long long>(
                      reinterpret_cast<uintptr_t>(self.raw())));
    return "<ConcreteFunction " + concrete->signatureText() + " at 0x" +
           address + ">";
  }
  std::string str(Interpreter &, const Value &) override {
    return "ConcreteFunction " + concrete->describe();
  }
  bool isCallable() const override { return true; }
  /// TensorFlow binds a call to the structured signature first: Python
  /// values must equal the traced ones, tensors (or values converted to
  /// the spec's dtype) must fit their TensorSpecs. When that fails it
  /// retries against the flat signature of placeholders, plain tensors
  /// only, and its TypeError names both failures.
  bool call(Interpreter &in, const Value &, CallArgs &args,
            Value &out) override {
    ValueList bound;
    std::string reason = bindStructured(in, args, bound);
    if (!reason.empty() && asFunction) {
      std::string signature = concrete->signatureText();
      in.typeError(
          bindingMessage(in, reason, args,
                         signature.substr(0, signature.rfind(" -> "))) +
          ".");
    }
    if (!reason.empty()) {
      std::string flatError = bindFlat(in, args, bound);
      if (!flatError.empty())
        in.typeError(
            bindingMessage(in, reason, args, concrete->signatureText()) +
            ".\nFallback to flat signature also failed due to: " + flatError);
    }
    out = owner->run(in, *concrete, bound);
    return true;
  }

  /// Binds `args` to the parameters as inspect.Signature.bind does, then
  /// conforms each to its traced structure. Returns why it failed, or "".
  std::string bindStructured(Interpreter &in, const CallArgs &args,
                             ValueList &bound) {
    auto &params = concrete->params;
    if (args.positional.size() > params.size())
      return "too many positional arguments";
    std::vector<std::optional<Value>> slots(params.size());
    for (size_t i = 0; i < args.positional.size(); ++i)
      slots[i] = args.positional[i];
    for (auto &[name, value] : args.keywords) {
      auto p = std::find_if(params.begin(), params.end(),
                            [&](auto &q) { return q.first == name; });
      if (p == params.end())
        return "got an unexpected keyword argument '" + name + "'";
      auto &slot = slots[p - params.begin()];
      if (slot)
        return "multiple values for argument '" + name + "'";
      slot = value;
    }
    ValueList structure = in.toList(in.toList(concrete->inputStructure)[0]);
    for (size_t i = 0; i < params.size(); ++i)
      if (!slots[i])
        return "missing a required argument: '" + params[i].first + "'";
    for (size_t i = 0; i < params.size(); ++i) {
      Value conformed;
      std::string reason =
          conform(in, *slots[i], structure[i], params[i].second, conformed);
      if (!reason.empty())
        return reason;
      bound.push_back(conformed);
    }
    return "";
  }

  /// `value` conformed to `traced`, a structure of TensorSpecs and Python
  /// values; `text` is the parameter's type as the signature prints it.
  std::string conform(Interpreter &in, const Value &value, const Value &traced,
                      const std::string &text, Value &out) {
    TfRuntime &rt = owner->rt;
    auto *spec = traced.is(Type::Native)
                     ? dynamic_cast<TensorSpecObject *>(traced.raw())
                     : nullptr;
    if (spec) {
      out = value;
      if (!rt.isTensor(value)) {
        try {
          out = rt.toTensor(value, spec->type.dtype);
        } catch (py::PyException &e) {
          return in.toStr(e.exc);
        }
      }
      const TensorType &actual = rt.tensor(out).type;
      if (!compatible(spec->type, actual))
        return "Can not cast " + owner->specRepr(actual) + " to " +
               (text.rfind("TensorSpec(", 0) == 0
                    ? text
                    : owner->specRepr(spec->type));
      return "";
    }
    if (auto *want = traced.is(Type::Native)
                         ? dynamic_cast<NamedTupleObject *>(traced.raw())
                         : nullptr) {
      auto *have = value.is(Type::Native)
                       ? dynamic_cast<NamedTupleObject *>(value.raw())
                       : nullptr;
      if (!have || have->name != want->name || have->fields != want->fields)
        return "Can not cast " + in.repr(value) + " to " + want->name +
               " type.";
      ValueList items = have->values;
      for (size_t k = 0; k < items.size(); ++k) {
        std::string reason =
            conform(in, items[k], want->values[k], "", items[k]);
        if (!reason.empty())
          return reason;
      }
      out = want->withValues(std::move(items));
      return "";
    }
    bool sequence = traced.is(Type::List) || traced.is(Type::Tuple);
    if (sequence) {
      if (value.type() != traced.type())
        return "Can not cast " + in.repr(value) + " to " +
               (traced.is(Type::List) ? "list" : "tuple") + " type.";
      ValueList items = in.toList(value), specs = in.toList(traced);
      if (items.size() != specs.size())
        return "Expected " + in.repr(value) + " to have length of " +
               std::to_string(specs.size());
      for (size_t k = 0; k < items.size(); ++k) {
        std::string reason = conform(in, items[k], specs[k], "", items[k]);
        if (!reason.empty())
          return reason;
      }
      out = traced.is(Type::List) ? in.list(std::move(items))
                                  : in.tuple(std::move(items));
      return "";
    }
    if (traced.is(Type::Dict)) {
      if (!value.is(Type::Dict))
        return "Can not cast " + in.repr(value) + " to dict type.";
      auto &want = traced.as<py::DictObject>().table;
      // The Function's own binding words it by the keys.
      std::string mismatch =
          asFunction ? in.repr(value) +
                           " has different keys with the "
                           "TraceType " +
                           (text.empty() ? in.repr(traced) : text) + "."
                     : "Can not cast " + in.repr(value) + " to " +
                           (text.empty() ? in.repr(traced) : text);
      if (want.size() != value.as<py::DictObject>().table.size())
        return mismatch;
      out = in.dict();
      for (auto &entry : want.entries()) {
        if (!entry.live)
          continue;
        if (!in.contains(value, entry.key))
          return mismatch;
        Value conformed;
        std::string reason = conform(in, in.getItem(value, entry.key),
                                     entry.value, "", conformed);
        if (!reason.empty())
          return reason;
        in.setItem(out, entry.key, conformed);
      }
      return "";
    }
    // Other objects (variables, Python values) must be what was traced.
    out = value;
    if (traced.is(Type::Native) || traced.is(Type::Instance))
      return "";
    if (in.repr(value) != in.repr(traced))
      return "Can not cast " + in.repr(value) + " to " +
             (text.empty() ? "Literal[" + in.repr(traced) + "]" : text);
    return "";
  }

  /// The flat signature's binding: one plain tensor per placeholder, named
  /// as TensorFlow names them ("pair", "pair_1", or a TensorSpec's name).
  std::string bindFlat(Interpreter &in, const CallArgs &args,
                       ValueList &bound) {
    size_t n = concrete->tensorTypes.size();
    std::vector<std::string> names;
    std::string summary = owner->name + "(";
    for (size_t k = 0; k < n; ++k) {
      names.push_back(concrete->graph.nodes[concrete->graph.args[k]].name);
      summary += (k ? ", " : "") + names.back();
    }
    summary += ")";
    if (args.positional.size() > n)
      return summary + " takes " + std::to_string(n) +
             " positional arguments, got " +
             std::to_string(args.positional.size()) + ".";
    ValueList flat = args.positional;
    std::vector<bool> used(args.keywords.size(), false);
    for (size_t k = flat.size(); k < n; ++k) {
      size_t j = 0;
      while (j < args.keywords.size() && args.keywords[j].first != names[k])
        ++j;
      if (j == args.keywords.size()) {
        std::set<std::string> missing(names.begin() + flat.size(), names.end());
        for (auto &kv : args.keywords)
          missing.erase(kv.first);
        std::string text;
        for (auto &m : missing)
          text += (text.empty() ? "" : ", ") + m;
        return summary + " missing required arguments: " + text + ".";
      }
      used[j] = true;
      flat.push_back(args.keywords[j].second);
    }
    std::set<std::string> unexpected;
    for (size_t j = 0; j < args.keywords.size(); ++j)
      if (!used[j]) {
        const std::string &key = args.keywords[j].first;
        if (std::find(names.begin(), names.begin() + args.positional.size(),
                      key) != names.begin() + args.positional.size())
          return summary + " got two values for '" + key + "'.";
        unexpected.insert(key);
      }
    if (!unexpected.empty()) {
      std::string text;
      for (auto &u : unexpected)
        text += (text.empty() ? "" : ", ") + u;
      return summary + " got unexpected keyword arguments: " + text + ".";
    }
    for (size_t k = 0; k < flat.size(); ++k)
      if (!flat[k].is(Type::Tensor))
        return summary + ": expected argument #" + std::to_string(k) +
               "(zero-based) to be a Tensor; got " + in.typeName(flat[k]) +
               " (" + in.toStr(flat[k]) + ").";
    bound = std::move(flat);
    return "";
  }

  bool getAttr(Interpreter &in, const Value &self, const std::string &name,
               Value &out) override {
    if (name == "graph") {
      out = graphView(in, owner->rt, *concrete);
      return true;
    }
    if (name == "pretty_printed_signature") {
      ConcreteFunction *c = concrete;
      out = in.builtin("pretty_printed_signature", [c](Interpreter &in,
                                                       CallArgs &args) {
        Value verbose =
            args.positional.empty() ? Value::boolean(true) : args.positional[0];
        for (auto &[k, v] : args.keywords)
          if (k == "verbose")
            verbose = v;
        return in.str(in.truthy(verbose) ? c->describe() : c->signatureText());
      });
      return true;
    }
    if (name == "structured_outputs") {
      Value graph = graphView(in, owner->rt, *concrete);
      ValueList outs = in.toList(in.getAttr(graph, "outputs"));
      out = rebuildOutputs(in, concrete->outputTemplate, outs);
      return true;
    }
    if (name == "structured_input_signature") {
      out = strengthenObjects(in, concrete->structuredSignature);
      return true;
    }
    if (name == "output_shapes" || name == "output_dtypes") {
      // The structured outputs' shapes or dtypes, in their structure.
      Value structured = in.getAttr(self, "structured_outputs");
      std::string attr = name == "output_shapes" ? "shape" : "dtype";
      // (A None output's shape is TensorShape(None), its dtype None.)
      out = mapLeaves(
          in, structured, "", [&](const Value &leaf, const std::string &) {
            if (leaf.isNone() && attr == "shape")
              return callTf(in, {"TensorShape"}, {leaf});
            return owner->rt.isTensor(leaf) ? in.getAttr(leaf, attr) : leaf;
          });
      return true;
    }
    if (name == "inputs" || name == "outputs") { // the graph's
      out = in.getAttr(graphView(in, owner->rt, *concrete), name);
      return true;
    }
    if (name == "name") {
      out = in.bytes(concrete->graph.name);
      return true;
    }
    if (name == "variables" || name == "trainable_variables") {
      // The variables the trace captured, in the order it first used them.
      ValueList vars;
      for (const auto &state : concrete->captures)
        if (name == "variables" || state->trainable)
          vars.push_back(variableObject(owner->rt, state));
      out = in.tuple(std::move(vars));
      return true;
    }
    if (name == "function_type") {
      auto t = std::make_shared<FunctionTypeObject>();
      t->text = concrete->signatureText();
      out = Value::object(Type::Native, t);
      return true;
    }
    return false;
  }
};

} // namespace

Value operationOf(Interpreter &in, const TensorObject &t) {
  const graph::Graph &g = t.trace->graph;
  const graph::Node &n = g.nodes[t.out.node];
  auto symbolic = [&](graph::Output o) {
    auto s = std::make_shared<TensorObject>();
    s->type = g.typeOf(o);
    s->trace = t.trace;
    s->traceOwner = t.traceOwner;
    s->out = o;
    s->rt = t.rt;
    return Value::object(Type::Tensor, s);
  };
  ValueList inputs, inputNames, outputs;
  for (auto &i : n.listedInputs()) {
    inputs.push_back(symbolic(i));
    inputNames.push_back(in.str(
        g.nodes[i.node].name + (i.index ? ":" + std::to_string(i.index) : "")));
  }
  for (size_t k = 0; k < n.outputs.size(); ++k)
    outputs.push_back(symbolic({t.out.node, static_cast<int>(k)}));
  Value nodeDef = record(*t.rt, "NodeDef",
                         {{"name", in.str(n.name)},
                          {"op", in.str(n.op)},
                          {"input", in.list(std::move(inputNames))}});
  return record(*t.rt, "Operation",
                {{"name", in.str(n.name)},
                 {"type", in.str(n.op)},
                 {"node_def", nodeDef},
                 {"inputs", in.list(std::move(inputs))},
                 {"outputs", in.list(std::move(outputs))}});
}

Value TfFunction::callNestedSignature(Interpreter &in, const Value &self,
                                      CallArgs &args) {
  CallArgs specs;
  specs.positional = *nestedSignature;
  Value concrete = getConcreteFunction(in, self, specs);
  // A copy that binds as the Function does (the concrete function object
  // itself may be the script's).
  auto asFunction = std::make_shared<ConcreteFunctionObject>(
      concrete.as<ConcreteFunctionObject>());
  asFunction->asFunction = true;
  return in.call(Value::object(Type::Native, asFunction), args);
}

Value TfFunction::getConcreteFunction(Interpreter &in, const Value &self,
                                      CallArgs &args) {
  // A nested input_signature's specs, as a call would give them.
  if (nestedSignature && args.positional.empty() && args.keywords.empty()) {
    CallArgs specs;
    specs.positional = *nestedSignature;
    return getConcreteFunction(in, self, specs);
  }
  auto wrap = [&](ConcreteFunction *c) {
    Value &known = concreteObjects[c];
    if (known.isNone()) {
      auto obj = std::make_shared<ConcreteFunctionObject>();
      obj->owner = this;
      obj->concrete = c;
      obj->ownerValue = self;
      known = Value::object(Type::Native, obj);
    }
    return known;
  };
  // With an input_signature, arguments only select the signature's
  // concrete function: each must fit its spec (a TensorSpec, a tensor or a
  // Python value), as a call's binding checks.
  bool signatureOnly =
      inputSignature && args.positional.empty() && args.keywords.empty();
  if (inputSignature && !signatureOnly) {
    CallArgs withSelf = args;
    if (boundSelf)
      withSelf.positional.insert(withSelf.positional.begin(), *boundSelf);
    ValueList bound;
    std::vector<std::string> kwNames;
    bind(in, withSelf, bound, kwNames);
    const size_t selfArgs = boundSelf ? 1 : 0;
    for (size_t i = 0;
         i < inputSignature->size() && i + selfArgs < bound.size(); ++i) {
      const Value &arg = bound[i + selfArgs];
      const TensorType &expected = (*inputSignature)[i];
      TensorType actual;
      if (auto *spec = arg.is(Type::Native)
                           ? dynamic_cast<TensorSpecObject *>(arg.raw())
                           : nullptr) {
        actual = spec->type;
      } else {
        Value t = arg;
        if (!arg.is(Type::Tensor)) {
          try {
            t = rt.toTensor(arg, expected.dtype);
          } catch (py::PyException &e) {
            bindingError(in, args, in.toStr(e.exc));
          }
        }
        actual = rt.tensor(t).type;
      }
      if (!compatible(expected, actual))
        bindingError(in, args,
                     "Can not cast " + specRepr(actual) + " to " +
                         signatureRepr(i));
    }
    signatureOnly = true;
  }
  // The signature's concrete function, traced by a call already or now.
  if (signatureOnly) {
    for (auto &existing : concretes)
      if (existing->tensorTypes == *inputSignature)
        return wrap(existing.get());
    if (!boundSelf)
      return wrap(concreteFor(in, *inputSignature));
  }
  // TensorSpecs become placeholder tensors of their type.
  // Each stand-in tensor's spec type and name ("" for None), to find them
  // again in the bound arguments (which order dicts by key and keywords by
  // parameter).
  std::map<const void *, std::pair<TensorType, std::string>> standInSpecs;
  CallArgs replaced = args;
  // With an input_signature: the signature's specs.
  if (signatureOnly) {
    replaced = CallArgs();
    for (auto &t : *inputSignature)
      replaced.positional.push_back(tensorSpec(t));
  }
  if (boundSelf)
    replaced.positional.insert(replaced.positional.begin(), *boundSelf);
  // TensorSpecs, nested in lists, tuples and dicts too.
  auto replace = [&](Value &v) {
    v = mapLeaves(in, v, "", [&](const Value &leaf, const std::string &) {
      auto *spec = leaf.is(Type::Native)
                       ? dynamic_cast<TensorSpecObject *>(leaf.raw())
                       : nullptr;
      if (!spec)
        return leaf;
      std::vector<int64_t> dims = spec->type.shape;
      for (auto &d : dims)
        d = d < 0 ? 0 : d;
      Value standIn =
          rt.eager(graph::HostTensor::zeros({spec->type.dtype, dims}));
      standInSpecs[standIn.raw()] = {
          spec->type, spec->name.is(Type::Str) ? in.toStr(spec->name) : ""};
      return standIn;
    });
  };
  // Top-level TensorSpecs' names name their placeholders (for positional
  // arguments, which bind in order).
  std::vector<std::string> specNames;
  for (size_t i = boundSelf ? 1 : 0; i < replaced.positional.size(); ++i) {
    auto *spec =
        replaced.positional[i].is(Type::Native)
            ? dynamic_cast<TensorSpecObject *>(replaced.positional[i].raw())
            : nullptr;
    specNames.push_back(spec && spec->name.is(Type::Str) ? in.toStr(spec->name)
                                                         : "");
  }
  {
    // Binding errors show the arguments as given (specs, not stand-ins).
    ValueList given;
    std::vector<std::string> names;
    bind(in, replaced, given, names);
  }
  for (auto &v : replaced.positional)
    replace(v);
  for (auto &kv : replaced.keywords)
    replace(kv.second);
  ValueList bound;
  std::vector<std::string> kwNames;
  bind(in, replaced, bound, kwNames);
  std::vector<TensorType> tensors;
  std::string key = cacheKey(in, bound, kwNames, tensors);
  // Specs keep their None dimensions, and nested ones their names.
  std::map<size_t, std::string> leafNames;
  if (!standInSpecs.empty()) {
    size_t i = 0;
    for (auto &b : bound) {
      size_t index = 0;
      mapTensors(
          in, b,
          [&](size_t, const Value &t) {
            auto spec = standInSpecs.find(t.raw());
            if (spec != standInSpecs.end()) {
              if (i < tensors.size())
                tensors[i] = spec->second.first;
              if (!spec->second.second.empty() && !b.is(Type::Tensor))
                leafNames[i] = spec->second.second;
            }
            ++i;
            return t;
          },
          index);
    }
  }
  ConcreteFunction *c = nullptr;
  for (auto &existing : concretes)
    if (existing->key == key && existing->tensorTypes == tensors)
      c = existing.get();
  if (!c)
    c = find(key, tensors);
  if (!c) {
    concreteSpecNames = std::move(specNames);
    concreteLeafNames = std::move(leafNames);
    struct Forget {
      TfFunction &f;
      ~Forget() {
        f.concreteSpecNames.clear();
        f.concreteLeafNames.clear();
      }
    } forget{*this};
    // The first trace may make the function's variables, whether a call
    // or get_concrete_function starts it.
    c = traceCreatingVariables(in, bound, kwNames, key, tensors);
  }
  return wrap(c);
}

void TfFunction::noteCall(Interpreter &in, bool traced) {
  // TensorFlow's thresholds: a warning when 5 of the calls within the last
  // 10 traced, 2 warnings at most.
  const void *code = pyFunc.raw();
  if (pyFunc.is(Type::Function)) {
    auto &fn = pyFunc.as<py::FunctionObject>();
    code = fn.body ? static_cast<const void *>(fn.body) : fn.lambdaBody;
  }
  TfRuntime::RetraceHistory &h = rt.retraceHistories[code];
  ++h.calls;
  if (!traced) {
    if (h.callsPerTracing.empty()) // a concrete function traced it first
      h.callsPerTracing.push_back(0);
    ++h.callsPerTracing.back();
    return;
  }
  h.callsPerTracing.push_back(1);
  while (!h.callsPerTracing.empty() &&
         h.calls - h.callsPerTracing.front() > 10) {
    h.calls -= h.callsPerTracing.front();
    h.callsPerTracing.pop_front();
  }
  if (h.warnings >= 2 || h.callsPerTracing.size() < 5)
    return;
  ++h.warnings;
  std::string qualname = pyFunc.is(Type::Function)
                             ? pyFunc.as<py::FunctionObject>().qualname
                             : name;
  char address[32];
  snprintf(address, sizeof address, "%p", pyFunc.raw());
  std::ostringstream warning;
  warning << h.callsPerTracing.size() << " out of the last " << h.calls
          << " calls to <function " << qualname << " at " << address
          << "> triggered tf.function retracing. Tracing is expensive and the "
             "excessive number of tracings could be due to (1) creating "
             "@tf.function repeatedly in a loop, (2) passing tensors with "
             "different shapes, (3) passing Python objects instead of "
             "tensors. For (1), please define your @tf.function outside of "
             "the loop. For (2), @tf.function has reduce_retracing=True "
             "option that can avoid unnecessary retracing. For (3), please "
             "refer to https://www.tensorflow.org/guide/"
             "function#controlling_retracing and https://www.tensorflow.org/"
             "api_docs/python/tf/function for  more details.";
  py::tensorflowLog(in, 30, warning.str());
}

/// Whether TensorFlow calls `c` through a StatefulPartitionedCall: it
/// reads or writes variables, or has ops with effects or state (prints,
/// asserts, stateful random draws).
static bool statefulCallee(const ConcreteFunction &c) {
  if (!c.captures.empty())
    return true;
  for (const graph::Node &n : c.graph.nodes)
    if (n.op == "PrintV2" || n.op == "Assert" || graph::isStatefulRandom(n.op))
      return true;
  return false;
}

/// Marks the results of callee graph `callee`, inlined into `og` as the
/// nodes from `firstCopy` on (`mapped`: each callee node's copy) in region
/// `region`: what reads them from outside the copy (a later write of the
/// callee's variables, an op on its outputs) does not run when any check of
/// the callee fails, while the callee's own writes before the failure stay
/// (CallAttrs.h, EmitFailedWrites.cpp). Returns the copies that must all
/// have run.
static std::vector<int>
waitForWholeCallee(graph::Graph &og, const graph::Graph &callee,
                   const std::vector<graph::Output> &mapped, int64_t firstCopy,
                   int region) {
  const int64_t endCopy = static_cast<int64_t>(og.nodes.size());
  auto copyOf = [&](graph::Output o) {
    return mapped[o.node].node; // (outputs keep their node)
  };
  // The callee's own inlined calls: their ranges and names move with their
  // nodes.
  std::map<std::string, std::string> renamed;
  for (size_t i = 0; i < callee.nodes.size(); ++i)
    if (callee.nodes[i].op != "Placeholder")
      renamed[callee.nodes[i].name] = og.nodes[mapped[i].node].name;
  for (size_t i = 0; i < callee.nodes.size(); ++i) {
    if (callee.nodes[i].op == "Placeholder")
      continue;
    auto &attrs = og.nodes[mapped[i].node].attrs;
    auto range = attrs.find(graph::kCallNodes);
    auto done = attrs.find(graph::kCallDone);
    if (range == attrs.end() || done == attrs.end())
      continue;
    auto &nodes = std::get<std::vector<int64_t>>(range->second);
    if (nodes.size() == 2 && nodes[0] < nodes[1] &&
        static_cast<size_t>(nodes[1]) <= callee.nodes.size())
      nodes = {mapped[nodes[0]].node, mapped[nodes[1] - 1].node + 1};
    for (std::string &name : std::get<std::vector<std::string>>(done->second))
      if (auto to = renamed.find(name); to != renamed.end())
        name = to->second;
  }
  // What must have run: the callee's Asserts, control flow and results.
  std::vector<int> doneIds;
  for (int64_t id = firstCopy; id < endCopy; ++id)
    if (og.nodes[id].region == region &&
        (og.nodes[id].op == "Assert" || !og.nodes[id].regions.empty()))
      doneIds.push_back(static_cast<int>(id));
  for (graph::Output o : callee.results)
    if (copyOf(o) >= firstCopy)
      doneIds.push_back(copyOf(o));
  std::vector<std::string> done;
  for (int id : doneIds)
    done.push_back(og.nodes[id].name);
  for (graph::Output o : callee.results) {
    graph::Node &result = og.nodes[copyOf(o)];
    // (A result an inner call made keeps that call's narrower mark.)
    if (copyOf(o) >= firstCopy && !result.attrs.count(graph::kCallNodes)) {
      result.attrs[graph::kCallDone] = done;
      result.attrs[graph::kCallNodes] =
          std::vector<int64_t>{firstCopy, endCopy};
    }
  }
  return doneIds;
}

Value TfFunction::callWhileTracing(Interpreter &in, CallArgs &args) {
  // A Function called while another traces has its own trace cache, as in
  // TensorFlow: it traces once per signature (its Python side effects run
  // then), and its graph is copied into the caller's (or, under a tape,
  // its body runs again there).
  ValueList bound;
  std::vector<std::string> kwNames;
  bind(in, args, bound, kwNames);
  checkSignature(in, args, bound, kwNames);
  std::vector<TensorType> tensors;
  std::string key = cacheKey(in, bound, kwNames, tensors);
  ConcreteFunction *c = find(key, tensors);
  // With an input_signature there is one trace, whatever ranks a
  // TensorSpec of unknown rank is called with.
  if (!c && inputSignature)
    for (auto &prev : concretes)
      if (prev->tensorTypes == *inputSignature)
        c = prev.get();
  if (!c) {
    // Trace with stand-ins for the caller's symbolic tensors.
    TraceState *outer = rt.tracing;
    rt.tracing = nullptr;
    ValueList standIns;
    for (auto &b : bound) {
      size_t index = 0;
      standIns.push_back(mapTensors(
          in, b,
          [&](size_t, const Value &t) {
            TensorType type = t.as<TensorObject>().type;
            std::vector<int64_t> dims = type.shape;
            for (auto &d : dims)
              d = d < 0 ? 0 : d;
            return rt.eager(graph::HostTensor::zeros({type.dtype, dims}));
          },
          index));
    }
    try {
      // An input_signature's TensorSpecs, not the caller's shapes, are
      // what the body sees (as when it is called eagerly).
      bool signed_ = inputSignature && inputSignature->size() == tensors.size();
      c = trace(in, standIns, kwNames, key, signed_ ? *inputSignature : tensors,
                outer);
    } catch (...) {
      rt.tracing = outer;
      throw;
    }
    rt.tracing = outer;
  }
  // Under a recording tape the callee's ops must be recorded, so that
  // gradients flow through it: its Python body runs again in the caller's
  // trace instead (TensorFlow differentiates the call op with the
  // callee's gradient function, which computes the same ops).
  if (anyTapeRecording(rt)) {
    ValueList tensors;
    for (auto &b : bound) {
      size_t index = 0;
      mapTensors(
          in, b,
          [&](size_t, const Value &t) {
            tensors.push_back(t);
            return t;
          },
          index);
    }
    std::vector<std::shared_ptr<VariableState>> variables;
    auto callVariables = argumentVariables(in, bound);
    for (auto &var : c->captures)
      variables.push_back(c->variableFor(var, callVariables));
    variables.insert(variables.end(), callVariables.begin(),
                     callVariables.end());
    if (tapeWatches(rt, tensors, variables))
      return callInline(in, bound, kwNames);
  }
  // Copy the callee's nodes into the caller's graph.
  TraceState &outer = *rt.tracing;
  std::vector<graph::Output> argOutputs;
  for (auto &b : bound) {
    size_t index = 0;
    mapTensors(
        in, b,
        [&](size_t, const Value &t) {
          argOutputs.push_back(rt.graphOutput(t)); // eager ones captured
          return t;
        },
        index);
  }
  // The callee's variables read the caller's current values (variables
  // passed as arguments replace those the callee was traced with).
  auto callVariables = argumentVariables(in, bound);
  for (size_t i = 0; i < c->captures.size(); ++i)
    argOutputs.push_back(
        variableValue(rt, c->variableFor(c->captures[i], callVariables),
                      name + "/ReadVariableOp"));
  std::vector<graph::Output> mapped(c->graph.nodes.size());
  size_t next = 0; // into argOutputs
  for (size_t i = 0; i < c->graph.args.size(); ++i) {
    // An argument more specific than the callee's trace (a [2] tensor for
    // its [None]) takes the traced type, which the copied nodes expect.
    const graph::Node &param = c->graph.nodes[c->graph.args[i]];
    // A tensor the callee captured from this trace (or, captured here in
    // turn, from one enclosing it).
    auto outerCapture = std::find_if(
        c->outerCaptures.begin(), c->outerCaptures.end(),
        [&](const auto &capture) { return capture.first == c->graph.args[i]; });
    graph::Output arg = outerCapture != c->outerCaptures.end()
                            ? rt.graphOutput(outerCapture->second)
                            : argOutputs.at(next++);
    if (!(rt.tracing->graph.typeOf(arg) == param.outputs[0])) {
      graph::Node cast;
      cast.op = "Identity";
      cast.name = rt.tracing->graph.uniqueName(name + "/" + param.name);
      cast.inputs = {arg};
      cast.attrs["T"] = param.outputs[0].dtype;
      cast.outputs = {param.outputs[0]};
      rt.locate(cast);
      arg = {rt.tracing->graph.add(std::move(cast)), 0};
    }
    mapped[c->graph.args[i]] = arg;
  }
  // A callee output in the caller's graph (node outputs keep their index).
  auto mapOut = [&](graph::Output o) {
    return graph::Output{mapped[o.node].node, mapped[o.node].index + o.index};
  };
  // Regions are copied with their nesting; callee nodes keep their order,
  // which puts each region's nodes before the node that owns it.
  graph::Graph &og = outer.graph;
  int saved = og.current; // where the call is
  int base = static_cast<int>(og.regions.size());
  for (const graph::Region &r : c->graph.regions) {
    graph::Region copy;
    copy.parent = r.parent < 0 ? saved : base + r.parent;
    og.regions.push_back(std::move(copy));
  }
  auto regionOf = [&](int r) { return r < 0 ? saved : base + r; };
  // Run-time errors of the copies name the callee's node, defined where
  // the callee's trace made it: TensorFlow keeps the stack of that trace
  // (the first call's, when a later call reuses it), below the frames the
  // caller's trace shares with it.
  std::vector<std::pair<int, std::string>> callSite(
      c->graph.traceStack.begin() +
          std::min(og.traceStack.size(), c->graph.traceStack.size()),
      c->graph.traceStack.end());
  const int64_t firstCopy = static_cast<int64_t>(og.nodes.size());
  for (size_t i = 0; i < c->graph.nodes.size(); ++i) {
    const graph::Node &n = c->graph.nodes[i];
    if (n.op == "Placeholder")
      continue;
    graph::Node copy = n;
    copy.name = og.uniqueName(name + "/" + n.name);
    copy.errorName = n.errorName.empty() ? n.name : n.errorName;
    copy.frames = callSite;
    if (!n.frames.empty())
      copy.frames.insert(copy.frames.end(), n.frames.begin(), n.frames.end());
    else if (n.loc.valid())
      copy.frames.push_back({static_cast<int>(n.loc.line), name});
    for (auto &input : copy.inputs)
      input = mapOut(input);
    for (auto &r : copy.regions)
      r = base + r;
    og.current = regionOf(n.region);
    if (n.op == "RegionArg") {
      mapped[i] = og.addRegionArg(n.outputs[0]);
      og.nodes[mapped[i].node].name = copy.name;
      continue;
    }
    mapped[i] = {og.add(std::move(copy)), 0};
  }
  og.current = saved;
  for (size_t r = 0; r < c->graph.regions.size(); ++r)
    for (graph::Output o : c->graph.regions[r].results)
      og.regions[base + r].results.push_back(mapOut(o));
  // TensorFlow calls the callee as one op, done only when all of it is:
  // the caller's next write of a variable it uses waits for it too.
  std::vector<int> done =
      waitForWholeCallee(og, c->graph, mapped, firstCopy, saved);
  for (auto &[var, index] : c->writes)
    setVariableValue(rt, c->variableFor(var, callVariables),
                     mapOut(c->graph.results[index]));
  for (auto &var : c->captures)
    for (int id : done)
      orderBeforeNextWrite(rt, c->variableFor(var, callVariables), id);
  // The callee's tf.print calls become the caller's. Called inside a
  // staged branch or loop, its PrintV2 nodes print from compiled code
  // instead (their tensors are no results of the caller).
  for (TracedPrint p : saved < 0 ? c->prints : std::vector<TracedPrint>()) {
    for (auto &slot : p.tensors) {
      graph::Output o = c->graph.results[slot.resultIndex];
      slot.resultIndex = static_cast<int>(outer.graph.results.size());
      outer.graph.results.push_back(mapOut(o));
    }
    outer.prints.push_back(std::move(p));
  }
  // TensorFlow's graph calls the callee through one node, whose outputs
  // name the results ("PartitionedCall:0"): its name is taken, though
  // kiln's graph holds the callee's nodes instead.
  std::string callName = og.uniqueName(
      statefulCallee(*c) ? "StatefulPartitionedCall" : "PartitionedCall");
  ValueList results;
  for (size_t i = 0; i < c->numOutputs; ++i) {
    graph::Output o = c->graph.results[c->firstOutput + i];
    results.push_back(rt.symbolic(mapOut(o)));
    rt.tensor(results.back()).callName = callName;
    rt.tensor(results.back()).callIndex = static_cast<int>(i);
  }
  return rebuildOutputs(in, c->outputTemplate, results);
}

bool TfFunction::converts(Interpreter &in) {
  if (!autograph || !pyFunc.is(Type::Function))
    return autograph;
  auto &fn = pyFunc.as<py::FunctionObject>();
  if (fn.attrs.count(py::kDoNotConvert))
    return false;
  const autograph::ModuleInfo *info = in.autograph();
  if (!info)
    return true;
  auto it = info->functions.find(fn.scope);
  if (it == info->functions.end() || it->second.converted)
    return true;
  if (!warnedNotConverted) {
    warnedNotConverted = true;
    py::tensorflowLog(in, 30, it->second.notConvertedWarning(in.repr(pyFunc)));
  }
  return false;
}

size_t TfFunction::positionalParams() const {
  if (!pyFunc.is(Type::Function))
    return 0;
  auto &fn = pyFunc.as<py::FunctionObject>();
  return fn.args->posonly.size() + fn.args->args.size();
}

Value TfFunction::defaultOf(size_t i) const {
  size_t n = positionalParams();
  auto &fn = pyFunc.as<py::FunctionObject>();
  size_t firstDefault = n - fn.defaults.size();
  return i >= firstDefault && i < n ? fn.defaults[i - firstDefault] : Value();
}

std::string TfFunction::varargName() const {
  if (pyFunc.is(Type::Function)) {
    auto &fn = pyFunc.as<py::FunctionObject>();
    if (fn.args->vararg)
      return fn.args->vararg->name;
  }
  return "args";
}

std::string TfFunction::paramName(size_t i) const {
  i += boundSelf ? 1 : 0; // input_signature positions skip a method's self
  if (!pyFunc.is(Type::Function))
    return "args_" + std::to_string(i);
  auto &fn = pyFunc.as<py::FunctionObject>();
  size_t n = fn.args->posonly.size();
  if (i < n)
    return fn.args->posonly[i].name;
  if (i - n < fn.args->args.size())
    return fn.args->args[i - n].name;
  return varargName() + "_" + std::to_string(i - n - fn.args->args.size());
}

std::string TfFunction::specRepr(const TensorType &t,
                                 const std::string &name) const {
  return "TensorSpec(shape=" + t.shapeString() + ", dtype=tf." +
         py::dtypeName(t.dtype) +
         ", name=" + (name.empty() ? "None" : "'" + name + "'") + ")";
}

std::vector<std::string>
TfFunction::argumentNames(size_t count,
                          const std::vector<std::string> &kwNames) const {
  std::vector<std::string> names;
  if (pyFunc.is(Type::Function)) {
    auto &fn = pyFunc.as<py::FunctionObject>();
    for (auto &a : fn.args->posonly)
      names.push_back(a.name);
    for (auto &a : fn.args->args)
      names.push_back(a.name);
  }
  // The extra positional arguments of *rest: "rest_0", "rest_1"...
  size_t params = names.size();
  for (size_t i = params; i + kwNames.size() < count; ++i)
    names.push_back(varargName() + "_" + std::to_string(i - params));
  names.insert(names.end(), kwNames.begin(), kwNames.end());
  return names;
}

std::string TfFunction::parameterKind(size_t i, size_t positionalCount) const {
  if (i >= positionalCount)
    return "KEYWORD_ONLY";
  if (!pyFunc.is(Type::Function))
    return "POSITIONAL_OR_KEYWORD";
  // TensorFlow's function type spells *args out as positional-only
  // parameters, which makes every positional parameter before them one.
  auto &fn = pyFunc.as<py::FunctionObject>();
  return i < fn.args->posonly.size() || fn.args->vararg
             ? "POSITIONAL_ONLY"
             : "POSITIONAL_OR_KEYWORD";
}

std::string TfFunction::specNameOf(size_t i) const {
  if (boundSelf && i == 0)
    return "";
  size_t spec = i - (boundSelf ? 1 : 0);
  if (inputSignature)
    return spec < inputSignatureNames.size() ? inputSignatureNames[spec] : "";
  return spec < concreteSpecNames.size() ? concreteSpecNames[spec] : "";
}

std::string TfFunction::signatureRepr(size_t i) const {
  return specRepr((*inputSignature)[i], i < inputSignatureNames.size()
                                            ? inputSignatureNames[i]
                                            : std::string());
}

bool TfFunction::getAttr(Interpreter &in, const Value &self,
                         const std::string &attr, Value &out) {
  TfFunction *fn = this;
  if (attr == "experimental_get_tracing_count") {
    out = in.builtin(attr, [fn](Interpreter &, CallArgs &) {
      return Value::integer(fn->tracingCount);
    });
    return true;
  }
  if (attr == "get_concrete_function") {
    Value selfValue = self;
    out = in.builtin(attr, [fn, selfValue](Interpreter &in, CallArgs &args) {
      return fn->getConcreteFunction(in, selfValue, args);
    });
    return true;
  }
  if (attr == "pretty_printed_concrete_signatures") {
    Value selfValue = self;
    out = in.builtin(attr, [fn, selfValue](Interpreter &in, CallArgs &args) {
      Params p(in, args, "pretty_printed_concrete_signatures", {"verbose"});
      bool verbose = !p.has("verbose") || in.truthy(p.get("verbose"));
      // A function with an input_signature has its one concrete function
      // whether or not it was called: listing traces it.
      if (fn->concretes.empty() &&
          (fn->inputSignature || fn->nestedSignature)) {
        CallArgs none;
        fn->getConcreteFunction(in, selfValue, none);
      }
      std::string s;
      for (size_t i = 0; i < fn->concretes.size(); ++i)
        s += (i ? (verbose ? "\n\n" : "\n") : "") +
             (verbose ? fn->concretes[i]->describe()
                      : fn->concretes[i]->signatureText());
      return in.str(s);
    });
    return true;
  }
  if (attr == "python_function" || attr == "__wrapped__") {
    out = pyFunc;
    return true;
  }
  if (attr == "__name__" || attr == "name") {
    out = in.str(name);
    return true;
  }
  // functools.update_wrapper copies these from the Python function (a
  // missing docstring shows as "").
  if (attr == "__doc__" || attr == "__qualname__" || attr == "__module__") {
    if (!in.tryGetAttr(pyFunc, attr, out))
      return false;
    if (attr == "__doc__" && out.isNone())
      out = in.str("");
    return true;
  }
  if (attr == "input_signature") {
    if (nestedSignature) {
      out = in.tuple(*nestedSignature);
      return true;
    }
    if (!inputSignature) {
      out = Value();
      return true;
    }
    ValueList specs;
    for (size_t i = 0; i < inputSignature->size(); ++i) {
      bool named =
          i < inputSignatureNames.size() && !inputSignatureNames[i].empty();
      specs.push_back(
          tensorSpec((*inputSignature)[i],
                     named ? in.str(inputSignatureNames[i]) : Value()));
    }
    out = in.tuple(std::move(specs));
    return true;
  }
  return false;
}

} // namespace kiln::tf
