// Writing into tensors and variables at positions: tf.tensor_scatter_nd_
// update/add/sub, tf.scatter_nd, Variable.scatter_nd_update/add/sub and
// assignment to a variable's slice (`v[1:3].assign(x)`).
//
// Positions known at trace time are found by applying the same indexing to
// a tensor of flat positions (0, 1, 2, ...) eagerly, so every indexing rule
// kiln knows carries over. The result is then one gather from the old
// values followed by the updates, exact copies; adds apply the updates in
// order, one pass per repeat of a position, as the kernels add them.
// Indices known only at run time make one scatter node (ScatterNd,
// TensorScatterAdd, ...), which codegen applies update by update.
#include "TfScatter.h"
#include "NumPy.h"
#include "TfModuleBuilder.h"
#include "TfOps.h"
#include "TfVariable.h"

#include <functional>

namespace kiln::tf {

namespace {

/// The flat positions `select` picks out of a tensor of shape `shape`, in
/// the order of the picked tensor.
std::vector<int64_t>
positionsOf(TfRuntime &rt, const std::vector<int64_t> &shape,
            const std::function<Value(const Value &)> &select) {
  EagerScope eager(rt);
  HostTensorPtr picked =
      rt.tensor(select(rt.eager(flatPositions(shape)))).value;
  std::vector<int64_t> out;
  for (int64_t i = 0; i < picked->type.numElements(); ++i)
    out.push_back(picked->elementAsInt(static_cast<size_t>(i)));
  return out;
}

Value flat(TfRuntime &rt, const Value &t) {
  return reshape(rt, t, pyIntList(rt.in, {-1}));
}

const std::vector<int64_t> &staticShape(TfRuntime &rt, const Value &t,
                                        const std::string &what) {
  const TensorType &type = rt.tensor(t).type;
  if (!type.isStatic())
    rt.raise("UnimplementedError",
             "kiln needs the shape of " + what + " known at trace time");
  return type.shape;
}

/// The kernel `kernel`'s InvalidArgumentError (eagerly with its prefix;
/// Python lists as arguments take the wrapper's path without " name: ").
[[noreturn]] void scatterError(TfRuntime &rt, const std::string &kernel,
                               const std::string &message, bool named) {
  if (rt.tracing)
    rt.raise("InvalidArgumentError", message);
  kernelError(rt, kernel, message, "", named);
}

/// A scatter's arguments as given and as tensors, for the node text of
/// shape inference's errors.
struct ScatterInputs {
  Value baseArg, indicesArg, updatesArg;
  Value base, indices, updates;
};

/// Shape inference's ValueError (ScatterNdShapeHelper) for a tensor
/// scatter whose updates' shape is not the indices' outer dimensions
/// followed by the input's inner ones: each part merged, and the merge's
/// message quoted. Returns when both parts merge.
void checkScatterShapesWhileTracing(TfRuntime &rt, const std::string &kernel,
                                    const std::vector<int64_t> &indices,
                                    const std::vector<int64_t> &updates,
                                    const std::vector<int64_t> &shape,
                                    const ScatterInputs &inputs) {
  auto text = [](size_t v) { return std::to_string(v); };
  size_t outer = indices.size() - 1, ix = size_t(indices.back());
  // Merge's message for two shapes that differ.
  auto merge = [&](const std::vector<int64_t> &a,
                   const std::vector<int64_t> &b) -> std::string {
    if (a.size() != b.size())
      return "Shapes must be equal rank, but are " + text(a.size()) + " and " +
             text(b.size());
    for (size_t d = 0; d < a.size(); ++d)
      if (a[d] >= 0 && b[d] >= 0 && a[d] != b[d])
        return "Dimension " + text(d) +
               " in both shapes must be equal, but "
               "are " +
               std::to_string(a[d]) + " and " + std::to_string(b[d]) +
               ". Shapes are " + shapeList(a) + " and " + shapeList(b) + ".";
    return "";
  };
  std::vector<int64_t> prefixI(indices.begin(), indices.begin() + outer),
      prefixU(updates.begin(), updates.begin() + outer),
      suffixO(shape.begin() + ix, shape.end()),
      suffixU(updates.begin() + outer, updates.end());
  std::string message;
  if (std::string problem = merge(prefixI, prefixU); !problem.empty())
    message = "Dimensions [0," + text(outer) +
              ") of indices[shape=" + shapeList(indices) +
              "] = " + shapeList(prefixI) + " must match dimensions [0," +
              text(outer) + ") of updates[shape=" + shapeList(updates) +
              "] = " + shapeList(prefixU) + ": " + problem;
  else if (std::string problem = merge(suffixO, suffixU); !problem.empty())
    message = "Dimensions [" + text(ix) + "," + text(shape.size()) +
              ") of input[shape=" + shapeList(shape) +
              "] = " + shapeList(suffixO) + " must match dimensions [" +
              text(outer) + "," + text(updates.size()) +
              ") of updates[shape=" + shapeList(updates) +
              "] = " + shapeList(suffixU) + ": " + problem;
  else
    return;
  // The node's inputs: a tensor by its node (an eager one captured under
  // the op's input name), a Python value as the op converted it.
  std::string node = rt.tracing->graph.uniqueName(kernel);
  auto name = [&](const Value &given, const Value &tensor,
                  const std::string &param) {
    return rt.isTensor(given) ? inputName(rt, tensor, node + "/" + param)
                              : node + "/" + param;
  };
  rt.in.valueError(
      message + " for '{{node " + node + "}} = " + kernel +
      "[T=" + tfTypeName(rt.tensor(inputs.base).type.dtype) +
      ", Tindices=" + tfTypeName(rt.tensor(inputs.indices).type.dtype) +
      ", bad_indices_policy=\"\"](" +
      name(inputs.baseArg, inputs.base, "tensor") + ", " +
      name(inputs.indicesArg, inputs.indices, "indices") + ", " +
      name(inputs.updatesArg, inputs.updates, "updates") +
      ")' with input shapes: " + shapeList(shape) + ", " + shapeList(indices) +
      ", " + shapeList(updates) + ".");
}

/// Kernel `kernel`'s error for updates whose shape is not the indices'
/// outer dimensions followed by the output's inner ones, in its own words:
/// the tensor scatters check outer, then inner dimensions; ScatterNd and
/// the variables' Nd scatters check ranges of dimensions.
[[noreturn]] void updatesShapeError(TfRuntime &rt, const std::string &kernel,
                                    const std::vector<int64_t> &indices,
                                    const std::vector<int64_t> &updates,
                                    const std::vector<int64_t> &shape,
                                    bool named, const ScatterInputs &inputs) {
  auto text = [](size_t v) { return std::to_string(v); };
  std::string message;
  size_t outer = indices.empty() ? 0 : indices.size() - 1;
  size_t ix = indices.empty() ? 0 : static_cast<size_t>(indices.back());
  if (kernel.rfind("TensorScatter", 0) == 0 && rt.tracing &&
      updates.size() >= outer && ix <= shape.size())
    checkScatterShapesWhileTracing(rt, kernel, indices, updates, shape, inputs);
  if (kernel.rfind("TensorScatter", 0) == 0) {
    bool outerOk = updates.size() >= outer;
    for (size_t i = 0; outerOk && i < outer; ++i)
      outerOk = updates[i] == indices[i];
    if (!outerOk)
      message = "Outer dimensions of indices and update must match. Indices "
                "shape: " +
                shapeList(indices) + ", updates shape:" + shapeList(updates);
    else if (updates.size() - outer + ix != shape.size())
      message = "Inner dimensions of output shape must match inner "
                "dimensions of updates shape. Output: " +
                shapeList(shape) + " updates: " + shapeList(updates);
    else
      message = "The inner " + text(shape.size() - ix) +
                " dimensions of output.shape=" + shapeList(shape) +
                " must match the inner " + text(updates.size() - outer) +
                " dimensions of updates.shape=" + shapeList(updates);
  } else {
    // ValidateUpdateShape: the batch dimensions, then the slices'.
    size_t sliceDim = indices.size() > 1 ? ix : 1;
    size_t batchDim = indices.size() > 1 ? outer : 1;
    bool prefixOk = updates.size() >= batchDim;
    for (size_t d = 0; prefixOk && d < batchDim && d < indices.size(); ++d)
      prefixOk = updates[d] == indices[d];
    // A variable's kernel names a single batch dimension's sizes too.
    bool sizes = batchDim == 1 && kernel.rfind("ResourceScatterNd", 0) == 0 &&
                 !indices.empty() && !updates.empty();
    if (!prefixOk)
      message = "Dimensions [0," + text(batchDim) +
                ") of indices[shape=" + shapeList(indices) + "]" +
                (sizes ? " = " + text(indices[0]) : "") +
                " must match dimensions [0," + text(batchDim) +
                ") of updates[shape=" + shapeList(updates) + "]" +
                (sizes ? " = " + text(updates[0]) : "");
    else
      message = "Dimensions [" + text(sliceDim) + "," + text(shape.size()) +
                ") of input[shape=" + shapeList(shape) +
                "] must match dimensions [" + text(batchDim) + "," +
                text(updates.size()) +
                ") of updates[shape=" + shapeList(updates) + "]";
  }
  scatterError(rt, kernel, message, named);
}

/// `updates` (in the order of `positions`) broadcast to their count; the
/// kernel's error when their shape does not fit.
Value updatesFor(TfRuntime &rt, const Value &updatesArg, DType d,
                 const std::vector<int64_t> &pickedShape,
                 const std::vector<int64_t> &shape, int64_t depth,
                 const std::string &kernel, bool named,
                 bool checkedAtRunTime = false) {
  Value updates = rt.toTensor(updatesArg, d);
  const TensorType &u = rt.tensor(updates).type;
  // Sizes known only at run time: a run-time scatter kernel checks them.
  bool compatible = checkedAtRunTime && u.shape.size() == pickedShape.size();
  for (size_t i = 0; compatible && i < u.shape.size(); ++i)
    compatible =
        u.shape[i] == pickedShape[i] || u.shape[i] < 0 || pickedShape[i] < 0;
  if (compatible && (!u.isStatic() || !TensorType{d, pickedShape}.isStatic()))
    return updates;
  std::vector<int64_t> joint;
  if (!broadcastShapes(u.shape, pickedShape, joint) || joint != pickedShape) {
    if (kernel == "ResourceStridedSliceAssign") {
      // StridedSliceAssignOp broadcasts the value, or says it cannot; the
      // eager op is named in the slice's scope.
      std::string message = "Cannot broadcast input shape " +
                            shapeList(u.shape) + " into final shape " +
                            shapeList(pickedShape);
      if (rt.tracing)
        rt.raise("InvalidArgumentError", message);
      rt.raise("InvalidArgumentError",
               eagerKernelPrefix(kernel) + message + " [Op:" + kernel +
                   "] name: " + rt.nameScope + "strided_slice/_assign");
    }
    size_t inner = shape.size() - static_cast<size_t>(depth);
    std::string k = std::to_string(inner);
    scatterError(rt, kernel,
                 "The inner " + k + " dimensions of output.shape=" +
                     shapeList(shape) + " must match the inner " + k +
                     " dimensions of updates.shape=" + shapeList(u.shape),
                 named);
  }
  if (u.shape == pickedShape)
    return updates;
  return rt.apply("BroadcastTo", {updates}, {{"T", d}},
                  TensorType{d, pickedShape}, "BroadcastTo");
}

} // namespace

Value scatterPositions(TfRuntime &rt, const Value &baseArg,
                       const std::vector<int64_t> &positions,
                       const Value &updates, const std::string &combine) {
  Value base = rt.toTensor(baseArg);
  const TensorType type = rt.tensor(base).type;
  int64_t n = type.numElements();
  if (combine.empty()) {
    // Each position takes its last update; the rest keep their value.
    std::vector<int64_t> source(static_cast<size_t>(n));
    for (int64_t p = 0; p < n; ++p)
      source[p] = p;
    for (size_t k = 0; k < positions.size(); ++k)
      source[positions[k]] = n + static_cast<int64_t>(k);
    Value all = concat(rt, {flat(rt, base), flat(rt, updates)}, 0, "ConcatV2");
    return reshape(rt, gather(rt, all, intConstant(rt, source), 0),
                   pyIntList(rt.in, type.shape));
  }
  // Adds in the kernel's order: pass j applies each position's j-th update.
  Value result = flat(rt, base), values = flat(rt, updates);
  for (int pass = 0;; ++pass) {
    std::vector<int64_t> source(static_cast<size_t>(n), 0);
    std::vector<bool> hit(static_cast<size_t>(n), false);
    bool any = false;
    std::vector<int> count(static_cast<size_t>(n), 0);
    for (size_t k = 0; k < positions.size(); ++k) {
      int64_t p = positions[k];
      if (count[p]++ != pass)
        continue;
      source[p] = static_cast<int64_t>(k);
      hit[p] = true;
      any = true;
    }
    if (!any)
      break;
    ValueList mask;
    for (bool h : hit)
      mask.push_back(Value::boolean(h));
    Value where = rt.constant(
        rt.hostFromPython(rt.in.list(std::move(mask)), DType::Bool));
    Value picked = gather(rt, values, intConstant(rt, source), 0);
    result = select(rt, where, binaryOp(rt, combine, result, picked), result);
  }
  return reshape(rt, result, pyIntList(rt.in, type.shape));
}

namespace {

/// A scatter whose indices only the run time knows (inside a function):
/// one node of the kernel `kernel`, which codegen applies update by update
/// in the kernel's order, checking each index vector against the shape.
/// `base` is the tensor scattered into, or ScatterNd's shape (a 1-D int
/// tensor) with `type` the result's.
Value scatterAtRunTime(TfRuntime &rt, const Value &base, const Value &indices,
                       const Value &updatesArg, const TensorType &type,
                       const std::string &op, const std::string &kernel) {
  const std::vector<int64_t> &shape = type.shape;
  const TensorType &it = rt.tensor(indices).type;
  if (type.unknownRank || it.unknownRank || it.shape.empty() ||
      it.shape.back() < 0 || !isInteger(it.dtype))
    rt.raise("UnimplementedError",
             "kiln needs integer indices of a known rank and index length, "
             "and an output of known rank, for " +
                 op + " with indices known at run time");
  int64_t depth = it.shape.back();
  if (depth > int64_t(shape.size()))
    rt.raise("InvalidArgumentError",
             "Dimensions [0," + std::to_string(depth) +
                 ") of indices[shape=" + shapeList(it.shape) +
                 "] must match dimensions [0," + std::to_string(shape.size()) +
                 ") of output[shape=" + shapeList(shape) + "]");
  std::vector<int64_t> picked(it.shape.begin(), it.shape.end() - 1);
  picked.insert(picked.end(), shape.begin() + depth, shape.end());
  Value updates = updatesFor(rt, updatesArg, type.dtype, picked, shape, depth,
                             kernel, true, true);
  std::map<std::string, Attr> attrs{{"T", type.dtype}, {"Tindices", it.dtype}};
  if (kernel == "ScatterNd")
    return rt.apply(kernel, {indices, updates, base}, attrs, type, kernel);
  // A variable's scatter (ResourceScatterNdAdd, ResourceScatterSub, ...) is
  // the tensor scatter of its value, which the caller assigns back.
  // (TensorScatterMul and TensorScatterDiv are kiln's own, for
  // ResourceScatterMul and ResourceScatterDiv.)
  std::string node = kernel;
  for (std::string what : {"Update", "Add", "Sub", "Max", "Min", "Mul", "Div"})
    if (kernel.rfind("Resource", 0) == 0 && kernel.size() > what.size() &&
        kernel.compare(kernel.size() - what.size(), what.size(), what) == 0)
      node = "TensorScatter" + what;
  Value scattered = rt.apply(node, {base, indices, updates}, attrs, type, node);
  // Its run-time errors are those of the variable's kernel, named in the
  // current scope ("while/cond_1/ResourceScatterNdAdd"), which codegen's
  // checks word as that kernel does (EmitScatter.cpp).
  if (node != kernel && rt.tracing) {
    graph::Graph &g = rt.tracing->graph;
    g.nodes[rt.tensor(scattered).out.node].errorName = g.uniqueName(kernel);
  }
  return scattered;
}

} // namespace

Value scatterNd(TfRuntime &rt, const Value &baseArg, const Value &indicesArg,
                const Value &updatesArg, const std::string &combine,
                const std::string &op, const std::string &kernel,
                const std::function<void(const Value &)> &keepPartial) {
  Value base = rt.toTensor(baseArg);
  const TensorType type = rt.tensor(base).type;
  Value indices = rt.toTensor(indicesArg);
  if (rt.tracing && (!rt.constantValue(indices) || !type.isStatic()))
    return scatterAtRunTime(rt, base, indices, updatesArg, type, op, kernel);
  const std::vector<int64_t> &shape = staticShape(rt, base, op);
  HostTensorPtr known = rt.constantValue(indices);
  bool named =
      !indicesArg.is(py::Type::List) && !indicesArg.is(py::Type::Tuple) &&
      !updatesArg.is(py::Type::List) && !updatesArg.is(py::Type::Tuple);
  if (known->type.shape.empty() ||
      known->type.shape.back() > int64_t(shape.size()))
    scatterError(
        rt, kernel,
        "Dimensions [0," +
            std::to_string(
                known->type.shape.empty() ? 0 : known->type.shape.back()) +
            ") of indices[shape=" + shapeList(known->type.shape) +
            "] must match dimensions [0," + std::to_string(shape.size()) +
            ") of output[shape=" + shapeList(shape) + "]",
        named);
  // Each index picks an element or a slice; check the bounds as the
  // kernels do. (In a function the kernel fails when it runs.)
  int64_t depth = known->type.shape.back();
  int64_t bad = -1; // the first element out of range
  for (int64_t i = 0; i < known->type.numElements() && bad < 0; ++i) {
    int64_t v = known->elementAsInt(static_cast<size_t>(i));
    int64_t dim = shape[static_cast<size_t>(i % depth)];
    if ((v < 0 || v >= dim) && rt.tracing)
      return scatterAtRunTime(rt, base, indices, updatesArg, type, op, kernel);
    if (v < 0 || v >= dim)
      bad = i;
  }
  std::vector<int64_t> picked(known->type.shape.begin(),
                              known->type.shape.end() - 1);
  picked.insert(picked.end(), shape.begin() + depth, shape.end());
  // The scatter kernels take updates of exactly that shape (a variable's
  // row scatter also takes a scalar).
  bool rowScatter = kernel.rfind("ResourceScatter", 0) == 0 &&
                    kernel.rfind("ResourceScatterNd", 0) != 0;
  Value updatesTensor = rt.toTensor(updatesArg, type.dtype);
  const TensorType &ut = rt.tensor(updatesTensor).type;
  if (!ut.unknownRank && ut.shape != picked &&
      !(rowScatter && ut.shape.empty()))
    updatesShapeError(
        rt, kernel, known->type.shape, ut.shape, shape, named,
        {baseArg, indicesArg, updatesArg, base, indices, updatesTensor});
  if (bad >= 0) {
    // A variable's kernel updates it in place as it goes: the updates it
    // made stay written (a row kernel stops at the bad index, an nd kernel
    // skips it and goes on).
    if (keepPartial) {
      int64_t count = known->type.numElements() / depth;
      std::vector<int64_t> applied;
      for (int64_t k = 0; k < count; ++k) {
        bool inside = true;
        for (int64_t j = 0; j < depth; ++j) {
          int64_t v = known->elementAsInt(static_cast<size_t>(k * depth + j));
          inside = inside && v >= 0 && v < shape[static_cast<size_t>(j)];
        }
        if (!inside && rowScatter)
          break;
        if (inside)
          applied.push_back(k);
      }
      if (!applied.empty()) {
        Value rows = intConstant(rt, applied);
        Value some = gather(
            rt, reshape(rt, rt.eager(known), intConstant(rt, {count, depth})),
            rows, 0);
        Value values = updatesTensor;
        if (!ut.shape.empty()) {
          std::vector<int64_t> byRow{count};
          byRow.insert(byRow.end(), shape.begin() + depth, shape.end());
          values =
              gather(rt, reshape(rt, values, intConstant(rt, byRow)), rows, 0);
        }
        keepPartial(scatterNd(rt, base, some, values, combine, op, kernel));
      }
    }
    int64_t v = known->elementAsInt(static_cast<size_t>(bad));
    // A variable's row scatter words it as its kernel does.
    if (depth == 1 && rowScatter)
      scatterError(rt, kernel,
                   "indices[" + std::to_string(bad) +
                       "] = " + std::to_string(v) + " is not in [0, " +
                       std::to_string(shape[0]) + ")",
                   named);
    std::string index;
    for (int64_t k = bad - bad % depth; k < bad - bad % depth + depth; ++k)
      index += (k > bad - bad % depth ? ", " : "") +
               std::to_string(known->elementAsInt(static_cast<size_t>(k)));
    scatterError(rt, kernel,
                 "indices[" + std::to_string(bad / depth) + "] = [" + index +
                     "] does not index into shape " + shapeList(shape),
                 named);
  }
  Value indices64 = rt.eager(known);
  std::vector<int64_t> positions =
      positionsOf(rt, shape, [&](const Value &iota) {
        Interpreter &in = rt.in;
        Value gatherNd = in.getAttr(in.importModule("tensorflow"), "gather_nd");
        return in.call(gatherNd, ValueList{iota, indices64});
      });
  Value updates = updatesFor(rt, updatesTensor, type.dtype, picked, shape,
                             depth, kernel, named);
  return scatterPositions(rt, base, positions, updates, combine);
}

namespace {

/// Whether `key` (an index or a tuple of them) holds a tensor whose value
/// only the run time knows.
bool runTimeKey(TfRuntime &rt, const Value &key) {
  if (key.is(py::Type::Tuple) || key.is(py::Type::List)) {
    for (auto &item : rt.in.toList(key))
      if (runTimeKey(rt, item))
        return true;
    return false;
  }
  if (key.is(py::Type::Slice)) {
    auto &s = key.as<py::SliceObject>();
    return runTimeKey(rt, s.start) || runTimeKey(rt, s.stop) ||
           runTimeKey(rt, s.step);
  }
  return rt.isTensor(key) && !rt.constantValue(key);
}

/// `current` with the elements `key` selects replaced by `updates` (of
/// the selection's static shape), where the selection is known at run
/// time only: the selected flat positions come from slicing a constant of
/// positions, and each element takes the update whose position it is.
Value replaceSelected(TfRuntime &rt, const Value &current, const Value &key,
                      const Value &updates, const std::string &assignName) {
  const std::vector<int64_t> &shape = rt.tensor(current).type.shape;
  Value positions = rt.constant(flatPositions(shape));
  // Its checks of the key are those of TensorFlow's assign op.
  Value selected = stridedSlice(rt, positions, key);
  if (!assignName.empty())
    rt.tracing->graph.nodes[rt.tensor(selected).out.node].errorName =
        assignName;
  Value picked = flat(rt, selected); // [M]
  int64_t n = rt.tensor(current).type.numElements();
  int64_t m = rt.tensor(picked).type.numElements();
  // v[i]: one whole row, chosen by comparing each row's number with the
  // picked row (whose slice also checks i against the rows).
  if (rt.isTensor(key) && shape.size() >= 1 && n > 0 && m > 0 &&
      m == n / shape[0]) {
    std::vector<int64_t> column(shape.size(), 1);
    column[0] = shape[0];
    Value row =
        binaryOp(rt, "FloorDiv", gather(rt, picked, intConstant(rt, {0}), 0),
                 intConstant(rt, {m}, DType::Int64));
    // The row numbers, down a column (the flat positions of a [rows, 1,
    // ..., 1] tensor).
    Value rows = rt.constant(flatPositions(column));
    Value mask = binaryOp(rt, "Equal", rows, row);
    std::vector<int64_t> rowShape(shape.begin(), shape.end());
    rowShape[0] = 1;
    return select(rt, mask, reshape(rt, updates, pyIntList(rt.in, rowShape)),
                  current);
  }
  // Otherwise each element finds its update among the picked positions: a
  // comparison of every element with every picked position.
  if (n * m > (int64_t(1) << 24))
    rt.raise("UnimplementedError",
             "kiln assigns to a variable slice chosen at run time by "
             "comparing positions, and this one is too large for that "
             "(index it with one integer per row instead)");
  Value all = flat(rt, positions); // [N]
  Value hits = binaryOp(rt, "Equal", expandDims(rt, all, 1),
                        expandDims(rt, picked, 0)); // [N, M]
  Value hit = reduce(rt, "Any", hits, Value::integer(1), false);
  Value which = argReduce(rt, "ArgMax", cast(rt, hits, DType::Int32),
                          Value::integer(1), DType::Int64);
  Value replaced = select(rt, hit, gather(rt, flat(rt, updates), which, 0),
                          flat(rt, current));
  return reshape(rt, replaced, pyIntList(rt.in, shape));
}

} // namespace

Value assignSlice(TfRuntime &rt, const Value &variable, const Value &key,
                  const Value &value, const std::string &sliceName) {
  auto &v = variable.as<VariableObject>();
  const std::vector<int64_t> &shape = v.state->type.shape;
  if (rt.tracing && runTimeKey(rt, key)) {
    Value current = readVariable(rt, v);
    const TensorType sliceType = rt.tensor(stridedSlice(rt, current, key)).type;
    if (!sliceType.isStatic() || !v.state->type.isStatic())
      rt.raise("UnimplementedError",
               "kiln needs the size of a variable slice assigned at a "
               "run-time index known at trace time");
    if (sliceType.numElements() == 0)
      return assignVariable(rt, v, "AssignVariableOp", current);
    Value updates =
        updatesFor(rt, value, v.state->type.dtype, sliceType.shape,
                   sliceType.shape, 0, "ResourceStridedSliceAssign", true);
    // TensorFlow names the assign op in a name scope of the slice's full
    // name, opened inside the current scope: "while/while/strided_slice/
    // _assign" in a loop.
    return assignVariable(rt, v, "AssignVariableOp",
                          replaceSelected(rt, current, key, updates,
                                          sliceName.empty()
                                              ? ""
                                              : rt.tracing->graph.scope +
                                                    sliceName + "/_assign"));
  }
  std::vector<int64_t> positions =
      positionsOf(rt, shape, [&](const Value &iota) {
        return stridedSlice(rt, iota, key);
      });
  // The slice's own shape (dropped and added dimensions included).
  Value current = readVariable(rt, v);
  std::vector<int64_t> sliceShape =
      rt.tensor(stridedSlice(rt, current, key)).type.shape;
  Value updates = updatesFor(rt, value, v.state->type.dtype, sliceShape,
                             sliceShape, 0, "ResourceStridedSliceAssign", true);
  Value updated = scatterPositions(rt, current, positions, updates, "");
  return assignVariable(rt, v, "AssignVariableOp", updated);
}

void installScatter(TfRuntime &rt, ModuleBuilder &tf) {
  TfRuntime *r = &rt;
  struct Scatter {
    const char *name, *combine, *kernel;
  };
  for (Scatter s :
       {Scatter{"tensor_scatter_nd_update", "", "TensorScatterUpdate"},
        Scatter{"tensor_scatter_nd_add", "AddV2", "TensorScatterAdd"},
        Scatter{"tensor_scatter_nd_sub", "Sub", "TensorScatterSub"},
        Scatter{"tensor_scatter_nd_max", "Maximum", "TensorScatterMax"},
        Scatter{"tensor_scatter_nd_min", "Minimum", "TensorScatterMin"}})
    tf.def(s.name, [r, s](Interpreter &in, CallArgs &args) {
      Params p(in, args, s.name, {"tensor", "indices", "updates", "name"});
      return scatterNd(
          *r, p.require("tensor", s.name), p.require("indices", s.name),
          p.require("updates", s.name), s.combine, s.name, s.kernel);
    });
  tf.def("scatter_nd", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "scatter_nd", {"indices", "updates", "shape", "name"});
    Value updates = r->toTensor(p.require("updates", "scatter_nd"));
    DType d = r->tensor(updates).type.dtype;
    if (d == DType::Bool) {
      // The CPU kernel's bool sum is Eigen's: a logical or. Counted as
      // int32, then compared with 0.
      Value counts = callTf(in, {"scatter_nd"},
                            {p.require("indices", "scatter_nd"),
                             cast(*r, updates, DType::Int32),
                             p.require("shape", "scatter_nd")});
      return binaryOp(*r, "NotEqual", counts,
                      r->toTensor(Value::integer(0), DType::Int32));
    }
    Value indices = r->toTensor(p.require("indices", "scatter_nd"));
    Value shapeArg = p.require("shape", "scatter_nd");
    // The result's shape: static, or (in a function) sizes known at run time.
    Value shape = r->toTensor(shapeArg);
    TensorType type{d, {}};
    HostTensorPtr known = r->constantValue(shape);
    const TensorType &st = r->tensor(shape).type;
    if (known) {
      for (int64_t i = 0; i < known->type.numElements(); ++i)
        type.shape.push_back(known->elementAsInt(static_cast<size_t>(i)));
    } else if (st.shape.size() == 1 && st.shape[0] >= 0) {
      type.shape.assign(static_cast<size_t>(st.shape[0]), -1);
    } else {
      type.unknownRank = true;
    }
    if (r->tracing && (!known || !r->constantValue(indices)))
      return scatterAtRunTime(*r, shape, indices, updates, type, "scatter_nd",
                              "ScatterNd");
    // ScatterNd adds its updates into zeros. (The arguments as given: Python
    // lists change the kernel's error.)
    bool named = !p.get("indices").is(py::Type::List) &&
                 !p.get("updates").is(py::Type::List);
    for (int64_t size : type.shape)
      if (size < 0)
        scatterError(*r, "ScatterNd",
                     "Dimension " + std::to_string(size) + " must be >= 0",
                     named);
    Value zeros = filled(*r, type, 0);
    return scatterNd(*r, zeros, p.require("indices", "scatter_nd"),
                     p.require("updates", "scatter_nd"), "AddV2", "scatter_nd",
                     "ScatterNd");
  });
}

} // namespace kiln::tf
