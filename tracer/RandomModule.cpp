// Python's `random` module with CPython's numbers for the same seed: the
// MT19937 stream seeded as random.seed(n) seeds it, and each method drawing
// as Lib/random.py does (53-bit random(), _randbelow's rejection of
// getrandbits(k), the shuffles and samples built on it, gauss's cached
// Box-Muller pair). The module's functions are the methods of one hidden
// Random instance, as in CPython.
#include "ArgumentErrors.h"
#include "Interpreter.h"
#include "Native.h"
#include "StdlibModules.h"
#include "tf/Mt19937.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <random>
#include <set>

namespace kiln::py {

namespace {

/// The arguments of a method with parameters `names`, the first
/// `required` of them required, by position or keyword (None where absent),
/// with CPython's TypeErrors.
ValueList bindArguments(Interpreter &in, CallArgs &args,
                        const std::string &fname,
                        const std::vector<std::string> &names,
                        size_t required) {
  ValueList got(names.size());
  std::vector<bool> given(names.size());
  if (args.positional.size() > names.size())
    in.typeError(fname + "() takes " + std::to_string(names.size()) +
                 " positional argument" + (names.size() == 1 ? "" : "s") +
                 " but " + std::to_string(args.positional.size()) +
                 (args.positional.size() == 1 ? " was" : " were") + " given");
  for (size_t i = 0; i < args.positional.size(); ++i) {
    got[i] = args.positional[i];
    given[i] = true;
  }
  for (auto &[key, v] : args.keywords) {
    auto it = std::find(names.begin(), names.end(), key);
    if (it == names.end())
      in.typeError(fname + "() got an unexpected keyword argument '" + key +
                   "'");
    size_t i = static_cast<size_t>(it - names.begin());
    if (given[i])
      in.typeError(fname + "() got multiple values for argument '" + key + "'");
    got[i] = v;
    given[i] = true;
  }
  for (size_t i = 0; i < required; ++i)
    if (!given[i])
      in.typeError(fname + "() missing 1 required positional argument: '" +
                   names[i] + "'");
  return got;
}

/// A real number's value (ints and bools too), else CPython's TypeError.
double realArg(Interpreter &in, const Value &v) {
  if (!v.isNumber())
    in.typeError("must be real number, not " + in.typeName(v));
  return v.toDouble();
}

struct RandomObject : NativeObject {
  RandomObject() { seedFromEntropy(); }
  tf::Mt19937 mt;
  std::optional<double> gaussNext;

  std::string typeName() const override { return "Random"; }
  std::string typeModule() const override { return "random"; }
  bool getAttr(Interpreter &in, const Value &self, const std::string &name,
               Value &out) override;

  void seedFromEntropy() {
    std::random_device device;
    mt.seedByArray(uint64_t(device()) << 32 | device());
    gaussNext.reset();
  }
  /// random.seed(a): an int by its absolute value's 32-bit words; other
  /// hashable values by their hash, as CPython's C seeding does.
  void seed(Interpreter &in, const Value &a) {
    gaussNext.reset();
    if (a.isNone())
      return seedFromEntropy();
    if (a.is(Type::Str) || a.is(Type::Bytes))
      in.raise("NotImplementedError",
               "kiln's random.seed takes an int (CPython hashes a str "
               "with SHA-512)");
    int64_t n = a.isIntLike() ? a.asInt() : static_cast<int64_t>(in.hash(a));
    uint64_t magnitude = n < 0 ? 0 - uint64_t(n) : uint64_t(n);
    mt.seedByArray(magnitude);
  }
  double random() { return mt.nextDouble(); }
  /// getrandbits(k) for k <= 64: the words least significant first.
  uint64_t bits(int k) {
    if (k <= 32)
      return mt.genrand() >> (32 - k);
    uint64_t low = mt.genrand();
    uint64_t high = mt.genrand() >> (64 - k);
    return high << 32 | low;
  }
  /// _randbelow(n): getrandbits(n.bit_length()) until below n.
  int64_t below(int64_t n) { return int64_t(below64(uint64_t(n))); }
  uint64_t below64(uint64_t n) {
    int k = 64 - __builtin_clzll(n);
    uint64_t r = bits(k);
    while (r >= n)
      r = bits(k);
    return r;
  }
};

/// randrange(start, stop, step) as Lib/random.py checks and draws it, its
/// widths in 128 bits (randint(-2**63, 2**63 - 1) spans 2**64 values).
Value randrange(RandomObject &r, Interpreter &in, int64_t start,
                const std::optional<__int128> &stopArg, int64_t step) {
  if (!stopArg) {
    if (start > 0)
      return Value::integer(r.below(start));
    in.valueError("empty range for randrange()");
  }
  __int128 stop = *stopArg, width = stop - start;
  auto text = [](__int128 v) {
    return v > INT64_MAX ? std::to_string(uint64_t(v))
                         : std::to_string(int64_t(v));
  };
  if (step == 1) {
    if (width > 0 && width <= __int128(UINT64_MAX))
      return Value::integer(
          int64_t(__int128(start) + __int128(r.below64(uint64_t(width)))));
    if (width > 0)
      in.raise("OverflowError", "kiln's integers are 64-bit");
    in.valueError("empty range for randrange() (" + std::to_string(start) +
                  ", " + text(stop) + ", " + text(width) + ")");
  }
  __int128 n;
  if (step > 0)
    n = (width + step - 1) / step;
  else if (step < 0)
    n = (width + step + 1) / step;
  else
    in.valueError("zero step for randrange()");
  if (n <= 0)
    in.valueError("empty range for randrange()");
  return Value::integer(int64_t(
      __int128(start) + __int128(step) * __int128(r.below64(uint64_t(n)))));
}

Value randrange(RandomObject &r, Interpreter &in, const Value &startArg,
                const Value &stopArg, const Value &stepArg) {
  int64_t start = in.toIndex(startArg);
  if (stopArg.isNone() && !stepArg.isNone() &&
      !(stepArg.isIntLike() && stepArg.asInt() == 1))
    in.typeError("Missing a non-None stop argument");
  std::optional<__int128> stop;
  if (!stopArg.isNone())
    stop = in.toIndex(stopArg);
  return randrange(r, in, start, stop,
                   stepArg.isNone() ? 1 : in.toIndex(stepArg));
}

/// sample(population, k): a pool while the population is small, else a
/// set of the indices drawn (the sizes Lib/random.py switches at).
Value sample(RandomObject &r, Interpreter &in, const Value &population,
             int64_t k) {
  if (population.is(Type::Set) || population.is(Type::Dict))
    in.typeError("Population must be a sequence.  For dicts or sets, use "
                 "sorted(d).");
  int64_t n = in.len(population);
  if (k < 0 || k > n)
    in.valueError("Sample larger than population or is negative");
  ValueList result(static_cast<size_t>(k));
  int64_t setsize = 21;
  if (k > 5)
    setsize += static_cast<int64_t>(
        std::pow(4.0, std::ceil(std::log(double(k * 3)) / std::log(4.0))));
  if (n <= setsize) {
    ValueList pool = in.toList(population);
    for (int64_t i = 0; i < k; ++i) {
      int64_t j = r.below(n - i);
      result[i] = pool[j];
      pool[j] = pool[n - i - 1];
    }
  } else {
    std::set<int64_t> selected;
    for (int64_t i = 0; i < k; ++i) {
      int64_t j = r.below(n);
      while (selected.count(j))
        j = r.below(n);
      selected.insert(j);
      result[i] = in.getItem(population, Value::integer(j));
    }
  }
  return in.list(std::move(result));
}

/// choices(population, weights, cum_weights, k): by random() * n, or by
/// bisecting the cumulative weights.
Value choices(RandomObject &r, Interpreter &in, const Value &population,
              const Value &weights, const Value &cumWeights, int64_t k) {
  int64_t n = in.len(population);
  ValueList out;
  if (weights.isNone() && cumWeights.isNone()) {
    for (int64_t i = 0; i < k; ++i)
      out.push_back(
          in.getItem(population, Value::integer(static_cast<int64_t>(std::floor(
                                     r.random() * static_cast<double>(n))))));
    return in.list(std::move(out));
  }
  if (!weights.isNone() && !cumWeights.isNone())
    in.typeError("Cannot specify both weights and cumulative weights");
  ValueList cum;
  if (!weights.isNone()) {
    Value sum = Value::integer(0);
    for (const Value &w : in.toList(weights))
      cum.push_back(sum = in.binary(ast::BinaryOp::Add, sum, w));
  } else {
    cum = in.toList(cumWeights);
  }
  if (static_cast<int64_t>(cum.size()) != n)
    in.valueError("The number of weights does not match the population");
  if (n == 0)
    in.raise("IndexError", "list index out of range");
  std::vector<double> c;
  for (const Value &v : cum)
    c.push_back(v.toDouble());
  double total = c.back();
  if (total <= 0.0)
    in.valueError("Total of weights must be greater than zero");
  if (!std::isfinite(total))
    in.valueError("Total of weights must be finite");
  for (int64_t i = 0; i < k; ++i) {
    double x = r.random() * total;
    auto hi = c.begin() + (n - 1);
    int64_t j = std::upper_bound(c.begin(), hi, x) - c.begin();
    out.push_back(in.getItem(population, Value::integer(j)));
  }
  return in.list(std::move(out));
}

double floatParam(Interpreter &in, const Value &v, double fallback) {
  return v.isNone() ? fallback : realArg(in, v);
}

bool RandomObject::getAttr(Interpreter &in, const Value &self,
                           const std::string &name, Value &out) {
  auto r = std::static_pointer_cast<RandomObject>(self.ptr());
  auto method = [&](std::vector<std::string> params,
                    std::function<Value(Interpreter &, ValueList &)> fn,
                    size_t required) {
    out = in.builtin(
        name, [name, params, fn, required](Interpreter &in, CallArgs &args) {
          ValueList got = bindArguments(in, args, name, params, required);
          return fn(in, got);
        });
  };
  if (name == "seed") {
    method(
        {"a", "version"},
        [r](Interpreter &in, ValueList &a) {
          r->seed(in, a[0]);
          return Value();
        },
        0);
  } else if (name == "random") {
    method(
        {},
        [r](Interpreter &, ValueList &) {
          return Value::floating(r->random());
        },
        0);
  } else if (name == "uniform") {
    method(
        {"a", "b"},
        [r](Interpreter &in, ValueList &a) {
          double lo = realArg(in, a[0]), hi = realArg(in, a[1]);
          return Value::floating(lo + (hi - lo) * r->random());
        },
        2);
  } else if (name == "getrandbits") {
    method(
        {"k"},
        [r](Interpreter &in, ValueList &a) {
          int64_t k = in.toIndex(a[0]);
          if (k < 0)
            in.valueError("number of bits must be non-negative");
          if (k > 63)
            in.raise("NotImplementedError",
                     "kiln's integers are 64-bit: getrandbits(k) for k < 64");
          return Value::integer(k == 0 ? 0 : int64_t(r->bits(int(k))));
        },
        1);
  } else if (name == "randrange") {
    method(
        {"start", "stop", "step"},
        [r](Interpreter &in, ValueList &a) {
          return randrange(*r, in, a[0], a[1], a[2]);
        },
        1);
  } else if (name == "randint") {
    method(
        {"a", "b"},
        [r](Interpreter &in, ValueList &a) {
          return randrange(*r, in, in.toIndex(a[0]),
                           __int128(in.toIndex(a[1])) + 1, 1);
        },
        2);
  } else if (name == "choice") {
    method(
        {"seq"},
        [r](Interpreter &in, ValueList &a) {
          int64_t n = in.len(a[0]);
          if (n == 0)
            in.raise("IndexError", "Cannot choose from an empty sequence");
          return in.getItem(a[0], Value::integer(r->below(n)));
        },
        1);
  } else if (name == "choices") {
    method(
        {"population", "weights", "cum_weights", "k"},
        [r](Interpreter &in, ValueList &a) {
          int64_t k = a[3].isNone() ? 1 : in.toIndex(a[3]);
          return choices(*r, in, a[0], a[1], a[2], k);
        },
        1);
  } else if (name == "shuffle") {
    method(
        {"x"},
        [r](Interpreter &in, ValueList &a) {
          if (!a[0].is(Type::List))
            in.raise("NotImplementedError",
                     "kiln's random.shuffle takes a list");
          ValueList &items = a[0].as<ListObject>().items;
          for (size_t i = items.size(); i-- > 1;)
            std::swap(items[i], items[r->below(int64_t(i) + 1)]);
          return Value();
        },
        1);
  } else if (name == "sample") {
    method(
        {"population", "k"},
        [r](Interpreter &in, ValueList &a) {
          return sample(*r, in, a[0], in.toIndex(a[1]));
        },
        2);
  } else if (name == "gauss") {
    method(
        {"mu", "sigma"},
        [r](Interpreter &in, ValueList &a) {
          double mu = floatParam(in, a[0], 0.0),
                 sigma = floatParam(in, a[1], 1.0);
          std::optional<double> z = r->gaussNext;
          r->gaussNext.reset();
          if (!z) {
            double x2pi = r->random() * (2 * M_PI);
            double g2rad = std::sqrt(-2.0 * std::log(1.0 - r->random()));
            z = std::cos(x2pi) * g2rad;
            r->gaussNext = std::sin(x2pi) * g2rad;
          }
          return Value::floating(mu + *z * sigma);
        },
        0);
  } else if (name == "normalvariate") {
    method(
        {"mu", "sigma"},
        [r](Interpreter &in, ValueList &a) {
          double mu = floatParam(in, a[0], 0.0),
                 sigma = floatParam(in, a[1], 1.0);
          const double magic = 4 * std::exp(-0.5) / std::sqrt(2.0);
          double z;
          for (;;) {
            double u1 = r->random();
            double u2 = 1.0 - r->random();
            z = magic * (u1 - 0.5) / u2;
            if (z * z / 4.0 <= -std::log(u2))
              break;
          }
          return Value::floating(mu + z * sigma);
        },
        0);
  } else if (name == "expovariate") {
    method(
        {"lambd"},
        [r](Interpreter &in, ValueList &a) {
          double lambd = floatParam(in, a[0], 1.0);
          if (lambd == 0)
            in.raise("ZeroDivisionError", "float division by zero");
          return Value::floating(-std::log(1.0 - r->random()) / lambd);
        },
        0);
  } else {
    return false;
  }
  return true;
}

Value randomModule(Interpreter &in) {
  Value m = makeModule("random");
  auto hidden = std::make_shared<RandomObject>();
  Value inst = Value::object(Type::Native, hidden);
  for (const char *name :
       {"seed", "random", "uniform", "getrandbits", "randrange", "randint",
        "choice", "choices", "shuffle", "sample", "gauss", "normalvariate",
        "expovariate"})
    m.as<ModuleObject>().dict[name] = in.getAttr(inst, name);
  defFunction(in, m, "Random", [](Interpreter &in, CallArgs &args) {
    ValueList got = bindArguments(in, args, "Random", {"x"}, 0);
    auto r = std::make_shared<RandomObject>();
    r->seed(in, got[0]);
    return Value::object(Type::Native, r);
  });
  return m;
}

} // namespace

void installRandomModule(Interpreter &in) {
  in.registerModule("random", randomModule);
}

} // namespace kiln::py
