// tf.Variable: state that outlives a call. Eagerly a variable holds a host
// tensor. A traced function reads and writes it through a captured
// resource, as TensorFlow's graphs do (ReadVariableOp, AssignVariableOp,
// AssignAddVariableOp, AssignSubVariableOp); kiln turns that into data:
// the value at entry is an extra argument of the concrete function, and
// the value after the last write is an extra result, stored back into the
// variable when a call returns.
#pragma once

#include "TfRuntime.h"

namespace kiln::tf {

class ModuleBuilder;

struct VariableState {
  std::string name; // "Variable:0"
  TensorType type;  // fixed when the variable is made
  HostTensorPtr value;
  bool trainable = true;
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
  std::string repr(Interpreter &in, const Value &self) override;
  std::string str(Interpreter &in, const Value &self) override {
    return repr(in, self);
  }
  bool getAttr(Interpreter &in, const Value &self, const std::string &name,
               Value &out) override;
  // A variable computes as the tensor it holds.
  bool binary(Interpreter &in, ast::BinaryOp op, const Value &self,
              const Value &other, bool reflected, Value &out) override;
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
  bool hash(Interpreter &in, const Value &self, size_t &out) override;
};

/// The variable `v` holds, or null when `v` is not a variable.
VariableObject *asVariable(const Value &v);
/// The variable's value as a tensor: eager, or a ReadVariableOp of the
/// trace.
Value readVariable(TfRuntime &rt, VariableObject &v);

/// What the trace did with one variable (TraceState::variables).
struct VariableUse {
  std::shared_ptr<VariableState> var;
  int resource = -1;     // the captured Placeholder
  graph::Output current; // the value after the trace's last write so far
  bool written = false;
};

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
