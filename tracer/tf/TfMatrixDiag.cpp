// The main-diagonal ops of tf.linalg: diag, diag_part, trace and
// band_part. TensorFlow runs them as MatrixDiagV3, MatrixDiagPartV3 and
// MatrixBandPart kernels; kiln builds each from ops it compiles (a select
// against a constant mask, a strided slice of the flattened matrix), which
// copy the same elements, so the values are exact.
#include "ShapeTensor.h"
#include "TfModuleBuilder.h"
#include "TfOps.h"

#include <algorithm>
#include <functional>

namespace kiln::tf {

namespace {

/// A constant bool [rows, cols] tensor, `keep(i, j)` per element.
Value mask(TfRuntime &rt, int64_t rows, int64_t cols,
           const std::function<bool(int64_t, int64_t)> &keep) {
  auto host = std::make_shared<graph::HostTensor>();
  host->type = TensorType{DType::Bool, {rows, cols}};
  host->bytes.resize(static_cast<size_t>(rows * cols));
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j)
      host->bytes[static_cast<size_t>(i * cols + j)] = keep(i, j) ? 1 : 0;
  return rt.constant(host);
}

/// The static [..., rows, cols] shape of a matrix argument; the kernel's
/// error for fewer than two dimensions.
const std::vector<int64_t> &matrixShape(TfRuntime &rt, const Value &x,
                                        const std::string &kernel,
                                        const std::string &name) {
  const TensorType &t = rt.tensor(x).type;
  if (t.shape.size() < 2)
    rt.raise("InvalidArgumentError",
             eagerKernelPrefix(kernel) +
                 "input must be at least 2-dim, received shape: " +
                 shapeList(t.shape) + " [Op:" + kernel + "] name: " + name);
  if (!t.isStatic())
    rt.raise("UnimplementedError",
             "kiln cannot take " + name +
                 " of a matrix whose shape is known only at run time yet");
  return t.shape;
}

Value diagPart(TfRuntime &rt, const Value &x, const std::string &name) {
  std::vector<int64_t> shape = matrixShape(rt, x, "MatrixDiagPartV3", name);
  int64_t rows = shape[shape.size() - 2], cols = shape.back();
  int64_t n = std::min(rows, cols);
  // Element (i, i) of a flattened row-major matrix is at i * (cols + 1).
  std::vector<int64_t> flat(shape.begin(), shape.end() - 2);
  flat.push_back(rows * cols);
  Value v = reshape(rt, x, pyIntList(rt.in, flat));
  ValueList key = {Value::ellipsis()};
  auto slice = std::make_shared<py::SliceObject>();
  slice->start = Value::integer(0);
  slice->stop = Value::integer(n == 0 ? 0 : (n - 1) * (cols + 1) + 1);
  slice->step = Value::integer(cols + 1);
  key.push_back(Value::object(py::Type::Slice, slice));
  return stridedSlice(rt, v, rt.in.tuple(std::move(key)));
}

/// `x` where `keep` holds, zero elsewhere.
Value masked(TfRuntime &rt, const Value &x, const Value &keep) {
  TensorType zeroType{rt.tensor(x).type.dtype, {}};
  return select(rt, keep, x, filled(rt, zeroType, 0));
}

void requireMainDiagonal(TfRuntime &rt, const Params &p) {
  if (p.has("k") && rt.in.toIndex(p.get("k")) != 0)
    rt.raise("UnimplementedError",
             "kiln supports only the main diagonal (k=0) yet");
}

/// The row and column indices of an `[n, m]` matrix (`[n, n]` when `m` is
/// None) whose sizes are known at run time: range(n) as a column and
/// range(m) as a row, of dtype `d` (a negative size counts as 0: its Fill's
/// check fails first).
std::pair<Value, Value> indexGrid(TfRuntime &rt, const Value &n, const Value &m,
                                  DType d) {
  Value zero = Value::integer(0), one = Value::integer(1);
  auto range = [&](const Value &size) {
    return rangeNode(rt, zero,
                     binaryOp(rt, "Maximum", size, rt.toTensor(zero, d)), one,
                     d, -1);
  };
  Value rows = range(n);
  Value cols = m.isNone() ? rows : range(m);
  return {expandDims(rt, rows, 1), expandDims(rt, cols, 0)};
}

/// `[n, m]` bools (`[n, n]` when `m` is None), true on the main diagonal:
/// a constant for Python ints, else a comparison of two ranges.
Value diagonalMask(TfRuntime &rt, const Value &n, const Value &m) {
  if (!rt.isTensor(n) && !rt.isTensor(m)) {
    int64_t rows = rt.in.toIndex(n);
    int64_t cols = m.isNone() ? rows : rt.in.toIndex(m);
    if (rows >= 0 && cols >= 0)
      return mask(rt, rows, cols, [](int64_t i, int64_t j) { return i == j; });
  }
  DType d = rt.isTensor(n)   ? rt.tensor(n).type.dtype
            : rt.isTensor(m) ? rt.tensor(m).type.dtype
                             : DType::Int32;
  auto [i, j] = indexGrid(rt, n, m, d);
  return binaryOp(rt, "Equal", i, j);
}

} // namespace

Value eyeAtRunTime(TfRuntime &rt, const Value &rows, const Value &cols,
                   const Value &batch, DType dtype) {
  // linalg_ops_impl.eye with a size tensor: ones of the diagonal's shape
  // (batch + [min(rows, cols)]) made a diagonal matrix, or a zero matrix
  // with its diagonal set to them.
  graph::ScopeGuard scope(rt.tracing->graph, "eye");
  DType index = rt.isTensor(rows)   ? rt.tensor(rows).type.dtype
                : rt.isTensor(cols) ? rt.tensor(cols).type.dtype
                                    : DType::Int32;
  if (index != DType::Int64)
    index = DType::Int32; // a float size counts in int32, as the Fill's shape
  auto asIndex = [&](const Value &v) {
    return rt.isTensor(v) && rt.tensor(v).type.dtype != index
               ? cast(rt, v, index)
               : v;
  };
  Value n = asIndex(rows), m = asIndex(cols);
  auto shapeWith = [&](ValueList last) {
    if (batch.isNone())
      return rt.in.list(std::move(last));
    if (!rt.isTensor(batch)) {
      ValueList items = rt.in.toList(batch);
      items.insert(items.end(), last.begin(), last.end());
      return rt.in.list(std::move(items));
    }
    ValueList parts{cast(rt, shapeTensor(rt, batch, "eye"), index)};
    for (const Value &v : last)
      parts.push_back(
          reshape(rt, rt.toTensor(v, index), pyIntList(rt.in, {1})));
    return concat(rt, parts, 0, "ConcatV2");
  };
  Value zero = filled(rt, TensorType{dtype, {}}, 0);
  Value one = filled(rt, TensorType{dtype, {}}, 1);
  Value mask = diagonalMask(rt, n, m);
  auto tensor = [&](const Value &v) { return rt.toTensor(v, index); };
  if (m.isNone()) {
    Value size = rt.isTensor(n) ? binaryOp(rt, "Minimum", n, n) : n;
    Value ones = fillAtRunTime(rt, shapeWith({size}), one, "ones");
    return select(rt, mask, expandDims(rt, ones, -2), zero);
  }
  // The diagonal's ones, padded to a row of the matrix: [1, ..., 1, 0, ...].
  Value size = binaryOp(rt, "Minimum", tensor(n), tensor(m));
  Value ones = fillAtRunTime(rt, shapeWith({size}), one, "ones");
  Value zeros = fillAtRunTime(rt, shapeWith({n, m}), zero, "zeros");
  int64_t batchRank =
      static_cast<int64_t>(rt.tensor(ones).type.shape.size()) - 1;
  ValueList paddings(static_cast<size_t>(batchRank), pyIntList(rt.in, {0, 0}));
  paddings.push_back(
      rt.in.list({Value::integer(0), binaryOp(rt, "Sub", tensor(m), size)}));
  Value row = rt.in.call(rt.in.getAttr(rt.in.importModule("tensorflow"), "pad"),
                         ValueList{ones, rt.in.list(std::move(paddings))});
  return select(rt, mask, expandDims(rt, row, -2), zeros);
}

void installMatrixDiag(TfRuntime &rt, ModuleBuilder &linalg) {
  TfRuntime *r = &rt;
  linalg.def("diag", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "diag",
             {"diagonal", "name", "k", "num_rows", "num_cols", "padding_value",
              "align"});
    requireMainDiagonal(*r, p);
    Value v = r->toTensor(p.require("diagonal", "diag"));
    const TensorType &t = r->tensor(v).type;
    if (t.shape.empty())
      r->raise("InvalidArgumentError",
               eagerKernelPrefix("MatrixDiagV3") +
                   "diagonal must be at least 1-dim, received shape: [] "
                   "[Op:MatrixDiagV3] name: diag");
    if (!t.isStatic()) {
      // The diagonal broadcast over the rows of a mask of run-time size.
      Value n = t.shape.back() >= 0
                    ? Value::integer(t.shape.back())
                    : in.getItem(shapeOf(*r, v), Value::integer(-1));
      return select(*r, diagonalMask(*r, n, Value()), expandDims(*r, v, -2),
                    filled(*r, TensorType{t.dtype, {}}, 0));
    }
    int64_t n = t.shape.back();
    // Row i of the result repeats the diagonal; the mask keeps (i, i).
    std::vector<int64_t> shape = t.shape;
    shape.push_back(n);
    Value rows =
        r->apply("BroadcastTo", {expandDims(*r, v, -2)}, {{"T", t.dtype}},
                 TensorType{t.dtype, shape}, "BroadcastTo");
    return masked(*r, rows,
                  mask(*r, n, n, [](int64_t i, int64_t j) { return i == j; }));
  });
  linalg.def("diag_part", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "diag_part",
             {"input", "name", "k", "padding_value", "align"});
    requireMainDiagonal(*r, p);
    return diagPart(*r, r->toTensor(p.require("input", "diag_part")),
                    "diag_part");
  });
  // tf.linalg.set_diag: the diagonal padded to a row, repeated over the
  // rows, selected on the main diagonal. Its gradient is the select's:
  // the input's away from the diagonal, the diagonal's on it.
  linalg.def("set_diag", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "set_diag", {"input", "diagonal", "name", "k", "align"});
    requireMainDiagonal(*r, p);
    Value x = r->toTensor(p.require("input", "set_diag"));
    std::vector<int64_t> shape =
        matrixShape(*r, x, "MatrixSetDiagV3", "set_diag");
    const TensorType &xt = r->tensor(x).type;
    Value d = r->toTensor(p.require("diagonal", "set_diag"), xt.dtype);
    const TensorType &dt = r->tensor(d).type;
    int64_t rows = shape[shape.size() - 2], cols = shape.back();
    std::vector<int64_t> expected(shape.begin(), shape.end() - 2);
    expected.push_back(std::min(rows, cols));
    if (dt.shape != expected)
      r->raise("InvalidArgumentError",
               eagerKernelPrefix("MatrixSetDiagV3") +
                   "Either first dimensions of diagonal don't match "
                   "input.shape[:-2], or diagonal.shape[:-1] is not equal to "
                   "the longests diagonal in range "
                   "[lower_diag_index:upper_diag_index].\nInput shape: " +
                   shapeList(shape) +
                   "\nDiagonal shape: " + shapeList(dt.shape) +
                   "\nExpected diagonal shape: " + shapeList(expected) +
                   " [Op:MatrixSetDiagV3]");
    ValueList pads(expected.size() - 1, pyIntList(in, {0, 0}));
    pads.push_back(pyIntList(in, {0, cols - expected.back()}));
    Value row = in.call(in.getAttr(in.importModule("tensorflow"), "pad"),
                        ValueList{d, in.list(std::move(pads))});
    Value onDiagonal =
        mask(*r, rows, cols, [](int64_t i, int64_t j) { return i == j; });
    return select(*r, onDiagonal, expandDims(*r, row, -2), x);
  });
  linalg.def("trace", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "trace", {"x", "name"});
    // math_ops.trace: reduce_sum(matrix_diag_part(x), [-1]).
    Value d = diagPart(*r, r->toTensor(p.require("x", "trace")), "diag_part");
    return reduce(*r, "Sum", d, pyIntList(in, {-1}), false);
  });
  linalg.def("band_part", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "band_part",
             {"input", "num_lower", "num_upper", "name"});
    Value x = r->toTensor(p.require("input", "band_part"));
    int64_t lower = in.toIndex(p.require("num_lower", "band_part"));
    int64_t upper = in.toIndex(p.require("num_upper", "band_part"));
    const TensorType &t = r->tensor(x).type;
    if (!t.unknownRank && t.shape.size() >= 2 && !t.isStatic() && lower <= 0 &&
        upper <= 0) {
      // A matrix of run-time size: (i, j) is kept when i - j <= lower and
      // j - i <= upper (a negative bound keeps all); with these bounds the
      // kernel's size checks cannot fail.
      Value shape = shapeOf(*r, x);
      auto [i, j] =
          indexGrid(*r, in.getItem(shape, Value::integer(-2)),
                    in.getItem(shape, Value::integer(-1)), DType::Int32);
      Value keep = r->toTensor(Value::boolean(true));
      if (lower == 0)
        keep = binaryOp(*r, "GreaterEqual", j, i);
      if (upper == 0)
        keep = binaryOp(*r, "LogicalAnd", keep,
                        binaryOp(*r, "GreaterEqual", i, j));
      return select(*r, keep, x, filled(*r, TensorType{t.dtype, {}}, 0));
    }
    std::vector<int64_t> shape =
        matrixShape(*r, x, "MatrixBandPart", "band_part");
    int64_t rows = shape[shape.size() - 2], cols = shape.back();
    if (lower > rows || upper > cols)
      r->raise("InvalidArgumentError",
               eagerKernelPrefix("MatrixBandPart") +
                   (lower > rows ? "num_lower must be negative or less or "
                                   "equal to number of rows (" +
                                       std::to_string(rows) +
                                       ") got: " + std::to_string(lower)
                                 : "num_upper must be negative or less or "
                                   "equal to number of columns (" +
                                       std::to_string(cols) +
                                       ") got: " + std::to_string(upper)) +
                   " [Op:MatrixBandPart] name: band_part");
    return masked(*r, x, mask(*r, rows, cols, [=](int64_t i, int64_t j) {
      return (lower < 0 || i - j <= lower) && (upper < 0 || j - i <= upper);
    }));
  });
}

} // namespace kiln::tf
