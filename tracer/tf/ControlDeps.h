// Control dependencies while tracing: the ops made inside a
// `with tf.control_dependencies(...)` block wait for the ops it names, and
// do not run when one of those fails (codegen's failure tracking follows
// them, EmitFailedWrites.cpp). tf.case makes its branches wait for its
// assertions the same way.
#pragma once

#include "TfRuntime.h"

#include <string>
#include <vector>

namespace kiln::tf {

/// Appends the node names a control dependency on `v` waits for: a graph
/// tensor's op, an operation, each op a tf.group groups (nested lists of
/// them too, as tf.group takes them).
void controlNames(TfRuntime &rt, const Value &v,
                  std::vector<std::string> &names);

/// While it lives, the ops the trace makes also wait for `names` (nothing
/// when not tracing).
class ControlDependencies {
public:
  ControlDependencies(TfRuntime &rt, const std::vector<std::string> &names);
  ~ControlDependencies();
  ControlDependencies(const ControlDependencies &) = delete;
  ControlDependencies &operator=(const ControlDependencies &) = delete;

private:
  TraceState *trace_;
  std::vector<std::string> saved_;
};

} // namespace kiln::tf
