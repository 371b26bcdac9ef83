// tf.linspace with a start, stop or count known only at run time. The
// points are computed as math_ops.linspace_nd computes them, in graph ops:
// start + delta * i for i in [1, num - 1) with delta = (stop - start) /
// max(num - 1, 1), then start and stop added at the ends and the first num
// points kept. (Arguments known at trace time make a constant instead, in
// TfModule.cpp, with the same arithmetic.)
#include "ShapeTensor.h"
#include "TfModuleBuilder.h"
#include "TfOps.h"

namespace kiln::tf {

Value linspaceAtRunTime(TfRuntime &rt, const Value &startArg,
                        const Value &stopArg, const Value &numArg,
                        int64_t axis) {
  Interpreter &in = rt.in;
  graph::ScopeGuard scope(rt.tracing->graph, "linspace");
  Value start = rt.toTensor(startArg);
  Value stop = rt.isTensor(stopArg)
                   ? stopArg
                   : rt.toTensor(stopArg, rt.tensor(start).type.dtype);
  // Integer bounds give float64 points (the division is a true division).
  DType dtype = rt.tensor(start).type.dtype;
  if (isInteger(dtype)) {
    dtype = DType::Float64;
    start = cast(rt, start, dtype);
    stop = cast(rt, stop, dtype);
  } else if (rt.tensor(stop).type.dtype != dtype) {
    stop = cast(rt, stop, dtype);
  }
  if (dtype != DType::Float32 && dtype != DType::Float64)
    rt.raise("UnimplementedError",
             "kiln's tf.linspace computes float32 and float64 points only");
  // start and stop broadcast to one (static) shape.
  const TensorType &a = rt.tensor(start).type, &b = rt.tensor(stop).type;
  if (a.unknownRank || b.unknownRank || !a.isStatic() || !b.isStatic())
    rt.raise("UnimplementedError",
             "kiln needs the shapes of tf.linspace's start and stop at trace "
             "time");
  std::vector<int64_t> shape;
  if (!broadcastShapes(a.shape, b.shape, shape))
    in.valueError("Incompatible shapes: " + shapeList(a.shape) + " vs. " +
                  shapeList(b.shape));
  auto broadcast = [&](const Value &t) {
    if (rt.tensor(t).type.shape == shape)
      return t;
    return rt.apply("BroadcastTo", {t}, {{"T", dtype}},
                    TensorType{dtype, shape}, "BroadcastTo");
  };
  int64_t rank = static_cast<int64_t>(shape.size());
  if (axis < -rank - 1 || axis > rank)
    in.valueError("axis " + std::to_string(axis) +
                  " is out of range for tf.linspace's result of rank " +
                  std::to_string(rank + 1));
  if (axis < 0)
    axis += rank + 1;
  Value first = expandDims(rt, broadcast(start), axis);
  Value last = expandDims(rt, broadcast(stop), axis);

  // A count known at trace time gives the points' count too.
  Value count = foldKnown(rt, numArg);
  int64_t known = count.isIntLike() ? count.asInt() : -1;
  Value num = rt.isTensor(numArg) ? numArg : rt.toTensor(numArg, DType::Int32);
  DType index = rt.tensor(num).type.dtype;
  if (!isInteger(index))
    in.typeError("Argument `tensor` (name: num) must be of type integer. "
                 "Received `tensor` = " +
                 in.toStr(num) + " of dtype: <dtype: '" + py::dtypeName(index) +
                 "'>");
  auto integer = [&](int64_t v) {
    return rt.toTensor(Value::integer(v), index);
  };
  Value steps =
      binaryOp(rt, "Maximum", binaryOp(rt, "Sub", num, integer(1)), integer(1));
  Value delta = binaryOp(rt, "RealDiv", binaryOp(rt, "Sub", last, first),
                         cast(rt, steps, dtype));
  // A negative count fails the range's check, as in TensorFlow.
  Value end = select(rt, binaryOp(rt, "GreaterEqual", num, integer(0)), steps,
                     integer(-1));
  Value i = cast(rt,
                 rangeNode(rt, Value::integer(1), cast(rt, end, DType::Int64),
                           Value::integer(1), DType::Int64,
                           known >= 0 ? std::max<int64_t>(known - 2, 0) : -1),
                 dtype);
  for (int64_t d = 0; d < axis; ++d)
    i = expandDims(rt, i, 0);
  for (int64_t d = axis + 1; d <= rank; ++d)
    i = expandDims(rt, i, -1);
  Value inner = binaryOp(rt, "AddV2", first, binaryOp(rt, "Mul", delta, i));
  Value all = concat(rt, {first, inner, last}, axis, "ConcatV2");
  // The first num points along the axis.
  ValueList key;
  for (int64_t d = 0; d < axis; ++d)
    key.push_back(
        Value::object(py::Type::Slice, std::make_shared<py::SliceObject>()));
  auto window = std::make_shared<py::SliceObject>();
  window->stop = known >= 0 ? Value::integer(known) : num;
  key.push_back(Value::object(py::Type::Slice, window));
  return stridedSlice(rt, all, in.tuple(std::move(key)));
}

} // namespace kiln::tf
