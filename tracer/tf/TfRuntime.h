// TensorFlow inside the trace-time interpreter: tensors (eager and
// symbolic), op application, and the state of the trace being recorded.
// Eager ops run through the same compiler as traced functions: a one-op
// graph, compiled once per signature and cached.
#pragma once

#include "Graph.h"
#include "Interpreter.h"
#include "Native.h"

#include <deque>
#include <map>
#include <memory>
#include <optional>

namespace kiln::tf {

using graph::Attr;
using graph::DType;
using graph::HostTensorPtr;
using graph::TensorType;
using py::CallArgs;
using py::Interpreter;
using py::Value;
using py::ValueList;

class TfRuntime;
struct VariableUse;        // TfVariable.h
struct VariableScope;      // TfVariable.h
struct VariableState;      // TfVariable.h
struct GradientTapeObject; // TfGradient.cpp
struct RandomState;        // TfRandom.cpp

/// TensorFlow's OpError subclasses, their tf.errors code constants and
/// codes.
struct OpErrorClass {
  const char *name;     // "InvalidArgumentError"
  const char *constant; // "INVALID_ARGUMENT"
  int code;
};
const std::vector<OpErrorClass> &opErrorClasses();

/// A `tf.print` recorded while tracing (TfPrint.h): its line is
/// pieces[0] tensor0 pieces[1] tensor1 ... pieces[n], separators and `end`
/// included, the tensors read from the graph's results.
struct TracedPrint {
  struct Slot {
    int resultIndex = -1; // into the graph's results
    bool quoteScalarString = false;
  };
  std::vector<std::string> pieces;
  std::vector<Slot> tensors;
  bool toStdout = false;
  int64_t summarize = 3;
};

/// The graph being built while a tf.function is traced.
struct TraceState : std::enable_shared_from_this<TraceState> {
  graph::Graph graph;
  std::vector<TracedPrint> prints;
  std::map<const void *, int> captured; // eager tensor → Const node
  /// Those eager tensors, in capture order (a tape differentiates a call
  /// with respect to them too).
  ValueList capturedTensors;
  /// tf.Variables the trace reads or writes, in order of first use.
  std::vector<std::shared_ptr<VariableUse>> variables;
  /// The staged branches and loops being traced, outermost first: each
  /// holds the variables' values in its region.
  std::vector<std::shared_ptr<VariableScope>> variableScopes;
  /// Gradients through a staged loop: the loop node -> the node that
  /// recomputed it, stacking its state (TfGradientFlow.cpp), shared by the
  /// gradients taken where it is visible.
  std::map<int, int> loopStacks;
  /// The logits each tf.nn.softmax of the trace was given, by the node
  /// that gives its result: Keras's losses look through a Softmax op to
  /// its input, as TensorFlow's graph shows one (KerasLosses.cpp).
  std::map<int, graph::Output> softmaxLogits;
  /// The values the call being traced passes for its argument
  /// Placeholders (none for a TensorSpec): what a variable initialized from
  /// an argument on the first call starts as (TfVariable.cpp).
  std::map<int, HostTensorPtr> argumentValues;
  /// The frame that called the traced function: frames below it are the
  /// function's and its helpers' (TfRuntime::locate).
  const py::Frame *caller = nullptr;
  /// The trace a nested tf.function is traced from, whose tensors (and its
  /// own enclosing traces') the body may capture. Only read while this
  /// trace is being made, when the enclosing ones are too.
  TraceState *enclosing = nullptr;
  /// Those captured tensors: an argument Placeholder each, made at first
  /// use as a variable's is (the call passes the tensors, as TensorFlow's
  /// captures).
  std::vector<std::pair<int, Value>> outerCaptures;
  /// Per graph region (-1: the body), the random ops made without a seed
  /// so far: their op seeds when a global seed is set (TfRandom.cpp).
  std::map<int, int64_t> seedlessRandomOps;
  /// The graph seed tf.random.set_seed gave while tracing (set_seed in a
  /// graph sets that graph's seed, not the global one); unset, the graph
  /// seed is the global seed.
  bool seedSet = false;
  std::optional<int64_t> seed;
};

struct TensorObject : py::NativeObject {
  TensorType type;
  HostTensorPtr value;         // set for eager tensors
  TraceState *trace = nullptr; // set for symbolic tensors
  /// Keeps the graph alive for tensors that outlive their trace (leaked).
  std::shared_ptr<TraceState> traceOwner;
  graph::Output out; // the node output, when symbolic
  TfRuntime *rt = nullptr;
  /// A slice of a variable (`v[1:3]`) can be assigned to: the variable and
  /// the key, else None.
  Value slicedVariable, sliceKey;
  /// The node output whose name the tensor prints: `out`, except after
  /// set_shape, which gives the tensor a new node (TensorFlow's tensor
  /// keeps its name).
  std::optional<graph::Output> shownAs;
  /// A nested tf.function's result prints as output `callIndex` of the call
  /// node TensorFlow's graph has ("PartitionedCall:0"); kiln's graph holds
  /// the callee's nodes instead, so only the name exists.
  std::string callName;
  int callIndex = 0;

  bool symbolic() const { return trace != nullptr; }
  /// The node name the tensor prints (symbolic tensors only).
  const std::string &nodeName() const {
    if (!callName.empty())
      return callName;
    return trace->graph.nodes[(shownAs ? *shownAs : out).node].name;
  }
  /// The output index the tensor prints.
  int shownIndex() const {
    return !callName.empty() ? callIndex : (shownAs ? *shownAs : out).index;
  }
  /// "node:index", TensorFlow's tensor name (symbolic tensors only).
  std::string graphName() const {
    return nodeName() + ":" + std::to_string(shownIndex());
  }
  std::string typeName() const override {
    return symbolic() ? "SymbolicTensor" : "EagerTensor";
  }
  std::string cTypeName() const override {
    return symbolic() ? "SymbolicTensor"
                      : "tensorflow.python.framework.ops.EagerTensor";
  }
  std::string repr(Interpreter &in, const Value &self) override;
  std::string str(Interpreter &in, const Value &self) override;
  bool getAttr(Interpreter &in, const Value &self, const std::string &name,
               Value &out) override;
  bool binary(Interpreter &in, ast::BinaryOp op, const Value &self,
              const Value &other, bool reflected, Value &out) override;
  bool unary(Interpreter &in, ast::UnaryOpKind op, const Value &self,
             Value &out) override;
  bool compare(Interpreter &in, ast::CmpOp op, const Value &self,
               const Value &other, bool reflected, Value &out) override;
  bool truthy(Interpreter &in, const Value &self, bool &out) override;
  bool len(Interpreter &in, const Value &self, int64_t &out) override;
  bool getItem(Interpreter &in, const Value &self, const Value &key,
               Value &out) override;
  bool iter(Interpreter &in, const Value &self, Value &out) override;
  bool toNumber(Interpreter &in, const Value &self, Value &out) override;
  bool format(Interpreter &in, const Value &self, const std::string &spec,
              Value &out) override;
  std::string typeModule() const override {
    return "tensorflow.python.framework.ops";
  }
  bool hash(Interpreter &in, const Value &self, size_t &out) override;
  /// Python's `==` where it asks for a bool (`in`, list.index and count,
  /// comparing lists): the tensor's `__eq__`, then its truth value, which
  /// a symbolic tensor refuses.
  bool equals(Interpreter &in, const Value &self, const Value &other,
              bool &out) override;
};

class TfRuntime {
public:
  TfRuntime(Interpreter &in, graph::Executor &executor)
      : in(in), executor(executor) {}

  Value eager(HostTensorPtr value);
  bool isTensor(const Value &v) const { return v.is(py::Type::Tensor); }
  TensorObject &tensor(const Value &v) const { return v.as<TensorObject>(); }

  /// Python value → tensor (tf.convert_to_tensor), with TensorFlow's dtype
  /// inference and errors. `dtype` forces the dtype.
  /// (`packName`: the exact name of the Pack node a list holding tensors
  /// becomes while tracing, as an op's argument conversion names it; else
  /// "packed", uniquified.)
  Value toTensor(const Value &v, std::optional<DType> dtype = std::nullopt,
                 const std::string &packName = "");
  /// toTensor's ValueError text for tensor `t` requested as `dtype`.
  std::string conversionError(const Value &t, DType dtype);
  /// A host tensor from a Python scalar or nested list.
  HostTensorPtr hostFromPython(const Value &v, std::optional<DType> dtype);
  /// A tensor holding `host`: a Const node while tracing (named uniquely
  /// after `name`, or `name` itself when `exactName`), else eager.
  Value constant(HostTensorPtr host, const std::string &name = "Const",
                 bool exactName = false);
  /// A list holding tensors, packed as TensorFlow's autopacking packs it
  /// while tracing: a Pack node named `scope` (reserved by the caller).
  Value autopack(const Value &list, DType dtype, const std::string &scope);

  /// Applies op `op` to tensor inputs: a node of the graph being traced, or
  /// (eagerly) a compiled one-op function run at once.
  Value apply(const std::string &op, const ValueList &inputs,
              std::map<std::string, Attr> attrs, TensorType result,
              const std::string &nameHint = "", bool exactName = false);
  /// apply() for an op with several outputs (TopKV2), one tensor each.
  ValueList applyMulti(const std::string &op, const ValueList &inputs,
                       std::map<std::string, Attr> attrs,
                       std::vector<TensorType> results,
                       const std::string &nameHint = "",
                       bool exactName = false);

  /// A symbolic tensor for output `o` of the graph being traced.
  Value symbolic(graph::Output o);
  /// The user frames a graph node was made in, as TensorFlow's "was
  /// defined here:" lists them.
  std::string definedAtText(const graph::Graph &g, const graph::Node &n);
  /// TensorFlow's TypeError for a graph tensor used after its trace ended
  /// (a tensor leaked through a global, say).
  [[noreturn]] void outOfScope(const Value &v);
  /// The graph output holding tensor `v` in the current region; an eager
  /// tensor is captured as a constant first.
  graph::Output graphOutput(const Value &v);
  /// Whether `trace` encloses the one being traced (a nested tf.function's
  /// callers' traces).
  bool encloses(const TraceState *trace) const;
  /// Tensor `v` of an enclosing trace as an argument of the current one
  /// (TraceState::outerCaptures), made once per tensor.
  graph::Output captureOuter(const Value &v);
  /// Stages control flow on tensors (Staging.h).
  std::unique_ptr<py::Stager> stager;

  /// Adds a node with no outputs, run for its effect (PrintV2, Assert), to
  /// the graph being traced; `exactName` names it, else a unique `op`.
  void applyEffect(const std::string &op, const ValueList &inputs,
                   std::map<std::string, Attr> attrs,
                   const std::string &exactName = "");

  /// TensorShape's limit (2**63 - 1 elements), which TensorFlow's kernels
  /// check when they run, and the bytes an allocation of `type` would
  /// need: TensorFlow's errors when they do not fit, as kiln can neither
  /// compile nor hold such a tensor. (Sizes known only at run time are
  /// checked by kiln-guard-allocation-sizes.)
  void checkSize(const TensorType &type);
  /// The most dimensions a tensor has (TensorFlow's, the runtime's
  /// KILN_MAX_RANK).
  static constexpr size_t kMaxRank = 254;

  /// The value of a constant or eager tensor known at trace time.
  HostTensorPtr constantValue(const Value &tensor) const;

  TraceState *tracing = nullptr;
  /// Whether the trace may make tf.Variables: only a function's first
  /// trace may (TfFunction::call), and how many were made so far.
  bool variableCreation = false;
  int variablesCreated = 0;
  /// The tf.GradientTapes inside their `with` blocks, outermost first
  /// (TfGradient.h).
  std::vector<std::shared_ptr<GradientTapeObject>> tapes;
  /// The tf.name_scope in effect ("outer/inner/", or "" at the top): it
  /// prefixes the names of the tf.Variables made in it.
  std::string nameScope;
  /// kiln's retrace controls: a call that would trace a tf.function more
  /// than maxTraces times (0: no limit) raises, and explainRetrace notes on
  /// stderr why each call after a function's first trace traced again.
  int maxTraces = 0;
  bool explainRetrace = false;
  /// tf.config.run_functions_eagerly.
  bool runFunctionsEagerly = false;
  /// Set while a Python operator (`x * y`) applies its op: TensorFlow's
  /// operator wrapper opens a name scope named as the op, which its
  /// gradient ops are named in.
  bool inOperator = false;
  /// Set while a tf.* function applies its op to a Python list or string
  /// operand, which sends TensorFlow's generated wrapper down its slow
  /// path: the kernel's eager errors then end without " name: "
  /// (PythonOperands in TfOps.h).
  bool pythonOperands = false;
  /// A tf.* function being called (callWithNodeName) and the
  /// ReadVariableOps converting its tf.Variable arguments made, not yet
  /// taken by an op. TensorFlow's op wrappers convert their inputs inside
  /// the op's name scope, so the first op that takes such a read names it
  /// in its own scope ("Reshape/ReadVariableOp"); Python code the function
  /// calls back (a branch, a body) reads as usual, at its own depth.
  struct ApiCall {
    int depth = 0; // the interpreter's recursionDepth() at the call
    const graph::Graph *graph = nullptr;
    std::string scope; // the graph's name scope at the call
    /// False for functions whose Python code converts their arguments
    /// before any op's scope (tf.sign, tf.round, tf.nn.silu, tf.add_n,
    /// tf.unstack without num): their reads keep the plain name.
    bool namesReads = true;
    std::vector<int> reads;
    /// The API opened its name scope from its name= argument
    /// (ApiNameScope), which names its nodes as TensorFlow's wrapper does:
    /// callWithNodeName leaves the last one's name as it is.
    bool scopedByName = false;
  };
  /// The call whose reads the graph being traced can name: the outermost
  /// tf.* call when it is the only one, while no Python code it calls back
  /// runs, and while the graph is in the scope the call began in (reads a
  /// composite makes in its own scope are named there:
  /// "norm/ReadVariableOp"); null otherwise.
  ApiCall *convertingCall();
  /// Names the reads of `call` that node `consumer` takes in its scope.
  void nameReadsInScope(ApiCall &call, int consumer);
  std::vector<ApiCall> apiCalls;
  /// TensorFlow warns once when a persistent tape computes a gradient
  /// inside its `with` block.
  bool warnedPersistentGradient = false;
  /// tf.random.set_seed's global seed and the stateful random kernels'
  /// generators (TfRandom.cpp).
  std::shared_ptr<RandomState> random;
  /// tf.random's global Generator once made or set (TfGenerator.cpp).
  Value globalGenerator;
  /// Every tf.function the script made, for `kiln compile` and `kiln dump`.
  std::vector<Value> functions;
  /// TensorFlow's frequent-retracing detector, one per Python function's
  /// code (so functions re-created in a loop share one): top-level calls,
  /// grouped as one that traced and those after it that did not, over
  /// the last calls only.
  struct RetraceHistory {
    std::deque<int> callsPerTracing;
    int calls = 0;
    int warnings = 0;
  };
  std::map<const void *, RetraceHistory> retraceHistories;
  Interpreter &in;
  graph::Executor &executor;
  SourceLoc currentLoc() const;
  /// Sets node `n`'s `loc` and `frames` to where the trace is now.
  void locate(graph::Node &n) const;
  /// The staged if/for/while statements being traced, by frame and line,
  /// outermost first: AutoGraph calls each branch or body from its
  /// statement's line, so the nodes made there were defined at both lines.
  std::vector<std::pair<const py::Frame *, int>> controlFlowLines;

  /// TensorFlow's exception classes (InvalidArgumentError and friends).
  [[noreturn]] void raise(const std::string &type, const std::string &message);

private:
  /// applyMulti without recording on gradient tapes.
  ValueList applyOp(const std::string &op, const ValueList &inputs,
                    std::map<std::string, Attr> attrs,
                    std::vector<TensorType> results,
                    const std::string &nameHint, bool exactName);
  std::map<std::string, const graph::Executor::Compiled *> eagerCache_;
  /// While applyOp converts an op's inputs: the name TensorFlow gives an
  /// eager tensor the op captures ("matmul/b"), "" for "Const".
  std::string captureName_;
};

/// TfRuntime::apiCalls' entry for one call of a tf.* function, while
/// tracing: pushed for the guard's life. `namesReads` as ApiCall's.
class ApiCallScope {
public:
  ApiCallScope(TfRuntime &rt, bool namesReads);
  ~ApiCallScope();
  ApiCallScope(const ApiCallScope &) = delete;
  ApiCallScope &operator=(const ApiCallScope &) = delete;

private:
  TfRuntime &rt_;
  bool on_;
};

/// make_tensor_proto's TypeError for a list that NumPy makes no tensor
/// dtype of (a graph constant of [None] or [1, "a"]).
std::string failedToConvert(Interpreter &in, const Value &v);

/// A dict's items in the order tf.nest walks them: sorted by key (by its
/// repr, which orders kiln's str and int keys as TensorFlow does).
std::vector<std::pair<std::string, Value>> sortedItems(Interpreter &in,
                                                       const Value &dict);

/// A dict's keys sorted as Python's sorted() sorts them: tf.nest's order
/// for its flatten and pack_sequence_as.
ValueList sortedKeys(Interpreter &in, const Value &dict);

/// `v` with its lists, tuples, dicts and named tuples rebuilt (dicts in
/// insertion order) and each other value replaced by `leaf(value, path)`.
/// The path names nested values as TensorFlow names nested arguments:
/// "pair_0", "d_b".
Value mapLeaves(
    Interpreter &in, const Value &v, const std::string &path,
    const std::function<Value(const Value &, const std::string &)> &leaf);

/// dtype helpers
bool isFloating(DType d);
bool isInteger(DType d);
std::optional<DType> dtypeFromName(const std::string &name);

/// Registers `tensorflow` (and `sys`) as importable modules; returns the
/// runtime (owned by the interpreter's module factories).
std::shared_ptr<TfRuntime> installTensorFlow(Interpreter &in,
                                             graph::Executor &executor);

} // namespace kiln::tf
