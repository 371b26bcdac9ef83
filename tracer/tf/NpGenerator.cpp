// np.random.default_rng: NumPy's Generator over PCG64, with NumPy's numbers
// for the same seed. The seed goes through SeedSequence's hash into the
// 128-bit state and increment of PCG64 (XSL-RR output); the distributions
// draw as NumPy's C code does: 53-bit doubles, Lemire's bounded integers,
// the 256-step ziggurat for normals, masked rejection for shuffles, Floyd's
// algorithm for choices without replacement.
#include "NpRandom.h"
#include "TfModuleBuilder.h"

#include <cmath>
#include <cstring>
#include <random>

namespace kiln::tf {

using py::Type;

namespace {

using u128 = unsigned __int128;

/// SeedSequence(entropy).generate_state(n_words, uint32): the entropy's
/// 32-bit words mixed into a pool of four, then hashed out.
std::vector<uint32_t> seedSequenceState(std::vector<uint32_t> entropy,
                                        size_t words) {
  constexpr uint32_t kInitA = 0x43b0d7e5, kMultA = 0x931e8875;
  constexpr uint32_t kInitB = 0x8b51f9dd, kMultB = 0x58f38ded;
  constexpr uint32_t kMixL = 0xca01f9dd, kMixR = 0x4973f715;
  uint32_t hashConst = kInitA;
  auto hashmix = [&](uint32_t v) {
    v ^= hashConst;
    hashConst *= kMultA;
    v *= hashConst;
    return v ^ (v >> 16);
  };
  auto mix = [](uint32_t x, uint32_t y) {
    uint32_t r = kMixL * x - kMixR * y;
    return r ^ (r >> 16);
  };
  uint32_t pool[4];
  for (size_t i = 0; i < 4; ++i)
    pool[i] = hashmix(i < entropy.size() ? entropy[i] : 0);
  for (size_t src = 0; src < 4; ++src)
    for (size_t dst = 0; dst < 4; ++dst)
      if (src != dst)
        pool[dst] = mix(pool[dst], hashmix(pool[src]));
  for (size_t src = 4; src < entropy.size(); ++src)
    for (size_t dst = 0; dst < 4; ++dst)
      pool[dst] = mix(pool[dst], hashmix(entropy[src]));
  std::vector<uint32_t> state(words);
  hashConst = kInitB;
  for (size_t i = 0; i < words; ++i) {
    uint32_t v = pool[i % 4] ^ hashConst;
    hashConst *= kMultB;
    v *= hashConst;
    state[i] = v ^ (v >> 16);
  }
  return state;
}

/// PCG64: a 128-bit LCG whose output folds and rotates the new state.
class Pcg64 {
public:
  explicit Pcg64(const std::vector<uint32_t> &entropy) {
    std::vector<uint32_t> w = seedSequenceState(entropy, 8);
    auto word64 = [&](int k) {
      return uint64_t(w[2 * k + 1]) << 32 | w[2 * k];
    };
    u128 init = u128(word64(0)) << 64 | word64(1);
    u128 seq = u128(word64(2)) << 64 | word64(3);
    state_ = 0;
    inc_ = seq << 1 | 1;
    step();
    state_ += init;
    step();
  }
  uint64_t next64() {
    step();
    uint64_t folded = uint64_t(state_ >> 64) ^ uint64_t(state_);
    unsigned rot = unsigned(state_ >> 122);
    return (folded >> rot) | (folded << ((64 - rot) & 63));
  }
  /// Half of a 64-bit output, the low half first.
  uint32_t next32() {
    if (hasHalf_) {
      hasHalf_ = false;
      return half_;
    }
    uint64_t v = next64();
    hasHalf_ = true;
    half_ = uint32_t(v >> 32);
    return uint32_t(v);
  }
  double nextDouble() {
    return double(next64() >> 11) * (1.0 / 9007199254740992.0);
  }
  float nextFloat() { return float(next32() >> 8) * (1.0f / 16777216.0f); }

private:
  void step() {
    const u128 mult =
        u128(2549297995355413924ULL) << 64 | 4865540595714422341ULL;
    state_ = state_ * mult + inc_;
  }
  u128 state_, inc_;
  bool hasHalf_ = false;
  uint32_t half_ = 0;
};

/// An integer in [0, rng]: Lemire's multiply-and-reject, on 32-bit draws
/// while the range fits in them.
uint64_t bounded(Pcg64 &g, uint64_t rng) {
  if (rng == 0)
    return 0;
  if (rng <= 0xffffffffULL) {
    if (rng == 0xffffffffULL)
      return g.next32();
    const uint32_t r = uint32_t(rng), excl = r + 1;
    uint64_t m = uint64_t(g.next32()) * excl;
    uint32_t leftover = uint32_t(m);
    if (leftover < excl) {
      const uint32_t threshold = (UINT32_MAX - r) % excl;
      while (leftover < threshold) {
        m = uint64_t(g.next32()) * excl;
        leftover = uint32_t(m);
      }
    }
    return m >> 32;
  }
  if (rng == UINT64_MAX)
    return g.next64();
  const uint64_t excl = rng + 1;
  u128 m = u128(g.next64()) * excl;
  uint64_t leftover = uint64_t(m);
  if (leftover < excl) {
    const uint64_t threshold = (UINT64_MAX - rng) % excl;
    while (leftover < threshold) {
      m = u128(g.next64()) * excl;
      leftover = uint64_t(m);
    }
  }
  return uint64_t(m >> 64);
}

/// random_interval: an integer in [0, max] by masked rejection (shuffle).
uint64_t interval(Pcg64 &g, uint64_t max) {
  if (max == 0)
    return 0;
  uint64_t mask = npMaskFor(max), v;
  if (max <= 0xffffffffULL) {
    while ((v = (g.next32() & mask)) > max) {
    }
  } else {
    while ((v = (g.next64() & mask)) > max) {
    }
  }
  return v;
}

/// The ziggurat's 256 steps under exp(-x^2/2): NumPy's tables come from
/// the recurrence x[i+1] = sqrt(-2 log(f(x[i]) + V / x[i])) from the tail
/// x = r in doubles, which this computes; their widths for the 37 lowest
/// steps carry the rounding of the machine that made them and are lower
/// by the number of ulps below (measured against NumPy 2.2's samples).
struct Ziggurat {
  static constexpr double kR = 3.6541528853610088;
  uint64_t ki[256];
  double wi[256], fi[256];
  Ziggurat() {
    const double v = 0.0049286732339746519;
    auto f = [](double x) { return std::exp(-0.5 * x * x); };
    double x[256] = {};
    x[255] = kR; // built from the tail down, stored bottom up
    for (int i = 254; i >= 1; --i)
      x[i] = std::sqrt(-2.0 * std::log(f(x[i + 1]) + v / x[i + 1]));
    const double scale = 4503599627370496.0; // 2^52
    ki[0] = uint64_t(std::nearbyint(kR * f(kR) / v * scale));
    for (int i = 1; i < 256; ++i)
      ki[i] = uint64_t(std::nearbyint(x[i - 1] / x[i] * scale));
    static const int lower[38] = {0, 76, 22, 19, 18, 15, 15, 10, 9, 5, 4, 5, 4,
                                  4, 4,  4,  3,  4,  4,  4,  4,  3, 3, 4, 2, 2,
                                  2, 1,  2,  2,  2,  2,  2,  2,  2, 2, 2, 2};
    wi[0] = v / f(kR) / scale;
    for (int i = 1; i < 256; ++i) {
      wi[i] = x[i] / scale;
      for (int k = 0; i < 38 && k < lower[i]; ++k)
        wi[i] = std::nextafter(wi[i], 0.0);
    }
    for (int i = 0; i < 256; ++i)
      fi[i] = f(x[i]);
  }
};

double standardNormal(Pcg64 &g) {
  static const Ziggurat z;
  for (;;) {
    uint64_t r = g.next64();
    int idx = int(r & 0xff);
    r >>= 8;
    bool negative = r & 1;
    uint64_t rabs = (r >> 1) & 0x000fffffffffffffULL;
    double x = double(rabs) * z.wi[idx];
    if (negative)
      x = -x;
    if (rabs < z.ki[idx])
      return x;     // nearly always
    if (idx == 0) { // the tail beyond r
      for (;;) {
        double xx = -(1.0 / Ziggurat::kR) * std::log1p(-g.nextDouble());
        double yy = -std::log1p(-g.nextDouble());
        if (yy + yy > xx * xx)
          return ((rabs >> 8) & 1) ? -(Ziggurat::kR + xx) : Ziggurat::kR + xx;
      }
    }
    if ((z.fi[idx - 1] - z.fi[idx]) * g.nextDouble() + z.fi[idx] <
        std::exp(-0.5 * x * x))
      return x;
  }
}

/// The seed's 32-bit words, least significant first (SeedSequence's
/// entropy); None draws fresh entropy.
std::vector<uint32_t> entropyOf(Interpreter &in, const Value &seed) {
  if (seed.isNone()) {
    std::random_device device;
    return {device(), device(), device(), device()};
  }
  if (!seed.isIntLike() || seed.is(Type::Bool))
    in.raise("NotImplementedError",
             "kiln's np.random.default_rng takes an int seed (or None)");
  int64_t n = seed.asInt();
  if (n < 0)
    in.valueError("expected non-negative integer");
  std::vector<uint32_t> words;
  uint64_t u = uint64_t(n);
  do {
    words.push_back(uint32_t(u));
    u >>= 32;
  } while (u);
  return words;
}

struct NpGenerator : py::NativeObject {
  NpGenerator(TfRuntime &rt, const std::vector<uint32_t> &entropy)
      : rt(rt), g(entropy) {}
  TfRuntime &rt;
  Pcg64 g;
  std::string typeName() const override { return "Generator"; }
  std::string typeModule() const override { return "numpy.random"; }
  std::string repr(Interpreter &, const Value &) override {
    return "Generator(PCG64)";
  }
  bool getAttr(Interpreter &in, const Value &self, const std::string &name,
               Value &out) override;
};

double scalarParam(NpGenerator &s, const Params &p, const std::string &name,
                   double fallback) {
  if (!p.has(name))
    return fallback;
  HostTensorPtr t = npAsArray(s.rt, p.get(name));
  if (!t->type.shape.empty())
    s.rt.in.raise("NotImplementedError",
                  "kiln's Generator takes a scalar " + name + " only");
  return t->elementAsDouble(0);
}

/// integers(low, high, size, dtype, endpoint): int64 (or int32) values in
/// [low, high), or [low, high] with endpoint.
Value integers(NpGenerator &s, Interpreter &in, const Params &p) {
  Value lowArg = p.require("low", "integers"), highArg = p.get("high");
  int64_t low = highArg.isNone() ? 0 : in.toIndex(lowArg);
  int64_t high = highArg.isNone() ? in.toIndex(lowArg) : in.toIndex(highArg);
  bool endpoint = p.has("endpoint") && in.truthy(p.get("endpoint"));
  if (!endpoint) {
    if (low >= high)
      in.valueError("low >= high");
    --high;
  } else if (low > high) {
    in.valueError("low > high");
  }
  DType dtype = DType::Int64;
  if (p.has("dtype")) {
    std::optional<DType> d = npDTypeOf(p.get("dtype"));
    if (!d || (*d != DType::Int64 && *d != DType::Int32))
      in.raise("NotImplementedError",
               "kiln's Generator.integers draws int64 or int32 only");
    dtype = *d;
  }
  if (dtype == DType::Int32 && (low < INT32_MIN || high > INT32_MAX))
    in.valueError(std::string(low < INT32_MIN ? "low" : "high") +
                  " is out of bounds for int32");
  uint64_t rng = uint64_t(high) - uint64_t(low);
  std::optional<std::vector<int64_t>> shape = npSizeArg(in, p.get("size"));
  auto draw = [&]() { return low + int64_t(bounded(s.g, rng)); };
  if (dtype == DType::Int32) {
    if (!shape) {
      auto t = graph::HostTensor::zeros({DType::Int32, {}});
      *reinterpret_cast<int32_t *>(t->bytes.data()) = int32_t(draw());
      return makeNdArray(s.rt, t, true);
    }
    return npDrawnArray<int32_t>(s.rt, DType::Int32, *shape,
                                 [&] { return int32_t(draw()); });
  }
  if (!shape) {
    auto t = graph::HostTensor::zeros({DType::Int64, {}});
    *reinterpret_cast<int64_t *>(t->bytes.data()) = draw();
    return makeNdArray(s.rt, t, true);
  }
  return npDrawnArray<int64_t>(s.rt, DType::Int64, *shape, draw);
}

/// choice(a, size, replace, p, shuffle): indices drawn as NumPy's
/// Generator draws them, then taken from `a` unless it is an int.
Value choice(NpGenerator &s, Interpreter &in, const Params &p) {
  TfRuntime &rt = s.rt;
  Value a = p.require("a", "choice");
  bool fromInt = a.isIntLike();
  Value population =
      fromInt ? Value() : makeNdArray(rt, npAsArray(rt, a), false);
  if (!fromInt && population.as<NdArrayObject>().value->type.shape.size() != 1)
    in.raise("NotImplementedError",
             "kiln's Generator.choice takes an int or a 1-D array");
  int64_t n =
      fromInt ? a.asInt() : population.as<NdArrayObject>().value->type.shape[0];
  if (n < 0)
    in.valueError("a must be a positive integer unless no samples are taken");
  bool replace = !p.has("replace") || in.truthy(p.get("replace"));
  bool shuffle = !p.has("shuffle") || in.truthy(p.get("shuffle"));
  std::optional<std::vector<int64_t>> shape = npSizeArg(in, p.get("size"));
  int64_t m = 1;
  for (int64_t d : shape.value_or(std::vector<int64_t>{}))
    m *= d;
  if (n == 0 && m > 0)
    in.valueError(fromInt ? "a must be a positive integer unless no samples "
                            "are taken"
                          : "a cannot be empty unless no samples are taken");
  std::vector<int64_t> idx(m);
  if (p.has("p")) {
    if (!replace)
      in.raise("NotImplementedError",
               "kiln's Generator.choice takes p only with replace=True");
    std::vector<double> cdf = npChoiceCdf(rt, p.get("p"), n, true);
    for (auto &i : idx)
      i = int64_t(std::upper_bound(cdf.begin(), cdf.end(), s.g.nextDouble()) -
                  cdf.begin());
  } else if (replace) {
    for (auto &i : idx)
      i = int64_t(bounded(s.g, uint64_t(n - 1)));
  } else {
    if (m > n)
      in.valueError("Cannot take a larger sample than population when "
                    "replace is False");
    // The indices' shuffle, from position `first` on (_shuffle_int).
    auto shuffleTail = [&](int64_t *data, int64_t count, int64_t first) {
      for (int64_t i = count - 1; i >= first; --i)
        std::swap(data[i], data[bounded(s.g, uint64_t(i))]);
    };
    int64_t cutoff = shuffle ? 50 : 20;
    if (n > 10000 && m > n / cutoff) {
      std::vector<int64_t> all(n);
      for (int64_t i = 0; i < n; ++i)
        all[i] = i;
      shuffleTail(all.data(), n, std::max<int64_t>(n - m, 1));
      std::copy(all.end() - m, all.end(), idx.begin());
    } else if (m > 0) {
      // Floyd's algorithm with an open-addressing set of the drawn values.
      uint64_t mask = npMaskFor(uint64_t(1.2 * double(m)));
      std::vector<uint64_t> set(mask + 1, UINT64_MAX);
      for (int64_t j = n - m; j < n; ++j) {
        uint64_t val = bounded(s.g, uint64_t(j));
        uint64_t loc = val & mask;
        while (set[loc] != UINT64_MAX && set[loc] != val)
          loc = (loc + 1) & mask;
        if (set[loc] == UINT64_MAX) {
          set[loc] = val;
          idx[j - n + m] = int64_t(val);
        } else {
          loc = uint64_t(j) & mask;
          while (set[loc] != UINT64_MAX)
            loc = (loc + 1) & mask;
          set[loc] = uint64_t(j);
          idx[j - n + m] = j;
        }
      }
      if (shuffle)
        shuffleTail(idx.data(), m, 1);
    }
  }
  Value picked;
  if (!shape) {
    picked = Value::integer(idx[0]);
  } else {
    auto t = graph::HostTensor::zeros({DType::Int64, *shape});
    std::memcpy(t->bytes.data(), idx.data(), idx.size() * sizeof(int64_t));
    picked = makeNdArray(rt, t, false);
  }
  return fromInt ? picked : in.getItem(population, picked);
}

bool NpGenerator::getAttr(Interpreter &in, const Value &self,
                          const std::string &name, Value &out) {
  auto s = std::static_pointer_cast<NpGenerator>(self.ptr());
  auto method = [&](std::vector<std::string> params,
                    std::function<Value(Interpreter &, Params &)> fn) {
    out = in.builtin(name,
                     [s, name, params, fn](Interpreter &in, CallArgs &args) {
                       Params p(in, args, name, params, Wording::Python);
                       return fn(in, p);
                     });
  };
  if (name == "random") {
    method({"size", "dtype", "out"}, [s](Interpreter &in, Params &p) {
      std::optional<DType> d =
          p.has("dtype") ? npDTypeOf(p.get("dtype")) : DType::Float64;
      if (p.has("out"))
        in.raise("NotImplementedError",
                 "kiln's Generator.random does not take out=");
      if (d == DType::Float32) {
        std::optional<std::vector<int64_t>> shape =
            npSizeArg(in, p.get("size"));
        if (!shape) // one draw is a Python float, as NumPy returns it
          return Value::floating(double(s->g.nextFloat()));
        return npDrawnArray<float>(s->rt, DType::Float32, *shape,
                                   [&] { return s->g.nextFloat(); });
      }
      if (d != DType::Float64)
        in.typeError("Unsupported dtype " + in.repr(p.get("dtype")) +
                     " for random");
      return npDoubles(s->rt, npSizeArg(in, p.get("size")),
                       [&] { return s->g.nextDouble(); });
    });
  } else if (name == "uniform") {
    method({"low", "high", "size"}, [s](Interpreter &in, Params &p) {
      double low = scalarParam(*s, p, "low", 0.0);
      double high = scalarParam(*s, p, "high", 1.0);
      double range = high - low;
      if (!std::isfinite(range))
        in.raise("OverflowError", "Range exceeds valid bounds");
      if (range < 0)
        in.valueError("high - low < 0");
      return npDoubles(s->rt, npSizeArg(in, p.get("size")),
                       [&] { return low + range * s->g.nextDouble(); });
    });
  } else if (name == "normal" || name == "standard_normal") {
    bool standard = name == "standard_normal";
    std::vector<std::string> params =
        standard ? std::vector<std::string>{"size", "dtype", "out"}
                 : std::vector<std::string>{"loc", "scale", "size"};
    method(params, [s, standard](Interpreter &in, Params &p) {
      double loc = standard ? 0.0 : scalarParam(*s, p, "loc", 0.0);
      double scale = standard ? 1.0 : scalarParam(*s, p, "scale", 1.0);
      if (standard && p.has("dtype") &&
          npDTypeOf(p.get("dtype")) != DType::Float64)
        in.raise("NotImplementedError",
                 "kiln's Generator.standard_normal draws float64 only");
      if (scale < 0)
        in.valueError("scale < 0");
      return npDoubles(s->rt, npSizeArg(in, p.get("size")),
                       [&] { return loc + scale * standardNormal(s->g); });
    });
  } else if (name == "integers") {
    method({"low", "high", "size", "dtype", "endpoint"},
           [s](Interpreter &in, Params &p) { return integers(*s, in, p); });
  } else if (name == "choice") {
    method({"a", "size", "replace", "p", "axis", "shuffle"},
           [s](Interpreter &in, Params &p) {
             if (p.has("axis") && in.toIndex(p.get("axis")) != 0)
               in.raise("NotImplementedError",
                        "kiln's Generator.choice takes axis=0 only");
             return choice(*s, in, p);
           });
  } else if (name == "shuffle") {
    method({"x", "axis"}, [s](Interpreter &in, Params &p) {
      if (p.has("axis") && in.toIndex(p.get("axis")) != 0)
        in.raise("NotImplementedError",
                 "kiln's Generator.shuffle takes axis=0 only");
      npShuffle(in, p.require("x", "shuffle"),
                [s](uint64_t i) { return interval(s->g, i); });
      return Value();
    });
  } else if (name == "permutation") {
    method({"x", "axis"}, [s](Interpreter &in, Params &p) {
      if (p.has("axis") && in.toIndex(p.get("axis")) != 0)
        in.raise("NotImplementedError",
                 "kiln's Generator.permutation takes axis=0 only");
      Value x = p.require("x", "permutation");
      Value arr = x.isIntLike()
                      ? npArange(s->rt, x.asInt())
                      : makeNdArray(s->rt, npAsArray(s->rt, x), false);
      npShuffle(in, arr, [s](uint64_t i) { return interval(s->g, i); });
      return arr;
    });
  } else {
    return false;
  }
  return true;
}

} // namespace

void installNpGenerator(TfRuntime &rt, ModuleBuilder &random) {
  TfRuntime *r = &rt;
  random.def("default_rng", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "default_rng", {"seed"}, Wording::Python);
    return Value::object(Type::Native, std::make_shared<NpGenerator>(
                                           *r, entropyOf(in, p.get("seed"))));
  });
}

} // namespace kiln::tf
