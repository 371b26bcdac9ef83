// Masks and losses TensorFlow builds from other ops, built the same way:
// tf.boolean_mask (array_ops.boolean_mask: where, squeeze, gather),
// tf.sequence_mask (range < lengths), tf.nn.sigmoid_cross_entropy_with_logits
// (nn_impl's stable form), and the two softmax cross-entropy kernels
// computed in their kernels' order (xent_op.h, sparse_xent_op.h).
#include "ShapeTensor.h"
#include "TfGradient.h"
#include "TfGradientOps.h"
#include "TfModuleBuilder.h"
#include "TfOps.h"

#include <algorithm>

namespace kiln::tf {

namespace {

using py::Type;

Value scalarOf(TfRuntime &rt, double value, DType d) {
  return rt.toTensor(isFloating(d)
                         ? Value::floating(value)
                         : Value::integer(static_cast<int64_t>(value)),
                     d);
}

Value sequenceMask(TfRuntime &rt, const Value &lengthsArg,
                   const Value &maxlenArg, const Value &dtypeValue) {
  Interpreter &in = rt.in;
  Value lengths = rt.toTensor(lengthsArg);
  DType ld = rt.tensor(lengths).type.dtype;
  Value maxlen;
  if (maxlenArg.isNone()) {
    maxlen = reduce(rt, "Max", lengths, Value(), false);
    maxlen = binaryOp(rt, "Maximum", scalarOf(rt, 0, ld), maxlen);
  } else {
    maxlen = rt.toTensor(maxlenArg);
  }
  const TensorType &mt = rt.tensor(maxlen).type;
  if (!mt.unknownRank && !mt.shape.empty())
    in.valueError("Argument `maxlen` must be scalar for sequence_mask, "
                  "received `maxlen` = " +
                  formatTensor(rt, maxlen) + " with shape '" +
                  mt.shapeString() + "' instead");
  DType d = mt.dtype;
  HostTensorPtr known = rt.constantValue(maxlen);
  int64_t length = known ? std::max<int64_t>(known->elementAsInt(0), 0) : -1;
  Value row =
      rangeNode(rt, scalarOf(rt, 0, d), maxlen, scalarOf(rt, 1, d), d, length);
  Value matrix = expandDims(rt, lengths, -1);
  // TensorFlow casts the lengths to maxlen's dtype even when they have it:
  // a Cast node kiln does not need, whose name later ones count past.
  if (rt.tracing && rt.tensor(matrix).type.dtype == d)
    rt.tracing->graph.uniqueName("Cast");
  matrix = cast(rt, matrix, d);
  Value result = binaryOp(rt, "Less", row, matrix);
  std::optional<DType> want = dtypeArg(in, dtypeValue);
  if (!want || *want == DType::Bool)
    return result;
  return cast(rt, result, *want);
}

/// nn_impl's check that the labels' shape is compatible with the logits'.
void requireSameShape(TfRuntime &rt, const Value &logits, const Value &labels) {
  const TensorType &lt = rt.tensor(logits).type, &zt = rt.tensor(labels).type;
  bool same = lt.shape.size() == zt.shape.size();
  for (size_t i = 0; same && i < lt.shape.size(); ++i)
    same = lt.shape[i] < 0 || zt.shape[i] < 0 || lt.shape[i] == zt.shape[i];
  if (!same)
    rt.in.valueError("`logits` and `labels` must have the same shape, "
                     "received (" +
                     lt.shapeString() + " vs " + zt.shapeString() + ").");
}

/// tf.nn.sigmoid_cross_entropy_with_logits: max(x, 0) - x * z +
/// log1p(exp(-|x|)), as nn_impl.py writes it.
Value sigmoidCrossEntropy(TfRuntime &rt, const Value &labelsArg,
                          const Value &logitsArg) {
  // The labels keep their own dtype: one that is not the logits' fails in
  // the Mul below, as in nn_impl.
  Value logits = rt.toTensor(logitsArg);
  Value labels = rt.toTensor(labelsArg);
  requireSameShape(rt, logits, labels);
  const TensorType &lt = rt.tensor(logits).type;
  Value zeros =
      rt.apply("ZerosLike", {logits}, {{"T", lt.dtype}}, lt, "zeros_like");
  Value cond = binaryOp(rt, "GreaterEqual", logits, zeros);
  Value reluLogits = select(rt, cond, logits, zeros);
  Value negAbs = select(rt, cond, unaryOp(rt, "Neg", logits), logits);
  Value first =
      binaryOp(rt, "Sub", reluLogits, binaryOp(rt, "Mul", logits, labels));
  return binaryOp(rt, "AddV2", first,
                  unaryOp(rt, "Log1p", unaryOp(rt, "Exp", negAbs)));
}

/// tf.nn.weighted_cross_entropy_with_logits: (1 - z) * x + (1 + (q - 1) *
/// z) * (log1p(exp(-|x|)) + relu(-x)), as nn_impl.py writes it.
Value weightedCrossEntropy(TfRuntime &rt, const Value &labelsArg,
                           const Value &logitsArg, const Value &posWeight) {
  Value logits = rt.toTensor(logitsArg);
  DType d = rt.tensor(logits).type.dtype;
  Value labels = rt.toTensor(labelsArg, d);
  requireSameShape(rt, logits, labels);
  // (pos_weight - 1): Python arithmetic for a number, a Sub for a tensor.
  Value weightLess1 = posWeight.isNumber()
                          ? Value::floating(posWeight.toDouble() - 1)
                          : binaryOp(rt, "Sub", posWeight, Value::integer(1));
  Value logWeight = binaryOp(rt, "AddV2", Value::integer(1),
                             binaryOp(rt, "Mul", weightLess1, labels));
  Value softplus =
      binaryOp(rt, "AddV2",
               unaryOp(rt, "Log1p",
                       unaryOp(rt, "Exp",
                               unaryOp(rt, "Neg", unaryOp(rt, "Abs", logits)))),
               unaryOp(rt, "Relu", unaryOp(rt, "Neg", logits)));
  return binaryOp(rt, "AddV2",
                  binaryOp(rt, "Mul",
                           binaryOp(rt, "Sub", Value::integer(1), labels),
                           logits),
                  binaryOp(rt, "Mul", logWeight, softplus));
}

/// tf.math.in_top_k (the InTopKV2 kernel): whether each row's target is
/// among its k largest predictions, ties included; false for a target out
/// of range or a row with a prediction that is not finite.
Value inTopK(TfRuntime &rt, const Value &targetsArg, const Value &predsArg,
             const Value &kArg) {
  Interpreter &in = rt.in;
  Value preds = rt.toTensor(predsArg);
  Value targets = rt.toTensor(targetsArg);
  const TensorType &pt = rt.tensor(preds).type, tt = rt.tensor(targets).type;
  if (pt.dtype != DType::Float32)
    in.typeError("Value passed to parameter 'predictions' has DataType " +
                 std::string(py::dtypeName(pt.dtype)) +
                 " not in list of allowed values: float32");
  if (pt.unknownRank || pt.shape.size() != 2 || tt.unknownRank ||
      tt.shape.size() != 1)
    in.valueError("in_top_k takes predictions of rank 2 and targets of rank "
                  "1, not " +
                  pt.shapeString() + " and " + tt.shapeString());
  Value t = cast(rt, targets, DType::Int64);
  Value classes =
      cast(rt, in.getItem(shapeOf(rt, preds), Value::integer(1)), DType::Int64);
  Value valid = binaryOp(rt, "LogicalAnd",
                         binaryOp(rt, "GreaterEqual", t,
                                  rt.toTensor(Value::integer(0), DType::Int64)),
                         binaryOp(rt, "Less", t, classes));
  // The target's prediction: the row's element at the target (0 where the
  // target is out of range: the row is false then).
  Value column =
      cast(rt,
           rangeNode(rt, Value::integer(0),
                     in.getItem(shapeOf(rt, preds), Value::integer(1)),
                     Value::integer(1), DType::Int32, pt.shape[1]),
           DType::Int64);
  Value at = binaryOp(rt, "Equal", expandDims(rt, t, -1), column);
  Value target =
      reduce(rt, "Sum", select(rt, at, preds, filledLike(rt, preds, 0)),
             Value::integer(1), true);
  Value greater = cast(rt, binaryOp(rt, "Greater", preds, target),
                       rt.tensor(targets).type.dtype);
  Value count = reduce(rt, "Sum", greater, Value::integer(1), false);
  // x - x is 0 for a finite x, NaN for an infinite or NaN one.
  Value finite = reduce(rt, "All",
                        binaryOp(rt, "Equal", binaryOp(rt, "Sub", preds, preds),
                                 filledLike(rt, preds, 0)),
                        Value::integer(1), false);
  Value k = rt.toTensor(kArg, rt.tensor(targets).type.dtype);
  return binaryOp(rt, "LogicalAnd", binaryOp(rt, "LogicalAnd", valid, finite),
                  binaryOp(rt, "Less", count, k));
}

/// The softmax kernels' TypeError for logits that are not floats.
void requireFloatLogits(Interpreter &in, DType d) {
  if (!isFloating(d))
    in.typeError("Value passed to parameter 'features' has DataType " +
                 std::string(py::dtypeName(d)) +
                 " not in list of allowed values: half, bfloat16, float32, "
                 "float64");
}

/// [batch, classes] bools: whether each class is the row's label.
Value onLabel(TfRuntime &rt, const Value &labels, int64_t classes) {
  DType d = rt.tensor(labels).type.dtype;
  return binaryOp(rt, "Equal", expandDims(rt, labels, -1),
                  rangeNode(rt, Value::integer(0), Value::integer(classes),
                            Value::integer(1), d, classes));
}

} // namespace

Value booleanMask(TfRuntime &rt, const Value &tensorArg, const Value &maskArg,
                  const Value &axisArg) {
  Interpreter &in = rt.in;
  Value tensor = rt.toTensor(tensorArg);
  Value mask = rt.toTensor(maskArg);
  const TensorType tt = rt.tensor(tensor).type, mt = rt.tensor(mask).type;
  if (mt.unknownRank)
    in.valueError("Number of mask dimensions must be specified, even if some "
                  "dimensions are None.  E.g. shape=[None] is ok, but "
                  "shape=None is not.");
  int64_t ndimsMask = mt.shape.size();
  if (ndimsMask == 0)
    in.valueError("mask cannot be scalar.");
  if (mt.dtype != DType::Bool)
    in.typeError("Input 'input' of 'Where' Op has type " +
                 std::string(py::dtypeName(mt.dtype)) +
                 " that does not match expected type of bool.");
  int64_t axis = 0;
  if (rt.isTensor(axisArg)) {
    // A tensor trace time knows (tf.rank(x) - 2), as the shape inference
    // of TensorFlow's run-time path works it out.
    std::optional<std::vector<int64_t>> known = knownInts(rt, axisArg);
    if (!known || known->size() != 1)
      rt.raise("UnimplementedError",
               "kiln needs tf.boolean_mask's axis known at trace time");
    axis = known->front();
  } else if (!axisArg.isNone()) {
    axis = in.toIndex(axisArg);
  }
  int64_t rank = tt.shape.size();
  if (axis < 0)
    axis += rank;
  // The mask's dimensions must fit the tensor's from `axis` on.
  std::vector<int64_t> covered(
      tt.shape.begin() + std::min<int64_t>(std::max<int64_t>(axis, 0), rank),
      tt.shape.begin() + std::min<int64_t>(axis + ndimsMask, rank));
  bool fits = covered.size() == mt.shape.size();
  for (size_t i = 0; fits && i < covered.size(); ++i)
    fits = covered[i] < 0 || mt.shape[i] < 0 || covered[i] == mt.shape[i];
  if (!fits) {
    TensorType a{tt.dtype, covered}, b{mt.dtype, mt.shape};
    in.valueError("Shapes " + a.shapeString() + " and " + b.shapeString() +
                  " are incompatible");
  }
  // The masked dimensions become one, as TensorFlow reshapes them (also a
  // single one, when its shape is known: the Reshape makes the gradient
  // dense, where the gather's alone would be IndexedSlices).
  if (ndimsMask > 1 || (tt.isStatic() && mt.isStatic())) {
    if (!tt.isStatic() || !mt.isStatic())
      rt.raise("UnimplementedError",
               "kiln's boolean_mask needs static shapes for a mask of rank " +
                   std::to_string(ndimsMask));
    std::vector<int64_t> shape(tt.shape.begin(), tt.shape.begin() + axis);
    int64_t leading = 1;
    for (int64_t d : covered)
      leading *= d;
    shape.push_back(leading);
    shape.insert(shape.end(), tt.shape.begin() + axis + ndimsMask,
                 tt.shape.end());
    tensor = reshape(rt, tensor, pyIntList(in, shape));
    mask = reshape(rt, mask, pyIntList(in, {-1}));
  } else if (!tt.unknownRank) {
    tensor = reshape(rt, tensor, shapeOf(rt, tensor));
  }
  Value indices = squeeze(rt, whereIndices(rt, mask), pyIntList(in, {1}));
  return gather(rt, tensor, indices, axis);
}

/// The kernels' common start on [batch, classes] logits: logits - max and
/// sum(exp(logits - max)) per row.
void shiftedLogits(TfRuntime &rt, const Value &logits, Value &shifted,
                   Value &sumExp) {
  Value max = reduce(rt, "Max", logits, Value::integer(1), true);
  shifted = binaryOp(rt, "Sub", logits, max);
  // The exponentials summed inside the reduction: Eigen's packet form per
  // row of classes, not per tensor (kiln.unary's row_packets).
  const TensorType &t = rt.tensor(shifted).type;
  Value exp = rt.apply("Exp", {shifted},
                       {{"T", t.dtype}, {"row_packets", true}}, t, "Exp");
  sumExp = reduce(rt, "Sum", exp, Value::integer(1), true);
}

Value crossEntropyBackprop(TfRuntime &rt, const Value &logits,
                           const Value &labels, bool sparse) {
  Value shifted, sumExp;
  shiftedLogits(rt, logits, shifted, sumExp);
  // The dense kernel's backprop is evaluated in Eigen's tiled blocks
  // (40000 cycles over 8.875 an element: 4507), each with its own packets
  // (kiln.unary's packet_block); the sparse one's exp runs over the flat
  // tensor.
  const TensorType &t = rt.tensor(shifted).type;
  Value exp = !sparse && t.dtype == DType::Float32
                  ? rt.apply("Exp", {shifted},
                             {{"T", t.dtype}, {"packet_block", int64_t(4507)}},
                             t, "Exp")
                  : unaryOp(rt, "Exp", shifted);
  Value prob = binaryOp(rt, "RealDiv", exp, sumExp);
  if (!sparse)
    return binaryOp(rt, "Sub", prob, labels);
  // The sparse kernel subtracts 1 at the label only.
  int64_t classes = rt.tensor(logits).type.shape.back();
  return select(rt, onLabel(rt, labels, classes),
                binaryOp(rt, "Sub", prob, Value::floating(1.0)), prob);
}

namespace {

/// tf.nn.softmax_cross_entropy_with_logits on [batch, classes]:
/// sum(labels * (log(sum(exp(shifted))) - shifted)) per row.
Value softmaxCrossEntropy(TfRuntime &rt, const Value &labelsArg,
                          const Value &logitsArg) {
  Interpreter &in = rt.in;
  Value logits = rt.toTensor(logitsArg);
  const TensorType lt = rt.tensor(logits).type;
  requireFloatLogits(in, lt.dtype);
  // nn_ops runs the float32 kernel on float16 and bfloat16 logits and
  // rounds the loss once.
  if (lt.dtype == DType::Float16 || lt.dtype == DType::BFloat16)
    return cast(
        rt,
        softmaxCrossEntropy(rt, labelsArg, cast(rt, logits, DType::Float32)),
        lt.dtype);
  // Labels of another dtype (int one-hots) are cast to the logits', as
  // nn_ops does.
  Value labels = rt.toTensor(labelsArg);
  if (rt.tensor(labels).type.dtype != lt.dtype)
    labels = cast(rt, labels, lt.dtype);
  const TensorType zt = rt.tensor(labels).type;
  // A batch known at run time only is fine for [batch, classes] logits.
  bool runTimeBatch = lt.shape.size() == 2 && lt.shape[0] < 0 &&
                      lt.shape[1] >= 0 && zt.shape.size() == 2 &&
                      zt.shape[0] < 0 && zt.shape[1] == lt.shape[1];
  if ((!lt.isStatic() && !runTimeBatch) || lt.shape.empty())
    rt.raise("UnimplementedError",
             "kiln's softmax_cross_entropy_with_logits needs logits of rank "
             ">= 1 with static shapes (or [None, classes]), not " +
                 lt.shapeString());
  // Labels whose dimensions are known at run time only are checked then,
  // by the compiled code (an Identity carrying the kernel's message).
  bool compatible = zt.shape.size() == lt.shape.size();
  for (size_t d = 0; compatible && d < zt.shape.size(); ++d)
    compatible = zt.shape[d] == lt.shape[d] || zt.shape[d] < 0;
  if (compatible && zt.shape != lt.shape && rt.tracing)
    labels =
        rt.apply("Identity", {labels, logits},
                 {{"T", zt.dtype},
                  {"same_shape_as",
                   std::string("logits and labels must be broadcastable: "
                               "logits_size={shape} labels_size={shape}")}},
                 lt, "SoftmaxCrossEntropyWithLogits/labels");
  // Other ranks are flattened to [batch, classes] and the loss reshaped
  // back, as nn_ops does.
  std::vector<int64_t> outer(lt.shape.begin(), lt.shape.end() - 1);
  int64_t classes = lt.shape.back(), batch = 1;
  for (int64_t d : outer)
    batch *= d;
  std::vector<int64_t> flatLabels = {-1,
                                     zt.shape.empty() ? 1 : zt.shape.back()};
  if (!compatible && zt.isStatic() && lt.isStatic() && !zt.shape.empty()) {
    // Static shapes that differ: the kernel broadcasts the flattened
    // labels and logits against each other; the shape function rejects
    // other sizes while tracing, as the kernel does eagerly.
    flatLabels[0] = zt.numElements() / std::max<int64_t>(flatLabels[1], 1);
    std::vector<int64_t> flatLogits = {batch, classes}, common;
    if (!broadcastShapes(flatLogits, flatLabels, common)) {
      if (rt.tracing) {
        size_t d = flatLogits[1] != flatLabels[1] ? 1 : 0;
        // The op takes its name scope's name.
        std::string node = rt.tracing->graph.scopeName();
        in.valueError(
            "Dimensions must be equal, but are " +
            std::to_string(flatLogits[d]) + " and " +
            std::to_string(flatLabels[d]) + " for '{{node " + node +
            "}} = SoftmaxCrossEntropyWithLogits[T=" + tfTypeName(lt.dtype) +
            "](" + node + "/Reshape, " + node +
            "/Reshape_1)' with input shapes: " + shapeList(flatLogits) + ", " +
            shapeList(flatLabels) + ".");
      }
      knownKernelError(rt, "SoftmaxCrossEntropyWithLogits",
                       "logits and labels must be broadcastable: "
                       "logits_size=" +
                           shapeList(flatLogits) +
                           " labels_size=" + shapeList(flatLabels));
    }
    if (lt.shape.size() != 2)
      logits = reshape(rt, logits, pyIntList(in, flatLogits));
    if (zt.shape.size() != 2)
      labels = reshape(rt, labels, pyIntList(in, flatLabels));
    if (common != flatLogits)
      logits = callTf(in, {"broadcast_to"}, {logits, pyIntList(in, common)});
    if (common != flatLabels)
      labels = callTf(in, {"broadcast_to"}, {labels, pyIntList(in, common)});
    batch = common[0];
  } else if (!compatible) {
    knownKernelError(rt, "SoftmaxCrossEntropyWithLogits",
                     "logits and labels must be broadcastable: logits_size=" +
                         shapeList(lt.shape) +
                         " labels_size=" + shapeList(zt.shape));
  } else if (lt.shape.size() != 2) {
    logits = reshape(rt, logits, pyIntList(in, {batch, classes}));
    labels = reshape(rt, labels, pyIntList(in, {batch, classes}));
  }
  // One op on the tapes, whose gradient is the kernel's backprop.
  Value loss = recordComposite(
      rt, "SoftmaxCrossEntropyWithLogits", {logits, labels}, {}, [&] {
        Value shifted, sumExp;
        shiftedLogits(rt, logits, shifted, sumExp);
        Value perClass =
            binaryOp(rt, "Mul", labels,
                     binaryOp(rt, "Sub", unaryOp(rt, "Log", sumExp), shifted));
        return reduce(rt, "Sum", perClass, Value::integer(1), false);
      });
  if (lt.shape.size() != 2)
    loss = reshape(rt, loss, pyIntList(in, outer));
  return loss;
}

/// tf.nn.sparse_softmax_cross_entropy_with_logits on [batch, classes]
/// logits and [batch] labels: log(sum(exp(shifted))) - shifted[label].
/// `name`: the op's, as given to the API (its default: the op's type).
Value sparseRank2(TfRuntime &rt, Value labels, const Value &logits,
                  const std::string &name) {
  const TensorType lt = rt.tensor(logits).type, zt = rt.tensor(labels).type;
  int64_t classes = lt.shape[1];
  // The CPU kernel rejects labels outside [0, classes) before computing,
  // and names the smallest label if it is negative, else the
  // largest. Labels known only at run time are checked by the compiled
  // code (an Identity carrying `label_classes`), as are row counts.
  if (HostTensorPtr known = rt.constantValue(labels)) {
    int64_t n = known->type.numElements();
    std::string values;
    int64_t low = 0, high = 0;
    for (int64_t k = 0; k < n; ++k) {
      int64_t label = known->elementAsInt(k);
      low = k ? std::min(low, label) : label;
      high = k ? std::max(high, label) : label;
      values += " " + std::to_string(label);
    }
    if (n > 0 && (low < 0 || high >= classes))
      knownKernelError(
          rt, "SparseSoftmaxCrossEntropyWithLogits",
          "Received a label value of " + std::to_string(low < 0 ? low : high) +
              " which is outside the valid range of [0, " +
              std::to_string(classes) + ").  Label values:" + values);
  }
  // The op (one node in TensorFlow's graph), named in the API's scope.
  int check = -1;
  Value loss = asOneNode(rt, name, [&] {
    if (!rt.constantValue(labels) || zt.shape[0] < 0 || lt.shape[0] < 0) {
      // Checked by the compiled code: the rows of labels and logits (its
      // second input) agree, and the labels are in range.
      const TensorType &type = rt.tensor(labels).type;
      labels = rt.apply("Identity", {labels, logits},
                        {{"T", type.dtype}, {"label_classes", classes}}, type,
                        "labels");
      check = rt.tensor(labels).out.node;
    }
    // One op on the tapes, whose gradient is the kernel's backprop.
    return recordComposite(
        rt, "SparseSoftmaxCrossEntropyWithLogits", {logits, labels}, {}, [&] {
          Value shifted, sumExp;
          shiftedLogits(rt, logits, shifted, sumExp);
          // The kernel's generator yields log(sum) - shifted at the label
          // and 0 elsewhere, then sums each row: exactly the one value.
          // The generator's std::log: the scalar form for every row.
          const TensorType &st = rt.tensor(sumExp).type;
          Value log =
              rt.apply("Log", {sumExp},
                       {{"T", st.dtype}, {"scalar_form", true}}, st, "Log");
          Value picked =
              select(rt, onLabel(rt, labels, classes),
                     binaryOp(rt, "Sub", log, shifted),
                     rt.apply("ZerosLike", {shifted}, {{"T", lt.dtype}},
                              rt.tensor(shifted).type, "zeros_like"));
          return reduce(rt, "Sum", picked, Value::integer(1), false);
        });
  });
  // The check fails as the op's kernel.
  if (check >= 0 && rt.tracing)
    rt.tracing->graph.nodes[check].errorName =
        rt.tracing->graph.nodes[rt.tensor(loss).out.node].name;
  return loss;
}

/// tf.nn.sparse_softmax_cross_entropy_with_logits as nn_ops builds it:
/// TensorFlow's shape checks, then the kernel on [batch, classes] logits,
/// other ranks flattened to it and the losses reshaped to the labels'.
Value sparseSoftmaxCrossEntropy(TfRuntime &rt, const Value &labelsArg,
                                const Value &logitsArg,
                                const std::string &name) {
  Interpreter &in = rt.in;
  Value labels = rt.toTensor(labelsArg);
  Value logits = rt.toTensor(logitsArg);
  const TensorType lt = rt.tensor(logits).type, zt = rt.tensor(labels).type;
  if (lt.unknownRank || zt.unknownRank)
    rt.raise("UnimplementedError",
             "kiln needs the ranks of sparse_softmax_cross_entropy_with_"
             "logits' arguments at trace time");
  if (lt.shape.empty())
    in.valueError("`logits` cannot be a scalar. Received logits=" +
                  in.repr(logits) + "`");
  if (zt.shape.size() != lt.shape.size() - 1)
    in.valueError("`labels.shape.rank` must equal `logits.shape.rank - 1`. "
                  "Received: labels.shape=" +
                  zt.shapeString() + " of rank " +
                  std::to_string(zt.shape.size()) +
                  " and logits.shape=" + lt.shapeString() + " of rank " +
                  std::to_string(lt.shape.size()));
  std::vector<int64_t> outer(lt.shape.begin(), lt.shape.end() - 1);
  bool known = zt.isStatic() && std::all_of(outer.begin(), outer.end(),
                                            [](int64_t d) { return d >= 0; });
  if (known && zt.shape != outer)
    in.valueError("`labels.shape` must equal `logits.shape` except for the "
                  "last dimension. Received: labels.shape=" +
                  zt.shapeString() + " and logits.shape=" + lt.shapeString());
  requireFloatLogits(in, lt.dtype);
  // nn_ops runs the float32 kernel on float16 logits and rounds the loss
  // once (bfloat16 has a kernel of its own).
  if (lt.dtype == DType::Float16)
    return cast(rt,
                sparseSoftmaxCrossEntropy(
                    rt, labels, cast(rt, logits, DType::Float32), name),
                DType::Float16);
  if (zt.dtype != DType::Int32 && zt.dtype != DType::Int64)
    rejectDType(rt, "SparseSoftmaxCrossEntropyWithLogits", "labels", "Tlabels",
                zt.dtype, "int32, int64", "int32, int64",
                "; signature=features:T, labels:Tlabels -> loss:T, "
                "backprop:T; attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, "
                "DT_FLOAT, DT_DOUBLE]; attr=Tlabels:type,default=DT_INT64,"
                "allowed=[DT_INT32, DT_INT64]>");
  int64_t classes = lt.shape.back();
  if (classes < 0)
    rt.raise("UnimplementedError",
             "kiln's sparse_softmax_cross_entropy_with_logits needs the "
             "number of classes at trace time, not " +
                 lt.shapeString());
  if (lt.shape.size() == 2)
    return sparseRank2(rt, labels, logits, name);
  int64_t unknown = std::count(outer.begin(), outer.end(), -1);
  if (unknown > 1 || (!known && !zt.isStatic() && zt.shape != outer))
    rt.raise("UnimplementedError",
             "kiln's sparse_softmax_cross_entropy_with_logits needs all but "
             "one of the labels' dimensions at trace time, not " +
                 zt.shapeString());
  // Logits first, as nn_ops flattens them.
  Value flatLogits = reshape(rt, logits, pyIntList(in, {-1, classes}));
  Value cost = sparseRank2(rt, reshape(rt, labels, pyIntList(in, {-1})),
                           flatLogits, name);
  return reshape(rt, cost,
                 unknown ? shapeOf(rt, labels) : pyIntList(in, zt.shape));
}

} // namespace

void installLosses(TfRuntime &rt, ModuleBuilder &tf, ModuleBuilder &nn) {
  TfRuntime *r = &rt;
  tf.def("boolean_mask", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "boolean_mask", {"tensor", "mask", "axis", "name"});
    return booleanMask(*r, p.require("tensor", "boolean_mask"),
                       p.require("mask", "boolean_mask"), p.get("axis"));
  });
  tf.def("sequence_mask", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "sequence_mask", {"lengths", "maxlen", "dtype", "name"});
    ApiNameScope scope(*r, p.get("name"), "SequenceMask");
    return sequenceMask(*r, p.require("lengths", "sequence_mask"),
                        p.get("maxlen"), p.get("dtype"));
  });
  nn.def("weighted_cross_entropy_with_logits",
         [r](Interpreter &in, CallArgs &args) {
           const char *f = "weighted_cross_entropy_with_logits";
           Params p(in, args, f, {"labels", "logits", "pos_weight", "name"});
           return weightedCrossEntropy(*r, p.require("labels", f),
                                       p.require("logits", f),
                                       p.require("pos_weight", f));
         });
  nn.def("in_top_k", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "in_top_k", {"targets", "predictions", "k", "name"});
    return inTopK(*r, p.require("targets", "in_top_k"),
                  p.require("predictions", "in_top_k"),
                  p.require("k", "in_top_k"));
  });
  nn.def("sigmoid_cross_entropy_with_logits",
         [r](Interpreter &in, CallArgs &args) {
           Params p(in, args, "sigmoid_cross_entropy_with_logits",
                    {"labels", "logits", "name"});
           return sigmoidCrossEntropy(
               *r, p.require("labels", "sigmoid_cross_entropy_with_logits"),
               p.require("logits", "sigmoid_cross_entropy_with_logits"));
         });
  nn.def("softmax_cross_entropy_with_logits", [r](Interpreter &in,
                                                  CallArgs &args) {
    Params p(in, args, "softmax_cross_entropy_with_logits",
             {"labels", "logits", "axis", "name"});
    Value labels = p.require("labels", "softmax_cross_entropy_with_logits");
    Value logits = p.require("logits", "softmax_cross_entropy_with_logits");
    int64_t axis = p.has("axis") ? in.toIndex(p.get("axis")) : -1;
    if (axis != -1) {
      // TensorFlow moves the classes' axis to the end first.
      logits = r->toTensor(logits);
      const TensorType &t = r->tensor(logits).type;
      if (t.unknownRank)
        r->raise("UnimplementedError",
                 "kiln's softmax_cross_entropy_with_logits needs the "
                 "rank of logits for an axis other than -1");
      int64_t rank = static_cast<int64_t>(t.shape.size());
      // Its permutation is tf.range(axis), tf.range(axis + 1, rank),
      // [axis]: an axis outside [0, rank) fails in those ranges
      // (TensorFlow does not count a negative one from the end).
      if (axis < 0 || axis >= rank) {
        callTf(in, {"range"}, {Value::integer(axis)});
        callTf(in, {"range"}, {Value::integer(axis + 1), Value::integer(rank)});
      }
      ValueList perm;
      for (int64_t d = 0; d < rank; ++d)
        if (d != axis)
          perm.push_back(Value::integer(d));
      perm.push_back(Value::integer(axis));
      Value order = in.list(perm);
      logits = callTf(in, {"transpose"}, {logits, order});
      labels = callTf(in, {"transpose"}, {labels, order});
    }
    return softmaxCrossEntropy(*r, labels, logits);
  });
  nn.def("sparse_softmax_cross_entropy_with_logits", [r](Interpreter &in,
                                                         CallArgs &args) {
    Params p(in, args, "sparse_softmax_cross_entropy_with_logits",
             {"labels", "logits", "name"});
    // The op is named as given in the scope it names (s/s), by default
    // after its type.
    const char *op = "SparseSoftmaxCrossEntropyWithLogits";
    ApiNameScope scope(*r, p.get("name"), op);
    return sparseSoftmaxCrossEntropy(
        *r, p.require("labels", "sparse_softmax_cross_entropy_with_logits"),
        p.require("logits", "sparse_softmax_cross_entropy_with_logits"),
        p.has("name") && !p.get("name").isNone() ? in.toStr(p.get("name"))
                                                 : op);
  });
}

} // namespace kiln::tf
