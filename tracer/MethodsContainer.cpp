// Methods of list, tuple, dict and set (and the few of int and float).
#include "Interpreter.h"

#include <algorithm>
#include <cmath>

namespace kiln::py {

void sortValues(Interpreter &in, ValueList &items, const Value &key,
                bool reverse); // Builtins.cpp

namespace {

ValueList &L(const Value &v) { return v.as<ListObject>().items; }
HashTable &D(const Value &v) { return v.as<DictObject>().table; }
HashTable &St(const Value &v) { return v.as<SetObject>().table; }

Value viewOf(const Value &dict, DictViewObject::Kind kind) {
  auto view = std::make_shared<DictViewObject>();
  view->kind = kind;
  view->dict = dict;
  return Value::object(Type::DictView, view);
}

int64_t sequenceIndex(Interpreter &in, const ValueList &items, CallArgs &args,
                      const char *what) {
  ArgParser(in, args, "index").expect(1, 3);
  int64_t n = items.size();
  auto bound = [&](size_t i, int64_t dflt) {
    if (args.positional.size() <= i)
      return dflt;
    int64_t v = in.toIndex(args.positional[i]);
    if (v < 0)
      v = std::max<int64_t>(0, v + n);
    return std::min(v, n);
  };
  int64_t start = bound(1, 0), stop = bound(2, n);
  for (int64_t i = start; i < stop; ++i)
    if (items[i].identical(args.positional[0]) ||
        in.equals(items[i], args.positional[0]))
      return i;
  in.valueError(std::string(what));
}

int64_t countOf(Interpreter &in, const ValueList &items, CallArgs &args) {
  ArgParser(in, args, "count").expect(1, 1);
  int64_t n = 0;
  for (auto &v : items)
    if (v.identical(args.positional[0]) || in.equals(v, args.positional[0]))
      ++n;
  return n;
}

void setUpdate(Interpreter &in, HashTable &table, const Value &iterable) {
  for (auto &v : in.toList(iterable))
    table.set(in, v, in.hash(v), Value());
}

Value setFromArgs(Interpreter &in, const Value &self, CallArgs &args,
                  ast::BinaryOp op) {
  Value result = in.set();
  setUpdate(in, St(result), self);
  for (auto &other : args.positional) {
    Value otherSet = in.set();
    setUpdate(in, St(otherSet), other);
    result = in.binary(op, result, otherSet);
  }
  // frozenset.union(...) and the rest make frozensets.
  result.as<SetObject>().frozen = self.as<SetObject>().frozen;
  return result;
}

} // namespace

void Interpreter::installContainerMethods() {
  using Args = CallArgs;
  // ---- list ----
  auto listDef = [&](const char *name, MethodFn fn) {
    defineMethod(Type::List, name, std::move(fn));
  };
  listDef("append", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "append").expect(1, 1);
    L(self).push_back(args.positional[0]);
    return Value();
  });
  listDef("extend", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "extend").expect(1, 1);
    ValueList more = in.toList(args.positional[0]);
    L(self).insert(L(self).end(), more.begin(), more.end());
    return Value();
  });
  listDef("insert", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "insert").expect(2, 2);
    int64_t n = L(self).size(), i = in.toIndex(args.positional[0]);
    if (i < 0)
      i = std::max<int64_t>(0, i + n);
    i = std::min(i, n);
    L(self).insert(L(self).begin() + i, args.positional[1]);
    return Value();
  });
  listDef("pop", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "pop").expect(0, 1);
    auto &items = L(self);
    if (items.empty())
      in.raise("IndexError", "pop from empty list");
    int64_t n = items.size();
    int64_t i =
        args.positional.empty() ? n - 1 : in.toIndex(args.positional[0]);
    if (i < 0)
      i += n;
    if (i < 0 || i >= n)
      in.raise("IndexError", "pop index out of range");
    Value v = items[i];
    items.erase(items.begin() + i);
    return v;
  });
  listDef("remove", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "remove").expect(1, 1);
    auto &items = L(self);
    for (size_t i = 0; i < items.size(); ++i)
      if (items[i].identical(args.positional[0]) ||
          in.equals(items[i], args.positional[0])) {
        items.erase(items.begin() + i);
        return Value();
      }
    in.valueError("list.remove(x): x not in list");
  });
  listDef("index", [](Interpreter &in, const Value &self, Args &args) {
    std::string what =
        in.repr(args.positional.empty() ? Value() : args.positional[0]) +
        " is not in list";
    return Value::integer(sequenceIndex(in, L(self), args, what.c_str()));
  });
  listDef("count", [](Interpreter &in, const Value &self, Args &args) {
    return Value::integer(countOf(in, L(self), args));
  });
  listDef("reverse", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "reverse").expect(0, 0);
    std::reverse(L(self).begin(), L(self).end());
    return Value();
  });
  listDef("sort", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser p(in, args, "sort");
    Value key = p.keyword("key").value_or(Value());
    Value reverse = p.keyword("reverse").value_or(Value::boolean(false));
    if (!args.positional.empty())
      in.typeError("sort() takes no positional arguments");
    p.noKeywords();
    ValueList items = L(self);
    sortValues(in, items, key, in.truthy(reverse));
    L(self) = std::move(items);
    return Value();
  });
  listDef("copy", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "copy").expect(0, 0);
    return in.list(L(self));
  });
  listDef("clear", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "clear").expect(0, 0);
    L(self).clear();
    return Value();
  });

  // ---- tuple ----
  defineMethod(Type::Tuple, "index",
               [](Interpreter &in, const Value &self, Args &args) {
                 return Value::integer(
                     sequenceIndex(in, self.as<TupleObject>().items, args,
                                   "tuple.index(x): x not in tuple"));
               });
  defineMethod(
      Type::Tuple, "count", [](Interpreter &in, const Value &self, Args &args) {
        return Value::integer(countOf(in, self.as<TupleObject>().items, args));
      });

  // ---- range ----
  // An int's place is arithmetic (a range may be long); other values are
  // compared with each element, as CPython does.
  auto rangeIndex = [](Interpreter &in, const RangeObject &r,
                       const Value &x) -> int64_t {
    if (x.isIntLike()) {
      int64_t v = x.asInt();
      bool inside =
          r.step > 0 ? r.start <= v && v < r.stop : r.stop < v && v <= r.start;
      return inside && (v - r.start) % r.step == 0 ? (v - r.start) / r.step
                                                   : -1;
    }
    ValueList items =
        in.toList(Value::object(Type::Range, std::make_shared<RangeObject>(r)));
    for (size_t i = 0; i < items.size(); ++i)
      if (in.equals(items[i], x))
        return static_cast<int64_t>(i);
    return -1;
  };
  defineMethod(
      Type::Range, "index",
      [rangeIndex](Interpreter &in, const Value &self, Args &args) {
        ArgParser(in, args, "range.index").expect(1, 1);
        int64_t i = rangeIndex(in, self.as<RangeObject>(), args.positional[0]);
        const Value &x = args.positional[0];
        if (i < 0)
          in.valueError(x.isIntLike() ? in.repr(x) + " is not in range"
                                      : "sequence.index(x): x not in sequence");
        return Value::integer(i);
      });
  defineMethod(Type::Range, "count",
               [rangeIndex](Interpreter &in, const Value &self, Args &args) {
                 ArgParser(in, args, "range.count").expect(1, 1);
                 const Value &x = args.positional[0];
                 if (x.isIntLike())
                   return Value::integer(
                       rangeIndex(in, self.as<RangeObject>(), x) >= 0);
                 return Value::integer(countOf(in, in.toList(self), args));
               });

  // ---- dict ----
  auto dictDef = [&](const char *name, MethodFn fn) {
    defineMethod(Type::Dict, name, std::move(fn));
  };
  dictDef("get", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "get").expect(1, 2);
    const Value &key = args.positional[0];
    if (auto *e = D(self).find(in, key, in.hash(key)))
      return e->value;
    return args.positional.size() == 2 ? args.positional[1] : Value();
  });
  dictDef("keys", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "keys").expect(0, 0);
    return viewOf(self, DictViewObject::Kind::Keys);
  });
  dictDef("values", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "values").expect(0, 0);
    return viewOf(self, DictViewObject::Kind::Values);
  });
  dictDef("items", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "items").expect(0, 0);
    return viewOf(self, DictViewObject::Kind::Items);
  });
  dictDef("pop", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "pop").expect(1, 2);
    const Value &key = args.positional[0];
    size_t h = in.hash(key);
    if (auto *e = D(self).find(in, key, h)) {
      Value v = e->value;
      D(self).erase(in, key, h);
      return v;
    }
    if (args.positional.size() == 2)
      return args.positional[1];
    in.raiseValue(
        in.call(Value::object(Type::Class, in.builtinClass("KeyError")),
                ValueList{key}));
  });
  dictDef("popitem", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "popitem").expect(0, 0);
    auto &entries = D(self).entries();
    for (size_t i = entries.size(); i-- > 0;) {
      if (!entries[i].live)
        continue;
      Value item = in.tuple({entries[i].key, entries[i].value});
      Value key = entries[i].key;
      D(self).erase(in, key, entries[i].hash);
      return item;
    }
    in.raise("KeyError", "popitem(): dictionary is empty");
  });
  dictDef("setdefault", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "setdefault").expect(1, 2);
    const Value &key = args.positional[0];
    size_t h = in.hash(key);
    if (auto *e = D(self).find(in, key, h))
      return e->value;
    Value v = args.positional.size() == 2 ? args.positional[1] : Value();
    D(self).set(in, key, h, v);
    return v;
  });
  dictDef("update", [](Interpreter &in, const Value &self, Args &args) {
    if (args.positional.size() > 1)
      in.typeError("update expected at most 1 argument, got " +
                   std::to_string(args.positional.size()));
    CallArgs copy = args;
    Value merged =
        in.call(Value::object(Type::Class, in.builtinClass("dict")), copy);
    for (auto &e : D(merged).entries())
      if (e.live)
        D(self).set(in, e.key, e.hash, e.value);
    return Value();
  });
  dictDef("copy", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "copy").expect(0, 0);
    Value out = in.dict();
    // A Counter's or defaultdict's copy is one too.
    out.as<DictObject>().kind = self.as<DictObject>().kind;
    out.as<DictObject>().factory = self.as<DictObject>().factory;
    for (auto &e : D(self).entries())
      if (e.live)
        D(out).set(in, e.key, e.hash, e.value);
    return out;
  });
  dictDef("clear", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "clear").expect(0, 0);
    D(self).clear();
    return Value();
  });

  // ---- set ----
  auto setDef = [&](const char *name, MethodFn fn) {
    defineMethod(Type::Set, name, std::move(fn));
  };
  setDef("add", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "add").expect(1, 1);
    St(self).set(in, args.positional[0], in.hash(args.positional[0]), Value());
    return Value();
  });
  setDef("discard", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "discard").expect(1, 1);
    St(self).erase(in, args.positional[0], in.hash(args.positional[0]));
    return Value();
  });
  setDef("remove", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "remove").expect(1, 1);
    if (!St(self).erase(in, args.positional[0], in.hash(args.positional[0])))
      in.raiseValue(
          in.call(Value::object(Type::Class, in.builtinClass("KeyError")),
                  ValueList{args.positional[0]}));
    return Value();
  });
  setDef("pop", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "pop").expect(0, 0);
    std::vector<size_t> order = cpythonSetOrder(St(self));
    if (order.empty())
      in.raise("KeyError", "pop from an empty set");
    auto &e = St(self).entries()[order[0]];
    Value v = e.key;
    St(self).erase(in, v, e.hash);
    return v;
  });
  setDef("union", [](Interpreter &in, const Value &self, Args &args) {
    return setFromArgs(in, self, args, ast::BinaryOp::BitOr);
  });
  setDef("intersection", [](Interpreter &in, const Value &self, Args &args) {
    return setFromArgs(in, self, args, ast::BinaryOp::BitAnd);
  });
  setDef("difference", [](Interpreter &in, const Value &self, Args &args) {
    return setFromArgs(in, self, args, ast::BinaryOp::Sub);
  });
  setDef("symmetric_difference",
         [](Interpreter &in, const Value &self, Args &args) {
           ArgParser(in, args, "symmetric_difference").expect(1, 1);
           return setFromArgs(in, self, args, ast::BinaryOp::BitXor);
         });
  setDef("update", [](Interpreter &in, const Value &self, Args &args) {
    for (auto &other : args.positional)
      setUpdate(in, St(self), other);
    return Value();
  });
  auto inplaceSet = [&](const char *name, ast::BinaryOp op) {
    setDef(name, [op](Interpreter &in, const Value &self, Args &args) {
      Value result = setFromArgs(in, self, args, op);
      St(self) = St(result);
      return Value();
    });
  };
  inplaceSet("intersection_update", ast::BinaryOp::BitAnd);
  inplaceSet("difference_update", ast::BinaryOp::Sub);
  // In place, the set keeps its items where they are: each of the other's
  // (once each) is removed when present, else added after them.
  setDef("symmetric_difference_update",
         [](Interpreter &in, const Value &self, Args &args) {
           ArgParser(in, args, "symmetric_difference_update").expect(1, 1);
           Value other = in.set();
           setUpdate(in, St(other), args.positional[0]);
           for (auto &e : St(other).entries())
             if (e.live && !St(self).erase(in, e.key, e.hash))
               St(self).set(in, e.key, e.hash, Value());
           return Value();
         });
  auto relation = [&](const char *name, int kind) {
    setDef(name, [name, kind](Interpreter &in, const Value &self, Args &args) {
      ArgParser(in, args, name).expect(1, 1);
      Value other = in.set();
      setUpdate(in, St(other), args.positional[0]);
      if (kind == 0)
        return in.compare(ast::CmpOp::LtE, self, other);
      if (kind == 1)
        return in.compare(ast::CmpOp::GtE, self, other);
      Value common = in.binary(ast::BinaryOp::BitAnd, self, other);
      return Value::boolean(St(common).size() == 0);
    });
  };
  relation("issubset", 0);
  relation("issuperset", 1);
  relation("isdisjoint", 2);
  setDef("copy", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "copy").expect(0, 0);
    if (self.as<SetObject>().frozen) // immutable: the copy is itself
      return self;
    Value out = in.set();
    setUpdate(in, St(out), self);
    return out;
  });
  setDef("clear", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "clear").expect(0, 0);
    St(self).clear();
    return Value();
  });

  // ---- numbers ----
  defineMethod(Type::Float, "is_integer",
               [](Interpreter &in, const Value &self, Args &args) {
                 ArgParser(in, args, "is_integer").expect(0, 0);
                 double f = self.asFloat();
                 return Value::boolean(std::isfinite(f) && f == std::floor(f));
               });
  defineMethod(
      Type::Float, "as_integer_ratio",
      [](Interpreter &in, const Value &self, Args &args) {
        ArgParser(in, args, "as_integer_ratio").expect(0, 0);
        double f = self.asFloat();
        if (std::isinf(f))
          in.raise("OverflowError", "cannot convert Infinity to integer ratio");
        if (std::isnan(f))
          in.valueError("cannot convert NaN to integer ratio");
        // f = m * 2^e with an integer m of at most 53 bits.
        int e;
        double m = std::frexp(f, &e);
        int64_t num = static_cast<int64_t>(std::ldexp(m, 53));
        e -= 53;
        while (num != 0 && num % 2 == 0 && e < 0) {
          num /= 2;
          ++e;
        }
        if (num == 0)
          e = 0;
        if (e > 0 && (e > 62 || std::llabs(num) > (INT64_MAX >> e)))
          in.raise("OverflowError",
                   "integer result does not fit in 64 bits (kiln's "
                   "int is 64-bit)");
        if (e < -62)
          in.raise("OverflowError",
                   "integer result does not fit in 64 bits (kiln's "
                   "int is 64-bit)");
        return in.tuple({Value::integer(e > 0 ? num << e : num),
                         Value::integer(e < 0 ? int64_t(1) << -e : 1)});
      });
  defineMethod(
      Type::Int, "to_bytes",
      [](Interpreter &in, const Value &self, Args &args) {
        ArgParser p(in, args, "to_bytes");
        std::optional<Value> length = p.keyword("length");
        std::optional<Value> order = p.keyword("byteorder");
        std::optional<Value> sign = p.keyword("signed");
        p.expect(0, 2);
        if (!args.positional.empty())
          length = args.positional[0];
        if (args.positional.size() > 1)
          order = args.positional[1];
        int64_t n = length ? in.toIndex(*length) : 1;
        std::string byteorder = order ? in.toStr(*order) : "big";
        if (byteorder != "big" && byteorder != "little")
          in.valueError("byteorder must be either 'little' or 'big'");
        bool isSigned = sign && in.truthy(*sign);
        int64_t v = self.asInt();
        if (v < 0 && !isSigned)
          in.raise("OverflowError", "can't convert negative int to unsigned");
        // Does v fit in n bytes?
        bool fits = n >= 8 || (isSigned ? (v >= -(int64_t(1) << (8 * n - 1)) &&
                                           v < (int64_t(1) << (8 * n - 1)))
                                        : v < (int64_t(1) << (8 * n)));
        if (n <= 0 && v != 0)
          fits = false;
        if (!fits)
          in.raise("OverflowError", "int too big to convert");
        std::string out(static_cast<size_t>(std::max<int64_t>(n, 0)), '\0');
        for (int64_t i = 0; i < n; ++i) {
          unsigned char byte =
              i < 8 ? static_cast<unsigned char>(uint64_t(v) >> (8 * i))
                    : (v < 0 ? 0xff : 0);
          out[byteorder == "big" ? n - 1 - i : i] = static_cast<char>(byte);
        }
        return in.bytes(out);
      });
  defineMethod(Type::Int, "bit_count",
               [](Interpreter &in, const Value &self, Args &args) {
                 ArgParser(in, args, "bit_count").expect(0, 0);
                 int64_t v = self.asInt();
                 uint64_t m = v < 0 ? -static_cast<uint64_t>(v) : v;
                 return Value::integer(__builtin_popcountll(m));
               });
  defineMethod(Type::Int, "bit_length",
               [](Interpreter &in, const Value &self, Args &args) {
                 ArgParser(in, args, "bit_length").expect(0, 0);
                 uint64_t v = self.asInt() < 0
                                  ? -static_cast<uint64_t>(self.asInt())
                                  : self.asInt();
                 int n = 0;
                 while (v) {
                   ++n;
                   v >>= 1;
                 }
                 return Value::integer(n);
               });
}

} // namespace kiln::py
