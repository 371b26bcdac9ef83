// Python's functools, as scripts use it around TensorFlow code: reduce,
// partial (a layer or loss with some arguments fixed), wraps and
// update_wrapper (decorators that time or log a function), lru_cache and
// cache (memoized helpers, with cache_info()), cmp_to_key, total_ordering
// and cached_property.
#include "Interpreter.h"
#include "Native.h"
#include "StdlibModules.h"

#include <algorithm>

namespace kiln::py {

namespace {

/// functools.partial: func, args and keywords, with the call's own
/// positional arguments after args and its keywords over keywords.
struct PartialObject : NativeObject {
  Value func;
  ValueList args;
  std::vector<std::pair<std::string, Value>> keywords;

  std::string typeName() const override { return "partial"; }
  std::string typeModule() const override { return "functools"; }
  std::string cTypeName() const override { return "functools.partial"; }
  bool isCallable() const override { return true; }
  std::string repr(Interpreter &in, const Value &) override {
    std::string out = "functools.partial(" + in.repr(func);
    for (const Value &a : args)
      out += ", " + in.repr(a);
    for (auto &[name, v] : keywords)
      out += ", " + name + "=" + in.repr(v);
    return out + ")";
  }
  bool call(Interpreter &in, const Value &, CallArgs &call,
            Value &out) override {
    CallArgs merged;
    merged.positional = args;
    merged.positional.insert(merged.positional.end(), call.positional.begin(),
                             call.positional.end());
    merged.keywords = keywords;
    for (auto &[name, v] : call.keywords) {
      auto it = std::find_if(merged.keywords.begin(), merged.keywords.end(),
                             [&](const auto &kw) { return kw.first == name; });
      if (it != merged.keywords.end())
        it->second = v;
      else
        merged.keywords.emplace_back(name, v);
    }
    out = in.call(func, merged);
    return true;
  }
  bool getAttr(Interpreter &in, const Value &, const std::string &attr,
               Value &out) override {
    if (attr == "func") {
      out = func;
    } else if (attr == "args") {
      out = in.tuple(args);
    } else if (attr == "keywords") {
      out = in.dict();
      for (auto &[name, v] : keywords)
        in.setItem(out, in.str(name), v);
    } else {
      return false;
    }
    return true;
  }
};

/// What cache_info() returns: a named tuple in CPython.
struct CacheInfoObject : NativeObject {
  int64_t hits, misses, currsize;
  Value maxsize;
  CacheInfoObject(int64_t hits, int64_t misses, Value maxsize, int64_t currsize)
      : hits(hits), misses(misses), currsize(currsize),
        maxsize(std::move(maxsize)) {}
  std::string typeName() const override { return "CacheInfo"; }
  std::string typeModule() const override { return "functools"; }
  std::string repr(Interpreter &in, const Value &) override {
    return "CacheInfo(hits=" + std::to_string(hits) +
           ", misses=" + std::to_string(misses) +
           ", maxsize=" + in.repr(maxsize) +
           ", currsize=" + std::to_string(currsize) + ")";
  }
  bool getAttr(Interpreter &, const Value &, const std::string &attr,
               Value &out) override {
    if (attr == "hits")
      out = Value::integer(hits);
    else if (attr == "misses")
      out = Value::integer(misses);
    else if (attr == "maxsize")
      out = maxsize;
    else if (attr == "currsize")
      out = Value::integer(currsize);
    else
      return false;
    return true;
  }
};

/// lru_cache's wrapper: results by the arguments (a dict, whose order is
/// the least recently used first), at most maxsize of them (-1: no limit).
struct LruCacheObject : NativeObject {
  Value func, memo, keywordMark;
  int64_t maxsize = 128, hits = 0, misses = 0;

  std::string typeName() const override { return "_lru_cache_wrapper"; }
  std::string typeModule() const override { return "functools"; }
  std::string cTypeName() const override {
    return "functools._lru_cache_wrapper";
  }
  bool isCallable() const override { return true; }
  std::string repr(Interpreter &in, const Value &) override {
    return in.repr(func); // CPython's wrapper copies the function's repr
  }
  Value wrappedFunction() const override { return func; }
  bool bindTo(Interpreter &in, const Value &self, const Value &instance,
              Value &out) override {
    out = in.boundMethod(instance, self);
    return true;
  }
  bool call(Interpreter &in, const Value &, CallArgs &args,
            Value &out) override {
    if (maxsize == 0) { // no caching, only counting
      ++misses;
      out = in.call(func, args);
      return true;
    }
    ValueList parts = args.positional;
    if (!args.keywords.empty()) {
      parts.push_back(keywordMark);
      for (auto &[name, v] : args.keywords) {
        parts.push_back(in.str(name));
        parts.push_back(v);
      }
    }
    Value key = in.tuple(std::move(parts));
    if (in.contains(memo, key)) {
      ++hits;
      out = in.getItem(memo, key);
      in.delItem(memo, key); // now the most recently used
      in.setItem(memo, key, out);
      return true;
    }
    ++misses;
    out = in.call(func, args);
    in.setItem(memo, key, out);
    if (maxsize > 0 &&
        memo.as<DictObject>().table.size() > static_cast<size_t>(maxsize)) {
      Value oldest;
      in.next(in.iter(memo), oldest);
      in.delItem(memo, oldest);
    }
    return true;
  }
  bool getAttr(Interpreter &in, const Value &self, const std::string &attr,
               Value &out) override {
    if (attr == "__wrapped__") {
      out = func;
    } else if (attr == "cache_info") {
      auto *cache = this;
      out = in.builtin("cache_info", [cache, self](Interpreter &in,
                                                   CallArgs &args) {
        ArgParser(in, args, "cache_info").expect(0, 0);
        return Value::object(
            Type::Native,
            std::make_shared<CacheInfoObject>(
                cache->hits, cache->misses,
                cache->maxsize < 0 ? Value() : Value::integer(cache->maxsize),
                static_cast<int64_t>(
                    cache->memo.as<DictObject>().table.size())));
      });
    } else if (attr == "cache_clear") {
      auto *cache = this;
      out = in.builtin("cache_clear",
                       [cache, self](Interpreter &in, CallArgs &args) {
                         ArgParser(in, args, "cache_clear").expect(0, 0);
                         cache->memo = in.dict();
                         cache->hits = cache->misses = 0;
                         return Value();
                       });
    } else {
      // __name__, __doc__, __module__ and the rest: the function's
      // (update_wrapper copied them in CPython).
      return in.tryGetAttr(func, attr, out);
    }
    return true;
  }
};

Value lruCache(Interpreter &in, const Value &func, int64_t maxsize) {
  if (!in.isCallable(func))
    in.typeError("the first argument must be callable");
  auto cache = std::make_shared<LruCacheObject>();
  cache->func = func;
  cache->maxsize = maxsize;
  cache->memo = in.dict();
  cache->keywordMark =
      in.builtin("kwd_mark", [](Interpreter &, CallArgs &) { return Value(); });
  return Value::object(Type::Native, cache);
}

/// cmp_to_key's key objects: compared through the user's function.
struct CmpKeyObject : NativeObject {
  Value cmp, obj;
  CmpKeyObject(Value cmp, Value obj)
      : cmp(std::move(cmp)), obj(std::move(obj)) {}
  std::string typeName() const override { return "functools.KeyWrapper"; }
  bool hash(Interpreter &in, const Value &, size_t &) override {
    in.typeError("unhashable type: 'functools.KeyWrapper'");
  }
  bool compare(Interpreter &in, ast::CmpOp op, const Value &self,
               const Value &other, bool reflected, Value &out) override {
    auto *rhs = other.is(Type::Native)
                    ? dynamic_cast<CmpKeyObject *>(other.raw())
                    : nullptr;
    if (!rhs)
      in.typeError("other argument must be K instance");
    (void)self;
    Value a = reflected ? rhs->obj : obj, b = reflected ? obj : rhs->obj;
    Value result = in.call(cmp, ValueList{a, b});
    out = in.compare(op, result, Value::integer(0));
    return true;
  }
};

/// update_wrapper(wrapper, wrapped): CPython's WRAPPER_ASSIGNMENTS where
/// `wrapped` has them, its function attributes, and __wrapped__.
Value updateWrapper(Interpreter &in, const Value &wrapper,
                    const Value &wrapped) {
  for (const char *attr :
       {"__module__", "__name__", "__qualname__", "__doc__"}) {
    Value v;
    if (in.tryGetAttr(wrapped, attr, v))
      in.setAttr(wrapper, attr, v);
  }
  if (wrapped.is(Type::Function))
    for (auto &[name, v] : wrapped.as<FunctionObject>().attrs)
      if (name.rfind("__", 0) != 0 || name == "__wrapped__")
        in.setAttr(wrapper, name, v);
  in.setAttr(wrapper, "__wrapped__", wrapped);
  return wrapper;
}

/// functools.cached_property: a non-data descriptor that computes its
/// value once per instance and stores it in the instance's __dict__ under
/// the name the class body gave it, where later reads find it first.
struct CachedPropertyObject : NativeObject {
  Value func;
  std::optional<std::string> attrname; // set by __set_name__

  std::string typeName() const override { return "cached_property"; }
  std::string typeModule() const override { return "functools"; }
  void setName(Interpreter &in, const Value &, const Value &,
               const std::string &name) override {
    if (!attrname)
      attrname = name;
    else if (*attrname != name)
      in.typeError("Cannot assign the same cached_property to two different "
                   "names ('" +
                   *attrname + "' and '" + name + "').");
  }
  bool bindTo(Interpreter &in, const Value &, const Value &instance,
              Value &out) override {
    if (!attrname)
      in.typeError("Cannot use cached_property instance without calling "
                   "__set_name__ on it.");
    if (!instance.is(Type::Instance))
      in.typeError("No '__dict__' attribute on '" + in.typeName(instance) +
                   "' instance to cache '" + *attrname + "' property.");
    auto &inst = instance.as<InstanceObject>();
    if (Value *cached = inst.findAttr(in, *attrname)) {
      out = *cached;
      return true;
    }
    out = in.call(func, ValueList{instance});
    inst.setAttr(in, *attrname, out); // straight into __dict__
    return true;
  }
  bool getAttr(Interpreter &in, const Value &, const std::string &attr,
               Value &out) override {
    if (attr == "func") {
      out = func;
    } else if (attr == "attrname") {
      out = attrname ? in.str(*attrname) : Value();
    } else if (attr == "__doc__" || attr == "__module__") {
      out = Value();
      in.tryGetAttr(func, attr, out);
    } else {
      return false;
    }
    return true;
  }
};

/// One of total_ordering's derived comparisons: it calls the root
/// comparison the class defines (looked up on type(self), as CPython's
/// do) and fixes up its result with == or !=.
Value derivedComparison(Interpreter &in, const std::string &root,
                        const std::string &name) {
  bool rootLess = root == "__lt__" || root == "__le__";
  bool nameLess = name == "__lt__" || name == "__le__";
  bool rootStrict = root == "__lt__" || root == "__gt__";
  bool nameStrict = name == "__lt__" || name == "__gt__";
  // a > b from a < b is `not a < b` and then without equal operands:
  // negating flips the direction and the strictness (not a < b is a >= b);
  // what is left to fix is whether equal operands are in or out.
  bool negate = rootLess != nameLess;
  bool resultStrict = negate != rootStrict;
  enum class Fix { None, OrEqual, AndNotEqual };
  Fix fix = resultStrict == nameStrict ? Fix::None
            : nameStrict               ? Fix::AndNotEqual
                                       : Fix::OrEqual;
  return in.builtin(
      name, [root, name, negate, fix](Interpreter &in, CallArgs &args) {
        ArgParser(in, args, name.c_str()).expect(2, 2);
        const Value &self = args.positional[0], &other = args.positional[1];
        Value rootFn =
            in.getAttr(Value::object(Type::Class, in.typeOf(self)), root);
        Value result = in.call(rootFn, ValueList{self, other});
        if (in.isNotImplemented(result))
          return result;
        if (negate)
          result = Value::boolean(!in.truthy(result));
        if (fix == Fix::OrEqual && !in.truthy(result))
          return in.compare(ast::CmpOp::Eq, self, other);
        if (fix == Fix::AndNotEqual && in.truthy(result))
          return in.compare(ast::CmpOp::NotEq, self, other);
        return result;
      });
}

/// functools.total_ordering: the comparisons a class lacks, from the one
/// CPython picks as the root (the first of __lt__, __le__, __gt__, __ge__
/// the class defines itself rather than inherits from object).
Value totalOrdering(Interpreter &in, const Value &cls) {
  if (!cls.is(Type::Class))
    in.typeError("total_ordering() of a '" + in.typeName(cls) +
                 "' object (not supported by kiln)");
  auto &c = cls.as<ClassObject>();
  const auto &objectDict = in.builtinClass("object")->dict;
  static const char *const ops[] = {"__lt__", "__le__", "__gt__", "__ge__"};
  std::vector<std::string> roots;
  for (const char *op : ops) {
    const Value *own = c.lookup(op);
    auto inherited = objectDict.find(op);
    if (own &&
        !(inherited != objectDict.end() && own->identical(inherited->second)))
      roots.push_back(op);
  }
  if (roots.empty())
    in.raise("ValueError",
             "must define at least one ordering operation: < > <= >=");
  for (const char *op : ops)
    if (std::count(roots.begin(), roots.end(), op) == 0)
      c.dict[op] = derivedComparison(in, roots.front(), op);
  return cls;
}

Value functoolsModule(Interpreter &in) {
  Value m = makeModule("functools");
  defFunction(in, m, "reduce", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "reduce").expect(2, 3);
    size_t n = args.positional.size();
    Value it = in.iter(args.positional[1]);
    Value total;
    if (n == 3)
      total = args.positional[2];
    else if (!in.next(it, total))
      in.typeError("reduce() of empty iterable with no initial value");
    for (Value v; in.next(it, v);)
      total = in.call(args.positional[0], ValueList{total, v});
    return total;
  });
  defFunction(in, m, "partial", [](Interpreter &in, CallArgs &args) {
    if (args.positional.empty())
      in.typeError("type 'partial' takes at least one argument");
    if (!in.isCallable(args.positional[0]))
      in.typeError("the first argument must be callable");
    auto p = std::make_shared<PartialObject>();
    // A partial of a partial flattens, as CPython's does.
    Value func = args.positional[0];
    if (auto *inner = func.is(Type::Native)
                          ? dynamic_cast<PartialObject *>(func.raw())
                          : nullptr) {
      p->func = inner->func;
      p->args = inner->args;
      p->keywords = inner->keywords;
    } else {
      p->func = func;
    }
    p->args.insert(p->args.end(), args.positional.begin() + 1,
                   args.positional.end());
    for (auto &[name, v] : args.keywords) {
      auto it = std::find_if(p->keywords.begin(), p->keywords.end(),
                             [&](const auto &kw) { return kw.first == name; });
      if (it != p->keywords.end())
        it->second = v;
      else
        p->keywords.emplace_back(name, v);
    }
    return Value::object(Type::Native, p);
  });
  defFunction(in, m, "update_wrapper", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "update_wrapper").expect(2, 2);
    return updateWrapper(in, args.positional[0], args.positional[1]);
  });
  defFunction(in, m, "wraps", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "wraps").expect(1, 1);
    Value wrapped = args.positional[0];
    return in.builtin("update_wrapper",
                      [wrapped](Interpreter &in, CallArgs &args) {
                        ArgParser(in, args, "update_wrapper").expect(1, 1);
                        return updateWrapper(in, args.positional[0], wrapped);
                      });
  });
  defFunction(in, m, "lru_cache", [](Interpreter &in, CallArgs &args) {
    ArgParser p(in, args, "lru_cache");
    std::optional<Value> maxsize = p.keyword("maxsize");
    p.keyword("typed"); // 1 and 1.0 are one key either way here
    p.expect(0, 2);
    if (!args.positional.empty())
      maxsize = args.positional[0];
    // @lru_cache without parentheses: the function itself.
    if (maxsize && in.isCallable(*maxsize) && !maxsize->isIntLike())
      return lruCache(in, *maxsize, 128);
    int64_t size = 128;
    if (maxsize && maxsize->isNone())
      size = -1;
    else if (maxsize && maxsize->isIntLike())
      size = std::max<int64_t>(0, maxsize->asInt());
    else if (maxsize)
      in.typeError("Expected first argument to be an integer, a callable, or "
                   "None");
    return in.builtin("decorating_function",
                      [size](Interpreter &in, CallArgs &args) {
                        ArgParser(in, args, "decorating_function").expect(1, 1);
                        return lruCache(in, args.positional[0], size);
                      });
  });
  defFunction(in, m, "cache", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "cache").expect(1, 1);
    return lruCache(in, args.positional[0], -1);
  });
  defFunction(in, m, "cmp_to_key", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "cmp_to_key").expect(1, 1);
    Value cmp = args.positional[0];
    return in.builtin("K", [cmp](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "K").expect(1, 1);
      return Value::object(Type::Native, std::make_shared<CmpKeyObject>(
                                             cmp, args.positional[0]));
    });
  });
  defFunction(in, m, "total_ordering", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "total_ordering").expect(1, 1);
    return totalOrdering(in, args.positional[0]);
  });
  defFunction(in, m, "cached_property", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "cached_property").expect(1, 1);
    auto p = std::make_shared<CachedPropertyObject>();
    p->func = args.positional[0];
    return Value::object(Type::Native, p);
  });
  return m;
}

} // namespace

void installFunctools(Interpreter &in) {
  in.registerModule("functools", functoolsModule);
}

} // namespace kiln::py
