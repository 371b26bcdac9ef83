// NumPy's NaN-ignoring reductions (nansum, nanmean, nanmax, nanmin,
// nanvar, nanstd) and small helpers built on its other functions: ptp,
// trace, digitize, histogram and unravel_index. Each follows NumPy's own
// definition in terms of those functions, so results round as NumPy's do:
// nanmean divides a float32 sum by an integer count in float64, then rounds to
// float32, as NumPy's _divide_by_count does.
#include "NumPy.h"
#include "TfModuleBuilder.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace kiln::tf {

namespace {

using py::Type;

bool isFloatArray(TfRuntime &rt, const Value &a) {
  DType d = npAsArray(rt, a)->type.dtype;
  return d == DType::Float16 || d == DType::Float32 || d == DType::Float64;
}

/// np.histogram's counts of `a` (doubles, in `T`, the edges' dtype) in
/// `n` equal bins from `lo` to `hi`: NumPy's index computation, then its
/// corrections by the edges themselves.
template <typename T>
std::vector<int64_t> equalBinCounts(const std::vector<double> &a, T lo, T hi,
                                    int64_t n, const graph::HostTensor &edges) {
  std::vector<int64_t> counts(static_cast<size_t>(n), 0);
  auto edge = [&](int64_t i) {
    return static_cast<T>(edges.elementAsDouble(i));
  };
  T denom = hi - lo;
  for (double value : a) {
    T x = static_cast<T>(value);
    if (!(x >= lo && x <= hi))
      continue; // outside the range (or NaN)
    auto i = static_cast<int64_t>((x - lo) / denom * static_cast<T>(n));
    if (i == n)
      --i;
    if (x < edge(i))
      --i;
    else if (i != n - 1 && x >= edge(i + 1))
      ++i;
    ++counts[static_cast<size_t>(i)];
  }
  return counts;
}

/// `v` cast to the dtype of array `like` (a scalar stays one).
Value inDTypeOf(Interpreter &in, const Value &v, const Value &like) {
  CallArgs call;
  call.positional = {in.getAttr(like, "dtype")};
  return in.call(in.getAttr(v, "astype"), call);
}

} // namespace

void installNpStatistics(TfRuntime &rt, ModuleBuilder &np_) {
  TfRuntime *r = &rt;
  auto reduceArgs = [](Params &p) {
    std::vector<std::pair<std::string, Value>> kw{{"axis", p.get("axis")}};
    if (p.has("keepdims"))
      kw.push_back({"keepdims", p.get("keepdims")});
    return kw;
  };
  // Integer arrays hold no NaN: their nan-functions are the plain ones.
  np_.def("nansum", [r, reduceArgs](Interpreter &in, CallArgs &args) {
    Params p(in, args, "nansum", {"a", "axis", "dtype", "out", "keepdims"},
             Wording::Python);
    Value a = callNumPy(in, "asarray", {p.require("a", "nansum")});
    if (isFloatArray(*r, a))
      a = callNumPy(in, "where",
                    {callNumPy(in, "isnan", {a}), Value::integer(0), a});
    return callNumPy(in, "sum", {a}, reduceArgs(p));
  });
  np_.def("nanmean", [r, reduceArgs](Interpreter &in, CallArgs &args) {
    Params p(in, args, "nanmean", {"a", "axis", "dtype", "out", "keepdims"},
             Wording::Python);
    Value a = callNumPy(in, "asarray", {p.require("a", "nanmean")});
    if (!isFloatArray(*r, a))
      return callNumPy(in, "mean", {a}, reduceArgs(p));
    Value valid = callNumPy(in, "logical_not", {callNumPy(in, "isnan", {a})});
    Value count = callNumPy(in, "sum", {valid}, reduceArgs(p));
    Value total = callNumPy(in, "nansum", {a}, reduceArgs(p));
    if (!in.truthy(callNumPy(in, "all", {count})))
      npWarning(in, "Mean of empty slice", "RuntimeWarning");
    NpQuietFloatErrors quiet; // 0 / 0 is the NaN of an empty slice
    return inDTypeOf(in, in.binary(ast::BinaryOp::Div, total, count), a);
  });
  for (auto [name, plain] : {std::pair{"nanmax", "max"}, {"nanmin", "min"}})
    np_.def(name, [r, name = std::string(name), plain,
                   reduceArgs](Interpreter &in, CallArgs &args) {
      Params p(in, args, name, {"a", "axis", "out", "keepdims"},
               Wording::Python);
      Value a = callNumPy(in, "asarray", {p.require("a", name)});
      if (!isFloatArray(*r, a))
        return callNumPy(in, plain, {a}, reduceArgs(p));
      Value nan = callNumPy(in, "isnan", {a});
      if (!p.has("axis")) {
        // The largest of the numbers; NaN when there are none.
        Value numbers = in.getItem(a, callNumPy(in, "logical_not", {nan}));
        if (npAsArray(*r, numbers)->type.numElements() > 0)
          return callNumPy(in, plain, {numbers}, reduceArgs(p));
      }
      // Along an axis: NaNs stand in as the identity of the reduction,
      // then slices of NaNs only are NaN.
      Value identity = Value::floating(
          name == "nanmax" ? -std::numeric_limits<double>::infinity()
                           : std::numeric_limits<double>::infinity());
      Value best =
          callNumPy(in, plain, {callNumPy(in, "where", {nan, identity, a})},
                    reduceArgs(p));
      Value allNan = callNumPy(in, "all", {nan}, reduceArgs(p));
      if (in.truthy(callNumPy(in, "any", {allNan})))
        npWarning(in, "All-NaN slice encountered", "RuntimeWarning");
      return callNumPy(in, "where",
                       {allNan, Value::floating(std::nan("")), best});
    });
  for (auto [name, root] : {std::pair{"nanvar", false}, {"nanstd", true}})
    np_.def(name, [r, name = std::string(name), root = root](Interpreter &in,
                                                             CallArgs &args) {
      Params p(in, args, name,
               {"a", "axis", "dtype", "out", "ddof", "keepdims"},
               Wording::Python);
      Value a = callNumPy(in, "asarray", {p.require("a", name)});
      Value axis = p.get("axis");
      Value ddof = p.has("ddof") ? p.get("ddof") : Value::integer(0);
      if (!isFloatArray(*r, a))
        return callNumPy(in, root ? "std" : "var", {a},
                         {{"axis", axis}, {"ddof", ddof}});
      // NumPy's _nanvar: NaNs count as zeros in the sums and not in the
      // counts; the deviations of NaNs are zero. Its divisions by empty
      // counts warn once, as below.
      NpQuietFloatErrors quiet;
      Value nan = callNumPy(in, "isnan", {a});
      Value zeroed = callNumPy(in, "where", {nan, Value::integer(0), a});
      std::vector<std::pair<std::string, Value>> kept{
          {"axis", axis}, {"keepdims", Value::boolean(true)}};
      Value count =
          callNumPy(in, "sum", {callNumPy(in, "logical_not", {nan})}, kept);
      Value mean =
          inDTypeOf(in,
                    in.binary(ast::BinaryOp::Div,
                              callNumPy(in, "sum", {zeroed}, kept), count),
                    a);
      Value dev = callNumPy(in, "where",
                            {nan, Value::integer(0),
                             in.binary(ast::BinaryOp::Sub, zeroed, mean)});
      bool keepdims = p.has("keepdims") && in.truthy(p.get("keepdims"));
      Value sum =
          callNumPy(in, "sum", {in.binary(ast::BinaryOp::Mult, dev, dev)},
                    {{"axis", axis}, {"keepdims", Value::boolean(keepdims)}});
      if (!keepdims)
        count = axis.isNone() ? callNumPy(in, "sum", {count})
                              : callNumPy(in, "squeeze", {count, axis});
      Value dof = in.binary(ast::BinaryOp::Sub, count, ddof);
      if (!in.truthy(callNumPy(
              in, "all", {callNumPy(in, "greater", {dof, Value::integer(0)})})))
        npWarning(in, "Degrees of freedom <= 0 for slice.", "RuntimeWarning");
      Value var = inDTypeOf(in, in.binary(ast::BinaryOp::Div, sum, dof), a);
      return root ? callNumPy(in, "sqrt", {var}) : var;
    });
  np_.def("ptp", [reduceArgs](Interpreter &in, CallArgs &args) {
    Params p(in, args, "ptp", {"a", "axis", "out", "keepdims"},
             Wording::Python);
    Value a = p.require("a", "ptp");
    return in.binary(ast::BinaryOp::Sub,
                     callNumPy(in, "max", {a}, reduceArgs(p)),
                     callNumPy(in, "min", {a}, reduceArgs(p)));
  });
  np_.def("trace", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "trace",
             {"a", "offset", "axis1", "axis2", "dtype", "out"},
             Wording::Python);
    if (p.has("axis1") || p.has("axis2"))
      in.raise("NotImplementedError",
               "kiln's np.trace takes the main axes of a 2-d array");
    Value offset = p.has("offset") ? p.get("offset") : Value::integer(0);
    return callNumPy(
        in, "sum", {callNumPy(in, "diag", {p.require("a", "trace"), offset})});
  });
  np_.def("histogram", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "histogram",
             {"a", "bins", "range", "density", "weights"}, Wording::Python);
    if (p.has("weights"))
      in.raise("NotImplementedError",
               "kiln's np.histogram does not take weights");
    Value a = callNumPy(
        in, "ravel", {callNumPy(in, "asarray", {p.require("a", "histogram")})});
    HostTensorPtr values = npAsArray(*r, a);
    std::vector<double> xs;
    for (int64_t i = 0, n = values->type.numElements(); i < n; ++i)
      xs.push_back(values->elementAsDouble(i));
    Value bins = p.has("bins") ? p.get("bins") : Value::integer(10);
    Value edges;
    std::vector<int64_t> counts;
    if (bins.isIntLike()) {
      int64_t n = bins.asInt();
      if (n < 1)
        in.valueError("`bins` must be positive, when an integer");
      // The range: given, or the data's; an empty one widens by 0.5 each
      // way. The edges take the data's dtype (float64 for integers).
      Value lo, hi;
      if (p.has("range")) {
        ValueList range = in.toList(p.get("range"));
        lo = range.at(0);
        hi = range.at(1);
      } else if (xs.empty()) {
        lo = Value::integer(0);
        hi = Value::integer(1);
      } else {
        lo = callNumPy(in, "min", {a});
        hi = callNumPy(in, "max", {a});
      }
      auto number = [&](const Value &v) {
        return npAsArray(*r, v, DType::Float64)->elementAsDouble(0);
      };
      double l = number(lo), h = number(hi);
      if (l > h)
        in.valueError("max must be larger than min in range parameter.");
      if (!std::isfinite(l) || !std::isfinite(h))
        in.valueError("autodetected range of [" + in.toStr(lo) + ", " +
                      in.toStr(hi) + "] is not finite");
      if (l == h) {
        lo = Value::floating(l - 0.5);
        hi = Value::floating(h + 0.5);
      }
      bool single = values->type.dtype == DType::Float32;
      edges = callNumPy(in, "linspace", {lo, hi, Value::integer(n + 1)},
                        {{"dtype", in.str(single ? "float32" : "float64")}});
      HostTensorPtr e = npAsArray(*r, edges);
      counts = single
                   ? equalBinCounts<float>(xs, float(number(lo)),
                                           float(number(hi)), n, *e)
                   : equalBinCounts<double>(xs, number(lo), number(hi), n, *e);
    } else {
      // Given edges: each bin holds [e[i], e[i+1]), the last [e[-2], e[-1]].
      edges = callNumPy(in, "asarray", {bins});
      HostTensorPtr e = npAsArray(*r, edges);
      int64_t m = e->type.numElements();
      for (int64_t i = 1; i < m; ++i)
        if (e->elementAsDouble(i) < e->elementAsDouble(i - 1))
          in.valueError("`bins` must increase monotonically, when an array");
      counts.assign(static_cast<size_t>(std::max<int64_t>(m - 1, 0)), 0);
      for (double x : xs)
        for (int64_t i = 0; i + 1 < m; ++i) {
          double lo = e->elementAsDouble(i), hi = e->elementAsDouble(i + 1);
          if (x >= lo && (x < hi || (i + 2 == m && x == hi))) {
            ++counts[static_cast<size_t>(i)];
            break;
          }
        }
    }
    auto c = graph::HostTensor::zeros(
        {DType::Int64, {static_cast<int64_t>(counts.size())}});
    std::memcpy(c->bytes.data(), counts.data(), counts.size() * 8);
    Value hist = makeNdArray(*r, c, false);
    if (p.has("density") && in.truthy(p.get("density"))) {
      // hist / bin widths / hist.sum(), in float64.
      Value widths = callNumPy(in, "diff", {edges});
      hist = in.binary(ast::BinaryOp::Div,
                       in.binary(ast::BinaryOp::Div, hist, widths),
                       callNumPy(in, "sum", {hist}));
    }
    return in.tuple({hist, edges});
  });
  // The index of the bin each value falls in: searchsorted in increasing
  // bins, and from the end in decreasing ones.
  np_.def("digitize", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "digitize", {"x", "bins", "right"}, Wording::Python);
    Value x = p.require("x", "digitize");
    HostTensorPtr bins = npAsArray(*r, p.require("bins", "digitize"));
    bool right = p.has("right") && in.truthy(p.get("right"));
    Value side = in.str(right ? "left" : "right");
    int64_t n = bins->type.numElements();
    bool increasing = true, decreasing = true;
    for (int64_t i = 1; i < n; ++i) {
      double a = bins->elementAsDouble(i - 1), b = bins->elementAsDouble(i);
      increasing &= a <= b;
      decreasing &= a >= b;
    }
    if (!increasing && !decreasing)
      in.valueError("bins must be monotonically increasing or decreasing");
    Value b = makeNdArray(*r, bins, false);
    if (increasing)
      return callNumPy(in, "searchsorted", {b, x}, {{"side", side}});
    Value reversed = callNumPy(in, "flip", {b});
    return in.binary(
        ast::BinaryOp::Sub, Value::integer(n),
        callNumPy(in, "searchsorted", {reversed, x}, {{"side", side}}));
  });
  // The coordinates of flat indices in an array of `shape` (C order): a
  // tuple of NumPy ints for an int, of arrays for an array of indices.
  np_.def("unravel_index", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "unravel_index", {"indices", "shape", "order"},
             Wording::Python);
    Value given = p.require("indices", "unravel_index");
    HostTensorPtr flat = npAsArray(*r, given, DType::Int64);
    std::vector<int64_t> dims;
    for (const Value &d : in.toList(p.require("shape", "unravel_index")))
      dims.push_back(in.toIndex(d));
    int64_t size = 1;
    for (int64_t d : dims)
      size *= d;
    std::vector<std::shared_ptr<graph::HostTensor>> coords;
    for (size_t k = 0; k < dims.size(); ++k)
      coords.push_back(
          graph::HostTensor::zeros({DType::Int64, flat->type.shape}));
    for (int64_t i = 0, n = flat->type.numElements(); i < n; ++i) {
      int64_t index = flat->elementAsInt(i);
      if (index < 0 || index >= size)
        in.valueError("index " + std::to_string(index) +
                      " is out of bounds for array with size " +
                      std::to_string(size));
      for (size_t k = dims.size(); k-- > 0;) {
        int64_t c = index % dims[k];
        index /= dims[k];
        std::memcpy(coords[k]->bytes.data() + i * 8, &c, 8);
      }
    }
    ValueList out;
    for (auto &c : coords)
      out.push_back(makeNdArray(*r, c, c->type.shape.empty()));
    return in.tuple(std::move(out));
  });
}

} // namespace kiln::tf
