// tf.nn's elementwise activations that TensorFlow runs as ops of their own
// (Softplus, Elu, Selu, Relu6, LeakyRelu, Softsign) and tf.math.expm1. Each
// is one graph node, as in TensorFlow's graphs; codegen expands it
// (codegen/EmitActivations.cpp).
#include "TfModuleBuilder.h"
#include "TfOps.h"

namespace kiln::tf {

namespace {

bool isFloat(DType d) {
  return d == DType::Float16 || d == DType::BFloat16 || d == DType::Float32 ||
         d == DType::Float64;
}

/// The activation `op` of `features`, which must be a float tensor.
Value floatActivation(TfRuntime &rt, const std::string &op, const Value &v,
                      std::map<std::string, Attr> attrs = {}) {
  Value t = rt.toTensor(v);
  const TensorType &type = rt.tensor(t).type;
  if (!isFloat(type.dtype)) {
    std::string name = py::dtypeName(type.dtype);
    if (rt.tracing)
      rt.in.typeError("Value passed to parameter 'features' has DataType " +
                      name +
                      " not in list of allowed values: float16, bfloat16, "
                      "float32, float64");
    rt.raise("InvalidArgumentError",
             "Value for attr 'T' of " + name +
                 " is not in the list of allowed values: half, bfloat16, "
                 "float, double\n\t; NodeDef: {{node " +
                 op + "}}; Op<name=" + op +
                 "; signature=features:T -> activations:T; "
                 "attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, "
                 "DT_DOUBLE]> [Op:" +
                 op + "] name: ");
  }
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
    if (std::string(name) == "softplus")
      math.def(name, fn);
  }
  nn.def("relu6", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "relu6", {"features", "name"});
    Value t = r->toTensor(p.require("features", "relu6"));
    const TensorType &type = r->tensor(t).type;
    if (type.dtype == DType::Bool || type.dtype == DType::String) {
      std::string name = py::dtypeName(type.dtype);
      if (r->tracing)
        in.typeError("Value passed to parameter 'features' has DataType " +
                     name +
                     " not in list of allowed values: float32, float64, "
                     "int32, uint8, int16, int8, int64, bfloat16, uint16, "
                     "half, uint32, uint64, qint8");
      r->raise("InvalidArgumentError",
               "Value for attr 'T' of " + name +
                   " is not in the list of allowed values: float, double, "
                   "int32, uint8, int16, int8, int64, bfloat16, uint16, "
                   "half, uint32, uint64\n\t; NodeDef: {{node Relu6}}; "
                   "Op<name=Relu6; signature=features:T -> activations:T; "
                   "attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, "
                   "DT_UINT8, DT_INT16, DT_INT8, DT_INT64, DT_BFLOAT16, "
                   "DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]> [Op:Relu6] "
                   "name: ");
    }
    return r->apply("Relu6", {t}, {{"T", type.dtype}}, type, "Relu6");
  });
  nn.def("leaky_relu", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "leaky_relu", {"features", "alpha", "name"});
    Value t = r->toTensor(p.require("features", "leaky_relu"));
    // Integer features are computed in float32, as nn_ops.leaky_relu does.
    if (!isFloat(r->tensor(t).type.dtype))
      t = cast(*r, t, DType::Float32);
    double alpha = 0.2;
    if (p.has("alpha")) {
      Value a = p.get("alpha");
      if (!a.isNumber())
        in.typeError("Expected float for argument 'alpha' not " + in.repr(a) +
                     ".");
      alpha = a.toDouble();
    }
    return floatActivation(*r, "LeakyRelu", t, {{"alpha", alpha}});
  });
  math.def("expm1", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "expm1", {"x", "name"});
    return unaryOp(*r, "Expm1", p.require("x", "expm1"));
  });
}

} // namespace kiln::tf
