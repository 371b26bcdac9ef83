// The builtin types as class objects (int, str, list, ...: callable to
// construct, usable with isinstance) and the builtin exception hierarchy.
#include "Interpreter.h"
#include "Native.h"
#include "PyFormat.h"

#include <algorithm>
#include <cmath>

namespace kiln::py {

Value makeValuesIterator(ValueList items, const char *name); // Containers.cpp
Value strFormatMethod(Interpreter &in, const std::string &fmt, CallArgs &args);

void ArgParser::noKeywords() {
  if (!args.keywords.empty())
    in.typeError(std::string(fname) + "() takes no keyword arguments");
}

void ArgParser::expect(size_t min, size_t max) {
  noKeywords();
  size_t n = args.positional.size();
  if (n >= min && n <= max)
    return;
  if (min == max)
    in.typeError(
        std::string(fname) + "() takes exactly " +
        (min == 1 ? "one argument" : std::to_string(min) + " arguments") +
        " (" + std::to_string(n) + " given)");
  if (n < min)
    in.typeError(std::string(fname) + " expected " +
                 (min == 1 ? "at least 1 argument"
                           : "at least " + std::to_string(min) + " arguments") +
                 ", got " + std::to_string(n));
  in.typeError(std::string(fname) + " expected at most " + std::to_string(max) +
               (max == 1 ? " argument" : " arguments") + ", got " +
               std::to_string(n));
}

std::optional<Value> ArgParser::keyword(const std::string &name) {
  for (auto it = args.keywords.begin(); it != args.keywords.end(); ++it) {
    if (it->first == name) {
      Value v = it->second;
      args.keywords.erase(it);
      return v;
    }
  }
  return std::nullopt;
}

/// int(t) or float(t) of a symbolic tensor in code AutoGraph converts: a
/// cast, as AutoGraph's int_ and float_ make it.
static bool stagedCast(Interpreter &in, const Value &v, bool toFloat,
                       Value &out) {
  Frame *frame = in.currentFrame();
  return frame && in.mustStage(*frame, v) &&
         in.stager()->stagedCast(v, toFloat, out);
}

/// An eager tensor or array of several elements converts as NumPy's
/// does: "only length-1 arrays can be converted to Python scalars".
static void notLengthOne(Interpreter &in, const Value &v) {
  std::string type = in.typeName(v);
  if (type == "EagerTensor" || type == "ndarray")
    in.typeError("only length-1 arrays can be converted to Python scalars");
}

/// An eager string tensor of one element converts as its NumPy value,
/// bytes (or an array of one bytes object, which NumPy converts as its
/// element): float(tf.constant("1.5")) is 1.5, int(tf.constant(["7"])) 7.
static void stringScalarAsBytes(Interpreter &in, Value &v) {
  if (!v.is(Type::Tensor) || in.typeName(v) != "EagerTensor")
    return;
  Value n = in.call(in.getAttr(v, "numpy"), ValueList{});
  if (in.typeName(n) == "ndarray") {
    Value size = in.getAttr(n, "size");
    if (size.is(Type::Int) && size.asInt() == 1)
      n = in.call(in.getAttr(n, "item"), ValueList{});
  }
  if (n.is(Type::Bytes))
    v = n;
}

static Value toInt(Interpreter &in, CallArgs &args) {
  ArgParser p(in, args, "int");
  std::optional<Value> base = p.keyword("base");
  p.expect(0, 2);
  if (args.positional.empty())
    return Value::integer(0);
  Value v = args.positional[0];
  if (args.positional.size() == 2)
    base = args.positional[1];
  if (!base && (v.is(Type::Tensor) || v.is(Type::Native))) {
    Value n;
    if (v.as<NativeObject>().toNumber(in, v, n))
      v = n;
    else if (stagedCast(in, v, false, n))
      return n;
    else
      stringScalarAsBytes(in, v);
  }
  if (base) {
    if (!v.is(Type::Str) && !v.is(Type::Bytes))
      in.typeError("int() can't convert non-string with explicit base");
  }
  switch (v.type()) {
  case Type::Bool:
  case Type::Int:
    return Value::integer(v.asInt());
  case Type::Float: {
    double f = v.asFloat();
    if (std::isinf(f))
      in.raise("OverflowError", "cannot convert float infinity to integer");
    if (std::isnan(f))
      in.valueError("cannot convert float NaN to integer");
    if (f >= 0x1p63 || f < -0x1p63 /* -2^63 fits */)
      in.raise("OverflowError",
               "integer result does not fit in 64 bits (kiln's int is 64-bit)");
    return Value::integer(static_cast<int64_t>(f));
  }
  case Type::Str:
  case Type::Bytes: { // bytes: ASCII digits only
    int b = base ? static_cast<int>(in.toIndex(*base)) : 10;
    const std::string &text =
        v.is(Type::Str) ? v.as<StrObject>().s : v.as<BytesObject>().s;
    int64_t out = 0;
    ParseIntResult r = ParseIntResult::Invalid;
    try {
      if (v.is(Type::Str) ||
          std::all_of(text.begin(), text.end(),
                      [](unsigned char c) { return c < 0x80; }))
        r = parseInt(text, b, out);
    } catch (FormatError &e) {
      in.valueError(e.message);
    }
    if (r == ParseIntResult::Invalid)
      in.valueError("invalid literal for int() with base " + std::to_string(b) +
                    ": " + in.repr(v));
    if (r == ParseIntResult::Overflow)
      in.raise("OverflowError",
               "integer result does not fit in 64 bits (kiln's int is 64-bit)");
    return Value::integer(out);
  }
  case Type::Instance: {
    Value result;
    if (in.callDunder(v, "__int__", {}, result))
      return result;
    if (in.callDunder(v, "__index__", {}, result))
      return result;
    break;
  }
  default:
    break;
  }
  notLengthOne(in, v);
  in.typeError("int() argument must be a string, a bytes-like object or a "
               "real number, not '" +
               in.typeName(v) + "'");
}

static Value toFloat(Interpreter &in, CallArgs &args) {
  ArgParser p(in, args, "float");
  p.expect(0, 1);
  if (args.positional.empty())
    return Value::floating(0.0);
  Value v = args.positional[0];
  if (v.is(Type::Tensor) || v.is(Type::Native)) {
    Value n;
    if (v.as<NativeObject>().toNumber(in, v, n))
      v = n;
    else if (stagedCast(in, v, true, n))
      return n;
    else
      stringScalarAsBytes(in, v);
  }
  if (v.isNumber())
    return Value::floating(v.toDouble());
  if (v.is(Type::Str) || v.is(Type::Bytes)) {
    double out;
    if (!parseFloat(
            v.is(Type::Str) ? v.as<StrObject>().s : v.as<BytesObject>().s, out))
      in.valueError("could not convert string to float: " + in.repr(v));
    return Value::floating(out);
  }
  Value result;
  if (in.callDunder(v, "__float__", {}, result))
    return result;
  notLengthOne(in, v);
  in.typeError("float() argument must be a string or a real number, not '" +
               in.typeName(v) + "'");
}

static Value toStrValue(Interpreter &in, CallArgs &args) {
  ArgParser p(in, args, "str");
  p.expect(0, 1);
  if (args.positional.empty())
    return in.str("");
  return in.str(in.toStr(args.positional[0]));
}

static Value makeRange(Interpreter &in, CallArgs &args) {
  ArgParser p(in, args, "range");
  p.expect(1, 3);
  // AutoGraph turns range() over a tensor into tf.range.
  Frame *frame = in.currentFrame();
  for (auto &a : args.positional) {
    Value staged;
    if (frame && in.mustStage(*frame, a) &&
        in.stager()->stagedRange(args.positional, staged))
      return staged;
  }
  auto r = std::make_shared<RangeObject>();
  auto &a = args.positional;
  if (a.size() == 1) {
    r->stop = in.toIndex(a[0]);
  } else {
    r->start = in.toIndex(a[0]);
    r->stop = in.toIndex(a[1]);
    if (a.size() == 3)
      r->step = in.toIndex(a[2]);
  }
  if (r->step == 0)
    in.valueError("range() arg 3 must not be zero");
  return Value::object(Type::Range, r);
}

static Value makeDict(Interpreter &in, CallArgs &args) {
  Value d = in.dict();
  if (args.positional.size() > 1)
    in.typeError("dict expected at most 1 argument, got " +
                 std::to_string(args.positional.size()));
  if (!args.positional.empty()) {
    const Value &src = args.positional[0];
    if (src.is(Type::Dict)) {
      for (auto &e : src.as<DictObject>().table.entries())
        if (e.live)
          in.setItem(d, e.key, e.value);
    } else {
      size_t index = 0;
      for (auto &item : in.toList(src)) {
        ValueList pair = in.toList(item);
        if (pair.size() != 2)
          in.valueError("dictionary update sequence element #" +
                        std::to_string(index) + " has length " +
                        std::to_string(pair.size()) + "; 2 is required");
        in.setItem(d, pair[0], pair[1]);
        ++index;
      }
    }
  }
  for (auto &[k, v] : args.keywords)
    in.setItem(d, in.str(k), v);
  return d;
}

static Value makeSet(Interpreter &in, CallArgs &args) {
  ArgParser p(in, args, "set");
  p.expect(0, 1);
  Value s = in.set();
  if (!args.positional.empty())
    for (auto &v : in.toList(args.positional[0]))
      s.as<SetObject>().table.set(in, v, in.hash(v), Value());
  return s;
}

static Value makeBytes(Interpreter &in, CallArgs &args) {
  ArgParser p(in, args, "bytes");
  std::optional<Value> encoding = p.keyword("encoding");
  p.expect(0, 2);
  if (args.positional.empty())
    return in.bytes("");
  const Value &v = args.positional[0];
  if (v.is(Type::Str)) {
    if (!encoding && args.positional.size() < 2)
      in.typeError("string argument without an encoding");
    // bytes(s, encoding) is s.encode(encoding).
    return in.call(in.getAttr(v, "encode"),
                   ValueList{encoding ? *encoding : args.positional[1]});
  }
  if (v.isIntLike()) {
    if (v.asInt() < 0)
      in.valueError("negative count");
    return in.bytes(std::string(v.asInt(), '\0'));
  }
  std::string out;
  for (auto &item : in.toList(v)) {
    int64_t b = in.toIndex(item);
    if (b < 0 || b > 255)
      in.valueError("bytes must be in range(0, 256)");
    out.push_back(static_cast<char>(b));
  }
  return in.bytes(out);
}

void Interpreter::installBuiltinTypes() {
  auto define = [&](const std::string &name, std::optional<Type> type,
                    BuiltinFn construct) {
    auto cls = std::make_shared<ClassObject>();
    cls->name = name;
    cls->builtinType = type;
    cls->construct = std::move(construct);
    builtinClasses_[name] = cls;
    builtins_[name] = Value::object(Type::Class, cls);
    return cls;
  };
  auto object =
      define("object", Type::Instance, [](Interpreter &in, CallArgs &args) {
        ArgParser(in, args, "object").expect(0, 0);
        auto inst = std::make_shared<InstanceObject>();
        inst->cls = in.builtinClass("object");
        return Value::object(Type::Instance, inst);
      });
  // object's methods that user classes reach through super() or by name
  // (object.__setattr__(self, name, value)) from their own hooks.
  object->dict["__init__"] =
      builtin("__init__", [](Interpreter &, CallArgs &) { return Value(); });
  object->dict["__init_subclass__"] = builtin(
      "__init_subclass__", [](Interpreter &, CallArgs &) { return Value(); });
  object->dict["__new__"] =
      builtin("__new__", [](Interpreter &in, CallArgs &args) {
        if (args.positional.empty() || !args.positional[0].is(Type::Class))
          in.typeError("object.__new__(X): X is not a type object");
        auto inst = std::make_shared<InstanceObject>();
        inst->cls =
            std::static_pointer_cast<ClassObject>(args.positional[0].ptr());
        return Value::object(Type::Instance, inst);
      });
  object->dict["__setattr__"] =
      builtin("__setattr__", [](Interpreter &in, CallArgs &args) {
        ArgParser(in, args, "__setattr__").expect(3, 3);
        if (!args.positional[0].is(Type::Instance))
          in.typeError("descriptor '__setattr__' requires an instance");
        in.storeAttr(args.positional[0], in.toStr(args.positional[1]),
                     args.positional[2]);
        return Value();
      });
  auto intClass = define("int", Type::Int, toInt);
  // int.from_bytes(bytes, byteorder='big', *, signed=False).
  intClass->dict["from_bytes"] =
      builtin("from_bytes", [](Interpreter &in, CallArgs &args) {
        ArgParser p(in, args, "from_bytes");
        std::optional<Value> order = p.keyword("byteorder");
        std::optional<Value> sign = p.keyword("signed");
        p.expect(1, 2);
        if (args.positional.size() > 1)
          order = args.positional[1];
        const Value &data = args.positional[0];
        std::string bytes;
        if (data.is(Type::Bytes))
          bytes = data.as<BytesObject>().s;
        else
          for (const Value &b : in.toList(data))
            bytes.push_back(static_cast<char>(in.toIndex(b)));
        std::string byteorder = order ? in.toStr(*order) : "big";
        if (byteorder != "big" && byteorder != "little")
          in.valueError("byteorder must be either 'little' or 'big'");
        if (byteorder == "little")
          std::reverse(bytes.begin(), bytes.end());
        size_t first = bytes.find_first_not_of('\0');
        if (first != std::string::npos && bytes.size() - first > 8)
          in.raise("OverflowError",
                   "integer result does not fit in 64 bits (kiln's int is "
                   "64-bit)");
        uint64_t v = 0;
        for (char c : bytes)
          v = v << 8 | static_cast<unsigned char>(c);
        bool isSigned = sign && in.truthy(*sign);
        if (isSigned && !bytes.empty() && bytes.size() < 8 &&
            (static_cast<unsigned char>(bytes[0]) & 0x80))
          v -= uint64_t(1) << (8 * bytes.size());
        if (!isSigned && bytes.size() >= 8 && (v >> 63))
          in.raise("OverflowError",
                   "integer result does not fit in 64 bits (kiln's int is "
                   "64-bit)");
        return Value::integer(static_cast<int64_t>(v));
      });
  define("float", Type::Float, toFloat);
  define("bool", Type::Bool, [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "bool").expect(0, 1);
    return Value::boolean(!args.positional.empty() &&
                          in.truthy(args.positional[0]));
  });
  define("str", Type::Str, toStrValue);
  define("bytes", Type::Bytes, makeBytes);
  define("list", Type::List, [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "list").expect(0, 1);
    return in.list(args.positional.empty() ? ValueList{}
                                           : in.toList(args.positional[0]));
  });
  define("tuple", Type::Tuple, [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "tuple").expect(0, 1);
    return in.tuple(args.positional.empty() ? ValueList{}
                                            : in.toList(args.positional[0]));
  });
  auto dictClass = define("dict", Type::Dict, makeDict);
  // dict.fromkeys(iterable, value=None): each key mapped to the one value.
  dictClass->dict["fromkeys"] =
      builtin("fromkeys", [](Interpreter &in, CallArgs &args) {
        ArgParser(in, args, "fromkeys").expect(1, 2);
        Value value = args.positional.size() > 1 ? args.positional[1] : Value();
        Value out = in.dict();
        for (const Value &k : in.toList(args.positional[0]))
          in.setItem(out, k, value);
        return out;
      });
  define("set", Type::Set, makeSet);
  define("frozenset", Type::Set, [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "frozenset").expect(0, 1);
    // A frozenset is its own frozenset, as CPython's is.
    if (!args.positional.empty() && args.positional[0].is(Type::Set) &&
        args.positional[0].as<SetObject>().frozen)
      return args.positional[0];
    Value s = makeSet(in, args);
    s.as<SetObject>().frozen = true;
    return s;
  });
  define("range", Type::Range, makeRange);
  define("slice", Type::Slice, [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "slice").expect(1, 3);
    auto s = std::make_shared<SliceObject>();
    auto &a = args.positional;
    if (a.size() == 1) {
      s->stop = a[0];
    } else {
      s->start = a[0];
      s->stop = a[1];
      if (a.size() == 3)
        s->step = a[2];
    }
    return Value::object(Type::Slice, s);
  });
  define("type", Type::Class, [](Interpreter &in, CallArgs &args) {
    ArgParser p(in, args, "type");
    if (args.positional.size() != 1)
      in.typeError("type() takes 1 argument (the 3-argument form is not "
                   "supported by kiln)");
    return Value::object(Type::Class, in.typeOf(args.positional[0]));
  });
  auto noneType = define("NoneType", Type::None,
                         [](Interpreter &, CallArgs &) { return Value(); });
  (void)noneType;
}

ClassPtr Interpreter::defineExceptionClass(const std::string &name,
                                           const ClassPtr &base,
                                           const std::string &module) {
  auto cls = std::make_shared<ClassObject>();
  cls->name = name;
  cls->isException = true;
  cls->base = base;
  cls->module = module;
  return cls;
}

void Interpreter::installExceptions() {
  auto define = [&](const std::string &name, const std::string &base) {
    auto cls = std::make_shared<ClassObject>();
    cls->name = name;
    cls->isException = true;
    if (!base.empty())
      cls->base = builtinClasses_.at(base);
    builtinClasses_[name] = cls;
    builtins_[name] = Value::object(Type::Class, cls);
    return cls;
  };
  auto base = define("BaseException", "");
  // BaseException.__init__ stores its arguments as `args`.
  base->dict["__init__"] = builtin("__init__", [](Interpreter &in,
                                                  CallArgs &args) {
    if (args.positional.empty() || !args.positional[0].is(Type::Instance))
      in.typeError("descriptor '__init__' of 'BaseException' object needs an "
                   "argument");
    auto &inst = args.positional[0].as<InstanceObject>();
    inst.args.assign(args.positional.begin() + 1, args.positional.end());
    return Value();
  });
  define("SystemExit", "BaseException");
  define("KeyboardInterrupt", "BaseException");
  define("GeneratorExit", "BaseException");
  define("Exception", "BaseException");
  define("StopIteration", "Exception");
  define("ArithmeticError", "Exception");
  define("FloatingPointError", "ArithmeticError");
  define("OverflowError", "ArithmeticError");
  define("ZeroDivisionError", "ArithmeticError");
  define("AssertionError", "Exception");
  define("AttributeError", "Exception");
  define("BufferError", "Exception");
  define("EOFError", "Exception");
  define("ImportError", "Exception");
  define("ModuleNotFoundError", "ImportError");
  define("LookupError", "Exception");
  define("IndexError", "LookupError");
  define("KeyError", "LookupError");
  define("MemoryError", "Exception");
  define("NameError", "Exception");
  define("UnboundLocalError", "NameError");
  define("OSError", "Exception");
  for (const char *name :
       {"FileNotFoundError", "FileExistsError", "IsADirectoryError",
        "NotADirectoryError", "PermissionError", "TimeoutError"})
    define(name, "OSError");
  // Python 3's old names of OSError.
  builtins_["IOError"] = builtins_["EnvironmentError"] = builtins_["OSError"];
  define("RuntimeError", "Exception");
  define("NotImplementedError", "RuntimeError");
  define("RecursionError", "RuntimeError");
  define("SyntaxError", "Exception");
  define("TypeError", "Exception");
  define("ValueError", "Exception");
  define("UnicodeError", "ValueError");
  define("UnicodeDecodeError", "UnicodeError");
  define("UnicodeEncodeError", "UnicodeError");
  define("Warning", "Exception");
  define("UserWarning", "Warning");
  define("DeprecationWarning", "Warning");
  define("RuntimeWarning", "Warning");
  define("FutureWarning", "Warning");
  define("PendingDeprecationWarning", "Warning");
  define("SyntaxWarning", "Warning");
  define("ImportWarning", "Warning");
  define("ResourceWarning", "Warning");
}

} // namespace kiln::py
