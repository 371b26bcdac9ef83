// tf.keras.optimizers (SGD, Adam, AdamW, RMSprop, Adagrad) as Keras 3
// runs them with TensorFlow's backend on plain tf.Variables: the custom
// training loop of TensorFlow's guides (GradientTape, then
// opt.apply_gradients(zip(grads, vars))).
//
// The updates are the same TensorFlow ops in the same order as Keras's
// update_step (keras/src/optimizers/*.py) and its base class's apply
// (clipping, weight decay, constraints, the iteration count), called
// through kiln's own tf functions, so they round as TensorFlow does and
// work eagerly and inside a tf.function alike. The optimizer's state lives
// in Keras variables (iteration, learning_rate, one slot per model variable
// and kind), made when the optimizer is built: on its first apply, which
// inside a tf.function is the first trace.
#include "KerasOps.h"
#include "NativeType.h"
#include "TfIndexedSlices.h"
#include "TfModuleBuilder.h"
#include "TfObjects.h"
#include "TfVariable.h"

#include <map>

namespace kiln::tf {

namespace {

using py::Type;

enum class Algorithm { SGD, Adam, AdamW, RMSprop, Adagrad };

/// What distinguishes one optimizer class: its names, default learning
/// rate and own hyperparameters with their defaults, in Keras's order
/// (get_config lists them in it).
struct OptimizerSpec {
  Algorithm algorithm;
  const char *className; // "SGD"
  const char *module;    // "sgd", under keras.src.optimizers
  const char *autoName;  // Keras's snake case of the class name
  double learningRate;
  std::vector<std::pair<std::string, Value>> defaults;
};

const std::vector<OptimizerSpec> &optimizerSpecs() {
  static const std::vector<OptimizerSpec> specs = [] {
    Value no = Value::boolean(false), eps = Value::floating(1e-7);
    std::vector<std::pair<std::string, Value>> adam = {
        {"beta_1", Value::floating(0.9)},
        {"beta_2", Value::floating(0.999)},
        {"epsilon", eps},
        {"amsgrad", no}};
    return std::vector<OptimizerSpec>{
        {Algorithm::SGD,
         "SGD",
         "sgd",
         "sgd",
         0.01,
         {{"momentum", Value::floating(0.0)}, {"nesterov", no}}},
        {Algorithm::Adam, "Adam", "adam", "adam", 0.001, adam},
        {Algorithm::AdamW, "AdamW", "adamw", "adam_w", 0.001, adam},
        {Algorithm::RMSprop,
         "RMSprop",
         "rmsprop",
         "rm_sprop",
         0.001,
         {{"rho", Value::floating(0.9)},
          {"momentum", Value::floating(0.0)},
          {"epsilon", eps},
          {"centered", no}}},
        {Algorithm::Adagrad,
         "Adagrad",
         "adagrad",
         "adagrad",
         0.001,
         {{"initial_accumulator_value", Value::floating(0.1)},
          {"epsilon", eps}}},
    };
  }();
  return specs;
}

/// Keras's auto_name: the class name in snake case, numbered from its
/// second use in the script ("sgd", "sgd_1").
std::string autoName(const std::string &prefix) {
  static std::map<std::string, int> used;
  int n = used[prefix]++;
  return n == 0 ? prefix : prefix + "_" + std::to_string(n);
}

struct OptimizerObject : py::NativeObject {
  TfRuntime *rt = nullptr;
  const OptimizerSpec *spec = nullptr;
  std::string name;
  Value learningRate; // a Keras variable, or a callable giving the rate
  Value iterations;   // a Keras variable (int64)
  // The constructor's arguments, as given (attributes and get_config):
  // the class's own, in spec->defaults' order, and the common ones.
  std::vector<std::pair<std::string, Value>> hyper;
  Value weightDecay, clipnorm, clipvalue, globalClipnorm;
  bool built = false;
  /// The model variables it was built with, and each one's state, in the
  /// order of the kinds build() makes.
  std::vector<std::shared_ptr<VariableState>> trainable;
  std::vector<std::vector<Value>> slots;
  std::vector<Value> variables; // all of its Keras variables, Keras's order

  /// Hyperparameter `key` of the class (one spec->defaults names).
  const Value &operator[](const std::string &key) const {
    return namedValue(hyper, key);
  }
  std::string typeName() const override { return spec->className; }
  std::string typeModule() const override {
    return std::string("keras.src.optimizers.") + spec->module;
  }
  std::string repr(Interpreter &, const Value &) override {
    return objectRepr(typeModule() + "." + typeName(), this);
  }
  bool getAttr(Interpreter &in, const Value &self, const std::string &attr,
               Value &out) override;
  bool setAttr(Interpreter &in, const Value &self, const std::string &attr,
               const Value &value) override;
};

OptimizerObject *asOptimizer(const Value &v) {
  return v.is(Type::Native) ? dynamic_cast<OptimizerObject *>(v.raw())
                            : nullptr;
}

/// isinstance(v, float): a Python float or a subclass (numpy.float64).
bool isPythonFloat(const Value &v) {
  return v.is(Type::Float) ||
         (v.is(Type::Native) &&
          v.as<py::NativeObject>().builtinBase() == "float");
}

/// Keras's check of a float learning rate (a callable is also taken).
void checkLearningRate(Interpreter &in, const Value &rate) {
  if (!isPythonFloat(rate) && !in.isCallable(rate))
    in.valueError("Argument `learning_rate` should be float, or an instance "
                  "of LearningRateSchedule, or a callable (that takes in the "
                  "current iteration value and returns the corresponding "
                  "learning rate value). Received instead: learning_rate=" +
                  in.toStr(rate));
}

/// The current learning rate: the variable, a schedule's rate at the
/// current iteration, or a callable's result.
Value currentLearningRate(Interpreter &in, OptimizerObject &o) {
  if (asVariable(o.learningRate))
    return o.learningRate;
  if (isLearningRateSchedule(in, o.learningRate))
    return in.call(o.learningRate, ValueList{o.iterations});
  return in.call(o.learningRate, ValueList{});
}

/// Keras's _var_key: a variable's identity, which a tensor lacks.
std::shared_ptr<VariableState> variableKey(Interpreter &in, const Value &v) {
  VariableObject *var = asVariable(v);
  if (!var)
    in.raise("AttributeError",
             "'" + in.cTypeName(v) + "' object has no attribute '_unique_id'");
  return var->state;
}

void build(Interpreter &in, OptimizerObject &o, const ValueList &vars) {
  if (o.built)
    return;
  for (const Value &v : vars) {
    o.trainable.push_back(variableKey(in, v));
    o.slots.emplace_back();
  }
  // Slot names: Keras's add_variable_from_reference.
  auto slotName = [&](const Value &v, const std::string &kind) {
    std::string base = kerasName(v);
    for (char &c : base)
      if (c == '/' || c == ':')
        c = '_';
    return base + "_" + kind;
  };
  // Each kind's slots, zeros or `init` (Keras's Constant initializer).
  auto addSlots = [&](const std::vector<std::string> &kinds,
                      const Value &init = Value()) {
    for (size_t i = 0; i < vars.size(); ++i)
      for (const std::string &kind : kinds) {
        const TensorType &type = o.trainable[i]->type;
        HostTensorPtr value;
        if (!init.isNone())
          value =
              repeatScalar(*o.rt, eagerValue(*o.rt, init, type.dtype), type);
        Value slot =
            kerasVariable(*o.rt, o.name, slotName(vars[i], kind), value, type);
        o.slots[i].push_back(slot);
        o.variables.push_back(slot);
      }
  };
  switch (o.spec->algorithm) {
  case Algorithm::SGD:
    if (numberValue(in, o["momentum"]) != 0)
      addSlots({"momentum"});
    break;
  case Algorithm::Adam:
  case Algorithm::AdamW:
    addSlots({"momentum", "velocity"});
    if (in.truthy(o["amsgrad"]))
      addSlots({"velocity_hat"});
    break;
  case Algorithm::RMSprop:
    addSlots({"velocity"});
    if (numberValue(in, o["momentum"]) > 0)
      addSlots({"momentum"});
    if (in.truthy(o["centered"]))
      addSlots({"average_gradient"});
    break;
  case Algorithm::Adagrad:
    addSlots({"accumulator"}, o["initial_accumulator_value"]);
    break;
  }
  o.built = true;
}

/// Keras's clipping of the gradients: clipnorm (tf.clip_by_norm per
/// gradient), global_clipnorm (its clip_by_global_norm) or clipvalue.
ValueList clipGradients(KerasOps &ops, OptimizerObject &o, ValueList grads) {
  Interpreter &in = ops.in;
  auto positive = [&](const Value &v) {
    return !v.isNone() && in.truthy(v) &&
           in.truthy(in.compare(ast::CmpOp::Gt, v, Value::integer(0)));
  };
  if (positive(o.clipnorm)) {
    for (Value &g : grads)
      g = ops.fn("clip_by_norm", {g, o.clipnorm});
  } else if (positive(o.globalClipnorm)) {
    ValueList squares;
    for (const Value &g : grads)
      squares.push_back(ops.fn("reduce_sum", {ops.fn("square", {g})}));
    Value norm = ops.fn(
        "sqrt", {ops.fn("reduce_sum", {ops.fn("stack", {in.list(squares)})})});
    using ast::BinaryOp;
    Value finite = ops.op(
        BinaryOp::Mult, o.globalClipnorm,
        ops.fn("minimum", {ops.op(BinaryOp::Div, Value::floating(1.0), norm),
                           ops.op(BinaryOp::Div, Value::floating(1.0),
                                  o.globalClipnorm)}));
    Value scale =
        ops.op(BinaryOp::Add, finite, ops.op(BinaryOp::Sub, norm, norm));
    for (Value &g : grads)
      g = ops.op(BinaryOp::Mult, g, scale);
  } else if (positive(o.clipvalue)) {
    Value low = in.unary(ast::UnaryOpKind::USub, o.clipvalue);
    for (Value &g : grads)
      g = ops.fn("clip_by_value", {g, low, o.clipvalue});
  }
  return grads;
}

/// Keras's assign, assign_add and assign_sub on TensorFlow: the value is
/// cast to the variable's dtype first.
void assign(KerasOps &ops, const Value &var, const char *how,
            const Value &value) {
  ops.method(var, how, {ops.cast(value, asVariable(var)->state->type.dtype)});
}

/// One variable's update_step, as each Keras optimizer writes it.
void updateStep(KerasOps &ops, OptimizerObject &o, size_t index,
                const Value &grad, const Value &var, const Value &rate) {
  using ast::BinaryOp;
  Interpreter &in = ops.in;
  DType d = asVariable(var)->state->type.dtype;
  Value lr = ops.cast(rate, d);
  Value g = ops.cast(grad, d);
  const std::vector<Value> &slots = o.slots[index];
  Value one = Value::integer(1);
  switch (o.spec->algorithm) {
  case Algorithm::SGD: {
    if (slots.empty()) {
      assign(ops, var, "assign_sub", ops.mul(g, lr));
      return;
    }
    const Value &m = slots[0];
    Value momentum = ops.cast(o["momentum"], d);
    assign(ops, m, "assign", ops.sub(ops.mul(m, momentum), ops.mul(g, lr)));
    if (in.truthy(o["nesterov"]))
      assign(ops, var, "assign_add",
             ops.sub(ops.mul(m, momentum), ops.mul(g, lr)));
    else
      assign(ops, var, "assign_add", m);
    return;
  }
  case Algorithm::Adam:
  case Algorithm::AdamW: {
    Value step =
        ops.cast(ops.op(BinaryOp::Add, o.iterations, Value::integer(1)), d);
    Value beta1Power = ops.fn("pow", {ops.cast(o["beta_1"], d), step});
    Value beta2Power = ops.fn("pow", {ops.cast(o["beta_2"], d), step});
    const Value &m = slots[0];
    Value v = slots[1];
    Value alpha =
        ops.op(BinaryOp::Div,
               ops.op(BinaryOp::Mult, lr,
                      ops.fn("sqrt", {ops.op(BinaryOp::Sub, one, beta2Power)})),
               ops.op(BinaryOp::Sub, one, beta1Power));
    assign(ops, m, "assign_add",
           ops.mul(ops.sub(g, m), in.binary(BinaryOp::Sub, one, o["beta_1"])));
    assign(ops, v, "assign_add",
           ops.mul(ops.sub(ops.fn("square", {g}), v),
                   in.binary(BinaryOp::Sub, one, o["beta_2"])));
    if (in.truthy(o["amsgrad"])) {
      const Value &vHat = slots[2];
      assign(ops, vHat, "assign", ops.fn("maximum", {vHat, v}));
      v = vHat;
    }
    assign(
        ops, var, "assign_sub",
        ops.div(ops.mul(m, alpha), ops.add(ops.fn("sqrt", {v}), o["epsilon"])));
    return;
  }
  case Algorithm::RMSprop: {
    const Value &rho = o["rho"];
    Value oneMinusRho = in.binary(BinaryOp::Sub, one, rho);
    const Value &velocity = slots[0];
    bool momentum = numberValue(in, o["momentum"]) > 0;
    bool centered = in.truthy(o["centered"]);
    assign(ops, velocity, "assign",
           ops.add(ops.mul(rho, velocity),
                   ops.mul(oneMinusRho, ops.fn("square", {g}))));
    Value denominator;
    if (centered) {
      const Value &average = slots[momentum ? 2 : 1];
      assign(ops, average, "assign",
             ops.add(ops.mul(rho, average), ops.mul(oneMinusRho, g)));
      denominator =
          ops.op(BinaryOp::Add,
                 ops.op(BinaryOp::Sub, velocity, ops.fn("square", {average})),
                 o["epsilon"]);
    } else {
      denominator = ops.add(velocity, o["epsilon"]);
    }
    Value increment = ops.div(ops.mul(lr, g), ops.fn("sqrt", {denominator}));
    if (momentum) {
      const Value &m = slots[1];
      assign(ops, m, "assign", ops.add(ops.mul(o["momentum"], m), increment));
      assign(ops, var, "assign_sub", m);
    } else {
      assign(ops, var, "assign_sub", increment);
    }
    return;
  }
  case Algorithm::Adagrad: {
    const Value &accumulator = slots[0];
    assign(ops, accumulator, "assign_add", ops.fn("square", {g}));
    assign(ops, var, "assign_sub",
           ops.div(ops.mul(lr, g),
                   ops.fn("sqrt", {ops.add(accumulator, o["epsilon"])})));
    return;
  }
  }
}

/// Keras's apply(grads, trainable_variables): builds on first use, skips
/// variables without a gradient (with its warning), clips, decays the
/// weights, updates each variable, applies constraints and counts the
/// iteration.
void apply(Interpreter &in, OptimizerObject &o, ValueList grads,
           const std::optional<ValueList> &given) {
  if (grads.empty())
    return;
  ValueList vars;
  if (!given) {
    if (!o.built)
      in.valueError("When passing `grads` without `variables`, the optimizer "
                    "must already be built on a list of variables. Call "
                    "`optimizer.build(trainable_variables)` first. ");
    if (grads.size() != o.trainable.size())
      in.valueError("When passing `grads` as a list of gradient tensors, the "
                    "gradients must match `optimizer.variables` one-to-on. "
                    "Received a list of " +
                    std::to_string(grads.size()) +
                    " gradients, but the optimizer is tracking " +
                    std::to_string(o.trainable.size()) +
                    " trainable variables.");
    for (auto &state : o.trainable)
      vars.push_back(variableObject(*o.rt, state));
  } else {
    vars = *given;
    build(in, o, vars);
  }
  std::vector<size_t> indices;
  for (const Value &v : vars) {
    auto it =
        std::find(o.trainable.begin(), o.trainable.end(), variableKey(in, v));
    if (it == o.trainable.end())
      in.valueError("Unknown variable: " + in.toStr(v) +
                    ". This optimizer can only be called for the variables "
                    "it was originally built with. When working with a new "
                    "set of variables, you should recreate a new optimizer "
                    "instance.");
    indices.push_back(static_cast<size_t>(it - o.trainable.begin()));
  }
  // Variables without a gradient are left alone, with a warning.
  ValueList keptGrads, keptVars;
  std::vector<size_t> keptIndices;
  std::string missing;
  for (size_t i = 0; i < grads.size() && i < vars.size(); ++i) {
    if (grads[i].isNone()) {
      missing += (missing.empty() ? "'" : ", '") + kerasName(vars[i]) + "'";
      continue;
    }
    if (asIndexedSlices(grads[i]))
      o.rt->raise("UnimplementedError",
                  "kiln's Keras optimizers do not take tf.IndexedSlices "
                  "gradients (from tf.gather of a variable); convert them "
                  "with tf.convert_to_tensor first");
    keptGrads.push_back(grads[i]);
    keptVars.push_back(vars[i]);
    keptIndices.push_back(indices[i]);
  }
  if (keptGrads.empty())
    in.valueError("No gradients provided for any variable.");
  KerasOps ops(*o.rt);
  if (!missing.empty())
    ops.warn("Gradients do not exist for variables [" + missing +
             "] when minimizing the loss. If using `model.compile()`, did "
             "you forget to provide a `loss` argument?");
  keptGrads = clipGradients(ops, o, keptGrads);
  if (!o.weightDecay.isNone())
    for (const Value &var : keptVars) {
      // TensorFlow's backend: variable -= variable * wd * lr.
      DType d = asVariable(var)->state->type.dtype;
      Value lr = ops.cast(currentLearningRate(in, o), d);
      Value wd = ops.cast(o.weightDecay, d);
      ops.method(var, "assign_sub",
                 {ops.op(ast::BinaryOp::Mult,
                         ops.op(ast::BinaryOp::Mult, var, wd), lr)});
    }
  Value rate = currentLearningRate(in, o);
  for (size_t i = 0; i < keptGrads.size(); ++i)
    updateStep(ops, o, keptIndices[i], keptGrads[i], keptVars[i], rate);
  for (const Value &var : keptVars) {
    const Value &constraint = asVariable(var)->state->constraint;
    if (!constraint.isNone())
      ops.method(var, "assign", {in.call(constraint, ValueList{var})});
  }
  ops.method(o.iterations, "assign_add", {Value::integer(1)});
}

/// The (gradient, variable) pairs apply_gradients takes.
std::pair<ValueList, ValueList> unzipPairs(Interpreter &in,
                                           const Value &pairs) {
  ValueList grads, vars;
  for (const Value &pair : in.toList(pairs)) {
    ValueList two = in.toList(pair);
    if (two.size() != 2)
      in.valueError("too many values to unpack (expected 2)");
    grads.push_back(two[0]);
    vars.push_back(two[1]);
  }
  if (grads.empty())
    in.valueError("not enough values to unpack (expected 2, got 0)");
  return {grads, vars};
}

Value getConfig(Interpreter &in, OptimizerObject &o) {
  Value config = in.dict();
  auto put = [&](const char *key, const Value &v) {
    in.setItem(config, in.str(key), v);
  };
  put("name", in.str(o.name));
  if (VariableObject *lr = asVariable(o.learningRate))
    put("learning_rate", Value::floating(lr->state->value->elementAsDouble(0)));
  else if (isLearningRateSchedule(in, o.learningRate)) {
    // Keras serializes the schedule.
    Value serialized = in.dict();
    in.setItem(serialized, in.str("module"),
               in.str("keras.optimizers.schedules"));
    in.setItem(serialized, in.str("class_name"),
               in.str(in.typeName(o.learningRate)));
    in.setItem(serialized, in.str("config"),
               in.call(in.getAttr(o.learningRate, "get_config"), ValueList{}));
    in.setItem(serialized, in.str("registered_name"), Value());
    put("learning_rate", serialized);
  } else
    put("learning_rate", o.learningRate);
  put("weight_decay", o.weightDecay);
  put("clipnorm", o.clipnorm);
  put("global_clipnorm", o.globalClipnorm);
  put("clipvalue", o.clipvalue);
  put("use_ema", Value::boolean(false));
  put("ema_momentum", Value::floating(0.99));
  put("ema_overwrite_frequency", Value());
  put("loss_scale_factor", Value());
  put("gradient_accumulation_steps", Value());
  for (auto &[key, value] : o.hyper)
    put(key.c_str(), value);
  return config;
}

bool OptimizerObject::getAttr(Interpreter &in, const Value &self,
                              const std::string &attr, Value &out) {
  OptimizerObject *o = this;
  auto method = [&](py::BuiltinFn fn) {
    out = boundBuiltin(in, self, attr, std::move(fn));
    return true;
  };
  if (attr == "apply_gradients")
    return method([o](Interpreter &in, CallArgs &args) {
      if (args.positional.size() > 1)
        in.typeError("BaseOptimizer.apply_gradients() takes 2 positional "
                     "arguments but " +
                     std::to_string(args.positional.size() + 1) +
                     " were given");
      Params p(in, args, "apply_gradients", {"grads_and_vars"},
               Wording::Python);
      auto [grads, vars] =
          unzipPairs(in, p.require("grads_and_vars", "apply_gradients"));
      apply(in, *o, grads, vars);
      return o->iterations;
    });
  if (attr == "apply")
    return method([o](Interpreter &in, CallArgs &args) {
      Params p(in, args, "apply", {"grads", "trainable_variables"},
               Wording::Python, 1);
      ValueList grads = in.toList(p.require("grads", "apply"));
      std::optional<ValueList> vars;
      if (p.has("trainable_variables"))
        vars = in.toList(p.get("trainable_variables"));
      apply(in, *o, grads, vars);
      return Value();
    });
  if (attr == "build")
    return method([o](Interpreter &in, CallArgs &args) {
      Params p(in, args, "build", {"variables"}, Wording::Python);
      build(in, *o, in.toList(p.require("variables", "build")));
      return Value();
    });
  if (attr == "get_config")
    return method([o](Interpreter &in, CallArgs &args) {
      Params p(in, args, "get_config", {}, Wording::Python);
      return getConfig(in, *o);
    });
  if (attr == "iterations") {
    out = iterations;
  } else if (attr == "learning_rate") {
    out = currentLearningRate(in, *this);
  } else if (attr == "variables") {
    out = in.list(variables);
  } else if (attr == "name") {
    out = in.str(name);
  } else if (attr == "built") {
    out = Value::boolean(built);
  } else if (attr == "weight_decay") {
    out = weightDecay;
  } else if (attr == "clipnorm") {
    out = clipnorm;
  } else if (attr == "clipvalue") {
    out = clipvalue;
  } else if (attr == "global_clipnorm") {
    out = globalClipnorm;
  } else {
    for (auto &[key, value] : hyper)
      if (key == attr) {
        out = value;
        return true;
      }
    return false;
  }
  return true;
}

bool OptimizerObject::setAttr(Interpreter &in, const Value &,
                              const std::string &attr, const Value &value) {
  if (attr == "iterations" || attr == "variables")
    in.raise("AttributeError", "property '" + attr + "' of '" +
                                   spec->className + "' object has no setter");
  if (attr != "learning_rate")
    return false;
  if (isLearningRateSchedule(in, learningRate) &&
      !isLearningRateSchedule(in, value) && !in.isCallable(value))
    in.typeError("This optimizer was created with a `LearningRateSchedule` "
                 "object as its `learning_rate` constructor argument, hence "
                 "its learning rate is not settable. If you need the "
                 "learning rate to be settable, you should instantiate the "
                 "optimizer with a float `learning_rate` argument.");
  // Keras: a callable replaces the rate; a value is assigned to the
  // learning-rate variable (made now if the rate was a callable).
  if (in.isCallable(value)) {
    learningRate = value;
    return true;
  }
  if (!asVariable(learningRate)) {
    learningRate = kerasVariable(*rt, name, "learning_rate",
                                 eagerValue(*rt, value, DType::Float32),
                                 TensorType{DType::Float32, {}});
    return true;
  }
  in.call(in.getAttr(learningRate, "assign"), ValueList{value});
  return true;
}

/// An optimizer class's constructor: Keras's arguments and checks.
Value makeOptimizer(TfRuntime &rt, const OptimizerSpec &spec, CallArgs &args) {
  Interpreter &in = rt.in;
  std::vector<std::string> names{"learning_rate"};
  for (auto &[key, value] : spec.defaults)
    names.push_back(key);
  for (const char *common :
       {"weight_decay", "clipnorm", "clipvalue", "global_clipnorm", "use_ema",
        "ema_momentum", "ema_overwrite_frequency", "loss_scale_factor",
        "gradient_accumulation_steps", "name"})
    names.push_back(common);
  // **kwargs: `decay` is ignored with a warning, anything else refused.
  std::string unknown;
  CallArgs known;
  known.positional = args.positional;
  for (auto &[key, value] : args.keywords) {
    if (std::find(names.begin(), names.end(), key) != names.end()) {
      known.keywords.emplace_back(key, value);
    } else if (key == "decay") {
      if (!value.isNone())
        KerasOps(rt).warn(
            "Argument `decay` is no longer supported and will be ignored.");
    } else {
      unknown += (unknown.empty() ? "'" : ", '") + key + "': " + in.repr(value);
    }
  }
  if (!unknown.empty())
    in.valueError("Argument(s) not recognized: {" + unknown + "}");
  Params p(in, known, std::string(spec.className) + ".__init__", names,
           Wording::Python, 0);
  auto arg = [&](const std::string &key, Value fallback) {
    return p.given(key) ? p.get(key) : fallback;
  };
  // Keras names the optimizer before its other checks, so one that fails
  // them still takes a name.
  std::string name =
      p.has("name") ? in.toStr(p.get("name")) : autoName(spec.autoName);
  for (const char *unsupported :
       {"use_ema", "ema_overwrite_frequency", "loss_scale_factor",
        "gradient_accumulation_steps"})
    if (p.has(unsupported) && in.truthy(p.get(unsupported)))
      rt.raise("UnimplementedError",
               std::string("kiln's Keras optimizers do not support `") +
                   unsupported + "`");
  auto o = std::make_shared<OptimizerObject>();
  o->rt = &rt;
  o->spec = &spec;
  o->name = name;
  o->weightDecay = arg("weight_decay", spec.algorithm == Algorithm::AdamW
                                           ? Value::floating(0.004)
                                           : Value());
  o->clipnorm = p.get("clipnorm");
  o->clipvalue = p.get("clipvalue");
  o->globalClipnorm = p.get("global_clipnorm");
  int clips = !o->clipnorm.isNone() + !o->clipvalue.isNone() +
              !o->globalClipnorm.isNone();
  if (clips > 1)
    in.valueError("Only one of `clipnorm`, `clipvalue` and `global_clipnorm` "
                  "can be set. Received: clipnorm=" +
                  in.toStr(o->clipnorm) +
                  ", clipvalue=" + in.toStr(o->clipvalue) +
                  ", global_clipnorm=" + in.toStr(o->globalClipnorm));
  Value rate = arg("learning_rate", Value::floating(spec.learningRate));
  checkLearningRate(in, rate);
  o->iterations = kerasVariable(rt, o->name, "iteration", nullptr,
                                TensorType{DType::Int64, {}});
  o->variables.push_back(o->iterations);
  if (in.isCallable(rate)) {
    o->learningRate = rate;
  } else {
    o->learningRate = kerasVariable(rt, o->name, "learning_rate",
                                    eagerValue(rt, rate, DType::Float32),
                                    TensorType{DType::Float32, {}});
    o->variables.push_back(o->learningRate);
  }
  for (auto &[key, fallback] : spec.defaults)
    o->hyper.emplace_back(key, arg(key, fallback));
  if (spec.algorithm == Algorithm::SGD) {
    const Value &m = (*o)["momentum"];
    if (!isPythonFloat(m) || numberValue(in, m) < 0 || numberValue(in, m) > 1)
      in.valueError("`momentum` must be a float between [0, 1].");
  }
  if (spec.algorithm == Algorithm::AdamW && o->weightDecay.isNone())
    in.valueError("Argument `weight_decay` must be a float. Received: "
                  "weight_decay=None");
  return Value::object(Type::Native, o);
}

} // namespace

void installKerasOptimizers(TfRuntime &rt, ModuleBuilder &keras) {
  ModuleBuilder optimizers(rt.in, rt, "keras._tf_keras.keras.optimizers");
  TfRuntime *r = &rt;
  // isinstance: Optimizer holds them all, Adam also AdamW (its subclass).
  auto type = [&](const std::string &module, const std::string &name,
                  const OptimizerSpec *spec) {
    py::BuiltinFn make;
    if (spec)
      make = [r, spec](Interpreter &, CallArgs &args) {
        return makeOptimizer(*r, *spec, args);
      };
    return Value::object(
        Type::Native, std::make_shared<py::NativeTypeObject>(
                          module, name,
                          [spec](const Value &v) {
                            OptimizerObject *o = asOptimizer(v);
                            return o &&
                                   (!spec || o->spec == spec ||
                                    (spec->algorithm == Algorithm::Adam &&
                                     o->spec->algorithm == Algorithm::AdamW));
                          },
                          std::move(make)));
  };
  optimizers.set("Optimizer",
                 type("keras.src.optimizers", "Optimizer", nullptr));
  for (const OptimizerSpec &spec : optimizerSpecs())
    optimizers.set(spec.className,
                   type(std::string("keras.src.optimizers.") + spec.module,
                        spec.className, &spec));
  installKerasSchedules(rt, optimizers);
  keras.set("optimizers", optimizers.value());
}

} // namespace kiln::tf
