// tf.math.confusion_matrix, built as confusion_matrix.py builds it: squeeze
// a trailing size-1 dimension, cast to int64, assert the classes are in
// range, and scatter ones (or the weights) into an [n, n] matrix. The
// scatter adds in the order of the examples, so float weights sum as
// TensorFlow sums them.
#include "TfModuleBuilder.h"
#include "TfOps.h"

namespace kiln::tf {

namespace {

/// remove_squeezable_dimensions with static ranks: drop the trailing
/// size-1 dimension of whichever of the two has one more dimension.
void removeSqueezable(TfRuntime &rt, Value &labels, Value &predictions) {
  const TensorType &lt = rt.tensor(labels).type,
                   &pt = rt.tensor(predictions).type;
  if (lt.unknownRank || pt.unknownRank)
    rt.raise("UnimplementedError",
             "kiln's confusion_matrix needs labels and predictions of known "
             "rank");
  auto squeezable = [](const TensorType &t) {
    return !t.shape.empty() && (t.shape.back() == 1 || t.shape.back() < 0);
  };
  int64_t diff = int64_t(pt.shape.size()) - int64_t(lt.shape.size());
  if (diff == 1 && squeezable(pt))
    predictions = squeeze(rt, predictions, pyIntList(rt.in, {-1}));
  else if (diff == -1 && squeezable(lt))
    labels = squeeze(rt, labels, pyIntList(rt.in, {-1}));
}

Value confusionMatrix(TfRuntime &rt, const Value &labelsArg,
                      const Value &predictionsArg, const Value &numClasses,
                      const Value &weightsArg, DType dtype) {
  Interpreter &in = rt.in;
  Value labels = rt.toTensor(labelsArg);
  Value predictions = rt.toTensor(predictionsArg);
  removeSqueezable(rt, labels, predictions);
  predictions = cast(rt, predictions, DType::Int64);
  labels = cast(rt, labels, DType::Int64);
  auto check = [&](const char *assertion, Value &x, ValueList more,
                   const char *message) {
    more.insert(more.begin(), x);
    callTf(in, {"debugging", assertion}, more, {{"message", in.str(message)}});
  };
  check("assert_non_negative", labels, {}, "`labels` contains negative values");
  check("assert_non_negative", predictions, {},
        "`predictions` contains negative values");
  Value n;
  if (numClasses.isNone()) {
    n = binaryOp(rt, "AddV2",
                 binaryOp(rt, "Maximum",
                          reduce(rt, "Max", predictions, Value(), false),
                          reduce(rt, "Max", labels, Value(), false)),
                 rt.toTensor(Value::integer(1), DType::Int64));
  } else {
    n = cast(rt, rt.toTensor(numClasses), DType::Int64);
    check("assert_less", labels, {n}, "`labels` out of bound");
    check("assert_less", predictions, {n}, "`predictions` out of bound");
  }
  // The matrix's shape: static when the number of classes is known at
  // trace time.
  Value shape;
  if (HostTensorPtr size =
          rt.constantValue(numClasses.isNone() ? n : rt.toTensor(numClasses))) {
    int64_t classes = size->elementAsInt(0);
    shape = pyIntList(in, {classes, classes});
  } else {
    shape = callTf(in, {"stack"}, {in.list({n, n})});
  }
  Value values;
  if (weightsArg.isNone()) {
    values = filledLike(rt, predictions, 1);
    values = cast(rt, values, dtype);
  } else {
    Value weights = rt.toTensor(weightsArg);
    const TensorType &pt = rt.tensor(predictions).type,
                     &wt = rt.tensor(weights).type;
    bool compatible =
        pt.unknownRank || wt.unknownRank || pt.shape.size() == wt.shape.size();
    for (size_t i = 0; compatible && !pt.unknownRank && !wt.unknownRank &&
                       i < pt.shape.size();
         ++i)
      compatible =
          pt.shape[i] < 0 || wt.shape[i] < 0 || pt.shape[i] == wt.shape[i];
    if (!compatible)
      in.valueError("Shapes " + pt.shapeString() + " and " + wt.shapeString() +
                    " are incompatible");
    values = cast(rt, weights, dtype);
  }
  Value indices = callTf(in, {"stack"}, {in.list({labels, predictions})},
                         {{"axis", Value::integer(1)}});
  return callTf(in, {"scatter_nd"}, {indices, values, shape});
}

} // namespace

void installConfusionMatrix(TfRuntime &rt, ModuleBuilder &math) {
  TfRuntime *r = &rt;
  const char *f = "confusion_matrix";
  math.def(f, namedOp(
                  rt, f,
                  [r, f](Interpreter &in, CallArgs &args) {
                    Params p(in, args, f,
                             {"labels", "predictions", "num_classes", "weights",
                              "dtype", "name"});
                    std::optional<DType> d = dtypeArg(in, p.get("dtype"));
                    return confusionMatrix(
                        *r, p.require("labels", f), p.require("predictions", f),
                        p.get("num_classes"), p.get("weights"),
                        d ? *d : DType::Int32);
                  },
                  "ScatterNd"));
}

} // namespace kiln::tf
