// tf.linalg.cross: TensorFlow's Cross node, with its shape function's
// errors while tracing and its kernel's eagerly; the compiled kernel
// (EmitArrayOps.cpp) checks dimensions known only at run time.
#include "TfGradient.h"
#include "TfModuleBuilder.h"
#include "TfOps.h"

namespace kiln::tf {

Value crossNode(TfRuntime &rt, const Value &aArg, const Value &bArg,
                bool named) {
  Interpreter &in = rt.in;
  const std::string op = "Cross";
  Value a = rt.toTensor(aArg);
  Value b =
      rt.isTensor(bArg) ? bArg : rt.toTensor(bArg, rt.tensor(a).type.dtype);
  const TensorType &at = rt.tensor(a).type, &bt = rt.tensor(b).type;
  if (at.dtype != bt.dtype)
    mismatchedInputs(rt, op, "a", "b", at.dtype, bt.dtype, 1, named);
  if (at.unknownRank || bt.unknownRank)
    rt.raise("UnimplementedError",
             "kiln needs the ranks of tf.linalg.cross's inputs at trace time");
  std::string node = rt.tracing ? rt.tracing->graph.uniqueName(op) : op;
  auto shapeError = [&](const std::string &message) {
    in.valueError(message + " for '{{node " + node +
                  "}} = Cross[T=" + tfTypeName(at.dtype) + "](" +
                  inputName(rt, a) + ", " + inputName(rt, b) +
                  ")' with input shapes: " + shapeList(at.shape) + ", " +
                  shapeList(bt.shape) + ".");
  };
  // The shape function: the same rank and dimensions, the last 3.
  std::vector<int64_t> shape = at.shape;
  bool same = at.shape.size() == bt.shape.size();
  for (size_t d = 0; same && d < shape.size(); ++d) {
    int64_t x = at.shape[d], y = bt.shape[d];
    if (x >= 0 && y >= 0 && x != y) {
      if (rt.tracing)
        shapeError("Dimension " + std::to_string(d) +
                   " in both shapes must be equal, but are " +
                   std::to_string(x) + " and " + std::to_string(y) +
                   ". Shapes are " + shapeList(at.shape) + " and " +
                   shapeList(bt.shape) + ".");
      same = false;
    }
    shape[d] = x >= 0 ? x : y;
  }
  if (rt.tracing && at.shape.size() != bt.shape.size())
    shapeError("Shapes must be equal rank, but are " +
               std::to_string(at.shape.size()) + " and " +
               std::to_string(bt.shape.size()));
  if (!same)
    kernelError(rt, op,
                "Both inputs must be of same shape: " + shapeList(at.shape) +
                    " vs. " + shapeList(bt.shape),
                "", named);
  if (shape.empty() || shape.back() != 3) {
    if (rt.tracing && !shape.empty() && shape.back() >= 0)
      shapeError("Dimension must be 3 but is " + std::to_string(shape.back()));
    if (rt.tracing && shape.empty())
      shapeError("Shape must be at least rank 1 but is rank 0");
    if (!shape.empty() && shape.back() < 0)
      rt.raise("UnimplementedError", "kiln needs the last dimension of "
                                     "tf.linalg.cross's inputs at trace "
                                     "time");
    rt.raise("FailedPreconditionError",
             eagerKernelPrefix(op) +
                 "Cross-products are only defined for 3-element vectors." +
                 eagerOpSuffix(op, named));
  }
  DType d = at.dtype;
  bool allowed = isFloating(d) || d == DType::Int8 || d == DType::Int16 ||
                 d == DType::Int32 || d == DType::Int64 || d == DType::UInt8;
  if (!allowed)
    rejectDType(rt, op, "a", "T", d,
                "bfloat16, float16, float32, float64, int8, uint8, int16, "
                "uint16, int32, uint32, int64, uint64",
                "bfloat16, half, float, double, int8, uint8, int16, uint16, "
                "int32, uint32, int64, uint64",
                "; signature=a:T, b:T -> product:T; attr=T:type,allowed=["
                "DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, "
                "DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, "
                "DT_UINT64]>",
                named);
  return rt.apply(op, {a, b}, {{"T", d}}, TensorType{d, shape}, node, true);
}

void installCross(TfRuntime &rt, ModuleBuilder &linalg) {
  TfRuntime *r = &rt;
  linalg.def("cross", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "cross", {"a", "b", "name"});
    Value a = p.require("a", "cross"), b = p.require("b", "cross");
    PythonOperands slowPath(*r, {a, b});
    return crossNode(*r, a, b, !slowPathOperand(a) && !slowPathOperand(b));
  });
}

} // namespace kiln::tf
