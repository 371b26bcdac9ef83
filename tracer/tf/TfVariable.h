// tf.Variable: state that outlives a call. Eagerly a variable holds a host
// tensor. A traced function reads and writes it through a captured
// resource, as TensorFlow's graphs do (ReadVariableOp, AssignVariableOp,
// AssignAddVariableOp, AssignSubVariableOp); kiln turns that into data:
// the value at entry is an extra argument of the concrete function, and
// the value after the last write is an extra result, stored back into the
// variable when a call returns.
//
// Inside staged control flow a variable has a value per region, as an SSA
// value does: a branch's writes leave the If node as extra outputs, and a
// loop carries each variable it touches as extra loop state (VariableScope),
// so reads in later iterations see earlier writes.
#pragma once

#include "TfRuntime.h"

namespace kiln::tf {

class ModuleBuilder;

struct VariableObject;

struct VariableState {
  std::string name; // "Variable:0"
  TensorType type;  // fixed when the variable is made
  HostTensorPtr value;
  bool trainable = true;
  /// The callable given as `constraint` (optimizers apply it), or None.
  Value constraint;
  /// The script's tf.Variable object for this state, while it lives:
  /// APIs that hand variables back (custom_gradient's grad_fn) give that
  /// object, so that `is` and identity-keyed lookups work.
  std::weak_ptr<VariableObject> object;
  /// Creation order (tapes list watched variables in it).
  int64_t id = 0;
  SourceLoc loc; // the line of the script that made it
};

/// A variable, or the `_UnreadVariable` that assign() returns: the same
/// state under the name TensorFlow prints for it.
struct VariableObject : py::NativeObject {
  std::shared_ptr<VariableState> state;
  bool unread = false;
  TfRuntime *rt = nullptr;

  std::string typeName() const override {
    return unread ? "_UnreadVariable" : "ResourceVariable";
  }
  std::string typeModule() const override {
    return "tensorflow.python.ops.resource_variable_ops";
  }
  std::string repr(Interpreter &in, const Value &self) override;
  std::string str(Interpreter &in, const Value &self) override {
    return repr(in, self);
  }
  bool getAttr(Interpreter &in, const Value &self, const std::string &name,
               Value &out) override;
  // A variable computes as the tensor it holds.
  bool binary(Interpreter &in, ast::BinaryOp op, const Value &self,
              const Value &other, bool reflected, Value &out) override;
  /// `v += x` and friends are TensorFlow's RuntimeError.
  bool inplace(Interpreter &in, ast::BinaryOp op, const Value &self,
               const Value &other, Value &out) override;
  bool unary(Interpreter &in, ast::UnaryOpKind op, const Value &self,
             Value &out) override;
  bool compare(Interpreter &in, ast::CmpOp op, const Value &self,
               const Value &other, bool reflected, Value &out) override;
  bool truthy(Interpreter &in, const Value &self, bool &out) override;
  bool len(Interpreter &in, const Value &self, int64_t &out) override;
  bool getItem(Interpreter &in, const Value &self, const Value &key,
               Value &out) override;
  bool iter(Interpreter &in, const Value &self, Value &out) override;
  bool toNumber(Interpreter &in, const Value &self, Value &out) override;
  /// ResourceVariable has __int__ and __float__ but no __index__.
  bool isIndex() const override { return false; }
  bool hash(Interpreter &in, const Value &self, size_t &out) override;
};

/// tf.Variable(...): a new variable from the constructor's arguments.
Value newVariable(Interpreter &in, TfRuntime &rt, CallArgs &args);
/// The variable `v` holds, or null when `v` is not a variable.
VariableObject *asVariable(const Value &v);
/// A tf.Variable object for `state` (the _UnreadVariable assign() returns
/// when `unread`).
Value makeVariable(TfRuntime &rt, std::shared_ptr<VariableState> state,
                   bool unread);
/// The script's tf.Variable object for `state` (VariableState::object), or
/// a new one when it no longer lives.
Value variableObject(TfRuntime &rt,
                     const std::shared_ptr<VariableState> &state);
/// The variable's value as a tensor: eager, or a ReadVariableOp of the
/// trace, named in name scope `scope` when given (an op's converted input,
/// "add/ReadVariableOp").
Value readVariable(TfRuntime &rt, VariableObject &v,
                   const std::string &scope = "");
/// assign (op AssignVariableOp), assign_add and assign_sub: returns the
/// `_UnreadVariable` TensorFlow returns.
Value assignVariable(TfRuntime &rt, VariableObject &v, const std::string &op,
                     const Value &value);
/// Makes the variable's next write in the trace wait for node `read`, an
/// op reading it that can fail (VariableUse::failingReads).
void orderBeforeNextWrite(TfRuntime &rt,
                          const std::shared_ptr<VariableState> &var, int read);

/// What the trace did with one variable (TraceState::variables).
struct VariableUse {
  std::shared_ptr<VariableState> var;
  int resource = -1; // the captured Placeholder
  /// The value in the function body after its last write so far (staged
  /// regions keep theirs in VariableScopes).
  graph::Output current;
  bool written = false;
  /// The ops reading the variable since its last write that can fail (a
  /// ResourceGather's index out of range, an inlined call): TensorFlow
  /// orders a resource's ops, so the next write waits for them (control
  /// inputs) and does not run after one failed. Node ids: a name can
  /// still change (a name scope's rename).
  std::vector<int> failingReads;
};

/// One staged branch or loop being traced: the values its region gives
/// variables. A branch's values are its writes; a read falls through to
/// the enclosing scope. A loop carries every variable its regions touch:
/// on first touch the variable gets an argument in each of the loop's
/// regions and its value on entry becomes an extra loop input.
struct VariableScope {
  enum class Kind { Branch, Loop };
  Kind kind = Kind::Branch;
  /// Values in the active region (for a loop, its last begun region).
  std::map<VariableUse *, graph::Output> values;
  // Loops only.
  std::vector<int> regions;           // begun so far: [cond,] body
  std::vector<VariableUse *> carried; // in order of first touch
  std::vector<graph::Output> inits;   // their values entering the loop
  /// args[k][i]: carried variable i's argument in regions[k].
  std::vector<std::vector<graph::Output>> args;
  /// The loop's name scope ("while/"), which names those arguments.
  std::string nameScope;
};

/// Pushes a VariableScope while a staged construct is traced; pops it when
/// destroyed (errors included) unless end() popped it first. Does nothing
/// outside a trace.
class VariableScopeGuard {
public:
  VariableScopeGuard(TfRuntime &rt, VariableScope::Kind kind);
  ~VariableScopeGuard();
  VariableScopeGuard(const VariableScopeGuard &) = delete;
  VariableScopeGuard &operator=(const VariableScopeGuard &) = delete;
  /// Pops the scope and returns it.
  std::shared_ptr<VariableScope> end();
  VariableScope &scope() { return *scope_; }

private:
  TraceState *trace_; // the trace it was pushed on; null once popped
  std::shared_ptr<VariableScope> scope_;
};

/// The loop's region `region` begins (just after its own arguments): each
/// variable carried so far gets an argument there, which is its value.
void beginLoopRegion(TfRuntime &rt, VariableScope &loop, int region);
/// The first variable whose value in the loop's active region is not its
/// argument there (one written in that region), or null.
const VariableUse *writtenInLoopRegion(const VariableScope &loop);
/// The carried variables' values in the active region: what an iteration
/// yields after the loop's own state.
std::vector<graph::Output> loopResults(const VariableScope &loop);
/// After the loop node `node`, whose outputs from `first` on are the
/// carried variables: the enclosing scope's value of each variable the
/// loop wrote becomes that output.
void endLoop(TfRuntime &rt, const VariableScope &loop, int node, size_t first);
/// The variables either branch wrote, in order, with each branch's value
/// (the enclosing value where a branch did not write it).
struct BranchWrites {
  std::vector<VariableUse *> vars;
  std::vector<graph::Output> thenValues, elseValues;
};
BranchWrites branchWrites(TfRuntime &rt, const VariableScope &thenScope,
                          const VariableScope &elseScope);
/// Sets the current scope's value of `u` (the function body's outside
/// staged control flow).
void setVariable(TfRuntime &rt, VariableUse &u, graph::Output value);

/// For a tf.function called while another traces: the caller's current
/// value of `var` (captured if new), and the value the callee left in it.
graph::Output variableValue(TfRuntime &rt,
                            const std::shared_ptr<VariableState> &var,
                            const std::string &opName);
void setVariableValue(TfRuntime &rt, const std::shared_ptr<VariableState> &var,
                      graph::Output value);

/// tf.Variable.
void installVariables(TfRuntime &rt, ModuleBuilder &tf);

} // namespace kiln::tf
