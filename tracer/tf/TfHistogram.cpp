// tf.histogram_fixed_width: TensorFlow's HistogramFixedWidth node, named
// as the wrapper's name scope (its converted operands inside it). The shape
// function's errors (value_range not a vector of 2, nbins not a scalar, a
// known nbins that is not positive) are raised while tracing; what the
// kernel checks on values (value_range[0] < value_range[1], a positive
// nbins, no NaN) is checked by the compiled op (EmitScatter.cpp), eagerly
// too, so it fails when TensorFlow's kernel does, with its message.
#include "ShapeTensor.h"
#include "TfModuleBuilder.h"
#include "TfOps.h"

namespace kiln::tf {

namespace {

const char *const kOpDef =
    "; signature=values:T, value_range:T, nbins:int32 -> out:dtype; "
    "attr=T:type,allowed=[DT_INT32, DT_INT64, DT_FLOAT, DT_DOUBLE]; "
    "attr=dtype:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]>";

bool allowedValues(DType d) {
  return d == DType::Int32 || d == DType::Int64 || d == DType::Float32 ||
         d == DType::Float64;
}

/// nbins, an int32 input: a tensor of another dtype is the eager
/// conversion's ValueError, or the graph's TypeError.
Value nbinsOperand(TfRuntime &rt, const Value &v) {
  if (v.isNumber()) // (2.0 is the op's TypeError while tracing)
    return convertOperand(rt, v, DType::Int32, "nbins", "HistogramFixedWidth",
                          "nbins");
  if (!rt.isTensor(v))
    return convertArgument(rt, v, "nbins", DType::Int32);
  DType d = rt.tensor(v).type.dtype;
  if (rt.tracing && d != DType::Int32)
    rt.in.typeError("Input 'nbins' of 'HistogramFixedWidth' Op has type " +
                    std::string(py::dtypeName(d)) +
                    " that does not match expected type of int32.");
  return rt.toTensor(v, DType::Int32);
}

Value histogramFixedWidth(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  const std::string op = "HistogramFixedWidth";
  Value valuesArg = p.require("values", "histogram_fixed_width");
  Value rangeArg = p.require("value_range", "histogram_fixed_width");
  Value nbinsArg = p.has("nbins") ? p.get("nbins") : Value::integer(100);
  DType out = p.has("dtype") ? *dtypeArg(in, p.get("dtype")) : DType::Int32;
  ApiNameScope scope(rt, p.get("name"), "histogram_fixed_width");
  // Eager errors end in " name: " when every operand is a tensor (the
  // generated wrapper's fast path).
  PythonOperands slowPath(rt, {valuesArg, rangeArg, nbinsArg});
  bool named = !rt.pythonOperands;
  // values gives type attr T; value_range converts to it, nbins to int32.
  Value values = convertArgument(rt, valuesArg, "values", std::nullopt);
  DType t = rt.tensor(values).type.dtype;
  Value range =
      convertArgument(rt, rangeArg, "value_range",
                      rt.isTensor(rangeArg) ? std::nullopt : std::optional(t));
  Value nbins = nbinsOperand(rt, nbinsArg);
  if (!allowedValues(t))
    rejectDType(rt, op, "values", "T", t, "int32, int64, float32, float64",
                "int32, int64, float, double", kOpDef, named);
  if (out != DType::Int32 && out != DType::Int64)
    rejectDType(rt, op, "dtype", "dtype", out, "int32, int64", "int32, int64",
                kOpDef, named);
  const TensorType &rangeType = rt.tensor(range).type;
  if (rangeType.dtype != t)
    mismatchedInputs(rt, op, "values", "value_range", t, rangeType.dtype, 1,
                     named);
  const TensorType &vt = rt.tensor(values).type, &nt = rt.tensor(nbins).type;
  if (rangeType.unknownRank || nt.unknownRank)
    rt.raise("UnimplementedError", "kiln needs the ranks of "
                                   "tf.histogram_fixed_width's value_range "
                                   "and nbins at trace time");
  Value known = foldKnown(rt, nbins);
  std::optional<int64_t> count;
  if (known.is(py::Type::Int))
    count = known.asInt();
  if (rt.tracing) {
    // The shape function, in its order.
    auto fail = [&](const std::string &message, bool computed) {
      in.valueError(
          message + " for '{{node " + scope.scopeName() +
          "}} = HistogramFixedWidth[T=" + tfTypeName(t) +
          ", dtype=" + tfTypeName(out) + "](" + inputName(rt, values) + ", " +
          inputName(rt, range) + ", " + inputName(rt, nbins) +
          ")' with input shapes: " + shapeList(vt.shape) + ", " +
          shapeList(rangeType.shape) + ", " + shapeList(nt.shape) +
          (computed ? " and with computed input tensors: input[2] = <" +
                          std::to_string(*count) + ">."
                    : "."));
    };
    if (rangeType.shape.size() != 1)
      fail("Shape must be rank 1 but is rank " +
               std::to_string(rangeType.shape.size()),
           false);
    if (rangeType.shape[0] >= 0 && rangeType.shape[0] != 2)
      fail("Dimension must be 2 but is " + std::to_string(rangeType.shape[0]),
           false);
    if (!nt.shape.empty())
      fail("Shape must be rank 0 but is rank " +
               std::to_string(nt.shape.size()),
           false);
    if (count && *count <= 0)
      fail("Requires nbins > 0: " + std::to_string(*count), true);
  } else {
    // The kernel's checks on shapes; those on values are the compiled
    // op's.
    if (rangeType.shape.size() != 1)
      kernelError(rt, op, "value_range should be a vector.", "", named);
    if (rangeType.shape[0] != 2)
      kernelError(rt, op, "value_range should be a vector of 2 elements.", "",
                  named);
    if (!nt.shape.empty())
      kernelError(rt, op, "nbins should be a scalar.", "", named);
  }
  // (A count that is not positive fails when the op runs, eagerly.)
  int64_t size = count ? std::max<int64_t>(*count, 0) : -1;
  return rt.apply(op, {values, range, nbins}, {{"T", t}, {"dtype", out}},
                  TensorType{out, {size}}, rt.tracing ? scope.scopeName() : op,
                  true);
}

} // namespace

void installHistogram(TfRuntime &rt, ModuleBuilder &tf) {
  TfRuntime *r = &rt;
  tf.def("histogram_fixed_width", [r](Interpreter &in, CallArgs &args) {
    return histogramFixedWidth(
        *r, Params(in, args, "histogram_fixed_width",
                   {"values", "value_range", "nbins", "dtype", "name"}));
  });
}

} // namespace kiln::tf
