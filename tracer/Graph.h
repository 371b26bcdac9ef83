// The traced graph: what one concrete function computes, as TensorFlow's
// GraphDef would list it (op kind, unique node name, inputs, attributes,
// output dtype and shape). Plain C++: the tracer builds it without MLIR;
// codegen/ turns it into the kiln dialect.
#pragma once

#include "TensorFormat.h"
#include "kiln/frontend/SourceFile.h"

#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace kiln::graph {

/// Ops whose result has the broadcast shape of their inputs (the binary
/// arithmetic, comparisons, logical and/or, SelectV2).
bool isBroadcastingOp(const std::string &op);
/// Whether op's result has its (first) input's shape: the unary elementwise
/// ops, Identity, Cast, OnesLike and ZerosLike.
bool isShapePreserving(const std::string &op);
/// The random ops with state (each run draws anew): RandomUniform,
/// TruncatedNormal, Multinomial, ...; not the Stateless ones.
bool isStatefulRandom(const std::string &op);

using py::DType;

/// A dimension of -1 is unknown (Python's None).
struct TensorType {
  DType dtype = DType::Float32;
  std::vector<int64_t> shape;
  bool unknownRank = false;

  bool isStatic() const;
  /// Whether this shape is one that `spec`'s admits: an unknown rank
  /// admits any, a -1 dimension any size (dtypes are not compared).
  bool shapeFits(const TensorType &spec) const;
  int64_t numElements() const; // -1 when not static
  bool operator==(const TensorType &o) const {
    return dtype == o.dtype && shape == o.shape && unknownRank == o.unknownRank;
  }
  /// "(2, None)" as TensorShape prints; "<unknown>" for unknown rank.
  std::string shapeString() const;
};

/// Host memory holding a tensor's elements, row-major.
struct HostTensor {
  TensorType type;
  std::vector<uint8_t> bytes;       // numeric and bool elements
  std::vector<std::string> strings; // DType::String elements

  static std::shared_ptr<HostTensor> zeros(const TensorType &type);
  const void *data() const {
    return type.dtype == DType::String
               ? static_cast<const void *>(strings.data())
               : bytes.data();
  }
  void *data() {
    return type.dtype == DType::String ? static_cast<void *>(strings.data())
                                       : bytes.data();
  }
  py::TensorView view() const { return {type.dtype, type.shape, data()}; }
  /// Element i converted to double (numeric dtypes).
  double elementAsDouble(size_t i) const;
  int64_t elementAsInt(size_t i) const;
};
using HostTensorPtr = std::shared_ptr<const HostTensor>;

using Attr =
    std::variant<int64_t, double, bool, std::string, std::vector<int64_t>,
                 DType, HostTensorPtr, std::vector<std::string>>;

struct Output {
  int node = -1;
  int index = 0;
};

/// The least specific type of `a` and `b` (`a`'s dtype): -1 where their
/// dimensions differ; false for different or unknown ranks.
bool relaxTypes(const TensorType &a, const TensorType &b, TensorType &out);

/// NumPy broadcasting of two shapes (a -1, known at run time only, takes
/// the other side's size); false when incompatible.
bool broadcastShapes(const std::vector<int64_t> &a,
                     const std::vector<int64_t> &b, std::vector<int64_t> &out);

/// The runs [begin, end) in which TensorFlow's AddN kernel adds n inputs:
/// each run summed left to right, then the runs' sums added in order (up to
/// nine inputs one run; past that n % 8 first, or 8 or 9, then eights).
std::vector<std::pair<size_t, size_t>> addNRuns(size_t n);

struct Graph;
struct Node;

/// A Const node (not a captured value) whose every element is one.
bool isConstantOnes(const Node &n);

/// Whether grappler's constant folding sees output `o` as a tensor of
/// ones: a Const of ones (not a captured value), maybe reshaped,
/// broadcast, tiled or filled.
bool foldsToOnes(const Graph &g, Output o);

/// The name grappler sorts tensor `o` under when it puts the inputs of an
/// AddN in order, as the input string ("node", "node:1"). Its arithmetic
/// optimizer sorts them in each of its two iterations, and by the second
/// the first has made a Mul by ones an Identity of the other operand and
/// removed it: such a product sorts under that operand. A kernel kiln
/// builds from several nodes (TanhGrad) is one node named after it there.
std::string addNSortName(const Graph &g, Output o);

/// The attr of nodes that compute part of one TensorFlow kernel (a
/// gradient kernel such as SigmoidGrad, built from Mul and Sub nodes): its
/// value names the kernel. Grappler's rewrites do not see into a kernel, so
/// codegen's emulation of them leaves these nodes as they are.
inline constexpr const char *kKernelAttr = "_kernel";

/// The attr of a node whose kernel trace time already knows will fail
/// (a Conv2DBackpropInput whose sizes disagree): TensorFlow reports such
/// errors when the function runs, so codegen emits a check that fails with
/// this message when the node is reached.
inline constexpr const char *kRunTimeError = "_run_time_error";

/// A missing bound (Python's None) in a StridedSlice's "dyn_begin" and
/// "dyn_end" attrs, for the bounds computed when the function runs.
inline constexpr int64_t kNoSliceBound = std::numeric_limits<int64_t>::min();

struct Node {
  std::string op;   // TensorFlow's op name: Placeholder, Const, AddV2, ...
  std::string name; // unique within the graph: "add", "add_1", ...
  std::vector<Output> inputs;
  /// Operands TensorFlow's graph feeds this op as Const nodes (reduction
  /// indices, slice bounds, a target shape) whose values kiln keeps in
  /// `attrs` instead: the graph lists them as inputs (dumps, as_graph_def),
  /// codegen never reads them.
  std::vector<Output> attrInputs;
  /// Whether TensorFlow lists `attrInputs` before `inputs` (Split's
  /// split_dim comes before the value).
  bool attrInputsFirst = false;
  /// The node's inputs as TensorFlow's graph lists them.
  std::vector<Output> listedInputs() const;
  std::map<std::string, Attr> attrs;
  std::vector<TensorType> outputs;
  SourceLoc loc;
  /// Where the node was made when that was inside a helper the traced
  /// function called: (line, function) from the traced function's frame to
  /// the innermost, as a run-time error's "defined at" lists them. Empty
  /// when made in the function's own body (`loc` says where).
  std::vector<std::pair<int, std::string>> frames;
  /// The name a run-time error shows when it is not `name`: a node copied
  /// from a called tf.function shows its name in the callee's graph.
  std::string errorName;
  /// The ops a tf.control_dependencies block around it named (by node
  /// name): it runs after them, and not at all when one of them fails.
  std::vector<std::string> controlInputs;
  /// The region the node lives in; -1 for the function body.
  int region = -1;
  /// Control flow (If, While, For) owns regions: If has then/else, While
  /// has cond/body, For has body.
  std::vector<int> regions;
};

/// Whether control input `control` (a node name) names node `name`: the
/// node itself, or, for a guarded assertion's Identity
/// (".../AssertGuard/Identity"), a node inside the guard it stands for.
bool controlCovers(const std::string &control, const std::string &name);

/// The ops that write a new value of a tf.Variable from its value before
/// (input 0): AssignVariableOp, AssignAddVariableOp, AssignSubVariableOp.
bool isVariableWrite(const std::string &op);

/// Whether `n` calls back into Python (tf.py_function's EagerPyFunc,
/// tf.numpy_function's PyFunc): it runs only under `kiln run`, on the host
/// between compiled stages, never in compiled code.
bool callsPython(const Node &n);

/// Whether `n` reads a tf.data dataset or iterator (ReduceDataset,
/// IteratorGetNext, DatasetToSingleElement): the host opens its source.
bool readsDataset(const Node &n);

/// The count of `n`'s leading inputs that come before a loop's state: a
/// For's three bounds, or the graph tensors a dataset reader's source was
/// built from (its "graph_inputs" attr). 0 for other nodes.
size_t leadingInputCount(const Node &n);

/// A nested block of a control-flow node, as MLIR's scf regions: its nodes
/// may read any value of an enclosing region defined before them.
struct Region {
  int parent = -1;        // -1: the function body
  std::vector<int> args;  // RegionArg nodes: loop variables, induction
  std::vector<int> nodes; // in order, args excluded
  std::vector<Output> results;
};

struct Graph;

/// Enters name scope `name` (Graph::enterScope) and restores the scope
/// before it when the guard ends or throws.
struct ScopeGuard {
  ScopeGuard(Graph &g, const std::string &name);
  ~ScopeGuard();
  ScopeGuard(const ScopeGuard &) = delete;
  ScopeGuard &operator=(const ScopeGuard &) = delete;
  Graph &g;
  std::string left;
};

/// Makes `scope` ("a/b/", or "") the graph's name scope as it is, without
/// making it unique (TensorFlow's absolute name_scope("a/b/")), until it
/// ends or throws.
struct ExactScope {
  ExactScope(Graph &g, std::string scope);
  ~ExactScope();
  ExactScope(const ExactScope &) = delete;
  ExactScope &operator=(const ExactScope &) = delete;
  Graph &g;
  std::string left;
};

/// Restores a graph's current region when a scope ends or throws.
struct RegionGuard {
  explicit RegionGuard(Graph &g);
  ~RegionGuard();
  RegionGuard(const RegionGuard &) = delete;
  RegionGuard &operator=(const RegionGuard &) = delete;
  Graph &g;
  int saved;
};

struct Graph {
  std::string name; // the concrete function's name
  /// The traced Python function's name, when the trace knows it (a
  /// library's export renames `name`).
  std::string pythonName;
  /// The traced Python function's name: `pythonName`, else "f" for
  /// "__inference_f_5".
  std::string functionName() const;
  /// The name TensorFlow gives the function graph of region `r` without
  /// its unique suffix ("while_body", "cond_true"); the traced function's
  /// for the body (-1).
  std::string regionGraphName(int r) const;
  /// The control-flow node that owns region `r`, and the region's index
  /// among its regions; null for the body or an unknown region.
  const Node *regionOwner(int r, size_t *index = nullptr) const;
  /// Where node `n` was defined, outermost first, as (line, function):
  /// the trace's stack, then the node's frames, or its line in the traced
  /// function (a loop's or branch's argument: its owner's).
  std::vector<std::pair<int, std::string>> definedAt(const Node &n) const;
  /// The Python stack when the trace began, outermost first, as
  /// (line, function) pairs: TensorFlow's run-time errors show where their
  /// node was defined ("Detected at node add defined at ...").
  std::vector<std::pair<int, std::string>> traceStack;
  std::vector<Node> nodes;
  std::vector<int> args;       // Placeholder nodes, in argument order
  std::vector<Output> results; // what the function returns
  /// The results that are a tf.Variable's value after the call, each with
  /// the Placeholder of its value at the call: what the variable keeps
  /// when the call fails before any write to it.
  std::vector<std::pair<size_t, int>> variableResults;
  /// tf.print runs inside compiled code (PrintV2 nodes, as a print in a
  /// staged loop needs); otherwise PrintV2 nodes are skipped and the
  /// tracer prints results after the call.
  bool hostPrints = false;
  /// Whether grappler's constant folding runs on the graph, as it does on
  /// a tf.function's. tf.data's functions are optimized without it (their
  /// divisions by constants stay divisions; the arithmetic optimizer still
  /// runs), which codegen's emulation follows.
  bool constantFolding = true;

  /// TensorFlow's naming: the first node called `base`, then `base_1`...,
  /// inside the current name scope (a `base` that already starts with the
  /// scope was derived from a name made in it: "mul/y" from "mul").
  std::string uniqueName(const std::string &base);
  /// Renames node `id` uniquely after `hint` (an op's name= argument),
  /// releasing its old name when nothing was named after it since; the
  /// inputs named in its scope ("Sum/reduction_indices", "truediv/y") move
  /// along. A hint ending in "/" names the node exactly ("a/" is "a").
  void rename(int id, const std::string &hint);
  /// Renames nodes `ids`, made in this order, as rename does each: their
  /// old names are all released first, so that new names go to them in
  /// order ("s/ReadVariableOp", "s/ReadVariableOp_1").
  void renameAll(const std::vector<int> &ids, const std::string &hint);
  /// The name scope new nodes are named in: "" or "outer/inner/".
  std::string scope;
  /// Enters name scope `name` nested in the current one, made unique as
  /// TensorFlow's graph name_scope makes it ("assert_equal_1/"); returns
  /// the scope it leaves, for the caller to restore.
  std::string enterScope(const std::string &name);
  /// The current name scope without its slash ("truediv_1"): the name of
  /// the op a scope was opened for; "" at the top.
  std::string scopeName() const {
    return scope.empty() ? scope : scope.substr(0, scope.size() - 1);
  }
  /// TensorFlow's text for node `n` failing with `message` when the
  /// function runs ("Graph execution error: ... Detected at node ...");
  /// `file` names the script: `kiln run` gives its absolute path, as
  /// CPython shows it; `kiln compile` the path it was given, so that a
  /// library does not depend on the folder it was built in.
  std::string runtimeError(const Node &n, const std::string &message,
                           const std::string &file) const;
  const TensorType &typeOf(Output o) const {
    return nodes[o.node].outputs[o.index];
  }
  /// Adds a node to the current region and returns its index; it takes
  /// `controlDependencies` as its control inputs.
  int add(Node node);
  /// The op names the open tf.control_dependencies blocks give new nodes.
  std::vector<std::string> controlDependencies;

  std::vector<Region> regions;
  /// Where add() puts nodes: -1 for the function body.
  int current = -1;
  /// Opens a region nested in the current one and makes it current.
  int beginRegion();
  /// Adds a RegionArg of `type` to the current region.
  Output addRegionArg(const TensorType &type);
  /// Whether a node in region `r` can be read from the current region.
  bool visible(int r) const;
  /// Top-level nodes, in order.
  std::vector<int> bodyNodes() const;
  /// How many inputs and results (function's and regions') use each
  /// node's outputs; `lastUser`, when given, gets the last node that does
  /// (-1 for a result).
  std::vector<int> useCounts(std::vector<int> *lastUser = nullptr) const;

private:
  /// The names taken so far, per region (-1: the function body): a
  /// region's nodes are named as in TensorFlow's separate branch and body
  /// graphs, without taking names from the graph around them.
  std::map<int, std::map<std::string, int>> nameCounts_;
  std::map<std::string, int> &counts() { return nameCounts_[current]; }
  /// Gives `old` back when it is the latest name of its base.
  void releaseName(const std::string &old);
};

/// Compiles and runs graphs: implemented by codegen/ (the MLIR JIT), used by
/// the tracer through this interface only.
class Executor {
public:
  virtual ~Executor() = default;
  /// A compiled concrete function, owned by the executor.
  struct Compiled;
  /// Compiles `graph`; on failure returns null and sets `error`.
  virtual const Compiled *compile(const Graph &graph, std::string &error) = 0;
  /// Runs a compiled function. Inputs match the graph's Placeholders. An
  /// error "InvalidArgumentError: ..." is a failed run-time assertion.
  virtual bool run(const Compiled *fn, const std::vector<HostTensorPtr> &inputs,
                   std::vector<HostTensorPtr> &outputs, std::string &error) = 0;
  /// Where tf.print inside compiled code writes.
  std::function<void(bool toStdout, const std::string &text)> printSink;
};

/// Marks the nodes of `g` from index `first` on as parts of kernel
/// `kernel` (kKernelAttr): what one TensorFlow op became in kiln's graph.
void markKernelParts(Graph &g, size_t first, const std::string &kernel);

} // namespace kiln::graph
