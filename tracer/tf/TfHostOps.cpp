// Host kernels for string tensors.
#include "TfHostOps.h"

#include "TfDecodeCsv.h"
#include "TfFileIo.h"

#include "TfOps.h"
#include <functional>

#include <algorithm>
#include <cstring>

namespace kiln::tf {

using graph::DType;
using graph::HostTensor;
using graph::HostTensorPtr;

// These kernels move elements of any dtype, since a graph that holds
// strings runs here whole.
void copyElement(HostTensor &dst, int64_t to, const HostTensor &src,
                 int64_t from) {
  if (src.type.dtype == DType::String) {
    dst.strings[to] = src.strings[from];
    return;
  }
  size_t size = py::dtypeSize(src.type.dtype);
  std::memcpy(dst.bytes.data() + to * size, src.bytes.data() + from * size,
              size);
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

int64_t count(const std::vector<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

/// The dtype of node `n`'s input `i`.
DType inputDType(const graph::Graph &g, const graph::Node &n, size_t i) {
  const graph::Output &o = n.inputs[i];
  return g.nodes[o.node].outputs[o.index].dtype;
}

/// The ops these kernels run whatever the dtype, and those they run on
/// strings only (the numeric ones are compiled).
const char *kAnyDType[] = {
    "Const",       "Identity",  "StopGradient", "Placeholder", "Reshape",
    "ExpandDims",  "Squeeze",   "ConcatV2",     "Pack",        "StridedSlice",
    "BroadcastTo", "GatherV2",  "GatherNd",     "Where",       "Shape",
    "SelectV2",    "Transpose", "Tile",         "ReverseV2",   "Size",
    "Rank"};
const char *kStringsOnly[] = {"AddV2", "Equal", "NotEqual"};
/// A TensorArray's buffer ops (TensorArray.cpp), on arrays of strings.
const char *kStringLists[] = {"TensorListReserve", "TensorListSetItem",
                              "TensorListStack"};

/// A TensorArray of strings: its buffer of `rows` x element, as codegen's
/// emitTensorList keeps a numeric one. Reserve makes "" rows (element
/// dimensions known at run time only are 0 until the first write sizes
/// them), SetItem writes a row (growing a dynamic array), Stack takes the
/// first `size` rows.
bool runStringList(const graph::Node &n, const std::vector<HostTensorPtr> &in,
                   HostTensorPtr &out, std::string &error) {
  graph::TensorType type = n.outputs.at(0);
  if (n.op == "TensorListReserve") {
    int64_t size = in[0]->elementAsInt(0);
    if (size < 0) {
      error = "InvalidArgumentError: The num_elements to reserve must be a "
              "non negative number, but got " +
              std::to_string(size);
      return false;
    }
    type.shape[0] = size;
    for (size_t d = 1; d < type.shape.size(); ++d)
      if (type.shape[d] < 0)
        type.shape[d] = in.size() > 1 ? in[1]->elementAsInt(d - 1) : 0;
    out = make(type);
    return true;
  }
  const HostTensor &buffer = *in[0];
  std::vector<int64_t> shape = buffer.type.shape;
  int64_t rows = shape[0];
  if (n.op == "TensorListStack") {
    shape[0] = std::min(std::max<int64_t>(in[1]->elementAsInt(0), 0), rows);
    // An empty list stacks to its element shape, which must be known.
    if (shape[0] == 0 && std::any_of(type.shape.begin() + 1, type.shape.end(),
                                     [](int64_t d) { return d < 0; })) {
      error = "InvalidArgumentError: Tried to stack elements of an empty "
              "list with non-fully-defined element_shape: " +
              shapeList({type.shape.begin() + 1, type.shape.end()});
      return false;
    }
    auto result = make({type.dtype, shape});
    result->strings.assign(buffer.strings.begin(),
                           buffer.strings.begin() + count(shape));
    out = result;
    return true;
  }
  // TensorListSetItem.
  int64_t i = in[1]->elementAsInt(0);
  auto grow = n.attrs.find("grow");
  bool grows = grow != n.attrs.end() && std::get_if<bool>(&grow->second) &&
               std::get<bool>(grow->second);
  if (i < 0 || (!grows && i >= rows)) {
    error = "InvalidArgumentError: Trying to modify element " +
            std::to_string(i) + " in a list with " + std::to_string(rows) +
            " elements.";
    return false;
  }
  const HostTensor &item = *in[2];
  std::vector<int64_t> element(shape.begin() + 1, shape.end());
  if (element != item.type.shape) {
    // A buffer not yet sized takes its first item's sizes.
    if (count(element) != 0 || element.size() != item.type.shape.size()) {
      error = "InvalidArgumentError: Tried to set a tensor with incompatible "
              "shape at a list index. Item element shape: " +
              shapeList(item.type.shape) + " list shape: " + shapeList(element);
      return false;
    }
    element = item.type.shape;
  }
  shape.assign(1, i < rows ? rows : std::max(2 * rows, i + 1));
  shape.insert(shape.end(), element.begin(), element.end());
  auto result = make({type.dtype, shape});
  if (count(element) ==
      count({buffer.type.shape.begin() + 1, buffer.type.shape.end()}))
    std::copy(buffer.strings.begin(), buffer.strings.end(),
              result->strings.begin());
  std::copy(item.strings.begin(), item.strings.end(),
            result->strings.begin() + i * count(element));
  out = result;
  return true;
}

} // namespace

bool hasHostKernel(const graph::Graph &g, const graph::Node &n) {
  if (isStringKernel(n.op) || n.op == "DecodeCSV" || isFileKernel(n.op))
    return true;
  if (std::find(std::begin(kAnyDType), std::end(kAnyDType), n.op) !=
      std::end(kAnyDType))
    return true;
  if (std::find(std::begin(kStringLists), std::end(kStringLists), n.op) !=
      std::end(kStringLists))
    return n.outputs.at(0).dtype == DType::String;
  return std::find(std::begin(kStringsOnly), std::end(kStringsOnly), n.op) !=
             std::end(kStringsOnly) &&
         inputDType(g, n, 0) == DType::String;
}

bool runHostKernel(const graph::Node &n, const std::vector<HostTensorPtr> &in,
                   HostTensorPtr &out, std::string &error) {
  const std::string &op = n.op;
  if (isFileKernel(op)) // (WriteFile has no output)
    return runFileKernel(n, in, out, error);
  graph::TensorType type = n.outputs.at(0);
  auto intList = [&](const char *name) -> const std::vector<int64_t> & {
    return std::get<std::vector<int64_t>>(n.attrs.at(name));
  };
  if (op == "Const") {
    out = std::get<HostTensorPtr>(n.attrs.at("value"));
    return true;
  }
  // Output shapes with unknown dims take the inputs' actual shapes.
  if (op == "Identity" || op == "StopGradient") {
    out = in[0];
    return true;
  }
  if (op == "Reshape" || op == "ExpandDims" || op == "Squeeze") {
    auto t = std::make_shared<HostTensor>(*in[0]);
    int64_t known = 1, total = count(in[0]->type.shape);
    for (int64_t d : type.shape)
      known *= d < 0 ? 1 : d;
    for (auto &d : type.shape)
      if (d < 0)
        d = known ? total / known : 0;
    t->type = type;
    out = t;
    return true;
  }
  if (op == "Shape") {
    const auto &shape = in[0]->type.shape;
    type.shape = {static_cast<int64_t>(shape.size())};
    auto result = make(type);
    for (size_t d = 0; d < shape.size(); ++d) {
      if (type.dtype == DType::Int64)
        reinterpret_cast<int64_t *>(result->bytes.data())[d] = shape[d];
      else
        reinterpret_cast<int32_t *>(result->bytes.data())[d] =
            static_cast<int32_t>(shape[d]);
    }
    out = result;
    return true;
  }
  if (op == "Size" || op == "Rank") {
    const auto &shape = in[0]->type.shape;
    int64_t value = static_cast<int64_t>(shape.size());
    if (op == "Size") {
      value = 1;
      for (int64_t d : shape)
        value *= d;
    }
    type.shape = {};
    auto result = make(type);
    if (type.dtype == DType::Int64)
      reinterpret_cast<int64_t *>(result->bytes.data())[0] = value;
    else
      reinterpret_cast<int32_t *>(result->bytes.data())[0] =
          static_cast<int32_t>(value);
    out = result;
    return true;
  }
  if (op == "AddV2" || op == "Equal" || op == "NotEqual" ||
      op == "BroadcastTo") {
    const auto &a = in[0]->type.shape;
    const auto &b = op == "BroadcastTo" ? type.shape : in[1]->type.shape;
    size_t rank = std::max(a.size(), b.size());
    std::vector<int64_t> shape(rank, 1);
    for (size_t i = 0; i < rank; ++i) {
      int64_t x = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
      int64_t y = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
      shape[i] = x == 1 ? y : x;
    }
    graph::TensorType t = type;
    t.shape = shape;
    auto result = make(t);
    forEach(shape, [&](const std::vector<int64_t> &c, int64_t e) {
      int64_t x = broadcastIndex(a, c);
      if (op == "BroadcastTo") {
        copyElement(*result, e, *in[0], x);
        return;
      }
      const std::string &l = in[0]->strings[x];
      const std::string &r = in[1]->strings[broadcastIndex(b, c)];
      if (op == "AddV2")
        result->strings[e] = l + r;
      else
        result->bytes[e] = (l == r) == (op == "Equal");
    });
    out = result;
    return true;
  }
  if (op == "Transpose" || op == "Tile" || op == "ReverseV2") {
    const auto &from = in[0]->type.shape;
    size_t rank = from.size();
    std::vector<int64_t> shape = from, outputDim(rank);
    std::vector<bool> reversed(rank, false);
    if (op == "Transpose") {
      const auto &perm = intList("perm"); // output d is input perm[d]
      for (size_t d = 0; d < rank; ++d) {
        shape[d] = from[perm[d]];
        outputDim[perm[d]] = d;
      }
    } else {
      for (int64_t i = 0; i < in[1]->type.numElements(); ++i) {
        int64_t v = in[1]->elementAsInt(i);
        if (op == "Tile")
          shape[i] *= v;
        else
          reversed[v < 0 ? v + rank : v] = true;
      }
    }
    auto result = make({type.dtype, shape});
    forEach(shape, [&](const std::vector<int64_t> &c, int64_t e) {
      int64_t source = 0;
      for (size_t d = 0; d < rank; ++d) {
        // The coordinate along input dimension d.
        int64_t at = op == "Transpose" ? c[outputDim[d]]
                     : op == "Tile"    ? c[d] % from[d]
                     : reversed[d]     ? from[d] - 1 - c[d]
                                       : c[d];
        source = source * from[d] + at;
      }
      copyElement(*result, e, *in[0], source);
    });
    out = result;
    return true;
  }
  if (op == "SelectV2") {
    // tf.where(cond, x, y): the three broadcast together.
    std::vector<int64_t> values, shape;
    bool fits =
        graph::broadcastShapes(in[1]->type.shape, in[2]->type.shape, values) &&
        graph::broadcastShapes(in[0]->type.shape, values, shape);
    if (!fits) {
      error = "InvalidArgumentError: condition, then and else should be "
              "broadcastable";
      return false;
    }
    graph::TensorType t = type;
    t.shape = shape;
    auto result = make(t);
    forEach(shape, [&](const std::vector<int64_t> &c, int64_t e) {
      bool pick = in[0]->elementAsDouble(broadcastIndex(in[0]->type.shape, c));
      const HostTensor &from = pick ? *in[1] : *in[2];
      copyElement(*result, e, from, broadcastIndex(from.type.shape, c));
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
    int64_t outer = count({shapes[0].begin(), shapes[0].begin() + axis});
    int64_t at = 0;
    for (int64_t o = 0; o < outer; ++o)
      for (size_t k = 0; k < in.size(); ++k) {
        int64_t slab = count({shapes[k].begin() + axis, shapes[k].end()});
        for (int64_t i = 0; i < slab; ++i)
          copyElement(*result, at++, *in[k], o * slab + i);
      }
    out = result;
    return true;
  }
  if (op == "StridedSlice") {
    auto offsets = intList("offsets");
    auto sizes = intList("sizes");
    auto strides = intList("strides");
    const auto &inShape = in[0]->type.shape;
    for (size_t d = 0; d < sizes.size(); ++d)
      if (sizes[d] < 0)
        sizes[d] = inShape[d];
    // Bounds or dimensions known only at run time, resolved on the
    // actual shape as the compiled slice does (Emitter::emitDynamicSlice):
    // an index per dimension of kind 1, a window clamped as Python's
    // slice per dimension of kind 2.
    std::vector<int64_t> dropped, added;
    if (n.attrs.count("dyn_kind")) {
      const auto &kind = intList("dyn_kind");
      auto bound = [&](const char *inputs, const char *values, size_t d) {
        int64_t at = intList(inputs)[d];
        return at ? in[at]->elementAsInt(0) : intList(values)[d];
      };
      for (size_t d = 0; d < kind.size(); ++d) {
        int64_t extent = inShape[d];
        if (kind[d] == 1) {
          int64_t given = bound("dyn_begin_in", "dyn_begin", d);
          int64_t at = given < 0 ? given + extent : given;
          if (at < 0 || at >= extent) {
            error = "InvalidArgumentError: slice index " + std::to_string(at) +
                    " of dimension " + std::to_string(d) + " out of bounds.";
            return false;
          }
          offsets[d] = at, sizes[d] = 1, strides[d] = 1;
        } else if (kind[d] == 2) {
          auto clamp = [&](const char *inputs, const char *values,
                           int64_t missing) {
            int64_t v = bound(inputs, values, d);
            if (!intList(inputs)[d] && v == graph::kNoSliceBound)
              return missing;
            return v < 0 ? std::max<int64_t>(v + extent, 0)
                         : std::min(v, extent);
          };
          int64_t first = clamp("dyn_begin_in", "dyn_begin", 0);
          int64_t last = clamp("dyn_end_in", "dyn_end", extent);
          int64_t step = intList("dyn_step")[d];
          // ceil(span / step), at least 0 (arith.ceildivsi, then max).
          int64_t span = last - first;
          int64_t count =
              span / step + (span % step != 0 && (span > 0) == (step > 0));
          count = std::max<int64_t>(count, 0);
          offsets[d] = count ? first : 0, sizes[d] = count, strides[d] = step;
        }
      }
      dropped = intList("dyn_indexed");
      added = intList("dyn_new_axes");
    }
    auto result = make({type.dtype, sizes});
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
      copyElement(*result, e, *in[0], index);
    });
    if (n.attrs.count("dyn_kind")) {
      // The window without its index dimensions, with the new axes.
      std::vector<int64_t> shape;
      for (size_t d = 0; d < sizes.size(); ++d)
        if (std::find(dropped.begin(), dropped.end(), (int64_t)d) ==
            dropped.end())
          shape.push_back(sizes[d]);
      for (int64_t axis : added) // in increasing order
        shape.insert(shape.begin() + axis, 1);
      result->type.shape = shape;
      out = result;
      return true;
    }
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
  if (op == "GatherV2" || op == "GatherNd") {
    // Both read params at index vectors: GatherV2's are single indices
    // into dimension `axis`, GatherNd's the indices' last dimension, M
    // long, into params' first M.
    const HostTensor &params = *in[0], &indices = *in[1];
    const auto &ps = params.type.shape, &is = indices.type.shape;
    bool nd = op == "GatherNd";
    auto batch = n.attrs.find("batch_dims");
    if (batch != n.attrs.end() && std::get<int64_t>(batch->second) != 0) {
      error = "kiln gathers strings with batch_dims=0 only";
      return false;
    }
    int64_t axis = 0, m = 1;
    if (nd)
      m = is.empty() ? 0 : is.back();
    else if (in.size() == 3)
      axis = std::get<int64_t>(n.attrs.at("axis"));
    if (nd && (is.empty() || ps.empty() || m > (int64_t)ps.size())) {
      error = "InvalidArgumentError: GatherNd's indices do not fit params "
              "of shape " +
              std::to_string(ps.size()) + "-D";
      return false;
    }
    int64_t vectors = m ? count(is) / m : count({is.begin(), is.end() - 1});
    int64_t outer = count({ps.begin(), ps.begin() + axis});
    int64_t inner = count({ps.begin() + axis + m, ps.end()});
    std::vector<int64_t> shape(ps.begin(), ps.begin() + axis);
    shape.insert(shape.end(), is.begin(), is.end() - (nd ? 1 : 0));
    shape.insert(shape.end(), ps.begin() + axis + m, ps.end());
    auto result = make({type.dtype, shape});
    int64_t at = 0;
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t v = 0; v < vectors; ++v) {
        // The flat offset of the slab the vector names, in units of slabs.
        int64_t slab = 0;
        std::string vector;
        bool inRange = true;
        for (int64_t j = 0; j < m; ++j) {
          int64_t extent = ps[axis + j], i = indices.elementAsInt(v * m + j);
          if (in.size() == 2 && i < 0) // a row, negative from the end
            i += extent;
          inRange = inRange && i >= 0 && i < extent;
          vector += (j ? ", " : "") + std::to_string(i);
          slab = slab * extent + i;
        }
        if (!inRange && nd) { // the kernels' messages
          error = "InvalidArgumentError: indices[" + std::to_string(v) +
                  "] = [" + vector + "] does not index into param shape " +
                  shapeList(ps) + ", node name: " + n.name;
          return false;
        }
        if (!inRange) { // GatherV2 names the index by its coordinates
          std::string where;
          const std::vector<int64_t> &is = indices.type.shape;
          for (size_t d = is.size(), rest = v; d-- > 0; rest /= is[d])
            where = std::to_string(int64_t(rest) % is[d]) +
                    (where.empty() ? "" : "," + where);
          error = "InvalidArgumentError: indices" +
                  (where.empty() ? "" : "[" + where + "]") + " = " + vector +
                  " is not in [0, " + std::to_string(ps[axis]) + ")";
          return false;
        }
        int64_t base =
            (o * count({ps.begin() + axis, ps.begin() + axis + m}) + slab) *
            inner;
        for (int64_t e = 0; e < inner; ++e)
          copyElement(*result, at++, params, base + e);
      }
    out = result;
    return true;
  }
  if (op == "Where") {
    // The coordinates of the true elements, one row each.
    const HostTensor &cond = *in[0];
    const auto &cs = cond.type.shape;
    std::vector<int64_t> rows;
    forEach(cs, [&](const std::vector<int64_t> &c, int64_t e) {
      if (cond.elementAsDouble(e) != 0)
        rows.insert(rows.end(), c.begin(), c.end());
    });
    int64_t rank = cs.size();
    auto result =
        make({DType::Int64, {rank ? (int64_t)rows.size() / rank : 0, rank}});
    std::memcpy(result->bytes.data(), rows.data(), rows.size() * 8);
    out = result;
    return true;
  }
  if (isStringKernel(op))
    return runStringKernel(n, in, out, error);
  if (op == "DecodeCSV")
    return runDecodeCsvColumn(n, in, out, error);

  if (std::find(std::begin(kStringLists), std::end(kStringLists), op) !=
          std::end(kStringLists) &&
      type.dtype == DType::String)
    return runStringList(n, in, out, error);
  error = "kiln has no host kernel for " + op;
  return false;
}

bool splitKernelError(const std::string &error, std::string &type,
                      std::string &message) {
  size_t colon = error.find(": ");
  if (colon == std::string::npos || colon < 5 ||
      error.compare(colon - 5, 5, "Error") != 0 || error.find(' ') < colon)
    return false;
  type = error.substr(0, colon);
  message = error.substr(colon + 2);
  return true;
}

bool graphHasStrings(const graph::Graph &g) {
  for (auto &n : g.nodes)
    for (auto &o : n.outputs)
      if (o.dtype == DType::String)
        return true;
  return false;
}

bool foldStringResults(graph::Graph &g,
                       std::map<size_t, HostTensorPtr> &folded) {
  // The values of nodes computable from constants alone.
  std::vector<HostTensorPtr> known(g.nodes.size());
  std::vector<bool> tried(g.nodes.size(), false);
  std::function<HostTensorPtr(int)> eval = [&](int i) -> HostTensorPtr {
    if (tried[i])
      return known[i];
    tried[i] = true;
    const graph::Node &n = g.nodes[i];
    if (n.op == "Placeholder" || n.op == "RegionArg" || n.region >= 0 ||
        !n.regions.empty() || n.outputs.size() != 1 || !hasHostKernel(g, n))
      return nullptr;
    std::vector<HostTensorPtr> in;
    for (auto &o : n.inputs) {
      HostTensorPtr v = o.index == 0 ? eval(o.node) : nullptr;
      if (!v)
        return nullptr;
      in.push_back(v);
    }
    std::string error;
    if (!runHostKernel(n, in, known[i], error))
      known[i] = nullptr;
    return known[i];
  };
  for (size_t r = 0; r < g.results.size(); ++r) {
    graph::Output o = g.results[r];
    if (g.typeOf(o).dtype != DType::String)
      continue;
    HostTensorPtr v = o.index == 0 ? eval(o.node) : nullptr;
    if (!v)
      return false;
    folded[r] = v;
    // A numeric stand-in; the call puts the string back.
    graph::Node stand;
    stand.op = "Const";
    stand.name = g.uniqueName("folded_string");
    TensorType scalar{DType::Int32, {}};
    stand.attrs["value"] = HostTensorPtr(graph::HostTensor::zeros(scalar));
    stand.attrs["dtype"] = DType::Int32;
    stand.outputs = {scalar};
    int saved = g.current;
    g.current = -1;
    g.results[r] = {g.add(std::move(stand)), 0};
    g.current = saved;
  }
  // Prints the tracer renders after the call read results, not these
  // nodes: drop them, and their string inputs with them.
  if (!g.hostPrints)
    for (auto &n : g.nodes)
      if (n.op == "PrintV2") {
        n.op = "NoOp";
        n.inputs.clear();
      }
  // What still runs: the results, the effects, and what they read.
  std::vector<bool> live(g.nodes.size(), false);
  std::vector<int> work;
  auto mark = [&](int i) {
    if (i >= 0 && !live[i]) {
      live[i] = true;
      work.push_back(i);
    }
  };
  for (auto &r : g.results)
    mark(r.node);
  for (size_t i = 0; i < g.nodes.size(); ++i)
    if (g.nodes[i].outputs.empty() && g.nodes[i].op != "NoOp")
      mark(static_cast<int>(i));
  while (!work.empty()) {
    const graph::Node &n = g.nodes[work.back()];
    work.pop_back();
    for (auto &o : n.inputs)
      mark(o.node);
    for (int region : n.regions)
      for (auto &o : g.regions[region].results)
        mark(o.node);
  }
  for (size_t i = 0; i < g.nodes.size(); ++i)
    if (live[i])
      for (auto &t : g.nodes[i].outputs)
        if (t.dtype == DType::String)
          return false;
  return true;
}

std::vector<HostTensorPtr>
resultsAfterFailure(const graph::Graph &g,
                    const std::vector<std::vector<HostTensorPtr>> &values) {
  std::vector<HostTensorPtr> out;
  for (graph::Output o : g.results) {
    for (;;) {
      const auto &have = values[o.node];
      if (static_cast<size_t>(o.index) < have.size() && have[o.index])
        break;
      const graph::Node &n = g.nodes[o.node];
      size_t from = graph::isVariableWrite(n.op) ? 0
                    : n.op == "StatelessWhile"   ? o.index
                    : n.op == "For"              ? o.index + 3
                                                 : n.inputs.size();
      if (from >= n.inputs.size())
        break;
      o = n.inputs[from];
    }
    const auto &have = values[o.node];
    out.push_back(static_cast<size_t>(o.index) < have.size() ? have[o.index]
                                                             : nullptr);
  }
  return out;
}

bool runGraphOnHost(const graph::Graph &g, const std::string &file,
                    const std::vector<HostTensorPtr> &inputs,
                    std::vector<HostTensorPtr> &outputs, std::string &error) {
  std::vector<std::vector<HostTensorPtr>> values(g.nodes.size());
  for (size_t i = 0; i < g.args.size(); ++i)
    values[g.args[i]] = {inputs.at(i)};
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    const graph::Node &n = g.nodes[i];
    if (n.op == "Placeholder" || n.op == "PrintV2") // printed after the call
      continue;
    std::vector<HostTensorPtr> in;
    for (auto &o : n.inputs)
      in.push_back(values[o.node].at(0));
    HostTensorPtr out;
    if (!runHostKernel(n, in, out, error)) {
      std::string type, message;
      if (splitKernelError(error, type, message))
        error = type + ": " + g.runtimeError(n, message, file);
      // The ops before it ran (in program order): what they wrote stays.
      outputs = resultsAfterFailure(g, values);
      return false;
    }
    values[i] = {out};
  }
  for (auto &r : g.results)
    outputs.push_back(values[r.node].at(0));
  return true;
}

} // namespace kiln::tf
