// A type written in C++ that scripts use as a class: isinstance and
// __name__ know it and, when it has a constructor, calling it makes an
// instance (NumPy's abstract scalar types, collections' containers).
#pragma once

#include "Interpreter.h"
#include "Native.h"

#include <functional>

namespace kiln::py {

struct NativeTypeObject : NativeObject {
  NativeTypeObject(std::string module, std::string name,
                   std::function<bool(const Value &)> holds,
                   BuiltinFn make = nullptr)
      : module(std::move(module)), name(std::move(name)),
        holds(std::move(holds)), make(std::move(make)) {}
  std::string module, name;
  std::function<bool(const Value &)> holds; // isinstance(v, this)
  BuiltinFn make;                           // null: not callable

  std::string typeName() const override { return "type"; }
  std::string repr(Interpreter &, const Value &) override {
    return "<class '" + module + "." + name + "'>";
  }
  bool isCallable() const override { return make != nullptr; }
  bool call(Interpreter &in, const Value &, CallArgs &args,
            Value &out) override {
    if (!make)
      return false;
    out = make(in, args);
    return true;
  }
  bool instanceCheck(Interpreter &, const Value &obj, bool &out) override {
    out = holds(obj);
    return true;
  }
  bool getAttr(Interpreter &in, const Value &, const std::string &attr,
               Value &out) override {
    if (attr != "__name__")
      return false;
    out = in.str(name);
    return true;
  }
};

} // namespace kiln::py
