// Rank specialization of graphs with unknown-rank tensors.
#include "RankSpecialize.h"

#include "TfOps.h"

#include <algorithm>

namespace kiln::tf {

using graph::TensorType;

bool graphHasUnknownRank(const graph::Graph &graph) {
  for (auto &n : graph.nodes)
    for (auto &t : n.outputs)
      if (t.unknownRank)
        return true;
  return false;
}

std::string specializationKey(const std::vector<TensorType> &args) {
  std::string key;
  for (auto &t : args)
    key += t.shapeString() + ";";
  return key;
}

/// Ops whose result has their (first) input's shape.
static bool isShapePreserving(const std::string &op) {
  static const char *ops[] = {
      "Identity",   "StopGradient", "Cast",  "Neg",       "Abs",
      "Sign",       "Sqrt",         "Rsqrt", "Exp",       "Log",
      "Log1p",      "Sin",          "Cos",   "Tanh",      "Sigmoid",
      "Relu",       "Square",       "Floor", "Ceil",      "Round",
      "LogicalNot", "Erf",          "Expm1", "Softplus",  "Elu",
      "Selu",       "Softsign",     "Relu6", "LeakyRelu", "Reciprocal",
      "Tan",        "Asin",         "Acos",  "Atan",      "Sinh",
      "Cosh",       "Asinh",        "Acosh", "Atanh",     "Erfc"};
  return std::find(std::begin(ops), std::end(ops), op) != std::end(ops);
}

bool specializeRanks(const graph::Graph &graph,
                     const std::vector<TensorType> &args, graph::Graph &out,
                     std::string &error) {
  out = graph;
  if (args.size() != out.args.size()) {
    error = "expected " + std::to_string(out.args.size()) +
            " tensor arguments, got " + std::to_string(args.size());
    return false;
  }
  for (size_t i = 0; i < args.size(); ++i) {
    TensorType &t = out.nodes[out.args[i]].outputs[0];
    if (t.unknownRank) {
      t.unknownRank = false;
      t.shape = args[i].shape;
    }
  }
  for (auto &n : out.nodes) {
    if (n.op == "PrintV2") // prints any rank
      continue;
    bool rankless = !n.outputs.empty() && n.outputs[0].unknownRank;
    for (auto &input : n.inputs)
      rankless |= graph.typeOf(input).unknownRank;
    if (!rankless)
      continue;
    bool preserving = isShapePreserving(n.op) && !n.inputs.empty();
    // Other ops on an unknown-rank tensor (a reduction over all its axes,
    // say) fixed attributes at trace time from a rank they did not know.
    if (!preserving && !graph::isBroadcastingOp(n.op)) {
      error = "kiln cannot compile " + n.op + " ('" + n.name +
              "') on a tensor of unknown rank yet";
      return false;
    }
    std::vector<int64_t> shape;
    if (preserving) {
      shape = out.typeOf(n.inputs[0]).shape;
    } else {
      for (auto &input : n.inputs) {
        std::vector<int64_t> next;
        if (!broadcastShapes(shape, out.typeOf(input).shape, next)) {
          error = "the inputs of '" + n.name + "' do not broadcast";
          return false;
        }
        shape = next;
      }
    }
    // Nodes that read an unknown-rank tensor get their shape recomputed
    // from the now known input shapes.
    n.outputs[0].unknownRank = false;
    n.outputs[0].shape = shape;
  }
  return true;
}

} // namespace kiln::tf
