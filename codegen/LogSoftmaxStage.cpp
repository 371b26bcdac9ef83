// kiln traces tf.nn.softmax into the nodes of its kernel (tracer/tf/
// TfModule.cpp), each marked as part of the Softmax kernel:
//   shifted = x - max(x); e = exp(shifted);
//   softmax = e * reciprocal(sum(e))
// and tf.nn.log_softmax into shifted - log(sum(exp(shifted))). Grappler
// sees one Softmax node, and when every consumer of it is a Log (equal Logs
// merge first), it replaces the Log by LogSoftmax(x). Here that is done in
// place, keeping the nodes in order: the reciprocal becomes the log of the
// sum, the product is dropped, and each Log becomes shifted - log(sum).
#include "LogSoftmaxStage.h"
#include "ModelPruner.h"

#include <map>

namespace kiln {

namespace {

/// Whether `n` is a node of the Softmax kernel with op `op`.
bool softmaxPart(const graph::Node &n, const char *op) {
  auto it = n.attrs.find(graph::kKernelAttr);
  return n.op == op && it != n.attrs.end() &&
         std::get<std::string>(it->second) == "Softmax";
}

} // namespace

void fuseLogSoftmax(graph::Graph &g) {
  std::vector<bool> live = liveNodes(g);
  std::vector<int> uses = liveUseCounts(g, live);
  // The Log consumers of each softmax product, and the products that have
  // other consumers.
  std::map<int, std::vector<int>> logs;
  std::vector<bool> other(g.nodes.size(), false);
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    if (!live[i])
      continue;
    const graph::Node &n = g.nodes[i];
    for (graph::Output in : n.inputs) {
      if (!softmaxPart(g.nodes[in.node], "Mul"))
        continue;
      if (n.op == "Log" && n.region == g.nodes[in.node].region)
        logs[in.node].push_back(static_cast<int>(i));
      else
        other[in.node] = true;
    }
  }
  for (auto &[product, consumers] : logs) {
    graph::Node &mul = g.nodes[product];
    if (other[product] || uses[product] != static_cast<int>(consumers.size()) ||
        mul.inputs.size() != 2)
      continue;
    graph::Node &exp = g.nodes[mul.inputs[0].node];
    graph::Node &reciprocal = g.nodes[mul.inputs[1].node];
    if (!softmaxPart(exp, "Exp") || !softmaxPart(reciprocal, "Reciprocal"))
      continue;
    graph::Node &sum = g.nodes[reciprocal.inputs[0].node];
    graph::Node &shifted = g.nodes[exp.inputs[0].node];
    if (!softmaxPart(sum, "Sum") || !softmaxPart(shifted, "Sub"))
      continue;
    graph::Output shiftedOut = exp.inputs[0];
    graph::Output logSum = mul.inputs[1];
    const std::string kernel = "LogSoftmax";
    for (graph::Node *part : {&shifted, &exp, &sum, &reciprocal})
      part->attrs[graph::kKernelAttr] = kernel;
    // LogSoftmax sums its exp inside the reduction: Eigen's packet form
    // per row of classes, not the Softmax kernel's blocks.
    exp.attrs.erase("packet_block");
    exp.attrs["row_packets"] = true;
    reciprocal.op = "Log";
    mul.op = "NoOp";
    mul.inputs.clear();
    for (int id : consumers) {
      graph::Node &log = g.nodes[id];
      log.op = "Sub";
      log.inputs = {shiftedOut, logSum};
      log.attrs[graph::kKernelAttr] = kernel;
    }
  }
}

} // namespace kiln
