// tf.keras.metrics: Mean and Sum, and the accuracies (Accuracy,
// BinaryAccuracy, CategoricalAccuracy, SparseCategoricalAccuracy), which
// average one match per sample. A custom training loop calls a metric
// (update_state, then result), prints result() and calls reset_state()
// each epoch, eagerly or inside a tf.function.
//
// As in Keras 3 (keras/src/metrics/reduction_metrics.py,
// accuracy_metrics.py), a metric keeps its state in Keras variables made
// with it ("total" and, for the means, "count"), and updates them with the
// TensorFlow ops of Keras's TensorFlow backend in its order.
#include "KerasOps.h"
#include "NativeType.h"
#include "TfModuleBuilder.h"
#include "TfOps.h"

namespace kiln::tf {

namespace {

using py::Type;

enum class MetricKind {
  Mean,
  Sum,
  Accuracy,
  BinaryAccuracy,
  CategoricalAccuracy,
  SparseCategoricalAccuracy
};

struct MetricSpec {
  MetricKind kind;
  const char *className;
  const char *defaultName;
  const char *module; // under keras.src.metrics
};

const std::vector<MetricSpec> &metricSpecs() {
  static const std::vector<MetricSpec> specs{
      {MetricKind::Mean, "Mean", "mean", "reduction_metrics"},
      {MetricKind::Sum, "Sum", "sum", "reduction_metrics"},
      {MetricKind::Accuracy, "Accuracy", "accuracy", "accuracy_metrics"},
      {MetricKind::BinaryAccuracy, "BinaryAccuracy", "binary_accuracy",
       "accuracy_metrics"},
      {MetricKind::CategoricalAccuracy, "CategoricalAccuracy",
       "categorical_accuracy", "accuracy_metrics"},
      {MetricKind::SparseCategoricalAccuracy, "SparseCategoricalAccuracy",
       "sparse_categorical_accuracy", "accuracy_metrics"},
  };
  return specs;
}

/// keras.ops.argmax on the last axis: int32 indices; for floats, -0.0
/// counts as just below 0.0 (Keras's fix for flushed denormals).
Value argmaxLast(KerasOps &ops, Value x) {
  x = ops.convert(x);
  const TensorType &type = ops.typeOf(x);
  CallArgs args;
  args.keywords.emplace_back("axis", Value::integer(-1));
  args.keywords.emplace_back("output_type", makeDType(DType::Int32));
  if (isFloating(type.dtype) && !(type.shape.empty() && !type.unknownRank)) {
    DType d = type.dtype == DType::Float64 ? DType::Float64 : DType::Float32;
    x = ops.cast(x, d);
    Value sign = ops.fn("less", {ops.fn("bitcast", {ops.cast(x, DType::Float32),
                                                    makeDType(DType::Int32)}),
                                 Value::integer(0)});
    Value negativeZero = ops.fn(
        "logical_and", {ops.fn("equal", {x, Value::floating(0.0)}), sign});
    double tiny =
        d == DType::Float64 ? 2.2250738585072014e-308 : 1.1754943508222875e-38;
    x = ops.fn("where",
               {negativeZero, ops.convert(Value::floating(-tiny), d), x});
  }
  args.positional.push_back(x);
  return ops.in.call(ops.in.getAttr(ops.tf, "argmax"), args);
}

/// keras.ops.equal: both cast to the wider dtype first.
Value kerasEqual(KerasOps &ops, Value a, Value b) {
  a = ops.convert(a);
  b = ops.convert(b);
  DType da = ops.dtypeOf(a), db = ops.dtypeOf(b);
  if (da != db) {
    // The accuracies compare a float with a cast of it or an int32 with a
    // float: the float side's dtype wins.
    DType d = isFloating(da) ? da : db;
    a = ops.cast(a, d);
    b = ops.cast(b, d);
  }
  return ops.fn("equal", {a, b});
}

/// The matches of one batch, a float32 per sample, as Keras's accuracy
/// functions compute them.
Value matches(KerasOps &ops, MetricKind kind, Value yTrue, Value yPred,
              const Value &threshold) {
  DType floatx = DType::Float32;
  switch (kind) {
  case MetricKind::Accuracy: {
    yPred = ops.convert(yPred);
    yTrue = ops.convert(yTrue, ops.dtypeOf(yPred));
    ops.sameRank(yTrue, yPred);
    return ops.cast(kerasEqual(ops, yTrue, yPred), floatx);
  }
  case MetricKind::BinaryAccuracy: {
    yPred = ops.convert(yPred);
    yTrue = ops.convert(yTrue);
    Value limit = ops.convert(threshold);
    ops.sameRank(yTrue, yPred);
    // keras.ops.greater casts both sides to their common dtype.
    Value above =
        ops.fn("greater", {yPred, ops.cast(limit, ops.dtypeOf(yPred))});
    yPred = ops.cast(above, ops.dtypeOf(yTrue));
    return ops.cast(kerasEqual(ops, yTrue, yPred), floatx);
  }
  case MetricKind::CategoricalAccuracy:
  case MetricKind::SparseCategoricalAccuracy: {
    const bool sparse = kind == MetricKind::SparseCategoricalAccuracy;
    if (!sparse)
      yTrue = argmaxLast(ops, yTrue);
    yPred = ops.convert(yPred);
    yTrue = ops.convert(yTrue, ops.dtypeOf(yPred));
    Value trueShape = ops.fn("shape", {yTrue});
    const TensorType &t = ops.typeOf(yTrue), &p = ops.typeOf(yPred);
    bool reshape = false;
    if (!t.unknownRank && !p.unknownRank && t.shape.size() == p.shape.size() &&
        (!sparse || (!t.shape.empty() && t.shape.back() == 1))) {
      yTrue = ops.fn("squeeze", {yTrue, Value::integer(-1)});
      reshape = true;
    }
    yPred = argmaxLast(ops, yPred);
    if (ops.dtypeOf(yPred) != ops.dtypeOf(yTrue))
      yPred = ops.cast(yPred, ops.dtypeOf(yTrue));
    Value m = ops.cast(kerasEqual(ops, yTrue, yPred), floatx);
    if (reshape)
      m = ops.fn("reshape", {m, trueShape});
    const TensorType &mt = ops.typeOf(m);
    if (sparse && !mt.unknownRank && mt.shape.size() > 1 &&
        mt.shape.back() == 1)
      m = ops.fn("squeeze", {m, Value::integer(-1)});
    return m;
  }
  default:
    return Value();
  }
}

struct MetricObject : py::NativeObject {
  TfRuntime *rt = nullptr;
  const MetricSpec *spec = nullptr;
  std::string name;
  DType dtype = DType::Float32;
  Value threshold; // BinaryAccuracy's
  Value total, count;

  std::string typeName() const override { return spec->className; }
  std::string typeModule() const override {
    return std::string("keras.src.metrics.") + spec->module;
  }
  std::string repr(Interpreter &, const Value &) override {
    return "<" + std::string(spec->className) + " name=" + name + ">";
  }
  bool isCallable() const override { return true; }
  bool call(Interpreter &in, const Value &self, CallArgs &args,
            Value &out) override {
    updateState(in, args);
    out = result(in);
    return true;
  }
  bool getAttr(Interpreter &in, const Value &self, const std::string &attr,
               Value &out) override;

  void updateState(Interpreter &in, CallArgs &args);
  Value result(Interpreter &in);
};

/// Keras's reduce_to_samplewise_values: one value per sample (the mean or
/// sum, when not `mean`, over the other axes), weighted by `sampleWeight`.
std::pair<Value, Value> samplewise(KerasOps &ops, Value values,
                                   Value sampleWeight, DType dtype, bool mean) {
  using ast::BinaryOp;
  auto reduceFrom = [&](const Value &v, size_t from) {
    const TensorType &type = ops.typeOf(v);
    std::vector<int64_t> axes;
    for (size_t d = from; d < type.shape.size(); ++d)
      axes.push_back(static_cast<int64_t>(d));
    Value list = pyIntList(ops.in, axes);
    return mean ? ops.mean(v, list) : ops.fn("reduce_sum", {v, list});
  };
  values = ops.cast(values, dtype);
  if (!sampleWeight.isNone()) {
    sampleWeight = ops.convert(sampleWeight, dtype);
    ops.sameRank(values, sampleWeight);
    size_t weightRank = ops.typeOf(sampleWeight).shape.size();
    if (ops.typeOf(values).shape.size() > weightRank)
      values = reduceFrom(values, weightRank);
    sampleWeight =
        ops.fn("broadcast_to", {sampleWeight, ops.fn("shape", {values})});
    values = ops.op(BinaryOp::Mult, values, sampleWeight);
    if (weightRank > 1)
      sampleWeight = reduceFrom(sampleWeight, 1);
  }
  if (ops.typeOf(values).shape.size() > 1)
    values = reduceFrom(values, 1);
  return {values, sampleWeight};
}

void MetricObject::updateState(Interpreter &in, CallArgs &args) {
  KerasOps ops(*rt);
  Value values, sampleWeight;
  if (spec->kind == MetricKind::Mean || spec->kind == MetricKind::Sum) {
    Params p(in, args, "update_state", {"values", "sample_weight"},
             Wording::Python, 1);
    if (!p.given("values"))
      in.typeError(std::string(spec->className) +
                   ".update_state() missing 1 required positional argument: "
                   "'values'");
    values = p.get("values");
    sampleWeight = p.get("sample_weight");
  } else {
    Params p(in, args, "update_state", {"y_true", "y_pred", "sample_weight"},
             Wording::Python, 2);
    if (!p.given("y_true") || !p.given("y_pred"))
      in.typeError("MeanMetricWrapper.update_state() missing required "
                   "positional arguments: 'y_true' and 'y_pred'");
    values =
        matches(ops, spec->kind, p.get("y_true"), p.get("y_pred"), threshold);
    sampleWeight = p.get("sample_weight");
  }
  if (spec->kind == MetricKind::Sum) {
    values = samplewise(ops, values, sampleWeight, dtype, /*mean=*/false).first;
    ops.method(total, "assign_add", {ops.fn("reduce_sum", {values})});
    return;
  }
  std::tie(values, sampleWeight) =
      samplewise(ops, values, sampleWeight, dtype, /*mean=*/true);
  ops.method(total, "assign_add", {ops.fn("reduce_sum", {values})});
  Value samples;
  const TensorType &type = ops.typeOf(values);
  if (!sampleWeight.isNone())
    samples = ops.fn("reduce_sum", {sampleWeight});
  else if (type.unknownRank || !type.shape.empty())
    samples = type.unknownRank || type.shape[0] < 0
                  ? in.getItem(ops.fn("shape", {values}), Value::integer(0))
                  : Value::integer(type.shape[0]);
  else
    samples = Value::integer(1);
  ops.method(count, "assign_add", {ops.cast(samples, dtype)});
}

Value MetricObject::result(Interpreter &in) {
  KerasOps ops(*rt);
  if (spec->kind == MetricKind::Sum)
    return ops.cast(total, dtype);
  return ops.math("divide_no_nan", {total, ops.cast(count, dtype)});
}

bool MetricObject::getAttr(Interpreter &in, const Value &self,
                           const std::string &attr, Value &out) {
  MetricObject *m = this;
  auto method = [&](py::BuiltinFn fn) {
    out = boundBuiltin(in, self, attr, std::move(fn));
    return true;
  };
  if (attr == "update_state")
    return method([m](Interpreter &in, CallArgs &args) {
      m->updateState(in, args);
      return Value();
    });
  if (attr == "result")
    return method([m](Interpreter &in, CallArgs &args) {
      Params p(in, args, "result", {}, Wording::Python);
      return m->result(in);
    });
  if (attr == "reset_state")
    return method([m](Interpreter &in, CallArgs &args) {
      Params p(in, args, "reset_state", {}, Wording::Python);
      for (const Value &v : {m->total, m->count})
        if (!v.isNone())
          in.call(in.getAttr(v, "assign"), ValueList{Value::integer(0)});
      return Value();
    });
  if (attr == "get_config")
    return method([m](Interpreter &in, CallArgs &args) {
      Params p(in, args, "get_config", {}, Wording::Python);
      Value config = in.dict();
      in.setItem(config, in.str("name"), in.str(m->name));
      in.setItem(config, in.str("dtype"), in.str(py::dtypeName(m->dtype)));
      if (m->spec->kind == MetricKind::BinaryAccuracy)
        in.setItem(config, in.str("threshold"), m->threshold);
      return config;
    });
  if (attr == "name")
    out = in.str(name);
  else if (attr == "dtype")
    out = in.str(py::dtypeName(dtype));
  else if (attr == "variables") {
    ValueList vars{total};
    if (!count.isNone())
      vars.push_back(count);
    out = in.list(vars);
  } else if (attr == "total")
    out = total;
  else if (attr == "count" && !count.isNone())
    out = count;
  else if (attr == "threshold" && spec->kind == MetricKind::BinaryAccuracy)
    out = threshold;
  else
    return false;
  return true;
}

Value makeMetric(TfRuntime &rt, const MetricSpec &spec, CallArgs &args) {
  Interpreter &in = rt.in;
  std::vector<std::string> names{"name", "dtype"};
  if (spec.kind == MetricKind::BinaryAccuracy)
    names.push_back("threshold");
  Params p(in, args, std::string(spec.className) + ".__init__", names,
           Wording::Python, 0);
  auto m = std::make_shared<MetricObject>();
  m->rt = &rt;
  m->spec = &spec;
  m->name = p.has("name") ? in.toStr(p.get("name")) : spec.defaultName;
  if (p.has("dtype"))
    m->dtype = *dtypeArg(in, p.get("dtype"));
  m->threshold =
      p.given("threshold") ? p.get("threshold") : Value::floating(0.5);
  // Keras names the variables' scope after the metric, '/' made '>'.
  std::string scope = m->name;
  std::replace(scope.begin(), scope.end(), '/', '>');
  TensorType scalar{m->dtype, {}};
  m->total = kerasVariable(rt, scope, "total", nullptr, scalar);
  if (spec.kind != MetricKind::Sum)
    m->count = kerasVariable(rt, scope, "count", nullptr, scalar);
  return Value::object(Type::Native, m);
}

} // namespace

void installKerasMetrics(TfRuntime &rt, ModuleBuilder &keras) {
  ModuleBuilder metrics(rt.in, rt, "keras._tf_keras.keras.metrics");
  TfRuntime *r = &rt;
  for (const MetricSpec &spec : metricSpecs()) {
    const MetricSpec *s = &spec;
    metrics.set(
        spec.className,
        Value::object(
            Type::Native,
            std::make_shared<py::NativeTypeObject>(
                std::string("keras.src.metrics.") + spec.module, spec.className,
                [s](const Value &v) {
                  auto *m = v.is(Type::Native)
                                ? dynamic_cast<MetricObject *>(v.raw())
                                : nullptr;
                  // The accuracies are Means (MeanMetricWrapper).
                  return m &&
                         (m->spec == s || (s->kind == MetricKind::Mean &&
                                           m->spec->kind != MetricKind::Sum));
                },
                [r, s](Interpreter &, CallArgs &args) {
                  return makeMetric(*r, *s, args);
                })));
  }
  keras.set("metrics", metrics.value());
}

} // namespace kiln::tf
