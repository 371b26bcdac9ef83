// What the gradient functions of tf.GradientTape share: a recorded op, the
// gradient function type and the helpers they build from. The functions
// live in TfGradient.cpp (arithmetic, reductions, matmul), TfGradientMath.cpp
// (unary math and activations) and TfGradientArray.cpp (slicing, joining,
// gathering, padding).
#pragma once

#include "TfRuntime.h"

#include <functional>
#include <map>

namespace kiln::tf {

/// One op recorded on a tape.
struct TapeEntry {
  std::string op;
  ValueList inputs, outputs; // kept alive, so that keys stay unique
  std::map<std::string, Attr> attrs;
  /// For a read of a watched variable ("ReadVariableOp", no inputs): the
  /// variable, whose gradient is the sum over its reads.
  std::shared_ptr<VariableState> variable;
  /// For a tf.function called eagerly: its inputs' gradients from its
  /// outputs' (None for outputs that got none), instead of a registered
  /// gradient function.
  std::function<ValueList(const ValueList &grads)> backward;
};

/// The gradients of an op's inputs (None for those that get none) from
/// those of its outputs.
using GradFn = std::function<ValueList(TfRuntime &, const TapeEntry &,
                                       const ValueList &grads)>;

const TensorType &typeOf(TfRuntime &rt, const Value &t);
/// UnimplementedError: kiln differentiates `op` only with static shapes.
[[noreturn]] void needStaticShapes(TfRuntime &rt, const std::string &op);
/// _ReduceGradientArg: `grad` (of the broadcast shape) summed over the
/// axes along which `input` was broadcast, in `input`'s shape.
Value reduceToShape(TfRuntime &rt, const Value &grad, const Value &input);
/// The gradients of a broadcasting binary op from the unreduced gx and gy:
/// each summed to its input's shape (None stays None).
ValueList reduceBoth(TfRuntime &rt, const TapeEntry &e, const Value &gx,
                     const Value &gy);
/// A scalar of `t`'s dtype.
Value scalarLike(TfRuntime &rt, const Value &t, double v);
Value mul(TfRuntime &rt, const Value &a, const Value &b);

/// The softmax cross-entropy kernels' start on [batch, classes] logits:
/// logits - max and sum(exp(logits - max)) per row (TfLosses.cpp).
void shiftedLogits(TfRuntime &rt, const Value &logits, Value &shifted,
                   Value &sumExp);
/// Their backprop output: softmax(logits) - labels, labels one-hot from
/// class indices when `sparse` (xent_op.h, sparse_xent_op.h).
Value crossEntropyBackprop(TfRuntime &rt, const Value &logits,
                           const Value &labels, bool sparse);

void addMathGradients(std::map<std::string, GradFn> &table);
void addArrayGradients(std::map<std::string, GradFn> &table);

} // namespace kiln::tf
