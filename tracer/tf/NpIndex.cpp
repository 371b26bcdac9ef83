// NumPy's advanced indexing in a tuple: index arrays (lists or ndarrays of
// ints or bools) mixed with ints, slices, None and `...`, as in
// `a[:, [1, 3]]`, `a[rows, cols]` or `a[mask, 0]`. The rules are NumPy's:
// bool arrays become the coordinates of their true elements, ints count as
// index arrays of no dimensions, the index arrays broadcast together, and
// their result dimensions replace the indexed ones where they stand when the
// arrays are adjacent, or come first when they are not.
#include "NumPy.h"
#include "TfOps.h"

#include <cstring>

namespace kiln::tf {

using py::Type;

namespace {

/// One item of the expanded key: what it takes from dimension `dim`.
struct Entry {
  enum Kind { Slice, NewAxis, Array };
  explicit Entry(Kind kind) : kind(kind) {}
  Kind kind;
  int64_t dim = -1;
  py::SliceBounds bounds{0, 0, 1, 0};
  std::vector<int64_t> index, shape; // Array: positions, and their shape
};

std::string shapeTuple(const std::vector<int64_t> &shape) {
  std::string out = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    out += std::to_string(shape[i]) +
           (shape.size() == 1 || i + 1 < shape.size() ? "," : "");
  return out + ")";
}

constexpr const char *kInvalidIndex =
    "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) "
    "and integer or boolean arrays are valid indices";

bool isIndexArray(const Value &v) {
  if (v.is(Type::List) || v.is(Type::Tuple))
    return true;
  auto *array = dynamic_cast<NdArrayObject *>(v.raw());
  return array && !array->scalar;
}

} // namespace

bool npNeedsAdvancedIndex(const ValueList &items) {
  for (const Value &v : items)
    if (isIndexArray(v))
      return true;
  return false;
}

Value npAdvancedIndex(TfRuntime &rt, const HostTensorPtr &a,
                      const ValueList &items) {
  Interpreter &in = rt.in;
  const std::vector<int64_t> &shape = a->type.shape;
  int64_t rank = static_cast<int64_t>(shape.size());
  // The dimensions the items consume, for the ellipsis to fill the rest.
  std::vector<HostTensorPtr> arrays(items.size());
  int64_t consumed = 0, ellipses = 0;
  for (size_t k = 0; k < items.size(); ++k) {
    const Value &item = items[k];
    if (item.is(Type::Ellipsis)) {
      if (++ellipses > 1)
        in.raise("IndexError",
                 "an index can only have a single ellipsis ('...')");
    } else if (item.is(Type::Int) || item.is(Type::Slice)) {
      ++consumed;
    } else if (isIndexArray(item)) {
      arrays[k] = npAsArray(rt, item);
      const TensorType &t = arrays[k]->type;
      if (t.dtype == DType::Bool) {
        consumed += static_cast<int64_t>(t.shape.size());
      } else if (isInteger(t.dtype) || t.numElements() == 0) {
        ++consumed;
      } else if (item.is(Type::List) || item.is(Type::Tuple)) {
        in.raise("IndexError", kInvalidIndex);
      } else {
        in.raise("IndexError", "arrays used as indices must be of integer "
                               "(or boolean) type");
      }
    } else if (!item.isNone()) {
      in.raise("IndexError", kInvalidIndex);
    }
  }
  if (consumed > rank)
    in.raise("IndexError", "too many indices for array: array is " +
                               std::to_string(rank) + "-dimensional, but " +
                               std::to_string(consumed) + " were indexed");

  std::vector<Entry> entries;
  int64_t dim = 0;
  auto fullSlice = [&]() {
    Entry e(Entry::Slice);
    e.dim = dim;
    e.bounds = {0, shape[dim], 1, shape[dim]};
    ++dim;
    entries.push_back(e);
  };
  auto checked = [&](int64_t i, int64_t d) {
    if (i < -shape[d] || i >= shape[d])
      in.raise("IndexError", "index " + std::to_string(i) +
                                 " is out of bounds for axis " +
                                 std::to_string(d) + " with size " +
                                 std::to_string(shape[d]));
    return i < 0 ? i + shape[d] : i;
  };
  for (size_t k = 0; k < items.size(); ++k) {
    const Value &item = items[k];
    if (item.is(Type::Ellipsis)) {
      for (int64_t i = 0; i < rank - consumed; ++i)
        fullSlice();
    } else if (item.isNone()) {
      entries.emplace_back(Entry::NewAxis);
    } else if (item.is(Type::Int)) {
      Entry e(Entry::Array);
      e.dim = dim;
      e.index = {checked(item.asInt(), dim++)};
      entries.push_back(e);
    } else if (item.is(Type::Slice)) {
      Entry e(Entry::Slice);
      e.dim = dim;
      e.bounds = py::sliceBounds(in, item.as<py::SliceObject>(), shape[dim]);
      ++dim;
      entries.push_back(e);
    } else if (arrays[k]->type.dtype == DType::Bool) {
      // The coordinates of the true elements, one index array per
      // dimension the mask covers.
      const graph::HostTensor &mask = *arrays[k];
      size_t n = mask.type.shape.size();
      for (size_t j = 0; j < n; ++j)
        if (mask.type.shape[j] != shape[dim + j])
          in.raise("IndexError",
                   "boolean index did not match indexed array along axis " +
                       std::to_string(dim + j) + "; size of axis is " +
                       std::to_string(shape[dim + j]) +
                       " but size of corresponding boolean axis is " +
                       std::to_string(mask.type.shape[j]));
      std::vector<Entry> coords(n, Entry(Entry::Array));
      for (size_t j = 0; j < n; ++j)
        coords[j].dim = dim + static_cast<int64_t>(j);
      std::vector<int64_t> c(n);
      for (int64_t i = 0; i < mask.type.numElements(); ++i) {
        if (!mask.bytes[i])
          continue;
        int64_t rest = i;
        for (size_t j = n; j-- > 0;) {
          c[j] = rest % mask.type.shape[j];
          rest /= mask.type.shape[j];
        }
        for (size_t j = 0; j < n; ++j)
          coords[j].index.push_back(c[j]);
      }
      for (Entry &e : coords) {
        e.shape = {static_cast<int64_t>(e.index.size())};
        entries.push_back(e);
      }
      dim += static_cast<int64_t>(n);
    } else {
      Entry e(Entry::Array);
      e.dim = dim;
      e.shape = arrays[k]->type.shape;
      for (int64_t i = 0; i < arrays[k]->type.numElements(); ++i)
        e.index.push_back(checked(arrays[k]->elementAsInt(i), dim));
      ++dim;
      entries.push_back(e);
    }
  }
  while (dim < rank)
    fullSlice();

  // The index arrays broadcast together; where their block goes.
  std::vector<int64_t> block;
  std::string shapes;
  bool fits = true;
  int first = -1, last = -1;
  for (size_t k = 0; k < entries.size(); ++k) {
    if (entries[k].kind != Entry::Array)
      continue;
    std::vector<int64_t> next;
    fits = fits && broadcastShapes(block, entries[k].shape, next);
    block = next;
    shapes += shapeTuple(entries[k].shape) + " ";
    first = first < 0 ? static_cast<int>(k) : first;
    last = static_cast<int>(k);
  }
  if (!fits)
    in.raise("IndexError", "shape mismatch: indexing arrays could not be "
                           "broadcast together with shapes " +
                               shapes);
  bool adjacent = true;
  for (int k = first; k <= last; ++k)
    adjacent = adjacent && entries[k].kind == Entry::Array;

  // The result's dimensions: (entry, -1) for a slice or new axis, (-1, j)
  // for dimension j of the broadcast block.
  std::vector<std::pair<int, int>> dims;
  std::vector<int64_t> outShape;
  auto addBlock = [&]() {
    for (size_t j = 0; j < block.size(); ++j) {
      dims.emplace_back(-1, static_cast<int>(j));
      outShape.push_back(block[j]);
    }
  };
  if (!adjacent)
    addBlock();
  for (size_t k = 0; k < entries.size(); ++k) {
    const Entry &e = entries[k];
    if (e.kind == Entry::Array) {
      if (adjacent && static_cast<int>(k) == first)
        addBlock();
      continue;
    }
    dims.emplace_back(static_cast<int>(k), -1);
    outShape.push_back(e.kind == Entry::Slice ? e.bounds.count : 1);
  }

  // Each result element's source: its slice positions and, through the
  // block coordinate, each index array's element (broadcast).
  std::vector<std::vector<int64_t>> sources;
  for (const Entry &e : entries)
    sources.push_back(e.kind == Entry::Array ? broadcastSources(e.shape, block)
                                             : std::vector<int64_t>{});
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t d = rank - 1; d > 0; --d)
    strides[d - 1] = strides[d] * shape[d];
  std::vector<int64_t> blockStrides(block.size(), 1);
  for (size_t j = block.size(); j-- > 1;)
    blockStrides[j - 1] = blockStrides[j] * block[j];

  auto out = graph::HostTensor::zeros({a->type.dtype, outShape});
  int64_t count = out->type.numElements();
  size_t size =
      a->type.dtype == DType::String ? 0 : py::dtypeSize(a->type.dtype);
  std::vector<int64_t> at(outShape.size(), 0);
  for (int64_t i = 0; i < count; ++i) {
    int64_t blockAt = 0, from = 0;
    for (size_t d = 0; d < dims.size(); ++d) {
      auto [k, j] = dims[d];
      if (k < 0)
        blockAt += at[d] * blockStrides[j];
      else if (entries[k].kind == Entry::Slice)
        from += (entries[k].bounds.start + at[d] * entries[k].bounds.step) *
                strides[entries[k].dim];
    }
    for (size_t k = 0; k < entries.size(); ++k)
      if (entries[k].kind == Entry::Array)
        from += entries[k].index[sources[k][blockAt]] * strides[entries[k].dim];
    if (size == 0)
      out->strings[i] = a->strings[from];
    else
      std::memcpy(out->bytes.data() + i * size, a->bytes.data() + from * size,
                  size);
    for (size_t d = at.size(); d-- > 0;)
      if (++at[d] < outShape[d])
        break;
      else
        at[d] = 0;
  }
  return makeNdArray(rt, out, false);
}

} // namespace kiln::tf
