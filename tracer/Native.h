// Objects implemented in C++ beyond the core Python types: TensorFlow's
// tensors, dtypes, shapes, functions. The interpreter's protocols (repr,
// attributes, calls, operators, subscripts, iteration) ask the object first;
// returning false means "not supported", and the interpreter raises
// Python's usual TypeError or AttributeError.
#pragma once

#include "Objects.h"
#include "kiln/frontend/Ast.h"

namespace kiln::py {

struct NativeObject : Object {
  /// type(x).__name__
  virtual std::string typeName() const = 0;
  virtual std::string repr(Interpreter &in, const Value &self);
  virtual std::string str(Interpreter &in, const Value &self) {
    return repr(in, self);
  }
  virtual bool getAttr(Interpreter &, const Value &self, const std::string &,
                       Value &) {
    return false;
  }
  /// `self.name = value`; false: the attribute cannot be set.
  virtual bool setAttr(Interpreter &, const Value &self, const std::string &,
                       const Value &) {
    return false;
  }
  virtual bool call(Interpreter &, const Value &self, CallArgs &, Value &) {
    return false;
  }
  /// callable(): whether call() can succeed.
  virtual bool isCallable() const { return false; }
  /// isinstance(obj, self) for a native object standing for a type
  /// (tf.Variable); false: not a type.
  virtual bool instanceCheck(Interpreter &, const Value &obj, bool &out) {
    return false;
  }
  /// `self op other`, or `other op self` when `reflected`.
  virtual bool binary(Interpreter &, ast::BinaryOp, const Value &self,
                      const Value &other, bool reflected, Value &) {
    return false;
  }
  /// `self op= other` (__iadd__ and friends); false: `self op other`.
  virtual bool inplace(Interpreter &, ast::BinaryOp, const Value &self,
                       const Value &other, Value &) {
    return false;
  }
  virtual bool unary(Interpreter &, ast::UnaryOpKind, const Value &self,
                     Value &) {
    return false;
  }
  /// Rich comparison; `reflected` as for binary.
  virtual bool compare(Interpreter &, ast::CmpOp, const Value &self,
                       const Value &other, bool reflected, Value &) {
    return false;
  }
  virtual bool truthy(Interpreter &, const Value &self, bool &) {
    return false;
  }
  /// self[key] = value; false: not supported.
  virtual bool setItem(Interpreter &, const Value &self, const Value &key,
                       const Value &value) {
    return false;
  }
  virtual bool getItem(Interpreter &, const Value &self, const Value &key,
                       Value &) {
    return false;
  }
  virtual bool len(Interpreter &, const Value &self, int64_t &) {
    return false;
  }
  virtual bool iter(Interpreter &, const Value &self, Value &) { return false; }
  /// Python's __index__/__int__/__float__ conversions.
  virtual bool toNumber(Interpreter &, const Value &self, Value &) {
    return false;
  }
  /// The builtin class this type derives from, if any: numpy.float64 is
  /// a float subclass (isinstance(np.float64(1), float) holds).
  virtual std::string builtinBase() const { return ""; }
  /// Whether toNumber() is also __index__ (an object with __int__ only,
  /// a tf.Variable, cannot index a list or size a range).
  virtual bool isIndex() const { return true; }
  /// Reading this object as an attribute of class `cls` through instance
  /// `instance` (Python's __get__ of a descriptor); false: the object
  /// itself.
  virtual bool bindTo(Interpreter &, const Value &self, const Value &instance,
                      Value &out) {
    return false;
  }
  /// Python's __set_name__: the class body that made `owner` bound this
  /// object to `name` (functools.cached_property learns its key).
  virtual void setName(Interpreter &, const Value &self, const Value &owner,
                       const std::string &name) {}
  /// The Python function this object wraps, as a decorator's result does
  /// (a tf.function): a method so wrapped still belongs to its class, for
  /// zero-argument super(). None for other objects.
  virtual Value wrappedFunction() const { return Value(); }
  /// The module type() names the type after ("numpy" for
  /// <class 'numpy.float32'>); "" for none.
  virtual std::string typeModule() const { return ""; }
  /// The name CPython's own messages give the type (its tp_name): the
  /// dotted path for types written in C (numpy.ndarray, TensorFlow's
  /// EagerTensor), the bare name for Python classes.
  virtual std::string cTypeName() const { return typeName(); }
  /// format(self, spec); false: str(self) for an empty spec, else
  /// TypeError.
  virtual bool format(Interpreter &, const Value &self, const std::string &spec,
                      Value &out) {
    return false;
  }
  /// hash(); false: unhashable.
  virtual bool hash(Interpreter &, const Value &self, size_t &out) {
    out = std::hash<const void *>()(this);
    return true;
  }
  virtual bool equals(Interpreter &, const Value &self, const Value &other,
                      bool &out) {
    out = self.raw() == other.raw();
    return true;
  }
};

inline bool isNative(const Value &v) {
  return v.is(Type::Tensor) || v.is(Type::Native);
}

} // namespace kiln::py
