// NumPy's legacy random API (np.random.seed, np.random.RandomState and the
// module-level functions) with NumPy's numbers: the same MT19937 stream
// (Mt19937.h), and each distribution drawn as NumPy's legacy code draws it
// (53-bit doubles, the polar method for normals, masked rejection for
// integers, Fisher-Yates for shuffles), so that seeded data matches.
#include "NpRandom.h"
#include "Mt19937.h"
#include "NumPy.h"
#include "TfModuleBuilder.h"

#include <cmath>
#include <cstring>
#include <random>

namespace kiln::tf {

using py::Type;

uint64_t npMaskFor(uint64_t max) {
  for (int shift = 1; shift <= 32; shift *= 2)
    max |= max >> shift;
  return max;
}

std::optional<std::vector<int64_t>> npSizeArg(Interpreter &in, const Value &v) {
  if (v.isNone())
    return std::nullopt;
  return shapeArg(in, v);
}

Value npDoubles(TfRuntime &rt, const std::optional<std::vector<int64_t>> &shape,
                const std::function<double()> &draw) {
  if (!shape)
    return Value::floating(draw());
  return npDrawnArray<double>(rt, DType::Float64, *shape, draw);
}

void npShuffle(Interpreter &in, const Value &x,
               const std::function<uint64_t(uint64_t)> &interval) {
  if (x.is(Type::List)) {
    ValueList &items = x.as<py::ListObject>().items;
    for (size_t i = items.size(); i-- > 1;)
      std::swap(items[i], items[interval(i)]);
    return;
  }
  auto *a =
      x.is(Type::Native) ? dynamic_cast<NdArrayObject *>(x.raw()) : nullptr;
  if (!a || a->value->type.shape.empty() ||
      a->value->type.dtype == DType::String)
    in.raise("NotImplementedError",
             "kiln's shuffle takes a list or a numeric array");
  auto copy = std::make_shared<graph::HostTensor>(*a->value);
  int64_t rows = copy->type.shape[0];
  size_t row = rows ? copy->bytes.size() / rows : 0;
  std::vector<uint8_t> tmp(row);
  if (row == 0) // no elements: NumPy draws nothing
    return;
  uint8_t *data = copy->bytes.data();
  for (int64_t i = rows; i-- > 1;) {
    int64_t j = static_cast<int64_t>(interval(static_cast<uint64_t>(i)));
    std::memcpy(tmp.data(), data + i * row, row);
    std::memcpy(data + i * row, data + j * row, row);
    std::memcpy(data + j * row, tmp.data(), row);
  }
  a->assign(copy);
}

std::vector<double> npChoiceCdf(TfRuntime &rt, const Value &p, int64_t n,
                                bool generator) {
  Interpreter &in = rt.in;
  HostTensorPtr probs = npAsArray(rt, p, DType::Float64);
  if (probs->type.numElements() != n)
    in.valueError(generator ? "a and p must have same size"
                            : "'a' and 'p' must have same size");
  std::vector<double> cdf(n);
  double sum = 0;
  for (int64_t i = 0; i < n; ++i) {
    double pi = probs->elementAsDouble(i);
    if (!(pi >= 0))
      in.valueError(generator ? "Probabilities are not non-negative"
                              : "probabilities are not non-negative");
    cdf[i] = sum += pi;
  }
  // NumPy's tolerance on the total.
  if (!(std::fabs(sum - 1.0) <= std::sqrt(2.220446049250313e-16)))
    in.valueError(generator ? "Probabilities do not sum to 1. See Notes "
                              "section of docstring for more information."
                            : "probabilities do not sum to 1");
  for (double &c : cdf)
    c /= cdf.back();
  return cdf;
}

Value npArange(TfRuntime &rt, int64_t n) {
  n = std::max<int64_t>(n, 0); // np.arange(-1) is empty
  auto t = graph::HostTensor::zeros({DType::Int64, {n}});
  auto *out = reinterpret_cast<int64_t *>(t->bytes.data());
  for (int64_t i = 0; i < n; ++i)
    out[i] = i;
  return makeNdArray(rt, t, false);
}

namespace {

/// A RandomState: the generator and the spare normal of the polar method.
struct NpRandomState : py::NativeObject {
  explicit NpRandomState(TfRuntime &rt) : rt(rt) { seedFromEntropy(); }
  TfRuntime &rt;
  Mt19937 mt;
  bool hasGauss = false;
  double gauss = 0;

  std::string typeName() const override { return "RandomState"; }
  std::string typeModule() const override { return "numpy.random"; }
  std::string repr(Interpreter &, const Value &) override {
    return "RandomState(MT19937)";
  }
  bool getAttr(Interpreter &in, const Value &self, const std::string &name,
               Value &out) override;

  void seedFromEntropy() {
    std::random_device entropy;
    mt.seedGenrand(entropy());
    hasGauss = false;
  }
  void seed(Interpreter &in, const Value &s) {
    if (s.isNone())
      return seedFromEntropy();
    if (!s.isIntLike())
      in.raise("NotImplementedError",
               "kiln's np.random.seed takes an int (or None)");
    int64_t n = s.asInt();
    if (n < 0 || n > 0xffffffffLL)
      in.valueError("Seed must be between 0 and 2**32 - 1");
    mt.seedGenrand(static_cast<uint32_t>(n));
    hasGauss = false;
  }
  /// legacy_gauss: the polar method, two normals per accepted pair.
  double normal() {
    if (hasGauss) {
      hasGauss = false;
      return gauss;
    }
    double x1, x2, r2;
    do {
      x1 = 2.0 * mt.nextDouble() - 1.0;
      x2 = 2.0 * mt.nextDouble() - 1.0;
      r2 = x1 * x1 + x2 * x2;
    } while (r2 >= 1.0 || r2 == 0.0);
    double f = std::sqrt(-2.0 * std::log(r2) / r2);
    gauss = f * x1;
    hasGauss = true;
    return f * x2;
  }
  /// An integer in [0, max]: masked rejection, 32-bit draws while max
  /// fits (random_interval and the bounded fills of randint).
  uint64_t interval(uint64_t max) {
    if (max == 0)
      return 0;
    uint64_t mask = npMaskFor(max);
    uint64_t value;
    if (max <= 0xffffffffULL) {
      while ((value = (mt.genrand() & mask)) > max) {
      }
    } else {
      for (;;) {
        uint64_t high = mt.genrand(); // the high word is drawn first
        value = ((high << 32) | mt.genrand()) & mask;
        if (value <= max)
          break;
      }
    }
    return value;
  }
};

/// Dimensions passed one by one, as rand(2, 3) and randn(2, 3) take them.
std::optional<std::vector<int64_t>> dimsArg(Interpreter &in, CallArgs &args,
                                            const std::string &fname) {
  if (!args.keywords.empty())
    in.typeError(fname + "() takes no keyword arguments");
  if (args.positional.empty())
    return std::nullopt;
  std::vector<int64_t> shape;
  for (auto &d : args.positional)
    shape.push_back(in.toIndex(d));
  for (int64_t d : shape)
    if (d < 0)
      in.valueError("negative dimensions are not allowed");
  return shape;
}

double scalarArg(Interpreter &in, TfRuntime &rt, const Value &v,
                 const std::string &what) {
  HostTensorPtr t = npAsArray(rt, v);
  if (!t->type.shape.empty())
    in.raise("NotImplementedError",
             "kiln's np.random takes a scalar " + what + " only");
  return t->elementAsDouble(0);
}

/// randint(low, high, size): values of `dtype` in [low, high).
Value randint(NpRandomState &s, Interpreter &in, const Value &lowArg,
              const Value &highArg, const Value &size,
              DType dtype = DType::Int64) {
  int64_t low = highArg.isNone() ? 0 : in.toIndex(lowArg);
  int64_t high = highArg.isNone() ? in.toIndex(lowArg) : in.toIndex(highArg);
  if (low >= high)
    in.valueError("low >= high");
  // The dtype's bounds, and the bits of one draw: narrow dtypes take 8
  // or 16 bits at a time from a 32-bit output (NumPy's buffered draws).
  int64_t lo = INT64_MIN, hi = INT64_MAX;
  int bits = 0;
  if (dtype == DType::Int32)
    lo = INT32_MIN, hi = INT32_MAX;
  else if (dtype == DType::Int16)
    lo = INT16_MIN, hi = INT16_MAX, bits = 16;
  else if (dtype == DType::Int8)
    lo = INT8_MIN, hi = INT8_MAX, bits = 8;
  else if (dtype == DType::UInt8)
    lo = 0, hi = 255, bits = 8;
  if (low < lo || high - 1 > hi)
    in.valueError(std::string(low < lo ? "low" : "high") +
                  " is out of bounds for " + py::dtypeName(dtype));
  uint64_t range = uint64_t(high) - uint64_t(low) - 1;
  // The buffer of a narrow draw lasts for one call.
  uint32_t buffer = 0;
  int left = 0;
  auto narrow = [&]() -> uint64_t {
    if (left == 0) {
      buffer = s.mt.genrand();
      left = 32 / bits - 1;
    } else {
      buffer >>= bits;
      --left;
    }
    return buffer & ((1u << bits) - 1);
  };
  const uint64_t mask = npMaskFor(range);
  auto draw = [&]() -> int64_t {
    if (bits == 0 || range == 0)
      return low + int64_t(s.interval(range));
    uint64_t value;
    while ((value = (narrow() & mask)) > range) {
    }
    return low + int64_t(value);
  };
  std::optional<std::vector<int64_t>> shape = npSizeArg(in, size);
  if (!shape)
    return Value::integer(draw());
  switch (dtype) {
  case DType::Int32:
    return npDrawnArray<int32_t>(s.rt, dtype, *shape,
                                 [&] { return int32_t(draw()); });
  case DType::Int16:
    return npDrawnArray<int16_t>(s.rt, dtype, *shape,
                                 [&] { return int16_t(draw()); });
  case DType::Int8:
    return npDrawnArray<int8_t>(s.rt, dtype, *shape,
                                [&] { return int8_t(draw()); });
  case DType::UInt8:
    return npDrawnArray<uint8_t>(s.rt, dtype, *shape,
                                 [&] { return uint8_t(draw()); });
  default:
    return npDrawnArray<int64_t>(s.rt, DType::Int64, *shape, draw);
  }
}

/// `a[idx]` for an array-like `a` and an index array or int.
Value take(Interpreter &in, const Value &a, const Value &idx) {
  return in.getItem(a, idx);
}

Value choice(NpRandomState &s, Interpreter &in, Params &p) {
  TfRuntime &rt = s.rt;
  Value a = p.require("a", "choice");
  bool fromInt = a.isIntLike();
  Value population =
      fromInt ? Value() : makeNdArray(rt, npAsArray(rt, a), false);
  if (!fromInt && population.as<NdArrayObject>().value->type.shape.size() != 1)
    in.valueError("a must be 1-dimensional or an integer");
  int64_t n =
      fromInt ? a.asInt() : population.as<NdArrayObject>().value->type.shape[0];
  if (n <= 0)
    in.valueError(fromInt ? "a must be greater than 0 unless no samples are "
                            "taken"
                          : "'a' cannot be empty unless no samples are taken");
  bool replace = !p.has("replace") || in.truthy(p.get("replace"));
  std::optional<std::vector<int64_t>> shape = npSizeArg(in, p.get("size"));
  Value idx;
  if (p.has("p")) {
    if (!replace)
      in.raise("NotImplementedError",
               "kiln's np.random.choice takes p only with replace=True");
    std::vector<double> cdf = npChoiceCdf(rt, p.get("p"), n, false);
    auto pick = [&] {
      double u = s.mt.nextDouble();
      return int64_t(std::upper_bound(cdf.begin(), cdf.end(), u) - cdf.begin());
    };
    idx = shape ? npDrawnArray<int64_t>(rt, DType::Int64, *shape, pick)
                : Value::integer(pick());
  } else if (replace) {
    idx = randint(s, in, Value::integer(0), Value::integer(n), p.get("size"));
  } else {
    int64_t m = 1;
    if (shape)
      for (int64_t d : *shape)
        m *= d;
    if (m > n)
      in.valueError("Cannot take a larger sample than population when "
                    "'replace=False'");
    Value perm = npArange(rt, n);
    npShuffle(in, perm, [&](uint64_t i) { return s.interval(i); });
    HostTensorPtr all = perm.as<NdArrayObject>().value;
    if (!shape) {
      idx = Value::integer(all->elementAsInt(0));
    } else {
      auto t = graph::HostTensor::zeros({DType::Int64, *shape});
      std::memcpy(t->bytes.data(), all->bytes.data(), m * sizeof(int64_t));
      idx = makeNdArray(rt, t, false);
    }
  }
  return fromInt ? idx : take(in, population, idx);
}

bool NpRandomState::getAttr(Interpreter &in, const Value &self,
                            const std::string &name, Value &out) {
  NpRandomState *s = this;
  // The method keeps its state alive (the module's functions are the
  // global state's methods).
  auto def = [&](py::BuiltinFn fn) {
    out = in.builtin(name, [self, fn](Interpreter &in, CallArgs &args) {
      return fn(in, args);
    });
  };
  if (name == "seed") {
    def([s](Interpreter &in, CallArgs &args) {
      Params p(in, args, "seed", {"seed"}, Wording::Python);
      s->seed(in, p.get("seed"));
      return Value();
    });
  } else if (name == "rand" || name == "randn") {
    bool normal = name == "randn";
    def([s, normal, name](Interpreter &in, CallArgs &args) {
      return npDoubles(s->rt, dimsArg(in, args, name), [&] {
        return normal ? s->normal() : s->mt.nextDouble();
      });
    });
  } else if (name == "random" || name == "random_sample" ||
             name == "standard_normal") {
    bool normal = name == "standard_normal";
    def([s, normal, name](Interpreter &in, CallArgs &args) {
      Params p(in, args, name, {"size"}, Wording::Python);
      return npDoubles(s->rt, npSizeArg(in, p.get("size")), [&] {
        return normal ? s->normal() : s->mt.nextDouble();
      });
    });
  } else if (name == "uniform" || name == "normal") {
    bool normal = name == "normal";
    def([s, normal, name](Interpreter &in, CallArgs &args) {
      Params p(in, args, name,
               normal ? std::vector<std::string>{"loc", "scale", "size"}
                      : std::vector<std::string>{"low", "high", "size"},
               Wording::Python);
      double a = p.has(normal ? "loc" : "low")
                     ? scalarArg(in, s->rt, p.get(normal ? "loc" : "low"),
                                 normal ? "loc" : "low")
                     : 0.0;
      double b = p.has(normal ? "scale" : "high")
                     ? scalarArg(in, s->rt, p.get(normal ? "scale" : "high"),
                                 normal ? "scale" : "high")
                     : 1.0;
      if (normal && b < 0)
        in.valueError("scale < 0");
      return npDoubles(s->rt, npSizeArg(in, p.get("size")), [&] {
        return normal ? a + b * s->normal() : a + (b - a) * s->mt.nextDouble();
      });
    });
  } else if (name == "randint") {
    def([s](Interpreter &in, CallArgs &args) {
      Params p(in, args, "randint", {"low", "high", "size", "dtype"},
               Wording::Python);
      DType dtype = DType::Int64;
      if (p.has("dtype")) {
        auto d = npDTypeOf(p.get("dtype"));
        if (!d ||
            !(*d == DType::Int64 || *d == DType::Int32 || *d == DType::Int16 ||
              *d == DType::Int8 || *d == DType::UInt8))
          in.raise("NotImplementedError",
                   "kiln's np.random.randint makes int64, int32, int16, int8 "
                   "and uint8 values");
        dtype = *d;
      }
      return randint(*s, in, p.require("low", "randint"), p.get("high"),
                     p.get("size"), dtype);
    });
  } else if (name == "shuffle") {
    def([s](Interpreter &in, CallArgs &args) {
      Params p(in, args, "shuffle", {"x"}, Wording::Python);
      npShuffle(in, p.require("x", "shuffle"),
                [s](uint64_t i) { return s->interval(i); });
      return Value();
    });
  } else if (name == "permutation") {
    def([s](Interpreter &in, CallArgs &args) {
      Params p(in, args, "permutation", {"x"}, Wording::Python);
      Value x = p.require("x", "permutation");
      Value arr = x.isIntLike()
                      ? npArange(s->rt, x.asInt())
                      : makeNdArray(s->rt, npAsArray(s->rt, x), false);
      npShuffle(in, arr, [s](uint64_t i) { return s->interval(i); });
      return arr;
    });
  } else if (name == "choice") {
    def([s](Interpreter &in, CallArgs &args) {
      Params p(in, args, "choice", {"a", "size", "replace", "p"},
               Wording::Python);
      return choice(*s, in, p);
    });
  } else {
    return false;
  }
  return true;
}

} // namespace

void installNpRandom(TfRuntime &rt, ModuleBuilder &np) {
  Interpreter &in = np.in;
  TfRuntime *r = &rt;
  ModuleBuilder random(in, rt, "numpy.random");
  // The functions of np.random draw from one global RandomState.
  auto global = std::make_shared<NpRandomState>(rt);
  Value globalValue = Value::object(Type::Native, global);
  for (const char *name :
       {"seed", "rand", "randn", "random", "random_sample", "standard_normal",
        "uniform", "normal", "randint", "shuffle", "permutation", "choice"}) {
    Value method = in.getAttr(globalValue, name);
    random.set(name, method);
  }
  random.def("RandomState", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "RandomState", {"seed"}, Wording::Python);
    auto state = std::make_shared<NpRandomState>(*r);
    state->seed(in, p.get("seed"));
    return Value::object(Type::Native, state);
  });
  installNpGenerator(rt, random);
  np.set("random", random.value());
}

} // namespace kiln::tf
