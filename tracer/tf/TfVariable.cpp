// tf.Variable (TfVariable.h): making variables, reading and assigning them
// eagerly and while tracing, and their Python surface.
#include "TfVariable.h"
#include "NumPy.h"
#include "TfGradient.h"
#include "TfIndexedSlices.h"
#include "TfModuleBuilder.h"
#include "TfObjects.h"
#include "TfOps.h"
#include "TfScatter.h"

#include "TensorFormat.h"

namespace kiln::tf {

using py::Type;

VariableObject *asVariable(const Value &v) {
  return v.is(Type::Native) ? dynamic_cast<VariableObject *>(v.raw()) : nullptr;
}

Value makeVariable(TfRuntime &rt, std::shared_ptr<VariableState> state,
                   bool unread) {
  auto v = std::make_shared<VariableObject>();
  v->state = std::move(state);
  v->unread = unread;
  v->rt = &rt;
  if (!unread && v->state->object.expired())
    v->state->object = v;
  return Value::object(Type::Native, v);
}

Value variableObject(TfRuntime &rt,
                     const std::shared_ptr<VariableState> &state) {
  if (auto object = state->object.lock())
    return Value::object(Type::Native, object);
  return makeVariable(rt, state, false);
}

namespace {

/// The trace's record of `var`, captured on first use: a Placeholder named
/// after the first op that uses it ("ReadVariableOp/resource"), as
/// TensorFlow names captured resources. Captures are arguments of the
/// function body, wherever the first use is.
VariableUse &use(TfRuntime &rt, const std::shared_ptr<VariableState> &var,
                 const std::string &opName) {
  TraceState &trace = *rt.tracing;
  for (auto &u : trace.variables)
    if (u->var == var)
      return *u;
  graph::Graph &g = trace.graph;
  int saved = g.current;
  g.current = -1;
  graph::Node p;
  p.op = "Placeholder";
  p.name = g.uniqueName(opName + "/resource");
  p.outputs = {var->type};
  p.attrs["dtype"] = var->type.dtype;
  p.attrs["_variable"] = var->name;
  int id = g.add(std::move(p));
  g.args.push_back(id);
  g.current = saved;
  auto u = std::make_shared<VariableUse>();
  u->var = var;
  u->resource = id;
  u->current = {id, 0};
  trace.variables.push_back(u);
  return *u;
}

/// An argument of type `type` appended to region `region` of `loop`,
/// named in the loop's scope.
graph::Output addArg(graph::Graph &g, const VariableScope &loop, int region,
                     const TensorType &type) {
  graph::RegionGuard restore(g);
  graph::ExactScope scope(g, loop.nameScope);
  g.current = region;
  return g.addRegionArg(type);
}

graph::Output valueAt(TfRuntime &rt, VariableUse &u, size_t depth);

/// `loop` starts carrying `u`, which enters it as `init`.
void carry(TfRuntime &rt, VariableScope &loop, VariableUse &u,
           graph::Output init) {
  graph::Graph &g = rt.tracing->graph;
  loop.carried.push_back(&u);
  loop.inits.push_back(init);
  for (size_t k = 0; k < loop.regions.size(); ++k)
    loop.args[k].push_back(addArg(g, loop, loop.regions[k], u.var->type));
  loop.values[&u] = loop.args.back().back();
}

/// `u`'s value as the scopes below `depth` see it. A loop among them that
/// does not carry `u` yet starts to, with the value below it as the
/// initial one.
graph::Output valueAt(TfRuntime &rt, VariableUse &u, size_t depth) {
  auto &scopes = rt.tracing->variableScopes;
  for (size_t k = depth; k-- > 0;) {
    VariableScope &s = *scopes[k];
    if (auto it = s.values.find(&u); it != s.values.end())
      return it->second;
    if (s.kind == VariableScope::Kind::Loop && !s.regions.empty()) {
      carry(rt, s, u, valueAt(rt, u, k));
      return s.values.at(&u);
    }
  }
  return u.current;
}

/// `u`'s value where the trace is now.
graph::Output currentValue(TfRuntime &rt, VariableUse &u) {
  return valueAt(rt, u, rt.tracing->variableScopes.size());
}

/// Whether the loop's active region wrote carried variable i (its value
/// is no longer the region's argument).
bool wrote(const VariableScope &loop, size_t i) {
  graph::Output now = loop.values.at(loop.carried[i]);
  graph::Output arg = loop.args.back()[i];
  return now.node != arg.node || now.index != arg.index;
}

/// TensorFlow's static check of assign(): the value's shape must be
/// compatible with the variable's.
void checkAssignShape(TfRuntime &rt, const VariableState &var,
                      const TensorType &value) {
  bool compatible = value.unknownRank || var.type.unknownRank;
  if (!compatible && value.shape.size() == var.type.shape.size()) {
    compatible = true;
    for (size_t d = 0; d < value.shape.size(); ++d)
      compatible &= value.shape[d] < 0 || var.type.shape[d] < 0 ||
                    value.shape[d] == var.type.shape[d];
  }
  if (!compatible)
    rt.in.valueError("Cannot assign value to variable ' " + var.name +
                     "': Shape mismatch.The variable shape " +
                     var.type.shapeString() +
                     ", and the assigned value shape " + value.shapeString() +
                     " are incompatible.");
}

/// The shape function of AssignAddVariableOp and AssignSubVariableOp (`op`;
/// node `node`, reading `resource` and `input`): the value's shape must
/// merge with the variable's.
void checkUpdateShape(TfRuntime &rt, const VariableState &var,
                      const TensorType &value, const std::string &op,
                      const std::string &node, const std::string &resource,
                      const std::string &input) {
  const TensorType &own = var.type;
  if (own.unknownRank || value.unknownRank)
    return;
  std::string problem;
  if (own.shape.size() != value.shape.size()) {
    problem = "Shapes must be equal rank, but are " +
              std::to_string(own.shape.size()) + " and " +
              std::to_string(value.shape.size());
  } else {
    for (size_t d = 0; d < own.shape.size() && problem.empty(); ++d)
      if (own.shape[d] >= 0 && value.shape[d] >= 0 &&
          own.shape[d] != value.shape[d])
        problem = "Dimension " + std::to_string(d) +
                  " in both shapes must be equal, but are " +
                  std::to_string(own.shape[d]) + " and " +
                  std::to_string(value.shape[d]) + ". Shapes are " +
                  shapeList(own.shape) + " and " + shapeList(value.shape) + ".";
  }
  if (problem.empty())
    return;
  rt.in.valueError(problem + " for '{{node " + node + "}} = " + op + "[dtype=" +
                   tfTypeName(own.dtype) + "](" + resource + ", " + input +
                   ")' with input shapes: [], " + shapeList(value.shape) + ".");
}

/// The value of graph tensor `t` computed now, as TensorFlow's first call
/// initializes a variable made inside the function: possible when it
/// depends on no staged control flow, and on arguments only when the trace
/// is for a call (their values are that call's). Captured variables count
/// at their values at the start of the trace (the nodes that wrote them
/// since are part of the slice). Null when it cannot be computed.
HostTensorPtr liftedValue(TfRuntime &rt, const Value &t) {
  const graph::Graph &g = rt.tracing->graph;
  const graph::Output out = rt.tensor(t).out;
  // Placeholder -> its value: arguments, then captured variables.
  std::map<int, HostTensorPtr> captured = rt.tracing->argumentValues;
  for (auto &use : rt.tracing->variables)
    if (use->resource >= 0)
      captured[use->resource] = use->var->value;
  std::vector<bool> needed(g.nodes.size(), false);
  std::vector<int> stack{out.node};
  while (!stack.empty()) {
    int id = stack.back();
    stack.pop_back();
    if (needed[id])
      continue;
    needed[id] = true;
    const graph::Node &n = g.nodes[id];
    if (n.region != -1 || !n.regions.empty())
      return nullptr;
    // An argument given as a TensorSpec, whose stand-in (zeros of no
    // elements, for a concrete function) is no value for it.
    if (n.op == "Placeholder" &&
        (!captured.count(id) || !captured.at(id) ||
         !captured.at(id)->type.shapeFits(n.outputs[0])))
      return nullptr;
    for (const graph::Output &in : n.inputs)
      stack.push_back(in.node);
    for (const graph::Output &in : n.attrInputs)
      stack.push_back(in.node);
  }
  // Node ids are in topological order.
  graph::Graph slice;
  slice.name = g.name + "_initializer";
  std::map<int, int> ids;
  for (size_t id = 0; id < g.nodes.size(); ++id) {
    if (!needed[id])
      continue;
    graph::Node n = g.nodes[id];
    if (n.op == "Placeholder") {
      n.op = "Const";
      n.attrs = {{"value", captured.at(int(id))},
                 {"dtype", n.outputs[0].dtype}};
    }
    for (graph::Output &in : n.inputs)
      in.node = ids.at(in.node);
    for (graph::Output &in : n.attrInputs)
      in.node = ids.at(in.node);
    ids[int(id)] = slice.add(std::move(n));
  }
  slice.results.push_back({ids.at(out.node), out.index});
  std::vector<VariableUse *> written;
  if (rt.tracing->variableScopes.empty())
    for (auto &use : rt.tracing->variables)
      if (use->written && needed[use->current.node]) {
        written.push_back(use.get());
        slice.results.push_back(
            {ids.at(use->current.node), use->current.index});
      }
  std::string error;
  const graph::Executor::Compiled *fn = rt.executor.compile(slice, error);
  std::vector<HostTensorPtr> outputs;
  if (!fn || !rt.executor.run(fn, {}, outputs, error))
    return nullptr;
  for (size_t k = 0; k < written.size(); ++k)
    written[k]->var->value = outputs.at(k + 1);
  return outputs.at(0);
}

} // namespace

/// tf.Variable(initial_value, trainable, validate_shape, caching_device,
/// name, variable_def, dtype, import_scope, constraint, synchronization,
/// aggregation, shape).
Value newVariable(Interpreter &in, TfRuntime &rt, CallArgs &args) {
  Params p(in, args, "Variable",
           {"initial_value", "trainable", "validate_shape", "caching_device",
            "name", "variable_def", "dtype", "import_scope", "constraint",
            "synchronization", "aggregation", "shape"});
  if (!p.has("initial_value"))
    in.valueError("The `initial_value` arg to `tf.Variable` must be "
                  "specified except when you are not providing a "
                  "`variable_def`. You provided neither.");
  // A function's first trace may make variables; TensorFlow then traces
  // again, and a variable made on that trace too is an error
  // (TfFunction::call).
  auto notSingleton = [&] {
    in.valueError("tf.function only supports singleton tf.Variables created "
                  "on the first call. Make sure the tf.Variable is only "
                  "created once or created outside tf.function. See "
                  "https://www.tensorflow.org/guide/"
                  "function#creating_tfvariables for more information.");
  };
  if (rt.tracing && !rt.variableCreation)
    notSingleton();
  Value constraint = p.get("constraint");
  if (!constraint.isNone() && !in.isCallable(constraint))
    in.valueError("Argument `constraint` must be None or a callable. a "
                  "callable. Got a " +
                  in.repr(Value::object(Type::Class, in.typeOf(constraint))) +
                  ":  " + in.toStr(constraint));
  Value init = p.get("initial_value");
  // The initial value is computed eagerly, outside any trace (TensorFlow's
  // init_scope): a callable is called there, and a graph tensor must be a
  // constant.
  TraceState *trace = rt.tracing;
  struct Restore {
    TfRuntime &rt;
    TraceState *trace;
    ~Restore() { rt.tracing = trace; }
  } restore{rt, trace};
  if (rt.isTensor(init) && rt.tensor(init).symbolic()) {
    HostTensorPtr value = rt.constantValue(init);
    if (!value)
      value = liftedValue(rt, init);
    // kiln computes an initial value when the variable is made; one it
    // cannot compute then (from a TensorSpec's argument, or in staged
    // control flow) is refused with TensorFlow's error for a variable
    // made on every trace.
    if (!value)
      notSingleton();
    init = rt.eager(value);
  }
  rt.tracing = nullptr;
  if (init.is(Type::Function) || init.is(Type::Builtin) ||
      init.is(Type::BoundMethod)) {
    CallArgs none;
    init = in.call(init, none);
  }
  if (VariableObject *other = asVariable(init))
    init = rt.eager(other->state->value);
  std::optional<DType> dtype = dtypeArg(in, p.get("dtype"));
  if (rt.isTensor(init) && dtype && *dtype != rt.tensor(init).type.dtype)
    in.valueError("initial_value: " + rt.conversionError(init, *dtype));
  Value t = rt.toTensor(init, dtype);
  // The variable's static shape: the initial value's, or an explicit
  // shape it fits (`shape=[None]`, `tf.TensorShape(None)`): later assigns
  // may change the value's shape within it. (TensorFlow 2 keeps the
  // initial value's shape under validate_shape=False too.)
  TensorType declared = rt.tensor(t).type;
  if (p.has("shape") && !p.get("shape").isNone()) {
    Value given = p.get("shape");
    const TensorType &type = rt.tensor(t).type;
    TensorType explicitShape = asShape(in, given);
    explicitShape.dtype = type.dtype;
    declared = explicitShape;
    if (!type.shapeFits(explicitShape))
      in.valueError(
          "In this `tf.Variable` creation, the initial value's shape (" +
          in.toStr(Value::object(Type::Native,
                                 std::make_shared<TensorShapeObject>(type))) +
          ") is not compatible with the explicitly supplied `shape` "
          "argument (" +
          in.toStr(given) + ").");
  }
  auto state = std::make_shared<VariableState>();
  state->type = declared;
  state->value = rt.tensor(t).value;
  state->name =
      rt.nameScope +
      (p.has("name") ? in.toStr(p.get("name")) : std::string("Variable")) +
      ":0";
  state->trainable = !p.has("trainable") || in.truthy(p.get("trainable"));
  state->constraint = constraint;
  state->id = rt.variablesCreated++;
  state->loc = rt.currentLoc();
  return makeVariable(rt, std::move(state), false);
}

Value assignVariable(TfRuntime &rt, VariableObject &v, const std::string &op,
                     const Value &value) {
  auto &var = v.state;
  Value t = rt.toTensor(value, var->type.dtype);
  const TensorType &type = rt.tensor(t).type;
  if (op == "AssignVariableOp")
    checkAssignShape(rt, *var, type);
  if (rt.tracing) {
    std::string name = rt.tracing->graph.uniqueName(op);
    VariableUse &u = use(rt, var, name);
    if (op != "AssignVariableOp")
      checkUpdateShape(rt, *var, type, op, name,
                       rt.tracing->graph.nodes[u.resource].name,
                       inputName(rt, t));
    Value node = rt.apply(op, {rt.symbolic(currentValue(rt, u)), t},
                          {{"dtype", var->type.dtype}}, var->type, name,
                          /*exactName=*/true);
    setVariable(rt, u, rt.tensor(node).out);
    return makeVariable(rt, var, true);
  }
  if (op == "AssignVariableOp") {
    var->value = rt.tensor(t).value;
    return makeVariable(rt, var, true);
  }
  // The kernel wants equal shapes: no broadcasting.
  if (type.shape != var->value->type.shape)
    kernelError(rt, op,
                "Cannot update variable with shape " +
                    shapeList(var->value->type.shape) +
                    " using a Tensor with shape " + shapeList(type.shape) +
                    ", shapes must be equal.");
  Value updated = binaryOp(rt, op == "AssignAddVariableOp" ? "AddV2" : "Sub",
                           rt.eager(var->value), t);
  var->value = rt.tensor(updated).value;
  return makeVariable(rt, var, true);
}

Value readVariable(TfRuntime &rt, VariableObject &v, const std::string &scope) {
  Value read;
  if (!rt.tracing) {
    read = rt.eager(v.state->value);
  } else {
    std::string name = rt.tracing->graph.uniqueName(
        scope.empty() ? "ReadVariableOp" : scope + "/ReadVariableOp");
    VariableUse &u = use(rt, v.state, name);
    read = rt.apply("ReadVariableOp", {rt.symbolic(currentValue(rt, u))},
                    {{"dtype", v.state->type.dtype}}, v.state->type, name,
                    /*exactName=*/true);
  }
  if (!rt.tapes.empty())
    recordVariableRead(rt, v.state, read);
  return read;
}

graph::Output variableValue(TfRuntime &rt,
                            const std::shared_ptr<VariableState> &var,
                            const std::string &opName) {
  return currentValue(rt, use(rt, var, opName));
}

void setVariableValue(TfRuntime &rt, const std::shared_ptr<VariableState> &var,
                      graph::Output value) {
  setVariable(rt, use(rt, var, "ReadVariableOp"), value);
}

void orderBeforeNextWrite(TfRuntime &rt,
                          const std::shared_ptr<VariableState> &var, int read) {
  if (rt.tracing)
    use(rt, var, "ReadVariableOp").failingReads.push_back(read);
}

void setVariable(TfRuntime &rt, VariableUse &u, graph::Output value) {
  graph::Graph &g = rt.tracing->graph;
  if (graph::isVariableWrite(g.nodes[value.node].op)) {
    for (int read : u.failingReads)
      g.nodes[value.node].controlInputs.push_back(g.nodes[read].name);
    u.failingReads.clear();
  }
  auto &scopes = rt.tracing->variableScopes;
  if (!scopes.empty()) {
    scopes.back()->values[&u] = value;
    return;
  }
  u.current = value;
  u.written = true;
}

VariableScopeGuard::VariableScopeGuard(TfRuntime &rt, VariableScope::Kind kind)
    : trace_(rt.tracing), scope_(std::make_shared<VariableScope>()) {
  scope_->kind = kind;
  if (trace_)
    trace_->variableScopes.push_back(scope_);
}

VariableScopeGuard::~VariableScopeGuard() { end(); }

std::shared_ptr<VariableScope> VariableScopeGuard::end() {
  if (trace_) {
    trace_->variableScopes.pop_back();
    trace_ = nullptr;
  }
  return scope_;
}

void beginLoopRegion(TfRuntime &rt, VariableScope &loop, int region) {
  if (!rt.tracing)
    return;
  loop.regions.push_back(region);
  loop.args.emplace_back();
  loop.values.clear();
  loop.nameScope = rt.tracing->graph.scope;
  for (VariableUse *u : loop.carried) {
    graph::Output arg = addArg(rt.tracing->graph, loop, region, u->var->type);
    loop.args.back().push_back(arg);
    loop.values[u] = arg;
  }
}

const VariableUse *writtenInLoopRegion(const VariableScope &loop) {
  for (size_t i = 0; i < loop.carried.size(); ++i)
    if (wrote(loop, i))
      return loop.carried[i];
  return nullptr;
}

std::vector<graph::Output> loopResults(const VariableScope &loop) {
  std::vector<graph::Output> out;
  for (VariableUse *u : loop.carried)
    out.push_back(loop.values.at(u));
  return out;
}

void endLoop(TfRuntime &rt, const VariableScope &loop, int node, size_t first) {
  for (size_t i = 0; i < loop.carried.size(); ++i)
    if (wrote(loop, i))
      setVariable(rt, *loop.carried[i], {node, static_cast<int>(first + i)});
}

BranchWrites branchWrites(TfRuntime &rt, const VariableScope &thenScope,
                          const VariableScope &elseScope) {
  BranchWrites w;
  // In order of first use, for a deterministic graph.
  for (auto &use : rt.tracing->variables) {
    VariableUse *u = use.get();
    auto t = thenScope.values.find(u), e = elseScope.values.find(u);
    if (t == thenScope.values.end() && e == elseScope.values.end())
      continue;
    w.vars.push_back(u);
    w.thenValues.push_back(t != thenScope.values.end() ? t->second
                                                       : currentValue(rt, *u));
    w.elseValues.push_back(e != elseScope.values.end() ? e->second
                                                       : currentValue(rt, *u));
  }
  return w;
}

std::string VariableObject::repr(Interpreter &in, const Value &) {
  std::string text = "<tf.Variable '" +
                     (unread ? std::string("UnreadVariable") : state->name) +
                     "' shape=" + state->type.shapeString() +
                     " dtype=" + py::dtypeName(state->type.dtype);
  // A graph has no value to show.
  if (!rt->tracing)
    text += ", numpy=" + py::numpyText(state->value->view());
  return text + ">";
}

static void checkRowScatterShapes(TfRuntime &rt, const VariableObject &v,
                                  const Value &indicesArg,
                                  const Value &valuesArg,
                                  const std::string &kernel);

bool VariableObject::getAttr(Interpreter &in, const Value &self,
                             const std::string &name, Value &out) {
  TfRuntime *r = rt;
  std::shared_ptr<VariableState> var = state;
  if (name == "name") {
    out = in.str(unread ? "UnreadVariable" : state->name);
    return true;
  }
  if (name == "shape") {
    out = makeShape(state->type);
    return true;
  }
  if (name == "dtype") {
    out = makeDType(state->type.dtype);
    return true;
  }
  if (name == "device") { // a variable's resource lives on the CPU
    out = in.str("/job:localhost/replica:0/task:0/device:CPU:0");
    return true;
  }
  if (name == "trainable") {
    out = Value::boolean(state->trainable);
    return true;
  }
  if (name == "__deepcopy__" && !unread) {
    // copy.deepcopy: a new variable of the same name, value (values are
    // immutable; assign replaces them) and settings, as TensorFlow's
    // ResourceVariable.__deepcopy__ makes in eager mode.
    out = in.builtin("__deepcopy__", [r, var](Interpreter &in, CallArgs &args) {
      py::ArgParser(in, args, "__deepcopy__").expect(1, 1);
      if (r->tracing)
        in.raise("NotImplementedError",
                 "__deepcopy__() is only available when eager execution is "
                 "enabled.");
      auto copied = std::make_shared<VariableState>(*var);
      copied->object.reset();
      copied->id = r->variablesCreated++;
      copied->loc = r->currentLoc();
      return makeVariable(*r, std::move(copied), false);
    });
    return true;
  }
  if (name == "initial_value") {
    // Eager variables keep no initial value: TensorFlow refuses the
    // property eagerly and gives None inside a tf.function.
    if (!rt->tracing)
      in.raise("RuntimeError",
               "This property is not supported when eager execution is "
               "enabled.");
    out = Value();
    return true;
  }
  if (name == "constraint") {
    out = state->constraint;
    return true;
  }
  if (name == "get_shape") {
    out = in.builtin("get_shape", [var](Interpreter &, CallArgs &) {
      return makeShape(var->type);
    });
    return true;
  }
  if (name == "numpy") {
    out = in.builtin("numpy", [r, var](Interpreter &in, CallArgs &) {
      if (r->tracing)
        in.raise("NotImplementedError",
                 "numpy() is only available when eager execution is enabled.");
      return makeNdArray(*r, var->value, true);
    });
    return true;
  }
  if (name == "ref" || name == "experimental_ref") {
    out = refMethod(in, self, state.get()); // one per variable
    return true;
  }
  if (name == "value") {
    out = in.builtin(name, [self](Interpreter &, CallArgs &) {
      auto &v = self.as<VariableObject>();
      return readVariable(*v.rt, v);
    });
    return true;
  }
  if (name == "sparse_read" || name == "gather_nd") {
    // Rows (or elements) of the variable, as tf.gather and tf.gather_nd
    // read them from it (a node named Gather or GatherNd, or `name`);
    // gather_nd then returns an Identity of them.
    std::string fname = name;
    out = in.builtin(name, [self, fname](Interpreter &in, CallArgs &args) {
      Params p(in, args, fname, {"indices", "name"});
      std::vector<std::pair<std::string, Value>> options;
      if (p.has("name"))
        options.emplace_back("name", p.get("name"));
      if (fname == "sparse_read")
        return callTf(in, {"gather"}, {self, p.require("indices", fname)},
                      options);
      Value rows = callTf(in, {"gather_nd"},
                          {self, p.require("indices", fname)}, options);
      return identity(*self.as<VariableObject>().rt, rows);
    });
    return true;
  }
  if (name == "read_value") {
    // In a function, a read in name scope "Read" and an Identity of it,
    // as ResourceVariable.read_value builds them.
    out = in.builtin(name, [self](Interpreter &, CallArgs &) {
      auto &v = self.as<VariableObject>();
      TfRuntime &rt = *v.rt;
      if (!rt.tracing)
        return readVariable(rt, v);
      Value read;
      {
        graph::ScopeGuard scope(rt.tracing->graph, "Read");
        read = readVariable(rt, v);
      }
      return identity(rt, read);
    });
    return true;
  }
  if (name == "__abs__") {
    Value t = readVariable(*rt, *this);
    return rt->tensor(t).getAttr(in, t, name, out);
  }
  const char *op = name == "assign"       ? "AssignVariableOp"
                   : name == "assign_add" ? "AssignAddVariableOp"
                   : name == "assign_sub" ? "AssignSubVariableOp"
                                          : nullptr;
  // v.scatter_nd_add(indices, updates) and friends: (combining op, kernel).
  static const std::map<std::string, std::pair<const char *, const char *>>
      ndScatters{{"scatter_nd_update", {"", "ResourceScatterNdUpdate"}},
                 {"scatter_nd_add", {"AddV2", "ResourceScatterNdAdd"}},
                 {"scatter_nd_sub", {"Sub", "ResourceScatterNdSub"}},
                 {"scatter_nd_max", {"Maximum", "ResourceScatterNdMax"}},
                 {"scatter_nd_min", {"Minimum", "ResourceScatterNdMin"}}};
  if (auto it = ndScatters.find(name); it != ndScatters.end()) {
    std::string combine = it->second.first, kernel = it->second.second;
    out = in.builtin(
        name, [self, name, combine, kernel](Interpreter &in, CallArgs &args) {
          Params p(in, args, name, {"indices", "updates", "name"});
          auto &v = self.as<VariableObject>();
          Value updated =
              scatterNd(*v.rt, readVariable(*v.rt, v),
                        p.require("indices", name), p.require("updates", name),
                        combine, name, kernel, [&v](const Value &partial) {
                          assignVariable(*v.rt, v, "AssignVariableOp", partial);
                        });
          return assignVariable(*v.rt, v, "AssignVariableOp", updated);
        });
    return true;
  }
  // v.scatter_add(tf.IndexedSlices(values, indices)) and friends: rows of
  // the first dimension, updated in order as ResourceScatterAdd does.
  static const std::map<std::string, std::pair<const char *, const char *>>
      rowScatters{{"scatter_update", {"", "ResourceScatterUpdate"}},
                  {"scatter_add", {"AddV2", "ResourceScatterAdd"}},
                  {"scatter_sub", {"Sub", "ResourceScatterSub"}},
                  {"scatter_max", {"Maximum", "ResourceScatterMax"}},
                  {"scatter_min", {"Minimum", "ResourceScatterMin"}},
                  {"scatter_mul", {"Mul", "ResourceScatterMul"}},
                  {"scatter_div", {"Div", "ResourceScatterDiv"}}};
  if (auto it = rowScatters.find(name); it != rowScatters.end()) {
    std::string combine = it->second.first, kernel = it->second.second;
    out = in.builtin(name, [self, name, combine, kernel](Interpreter &in,
                                                         CallArgs &args) {
      Params p(in, args, name, {"sparse_delta", "use_locking", "name"});
      Value delta = p.require("sparse_delta", name);
      auto *slices = asIndexedSlices(delta);
      if (!slices)
        in.typeError("Argument `sparse_delta` must be a `tf.IndexedSlices`. "
                     "Received arg: " +
                     in.toStr(py::formatValue(in, delta, "")));
      auto &v = self.as<VariableObject>();
      checkRowScatterShapes(*v.rt, v, slices->indices, slices->values, kernel);
      Value indices = expandDims(*v.rt, v.rt->toTensor(slices->indices), -1);
      Value updated =
          scatterNd(*v.rt, readVariable(*v.rt, v), indices, slices->values,
                    combine, name, kernel, [&v](const Value &partial) {
                      assignVariable(*v.rt, v, "AssignVariableOp", partial);
                    });
      assignVariable(*v.rt, v, "AssignVariableOp", updated);
      return makeVariable(*v.rt, v.state, true); // the _UnreadVariable
    });
    return true;
  }
  if (op) {
    std::string opName = op;
    out =
        in.builtin(name, [self, opName, name](Interpreter &in, CallArgs &args) {
          Params p(in, args, name,
                   {name == "assign" ? "value" : "delta", "use_locking", "name",
                    "read_value"});
          Value value = p.require(name == "assign" ? "value" : "delta", name);
          auto &v = self.as<VariableObject>();
          Value result = assignVariable(*v.rt, v, opName, value);
          // read_value=False returns the assign op, which eagerly is None.
          if (p.has("read_value") && !in.truthy(p.get("read_value")))
            return Value();
          return result;
        });
    return true;
  }
  return false;
}

/// A row scatter's (ResourceScatterUpdate's, ...) shape check: updates are
/// a scalar or of shape indices.shape + params.shape[1:] (ScatterUpdateShape
/// while tracing, the kernel eagerly).
static void checkRowScatterShapes(TfRuntime &rt, const VariableObject &v,
                                  const Value &indicesArg,
                                  const Value &valuesArg,
                                  const std::string &kernel) {
  const TensorType &var = v.state->type;
  Value indices = rt.toTensor(indicesArg);
  Value values = rt.toTensor(valuesArg, var.dtype);
  const TensorType &it = rt.tensor(indices).type, &ut = rt.tensor(values).type;
  if (var.unknownRank || it.unknownRank || ut.unknownRank ||
      var.shape.empty() || ut.shape.empty())
    return;
  std::vector<int64_t> expected = it.shape;
  expected.insert(expected.end(), var.shape.begin() + 1, var.shape.end());
  // Sizes known only at run time are checked then.
  bool fits = ut.shape.size() == expected.size();
  int64_t badDim = -1;
  for (size_t i = 0; fits && i < expected.size(); ++i)
    if (ut.shape[i] >= 0 && expected[i] >= 0 && ut.shape[i] != expected[i]) {
      fits = false;
      badDim = int64_t(i);
    }
  if (fits)
    return;
  if (rt.tracing) {
    // ScatterUpdateShape merges the updates' shape with the expected one.
    std::string what = badDim < 0
                           ? "Shapes must be equal rank, but are " +
                                 std::to_string(ut.shape.size()) + " and " +
                                 std::to_string(expected.size())
                           : "Dimension " + std::to_string(badDim) +
                                 " in both shapes must be equal, but are " +
                                 std::to_string(ut.shape[badDim]) + " and " +
                                 std::to_string(expected[badDim]) +
                                 ". Shapes are " + shapeList(ut.shape) +
                                 " and " + shapeList(expected) + ".";
    std::string node = rt.tracing->graph.uniqueName(kernel);
    rt.in.valueError(
        what + " for '{{node " + node + "}} = " + kernel +
        "[Tindices=" + tfTypeName(it.dtype) +
        ", dtype=" + tfTypeName(var.dtype) + "](" + node + "/resource, " +
        (rt.isTensor(indicesArg) ? inputName(rt, indices) : node + "/indices") +
        ", " + inputName(rt, values) + ")' with input shapes: [], " +
        shapeList(it.shape) + ", " + shapeList(ut.shape) + ".");
  }
  rt.raise("InvalidArgumentError",
           eagerKernelPrefix(kernel) +
               "Must have updates.shape = indices.shape + params.shape[1:] or "
               "updates.shape = [], got updates.shape " +
               shapeList(ut.shape) + ", indices.shape " + shapeList(it.shape) +
               ", params.shape " + shapeList(var.shape) +
               eagerOpSuffix(kernel, false));
}

bool VariableObject::binary(Interpreter &in, ast::BinaryOp op,
                            const Value &self, const Value &other,
                            bool reflected, Value &out) {
  Value t = readVariable(*rt, *this);
  return rt->tensor(t).binary(in, op, t, other, reflected, out);
}

bool VariableObject::inplace(Interpreter &in, ast::BinaryOp op, const Value &,
                             const Value &, Value &) {
  // ResourceVariable's __iadd__, __isub__, __imul__, __itruediv__ and
  // __ipow__; the other operators rebind to a tensor.
  struct Refusal {
    ast::BinaryOp op;
    const char *text, *use, *out;
  };
  static const Refusal refusals[] = {
      {ast::BinaryOp::Add, "`variable += value`",
       "`variable.assign_add(value)`", "`out = variable + value`"},
      {ast::BinaryOp::Sub, "`variable -= value`",
       "`variable.assign_sub(value)`", "`out = variable * value`"},
      {ast::BinaryOp::Mult, "`var *= value`", "`var.assign(var * value)`",
       "`out = var * value`"},
      {ast::BinaryOp::Div, "`var /= value`", "`var.assign(var / value)`",
       "`out = var / value`"},
      {ast::BinaryOp::Pow, "`var **= value`", "`var.assign(var ** value)`",
       "`out = var ** value`"}};
  for (const Refusal &r : refusals)
    if (r.op == op)
      in.raise("RuntimeError", std::string(r.text) +
                                   " with `tf.Variable`s is not supported. "
                                   "Use " +
                                   r.use + " to modify the variable, or " +
                                   r.out +
                                   " if you need to get a new output Tensor.");
  return false;
}

bool VariableObject::unary(Interpreter &in, ast::UnaryOpKind op,
                           const Value &self, Value &out) {
  Value t = readVariable(*rt, *this);
  return rt->tensor(t).unary(in, op, t, out);
}

bool VariableObject::compare(Interpreter &in, ast::CmpOp op, const Value &self,
                             const Value &other, bool reflected, Value &out) {
  // Elementwise, as tensors compare.
  Value t = readVariable(*rt, *this);
  return rt->tensor(t).compare(in, op, t, other, reflected, out);
}

bool VariableObject::truthy(Interpreter &in, const Value &self, bool &out) {
  Value t = readVariable(*rt, *this);
  return rt->tensor(t).truthy(in, t, out);
}

bool VariableObject::len(Interpreter &in, const Value &, int64_t &) {
  // ResourceVariable defines no __len__.
  in.typeError("object of type 'ResourceVariable' has no len()");
}

bool VariableObject::getItem(Interpreter &in, const Value &self,
                             const Value &keyArg, Value &out) {
  Value key = readVariablesInKey(*rt, keyArg);
  Value t = readVariable(*rt, *this);
  if (!rt->tensor(t).getItem(in, t, key, out))
    return false;
  // `v[key].assign(x)` writes the slice back (TfScatter.h).
  if (rt->isTensor(out)) {
    out.as<TensorObject>().slicedVariable = self;
    out.as<TensorObject>().sliceKey = key;
  }
  return true;
}

bool VariableObject::iter(Interpreter &in, const Value &self, Value &out) {
  Value t = readVariable(*rt, *this);
  return rt->tensor(t).iter(in, t, out);
}

bool VariableObject::toNumber(Interpreter &in, const Value &self, Value &out) {
  Value t = readVariable(*rt, *this);
  return rt->tensor(t).toNumber(in, t, out);
}

bool VariableObject::hash(Interpreter &in, const Value &self, size_t &) {
  in.typeError(
      "Variable is unhashable. Instead, use variable.ref() as the key. "
      "(Variable: " +
      repr(in, self) + ")");
}

void installVariables(TfRuntime &rt, ModuleBuilder &tf) {
  TfRuntime *r = &rt;
  auto cls = std::make_shared<CallableType>(
      "Variable",
      [r](Interpreter &in, CallArgs &args) {
        return newVariable(in, *r, args);
      },
      "tensorflow.python.ops.variables");
  cls->instances = [](const Value &v) { return asVariable(v) != nullptr; };
  tf.set("Variable", Value::object(Type::Native, cls));
}

} // namespace kiln::tf
