// Shapes given as tensors; see ShapeTensor.h.
#include "ShapeTensor.h"

#include <set>

#include "TfObjects.h"
#include "TfOps.h"

namespace kiln::tf {

namespace {

/// Element `i` of the 1-D (or, for i == 0, scalar) integer tensor `o` as
/// trace time knows it, as TensorFlow's shape inference evaluates small
/// constant subgraphs; nothing if only the run time knows it.
std::optional<int64_t> knownElement(const graph::Graph &g, graph::Output o,
                                    int64_t i) {
  const graph::Node &n = g.nodes[o.node];
  auto ints = [&](const char *name) -> const std::vector<int64_t> * {
    auto it = n.attrs.find(name);
    return it == n.attrs.end() ? nullptr
                               : std::get_if<std::vector<int64_t>>(&it->second);
  };
  if (i < 0)
    return std::nullopt;
  if (n.op == "Const") {
    auto *value = std::get_if<HostTensorPtr>(&n.attrs.at("value"));
    if (value && *value && isInteger((*value)->type.dtype) &&
        i < (*value)->type.numElements())
      return (*value)->elementAsInt(i);
    return std::nullopt;
  }
  if (n.op == "Shape") {
    const TensorType &t = g.typeOf(n.inputs[0]);
    if (t.unknownRank || i >= static_cast<int64_t>(t.shape.size()) ||
        t.shape[i] < 0)
      return std::nullopt;
    return t.shape[i];
  }
  // (An Identity with more inputs checks its value when the function runs.)
  if ((n.op == "Identity" && n.inputs.size() == 1) ||
      (n.op == "Cast" && isInteger(g.typeOf(n.inputs[0]).dtype)))
    return knownElement(g, n.inputs[0], i);
  // The element count and rank of a tensor of static shape.
  if ((n.op == "Size" || n.op == "Rank") && i == 0) {
    const TensorType &t = g.typeOf(n.inputs[0]);
    if (t.unknownRank || (n.op == "Size" && !t.isStatic()))
      return std::nullopt;
    return n.op == "Rank" ? static_cast<int64_t>(t.shape.size())
                          : t.numElements();
  }
  if (n.op == "Pack" && g.typeOf(n.inputs[0]).shape.empty()) { // of scalars
    if (i < static_cast<int64_t>(n.inputs.size()))
      return knownElement(g, n.inputs[i], 0);
    return std::nullopt;
  }
  if (n.op == "ConcatV2") { // of 1-D pieces
    for (const graph::Output &piece : n.inputs) {
      const TensorType &t = g.typeOf(piece);
      if (t.unknownRank || t.shape.size() != 1 || t.shape[0] < 0)
        return std::nullopt;
      if (i < t.shape[0])
        return knownElement(g, piece, i);
      i -= t.shape[0];
    }
    return std::nullopt;
  }
  if (n.op == "StridedSlice" && !ints("dyn_kind")) {
    const auto *offsets = ints("offsets"), *sizes = ints("sizes"),
               *strides = ints("strides"), *reversed = ints("reversed");
    if (!offsets || offsets->size() != 1 || !sizes || !strides)
      return std::nullopt;
    int64_t k = reversed && !reversed->empty() ? (*sizes)[0] - 1 - i : i;
    return knownElement(g, n.inputs[0], (*offsets)[0] + k * (*strides)[0]);
  }
  // Integer arithmetic on known values (n - 1, 2 * n, n // 2, rank - 1),
  // which TensorFlow's shape inference evaluates; a scalar operand
  // broadcasts.
  static const std::set<std::string> arithmetic = {
      "AddV2", "Sub", "Mul", "FloorDiv", "FloorMod", "Maximum", "Minimum"};
  if (arithmetic.count(n.op) && n.inputs.size() == 2 &&
      isInteger(g.typeOf(o).dtype)) {
    auto operand = [&](int k) -> std::optional<int64_t> {
      const TensorType &t = g.typeOf(n.inputs[k]);
      if (t.unknownRank)
        return std::nullopt;
      return knownElement(g, n.inputs[k], t.shape.empty() ? 0 : i);
    };
    std::optional<int64_t> a = operand(0), b = operand(1);
    if (!a || !b)
      return std::nullopt;
    if (n.op == "AddV2")
      return *a + *b;
    if (n.op == "Sub")
      return *a - *b;
    if (n.op == "Mul")
      return *a * *b;
    if (n.op == "Maximum")
      return std::max(*a, *b);
    if (n.op == "Minimum")
      return std::min(*a, *b);
    if (*b == 0)
      return std::nullopt; // the kernel's error, at run time
    // Python's floor division and modulo, as TensorFlow's kernels.
    int64_t q = *a / *b;
    if ((*a % *b != 0) && ((*a < 0) != (*b < 0)))
      --q;
    return n.op == "FloorDiv" ? q : *a - q * *b;
  }
  // tf.range(tf.rank(x)), the axes of a reduction over all of them.
  if (n.op == "Range" && n.inputs.size() == 3 && isInteger(g.typeOf(o).dtype)) {
    const TensorType &t = g.typeOf(o);
    std::optional<int64_t> start = knownElement(g, n.inputs[0], 0),
                           delta = knownElement(g, n.inputs[2], 0);
    if (!start || !delta || t.shape.size() != 1 || i >= t.shape[0])
      return std::nullopt;
    return *start + i * *delta;
  }
  if (n.op == "GatherV2" && n.inputs.size() == 2) { // a row: x[i]
    std::optional<int64_t> at = knownElement(g, n.inputs[1], 0);
    const TensorType &t = g.typeOf(n.inputs[0]);
    if (!at || t.shape.size() != 1 || t.shape[0] < 0 || *at < 0 ||
        *at >= t.shape[0])
      return std::nullopt;
    return knownElement(g, n.inputs[0], *at);
  }
  return std::nullopt;
}

} // namespace

bool isRunTimeShape(TfRuntime &rt, const Value &shape) {
  if (rt.isTensor(shape))
    return rt.tensor(shape).symbolic() && !rt.constantValue(shape);
  if (shape.is(py::Type::List) || shape.is(py::Type::Tuple))
    for (const Value &d : rt.in.toList(shape))
      if (isRunTimeShape(rt, d))
        return true;
  return false;
}

Value shapeTensor(TfRuntime &rt, const Value &shape, const std::string &op,
                  const std::string &packName) {
  // A list packs in the dtype of its first tensor (int64 sizes make an
  // int64 shape), as TensorFlow's auto-packing converts the Python ints.
  DType packed = DType::Int32;
  if (shape.is(py::Type::List) || shape.is(py::Type::Tuple))
    for (const Value &d : rt.in.toList(shape))
      if (rt.isTensor(d)) {
        packed = rt.tensor(d).type.dtype;
        break;
      }
  if (packed != DType::Int64)
    packed = DType::Int32;
  Value t = rt.isTensor(shape) ? shape : rt.toTensor(shape, packed, packName);
  const TensorType &type = rt.tensor(t).type;
  if (type.dtype != DType::Int32 && type.dtype != DType::Int64)
    rt.in.typeError("Value passed to parameter 'shape' has DataType " +
                    std::string(py::dtypeName(type.dtype)) +
                    " not in list of allowed values: int32, int64");
  if (type.unknownRank || type.shape.size() != 1 || type.shape[0] < 0)
    rt.raise("UnimplementedError",
             "kiln needs the number of dimensions of " + op +
                 "'s shape at trace time: give it a 1-D shape of known "
                 "length");
  return t;
}

std::vector<int64_t> knownDims(TfRuntime &rt, const Value &shape) {
  const TensorObject &t = rt.tensor(shape);
  std::vector<int64_t> dims(t.type.shape[0], -1);
  for (int64_t i = 0; i < t.type.shape[0]; ++i) {
    dims[i] = t.symbolic() ? knownElement(t.trace->graph, t.out, i).value_or(-1)
                           : t.value->elementAsInt(i);
    dims[i] = std::max<int64_t>(dims[i], -1);
  }
  return dims;
}

Value numpyIndex(const Value &v) {
  auto *array =
      v.is(py::Type::Native) ? dynamic_cast<NdArrayObject *>(v.raw()) : nullptr;
  if (!array || !array->value->type.shape.empty() ||
      !isInteger(array->value->type.dtype))
    return v;
  return Value::integer(array->value->elementAsInt(0));
}

Value numpyNumber(const Value &v) {
  auto *array =
      v.is(py::Type::Native) ? dynamic_cast<NdArrayObject *>(v.raw()) : nullptr;
  if (!array || !array->value->type.shape.empty() ||
      array->value->type.dtype == DType::String)
    return v;
  if (isFloating(array->value->type.dtype))
    return Value::floating(array->value->elementAsDouble(0));
  if (array->value->type.dtype == DType::Bool)
    return Value::boolean(array->value->elementAsInt(0) != 0);
  return Value::integer(array->value->elementAsInt(0));
}

Value foldKnown(TfRuntime &rt, const Value &v) {
  if (!rt.isTensor(v) && !v.is(py::Type::List) && !v.is(py::Type::Tuple))
    return numpyIndex(v);
  if (v.is(py::Type::List) || v.is(py::Type::Tuple)) {
    ValueList items = rt.in.toList(v);
    for (auto &item : items)
      item = foldKnown(rt, item);
    return v.is(py::Type::List) ? rt.in.list(std::move(items))
                                : rt.in.tuple(std::move(items));
  }
  if (!rt.isTensor(v))
    return v;
  std::optional<std::vector<int64_t>> known = knownInts(rt, v);
  if (!known)
    return v;
  ValueList items;
  for (int64_t k : *known)
    items.push_back(Value::integer(k));
  return rt.tensor(v).type.shape.empty() ? items[0]
                                         : rt.in.list(std::move(items));
}

std::optional<std::vector<int64_t>> knownInts(TfRuntime &rt, const Value &v) {
  const TensorObject &t = rt.tensor(v);
  if (!isInteger(t.type.dtype) || t.type.unknownRank ||
      t.type.shape.size() > 1 ||
      (t.type.shape.size() == 1 && t.type.shape[0] < 0))
    return std::nullopt;
  int64_t n = t.type.shape.empty() ? 1 : t.type.shape[0];
  std::vector<int64_t> items;
  if (HostTensorPtr c = rt.constantValue(v)) {
    for (int64_t i = 0; i < n; ++i)
      items.push_back(c->elementAsInt(i));
    return items;
  }
  for (int64_t i = 0; i < n; ++i) {
    std::optional<int64_t> known = knownElement(t.trace->graph, t.out, i);
    if (!known)
      return std::nullopt;
    items.push_back(*known);
  }
  return items;
}

Value fillAtRunTime(TfRuntime &rt, const Value &shape, const Value &value,
                    const std::string &name) {
  // A shape vector of unknown length (tf.shape of a tensor of unknown
  // rank) makes a result of unknown rank, shaped when the function is
  // specialized (RankSpecialize.cpp).
  if (rt.tracing && rt.isTensor(shape)) {
    const TensorType &st = rt.tensor(shape).type;
    const TensorType &scalar = rt.tensor(value).type;
    if (!st.unknownRank && st.shape.size() == 1 && st.shape[0] < 0 &&
        (st.dtype == DType::Int32 || st.dtype == DType::Int64) &&
        !scalar.unknownRank && scalar.shape.empty()) {
      TensorType result{scalar.dtype, {}};
      result.unknownRank = true;
      return rt.apply("Fill", {shape, value},
                      {{"T", scalar.dtype}, {"index_type", st.dtype}}, result,
                      name);
    }
  }
  Value dims = shapeTensor(rt, shape, name);
  const TensorType &scalar = rt.tensor(value).type;
  if (scalar.unknownRank || !scalar.shape.empty())
    rt.raise("InvalidArgumentError",
             "value must be a scalar, got shape " + scalar.shapeString());
  DType index = rt.tensor(dims).type.dtype;
  return rt.apply("Fill", {dims, value},
                  {{"T", scalar.dtype}, {"index_type", index}},
                  TensorType{scalar.dtype, knownDims(rt, dims)}, name);
}

Value reshapeAtRunTime(TfRuntime &rt, const Value &x, const Value &shape) {
  Value t = rt.toTensor(x);
  const TensorType &type = rt.tensor(t).type;
  // A list is packed as the op's "shape" argument, in its name scope.
  std::string name = rt.tracing ? rt.tracing->graph.uniqueName("Reshape")
                                : std::string("Reshape");
  Value dims = shapeTensor(rt, shape, "reshape", name + "/shape");
  std::vector<int64_t> known = knownDims(rt, dims);
  // One unknown size follows from a known element count.
  int64_t total = type.numElements(), product = 1, unknown = 0;
  for (int64_t d : known)
    d < 0 ? ++unknown : product *= d;
  if (total >= 0 && unknown == 1 && product > 0 && total % product == 0)
    for (int64_t &d : known)
      if (d < 0)
        d = total / product;
  return rt.apply("Reshape", {t, dims},
                  {{"T", type.dtype}, {"Tshape", rt.tensor(dims).type.dtype}},
                  TensorType{type.dtype, known}, name, rt.tracing != nullptr);
}

Value broadcastToAtRunTime(TfRuntime &rt, const Value &x, const Value &shape) {
  Value t = rt.toTensor(x);
  const TensorType &type = rt.tensor(t).type;
  if (type.unknownRank)
    rt.raise("UnimplementedError",
             "kiln needs the rank of tf.broadcast_to's input at trace time");
  // The node's name first: a list shape packs as its "shape" argument.
  std::string node = rt.tracing->graph.uniqueName("BroadcastTo");
  // The shape function's errors name the node and its inputs.
  auto fails = [&](const std::string &problem, const Value &dims,
                   const std::string &after) {
    const TensorType &st = rt.tensor(dims).type;
    rt.in.valueError(problem + " for '{{node " + node + "}} = BroadcastTo[T=" +
                     tfTypeName(type.dtype) + ", Tidx=" + tfTypeName(st.dtype) +
                     "](" + inputName(rt, t) + ", " + inputName(rt, dims) +
                     ")' with input shapes: " + shapeList(type.shape) + ", " +
                     shapeList(st.shape) + after + ".");
  };
  if (rt.isTensor(shape) && !rt.tensor(shape).type.unknownRank &&
      rt.tensor(shape).type.shape.size() > 1)
    fails("Shape must be at most rank 1 but is rank " +
              std::to_string(rt.tensor(shape).type.shape.size()),
          shape, "");
  Value dims = shapeTensor(rt, shape, "broadcast_to", node + "/shape");
  const std::vector<int64_t> given = knownDims(rt, dims);
  std::vector<int64_t> target = given;
  int64_t rank = static_cast<int64_t>(target.size());
  int64_t lead = rank - static_cast<int64_t>(type.shape.size());
  if (lead < 0) // the shape function's rank check
    fails("Shape must be at most rank " + std::to_string(rank) +
              " but is rank " + std::to_string(type.shape.size()),
          dims, "");
  // Broadcasting's shape function: an unknown size is the input's when
  // that is known and not 1; two known sizes other than 1 must agree.
  for (size_t j = 0; j < type.shape.size(); ++j) {
    int64_t in = type.shape[j], &out = target[j + lead];
    if (out < 0 && in > 1)
      out = in;
    if (in > 1 && out > 1 && in != out) {
      std::string partial;
      for (int64_t d : given)
        partial += (partial.empty() ? "" : ",") +
                   (d < 0 ? std::string("?") : std::to_string(d));
      fails("Dimensions must be equal, but are " + std::to_string(in) +
                " and " + std::to_string(out),
            dims,
            " and with input tensors computed as partial shapes: input[1] = "
            "[" +
                partial + "]");
    }
  }
  return rt.apply("BroadcastTo", {t, dims},
                  {{"T", type.dtype}, {"Tidx", rt.tensor(dims).type.dtype}},
                  TensorType{type.dtype, target}, node, true);
}

} // namespace kiln::tf
