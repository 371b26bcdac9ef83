// Python's itertools: what scripts use to walk hyper-parameter grids
// (product), pair up sequences (zip_longest, pairwise, chain) and cut
// streams (islice, count, cycle, takewhile). Each is lazy, as in CPython
// 3.11 (the Python TensorFlow's goldens were recorded with, which has no
// batched()): count() and cycle() may run for ever, and the combinatoric
// ones make their tuples one at a time from the pool they read first.
#include "Interpreter.h"
#include "Native.h"
#include "StdlibModules.h"

namespace kiln::py {

namespace {

Value iteratorValue(std::shared_ptr<IteratorObject> it) {
  return Value::object(Type::Iterator, std::move(it));
}

/// A size argument (r, repeat): an int, at least 0, else `negative`.
int64_t countArg(Interpreter &in, const Value &v, const char *negative) {
  if (!v.isIntLike())
    in.typeError("'" + in.typeName(v) +
                 "' object cannot be interpreted as an integer");
  if (v.asInt() < 0)
    in.valueError(negative);
  return v.asInt();
}

struct CountIterator : IteratorObject {
  CountIterator(Value start, Value step)
      : IteratorObject("itertools.count"), current(std::move(start)),
        step(std::move(step)) {}
  bool next(Interpreter &in, Value &out) override {
    out = current;
    current = in.binary(ast::BinaryOp::Add, current, step);
    return true;
  }
  Value current, step;
};

struct CycleIterator : IteratorObject {
  explicit CycleIterator(Value it)
      : IteratorObject("itertools.cycle"), it(std::move(it)) {}
  bool next(Interpreter &in, Value &out) override {
    if (!firstPassDone) {
      if (in.next(it, out)) {
        saved.push_back(out);
        return true;
      }
      firstPassDone = true;
    }
    if (saved.empty())
      return false;
    out = saved[index++ % saved.size()];
    return true;
  }
  Value it;
  ValueList saved;
  bool firstPassDone = false;
  size_t index = 0;
};

struct RepeatIterator : IteratorObject {
  RepeatIterator(Value object, int64_t times)
      : IteratorObject("itertools.repeat"), object(std::move(object)),
        times(times) {}
  bool next(Interpreter &, Value &out) override {
    if (times == 0)
      return false;
    if (times > 0)
      --times;
    out = object;
    return true;
  }
  Value object;
  int64_t times; // -1: for ever
};

struct AccumulateIterator : IteratorObject {
  AccumulateIterator(Value it, Value fn, std::optional<Value> initial)
      : IteratorObject("itertools.accumulate"), it(std::move(it)),
        fn(std::move(fn)), total(std::move(initial)) {}
  bool next(Interpreter &in, Value &out) override {
    if (total && !startedWithInitial) {
      startedWithInitial = true;
      out = *total;
      return true;
    }
    startedWithInitial = true;
    Value v;
    if (!in.next(it, v))
      return false;
    if (!total)
      total = v;
    else
      total = fn.isNone() ? in.binary(ast::BinaryOp::Add, *total, v)
                          : in.call(fn, ValueList{*total, v});
    out = *total;
    return true;
  }
  Value it, fn;
  std::optional<Value> total;
  bool startedWithInitial = false;
};

/// chain(*iterables) and chain.from_iterable(iterable).
struct ChainIterator : IteratorObject {
  explicit ChainIterator(Value sources)
      : IteratorObject("itertools.chain"), sources(std::move(sources)) {}
  bool next(Interpreter &in, Value &out) override {
    while (true) {
      if (!current.isNone() && in.next(current, out))
        return true;
      Value source;
      if (!in.next(sources, source))
        return false;
      current = in.iter(source);
    }
  }
  Value sources, current;
};

/// The `chain` type: callable, with the class method from_iterable.
struct ChainType : NativeObject {
  std::string typeName() const override { return "type"; }
  std::string repr(Interpreter &, const Value &) override {
    return "<class 'itertools.chain'>";
  }
  bool isCallable() const override { return true; }
  bool call(Interpreter &in, const Value &, CallArgs &args,
            Value &out) override {
    ArgParser(in, args, "chain").noKeywords();
    out = iteratorValue(
        std::make_shared<ChainIterator>(in.iter(in.tuple(args.positional))));
    return true;
  }
  bool getAttr(Interpreter &in, const Value &, const std::string &attr,
               Value &out) override {
    if (attr == "__name__") {
      out = in.str("chain");
      return true;
    }
    if (attr != "from_iterable")
      return false;
    out = in.builtin("from_iterable", [](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "from_iterable").expect(1, 1);
      return iteratorValue(
          std::make_shared<ChainIterator>(in.iter(args.positional[0])));
    });
    return true;
  }
};

/// compress, dropwhile, takewhile and filterfalse: each item kept or not.
struct SelectIterator : IteratorObject {
  enum class Kind { Compress, DropWhile, TakeWhile, FilterFalse };
  SelectIterator(const char *name, Kind kind, Value test, Value it)
      : IteratorObject(name), kind(kind), test(std::move(test)),
        it(std::move(it)) {}
  bool next(Interpreter &in, Value &out) override {
    if (done)
      return false;
    Value v;
    while (in.next(it, v)) {
      switch (kind) {
      case Kind::Compress: {
        Value selector;
        if (!in.next(test, selector))
          return done = true, false;
        if (in.truthy(selector))
          return out = v, true;
        break;
      }
      case Kind::DropWhile:
        if (dropping && in.truthy(in.call(test, ValueList{v})))
          break;
        dropping = false;
        return out = v, true;
      case Kind::TakeWhile:
        if (in.truthy(in.call(test, ValueList{v})))
          return out = v, true;
        return done = true, false;
      case Kind::FilterFalse:
        if (!(test.isNone() ? in.truthy(v)
                            : in.truthy(in.call(test, ValueList{v}))))
          return out = v, true;
        break;
      }
    }
    return false;
  }
  Kind kind;
  Value test, it; // compress: test is the selectors' iterator
  bool dropping = true, done = false;
};

/// groupby: (key, group) pairs, where each group reads the shared
/// iterator until the key changes; moving to the next pair skips what is
/// left of the current group and ends it, as CPython does.
struct GroupByState {
  Value it, key, current, currentKey, targetKey;
  bool hasCurrent = false, exhausted = false, haveTarget = false;
  int generation = 0; // the group that may still read
  /// Reads one item into current and currentKey; false at the end.
  bool step(Interpreter &in) {
    if (exhausted || !in.next(it, current))
      return exhausted = true, false;
    currentKey = key.isNone() ? current : in.call(key, ValueList{current});
    return hasCurrent = true;
  }
};

struct GrouperIterator : IteratorObject {
  GrouperIterator(std::shared_ptr<GroupByState> state, Value target)
      : IteratorObject("itertools._grouper"), state(std::move(state)),
        target(std::move(target)), generation(this->state->generation) {}
  bool next(Interpreter &in, Value &out) override {
    GroupByState &g = *state;
    if (g.generation != generation || (!g.hasCurrent && !g.step(in)) ||
        !in.equals(g.currentKey, target))
      return false;
    out = g.current;
    g.hasCurrent = false;
    return true;
  }
  std::shared_ptr<GroupByState> state;
  Value target;
  int generation;
};

struct GroupByIterator : IteratorObject {
  explicit GroupByIterator(std::shared_ptr<GroupByState> state)
      : IteratorObject("itertools.groupby"), state(std::move(state)) {}
  bool next(Interpreter &in, Value &out) override {
    GroupByState &g = *state;
    ++g.generation;
    // The first item whose key differs from the last group's.
    while (true) {
      if (!g.hasCurrent && !g.step(in))
        return false;
      if (!g.haveTarget || !in.equals(g.currentKey, g.targetKey))
        break;
      g.hasCurrent = false;
    }
    g.targetKey = g.currentKey;
    g.haveTarget = true;
    out =
        in.tuple({g.currentKey, iteratorValue(std::make_shared<GrouperIterator>(
                                    state, g.currentKey))});
    return true;
  }
  std::shared_ptr<GroupByState> state;
};

struct IsliceIterator : IteratorObject {
  IsliceIterator(Value it, int64_t start, int64_t stop, int64_t step)
      : IteratorObject("itertools.islice"), it(std::move(it)), nextIndex(start),
        stop(stop), step(step) {}
  bool next(Interpreter &in, Value &out) override {
    if (stop >= 0 && nextIndex >= stop)
      return false;
    Value v;
    while (index < nextIndex) {
      if (!in.next(it, v))
        return stop = 0, false;
      ++index;
    }
    if (!in.next(it, v))
      return stop = 0, false;
    ++index;
    nextIndex += step;
    out = v;
    return true;
  }
  Value it;
  int64_t index = 0, nextIndex, stop, step; // stop -1: none
};

struct PairwiseIterator : IteratorObject {
  explicit PairwiseIterator(Value it)
      : IteratorObject("itertools.pairwise"), it(std::move(it)) {}
  bool next(Interpreter &in, Value &out) override {
    if (!started) {
      started = true;
      if (!in.next(it, last))
        return false;
    }
    Value v;
    if (!in.next(it, v))
      return false;
    out = in.tuple({last, v});
    last = v;
    return true;
  }
  Value it, last;
  bool started = false;
};

struct StarmapIterator : IteratorObject {
  StarmapIterator(Value fn, Value it)
      : IteratorObject("itertools.starmap"), fn(std::move(fn)),
        it(std::move(it)) {}
  bool next(Interpreter &in, Value &out) override {
    Value args;
    if (!in.next(it, args))
      return false;
    out = in.call(fn, in.toList(args));
    return true;
  }
  Value fn, it;
};

struct ZipLongestIterator : IteratorObject {
  ZipLongestIterator(ValueList iterators, Value fill)
      : IteratorObject("itertools.zip_longest"),
        iterators(std::move(iterators)), active(this->iterators.size(), true),
        fill(std::move(fill)), remaining(this->iterators.size()) {}
  bool next(Interpreter &in, Value &out) override {
    if (remaining == 0)
      return false;
    ValueList items;
    for (size_t k = 0; k < iterators.size(); ++k) {
      Value v = fill;
      if (active[k] && !in.next(iterators[k], v)) {
        active[k] = false;
        v = fill;
        if (--remaining == 0)
          return false;
      }
      items.push_back(v);
    }
    out = in.tuple(std::move(items));
    return true;
  }
  ValueList iterators;
  std::vector<bool> active;
  Value fill;
  size_t remaining;
};

/// product, permutations, combinations and combinations_with_replacement:
/// index vectors into pools read up front, advanced as CPython's do, so
/// the tuples come in the same order.
struct CombinatoricIterator : IteratorObject {
  enum class Kind { Product, Permutations, Combinations, WithReplacement };
  CombinatoricIterator(const char *name, Kind kind,
                       std::vector<ValueList> pools, size_t r)
      : IteratorObject(name), kind(kind), pools(std::move(pools)), r(r) {}

  bool next(Interpreter &in, Value &out) override {
    if (done)
      return false;
    if (!started) {
      started = true;
      if (!start())
        return done = true, false;
    } else if (!advance()) {
      return done = true, false;
    }
    ValueList items;
    for (size_t k = 0; k < indices.size(); ++k)
      items.push_back(pool(k)[indices[k]]);
    out = in.tuple(std::move(items));
    return true;
  }

  const ValueList &pool(size_t k) const {
    return kind == Kind::Product ? pools[k] : pools[0];
  }
  size_t n() const { return pools.empty() ? 0 : pools[0].size(); }

  bool start() {
    switch (kind) {
    case Kind::Product:
      for (const ValueList &p : pools)
        if (p.empty())
          return false;
      indices.assign(pools.size(), 0);
      return true;
    case Kind::Permutations:
      if (r > n())
        return false;
      for (size_t i = 0; i < n(); ++i)
        indices.push_back(i);
      cycles.clear();
      for (size_t i = 0; i < r; ++i)
        cycles.push_back(n() - i);
      order = indices;
      indices.resize(r);
      return true;
    case Kind::Combinations:
      if (r > n())
        return false;
      for (size_t i = 0; i < r; ++i)
        indices.push_back(i);
      return true;
    case Kind::WithReplacement:
      if (n() == 0 && r > 0)
        return false;
      indices.assign(r, 0);
      return true;
    }
    return false;
  }

  bool advance() {
    switch (kind) {
    case Kind::Product:
      for (size_t k = indices.size(); k-- > 0;) {
        if (++indices[k] < pools[k].size())
          return true;
        indices[k] = 0;
      }
      return false;
    case Kind::Permutations:
      // CPython's algorithm over the full order of the pool's indices.
      for (size_t i = r; i-- > 0;) {
        if (--cycles[i] == 0) {
          size_t moved = order[i];
          order.erase(order.begin() + static_cast<std::ptrdiff_t>(i));
          order.push_back(moved);
          cycles[i] = n() - i;
        } else {
          std::swap(order[i], order[n() - cycles[i]]);
          indices.assign(order.begin(),
                         order.begin() + static_cast<std::ptrdiff_t>(r));
          return true;
        }
      }
      return false;
    case Kind::Combinations:
      for (size_t i = r; i-- > 0;) {
        if (indices[i] != i + n() - r) {
          ++indices[i];
          for (size_t j = i + 1; j < r; ++j)
            indices[j] = indices[j - 1] + 1;
          return true;
        }
      }
      return false;
    case Kind::WithReplacement:
      for (size_t i = r; i-- > 0;) {
        if (indices[i] != n() - 1) {
          size_t v = indices[i] + 1;
          for (size_t j = i; j < r; ++j)
            indices[j] = v;
          return true;
        }
      }
      return false;
    }
    return false;
  }

  Kind kind;
  std::vector<ValueList> pools;
  size_t r;
  std::vector<size_t> indices, cycles, order;
  bool started = false, done = false;
};

/// tee's iterators share one buffer of what any of them has read.
struct TeeBuffer {
  Value source;
  ValueList items;
};

struct TeeIterator : IteratorObject {
  explicit TeeIterator(std::shared_ptr<TeeBuffer> buffer)
      : IteratorObject("itertools._tee"), buffer(std::move(buffer)) {}
  bool next(Interpreter &in, Value &out) override {
    TeeBuffer &b = *buffer;
    if (position == b.items.size()) {
      Value v;
      if (!in.next(b.source, v))
        return false;
      b.items.push_back(v);
    }
    out = b.items[position];
    ++position;
    return true;
  }
  std::shared_ptr<TeeBuffer> buffer;
  size_t position = 0;
};

/// islice's indices: None or an int from 0 to sys.maxsize.
int64_t sliceIndex(Interpreter &in, const Value &v, int64_t none,
                   const char *message) {
  if (v.isNone())
    return none;
  if (!v.isIntLike() || v.asInt() < 0)
    in.valueError(message);
  return v.asInt();
}

std::vector<ValueList> readPools(Interpreter &in, const ValueList &iterables) {
  std::vector<ValueList> pools;
  for (const Value &v : iterables)
    pools.push_back(in.toList(v));
  return pools;
}

Value itertoolsModule(Interpreter &in) {
  Value m = makeModule("itertools");
  auto &dict = m.as<ModuleObject>().dict;
  defFunction(in, m, "count", [](Interpreter &in, CallArgs &args) {
    ArgParser p(in, args, "count");
    Value start = p.keyword("start").value_or(Value::integer(0));
    Value step = p.keyword("step").value_or(Value::integer(1));
    p.expect(0, 2);
    if (!args.positional.empty())
      start = args.positional[0];
    if (args.positional.size() > 1)
      step = args.positional[1];
    for (const Value &v : {start, step})
      if (!v.isNumber())
        in.typeError("a number is required");
    return iteratorValue(std::make_shared<CountIterator>(start, step));
  });
  defFunction(in, m, "cycle", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "cycle").expect(1, 1);
    return iteratorValue(
        std::make_shared<CycleIterator>(in.iter(args.positional[0])));
  });
  defFunction(in, m, "repeat", [](Interpreter &in, CallArgs &args) {
    ArgParser p(in, args, "repeat");
    std::optional<Value> times = p.keyword("times");
    p.expect(1, 2);
    if (args.positional.size() > 1)
      times = args.positional[1];
    int64_t n = -1;
    if (times) {
      if (!times->isIntLike())
        in.typeError("'" + in.typeName(*times) +
                     "' object cannot be interpreted as an integer");
      n = std::max<int64_t>(0, times->asInt()); // negative: none
    }
    return iteratorValue(
        std::make_shared<RepeatIterator>(args.positional[0], n));
  });
  defFunction(in, m, "accumulate", [](Interpreter &in, CallArgs &args) {
    ArgParser p(in, args, "accumulate");
    std::optional<Value> fn = p.keyword("func");
    std::optional<Value> initial = p.keyword("initial");
    p.expect(1, 2);
    if (args.positional.size() > 1)
      fn = args.positional[1];
    if (initial && initial->isNone())
      initial.reset();
    return iteratorValue(std::make_shared<AccumulateIterator>(
        in.iter(args.positional[0]), fn.value_or(Value()), initial));
  });
  dict["chain"] = Value::object(Type::Native, std::make_shared<ChainType>());
  using Kind = SelectIterator::Kind;
  struct Select {
    const char *name;
    Kind kind;
  };
  for (Select s : {Select{"compress", Kind::Compress},
                   Select{"dropwhile", Kind::DropWhile},
                   Select{"takewhile", Kind::TakeWhile},
                   Select{"filterfalse", Kind::FilterFalse}}) {
    defFunction(in, m, s.name, [s](Interpreter &in, CallArgs &args) {
      ArgParser p(in, args, s.name);
      Value data, test;
      if (s.kind == Kind::Compress) {
        std::optional<Value> d = p.keyword("data"),
                             sel = p.keyword("selectors");
        p.expect(0, 2);
        if (!args.positional.empty())
          d = args.positional[0];
        if (args.positional.size() > 1)
          sel = args.positional[1];
        if (!d || !sel)
          in.typeError("compress() missing required argument '" +
                       std::string(d ? "selectors" : "data") + "'");
        data = *d;
        test = in.iter(*sel);
      } else {
        ArgParser(in, args, s.name).noKeywords();
        if (args.positional.size() != 2)
          in.typeError(std::string(s.name) + " expected 2 arguments, got " +
                       std::to_string(args.positional.size()));
        test = args.positional[0];
        data = args.positional[1];
      }
      return iteratorValue(std::make_shared<SelectIterator>(
          (std::string("itertools.") + s.name).c_str(), s.kind, test,
          in.iter(data)));
    });
  }
  defFunction(in, m, "groupby", [](Interpreter &in, CallArgs &args) {
    ArgParser p(in, args, "groupby");
    std::optional<Value> iterable = p.keyword("iterable");
    Value key = p.keyword("key").value_or(Value());
    p.expect(0, 2);
    if (!args.positional.empty())
      iterable = args.positional[0];
    if (args.positional.size() > 1)
      key = args.positional[1];
    if (!iterable)
      in.typeError("groupby() missing required argument 'iterable' (pos 1)");
    auto state = std::make_shared<GroupByState>();
    state->it = in.iter(*iterable);
    state->key = key;
    return iteratorValue(std::make_shared<GroupByIterator>(state));
  });
  defFunction(in, m, "islice", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "islice").expect(2, 4);
    size_t n = args.positional.size();
    const char *stopMessage = "Stop argument for islice() must be None or an "
                              "integer: 0 <= x <= sys.maxsize.";
    const char *indexMessage = "Indices for islice() must be None or an "
                               "integer: 0 <= x <= sys.maxsize.";
    int64_t start = 0, stop, step = 1;
    if (n == 2) {
      stop = sliceIndex(in, args.positional[1], -1, stopMessage);
    } else {
      start = sliceIndex(in, args.positional[1], 0, indexMessage);
      stop = sliceIndex(in, args.positional[2], -1, indexMessage);
      if (n == 4) {
        const Value &s = args.positional[3];
        if (!s.isNone() && (!s.isIntLike() || s.asInt() <= 0))
          in.valueError(
              "Step for islice() must be a positive integer or None.");
        step = s.isNone() ? 1 : s.asInt();
      }
    }
    return iteratorValue(std::make_shared<IsliceIterator>(
        in.iter(args.positional[0]), start, stop, step));
  });
  defFunction(in, m, "pairwise", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "pairwise").expect(1, 1);
    return iteratorValue(
        std::make_shared<PairwiseIterator>(in.iter(args.positional[0])));
  });
  defFunction(in, m, "starmap", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "starmap").noKeywords();
    if (args.positional.size() != 2)
      in.typeError("starmap expected 2 arguments, got " +
                   std::to_string(args.positional.size()));
    return iteratorValue(std::make_shared<StarmapIterator>(
        args.positional[0], in.iter(args.positional[1])));
  });
  defFunction(in, m, "zip_longest", [](Interpreter &in, CallArgs &args) {
    ArgParser p(in, args, "zip_longest");
    Value fill = p.keyword("fillvalue").value_or(Value());
    if (!args.keywords.empty())
      in.typeError("zip_longest() got an unexpected keyword argument '" +
                   args.keywords[0].first + "'");
    ValueList iterators;
    for (const Value &v : args.positional)
      iterators.push_back(in.iter(v));
    return iteratorValue(
        std::make_shared<ZipLongestIterator>(std::move(iterators), fill));
  });
  using Comb = CombinatoricIterator::Kind;
  defFunction(in, m, "product", [](Interpreter &in, CallArgs &args) {
    ArgParser p(in, args, "product");
    std::optional<Value> repeat = p.keyword("repeat");
    if (!args.keywords.empty())
      in.typeError("product() got an unexpected keyword argument '" +
                   args.keywords[0].first + "'");
    int64_t times =
        repeat ? countArg(in, *repeat, "repeat argument cannot be negative")
               : 1;
    std::vector<ValueList> once = readPools(in, args.positional), pools;
    for (int64_t t = 0; t < times; ++t)
      pools.insert(pools.end(), once.begin(), once.end());
    return iteratorValue(std::make_shared<CombinatoricIterator>(
        "itertools.product", Comb::Product, std::move(pools), 0));
  });
  struct Combinatoric {
    const char *name;
    Comb kind;
  };
  for (Combinatoric c :
       {Combinatoric{"permutations", Comb::Permutations},
        Combinatoric{"combinations", Comb::Combinations},
        Combinatoric{"combinations_with_replacement", Comb::WithReplacement}}) {
    defFunction(in, m, c.name, [c](Interpreter &in, CallArgs &args) {
      ArgParser p(in, args, c.name);
      std::optional<Value> iterable = p.keyword("iterable");
      std::optional<Value> r = p.keyword("r");
      p.expect(0, 2);
      if (!args.positional.empty())
        iterable = args.positional[0];
      if (args.positional.size() > 1)
        r = args.positional[1];
      bool optionalR = c.kind == Comb::Permutations;
      if (!iterable || (!r && !optionalR))
        in.typeError(std::string(c.name) + "() missing required argument '" +
                     (iterable ? "r' (pos 2)" : "iterable' (pos 1)"));
      ValueList pool = in.toList(*iterable);
      size_t size =
          r && !(optionalR && r->isNone())
              ? static_cast<size_t>(countArg(in, *r, "r must be non-negative"))
              : pool.size();
      return iteratorValue(std::make_shared<CombinatoricIterator>(
          (std::string("itertools.") + c.name).c_str(), c.kind,
          std::vector<ValueList>{std::move(pool)}, size));
    });
  }
  defFunction(in, m, "tee", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "tee").expect(1, 2);
    int64_t n = 2;
    if (args.positional.size() > 1) {
      const Value &v = args.positional[1];
      if (!v.isIntLike())
        in.typeError("'" + in.typeName(v) +
                     "' object cannot be interpreted as an integer");
      if ((n = v.asInt()) < 0)
        in.valueError("n must be >= 0");
    }
    auto buffer = std::make_shared<TeeBuffer>();
    buffer->source = in.iter(args.positional[0]);
    ValueList copies;
    for (int64_t k = 0; k < n; ++k)
      copies.push_back(iteratorValue(std::make_shared<TeeIterator>(buffer)));
    return in.tuple(std::move(copies));
  });
  return m;
}

} // namespace

void installItertools(Interpreter &in) {
  in.registerModule("itertools", itertoolsModule);
}

} // namespace kiln::py
