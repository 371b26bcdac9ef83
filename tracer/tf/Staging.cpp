// Staged control flow (see Staging.h). Each staged statement traces its
// regions once with the variables it modifies bound to region values, then
// merges them into the outputs of one control-flow node:
//
//   if:    StatelessIf(cond) {then} {else}       outputs: live-out variables
//   while: StatelessWhile(init...) {cond} {body} outputs: loop variables
//   for:   For(start, limit, delta, init...) {body(iv, vars...)}
//
// Loop variables must keep their dtype and (unless relaxed with
// set_loop_options) their shape, and a variable used after an if must be
// defined on both branches: TensorFlow's errors, raised at the statement.
#include "Staging.h"

#include "TensorArray.h"
#include "TfData.h"
#include "TfGradient.h"
#include "TfObjects.h"
#include "TfOps.h"
#include "TfVariable.h"
#include "autograph/Autograph.h"
#include "kiln/frontend/Resolver.h"

namespace kiln::tf {

using autograph::ControlFlowInfo;
using py::Frame;
using py::Type;
using Slot = std::optional<Value>;

namespace {

/// A collections.namedtuple instance, which staged control flow carries
/// as the tuple of its fields (TensorFlow's nest does).
NamedTupleObject *asNamedTuple(const Value &v) {
  return v.is(Type::Native) ? dynamic_cast<NamedTupleObject *>(v.raw())
                            : nullptr;
}

using graph::RegionGuard;

/// Marks a staged statement's branches or body as being traced from its
/// line (TfRuntime::controlFlowLines) until the scope ends or throws.
struct ControlFlowLine {
  ControlFlowLine(TfRuntime &rt, const Frame &frame, int line) : rt(rt) {
    rt.controlFlowLines.push_back({&frame, line});
  }
  ~ControlFlowLine() { rt.controlFlowLines.pop_back(); }
  ControlFlowLine(const ControlFlowLine &) = delete;
  ControlFlowLine &operator=(const ControlFlowLine &) = delete;
  TfRuntime &rt;
};

/// AutoGraph's error for a loop whose body does not always set the return
/// value (a `return` inside a staged `if` of a staged loop).
constexpr const char *kReturnInLoop =
    "a return statement cannot be placed inside this TensorFlow loop; this "
    "may happen if a return statement depends on a static Python condition "
    "such as a hyperparameter";

std::string dtypeText(const TensorType &t) { return py::dtypeName(t.dtype); }

/// The most specific type that both `a` and `b` (of one dtype) fit, as
/// TensorFlow's most_specific_compatible_shape: the dimensions that differ
/// become None, and different ranks an unknown rank.
TensorType relaxedType(TensorType a, const TensorType &b) {
  if (a.unknownRank || b.unknownRank || a.shape.size() != b.shape.size()) {
    a.unknownRank = true;
    a.shape.clear();
    return a;
  }
  for (size_t i = 0; i < a.shape.size(); ++i)
    if (a.shape[i] != b.shape[i])
      a.shape[i] = -1;
  return a;
}

/// The name cond_v2 gives output `i` of a branch in name scope `scope`.
std::string condOutputName(const std::string &scope, size_t i) {
  return scope + "/Identity" + (i ? "_" + std::to_string(i) : "") + ":0";
}

/// A graph tensor named `name`, as str() prints it.
std::string graphTensorStr(const std::string &name, const TensorType &t) {
  return "Tensor(\"" + name + "\", shape=" + t.shapeString() +
         ", dtype=" + dtypeText(t) + ")";
}

/// ... and as repr() prints it.
std::string graphTensorRepr(const std::string &name, const TensorType &t) {
  return "<tf.Tensor '" + name + "' shape=" + t.shapeString() +
         " dtype=" + dtypeText(t) + ">";
}

/// A loop being staged: names and values of its state, and how to run its
/// condition and body given region values for that state.
struct LoopSpec {
  std::vector<std::string> names;
  ValueList init;                // tensors
  std::vector<TensorType> types; // possibly relaxed by shape invariants
  bool autographMessages = true; // AutoGraph's wording, else tf.while_loop's
  /// Which types a shape invariant gave (for its error message).
  std::vector<bool> invariant;
  /// set_loop_options(maximum_iterations=...): an int32 scalar, or None.
  Value maximumIterations;
  /// Where state k is among the outputs of TensorFlow's While node, whose
  /// names the loop's results print ("while:3"): k + shownOffset, past
  /// while_v2's loop counter and maximum_iterations (and AutoGraph's
  /// iterate). 0: kiln's own numbering.
  int shownOffset = 0;
  std::function<Value(const ValueList &)> cond;
  std::function<ValueList(const ValueList &)> body;
  /// Tensors from outside the loop that its condition reads but that
  /// TensorFlow passes as loop inputs, not captures (maximum_iterations).
  std::vector<graph::Output> notCaptured;
};

bool contains(const std::vector<graph::Output> &list, graph::Output o) {
  return std::any_of(list.begin(), list.end(), [&](const graph::Output &x) {
    return x.node == o.node && x.index == o.index;
  });
}

/// The tensors from outside region `r` that its nodes (and those of the
/// regions they own) read, in the order they first read them: TensorFlow
/// captures them into the region's function graph in that order.
std::vector<graph::Output> outerReads(const graph::Graph &g, int r) {
  auto inside = [&](int region) {
    for (; region != -1; region = g.regions[region].parent)
      if (region == r)
        return true;
    return false;
  };
  std::vector<graph::Output> reads;
  std::function<void(int)> walk = [&](int region) {
    for (int id : g.regions[region].nodes) {
      const graph::Node &n = g.nodes[id];
      for (int owned : n.regions)
        walk(owned);
      for (const graph::Output &o : n.inputs)
        if (!inside(g.nodes[o.node].region) && !contains(reads, o))
          reads.push_back(o);
    }
    for (const graph::Output &o : g.regions[region].results)
      if (!inside(g.nodes[o.node].region) && !contains(reads, o))
        reads.push_back(o);
  };
  walk(r);
  return reads;
}

/// while_v2's body captures what its condition captured before anything
/// else, each as a placeholder named after the captured tensor's op in the
/// loop's scope: those names are taken in the body ("while/strided_slice"
/// for a captured limit, so the body's own slice is "strided_slice_1").
void takeCapturedNames(graph::Graph &g,
                       const std::vector<graph::Output> &captured) {
  for (const graph::Output &o : captured)
    g.uniqueName(g.nodes[o.node].name);
}

} // namespace

class TfStager : public py::Stager {
public:
  explicit TfStager(TfRuntime &rt)
      : rt(rt), in(rt.in), undefined_(rt.in.list()) {}

  /// A graph tensor, or a tf.Variable while tracing (its value is read in
  /// the graph).
  bool isStaged(const Value &v) override {
    return rt.tracing &&
           ((rt.isTensor(v) && rt.tensor(v).symbolic()) || asVariable(v));
  }

  void stageIf(const ast::IfStmt &s, const Value &test, Frame &frame) override;
  /// Whether the main and else branches of the `if` being staged ran a
  /// return statement (for the message when one returns None).
  std::array<bool, 2> branchReturned{false, false};
  void stageWhile(const ast::WhileStmt &s, const Value &test,
                  Frame &frame) override;
  void stageFor(const ast::ForStmt &s, const Value &iterable,
                Frame &frame) override;
  bool stagesLoopOver(const Value &iterable) override {
    return rt.tracing && isLoopSource(iterable);
  }
  /// `for x in dataset` (or an iterator): a ReduceDataset node whose body
  /// takes the element's tensors and then the loop's state
  /// (TfDataLoops.cpp).
  void stageDatasetFor(const ast::ForStmt &s, const Value &dataset,
                       Frame &frame);
  /// dataset.reduce(initial, reduce_fn) while tracing (stageDatasetReduce).
  Value reduceDataset(const Value &dataset, const Value &initial,
                      const Value &reduceFn);
  /// The body of a loop over a dataset: the next state from the element's
  /// tensors and the state.
  using ReduceBody = std::function<ValueList(const ValueList &element,
                                             const ValueList &state)>;
  /// A ReduceDataset node over `source` (a dataset or iterator) carrying
  /// `spec`'s state, whose body region runs `body` on placeholders of the
  /// element's tensors and of the state. While an iteration changes a
  /// state's shape, the body is traced again with the shape relaxed
  /// (TensorFlow's reduce). `goOn`, when given, runs after the body and
  /// says whether to go on (a `break`). Returns the node's outputs.
  ValueList stageReduce(const Value &source, LoopSpec &spec,
                        const ReduceBody &body,
                        const std::function<Value()> &goOn = nullptr);
  /// A placeholder of a reduce body, named as TensorFlow's reduce function
  /// names its `k`th argument ("args_k").
  Value reduceArg(const TensorType &t, size_t k);
  Value stageIfExp(const ast::IfExpExpr &e, const Value &test,
                   Frame &frame) override;
  Value logicalNot(const Value &v) override {
    return unaryOp(rt, "LogicalNot", v);
  }
  Value logicalBinary(ast::BoolOpKind op, const Value &given,
                      const Value &b) override {
    // AutoGraph's and_/or_ are a tf.cond on `a`, whose other output is `b`.
    Value a = requireBoolPred(given);
    Value tb = asTensor(b);
    if (rt.tensor(tb).type.dtype != DType::Bool)
      andOrMismatch(op == ast::BoolOpKind::And, rt.tensor(a).type,
                    rt.tensor(tb).type, false);
    return binaryOp(rt, op == ast::BoolOpKind::And ? "LogicalAnd" : "LogicalOr",
                    a, tb);
  }

  /// AutoGraph's and_/or_ when `b` is not a bool: tf.cond's error for
  /// its branches (`b` is the true branch's for `and`, the false one's for
  /// `or`; `a` the other's).
  /// `inCond`: raised inside the cond's name scope, which names it.
  [[noreturn]] void andOrMismatch(bool isAnd, const TensorType &a,
                                  const TensorType &b, bool inCond) {
    std::string scope =
        inCond ? graph().scopeName() : graph().uniqueName("cond");
    std::string t = graphTensorStr(condOutputName(scope, 0), isAnd ? b : a),
                f = graphTensorStr(condOutputName(scope, 0), isAnd ? a : b);
    condMismatch(t, f, t, f);
  }

  /// tf.cond's TypeError for branches whose outputs' types differ: each
  /// branch's outputs as printed, then the first pair that differs.
  [[noreturn]] void condMismatch(const std::string &trueOutput,
                                 const std::string &falseOutput,
                                 const std::string &trueLeaf,
                                 const std::string &falseLeaf) {
    in.typeError("true_fn and false_fn arguments to tf.cond must have the "
                 "same number, type, and overall structure of return "
                 "values.\n\ntrue_fn output: " +
                 trueOutput + "\nfalse_fn output: " + falseOutput +
                 "\n\nError details:\n" + trueLeaf + " and " + falseLeaf +
                 " have different types");
  }

  Value logicalLazy(ast::BoolOpKind op, const Value &given,
                    const std::function<Value()> &rest) override {
    Value a = requireBoolPred(given);
    bool isAnd = op == ast::BoolOpKind::And;
    auto self = [&] { return std::vector<Slot>{a}; };
    auto other = [&] {
      Value b = asTensor(rest());
      if (rt.tensor(b).type.dtype != DType::Bool)
        andOrMismatch(isAnd, rt.tensor(a).type, rt.tensor(b).type, true);
      return std::vector<Slot>{b};
    };
    std::vector<Slot> merged = stageBranches(
        a, {isAnd ? "and_" : "or_"}, isAnd ? std::function(other) : self,
        isAnd ? std::function(self) : other, true);
    return *merged[0];
  }

  bool stagedLen(const Value &v, Value &out) override {
    const TensorType &t = rt.tensor(v).type;
    // AutoGraph's len() reads the tensor's shape, and then rejects a
    // scalar's.
    if (!t.unknownRank && t.shape.empty())
      rt.in.valueError("len requires a non-scalar tensor, got one of shape " +
                       rt.in.toStr(tf::shapeOf(rt, v)));
    if (t.unknownRank || t.shape.empty() || t.shape[0] >= 0)
      return false;
    out = firstDimension(rt, v);
    return true;
  }

  Value initialLoopTest(const std::function<Value()> &test) override {
    if (!rt.tracing)
      return test();
    Value out;
    traceDropped(false, [&] { out = test(); });
    return out;
  }

  bool stagedCast(const Value &v, bool toFloat, Value &out) override {
    out = cast(rt, v, toFloat ? DType::Float32 : DType::Int32);
    return true;
  }

  bool stagedRange(const ValueList &args, Value &out) override {
    DType d = DType::Int32;
    for (auto &a : args)
      if (rt.isTensor(a))
        d = rt.tensor(a).type.dtype;
    if (!isInteger(d))
      return false;
    Value start = args.size() == 1 ? Value::integer(0) : args[0];
    Value limit = args.size() == 1 ? args[0] : args[1];
    Value delta = args.size() == 3 ? args[2] : Value::integer(1);
    // AutoGraph's range_ clamps the stop to the start (without a step),
    // so that range(-2) is empty as in Python, not the Range kernel's
    // error.
    if (args.size() < 3)
      limit = binaryOp(rt, "Maximum", start, limit);
    out = rangeNode(rt, start, limit, delta, d, -1);
    return true;
  }

  /// A tf.cond's predicate (what AutoGraph's and_/or_ and conditional
  /// expressions stage to) must be bool: TensorFlow's op error.
  /// Returns the predicate as a tensor (a variable read).
  Value requireBoolPred(const Value &given) {
    Value pred = asTensor(given);
    DType d = rt.tensor(pred).type.dtype;
    if (d != DType::Bool)
      rt.raise("InvalidArgumentError", std::string("Input 'pred' passed ") +
                                           py::dtypeName(d) + " expected bool");
    return pred;
  }

  /// Traces both branches and merges the values they leave in `names`;
  /// the branches' ops in the cond's name scope, or `branchScope`.
  std::vector<Slot>
  stageBranches(const Value &test, const std::vector<std::string> &names,
                const std::function<std::vector<Slot>()> &thenFn,
                const std::function<std::vector<Slot>()> &elseFn,
                bool autographMessages, const std::string &branchScope = "");
  ValueList stageLoop(LoopSpec &spec);
  /// Loop variable `i` after one iteration, as a tensor: TensorFlow's
  /// errors when its dtype or shape changed.
  Value nextIteration(const LoopSpec &spec, size_t i, const Value &next);
  /// Makes `next` (one value per loop variable) region `r`'s results.
  void yieldIteration(int r, const LoopSpec &spec, const ValueList &next);
  /// The `n` outputs of node `id`.
  /// The node's first `n` outputs; output k prints as output k + `shown`
  /// when `shown` is positive.
  ValueList nodeOutputs(int id, size_t n, int shown = 0);
  /// The loop node `op` (inputs: `bounds`, the state, then the variables
  /// the loop carries; outputs: the state, then those variables).
  /// `name` is the loop's ("while", "while_1"), which its regions' ops
  /// were named in.
  ValueList loopNode(const std::string &op, const std::string &name,
                     const ValueList &bounds, const LoopSpec &spec,
                     std::vector<int> regions, const VariableScope &variables,
                     std::map<std::string, graph::Attr> attrs = {});
  ValueList stageCounted(
      const Value &start, const Value &limit, const Value &delta,
      LoopSpec &spec,
      const std::function<ValueList(const Value &iv, const ValueList &)> &body);
  /// Runs `body`, which traces, into a region that is then dropped (its
  /// tf.Variable writes too): a first trace that only learns types.
  /// `silent`: what it prints is discarded, for a body TensorFlow traces
  /// once.
  template <typename F> void traceDropped(bool silent, F &&body) {
    graph::Graph &g = graph();
    RegionGuard guard(g);
    py::DiscardOutput silence(in.out(), silent);
    VariableScopeGuard variables(rt, VariableScope::Kind::Branch);
    g.beginRegion();
    body();
  }
  /// Row `i` (an int32 scalar tensor) of each of `elems`.
  /// Named as the reads of the TensorArrays TensorFlow unstacks them into
  /// ("TensorArrayV2Read/TensorListGetItem"), which messages quote.
  ValueList rowsAt(const ValueList &elems, const Value &i) {
    ValueList rows;
    for (auto &e : elems) {
      graph::ScopeGuard read(graph(), "TensorArrayV2Read");
      rows.push_back(gather(rt, e, i, 0));
      if (rt.tensor(rows.back()).symbolic())
        graph().rename(rt.tensor(rows.back()).out.node, "TensorListGetItem");
    }
    return rows;
  }
  /// TensorListSetItem of `row` at `i` into `buffer` (of type `type`),
  /// named as TensorFlow's TensorArray write.
  Value writeRow(const Value &buffer, const Value &i, const Value &row,
                 const TensorType &type) {
    graph::ScopeGuard write(graph(), "TensorArrayV2Write");
    return rt.apply("TensorListSetItem", {buffer, i, row}, {{"grow", false}},
                    type, "TensorListSetItem");
  }
  /// A zero buffer of `n` rows (an int32 scalar tensor) of type `row`,
  /// which must be static (`what` names it in the error).
  Value rowBuffer(const TensorType &row, const Value &n,
                  const std::string &what);
  ValueList mapRows(const ValueList &elems,
                    const std::function<ValueList(const ValueList &)> &fn);
  ValueList foldRows(const ValueList &elems, const ValueList &init,
                     int64_t first, bool reverse, bool collect,
                     const std::function<ValueList(const ValueList &state,
                                                   const ValueList &rows)> &fn);

  TfRuntime &rt;
  Interpreter &in;

private:
  /// Stands for "leave the variable as it was" in a list of loop values.
  Value undefined_;

  graph::Graph &graph() { return rt.tracing->graph; }

  const ControlFlowInfo &info(const ast::Stmt *s) {
    const ControlFlowInfo *cf = in.autograph()->find(s);
    if (!cf)
      rt.raise("InternalError", "kiln: no AutoGraph analysis for a statement");
    return *cf;
  }

  // A staged statement's variables are locals or symbols (a global or
  // nonlocal name, a composite such as `self.total` or `d['k']`); unbound
  // is nullopt. A composite whose object, attribute or key is missing
  // reads as unbound, as AutoGraph's `ldu` does, and writing unbound
  // deletes the attribute or the entry.
  Slot readVar(Frame &frame, int id) {
    if (id >= 0) {
      py::Cell &c = *frame.env->cells.at(id);
      return c.bound ? Slot(c.value) : std::nullopt;
    }
    const autograph::Symbol &sym = symbol(frame, id);
    Slot v = readRoot(frame, sym);
    for (auto &step : sym.steps) {
      if (!v)
        return std::nullopt;
      v = readStep(frame, *v, step);
    }
    return v;
  }
  void writeVar(Frame &frame, int id, const Slot &value) {
    if (id >= 0) {
      py::Cell &c = *frame.env->cells.at(id);
      c.bound = value.has_value();
      c.value = value ? *value : Value();
      return;
    }
    const autograph::Symbol &sym = symbol(frame, id);
    if (!sym.composite()) {
      writeRoot(frame, sym, value);
      return;
    }
    Slot obj = readRoot(frame, sym);
    for (size_t k = 0; obj && k + 1 < sym.steps.size(); ++k)
      obj = readStep(frame, *obj, sym.steps[k]);
    if (!obj)
      return;
    const autograph::Symbol::Step &last = sym.steps.back();
    if (!last.key) {
      Value old;
      if (value)
        in.setAttr(*obj, last.attr, *value);
      else if (in.tryGetAttr(*obj, last.attr, old))
        in.delAttr(*obj, last.attr);
      return;
    }
    Value key = in.evaluate(*last.key, frame);
    if (value)
      in.setItem(*obj, key, *value);
    else if (readStep(frame, *obj, last))
      in.delItem(*obj, key);
  }
  /// AutoGraph reads the variables a statement carries first (its
  /// get_state): a global it carries must be bound.
  void requireGlobalsBound(Frame &frame, const std::vector<int> &ids) {
    for (int id : ids) {
      if (id >= 0)
        continue;
      const autograph::Symbol &sym = symbol(frame, id);
      Value ignored;
      if (!sym.composite() && sym.binding == ast::NameBinding::Global &&
          !in.tryGetGlobal(sym.root, ignored))
        in.raise("NameError", "name '" + sym.root + "' is not defined");
    }
  }
  const autograph::Symbol &symbol(Frame &frame, int id) {
    return in.autograph()->symbol(frame.function->scope, id);
  }
  py::Cell &freeCell(Frame &frame, const autograph::Symbol &sym) {
    py::Env *env = frame.env.get();
    for (int d = 0; d < sym.depth; ++d)
      env = env->parent.get();
    return *env->cells.at(sym.slot);
  }
  Slot readRoot(Frame &frame, const autograph::Symbol &sym) {
    switch (sym.binding) {
    case ast::NameBinding::Local:
      return readVar(frame, sym.slot);
    case ast::NameBinding::Free: {
      py::Cell &c = freeCell(frame, sym);
      return c.bound ? Slot(c.value) : std::nullopt;
    }
    default: {
      Value v;
      return in.tryGetGlobal(sym.root, v) ? Slot(v) : std::nullopt;
    }
    }
  }
  void writeRoot(Frame &frame, const autograph::Symbol &sym,
                 const Slot &value) {
    switch (sym.binding) {
    case ast::NameBinding::Local:
      writeVar(frame, sym.slot, value);
      return;
    case ast::NameBinding::Free: {
      py::Cell &c = freeCell(frame, sym);
      c.bound = value.has_value();
      c.value = value ? *value : Value();
      return;
    }
    default:
      in.setGlobal(sym.root, value);
    }
  }
  /// One attribute or subscript of `obj`; nullopt where AutoGraph's `ldu`
  /// finds it undefined (an AttributeError or a KeyError).
  Slot readStep(Frame &frame, const Value &obj,
                const autograph::Symbol::Step &step) {
    Value out;
    if (!step.key)
      return in.tryGetAttr(obj, step.attr, out) ? Slot(out) : std::nullopt;
    Value key = in.evaluate(*step.key, frame);
    try {
      return in.getItem(obj, key);
    } catch (py::PyException &e) {
      if (!e.exc.as<py::InstanceObject>().cls->isSubclassOf(
              in.builtinClass("KeyError").get()))
        throw;
      return std::nullopt;
    }
  }
  std::vector<Slot> read(Frame &frame, const std::vector<int> &ids) {
    std::vector<Slot> out;
    for (int id : ids)
      out.push_back(readVar(frame, id));
    return out;
  }
  /// Writes names before composites, so that `d['k']` goes into the dict
  /// that `d` holds after the write.
  void write(Frame &frame, const std::vector<int> &ids,
             const std::vector<Slot> &values) {
    for (int composites = 0; composites < 2; ++composites)
      for (size_t i = 0; i < ids.size(); ++i)
        if ((ids[i] < 0 && symbol(frame, ids[i]).composite()) == composites)
          writeVar(frame, ids[i], values[i]);
  }
  std::vector<std::string> namesOf(Frame &frame, const std::vector<int> &ids) {
    std::vector<std::string> out;
    for (int id : ids)
      out.push_back(in.autograph()->varName(*frame.function->scope, id));
    return out;
  }

  /// A staged condition must be a scalar bool; `what` is "if statement"
  /// or "while loop", as TensorFlow words it. A variable is read, and a
  /// bool tensor that holds at most one element (shape [1], [None], an
  /// unknown rank) is reshaped to a scalar, as AutoGraph does.
  Value condition(const Value &given, const char *what) {
    Value test = asTensor(given);
    checkCondition(test, what);
    const TensorType &t = rt.tensor(test).type;
    if (!t.unknownRank && t.shape.empty())
      return test;
    return reshape(rt, test, in.list({}));
  }
  /// The error for a tensor `test` that cannot be a condition: not bool,
  /// or of more than one element.
  void checkCondition(const Value &test, const char *what) {
    const TensorType &t = rt.tensor(test).type;
    bool isBool = t.dtype == DType::Bool;
    int64_t known = 1;
    for (int64_t d : t.shape)
      known *= d < 0 ? 1 : d;
    if (isBool && known <= 1)
      return;
    in.valueError(std::string("condition of ") + what +
                  " expected to be `tf.bool` scalar, got " + in.toStr(test) +
                  (isBool ? "" : "; to use as boolean Tensor, use `tf.cast`") +
                  "; to check for None, use `is not None`");
  }

  /// `v` as a tensor of the current region (Python numbers become
  /// constants there, a variable is read there).
  Value asTensor(const Value &v) { return rt.isTensor(v) ? v : rt.toTensor(v); }

  Value regionValue(graph::Output o) { return rt.symbolic(o); }

  void bindLoopVars(Frame &frame, const std::vector<int> &slots,
                    const ValueList &values) {
    std::vector<int> ids;
    std::vector<Slot> defined;
    for (size_t i = 0; i < slots.size(); ++i)
      if (values[i].raw() != undefined_.raw()) {
        ids.push_back(slots[i]);
        defined.push_back(values[i]);
      }
    write(frame, ids, defined);
  }

  ValueList readLoopVars(Frame &frame, const std::vector<int> &slots,
                         const std::vector<std::string> &names) {
    ValueList out;
    for (size_t i = 0; i < slots.size(); ++i) {
      Slot v = readVar(frame, slots[i]);
      if (!v)
        in.valueError("'" + names[i] + "' must be defined before the loop.");
      out.push_back(*v);
    }
    return out;
  }

  /// The state of a staged loop, variable by variable: its values before
  /// the loop (a tensor, a TensorArray, or undefined_), and how each maps
  /// to the tensors the loop carries.
  struct LoopState {
    /// The variables carried (ControlFlowInfo::loopVars, less attributes
    /// that hold values a loop cannot carry).
    std::vector<int> ids;
    std::vector<std::string> names;
    ValueList values;
    /// TensorArray variables (carried as buffer and size); null: a tensor.
    std::vector<std::shared_ptr<TensorArrayObject>> arrays;
    /// Variables first defined in the body (asserted after the loop).
    std::vector<size_t> undefined;
  };

  LoopState loopState(Frame &frame, const ControlFlowInfo &cf) {
    requireGlobalsBound(frame, cf.loopVars);
    LoopState st;
    std::vector<std::string> names = namesOf(frame, cf.loopVars);
    // AutoGraph's order: the variables read after the loop first, then
    // those only the loop reads, each by name. It numbers the body's
    // placeholders and the loop's outputs.
    std::vector<size_t> order(cf.loopVars.size());
    for (size_t k = 0; k < order.size(); ++k)
      order[k] = k;
    auto inputOnly = [&](size_t k) {
      return !std::binary_search(cf.liveOut.begin(), cf.liveOut.end(),
                                 cf.loopVars[k]);
    };
    std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) {
      return std::make_pair(inputOnly(x), names[x]) <
             std::make_pair(inputOnly(y), names[y]);
    });
    for (size_t k : order) {
      Slot var = readVar(frame, cf.loopVars[k]);
      // A composite that holds a Python value (a string, an object) stays
      // Python: its changes in the body are side effects of tracing, as
      // they were before AutoGraph carried composites.
      ValueList ignored;
      bool composite =
          cf.loopVars[k] < 0 && symbol(frame, cf.loopVars[k]).composite();
      if (composite && var && !var->isNone() && !asTensorArray(*var) &&
          !leaves(*var, ignored, /*convert=*/false))
        continue;
      size_t i = st.ids.size();
      st.ids.push_back(cf.loopVars[k]);
      st.names.push_back(names[k]);
      st.arrays.push_back(nullptr);
      if (!var || var->isNone()) {
        st.undefined.push_back(i);
        st.values.push_back(undefined_);
        continue;
      }
      // A tf.Variable enters the loop as the value it holds.
      const Value value = asVariable(*var) ? asTensor(*var) : *var;
      if (asTensorArray(value)) {
        st.arrays[i] = std::static_pointer_cast<TensorArrayObject>(value.ptr());
        st.values.push_back(value);
        continue;
      }
      // A None inside a list or tuple fails TensorFlow's conversion of
      // the loop variables.
      std::function<bool(const Value &)> holdsNone = [&](const Value &v) {
        if (v.isNone())
          return true;
        if (!v.is(Type::List) && !v.is(Type::Tuple))
          return false;
        for (auto &item : in.toList(v))
          if (holdsNone(item))
            return true;
        return false;
      };
      if (!leaves(value, ignored, /*convert=*/false)) {
        if (holdsNone(value))
          in.valueError("None values not supported.");
        in.typeError("'" + st.names[i] + "' is a Python " + in.typeName(value) +
                     " that the staged loop would change; kiln (like "
                     "TensorFlow) can carry only tensors, TensorArrays and "
                     "lists, tuples and dicts of them through a loop");
      }
      if (isContainer(value)) {
        st.values.push_back(value);
        continue;
      }
      st.values.push_back(asTensor(value));
    }
    return st;
  }

  /// Variables first defined in the body, and TensorArrays not yet
  /// written, get their types from a first trace of the body in a region
  /// that is then dropped; they start as zeros. TensorFlow traces a body
  /// twice for the variables too, so their first trace prints; it needs no
  /// element shape for a TensorArray (its lists are untyped), so a first
  /// trace for TensorArrays alone is silent.
  void dryRun(LoopState &st,
              const std::function<ValueList(const ValueList &)> &body,
              Frame &frame, int loopLine) {
    bool needed = !st.undefined.empty();
    for (auto &a : st.arrays)
      needed |= a && a->buffer.isNone();
    if (!needed)
      return;
    ValueList after;
    std::vector<TensorType> types(st.values.size());
    traceDropped(st.undefined.empty(), [&] {
      // The body sees its tensors as the loop's arguments, not their first
      // values (a[i] with i at 0 must not be checked against a's size).
      ValueList args = st.values;
      for (Value &v : args)
        if (rt.isTensor(v))
          v = rt.symbolic(graph().addRegionArg(rt.tensor(v).type));
      try {
        after = body(args);
      } catch (py::PyException &e) {
        if (st.undefined.empty() ||
            !e.exc.as<py::InstanceObject>().cls->isSubclassOf(
                in.builtinClass("Exception").get()))
          throw;
        undefinedLoopVariable(st, e, frame, loopLine);
      }
      for (size_t i = 0; i < after.size(); ++i) {
        if (st.arrays[i]) {
          auto *ta = asTensorArray(after[i]);
          if (ta && ta->elementShape)
            st.arrays[i]->elementShape = ta->elementShape;
        } else if (st.values[i].raw() == undefined_.raw()) {
          // A return value the body does not always set (a return inside
          // a staged `if`) stays undefined: AutoGraph cannot stage that.
          if (!rt.isTensor(after[i]) && !after[i].isNumber() &&
              st.names[i].rfind("retval_", 0) == 0)
            in.raise("NotImplementedError", kReturnInLoop);
          if (!rt.isTensor(after[i]) && !after[i].isNumber())
            in.valueError("'" + st.names[i] +
                          "' must be defined before the loop.");
          types[i] = rt.tensor(asTensor(after[i])).type;
        }
      }
    });
    for (size_t i = 0; i < st.values.size(); ++i) {
      if (auto &proto = st.arrays[i]; proto && proto->buffer.isNone()) {
        if (!proto->elementShape)
          rt.raise("UnimplementedError",
                   "kiln needs the element shape of TensorArray '" +
                       st.names[i] +
                       "': give element_shape, or write to it "
                       "in the loop");
        proto = proto->with(reserveBuffer(*proto), proto->size);
        st.values[i] = Value::object(Type::Native, proto);
      } else if (st.values[i].raw() == undefined_.raw()) {
        if (!types[i].isStatic())
          rt.raise("UnimplementedError",
                   "'" + st.names[i] +
                       "' is first defined inside a staged "
                       "loop with a shape known at run time only; kiln needs "
                       "it defined before the loop");
        st.values[i] = filled(rt, types[i], 0);
      }
    }
  }

  /// A body that failed while variables first defined in it were being
  /// typed: TensorFlow's error naming the variable (the one the error
  /// names, else the first), at the loop, with the cause as a note.
  [[noreturn]] void undefinedLoopVariable(const LoopState &st,
                                          const py::PyException &e,
                                          Frame &frame, int loopLine) {
    std::string type = in.typeName(e.exc), message = in.toStr(e.exc);
    std::string name = st.names[st.undefined[0]];
    for (size_t i : st.undefined)
      if (message.find("'" + st.names[i] + "'") != std::string::npos) {
        name = st.names[i];
        break;
      }
    // AutoGraph's own words for a read before the assignment.
    if (type == "UnboundLocalError")
      message = "'" + name + "' is used before assignment";
    frame.line = loopLine;
    // A return in a staged `if` of the body: the return value is set on
    // one path only (a tensor, or a structure that cannot merge with the
    // other path's None). AutoGraph refuses an undefined return value
    // whatever stopped the first iteration.
    bool returnValue = name.rfind("retval_", 0) == 0;
    for (size_t i : st.undefined)
      if (st.names[i].rfind("retval_", 0) == 0 &&
          message.find("return statement") != std::string::npos)
        returnValue = true;
    if (returnValue)
      in.raise("NotImplementedError", kReturnInLoop);
    in.valueError("'" + name +
                  "' must be defined before the loop\nNote: AutoGraph tried "
                  "to define it automatically, but ran into a " +
                  type + ": " + message);
  }

  /// A branch's results with each tf.Variable in them read, in the
  /// branch (TensorFlow converts a branch's outputs to tensors).
  std::vector<Slot> readVariables(std::vector<Slot> slots) {
    std::function<Value(const Value &)> read = [&](const Value &v) {
      if (VariableObject *var = asVariable(v))
        return readVariable(rt, *var);
      if (v.is(Type::List) || v.is(Type::Tuple)) {
        ValueList items;
        for (auto &item : in.toList(v))
          items.push_back(read(item));
        return v.is(Type::List) ? in.list(std::move(items))
                                : in.tuple(std::move(items));
      }
      return v;
    };
    for (Slot &slot : slots)
      if (slot && (asVariable(*slot) || slot->is(Type::Tuple)))
        slot = read(*slot);
    return slots;
  }

  static bool isContainer(const Value &v) {
    return v.is(Type::List) || v.is(Type::Tuple) || v.is(Type::Dict) ||
           asNamedTuple(v);
  }

  /// Appends the tensors `v` holds (a tensor, number or string, a
  /// TensorArray as its buffer and size, or lists, tuples and dicts of
  /// these) to `out`; false when it holds anything else. `convert`: numbers
  /// and strings become tensors, as AutoGraph makes them.
  bool leaves(const Value &v, ValueList &out, bool convert = true) {
    if (rt.isTensor(v) || (v.isNumber() && !v.isNone()) || v.is(Type::Str)) {
      out.push_back(convert ? asTensor(v) : v);
      return true;
    }
    // assign()'s _UnreadVariable is a tensor to nest: the loop carries the
    // value it reads.
    if (VariableObject *var = asVariable(v); var && var->unread) {
      out.push_back(readVariable(rt, *var));
      return true;
    }
    if (auto *ta = asTensorArray(v)) {
      if (ta->buffer.isNone())
        return false;
      out.push_back(ta->buffer);
      out.push_back(ta->size);
      return true;
    }
    if (v.is(Type::List) || v.is(Type::Tuple) || asNamedTuple(v)) {
      for (auto &item : in.toList(v))
        if (!leaves(item, out, convert))
          return false;
      return true;
    }
    if (v.is(Type::Dict)) {
      for (auto &key : in.toList(v))
        if (!leaves(in.getItem(v, key), out, convert))
          return false;
      return true;
    }
    return false;
  }

  /// Whether `a` and `b` are the same structure of tensors.
  bool sameStructure(const Value &a, const Value &b) {
    if (asTensorArray(a) || asTensorArray(b))
      return asTensorArray(a) && asTensorArray(b);
    if (!isContainer(a) && !isContainer(b))
      return !isContainer(a) && !isContainer(b);
    if (a.type() != b.type())
      return false;
    NamedTupleObject *ta = asNamedTuple(a), *tb = asNamedTuple(b);
    if ((ta || tb) &&
        !(ta && tb && ta->name == tb->name && ta->fields == tb->fields))
      return false;
    ValueList ka = in.toList(a), kb = in.toList(b);
    if (ka.size() != kb.size())
      return false;
    for (size_t i = 0; i < ka.size(); ++i) {
      if (a.is(Type::Dict)) {
        if (!in.equals(ka[i], kb[i]) ||
            !sameStructure(in.getItem(a, ka[i]), in.getItem(b, kb[i])))
          return false;
      } else if (!sameStructure(ka[i], kb[i])) {
        return false;
      }
    }
    return true;
  }

  /// `tmpl` with its tensors replaced by `flat[at...]`, each passed
  /// through `tensor` when given (a TensorArray's buffer and size are not
  /// tensors of the structure and are not).
  using TensorMap = std::function<Value(const Value &)>;
  Value rebuild(const Value &tmpl, const ValueList &flat, size_t &at,
                const TensorMap &tensor = nullptr) {
    if (auto *ta = asTensorArray(tmpl)) {
      auto next = ta->with(flat[at], flat[at + 1]);
      at += 2;
      return Value::object(Type::Native, next);
    }
    if (tmpl.is(Type::List) || tmpl.is(Type::Tuple) || asNamedTuple(tmpl)) {
      ValueList items;
      for (auto &item : in.toList(tmpl))
        items.push_back(rebuild(item, flat, at, tensor));
      if (auto *t = asNamedTuple(tmpl))
        return t->withValues(std::move(items));
      return tmpl.is(Type::List) ? in.list(std::move(items))
                                 : in.tuple(std::move(items));
    }
    if (tmpl.is(Type::Dict)) {
      Value d = in.dict();
      for (auto &key : in.toList(tmpl))
        in.setItem(d, key, rebuild(in.getItem(tmpl, key), flat, at, tensor));
      return d;
    }
    const Value &leaf = flat[at++];
    return tensor ? tensor(leaf) : leaf;
  }

  /// Variable values as the tensors a loop carries, with the names used in
  /// errors. `inputs`: the values the body started from (its
  /// placeholders), which TensorFlow's structure errors show.
  ValueList flatten(const LoopState &st, const ValueList &vars,
                    std::vector<std::string> *names = nullptr,
                    const ValueList *inputs = nullptr) {
    ValueList out;
    for (size_t i = 0; i < vars.size(); ++i) {
      if (vars[i].isNone())
        in.valueError("'" + st.names[i] +
                      "' is None at the end of the iteration.");
      size_t first = out.size();
      if (!sameStructure(st.values[i], vars[i]) || !leaves(vars[i], out)) {
        bool typeError = false;
        std::string details =
            inputs
                ? structureMismatch(in, (*inputs)[i], vars[i], true, typeError)
                : "";
        if (!details.empty())
          in.typeError("'" + st.names[i] +
                       "' does not have the same nested structure after one "
                       "iteration.\n\n" +
                       details);
        in.typeError("'" + st.names[i] +
                     "' does not have the same nested structure after one "
                     "iteration: " +
                     in.typeName(st.values[i]) + " before the loop, " +
                     in.typeName(vars[i]) + " after one iteration");
      }
      if (names)
        for (size_t k = first; k < out.size(); ++k)
          names->push_back(st.names[i]);
    }
    return out;
  }

  ValueList unflatten(const LoopState &st, const ValueList &flat,
                      const TensorMap &tensor = nullptr) {
    ValueList vars;
    size_t at = 0;
    for (size_t i = 0; i < st.values.size(); ++i)
      vars.push_back(rebuild(st.values[i], flat, at, tensor));
    return vars;
  }

  /// The loop's tensors, relaxed by
  /// set_loop_options(shape_invariants=[(var, shape), ...]).
  void buildSpec(Frame &frame, const ControlFlowInfo &cf, const LoopState &st,
                 LoopSpec &spec) {
    spec.init = flatten(st, st.values, &spec.names);
    for (auto &t : spec.init)
      spec.types.push_back(rt.tensor(t).type);
    if (!cf.loopOptions)
      return;
    for (auto &k : cf.loopOptions->keywords) {
      if (k.arg == "maximum_iterations") {
        Value v = in.evaluate(*k.value, frame);
        if (!v.isNone())
          spec.maximumIterations = rt.isTensor(v)
                                       ? cast(rt, v, DType::Int32)
                                       : rt.toTensor(v, DType::Int32);
        continue;
      }
      if (k.arg != "shape_invariants")
        continue;
      Value pairs = in.evaluate(*k.value, frame);
      for (auto &pair : in.toList(pairs)) {
        ValueList items = in.toList(pair);
        if (items.size() != 2)
          in.valueError("shape_invariants must be a list of (tensor, shape) "
                        "pairs");
        for (size_t i = 0; i < spec.init.size(); ++i) {
          if (spec.init[i].raw() != items[0].raw())
            continue;
          TensorType relaxed = shapeOf(items[1], spec.types[i].dtype);
          if (!spec.types[i].shapeFits(relaxed))
            in.valueError("'" + spec.names[i] + "' has shape " +
                          spec.types[i].shapeString() +
                          " before the loop, which does not conform with "
                          "the shape invariant " +
                          relaxed.shapeString() + ".");
          spec.types[i] = relaxed;
          spec.invariant.resize(spec.init.size());
          spec.invariant[i] = true;
        }
      }
    }
  }

  /// A loop with variables first defined in its body carries one more
  /// value, whether it ran at all: afterwards TensorFlow asserts it did.
  void trackIterations(LoopSpec &spec) {
    spec.names.push_back("<iterated>");
    spec.init.push_back(rt.toTensor(Value::boolean(false)));
    spec.types.push_back(TensorType{DType::Bool, {}});
  }
  ValueList iterated(ValueList next) {
    next.push_back(rt.toTensor(Value::boolean(true)));
    return next;
  }
  /// The loop's variables from its outputs (`out`, the tracking value
  /// last), after asserting that it iterated: as AutoGraph does, each
  /// tensor passes through an Identity that depends on the assertion. A
  /// for loop also carries its iterate, whose Identity kiln does not need
  /// (`forLoop`: only its name counts).
  ValueList iteratedVars(const LoopState &st, ValueList out, bool forLoop) {
    Value ran = out.back();
    out.pop_back();
    std::string names;
    for (size_t i : st.undefined) {
      bool isReturn = st.names[i].rfind("retval_", 0) == 0;
      names += (names.empty() ? "" : ", ") +
               (isReturn ? "the function return value" : st.names[i]);
    }
    {
      // control_flow_assert.Assert's node, in its own name scope.
      graph::ScopeGuard scope(graph(), "Assert");
      rt.applyEffect(
          "Assert", {ran},
          {{"message", "assertion failed: [loop must iterate at least once to "
                       "initialize " +
                           names + "]"}});
    }
    if (forLoop)
      graph().uniqueName("Identity");
    return unflatten(st, out, [&](const Value &t) { return identity(rt, t); });
  }

  TensorType shapeOf(const Value &shape, DType dtype) {
    TensorType t = asShape(in, shape);
    t.dtype = dtype;
    return t;
  }
};

// ---- if ----

std::vector<Slot> TfStager::stageBranches(
    const Value &test, const std::vector<std::string> &names,
    const std::function<std::vector<Slot>()> &thenFn,
    const std::function<std::vector<Slot>()> &elseFn, bool autographMessages,
    const std::string &branchScope) {
  graph::Graph &g = graph();
  int thenR, elseR;
  std::vector<Slot> a, b;
  // Each branch's tf.Variable writes, merged below into extra outputs.
  std::shared_ptr<VariableScope> thenVars, elseVars;
  // The branches' ops are named in the cond's scope ("cond/mul"), as
  // cond_v2's.
  std::optional<graph::ScopeGuard> scope(std::in_place, g, "cond");
  std::string condName = g.scopeName();
  {
    RegionGuard guard(g);
    VariableScopeGuard variables(rt, VariableScope::Kind::Branch);
    thenR = g.beginRegion();
    graph::ExactScope named(g, branchScope.empty() ? g.scope : branchScope);
    a = readVariables(thenFn());
    thenVars = variables.end();
  }
  {
    RegionGuard guard(g);
    VariableScopeGuard variables(rt, VariableScope::Kind::Branch);
    elseR = g.beginRegion();
    graph::ExactScope named(g, branchScope.empty() ? g.scope : branchScope);
    b = readVariables(elseFn());
    elseVars = variables.end();
  }
  std::vector<Slot> merged(names.size());
  // The variables that become outputs, each as the tensors it holds.
  std::vector<int> outputs;
  std::vector<TensorType> types;
  for (size_t i = 0; i < names.size(); ++i) {
    const Slot &x = a[i], &y = b[i];
    if (!x && !y)
      continue;
    bool isRetval = names[i].rfind("retval_", 0) == 0;
    if (!x || !y)
      in.valueError("'" + names[i] + "' must also be initialized in the " +
                    (x ? "else" : "main") + " branch");
    // A return in one branch only (the other falls through); an explicit
    // `return None` fails as any None below.
    // (A bare `return` in one branch leaves None there too: the other
    // branch still lacks one.)
    bool mainMissing = x->isNone() && !branchReturned[0];
    bool elseMissing = y->isNone() && !branchReturned[1];
    if (isRetval && (mainMissing || elseMissing))
      in.valueError(std::string("the ") + (mainMissing ? "main" : "else") +
                    " branch must also have a return statement.");
    if (isContainer(*x) || isContainer(*y)) {
      ValueList ignored;
      if (x->raw() == y->raw() && !leaves(*x, ignored, false)) {
        merged[i] = x; // the same Python object, left as it is
        continue;
      }
      if (!sameStructure(*x, *y)) {
        // AutoGraph's words, then tf.nest's.
        bool typeError = false;
        in.typeError("'" + names[i] +
                     "' must have the same nested structure in the main and "
                     "else branches:\n\n" +
                     structureMismatch(in, *x, *y, true, typeError));
      }
      if (!leaves(*x, ignored, false) || !leaves(*y, ignored, false))
        in.typeError("'" + names[i] +
                     "' must have the same nested structure of tensors in "
                     "the main and else branches: " +
                     in.repr(*x) + " and " + in.repr(*y));
      outputs.push_back(static_cast<int>(i));
      continue;
    }
    auto *xa = asTensorArray(*x), *ya = asTensorArray(*y);
    if (xa || ya) {
      if (!xa || !ya)
        in.typeError("'" + names[i] +
                     "' is a TensorArray in one branch "
                     "only");
      if (x->raw() == y->raw()) {
        merged[i] = x;
        continue;
      }
      if (xa->buffer.isNone() && ya->buffer.isNone())
        rt.raise("UnimplementedError",
                 "kiln cannot merge TensorArray '" + names[i] +
                     "': neither branch knows its element shape");
      // Written in one branch only: the other gets an empty buffer.
      for (int side = 0; side < 2; ++side) {
        Slot &mine = side == 0 ? a[i] : b[i];
        auto *m = asTensorArray(*mine);
        auto *other = asTensorArray(side == 0 ? *b[i] : *a[i]);
        if (!m->buffer.isNone())
          continue;
        RegionGuard guard(g);
        g.current = side == 0 ? thenR : elseR;
        auto filledIn = m->with(Value(), m->size);
        filledIn->elementShape = other->elementShape;
        filledIn->buffer = reserveBuffer(*filledIn);
        mine = Value::object(Type::Native, filledIn);
      }
      outputs.push_back(static_cast<int>(i));
      continue;
    }
    // cond_v2 gives its predicate where a branch returns an Operation
    // (tf.print, tf.no_op), made in that branch. None stays None.
    if ((isOperation(*x) && !y->isNone()) || (isOperation(*y) && !x->isNone()))
      for (int side = 0; side < 2; ++side) {
        Slot &mine = side == 0 ? a[i] : b[i];
        if (!isOperation(*mine))
          continue;
        RegionGuard guard(g);
        g.current = side == 0 ? thenR : elseR;
        mine = identity(rt, test);
      }
    // Python numbers and strings become tensors, as AutoGraph makes them.
    bool xTensor = rt.isTensor(*x) || x->isNumber() || x->is(Type::Str);
    bool yTensor = rt.isTensor(*y) || y->isNumber() || y->is(Type::Str);
    if (!xTensor && !yTensor) {
      // (Both branches returning None is AutoGraph's None output.)
      if (isRetval && x->isNone() && y->isNone())
        in.valueError("'" + names[i] +
                      "' is None at the end of the main branch.");
      if (x->raw() == y->raw() || (x->isNone() && y->isNone())) {
        merged[i] = x;
        continue;
      }
      // An operation is an output of its branch's graph, None is not:
      // the branches must agree.
      if ((isOperation(*x) && y->isNone()) || (x->isNone() && isOperation(*y)))
        in.valueError("Lengths of branch outputs of cond must match.\n"
                      "len(graphs[0].outputs): " +
                      std::to_string(isOperation(*x)) +
                      "\nlen(graphs[1].outputs): " +
                      std::to_string(isOperation(*y)) + "\n");
      in.typeError("'" + names[i] +
                   "' has a different Python value in each "
                   "branch of a staged if (" +
                   in.repr(*x) + " and " + in.repr(*y) +
                   "): only tensors can differ");
    }
    if (x->isNone() || y->isNone())
      in.valueError("'" + names[i] + "' is None at the end of the " +
                    (x->isNone() ? "main" : "else") + " branch.");
    if (!xTensor || !yTensor)
      in.typeError("'" + names[i] + "' is " +
                   (xTensor ? "a tensor in the main branch but " +
                                  in.typeName(*y) + " in the else branch"
                            : in.typeName(*x) +
                                  " in the main branch but a tensor in the "
                                  "else branch"));
    outputs.push_back(static_cast<int>(i));
  }
  // Convert each branch's values inside its region, then type the outputs.
  graph::Node node;
  std::vector<std::string> leafNames;
  auto results = [&](int region, std::vector<Slot> &vals, ValueList &out) {
    RegionGuard guard(g);
    g.current = region;
    leafNames.clear();
    for (int i : outputs) {
      leaves(*vals[i], out);
      leafNames.resize(out.size(), names[i]);
    }
  };
  ValueList ta, tb;
  results(thenR, a, ta);
  results(elseR, b, tb);
  for (size_t k = 0; k < ta.size(); ++k) {
    const std::string &name = leafNames[k];
    const TensorType &tx = rt.tensor(ta[k]).type, &ty = rt.tensor(tb[k]).type;
    if (tx.dtype != ty.dtype) {
      if (autographMessages)
        in.typeError("'" + name + "' has dtype " + dtypeText(tx) +
                     " in the main branch, but dtype " + dtypeText(ty) +
                     " in the else branch");
      // Each branch's outputs as cond_v2 names them (cond/Identity_k),
      // printed as the branch returned them: one tensor's str, or a
      // tuple's reprs.
      auto str = [&](const TensorType &t, size_t i) {
        return graphTensorStr(condOutputName("cond", i), t);
      };
      auto output = [&](const ValueList &side) {
        if (side.size() == 1)
          return str(rt.tensor(side[0]).type, 0);
        std::string out = "(";
        for (size_t i = 0; i < side.size(); ++i) {
          const TensorType &t = rt.tensor(side[i]).type;
          out +=
              (i ? ", " : "") + graphTensorRepr(condOutputName("cond", i), t);
        }
        return out + ")";
      };
      condMismatch(output(ta), output(tb), str(tx, k), str(ty, k));
    }
    TensorType t;
    // A tensor of unknown rank (a py_function's result) in one branch
    // makes the cond's output one, as in TensorFlow.
    if (tx.unknownRank || ty.unknownRank) {
      t.dtype = tx.dtype;
      t.unknownRank = true;
    } else if (!graph::relaxTypes(tx, ty, t))
      rt.raise("UnimplementedError",
               "'" + name + "' has rank " + std::to_string(tx.shape.size()) +
                   " in the main branch and rank " +
                   std::to_string(ty.shape.size()) +
                   " in the else branch; kiln needs the same rank");
    types.push_back(t);
    {
      RegionGuard guard(g);
      g.current = thenR;
      g.regions[thenR].results.push_back(rt.graphOutput(ta[k]));
      g.current = elseR;
      g.regions[elseR].results.push_back(rt.graphOutput(tb[k]));
    }
  }
  BranchWrites writes = branchWrites(rt, *thenVars, *elseVars);
  for (size_t k = 0; k < writes.vars.size(); ++k) {
    g.regions[thenR].results.push_back(writes.thenValues[k]);
    g.regions[elseR].results.push_back(writes.elseValues[k]);
    types.push_back(writes.vars[k]->var->type);
  }
  scope.reset();
  node.op = "StatelessIf";
  node.name = condName;
  node.inputs = {rt.graphOutput(test)};
  node.regions = {thenR, elseR};
  node.outputs = types;
  rt.locate(node);
  int id = g.add(std::move(node));
  for (size_t k = 0; k < writes.vars.size(); ++k)
    setVariable(rt, *writes.vars[k], {id, static_cast<int>(ta.size() + k)});
  ValueList flat = nodeOutputs(id, ta.size());
  {
    // cond_v2 hands out an Identity of each output, in the cond's name
    // scope ("cond/Identity", "cond/Identity_1", ...).
    graph::ExactScope scope(g, g.nodes[id].name + "/");
    for (Value &v : flat)
      v = identity(rt, v);
  }
  size_t at = 0;
  for (int i : outputs)
    merged[i] = rebuild(*a[i], flat, at);
  return merged;
}

void TfStager::stageIf(const ast::IfStmt &s, const Value &given, Frame &frame) {
  const ControlFlowInfo &cf = info(&s);
  frame.line = s.range.begin.line;
  // (The test and AutoGraph's reshape of it are made before the branches
  // are called: at the statement's line only.)
  Value test = condition(given, "if statement");
  ControlFlowLine traced(rt, frame, s.range.begin.line);
  std::vector<Slot> before = read(frame, cf.modified);
  // Outputs: modified variables that are read after the if.
  std::vector<int> outSlots;
  for (int v : cf.modified)
    if (std::binary_search(cf.liveOut.begin(), cf.liveOut.end(), v))
      outSlots.push_back(v);
  // AutoGraph orders them by name.
  std::vector<std::string> names = namesOf(frame, outSlots);
  std::vector<size_t> order(outSlots.size());
  for (size_t k = 0; k < order.size(); ++k)
    order[k] = k;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t x, size_t y) { return names[x] < names[y]; });
  std::vector<int> sorted;
  for (size_t k : order)
    sorted.push_back(outSlots[k]);
  outSlots = sorted;
  requireGlobalsBound(frame, outSlots);
  // Whether each branch ran a return statement (set do_return).
  std::vector<std::string> modifiedNames = namesOf(frame, cf.modified);
  auto branch = [&](const ast::StmtList &body, int side) {
    return [&, body = &body, side]() {
      write(frame, cf.modified, before);
      // Each branch changes its own copy of a list or dict of tensors.
      for (int id : cf.modified) {
        Slot v = readVar(frame, id);
        ValueList flat;
        if (v && isContainer(*v) && leaves(*v, flat, false)) {
          size_t at = 0;
          writeVar(frame, id, rebuild(*v, flat, at));
        }
      }
      in.runBlock(*body, frame);
      frame.line = s.range.begin.line; // merge errors point at the `if`
      branchReturned[side] = false;
      for (size_t k = 0; k < cf.modified.size(); ++k) {
        Slot flag = readVar(frame, cf.modified[k]);
        if (modifiedNames[k].rfind("do_return", 0) == 0 && flag &&
            flag->is(Type::Bool) && flag->asBool())
          branchReturned[side] = true;
      }
      std::vector<Slot> out = read(frame, outSlots);
      write(frame, cf.modified, before);
      return out;
    };
  };
  std::vector<Slot> merged =
      stageBranches(test, namesOf(frame, outSlots), branch(s.body, 0),
                    branch(s.orelse, 1), true);
  branchReturned = {false, false};
  frame.line = s.range.begin.line;
  write(frame, outSlots, merged);
}

Value TfStager::stageIfExp(const ast::IfExpExpr &e, const Value &given,
                           Frame &frame) {
  Value test = condition(requireBoolPred(given), "if statement");
  auto branch = [&](const ast::Expr &x) {
    return [&]() { return std::vector<Slot>{in.evaluate(x, frame)}; };
  };
  // The value is named after the condition's source, as TensorFlow does.
  std::vector<Slot> merged =
      stageBranches(test, {autograph::unparse(*e.test)}, branch(*e.body),
                    branch(*e.orelse), true);
  return merged[0] ? *merged[0] : Value();
}

// ---- loops ----

Value TfStager::nextIteration(const LoopSpec &spec, size_t i,
                              const Value &next) {
  if (next.isNone())
    in.valueError("'" + spec.names[i] +
                  "' is None at the end of the "
                  "iteration.");
  if (!rt.isTensor(next) && !next.isNumber())
    in.typeError("'" + spec.names[i] +
                 "' must be a tensor after each iteration of a staged loop, "
                 "not " +
                 in.typeName(next));
  Value t = asTensor(next);
  const TensorType &after = rt.tensor(t).type;
  const TensorType &before = rt.tensor(spec.init[i]).type;
  if (after.dtype != spec.types[i].dtype) {
    if (!spec.autographMessages)
      in.typeError("Loop var " + spec.names[i] +
                   " enters the loop with type <dtype: '" + dtypeText(before) +
                   "'> but has type <dtype: '" + dtypeText(after) +
                   "'> after 1 iteration. " + spec.names[i] +
                   " type should remain constant.");
    in.typeError("'" + spec.names[i] + "' has dtype " + dtypeText(before) +
                 " before the loop, but dtype " + dtypeText(after) +
                 " after one iteration");
  }
  if (!after.shapeFits(spec.types[i])) {
    if (i < spec.invariant.size() && spec.invariant[i])
      in.valueError("'" + spec.names[i] + "' has shape " + after.shapeString() +
                    " after one iteration, which does not conform with the "
                    "shape invariant " +
                    spec.types[i].shapeString() + ".");
    if (spec.autographMessages)
      in.valueError("'" + spec.names[i] + "' has shape " +
                    before.shapeString() + " before the loop, but shape " +
                    after.shapeString() +
                    " after one iteration. Use "
                    "tf.autograph.experimental.set_loop_options to set shape "
                    "invariants.");
    // (tf.while_loop's loop takes a variable with its shape invariant.)
    in.valueError(
        "Input tensor `" + spec.names[i] + "` enters the loop with shape " +
        spec.types[i].shapeString() + ", but has shape " + after.shapeString() +
        " after one iteration. To allow the shape to vary across "
        "iterations, use the `shape_invariants` argument of "
        "tf.while_loop to specify a less-specific shape.");
  }
  return t;
}

void TfStager::yieldIteration(int r, const LoopSpec &spec,
                              const ValueList &next) {
  for (size_t i = 0; i < spec.init.size(); ++i) {
    // Computed first: it may add to the graph and move its regions.
    graph::Output out = rt.graphOutput(nextIteration(spec, i, next[i]));
    graph().regions[r].results.push_back(out);
  }
}

ValueList TfStager::nodeOutputs(int id, size_t n, int shown) {
  ValueList out;
  for (size_t i = 0; i < n; ++i) {
    out.push_back(regionValue({id, static_cast<int>(i)}));
    if (shown > 0)
      rt.tensor(out.back()).shownAs =
          graph::Output{id, static_cast<int>(i) + shown};
  }
  recordStagedOp(rt, id, out);
  return out;
}

ValueList TfStager::stageLoop(LoopSpec &spec) {
  if (!spec.maximumIterations.isNone()) {
    // An iteration counter, checked before the condition.
    LoopSpec counted = spec;
    counted.maximumIterations = Value();
    if (spec.shownOffset > 0)
      counted.shownOffset = spec.shownOffset - 1;
    Value limit = spec.maximumIterations;
    counted.notCaptured.push_back(rt.graphOutput(limit));
    counted.names.insert(counted.names.begin(), "<iterations>");
    counted.init.insert(counted.init.begin(),
                        rt.toTensor(Value::integer(0), DType::Int32));
    counted.types.insert(counted.types.begin(), TensorType{DType::Int32, {}});
    if (!counted.invariant.empty())
      counted.invariant.insert(counted.invariant.begin(), false);
    counted.cond = [&](const ValueList &vars) {
      Value more = binaryOp(rt, "Less", vars[0], limit);
      Value c = spec.cond(ValueList(vars.begin() + 1, vars.end()));
      return binaryOp(rt, "LogicalAnd", more, asTensor(c));
    };
    counted.body = [&](const ValueList &vars) {
      ValueList next = spec.body(ValueList(vars.begin() + 1, vars.end()));
      next.insert(next.begin(),
                  binaryOp(rt, "AddV2", vars[0],
                           rt.toTensor(Value::integer(1), DType::Int32)));
      return next;
    };
    ValueList out = stageLoop(counted);
    out.erase(out.begin());
    return out;
  }
  graph::Graph &g = graph();
  size_t n = spec.init.size();
  auto regionArgs = [&]() {
    ValueList vars;
    for (size_t i = 0; i < n; ++i)
      vars.push_back(regionValue(g.addRegionArg(spec.types[i])));
    watchLoopState(rt, vars);
    return vars;
  };
  int condR, bodyR;
  std::vector<graph::Output> captured; // by the condition
  // The tf.Variables the loop touches, carried as extra state after its own.
  VariableScopeGuard variables(rt, VariableScope::Kind::Loop);
  // The loop's ops are named in its scope ("while/add"), as while_v2's.
  std::optional<graph::ScopeGuard> scope(std::in_place, g, "while");
  std::string name = g.scopeName();
  {
    RegionGuard guard(g);
    condR = g.beginRegion();
    ValueList args = regionArgs();
    beginLoopRegion(rt, variables.scope(), condR);
    Value test = condition(spec.cond(args), "while loop");
    g.regions[condR].results.push_back(rt.graphOutput(test));
    for (const graph::Output &o : outerReads(g, condR))
      if (!contains(spec.notCaptured, o))
        captured.push_back(o);
    if (const VariableUse *u = writtenInLoopRegion(variables.scope()))
      rt.raise("UnimplementedError", "kiln cannot assign tf.Variable '" +
                                         u->var->name +
                                         "' in a loop condition yet");
  }
  {
    RegionGuard guard(g);
    bodyR = g.beginRegion();
    ValueList args = regionArgs();
    takeCapturedNames(g, captured);
    beginLoopRegion(rt, variables.scope(), bodyR);
    yieldIteration(bodyR, spec, spec.body(args));
    for (graph::Output o : loopResults(variables.scope()))
      g.regions[bodyR].results.push_back(o);
  }
  scope.reset();
  return loopNode("StatelessWhile", name, {}, spec, {condR, bodyR},
                  *variables.end());
}

ValueList TfStager::loopNode(const std::string &op, const std::string &name,
                             const ValueList &bounds, const LoopSpec &spec,
                             std::vector<int> regions,
                             const VariableScope &variables,
                             std::map<std::string, graph::Attr> attrs) {
  graph::Graph &g = graph();
  graph::Node node;
  node.op = op;
  node.name = name;
  node.attrs = std::move(attrs);
  for (auto &v : bounds)
    node.inputs.push_back(rt.graphOutput(v));
  for (auto &v : spec.init)
    node.inputs.push_back(rt.graphOutput(v));
  node.regions = std::move(regions);
  node.outputs = spec.types;
  for (size_t i = 0; i < variables.carried.size(); ++i) {
    node.inputs.push_back(variables.inits[i]);
    node.outputs.push_back(variables.carried[i]->var->type);
  }
  rt.locate(node);
  int id = g.add(std::move(node));
  endLoop(rt, variables, id, spec.init.size());
  return nodeOutputs(id, spec.init.size(), spec.shownOffset);
}

ValueList TfStager::stageCounted(
    const Value &start, const Value &limit, const Value &delta, LoopSpec &spec,
    const std::function<ValueList(const Value &, const ValueList &)> &body) {
  graph::Graph &g = graph();
  size_t n = spec.init.size();
  TensorType ivType = rt.tensor(start).type;
  int bodyR;
  VariableScopeGuard variables(rt, VariableScope::Kind::Loop);
  std::optional<graph::ScopeGuard> scope(std::in_place, g, "while");
  std::string name = g.scopeName();
  {
    RegionGuard guard(g);
    bodyR = g.beginRegion();
    Value iv = regionValue(g.addRegionArg(ivType));
    ValueList vars;
    for (size_t i = 0; i < n; ++i)
      vars.push_back(regionValue(g.addRegionArg(spec.types[i])));
    watchLoopState(rt, vars);
    // AutoGraph's condition for a range reads the limit (and a step not
    // known at trace time, first), which the body captures first.
    std::vector<graph::Output> captured;
    if (!rt.constantValue(delta))
      captured.push_back(rt.graphOutput(delta));
    captured.push_back(rt.graphOutput(limit));
    takeCapturedNames(g, captured);
    beginLoopRegion(rt, variables.scope(), bodyR);
    yieldIteration(bodyR, spec, body(iv, vars));
    for (graph::Output o : loopResults(variables.scope()))
      g.regions[bodyR].results.push_back(o);
  }
  scope.reset();
  return loopNode("For", name, {start, limit, delta}, spec, {bodyR},
                  *variables.end());
}

Value TfStager::rowBuffer(const TensorType &row, const Value &n,
                          const std::string &what) {
  if (!row.isStatic())
    rt.raise("UnimplementedError", "kiln needs " + what +
                                       " to have static shapes; got " +
                                       row.shapeString());
  HostTensorPtr count = rt.constantValue(n);
  TensorType stacked = row;
  stacked.shape.insert(stacked.shape.begin(),
                       count ? count->elementAsInt(0) : -1);
  if (count)
    return filled(rt, stacked, 0);
  return rt.apply("TensorListReserve", {n}, {{"element_dtype", row.dtype}},
                  stacked, "TensorArrayV2");
}

ValueList
TfStager::mapRows(const ValueList &elems,
                  const std::function<ValueList(const ValueList &)> &fn) {
  Value zero = rt.toTensor(Value::integer(0), DType::Int32);
  Value n = firstDimension(rt, elems.at(0));
  // The results' types, from a first trace that prints nothing: TensorFlow
  // traces `fn` once (its TensorArrays need no element shape).
  // (In the loop's scope, as its errors name it; the dropped trace has
  // a region, so names of its own.)
  std::vector<TensorType> rowTypes;
  traceDropped(true, [&] {
    graph::ExactScope loop(graph(), graph().scope + "while/");
    for (auto &v : fn(rowsAt(elems, zero)))
      rowTypes.push_back(rt.tensor(v).type);
  });
  LoopSpec spec;
  spec.autographMessages = false;
  for (size_t k = 0; k < rowTypes.size(); ++k) {
    Value buffer = rowBuffer(rowTypes[k], n, "tf.map_fn's results");
    spec.names.push_back("map_fn output " + std::to_string(k));
    spec.types.push_back(rt.tensor(buffer).type);
    spec.init.push_back(buffer);
  }
  Value one = rt.toTensor(Value::integer(1), DType::Int32);
  return stageCounted(
      zero, n, one, spec, [&](const Value &i, const ValueList &buffers) {
        ValueList results = fn(rowsAt(elems, i));
        if (results.size() != buffers.size())
          in.valueError("The two structures don't have the same number of "
                        "elements.");
        ValueList next;
        for (size_t k = 0; k < results.size(); ++k) {
          const TensorType &t = rt.tensor(results[k]).type;
          if (t.dtype != rowTypes[k].dtype || t.shape != rowTypes[k].shape)
            in.valueError("tf.map_fn's function returned " + t.shapeString() +
                          " " + dtypeText(t) + " on its second trace, after " +
                          rowTypes[k].shapeString() + " " +
                          dtypeText(rowTypes[k]));
          next.push_back(writeRow(buffers[k], i, results[k], spec.types[k]));
        }
        return next;
      });
}

ValueList TfStager::foldRows(
    const ValueList &elems, const ValueList &init, int64_t first, bool reverse,
    bool collect,
    const std::function<ValueList(const ValueList &, const ValueList &)> &fn) {
  Value n = firstDimension(rt, elems.at(0));
  Value one = rt.toTensor(Value::integer(1), DType::Int32);
  auto rowIndex = [&](const Value &i) {
    return reverse ? binaryOp(rt, "Sub", binaryOp(rt, "Sub", n, one), i) : i;
  };
  LoopSpec spec;
  spec.autographMessages = false;
  for (size_t k = 0; k < init.size(); ++k) {
    spec.names.push_back("fold state " + std::to_string(k));
    spec.init.push_back(init[k]);
    spec.types.push_back(rt.tensor(init[k]).type);
  }
  size_t states = init.size();
  if (collect) {
    // One buffer per state, [rows, *state shape]; with the first row's
    // state already there when the loop starts past it.
    for (size_t k = 0; k < states; ++k) {
      Value buffer = rowBuffer(spec.types[k], n, "tf.scan's state");
      const TensorType stacked = rt.tensor(buffer).type;
      if (first > 0)
        buffer = writeRow(
            buffer, rowIndex(rt.toTensor(Value::integer(0), DType::Int32)),
            init[k], stacked);
      spec.names.push_back("scan output " + std::to_string(k));
      spec.init.push_back(buffer);
      spec.types.push_back(stacked);
    }
  }
  Value start = rt.toTensor(Value::integer(first), DType::Int32);
  return stageCounted(
      start, n, one, spec, [&](const Value &i, const ValueList &vars) {
        Value at = rowIndex(i);
        ValueList state(vars.begin(), vars.begin() + states);
        ValueList next = fn(state, rowsAt(elems, at));
        if (next.size() != states)
          in.valueError("The two structures don't have the same number of "
                        "elements.");
        for (size_t k = 0; k < states; ++k) {
          const TensorType &t = rt.tensor(next[k]).type;
          if (t.dtype != spec.types[k].dtype || !t.shapeFits(spec.types[k]))
            in.valueError("the accumulator of a fold or scan changed from " +
                          spec.types[k].shapeString() + " " +
                          dtypeText(spec.types[k]) + " to " + t.shapeString() +
                          " " + dtypeText(t));
        }
        if (collect)
          for (size_t k = 0; k < states; ++k)
            next.push_back(writeRow(vars[states + k], at, next[k],
                                    spec.types[states + k]));
        return next;
      });
}

void TfStager::stageWhile(const ast::WhileStmt &s, const Value &given,
                          Frame &frame) {
  const ControlFlowInfo &cf = info(&s);
  frame.line = s.range.begin.line;
  // The first test's nodes are in a graph of their own (initialLoopTest):
  // the loop's cond region evaluates it again and checks its type there,
  // so that the error names the test as the cond graph has it
  // ("while/Less:0").
  std::vector<Slot> before = read(frame, cf.modified);
  LoopState st = loopState(frame, cf);
  // Runs the body with the variables bound to `vars`; returns their values.
  // The cond and body functions run from the statement's line (AutoGraph's
  // reshape of the test, after the cond function, does not).
  auto runBody = [&](const ValueList &vars) {
    ControlFlowLine traced(rt, frame, s.range.begin.line);
    write(frame, cf.modified, before);
    bindLoopVars(frame, st.ids, vars);
    in.runBlock(s.body, frame);
    frame.line = s.range.begin.line;
    return readLoopVars(frame, st.ids, st.names);
  };
  dryRun(st, runBody, frame, s.range.begin.line);
  // The loop options name the variables as they were before the loop.
  write(frame, cf.modified, before);
  LoopSpec spec;
  buildSpec(frame, cf, st, spec);
  bool track = !st.undefined.empty();
  if (track)
    trackIterations(spec);
  spec.cond = [&](const ValueList &flat) {
    ControlFlowLine traced(rt, frame, s.range.begin.line);
    write(frame, cf.modified, before);
    bindLoopVars(frame, st.ids, unflatten(st, flat));
    return in.evaluate(*s.test, frame);
  };
  spec.body = [&](const ValueList &flat) {
    ValueList inputs = unflatten(st, flat);
    ValueList next = flatten(st, runBody(inputs), nullptr, &inputs);
    return track ? iterated(next) : next;
  };
  spec.shownOffset = 2; // while_v2's counter and maximum_iterations
  ValueList out = stageLoop(spec);
  frame.line = s.range.begin.line;
  ValueList vars = track ? iteratedVars(st, out, false) : unflatten(st, out);
  write(frame, cf.modified, before);
  bindLoopVars(frame, st.ids, vars);
}

void TfStager::stageFor(const ast::ForStmt &s, const Value &given,
                        Frame &frame) {
  if (isLoopSource(given))
    return stageDatasetFor(s, given, frame);
  const ControlFlowInfo &cf = info(&s);
  frame.line = s.range.begin.line;
  ControlFlowLine traced(rt, frame, s.range.begin.line);
  // A tf.Variable iterates over the value it holds.
  const Value iterable = asTensor(given);
  std::vector<Slot> before = read(frame, cf.modified);
  LoopState st = loopState(frame, cf);

  const TensorObject &it = rt.tensor(iterable);
  const graph::Node &producer = graph().nodes[it.out.node];
  Value start, limit, delta;
  std::function<Value(const Value &)> element;
  if (producer.op == "Range") {
    // AutoGraph first works out the loop's maximum_iterations hint,
    // misc.get_range_len (and a Cast to int32): ops kiln does not need,
    // whose names those after them count past ("sub_1" after the loop).
    for (const char *name : {"sub", "floordiv", "mod", "zeros_like", "NotEqual",
                             "Cast", "add", "zeros_like", "Maximum"})
      graph().uniqueName(name);
    if (it.type.dtype != DType::Int32)
      graph().uniqueName("Cast");
    // for i in tf.range(...): the induction variable is the element.
    auto operand = [&](size_t k) { return regionValue(producer.inputs.at(k)); };
    start = operand(0);
    limit = operand(1);
    delta = producer.inputs.size() > 2
                ? operand(2)
                : rt.toTensor(Value::integer(1), it.type.dtype);
    element = [](const Value &iv) { return iv; };
    // A target first defined by the loop and read after it starts as
    // `start`, as in TensorFlow (so a loop that runs zero times leaves it
    // there rather than failing).
    if (s.target->kind == ast::ExprKind::Name &&
        ast::as<ast::NameExpr>(*s.target).binding == ast::NameBinding::Local) {
      int slot = ast::as<ast::NameExpr>(*s.target).slot;
      for (size_t k = 0; k < st.undefined.size(); ++k) {
        size_t var = st.undefined[k];
        if (st.ids[var] != slot)
          continue;
        st.values[var] = start;
        st.undefined.erase(st.undefined.begin() + k);
        break;
      }
    }
  } else {
    // for row in tensor: iterate over the first dimension. AutoGraph's
    // len() of a scalar fails on its (graph) shape.
    if (!it.type.unknownRank && it.type.shape.empty())
      in.valueError("len requires a non-scalar tensor, got one of shape " +
                    in.toStr(tf::shapeOf(rt, iterable)));
    if (it.type.unknownRank)
      in.typeError("Cannot iterate over a scalar tensor.");
    start = rt.toTensor(Value::integer(0), DType::Int32);
    limit = firstDimension(rt, iterable);
    delta = rt.toTensor(Value::integer(1), DType::Int32);
    element = [&](const Value &iv) {
      TensorType rowType = it.type;
      rowType.shape.erase(rowType.shape.begin());
      // Named as AutoGraph's read of the row from the TensorList it
      // unstacks the tensor into, which a print of the row shows.
      return rt.apply("GatherV2", {iterable, iv}, {{"axis", int64_t(0)}},
                      rowType, "TensorArrayV2Read/TensorListGetItem");
    };
  }
  // Runs the body for induction value `iv` with the variables bound to
  // `vars`; returns their values.
  auto runBody = [&](const Value &iv, const ValueList &vars) {
    write(frame, cf.modified, before);
    bindLoopVars(frame, st.ids, vars);
    in.assignTo(*s.target, element(iv), frame);
    in.runBlock(s.body, frame);
    frame.line = s.range.begin.line;
    return readLoopVars(frame, st.ids, st.names);
  };
  dryRun(
      st,
      [&](const ValueList &vars) {
        return runBody(regionValue(graph().addRegionArg(rt.tensor(start).type)),
                       vars);
      },
      frame, s.range.begin.line);
  write(frame, cf.modified, before);
  LoopSpec spec;
  buildSpec(frame, cf, st, spec);
  bool track = !st.undefined.empty();
  if (track)
    trackIterations(spec);
  auto runFlat = [&](const Value &iv, const ValueList &flat) {
    ValueList inputs = unflatten(st, flat);
    ValueList next = flatten(st, runBody(iv, inputs), nullptr, &inputs);
    return track ? iterated(next) : next;
  };
  ValueList out;
  if (!s.extraTest && spec.maximumIterations.isNone()) {
    spec.shownOffset = 3; // counter, maximum_iterations, the iterate
    out = stageCounted(start, limit, delta, spec, runFlat);
  } else {
    // A loop that can stop early (break, return, maximum_iterations): a
    // while loop over the induction variable and the state.
    LoopSpec loop;
    loop.maximumIterations = spec.maximumIterations;
    if (!spec.invariant.empty()) {
      loop.invariant = spec.invariant;
      loop.invariant.insert(loop.invariant.begin(), false);
    }
    loop.names.push_back("<iteration>");
    loop.init.push_back(start);
    loop.types.push_back(rt.tensor(start).type);
    for (size_t i = 0; i < spec.init.size(); ++i) {
      loop.names.push_back(spec.names[i]);
      loop.init.push_back(spec.init[i]);
      loop.types.push_back(spec.types[i]);
    }
    loop.cond = [&](const ValueList &flat) {
      write(frame, cf.modified, before);
      bindLoopVars(frame, st.ids,
                   unflatten(st, ValueList(flat.begin() + 1, flat.end())));
      Value zero = rt.toTensor(Value::integer(0), rt.tensor(delta).type.dtype);
      Value up = binaryOp(rt, "Less", flat[0], limit);
      Value down = binaryOp(rt, "Greater", flat[0], limit);
      Value inRange =
          select(rt, binaryOp(rt, "Greater", delta, zero), up, down);
      if (!s.extraTest)
        return inRange;
      Value extra = in.evaluate(*s.extraTest, frame);
      return binaryOp(rt, "LogicalAnd", inRange, asTensor(extra));
    };
    loop.body = [&](const ValueList &flat) {
      ValueList next =
          runFlat(flat[0], ValueList(flat.begin() + 1, flat.end()));
      next.insert(next.begin(), binaryOp(rt, "AddV2", flat[0], delta));
      return next;
    };
    loop.shownOffset = 2; // the iterate is state 0 here
    out = stageLoop(loop);
    out.erase(out.begin());
  }
  frame.line = s.range.begin.line;
  ValueList vars = track ? iteratedVars(st, out, true) : unflatten(st, out);
  write(frame, cf.modified, before);
  bindLoopVars(frame, st.ids, vars);
}

Value TfStager::reduceArg(const TensorType &t, size_t k) {
  graph::Graph &g = graph();
  graph::Output o = g.addRegionArg(t);
  graph::ExactScope top(g, "");
  g.nodes[o.node].name = g.uniqueName("args_" + std::to_string(k));
  return regionValue(o);
}

ValueList TfStager::stageReduce(const Value &source, LoopSpec &spec,
                                const ReduceBody &body,
                                const std::function<Value()> &goOn) {
  const std::vector<TensorType> leafTypes = loopElementTypes(rt, source);
  graph::Graph &g = graph();
  // TensorFlow's reduce traces the body again, with the state's shapes
  // relaxed to fit both, while an iteration changes them (a loop over a
  // tensor would need shape invariants instead).
  for (;;) {
    int bodyR;
    VariableScopeGuard variables(rt, VariableScope::Kind::Loop);
    std::optional<graph::ScopeGuard> scope(std::in_place, g, "while");
    std::string name = g.scopeName();
    bool relaxed = false;
    {
      RegionGuard guard(g);
      bodyR = g.beginRegion();
      // Region arguments: the element's tensors, then the state; named
      // as the reduce function's, the state first.
      ValueList element, state;
      for (size_t k = 0; k < leafTypes.size(); ++k)
        element.push_back(reduceArg(leafTypes[k], spec.types.size() + k));
      for (size_t k = 0; k < spec.types.size(); ++k)
        state.push_back(reduceArg(spec.types[k], k));
      watchLoopState(rt, state);
      beginLoopRegion(rt, variables.scope(), bodyR);
      ValueList next = body(element, state);
      for (size_t k = 0; k < next.size() && k < spec.types.size(); ++k) {
        if (!rt.isTensor(next[k]))
          continue; // (nextIteration's error)
        const TensorType &t = rt.tensor(next[k]).type;
        if (t.dtype == spec.types[k].dtype && !t.shapeFits(spec.types[k])) {
          spec.types[k] = relaxedType(spec.types[k], t);
          relaxed = true;
        }
      }
      if (!relaxed) {
        // Whether to go on: the body's last result.
        std::optional<graph::Output> more;
        if (goOn) {
          Value test = goOn();
          more = rt.graphOutput(rt.isTensor(test)
                                    ? asTensor(test)
                                    : rt.toTensor(test, DType::Bool));
        }
        yieldIteration(bodyR, spec, next);
        for (graph::Output o : loopResults(variables.scope()))
          g.regions[bodyR].results.push_back(o);
        if (more)
          g.regions[bodyR].results.push_back(*more);
      }
    }
    if (relaxed)
      continue; // the region traced is left unused
    scope.reset();
    std::map<std::string, graph::Attr> attrs;
    ValueList graphInputs;
    attrs["source"] = keepLoopSource(rt, source, spec.init.size(), graphInputs);
    attrs["graph_inputs"] = static_cast<int64_t>(graphInputs.size());
    if (goOn)
      attrs["stops"] = true;
    return loopNode("ReduceDataset", name, graphInputs, spec, {bodyR},
                    *variables.end(), std::move(attrs));
  }
}

void TfStager::stageDatasetFor(const ast::ForStmt &s, const Value &dataset,
                               Frame &frame) {
  const ControlFlowInfo &cf = info(&s);
  const int line = s.range.begin.line;
  frame.line = line;
  ControlFlowLine traced(rt, frame, line);
  std::vector<Slot> before = read(frame, cf.modified);
  LoopState st = loopState(frame, cf);
  auto runBody = [&](const Value &element, const ValueList &vars) {
    write(frame, cf.modified, before);
    bindLoopVars(frame, st.ids, vars);
    in.assignTo(*s.target, element, frame);
    in.runBlock(s.body, frame);
    frame.line = line;
    return readLoopVars(frame, st.ids, st.names);
  };
  dryRun(
      st,
      [&](const ValueList &vars) {
        ValueList leaves;
        for (const TensorType &t : loopElementTypes(rt, dataset))
          leaves.push_back(reduceArg(t, leaves.size()));
        return runBody(loopElement(rt, dataset, leaves), vars);
      },
      frame, line);
  write(frame, cf.modified, before);
  LoopSpec spec;
  buildSpec(frame, cf, st, spec);
  if (!spec.maximumIterations.isNone())
    rt.raise("UnimplementedError",
             "kiln cannot limit a loop over a dataset with "
             "maximum_iterations yet: use dataset.take(n)");
  bool track = !st.undefined.empty();
  if (track)
    trackIterations(spec);
  std::function<Value()> goOn;
  // A `break` or `return` in the body: AutoGraph's extra test, after each
  // iteration.
  if (s.extraTest)
    goOn = [&] { return in.evaluate(*s.extraTest, frame); };
  ValueList out = stageReduce(
      dataset, spec,
      [&](const ValueList &element, const ValueList &state) {
        ValueList inputs = unflatten(st, state);
        ValueList next =
            flatten(st, runBody(loopElement(rt, dataset, element), inputs),
                    nullptr, &inputs);
        return track ? iterated(next) : next;
      },
      goOn);
  frame.line = line;
  ValueList vars = track ? iteratedVars(st, out, false) : unflatten(st, out);
  write(frame, cf.modified, before);
  bindLoopVars(frame, st.ids, vars);
}

Value TfStager::reduceDataset(const Value &dataset, const Value &initial,
                              const Value &reduceFn) {
  // The state as the eager reduce takes it: tensors in tuples and dicts.
  Value structure = initial;
  LoopSpec spec;
  spec.autographMessages = false;
  for (const Value &leaf : flattenElement(in, initial)) {
    spec.names.push_back("reduce state " + std::to_string(spec.init.size()));
    spec.init.push_back(rt.isTensor(leaf) ? asTensor(leaf) : rt.toTensor(leaf));
    spec.types.push_back(rt.tensor(spec.init.back()).type);
  }
  ValueList out = stageReduce(
      dataset, spec, [&](const ValueList &element, const ValueList &state) {
        Value result =
            in.call(reduceFn, ValueList{rebuildElement(in, structure, state),
                                        loopElement(rt, dataset, element)});
        ValueList next = flattenElement(in, result);
        if (next.size() != state.size())
          in.valueError("The two structures don't have the same nested "
                        "structure.\n\nFirst structure: " +
                        in.repr(structure) +
                        "\n\nSecond structure: " + in.repr(result));
        for (Value &v : next)
          v = rt.isTensor(v) ? asTensor(v) : rt.toTensor(v);
        return next;
      });
  return rebuildElement(in, structure, out);
}

Value stageDatasetReduce(TfRuntime &rt, const Value &dataset,
                         const Value &initial, const Value &reduceFn) {
  return static_cast<TfStager &>(*rt.stager)
      .reduceDataset(dataset, initial, reduceFn);
}

// ---- tf.cond and tf.while_loop ----

namespace {

/// The tensors of a (possibly nested list/tuple) structure, in order.
void flatten(Interpreter &in, const Value &v, ValueList &out) {
  if (v.is(Type::List) || v.is(Type::Tuple) || asNamedTuple(v)) {
    for (auto &item : in.toList(v))
      flatten(in, item, out);
    return;
  }
  if (v.is(Type::Dict)) {
    for (auto &key : sortedKeys(in, v))
      flatten(in, in.getItem(v, key), out);
    return;
  }
  out.push_back(v);
}

/// `template` with its leaves replaced by `leaves`, in order.
Value rebuild(Interpreter &in, const Value &tmpl, const ValueList &leaves,
              size_t &next) {
  if (tmpl.is(Type::List) || tmpl.is(Type::Tuple) || asNamedTuple(tmpl)) {
    ValueList items;
    for (auto &item : in.toList(tmpl))
      items.push_back(rebuild(in, item, leaves, next));
    if (auto *t = asNamedTuple(tmpl))
      return t->withValues(std::move(items));
    return tmpl.is(Type::List) ? in.list(std::move(items))
                               : in.tuple(std::move(items));
  }
  if (tmpl.is(Type::Dict)) {
    // Filled in sorted order, the keys kept in the template's order.
    Value filled = in.dict();
    for (auto &key : in.toList(tmpl))
      in.setItem(filled, key, Value());
    for (auto &key : sortedKeys(in, tmpl))
      in.setItem(filled, key, rebuild(in, in.getItem(tmpl, key), leaves, next));
    return filled;
  }
  return leaves.at(next++);
}

TfStager &stager(TfRuntime &rt) {
  return *static_cast<TfStager *>(rt.stager.get());
}

} // namespace

ValueList stageMapFn(TfRuntime &rt, const ValueList &elems,
                     const std::function<ValueList(const ValueList &)> &fn) {
  return stager(rt).mapRows(elems, fn);
}

ValueList stageFold(
    TfRuntime &rt, const ValueList &elems, const ValueList &init, int64_t first,
    bool reverse, bool collect,
    const std::function<ValueList(const ValueList &, const ValueList &)> &fn) {
  return stager(rt).foldRows(elems, init, first, reverse, collect, fn);
}

namespace {

/// A branch output as cond_v2's error shows it: the Identity the branch's
/// graph wraps it in (repr `<tf.Tensor 'cond/Identity:0' ...>`, str
/// `Tensor("cond/Identity:0", ...)`), a leaf to tf.nest.
struct BranchOutputText : py::NativeObject {
  BranchOutputText(std::string name, const TensorType &t)
      : name(std::move(name)), type(t) {}
  std::string name;
  TensorType type;
  std::string typeName() const override { return "SymbolicTensor"; }
  std::string repr(Interpreter &, const Value &) override {
    return graphTensorRepr(name, type);
  }
  std::string str(Interpreter &, const Value &) override {
    return graphTensorStr(name, type);
  }
};

/// `result` with its tensors shown as the branch's Identity outputs.
Value branchOutputs(TfRuntime &rt, const Value &result,
                    const std::string &scope) {
  Interpreter &in = rt.in;
  ValueList leaves, shown;
  flatten(in, result, leaves);
  for (size_t i = 0; i < leaves.size(); ++i) {
    if (!rt.isTensor(leaves[i])) {
      shown.push_back(leaves[i]);
      continue;
    }
    shown.push_back(Value::object(
        Type::Native,
        std::make_shared<BranchOutputText>(condOutputName(scope, i),
                                           rt.tensor(leaves[i]).type)));
  }
  size_t next = 0;
  return rebuild(in, result, shown, next);
}

} // namespace

Value replaceOperations(TfRuntime &rt, const Value &v, const Value &with) {
  ValueList leaves;
  flatten(rt.in, v, leaves);
  for (auto &leaf : leaves)
    if (isOperation(leaf))
      leaf = identity(rt, with);
  size_t next = 0;
  return rebuild(rt.in, v, leaves, next);
}

void checkSameBranchOutputs(TfRuntime &rt, const Value &first,
                            const Value &other, const std::string &scope,
                            const std::string &firstName,
                            const std::string &otherName,
                            const std::string &opName) {
  Interpreter &in = rt.in;
  Value shownFirst = branchOutputs(rt, first, scope),
        shownOther = branchOutputs(rt, other, scope);
  bool typeError = false;
  std::string details =
      structureMismatch(in, shownFirst, shownOther, true, typeError);
  // Then the first pair of tensors whose dtypes differ.
  ValueList a, b, shownA, shownB;
  flatten(in, first, a);
  flatten(in, other, b);
  flatten(in, shownFirst, shownA);
  flatten(in, shownOther, shownB);
  for (size_t i = 0; details.empty() && i < a.size() && i < b.size(); ++i)
    if (rt.isTensor(a[i]) && rt.isTensor(b[i]) &&
        rt.tensor(a[i]).type.dtype != rt.tensor(b[i]).type.dtype)
      details = in.toStr(shownA[i]) + " and " + in.toStr(shownB[i]) +
                " have different types";
  if (!details.empty())
    in.typeError(firstName + " and " + otherName + " arguments to " + opName +
                 " must have the same number, type, and overall structure of "
                 "return values.\n\n" +
                 firstName + " output: " + in.toStr(shownFirst) + "\n" +
                 otherName + " output: " + in.toStr(shownOther) +
                 "\n\nError details:\n" + details);
}

Value stageCond(TfRuntime &rt, const Value &pred, const Value &trueFn,
                const Value &falseFn, const std::string &branchScope) {
  TfStager &st = stager(rt);
  Interpreter &in = rt.in;
  st.requireBoolPred(pred);
  const TensorType &pt = rt.tensor(pred).type;
  // A predicate of one element ([1], [1, 1]) works as a scalar, as the
  // Switch kernel reads it.
  if (!pt.unknownRank && !pt.shape.empty() && pt.isStatic() &&
      pt.numElements() == 1)
    return stageCond(rt, reshape(rt, pred, rt.in.list({})), trueFn, falseFn,
                     branchScope);
  if (pt.unknownRank || !pt.shape.empty())
    in.valueError("Shape must be rank 0 but is rank " +
                  std::to_string(pt.shape.size()) + " for 'cond'");
  Value tmpl;
  size_t count = 0;
  std::vector<std::string> names;
  auto branch = [&](const Value &fn, bool first) {
    return [&, fn, first]() {
      Value result = in.call(fn, ValueList{});
      ValueList leaves;
      flatten(in, result, leaves);
      if (first) {
        tmpl = result;
        count = leaves.size();
        for (size_t i = 0; i < count; ++i)
          names.push_back("output " + std::to_string(i));
      } else {
        // TensorFlow's own check on the output counts, then cond_v2's of
        // the two structures (a dict's keys, a tuple against a list, a
        // tensor against a sequence).
        if (leaves.size() != count)
          in.raise("AssertionError", "[" + std::to_string(count) + ", " +
                                         std::to_string(leaves.size()) + "]");
        checkSameBranchOutputs(rt, tmpl, result, rt.tracing->graph.scopeName(),
                               "true_fn", "false_fn", "tf.cond");
      }
      return std::vector<Slot>(leaves.begin(), leaves.end());
    };
  };
  // stageBranches reads `names` after both branches ran, when the first
  // one has filled it in.
  std::vector<Slot> merged =
      st.stageBranches(pred, names, branch(trueFn, true),
                       branch(falseFn, false), false, branchScope);
  ValueList leaves;
  for (auto &m : merged)
    leaves.push_back(m ? *m : Value());
  size_t next = 0;
  return rebuild(in, tmpl, leaves, next);
}

Value stageWhileLoop(TfRuntime &rt, const Value &cond, const Value &body,
                     const Value &loopVars, const Value &shapeInvariants,
                     const Value &maximumIterations) {
  TfStager &st = stager(rt);
  Interpreter &in = rt.in;
  ValueList leaves;
  flatten(in, loopVars, leaves);
  ValueList invariants;
  if (!shapeInvariants.isNone())
    flatten(in, shapeInvariants, invariants);
  auto callWith = [&](const Value &fn, const ValueList &userLeaves) {
    size_t next = 0;
    Value structured = rebuild(in, loopVars, userLeaves, next);
    ValueList args = structured.is(Type::List) || structured.is(Type::Tuple)
                         ? in.toList(structured)
                         : ValueList{structured};
    return in.call(fn, args);
  };
  // TensorArrays are carried as their buffer and size. One never written
  // and without an element shape learns it from a first, silent trace of
  // the body (TensorFlow's lists need none).
  std::vector<std::shared_ptr<TensorArrayObject>> arrays(leaves.size());
  bool unshaped = false;
  for (size_t i = 0; i < leaves.size(); ++i)
    if (TensorArrayObject *ta = asTensorArray(leaves[i])) {
      arrays[i] = std::static_pointer_cast<TensorArrayObject>(leaves[i].ptr());
      unshaped |= ta->buffer.isNone();
    }
  if (unshaped) {
    ValueList after;
    st.traceDropped(true, [&] { flatten(in, callWith(body, leaves), after); });
    for (size_t i = 0; i < leaves.size(); ++i) {
      if (!arrays[i] || !arrays[i]->buffer.isNone())
        continue;
      auto *written = i < after.size() ? asTensorArray(after[i]) : nullptr;
      if (!written || !written->elementShape)
        rt.raise("UnimplementedError",
                 "kiln needs the element shape of the TensorArray in "
                 "tf.while_loop's loop_vars: give element_shape, or write to "
                 "it in the body");
      auto shaped = arrays[i]->with(Value(), arrays[i]->size);
      shaped->elementShape = written->elementShape;
      arrays[i] = shaped->with(reserveBuffer(*shaped), shaped->size);
    }
  }
  // User-level loop values <-> the loop's tensors.
  auto toState = [&](const ValueList &userLeaves) {
    ValueList state;
    for (size_t i = 0; i < userLeaves.size(); ++i) {
      if (!arrays[i]) {
        state.push_back(rt.isTensor(userLeaves[i])
                            ? userLeaves[i]
                            : rt.toTensor(userLeaves[i]));
        continue;
      }
      auto *ta = asTensorArray(userLeaves[i]);
      if (!ta || ta->buffer.isNone())
        in.typeError("tf.while_loop's body must return a TensorArray where "
                     "its loop_vars have one");
      state.push_back(ta->buffer);
      state.push_back(ta->size);
    }
    return state;
  };
  auto fromState = [&](const ValueList &state) {
    ValueList userLeaves;
    size_t k = 0;
    for (size_t i = 0; i < leaves.size(); ++i) {
      if (!arrays[i]) {
        userLeaves.push_back(state.at(k++));
        continue;
      }
      Value buffer = state.at(k++), size = state.at(k++);
      userLeaves.push_back(
          Value::object(Type::Native, arrays[i]->with(buffer, size)));
    }
    return userLeaves;
  };
  ValueList initLeaves = leaves;
  for (size_t i = 0; i < leaves.size(); ++i)
    if (arrays[i])
      initLeaves[i] = Value::object(Type::Native, arrays[i]);
  LoopSpec spec;
  spec.autographMessages = false;
  bool counted = !maximumIterations.isNone();
  if (counted) {
    spec.names.push_back("maximum_iterations");
    Value zero = rt.toTensor(Value::integer(0), DType::Int32);
    spec.init.push_back(zero);
    spec.types.push_back(rt.tensor(zero).type);
  }
  size_t first = spec.init.size();
  ValueList initState = toState(initLeaves);
  for (size_t i = 0, k = 0; i < leaves.size(); ++i) {
    size_t parts = arrays[i] ? 2 : 1;
    for (size_t part = 0; part < parts; ++part, ++k) {
      const Value &t = initState[k];
      spec.names.push_back(rt.tensor(t).symbolic()
                               ? in.toStr(in.getAttr(t, "name"))
                               : "loop_var_" + std::to_string(k));
      spec.init.push_back(t);
      TensorType type = rt.tensor(t).type;
      if (!arrays[i] && i < invariants.size() && !invariants[i].isNone())
        if (auto *s = dynamic_cast<TensorShapeObject *>(invariants[i].raw())) {
          TensorType given = type;
          type.shape = s->type.shape;
          type.unknownRank = s->type.unknownRank;
          // TensorFlow does not check the initial value against its
          // invariant: where they disagree the size is left unknown, so
          // that the loop still runs on the value it was given.
          if (!given.shapeFits(type)) {
            if (given.shape.size() != type.shape.size() || type.unknownRank)
              type.unknownRank = true;
            else
              for (size_t d = 0; d < type.shape.size(); ++d)
                if (type.shape[d] != given.shape[d])
                  type.shape[d] = -1;
          }
        }
      spec.types.push_back(type);
    }
  }
  Value maxIter =
      counted ? rt.toTensor(maximumIterations, DType::Int32) : Value();
  auto call = [&](const Value &fn, const ValueList &vars) {
    return callWith(fn, fromState(ValueList(vars.begin() + first, vars.end())));
  };
  spec.cond = [&](const ValueList &vars) {
    Value c = call(cond, vars);
    if (counted)
      c = binaryOp(rt, "LogicalAnd", binaryOp(rt, "Less", vars[0], maxIter),
                   rt.isTensor(c) ? c : rt.toTensor(c));
    return c;
  };
  spec.body = [&](const ValueList &vars) {
    Value result = call(body, vars);
    // while_v2 puts a body result that is not a structure in a list, then
    // requires the loop variables' structure (lists and tuples alike).
    if (loopVars.is(Type::List) || loopVars.is(Type::Tuple)) {
      bool nested = result.is(Type::List) || result.is(Type::Tuple) ||
                    result.is(Type::Dict);
      Value assertSame =
          in.getAttr(in.getAttr(in.importModule("tensorflow"), "nest"),
                     "assert_same_structure");
      CallArgs check{{nested ? result : in.list({result}), loopVars},
                     {{"check_types", Value::boolean(false)}}};
      in.call(assertSame, check);
    }
    ValueList next;
    flatten(in, result, next);
    if (next.size() != leaves.size())
      in.valueError("The two structures don't have the same nested "
                    "structure.");
    next = toState(next);
    if (counted)
      next.insert(next.begin(),
                  binaryOp(rt, "AddV2", vars[0],
                           rt.toTensor(Value::integer(1), DType::Int32)));
    return next;
  };
  spec.shownOffset = 2 - static_cast<int>(first);
  ValueList out = st.stageLoop(spec);
  size_t next = 0;
  return rebuild(in, loopVars,
                 fromState(ValueList(out.begin() + first, out.end())), next);
}

void installStager(TfRuntime &rt) {
  rt.stager = std::make_unique<TfStager>(rt);
  rt.in.setStager(rt.stager.get());
}

} // namespace kiln::tf
