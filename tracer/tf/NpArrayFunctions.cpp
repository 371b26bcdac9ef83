// NumPy's array-manipulation functions in kiln's trace-time numpy subset:
// vstack, hstack, flip, roll, swapaxes, outer, diff, cumsum, cumprod,
// tile, repeat, count_nonzero, split, meshgrid, pad, sort, unique, diag,
// tril and triu. They move or combine known values, so most run as eager
// TensorFlow ops on the arrays (the same elements NumPy produces); sort and
// unique run on the host with NumPy's order (NaNs last), and diag, tril
// and triu copy elements on the host.
#include "NumPy.h"
#include "TfHostOps.h"
#include "TfModuleBuilder.h"
#include "TfOps.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>

namespace kiln::tf {

namespace {

using py::Type;

/// Calls `module`.`fn`(args) (numpy, or tensorflow for the ops).
Value callModule(Interpreter &in, const char *module, const char *fn,
                 ValueList args,
                 std::vector<std::pair<std::string, Value>> keywords = {}) {
  CallArgs call;
  call.positional = std::move(args);
  call.keywords = std::move(keywords);
  return in.call(in.getAttr(in.importModule(module), fn), call);
}

/// The ndarray of eager tensor `t`.
Value asArray(TfRuntime &rt, const Value &t) {
  return makeNdArray(rt, rt.tensor(t).value, false);
}

/// tf.FN on the arrays (eager tensors of their values), back as an array.
Value viaTf(TfRuntime &rt, const char *fn, ValueList args,
            std::vector<std::pair<std::string, Value>> keywords = {}) {
  EagerScope eager(rt);
  Value out =
      callModule(rt.in, "tensorflow", fn, std::move(args), std::move(keywords));
  return asArray(rt, out);
}

Value eagerOf(TfRuntime &rt, const Value &v,
              std::optional<DType> dtype = std::nullopt) {
  return rt.eager(npAsArray(rt, v, dtype));
}

int64_t rankOf(TfRuntime &rt, const Value &v) {
  return static_cast<int64_t>(npAsArray(rt, v)->type.shape.size());
}

/// `v` flattened (np.ravel).
Value flat(TfRuntime &rt, const Value &v) {
  return viaTf(rt, "reshape", {eagerOf(rt, v), pyIntList(rt.in, {-1})});
}

/// The accumulator dtype of np.cumsum and np.cumprod: integers narrower
/// than the platform's (and bools) widen to int64.
DType accumulatorDType(TfRuntime &rt, DType d) {
  if (d == DType::Bool || d == DType::Int8 || d == DType::Int16 ||
      d == DType::Int32)
    return DType::Int64;
  if (d == DType::UInt8)
    rt.in.raise("NotImplementedError",
                "kiln's numpy has no uint64 for np.cumsum of uint8 arrays");
  return d;
}

/// np.sort's order on doubles: ascending, NaNs last.
bool npLess(double a, double b) {
  return std::isnan(b) ? !std::isnan(a) : a < b;
}

/// The elements of `h` along its last axis, sorted row by row (NumPy's
/// values; their order among equals is immaterial).
graph::HostTensorPtr sortedRows(const graph::HostTensor &h) {
  auto out = std::make_shared<graph::HostTensor>(h);
  int64_t n = h.type.numElements();
  int64_t row = h.type.shape.empty() ? 1 : h.type.shape.back();
  size_t size = row ? out->bytes.size() / size_t(n) : 0;
  std::vector<int64_t> order(static_cast<size_t>(row));
  std::vector<uint8_t> scratch(size * size_t(row));
  for (int64_t first = 0; row > 0 && first < n; first += row) {
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
      return npLess(h.elementAsDouble(size_t(first + a)),
                    h.elementAsDouble(size_t(first + b)));
    });
    for (int64_t k = 0; k < row; ++k)
      std::memcpy(scratch.data() + size_t(k) * size,
                  h.bytes.data() + size_t(first + order[k]) * size, size);
    std::memcpy(out->bytes.data() + size_t(first) * size, scratch.data(),
                scratch.size());
  }
  return out;
}

/// np.tril / np.triu: the elements on and below (above) diagonal k of the
/// last two axes kept, the others zero; a vector is taken as every row of
/// a square matrix, as NumPy broadcasts it.
Value triangle(TfRuntime &rt, const Value &m, int64_t k, bool lower) {
  HostTensorPtr h = npAsArray(rt, m);
  std::vector<int64_t> shape = h->type.shape;
  if (shape.empty()) // NumPy's tri(*m.shape[-2:]) then lacks its N
    rt.in.typeError("tri() missing 1 required positional argument: 'N'");
  bool vector = shape.size() == 1;
  if (vector)
    shape.insert(shape.begin(), shape[0]);
  int64_t rows = shape[shape.size() - 2], cols = shape.back();
  auto out = graph::HostTensor::zeros({h->type.dtype, shape});
  int64_t n = out->type.numElements();
  for (int64_t i = 0; i < n; ++i) {
    int64_t col = i % cols, row = (i / cols) % rows;
    if (lower ? col - row <= k : col - row >= k)
      copyElement(*out, i, *h, vector ? col : i);
  }
  return makeNdArray(rt, out, false);
}

} // namespace

void installNpArrayFunctions(TfRuntime &rt, ModuleBuilder &np) {
  TfRuntime *r = &rt;
  // numpy.exceptions.AxisError (a ValueError), for axes out of range.
  rt.in.registerClass(
      "AxisError",
      rt.in.defineExceptionClass("AxisError", rt.in.builtinClass("ValueError"),
                                 "numpy.exceptions"));
  // np.frombuffer: the bytes of a bytes object as a 1-D array of `dtype`
  // (float64 by default), from `offset`, `count` items (-1: all).
  np.def("frombuffer", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "frombuffer", {"buffer", "dtype", "count", "offset"},
             Wording::Python);
    Value buffer = p.require("buffer", "frombuffer");
    if (!buffer.is(py::Type::Bytes))
      in.typeError("a bytes-like object is required, not '" +
                   in.typeName(buffer) + "'");
    const std::string &data = buffer.as<py::BytesObject>().s;
    DType d = DType::Float64;
    if (p.has("dtype")) {
      std::optional<DType> given = npDTypeOf(p.get("dtype"));
      d = given ? *given : dtypeArg(in, p.get("dtype")).value_or(d);
    }
    if (d == DType::String)
      in.valueError("itemsize cannot be zero in type");
    int64_t size = py::dtypeSize(d),
            count = p.has("count") ? in.toIndex(p.get("count")) : -1,
            offset = p.has("offset") ? in.toIndex(p.get("offset")) : 0;
    int64_t length = static_cast<int64_t>(data.size());
    if (offset < 0 || offset > length)
      in.valueError("offset must be non-negative and no greater than buffer "
                    "length (" +
                    std::to_string(length) + ")");
    if (count < 0) {
      if ((length - offset) % size != 0)
        in.valueError("buffer size must be a multiple of element size");
      count = (length - offset) / size;
    } else if (count * size > length - offset) {
      in.valueError("buffer is smaller than requested size");
    }
    auto out = graph::HostTensor::zeros({d, {count}});
    std::copy(data.begin() + offset, data.begin() + offset + count * size,
              out->bytes.begin());
    return makeNdArray(*r, out, false);
  });
  // np.shape, np.ndim, np.size: of the array the argument makes.
  np.def("shape", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "shape", {"a"}, Wording::Python);
    HostTensorPtr a = npAsArray(*r, p.require("a", "shape"));
    ValueList dims;
    for (int64_t d : a->type.shape)
      dims.push_back(Value::integer(d));
    return in.tuple(std::move(dims));
  });
  np.def("ndim", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "ndim", {"a"}, Wording::Python);
    return Value::integer(static_cast<int64_t>(
        npAsArray(*r, p.require("a", "ndim"))->type.shape.size()));
  });
  np.def("size", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "size", {"a", "axis"}, Wording::Python);
    HostTensorPtr a = npAsArray(*r, p.require("a", "size"));
    const TensorType &t = a->type;
    if (!p.has("axis") || p.get("axis").isNone())
      return Value::integer(t.numElements());
    // NumPy reads a.shape[axis]: IndexError past the end.
    ValueList dims;
    for (int64_t d : t.shape)
      dims.push_back(Value::integer(d));
    return in.getItem(in.tuple(std::move(dims)), p.get("axis"));
  });
  // np.vstack / np.hstack: concatenate after atleast_2d / atleast_1d.
  np.def("vstack", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "vstack", {"tup"}, Wording::Python);
    ValueList parts;
    for (const Value &a : in.toList(p.require("tup", "vstack")))
      parts.push_back(
          rankOf(*r, a) < 2
              ? callModule(in, "numpy", "reshape", {a, pyIntList(in, {1, -1})})
              : a);
    return callModule(in, "numpy", "concatenate", {in.list(parts)},
                      {{"axis", Value::integer(0)}});
  });
  np.def("hstack", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "hstack", {"tup"}, Wording::Python);
    ValueList parts;
    for (const Value &a : in.toList(p.require("tup", "hstack")))
      parts.push_back(rankOf(*r, a) == 0 ? callModule(in, "numpy", "reshape",
                                                      {a, pyIntList(in, {1})})
                                         : a);
    if (parts.empty())
      in.valueError("need at least one array to concatenate");
    int64_t axis = rankOf(*r, parts[0]) == 1 ? 0 : 1;
    return callModule(in, "numpy", "concatenate", {in.list(parts)},
                      {{"axis", Value::integer(axis)}});
  });
  for (bool lower : {true, false}) {
    const char *name = lower ? "tril" : "triu";
    np.def(name, [r, name, lower](Interpreter &in, CallArgs &args) {
      Params p(in, args, name, {"m", "k"}, Wording::Python);
      int64_t k = p.has("k") ? in.toIndex(p.get("k")) : 0;
      return triangle(*r, p.require("m", name), k, lower);
    });
  }
  // np.diag: a vector onto diagonal k of a square matrix, or diagonal k of
  // a matrix as a vector.
  np.def("diag", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "diag", {"v", "k"}, Wording::Python);
    HostTensorPtr h = npAsArray(*r, p.require("v", "diag"));
    int64_t k = p.has("k") ? in.toIndex(p.get("k")) : 0;
    const std::vector<int64_t> &shape = h->type.shape;
    if (shape.size() == 1) {
      int64_t n = shape[0] + std::abs(k);
      auto out = graph::HostTensor::zeros({h->type.dtype, {n, n}});
      for (int64_t i = 0; i < shape[0]; ++i) {
        int64_t row = k >= 0 ? i : i - k, col = k >= 0 ? i + k : i;
        copyElement(*out, row * n + col, *h, i);
      }
      return makeNdArray(*r, out, false);
    }
    if (shape.size() != 2)
      in.valueError("Input must be 1- or 2-d.");
    int64_t rows = shape[0], cols = shape[1];
    int64_t first = k >= 0 ? 0 : -k;
    int64_t length =
        std::max<int64_t>(0, std::min(rows - first, cols - (k >= 0 ? k : 0)));
    auto out = graph::HostTensor::zeros({h->type.dtype, {length}});
    for (int64_t i = 0; i < length; ++i)
      copyElement(*out, i, *h, (first + i) * cols + (k >= 0 ? i + k : i));
    return makeNdArray(*r, out, false);
  });
  np.def("flip", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "flip", {"m", "axis"}, Wording::Python);
    Value m = p.require("m", "flip");
    int64_t rank = rankOf(*r, m);
    std::vector<int64_t> axes;
    if (!p.has("axis")) {
      for (int64_t d = 0; d < rank; ++d)
        axes.push_back(d);
    } else if (p.get("axis").isIntLike()) {
      axes.push_back(npAxis(*r, p.get("axis"), rank));
    } else {
      for (const Value &a : in.toList(p.get("axis")))
        axes.push_back(npAxis(*r, a, rank));
    }
    return viaTf(*r, "reverse", {eagerOf(*r, m), pyIntList(in, axes)});
  });
  np.def("roll", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "roll", {"a", "shift", "axis"}, Wording::Python);
    Value a = p.require("a", "roll"), shift = p.require("shift", "roll");
    if (!p.has("axis")) { // rolled flat, in the array's shape
      HostTensorPtr h = npAsArray(*r, a);
      Value rolled = viaTf(
          *r, "roll", {eagerOf(*r, flat(*r, a)), shift, Value::integer(0)});
      return callModule(in, "numpy", "reshape",
                        {rolled, pyIntList(in, h->type.shape)});
    }
    return viaTf(*r, "roll", {eagerOf(*r, a), shift, p.get("axis")});
  });
  np.def("swapaxes", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "swapaxes", {"a", "axis1", "axis2"}, Wording::Python);
    Value a = p.require("a", "swapaxes");
    int64_t rank = rankOf(*r, a);
    std::vector<int64_t> perm(static_cast<size_t>(rank));
    std::iota(perm.begin(), perm.end(), 0);
    std::swap(perm[npAxis(*r, p.require("axis1", "swapaxes"), rank)],
              perm[npAxis(*r, p.require("axis2", "swapaxes"), rank)]);
    return callModule(in, "numpy", "transpose", {a, pyIntList(in, perm)});
  });
  np.def("outer", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "outer", {"a", "b"}, Wording::Python);
    Value a =
        callModule(in, "numpy", "reshape",
                   {flat(*r, p.require("a", "outer")), pyIntList(in, {-1, 1})});
    Value b =
        callModule(in, "numpy", "reshape",
                   {flat(*r, p.require("b", "outer")), pyIntList(in, {1, -1})});
    return callModule(in, "numpy", "multiply", {a, b});
  });
  // np.diff: a[1:] - a[:-1] along the axis, n times (not_equal for bools).
  np.def("diff", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "diff", {"a", "n", "axis"}, Wording::Python);
    // (A list or tuple becomes an array first, as asanyarray makes it.)
    Value a = callModule(in, "numpy", "asarray", {p.require("a", "diff")});
    int64_t n = p.has("n") ? in.toIndex(p.get("n")) : 1;
    if (n < 0)
      in.valueError("order must be non-negative but got " + std::to_string(n));
    int64_t rank = rankOf(*r, a);
    if (rank == 0)
      in.valueError("diff requires input that is at least one dimensional");
    int64_t axis =
        npAxis(*r, p.has("axis") ? p.get("axis") : Value::integer(-1), rank);
    auto sliced = [&](const Value &v, bool head) {
      ValueList key;
      for (int64_t d = 0; d < rank; ++d) {
        auto s = std::make_shared<py::SliceObject>();
        if (d == axis)
          (head ? s->stop : s->start) = Value::integer(head ? -1 : 1);
        key.push_back(Value::object(Type::Slice, s));
      }
      return in.getItem(v, in.tuple(std::move(key)));
    };
    bool isBool = npAsArray(*r, a)->type.dtype == DType::Bool;
    for (int64_t k = 0; k < n; ++k)
      a = callModule(in, "numpy", isBool ? "not_equal" : "subtract",
                     {sliced(a, false), sliced(a, true)});
    return a;
  });
  for (auto [name, tfName] :
       {std::pair{"cumsum", "cumsum"}, std::pair{"cumprod", "cumprod"}})
    np.def(name, [r, name = std::string(name), tfName = std::string(tfName)](
                     Interpreter &in, CallArgs &args) {
      Params p(in, args, name, {"a", "axis", "dtype", "out"}, Wording::Python);
      Value a = p.require("a", name);
      if (!p.has("axis"))
        a = flat(*r, a);
      HostTensorPtr h = npAsArray(*r, a);
      std::optional<DType> d = npDTypeOf(p.get("dtype"));
      DType acc = d ? *d : accumulatorDType(*r, h->type.dtype);
      int64_t axis =
          p.has("axis") ? npAxis(*r, p.get("axis"), h->type.shape.size()) : 0;
      EagerScope eager(*r);
      CallArgs call;
      call.positional = {eagerOf(*r, a, acc), Value::integer(axis)};
      Value math = in.getAttr(in.importModule("tensorflow"), "math");
      return asArray(*r, in.call(in.getAttr(math, tfName), call));
    });
  // np.bincount(x, weights=None, minlength=0): how often each
  // non-negative integer occurs in x (int64), or the sum of its weights
  // (float64).
  np.def("bincount", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "bincount", {"x", "weights", "minlength"},
             Wording::Python);
    HostTensorPtr x = npAsArray(*r, p.require("x", "bincount"));
    if (x->type.shape.size() != 1)
      in.valueError("object too deep for desired array");
    // Floats still count, truncated, with NumPy 2.1's deprecation.
    if (isFloating(x->type.dtype) && x->type.numElements() > 0)
      npWarning(in,
                "Non-integer input passed to bincount. In a future version "
                "of NumPy, this will be an error. (Deprecated NumPy 2.1)",
                "DeprecationWarning");
    else if (!isInteger(x->type.dtype) && x->type.numElements() > 0)
      in.typeError("Cannot cast array data from dtype('" +
                   std::string(py::dtypeName(x->type.dtype)) +
                   "') to dtype('int64') according to the rule 'safe'");
    int64_t minlength = 0;
    if (p.has("minlength") && !p.get("minlength").isNone()) {
      minlength = in.toIndex(p.get("minlength"));
      if (minlength < 0)
        in.valueError("'minlength' must not be negative");
    }
    int64_t n = x->type.numElements(), size = minlength;
    for (int64_t i = 0; i < n; ++i) {
      int64_t v = int64_t(x->elementAsDouble(i));
      if (v < 0)
        in.valueError("'list' argument must have no negative elements");
      size = std::max(size, v + 1);
    }
    HostTensorPtr weights;
    if (p.has("weights") && !p.get("weights").isNone()) {
      weights = npAsArray(*r, p.get("weights"));
      if (weights->type.shape != x->type.shape)
        in.valueError("The weights and list don't have the same length.");
    }
    auto out = graph::HostTensor::zeros(
        {weights ? DType::Float64 : DType::Int64, {size}});
    for (int64_t i = 0; i < n; ++i) {
      int64_t v = int64_t(x->elementAsDouble(i));
      if (weights) {
        double *at = reinterpret_cast<double *>(out->bytes.data()) + v;
        *at += weights->elementAsDouble(i);
      } else {
        ++reinterpret_cast<int64_t *>(out->bytes.data())[v];
      }
    }
    return makeNdArray(*r, out, false);
  });
  np.def("tile", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "tile", {"A", "reps"}, Wording::Python);
    Value a = p.require("A", "tile"), repsArg = p.require("reps", "tile");
    std::vector<int64_t> reps;
    if (repsArg.isIntLike())
      reps.push_back(in.toIndex(repsArg));
    else
      for (const Value &v : in.toList(repsArg))
        reps.push_back(in.toIndex(v));
    for (int64_t k : reps)
      if (k < 0)
        in.valueError("negative dimensions are not allowed");
    std::vector<int64_t> shape = npAsArray(*r, a)->type.shape;
    // The shorter of the two is padded with leading 1s.
    while (shape.size() < reps.size())
      shape.insert(shape.begin(), 1);
    while (reps.size() < shape.size())
      reps.insert(reps.begin(), 1);
    Value shaped =
        callModule(in, "numpy", "reshape", {a, pyIntList(in, shape)});
    return viaTf(*r, "tile", {eagerOf(*r, shaped), pyIntList(in, reps)});
  });
  np.def("repeat", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "repeat", {"a", "repeats", "axis"}, Wording::Python);
    Value a = p.require("a", "repeat");
    if (!p.has("axis"))
      return viaTf(*r, "repeat",
                   {eagerOf(*r, flat(*r, a)), p.require("repeats", "repeat"),
                    Value::integer(0)});
    return viaTf(*r, "repeat",
                 {eagerOf(*r, a), p.require("repeats", "repeat"),
                  Value::integer(npAxis(*r, p.get("axis"), rankOf(*r, a)))});
  });
  // np.count_nonzero: a Python int without an axis, else int64 counts.
  np.def("count_nonzero", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "count_nonzero", {"a", "axis", "keepdims"},
             Wording::Python);
    HostTensorPtr h = npAsArray(*r, p.require("a", "count_nonzero"));
    if (!p.has("axis")) {
      int64_t count = 0;
      for (int64_t i = 0; i < h->type.numElements(); ++i)
        count += h->type.dtype == DType::String
                     ? !h->strings[size_t(i)].empty()
                     : h->elementAsDouble(size_t(i)) != 0;
      return Value::integer(count);
    }
    Value nonzero = makeNdArray(
        *r,
        npAsArray(*r,
                  callModule(in, "numpy", "not_equal",
                             {makeNdArray(*r, h, false), Value::integer(0)}),
                  DType::Int64),
        false);
    std::vector<std::pair<std::string, Value>> kw{{"axis", p.get("axis")}};
    if (p.has("keepdims"))
      kw.emplace_back("keepdims", p.get("keepdims"));
    return callModule(in, "numpy", "sum", {nonzero}, kw);
  });
  // np.split: equal sections (ValueError when they are not) or the pieces
  // between the given indices.
  np.def("split", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "split", {"ary", "indices_or_sections", "axis"},
             Wording::Python);
    Value a = p.require("ary", "split");
    Value how = p.require("indices_or_sections", "split");
    int64_t rank = rankOf(*r, a);
    int64_t axis =
        npAxis(*r, p.has("axis") ? p.get("axis") : Value::integer(0), rank);
    int64_t size = npAsArray(*r, a)->type.shape[size_t(axis)];
    std::vector<int64_t> cuts;
    if (how.isIntLike()) {
      // np.split checks the division first (Python's modulo), then
      // array_split the count.
      int64_t sections = in.toIndex(how);
      if (sections == 0)
        in.raise("ZeroDivisionError", "integer modulo by zero");
      if (((size % sections) + sections) % sections)
        in.valueError("array split does not result in an equal division");
      if (sections < 0)
        in.valueError("number sections must be larger than 0.");
      for (int64_t k = 1; k < sections; ++k)
        cuts.push_back(k * (size / sections));
    } else {
      for (const Value &v : in.toList(how))
        cuts.push_back(in.toIndex(v));
    }
    ValueList pieces;
    int64_t from = 0;
    cuts.push_back(size);
    for (int64_t to : cuts) {
      ValueList key;
      for (int64_t d = 0; d < rank; ++d) {
        auto s = std::make_shared<py::SliceObject>();
        if (d == axis) {
          s->start = Value::integer(from);
          s->stop = Value::integer(to);
        }
        key.push_back(Value::object(Type::Slice, s));
      }
      pieces.push_back(in.getItem(a, in.tuple(std::move(key))));
      from = to;
    }
    return in.list(std::move(pieces));
  });
  // np.meshgrid(*xi, indexing='xy'): each (flattened) input broadcast
  // along its own axis of the grid, keeping its dtype; 'xy' swaps the
  // first two axes.
  np.def("meshgrid", [r](Interpreter &in, CallArgs &args) {
    py::ArgParser parser(in, args, "meshgrid");
    std::string indexing = "xy";
    if (std::optional<Value> v = parser.keyword("indexing"))
      indexing = in.toStr(*v);
    if (indexing != "xy" && indexing != "ij")
      in.valueError("Valid values for `indexing` are 'xy' and 'ij'.");
    for (const char *k : {"copy", "sparse"})
      if (std::optional<Value> v = parser.keyword(k);
          v && in.truthy(*v) != (std::string(k) == "copy"))
        in.raise("NotImplementedError",
                 std::string("kiln's np.meshgrid does not take ") + k + "=" +
                     in.repr(*v));
    size_t n = args.positional.size();
    std::vector<HostTensorPtr> xs;
    std::vector<int64_t> grid;
    for (const Value &x : args.positional) {
      xs.push_back(npAsArray(*r, flat(*r, x)));
      grid.push_back(xs.back()->type.shape[0]);
    }
    auto axisOf = [&](size_t i) {
      return indexing == "xy" && n > 1 && i < 2 ? 1 - i : i;
    };
    if (indexing == "xy" && n > 1)
      std::swap(grid[0], grid[1]);
    ValueList grids;
    EagerScope eager(*r);
    for (size_t i = 0; i < n; ++i) {
      std::vector<int64_t> shape(n, 1);
      shape[axisOf(i)] = -1;
      Value column = reshape(*r, r->eager(xs[i]), pyIntList(in, shape));
      grids.push_back(asArray(*r, callModule(in, "tensorflow", "broadcast_to",
                                             {column, pyIntList(in, grid)})));
    }
    return in.tuple(std::move(grids));
  });
  // np.pad(array, pad_width, mode='constant', constant_values=0).
  np.def("pad", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "pad", {"array", "pad_width", "mode", "constant_values"},
             Wording::Python);
    Value a = p.require("array", "pad");
    if (p.has("mode") && in.toStr(p.get("mode")) != "constant")
      in.raise("NotImplementedError",
               "kiln's np.pad pads with mode='constant' only");
    int64_t rank = rankOf(*r, a);
    // pad_width: an int, (before, after), or one pair per axis.
    Value width = p.require("pad_width", "pad");
    std::vector<std::pair<int64_t, int64_t>> pairs;
    if (width.isIntLike()) {
      pairs.assign(size_t(rank), {in.toIndex(width), in.toIndex(width)});
    } else {
      ValueList items = in.toList(width);
      bool flatPair = !items.empty() && items[0].isIntLike();
      if (flatPair) {
        int64_t before = in.toIndex(items[0]);
        int64_t after = items.size() > 1 ? in.toIndex(items[1]) : before;
        pairs.assign(size_t(rank), {before, after});
      } else {
        for (const Value &item : items) {
          ValueList two = in.toList(item);
          int64_t before = in.toIndex(two.at(0));
          pairs.push_back(
              {before, two.size() > 1 ? in.toIndex(two[1]) : before});
        }
        if (pairs.size() == 1)
          pairs.assign(size_t(rank), pairs[0]);
      }
    }
    if (int64_t(pairs.size()) != rank)
      in.valueError("operands could not be broadcast together with remapped "
                    "shapes");
    ValueList paddings;
    for (auto [before, after] : pairs) {
      if (before < 0 || after < 0)
        in.valueError("index can't contain negative values");
      paddings.push_back(pyIntList(in, {before, after}));
    }
    HostTensorPtr h = npAsArray(*r, a);
    std::vector<std::pair<std::string, Value>> kw;
    if (p.has("constant_values"))
      kw.emplace_back("constant_values",
                      eagerOf(*r, p.get("constant_values"), h->type.dtype));
    return viaTf(*r, "pad", {r->eager(h), in.list(std::move(paddings))}, kw);
  });
  np.def("sort", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "sort", {"a", "axis", "kind", "order"}, Wording::Python);
    Value a = p.require("a", "sort");
    bool flatten = p.values.count("axis") && p.get("axis").isNone();
    if (flatten)
      a = flat(*r, a);
    int64_t rank = rankOf(*r, a);
    if (rank == 0)
      in.raise("AxisError",
               "axis -1 is out of bounds for array of dimension 0");
    int64_t axis =
        flatten ? 0
                : npAxis(*r, p.has("axis") ? p.get("axis") : Value::integer(-1),
                         rank);
    // Sorted along the last axis, with the axis moved there and back.
    std::vector<int64_t> perm(static_cast<size_t>(rank));
    std::iota(perm.begin(), perm.end(), 0);
    std::swap(perm[size_t(axis)], perm.back());
    Value moved =
        callModule(in, "numpy", "transpose", {a, pyIntList(in, perm)});
    HostTensorPtr h = npAsArray(*r, moved);
    if (h->type.dtype == DType::String)
      in.raise("NotImplementedError", "kiln's np.sort sorts numbers only");
    Value sorted = makeNdArray(*r, sortedRows(*h), false);
    return callModule(in, "numpy", "transpose", {sorted, pyIntList(in, perm)});
  });
  // np.unique: the sorted distinct values (one NaN), and with
  // return_counts their counts.
  np.def("unique", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "unique",
             {"ar", "return_index", "return_inverse", "return_counts", "axis",
              "equal_nan"},
             Wording::Python);
    if (p.has("axis"))
      in.raise("NotImplementedError", "kiln's np.unique does not take axis");
    Value given = p.require("ar", "unique");
    HostTensorPtr h = npAsArray(*r, flat(*r, given));
    if (h->type.dtype == DType::String)
      in.raise("NotImplementedError", "kiln's np.unique takes numbers only");
    // The elements in a stable sort (NaNs last), so that the first of
    // equal elements is the first in the array, as NumPy's mergesort
    // finds it for return_index.
    int64_t n = h->type.numElements();
    std::vector<int64_t> order(static_cast<size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int64_t x, int64_t y) {
      return npLess(h->elementAsDouble(x), h->elementAsDouble(y));
    });
    size_t size = py::dtypeSize(h->type.dtype);
    auto out = std::make_shared<graph::HostTensor>();
    out->type.dtype = h->type.dtype;
    std::vector<int64_t> counts, first, inverse(static_cast<size_t>(n));
    for (int64_t k = 0; k < n; ++k) {
      double v = h->elementAsDouble(order[k]);
      double prev = k > 0 ? h->elementAsDouble(order[k - 1]) : 0;
      bool same = k > 0 && (prev == v || (std::isnan(v) && std::isnan(prev)));
      if (same) {
        ++counts.back();
      } else {
        out->bytes.insert(out->bytes.end(), h->bytes.begin() + order[k] * size,
                          h->bytes.begin() + (order[k] + 1) * size);
        counts.push_back(1);
        first.push_back(order[k]);
      }
      inverse[order[k]] = static_cast<int64_t>(counts.size()) - 1;
    }
    out->type.shape = {int64_t(counts.size())};
    auto ints = [&](const std::vector<int64_t> &v, std::vector<int64_t> shape) {
      auto t = graph::HostTensor::zeros(TensorType{DType::Int64, shape});
      std::memcpy(t->bytes.data(), v.data(), v.size() * 8);
      return makeNdArray(*r, t, false);
    };
    ValueList results{makeNdArray(*r, out, false)};
    auto wanted = [&](const char *k) {
      return p.has(k) && in.truthy(p.get(k));
    };
    if (wanted("return_index"))
      results.push_back(ints(first, {int64_t(first.size())}));
    // (NumPy 2 gives the inverse the array's shape.)
    if (wanted("return_inverse"))
      results.push_back(ints(inverse, npAsArray(*r, given)->type.shape));
    if (wanted("return_counts"))
      results.push_back(ints(counts, {int64_t(counts.size())}));
    return results.size() == 1 ? results[0] : in.tuple(std::move(results));
  });
}

} // namespace kiln::tf
