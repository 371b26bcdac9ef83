// What the gradient functions of tf.GradientTape share: a recorded op, the
// gradient function type and the helpers they build from. The functions
// live in TfGradient.cpp (arithmetic, reductions, matmul), TfGradientMath.cpp
// (unary math and activations) and TfGradientArray.cpp (slicing, joining,
// gathering, padding).
#pragma once

#include "TfRuntime.h"

#include <functional>
#include <map>
#include <set>

namespace kiln::tf {

/// One op recorded on a tape.
struct TapeEntry {
  TapeEntry(std::string op, ValueList inputs, ValueList outputs,
            std::map<std::string, Attr> attrs = {},
            std::shared_ptr<VariableState> variable = nullptr)
      : op(std::move(op)), inputs(std::move(inputs)),
        outputs(std::move(outputs)), attrs(std::move(attrs)),
        variable(std::move(variable)) {}
  std::string op;
  ValueList inputs, outputs; // kept alive, so that keys stay unique
  /// While tracing: the name scope the op was made in ("" at the top; an
  /// operator's own, "mul_3", as Python's operators open one), under
  /// which TensorFlow names its gradient ops ("gradient_tape/mul_3/Mul").
  std::string scope;
  /// An entry of a traced call's body (recordCall), also when copied onto
  /// an outer tape (replayBody): the call's gradient is a function of its
  /// own in TensorFlow, so its gradient ops keep kiln's names.
  bool nested = false;
  std::map<std::string, Attr> attrs;
  /// For a read of a watched variable ("ReadVariableOp", no inputs): the
  /// variable, whose gradient is the sum over its reads.
  std::shared_ptr<VariableState> variable;
  /// For a tf.function called eagerly: its inputs' gradients from its
  /// outputs' (None for outputs that got none), instead of a registered
  /// gradient function.
  std::function<ValueList(const ValueList &grads)> backward;
  /// For a staged control-flow node (If, While, For) whose regions used
  /// watched tensors: the node. Its inputs are the watched tensors from
  /// outside its regions (loop state entering it, captures) and its
  /// outputs the node's; the entries recorded inside its regions stay on
  /// the tape, and its gradient differentiates them (TfGradientFlow.cpp).
  int staged = -1;
  /// The variables read inside the staged node's regions: their
  /// gradients follow the inputs' in its gradient function's result.
  std::vector<std::shared_ptr<VariableState>> variables;
};

/// The gradients of an op's inputs (None for those that get none) from
/// those of its outputs.
using GradFn = std::function<ValueList(TfRuntime &, const TapeEntry &,
                                       const ValueList &grads)>;

const TensorType &typeOf(TfRuntime &rt, const Value &t);
/// UnimplementedError: kiln differentiates `op` only with static shapes.
[[noreturn]] void needStaticShapes(TfRuntime &rt, const std::string &op);
/// `t` reshaped to `like`'s shape: its static sizes, or its Shape when
/// some are known at run time only.
Value reshapeLike(TfRuntime &rt, const Value &t, const Value &like);
/// _ReduceGradientArg: `grad` (of the broadcast shape) summed over the
/// axes along which `input` was broadcast, in `input`'s shape. A size of
/// `input` known at run time only is taken to match the gradient's (a
/// reshape fails at run time if it was a broadcast 1), unless
/// `broadcastAtRunTime`: then a run-time check decides whether to sum it,
/// at the cost of a staged cond per such axis.
Value reduceToShape(TfRuntime &rt, const Value &grad, const Value &input,
                    bool broadcastAtRunTime = false);
/// The gradients of a broadcasting binary op from the unreduced gx and gy:
/// each summed to its input's shape (None stays None).
ValueList reduceBoth(TfRuntime &rt, const TapeEntry &e, const Value &gx,
                     const Value &gy);
/// `grad`, with 0 where the incoming gradient `dy` is 0: the gradient
/// kernels of Sqrt, Rsqrt and Reciprocal (cwise_ops_gradients.h) give 0
/// there even where their formula is NaN (y = 0 or infinite).
Value zeroWhereNoGradient(TfRuntime &rt, const Value &dy, const Value &grad);
/// A scalar of `t`'s dtype.
Value scalarLike(TfRuntime &rt, const Value &t, double v);
Value mul(TfRuntime &rt, const Value &a, const Value &b);
/// The name for a node that TensorFlow's gradient function makes with a
/// generated op wrapper (gen_math_ops.mul names it "Mul", where `*` names
/// it "mul"): grappler sorts a function's gradient sums by such names.
/// A nested call's gradient keeps kiln's operator names ("" here), as the
/// rest of its names are kiln's (docs/numerics.md, "Gradient sums").
std::string genOpName(const TapeEntry &e, const std::string &op);

/// The softmax cross-entropy kernels' start on [batch, classes] logits:
/// logits - max and sum(exp(logits - max)) per row (TfLosses.cpp).
void shiftedLogits(TfRuntime &rt, const Value &logits, Value &shifted,
                   Value &sumExp);
/// Their backprop output: softmax(logits) - labels, labels one-hot from
/// class indices when `sparse` (xent_op.h, sparse_xent_op.h).
Value crossEntropyBackprop(TfRuntime &rt, const Value &logits,
                           const Value &labels, bool sparse);

/// The gradients of `sources` (tensors), then of `variables`, from `seeds`
/// on `targets`, through `entries` alone, on a tape of their own (a staged
/// region's ops). None where no gradient reaches.
ValueList
backpropEntries(TfRuntime &rt, std::vector<TapeEntry> entries,
                const ValueList &targets, const ValueList &seeds,
                const ValueList &sources,
                const std::vector<std::shared_ptr<VariableState>> &variables);

/// For each recording tape: appends the entries `make` derives from its
/// entries (those of a cloned region, moved onto the clones), and watches
/// their outputs, so that a gradient built from clones can be
/// differentiated again.
void recordEntries(TfRuntime &rt,
                   const std::function<std::vector<TapeEntry>(
                       const std::vector<TapeEntry> &tape)> &make);

/// The nodes inside control-flow node `node`'s regions, nested ones and
/// region arguments included.
std::set<int> nodesWithin(const graph::Graph &g, int node);

/// The gradient of the staged control-flow entry `e` (e.staged) of a tape
/// whose entries are `tape`: its inputs', then its variables' gradients
/// from its outputs' `grads` (None where none reached).
ValueList stagedGradient(TfRuntime &rt, const std::vector<TapeEntry> &tape,
                         const TapeEntry &e, const ValueList &grads);

/// ReluGrad(dy, y): dy where the output y is positive, recorded as that
/// one op, whose own gradient gives zeros for y (connected, not None).
Value reluGrad(TfRuntime &rt, const Value &dy, const Value &y);

void addMathGradients(std::map<std::string, GradFn> &table);
void addArrayGradients(std::map<std::string, GradFn> &table);
/// The segment reductions' (TfGradientSegments.cpp).
void addSegmentGradients(std::map<std::string, GradFn> &table);
/// MatrixDeterminant, LogMatrixDeterminant, MatrixInverse and MatrixSolve
/// (TfLinalgLu.cpp).
void addLinalgGradients(std::map<std::string, GradFn> &table);
/// Einsum, as _EinsumGrad computes it (TfLinalg.cpp).
void addEinsumGradient(std::map<std::string, GradFn> &table);
/// Conv2D, MaxPool and AvgPool (TfGradientNn.cpp).
void addNnGradients(std::map<std::string, GradFn> &table);
/// tf.py_function's (TfPyFunction.cpp).
void addPyFunctionGradient(std::map<std::string, GradFn> &table);

} // namespace kiln::tf
