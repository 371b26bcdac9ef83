// Grappler's model pruner runs first and removes trivial nodes: an
// Identity (tf.identity, and those tf.clip_by_global_norm makes) or a
// StopGradient between two multiplications no longer keeps them apart, so
// the arithmetic optimizer's regrouping (EmitGrappler.cpp) sees one chain:
// `lr * tf.identity(g * s)` rounds as `(lr * s) * g` in TensorFlow.
#include "ModelPruner.h"
#include "Emitter.h"

namespace kiln {

namespace {

/// An Identity or StopGradient of the type of its input (kiln's graph
/// also uses Identity to relax a static shape, which must stay).
bool trivial(const graph::Graph &g, const graph::Node &n) {
  if ((n.op != "Identity" && n.op != "StopGradient") || n.inputs.size() != 1 ||
      n.outputs.size() != 1 || n.attrs.count(graph::kKernelAttr))
    return false;
  const graph::TensorType &in = g.typeOf(n.inputs[0]), &out = n.outputs[0];
  return in.dtype == out.dtype && in.unknownRank == out.unknownRank &&
         in.shape == out.shape;
}

} // namespace

void bypassTrivialNodes(graph::Graph &g) {
  // What each trivial node's output stands for (through chains of them).
  auto source = [&](graph::Output o) {
    while (trivial(g, g.nodes[o.node]))
      o = g.nodes[o.node].inputs[0];
    return o;
  };
  for (graph::Node &n : g.nodes)
    for (graph::Output &in : n.inputs)
      in = source(in);
  // The trivial nodes no result names are gone: no longer uses of their
  // inputs (a node used once joins its consumer's tree).
  std::vector<bool> result(g.nodes.size(), false);
  for (const graph::Output &o : g.results)
    result[o.node] = true;
  for (const graph::Region &r : g.regions)
    for (const graph::Output &o : r.results)
      result[o.node] = true;
  for (size_t i = 0; i < g.nodes.size(); ++i)
    if (trivial(g, g.nodes[i]) && !result[i]) {
      g.nodes[i].op = "NoOp";
      g.nodes[i].inputs.clear();
    }
}

} // namespace kiln
