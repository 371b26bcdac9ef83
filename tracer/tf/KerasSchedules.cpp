// tf.keras.optimizers.schedules: the learning-rate schedules an optimizer
// calls with its iteration count before each update (ExponentialDecay,
// PiecewiseConstantDecay, PolynomialDecay, InverseTimeDecay, CosineDecay),
// and their base class LearningRateSchedule, which scripts subclass.
//
// They are Python classes as in Keras (learning_rate_schedule.py): an
// instance keeps its arguments as attributes and __call__(step) computes
// with the TensorFlow ops of Keras's TensorFlow backend in its order.
#include "KerasOps.h"
#include "TfModuleBuilder.h"

#include <cmath>

namespace kiln::tf {

namespace {

using ast::BinaryOp;
using py::Type;

const char *kScheduleModule =
    "keras.src.optimizers.schedules.learning_rate_schedule";

Value selfOf(Interpreter &in, CallArgs &args, const std::string &method) {
  if (args.positional.empty() || !args.positional[0].is(Type::Instance))
    in.typeError(method + "() missing 1 required positional argument: "
                          "'self'");
  Value self = args.positional[0];
  args.positional.erase(args.positional.begin());
  return self;
}

/// A schedule class: `names` are __init__'s parameters (those before
/// `required` have no default) and its attributes; `call` is __call__.
struct ScheduleClass {
  const char *name;
  std::vector<std::pair<std::string, Value>> params; // None: required
  size_t required;
  std::function<Value(KerasOps &, const Value &self, const Value &step)> call;
};

Value attr(KerasOps &ops, const Value &self, const char *name) {
  return ops.in.getAttr(self, name);
}

/// initial_learning_rate as a tensor, and its dtype (Keras's first steps).
Value initialRate(KerasOps &ops, const Value &self, DType &d) {
  Value rate = ops.convert(attr(ops, self, "initial_learning_rate"));
  d = ops.dtypeOf(rate);
  return rate;
}

/// The decay rate and the fraction of decay_steps done (floored when
/// `staircase`) of ExponentialDecay and InverseTimeDecay.
std::pair<Value, Value> decayProgress(KerasOps &ops, const Value &self,
                                      const Value &step, DType d) {
  Value steps = ops.cast(attr(ops, self, "decay_steps"), d);
  Value rate = ops.cast(attr(ops, self, "decay_rate"), d);
  Value p = ops.op(BinaryOp::Div, ops.cast(step, d), steps);
  if (ops.in.truthy(attr(ops, self, "staircase")))
    p = ops.fn("floor", {p});
  return {rate, p};
}

Value exponentialDecay(KerasOps &ops, const Value &self, const Value &step) {
  DType d;
  Value initial = initialRate(ops, self, d);
  auto [rate, p] = decayProgress(ops, self, step, d);
  return ops.mul(initial, ops.fn("pow", {rate, p}));
}

Value inverseTimeDecay(KerasOps &ops, const Value &self, const Value &step) {
  DType d;
  Value initial = initialRate(ops, self, d);
  auto [rate, p] = decayProgress(ops, self, step, d);
  Value one = ops.cast(ops.fn("constant", {Value::integer(1)}), d);
  return ops.div(initial, ops.add(one, ops.mul(rate, p)));
}

Value polynomialDecay(KerasOps &ops, const Value &self, const Value &step) {
  DType d;
  Value initial = initialRate(ops, self, d);
  Value end = ops.cast(attr(ops, self, "end_learning_rate"), d);
  Value power = ops.cast(attr(ops, self, "power"), d);
  Value global = ops.cast(step, d);
  Value steps = ops.cast(attr(ops, self, "decay_steps"), d);
  if (ops.in.truthy(attr(ops, self, "cycle"))) {
    // The first multiple of decay_steps past the step (1 at step 0).
    Value multiplier = ops.fn(
        "where", {ops.fn("equal", {global, ops.convert(Value::integer(0), d)}),
                  ops.convert(Value::floating(1.0), d),
                  ops.math("ceil", {ops.op(BinaryOp::Div, global,
                                           attr(ops, self, "decay_steps"))})});
    steps = ops.mul(steps, multiplier);
  } else {
    global = ops.fn("minimum", {global, steps});
  }
  Value p = ops.div(global, steps);
  return ops.add(
      ops.mul(
          ops.op(BinaryOp::Sub, initial, end),
          ops.fn("pow", {ops.op(BinaryOp::Sub, Value::integer(1), p), power})),
      end);
}

Value cosineDecay(KerasOps &ops, const Value &self, const Value &step) {
  DType d;
  Value initial = initialRate(ops, self, d);
  Value steps = ops.cast(attr(ops, self, "decay_steps"), d);
  Value global = ops.cast(step, d);
  Value alpha = attr(ops, self, "alpha");
  auto decay = [&](const Value &at, const Value &from) {
    Value fraction = ops.div(at, steps);
    Value pi = ops.convert(Value::floating(M_PI), d);
    Value cosine = ops.op(BinaryOp::Mult, Value::floating(0.5),
                          ops.op(BinaryOp::Add, Value::floating(1.0),
                                 ops.fn("cos", {ops.mul(pi, fraction)})));
    Value decayed = ops.op(
        BinaryOp::Add,
        ops.op(BinaryOp::Mult,
               ops.in.binary(BinaryOp::Sub, Value::integer(1), alpha), cosine),
        alpha);
    return ops.mul(from, decayed);
  };
  Value target = attr(ops, self, "warmup_target");
  if (target.isNone())
    return decay(ops.fn("minimum", {global, steps}), initial);
  // Warming up from the initial rate to the target, then decaying from
  // it. (Keras picks one with ops.cond; both are pure, so the other one
  // computed here is not seen.)
  Value warmupTarget = ops.cast(target, d);
  Value warmupSteps = ops.cast(attr(ops, self, "warmup_steps"), d);
  global =
      ops.fn("minimum", {global, ops.op(BinaryOp::Add, steps, warmupSteps)});
  Value warm = ops.op(BinaryOp::Add,
                      ops.op(BinaryOp::Mult,
                             ops.op(BinaryOp::Sub, warmupTarget, initial),
                             ops.op(BinaryOp::Div, global, warmupSteps)),
                      initial);
  Value decayed =
      decay(ops.op(BinaryOp::Sub, global, warmupSteps), warmupTarget);
  return ops.fn("where", {ops.in.compare(ast::CmpOp::Lt, global, warmupSteps),
                          warm, decayed});
}

Value piecewiseConstantDecay(KerasOps &ops, const Value &self,
                             const Value &stepArg) {
  Interpreter &in = ops.in;
  ValueList boundaries, values;
  for (const Value &b : in.toList(attr(ops, self, "boundaries")))
    boundaries.push_back(ops.convert(b));
  for (const Value &v : in.toList(attr(ops, self, "values")))
    values.push_back(ops.convert(v));
  Value step = ops.convert(stepArg);
  for (Value &b : boundaries)
    if (ops.dtypeOf(b) != ops.dtypeOf(step))
      b = ops.cast(b, ops.dtypeOf(step));
  DType d = ops.dtypeOf(values[0]);
  Value result = ops.convert(Value::integer(0), d);
  auto add = [&](const Value &inRange, const Value &value) {
    result = ops.op(BinaryOp::Add, result,
                    ops.op(BinaryOp::Mult, ops.cast(inRange, d), value));
  };
  add(in.compare(ast::CmpOp::LtE, step, boundaries[0]), values[0]);
  add(in.compare(ast::CmpOp::Gt, step, boundaries.back()), values.back());
  for (size_t i = 0; i + 1 < boundaries.size(); ++i)
    add(ops.op(BinaryOp::BitAnd,
               in.compare(ast::CmpOp::Gt, step, boundaries[i]),
               in.compare(ast::CmpOp::LtE, step, boundaries[i + 1])),
        values[i + 1]);
  return result;
}

std::vector<ScheduleClass> scheduleClasses() {
  Value none, no = Value::boolean(false);
  return {
      {"ExponentialDecay",
       {{"initial_learning_rate", none},
        {"decay_steps", none},
        {"decay_rate", none},
        {"staircase", no},
        {"name", Value()}},
       3,
       exponentialDecay},
      {"PiecewiseConstantDecay",
       {{"boundaries", none}, {"values", none}, {"name", Value()}},
       2,
       piecewiseConstantDecay},
      {"PolynomialDecay",
       {{"initial_learning_rate", none},
        {"decay_steps", none},
        {"end_learning_rate", Value::floating(0.0001)},
        {"power", Value::floating(1.0)},
        {"cycle", no},
        {"name", Value()}},
       2,
       polynomialDecay},
      {"InverseTimeDecay",
       {{"initial_learning_rate", none},
        {"decay_steps", none},
        {"decay_rate", none},
        {"staircase", no},
        {"name", Value()}},
       3,
       inverseTimeDecay},
      {"CosineDecay",
       {{"initial_learning_rate", none},
        {"decay_steps", none},
        {"alpha", Value::floating(0.0)},
        {"name", Value()},
        {"warmup_target", none},
        {"warmup_steps", Value::integer(0)}},
       2,
       cosineDecay},
  };
}

/// Keras's default `name` of each schedule.
std::string defaultName(const std::string &cls) {
  return cls == "PiecewiseConstantDecay" ? "PiecewiseConstant" : cls;
}

} // namespace

bool isLearningRateSchedule(Interpreter &in, const Value &v) {
  py::ClassPtr base = in.builtinClass("keras.LearningRateSchedule");
  return base && v.is(Type::Instance) && in.isInstance(v, base.get());
}

void installKerasSchedules(TfRuntime &rt, ModuleBuilder &optimizers) {
  Interpreter &in = rt.in;
  TfRuntime *r = &rt;
  ModuleBuilder schedules(in, rt, "keras._tf_keras.keras.optimizers.schedules");
  auto base = std::make_shared<py::ClassObject>();
  base->name = "LearningRateSchedule";
  base->module = kScheduleModule;
  base->dict["__call__"] =
      in.builtin("__call__", [](Interpreter &in, CallArgs &args) {
        Value self = selfOf(in, args, "__call__");
        in.raise("NotImplementedError",
                 "Learning rate schedule '" + in.typeName(self) +
                     "' must override `__call__(self, step)`.");
        return Value();
      });
  base->dict["get_config"] =
      in.builtin("get_config", [](Interpreter &in, CallArgs &args) {
        Value self = selfOf(in, args, "get_config");
        in.raise("NotImplementedError",
                 "Learning rate schedule '" + in.typeName(self) +
                     "' must override `get_config()` in order to be "
                     "serializable.");
        return Value();
      });
  in.registerClass("keras.LearningRateSchedule", base);
  schedules.set("LearningRateSchedule", Value::object(Type::Class, base));

  for (ScheduleClass &spec : scheduleClasses()) {
    auto cls = std::make_shared<py::ClassObject>();
    cls->name = spec.name;
    cls->module = kScheduleModule;
    cls->base = base;
    auto params = spec.params;
    std::string name = spec.name;
    size_t required = spec.required;
    cls->dict["__init__"] = in.builtin(
        "__init__", [params, name, required](Interpreter &in, CallArgs &args) {
          Value self = selfOf(in, args, "__init__");
          std::vector<std::string> names;
          for (auto &[key, value] : params)
            names.push_back(key);
          Params p(in, args, "__init__", names, Wording::Python, required);
          for (size_t i = 0; i < required; ++i)
            if (!p.given(names[i]))
              in.typeError(name +
                           ".__init__() missing 1 required positional "
                           "argument: '" +
                           names[i] + "'");
          for (auto &[key, fallback] : params) {
            Value v = p.given(key) ? p.get(key) : fallback;
            if (key == "name" && !p.given(key))
              v = in.str(defaultName(name));
            in.setAttr(self, key, v);
          }
          if (name == "PiecewiseConstantDecay") {
            Value boundaries = p.get("boundaries"), values = p.get("values");
            int64_t nb = in.len(boundaries), nv = in.len(values);
            if (nb != nv - 1)
              in.valueError(
                  "The length of boundaries should be 1 less than the length "
                  "of values. Received: boundaries=" +
                  in.toStr(boundaries) + " of length " + std::to_string(nb) +
                  ", and values=" + in.toStr(values) + " of length " +
                  std::to_string(nv) + ".");
          } else if (in.truthy(in.compare(ast::CmpOp::LtE, p.get("decay_steps"),
                                          Value::integer(0)))) {
            in.valueError("Argument `decay_steps` must be > 0. Received: "
                          "decay_steps=" +
                          in.toStr(p.get("decay_steps")));
          }
          return Value();
        });
    auto call = spec.call;
    cls->dict["__call__"] =
        in.builtin("__call__", [r, call](Interpreter &in, CallArgs &args) {
          Value self = selfOf(in, args, "__call__");
          Params p(in, args, "__call__", {"step"}, Wording::Python);
          if (!p.given("step"))
            in.typeError("__call__() missing 1 required positional "
                         "argument: 'step'");
          KerasOps ops(*r);
          return call(ops, self, p.get("step"));
        });
    cls->dict["get_config"] =
        in.builtin("get_config", [params](Interpreter &in, CallArgs &args) {
          Value self = selfOf(in, args, "get_config");
          Value config = in.dict();
          for (auto &[key, value] : params)
            in.setItem(config, in.str(key), in.getAttr(self, key));
          return config;
        });
    schedules.set(spec.name, Value::object(Type::Class, cls));
  }
  optimizers.set("schedules", schedules.value());
}

} // namespace kiln::tf
