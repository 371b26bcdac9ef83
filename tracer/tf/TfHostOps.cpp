// Host kernels for string tensors.
#include "TfHostOps.h"

#include <algorithm>

namespace kiln::tf {

using graph::DType;
using graph::HostTensor;
using graph::HostTensorPtr;

bool hasStringKernel(const std::string &op) {
  static const char *ops[] = {
      "Const",        "Identity",    "AddV2",      "Equal",      "NotEqual",
      "ConcatV2",     "Pack",        "Reshape",    "ExpandDims", "Squeeze",
      "StridedSlice", "BroadcastTo", "Placeholder"};
  return std::find(std::begin(ops), std::end(ops), op) != std::end(ops);
}

namespace {

/// Row-major index of `coords` in `shape`, broadcasting size-1 and missing
/// leading dimensions.
int64_t broadcastIndex(const std::vector<int64_t> &shape,
                       const std::vector<int64_t> &coords) {
  int64_t index = 0;
  size_t offset = coords.size() - shape.size();
  for (size_t d = 0; d < shape.size(); ++d)
    index = index * shape[d] + (shape[d] == 1 ? 0 : coords[offset + d]);
  return index;
}

/// Calls `fn(coords, flatIndex)` for every element of `shape`.
template <typename Fn> void forEach(const std::vector<int64_t> &shape, Fn fn) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  std::vector<int64_t> coords(shape.size(), 0);
  for (int64_t e = 0; e < n; ++e) {
    fn(coords, e);
    for (size_t d = shape.size(); d-- > 0;) {
      if (++coords[d] < shape[d])
        break;
      coords[d] = 0;
    }
  }
}

std::shared_ptr<HostTensor> make(const graph::TensorType &type) {
  auto t = std::make_shared<HostTensor>();
  t->type = type;
  int64_t n = 1;
  for (int64_t d : type.shape)
    n *= d;
  if (type.dtype == DType::String)
    t->strings.resize(n);
  else
    t->bytes.assign(n * py::dtypeSize(type.dtype), 0);
  return t;
}

} // namespace

bool runStringKernel(const graph::Node &n, const std::vector<HostTensorPtr> &in,
                     HostTensorPtr &out, std::string &error) {
  const std::string &op = n.op;
  graph::TensorType type = n.outputs.at(0);
  if (op == "Const") {
    out = std::get<HostTensorPtr>(n.attrs.at("value"));
    return true;
  }
  // Output shapes with unknown dims take the inputs' actual shapes.
  if (op == "Identity") {
    out = in[0];
    return true;
  }
  if (op == "Reshape" || op == "ExpandDims" || op == "Squeeze") {
    auto t = std::make_shared<HostTensor>(*in[0]);
    int64_t known = 1, total = in[0]->strings.size();
    for (int64_t d : type.shape)
      known *= d < 0 ? 1 : d;
    for (auto &d : type.shape)
      if (d < 0)
        d = known ? total / known : 0;
    t->type = type;
    out = t;
    return true;
  }
  if (op == "AddV2" || op == "Equal" || op == "NotEqual" ||
      op == "BroadcastTo") {
    std::vector<int64_t> shape = type.shape;
    const auto &a = in[0]->type.shape;
    const auto &b = op == "BroadcastTo" ? type.shape : in[1]->type.shape;
    size_t rank = std::max(a.size(), b.size());
    shape.assign(rank, 1);
    for (size_t i = 0; i < rank; ++i) {
      int64_t x = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
      int64_t y = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
      shape[i] = x == 1 ? y : x;
    }
    graph::TensorType t = type;
    t.shape = shape;
    auto result = make(t);
    forEach(shape, [&](const std::vector<int64_t> &c, int64_t e) {
      const std::string &x = in[0]->strings[broadcastIndex(a, c)];
      if (op == "BroadcastTo") {
        result->strings[e] = x;
        return;
      }
      const std::string &y = in[1]->strings[broadcastIndex(b, c)];
      if (op == "AddV2")
        result->strings[e] = x + y;
      else
        result->bytes[e] = (x == y) == (op == "Equal");
    });
    out = result;
    return true;
  }
  if (op == "ConcatV2" || op == "Pack") {
    int64_t axis = std::get<int64_t>(n.attrs.at("axis"));
    graph::TensorType t = type;
    // Concatenation along `axis`: outer blocks, each the inputs' slabs.
    std::vector<std::vector<int64_t>> shapes;
    for (auto &x : in) {
      auto s = x->type.shape;
      if (op == "Pack")
        s.insert(s.begin() + axis, 1);
      shapes.push_back(s);
    }
    t.shape = shapes[0];
    t.shape[axis] = 0;
    for (auto &s : shapes)
      t.shape[axis] += s[axis];
    auto result = make(t);
    int64_t outer = 1;
    for (int64_t d = 0; d < axis; ++d)
      outer *= t.shape[d];
    size_t at = 0;
    for (int64_t o = 0; o < outer; ++o)
      for (size_t k = 0; k < in.size(); ++k) {
        int64_t slab = 1;
        for (size_t d = axis; d < shapes[k].size(); ++d)
          slab *= shapes[k][d];
        for (int64_t i = 0; i < slab; ++i)
          result->strings[at++] = in[k]->strings[o * slab + i];
      }
    out = result;
    return true;
  }
  if (op == "StridedSlice" && n.attrs.count("dyn_kind")) {
    // Bounds computed at run time: not in this kernel.
    error = "kiln has no string kernel for slices whose bounds or "
            "dimensions are known only at run time";
    return false;
  }
  if (op == "StridedSlice") {
    const auto &offsets = std::get<std::vector<int64_t>>(n.attrs.at("offsets"));
    auto sizes = std::get<std::vector<int64_t>>(n.attrs.at("sizes"));
    const auto &strides = std::get<std::vector<int64_t>>(n.attrs.at("strides"));
    const auto &inShape = in[0]->type.shape;
    for (size_t d = 0; d < sizes.size(); ++d)
      if (sizes[d] < 0)
        sizes[d] = inShape[d];
    graph::TensorType sliced{DType::String, sizes};
    auto result = make(sliced);
    std::vector<int64_t> reversed;
    if (auto it = n.attrs.find("reversed"); it != n.attrs.end())
      reversed = std::get<std::vector<int64_t>>(it->second);
    forEach(sizes, [&](const std::vector<int64_t> &c, int64_t e) {
      int64_t index = 0;
      for (size_t d = 0; d < c.size(); ++d) {
        bool flip = std::find(reversed.begin(), reversed.end(), (int64_t)d) !=
                    reversed.end();
        int64_t k = flip ? sizes[d] - 1 - c[d] : c[d];
        index = index * inShape[d] + offsets[d] + k * strides[d];
      }
      result->strings[e] = in[0]->strings[index];
    });
    result->type = type;
    for (size_t d = 0, k = 0; d < result->type.shape.size(); ++d)
      if (result->type.shape[d] < 0) // whole dims kept their input size
        for (; k < sizes.size(); ++k)
          if (offsets[k] == 0 && strides[k] == 1 && sizes[k] == inShape[k]) {
            result->type.shape[d] = sizes[k++];
            break;
          }
    out = result;
    return true;
  }
  error = "kiln has no string kernel for " + op;
  return false;
}

bool graphHasStrings(const graph::Graph &g) {
  for (auto &n : g.nodes)
    for (auto &o : n.outputs)
      if (o.dtype == DType::String)
        return true;
  return false;
}

bool runGraphOnHost(const graph::Graph &g,
                    const std::vector<HostTensorPtr> &inputs,
                    std::vector<HostTensorPtr> &outputs, std::string &error) {
  std::vector<HostTensorPtr> values(g.nodes.size());
  for (size_t i = 0; i < g.args.size(); ++i)
    values[g.args[i]] = inputs.at(i);
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    const graph::Node &n = g.nodes[i];
    if (n.op == "Placeholder" || n.op == "PrintV2") // printed after the call
      continue;
    std::vector<HostTensorPtr> in;
    for (auto &o : n.inputs)
      in.push_back(values[o.node]);
    if (!runStringKernel(n, in, values[i], error))
      return false;
  }
  for (auto &r : g.results)
    outputs.push_back(values[r.node]);
  return true;
}

} // namespace kiln::tf
