// Ops that copy elements into a new arrangement: tf.roll, tf.repeat and
// tf.meshgrid. Each is built from ops kiln already compiles (slices and a
// concatenation, a gather, broadcasting products), so the values are
// TensorFlow's exactly; the graph holds those ops instead of TensorFlow's
// single Roll node or repeat's tile/reshape chain. A roll by a shift known
// only at run time, or along a dimension known only then, is a Roll node.
#include "ShapeTensor.h"
#include "TfModuleBuilder.h"
#include "TfOps.h"

namespace kiln::tf {

Value rollNode(TfRuntime &rt, const Value &x, const Value &shift,
               const std::vector<int64_t> &axes) {
  const TensorType &st = rt.tensor(shift).type;
  // The axis operand, "Roll/axis" in tf.roll's name scope: a scalar for a
  // scalar shift.
  Value axisValue =
      st.shape.empty() ? Value::integer(axes[0]) : pyIntList(rt.in, axes);
  Value axis = rt.constant(rt.hostFromPython(axisValue, DType::Int32), "axis");
  return rt.apply("Roll", {x, shift, axis},
                  {{"T", rt.tensor(x).type.dtype},
                   {"Tshift", st.dtype},
                   {"Taxis", DType::Int32},
                   {"axes", axes}},
                  rt.tensor(x).type, "Roll");
}

namespace {

/// A dimension the copy plan needs at trace time.
int64_t staticDim(TfRuntime &rt, const Value &x, int64_t axis,
                  const std::string &api) {
  int64_t n = rt.tensor(x).type.shape[axis];
  if (n < 0)
    rt.raise("UnimplementedError",
             "kiln cannot " + api +
                 " along a dimension known only at run time yet");
  return n;
}

/// Python ints, a list of them or a constant tensor, as int64s; `scalar`
/// says which it was.
std::vector<int64_t> intsArg(TfRuntime &rt, const Value &given,
                             const std::string &api, bool *scalar = nullptr) {
  std::vector<int64_t> out;
  // Sizes known at trace time (tf.shape(x)[0] - 1) are numbers.
  Value v = rt.tracing ? foldKnown(rt, given) : given;
  if (rt.isTensor(v)) {
    HostTensorPtr c = rt.constantValue(v);
    if (!c)
      rt.raise("UnimplementedError",
               "kiln needs the " + api +
                   " amounts known at trace time: a tensor computed at run "
                   "time is not supported yet");
    for (int64_t i = 0; i < c->type.numElements(); ++i)
      out.push_back(c->elementAsInt(i));
    if (scalar)
      *scalar = c->type.shape.empty();
    return out;
  }
  if (scalar)
    *scalar = v.isIntLike();
  if (v.isIntLike())
    return {v.asInt()};
  for (auto &item : rt.in.toList(v))
    out.push_back(rt.in.toIndex(item));
  return out;
}

Value roll(TfRuntime &rt, const Params &p) {
  Value x = rt.toTensor(p.require("input", "roll"));
  Value shift = numpyIndex(p.require("shift", "roll")),
        axis = numpyIndex(p.require("axis", "roll"));
  if (rt.isTensor(shift))
    checkIndexArgument(
        rt, shift,
        {"Roll", "shift", "Tshift",
         "; signature=input:T, shift:Tshift, axis:Taxis -> output:T; "
         "attr=T:type; attr=Tshift:type,allowed=[DT_INT32, DT_INT64]; "
         "attr=Taxis:type,allowed=[DT_INT32, DT_INT64]>"},
        false);
  bool scalarAxis = false;
  std::vector<int64_t> axes = intsArg(rt, axis, "roll", &scalarAxis);
  // The generated wrapper's fast path, which adds " name: ", takes no
  // Python lists.
  auto isList = [](const Value &v) {
    return v.is(py::Type::List) || v.is(py::Type::Tuple);
  };
  bool named = !isList(shift) && !isList(axis);
  const TensorType &xt = rt.tensor(x).type;
  if (xt.unknownRank)
    rt.raise("UnimplementedError",
             "kiln needs the rank of tf.roll's input at trace time");
  int64_t rank = static_cast<int64_t>(xt.shape.size());
  // Shape inference merges the shapes of shift and axis (a ValueError
  // while tracing); the kernel compares them too (a scalar is not a
  // vector of one).
  auto checkAxes = [&](size_t shifts, bool shiftIsVector) {
    if (rt.tracing && (shiftIsVector != !scalarAxis ||
                       (shiftIsVector && shifts != axes.size()))) {
      std::string node = rt.tracing->graph.scopeName(); // tf.roll's scope
      std::string s = std::to_string(shifts), a = std::to_string(axes.size());
      std::string shiftShape = shiftIsVector ? "[" + s + "]" : "[]",
                  axisShape = scalarAxis ? "[]" : "[" + a + "]";
      std::string what =
          shiftIsVector != !scalarAxis
              ? "Shapes must be equal rank, but are " +
                    std::string(shiftIsVector ? "1" : "0") + " and " +
                    (scalarAxis ? "0" : "1")
              : "Dimension 0 in both shapes must be equal, but are " + s +
                    " and " + a + ". Shapes are [" + s + "] and [" + a + "].";
      rt.in.valueError(what + " for '{{node " + node +
                       "}} = Roll[T=" + tfTypeName(xt.dtype) +
                       ", Taxis=DT_INT32, Tshift=DT_INT32](" +
                       inputName(rt, x, node + "/input") + ", " + node +
                       "/shift, " + node +
                       "/axis)' with input shapes: " + shapeList(xt.shape) +
                       ", " + shiftShape + ", " + axisShape + ".");
    }
    if (shifts != axes.size() || shiftIsVector != !scalarAxis)
      kernelError(rt, "Roll", "shift and axis must have the same size", "",
                  named);
    for (int64_t &a : axes) {
      if (a < -rank || a >= rank)
        kernelError(rt, "Roll",
                    "axis " + std::to_string(a) + " is out of range", "",
                    named);
      if (a < 0)
        a += rank;
    }
  };
  // A shift known only at run time, or a dimension known only then: the
  // Roll kernel, compiled.
  Value folded = rt.tracing ? foldKnown(rt, shift) : shift;
  bool dynamicDim = false;
  for (int64_t a : axes)
    dynamicDim |= a >= -rank && a < rank && xt.shape[a < 0 ? a + rank : a] < 0;
  if (isRunTimeShape(rt, folded) || dynamicDim) {
    Value shifts =
        rt.isTensor(folded) ? folded : rt.toTensor(folded, DType::Int32);
    const TensorType &st = rt.tensor(shifts).type;
    if (st.dtype != DType::Int32 && st.dtype != DType::Int64)
      rt.in.typeError("Value passed to parameter 'shift' has DataType " +
                      std::string(py::dtypeName(st.dtype)) +
                      " not in list of allowed values: int32, int64");
    if (!st.unknownRank && st.shape.size() > 1) {
      std::string node = rt.tracing->graph.scopeName(); // tf.roll's scope
      rt.in.valueError(
          "Shape must be at most rank 1 but is rank " +
          std::to_string(st.shape.size()) + " for '{{node " + node +
          "}} = Roll[T=" + tfTypeName(xt.dtype) +
          ", Taxis=DT_INT32, Tshift=" + tfTypeName(st.dtype) + "](" +
          inputName(rt, x) + ", " + inputName(rt, shifts) + ", " + node +
          "/axis)' with input shapes: " + shapeList(xt.shape) + ", " +
          shapeList(st.shape) + ", " +
          (isList(axis) ? "[" + std::to_string(axes.size()) + "]" : "[]") +
          ".");
    }
    if (st.unknownRank || (st.shape.size() == 1 && st.shape[0] < 0))
      rt.raise("UnimplementedError",
               "kiln needs tf.roll's shift to be a scalar or a vector of "
               "known length");
    checkAxes(st.shape.empty() ? 1 : static_cast<size_t>(st.shape[0]),
              !st.shape.empty());
    return rollNode(rt, x, shifts, axes);
  }
  bool scalarShift = false;
  std::vector<int64_t> shifts = intsArg(rt, shift, "roll", &scalarShift);
  checkAxes(shifts.size(), !scalarShift);
  // The Roll kernel adds up the shifts given for one axis.
  std::vector<int64_t> total(static_cast<size_t>(rank), 0);
  for (size_t i = 0; i < axes.size(); ++i)
    total[axes[i]] += shifts[i];
  bool moved = false;
  for (int64_t axis = 0; axis < rank; ++axis) {
    if (total[axis] == 0)
      continue;
    int64_t n = xt.shape[axis];
    int64_t s = n == 0 ? 0 : ((total[axis] % n) + n) % n;
    if (s == 0)
      continue;
    // The last s elements move to the front.
    x = concat(
        rt,
        {sliceAxis(rt, x, axis, n - s, n), sliceAxis(rt, x, axis, 0, n - s)},
        axis, "ConcatV2");
    moved = true;
  }
  return moved ? x : identity(rt, x);
}

Value repeat(TfRuntime &rt, const Params &p) {
  Value x = rt.toTensor(p.require("input", "repeat"));
  Value repeatsArg = p.require("repeats", "repeat");
  int64_t axis = 0;
  if (!p.has("axis")) {
    // repeat_with_axis flattens first.
    x = reshape(rt, x, pyIntList(rt.in, {-1}));
  } else {
    int64_t rank = static_cast<int64_t>(rt.tensor(x).type.shape.size());
    // repeat_with_axis's isinstance(axis, int): bools pass.
    Value given = p.get("axis");
    if (!given.isIntLike())
      rt.in.typeError("Argument `axis` must be an int. Received `axis` = " +
                      rt.in.toStr(given) + " of type " + rt.in.typeName(given));
    axis = rt.in.toIndex(given);
    if (axis < -rank || axis >= rank)
      rt.in.valueError("axis=" + std::to_string(axis) +
                       " out of bounds: expected " + std::to_string(-rank) +
                       "<=axis<" + std::to_string(rank));
    if (axis < 0)
      axis += rank;
  }
  Value count = rt.tracing ? foldKnown(rt, repeatsArg) : numpyIndex(repeatsArg);
  if (rt.tensor(x).type.shape[axis] < 0 || isRunTimeShape(rt, count)) {
    // One count for every element, along a dimension (or by a count) known
    // only at run time: element i of the result is element i / count.
    Value r = rt.isTensor(count) ? count : rt.toTensor(count, DType::Int32);
    const TensorType &rtype = rt.tensor(r).type;
    if (rtype.unknownRank || rtype.shape.size() > 1 ||
        (rtype.shape.size() == 1 && rtype.shape[0] != 1))
      rt.raise("UnimplementedError",
               "kiln repeats a dimension known only at run time by one "
               "count for all elements only, not by a list of counts yet");
    if (rtype.shape.size() == 1)
      r = reshape(rt, r, pyIntList(rt.in, {}));
    r = cast(rt, r, DType::Int32);
    Value size = rt.in.getItem(shapeOf(rt, x), Value::integer(axis));
    Value length = binaryOp(rt, "Mul", size, r);
    Value at = rangeNode(rt, Value::integer(0), length, Value::integer(1),
                         DType::Int32, -1);
    return gather(rt, x, binaryOp(rt, "FloorDiv", at, r), axis);
  }
  int64_t n = staticDim(rt, x, axis, "repeat");
  bool scalar = false;
  std::vector<int64_t> repeats =
      intsArg(rt, numpyIndex(repeatsArg), "repeat", &scalar);
  if (scalar || repeats.size() == 1)
    repeats.assign(static_cast<size_t>(n), repeats.empty() ? 0 : repeats[0]);
  if (static_cast<int64_t>(repeats.size()) != n)
    rt.in.valueError("Dimensions " + std::to_string(n) + " and " +
                     std::to_string(repeats.size()) + " are not compatible");
  std::vector<int64_t> indices;
  for (int64_t i = 0; i < n; ++i) {
    if (repeats[i] < 0) // repeat tiles by the count
      kernelError(rt, "Tile",
                  "Expected multiples[1] >= 0, but got " +
                      std::to_string(repeats[i]),
                  "", false);
    indices.insert(indices.end(), static_cast<size_t>(repeats[i]), i);
  }
  return gather(rt, x, intConstant(rt, indices), axis);
}

ValueList meshgrid(TfRuntime &rt, CallArgs &args) {
  std::string indexing = "xy";
  for (auto &[k, v] : args.keywords) {
    if (k == "indexing")
      indexing = rt.in.toStr(v);
    else if (k != "name")
      rt.in.typeError("meshgrid() got an unexpected keyword argument '" + k +
                      "'");
  }
  if (indexing != "xy" && indexing != "ij")
    rt.in.valueError("Argument `indexing` parameter must be either 'xy' or "
                     "'ij', got '" +
                     indexing + "'");
  size_t ndim = args.positional.size();
  if (ndim == 0)
    return {};
  // As array_ops.meshgrid: each input flattened and reshaped to -1 on its
  // own axis, then multiplied by ones of the full shape (the first input's
  // dtype).
  ValueList out, sizes; // Python ints, or scalar tensors known at run time
  bool known = true;
  for (size_t i = 0; i < ndim; ++i) {
    Value t = rt.toTensor(args.positional[i]);
    std::vector<int64_t> shape(ndim, 1);
    shape[i] = -1;
    if (indexing == "xy" && ndim > 1 && i < 2) {
      shape[i] = 1;
      shape[1 - i] = -1;
    }
    Value flat = reshape(rt, t, pyIntList(rt.in, {-1}));
    int64_t n = rt.tensor(flat).type.shape[0];
    known &= n >= 0;
    sizes.push_back(n >= 0 ? Value::integer(n) : firstDimension(rt, flat));
    out.push_back(reshape(rt, flat, pyIntList(rt.in, shape)));
  }
  if (indexing == "xy" && ndim > 1)
    std::swap(sizes[0], sizes[1]);
  DType dtype = rt.tensor(out[0]).type.dtype;
  Value ones;
  if (known) {
    std::vector<int64_t> shape;
    for (const Value &n : sizes)
      shape.push_back(n.asInt());
    ones = filled(rt, TensorType{dtype, shape}, 1);
  } else {
    ones = fillAtRunTime(rt, rt.in.list(std::move(sizes)),
                         filled(rt, TensorType{dtype, {}}, 1), "ones");
  }
  for (auto &t : out)
    t = binaryOp(rt, "Mul", t, ones);
  return out;
}

} // namespace

void installRepeat(TfRuntime &rt, ModuleBuilder &tf) {
  TfRuntime *r = &rt;
  tf.def("roll", [r](Interpreter &in, CallArgs &args) {
    return roll(*r,
                Params(in, args, "roll", {"input", "shift", "axis", "name"}));
  });
  tf.def("repeat", [r](Interpreter &in, CallArgs &args) {
    return repeat(
        *r, Params(in, args, "repeat", {"input", "repeats", "axis", "name"}));
  });
  tf.def("meshgrid", [r](Interpreter &in, CallArgs &args) {
    return in.list(meshgrid(*r, args));
  });
}

} // namespace kiln::tf
