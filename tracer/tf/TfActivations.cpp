// tf.nn's elementwise activations that TensorFlow runs as ops of their own
// (Softplus, Elu, Selu, Relu6, LeakyRelu, Softsign) and tf.math.expm1. Each
// is one graph node, as in TensorFlow's graphs; codegen expands it
// (codegen/EmitActivations.cpp).
#include "ShapeTensor.h"
#include "TfModuleBuilder.h"
#include "TfOps.h"

namespace kiln::tf {

namespace {

/// rejectDType for the `features` input of activation `op`, whose OpDef
/// allows the dtypes `enums` (their DT_ names).
[[noreturn]] void rejectFeatures(TfRuntime &rt, const std::string &op,
                                 DType dtype, const std::string &traced,
                                 const std::string &kernels,
                                 const std::string &enums) {
  // LeakyRelu's OpDef has an alpha attr and a default T.
  bool leaky = op == "LeakyRelu";
  rejectDType(rt, op, "features", "T", dtype, traced, kernels,
              std::string("; signature=features:T -> activations:T; ") +
                  (leaky ? "attr=alpha:float,default=0.2; "
                           "attr=T:type,default=DT_FLOAT,allowed=["
                         : "attr=T:type,allowed=[") +
                  enums + "]>");
}

/// The activation `op` of `features`, which must be a float tensor.
Value floatActivation(TfRuntime &rt, const std::string &op, const Value &v,
                      std::map<std::string, Attr> attrs = {}) {
  Value t = rt.toTensor(v);
  const TensorType &type = rt.tensor(t).type;
  if (!isFloating(type.dtype))
    rejectFeatures(rt, op, type.dtype, "float16, bfloat16, float32, float64",
                   "half, bfloat16, float, double",
                   "DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE");
  attrs["T"] = type.dtype;
  return rt.apply(op, {t}, attrs, type, op);
}

} // namespace

void installActivations(TfRuntime &rt, ModuleBuilder &math, ModuleBuilder &nn) {
  TfRuntime *r = &rt;
  for (auto [name, op] : {std::pair{"softplus", "Softplus"},
                          {"elu", "Elu"},
                          {"selu", "Selu"},
                          {"softsign", "Softsign"}}) {
    auto fn = [r, name = std::string(name),
               op = std::string(op)](Interpreter &in, CallArgs &args) {
      Params p(in, args, name, {"features", "name"});
      return floatActivation(*r, op, p.require("features", name));
    };
    nn.def(name, fn);
    if (std::string(name) == "softplus" || std::string(name) == "softsign")
      math.def(name, fn);
  }
  nn.def("relu6", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "relu6", {"features", "name"});
    Value t = r->toTensor(p.require("features", "relu6"));
    const TensorType &type = r->tensor(t).type;
    if (type.dtype == DType::Bool || type.dtype == DType::String)
      rejectFeatures(*r, "Relu6", type.dtype,
                     "float32, float64, int32, uint8, int16, int8, int64, "
                     "bfloat16, uint16, float16, uint32, uint64",
                     "float, double, int32, uint8, int16, int8, int64, "
                     "bfloat16, uint16, half, uint32, uint64",
                     "DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, "
                     "DT_INT8, DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, "
                     "DT_UINT32, DT_UINT64");
    return r->apply("Relu6", {t}, {{"T", type.dtype}}, type, "Relu6");
  });
  nn.def("leaky_relu", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "leaky_relu", {"features", "alpha", "name"});
    Value t = r->toTensor(p.require("features", "leaky_relu"));
    // Integer features are computed in float32, as nn_ops.leaky_relu does
    // (bools are not integers: the op refuses them).
    DType d = r->tensor(t).type.dtype;
    if (!isFloating(d) && d != DType::Bool && d != DType::String)
      t = cast(*r, t, DType::Float32);
    double alpha = 0.2;
    if (p.has("alpha")) {
      Value a = numpyNumber(p.get("alpha"));
      if (!a.isNumber())
        in.typeError("Expected float for argument 'alpha' not " + in.repr(a) +
                     ".");
      alpha = a.toDouble();
    }
    // The op's alpha is a float attr: float64 features multiply by its
    // float32 value.
    alpha = static_cast<float>(alpha);
    return floatActivation(*r, "LeakyRelu", t, {{"alpha", alpha}});
  });
  math.def("expm1", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "expm1", {"x", "name"});
    return unaryOp(*r, "Expm1", p.require("x", "expm1"));
  });
}

} // namespace kiln::tf
