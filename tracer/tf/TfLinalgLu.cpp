// tf.linalg.det, slogdet, inv and solve: one MatrixDeterminant,
// LogMatrixDeterminant, MatrixInverse or MatrixSolve node each, which
// codegen/EmitLinalg.cpp computes as TensorFlow's CPU kernels do (Eigen's
// PartialPivLU), with the kernels' errors eagerly and shape inference's
// while tracing, and linalg_grad.py's gradients.
//
// kiln reproduces the kernels' unblocked LU and single-panel triangular
// solves only: matrices up to 16 x 16 (float64 inverse and solve: 8 x 8;
// float64 determinants: 16 x 16), with shapes known at trace time. Larger
// ones are refused rather than computed with other roundings.
#include "TfGradientOps.h"
#include "TfModuleBuilder.h"
#include "TfObjects.h"
#include "TfOps.h"

namespace kiln::tf {

namespace {

/// One of the four kernels and what its errors quote.
struct LuKernel {
  const char *op;
  const char *api;   // tf.linalg's name, for kiln's own messages
  const char *param; // the matrix's parameter
  /// Allowed dtypes as shape inference and the kernel lookup list them,
  /// and the OpDef after its name.
  const char *traced, *kernels, *opDef;
  bool adjoint; // whether the op has the attribute
};

const LuKernel kDet{
    "MatrixDeterminant",
    "det",
    "input",
    "float16, float32, float64, complex64, complex128",
    "half, float, double, complex64, complex128",
    "; signature=input:T -> output:T; attr=T:type,allowed=[DT_HALF, "
    "DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128]>",
    false};
const LuKernel kSlogdet{
    "LogMatrixDeterminant",
    "slogdet",
    "input",
    "float16, float32, float64, complex64, complex128",
    "half, float, double, complex64, complex128",
    "; signature=input:T -> sign:T, log_abs_determinant:T; "
    "attr=T:type,allowed=[DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, "
    "DT_COMPLEX128]>",
    false};
const LuKernel kInverse{
    "MatrixInverse",
    "inv",
    "input",
    "float64, float32, float16, complex64, complex128",
    "double, float, half, complex64, complex128",
    "; signature=input:T -> output:T; attr=adjoint:bool,default=false; "
    "attr=T:type,allowed=[DT_DOUBLE, DT_FLOAT, DT_HALF, DT_COMPLEX64, "
    "DT_COMPLEX128]>",
    true};
const LuKernel kSolve{
    "MatrixSolve",
    "solve",
    "matrix",
    "float64, float32, float16, complex64, complex128",
    "double, float, half, complex64, complex128",
    "; signature=matrix:T, rhs:T -> output:T; "
    "attr=adjoint:bool,default=false; attr=T:type,allowed=[DT_DOUBLE, "
    "DT_FLOAT, DT_HALF, DT_COMPLEX64, DT_COMPLEX128]>",
    true};

/// Checks `inputs` (the matrix, then the right-hand side) as TensorFlow
/// does: the dtype when the op is made, then shape inference's ValueError
/// while tracing or the kernel's InvalidArgumentError eagerly (`named`:
/// the arguments were tensors, see eagerOpSuffix); then what kiln can
/// compute.
void checkInputs(TfRuntime &rt, const LuKernel &k, const ValueList &inputs,
                 bool adjoint, bool named) {
  const TensorType &a = rt.tensor(inputs[0]).type;
  if (a.dtype != DType::Float16 && a.dtype != DType::Float32 &&
      a.dtype != DType::Float64)
    rejectDType(rt, k.op, k.param, "T", a.dtype, k.traced, k.kernels, k.opDef,
                named);
  if (inputs.size() > 1 && rt.tensor(inputs[1]).type.dtype != a.dtype)
    mismatchedInputs(rt, k.op, "matrix", "rhs", a.dtype,
                     rt.tensor(inputs[1]).type.dtype, 1);
  if (a.dtype != DType::Float32 && a.dtype != DType::Float64)
    rt.raise("UnimplementedError", std::string("kiln's tf.linalg.") + k.api +
                                       " takes float32 and float64 only, "
                                       "not " +
                                       py::dtypeName(a.dtype));
  // The matrices' sizes and all but one batch dimension must be known.
  for (const Value &v : inputs) {
    const TensorType &t = rt.tensor(v).type;
    size_t unknown = 0, rank = t.shape.size();
    for (size_t d = 0; d < rank; ++d)
      if (t.shape[d] < 0)
        unknown += d + 2 < rank ? 1 : 2;
    if (t.unknownRank || unknown > 1)
      rt.raise("UnimplementedError",
               std::string("kiln needs the matrix sizes of tf.linalg.") +
                   k.api +
                   "'s arguments, and all but one batch dimension, at trace "
                   "time, not " +
                   t.shapeString());
  }
  auto fail = [&](const std::string &traced, const std::string &eager) {
    if (rt.tracing) {
      std::string text =
          std::string(" for '{{node ") + k.op + "}} = " + k.op +
          "[T=" + tfTypeName(a.dtype) +
          (k.adjoint ? std::string(", adjoint=") + (adjoint ? "true" : "false")
                     : "") +
          "](";
      std::string shapes;
      for (size_t i = 0; i < inputs.size(); ++i) {
        text += (i ? ", " : "") + inputName(rt, inputs[i]);
        shapes += (i ? ", " : "") + shapeList(rt.tensor(inputs[i]).type.shape);
      }
      rt.in.valueError(traced + text + ")' with input shapes: " + shapes + ".");
    }
    kernelError(rt, k.op, eager, "", named);
  };
  const std::vector<int64_t> &s = a.shape;
  size_t rank = s.size();
  if (rank < 2)
    fail("Shape must be at least rank 2 but is rank " + std::to_string(rank),
         "Input tensor 0 must have rank >= 2, got " + std::to_string(rank));
  int64_t rows = s[rank - 2], cols = s[rank - 1];
  if (rows != cols)
    fail("Dimensions must be equal, but are " +
             std::to_string(k.adjoint ? rows : cols) + " and " +
             std::to_string(k.adjoint ? cols : rows),
         inputs.size() > 1 ? "First input (lhs) must be a square matrix."
                           : "Input matrix must be square.");
  if (inputs.size() > 1) {
    const std::vector<int64_t> &b = rt.tensor(inputs[1]).type.shape;
    if (b.size() < 2)
      fail("Shape must be at least rank 2 but is rank " +
               std::to_string(b.size()),
           "All input tensors must have the same rank.");
    if (b.size() != rank)
      fail("Shapes must be equal rank, but are " + std::to_string(rank - 2) +
               " and " + std::to_string(b.size() - 2),
           "All input tensors must have the same rank.");
    for (size_t d = 0; d + 2 < rank; ++d)
      if (s[d] >= 0 && b[d] >= 0 && s[d] != b[d])
        fail("Dimension " + std::to_string(d) +
                 " in both shapes must be equal, but are " +
                 std::to_string(s[d]) + " and " + std::to_string(b[d]) +
                 ". Shapes are " + shapeList({s.begin(), s.end() - 2}) +
                 " and " + shapeList({b.begin(), b.end() - 2}) + ".",
             "All input tensors must have the same outer dimensions.");
    if (b[rank - 2] != rows)
      fail("Dimensions must be equal, but are " + std::to_string(rows) +
               " and " + std::to_string(b[rank - 2]),
           "Input matrix and rhs are incompatible.");
  }
  // Eigen's unblocked LU ends at 16 columns, the triangular solves' one
  // panel at 16 floats or 8 doubles.
  int64_t limit = (k.adjoint && a.dtype == DType::Float64) ? 8 : 16;
  if (rows > limit)
    rt.raise("UnimplementedError",
             std::string("kiln computes tf.linalg.") + k.api + " of " +
                 py::dtypeName(a.dtype) + " matrices up to " +
                 std::to_string(limit) + " x " + std::to_string(limit) +
                 " (TensorFlow's kernels block larger ones, with other "
                 "roundings), not " +
                 std::to_string(rows) + " x " + std::to_string(rows));
}

/// The node for `k` on `inputs` (converted to tensors), its outputs.
ValueList luOp(TfRuntime &rt, const LuKernel &k, ValueList inputs,
               bool adjoint) {
  bool named = true;
  for (const Value &v : inputs)
    named &= rt.isTensor(v);
  inputs[0] = rt.toTensor(inputs[0]);
  if (inputs.size() > 1)
    inputs[1] = rt.isTensor(inputs[1])
                    ? inputs[1]
                    : rt.toTensor(inputs[1], rt.tensor(inputs[0]).type.dtype);
  checkInputs(rt, k, inputs, adjoint, named);
  const TensorType &a = rt.tensor(inputs[0]).type;
  std::map<std::string, Attr> attrs{{"T", a.dtype}};
  if (k.adjoint)
    attrs["adjoint"] = adjoint;
  TensorType out = a;
  if (inputs.size() > 1)
    out = rt.tensor(inputs[1]).type;
  else if (!k.adjoint)
    out.shape.resize(out.shape.size() - 2); // one value per matrix
  if (&k == &kSlogdet)
    return rt.applyMulti(k.op, inputs, attrs, {out, out}, k.op);
  return {rt.apply(k.op, inputs, attrs, out, k.op)};
}

/// tf.linalg.inv(a, adjoint=...) and solve(a, b, adjoint=...) as the
/// gradients call them.
Value inverse(TfRuntime &rt, const Value &a, bool adjoint) {
  return luOp(rt, kInverse, {a}, adjoint)[0];
}

/// `t` (one value per matrix) as [..., 1, 1], to scale each matrix.
Value perMatrix(TfRuntime &rt, const Value &t) {
  ValueList dims;
  for (int64_t d : typeOf(rt, t).shape)
    dims.push_back(Value::integer(d));
  dims.push_back(Value::integer(1));
  dims.push_back(Value::integer(1));
  return reshape(rt, t, rt.in.list(std::move(dims)));
}

Value negate(TfRuntime &rt, const Value &x) { return unaryOp(rt, "Neg", x); }

} // namespace

void installLinalgLu(TfRuntime &rt, ModuleBuilder &linalg) {
  TfRuntime *r = &rt;
  linalg.def("det", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "det", {"input", "name"});
    return luOp(*r, kDet, {p.require("input", "det")}, false)[0];
  });
  linalg.def("slogdet", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "slogdet", {"input", "name"});
    ValueList out = luOp(*r, kSlogdet, {p.require("input", "slogdet")}, false);
    return Value::object(
        py::Type::Native,
        std::make_shared<NamedTupleObject>(
            "LogMatrixDeterminant",
            std::vector<std::string>{"sign", "log_abs_determinant"},
            std::move(out)));
  });
  linalg.def("inv", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "inv", {"input", "adjoint", "name"});
    bool adjoint = p.has("adjoint") && in.truthy(p.get("adjoint"));
    return luOp(*r, kInverse, {p.require("input", "inv")}, adjoint)[0];
  });
  linalg.def("solve", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "solve", {"matrix", "rhs", "adjoint", "name"});
    bool adjoint = p.has("adjoint") && in.truthy(p.get("adjoint"));
    return luOp(*r, kSolve,
                {p.require("matrix", "solve"), p.require("rhs", "solve")},
                adjoint)[0];
  });
}

void addLinalgGradients(std::map<std::string, GradFn> &table) {
  auto adjointOf = [](const TapeEntry &e) {
    auto it = e.attrs.find("adjoint");
    return it != e.attrs.end() && std::get<bool>(it->second);
  };
  // -inv^H grad inv^H (transposed when the op took the adjoint).
  table["MatrixInverse"] = [adjointOf](TfRuntime &rt, const TapeEntry &e,
                                       const ValueList &g) {
    bool adj = adjointOf(e);
    const Value &ainv = e.outputs[0];
    Value inner = matmul(rt, g[0], ainv, adj, !adj);
    return ValueList{negate(rt, matmul(rt, ainv, inner, !adj, false))};
  };
  // grad * det * inv(a)^H, per matrix.
  table["MatrixDeterminant"] = [](TfRuntime &rt, const TapeEntry &e,
                                  const ValueList &g) {
    Value scale = perMatrix(rt, mul(rt, g[0], e.outputs[0]));
    return ValueList{mul(rt, scale, inverse(rt, e.inputs[0], true))};
  };
  // Only log |det| has a gradient: grad * inv(a)^H (0 when only the
  // sign was used, as the tape's zeros for the missing gradient give).
  table["LogMatrixDeterminant"] = [](TfRuntime &rt, const TapeEntry &e,
                                     const ValueList &g) {
    Value grad = g.size() > 1 && !g[1].isNone()
                     ? g[1]
                     : rt.apply("ZerosLike", {e.outputs[1]},
                                {{"T", typeOf(rt, e.outputs[1]).dtype}},
                                typeOf(rt, e.outputs[1]), "zeros_like");
    return ValueList{
        mul(rt, perMatrix(rt, grad), inverse(rt, e.inputs[0], true))};
  };
  // grad_b = solve(a^H, grad); grad_a = -grad_b c^H (-c grad_b^H when
  // the op took the adjoint).
  table["MatrixSolve"] = [adjointOf](TfRuntime &rt, const TapeEntry &e,
                                     const ValueList &g) {
    bool adj = adjointOf(e);
    const Value &c = e.outputs[0];
    Value gradB = luOp(rt, kSolve, {e.inputs[0], g[0]}, !adj)[0];
    Value gradA = adj ? matmul(rt, c, gradB, false, true)
                      : matmul(rt, gradB, c, false, true);
    return ValueList{negate(rt, gradA), gradB};
  };
}

} // namespace kiln::tf
