// tf.GradientTape: reverse-mode differentiation of the ops recorded while a
// tape is active, eagerly or inside a traced tf.function (where the
// gradient ops become graph nodes). Each op's gradient is TensorFlow's
// registered gradient function (math_grad.py, nn_grad.py, array_grad.py)
// written with the same ops in the same order, so that the values round
// as TensorFlow's do.
#pragma once

#include "TfRuntime.h"

namespace kiln::tf {

class ModuleBuilder;

/// Records op `op` (inputs to outputs) on every recording tape that
/// watches one of its inputs (TfRuntime::applyMulti calls this).
void recordOperation(TfRuntime &rt, const std::string &op,
                     const ValueList &inputs, const ValueList &outputs,
                     const std::map<std::string, Attr> &attrs);

/// Records op `op` as recordOperation does, with `backward` for its
/// gradient (its inputs' gradients from its outputs') instead of the
/// registered gradient function.
void recordCustomGradient(
    TfRuntime &rt, const std::string &op, const ValueList &inputs,
    const ValueList &outputs,
    std::function<ValueList(const ValueList &grads)> backward);

/// Records an eager call of a compiled tf.function (inputs: its tensor
/// arguments, then the reads of the variables `variables` it captures,
/// whose values before the call are `before`). Its gradient calls `rerun`
/// with fresh tensors for the arguments' values: it runs the function's
/// Python body op by op on them and returns its output tensors in order.
/// That runs under a tape of its own, on the variables' values from before
/// the call, and is differentiated: TensorFlow differentiates the
/// function's graph, which computes the same ops. (Python side effects of
/// the body run again, except tf.py_function's: PyFunctionRuns.h.)
void recordFunctionCall(TfRuntime &rt, const ValueList &inputs,
                        const ValueList &outputs, size_t numArgs,
                        std::vector<std::shared_ptr<VariableState>> variables,
                        std::vector<HostTensorPtr> before,
                        std::function<ValueList(const ValueList &fresh)> rerun);

/// Runs `body` (a tf.function's Python body, inlined in the caller's
/// trace) under a tape of its own while the recording tapes pause, then
/// records it on them as one call op whose inputs are `inputs` (the
/// call's tensor arguments), whose outputs are `tensorsOf` the result, and
/// whose gradient differentiates the body's ops on their own, as
/// TensorFlow differentiates a call with the callee's gradient function
/// (so the callee's gradients are summed before the caller's).
Value recordCall(TfRuntime &rt, const ValueList &inputs,
                 const std::function<Value()> &body,
                 const std::function<ValueList(const Value &)> &tensorsOf);

/// Records that tensor `value` is a read of variable `var`: the tapes that
/// watch the variable (every trainable one they see, by default) watch it.
void recordVariableRead(TfRuntime &rt,
                        const std::shared_ptr<VariableState> &var,
                        const Value &value);

/// Staged control-flow node `node` (StatelessIf, StatelessWhile, For) was
/// just built with `outputs`: a tape whose recorded ops inside its regions
/// used watched tensors or variables from outside records it as one op,
/// whose gradient differentiates those ops.
void recordStagedOp(TfRuntime &rt, int node, const ValueList &outputs);

/// `vars` are a staged loop's state inside one of its regions: the
/// recording tapes watch them, so that the body's ops on them are recorded
/// even when the state's initial values are not watched (a gradient can
/// still reach the state through a watched tensor the body uses).
void watchLoopState(TfRuntime &rt, const ValueList &vars);

/// Whether a tape is recording (one that computes a gradient pauses).
bool anyTapeRecording(const TfRuntime &rt);

/// Whether a recording tape watches one of `tensors`, or would watch one
/// of `variables` when read.
bool tapeWatches(TfRuntime &rt, const ValueList &tensors,
                 const std::vector<std::shared_ptr<VariableState>> &variables);

/// Runs `body`, which builds op `op` from several kiln ops, and records it
/// on the tapes as that one op (whose gradient is TensorFlow's for `op`,
/// e.g. Softmax) instead of its parts.
Value recordComposite(TfRuntime &rt, const std::string &op,
                      const ValueList &inputs,
                      const std::map<std::string, Attr> &attrs,
                      const std::function<Value()> &body);

/// tf.GradientTape.
void installGradientTape(TfRuntime &rt, ModuleBuilder &tf);

} // namespace kiln::tf
