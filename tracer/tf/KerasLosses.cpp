// tf.keras.losses: mean squared and absolute error and the binary,
// categorical and sparse categorical cross-entropies, as classes
// (MeanSquaredError()(y_true, y_pred)) and as functions
// (tf.keras.losses.mean_squared_error), computed with the TensorFlow ops of
// Keras 3's TensorFlow backend in its order (keras/src/losses/losses.py,
// loss.py, backend/tensorflow/nn.py).
//
// A loss object converts both arguments to its dtype (float32), computes
// one loss per sample and reduces them: by default their sum divided by
// their count ("sum_over_batch_size"). In a tf.function Keras looks
// through a tf.nn.softmax or tf.math.sigmoid that made the predictions and
// computes from its logits instead, so kiln does too.
#include "KerasOps.h"
#include "NativeType.h"
#include "TfModuleBuilder.h"
#include "TfOps.h"

namespace kiln::tf {

namespace {

using py::Type;

enum class LossKind {
  MeanSquared,
  MeanAbsolute,
  Binary,
  Categorical,
  SparseCategorical
};

/// One loss: its class, its function, and the class's own arguments with
/// their defaults in Keras's order.
struct LossSpec {
  LossKind kind;
  const char *className;
  const char *function; // also the class's default name
  std::vector<std::pair<std::string, Value>> defaults;
};

const std::vector<LossSpec> &lossSpecs() {
  static const std::vector<LossSpec> specs = [] {
    Value no = Value::boolean(false), last = Value::integer(-1);
    return std::vector<LossSpec>{
        {LossKind::MeanSquared, "MeanSquaredError", "mean_squared_error", {}},
        {LossKind::MeanAbsolute,
         "MeanAbsoluteError",
         "mean_absolute_error",
         {}},
        {LossKind::Binary,
         "BinaryCrossentropy",
         "binary_crossentropy",
         {{"from_logits", no},
          {"label_smoothing", Value::floating(0.0)},
          {"axis", last}}},
        {LossKind::Categorical,
         "CategoricalCrossentropy",
         "categorical_crossentropy",
         {{"from_logits", no},
          {"label_smoothing", Value::floating(0.0)},
          {"axis", last}}},
        {LossKind::SparseCategorical,
         "SparseCategoricalCrossentropy",
         "sparse_categorical_crossentropy",
         {{"from_logits", no}, {"ignore_class", Value()}, {"axis", last}}},
    };
  }();
  return specs;
}

std::string shapeText(KerasOps &ops, const Value &t) {
  return ops.in.toStr(makeShape(ops.typeOf(t)));
}

/// Keras's _get_logits: in a graph, predictions made by a Softmax
/// (Sigmoid) op are replaced by that op's input, taken as logits, with a
/// warning when the caller said they already were.
Value lookThrough(KerasOps &ops, const Value &output, bool &fromLogits,
                  const char *opType, const char *fn) {
  TfRuntime &rt = ops.rt;
  if (!rt.tracing || !rt.isTensor(output) || !rt.tensor(output).symbolic())
    return output;
  int node = rt.tensor(output).out.node;
  Value logits;
  if (std::string(opType) == "Softmax") {
    auto it = rt.tracing->softmaxLogits.find(node);
    if (it == rt.tracing->softmaxLogits.end())
      return output;
    logits = rt.symbolic(it->second);
  } else {
    const graph::Node &n = rt.tracing->graph.nodes[node];
    if (n.op != "Sigmoid" || n.inputs.size() != 1)
      return output;
    logits = rt.symbolic(n.inputs[0]);
  }
  if (fromLogits)
    ops.warn(std::string("\"`") + fn +
             "` received `from_logits=True`, but the `output` argument was "
             "produced by a " +
             opType +
             " activation and thus does not represent logits. Was this "
             "intended?");
  fromLogits = true;
  return logits;
}

/// The backend's check that target and output have the same rank and
/// compatible dimensions.
void requireSameShape(KerasOps &ops, const Value &target, const Value &output) {
  const TensorType &t = ops.typeOf(target), &o = ops.typeOf(output);
  std::string shapes = "target.shape=" + shapeText(ops, target) +
                       ", output.shape=" + shapeText(ops, output);
  if (t.unknownRank || o.unknownRank)
    return;
  if (t.shape.size() != o.shape.size())
    ops.in.valueError("Arguments `target` and `output` must have the same "
                      "rank (ndim). Received: " +
                      shapes);
  for (size_t i = 0; i < t.shape.size(); ++i)
    if (t.shape[i] >= 0 && o.shape[i] >= 0 && t.shape[i] != o.shape[i])
      ops.in.valueError("Arguments `target` and `output` must have the same "
                        "shape. Received: " +
                        shapes);
}

/// clip(output, epsilon, 1 - epsilon) with Keras's epsilon (1e-7).
Value clipProbabilities(KerasOps &ops, const Value &output) {
  const double epsilon = 1e-7;
  return ops.fn("clip_by_value", {output, Value::floating(epsilon),
                                  Value::floating(1.0 - epsilon)});
}

Value binaryCrossentropy(KerasOps &ops, const Value &yTrue, Value yPred,
                         const std::vector<std::pair<std::string, Value>> &a) {
  using ast::BinaryOp;
  Interpreter &in = ops.in;
  yPred = ops.convert(yPred);
  Value target = ops.cast(yTrue, ops.dtypeOf(yPred));
  double smoothing = numberValue(in, namedValue(a, "label_smoothing"));
  if (smoothing != 0)
    target =
        ops.op(BinaryOp::Add,
               ops.op(BinaryOp::Mult, target, Value::floating(1.0 - smoothing)),
               Value::floating(0.5 * smoothing));
  requireSameShape(ops, target, yPred);
  bool fromLogits = in.truthy(namedValue(a, "from_logits"));
  Value output =
      lookThrough(ops, yPred, fromLogits, "Sigmoid", "binary_crossentropy");
  Value perElement;
  if (fromLogits) {
    CallArgs args;
    args.keywords.emplace_back("labels", target);
    args.keywords.emplace_back("logits", output);
    perElement = in.call(in.getAttr(in.getAttr(ops.tf, "nn"),
                                    "sigmoid_cross_entropy_with_logits"),
                         args);
  } else {
    output = clipProbabilities(ops, output);
    Value one = Value::integer(1);
    Value bce = ops.op(BinaryOp::Mult, target, ops.math("log", {output}));
    bce = ops.op(BinaryOp::Add, bce,
                 ops.op(BinaryOp::Mult, ops.op(BinaryOp::Sub, one, target),
                        ops.math("log", {ops.op(BinaryOp::Sub, one, output)})));
    perElement = in.unary(ast::UnaryOpKind::USub, bce);
  }
  return ops.mean(perElement, namedValue(a, "axis"));
}

Value categoricalCrossentropy(
    KerasOps &ops, const Value &yTrue, Value yPred,
    const std::vector<std::pair<std::string, Value>> &a) {
  using ast::BinaryOp;
  Interpreter &in = ops.in;
  const Value &axis = namedValue(a, "axis");
  if (axis.is(Type::Bool))
    in.valueError("`axis` must be of type `int`. Received: axis=" +
                  in.toStr(axis) + " of type <class 'bool'>");
  yPred = ops.convert(yPred);
  DType d = ops.dtypeOf(yPred);
  Value target = ops.cast(yTrue, d);
  const TensorType &pt = ops.typeOf(yPred);
  if (!pt.unknownRank && !pt.shape.empty() && pt.shape.back() == 1)
    ops.warn("In loss categorical_crossentropy, expected y_pred.shape to be "
             "(batch_size, num_classes) with num_classes > 1. Received: "
             "y_pred.shape=" +
                 shapeText(ops, yPred) +
                 ". Consider using 'binary_crossentropy' if you only have 2 "
                 "classes.",
             "SyntaxWarning");
  double smoothing = numberValue(in, namedValue(a, "label_smoothing"));
  if (smoothing != 0) {
    Value classes = ops.cast(
        ops.in.getItem(ops.fn("shape", {target}), Value::integer(-1)), d);
    target =
        ops.op(BinaryOp::Add,
               ops.op(BinaryOp::Mult, target, Value::floating(1.0 - smoothing)),
               ops.op(BinaryOp::Div, Value::floating(smoothing), classes));
  }
  const TensorType &tt = ops.typeOf(target);
  if (!tt.unknownRank && tt.shape.empty())
    in.valueError("Arguments `target` and `output` must be at least rank 1. "
                  "Received: target.shape=" +
                  shapeText(ops, target) +
                  ", output.shape=" + shapeText(ops, yPred));
  requireSameShape(ops, target, yPred);
  bool fromLogits = in.truthy(namedValue(a, "from_logits"));
  Value output = lookThrough(ops, yPred, fromLogits, "Softmax",
                             "categorical_crossentropy");
  if (fromLogits) {
    CallArgs args;
    args.keywords.emplace_back("labels", target);
    args.keywords.emplace_back("logits", output);
    args.keywords.emplace_back("axis", axis);
    return in.call(in.getAttr(in.getAttr(ops.tf, "nn"),
                              "softmax_cross_entropy_with_logits"),
                   args);
  }
  CallArgs sum;
  sum.positional = {output, axis};
  sum.keywords.emplace_back("keepdims", Value::boolean(true));
  output = ops.op(BinaryOp::Div, output,
                  in.call(in.getAttr(ops.tf, "reduce_sum"), sum));
  output = clipProbabilities(ops, output);
  return in.unary(ast::UnaryOpKind::USub,
                  ops.fn("reduce_sum", {ops.op(BinaryOp::Mult, target,
                                               ops.math("log", {output})),
                                        axis}));
}

/// The sparse categorical cross-entropy of each sample; with
/// `ignore_class`, samples of that class count 0 and `*mask` says which
/// count (Keras's mask on the result, which a loss object's reduction
/// uses).
Value sparseCategoricalCrossentropy(
    KerasOps &ops, Value yTrue, Value yPred,
    const std::vector<std::pair<std::string, Value>> &a, Value *mask) {
  Interpreter &in = ops.in;
  const Value &axis = namedValue(a, "axis");
  yTrue = ops.convert(yTrue);
  yPred = ops.convert(yPred);
  auto squeezeLast = [&](Value &target, const Value &output) {
    const TensorType &t = ops.typeOf(target), &o = ops.typeOf(output);
    if (!t.unknownRank && !o.unknownRank && t.shape.size() == o.shape.size() &&
        !t.shape.empty() && t.shape.back() == 1)
      target = ops.fn("squeeze", {target, Value::integer(-1)});
  };
  squeezeLast(yTrue, yPred);
  const Value &ignore = namedValue(a, "ignore_class");
  Value valid;
  if (!ignore.isNone()) {
    // The ignored samples' labels and predictions become 0 (keras.ops'
    // not_equal and where cast to the common dtype first).
    DType d = ops.dtypeOf(yPred);
    DType common = isFloating(ops.dtypeOf(yTrue)) ? ops.dtypeOf(yTrue) : d;
    valid = ops.fn("not_equal", {ops.cast(yTrue, common),
                                 ops.cast(ops.cast(ignore, d), common)});
    yTrue =
        ops.fn("where", {valid, yTrue,
                         ops.convert(Value::integer(0), ops.dtypeOf(yTrue))});
    yPred = ops.fn("where", {ops.fn("expand_dims", {valid, axis}), yPred,
                             ops.convert(Value::integer(0), d)});
  }
  const TensorType &pt = ops.typeOf(yPred);
  int64_t rank = pt.unknownRank ? -1 : static_cast<int64_t>(pt.shape.size());
  if (!(axis.isIntLike() && (axis.asInt() == -1 || axis.asInt() == rank - 1)))
    in.valueError("Only axis=-1 is currently supported. Received: axis=" +
                  in.toStr(axis));
  bool fromLogits = in.truthy(namedValue(a, "from_logits"));
  Value output = lookThrough(ops, yPred, fromLogits, "Softmax",
                             "sparse_categorical_crossentropy");
  Value target = ops.cast(yTrue, DType::Int64);
  squeezeLast(target, output);
  const TensorType &t = ops.typeOf(target), &o = ops.typeOf(output);
  if (!o.unknownRank && o.shape.empty())
    in.valueError("Argument `output` must be at least rank 1. Received: "
                  "output.shape=" +
                  shapeText(ops, output));
  if (!t.unknownRank && !o.unknownRank) {
    std::string shapes = "target.shape=" + shapeText(ops, target) +
                         ", output.shape=" + shapeText(ops, output);
    if (t.shape.size() != o.shape.size() - 1)
      in.valueError("Argument `output` must have rank (ndim) `target.ndim - "
                    "1`. Received: " +
                    shapes);
    for (size_t i = 0; i < t.shape.size(); ++i)
      if (t.shape[i] >= 0 && o.shape[i] >= 0 && t.shape[i] != o.shape[i])
        in.valueError("Arguments `target` and `output` must have the same "
                      "shape up until the last dimension: " +
                      shapes);
  }
  if (!fromLogits)
    output = ops.math("log", {clipProbabilities(ops, output)});
  CallArgs args;
  args.keywords.emplace_back("labels", target);
  args.keywords.emplace_back("logits", output);
  Value result = in.call(in.getAttr(in.getAttr(ops.tf, "nn"),
                                    "sparse_softmax_cross_entropy_with_logits"),
                         args);
  if (valid.isNone())
    return result;
  valid = ops.fn("reshape", {valid, sliceOf(ops.rt, ops.fn("shape", {yPred}),
                                            std::nullopt, -1)});
  if (mask)
    *mask = valid;
  return ops.fn(
      "where",
      {valid, result, ops.convert(Value::floating(0.0), ops.dtypeOf(result))});
}

/// The loss function of `spec` on one pair: a loss per sample (and in
/// `*mask`, when given, which samples count, for ignore_class).
Value lossValues(KerasOps &ops, const LossSpec &spec, Value yTrue, Value yPred,
                 const std::vector<std::pair<std::string, Value>> &args,
                 Value *mask = nullptr) {
  switch (spec.kind) {
  case LossKind::MeanSquared:
  case LossKind::MeanAbsolute: {
    yPred = ops.convert(yPred);
    yTrue = ops.convert(yTrue, ops.dtypeOf(yPred));
    ops.sameRank(yTrue, yPred);
    Value diff = ops.op(ast::BinaryOp::Sub, yTrue, yPred);
    Value each =
        ops.fn(spec.kind == LossKind::MeanSquared ? "square" : "abs", {diff});
    return ops.mean(each, Value::integer(-1));
  }
  case LossKind::Binary:
    return binaryCrossentropy(ops, yTrue, yPred, args);
  case LossKind::Categorical:
    return categoricalCrossentropy(ops, yTrue, yPred, args);
  case LossKind::SparseCategorical:
    return sparseCategoricalCrossentropy(ops, yTrue, yPred, args, mask);
  }
  return Value();
}

/// A loss object (tf.keras.losses.MeanSquaredError()).
struct LossObject : py::NativeObject {
  TfRuntime *rt = nullptr;
  const LossSpec *spec = nullptr;
  std::string name;
  Value reduction; // "sum_over_batch_size", "sum", "mean", "none" or None
  DType dtype = DType::Float32;
  std::vector<std::pair<std::string, Value>> args; // spec->defaults' names

  std::string typeName() const override { return spec->className; }
  std::string typeModule() const override { return "keras.src.losses.losses"; }
  std::string repr(Interpreter &, const Value &) override {
    return objectRepr(typeModule() + "." + typeName(), this);
  }
  bool isCallable() const override { return true; }
  bool call(Interpreter &in, const Value &, CallArgs &callArgs,
            Value &out) override;
  bool getAttr(Interpreter &in, const Value &self, const std::string &attr,
               Value &out) override {
    if (attr == "name")
      out = in.str(name);
    else if (attr == "reduction")
      out = reduction;
    else if (attr == "dtype")
      out = in.str(py::dtypeName(dtype));
    else
      return false;
    return true;
  }
};

/// Keras's reduce_weighted_values without masks: the losses weighted by
/// `sampleWeight`, then summed, and divided by their count for the
/// averaging reductions.
Value reduceLosses(KerasOps &ops, const LossObject &loss, Value values,
                   Value sampleWeight, Value mask) {
  using ast::BinaryOp;
  values = ops.convert(values, loss.dtype);
  std::string reduction =
      loss.reduction.isNone() ? "none" : ops.in.toStr(loss.reduction);
  if (!sampleWeight.isNone())
    sampleWeight = ops.convert(sampleWeight, loss.dtype);
  if (!mask.isNone()) {
    // apply_mask: for the averaging reductions the samples that count
    // weigh total / valid (0 when none does), so that they average over
    // those only.
    Value valid = mask;
    mask = ops.cast(mask, loss.dtype);
    if (reduction == "mean" || reduction == "sum_over_batch_size") {
      Value total =
          ops.cast(ops.fn("reduce_prod",
                          {ops.fn("shape", {mask, makeDType(DType::Int32)})}),
                   loss.dtype);
      Value weight =
          ops.math("divide_no_nan", {total, ops.fn("reduce_sum", {mask})});
      mask = ops.fn("where", {ops.cast(valid, DType::Bool), weight,
                              ops.convert(Value::integer(0), loss.dtype)});
    }
    if (!sampleWeight.isNone()) {
      sampleWeight = ops.cast(sampleWeight, loss.dtype);
      ops.sameRank(mask, sampleWeight);
      sampleWeight = ops.op(BinaryOp::Mult, sampleWeight, mask);
    } else {
      sampleWeight = mask;
    }
  }
  if (!sampleWeight.isNone()) {
    sampleWeight = ops.cast(sampleWeight, ops.dtypeOf(values));
    ops.sameRank(values, sampleWeight);
    values = ops.op(BinaryOp::Mult, values, sampleWeight);
  }
  const TensorType &type = ops.typeOf(values);
  if (reduction == "none" ||
      (!type.unknownRank &&
       (type.shape.empty() || (type.shape.size() == 1 && type.shape[0] == 0))))
    return values;
  Value sum = ops.fn("reduce_sum", {values});
  if (reduction == "sum")
    return sum;
  Value divisor;
  if (reduction == "mean_with_sample_weight" && !sampleWeight.isNone())
    divisor = ops.cast(ops.fn("reduce_sum", {sampleWeight}), ops.dtypeOf(sum));
  else
    divisor =
        ops.cast(ops.fn("reduce_prod",
                        {ops.fn("shape", {values, makeDType(DType::Int32)})}),
                 ops.dtypeOf(sum));
  return ops.math("divide_no_nan", {sum, divisor});
}

bool LossObject::call(Interpreter &in, const Value &, CallArgs &callArgs,
                      Value &out) {
  Params p(in, callArgs, "__call__", {"y_true", "y_pred", "sample_weight"},
           Wording::Python, 2);
  if (!p.given("y_true") || !p.given("y_pred"))
    in.typeError(std::string("Loss.__call__() missing ") +
                 (p.given("y_true") ? "1 required positional argument: "
                                      "'y_pred'"
                                    : "2 required positional arguments: "
                                      "'y_true' and 'y_pred'"));
  KerasOps ops(*rt);
  Value yPred = ops.convert(p.get("y_pred"), dtype);
  Value yTrue = ops.convert(p.get("y_true"), dtype);
  ops.sameRank(yTrue, yPred);
  Value mask;
  Value values = lossValues(ops, *spec, yTrue, yPred, args, &mask);
  out = reduceLosses(ops, *this, values, p.get("sample_weight"), mask);
  return true;
}

Value makeLoss(TfRuntime &rt, const LossSpec &spec, CallArgs &args) {
  Interpreter &in = rt.in;
  std::vector<std::string> names;
  for (auto &[key, value] : spec.defaults)
    names.push_back(key);
  // SparseCategoricalCrossentropy takes `reduction` before `axis`.
  auto at =
      spec.kind == LossKind::SparseCategorical ? names.end() - 1 : names.end();
  names.insert(at, "reduction");
  names.push_back("name");
  names.push_back("dtype");
  Params p(in, args, std::string(spec.className) + ".__init__", names,
           Wording::Python, 0);
  auto loss = std::make_shared<LossObject>();
  loss->rt = &rt;
  loss->spec = &spec;
  loss->name = p.has("name") ? in.toStr(p.get("name")) : spec.function;
  loss->reduction =
      p.given("reduction") ? p.get("reduction") : in.str("sum_over_batch_size");
  static const char *const reductions[] = {"sum_over_batch_size", "sum", "none",
                                           "mean", "mean_with_sample_weight"};
  bool known = loss->reduction.isNone();
  for (const char *r : reductions)
    known |= loss->reduction.is(Type::Str) && in.toStr(loss->reduction) == r;
  if (!known)
    in.valueError("Invalid value for argument `reduction`. Expected one of "
                  "{'sum_over_batch_size', 'sum', 'mean_with_sample_weight', "
                  "'mean', 'none', None}. Received: reduction=" +
                  in.toStr(loss->reduction));
  if (p.has("dtype"))
    loss->dtype = *dtypeArg(in, p.get("dtype"));
  for (auto &[key, fallback] : spec.defaults)
    loss->args.emplace_back(key, p.given(key) ? p.get(key) : fallback);
  return Value::object(Type::Native, loss);
}

} // namespace

void installKerasLosses(TfRuntime &rt, ModuleBuilder &keras) {
  ModuleBuilder losses(rt.in, rt, "keras._tf_keras.keras.losses");
  TfRuntime *r = &rt;
  for (const LossSpec &spec : lossSpecs()) {
    const LossSpec *s = &spec;
    losses.set(spec.className,
               Value::object(Type::Native,
                             std::make_shared<py::NativeTypeObject>(
                                 "keras.src.losses.losses", spec.className,
                                 [s](const Value &v) {
                                   auto *loss =
                                       v.is(Type::Native)
                                           ? dynamic_cast<LossObject *>(v.raw())
                                           : nullptr;
                                   return loss && loss->spec == s;
                                 },
                                 [r, s](Interpreter &, CallArgs &args) {
                                   return makeLoss(*r, *s, args);
                                 })));
    // The function: the per-sample losses, unreduced.
    std::vector<std::string> names{"y_true", "y_pred"};
    for (auto &[key, value] : spec.defaults)
      names.push_back(key);
    Value fn = rt.in.builtin(
        spec.function, [r, s, names](Interpreter &in, CallArgs &args) {
          Params p(in, args, s->function, names, Wording::Python, 2);
          if (!p.given("y_true") || !p.given("y_pred"))
            in.typeError(std::string(s->function) +
                         "() missing required positional arguments");
          std::vector<std::pair<std::string, Value>> given;
          for (auto &[key, fallback] : s->defaults)
            given.emplace_back(key, p.given(key) ? p.get(key) : fallback);
          KerasOps ops(*r);
          return lossValues(ops, *s, p.get("y_true"), p.get("y_pred"), given);
        });
    // tf.keras.losses names the error functions by their short aliases
    // only (their __name__ stays the long one).
    if (spec.kind == LossKind::MeanSquared) {
      losses.set("MSE", fn);
      losses.set("mse", fn);
    } else if (spec.kind == LossKind::MeanAbsolute) {
      losses.set("MAE", fn);
      losses.set("mae", fn);
    } else {
      losses.set(spec.function, fn);
    }
  }
  // Keras 2's names of the reductions, which Keras 3 keeps.
  auto reduction = std::make_shared<py::ClassObject>();
  reduction->name = "Reduction";
  reduction->module = "keras.src.legacy.losses";
  for (auto [attr, value] :
       {std::pair{"AUTO", "auto"}, std::pair{"NONE", "none"},
        std::pair{"SUM", "sum"},
        std::pair{"SUM_OVER_BATCH_SIZE", "sum_over_batch_size"}})
    reduction->dict[attr] = rt.in.str(value);
  losses.set("Reduction", Value::object(Type::Class, reduction));
  keras.set("losses", losses.value());
}

} // namespace kiln::tf
