// What kiln's Keras optimizers, losses and metrics share: keras.ops as
// Keras 3's TensorFlow backend implements them (calls into kiln's own tf
// module) and Keras variables (KerasVariable.cpp).
#pragma once

#include "TfObjects.h"
#include "TfVariable.h"

namespace kiln::tf {

/// The tf functions Keras's code calls (keras.ops on TensorFlow), called
/// through kiln's own tf module so that they behave as the script's calls.
struct KerasOps {
  TfRuntime &rt;
  Interpreter &in;
  Value tf;
  explicit KerasOps(TfRuntime &rt)
      : rt(rt), in(rt.in), tf(in.importModule("tensorflow")) {}
  Value fn(const char *name, ValueList args) {
    return in.call(in.getAttr(tf, name), std::move(args));
  }
  /// tf.math.`name`(args).
  Value math(const char *name, ValueList args) {
    return in.call(in.getAttr(in.getAttr(tf, "math"), name), std::move(args));
  }
  Value cast(const Value &x, DType d) { return fn("cast", {x, makeDType(d)}); }
  /// keras.ops' binary functions (multiply, subtract, add, divide): a
  /// Python number takes the other operand's dtype, as Keras's weak types
  /// do, and is converted to it directly (not through float32).
  Value binary(const char *name, Value a, Value b) {
    auto number = [](const Value &v) {
      return v.is(py::Type::Int) || v.is(py::Type::Float);
    };
    if (number(a) && !number(b))
      a = fn("convert_to_tensor", {a, makeDType(dtypeOf(convert(b)))});
    else if (number(b) && !number(a))
      b = fn("convert_to_tensor", {b, makeDType(dtypeOf(convert(a)))});
    return fn(name, {a, b});
  }
  Value mul(const Value &a, const Value &b) { return binary("multiply", a, b); }
  Value sub(const Value &a, const Value &b) { return binary("subtract", a, b); }
  Value add(const Value &a, const Value &b) { return binary("add", a, b); }
  Value div(const Value &a, const Value &b) { return binary("divide", a, b); }
  /// Python's operators on tensors (Keras writes `lr * x / y`).
  Value op(ast::BinaryOp o, const Value &a, const Value &b) {
    return in.binary(o, a, b);
  }
  void method(const Value &obj, const char *name, ValueList args) {
    in.call(in.getAttr(obj, name), std::move(args));
  }
  /// Keras's convert_to_tensor(x, dtype): a tensor or variable of another
  /// dtype is cast; anything else is converted to the dtype (through its
  /// own for an integer or bool dtype, which TensorFlow converts strictly).
  Value convert(const Value &x, std::optional<DType> d = std::nullopt) {
    bool tensor = rt.isTensor(x) || asVariable(x);
    if (!tensor) {
      if (d && (!isFloating(*d) && *d != DType::String))
        return cast(fn("convert_to_tensor", {x}), *d);
      return d ? fn("convert_to_tensor", {x, makeDType(*d)})
               : fn("convert_to_tensor", {x});
    }
    if (d && dtypeOf(x) != *d)
      return cast(x, *d);
    return asVariable(x) ? fn("convert_to_tensor", {x}) : x;
  }
  DType dtypeOf(const Value &v) {
    if (VariableObject *var = asVariable(v))
      return var->state->type.dtype;
    return rt.tensor(v).type.dtype;
  }
  /// keras.ops.mean of a float tensor: half precision is averaged in
  /// float32 (tf.reduce_mean would overflow) and cast back.
  Value mean(const Value &x, const Value &axis) {
    DType d = dtypeOf(x);
    if (d == DType::Float32 || d == DType::Float64)
      return fn("reduce_mean", {x, axis});
    // Integers and bools average to float32, as Keras's result_type says.
    DType result = isFloating(d) ? d : DType::Float32;
    return cast(fn("reduce_mean", {cast(x, DType::Float32), axis}), result);
  }
  const TensorType &typeOf(const Value &t) { return rt.tensor(t).type; }
  /// Keras's squeeze_or_expand_to_same_rank (losses/loss.py): when the
  /// ranks differ by one and the longer ends in 1, that 1 is squeezed (or,
  /// against a rank-1 tensor, the other is expanded).
  void sameRank(Value &x1, Value &x2) {
    const TensorType &a = typeOf(x1), &b = typeOf(x2);
    if (a.unknownRank || b.unknownRank)
      return;
    size_t r1 = a.shape.size(), r2 = b.shape.size();
    Value last = Value::integer(-1);
    if (r1 == r2 + 1 && a.shape.back() == 1) {
      if (r2 == 1)
        x2 = fn("expand_dims", {x2, last});
      else
        x1 = fn("squeeze", {x1, last});
    }
    if (r2 == r1 + 1 && b.shape.back() == 1) {
      if (r1 == 1)
        x1 = fn("expand_dims", {x1, last});
      else
        x2 = fn("squeeze", {x2, last});
    }
  }
  /// warnings.warn(text, category).
  void warn(const std::string &text, const char *category = "UserWarning") {
    in.call(in.getAttr(in.importModule("warnings"), "warn"),
            ValueList{in.str(text), Value::object(py::Type::Class,
                                                  in.builtinClass(category))});
  }
};

/// The value paired with `key` in `pairs` (a class's arguments by name),
/// or None.
inline const Value &
namedValue(const std::vector<std::pair<std::string, Value>> &pairs,
           const std::string &key) {
  for (auto &[k, v] : pairs)
    if (k == key)
      return v;
  static const Value none;
  return none;
}

/// A Python number's value as a double (a NumPy scalar's too).
inline double numberValue(Interpreter &in, const Value &v) {
  Value number = v;
  if (v.is(py::Type::Native))
    v.as<py::NativeObject>().toNumber(in, v, number);
  return number.toDouble();
}

/// Method `name` of native object `self`, as a builtin that keeps `self`
/// alive while it lives.
inline Value boundBuiltin(Interpreter &in, const Value &self,
                          const std::string &name, py::BuiltinFn fn) {
  return in.builtin(
      name, [self, fn = std::move(fn)](Interpreter &in, CallArgs &args) {
        return fn(in, args);
      });
}

/// Python's default repr of an instance of class `qualifiedName`.
inline std::string objectRepr(const std::string &qualifiedName,
                              const void *object) {
  char buf[32];
  snprintf(buf, sizeof buf, "%p", object);
  return "<" + qualifiedName + " object at " + buf + ">";
}

/// A Keras variable of `type`, path `scope`/`name`, filled with `init`
/// (zeros when null). It is made through tf.Variable, so that a tf.function
/// makes it only on its first trace, as TensorFlow allows.
Value kerasVariable(TfRuntime &rt, const std::string &scope,
                    const std::string &name, HostTensorPtr init,
                    const TensorType &type);

/// `value` converted to a host tensor of dtype `d`, also while tracing (as
/// Keras makes its variables' initial values outside the graph).
HostTensorPtr eagerValue(TfRuntime &rt, const Value &value, DType d);

/// The name Keras shows for a variable in its messages and slot names: a
/// Keras variable's path, a tf.Variable's name.
std::string kerasName(const Value &v);

/// Whether `v` is a tf.keras.optimizers.schedules.LearningRateSchedule,
/// which an optimizer calls with its iteration count (KerasSchedules.cpp).
bool isLearningRateSchedule(Interpreter &in, const Value &v);

} // namespace kiln::tf
