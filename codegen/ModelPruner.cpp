// Grappler's model pruner runs first and removes trivial nodes: an
// Identity (tf.identity, and those tf.clip_by_global_norm makes) or a
// StopGradient between two multiplications no longer keeps them apart, so
// the arithmetic optimizer's regrouping (EmitGrappler.cpp) sees one chain:
// `lr * tf.identity(g * s)` rounds as `(lr * s) * g` in TensorFlow.
#include "ModelPruner.h"
#include "CallAttrs.h"
#include "Emitter.h"

namespace kiln {

namespace {

/// An Identity or StopGradient of the type of its input (kiln's graph
/// also uses Identity to relax a static shape, which must stay), with no
/// control inputs (what reads it waits for them, and does not run when one
/// fails).
bool trivial(const graph::Graph &g, const graph::Node &n) {
  if ((n.op != "Identity" && n.op != "StopGradient") || n.inputs.size() != 1 ||
      n.outputs.size() != 1 || n.attrs.count(graph::kKernelAttr) ||
      !n.controlInputs.empty())
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
  // An inlined call's result that is bypassed hands its wait for the
  // whole callee (CallAttrs.h) to what it stood for, when that is the
  // callee's.
  for (graph::Node &n : g.nodes) {
    auto range = n.attrs.find(graph::kCallNodes);
    if (!trivial(g, n) || range == n.attrs.end())
      continue;
    const auto &nodes = std::get<std::vector<int64_t>>(range->second);
    graph::Node &from = g.nodes[source(n.inputs[0]).node];
    int64_t at = &from - g.nodes.data();
    if (nodes.size() == 2 && at >= nodes[0] && at < nodes[1] &&
        !from.attrs.count(graph::kCallNodes)) {
      from.attrs[graph::kCallNodes] = range->second;
      from.attrs[graph::kCallDone] = n.attrs.at(graph::kCallDone);
    }
  }
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
  // What waits for one (a control input names it) waits for its input.
  for (size_t i = 0; i < g.nodes.size(); ++i)
    if (trivial(g, g.nodes[i]) && !result[i]) {
      graph::Node &n = g.nodes[i];
      n.op = "NoOp";
      n.controlInputs = {g.nodes[n.inputs[0].node].name};
      n.inputs.clear();
    }
}

void dropAdditiveZeros(graph::Graph &g) {
  auto isZeros = [&](graph::Output o) {
    const graph::Node &n = g.nodes[o.node];
    graph::HostTensorPtr value = graphConstantValue(n);
    if (!value || value->type.dtype == graph::DType::String)
      return false;
    for (int64_t i = 0; i < value->type.numElements(); ++i)
      if (value->elementAsDouble(i) != 0.0)
        return false;
    return true;
  };
  // A sum of constants folds first, computed by its kernel.
  std::vector<bool> folded = foldableNodes(g);
  for (size_t id = 0; id < g.nodes.size(); ++id) {
    graph::Node &n = g.nodes[id];
    bool add = n.op == "AddV2" || n.op == "Add";
    if (folded[id] || (!add && n.op != "Sub") || n.inputs.size() != 2 ||
        n.outputs.size() != 1 || n.attrs.count(graph::kKernelAttr))
      continue;
    for (int k = add ? 0 : 1; k < 2; ++k) {
      graph::Output other = n.inputs[1 - k];
      const graph::TensorType &t = g.typeOf(other);
      if (!isZeros(n.inputs[k]) || t.unknownRank ||
          t.dtype != n.outputs[0].dtype || t.shape != n.outputs[0].shape)
        continue;
      n.op = "Identity";
      n.inputs = {other};
      n.attrs.clear();
      n.attrs["T"] = t.dtype;
      break;
    }
  }
}

std::vector<bool> liveNodes(const graph::Graph &g) {
  // The control-flow node owning each region: an effect inside a branch or
  // a loop keeps its node alive.
  std::vector<int> owner(g.regions.size(), -1);
  for (size_t i = 0; i < g.nodes.size(); ++i)
    for (int r : g.nodes[i].regions)
      owner[r] = static_cast<int>(i);
  std::vector<bool> live(g.nodes.size(), false);
  std::vector<int> work;
  auto mark = [&](int i) {
    if (i >= 0 && !live[i]) {
      live[i] = true;
      work.push_back(i);
    }
  };
  for (graph::Output r : g.results)
    mark(r.node);
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    if (!g.nodes[i].outputs.empty() || g.nodes[i].op == "NoOp")
      continue;
    // The effect and every control-flow node around it.
    for (int at = static_cast<int>(i); at >= 0;) {
      mark(at);
      int r = g.nodes[at].region;
      at = r >= 0 ? owner[r] : -1;
    }
  }
  while (!work.empty()) {
    const graph::Node &n = g.nodes[work.back()];
    work.pop_back();
    for (graph::Output in : n.inputs)
      mark(in.node);
    for (int r : n.regions)
      for (graph::Output out : g.regions[r].results)
        mark(out.node);
  }
  return live;
}

std::vector<int> liveUseCounts(const graph::Graph &g,
                               const std::vector<bool> &live,
                               std::vector<int> *lastUser) {
  std::vector<int> counts(g.nodes.size(), 0);
  if (lastUser)
    lastUser->assign(g.nodes.size(), -1);
  auto use = [&](graph::Output o, int by) {
    ++counts[o.node];
    if (lastUser)
      (*lastUser)[o.node] = by;
  };
  for (size_t i = 0; i < g.nodes.size(); ++i)
    if (live[i])
      for (graph::Output in : g.nodes[i].inputs)
        use(in, static_cast<int>(i));
  // A function's or region's result is used by its _Retval.
  for (const graph::Region &r : g.regions)
    for (graph::Output out : r.results)
      use(out, -1);
  for (graph::Output out : g.results)
    use(out, -1);
  return counts;
}

} // namespace kiln
