// tf.function objects and their concrete functions.
#pragma once

#include "StagedGraph.h"
#include "TfRuntime.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>

namespace kiln::tf {

/// `t.op` of a symbolic tensor: the Operation that makes it in its graph
/// (name, type, inputs, outputs, node_def).
Value operationOf(Interpreter &in, const TensorObject &t);

/// One argument's TraceType in words ("x", "TensorSpec(shape=(2,),
/// dtype=tf.float32)"), for kiln's --explain-retrace and --max-traces.
struct ArgumentType {
  std::string name, type;
};

/// Which of the variables met so far (`seen`, in order) `state` is, as a
/// VariableSpec's alias_id numbers them: the same variable passed twice
/// has one. A variable not met yet is added.
size_t variableAlias(std::vector<const VariableState *> &seen,
                     const VariableState *state);

/// The repr of TensorFlow's VariableSpec of a variable of `type`:
/// "VariableSpec(shape=(), dtype=tf.float32, trainable=True, alias_id=0)".
std::string variableSpecText(const TensorType &type, bool trainable,
                             size_t aliasId);

struct ConcreteFunction {
  std::string key; // Python-value part of the TraceType
  /// The Python objects (instances, functions) among the arguments of the
  /// trace, by weak reference as TensorFlow's Weakref TraceType holds
  /// them: once one is gone, no call matches this trace.
  std::vector<std::weak_ptr<py::Object>> objectArgs;
  bool objectsAlive() const {
    for (auto &o : objectArgs)
      if (o.expired())
        return false;
    return true;
  }
  std::vector<TensorType> tensorTypes; // one per tensor argument (-1: None)
  /// The tf.data datasets among the arguments of the trace (matched by
  /// element_spec, as TensorFlow's DatasetSpec): a call with others runs
  /// the trace's loops over those (DatasetBinding).
  ValueList datasetArgs;
  /// The name of the graph's first IteratorGetNext node (TensorFlow has
  /// no gradient for it), or ""; whether it reads a dataset (ReduceDataset,
  /// DatasetToSingleElement, which TensorFlow does not differentiate).
  std::string iteratorRead;
  bool datasetLoop = false;
  /// Compiled at the first call (kiln compile and dump trace functions
  /// that the script never calls: they compile only for the library).
  const graph::Executor::Compiled *compiled = nullptr;
  bool compileOnCall = false;
  /// For graphs with unknown-rank tensors (compiled is null): one compiled
  /// version per argument shapes, keyed by specializationKey().
  std::map<std::string, const graph::Executor::Compiled *> specialized;
  bool onHost = false; // has string tensors: run by the host kernels
  /// String results computed from constants at trace time, by result
  /// index (the compiled graph returns numeric stand-ins for them).
  std::map<size_t, graph::HostTensorPtr> foldedStrings;
  /// Graphs that mix strings with numbers otherwise: run in stages.
  std::shared_ptr<StagedGraph> staged;
  graph::Graph graph;
  std::vector<TracedPrint> prints;
  Value outputTemplate; // the result structure, tensors as output indices
  size_t numOutputs = 0;
  size_t firstOutput = 0; // graph results before these feed tf.print
  /// For printing: each parameter's name and TensorSpec or Literal text,
  /// and the output type.
  std::vector<std::pair<std::string, std::string>> params;
  /// Each parameter's inspect kind: POSITIONAL_OR_KEYWORD, POSITIONAL_ONLY
  /// (before a `/`, or any positional one next to *args), KEYWORD_ONLY.
  std::vector<std::string> paramKinds;
  std::string outputType;
  /// tf.Variables the trace reads or writes: their values at the call are
  /// arguments after the tensor arguments, in this order, and the values
  /// the call leaves in the written ones are results at these indices.
  std::vector<std::shared_ptr<VariableState>> captures;
  /// The eager tensors the trace captured (closures, globals).
  ValueList capturedTensors;
  /// The tensors of enclosing traces it captured, by argument Placeholder
  /// (TraceState::outerCaptures): callable only inside those traces.
  std::vector<std::pair<int, Value>> outerCaptures;
  std::vector<std::pair<std::shared_ptr<VariableState>, size_t>> writes;
  /// The variables passed as arguments to the trace, in the cache key's
  /// order: a call with other variables of the same types uses those.
  std::vector<std::shared_ptr<VariableState>> argVariables;
  /// The variable a call with `callVariables` as its argument variables
  /// uses where the trace used `traced`.
  std::shared_ptr<VariableState> variableFor(
      const std::shared_ptr<VariableState> &traced,
      const std::vector<std::shared_ptr<VariableState>> &callVariables) const;
  /// The arguments of the call that traced it (empty when not traced by
  /// a call).
  std::vector<ArgumentType> argTypes;
  Value inputStructure; // each parameter's TensorSpecs and values, in order
  /// structured_input_signature: inputStructure with the keyword-only
  /// parameters (and **kwargs) moved into its dict, by name.
  Value structuredSignature;
  std::string describe() const; // "Input Parameters:\n..." as TF prints
  /// "(x: TensorSpec(...), y: Literal[2]) -> TensorSpec(...)": the short
  /// form of describe(), as binding errors and non-verbose
  /// pretty_printed_signature show it.
  std::string signatureText() const;
};

struct TfFunction : py::NativeObject {
  explicit TfFunction(TfRuntime &rt) : rt(rt) {}
  TfRuntime &rt;
  Value pyFunc;
  std::string name;
  std::optional<std::vector<TensorType>> inputSignature;
  /// An input_signature with nested structures of TensorSpecs (a dict or
  /// list for an argument): its items as given. The function then calls
  /// the concrete function of those specs (get_concrete_function), which
  /// binds and checks the arguments; inputSignature stays empty.
  std::optional<ValueList> nestedSignature;
  std::vector<std::string> inputSignatureNames; // "" for name=None
  /// While get_concrete_function traces: the names of its TensorSpecs by
  /// top-level argument ("" for none), which name the placeholders.
  std::vector<std::string> concreteSpecNames;
  /// ... and of its nested TensorSpecs that have one, by tensor leaf (in
  /// mapTensors' numbering), which name their placeholders and specs.
  std::map<size_t, std::string> concreteLeafNames;
  bool reduceRetracing = false;
  bool autograph = true;
  /// Grappler folds constants in the function's graphs (tf.data's
  /// functions are optimized without: Graph::constantFolding).
  bool constantFolding = true;
  /// Whether traces run AutoGraph's conversion of the function: autograph
  /// is on and the function could be converted (else TensorFlow warns once
  /// and runs it as written).
  bool converts(Interpreter &in);
  bool warnedNotConverted = false;
  int tracingCount = 0;
  bool madeVariables = false; // the first trace made tf.Variables
  int traceCounter = 0;
  std::vector<std::unique_ptr<ConcreteFunction>> concretes;
  /// get_concrete_function's objects, one per concrete function (asked
  /// twice, it returns the same object, as TensorFlow's cache does).
  std::map<const ConcreteFunction *, Value> concreteObjects;
  /// A tf.function method read through an instance is a Function of its
  /// own, bound to that instance, with its own traces (as TensorFlow's
  /// Function.__get__ makes one per instance).
  std::optional<Value> boundSelf;
  std::map<const py::Object *, Value> boundCopies;
  Value wrappedFunction() const override { return pyFunc; }
  bool bindTo(Interpreter &in, const Value &self, const Value &instance,
              Value &out) override;

  /// Traces for tensor arguments of `types` (an input_signature or a
  /// --signature), unless a concrete function already covers them.
  ConcreteFunction *concreteFor(Interpreter &in,
                                const std::vector<TensorType> &types);
  /// get_concrete_function(*args): tensors, TensorSpecs or Python values.
  Value getConcreteFunction(Interpreter &in, const Value &self, CallArgs &args);
  /// A call of a function with a nested input_signature: its specs'
  /// concrete function, binding the arguments as the Function would.
  Value callNestedSignature(Interpreter &in, const Value &self, CallArgs &args);
  /// Runs a concrete function on bound arguments.
  Value run(Interpreter &in, ConcreteFunction &c, const ValueList &args);
  /// Calls this Function from inside another one's trace.
  Value callWhileTracing(Interpreter &in, CallArgs &args);

  std::string typeName() const override { return "Function"; }
  std::string typeModule() const override {
    return "tensorflow.python.eager.polymorphic_function.polymorphic_function";
  }
  std::string repr(Interpreter &in, const Value &self) override;
  bool call(Interpreter &in, const Value &self, CallArgs &args,
            Value &out) override;
  bool isCallable() const override { return true; }
  bool getAttr(Interpreter &in, const Value &self, const std::string &name,
               Value &out) override;

  /// "TensorSpec(shape=(2,), dtype=tf.float32, name=None)"; `name`: the
  /// spec's name, empty for None.
  std::string specRepr(const TensorType &t, const std::string &name = "") const;

private:
  /// TensorFlow's TypeError for a call that does not bind ("Binding inputs
  /// to tf.function failed due to `reason`...").
  [[noreturn]] void bindingError(Interpreter &in, const CallArgs &args,
                                 const std::string &reason);
  /// The Python function's positional parameters (a method's self
  /// included), and the default of parameter `i` (None without one).
  size_t positionalParams() const;
  Value defaultOf(size_t i) const;
  void bind(Interpreter &in, CallArgs &args, ValueList &positional,
            std::vector<std::string> &names);
  /// With an input_signature, converts the Python values `bound` has where
  /// it expects tensors and raises TensorFlow's TypeError for arguments
  /// that do not fit it (eager and nested calls alike); the parameters
  /// after its specs must keep their defaults' values.
  void checkSignature(Interpreter &in, const CallArgs &args, ValueList &bound,
                      const std::vector<std::string> &kwNames);
  ConcreteFunction *find(const std::string &key,
                         const std::vector<TensorType> &tensors);
  ConcreteFunction *trace(Interpreter &in, const ValueList &args,
                          const std::vector<std::string> &kwNames,
                          const std::string &key,
                          std::vector<TensorType> tensorTypes,
                          TraceState *enclosing = nullptr);
  /// trace(), letting a function's first trace make tf.Variables.
  ConcreteFunction *
  traceCreatingVariables(Interpreter &in, const ValueList &args,
                         const std::vector<std::string> &kwNames,
                         const std::string &key,
                         const std::vector<TensorType> &tensorTypes);
  py::PyException userCodeError(Interpreter &in, py::PyException &e);
  /// A body's result as a Function returns it: numbers, strings, variables
  /// and static TensorShapes as tensors; anything else but tensors, None
  /// and TensorArrays is TensorFlow's TypeError (raised with rt.tracing set
  /// to `onError`).
  Value outputTensors(Interpreter &in, const Value &result,
                      TraceState *onError);
  /// Runs the Python body on bound arguments in the caller's trace, for a
  /// call under a recording tape (see callWhileTracing).
  Value callInline(Interpreter &in, const ValueList &bound,
                   const std::vector<std::string> &kwNames);
  /// The name of the function's *args parameter ("args" without one).
  std::string varargName() const;
  std::string paramName(size_t i) const;
  /// The names of a call's `count` arguments: the function's positional
  /// parameters, *args' extras ("args_0"...), then `kwNames` (as bind()
  /// orders them).
  std::vector<std::string>
  argumentNames(size_t count, const std::vector<std::string> &kwNames) const;
  /// ConcreteFunction::paramKinds of argument `i` of a call whose first
  /// `positionalCount` arguments are positional.
  std::string parameterKind(size_t i, size_t positionalCount) const;
  /// Counts a top-level call for TensorFlow's frequent-retracing warning
  /// (calls made while another function traces do not count).
  void noteCall(Interpreter &in, bool traced);
  /// The arguments of a call, for checkRetrace (Retrace.cpp).
  std::vector<ArgumentType>
  describeCall(Interpreter &in, const ValueList &args,
               const std::vector<std::string> &kwNames);
  /// Before a call traces again: the --max-traces error when the function
  /// has used its budget, and the --explain-retrace note on stderr.
  void checkRetrace(Interpreter &in, const std::vector<ArgumentType> &now);
  /// The name of the TensorSpec that argument `i` (a method's self
  /// counted) was traced for, "" for none.
  std::string specNameOf(size_t i) const;
  /// specRepr of input_signature's spec i, with its name.
  std::string signatureRepr(size_t i) const;
};

/// The type text TensorFlow prints for a nested structure: "Tuple[...]",
/// "List[...]", "Dict[['k', ...]]" around the text `leaf` gives the rest.
std::string
structureText(Interpreter &in, const Value &v,
              const std::function<std::string(const Value &)> &leaf);

} // namespace kiln::tf
