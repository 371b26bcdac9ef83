// A scale applied to an image before a convolution, or to its result, moves
// into the filter when the filter is constant:
//
//   conv2d(img / 255.0, K)   ->  conv2d(img, K * fl(1/255))
//   conv2d(img, K) * C       ->  conv2d(img, K * C)   (C scalar or per
//                                                      output channel)
//
// which rounds differently from scaling the image or the result. The
// rewrites keep the graph's node order (inputs before their consumers) by
// reusing nodes: the scale's Mul becomes the new filter before the
// convolution, or the convolution's node becomes the new filter and the
// Mul after it the convolution.
#include "FoldIntoConv.h"
#include "Emitter.h"
#include "ModelPruner.h"

#include <cstring>
#include <optional>

namespace kiln {

namespace {

/// The value of constant node `n` (float32 or float64), or null.
graph::HostTensorPtr floatConstant(const graph::Node &n) {
  graph::HostTensorPtr t = graphConstantValue(n);
  if (!t || (t->type.dtype != graph::DType::Float32 &&
             t->type.dtype != graph::DType::Float64))
    return nullptr;
  return t;
}

/// A node read as a multiplication by a constant: its other operand and
/// the constant (a division by a constant is a multiplication by its
/// reciprocal, rounded in the type, as constant folding made it).
struct Scaled {
  graph::Output operand;
  graph::HostTensorPtr scale;
  bool reciprocal = false;
};

std::optional<Scaled> scaledBy(const graph::Graph &g, const graph::Node &n) {
  if (n.inputs.size() != 2 || n.attrs.count(graph::kKernelAttr))
    return std::nullopt;
  if (n.op == "Mul")
    for (int side = 0; side < 2; ++side)
      if (graph::HostTensorPtr c = floatConstant(g.nodes[n.inputs[side].node]))
        if (!floatConstant(g.nodes[n.inputs[1 - side].node]))
          return Scaled{n.inputs[1 - side], c};
  if (n.op == "RealDiv" || n.op == "Div")
    if (graph::HostTensorPtr c = floatConstant(g.nodes[n.inputs[1].node]))
      return Scaled{n.inputs[0], c, true};
  return std::nullopt;
}

/// filter * scale, the scale broadcast to the filter's last (output
/// channel) dimension or a single value, each product rounded in the
/// type.
graph::HostTensorPtr scaledFilter(const graph::HostTensorPtr &filter,
                                  const Scaled &s) {
  auto out = std::make_shared<graph::HostTensor>(*filter);
  int64_t n = filter->type.numElements(), m = s.scale->type.numElements();
  int64_t channels = filter->type.shape.empty() ? 1 : filter->type.shape.back();
  bool single = filter->type.dtype == graph::DType::Float32;
  for (int64_t i = 0; i < n; ++i) {
    double c = s.scale->elementAsDouble(m == 1 ? 0 : i % channels);
    double k = filter->elementAsDouble(i);
    if (single) {
      float f = float(k) * (s.reciprocal ? 1.0f / float(c) : float(c));
      std::memcpy(out->bytes.data() + i * 4, &f, 4);
    } else {
      double d = k * (s.reciprocal ? 1.0 / c : c);
      std::memcpy(out->bytes.data() + i * 8, &d, 8);
    }
  }
  return out;
}

/// Node `id` made the constant `value`.
void makeConstant(graph::Node &n, graph::HostTensorPtr value) {
  n.op = "Const";
  n.inputs.clear();
  n.attrs.clear();
  n.attrs["dtype"] = value->type.dtype;
  n.outputs = {value->type};
  n.attrs["value"] = std::move(value);
}

} // namespace

void foldScalesIntoConv(graph::Graph &g) {
  std::vector<int> uses = liveUseCounts(g, liveNodes(g));
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    if (g.nodes[i].op != "Conv2D")
      continue;
    graph::Node &conv = g.nodes[i];
    graph::HostTensorPtr filter = floatConstant(g.nodes[conv.inputs[1].node]);
    if (!filter || filter->type.dtype != conv.outputs[0].dtype)
      continue;
    // FoldMultiplyIntoConv: the image input, through single-use
    // Identities and Reshapes, is a single-use Mul by a rank-0 constant.
    graph::Output *link = &conv.inputs[0];
    while ((g.nodes[link->node].op == "Identity" ||
            g.nodes[link->node].op == "Reshape") &&
           uses[link->node] == 1)
      link = &g.nodes[link->node].inputs[0];
    graph::Node &mul = g.nodes[link->node];
    std::optional<Scaled> before = scaledBy(g, mul);
    if (before && uses[link->node] == 1 && mul.region == conv.region &&
        before->scale->type.shape.empty() &&
        before->scale->type.dtype == filter->type.dtype) {
      int scaleId = link->node;
      *link = before->operand;
      makeConstant(mul, scaledFilter(filter, *before));
      conv.inputs[1] = {scaleId, 0};
      continue;
    }
    // MulConvPushDown: the convolution's one consumer multiplies it by a
    // single value or one per output channel.
    if (uses[i] != 1 || floatConstant(g.nodes[conv.inputs[0].node]))
      continue;
    for (size_t j = i + 1; j < g.nodes.size(); ++j) {
      graph::Node &after = g.nodes[j];
      bool reads = false;
      for (const graph::Output &in : after.inputs)
        reads |= in.node == static_cast<int>(i);
      if (!reads)
        continue;
      std::optional<Scaled> s = scaledBy(g, after);
      if (!s || s->operand.node != static_cast<int>(i) ||
          after.region != conv.region ||
          !(after.outputs[0] == conv.outputs[0]) ||
          s->scale->type.dtype != filter->type.dtype)
        break;
      const std::vector<int64_t> &shape = s->scale->type.shape;
      bool perChannel = shape.size() <= 4;
      for (size_t d = 0; d + 1 < shape.size(); ++d)
        perChannel = perChannel && shape[d] == 1;
      int64_t count = s->scale->type.numElements();
      if (!perChannel || (count != 1 && count != filter->type.shape.back()))
        break;
      // The convolution moves to the Mul's node (and name); its own node,
      // earlier, holds the new filter.
      graph::Node moved = conv;
      moved.name = after.name;
      moved.inputs[1] = {static_cast<int>(i), 0};
      std::string filterName = conv.name + "/merged_input";
      makeConstant(conv, scaledFilter(filter, *s));
      conv.name = filterName;
      after = std::move(moved);
      break;
    }
  }
}

} // namespace kiln
