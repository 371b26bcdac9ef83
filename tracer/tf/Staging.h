// AutoGraph's staging: an if/while/for whose condition or iterable is a
// tensor becomes a control-flow node of the graph (If, While, For) whose
// regions are traced once, as TensorFlow's if_stmt/while_stmt/for_stmt do.
// tf.cond and tf.while_loop use the same machinery with callables.
#pragma once

#include "TfRuntime.h"

#include <functional>

namespace kiln::tf {

/// tf.nest's message for structures `a` and `b` that differ ("The two
/// structures don't have the same nested structure. ..."), "" when they
/// match; `typeError` says whether TensorFlow raises it as a TypeError
/// (sequence types that differ) (TfNest.cpp).
std::string structureMismatch(Interpreter &in, const Value &a, const Value &b,
                              bool checkTypes, bool &typeError);

/// tf.nest.flatten of `v`: its leaves, a dict's in the order of its sorted
/// keys (TfNest.cpp).
ValueList flattenStructure(Interpreter &in, const Value &v);

/// Installs the stager on the interpreter (owned by the runtime).
void installStager(TfRuntime &rt);

/// tf.cond(pred, true_fn, false_fn) with a symbolic `pred`. `branchScope`
/// ("switch_case/indexed_case/"), when given, is the exact name scope of
/// both branches' ops instead of the cond's own. A branch output that is
/// an Operation becomes `pred`, as cond_v2's.
Value stageCond(TfRuntime &rt, const Value &pred, const Value &trueFn,
                const Value &falseFn, const std::string &branchScope = "");
/// Branch outputs `v` with each Operation in it (tf.print, tf.no_op)
/// replaced by an Identity of `with`: what cond_v2 returns for them.
Value replaceOperations(TfRuntime &rt, const Value &v, const Value &with);
/// cond_v2's check that two branches return the same structure of the
/// same dtypes: TypeError "FIRST and OTHER arguments to OP must have the
/// same number, type, and overall structure of return values", their
/// tensors shown as `scope`'s Identity outputs.
void checkSameBranchOutputs(TfRuntime &rt, const Value &first,
                            const Value &other, const std::string &scope,
                            const std::string &firstName,
                            const std::string &otherName,
                            const std::string &opName);
/// tf.while_loop(cond, body, loop_vars) with symbolic state.
Value stageWhileLoop(TfRuntime &rt, const Value &cond, const Value &body,
                     const Value &loopVars, const Value &shapeInvariants,
                     const Value &maximumIterations);

/// dataset.reduce(initial_state, reduce_func) while tracing: a
/// ReduceDataset node whose body is `reduceFn`, traced once (again when it
/// changes a state's shape), which every call runs on each element.
Value stageDatasetReduce(TfRuntime &rt, const Value &dataset,
                         const Value &initial, const Value &reduceFn);

/// tf.map_fn while tracing: `fn` maps the rows `i` of `elems` (tensors
/// with one first dimension) to tensors of static shapes, which are
/// stacked. `fn` is traced into the body of a For loop (and once before,
/// silently, for the results' types).
ValueList stageMapFn(TfRuntime &rt, const ValueList &elems,
                     const std::function<ValueList(const ValueList &)> &fn);

/// tf.foldl, tf.foldr and tf.scan while tracing: a For loop over the rows
/// of `elems` from row `first` on (counted from the end when `reverse`),
/// carrying `init`, whose next value `fn(state, rows)` is. Returns the
/// final state, then (when `collect`) each state stacked by row, the rows
/// before `first` holding `init`.
ValueList stageFold(TfRuntime &rt, const ValueList &elems,
                    const ValueList &init, int64_t first, bool reverse,
                    bool collect,
                    const std::function<ValueList(const ValueList &state,
                                                  const ValueList &rows)> &fn);

} // namespace kiln::tf
