// NumPy's searching and order statistics on known values, computed on the
// host as NumPy computes them: nonzero (and one-argument where), argwhere,
// flatnonzero, argsort, searchsorted, median, percentile and quantile.
// Order statistics take NumPy's arithmetic: a median of an even count is
// the mean of the middle two; a percentile interpolates linearly from the
// virtual index (n - 1) * q, in the array's float dtype (float32 arrays in
// float32, others in float64), with _lerp's two forms.
#include "NumPy.h"
#include "TfModuleBuilder.h"
#include "TfOps.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <numeric>

namespace kiln::tf {

namespace {

using py::Type;

HostTensorPtr int64Array(const std::vector<int64_t> &values,
                         std::vector<int64_t> shape) {
  auto out = graph::HostTensor::zeros({DType::Int64, std::move(shape)});
  std::memcpy(out->bytes.data(), values.data(),
              values.size() * sizeof(int64_t));
  return out;
}

/// The flat positions of the nonzero (true) elements of `a`.
std::vector<int64_t> nonzeroPositions(const graph::HostTensor &a) {
  std::vector<int64_t> at;
  for (int64_t i = 0; i < a.type.numElements(); ++i)
    if (a.type.dtype == DType::String ? !a.strings[i].empty()
                                      : a.elementAsDouble(i) != 0.0)
      at.push_back(i);
  return at;
}

/// Coordinate `d` of flat position `i` in `shape`.
int64_t coordinate(const std::vector<int64_t> &shape, int64_t i, size_t d) {
  for (size_t k = shape.size(); k-- > d + 1;)
    i /= shape[k];
  return i % shape[d];
}

/// NumPy's sort order of numbers: NaNs last.
bool numpyLess(double x, double y) {
  if (std::isnan(y))
    return !std::isnan(x);
  return x < y;
}

/// The values of `a` as doubles, sorted (NaNs last).
std::vector<double> sortedValues(const graph::HostTensor &a) {
  std::vector<double> v(static_cast<size_t>(a.type.numElements()));
  for (size_t i = 0; i < v.size(); ++i)
    v[i] = a.elementAsDouble(i);
  std::sort(v.begin(), v.end(), numpyLess);
  return v;
}

/// `sorted`'s linear-interpolation quantile at `q` (in [0, 1]) computed in
/// type T, as numpy's _quantile and _lerp compute it.
template <typename T> T lerpQuantile(const std::vector<double> &sorted, T q) {
  int64_t n = static_cast<int64_t>(sorted.size());
  if (std::isnan(sorted.back())) // a NaN anywhere makes the result NaN
    return std::numeric_limits<T>::quiet_NaN();
  T virtualIndex = T(n - 1) * q; // the linear method's virtual index
  T previous = std::floor(virtualIndex);
  int64_t lo = static_cast<int64_t>(previous), hi = lo + 1;
  if (virtualIndex >= T(n - 1))
    lo = hi = n - 1;
  if (virtualIndex < T(0))
    lo = hi = 0;
  T a = T(sorted[lo]), b = T(sorted[hi]);
  T gamma = virtualIndex - previous;
  T diff = b - a;
  return gamma >= T(0.5) ? T(b - diff * (T(1) - gamma)) : T(a + diff * gamma);
}

/// The 1-D lanes of `a` along `axis` (all of `a` when `axis` is None), and
/// the shape of the result of reducing them.
std::vector<graph::HostTensor> lanes(const graph::HostTensor &a,
                                     const std::optional<int64_t> &axis,
                                     std::vector<int64_t> &resultShape) {
  const std::vector<int64_t> &shape = a.type.shape;
  std::vector<graph::HostTensor> out;
  if (!axis) {
    graph::HostTensor all = a;
    all.type.shape = {a.type.numElements()};
    out.push_back(all);
    return out;
  }
  int64_t outer = 1, inner = 1, n = shape[*axis];
  for (size_t d = 0; d < shape.size(); ++d) {
    if (int64_t(d) < *axis)
      outer *= shape[d];
    else if (int64_t(d) > *axis)
      inner *= shape[d];
    if (int64_t(d) != *axis)
      resultShape.push_back(shape[d]);
  }
  size_t size = py::dtypeSize(a.type.dtype);
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t k = 0; k < inner; ++k) {
      graph::HostTensor lane;
      lane.type = {a.type.dtype, {n}};
      lane.bytes.resize(static_cast<size_t>(n) * size);
      for (int64_t i = 0; i < n; ++i)
        std::memcpy(lane.bytes.data() + i * size,
                    a.bytes.data() + ((o * n + i) * inner + k) * size, size);
      out.push_back(std::move(lane));
    }
  return out;
}

/// An order statistic of each lane, in float32 for float32 arrays and
/// float64 otherwise (or when `wide`); a NumPy scalar when the result has
/// no dimensions.
Value statistic(
    TfRuntime &rt, const Value &arrayArg, const Value &axisArg,
    const std::function<double(const std::vector<double> &, bool)> &compute,
    bool wide = false) {
  HostTensorPtr a = npAsArray(rt, arrayArg);
  if (a->type.dtype == DType::String || a->type.dtype == DType::Bool)
    rt.raise("NotImplementedError",
             "kiln computes order statistics of numbers only");
  std::optional<int64_t> axis;
  if (!axisArg.isNone())
    axis = npAxis(rt, axisArg, static_cast<int64_t>(a->type.shape.size()));
  std::vector<int64_t> shape;
  std::vector<graph::HostTensor> parts = lanes(*a, axis, shape);
  bool single = a->type.dtype == DType::Float32 && !wide;
  DType d = single ? DType::Float32 : DType::Float64;
  auto out = graph::HostTensor::zeros({d, shape});
  for (size_t i = 0; i < parts.size(); ++i) {
    if (parts[i].type.numElements() == 0)
      rt.raise("IndexError",
               "index -1 is out of bounds for axis 0 with size 0");
    double v = compute(sortedValues(parts[i]), single);
    if (single)
      reinterpret_cast<float *>(out->bytes.data())[i] = float(v);
    else
      reinterpret_cast<double *>(out->bytes.data())[i] = v;
  }
  return makeNdArray(rt, out, shape.empty());
}

} // namespace

void installNpSearch(TfRuntime &rt, ModuleBuilder &np) {
  TfRuntime *r = &rt;
  // One tuple of int64 coordinate arrays per dimension.
  np.def("nonzero", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "nonzero", {"a"}, Wording::Python);
    HostTensorPtr a = npAsArray(*r, p.require("a", "nonzero"));
    if (a->type.shape.empty())
      in.valueError("Calling nonzero on 0d arrays is not allowed. Use "
                    "np.atleast_1d(scalar).nonzero() instead. If the context "
                    "of this error is of the form `arr[nonzero(cond)]`, just "
                    "use `arr[cond]`.");
    std::vector<int64_t> at = nonzeroPositions(*a);
    ValueList coords;
    for (size_t d = 0; d < a->type.shape.size(); ++d) {
      std::vector<int64_t> c;
      for (int64_t i : at)
        c.push_back(coordinate(a->type.shape, i, d));
      coords.push_back(
          makeNdArray(*r, int64Array(c, {int64_t(c.size())}), false));
    }
    return in.tuple(std::move(coords));
  });
  np.def("argwhere", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "argwhere", {"a"}, Wording::Python);
    HostTensorPtr a = npAsArray(*r, p.require("a", "argwhere"));
    std::vector<int64_t> at = nonzeroPositions(*a), c;
    size_t rank = a->type.shape.size();
    for (int64_t i : at)
      for (size_t d = 0; d < rank; ++d)
        c.push_back(coordinate(a->type.shape, i, d));
    return makeNdArray(*r, int64Array(c, {int64_t(at.size()), int64_t(rank)}),
                       false);
  });
  np.def("flatnonzero", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "flatnonzero", {"a"}, Wording::Python);
    std::vector<int64_t> at =
        nonzeroPositions(*npAsArray(*r, p.require("a", "flatnonzero")));
    return makeNdArray(*r, int64Array(at, {int64_t(at.size())}), false);
  });
  // Indices that sort along the last axis (or `axis`); equal elements keep
  // their order (NumPy's default sort is not stable for long arrays with
  // ties, so those may differ).
  np.def("argsort", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "argsort", {"a", "axis", "kind", "order", "stable"},
             Wording::Python);
    HostTensorPtr a = npAsArray(*r, p.require("a", "argsort"));
    if (a->type.dtype == DType::String)
      in.raise("NotImplementedError", "kiln's np.argsort sorts numbers only");
    std::vector<int64_t> shape = a->type.shape;
    graph::HostTensor flatA = *a;
    bool flatten = p.values.count("axis") && p.get("axis").isNone();
    if (flatten || shape.empty()) {
      flatA.type.shape = {a->type.numElements()};
      shape = flatA.type.shape;
    }
    int64_t rank = static_cast<int64_t>(shape.size());
    int64_t axis =
        flatten ? 0
                : npAxis(*r, p.has("axis") ? p.get("axis") : Value::integer(-1),
                         rank);
    int64_t n = shape[axis], inner = 1;
    for (int64_t d = axis + 1; d < rank; ++d)
      inner *= shape[d];
    int64_t outer = n ? flatA.type.numElements() / (n * inner) : 0;
    std::vector<int64_t> out(static_cast<size_t>(flatA.type.numElements()));
    std::vector<int64_t> order(static_cast<size_t>(n));
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t k = 0; k < inner; ++k) {
        auto value = [&](int64_t i) {
          return flatA.elementAsDouble((o * n + i) * inner + k);
        };
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](int64_t x, int64_t y) {
          return numpyLess(value(x), value(y));
        });
        for (int64_t i = 0; i < n; ++i)
          out[(o * n + i) * inner + k] = order[i];
      }
    return makeNdArray(*r, int64Array(out, shape), false);
  });
  np.def("searchsorted", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "searchsorted", {"a", "v", "side", "sorter"},
             Wording::Python);
    if (p.has("sorter"))
      in.raise("NotImplementedError", "kiln's np.searchsorted takes no sorter");
    HostTensorPtr a = npAsArray(*r, p.require("a", "searchsorted"));
    if (a->type.shape.size() != 1)
      in.valueError("object too deep for desired array");
    std::string side = p.has("side") ? in.toStr(p.get("side")) : "left";
    if (side != "left" && side != "right")
      in.valueError("side must be 'left' or 'right' (got '" + side + "')");
    Value vArg = p.require("v", "searchsorted");
    HostTensorPtr v = npAsArray(*r, vArg);
    std::vector<double> sorted(static_cast<size_t>(a->type.numElements()));
    for (size_t i = 0; i < sorted.size(); ++i)
      sorted[i] = a->elementAsDouble(i);
    std::vector<int64_t> out;
    for (int64_t i = 0; i < v->type.numElements(); ++i) {
      double x = v->elementAsDouble(i);
      auto it =
          side == "left"
              ? std::lower_bound(sorted.begin(), sorted.end(), x, numpyLess)
              : std::upper_bound(sorted.begin(), sorted.end(), x, numpyLess);
      out.push_back(it - sorted.begin());
    }
    return makeNdArray(*r, int64Array(out, v->type.shape),
                       v->type.shape.empty());
  });
  np.def("median", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "median", {"a", "axis"}, Wording::Python);
    return statistic(*r, p.require("a", "median"), p.get("axis"),
                     [](const std::vector<double> &s, bool single) -> double {
                       size_t n = s.size();
                       if (std::isnan(s.back()))
                         return std::nan("");
                       if (n % 2)
                         return s[n / 2];
                       // The mean of the middle two, in the result's type.
                       if (single)
                         return (float(s[n / 2 - 1]) + float(s[n / 2])) / 2.0f;
                       return (s[n / 2 - 1] + s[n / 2]) / 2.0;
                     });
  });
  for (const char *name : {"percentile", "quantile"})
    np.def(name, [r, name](Interpreter &in, CallArgs &args) {
      Params p(in, args, name, {"a", "q", "axis", "method"}, Wording::Python);
      if (p.has("method") && in.toStr(p.get("method")) != "linear")
        in.raise("NotImplementedError",
                 std::string("kiln's np.") + name +
                     " interpolates linearly only (method='linear')");
      bool percent = std::string(name) == "percentile";
      Value qArg = p.require("q", name);
      HostTensorPtr q = npAsArray(*r, qArg, DType::Float64);
      double low = 0, high = percent ? 100 : 1;
      for (int64_t i = 0; i < q->type.numElements(); ++i) {
        double given = q->elementAsDouble(i);
        if (!(given >= low && given <= high))
          in.valueError(percent ? "Percentiles must be in the range [0, 100]"
                                : "Quantiles must be in the range [0, 1]");
      }
      // A q array (not a Python number) computes in float64.
      bool wide = !q->type.shape.empty();
      auto at = [&](double given) {
        return statistic(
            *r, p.require("a", name), p.get("axis"),
            [&](const std::vector<double> &s, bool single) {
              // q / 100 in the array's float type, as np.percentile
              // divides.
              if (single)
                return double(lerpQuantile<float>(
                    s, percent ? float(given) / 100.0f : float(given)));
              return lerpQuantile<double>(s, percent ? given / 100.0 : given);
            },
            wide);
      };
      if (q->type.shape.empty())
        return at(q->elementAsDouble(0));
      // Several q: the results stacked, q's dimensions first.
      std::vector<uint8_t> bytes;
      TensorType type;
      for (int64_t i = 0; i < q->type.numElements(); ++i) {
        HostTensorPtr one = npAsArray(*r, at(q->elementAsDouble(i)));
        type = one->type;
        bytes.insert(bytes.end(), one->bytes.begin(), one->bytes.end());
      }
      auto out = std::make_shared<graph::HostTensor>();
      out->type = TensorType{type.dtype, q->type.shape};
      if (q->type.numElements() == 0)
        out->type.dtype = DType::Float64;
      out->type.shape.insert(out->type.shape.end(), type.shape.begin(),
                             type.shape.end());
      out->bytes = std::move(bytes);
      return makeNdArray(*r, out, false);
    });
}

} // namespace kiln::tf
