// Grappler runs constant folding before the arithmetic optimizer, so an
// expression of constants is evaluated op by op with TensorFlow's kernels
// (`tf.range(12.0) / 10.0` is an exact division inside a tf.function)
// before the rewrites that change rounding (a division by a constant
// becoming a multiplication by its reciprocal) could see it. This file
// tells which nodes that covers, so that the emitter's versions of those
// rewrites skip them.
#include "ConstantFolding.h"
#include "Emitter.h"
#include "TensorFormat.h"

#include <set>
#include <string>

namespace kiln {

namespace {

/// Ops grappler does not fold: those with side effects or state, inputs of
/// the function, and control flow.
bool neverFolds(const graph::Node &n) {
  static const std::set<std::string> ops = {"Placeholder",
                                            "PlaceholderWithDefault",
                                            "Assert",
                                            "PrintV2",
                                            "NoOp",
                                            "EnsureShape",
                                            "While",
                                            "If",
                                            "For",
                                            "Case",
                                            "StatefulPartitionedCall"};
  const std::string &op = n.op;
  return ops.count(op) || !n.regions.empty() || graph::isStatefulRandom(op) ||
         op.find("Variable") != std::string::npos ||
         op.rfind("TensorArray", 0) == 0 || op.rfind("Sparse", 0) == 0 ||
         n.attrs.count(graph::kRunTimeError);
}

/// Grappler does not make constants larger than 10 MiB.
bool small(const graph::Node &n) {
  int64_t bytes = 0;
  for (const graph::TensorType &t : n.outputs) {
    if (!t.isStatic() || t.dtype == graph::DType::String)
      return false;
    bytes += t.numElements() * static_cast<int64_t>(py::dtypeSize(t.dtype));
  }
  return bytes <= 10 * 1024 * 1024;
}

} // namespace

std::vector<bool> foldableNodes(const graph::Graph &g) {
  std::vector<bool> foldable(g.nodes.size(), false);
  // Inputs come before their consumers.
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    const graph::Node &n = g.nodes[i];
    if (n.op == "Const") {
      foldable[i] = isGraphConstant(n);
      continue;
    }
    if (neverFolds(n) || n.outputs.empty() || !small(n))
      continue;
    // Shapes of static shapes become constants (shape materialization).
    if ((n.op == "Shape" || n.op == "Size" || n.op == "Rank") &&
        !n.inputs.empty() && g.typeOf(n.inputs[0]).isStatic()) {
      foldable[i] = true;
      continue;
    }
    // A value from another region reaches a loop body or branch as an
    // argument of its function, which grappler does not fold.
    bool all = !n.inputs.empty();
    for (const graph::Output &o : n.inputs)
      all = all && foldable[o.node] && g.nodes[o.node].region == n.region;
    foldable[i] = all;
  }
  return foldable;
}

} // namespace kiln
