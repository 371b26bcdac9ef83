// tf.unravel_index: TensorFlow's UnravelIndex node. The shape function's
// errors (dims of rank other than 1) are raised while tracing; everything
// the kernel checks on values (zero, negative and overflowing dims, indices
// out of bounds, empty indices) is checked by the compiled op
// (EmitArrayOps.cpp), eagerly too, so it fails when TensorFlow's kernel
// does, with its message.
#include "TfModuleBuilder.h"
#include "TfOps.h"

namespace kiln::tf {

namespace {

Value unravelIndex(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  const std::string op = "UnravelIndex";
  Value indicesArg = p.require("indices", "unravel_index");
  Value dimsArg = p.require("dims", "unravel_index");
  PythonOperands slowPath(rt, {indicesArg, dimsArg});
  bool named = !slowPathOperand(indicesArg) && !slowPathOperand(dimsArg);
  std::string node = rt.tracing ? rt.tracing->graph.uniqueName(op) : op;
  // The inputs share type attr Tidx: a tensor among them gives it, and a
  // Python value converts to it. An empty list has no dtype of its own and
  // takes Tidx's default, int32.
  std::optional<DType> tidx;
  for (const Value *v : {&indicesArg, &dimsArg})
    if (!tidx && rt.isTensor(*v))
      tidx = rt.tensor(*v).type.dtype;
  bool empty = (indicesArg.is(py::Type::List) ||
                indicesArg.is(py::Type::Tuple)) &&
               in.toList(indicesArg).empty();
  if (empty && !tidx)
    tidx = DType::Int32;
  Value indices =
      convertArgument(rt, indicesArg, node + "/indices",
                      rt.isTensor(indicesArg) ? std::nullopt : tidx);
  DType dtype = rt.tensor(indices).type.dtype;
  Value dims = convertArgument(rt, dimsArg, node + "/dims",
                               rt.isTensor(dimsArg) ? std::nullopt
                                                    : std::optional(dtype));
  if (dtype != DType::Int32 && dtype != DType::Int64)
    rejectDType(rt, op, "indices", "Tidx", dtype, "int32, int64",
                "int32, int64",
                "; signature=indices:Tidx, dims:Tidx -> output:Tidx; "
                "attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, "
                "DT_INT64]>",
                named);
  const TensorType &it = rt.tensor(indices).type, &dt = rt.tensor(dims).type;
  if (dt.dtype != dtype)
    mismatchedInputs(rt, op, "indices", "dims", dtype, dt.dtype, 1, named);
  if (it.unknownRank || dt.unknownRank)
    rt.raise("UnimplementedError",
             "kiln needs the ranks of tf.unravel_index's inputs at trace time");
  std::string error;
  if (it.shape.size() > 1)
    error = "The indices can only be scalar or vector, got \"" +
            shapeList(it.shape) + "\"";
  if (dt.shape.size() != 1) {
    if (rt.tracing)
      in.valueError("Shape must be rank 1 but is rank " +
                    std::to_string(dt.shape.size()) + " for '{{node " + node +
                    "}} = UnravelIndex[Tidx=" + tfTypeName(dtype) + "](" +
                    inputName(rt, indices) + ", " + inputName(rt, dims) +
                    ")' with input shapes: " + shapeList(it.shape) + ", " +
                    shapeList(dt.shape) + ".");
    if (error.empty())
      error =
          "The indices can only be 1-D, got \"" + shapeList(dt.shape) + "\"";
  }
  if (!error.empty() && !rt.tracing)
    kernelError(rt, op, error, "", named);
  std::vector<int64_t> shape = {dt.shape.empty() ? -1 : dt.shape[0]};
  if (it.shape.size() == 1)
    shape.push_back(it.shape[0]);
  std::map<std::string, Attr> attrs = {{"Tidx", dtype}};
  if (!error.empty()) {
    // A function that fails when it runs, as TensorFlow's does.
    attrs[graph::kRunTimeError] = error;
    shape = {-1, -1};
  }
  return rt.apply(op, {indices, dims}, attrs, TensorType{dtype, shape}, node,
                  true);
}

} // namespace

void installUnravelIndex(TfRuntime &rt, ModuleBuilder &tf) {
  TfRuntime *r = &rt;
  tf.def("unravel_index", [r](Interpreter &in, CallArgs &args) {
    return unravelIndex(
        *r, Params(in, args, "unravel_index", {"indices", "dims", "name"}));
  });
}

} // namespace kiln::tf
