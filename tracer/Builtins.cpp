// Builtin functions: print, len, range helpers, min/max/sum, sorted,
// isinstance, getattr and the rest of DESIGN.md section 3's list.
#include "Files.h"
#include "Generators.h"
#include "Interpreter.h"
#include "Native.h"
#include "PyFormat.h"
#include "StdlibModules.h"
#include "kiln/frontend/Utf8.h"

#include <algorithm>
#include <cmath>

namespace kiln::py {

Value makeValuesIterator(ValueList items, const char *name); // Containers.cpp

/// Sorts `items` stably by `key`; reverse keeps equal items in order.
void sortValues(Interpreter &in, ValueList &items, const Value &key,
                bool reverse) {
  ValueList keys;
  if (!key.isNone())
    for (auto &v : items)
      keys.push_back(in.call(key, ValueList{v}));
  else
    keys = items;
  std::vector<size_t> order(items.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return reverse ? in.lessThan(keys[b], keys[a])
                   : in.lessThan(keys[a], keys[b]);
  });
  ValueList sorted;
  sorted.reserve(items.size());
  for (size_t i : order)
    sorted.push_back(items[i]);
  items = std::move(sorted);
}

namespace {

/// Whether a `for` over `v` in the running code would be staged (a dataset
/// in code AutoGraph converts, while tracing).
bool stagesLoopOver(Interpreter &in, const Value &v) {
  Frame *frame = in.currentFrame();
  return frame && in.stager() && in.converted(*frame) &&
         in.stager()->stagesLoopOver(v);
}

struct ZipIterator : IteratorObject {
  ZipIterator(ValueList iterators, bool strict)
      : IteratorObject("zip"), iterators(std::move(iterators)), strict(strict) {
  }
  bool next(Interpreter &in, Value &out) override {
    if (iterators.empty())
      return false;
    ValueList items;
    for (size_t k = 0; k < iterators.size(); ++k) {
      Value v;
      if (in.next(iterators[k], v)) {
        items.push_back(v);
        continue;
      }
      // strict=True: every iterator must end together.
      if (strict && k > 0)
        in.valueError("zip() argument " + std::to_string(k + 1) +
                      " is shorter than argument" + (k > 1 ? "s 1-" : " ") +
                      std::to_string(k));
      if (strict && k == 0)
        for (size_t j = 1; j < iterators.size(); ++j)
          if (in.next(iterators[j], v))
            in.valueError("zip() argument " + std::to_string(j + 1) +
                          " is longer than argument" + (j > 1 ? "s 1-" : " ") +
                          std::to_string(j));
      return false;
    }
    out = in.tuple(std::move(items));
    return true;
  }
  ValueList iterators;
  bool strict;
};

/// iter(callable, sentinel): calls until the sentinel comes back.
struct CallIterator : IteratorObject {
  CallIterator(Value fn, Value sentinel)
      : IteratorObject("callable_iterator"), fn(std::move(fn)),
        sentinel(std::move(sentinel)) {}
  bool next(Interpreter &in, Value &out) override {
    if (done)
      return false;
    out = in.call(fn, ValueList{});
    done = in.equals(out, sentinel);
    return !done;
  }
  Value fn, sentinel;
  bool done = false;
};

struct EnumerateIterator : IteratorObject {
  EnumerateIterator(Value it, int64_t start)
      : IteratorObject("enumerate"), it(std::move(it)), index(start) {}
  bool next(Interpreter &in, Value &out) override {
    Value v;
    if (!in.next(it, v))
      return false;
    out = in.tuple({Value::integer(index++), v});
    return true;
  }
  Value it;
  int64_t index;
};

struct MapIterator : IteratorObject {
  MapIterator(Value fn, ValueList iterators)
      : IteratorObject("map"), fn(std::move(fn)),
        iterators(std::move(iterators)) {}
  bool next(Interpreter &in, Value &out) override {
    ValueList args;
    for (auto &it : iterators) {
      Value v;
      if (!in.next(it, v))
        return false;
      args.push_back(v);
    }
    out = in.call(fn, std::move(args));
    return true;
  }
  Value fn;
  ValueList iterators;
};

struct FilterIterator : IteratorObject {
  FilterIterator(Value fn, Value it)
      : IteratorObject("filter"), fn(std::move(fn)), it(std::move(it)) {}
  bool next(Interpreter &in, Value &out) override {
    Value v;
    while (in.next(it, v)) {
      bool keep =
          fn.isNone() ? in.truthy(v) : in.truthy(in.call(fn, ValueList{v}));
      if (keep) {
        out = v;
        return true;
      }
    }
    return false;
  }
  Value fn, it;
};

Value print(Interpreter &in, CallArgs &args) {
  std::string sep = " ", end = "\n";
  bool flush = false;
  Value file;
  for (auto &[name, value] : args.keywords) {
    if (name == "sep" || name == "end") {
      if (!value.isNone() && !value.is(Type::Str))
        in.typeError(name + " must be None or a string, not " +
                     in.typeName(value));
      if (value.is(Type::Str))
        (name == "sep" ? sep : end) = value.as<StrObject>().s;
    } else if (name == "flush") {
      flush = in.truthy(value);
    } else if (name == "file") {
      file = value; // None: stdout
    } else {
      in.typeError("'" + name + "' is an invalid keyword argument for print()");
    }
  }
  // Piece by piece, as CPython writes them: the arguments before one whose
  // str() raises are printed.
  Value write = file.isNone() ? Value() : in.getAttr(file, "write");
  auto put = [&](const std::string &text) {
    if (write.isNone())
      in.out() << text;
    else // sys.stderr, or anything with a write method
      in.call(write, ValueList{in.str(text)});
  };
  for (size_t i = 0; i < args.positional.size(); ++i) {
    if (i)
      put(sep);
    put(in.toStr(args.positional[i]));
  }
  put(end);
  if (flush && write.isNone())
    in.out().flush();
  return Value();
}

/// min() and max(): an iterable or several arguments, key= and default=.
Value minMax(Interpreter &in, CallArgs &args, bool isMax) {
  const char *name = isMax ? "max" : "min";
  ArgParser p(in, args, name);
  Value key = p.keyword("key").value_or(Value());
  std::optional<Value> dflt = p.keyword("default");
  if (!args.keywords.empty())
    in.typeError(std::string(name) + "() got an unexpected keyword argument '" +
                 args.keywords[0].first + "'");
  if (args.positional.empty())
    in.typeError(std::string(name) + " expected at least 1 argument, got 0");
  ValueList items = args.positional.size() == 1 ? in.toList(args.positional[0])
                                                : args.positional;
  if (items.empty()) {
    if (dflt)
      return *dflt;
    in.valueError(std::string(name) + "() arg is an empty sequence");
  }
  Value best = items[0];
  Value bestKey = key.isNone() ? best : in.call(key, ValueList{best});
  for (size_t i = 1; i < items.size(); ++i) {
    Value k = key.isNone() ? items[i] : in.call(key, ValueList{items[i]});
    bool better = isMax ? in.lessThan(bestKey, k) : in.lessThan(k, bestKey);
    if (better) {
      best = items[i];
      bestKey = k;
    }
  }
  return best;
}

Value sum(Interpreter &in, CallArgs &args) {
  ArgParser p(in, args, "sum");
  std::optional<Value> start = p.keyword("start");
  p.expect(1, 2);
  Value total = args.positional.size() == 2 ? args.positional[1]
                                            : start.value_or(Value::integer(0));
  if (total.is(Type::Str))
    in.typeError("sum() can't sum strings [use ''.join(seq) instead]");
  Value it = in.iter(args.positional[0]);
  Value v;
  while (in.next(it, v))
    total = in.binary(ast::BinaryOp::Add, total, v);
  return total;
}

Value roundBuiltin(Interpreter &in, CallArgs &args) {
  ArgParser p(in, args, "round");
  std::optional<Value> nd = p.keyword("ndigits");
  p.expect(1, 2);
  Value x = args.positional[0];
  if (args.positional.size() == 2)
    nd = args.positional[1];
  if (nd && nd->isNone())
    nd.reset();
  // A NumPy scalar rounds as the Python number it holds (a tf.Variable,
  // which float() takes too, has no __round__); with ndigits the result
  // is a NumPy scalar of its type again (np.round's).
  Value number;
  if (x.is(Type::Native) &&
      static_cast<NativeObject *>(x.raw())->typeModule() == "numpy" &&
      static_cast<NativeObject *>(x.raw())->typeName() != "ndarray" &&
      static_cast<NativeObject *>(x.raw())->toNumber(in, x, number)) {
    Value numpy = in.importModule("numpy");
    if (nd && in.toIndex(*nd) >= 0) {
      CallArgs call;
      call.positional = {x, *nd};
      return in.call(in.getAttr(numpy, "round"), call);
    }
    // An integer to tens, hundreds...: Python's rounding, as that type.
    if (nd && number.isIntLike()) {
      CallArgs call;
      call.positional = {number, *nd};
      Value type =
          in.getAttr(numpy, static_cast<NativeObject *>(x.raw())->typeName());
      return in.call(type, ValueList{roundBuiltin(in, call)});
    }
    x = number;
  }
  if (x.isIntLike()) {
    if (!nd || in.toIndex(*nd) >= 0)
      return Value::integer(x.asInt());
    int64_t digits = -in.toIndex(*nd);
    if (digits > 18)
      return Value::integer(0);
    int64_t pow10 = 1;
    for (int64_t i = 0; i < digits; ++i)
      pow10 *= 10;
    int64_t q = x.asInt() / pow10, r = x.asInt() % pow10;
    if (r < 0) {
      r += pow10;
      --q;
    }
    if (2 * r > pow10 || (2 * r == pow10 && (q & 1)))
      ++q;
    return Value::integer(q * pow10);
  }
  if (x.is(Type::Float)) {
    double f = x.asFloat();
    if (!nd) {
      if (std::isnan(f))
        in.valueError("cannot convert float NaN to integer");
      if (std::isinf(f))
        in.raise("OverflowError", "cannot convert float infinity to integer");
      double r = std::nearbyint(f); // ties to even in the default mode
      if (r >= 0x1p63 || r < -0x1p63 /* -2^63 fits */)
        in.raise(
            "OverflowError",
            "integer result does not fit in 64 bits (kiln's int is 64-bit)");
      return Value::integer(static_cast<int64_t>(r));
    }
    // Past the digits a double has, CPython returns x itself (or a zero
    // of its sign for many negative digits).
    int64_t digits = in.toIndex(*nd);
    if (digits > 400)
      return x;
    if (digits < -400)
      return Value::floating(std::copysign(0.0, f));
    std::string s = roundFloatString(f, static_cast<int>(digits));
    double out = 0;
    parseFloat(s, out);
    if (std::isinf(out) && std::isfinite(f))
      in.raise("OverflowError", "rounded value too large to represent");
    return Value::floating(out);
  }
  Value result;
  if (in.callDunder(x, "__round__", nd ? ValueList{*nd} : ValueList{}, result))
    return result;
  // Tensor.__round__ is NumPy's, which calls astype(): TensorFlow's
  // AttributeError that points to NumPy behavior.
  if (x.is(Type::Tensor))
    in.getAttr(x, "astype");
  in.typeError("type " + in.cTypeName(x) + " doesn't define __round__ method");
}

Value divmodBuiltin(Interpreter &in, CallArgs &args) {
  ArgParser(in, args, "divmod").expect(2, 2);
  const Value &a = args.positional[0], &b = args.positional[1];
  // Tensors define no __divmod__.
  if (a.is(Type::Tensor) || b.is(Type::Tensor))
    in.typeError("unsupported operand type(s) for divmod(): '" +
                 in.qualifiedTypeName(a) + "' and '" + in.qualifiedTypeName(b) +
                 "'");
  if (a.isIntLike() && b.isIntLike() && b.asInt() == 0)
    in.raise("ZeroDivisionError", "integer division or modulo by zero");
  if (a.isNumber() && b.isNumber() && b.toDouble() == 0)
    in.raise("ZeroDivisionError", "float divmod()");
  return in.tuple({in.binary(ast::BinaryOp::FloorDiv, a, b),
                   in.binary(ast::BinaryOp::Mod, a, b)});
}

Value powBuiltin(Interpreter &in, CallArgs &args) {
  ArgParser p(in, args, "pow");
  p.expect(2, 3);
  auto &a = args.positional;
  if (a.size() == 2 || a[2].isNone())
    return in.binary(ast::BinaryOp::Pow, a[0], a[1]);
  if (!a[0].isIntLike() || !a[1].isIntLike() || !a[2].isIntLike())
    in.typeError("pow() 3rd argument not allowed unless all arguments are "
                 "integers");
  int64_t base = a[0].asInt(), exp = a[1].asInt(), mod = a[2].asInt();
  if (mod == 0)
    in.valueError("pow() 3rd argument cannot be 0");
  // Work modulo m = |mod| in [0, m); the result takes mod's sign.
  __int128 m = mod < 0 ? -static_cast<__int128>(mod) : mod;
  __int128 b = ((base % m) + m) % m;
  __int128 e = exp;
  if (e < 0) {
    // A negative exponent raises the inverse of base (extended Euclid).
    __int128 r0 = m, r1 = b, t0 = 0, t1 = 1;
    while (r1 != 0) {
      __int128 q = r0 / r1, r2 = r0 - q * r1, t2 = t0 - q * t1;
      r0 = r1;
      r1 = r2;
      t0 = t1;
      t1 = t2;
    }
    if (r0 != 1)
      in.valueError("base is not invertible for the given modulus");
    b = ((t0 % m) + m) % m;
    e = -e;
  }
  __int128 result = 1 % m;
  while (e > 0) {
    if (e & 1)
      result = result * b % m;
    b = b * b % m;
    e >>= 1;
  }
  if (mod < 0 && result != 0)
    result -= m;
  return Value::integer(static_cast<int64_t>(result));
}

Value isinstanceBuiltin(Interpreter &in, CallArgs &args, bool subclass) {
  const char *name = subclass ? "issubclass" : "isinstance";
  ArgParser(in, args, name).expect(2, 2);
  const Value &obj = args.positional[0];
  std::function<bool(const Value &)> check = [&](const Value &t) -> bool {
    if (t.is(Type::Tuple)) {
      for (auto &item : t.as<TupleObject>().items)
        if (check(item))
          return true;
      return false;
    }
    bool native = false;
    if (!subclass && t.is(Type::Native) &&
        t.as<NativeObject>().instanceCheck(in, obj, native))
      return native;
    if (!t.is(Type::Class))
      in.typeError(std::string(name) +
                   "() arg 2 must be a type, a tuple of types, or a union");
    if (subclass) {
      if (!obj.is(Type::Class))
        in.typeError("issubclass() arg 1 must be a class");
      auto &c = t.as<ClassObject>();
      if (c.name == "int" && c.builtinType &&
          obj.as<ClassObject>().name == "bool" &&
          obj.as<ClassObject>().builtinType)
        return true;
      return obj.as<ClassObject>().isSubclassOf(&c);
    }
    return in.isInstance(obj, &t.as<ClassObject>());
  };
  return Value::boolean(check(args.positional[1]));
}

Value intToBase(Interpreter &in, CallArgs &args, const char *name, int base) {
  ArgParser(in, args, name).expect(1, 1);
  return in.str(intToString(in.toIndex(args.positional[0]), base, true));
}

} // namespace

void Interpreter::installBuiltins() {
  auto def = [&](const std::string &name, BuiltinFn fn) {
    builtins_[name] = builtin(name, std::move(fn));
  };
  builtins_["Ellipsis"] = Value::ellipsis(); // the object `...` evaluates to
  // What a binary dunder returns to let the other operand try
  // (callDunder treats it as a missing method).
  struct NotImplementedObject : NativeObject {
    std::string typeName() const override { return "NotImplementedType"; }
    std::string repr(Interpreter &, const Value &) override {
      return "NotImplemented";
    }
  };
  builtins_["NotImplemented"] =
      Value::object(Type::Native, std::make_shared<NotImplementedObject>());
  def("print", print);
  def("len", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "len").expect(1, 1);
    Value staged;
    Frame *frame = in.currentFrame();
    if (frame && in.mustStage(*frame, args.positional[0]) &&
        in.stager()->stagedLen(args.positional[0], staged))
      return staged;
    // Code AutoGraph leaves alone (do_not_convert, generators) calls a
    // graph tensor's __len__, which refuses.
    if (frame && frame->doNotConvert() && in.stager() &&
        in.stager()->isStaged(args.positional[0]))
      return in.call(in.getAttr(args.positional[0], "__len__"), ValueList{});
    return Value::integer(in.len(args.positional[0]));
  });
  def("repr", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "repr").expect(1, 1);
    return in.str(in.repr(args.positional[0]));
  });
  def("ascii", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "ascii").expect(1, 1);
    return in.str(escapeNonAscii(in.repr(args.positional[0])));
  });
  def("abs", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "abs").expect(1, 1);
    const Value &v = args.positional[0];
    if (v.isIntLike()) {
      if (v.asInt() == INT64_MIN)
        in.raise(
            "OverflowError",
            "integer result does not fit in 64 bits (kiln's int is 64-bit)");
      return Value::integer(v.asInt() < 0 ? -v.asInt() : v.asInt());
    }
    if (v.is(Type::Float))
      return Value::floating(std::fabs(v.asFloat()));
    Value result;
    if (in.callDunder(v, "__abs__", {}, result))
      return result;
    if ((v.is(Type::Tensor) || v.is(Type::Native)) &&
        in.tryGetAttr(v, "__abs__", result))
      return in.call(result, ValueList{});
    in.typeError("bad operand type for abs(): '" + in.typeName(v) + "'");
  });
  def("min",
      [](Interpreter &in, CallArgs &args) { return minMax(in, args, false); });
  def("max",
      [](Interpreter &in, CallArgs &args) { return minMax(in, args, true); });
  def("sum", sum);
  def("round", roundBuiltin);
  def("divmod", divmodBuiltin);
  def("pow", powBuiltin);
  def("sorted", [](Interpreter &in, CallArgs &args) {
    ArgParser p(in, args, "sorted");
    Value key = p.keyword("key").value_or(Value());
    Value reverse = p.keyword("reverse").value_or(Value::boolean(false));
    if (args.positional.size() != 1)
      in.typeError("sorted expected 1 argument, got " +
                   std::to_string(args.positional.size()));
    p.noKeywords();
    ValueList items = in.toList(args.positional[0]);
    sortValues(in, items, key, in.truthy(reverse));
    return in.list(std::move(items));
  });
  def("reversed", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "reversed").expect(1, 1);
    const Value &v = args.positional[0];
    Value result;
    if (in.callDunder(v, "__reversed__", {}, result))
      return result;
    // Dicts and their views reverse in insertion order (Python 3.8+).
    if (v.is(Type::Set) || v.is(Type::Iterator))
      in.typeError("'" + in.typeName(v) + "' object is not reversible");
    ValueList items = in.toList(v);
    std::reverse(items.begin(), items.end());
    return makeValuesIterator(std::move(items), v.is(Type::List)
                                                    ? "list_reverseiterator"
                                                    : "reversed");
  });
  def("enumerate", [](Interpreter &in, CallArgs &args) {
    ArgParser p(in, args, "enumerate");
    std::optional<Value> start = p.keyword("start");
    p.expect(1, 2);
    if (args.positional.size() == 2)
      start = args.positional[1];
    // AutoGraph's enumerate of a dataset while tracing: the dataset's own
    // enumerate(), for a staged loop to iterate.
    if (stagesLoopOver(in, args.positional[0]))
      return in.call(in.getAttr(args.positional[0], "enumerate"),
                     ValueList{start ? *start : Value::integer(0)});
    return Value::object(Type::Iterator, std::make_shared<EnumerateIterator>(
                                             in.iter(args.positional[0]),
                                             start ? in.toIndex(*start) : 0));
  });
  def("zip", [](Interpreter &in, CallArgs &args) {
    ArgParser p(in, args, "zip");
    std::optional<Value> strict = p.keyword("strict");
    if (!args.keywords.empty())
      in.typeError("zip() got an unexpected keyword argument '" +
                   args.keywords[0].first + "'");
    // AutoGraph's zip of datasets while tracing: Dataset.zip.
    if (!args.positional.empty() &&
        std::all_of(args.positional.begin(), args.positional.end(),
                    [&](const Value &v) { return stagesLoopOver(in, v); }))
      return in.call(
          in.getAttr(args.positional[0], "zip"),
          ValueList(args.positional.begin() + 1, args.positional.end()));
    ValueList iterators;
    for (auto &v : args.positional)
      iterators.push_back(in.iter(v));
    return Value::object(Type::Iterator, std::make_shared<ZipIterator>(
                                             std::move(iterators),
                                             strict && in.truthy(*strict)));
  });
  def("map", [](Interpreter &in, CallArgs &args) {
    ArgParser p(in, args, "map");
    p.noKeywords();
    if (args.positional.size() < 2)
      in.typeError("map() must have at least two arguments.");
    ValueList iterators;
    for (size_t i = 1; i < args.positional.size(); ++i)
      iterators.push_back(in.iter(args.positional[i]));
    return Value::object(Type::Iterator,
                         std::make_shared<MapIterator>(args.positional[0],
                                                       std::move(iterators)));
  });
  def("filter", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "filter").expect(2, 2);
    return Value::object(Type::Iterator,
                         std::make_shared<FilterIterator>(
                             args.positional[0], in.iter(args.positional[1])));
  });
  def("iter", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "iter").expect(1, 2);
    if (args.positional.size() == 2) {
      if (!in.isCallable(args.positional[0]))
        in.typeError("iter(v, w): v must be callable");
      return Value::object(Type::Iterator,
                           std::make_shared<CallIterator>(args.positional[0],
                                                          args.positional[1]));
    }
    return in.iter(args.positional[0]);
  });
  def("next", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "next").expect(1, 2);
    const Value &it = args.positional[0];
    Value v;
    if (it.is(Type::Instance)) {
      if (in.callDunder(it, "__next__", {}, v))
        return v;
    }
    if (!it.is(Type::Iterator))
      in.typeError("'" + in.typeName(it) + "' object is not an iterator");
    // A tf.data iterator while tracing: its get_next(), a node of the
    // graph that pulls an element each time the function runs.
    if (args.positional.size() == 1 && in.stager() &&
        in.stager()->stagesLoopOver(it))
      return in.call(in.getAttr(it, "get_next"), ValueList{});
    if (in.next(it, v))
      return v;
    if (args.positional.size() == 2)
      return args.positional[1];
    // A generator's return value rides on its StopIteration.
    ValueList stopArgs;
    if (auto *g = dynamic_cast<GeneratorObject *>(it.raw()))
      if (!g->returnValue().isNone())
        stopArgs.push_back(g->returnValue());
    in.raiseValue(
        in.call(Value::object(Type::Class, in.builtinClass("StopIteration")),
                stopArgs));
  });
  def("any", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "any").expect(1, 1);
    Value it = in.iter(args.positional[0]), v;
    while (in.next(it, v))
      if (in.truthy(v))
        return Value::boolean(true);
    return Value::boolean(false);
  });
  def("all", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "all").expect(1, 1);
    Value it = in.iter(args.positional[0]), v;
    while (in.next(it, v))
      if (!in.truthy(v))
        return Value::boolean(false);
    return Value::boolean(true);
  });
  def("isinstance", [](Interpreter &in, CallArgs &args) {
    return isinstanceBuiltin(in, args, false);
  });
  def("issubclass", [](Interpreter &in, CallArgs &args) {
    return isinstanceBuiltin(in, args, true);
  });
  def("hasattr", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "hasattr").expect(2, 2);
    if (!args.positional[1].is(Type::Str))
      in.typeError("attribute name must be string, not '" +
                   in.typeName(args.positional[1]) + "'");
    Value out;
    try {
      return Value::boolean(in.tryGetAttr(
          args.positional[0], args.positional[1].as<StrObject>().s, out));
    } catch (PyException &e) {
      if (in.isInstance(e.exc, in.builtinClass("AttributeError").get()))
        return Value::boolean(false);
      throw;
    }
  });
  def("getattr", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "getattr").expect(2, 3);
    if (!args.positional[1].is(Type::Str))
      in.typeError("attribute name must be string, not '" +
                   in.typeName(args.positional[1]) + "'");
    const std::string &name = args.positional[1].as<StrObject>().s;
    if (args.positional.size() == 2)
      return in.getAttr(args.positional[0], name);
    Value out;
    try {
      if (in.tryGetAttr(args.positional[0], name, out))
        return out;
    } catch (PyException &e) {
      if (!in.isInstance(e.exc, in.builtinClass("AttributeError").get()))
        throw;
    }
    return args.positional[2];
  });
  def("setattr", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "setattr").expect(3, 3);
    if (!args.positional[1].is(Type::Str))
      in.typeError("attribute name must be string, not '" +
                   in.typeName(args.positional[1]) + "'");
    in.setAttr(args.positional[0], args.positional[1].as<StrObject>().s,
               args.positional[2]);
    return Value();
  });
  def("delattr", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "delattr").expect(2, 2);
    in.delAttr(args.positional[0], in.toStr(args.positional[1]));
    return Value();
  });
  def("callable", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "callable").expect(1, 1);
    return Value::boolean(in.isCallable(args.positional[0]));
  });
  def("chr", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "chr").expect(1, 1);
    int64_t cp = in.toIndex(args.positional[0]);
    if (cp < 0 || cp > 0x10FFFF)
      in.valueError("chr() arg not in range(0x110000)");
    std::string out;
    appendCodePoint(out, static_cast<uint32_t>(cp));
    return in.str(out);
  });
  def("ord", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "ord").expect(1, 1);
    const Value &v = args.positional[0];
    if (v.is(Type::Bytes) && v.as<BytesObject>().s.size() == 1)
      return Value::integer(
          static_cast<unsigned char>(v.as<BytesObject>().s[0]));
    if (!v.is(Type::Str))
      in.typeError("ord() expected string of length 1, but " + in.typeName(v) +
                   " found");
    std::u32string cps = decodeUtf8(v.as<StrObject>().s);
    if (cps.size() != 1)
      in.typeError("ord() expected a character, but string of length " +
                   std::to_string(cps.size()) + " found");
    return Value::integer(cps[0]);
  });
  def("hex",
      [](Interpreter &in, CallArgs &a) { return intToBase(in, a, "hex", 16); });
  def("oct",
      [](Interpreter &in, CallArgs &a) { return intToBase(in, a, "oct", 8); });
  def("bin",
      [](Interpreter &in, CallArgs &a) { return intToBase(in, a, "bin", 2); });
  def("hash", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "hash").expect(1, 1);
    // CPython's values for numbers and tuples (Interpreter::hash).
    return Value::integer(static_cast<int64_t>(in.hash(args.positional[0])));
  });
  def("id", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "id").expect(1, 1);
    const Value &v = args.positional[0];
    return Value::integer(v.raw() ? reinterpret_cast<intptr_t>(v.raw())
                                  : static_cast<int64_t>(in.hash(v)));
  });
  def("format", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "format").expect(1, 2);
    std::string spec;
    if (args.positional.size() == 2) {
      if (!args.positional[1].is(Type::Str))
        in.typeError("format() argument 2 must be str, not " +
                     in.typeName(args.positional[1]));
      spec = args.positional[1].as<StrObject>().s;
    }
    return formatValue(in, args.positional[0], spec);
  });
  def("super", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "super").expect(2, 2);
    if (!args.positional[0].is(Type::Class))
      in.typeError("super() argument 1 must be a type, not " +
                   in.typeName(args.positional[0]));
    auto s = std::make_shared<SuperObject>();
    s->after = std::static_pointer_cast<ClassObject>(args.positional[0].ptr());
    s->self = args.positional[1];
    return Value::object(Type::Super, s);
  });
  auto wrapper = [&](const char *name, PropertyObject::Kind kind) {
    def(name, [kind, name](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, name)
          .expect(1, kind == PropertyObject::Kind::Property ? 2 : 1);
      auto p = std::make_shared<PropertyObject>();
      p->kind = kind;
      p->getter = args.positional[0];
      if (args.positional.size() == 2)
        p->setter = args.positional[1];
      return Value::object(Type::Property, p);
    });
  };
  wrapper("property", PropertyObject::Kind::Property);
  wrapper("staticmethod", PropertyObject::Kind::StaticMethod);
  wrapper("classmethod", PropertyObject::Kind::ClassMethod);
  for (const char *part : {"getter", "setter", "deleter"})
    defineMethod(Type::Property, part,
                 [part = std::string(part)](Interpreter &in, const Value &self,
                                            CallArgs &args) {
                   ArgParser(in, args, part.c_str()).expect(1, 1);
                   auto p = std::make_shared<PropertyObject>(
                       self.as<PropertyObject>());
                   (part == "getter"   ? p->getter
                    : part == "setter" ? p->setter
                                       : p->deleter) = args.positional[0];
                   return Value::object(Type::Property, p);
                 });
  installIntrospection(*this);
  installFiles(*this);
}

} // namespace kiln::py
