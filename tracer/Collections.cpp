// collections' container types: defaultdict, Counter and OrderedDict are
// dicts with a DictKind (a missing key's value, their repr, their own
// methods), so everything that takes a dict takes them; deque is a list
// with fast ends and an optional maxlen. Reprs and messages follow
// CPython 3.11.
#include "Interpreter.h"
#include "Native.h"
#include "NativeType.h"
#include "StdlibModules.h"

#include <algorithm>
#include <deque>

namespace kiln::py {

namespace {

HashTable &tableOf(const Value &d) { return d.as<DictObject>().table; }

/// "{k: v, ...}" or "[(k, v), ...]" of a dict's items, in order.
std::string itemsRepr(Interpreter &in, const Value &self, bool asPairs) {
  std::string out = asPairs ? "[" : "{";
  bool first = true;
  for (auto &e : tableOf(self).entries()) {
    if (!e.live)
      continue;
    out += first ? "" : ", ";
    first = false;
    out += asPairs ? "(" + in.repr(e.key) + ", " + in.repr(e.value) + ")"
                   : in.repr(e.key) + ": " + in.repr(e.value);
  }
  return out + (asPairs ? "]" : "}");
}

Value method(
    Interpreter &in, const std::string &name, const Value &self,
    std::function<Value(Interpreter &, const Value &, CallArgs &)> fn) {
  return in.builtin(name, [self, fn](Interpreter &in, CallArgs &args) {
    return fn(in, self, args);
  });
}

struct DefaultDictKind : DictKind {
  DefaultDictKind() : DictKind("defaultdict") {}
  bool missing(Interpreter &in, const Value &self, const Value &key,
               Value &out) const override {
    Value factory = self.as<DictObject>().factory;
    if (factory.isNone())
      return false;
    out = in.call(factory, ValueList{});
    in.setItem(self, key, out);
    return true;
  }
  std::string repr(Interpreter &in, const Value &self) const override {
    return "defaultdict(" + in.repr(self.as<DictObject>().factory) + ", " +
           itemsRepr(in, self, false) + ")";
  }
  bool getAttr(Interpreter &, const Value &self, const std::string &name,
               Value &out) const override {
    if (name != "default_factory")
      return false;
    out = self.as<DictObject>().factory;
    return true;
  }
};

/// The items of a Counter by count, largest first (ties in insertion
/// order, as Python's stable sort keeps them).
std::vector<std::pair<Value, Value>> byCount(Interpreter &in,
                                             const Value &self) {
  std::vector<std::pair<Value, Value>> items;
  for (auto &e : tableOf(self).entries())
    if (e.live)
      items.emplace_back(e.key, e.value);
  std::stable_sort(items.begin(), items.end(), [&](auto &a, auto &b) {
    return in.lessThan(b.second, a.second);
  });
  return items;
}

/// Counter.update and subtract (and the constructor, `method` __init__):
/// counts from an iterable, or a mapping's values, added (sign 1) or
/// taken away (-1).
void countInto(Interpreter &in, const Value &self, CallArgs &args, int sign,
               const std::string &method) {
  if (args.positional.size() > 1)
    in.typeError("Counter." + method +
                 "() takes from 1 to 2 positional arguments but " +
                 std::to_string(args.positional.size() + 1) + " were given");
  auto add = [&](const Value &key, const Value &n) {
    Value current = Value::integer(0);
    if (auto *e = tableOf(self).find(in, key, in.hash(key)))
      current = e->value;
    in.setItem(self, key,
               in.binary(sign > 0 ? ast::BinaryOp::Add : ast::BinaryOp::Sub,
                         current, n));
  };
  if (!args.positional.empty()) {
    const Value &source = args.positional[0];
    if (source.is(Type::Dict)) {
      for (auto &e : tableOf(source).entries())
        if (e.live)
          add(e.key, e.value);
    } else if (!source.isNone()) {
      Value it = in.iter(source);
      for (Value v; in.next(it, v);)
        add(v, Value::integer(1));
    }
  }
  for (auto &[key, n] : args.keywords)
    add(in.str(key), n);
}

struct CounterKind : DictKind {
  CounterKind() : DictKind("Counter") {}
  bool missing(Interpreter &, const Value &, const Value &,
               Value &out) const override {
    out = Value::integer(0); // not stored
    return true;
  }
  std::string repr(Interpreter &in, const Value &self) const override {
    if (tableOf(self).size() == 0)
      return "Counter()";
    std::string out = "Counter({";
    bool first = true;
    for (auto &[key, n] : byCount(in, self)) {
      out += (first ? "" : ", ") + in.repr(key) + ": " + in.repr(n);
      first = false;
    }
    return out + "})";
  }
  bool getAttr(Interpreter &in, const Value &self, const std::string &name,
               Value &out) const override {
    if (name == "most_common") {
      out = method(in, name, self,
                   [](Interpreter &in, const Value &self, CallArgs &args) {
                     ArgParser p(in, args, "most_common");
                     std::optional<Value> n = p.keyword("n");
                     p.expect(0, 1);
                     if (!args.positional.empty())
                       n = args.positional[0];
                     auto items = byCount(in, self);
                     if (n && !n->isNone())
                       items.resize(std::min<size_t>(
                           items.size(), static_cast<size_t>(std::max<int64_t>(
                                             0, in.toIndex(*n)))));
                     ValueList pairs;
                     for (auto &[key, count] : items)
                       pairs.push_back(in.tuple({key, count}));
                     return in.list(std::move(pairs));
                   });
    } else if (name == "elements") {
      out = method(in, name, self,
                   [](Interpreter &in, const Value &self, CallArgs &args) {
                     ArgParser(in, args, "elements").expect(0, 0);
                     ValueList items;
                     for (auto &e : tableOf(self).entries())
                       if (e.live)
                         for (int64_t k = 0;
                              e.value.isIntLike() && k < e.value.asInt(); ++k)
                           items.push_back(e.key);
                     return in.iter(in.list(std::move(items)));
                   });
    } else if (name == "update" || name == "subtract") {
      int sign = name == "update" ? 1 : -1;
      out = method(in, name, self,
                   [sign, name](Interpreter &in, const Value &self,
                                CallArgs &args) {
                     countInto(in, self, args, sign, name);
                     return Value();
                   });
    } else if (name == "total") {
      out = method(in, name, self,
                   [](Interpreter &in, const Value &self, CallArgs &args) {
                     ArgParser(in, args, "total").expect(0, 0);
                     Value sum = Value::integer(0);
                     for (auto &e : tableOf(self).entries())
                       if (e.live)
                         sum = in.binary(ast::BinaryOp::Add, sum, e.value);
                     return sum;
                   });
    } else {
      return false;
    }
    return true;
  }
};

struct OrderedDictKind : DictKind {
  OrderedDictKind() : DictKind("OrderedDict") {}
  std::string repr(Interpreter &in, const Value &self) const override {
    if (tableOf(self).size() == 0)
      return "OrderedDict()";
    return "OrderedDict(" + itemsRepr(in, self, true) + ")";
  }
  bool getAttr(Interpreter &in, const Value &self, const std::string &name,
               Value &out) const override {
    if (name == "move_to_end") {
      out = method(
          in, name, self,
          [](Interpreter &in, const Value &self, CallArgs &args) {
            ArgParser p(in, args, "move_to_end");
            bool last =
                in.truthy(p.keyword("last").value_or(Value::boolean(true)));
            p.expect(1, 2);
            if (args.positional.size() > 1)
              last = in.truthy(args.positional[1]);
            Value key = args.positional[0];
            auto *e = tableOf(self).find(in, key, in.hash(key));
            if (!e)
              in.raiseValue(in.call(
                  Value::object(Type::Class, in.builtinClass("KeyError")),
                  ValueList{key}));
            Value value = e->value;
            tableOf(self).erase(in, key, in.hash(key));
            if (last) {
              in.setItem(self, key, value);
              return Value();
            }
            // To the front: the key, then the others in their order.
            std::vector<std::pair<Value, Value>> rest;
            for (auto &entry : tableOf(self).entries())
              if (entry.live)
                rest.emplace_back(entry.key, entry.value);
            tableOf(self).clear();
            in.setItem(self, key, value);
            for (auto &[k, v] : rest)
              in.setItem(self, k, v);
            return Value();
          });
    } else if (name == "popitem") {
      out = method(in, name, self,
                   [](Interpreter &in, const Value &self, CallArgs &args) {
                     ArgParser p(in, args, "popitem");
                     bool last = in.truthy(
                         p.keyword("last").value_or(Value::boolean(true)));
                     p.expect(0, 1);
                     if (!args.positional.empty())
                       last = in.truthy(args.positional[0]);
                     const HashTable::Entry *chosen = nullptr;
                     for (auto &e : tableOf(self).entries())
                       if (e.live && (last || !chosen))
                         chosen = &e;
                     if (!chosen)
                       in.raise("KeyError", "dictionary is empty");
                     Value key = chosen->key, value = chosen->value;
                     tableOf(self).erase(in, key, in.hash(key));
                     return in.tuple({key, value});
                   });
    } else {
      return false;
    }
    return true;
  }
};

/// A dict of kind `kind` filled as dict(*args, **kwargs) fills one.
Value kindDict(Interpreter &in, std::shared_ptr<const DictKind> kind,
               CallArgs &args) {
  Value d = in.call(Value::object(Type::Class, in.builtinClass("dict")), args);
  d.as<DictObject>().kind = std::move(kind);
  return d;
}

/// collections.deque: a sequence with appends and pops at both ends, at
/// most maxlen items (the other end's drop out).
struct DequeObject : NativeObject {
  std::deque<Value> items;
  int64_t maxlen = -1; // -1: none

  std::string typeName() const override { return "deque"; }
  std::string typeModule() const override { return "collections"; }
  std::string cTypeName() const override { return "collections.deque"; }
  std::string repr(Interpreter &in, const Value &) override {
    std::string out = "deque([";
    for (size_t i = 0; i < items.size(); ++i)
      out += (i ? ", " : "") + in.repr(items[i]);
    out += "]";
    if (maxlen >= 0)
      out += ", maxlen=" + std::to_string(maxlen);
    return out + ")";
  }
  void push(const Value &v, bool left) {
    if (maxlen == 0)
      return;
    if (left)
      items.push_front(v);
    else
      items.push_back(v);
    if (maxlen >= 0 && static_cast<int64_t>(items.size()) > maxlen) {
      if (left)
        items.pop_back();
      else
        items.pop_front();
    }
  }
  Value asList(Interpreter &in) const {
    return in.list(ValueList(items.begin(), items.end()));
  }
  bool len(Interpreter &, const Value &, int64_t &out) override {
    out = static_cast<int64_t>(items.size());
    return true;
  }
  bool truthy(Interpreter &, const Value &, bool &out) override {
    out = !items.empty();
    return true;
  }
  bool iter(Interpreter &in, const Value &, Value &out) override {
    out = in.iter(asList(in));
    return true;
  }
  size_t index(Interpreter &in, const Value &key) const {
    int64_t i = in.toIndex(key);
    int64_t n = static_cast<int64_t>(items.size());
    if (i < 0)
      i += n;
    if (i < 0 || i >= n)
      in.raise("IndexError", "deque index out of range");
    return static_cast<size_t>(i);
  }
  bool getItem(Interpreter &in, const Value &, const Value &key,
               Value &out) override {
    if (key.is(Type::Slice))
      in.typeError("sequence index must be integer, not 'slice'");
    out = items[index(in, key)];
    return true;
  }
  bool setItem(Interpreter &in, const Value &, const Value &key,
               const Value &value) override {
    items[index(in, key)] = value;
    return true;
  }
  bool equals(Interpreter &in, const Value &, const Value &other,
              bool &out) override {
    auto *d = other.is(Type::Native) ? dynamic_cast<DequeObject *>(other.raw())
                                     : nullptr;
    out = d && in.equals(asList(in), d->asList(in));
    return true;
  }
  bool getAttr(Interpreter &in, const Value &self, const std::string &name,
               Value &out) override;
};

bool DequeObject::getAttr(Interpreter &in, const Value &self,
                          const std::string &name, Value &out) {
  auto *d = this;
  auto def = [&](BuiltinFn fn) { out = in.builtin(name, std::move(fn)); };
  if (name == "maxlen") {
    out = maxlen < 0 ? Value() : Value::integer(maxlen);
  } else if (name == "append" || name == "appendleft") {
    bool left = name == "appendleft";
    def([self, d, left](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, left ? "appendleft" : "append").expect(1, 1);
      d->push(args.positional[0], left);
      return Value();
    });
  } else if (name == "extend" || name == "extendleft") {
    bool left = name == "extendleft";
    def([self, d, left](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, left ? "extendleft" : "extend").expect(1, 1);
      for (const Value &v : in.toList(args.positional[0]))
        d->push(v, left);
      return Value();
    });
  } else if (name == "pop" || name == "popleft") {
    bool left = name == "popleft";
    def([self, d, left](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, left ? "popleft" : "pop").expect(0, 0);
      if (d->items.empty())
        in.raise("IndexError", "pop from an empty deque");
      Value v = left ? d->items.front() : d->items.back();
      if (left)
        d->items.pop_front();
      else
        d->items.pop_back();
      return v;
    });
  } else if (name == "rotate") {
    def([self, d](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "rotate").expect(0, 1);
      int64_t n = args.positional.empty() ? 1 : in.toIndex(args.positional[0]);
      int64_t size = static_cast<int64_t>(d->items.size());
      if (size > 0) {
        n = ((n % size) + size) % size;
        std::rotate(d->items.begin(), d->items.end() - n, d->items.end());
      }
      return Value();
    });
  } else if (name == "clear") {
    def([self, d](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "clear").expect(0, 0);
      d->items.clear();
      return Value();
    });
  } else if (name == "count" || name == "index" || name == "copy") {
    // A list's, on the items (copy: a deque of them).
    std::string what = name;
    def([self, d, what](Interpreter &in, CallArgs &args) {
      if (what == "copy") {
        auto copy = std::make_shared<DequeObject>(*d);
        return Value::object(Type::Native, copy);
      }
      return in.call(in.getAttr(d->asList(in), what), args);
    });
  } else if (name == "remove") {
    def([self, d](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "remove").expect(1, 1);
      for (auto it = d->items.begin(); it != d->items.end(); ++it)
        if (in.equals(*it, args.positional[0])) {
          d->items.erase(it);
          return Value();
        }
      in.valueError(in.repr(args.positional[0]) + " is not in deque");
    });
  } else if (name == "reverse") {
    def([self, d](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "reverse").expect(0, 0);
      std::reverse(d->items.begin(), d->items.end());
      return Value();
    });
  } else {
    return false;
  }
  return true;
}

void defineType(ModuleObject &m, const std::string &name, BuiltinFn make,
                std::function<bool(const Value &)> holds) {
  m.dict[name] = Value::object(
      Type::Native,
      std::make_shared<NativeTypeObject>("collections", name, std::move(holds),
                                         std::move(make)));
}

/// Whether `v` is a dict of kind `kind` (or a kind derived from it: none
/// here).
std::function<bool(const Value &)> ofKind(const DictKind *kind) {
  return [kind](const Value &v) {
    return v.is(Type::Dict) && v.as<DictObject>().kind.get() == kind;
  };
}

} // namespace

void addCollectionsTypes(Interpreter &in, ModuleObject &m) {
  auto defaultDict = std::make_shared<const DefaultDictKind>();
  auto counter = std::make_shared<const CounterKind>();
  auto ordered = std::make_shared<const OrderedDictKind>();
  defineType(
      m, "defaultdict",
      [defaultDict](Interpreter &in, CallArgs &args) {
        Value factory;
        if (!args.positional.empty()) {
          factory = args.positional[0];
          args.positional.erase(args.positional.begin());
          if (!factory.isNone() && !in.isCallable(factory))
            in.typeError("first argument must be callable or None");
        }
        Value d = kindDict(in, defaultDict, args);
        d.as<DictObject>().factory = factory;
        return d;
      },
      ofKind(defaultDict.get()));
  defineType(
      m, "Counter",
      [counter](Interpreter &in, CallArgs &args) {
        CallArgs none;
        Value d = kindDict(in, counter, none);
        countInto(in, d, args, 1, "__init__");
        return d;
      },
      ofKind(counter.get()));
  defineType(
      m, "OrderedDict",
      [ordered](Interpreter &in, CallArgs &args) {
        return kindDict(in, ordered, args);
      },
      ofKind(ordered.get()));
  defineType(
      m, "deque",
      [](Interpreter &in, CallArgs &args) {
        ArgParser p(in, args, "deque");
        std::optional<Value> iterable = p.keyword("iterable");
        Value maxlen = p.keyword("maxlen").value_or(Value());
        p.expect(0, 2);
        if (!args.positional.empty())
          iterable = args.positional[0];
        if (args.positional.size() > 1)
          maxlen = args.positional[1];
        auto d = std::make_shared<DequeObject>();
        if (!maxlen.isNone()) {
          if (!maxlen.isIntLike())
            in.typeError("an integer is required");
          if (maxlen.asInt() < 0)
            in.valueError("maxlen must be non-negative");
          d->maxlen = maxlen.asInt();
        }
        if (iterable)
          for (const Value &v : in.toList(*iterable))
            d->push(v, false);
        return Value::object(Type::Native, d);
      },
      [](const Value &v) {
        return v.is(Type::Native) && dynamic_cast<DequeObject *>(v.raw());
      });
}

} // namespace kiln::py
