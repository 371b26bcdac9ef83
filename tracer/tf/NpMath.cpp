// NumPy's np.hypot and np.convolve, computed on the host in NumPy's
// order: hypot with the C library per element, convolve as NumPy's
// correlate loop sums each output, left to right over the longer array.
#include "NumPy.h"
#include "TfModuleBuilder.h"
#include "TfOps.h"

#include <cmath>
#include <cstring>

namespace kiln::tf {

namespace {

bool isPythonNumber(const Value &v) {
  return v.is(py::Type::Int) || v.is(py::Type::Float) || v.is(py::Type::Bool);
}

/// Float32 when every operand is float32 or a Python number (NumPy 2's
/// weak scalars), else float64.
DType floatResult(TfRuntime &rt, const ValueList &values) {
  bool single = false;
  for (const Value &v : values) {
    if (isPythonNumber(v))
      continue;
    if (npAsArray(rt, v)->type.dtype != DType::Float32)
      return DType::Float64;
    single = true;
  }
  return single ? DType::Float32 : DType::Float64;
}

/// The sums of products of a with v reversed (np.convolve's full mode), in
/// element type T, each left to right over `a`, the longer of the two.
template <typename T>
std::vector<T> convolveFull(const graph::HostTensor &a,
                            const graph::HostTensor &v) {
  int64_t n = a.type.numElements(), m = v.type.numElements();
  auto at = [](const graph::HostTensor &t, int64_t i) {
    if constexpr (std::is_floating_point_v<T>)
      return static_cast<T>(t.elementAsDouble(i));
    else
      return static_cast<T>(t.elementAsInt(i));
  };
  std::vector<T> out(static_cast<size_t>(n + m - 1), T(0));
  for (int64_t k = 0; k < n + m - 1; ++k) {
    T sum = 0;
    for (int64_t j = std::max<int64_t>(0, k - m + 1); j < std::min(n, k + 1);
         ++j)
      sum = sum + at(a, j) * at(v, k - j);
    out[static_cast<size_t>(k)] = sum;
  }
  return out;
}

} // namespace

void installNpMath(TfRuntime &rt, ModuleBuilder &np) {
  TfRuntime *r = &rt;
  np.def("hypot", [r](Interpreter &in, CallArgs &args) {
    py::ArgParser(in, args, "hypot").expect(2, 2);
    DType d = floatResult(*r, args.positional);
    HostTensorPtr x = npAsArray(*r, args.positional[0], d),
                  y = npAsArray(*r, args.positional[1], d);
    std::vector<int64_t> shape;
    if (!broadcastShapes(x->type.shape, y->type.shape, shape))
      in.valueError("operands could not be broadcast together with shapes " +
                    TensorType{d, x->type.shape}.shapeString() + " " +
                    TensorType{d, y->type.shape}.shapeString());
    std::vector<int64_t> from = broadcastSources(x->type.shape, shape),
                         by = broadcastSources(y->type.shape, shape);
    auto out = graph::HostTensor::zeros({d, shape});
    for (size_t i = 0; i < from.size(); ++i) {
      double u = x->elementAsDouble(from[i]), v = y->elementAsDouble(by[i]);
      if (d == DType::Float32) {
        float h = std::hypot(float(u), float(v));
        std::memcpy(out->bytes.data() + i * 4, &h, 4);
      } else {
        double h = std::hypot(u, v);
        std::memcpy(out->bytes.data() + i * 8, &h, 8);
      }
    }
    bool scalars = isPythonNumber(args.positional[0]) ||
                   npAsArray(*r, args.positional[0])->type.shape.empty();
    scalars =
        scalars && (isPythonNumber(args.positional[1]) ||
                    npAsArray(*r, args.positional[1])->type.shape.empty());
    return makeNdArray(*r, out, scalars);
  });
  np.def("convolve", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "convolve", {"a", "v", "mode"}, Wording::Python);
    Value av = p.require("a", "convolve"), vv = p.require("v", "convolve");
    HostTensorPtr a = npAsArray(*r, av), v = npAsArray(*r, vv);
    if (a->type.shape.size() > 1 || v->type.shape.size() > 1)
      in.valueError("object too deep for desired array");
    if (a->type.numElements() == 0)
      in.valueError("a cannot be empty");
    if (v->type.numElements() == 0)
      in.valueError("v cannot be empty");
    std::string mode = p.has("mode") ? in.toStr(p.get("mode")) : "full";
    if (mode != "full" && mode != "same" && mode != "valid")
      in.valueError("mode must be one of 'valid', 'same', or 'full' (got " +
                    in.repr(p.get("mode")) + ")");
    if (v->type.numElements() > a->type.numElements())
      std::swap(a, v);
    // The result's dtype: the two arrays' (NumPy's promotion).
    Value sum = in.call(
        in.getAttr(in.importModule("numpy"), "add"),
        ValueList{makeNdArray(*r, a, false),
                  in.getItem(makeNdArray(*r, v, false), Value::integer(0))});
    DType d = npAsArray(*r, sum)->type.dtype;
    int64_t n = a->type.numElements(), m = v->type.numElements();
    int64_t begin = mode == "full" ? 0 : mode == "same" ? (m - 1) / 2 : m - 1;
    int64_t count = mode == "full" ? n + m - 1 : mode == "same" ? n : n - m + 1;
    auto out = graph::HostTensor::zeros({d, {count}});
    size_t size = py::dtypeSize(d);
    auto place = [&](auto full) {
      using T = typename decltype(full)::value_type;
      for (int64_t k = 0; k < count; ++k) {
        T x = full[static_cast<size_t>(begin + k)];
        std::memcpy(out->bytes.data() + k * size, &x, size);
      }
    };
    if (d == DType::Float64)
      place(convolveFull<double>(*a, *v));
    else if (d == DType::Float32)
      place(convolveFull<float>(*a, *v));
    else if (d == DType::Int64)
      place(convolveFull<int64_t>(*a, *v));
    else if (d == DType::Int32) // in int64, then the low 32 bits (wrapped)
      place(convolveFull<int64_t>(*a, *v));
    else
      in.raise("NotImplementedError",
               "kiln's np.convolve takes float32, float64, int32 and int64 "
               "arrays");
    return makeNdArray(*r, out, false);
  });
}

} // namespace kiln::tf
