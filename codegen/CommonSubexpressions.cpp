// Grappler runs CSE before constant folding and its arithmetic rewrites,
// and those count a node's consumers after the merge: `(x - c) + 0.1,
// 0.3 - (x - c)` leaves the shared `x - c` alone in ConstantPushDown, and a
// product used twice stays out of MinimizeBroadcasts' chains. Nodes equal
// only after a later rewrite are not merged (grappler's CSE ran before it).
#include "CommonSubexpressions.h"
#include "Emitter.h"

#include <algorithm>
#include <cassert>
#include <unordered_map>

namespace kiln {

namespace {

/// The nodes merged here: those whose results depend on their inputs and
/// attrs only. Not the function's inputs (placeholders, captured tensors),
/// control flow, effects, state (variables, stateful random draws, tensor
/// arrays), nor the parts of a kernel kiln builds from several nodes.
bool mergeable(const graph::Node &n) {
  const std::string &op = n.op;
  if (n.attrs.count(graph::kKernelAttr) || !n.regions.empty() ||
      n.outputs.empty() || op == "Placeholder" || op == "RegionArg" ||
      op == "NoOp" || op == "PrintV2" || op == "Assert" ||
      op.find("Variable") != std::string::npos ||
      op.rfind("TensorArray", 0) == 0)
    return false;
  if (op == "Const")
    return isGraphConstant(n);
  return !graph::isStatefulRandom(op);
}

/// Whether two constants hold the same value.
bool sameValue(const graph::Node &x, const graph::Node &y) {
  graph::HostTensorPtr tx = graphConstantValue(x), ty = graphConstantValue(y);
  return tx && ty && tx->type == ty->type && tx->bytes == ty->bytes &&
         tx->strings == ty->strings;
}

bool same(graph::Output a, graph::Output b) {
  return a.node == b.node && a.index == b.index;
}

/// Whether `y` computes what the earlier `x` does, their inputs already
/// read through the merge.
bool equal(const graph::Node &x, const graph::Node &y) {
  // (Control inputs too: a node that waits for an assertion does not run
  // when it fails, the same node without them does.)
  if (x.op != y.op || x.region != y.region ||
      x.inputs.size() != y.inputs.size() || !mergeable(x) || !mergeable(y) ||
      x.controlInputs != y.controlInputs)
    return false;
  if (isGraphConstant(x))
    return isGraphConstant(y) && sameValue(x, y);
  if (x.attrs != y.attrs || x.outputs.size() != y.outputs.size())
    return false;
  for (size_t i = 0; i < x.outputs.size(); ++i)
    if (!(x.outputs[i] == y.outputs[i]))
      return false;
  bool inOrder = true;
  for (size_t i = 0; i < x.inputs.size(); ++i)
    inOrder = inOrder && same(x.inputs[i], y.inputs[i]);
  return inOrder ||
         (x.inputs.size() == 2 && (x.op == "AddV2" || x.op == "Mul") &&
          same(x.inputs[0], y.inputs[1]) && same(x.inputs[1], y.inputs[0]));
}

/// What equal nodes share: op, region, inputs (commutative ones in
/// order) and a constant's bytes. Candidates with one key are compared in
/// full, so that the pass stays linear on large unrolled graphs.
std::string candidateKey(const graph::Node &n) {
  std::string key = n.op + "@" + std::to_string(n.region);
  std::vector<std::pair<int, int>> inputs;
  for (const graph::Output &in : n.inputs)
    inputs.emplace_back(in.node, in.index);
  if (inputs.size() == 2 && (n.op == "AddV2" || n.op == "Mul"))
    std::sort(inputs.begin(), inputs.end());
  for (auto [node, index] : inputs)
    key += "," + std::to_string(node) + ":" + std::to_string(index);
  if (graph::HostTensorPtr t = graphConstantValue(n)) {
    key += "|" + t->type.shapeString() + "|";
    key.append(t->bytes.begin(), t->bytes.end());
  }
  return key;
}

} // namespace

void eliminateCommonSubexpressions(graph::Graph &g) {
  // The function's results are its output Identities, which grappler
  // keeps; a region's results are the nodes computing them, which merge.
  std::vector<bool> kept(g.nodes.size(), false);
  for (const graph::Output &o : g.results)
    kept[o.node] = true;
  std::unordered_map<std::string, std::vector<int>> candidates;
  std::vector<int> mergedInto(g.nodes.size(), -1);
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    graph::Node &n = g.nodes[i];
    // Inputs come before their consumers (this runs before any rewrite
    // that adds nodes), so they are merged already. (Codegen never reads
    // attrInputs, which keep their names only.)
    for (graph::Output &in : n.inputs) {
      assert(in.node < static_cast<int>(i) && "inputs precede consumers");
      if (mergedInto[in.node] >= 0)
        in.node = mergedInto[in.node];
    }
    if (!mergeable(n))
      continue;
    std::vector<int> &same = candidates[candidateKey(n)];
    int first = -1;
    if (!kept[i])
      for (int k : same)
        if (equal(g.nodes[k], n)) {
          first = k;
          break;
        }
    if (first < 0) {
      same.push_back(static_cast<int>(i));
      continue;
    }
    mergedInto[i] = first;
    n.op = "NoOp";
    n.inputs.clear();
  }
  for (graph::Region &r : g.regions)
    for (graph::Output &o : r.results)
      if (mergedInto[o.node] >= 0)
        o.node = mergedInto[o.node];
}

} // namespace kiln
