// The trace-time interpreter's value model. A Value is a small tagged
// union: None, bool, int and float inline, everything else a shared heap
// Object. Later stages add a Tensor kind here; calls into the `tf` namespace
// go through Module objects whose attributes are builtin functions, so the
// tracer extends the interpreter by registering a module, not by editing it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace kiln::py {

enum class Type : uint8_t {
  None,
  Bool,
  Int,
  Float,
  Str,
  Bytes,
  List,
  Tuple,
  Dict,
  Set,
  Range,
  Slice,
  Function,
  Builtin,
  BoundMethod,
  Class,
  Instance,
  Module,
  Iterator,
  Property, // property, staticmethod and classmethod wrappers
  Super,
  Ellipsis,
  DictView, // dict.keys(), .values(), .items()
  Tensor,   // a tf.Tensor, eager or symbolic (tracer/TfTensor.h)
  Native,   // other objects implemented in C++ (tracer/Native.h)
};

struct Object {
  virtual ~Object() = default;
};

class Value {
public:
  Value() : type_(Type::None), i_(0) {}
  static Value none() { return Value(); }
  static Value boolean(bool b) {
    Value v(Type::Bool);
    v.i_ = b;
    return v;
  }
  static Value integer(int64_t i) {
    Value v(Type::Int);
    v.i_ = i;
    return v;
  }
  static Value floating(double f) {
    Value v(Type::Float);
    v.f_ = f;
    return v;
  }
  static Value ellipsis() { return Value(Type::Ellipsis); }
  static Value object(Type type, std::shared_ptr<Object> obj) {
    Value v(type);
    v.obj_ = std::move(obj);
    return v;
  }

  Type type() const { return type_; }
  bool is(Type t) const { return type_ == t; }
  bool isNone() const { return type_ == Type::None; }
  bool asBool() const { return i_ != 0; }
  int64_t asInt() const { return i_; }
  double asFloat() const { return f_; }
  /// The int value of a bool or int.
  bool isIntLike() const { return type_ == Type::Int || type_ == Type::Bool; }
  bool isNumber() const { return isIntLike() || type_ == Type::Float; }
  double toDouble() const { return type_ == Type::Float ? f_ : double(i_); }

  Object *raw() const { return obj_.get(); }
  template <typename T> T &as() const { return *static_cast<T *>(obj_.get()); }
  const std::shared_ptr<Object> &ptr() const { return obj_; }

  /// Identity, as Python's `is`.
  bool identical(const Value &other) const;

private:
  explicit Value(Type t) : type_(t), i_(0) {}
  Type type_;
  union {
    int64_t i_;
    double f_;
  };
  std::shared_ptr<Object> obj_;
};

using ValueList = std::vector<Value>;

/// Arguments of a call: positional values, then keyword name/value pairs.
struct CallArgs {
  ValueList positional;
  std::vector<std::pair<std::string, Value>> keywords;
};

} // namespace kiln::py
