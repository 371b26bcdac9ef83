// Keras variables: the tf.Variables Keras makes for its optimizers' and
// metrics' state, under its own repr and names (KerasOps.h).
#include "KerasOps.h"
#include "NumPy.h"
#include "TensorFormat.h"

namespace kiln::tf {

namespace {

/// A keras.Variable: Keras's wrapper of a tf.Variable, which it makes for
/// an optimizer's or a metric's state. It computes as the variable it wraps;
/// its repr, `name`, `path` and `value` (the tf.Variable) are Keras's.
struct KerasVariableObject : VariableObject {
  std::string path;      // "sgd/iteration"
  std::string shortName; // "iteration"
  Value wrapped;         // the tf.Variable, made on first use of `value`

  std::string typeName() const override { return "Variable"; }
  std::string typeModule() const override { return "keras.src.backend"; }
  std::string repr(Interpreter &in, const Value &) override {
    std::string text = "<Variable path=" + path +
                       ", shape=" + state->type.shapeString() +
                       ", dtype=" + py::dtypeName(state->type.dtype);
    // A graph has no value to show. Keras converts the value with NumPy
    // and formats that: a scalar float shows as a Python float.
    if (!rt->tracing) {
      if (state->type.shape.empty() && isFloating(state->type.dtype))
        text += ", value=" +
                in.repr(Value::floating(state->value->elementAsDouble(0)));
      else
        text += ", value=" + py::numpyStr(state->value->view());
    }
    return text + ">";
  }
  bool getAttr(Interpreter &in, const Value &self, const std::string &name,
               Value &out) override {
    if (name == "name" || name == "path") {
      out = in.str(name == "name" ? shortName : path);
      return true;
    }
    // Keras standardizes a dtype to its name.
    if (name == "dtype") {
      out = in.str(py::dtypeName(state->type.dtype));
      return true;
    }
    if (name == "ndim") {
      out = Value::integer(static_cast<int64_t>(state->type.shape.size()));
      return true;
    }
    if (name == "value") {
      if (wrapped.isNone())
        wrapped = makeVariable(*rt, state, false);
      out = wrapped;
      return true;
    }
    return VariableObject::getAttr(in, self, name, out);
  }
};

} // namespace

/// A Keras variable of `type` filled with `init` (zeros when null), named
/// `path`'s last part: made through tf.Variable, so that a tf.function
/// makes it only on its first trace, as TensorFlow allows.
Value kerasVariable(TfRuntime &rt, const std::string &scope,
                    const std::string &shortName, HostTensorPtr init,
                    const TensorType &type) {
  Interpreter &in = rt.in;
  if (!init)
    init = graph::HostTensor::zeros(type);
  CallArgs args;
  args.positional.push_back(rt.eager(init));
  args.keywords.emplace_back("trainable", Value::boolean(false));
  Value made =
      in.call(in.getAttr(in.importModule("tensorflow"), "Variable"), args);
  auto v = std::make_shared<KerasVariableObject>();
  v->state = asVariable(made)->state;
  v->rt = &rt;
  v->path = scope + "/" + shortName;
  v->shortName = shortName;
  v->state->name = v->path + ":0";
  v->state->object = v;
  return Value::object(py::Type::Native, v);
}

/// `value` converted to a host tensor of dtype `d`, also while tracing (as
/// Keras makes its variables' initial values outside the graph).
HostTensorPtr eagerValue(TfRuntime &rt, const Value &value, DType d) {
  EagerScope eager(rt);
  return rt.tensor(rt.toTensor(value, d)).value;
}

/// The name Keras shows for a model variable in its messages and slot
/// names: a Keras variable's path, a tf.Variable's name.
std::string kerasName(const Value &v) {
  auto *keras = dynamic_cast<KerasVariableObject *>(asVariable(v));
  return keras ? keras->path : asVariable(v)->state->name;
}

} // namespace kiln::tf
