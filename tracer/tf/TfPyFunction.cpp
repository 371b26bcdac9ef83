// tf.py_function and tf.numpy_function: a Python function called from a
// graph. TensorFlow keeps the function in a registry under a token
// ("pyfunc_3") that its EagerPyFunc (PyFunc for numpy_function) node names,
// and calls it each time the node runs. kiln keeps it alike (the node's
// "kept" attr), and the node runs on the host between compiled stages of
// the graph (StagedGraph.h): the function gets eager tensors (NumPy arrays
// for numpy_function) on every call, and its Python side effects happen
// then. Its outputs have an unknown shape, as TensorFlow's do.
//
// A GradientTape inside the function differentiates through py_function
// as TensorFlow's _EagerPyFuncGrad does: once its gradient is built, the
// node runs the function under a tape of its own and keeps the tape (by
// the node's token) for the gradient node, another EagerPyFunc, which takes
// the output gradients and asks that tape for the inputs'. A tape outside
// the function differentiates its call by running the body again
// (recordFunctionCall): the call keeps its runs, each with a tape, and the
// rerun replays them (PyFunctionRuns.h).
#include "NumPy.h"
#include "PyFunctionRuns.h"
#include "StagedGraph.h"
#include "TfGradient.h"
#include "TfGradientOps.h"
#include "TfModuleBuilder.h"
#include "TfOps.h"

#include <sstream>

namespace kiln::tf {

using py::Type;

/// A run of a function, with the tape it ran under (None for
/// numpy_function's, which has no gradient).
struct KeptRun {
  Value fn;
  Value tape;
  ValueList inputs, outputs;
};

struct PyFunctionRuns {
  std::vector<KeptRun> runs;
};

struct PyFunctionReplay {
  std::shared_ptr<const PyFunctionRuns> runs;
  size_t next = 0;
};

namespace {

/// Where the staged graphs' calls keep their runs now, and which runs
/// eager calls replay now (PyFunctionRuns.h).
std::shared_ptr<PyFunctionRuns> keeping;
PyFunctionReplay *replaying = nullptr;

struct KeptFunction {
  Value fn;
  bool numpy = false; // numpy_function: NumPy arrays in and out
  std::vector<DType> tout;
  std::string token; // "pyfunc_N", as TensorFlow's registry names it
  /// Whether a gradient of the node was built: each run then records the
  /// function's ops on a tape of its own, kept in tapeCache().
  bool recordsTape = false;
};

/// A run's tape, its inputs and outputs, by the token of the node that
/// recorded it, until its gradient node takes it.
std::map<std::string, KeptRun> &tapeCache() {
  static std::map<std::string, KeptRun> cache;
  return cache;
}

/// The gradients of run `run`'s inputs from its outputs' `grads`, asked of
/// its tape; zeros for inputs that get none, as TensorFlow's gradient
/// function returns them.
ValueList runGradient(TfRuntime &rt, const KeptRun &run,
                      const ValueList &grads) {
  Interpreter &in = rt.in;
  CallArgs call;
  call.positional = {in.list(run.outputs), in.list(run.inputs)};
  call.keywords.emplace_back("output_gradients", in.list(grads));
  ValueList result = in.toList(in.call(in.getAttr(run.tape, "gradient"), call));
  for (size_t i = 0; i < result.size(); ++i)
    if (result[i].isNone())
      result[i] = rt.toTensor(Value::floating(0.0),
                              rt.tensor(run.inputs[i]).type.dtype);
  return result;
}

std::vector<KeptFunction> &keptFunctions() {
  static std::vector<KeptFunction> kept;
  return kept;
}

/// TensorFlow's registry hands out one token per call of py_function or
/// numpy_function, eager ones included.
std::string nextToken() {
  static int count = 0;
  return "pyfunc_" + std::to_string(count++);
}

/// The status class TensorFlow's py_func kernel gives a Python exception
/// raised by the function.
std::string statusClass(Interpreter &in, const Value &exc) {
  const py::ClassObject *cls = exc.as<py::InstanceObject>().cls.get();
  auto is = [&](const char *name) {
    return cls->isSubclassOf(in.builtinClass(name).get());
  };
  if (is("ValueError") || is("TypeError"))
    return "InvalidArgumentError";
  if (is("StopIteration"))
    return "OutOfRangeError";
  if (is("MemoryError"))
    return "ResourceExhaustedError";
  if (is("NotImplementedError"))
    return "UnimplementedError";
  return "UnknownError";
}

/// The kernel's message for exception `exc`: "ValueError: msg", then the
/// Python traceback as traceback.format_exception's pieces joined by
/// blank lines (kiln's has the script's frames only, TensorFlow's its
/// own too).
std::string exceptionText(Interpreter &in, const Value &exc) {
  const py::ClassObject &cls = *exc.as<py::InstanceObject>().cls;
  std::string head = (cls.module.empty() ? "" : cls.module + ".") +
                     (cls.qualname.empty() ? cls.name : cls.qualname);
  std::string message = in.toStr(exc);
  if (!message.empty())
    head += ": " + message;
  std::ostringstream printed;
  in.printException(exc, printed);
  if (printed.str().rfind("Traceback", 0) != 0)
    return head + "\n";
  std::istringstream lines(printed.str());
  std::string text, line;
  bool first = true;
  while (std::getline(lines, line)) {
    // A piece starts at each frame and at the exception's own line.
    if (!first && (line.rfind("  File ", 0) == 0 || line[0] != ' '))
      text += "\n";
    text += line + "\n";
    first = false;
  }
  return head + "\n" + text + "\n";
}

/// A function's result as the kernel's outputs, eager tensors: a list or
/// tuple gives one output per item, None none, anything else one; each
/// converted to its Tout dtype. Throws the conversion's Python errors.
ValueList convertResults(TfRuntime &rt, const KeptFunction &kept,
                         const Value &result, std::string &error) {
  Interpreter &in = rt.in;
  ValueList items;
  if (result.is(Type::List) || result.is(Type::Tuple))
    items = in.toList(result);
  else if (!result.isNone())
    items.push_back(result);
  // EagerPyFunc pairs the items with Tout as zip() does; PyFunc wants as
  // many as Tout has.
  if (!kept.numpy && items.size() > kept.tout.size())
    items.resize(kept.tout.size());
  if (items.size() != kept.tout.size()) {
    error = kept.token + " returns " + std::to_string(items.size()) +
            " values, but expects to see " + std::to_string(kept.tout.size()) +
            " values.";
    return {};
  }
  ValueList out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (!kept.numpy) {
      out.push_back(rt.toTensor(items[i], kept.tout[i]));
      continue;
    }
    // NumPy's value as it is: the kernel checks its dtype, it does not
    // cast it.
    HostTensorPtr value = npAsArray(rt, items[i]);
    if (value->type.dtype != kept.tout[i]) {
      error = std::to_string(i) + "-th value returned by " + kept.token +
              " is " + kernelTypeName(value->type.dtype) + ", but expects " +
              kernelTypeName(kept.tout[i]);
      return {};
    }
    out.push_back(rt.eager(value));
  }
  return out;
}

/// Calls kept function `id` on `args` as the kernel does, its outputs
/// into `outputs`. False with `errorClass` and `error` set when the
/// function raised or returned what the kernel rejects. A staged graph's
/// call (`staged`) keeps its run where `keeping` says.
bool callKept(TfRuntime &rt, int64_t id, const ValueList &args,
              ValueList &outputs, std::string &errorClass, std::string &error,
              bool staged = false) {
  // A copy: the function may add to keptFunctions() (a py_function it
  // traces), which moves its elements.
  const KeptFunction kept = keptFunctions().at(id);
  Interpreter &in = rt.in;
  std::shared_ptr<PyFunctionRuns> keepIn = staged ? keeping : nullptr;
  Value tape;
  if (kept.recordsTape || (keepIn && !kept.numpy)) {
    // As EagerFunc does when it may be differentiated: the trainable
    // inputs watched. (Persistent: a kept run's gradient may be asked for
    // once per gradient of the call.)
    Value tf = in.importModule("tensorflow");
    CallArgs make;
    make.keywords.emplace_back("persistent", Value::boolean(true));
    tape = in.call(in.getAttr(tf, "GradientTape"), make);
    in.call(in.getAttr(tape, "__enter__"), ValueList{});
    for (const Value &a : args)
      if (rt.isTensor(a) && isFloating(rt.tensor(a).type.dtype))
        in.call(in.getAttr(tape, "watch"), ValueList{a});
  }
  auto stopTape = [&] {
    if (!tape.isNone())
      in.call(in.getAttr(tape, "__exit__"),
              ValueList{Value(), Value(), Value()});
  };
  try {
    Value result;
    {
      // The function's own calls keep nothing in this call's runs.
      KeepPyFunctionRuns pause(false);
      result = in.call(kept.fn, args);
    }
    outputs = convertResults(rt, kept, result, error);
    stopTape();
    if (!error.empty()) {
      errorClass = "InvalidArgumentError";
      return false;
    }
    if (kept.recordsTape)
      tapeCache()[kept.token] = {kept.fn, tape, args, outputs};
    if (keepIn)
      keepIn->runs.push_back({kept.fn, tape, args, outputs});
    return true;
  } catch (py::PyException &e) {
    stopTape();
    errorClass = statusClass(rt.in, e.exc);
    error = exceptionText(rt.in, e.exc);
    return false;
  }
}

/// The kernel's arguments for kept function `id`: eager tensors, or NumPy
/// arrays for numpy_function.
ValueList keptArgs(TfRuntime &rt, int64_t id,
                   const std::vector<HostTensorPtr> &inputs) {
  ValueList args;
  for (const HostTensorPtr &t : inputs)
    args.push_back(keptFunctions().at(id).numpy ? makeNdArray(rt, t, false)
                                                : rt.eager(t));
  return args;
}

/// The gradient node of EagerPyFunc entry `e`: an EagerPyFunc of its own
/// on the output gradients `grads`, whose function asks the tape the
/// forward run kept for the gradients of the inputs (zeros for inputs
/// that get none, as TensorFlow's gradient function returns them).
ValueList pyFunctionGradient(TfRuntime &rt, const TapeEntry &e,
                             const ValueList &grads) {
  int64_t forward = std::get<int64_t>(e.attrs.at("kept"));
  keptFunctions().at(forward).recordsTape = true;
  std::string token = keptFunctions().at(forward).token;
  TfRuntime *r = &rt;
  Value backward = rt.in.builtin(
      "eagerly_executed_grad", [r, token](Interpreter &in, CallArgs &args) {
        auto it = tapeCache().find(token);
        if (it == tapeCache().end())
          in.raise("RuntimeError", "the forward run of " + token +
                                       " kept no tape for its gradient");
        KeptRun run = std::move(it->second);
        tapeCache().erase(it);
        return in.list(runGradient(*r, run, args.positional));
      });
  KeptFunction kept{backward, false, {}, nextToken()};
  std::vector<TensorType> types;
  for (const Value &x : e.inputs) {
    TensorType t;
    t.dtype = rt.tensor(x).type.dtype;
    t.unknownRank = true;
    kept.tout.push_back(t.dtype);
    types.push_back(t);
  }
  keptFunctions().push_back(kept);
  int64_t id = static_cast<int64_t>(keptFunctions().size() - 1);
  return rt.applyMulti("EagerPyFunc", grads,
                       {{"token", kept.token}, {"kept", id}}, types,
                       "EagerPyFunc");
}

/// The Tout argument as dtypes, and whether it was a list (then the
/// result is a list too).
std::vector<DType> toutDTypes(Interpreter &in, const Value &tout,
                              bool &isList) {
  isList = tout.is(Type::List) || tout.is(Type::Tuple);
  std::vector<DType> dtypes;
  for (const Value &t : isList ? in.toList(tout) : ValueList{tout}) {
    std::optional<DType> d = dtypeArg(in, t);
    if (!d)
      in.typeError("Cannot convert None to a TensorFlow DType.");
    dtypes.push_back(*d);
  }
  return dtypes;
}

/// Whether functions `a` and `b` run the same code: the same object, or
/// two made by one `def` or `lambda` (a body run again makes its lambdas
/// anew).
bool sameCode(const Value &a, const Value &b) {
  if (a.raw() == b.raw())
    return true;
  if (!a.is(Type::Function) || !b.is(Type::Function))
    return false;
  const auto &f = a.as<py::FunctionObject>(), &g = b.as<py::FunctionObject>();
  return f.body == g.body && f.lambdaBody == g.lambdaBody;
}

/// An eager call of `fn` on `inp` while a call's runs are replayed: the
/// next kept run's outputs, as new tensors whose gradient its tape gives,
/// into `result` (shaped as the eager call's would be). False when the
/// next run is not of `fn`'s code, or there is none.
bool replayRun(TfRuntime &rt, const Value &fn, const Value &inp, bool numpy,
               bool isList, Value &result) {
  Interpreter &in = rt.in;
  PyFunctionReplay &replay = *replaying;
  if (replay.next >= replay.runs->runs.size() ||
      !sameCode(replay.runs->runs[replay.next].fn, fn))
    return false;
  const KeptRun &run = replay.runs->runs[replay.next++];
  ValueList inputs, outputs;
  for (const Value &v : in.toList(inp))
    inputs.push_back(rt.isTensor(v) ? v : rt.toTensor(v));
  for (const Value &o : run.outputs)
    outputs.push_back(rt.eager(rt.tensor(o).value));
  if (!run.tape.isNone() && inputs.size() == run.inputs.size()) {
    TfRuntime *r = &rt;
    // (`keep` holds the runs, and so `kept`, for as long as the tape does.)
    std::shared_ptr<const PyFunctionRuns> keep = replay.runs;
    const KeptRun *kept = &run;
    recordCustomGradient(rt, "EagerPyFunc", inputs, outputs,
                         [r, keep, kept](const ValueList &grads) {
                           return runGradient(*r, *kept, grads);
                         });
  }
  if (numpy && outputs.size() != 1)
    result = in.list(std::move(outputs));
  else if (numpy || !isList)
    result = outputs.empty() ? Value() : outputs[0];
  else
    result = in.list(std::move(outputs));
  return true;
}

/// tf.py_function (numpy false) and tf.numpy_function applied to `fn`.
Value applyPyFunction(TfRuntime &rt, const Value &fn, const Value &inp,
                      const Value &toutArg, bool numpy) {
  Interpreter &in = rt.in;
  if (!in.isCallable(fn))
    in.valueError("Expected func to be callable. Received func=" +
                  in.toStr(fn) + " of type <class '" + in.typeName(fn) + "'>.");
  if (rt.isTensor(inp) && rt.tensor(inp).type.shape.empty() &&
      !rt.tensor(inp).type.unknownRank)
    in.typeError("Cannot iterate over a scalar tensor.");
  bool isList = false;
  if (!rt.tracing && replaying) {
    toutDTypes(in, toutArg, isList);
    Value replayed;
    if (replayRun(rt, fn, inp, numpy, isList, replayed))
      return replayed;
  }
  if (numpy && !rt.tracing) {
    // Eagerly, numpy_function calls the function on np.array of each
    // value and converts what it returns, flattened, by its own dtypes.
    ValueList args;
    for (const Value &v : in.toList(inp))
      args.push_back(makeNdArray(rt, npAsArray(rt, v), false));
    Value result = in.call(fn, args);
    ValueList flat = in.toList(
        in.call(in.getAttr(in.getAttr(in.importModule("tensorflow"), "nest"),
                           "flatten"),
                ValueList{result}));
    for (Value &v : flat)
      if (!v.isNone())
        v = rt.toTensor(v);
    return flat.size() == 1 ? flat[0] : in.list(std::move(flat));
  }
  ValueList inputs;
  for (const Value &v : in.toList(inp))
    inputs.push_back(rt.isTensor(v) ? v : rt.toTensor(v));
  std::string token = nextToken();
  KeptFunction kept{fn, numpy, toutDTypes(in, toutArg, isList), token};
  keptFunctions().push_back(kept);
  int64_t id = static_cast<int64_t>(keptFunctions().size() - 1);
  ValueList results;
  if (rt.tracing) {
    std::vector<TensorType> types;
    for (DType d : kept.tout) {
      TensorType t;
      t.dtype = d;
      t.unknownRank = true;
      types.push_back(t);
    }
    const char *op = numpy ? "PyFunc" : "EagerPyFunc";
    // TensorFlow places the user's node on the host (which its tensors'
    // str() shows); the gradient's has no device.
    std::map<std::string, graph::Attr> attrs{
        {"token", token}, {"kept", id}, {"host_device", true}};
    if (types.empty())
      rt.applyEffect(op, inputs, attrs);
    else
      results = rt.applyMulti(op, inputs, attrs, types, op);
  } else {
    // Eagerly the function runs at once, on the tensors themselves, so a
    // recording tape sees its ops.
    std::string errorClass, error;
    if (!callKept(rt, id, inputs, results, errorClass, error))
      rt.raise(errorClass,
               eagerKernelPrefix("EagerPyFunc_Tin_" +
                                 std::to_string(inputs.size()) + "_Tout_" +
                                 std::to_string(kept.tout.size())) +
                   error + eagerOpSuffix("EagerPyFunc"));
  }
  if (isList)
    return in.list(std::move(results));
  return results.empty() ? Value() : results[0];
}

/// Installs tf.`fname` (py_function or numpy_function): called with a
/// function it applies it; with func=None, a decorator that applies it to
/// the decorated function's arguments.
void definePyFunction(TfRuntime &rt, ModuleBuilder &tf,
                      const std::string &fname, bool numpy) {
  TfRuntime *r = &rt;
  tf.def(fname, [r, fname, numpy](Interpreter &in, CallArgs &args) {
    std::vector<std::string> names{"func", "inp", "Tout"};
    if (numpy)
      names.push_back("stateful");
    names.push_back("name");
    Params p(in, args, fname, names);
    // TensorFlow's checks, in its order.
    const std::string op = "tf." + fname;
    if (!p.has("Tout"))
      in.typeError("Missing required argument: 'Tout'\n  If using " + op +
                   " as a decorator, set `Tout`\n  **by name** above the "
                   "function:\n  `@" +
                   op + "(Tout=tout)`");
    Value tout = p.get("Tout");
    if (!p.has("func")) {
      if (p.has("inp"))
        in.typeError("Don't set the `inp` argument when using " + op +
                     " as a decorator (`func=None`).");
      return in.builtin(fname, [r, tout, numpy](Interpreter &in, CallArgs &d) {
        Params dp(in, d, "decorator", {"func"});
        Value fn = dp.require("func", "decorator");
        return in.builtin(
            in.toStr(in.getAttr(fn, "__name__")),
            [r, fn, tout, numpy](Interpreter &in, CallArgs &call) {
              return applyPyFunction(*r, fn, in.tuple(call.positional), tout,
                                     numpy);
            });
      });
    }
    if (!p.has("inp"))
      in.typeError("Missing argument `inp`:\n  You must set the `inp` "
                   "argument (the list of arguments to the\n  function), "
                   "unless you use `" +
                   op + "` as a decorator(`func=None`).");
    return applyPyFunction(*r, p.get("func"), p.get("inp"), tout, numpy);
  });
}

} // namespace

KeepPyFunctionRuns::KeepPyFunctionRuns(bool active)
    : runs_(active ? std::make_shared<PyFunctionRuns>() : nullptr),
      saved_(keeping) {
  keeping = runs_;
}

KeepPyFunctionRuns::~KeepPyFunctionRuns() { keeping = saved_; }

ReplayPyFunctionRuns::ReplayPyFunctionRuns(
    std::shared_ptr<const PyFunctionRuns> runs)
    : replay_(std::make_unique<PyFunctionReplay>()), saved_(replaying) {
  replay_->runs = std::move(runs);
  // Without kept runs (a call that was not kept) nothing is replayed.
  replaying = replay_->runs ? replay_.get() : nullptr;
}

ReplayPyFunctionRuns::~ReplayPyFunctionRuns() { replaying = saved_; }

void addPyFunctionGradient(std::map<std::string, GradFn> &table) {
  table["EagerPyFunc"] = pyFunctionGradient;
}

void installPyFunction(TfRuntime &rt, ModuleBuilder &tf) {
  definePyFunction(rt, tf, "py_function", false);
  definePyFunction(rt, tf, "numpy_function", true);
  TfRuntime *r = &rt;
  StagedGraph::callPython = [r](const graph::Node &n,
                                const std::vector<HostTensorPtr> &inputs,
                                std::vector<HostTensorPtr> &outputs,
                                std::string &errorClass, std::string &error) {
    int64_t id = std::get<int64_t>(n.attrs.at("kept"));
    EagerScope eager(*r);
    ValueList results;
    if (!callKept(*r, id, keptArgs(*r, id, inputs), results, errorClass, error,
                  /*staged=*/true))
      return false;
    for (const Value &t : results)
      outputs.push_back(r->tensor(t).value);
    return true;
  };
}

} // namespace kiln::tf
