// tf.nn.space_to_depth and tf.nn.depth_to_space: TensorFlow's SpaceToDepth
// and DepthToSpace nodes, with the errors of their shape functions while
// tracing and of their kernels eagerly. Dimensions known only at run time
// are checked by the compiled kernel (EmitArrayOps.cpp).
#include "TfModuleBuilder.h"
#include "TfOps.h"

namespace kiln::tf {

namespace {

/// "SpaceToDepth[T=DT_FLOAT, block_size=2, data_format="NHWC"]", as shape
/// errors show the node.
std::string nodeText(const std::string &op, DType dtype, int64_t block) {
  return op + "[T=" + tfTypeName(dtype) +
         ", block_size=" + std::to_string(block) + ", data_format=\"NHWC\"]";
}

Value spaceToDepth(TfRuntime &rt, const Params &p, const std::string &op,
                   const std::string &fname) {
  Interpreter &in = rt.in;
  PythonOperands slowPath(rt, {p.get("input")});
  bool named = !slowPathOperand(p.get("input"));
  Value x = rt.toTensor(p.require("input", fname));
  // An int attr converts as int() does: 2.5 is 2.
  Value blockArg = p.require("block_size", fname);
  int64_t block = blockArg.is(py::Type::Float)
                      ? static_cast<int64_t>(blockArg.asFloat())
                      : in.toIndex(blockArg);
  std::string format =
      p.has("data_format") ? in.toStr(p.get("data_format")) : "NHWC";
  const TensorType &xt = rt.tensor(x).type;
  if (block < 2) {
    if (rt.tracing)
      in.valueError("Attr 'block_size' of '" + op + "' Op passed " +
                    std::to_string(block) + " less than minimum 2.");
    rt.raise("InvalidArgumentError",
             "Value for attr 'block_size' of " + std::to_string(block) +
                 " must be at least minimum 2\n\t; NodeDef: {{node " + op +
                 "}}; Op<name=" + op +
                 "; signature=input:T -> output:T; attr=T:type; "
                 "attr=block_size:int,min=2; "
                 "attr=data_format:string,default=\"NHWC\",allowed=[\"NHWC\", "
                 "\"NCHW\", \"NCHW_VECT_C\"]>" +
                 eagerOpSuffix(op, named));
  }
  if (format != "NHWC")
    rt.raise("UnimplementedError", "kiln supports tf.nn." + fname +
                                       " with channels last (NHWC) only");
  if (xt.unknownRank)
    rt.raise("UnimplementedError", "kiln needs the rank of tf.nn." + fname +
                                       "'s input at trace time");
  bool toDepth = op == "SpaceToDepth";
  std::string node = rt.tracing ? rt.tracing->graph.uniqueName(op) : op;
  auto shapeError = [&](const std::string &message) {
    in.valueError(message + " for '{{node " + node + "}} = " +
                  nodeText(op, xt.dtype, block) + "(" + inputName(rt, x) +
                  ")' with input shapes: " + shapeList(xt.shape) + ".");
  };
  if (xt.shape.size() != 4) {
    if (rt.tracing)
      shapeError("Shape must be rank 4 but is rank " +
                 std::to_string(xt.shape.size()));
    kernelError(rt, op,
                "Input rank should be 4 instead of " +
                    std::to_string(xt.shape.size()),
                "", named);
  }
  int64_t height = xt.shape[1], width = xt.shape[2], depth = xt.shape[3];
  // A size known only at run time (-1) stays unknown.
  auto scaled = [](int64_t d, int64_t times, int64_t over) {
    return d < 0 ? d : d * times / over;
  };
  std::vector<int64_t> shape = xt.shape;
  if (toDepth) {
    for (int64_t d : {height, width})
      if (d >= 0 && d % block != 0) {
        if (rt.tracing)
          shapeError("Dimension size must be evenly divisible by " +
                     std::to_string(block) + " but is " + std::to_string(d));
        kernelError(
            rt, op,
            "Image width " + std::to_string(width) + " and height " +
                std::to_string(height) +
                " should be divisible by block_size: " + std::to_string(block),
            "", named);
      }
    shape = {shape[0], scaled(height, 1, block), scaled(width, 1, block),
             scaled(depth, block * block, 1)};
  } else {
    if (depth >= 0 && depth % (block * block) != 0) {
      if (rt.tracing)
        shapeError("Dimension size must be evenly divisible by " +
                   std::to_string(block * block) + " but is " +
                   std::to_string(depth));
      kernelError(
          rt, op,
          "Input depth dimension " + std::to_string(depth) +
              " should be divisible by: " + std::to_string(block * block),
          "", named);
    }
    shape = {shape[0], scaled(height, block, 1), scaled(width, block, 1),
             scaled(depth, 1, block * block)};
  }
  return rt.apply(op, {x},
                  {{"T", xt.dtype},
                   {"block_size", block},
                   {"data_format", std::string("NHWC")}},
                  TensorType{xt.dtype, shape}, node, true);
}

} // namespace

Value spaceToDepthNode(TfRuntime &rt, const std::string &op, const Value &x,
                       int64_t block) {
  CallArgs args{{x, Value::integer(block)}, {}};
  Params p(rt.in, args, op, {"input", "block_size", "data_format", "name"});
  return spaceToDepth(
      rt, p, op, op == "SpaceToDepth" ? "space_to_depth" : "depth_to_space");
}

void installSpaceToDepth(TfRuntime &rt, ModuleBuilder &nn) {
  TfRuntime *r = &rt;
  for (const char *fn : {"space_to_depth", "depth_to_space"}) {
    std::string fname = fn;
    std::string op =
        fname == "space_to_depth" ? "SpaceToDepth" : "DepthToSpace";
    nn.def(fname, [r, op, fname](Interpreter &in, CallArgs &args) {
      return spaceToDepth(
          *r,
          Params(in, args, fname,
                 {"input", "block_size", "data_format", "name"}),
          op, fname);
    });
  }
}

} // namespace kiln::tf
