// tf.debugging: the assert_* family, Assert, check_numerics and
// assert_all_finite, built as TensorFlow's check_ops.py,
// control_flow_assert.py and numerics.py build them, in the same name
// scopes. Eagerly a failed check raises at once with the Python layer's
// message. While tracing, a check whose inputs are known constants fails at
// trace time as TensorFlow's static check does; otherwise it becomes an
// Assert node whose data (texts and tensors) the compiled code formats only
// when the condition fails, as TensorFlow's Assert kernel does:
// "assertion failed: [msg] [x (a:0) = ] [1 2 3]".
#include "NumPy.h"
#include "TensorFormat.h"
#include "TfModuleBuilder.h"
#include "TfObjects.h"
#include "TfOps.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <map>

namespace kiln::tf {

namespace {

using py::Type;

/// One item of an assertion's data: a text, or a tensor.
struct DataItem {
  std::string text;
  Value tensor; // None for a text
  bool isTensor() const { return !tensor.isNone(); }
};
using Data = std::vector<DataItem>;

DataItem text(std::string s) { return {std::move(s), Value()}; }
DataItem tensorItem(Value t) { return {"", std::move(t)}; }

/// The user's `data` list: strings stay texts, the rest become tensors.
Data dataArg(TfRuntime &rt, const Value &v) {
  Data out;
  for (auto &item : rt.in.toList(v))
    out.push_back(item.is(Type::Str) ? text(rt.in.toStr(item))
                                     : tensorItem(rt.toTensor(item)));
  return out;
}

/// ops.name_scope(name, default) while tracing; nothing eagerly.
class NameScope {
public:
  NameScope(TfRuntime &rt, const Value &name, const std::string &fallback)
      : g(rt.tracing ? &rt.tracing->graph : nullptr) {
    if (g)
      left = g->enterScope(name.isNone() ? fallback : rt.in.toStr(name));
  }
  ~NameScope() {
    if (g)
      g->scope = left;
  }
  NameScope(const NameScope &) = delete;
  NameScope &operator=(const NameScope &) = delete;

private:
  graph::Graph *g;
  std::string left;
};

/// convert_to_tensor(v, name=name, dtype=dtype): a Python value becomes a
/// constant of that name (in the current scope) while tracing.
Value converted(TfRuntime &rt, const Value &v, const std::string &name,
                std::optional<DType> dtype = std::nullopt) {
  if (rt.isTensor(v) || !rt.tracing || v.is(Type::Native) ||
      v.is(Type::Instance))
    return rt.toTensor(v, dtype);
  return rt.constant(rt.hostFromPython(v, dtype), name);
}

/// A graph tensor's name, "a:0".
std::string tensorName(TfRuntime &rt, const Value &t) {
  graph::Output o = rt.graphOutput(t);
  return rt.tracing->graph.nodes[o.node].name + ":" + std::to_string(o.index);
}

/// "shape=(3,) dtype=int32", check_ops' _shape_and_dtype_str.
std::string shapeAndDType(TfRuntime &rt, const Value &t) {
  const TensorType &type = rt.tensor(t).type;
  return "shape=" + py::shapeStr(type.shape, type.unknownRank) +
         " dtype=" + py::dtypeName(type.dtype);
}

// ---- Eager text: NumPy's str of arrays and of their elements ----

std::string npText(TfRuntime &rt, HostTensorPtr h, bool scalar = false) {
  return rt.in.toStr(makeNdArray(rt, std::move(h), scalar));
}

/// The elements at flat positions `at` of `h`, as a 1-D tensor.
HostTensorPtr pick(const graph::HostTensor &h, const std::vector<int64_t> &at) {
  auto out = std::make_shared<graph::HostTensor>();
  size_t size = py::dtypeSize(h.type.dtype);
  out->type = TensorType{h.type.dtype, {static_cast<int64_t>(at.size())}};
  out->bytes.resize(at.size() * size);
  for (size_t i = 0; i < at.size(); ++i)
    std::memcpy(out->bytes.data() + i * size,
                h.bytes.data() + static_cast<size_t>(at[i]) * size, size);
  return out;
}

std::vector<int64_t> firstPositions(int64_t n) {
  std::vector<int64_t> at;
  for (int64_t i = 0; i < n; ++i)
    at.push_back(i);
  return at;
}

/// str() of each of the first `limit` elements, as NumPy scalars print.
std::vector<std::string> elementTexts(TfRuntime &rt, const graph::HostTensor &h,
                                      int64_t limit) {
  std::vector<std::string> out;
  int64_t n = std::min(limit, h.type.numElements());
  for (int64_t i = 0; i < n; ++i) {
    auto one = std::make_shared<graph::HostTensor>(*pick(h, {i}));
    one->type.shape.clear();
    out.push_back(npText(rt, one, true));
  }
  return out;
}

/// check_ops._pretty_print: a tensor as str() of its NumPy scalar, or as
/// the list of its first elements' texts ("['-1', '3', '...']").
std::string prettyPrint(TfRuntime &rt, const DataItem &item,
                        int64_t summarize) {
  if (!item.isTensor())
    return item.text;
  const graph::HostTensor &h = *rt.tensor(item.tensor).value;
  if (h.type.shape.empty())
    return elementTexts(rt, h, 1).at(0);
  std::vector<std::string> texts = elementTexts(rt, h, summarize);
  if (static_cast<int64_t>(texts.size()) < h.type.numElements())
    texts.push_back("...");
  std::string out = "[";
  for (size_t i = 0; i < texts.size(); ++i)
    out += (i ? ", '" : "'") + texts[i] + "'";
  return out + "]";
}

std::string joinLines(const std::vector<std::string> &lines) {
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i)
    out += (i ? "\n" : "") + lines[i];
  return out;
}

// ---- Staged assertions ----

/// Tensor::SummarizeValue of a constant string tensor (the Assert kernel
/// prints strings bare).
std::string stringText(const graph::HostTensor &h, int64_t summarize) {
  std::string out;
  int64_t n = h.type.numElements();
  int64_t limit = summarize < 0 ? n : std::min(summarize, n);
  for (int64_t i = 0; i < limit; ++i)
    out += (i ? " " : "") + py::tfCEscape(h.strings.at(static_cast<size_t>(i)));
  return n > limit ? out + "..." : out;
}

/// control_flow_assert.Assert while tracing: an Assert node in scope
/// "Assert" ("Assert/AssertGuard/Assert" when TensorFlow guards it with a
/// cond: data other than int32s and strings).
void stageAssert(TfRuntime &rt, const Value &condition, const Data &data,
                 int64_t summarize) {
  graph::Graph &g = rt.tracing->graph;
  Value cond = rt.toTensor(condition, DType::Bool);
  std::vector<std::string> pieces = {"assertion failed: "};
  ValueList inputs = {cond};
  bool guarded = false;
  for (size_t i = 0; i < data.size(); ++i) {
    pieces.back() += i ? " [" : "[";
    if (!data[i].isTensor()) {
      pieces.back() += py::tfCEscape(data[i].text) + "]";
      continue;
    }
    const Value &t = data[i].tensor;
    DType d = rt.tensor(t).type.dtype;
    if (d == DType::String) {
      HostTensorPtr c = rt.constantValue(t);
      if (!c)
        rt.raise("UnimplementedError",
                 "kiln cannot print a string tensor computed at run time in "
                 "an assertion yet");
      pieces.back() += stringText(*c, summarize) + "]";
      continue;
    }
    guarded |= d != DType::Int32;
    inputs.push_back(t);
    pieces.push_back("]");
  }
  std::string left = g.enterScope("Assert");
  std::string name = g.uniqueName(guarded ? "AssertGuard/Assert" : "Assert");
  g.scope = left;
  rt.applyEffect("Assert", inputs,
                 {{"pieces", pieces}, {"summarize", summarize}}, name);
}

/// What an assertion returns: None eagerly; while tracing, the Assert
/// operation it made since node `before` (TensorFlow's graph assertions
/// return their op), or None where it made none (a condition known to
/// hold).
Value assertResult(TfRuntime &rt, size_t before) {
  if (!rt.tracing)
    return Value();
  const auto &nodes = rt.tracing->graph.nodes;
  for (size_t i = nodes.size(); i-- > before;) {
    if (nodes[i].op != "Assert")
      continue;
    // A guarded Assert (stageAssert) returns its cond's output Identity.
    const std::string &name = nodes[i].name, guard = "AssertGuard/Assert";
    if (name.size() >= guard.size() &&
        name.compare(name.size() - guard.size(), guard.size(), guard) == 0)
      return namedOperation(name.substr(0, name.size() - 6) + "Identity",
                            "Identity");
    return namedOperation(name, "Assert");
  }
  return Value();
}

size_t nodeCount(TfRuntime &rt) {
  return rt.tracing ? rt.tracing->graph.nodes.size() : 0;
}

/// An eager tensor of a value known at trace time.
Value eagerValue(TfRuntime &rt, const Value &t) {
  return rt.eager(rt.constantValue(t));
}

/// check_ops._assert_static: the data as text, constants by their values.
[[noreturn]] void staticFailure(TfRuntime &rt, const Data &data) {
  std::vector<std::string> lines;
  for (auto &item : data) {
    if (!item.isTensor()) {
      lines.push_back(item.text);
      continue;
    }
    HostTensorPtr v = rt.constantValue(item.tensor);
    lines.push_back(v ? npText(rt, v, v->type.shape.empty())
                      : rt.in.toStr(item.tensor));
  }
  rt.raise("InvalidArgumentError", joinLines(lines));
}

/// The eager result of `x op y` reduced with All: whether the check holds,
/// and the elementwise result.
bool holds(TfRuntime &rt, const std::string &op, const Value &x, const Value &y,
           HostTensorPtr *elementwise = nullptr) {
  EagerScope eager(rt);
  Value test = binaryOp(rt, op, x, y);
  if (elementwise)
    *elementwise = rt.tensor(test).value;
  Value all = reduce(rt, "All", test, Value(), false);
  return rt.tensor(all).value->bytes.at(0) != 0;
}

struct BinaryCheck {
  const char *sym, *opname, *op;
};

/// check_ops._make_assert_msg_data: the eager message's default data.
Data defaultEagerData(TfRuntime &rt, const BinaryCheck &check, const Value &x,
                      const Value &y, const graph::HostTensor &test,
                      int64_t summarize) {
  Data data = {
      text(std::string("Condition x ") + check.sym + " y did not hold.")};
  if (summarize <= 0)
    return data;
  const graph::HostTensor &xv = *rt.tensor(x).value, &yv = *rt.tensor(y).value;
  if (xv.type.shape == yv.type.shape && !xv.type.shape.empty()) {
    // The positions where the check failed, and the values there.
    std::vector<int64_t> failed;
    for (int64_t i = 0; i < test.type.numElements(); ++i)
      if (!test.bytes[static_cast<size_t>(i)])
        failed.push_back(i);
    size_t n = std::min<size_t>(failed.size(), static_cast<size_t>(summarize));
    failed.resize(n);
    auto indices = std::make_shared<graph::HostTensor>();
    int64_t rank = static_cast<int64_t>(xv.type.shape.size());
    indices->type = TensorType{DType::Int64, {static_cast<int64_t>(n), rank}};
    indices->bytes.resize(n * static_cast<size_t>(rank) * 8);
    auto *coords = reinterpret_cast<int64_t *>(indices->bytes.data());
    for (size_t k = 0; k < n; ++k) {
      int64_t rest = failed[k];
      for (int64_t d = rank; d-- > 0;) {
        coords[k * rank + d] = rest % xv.type.shape[d];
        rest /= xv.type.shape[d];
      }
    }
    data.push_back(
        text("Indices of first " + std::to_string(n) + " different values:"));
    data.push_back(text(npText(rt, indices)));
    data.push_back(text("Corresponding x values:"));
    data.push_back(text(npText(rt, pick(xv, failed))));
    data.push_back(text("Corresponding y values:"));
    data.push_back(text(npText(rt, pick(yv, failed))));
  }
  for (auto [name, v] : {std::pair{"x", &xv}, std::pair{"y", &yv}}) {
    int64_t n = std::min(v->type.numElements(), summarize);
    data.push_back(
        text("First " + std::to_string(n) + " elements of " + name + ":"));
    data.push_back(text(npText(rt, pick(*v, firstPositions(n)))));
  }
  return data;
}

/// check_ops._binary_assert: x op y must hold everywhere. `data` null for
/// the default data; `message` null for none.
void binaryAssert(TfRuntime &rt, const BinaryCheck &check, const Value &xArg,
                  const Value &yArg, const Data *data,
                  std::optional<int64_t> summarize,
                  const std::optional<std::string> &message,
                  const Value &name) {
  NameScope scope(rt, name, check.opname);
  Value x = converted(rt, xArg, "x");
  Value y = converted(rt, yArg, "y");
  if (!rt.tracing) {
    HostTensorPtr test;
    if (holds(rt, check.op, x, y, &test))
      return;
    // Python's Assert prints 3 elements by default; negative prints all.
    int64_t n = !summarize ? 3 : *summarize < 0 ? int64_t(1e9) : *summarize;
    Data items = data ? *data : defaultEagerData(rt, check, x, y, *test, n);
    if (message)
      items.insert(items.begin(), text(*message));
    std::vector<std::string> lines;
    for (auto &item : items)
      lines.push_back(prettyPrint(rt, item, n));
    rt.raise("InvalidArgumentError", joinLines(lines));
  }
  Data items;
  if (data) {
    items = *data;
  } else {
    items = {text(std::string("Condition x ") + check.sym +
                  " y did not hold element-wise:"),
             text("x (" + tensorName(rt, x) + ") = "), tensorItem(x),
             text("y (" + tensorName(rt, y) + ") = "), tensorItem(y)};
  }
  if (message)
    items.insert(items.begin(), text(*message));
  Value test = binaryOp(rt, check.op, x, y);
  Value condition = reduce(rt, "All", test, Value(), false);
  if (rt.constantValue(x) && rt.constantValue(y) &&
      !holds(rt, check.op, eagerValue(rt, x), eagerValue(rt, y)))
    staticFailure(rt, items);
  stageAssert(rt, condition, items, summarize.value_or(3));
}

const BinaryCheck kEqual{"==", "assert_equal", "Equal"},
    kNoneEqual{"!=", "assert_none_equal", "NotEqual"},
    kLess{"<", "assert_less", "Less"},
    kLessEqual{"<=", "assert_less_equal", "LessEqual"},
    kGreater{">", "assert_greater", "Greater"},
    kGreaterEqual{">=", "assert_greater_equal", "GreaterEqual"};

std::optional<std::string> messageArg(TfRuntime &rt, const Params &p) {
  if (!p.has("message"))
    return std::nullopt;
  return rt.in.toStr(p.get("message"));
}

std::optional<int64_t> summarizeArg(TfRuntime &rt, const Params &p) {
  if (!p.has("summarize"))
    return std::nullopt;
  return rt.in.toIndex(p.get("summarize"));
}

/// check_ops._message_prefix.
std::string messagePrefix(const std::optional<std::string> &message) {
  return message && !message->empty() ? *message + ".  " : "";
}

/// assert_positive & co.: `x sym 0`, checked as a comparison with a zero of
/// x's dtype on the side `zeroFirst` says.
void signAssert(TfRuntime &rt, const Params &p, const char *opname,
                const char *condition, const BinaryCheck &check,
                bool zeroFirst) {
  std::string prefix = messagePrefix(messageArg(rt, p));
  NameScope scope(rt, p.get("name"), opname);
  Value x = converted(rt, p.require("x", opname), "x");
  std::string name = rt.tracing ? tensorName(rt, x) : shapeAndDType(rt, x);
  // assert_non_positive's Python source lacks a comma between these two
  // texts, so they are one item.
  Data data = {text(prefix)};
  std::string head =
      std::string("Condition x ") + condition + " 0 did not hold element-wise:";
  if (std::string(opname) == "assert_non_positive") {
    data.push_back(text(head + "x (" + name + ") = "));
  } else {
    data.push_back(text(head));
    data.push_back(text("x (" + name + ") = "));
  }
  data.push_back(tensorItem(x));
  Value zero = rt.constant(
      rt.hostFromPython(Value::integer(0), rt.tensor(x).type.dtype));
  binaryAssert(rt, check, zeroFirst ? zero : x, zeroFirst ? x : zero, &data,
               summarizeArg(rt, p), std::nullopt, Value());
}

/// control_flow_assert._summarize_eager: ", "-joined texts of the first
/// elements; a Python string converted to a tensor prints as bytes.
std::string summarizeEager(TfRuntime &rt, const DataItem &item,
                           int64_t summarize) {
  if (!item.isTensor())
    return summarize == 0 ? "" : "b'" + item.text + "'";
  const graph::HostTensor &h = *rt.tensor(item.tensor).value;
  if (h.type.shape.empty())
    return summarize == 0 ? "" : elementTexts(rt, h, 1).at(0);
  int64_t n = summarize < 0 ? h.type.numElements() : summarize;
  std::vector<std::string> texts = elementTexts(rt, h, n);
  if (static_cast<int64_t>(texts.size()) < h.type.numElements())
    texts.push_back("...");
  std::string out;
  for (size_t i = 0; i < texts.size(); ++i)
    out += (i ? ", " : "") + texts[i];
  return out;
}

/// tf.debugging.Assert.
void assertOp(TfRuntime &rt, const Value &condition, const Data &data,
              std::optional<int64_t> summarize, const Value &name) {
  if (!rt.tracing) {
    if (rt.in.truthy(condition))
      return;
    std::vector<std::string> texts;
    for (auto &item : data)
      texts.push_back(summarizeEager(rt, item, summarize.value_or(3)));
    rt.raise("InvalidArgumentError",
             "Expected '" + rt.in.toStr(condition) +
                 "' to be true. Summarized data: " + joinLines(texts));
  }
  graph::Graph &g = rt.tracing->graph;
  // Assert's own scope wraps the node's ("Assert/Assert").
  std::string left = g.scope;
  if (!name.isNone())
    left = g.enterScope(rt.in.toStr(name));
  stageAssert(rt, condition, data, summarize.value_or(3));
  g.scope = left;
}

/// The CheckNumerics kernel's verdict on a float tensor: "NaN", "Inf",
/// "Inf and NaN", or "" for a finite one.
std::string nonFinite(const graph::HostTensor &h) {
  bool nan = false, inf = false;
  for (int64_t i = 0; i < h.type.numElements(); ++i) {
    double v = h.elementAsDouble(static_cast<size_t>(i));
    nan |= std::isnan(v);
    inf |= std::isinf(v);
  }
  return nan && inf ? "Inf and NaN" : inf ? "Inf" : nan ? "NaN" : "";
}

/// tf.debugging.check_numerics: x unchanged, or the kernel's error.
Value checkNumerics(TfRuntime &rt, const Value &xArg,
                    const std::string &message) {
  Value x = rt.toTensor(xArg);
  DType d = rt.tensor(x).type.dtype;
  if (!isFloating(d))
    rejectDType(rt, "CheckNumerics", "tensor", "T", d,
                "bfloat16, float16, float32, float64",
                "bfloat16, half, float, double",
                "; signature=tensor:T -> output:T; attr=T:type,allowed=[DT_"
                "BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE]; attr=message:string;"
                " is_stateful=true>");
  if (!rt.tracing) {
    std::string what = nonFinite(*rt.tensor(x).value);
    if (!what.empty())
      kernelError(rt, "CheckNumerics",
                  message + " : Tensor had " + what + " values");
    return x;
  }
  // TensorFlow's graph has one CheckNumerics node, whose output is x. kiln
  // checks with the kernel's three messages, each an Assert on flags
  // computed once, in the node's scope; the node itself is an Identity.
  return asOneNode(rt, "CheckNumerics", [&] {
    graph::Graph &g = rt.tracing->graph;
    std::string node = g.scopeName(); // the node a failure names
    Value nan =
        reduce(rt, "Any", binaryOp(rt, "NotEqual", x, x), Value(), false);
    Value inf = reduce(rt, "Any",
                       binaryOp(rt, "Equal", unaryOp(rt, "Abs", x),
                                rt.toTensor(Value::floating(INFINITY), d)),
                       Value(), false);
    auto fails = [&](const Value &a, const Value &b) {
      return binaryOp(rt, "LogicalAnd", a, b);
    };
    auto no = [&](const Value &v) { return unaryOp(rt, "LogicalNot", v); };
    std::vector<std::string> asserts;
    for (auto [what, failing] : {std::pair{"Inf and NaN", fails(inf, nan)},
                                 std::pair{"Inf", fails(inf, no(nan))},
                                 std::pair{"NaN", fails(nan, no(inf))}}) {
      rt.applyEffect(
          "Assert", {no(failing)},
          {{"message", message + " : Tensor had " + what + " values"}});
      g.nodes.back().errorName = node;
      asserts.push_back(g.nodes.back().name);
    }
    // The kernel's output exists only when its checks pass: what reads it
    // (a variable's assign) does not run when one fails.
    Value out = identity(rt, x);
    std::vector<std::string> &controls =
        g.nodes[rt.tensor(out).out.node].controlInputs;
    controls.insert(controls.end(), asserts.begin(), asserts.end());
    return out;
  });
}

/// check_ops' rank checks: rank exactly `want`, at least `want`
/// (`atLeast`), or 0 or 1 (`zeroOrOne`); at trace time, or for a tensor of
/// unknown rank an Assert printing `data` (assert_rank's own by default).
void checkRank(TfRuntime &rt, const Value &x, int64_t want, bool atLeast,
               bool zeroOrOne, const std::string &prefix,
               const Data *data = nullptr) {
  const TensorType &t = rt.tensor(x).type;
  if (t.unknownRank && zeroOrOne)
    return;
  if (t.unknownRank) {
    // Known when the function runs: an Assert on the Rank node, as
    // check_ops._assert_rank_condition builds it.
    Value rank =
        rt.apply("Rank", {x}, {}, TensorType{DType::Int32, {}}, "Rank");
    Value given =
        convertArgument(rt, Value::integer(want), "rank", DType::Int32);
    Value condition =
        binaryOp(rt, atLeast ? "GreaterEqual" : "Equal", rank, given);
    assertOp(rt, condition,
             data ? *data
                  : Data{text(prefix),
                         text("Tensor " + tensorName(rt, x) +
                              " must have rank" + (atLeast ? " at least" : "")),
                         tensorItem(given), text("Received shape: "),
                         tensorItem(shapeOf(rt, x))},
             std::nullopt, Value());
    return;
  }
  int64_t rank = static_cast<int64_t>(t.shape.size());
  bool ok = zeroOrOne ? rank <= 1 : atLeast ? rank >= want : rank == want;
  if (ok)
    return;
  std::string rule = zeroOrOne ? " in (0, 1)"
                     : atLeast ? " at least " + std::to_string(want)
                               : " " + std::to_string(want);
  rt.in.valueError(prefix + "Tensor " + (rt.tracing ? tensorName(rt, x) : "") +
                   " must have rank" + rule + ".  Received rank " +
                   std::to_string(rank) + ", shape " +
                   py::shapeStr(t.shape, false));
}

/// tf.debugging.assert_shapes: each tensor's rank and dimensions against a
/// spec of sizes, symbols shared between tensors, None or "." for any
/// size, and a leading ... or "*" for any number of outer dimensions.
/// Checks on sizes known at trace time fail there (ValueError); the rest
/// become Assert nodes.
void assertShapes(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  std::optional<std::string> message = messageArg(rt, p);
  std::string prefix = messagePrefix(message);
  NameScope scope(rt, p.get("name"), "assert_shapes");
  Value shapes = p.require("shapes", "assert_shapes");
  // The data the run-time checks print instead of their own, when given.
  std::optional<Data> userData;
  if (p.has("data"))
    userData = dataArg(rt, p.get("data"));
  if (shapes.is(Type::Dict))
    shapes = in.call(in.getAttr(shapes, "items"), {});
  struct Entry {
    Value x;
    bool innermost = false;
    ValueList symbols;
  };
  std::vector<Entry> entries;
  auto nameOf = [&](const Value &x) {
    return rt.tracing ? tensorName(rt, x) : shapeAndDType(rt, x);
  };
  for (auto &pair : in.toList(shapes)) {
    ValueList items = in.toList(pair);
    if (items.size() != 2)
      in.valueError("assert_shapes takes (tensor, shape) pairs");
    if (items[1].isNone())
      continue;
    Entry e;
    e.x = converted(rt, items[0], "x");
    if (items[1].isIntLike() || items[1].is(Type::Float))
      in.valueError(prefix + "Tensor " + nameOf(e.x) +
                    ".  Specified shape must be an iterable.  An iterable has "
                    "the attribute `__iter__` or `__getitem__`.  Received "
                    "specified shape: " +
                    in.toStr(items[1]));
    ValueList symbols = in.toList(items[1]);
    for (size_t i = 0; i < symbols.size(); ++i) {
      bool any = symbols[i].is(Type::Ellipsis) ||
                 (symbols[i].is(Type::Str) && in.toStr(symbols[i]) == "*");
      if (!any)
        continue;
      if (i != 0)
        in.valueError(prefix + "Tensor " + nameOf(e.x) +
                      " specified shape index " + std::to_string(i) +
                      ".  Symbol `...` or `*` for a variable number of "
                      "unspecified dimensions is only allowed as the first "
                      "entry");
      e.innermost = true;
    }
    e.symbols.assign(symbols.begin() + (e.innermost ? 1 : 0), symbols.end());
    if (e.symbols.empty()) // a scalar is checked as shape (1,)
      e.symbols = {Value::integer(1)};
    entries.push_back(std::move(e));
  }
  for (auto &e : entries) {
    int64_t rank = static_cast<int64_t>(e.symbols.size());
    if (e.innermost && rank <= 1)
      continue;
    checkRank(rt, e.x, rank, e.innermost, !e.innermost && rank <= 1, prefix,
              userData ? &*userData : nullptr);
  }
  // A symbol's size, and the tensor and dimension that gave it.
  struct Size {
    int64_t known; // -1: only the run time knows it
    Value tensor;  // then: an int32 scalar holding it
    Value by;
    int64_t dim;
  };
  std::map<std::string, Size> bySymbol;
  auto sizeAt = [&](const Value &x, int64_t dim) -> Size {
    const TensorType &t = rt.tensor(x).type;
    int64_t rank = static_cast<int64_t>(t.shape.size());
    int64_t d = dim < 0 ? dim + rank : dim;
    if (rank == 0) // _dimension_sizes: a scalar's sizes are (1,)
      return {1, Value(), x, dim};
    if (t.shape[d] >= 0)
      return {t.shape[d], Value(), x, dim};
    Value n = gather(rt, shapeOf(rt, x),
                     rt.toTensor(Value::integer(d), DType::Int32), 0);
    return {-1, n, x, dim};
  };
  for (auto &e : entries) {
    int64_t count = static_cast<int64_t>(e.symbols.size());
    for (int64_t i = 0; i < count; ++i) {
      const Value &sym = e.symbols[i];
      if (sym.isNone() || (sym.is(Type::Str) && in.toStr(sym) == "."))
        continue;
      int64_t dim = e.innermost ? i - count : i;
      std::optional<int64_t> explicitSize;
      if (sym.isIntLike()) {
        explicitSize = sym.asInt();
      } else if (sym.is(Type::Str)) { // int("3") works for the Python layer
        const std::string &str = in.toStr(sym);
        char *end = nullptr;
        long long v = std::strtoll(str.c_str(), &end, 10);
        if (!str.empty() && *end == '\0')
          explicitSize = v;
      }
      std::string key = in.repr(sym);
      if (!explicitSize && !bySymbol.count(key)) {
        bySymbol[key] = sizeAt(e.x, dim);
        continue;
      }
      Size specified = explicitSize ? Size{*explicitSize, Value(), Value(), 0}
                                    : bySymbol[key];
      std::string check =
          explicitSize ? "Specified explicitly"
                       : "Specified by tensor " + nameOf(specified.by) +
                             " dimension " + std::to_string(specified.dim);
      Size actual = sizeAt(e.x, dim);
      if (actual.known >= 0 && specified.known >= 0) {
        if (actual.known != specified.known)
          in.valueError(prefix + check + ".  Tensor " + nameOf(e.x) +
                        " dimension " + std::to_string(dim) +
                        " must have size " + std::to_string(specified.known) +
                        ".  Received size " + std::to_string(actual.known) +
                        ", shape " +
                        py::shapeStr(rt.tensor(e.x).type.shape, false));
        continue;
      }
      auto tensorOf = [&](const Size &s) {
        return s.known >= 0 ? rt.toTensor(Value::integer(s.known), DType::Int32)
                            : s.tensor;
      };
      Value condition =
          binaryOp(rt, "Equal", tensorOf(actual), tensorOf(specified));
      Data data =
          userData
              ? *userData
              : Data{text(prefix),
                     text(check),
                     text("Tensor " + nameOf(e.x) + " dimension"),
                     tensorItem(rt.toTensor(Value::integer(dim), DType::Int32)),
                     text("must have size"),
                     tensorItem(tensorOf(specified)),
                     text("Received shape: "),
                     tensorItem(shapeOf(rt, e.x))};
      assertOp(rt, condition, data, summarizeArg(rt, p), Value());
    }
  }
}

} // namespace

void installDebugging(TfRuntime &rt, ModuleBuilder &tf,
                      ModuleBuilder &debugging) {
  TfRuntime *r = &rt;
  // TensorFlow 2 exports a few of them at the top level too.
  auto def = [&](const std::string &name, py::BuiltinFn fn) {
    debugging.def(name, fn);
    for (const char *root : {"Assert", "assert_equal", "assert_greater",
                             "assert_less", "assert_rank"})
      if (name == root)
        tf.def(name, fn);
  };
  for (const BinaryCheck *check :
       {&kEqual, &kNoneEqual, &kLess, &kLessEqual, &kGreater, &kGreaterEqual}) {
    def(check->opname, [r, check](Interpreter &in, CallArgs &args) {
      Params p(in, args, check->opname,
               {"x", "y", "message", "summarize", "name"});
      Value x = p.require("x", check->opname),
            y = p.require("y", check->opname);
      // assert_equal opens its name scope once to short-cut `x is y`,
      // then _binary_assert opens it again ("assert_equal_1").
      if (check == &kEqual) {
        if (x.raw() && x.raw() == y.raw())
          return Value();
        NameScope reserve(*r, p.get("name"), check->opname);
      }
      size_t before = nodeCount(*r);
      binaryAssert(*r, *check, x, y, nullptr, summarizeArg(*r, p),
                   messageArg(*r, p), p.get("name"));
      return assertResult(*r, before);
    });
  }
  struct Sign {
    const char *opname, *condition;
    const BinaryCheck *check;
    bool zeroFirst;
  };
  for (Sign s : {Sign{"assert_positive", ">", &kLess, true},
                 Sign{"assert_negative", "<", &kLess, false},
                 Sign{"assert_non_negative", ">=", &kLessEqual, true},
                 Sign{"assert_non_positive", "<=", &kLessEqual, false}})
    debugging.def(s.opname, [r, s](Interpreter &in, CallArgs &args) {
      size_t before = nodeCount(*r);
      signAssert(
          *r, Params(in, args, s.opname, {"x", "message", "summarize", "name"}),
          s.opname, s.condition, *s.check, s.zeroFirst);
      return assertResult(*r, before);
    });
  def("Assert", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "Assert", {"condition", "data", "summarize", "name"});
    size_t before = nodeCount(*r);
    assertOp(*r, p.require("condition", "Assert"),
             dataArg(*r, p.require("data", "Assert")), summarizeArg(*r, p),
             p.get("name"));
    return assertResult(*r, before);
  });
  for (auto [name, atLeast] : {std::pair{"assert_rank", false},
                               std::pair{"assert_rank_at_least", true}})
    def(name, [r, name = std::string(name), atLeast = atLeast](Interpreter &in,
                                                               CallArgs &args) {
      Params p(in, args, name, {"x", "rank", "message", "name"});
      NameScope scope(*r, p.get("name"), name);
      Value x = converted(*r, p.require("x", name), "x");
      size_t before = nodeCount(*r);
      checkRank(*r, x, in.toIndex(p.require("rank", name)), atLeast, false,
                messagePrefix(messageArg(*r, p)));
      // The Assert, for tf.control_dependencies; a NoOp when the rank is
      // known to fit.
      Value op = assertResult(*r, before);
      if (op.isNone() && r->tracing)
        op = namedOperation(r->tracing->graph.uniqueName("NoOp"), "NoOp");
      return op;
    });
  debugging.def("assert_shapes", [r](Interpreter &in, CallArgs &args) {
    assertShapes(*r,
                 Params(in, args, "assert_shapes",
                        {"shapes", "data", "summarize", "message", "name"}));
    return Value();
  });
  def("assert_integer", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "assert_integer", {"x", "message", "name"});
    NameScope scope(*r, p.get("name"), "assert_integer");
    Value x = converted(*r, p.require("x", "assert_integer"), "x");
    DType d = r->tensor(x).type.dtype;
    if (!isInteger(d))
      in.typeError(messagePrefix(messageArg(*r, p)) +
                   "Expected \"x\" to be integer type.  Found: " +
                   (r->tracing ? tensorName(*r, x) : "tensor") +
                   " of dtype <dtype: '" + py::dtypeName(d) + "'>");
    return Value();
  });
  def("assert_scalar", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "assert_scalar", {"tensor", "message", "name"});
    NameScope scope(*r, p.get("name"), "assert_scalar");
    Value t =
        converted(*r, p.require("tensor", "assert_scalar"), "assert_scalar");
    const TensorType &type = r->tensor(t).type;
    if (type.unknownRank || !type.shape.empty()) {
      std::string shape = py::shapeStr(type.shape, type.unknownRank);
      in.valueError(messagePrefix(messageArg(*r, p)) +
                    (r->tracing ? "Expected scalar shape for " +
                                      tensorName(*r, t) + ", saw shape: "
                                : std::string("Expected scalar shape, saw "
                                              "shape: ")) +
                    shape + ".");
    }
    return Value();
  });
  def("assert_type", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "assert_type", {"tensor", "tf_type", "message", "name"});
    DType want = *dtypeArg(in, p.require("tf_type", "assert_type"));
    NameScope scope(*r, p.get("name"), "assert_type");
    Value t = converted(*r, p.require("tensor", "assert_type"), "tensor");
    DType got = r->tensor(t).type.dtype;
    if (got != want)
      in.typeError(messagePrefix(messageArg(*r, p)) +
                   (r->tracing ? tensorName(*r, t) : "tensor") +
                   " must be of type tf." + py::dtypeName(want) + "; got tf." +
                   py::dtypeName(got));
    return Value();
  });
  debugging.def("check_numerics", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "check_numerics", {"tensor", "message", "name"});
    return checkNumerics(*r, p.require("tensor", "check_numerics"),
                         in.toStr(p.require("message", "check_numerics")));
  });
  debugging.def("assert_all_finite", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "assert_all_finite", {"x", "message", "name"});
    // numerics.verify_tensor_all_finite_v2: scope "VerifyFinite".
    NameScope scope(*r, p.get("name"), "VerifyFinite");
    return checkNumerics(
        *r, converted(*r, p.require("x", "assert_all_finite"), "x"),
        in.toStr(p.require("message", "assert_all_finite")));
  });
  debugging.def("assert_near", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "assert_near",
             {"x", "y", "rtol", "atol", "message", "summarize", "name"});
    std::string prefix = messagePrefix(messageArg(*r, p));
    NameScope scope(*r, p.get("name"), "assert_near");
    Value x = converted(*r, p.require("x", "assert_near"), "x");
    DType d = r->tensor(x).type.dtype;
    Value y = converted(*r, p.require("y", "assert_near"), "y", d);
    // 10 * eps of the dtype, as NumPy's finfo gives it.
    double eps = d == DType::Float64    ? 2.220446049250313e-16
                 : d == DType::Float16  ? 0.0009765625
                 : d == DType::BFloat16 ? 0.0078125
                                        : 1.1920928955078125e-07;
    auto tolerance = [&](const char *name) {
      Value v = p.has(name) ? p.get(name) : Value::floating(10 * eps);
      return converted(*r, v, name, d);
    };
    Value rtol = tolerance("rtol"), atol = tolerance("atol");
    std::string xName = r->tracing ? tensorName(*r, x) : shapeAndDType(*r, x);
    std::string yName = r->tracing ? tensorName(*r, y) : shapeAndDType(*r, y);
    Data data = {text(prefix),
                 text("x and y not equal to tolerance rtol = " +
                      in.toStr(rtol) + ", atol = " + in.toStr(atol)),
                 text("x (" + xName + ") = "),
                 tensorItem(x),
                 text("y (" + yName + ") = "),
                 tensorItem(y)};
    Value tol = binaryOp(*r, "AddV2", atol,
                         binaryOp(*r, "Mul", rtol, unaryOp(*r, "Abs", y)));
    Value diff = unaryOp(*r, "Abs", binaryOp(*r, "Sub", x, y));
    Value condition =
        reduce(*r, "All", binaryOp(*r, "Less", diff, tol), Value(), false);
    size_t before = nodeCount(*r);
    assertOp(*r, condition, data, summarizeArg(*r, p), Value());
    return assertResult(*r, before);
  });
  // tf.ensure_shape: checks x's shape against `shape` (None dimensions
  // match any size). While tracing, shape inference merges the two (a
  // ValueError when they conflict) and an EnsureShape node checks the
  // dimensions known at run time only; eagerly, the kernel's check.
  tf.def("ensure_shape", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "ensure_shape", {"x", "shape", "name"});
    Value x = r->toTensor(p.require("x", "ensure_shape"));
    // shape=None is given (an unknown rank), not missing.
    if (!p.values.count("shape"))
      p.require("shape", "ensure_shape");
    Value shapeArg = p.get("shape");
    const TensorType t = r->tensor(x).type;
    const TensorType wanted = asShape(in, shapeArg);
    bool anyRank = wanted.unknownRank;
    const std::vector<int64_t> &expected = wanted.shape;
    std::string expectedText = anyRank ? "<unknown>" : shapeList(expected);
    if (!r->tracing) {
      if (!t.shapeFits(wanted))
        kernelError(*r, "EnsureShape",
                    "Shape of tensor input " + shapeList(t.shape) +
                        " is not compatible with expected shape " +
                        expectedText + ".");
      return x;
    }
    std::string node = r->tracing->graph.uniqueName("EnsureShape");
    std::string where = " for '{{node " + node +
                        "}} = EnsureShape[T=" + tfTypeName(t.dtype) +
                        ", shape=" + expectedText + "](" + inputName(*r, x) +
                        ")' with input shapes: " + shapeList(t.shape) + ".";
    // TensorFlow's shape function takes a shape=None as rank -1.
    if (!t.unknownRank && (anyRank || expected.size() != t.shape.size()))
      in.valueError("Shape must be rank " +
                    std::to_string(anyRank ? -1 : int64_t(expected.size())) +
                    " but is rank " + std::to_string(t.shape.size()) + where);
    TensorType merged = t;
    if (t.unknownRank) {
      merged.unknownRank = false;
      merged.shape = expected;
    }
    for (size_t d = 0; d < expected.size(); ++d) {
      if (expected[d] >= 0 && merged.shape[d] >= 0 &&
          expected[d] != merged.shape[d])
        in.valueError("Dimension " + std::to_string(d) +
                      " in both shapes must be equal, but are " +
                      std::to_string(expected[d]) + " and " +
                      std::to_string(merged.shape[d]) + ". Shapes are " +
                      shapeList(expected) + " and " + shapeList(t.shape) + "." +
                      where);
      if (expected[d] >= 0)
        merged.shape[d] = expected[d];
    }
    return r->apply("EnsureShape", {x}, {{"T", t.dtype}, {"shape", expected}},
                    merged, node,
                    /*exactName=*/true);
  });
  debugging.def("is_numeric_tensor", [r](Interpreter &, CallArgs &args) {
    if (args.positional.size() != 1 || !r->isTensor(args.positional[0]))
      return Value::boolean(false);
    DType d = r->tensor(args.positional[0]).type.dtype;
    return Value::boolean(d != DType::String);
  });
  // TensorFlow 2 exports its _v2 versions of the checks under their
  // names; __name__ and repr() show the functions' own.
  auto rename = [](ModuleBuilder &m, const std::string &name,
                   const std::string &own) {
    auto it = m.module->dict.find(name);
    if (it != m.module->dict.end() && it->second.is(Type::Builtin))
      it->second.as<py::BuiltinObject>().name = own;
  };
  for (auto &[name, value] : debugging.module->dict) {
    (void)value;
    if (name.rfind("assert_", 0) == 0 && name != "assert_all_finite")
      rename(debugging, name, name + "_v2");
  }
  rename(debugging, "assert_all_finite", "verify_tensor_all_finite_v2");
  for (const char *name :
       {"assert_equal", "assert_greater", "assert_less", "assert_rank"})
    rename(tf, name, std::string(name) + "_v2");
}

} // namespace kiln::tf
