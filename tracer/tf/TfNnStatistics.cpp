// tf.nn's statistics and losses that TensorFlow's Python layer builds from
// other ops: weighted_moments, sufficient_statistics, normalize_moments,
// log_poisson_loss and compute_average_loss (zero_fraction is tf.math's).
// Each calls kiln's tf functions in TensorFlow's order, in its name scope,
// so the values round as TensorFlow's do.
#include "TfModuleBuilder.h"
#include "TfObjects.h"
#include "TfOps.h"

#include <cmath>

namespace kiln::tf {

namespace {

Value weightedMoments(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  const std::string fname = "weighted_moments";
  TracingScope scope(rt, fname);
  Value x = rt.toTensor(p.require("x", fname));
  Value axes = p.require("axes", fname);
  Value weights = rt.toTensor(p.require("frequency_weights", fname));
  bool keepdims = p.has("keepdims") && in.truthy(p.get("keepdims"));
  // float16 is computed in float32 and rounded once.
  DType dtype = rt.tensor(x).type.dtype;
  if (dtype == DType::Float16)
    x = cast(rt, x, DType::Float32);
  DType xt = rt.tensor(x).type.dtype;
  if (rt.tensor(weights).type.dtype != xt)
    weights = cast(rt, weights, xt);
  auto sum = [&](const Value &v) {
    return callTf(rt.in, {"math", "reduce_sum"}, {v, axes},
                  {{"keepdims", Value::boolean(true)}});
  };
  Value weightedSum = sum(in.binary(ast::BinaryOp::Mult, weights, x));
  Value broadcast = in.binary(ast::BinaryOp::Add, weights,
                              callTf(rt.in, {"zeros_like"}, {x}));
  Value totalWeight = sum(broadcast);
  Value mean =
      callTf(rt.in, {"math", "divide_no_nan"}, {weightedSum, totalWeight});
  Value distance =
      sum(in.binary(ast::BinaryOp::Mult, weights,
                    callTf(rt.in, {"math", "squared_difference"}, {x, mean})));
  Value variance =
      callTf(rt.in, {"math", "divide_no_nan"}, {distance, totalWeight});
  if (!keepdims) {
    mean = callTf(rt.in, {"squeeze"}, {mean}, {{"axis", axes}});
    variance = callTf(rt.in, {"squeeze"}, {variance}, {{"axis", axes}});
  }
  if (dtype == DType::Float16) {
    mean = cast(rt, mean, dtype);
    variance = cast(rt, variance, dtype);
  }
  return in.tuple({mean, variance});
}

Value sufficientStatistics(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  const std::string fname = "sufficient_statistics";
  // The axes once each (list(set(axes)): the reductions do not depend on
  // their order).
  std::vector<int64_t> axes;
  for (const Value &a : in.toList(p.require("axes", fname))) {
    int64_t v = in.toIndex(a);
    if (std::find(axes.begin(), axes.end(), v) == axes.end())
      axes.push_back(v);
  }
  bool keepdims = p.has("keepdims") && in.truthy(p.get("keepdims"));
  TracingScope scope(rt, fname);
  Value x = rt.toTensor(p.require("x", fname));
  const TensorType &t = rt.tensor(x).type;
  if (t.unknownRank)
    rt.raise("UnimplementedError", "kiln needs the rank of "
                                   "tf.nn.sufficient_statistics' input");
  int64_t rank = t.shape.size();
  // The count of elements reduced: a constant when their sizes are known.
  bool known = true;
  int64_t count = 1;
  for (int64_t a : axes) {
    int64_t d = t.shape.at(a < 0 ? a + rank : a);
    known = known && d >= 0;
    count *= d;
  }
  Value counts;
  if (known) {
    counts = rt.toTensor(Value::integer(count), t.dtype);
  } else {
    std::vector<int64_t> positive;
    for (int64_t a : axes)
      positive.push_back(a < 0 ? a + rank : a);
    Value dims =
        callTf(rt.in, {"gather"},
               {cast(rt, shapeOf(rt, x), t.dtype), pyIntList(in, positive)});
    counts = callTf(rt.in, {"math", "reduce_prod"}, {dims});
  }
  Value shift = p.has("shift") ? p.get("shift") : Value();
  Value meanSum, varSum;
  if (!shift.isNone()) {
    shift = rt.toTensor(shift);
    meanSum = callTf(rt.in, {"math", "subtract"}, {x, shift});
    varSum = callTf(rt.in, {"math", "squared_difference"}, {x, shift});
  } else {
    meanSum = x;
    varSum = callTf(rt.in, {"math", "square"}, {x});
  }
  auto sum = [&](const Value &v) {
    return callTf(rt.in, {"math", "reduce_sum"}, {v, pyIntList(in, axes)},
                  {{"keepdims", Value::boolean(keepdims)}});
  };
  return in.tuple({counts, sum(meanSum), sum(varSum), shift});
}

Value normalizeMoments(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  const std::string fname = "normalize_moments";
  TracingScope scope(rt, "normalize");
  Value divisor = callTf(rt.in, {"math", "reciprocal"},
                         {rt.toTensor(p.require("counts", fname))});
  Value meanSum = p.require("mean_ss", fname);
  // shift is required, and may be None.
  if (!p.values.count("shift"))
    p.require("shift", fname); // the missing argument's error
  Value shift = p.get("shift");
  Value shifted = callTf(rt.in, {"math", "multiply"}, {meanSum, divisor});
  Value mean = shift.isNone()
                   ? shifted
                   : callTf(rt.in, {"math", "add"}, {shifted, shift});
  Value variance = callTf(rt.in, {"math", "subtract"},
                          {callTf(rt.in, {"math", "multiply"},
                                  {p.require("variance_ss", fname), divisor}),
                           callTf(rt.in, {"math", "square"}, {shifted})});
  return in.tuple({mean, variance});
}

Value logPoissonLoss(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  const std::string fname = "log_poisson_loss";
  TracingScope scope(rt, fname);
  Value logInput = rt.toTensor(p.require("log_input", fname));
  Value targets = rt.toTensor(p.require("targets", fname));
  const TensorType &lt = rt.tensor(logInput).type,
                   &tt = rt.tensor(targets).type;
  bool compatible =
      lt.unknownRank || tt.unknownRank || lt.shape.size() == tt.shape.size();
  for (size_t d = 0;
       compatible && !lt.unknownRank && !tt.unknownRank && d < lt.shape.size();
       ++d)
    compatible =
        lt.shape[d] < 0 || tt.shape[d] < 0 || lt.shape[d] == tt.shape[d];
  if (!compatible)
    in.valueError("`log_input` and `targets` must have the same shape, "
                  "received (" +
                  lt.shapeString() + " vs " + tt.shapeString() + ").");
  using ast::BinaryOp;
  Value result =
      in.binary(BinaryOp::Sub, callTf(rt.in, {"math", "exp"}, {logInput}),
                in.binary(BinaryOp::Mult, logInput, targets));
  if (p.has("compute_full_loss") && in.truthy(p.get("compute_full_loss"))) {
    DType d = tt.dtype;
    Value half = rt.toTensor(Value::floating(0.5), d);
    Value twoPi = rt.toTensor(Value::floating(2 * M_PI), d);
    // Stirling's approximation of log(targets!), for targets above 1.
    Value stirling = in.binary(
        BinaryOp::Add,
        in.binary(BinaryOp::Sub,
                  in.binary(BinaryOp::Mult, targets,
                            callTf(rt.in, {"math", "log"}, {targets})),
                  targets),
        in.binary(BinaryOp::Mult, half,
                  callTf(rt.in, {"math", "log"},
                         {in.binary(BinaryOp::Mult, twoPi, targets)})));
    Value zeros = callTf(rt.in, {"zeros_like"}, {targets});
    Value ones = callTf(rt.in, {"ones_like"}, {targets});
    Value small = callTf(rt.in, {"math", "logical_and"},
                         {in.compare(ast::CmpOp::GtE, targets, zeros),
                          in.compare(ast::CmpOp::LtE, targets, ones)});
    result = in.inplace(BinaryOp::Add, result,
                        callTf(rt.in, {"where"}, {small, zeros, stirling}));
  }
  return result;
}

Value computeAverageLoss(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  const std::string fname = "compute_average_loss";
  Value loss = rt.toTensor(p.require("per_example_loss", fname));
  DType dtype = rt.tensor(loss).type.dtype;
  const TensorType &t = rt.tensor(loss).type;
  if (!t.unknownRank && t.shape.empty())
    in.valueError("Invalid value passed for `per_example_loss`. Expected a "
                  "tensor with at least rank 1. Received per_example_loss=" +
                  formatTensor(rt, loss) + " with rank 0");
  Value weight = p.has("sample_weight") ? p.get("sample_weight") : Value();
  if (!weight.isNone()) {
    // Keras' scale_losses_by_sample_weight: the weights in the losses'
    // dtype, of their rank (or a scalar), times the losses.
    weight = cast(rt, rt.toTensor(weight), dtype);
    const TensorType &wt = rt.tensor(weight).type;
    if (wt.unknownRank ||
        (!wt.shape.empty() && wt.shape.size() != t.shape.size()))
      rt.raise("UnimplementedError",
               "kiln's compute_average_loss takes a sample_weight of the "
               "losses' rank, or a scalar");
    loss = callTf(rt.in, {"math", "multiply"}, {loss, weight});
  }
  loss = cast(rt, loss, dtype);
  Value batch =
      p.has("global_batch_size") ? p.get("global_batch_size") : Value();
  if (batch.isNone())
    batch = in.getItem(shapeOf(rt, loss), Value::integer(0));
  callTf(rt.in, {"debugging", "assert_scalar"}, {batch},
         {{"message", in.str("global_batch_size must be scalar.")}});
  callTf(rt.in, {"debugging", "assert_integer"}, {batch},
         {{"message", in.str("global_batch_size must be an integer.")}});
  callTf(rt.in, {"debugging", "assert_non_negative"}, {batch},
         {{"message", in.str("global_batch_size must be non-negative.")}});
  Value sum = callTf(rt.in, {"math", "reduce_sum"}, {loss});
  return callTf(rt.in, {"math", "divide_no_nan"},
                {sum, cast(rt, rt.toTensor(batch), dtype)});
}

/// The regularization loss summed and divided among the replicas: one,
/// without a distribution strategy.
Value scaleRegularizationLoss(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  Value loss = p.require("regularization_loss", "scale_regularization_loss");
  if (loss.is(py::Type::List) || loss.is(py::Type::Tuple))
    loss = callTf(in, {"math", "add_n"}, {loss});
  Value sum = callTf(in, {"math", "reduce_sum"}, {loss});
  return in.binary(ast::BinaryOp::Div, sum, Value::integer(1));
}

} // namespace

void installNnStatistics(TfRuntime &rt, ModuleBuilder &nn) {
  TfRuntime *r = &rt;
  auto def = [&](const std::string &name, std::vector<std::string> params,
                 Value (*fn)(TfRuntime &, const Params &)) {
    nn.def(name, [r, name, params, fn](Interpreter &in, CallArgs &args) {
      return fn(*r, Params(in, args, name, params));
    });
  };
  def("weighted_moments",
      {"x", "axes", "frequency_weights", "keepdims", "name"}, weightedMoments);
  def("sufficient_statistics", {"x", "axes", "shift", "keepdims", "name"},
      sufficientStatistics);
  def("normalize_moments",
      {"counts", "mean_ss", "variance_ss", "shift", "name"}, normalizeMoments);
  def("log_poisson_loss", {"targets", "log_input", "compute_full_loss", "name"},
      logPoissonLoss);
  def("compute_average_loss",
      {"per_example_loss", "sample_weight", "global_batch_size"},
      computeAverageLoss);
  def("scale_regularization_loss", {"regularization_loss"},
      scaleRegularizationLoss);
}

} // namespace kiln::tf
