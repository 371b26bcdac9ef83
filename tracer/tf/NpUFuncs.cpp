// NumPy's binary ufuncs as objects: np.add is callable as before, and has
// the ufunc methods scripts use: at (unbuffered in-place updates, so that
// repeated indices accumulate, as in confusion matrices), reduce,
// accumulate and outer.
#include "NumPy.h"
#include "TfModuleBuilder.h"
#include "TfOps.h"

#include <algorithm>
#include <cstring>

namespace kiln::tf {

namespace {

using py::Type;

/// x `op` y in element type T (the array's dtype).
template <typename T> T apply(const std::string &op, T x, T y) {
  if (op == "add")
    return T(x + y);
  if (op == "subtract")
    return T(x - y);
  if (op == "multiply")
    return T(x * y);
  if (op == "maximum")
    return x != x ? x : y != y ? y : std::max(x, y); // NaNs propagate
  return x != x ? x : y != y ? y : std::min(x, y);
}

/// Element `at` of `to` becomes to[at] `op` from[k], in to's dtype.
void update(const std::string &op, graph::HostTensor &to, int64_t at,
            const graph::HostTensor &from, int64_t k) {
  auto step = [&](auto zero) {
    using T = decltype(zero);
    T x, y;
    std::memcpy(&x, to.bytes.data() + at * sizeof(T), sizeof(T));
    std::memcpy(&y, from.bytes.data() + k * sizeof(T), sizeof(T));
    T r = apply(op, x, y);
    std::memcpy(to.bytes.data() + at * sizeof(T), &r, sizeof(T));
  };
  switch (to.type.dtype) {
  case DType::Float32:
    return step(float());
  case DType::Float64:
    return step(double());
  case DType::Int32:
    return step(int32_t());
  case DType::Int64:
    return step(int64_t());
  case DType::UInt8:
    return step(uint8_t());
  default:
    break;
  }
}

struct UFuncObject : py::NativeObject {
  std::string name;
  Value function; // the plain np.NAME builtin
  TfRuntime *rt = nullptr;
  std::string typeName() const override { return "ufunc"; }
  std::string typeModule() const override { return "numpy"; }
  std::string repr(Interpreter &, const Value &) override {
    return "<ufunc '" + name + "'>";
  }
  bool isCallable() const override { return true; }
  bool call(Interpreter &in, const Value &, CallArgs &args,
            Value &out) override {
    out = in.call(function, args);
    return true;
  }
  bool getAttr(Interpreter &in, const Value &self, const std::string &attr,
               Value &out) override;
};

/// The np function that reduces or accumulates with ufunc `name`.
const char *reduction(const std::string &name, bool accumulate) {
  if (name == "add")
    return accumulate ? "cumsum" : "sum";
  if (name == "multiply")
    return accumulate ? "cumprod" : "prod";
  if (accumulate)
    return nullptr;
  if (name == "maximum")
    return "max";
  if (name == "minimum")
    return "min";
  if (name == "logical_and")
    return "all";
  if (name == "logical_or")
    return "any";
  return nullptr;
}

bool UFuncObject::getAttr(Interpreter &in, const Value &self,
                          const std::string &attr, Value &out) {
  std::string ufunc = name;
  TfRuntime *r = rt;
  auto unsupported = [&]() {
    in.raise("NotImplementedError",
             "kiln's np." + ufunc + " has no method " + attr + " yet");
  };
  if (attr == "__name__") {
    out = in.str(name);
  } else if (attr == "at") {
    // a[indices] op= b without buffering: each index, repeated ones too,
    // updates the array in turn.
    bool known = ufunc == "add" || ufunc == "subtract" || ufunc == "multiply" ||
                 ufunc == "maximum" || ufunc == "minimum";
    out = in.builtin("at", [ufunc, r, known](Interpreter &in, CallArgs &args) {
      Params p(in, args, "at", {"a", "indices", "b"}, Wording::Python);
      Value a = p.require("a", "at");
      auto *array = dynamic_cast<NdArrayObject *>(a.raw());
      if (!array || array->scalar)
        in.typeError("first operand to ufunc.at must be an array");
      DType d = array->value->type.dtype;
      if (!known ||
          !(d == DType::Float32 || d == DType::Float64 || d == DType::Int32 ||
            d == DType::Int64 || d == DType::UInt8))
        in.raise("NotImplementedError",
                 "kiln's np." + ufunc +
                     ".at takes add, subtract, multiply, "
                     "maximum and minimum on float, int and uint8 arrays");
      Value positions = in.getItem(
          makeNdArray(*r, flatPositions(array->value->type.shape), false),
          p.require("indices", "at"));
      HostTensorPtr where = npAsArray(*r, positions);
      Value b = p.has("b") ? p.get("b") : Value::integer(1);
      // b broadcast to the selection, in the array's dtype.
      HostTensorPtr from;
      {
        EagerScope eager(*r);
        CallArgs call;
        call.positional = {r->eager(npAsArray(*r, b, d)),
                           in.getAttr(positions, "shape")};
        from = r->tensor(in.call(in.getAttr(in.importModule("tensorflow"),
                                            "broadcast_to"),
                                 call))
                   .value;
      }
      auto updated = std::make_shared<graph::HostTensor>(*array->value);
      for (int64_t k = 0, n = where->type.numElements(); k < n; ++k)
        update(ufunc, *updated, where->elementAsInt(k), *from, k);
      array->assign(updated);
      return Value();
    });
  } else if (attr == "reduce" || attr == "accumulate") {
    const char *fn = reduction(ufunc, attr == "accumulate");
    if (!fn)
      unsupported();
    std::string method = attr;
    out = in.builtin(attr, [fn, method](Interpreter &in, CallArgs &args) {
      Params p(in, args, method, {"array", "axis", "dtype", "out", "keepdims"},
               Wording::Python);
      // The first axis unless told (np.sum's default is all of them).
      std::vector<std::pair<std::string, Value>> kw{
          {"axis", args.keywords.empty() && args.positional.size() < 2
                       ? Value::integer(0)
                       : p.get("axis")}};
      if (p.has("keepdims"))
        kw.push_back({"keepdims", p.get("keepdims")});
      return callNumPy(in, fn, {p.require("array", method)}, kw);
    });
  } else if (attr == "outer") {
    Value fn = function;
    out = in.builtin("outer", [fn](Interpreter &in, CallArgs &args) {
      Params p(in, args, "outer", {"A", "B"}, Wording::Python);
      Value a = callNumPy(in, "asarray", {p.require("A", "outer")});
      Value b = callNumPy(in, "asarray", {p.require("B", "outer")});
      // a's axes first, then b's: a reshaped to a.shape + (1,) * b.ndim.
      ValueList shape = in.toList(in.getAttr(a, "shape"));
      for (int64_t k = 0, n = in.getAttr(b, "ndim").asInt(); k < n; ++k)
        shape.push_back(Value::integer(1));
      CallArgs call;
      call.positional = {callNumPy(in, "reshape", {a, in.tuple(shape)}), b};
      return in.call(fn, call);
    });
  } else {
    return false;
  }
  return true;
}

} // namespace

void installNpUFuncs(TfRuntime &rt, ModuleBuilder &np_, Value module) {
  for (const char *name :
       {"add", "subtract", "multiply", "divide", "true_divide", "floor_divide",
        "power", "maximum", "minimum", "logical_and", "logical_or", "equal",
        "not_equal", "less", "less_equal", "greater", "greater_equal"}) {
    auto u = std::make_shared<UFuncObject>();
    u->name = name;
    u->function = rt.in.getAttr(module, name);
    u->rt = &rt;
    np_.set(name, Value::object(Type::Native, u));
  }
}

} // namespace kiln::tf
