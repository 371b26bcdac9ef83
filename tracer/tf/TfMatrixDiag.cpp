// The diagonal ops of tf.linalg: diag, diag_part, set_diag, trace and
// band_part. TensorFlow runs them as MatrixDiagV3, MatrixDiagPartV3,
// MatrixSetDiagV3 and MatrixBandPart kernels; kiln builds each from ops it
// compiles (a select against a constant mask, a strided slice of the
// flattened matrix, or for other diagonals than the main one (k) a gather
// with a constant map of where each element comes from), which copy the
// same elements, so the values are exact.
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

/// The diagonals an op's `k` names (an int, or a (lower, upper) pair) and
/// how `align` places the shorter ones in rows of the longest: the
/// MatrixDiagV3 family's arguments, with their kernels' errors.
struct Band {
  int64_t lower = 0, upper = 0;
  bool superRight = true, subRight = false; // "RIGHT_LEFT"
  /// Whether the kernel's eager errors end with " name: ": not when a
  /// Python list takes the generated wrapper's slow path.
  bool named = true;

  /// Whether the band is the main diagonal alone, which kiln's simpler forms
  /// handle.
  bool mainOnly() const { return lower == 0 && upper == 0; }
  int64_t count() const { return upper - lower + 1; }
  /// The length of the longest diagonal of a rows x cols matrix.
  int64_t maxLength(int64_t rows, int64_t cols) const {
    return std::min(rows + std::min(upper, int64_t(0)),
                    cols + std::min(-lower, int64_t(0)));
  }
  /// Where element `p` of diagonal `d` of the band's rows sits in a
  /// rows x cols matrix: (i, j), or false when it is padding.
  bool element(int64_t rows, int64_t cols, int64_t d, int64_t p, int64_t &i,
               int64_t &j) const {
    int64_t length = std::min(cols - std::max(d, int64_t(0)),
                              rows + std::min(d, int64_t(0)));
    int64_t offset = (d >= 0 && superRight) || (d <= 0 && subRight)
                         ? maxLength(rows, cols) - length
                         : 0;
    i = p + std::max(-d, int64_t(0)) - offset;
    j = p + std::max(d, int64_t(0)) - offset;
    return i >= 0 && i < rows && j >= 0 && j < cols;
  }
};

/// The eager kernel error of `kernel` called as tf.linalg.`fname`: its
/// wrapper passes its name, so the message ends " name: diag" (unless a
/// Python list took the slow path).
[[noreturn]] void bandError(TfRuntime &rt, const std::string &kernel,
                            const std::string &message, bool named,
                            const std::string &fname) {
  rt.raise("InvalidArgumentError", eagerKernelPrefix(kernel) + message +
                                       " [Op:" + kernel + "]" +
                                       (named ? " name: " + fname : ""));
}

Band bandArg(TfRuntime &rt, const Params &p, const std::string &fname,
             const std::string &kernel, bool named) {
  Interpreter &in = rt.in;
  Band band;
  if (p.has("k")) {
    Value k = p.get("k");
    named = named && !k.is(py::Type::List) && !k.is(py::Type::Tuple);
    ValueList items;
    if (rt.isTensor(k)) {
      HostTensorPtr known = rt.constantValue(k);
      if (!known)
        rt.raise("UnimplementedError",
                 "kiln needs the diagonals k of tf.linalg." + fname +
                     " at trace time");
      for (int64_t i = 0; i < known->type.numElements(); ++i)
        items.push_back(Value::integer(known->elementAsInt(i)));
    } else if (k.is(py::Type::List) || k.is(py::Type::Tuple)) {
      items = in.toList(k);
    } else {
      items = {k};
    }
    if (items.empty() || items.size() > 2)
      bandError(rt, kernel,
                "diag_index must have only one or two elements, received " +
                    std::to_string(items.size()) + " elements.",
                named, fname);
    band.lower = in.toIndex(items[0]);
    band.upper = in.toIndex(items.back());
    if (band.lower > band.upper)
      bandError(rt, kernel,
                "lower_diag_index must not be larger than upper_diag_index: " +
                    std::to_string(band.lower) + " > " +
                    std::to_string(band.upper),
                named, fname);
  }
  if (p.has("align")) {
    std::string align = in.toStr(p.get("align"));
    if (align != "LEFT_RIGHT" && align != "RIGHT_LEFT" &&
        align != "LEFT_LEFT" && align != "RIGHT_RIGHT")
      rt.raise("InvalidArgumentError",
               "Value for attr 'align' of \"" + align +
                   "\" is not in the list of allowed values: \"LEFT_RIGHT\", "
                   "\"RIGHT_LEFT\", \"LEFT_LEFT\", \"RIGHT_RIGHT\"");
    band.superRight = align.rfind("RIGHT_", 0) == 0;
    band.subRight = align.compare(align.size() - 6, 6, "_RIGHT") == 0;
  }
  band.named = named;
  return band;
}

/// The rows of the last dimension of `x` that `index` picks (a constant
/// [n] map into it), gathered: the general band ops move elements with it.
Value pick(TfRuntime &rt, const Value &x, const std::vector<int64_t> &index,
           const std::vector<int64_t> &shape) {
  Value picked = gather(rt, x, intConstant(rt, index), -1);
  return reshape(rt, picked, pyIntList(rt.in, shape));
}

/// `x` ([..., n]) with `value` appended to each row: [..., n + 1].
Value withPadding(TfRuntime &rt, const Value &x, const Value &value) {
  std::vector<int64_t> shape = rt.tensor(x).type.shape;
  shape.back() = 1;
  // matrix_diag's wrapper makes a bool diagonal's padding a bool.
  DType d = rt.tensor(x).type.dtype;
  Value fill = value.isNone() ? Value::integer(0) : value;
  if (d == DType::Bool && !rt.isTensor(fill))
    fill = Value::boolean(rt.in.truthy(fill));
  Value pad = rt.toTensor(fill, d);
  Value column =
      callTf(rt.in, {"broadcast_to"}, {pad, pyIntList(rt.in, shape)});
  return concat(rt, {x, column}, -1, "ConcatV2");
}

/// `x` ([..., rows, cols]) as [..., rows * cols].
Value flattenMatrices(TfRuntime &rt, const Value &x) {
  std::vector<int64_t> shape = rt.tensor(x).type.shape;
  int64_t cols = shape.back();
  shape.pop_back();
  shape.back() *= cols;
  return reshape(rt, x, pyIntList(rt.in, shape));
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

/// The kernels' check that the band's diagonals lie in a rows x cols matrix
/// (index 0 always does, even in an empty one), with their punctuation.
void checkBandBounds(TfRuntime &rt, const Band &band, int64_t rows,
                     int64_t cols, const std::string &kernel,
                     const std::string &fname) {
  auto outside = [&](int64_t k) { return k != 0 && (k <= -rows || k >= cols); };
  std::string range = " It must be between " + std::to_string(-rows) + " and " +
                      std::to_string(cols);
  if (outside(band.lower))
    bandError(
        rt, kernel,
        "lower_diag_index is out of bound: " + std::to_string(band.lower) +
            (kernel == "MatrixDiagPartV3" ? "." : "") + range,
        band.named, fname);
  if (outside(band.upper))
    bandError(rt, kernel,
              "upper_diag_index is out of bound: " +
                  std::to_string(band.upper) + range,
              band.named, fname);
}

/// tf.linalg.diag_part of diagonals other than the main one: each row of
/// the result (one per diagonal, upper first) gathered from the flattened
/// matrices with the padding value appended.
Value bandDiagPart(TfRuntime &rt, const Value &x, const Band &band,
                   const Value &padding, bool named) {
  const std::string fname = "diag_part";
  std::vector<int64_t> shape =
      matrixShape(rt, x, "MatrixDiagPartV3", "diag_part");
  int64_t rows = shape[shape.size() - 2], cols = shape.back();
  checkBandBounds(rt, band, rows, cols, "MatrixDiagPartV3", fname);
  int64_t length = band.maxLength(rows, cols);
  std::vector<int64_t> index;
  for (int64_t t = 0; t < band.count(); ++t)
    for (int64_t q = 0; q < length; ++q) {
      int64_t i, j;
      index.push_back(band.element(rows, cols, band.upper - t, q, i, j)
                          ? i * cols + j
                          : rows * cols);
    }
  std::vector<int64_t> out(shape.begin(), shape.end() - 2);
  if (band.count() > 1)
    out.push_back(band.count());
  out.push_back(length);
  return pick(rt, withPadding(rt, flattenMatrices(rt, x), padding), index, out);
}

/// tf.linalg.diag of diagonals other than the main one, or of a given
/// size: each element of the result gathered from the diagonals (flattened,
/// the padding value appended), with MatrixDiagV3's size rules and errors.
Value bandDiag(TfRuntime &rt, const Value &v, const Band &band, int64_t numRows,
               int64_t numCols, const Value &padding, bool named) {
  const std::string fname = "diag";
  const TensorType &t = rt.tensor(v).type;
  size_t least = band.count() > 1 ? 2 : 1;
  if (t.unknownRank || t.shape.size() < least || !t.isStatic())
    rt.raise("UnimplementedError",
             "kiln needs the static shape of tf.linalg.diag's diagonals for "
             "k or num_rows/num_cols");
  int64_t length = t.shape.back();
  if (band.count() > 1 && t.shape[t.shape.size() - 2] != band.count())
    bandError(rt, "MatrixDiagV3",
              "The number of diagonals provided in the input does not "
              "match the lower_diag_index and upper_diag_index range.",
              named, fname);
  int64_t minRows = length - std::min(band.upper, int64_t(0));
  int64_t minCols = length + std::max(band.lower, int64_t(0));
  // -1 (the default) infers a size; other negative ones are too small.
  if (numRows == -1 && numCols == -1)
    numRows = numCols = std::max(minRows, minCols);
  else if (numRows == -1)
    numRows = minRows;
  else if (numCols == -1)
    numCols = minCols;
  if (numRows < minRows)
    bandError(rt, "MatrixDiagV3", "The number of rows is too small.", named,
              fname);
  if (numCols < minCols)
    bandError(rt, "MatrixDiagV3", "The number of columns is too small.", named,
              fname);
  if (numRows != minRows && numCols != minCols)
    bandError(rt, "MatrixDiagV3",
              "The number of rows or columns is not consistent with the "
              "specified d_lower, d_upper, and diagonal.",
              named, fname);
  int64_t padIndex = band.count() * length;
  std::vector<int64_t> index(static_cast<size_t>(numRows * numCols), padIndex);
  for (int64_t d = 0; d < band.count(); ++d)
    for (int64_t q = 0; q < length; ++q) {
      int64_t i, j;
      if (band.element(numRows, numCols, band.upper - d, q, i, j))
        index[i * numCols + j] = d * length + q;
    }
  std::vector<int64_t> batch(t.shape.begin(), t.shape.end() - least);
  std::vector<int64_t> flat = batch, out = batch;
  flat.push_back(padIndex);
  out.push_back(numRows);
  out.push_back(numCols);
  Value rowsOfDiagonals = reshape(rt, v, pyIntList(rt.in, flat));
  return pick(rt, withPadding(rt, rowsOfDiagonals, padding), index, out);
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
    Value diagonalArg = p.require("diagonal", "diag");
    bool named = !slowPathOperand(diagonalArg);
    Band band = bandArg(*r, p, "diag", "MatrixDiagV3", named);
    auto given = [&](const char *name) {
      return p.has(name) ? in.toIndex(p.get(name)) : int64_t(-1);
    };
    if (!band.mainOnly() || given("num_rows") != -1 ||
        given("num_cols") != -1 || p.has("padding_value"))
      return bandDiag(*r, r->toTensor(diagonalArg), band, given("num_rows"),
                      given("num_cols"), p.get("padding_value"), band.named);
    Value v = r->toTensor(diagonalArg);
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
    Value input = p.require("input", "diag_part");
    bool named = !slowPathOperand(input);
    Band band = bandArg(*r, p, "diag_part", "MatrixDiagPartV3", named);
    if (!band.mainOnly())
      return bandDiagPart(*r, r->toTensor(input), band, p.get("padding_value"),
                          band.named);
    return diagPart(*r, r->toTensor(input), "diag_part");
  });
  // tf.linalg.set_diag: for the main diagonal, the diagonal padded to a
  // row, repeated over the rows, selected on the main diagonal (its
  // gradient is the select's: the input's away from the diagonal, the
  // diagonal's on it); for a band, a gather from the matrix and the
  // diagonals.
  linalg.def("set_diag", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "set_diag", {"input", "diagonal", "name", "k", "align"});
    Band band = bandArg(*r, p, "set_diag", "MatrixSetDiagV3", true);
    Value x = r->toTensor(p.require("input", "set_diag"));
    std::vector<int64_t> shape =
        matrixShape(*r, x, "MatrixSetDiagV3", "set_diag");
    const TensorType &xt = r->tensor(x).type;
    Value d = r->toTensor(p.require("diagonal", "set_diag"), xt.dtype);
    const TensorType &dt = r->tensor(d).type;
    int64_t rows = shape[shape.size() - 2], cols = shape.back();
    checkBandBounds(*r, band, rows, cols, "MatrixSetDiagV3", "set_diag");
    std::vector<int64_t> expected(shape.begin(), shape.end() - 2);
    if (band.count() > 1)
      expected.push_back(band.count());
    expected.push_back(band.maxLength(rows, cols));
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
    if (!band.mainOnly()) {
      // Each element of the band from the diagonals, the others from x.
      std::vector<int64_t> index(static_cast<size_t>(rows * cols));
      for (int64_t k = 0; k < rows * cols; ++k)
        index[k] = k;
      int64_t length = band.maxLength(rows, cols);
      for (int64_t t = 0; t < band.count(); ++t)
        for (int64_t q = 0; q < length; ++q) {
          int64_t i, j;
          if (band.element(rows, cols, band.upper - t, q, i, j))
            index[i * cols + j] = rows * cols + t * length + q;
        }
      std::vector<int64_t> flatDiagonals(shape.begin(), shape.end() - 2);
      flatDiagonals.push_back(band.count() * length);
      Value both = concat(*r,
                          {flattenMatrices(*r, x),
                           reshape(*r, d, pyIntList(in, flatDiagonals))},
                          -1, "ConcatV2");
      return pick(*r, both, index, shape);
    }
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
