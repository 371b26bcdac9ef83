// tf.random.stateless_uniform, stateless_normal and
// stateless_truncated_normal, and the stateful tf.random.uniform, normal and
// truncated_normal with tf.random.set_seed: the same numbers as TensorFlow's
// CPU kernels, bit for bit. The seed becomes a
// Philox4x32-10 key and counter (StatelessRandomGetKeyCounter); output
// element i is sample i % 4 (float32, int32) or i % 2 (64-bit types) of
// Philox at counter + i / 4 or i / 2, converted as TensorFlow's
// distributions convert it (random_distributions.h); a truncated normal
// draws a variable number of samples per element (see truncatedNormal). A
// seed known at trace
// time makes the result a constant, computed here; the scale and shift
// that tf.random applies after the kernel stay ops of the graph.
//
// The stateful ops' seeds come as TensorFlow's random_seed.get_seed makes
// them. Eagerly, after set_seed(s), each op without its own seed draws one
// from Python's random.Random(s) (MT19937); the kernel, cached by its seeds,
// keeps a Philox generator (key seed, counter seed2) that each run advances
// by 256 samples per output element. In a tf.function the graph seed is
// the global seed (or the one set_seed gave while tracing, which sets only
// the graph's) and an op without a seed takes the graph's count of such
// ops so far (a staged branch or loop body is a graph of its own); the op
// is a RandomUniform (RandomStandardNormal, RandomUniformInt,
// TruncatedNormal) node whose generator offset is a hidden int64 variable
// of the function, read as the node's input and advanced after it, so
// that compiled code stays pure and each call continues the sequence as
// the kernel's state does. tf.random.shuffle runs eagerly only
// (RandomShuffle's Fisher-Yates pass).
#include "TfRandom.h"
#include "Mt19937.h"
#include "Multinomial.h"
#include "Philox.h"
#include "ShapeTensor.h"
#include "TfModuleBuilder.h"
#include "TfObjects.h"
#include "TfOps.h"
#include "TfVariable.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <map>
#include <numeric>
#include <optional>
#include <random>
#include <thread>
#include <tuple>

namespace kiln::tf {

namespace {

using philox::Block;
using philox::Key;
using philox::keyCounter;
using philox::philox;
using philox::skip;
using philox::toDouble;
using philox::toFloat;

using Kind = SampleKind;

/// Box-Muller as TensorFlow's BoxMullerFloat: two normals from two words
/// (2 * M_PI is a double; libm's sin, cos and log).
std::array<float, 2> boxMuller(uint32_t x0, uint32_t x1) {
  float u1 = std::max(toFloat(x0), 1.0e-7f);
  float v1 = float(2.0 * M_PI * toFloat(x1));
  float u2 = std::sqrt(-2.0f * std::log(u1));
  return {std::sin(v1) * u2, std::cos(v1) * u2};
}

/// BoxMullerDouble: two normals from a block's four words.
std::array<double, 2> boxMuller(const Block &x) {
  double u1 = std::max(toDouble(x[0], x[1]), 1.0e-7);
  double v1 = 2.0 * M_PI * toDouble(x[2], x[3]);
  double u2 = std::sqrt(-2.0 * std::log(u1));
  return {std::sin(v1) * u2, std::cos(v1) * u2};
}

/// TruncatedNormalDistribution as FillPhiloxRandomTask runs it (its
/// variable-sample path): output group g, 4 floats or 2 doubles, starts
/// 256 samples per element into the generator (block g * 256 or g * 128)
/// and takes Box-Muller pairs from successive blocks (floats: two pairs a
/// block), keeping each normal below 2 in magnitude until the group is
/// full.
template <typename T>
std::vector<T> truncatedNormal(int64_t n, Key key, Block counter) {
  constexpr int64_t group = sizeof(T) == 8 ? 2 : 4;
  std::vector<T> out(n);
  for (int64_t first = 0; first < n; first += group) {
    Block at = skip(counter, uint64_t(first) * 256 / 4);
    int64_t kept = 0;
    while (kept < group) {
      Block x = philox(at, key);
      at = skip(at, 1);
      std::array<T, 4> normals{};
      int count = 2;
      if constexpr (sizeof(T) == 8) {
        auto z = boxMuller(x);
        normals = {z[0], z[1]};
      } else {
        auto z0 = boxMuller(x[0], x[1]), z1 = boxMuller(x[2], x[3]);
        normals = {z0[0], z0[1], z1[0], z1[1]};
        count = 4;
      }
      for (int i = 0; i < count && kept < group; ++i)
        if (std::fabs(normals[i]) < T(2)) {
          if (first + kept < n)
            out[first + kept] = normals[i];
          ++kept;
        }
    }
  }
  return out;
}

} // namespace

HostTensorPtr philoxSamples(SampleKind kind, DType dtype,
                            const std::vector<int64_t> &shape, Key key,
                            Block counter, int64_t lo, uint64_t range) {
  auto t = graph::HostTensor::zeros(TensorType{dtype, shape});
  int64_t n = t->type.numElements();
  // float16 and bfloat16: a uniform's mantissa is the low bits of a word
  // (Uint16ToHalf, Uint16ToGfloat16); a normal is the float one rounded.
  if (dtype == DType::Float16 || dtype == DType::BFloat16) {
    bool half = dtype == DType::Float16;
    auto round = [&](float f) {
      return half ? py::floatToHalf(f) : py::floatToBFloat16(f);
    };
    std::vector<float> values(n);
    if (kind == Kind::TruncatedNormal)
      values = truncatedNormal<float>(n, key, counter);
    for (int64_t group = 0; kind != Kind::TruncatedNormal && group * 4 < n;
         ++group) {
      Block x = philox::philox(philox::skip(counter, group), key);
      for (int64_t k = 0; k < 4 && group * 4 + k < n; ++k) {
        float v;
        if (kind == Kind::Uniform)
          v = half ? py::halfToFloat(uint16_t(0x3c00 | (x[k] & 0x3ff))) - 1.0f
                   : py::bfloat16ToFloat(uint16_t(0x3f80 | (x[k] & 0x7f))) -
                         1.0f;
        else
          v = boxMuller(x[k & 2], x[(k & 2) + 1])[k & 1];
        values[group * 4 + k] = v;
      }
    }
    for (int64_t i = 0; i < n; ++i) {
      uint16_t bits = round(values[i]);
      std::memcpy(t->bytes.data() + i * 2, &bits, 2);
    }
    return t;
  }
  if (kind == Kind::TruncatedNormal) {
    auto copy = [&](const auto &values) {
      if (n > 0)
        std::memcpy(t->bytes.data(), values.data(), n * sizeof values[0]);
    };
    if (dtype == DType::Float64)
      copy(truncatedNormal<double>(n, key, counter));
    else
      copy(truncatedNormal<float>(n, key, counter));
    return t;
  }
  bool wide = dtype == DType::Float64 || dtype == DType::Int64;
  int64_t perBlock = wide ? 2 : 4;
  for (int64_t group = 0; group * perBlock < n; ++group) {
    Block x = philox::philox(philox::skip(counter, group), key);
    int64_t first = group * perBlock;
    auto put = [&](int64_t k, auto value) {
      if (first + k < n)
        std::memcpy(t->bytes.data() + (first + k) * sizeof value, &value,
                    sizeof value);
    };
    if (kind == Kind::Uniform) {
      for (int64_t k = 0; k < perBlock; ++k) {
        if (dtype == DType::Float32)
          put(k, toFloat(x[k]));
        else if (dtype == DType::Float64)
          put(k, toDouble(x[2 * k], x[2 * k + 1]));
        else if (dtype == DType::Int32)
          put(k, int32_t(range == 0 ? x[k]
                                    : uint32_t(lo) +
                                          uint32_t(x[k] % uint32_t(range))));
        else {
          uint64_t bits = uint64_t(x[2 * k]) | uint64_t(x[2 * k + 1]) << 32;
          put(k, int64_t(range == 0 ? bits : uint64_t(lo) + bits % range));
        }
      }
      continue;
    }
    if (dtype == DType::Float32) {
      for (int k = 0; k < 2; ++k) {
        auto z = boxMuller(x[2 * k], x[2 * k + 1]);
        put(2 * k, z[0]);
        put(2 * k + 1, z[1]);
      }
    } else {
      auto z = boxMuller(x);
      put(0, z[0]);
      put(1, z[1]);
    }
  }
  return t;
}

namespace {

/// A stateless kernel's output for seeds `seed0`, `seed1`.
graph::HostTensorPtr generate(Kind kind, DType dtype,
                              const std::vector<int64_t> &shape, uint64_t seed0,
                              uint64_t seed1, int64_t lo, uint64_t range) {
  Key key;
  Block counter;
  keyCounter(seed0, seed1, key, counter);
  return philoxSamples(kind, dtype, shape, key, counter, lo, range);
}

} // namespace

std::vector<int64_t> randomShapeArg(TfRuntime &rt, const Value &v,
                                    const std::string &fname,
                                    const std::string &op) {
  // A Python shape of ints converts as TensorFlow's shape_tensor does,
  // with convert_to_tensor's inference: int32, or int64 when a dimension
  // needs it.
  Value t = v;
  if (!rt.isTensor(v)) {
    DType d = DType::Int32;
    if (v.is(py::Type::List) || v.is(py::Type::Tuple)) {
      ValueList dims = rt.in.toList(v);
      bool ints = !dims.empty(); // ([] infers float32)
      for (const Value &dim : dims)
        ints &= dim.is(py::Type::Int);
      if (ints)
        d = rt.hostFromPython(v, std::nullopt)->type.dtype;
    }
    t = rt.toTensor(v, d);
  }
  HostTensorPtr known = rt.constantValue(t);
  if (!known)
    rt.raise("UnimplementedError",
             "kiln needs the shape of tf.random." + fname + " at trace time");
  std::vector<int64_t> shape;
  for (int64_t i = 0; i < known->type.numElements(); ++i)
    shape.push_back(known->elementAsInt(i));
  for (int64_t d : shape)
    if (d < 0) {
      std::string message = "Dimension " + std::to_string(d) + " must be >= 0";
      if (!op.empty() && !rt.tracing)
        kernelError(rt, op, message);
      rt.in.valueError(message);
    }
  return shape;
}

namespace {

/// The seed argument: two integers (a shape [2] tensor or list), known at
/// trace time, or (in a function) a tensor the run time knows.
struct Seeds {
  std::pair<uint64_t, uint64_t> known;
  Value runTime; // an int64 [2] tensor, when not known now
};
Seeds seedArg(TfRuntime &rt, const Value &v, const std::string &fname) {
  // Converted as it is (a list holding an int32 tensor packs to int32).
  Value t = rt.toTensor(v);
  const TensorType &type = rt.tensor(t).type;
  // Eagerly the errors of the op that reads the seed.
  const std::string reader = "StatelessRandomGetKeyCounter";
  if (!rt.tracing && !isInteger(type.dtype))
    rejectDType(rt, reader, "seed", "Tseed", type.dtype, "int32, int64",
                "int32, int64",
                "; signature=seed:Tseed -> key:uint64, counter:uint64; "
                "attr=Tseed:type,default=DT_INT64,allowed=[DT_INT32, "
                "DT_INT64]>",
                /*named=*/false);
  if (type.unknownRank || type.shape != std::vector<int64_t>{2}) {
    if (!rt.tracing && !type.unknownRank)
      kernelError(rt, reader,
                  "seed must have shape [2], not " + shapeList(type.shape), "",
                  /*named=*/false);
    rt.in.valueError("seed must have shape [2], not " + type.shapeString());
  }
  HostTensorPtr known = rt.constantValue(t);
  if (!known) {
    if (!isInteger(type.dtype))
      rt.in.typeError("seed must be an int32 or int64 tensor, not " +
                      std::string(py::dtypeName(type.dtype)));
    return {{0, 0}, cast(rt, t, DType::Int64)};
  }
  return {{uint64_t(known->elementAsInt(0)), uint64_t(known->elementAsInt(1))},
          Value()};
}

/// A stateless kernel's output for the shape argument `shape`: a constant
/// when trace time knows the shape and the seed, else a node of kernel
/// `op` that the
/// compiled code computes from the same Philox stream (EmitRandom.cpp: the
/// key as `seed`, the counter's high half as `seed2`, its low half the
/// offset input).
Value statelessSamples(TfRuntime &rt, const Value &shape,
                       const std::string &fname, Kind kind, DType dtype,
                       const Seeds &seeds, int64_t lo, uint64_t range,
                       const std::string &op, const std::string &name) {
  if (!isRunTimeShape(rt, shape) && seeds.runTime.isNone())
    return rt.constant(
        generate(kind, dtype, randomShapeArg(rt, shape, fname, op),
                 seeds.known.first, seeds.known.second, lo, range),
        name);
  Key key;
  Block counter;
  keyCounter(seeds.known.first, seeds.known.second, key, counter);
  Value dims = shapeTensor(rt, shape, fname);
  std::map<std::string, Attr> attrs{
      {"seed", int64_t(uint64_t(key[1]) << 32 | key[0])},
      {"seed2", int64_t(uint64_t(counter[3]) << 32 | counter[2])},
      {"dtype", dtype}};
  // A seed known at run time only: codegen scrambles it into the key and
  // counter (StatelessRandomGetKeyCounter) from its third input.
  if (!seeds.runTime.isNone())
    attrs["seed_input"] = true;
  if (op == "StatelessRandomUniformIntV2") {
    attrs["minval"] = lo;
    attrs["range"] = int64_t(range);
  }
  Value offset = rt.toTensor(
      Value::integer(int64_t(uint64_t(counter[1]) << 32 | counter[0])),
      DType::Int64);
  ValueList inputs{offset, dims};
  if (!seeds.runTime.isNone())
    inputs.push_back(seeds.runTime);
  return rt.apply(op, inputs, std::move(attrs),
                  TensorType{dtype, knownDims(rt, dims)}, name);
}

/// A stateless op's `alg` as random_ops_util.convert_alg_to_int reads it:
/// Philox and auto-select (Philox on CPUs) run; ThreeFry's key and counter
/// fail in TensorFlow's CPU kernel `op`, and other values are refused.
void statelessAlgorithm(TfRuntime &rt, const Value &alg,
                        const std::string &op) {
  Interpreter &in = rt.in;
  if (alg.isNone())
    return;
  int64_t value = -1;
  std::string philox = "1", threefry = "2", autoSelect = "3";
  if (auto *a = alg.is(py::Type::Native)
                    ? dynamic_cast<EnumMemberObject *>(alg.raw())
                    : nullptr;
      a && a->enumName == "Algorithm") {
    value = a->value.asInt();
    philox = "Algorithm.PHILOX";
    threefry = "Algorithm.THREEFRY";
    autoSelect = "Algorithm.AUTO_SELECT";
  } else if (alg.is(py::Type::Int) || alg.is(py::Type::Bool)) {
    value = alg.asInt();
  } else if (rt.isTensor(alg)) { // passed on to the kernel as it is
    HostTensorPtr known = rt.constantValue(alg);
    if (!known || known->type.numElements() != 1)
      rt.raise("UnimplementedError",
               "kiln needs a tensor alg of the stateless random ops at trace "
               "time");
    value = known->elementAsInt(0);
  } else if (alg.is(py::Type::Str)) {
    // strip(), lower(), then "-" and "_" removed.
    std::string text = in.toStr(alg), canon;
    size_t first = text.find_first_not_of(" \t\n\r\f\v");
    size_t last = text.find_last_not_of(" \t\n\r\f\v");
    if (first != std::string::npos)
      text = text.substr(first, last - first + 1);
    else
      text.clear();
    for (char c : text)
      if (c != '-' && c != '_')
        canon += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    value = canon == "philox"       ? 1
            : canon == "threefry"   ? 2
            : canon == "autoselect" ? 3
                                    : -1;
    philox = "philox";
    threefry = "threefry";
    autoSelect = "auto_select";
  } else {
    in.typeError("Can't convert argument `alg` (of value " + in.toStr(alg) +
                 " and type " +
                 in.repr(Value::object(py::Type::Class, in.typeOf(alg))) +
                 ") to int.");
  }
  if (value == 2)
    knownKernelError(rt, op,
                     "counter must be a vector with length at least 2; got "
                     "shape: [1]. (Note that batched counters are not "
                     "supported yet.)");
  if (value != 1 && value != 3)
    in.valueError("Argument `alg` got unsupported value " + in.toStr(alg) +
                  ". Supported values are " + philox +
                  " for the Philox algorithm, " + threefry +
                  " for the ThreeFry algorithm, and " + autoSelect +
                  " for auto-selection.");
}

DType dtypeOr(Interpreter &in, const Params &p, DType fallback) {
  std::optional<DType> d = dtypeArg(in, p.get("dtype"));
  return d ? *d : fallback;
}

Value statelessUniform(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  const std::string fname = "stateless_uniform";
  Value shape = p.require("shape", fname);
  auto seeds = seedArg(rt, p.require("seed", fname), fname);
  DType dtype = dtypeOr(in, p, DType::Float32);
  if (dtype == DType::Int32 || dtype == DType::Int64) {
    // minval defaults to 0: without maxval, only minval=None (full-range
    // integers, not built yet) is allowed.
    bool hasMin = !p.values.count("minval") || p.has("minval");
    if (hasMin != p.has("maxval"))
      in.valueError(
          "For integer `dtype` argument <dtype: '" +
          std::string(py::dtypeName(dtype)) +
          "'>, argument `minval` and `maxval` must be both None or "
          "not None. Got `minval`=" +
          (hasMin ? in.repr(p.values.count("minval") ? p.get("minval")
                                                     : Value::integer(0))
                  : std::string("None")) +
          " and `maxval`=" +
          (p.has("maxval") ? in.repr(p.get("maxval")) : std::string("None")) +
          ".");
    if (!hasMin) {
      // Full-range integers: the Philox words themselves (one per int32,
      // two per int64), as StatelessRandomUniformFullIntV2 gives them.
      statelessAlgorithm(rt, p.get("alg"), "StatelessRandomUniformFullIntV2");
      if (isRunTimeShape(rt, shape) || !seeds.runTime.isNone())
        rt.raise("UnimplementedError",
                 "kiln makes full-range random integers (minval and maxval "
                 "None) from a shape and seed known at trace time only");
      return statelessSamples(rt, shape, fname, Kind::Uniform, dtype, seeds, 0,
                              0, "StatelessRandomUniformFullIntV2",
                              "stateless_random_uniform");
    }
    auto bound = [&](const char *name) {
      Value t =
          rt.toTensor(p.has(name) ? p.get(name) : Value::integer(0), dtype);
      HostTensorPtr known = rt.constantValue(t);
      if (!known || known->type.numElements() != 1)
        rt.raise("UnimplementedError",
                 "kiln needs tf.random.stateless_uniform's minval and "
                 "maxval as scalars known at trace time");
      return known->elementAsInt(0);
    };
    int64_t lo = bound("minval"), hi = bound("maxval");
    // The algorithm's key and counter come before the kernel's own checks.
    statelessAlgorithm(rt, p.get("alg"), "StatelessRandomUniformIntV2");
    if (hi <= lo)
      kernelError(rt, "StatelessRandomUniformIntV2",
                  "Need minval < maxval, got " + std::to_string(lo) +
                      " >= " + std::to_string(hi));
    return statelessSamples(rt, shape, fname, Kind::Uniform, dtype, seeds, lo,
                            uint64_t(hi) - uint64_t(lo),
                            "StatelessRandomUniformIntV2",
                            "stateless_random_uniform");
  }
  if (!isFloating(dtype))
    rt.raise("UnimplementedError",
             "kiln's tf.random.stateless_uniform takes floats, int32 and "
             "int64 only, not " +
                 std::string(py::dtypeName(dtype)));
  // random_ops: rnd * (maxval - minval) + minval, with maxval 1.
  Value minval =
      rt.toTensor(p.has("minval") ? p.get("minval") : Value::integer(0), dtype);
  Value maxval =
      rt.toTensor(p.has("maxval") ? p.get("maxval") : Value::integer(1), dtype);
  statelessAlgorithm(rt, p.get("alg"), "StatelessRandomUniformV2");
  Value rnd =
      statelessSamples(rt, shape, fname, Kind::Uniform, dtype, seeds, 0, 0,
                       "StatelessRandomUniformV2", "StatelessRandomUniformV2");
  return binaryOp(rt, "AddV2",
                  binaryOp(rt, "Mul", rnd, binaryOp(rt, "Sub", maxval, minval)),
                  minval);
}

/// tf.random.stateless_normal and stateless_truncated_normal (`kind`),
/// `fname` in messages, `op` naming the kernel's result.
Value statelessNormal(TfRuntime &rt, const Params &p, const std::string &fname,
                      Kind kind, const std::string &op) {
  Interpreter &in = rt.in;
  Value shape = p.require("shape", fname);
  auto seeds = seedArg(rt, p.require("seed", fname), fname);
  DType dtype = dtypeOr(in, p, DType::Float32);
  if (!isFloating(dtype))
    rt.raise("UnimplementedError", "kiln's tf.random." + fname +
                                       " takes floats only, not " +
                                       std::string(py::dtypeName(dtype)));
  Value mean =
      rt.toTensor(p.has("mean") ? p.get("mean") : Value::floating(0.0), dtype);
  Value stddev = rt.toTensor(
      p.has("stddev") ? p.get("stddev") : Value::floating(1.0), dtype);
  const char *kernel = kind == Kind::Normal ? "StatelessRandomNormalV2"
                                            : "StatelessTruncatedNormalV2";
  statelessAlgorithm(rt, p.get("alg"), kernel);
  Value rnd =
      statelessSamples(rt, shape, fname, kind, dtype, seeds, 0, 0, kernel, op);
  // random_ops: rnd * stddev + mean.
  return binaryOp(rt, "AddV2", binaryOp(rt, "Mul", rnd, stddev), mean);
}

constexpr int64_t kMaxInt32 = 2147483647;

/// Python's `a % m` for m > 0: never negative (seed=-5 is 2147483642).
int64_t pythonMod(int64_t a, int64_t m) { return ((a % m) + m) % m; }
constexpr int64_t kDefaultGraphSeed = 87654321;

} // namespace

struct RandomState {
  std::optional<int64_t> globalSeed;
  Mt19937 rng;
  /// The eager kernels TensorFlow caches by op and attributes, each with
  /// its generator's counter offset (in 128-bit samples).
  std::map<std::tuple<std::string, DType, int64_t, int64_t>, uint64_t> kernels;
  /// The generator offsets of the traced functions' random ops:
  /// set_seed starts them over, as it resets TensorFlow's kernels (their
  /// seeds stay those of the trace).
  std::vector<std::weak_ptr<VariableState>> offsets;
  std::random_device entropy;
};

namespace {

RandomState &randomState(TfRuntime &rt) {
  if (!rt.random)
    rt.random = std::make_shared<RandomState>();
  return *rt.random;
}

/// random_seed.get_seed: the kernel's seed and seed2; {0, 0} asks the
/// kernel for nondeterministic seeds, as TensorFlow without seeds. An op
/// without a seed under a global one draws it eagerly from
/// context.internal_operation_seed; inside a tf.function it takes the
/// number of seedless ops of its graph so far (the graph seed is the global
/// seed).
std::pair<int64_t, int64_t> opSeeds(TfRuntime &rt, const Value &opSeed) {
  RandomState &state = randomState(rt);
  std::optional<int64_t> op;
  if (!opSeed.isNone())
    op = rt.in.toIndex(opSeed);
  std::pair<int64_t, int64_t> seeds{0, 0};
  std::optional<int64_t> graphSeed =
      rt.tracing && rt.tracing->seedSet ? rt.tracing->seed : state.globalSeed;
  if (graphSeed) {
    if (!op)
      op = rt.tracing
               ? rt.tracing->seedlessRandomOps[rt.tracing->graph.current]++
               : state.rng.randint31();
    seeds = {pythonMod(*graphSeed, kMaxInt32), pythonMod(*op, kMaxInt32)};
  } else if (op) {
    seeds = {kDefaultGraphSeed, pythonMod(*op, kMaxInt32)};
  } else {
    return {0, 0};
  }
  if (seeds == std::pair<int64_t, int64_t>{0, 0})
    seeds.second = kMaxInt32;
  return seeds;
}

/// A stateful kernel's generator in the graph being traced (see the top of
/// the file): its seeds, its node's name, and the offset variable of its
/// own that the node reads (`before`) and that moves on after it.
struct TracedGenerator {
  int64_t seed = 0, seed2 = 0;
  std::string name;
  std::shared_ptr<VariableState> offset;
  Value before;

  /// The offset moved on by `blocks` (an int64 scalar tensor) after the
  /// node.
  void advance(TfRuntime &rt, const Value &blocks) const {
    setVariableValue(rt, offset,
                     rt.graphOutput(binaryOp(rt, "AddV2", before, blocks)));
  }
};

/// The generator of a new node of kernel `op` with seeds `seeds` (from
/// opSeeds: {0, 0} picks random ones, as the kernel does).
TracedGenerator tracedGenerator(TfRuntime &rt, const std::string &op,
                                std::pair<int64_t, int64_t> seeds) {
  RandomState &state = randomState(rt);
  TracedGenerator gen;
  std::tie(gen.seed, gen.seed2) = seeds;
  if (gen.seed == 0 && gen.seed2 == 0) {
    gen.seed = int64_t(uint64_t(state.entropy()) << 32 | state.entropy());
    gen.seed2 = int64_t(uint64_t(state.entropy()) << 32 | state.entropy());
  }
  gen.name = rt.tracing->graph.uniqueName(op);
  gen.offset = std::make_shared<VariableState>();
  gen.offset->name = gen.name + "/offset:0";
  gen.offset->type = TensorType{DType::Int64, {}};
  gen.offset->value = graph::HostTensor::zeros(gen.offset->type);
  gen.offset->trainable = false;
  state.offsets.push_back(gen.offset);
  gen.before = rt.symbolic(variableValue(rt, gen.offset, gen.name));
  return gen;
}

/// A stateful random op in the graph being traced (see the top of the
/// file): the node reads its generator offset from a variable of its own
/// and the offset moves 256 samples per element after it.
/// `dims`, when not None, is the samples' shape as a 1-D tensor: the node
/// reads the dimensions known at run time only (-1 in `shape`) from it.
Value tracedSamples(TfRuntime &rt, const std::string &op, DType dtype,
                    const std::vector<int64_t> &shape, const Value &opSeed,
                    int64_t lo, uint64_t range, const Value &dims) {
  TracedGenerator gen = tracedGenerator(rt, op, opSeeds(rt, opSeed));
  std::map<std::string, Attr> attrs{
      {"seed", gen.seed}, {"seed2", gen.seed2}, {"dtype", dtype}};
  if (op == "RandomUniformInt") {
    attrs["minval"] = lo;
    attrs["range"] = int64_t(range);
  }
  ValueList inputs{gen.before};
  if (std::find(shape.begin(), shape.end(), -1) != shape.end())
    inputs.push_back(dims);
  Value samples =
      rt.apply(op, inputs, std::move(attrs), TensorType{dtype, shape}, gen.name,
               /*exactName=*/true);
  // 256 samples per element; a dimension known at run time only (the
  // noise of tf.nn.dropout) counts the elements then.
  int64_t n = 1;
  for (int64_t d : shape)
    n = d < 0 || n < 0 ? -1 : n * d;
  Value size = rt.toTensor(Value::integer(n * 256), DType::Int64);
  if (n < 0)
    size = binaryOp(rt, "Mul",
                    rt.apply("Size", {samples}, {{"out_type", DType::Int64}},
                             TensorType{DType::Int64, {}}, "Size"),
                    rt.toTensor(Value::integer(256), DType::Int64));
  gen.advance(rt, size);
  return samples;
}

/// An eager stateful kernel's Philox stream (GuardedPhiloxRandom): its key
/// and its counter at the kernel's offset; the caller advances `offset` by
/// the blocks it draws. Seeds (0, 0) pick random seeds, as the kernel does.
struct KernelStream {
  Key key;
  Block counter;
  uint64_t &offset;
};

KernelStream kernelStream(TfRuntime &rt, const std::string &op, DType dtype,
                          std::pair<int64_t, int64_t> seeds) {
  RandomState &state = randomState(rt);
  auto [seed, seed2] = seeds;
  uint64_t &offset = state.kernels[{op, dtype, seed, seed2}];
  uint64_t s = uint64_t(seed), s2 = uint64_t(seed2);
  if (seed == 0 && seed2 == 0) {
    s = uint64_t(state.entropy()) << 32 | state.entropy();
    s2 = uint64_t(state.entropy()) << 32 | state.entropy();
  }
  return {Key{uint32_t(s), uint32_t(s >> 32)},
          skip({0, 0, uint32_t(s2), uint32_t(s2 >> 32)}, offset), offset};
}

/// A stateful kernel's output: its generator (key seed, counter seed2) at
/// the kernel's current offset, which then moves 256 samples per element.
/// `dims`: see tracedSamples.
Value statefulSamples(TfRuntime &rt, const std::string &op, Kind kind,
                      DType dtype, const std::vector<int64_t> &shape,
                      const Value &opSeed, int64_t lo, uint64_t range,
                      const Value &dims = Value()) {
  if (rt.tracing)
    return tracedSamples(rt, op, dtype, shape, opSeed, lo, range, dims);
  KernelStream stream = kernelStream(rt, op, dtype, opSeeds(rt, opSeed));
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  stream.offset += uint64_t(n) * 256;
  return rt.eager(
      philoxSamples(kind, dtype, shape, stream.key, stream.counter, lo, range));
}

/// A stateful op's shape argument. In a trace it may be known at run time
/// only: then `dims` gets it as a 1-D tensor and the result has -1 for the
/// dimensions trace time does not know.
std::vector<int64_t> statefulShape(TfRuntime &rt, const Value &v,
                                   const std::string &fname, Value &dims,
                                   const std::string &op) {
  Value folded = rt.tracing ? foldKnown(rt, v) : v;
  if (rt.tracing && isRunTimeShape(rt, folded)) {
    dims = shapeTensor(rt, folded, "tf.random." + fname);
    return knownDims(rt, dims);
  }
  return randomShapeArg(rt, folded, fname, op);
}

/// `v` is the Python int `n` (None counts as 1: maxval's default).
bool isPythonInt(const Value &v, int64_t n) {
  if (v.isNone())
    return n == 1;
  return v.isIntLike() && !v.is(py::Type::Bool) && v.asInt() == n;
}

Value randomUniform(TfRuntime &rt, const Params &p) {
  const std::string fname = "uniform";
  Value dims;
  DType dtype = dtypeOr(rt.in, p, DType::Float32);
  std::vector<int64_t> shape =
      statefulShape(rt, p.require("shape", fname), fname, dims,
                    isInteger(dtype) ? "RandomUniformInt" : "RandomUniform");
  Value minArg = p.values.count("minval") ? p.get("minval") : Value::integer(0);
  Value maxArg = p.get("maxval");
  if (isInteger(dtype)) {
    if (maxArg.isNone())
      rt.in.valueError("Must specify maxval for integer dtype " +
                       rt.in.repr(makeDType(dtype)));
    if (dtype != DType::Int32 && dtype != DType::Int64)
      rt.raise("UnimplementedError",
               "kiln's tf.random.uniform makes int32 and int64 integers only");
    auto bound = [&](const Value &v) {
      HostTensorPtr known = rt.constantValue(rt.toTensor(v, dtype));
      if (!known || known->type.numElements() != 1)
        rt.raise("UnimplementedError", "kiln needs tf.random.uniform's "
                                       "minval and maxval as scalars");
      return known->elementAsInt(0);
    };
    int64_t lo = bound(minArg), hi = bound(maxArg);
    if (hi <= lo)
      kernelError(rt, "RandomUniformInt",
                  "Need minval < maxval, got " + std::to_string(lo) +
                      " >= " + std::to_string(hi));
    return statefulSamples(rt, "RandomUniformInt", Kind::Uniform, dtype, shape,
                           p.get("seed"), lo, uint64_t(hi) - uint64_t(lo),
                           dims);
  }
  if (!isFloating(dtype))
    rt.raise("UnimplementedError",
             "kiln's tf.random.uniform takes floats, int32 and int64 "
             "only, not " +
                 std::string(py::dtypeName(dtype)));
  // random_ops.random_uniform: the bounds are used unless they are the
  // Python ints 0 and 1.
  bool minIsZero = isPythonInt(minArg, 0), maxIsOne = isPythonInt(maxArg, 1);
  Value minval, maxval;
  if (!minIsZero || !maxIsOne) {
    minval = rt.toTensor(minArg, dtype);
    maxval = rt.toTensor(maxArg.isNone() ? Value::integer(1) : maxArg, dtype);
  }
  Value result = statefulSamples(rt, "RandomUniform", Kind::Uniform, dtype,
                                 shape, p.get("seed"), 0, 0, dims);
  if (minIsZero)
    return maxIsOne ? result : binaryOp(rt, "Mul", result, maxval);
  return binaryOp(
      rt, "AddV2",
      binaryOp(rt, "Mul", result, binaryOp(rt, "Sub", maxval, minval)), minval);
}

/// tf.random.normal and truncated_normal (`fname`): kernel `op` of `kind`
/// scaled and shifted.
Value randomNormal(TfRuntime &rt, const Params &p, const std::string &fname,
                   Kind kind, const std::string &op) {
  Value dims;
  std::vector<int64_t> shape =
      statefulShape(rt, p.require("shape", fname), fname, dims, op);
  DType dtype = dtypeOr(rt.in, p, DType::Float32);
  if (!isFloating(dtype))
    rt.raise("UnimplementedError", "kiln's tf.random." + fname +
                                       " takes floats only, not " +
                                       std::string(py::dtypeName(dtype)));
  Value mean =
      rt.toTensor(p.has("mean") ? p.get("mean") : Value::floating(0.0), dtype);
  Value stddev = rt.toTensor(
      p.has("stddev") ? p.get("stddev") : Value::floating(1.0), dtype);
  Value rnd =
      statefulSamples(rt, op, kind, dtype, shape, p.get("seed"), 0, 0, dims);
  return binaryOp(rt, "AddV2", binaryOp(rt, "Mul", rnd, stddev), mean);
}

/// The arguments of tf.random.categorical and stateless_categorical, as
/// multinomial_categorical_impl converts and checks them, and the
/// kernel's checks it can make now.
struct Categorical {
  Value logits;
  int64_t samples = 0;
  DType out = DType::Int64;
};
Categorical categoricalArgs(TfRuntime &rt, const Params &p,
                            const std::string &fname) {
  Interpreter &in = rt.in;
  Categorical c;
  c.logits = rt.toTensor(p.require("logits", fname));
  if (p.has("dtype")) {
    std::optional<DType> d = dtypeArg(in, p.get("dtype"));
    if (d && *d != DType::Int32 && *d != DType::Int64)
      in.valueError("Argument `dtype` got invalid value " +
                    in.toStr(makeDType(*d)) +
                    ". Accepted dtypes are (tf.int32, tf.int64).");
    c.out = d ? *d : DType::Int64;
  }
  Value n = foldKnown(rt, p.require("num_samples", fname));
  if (rt.isTensor(n))
    rt.raise("UnimplementedError",
             "kiln needs tf.random." + fname + "'s num_samples at trace time");
  c.samples = in.toIndex(n);
  return c;
}

/// The checks of kernel `op` (Multinomial, StatelessMultinomial, whose
/// other attrs are `attrs`) that trace time can make: a CPU kernel for the
/// logits' dtype, and logits of rank 2.
void checkCategorical(TfRuntime &rt, const Categorical &c,
                      const std::string &fname, const std::string &op,
                      const std::string &attrs) {
  Interpreter &in = rt.in;
  const TensorType &t = rt.tensor(c.logits).type;
  std::string kernelAttrs = std::string("T=") + tfTypeName(t.dtype) +
                            ", output_dtype=" + tfTypeName(c.out) + attrs;
  // CPU kernels for the float types only.
  if (!isFloating(t.dtype)) {
    std::string kernels;
    for (const char *type : {"DT_DOUBLE", "DT_FLOAT", "DT_BFLOAT16", "DT_HALF"})
      for (const char *o : {"DT_INT64", "DT_INT32"})
        kernels += std::string("  device='CPU'; T in [") + type +
                   "]; output_dtype in [" + o + "]\n";
    rt.raise("NotFoundError",
             "Could not find device for node: {{node " + op + "}} = " + op +
                 "[" + kernelAttrs + "]\nAll kernels registered for op " + op +
                 ":\n  device='XLA_CPU_JIT'; output_dtype in [DT_INT32, "
                 "DT_INT64]; T in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, "
                 "DT_INT16, DT_INT8, DT_INT64, DT_BFLOAT16, DT_UINT16, "
                 "DT_HALF, DT_UINT32, DT_UINT64]\n" +
                 kernels + " [Op:" + op + "]" +
                 (op == "Multinomial" ? " name: " : ""));
  }
  if (!t.unknownRank && t.shape.size() != 2) {
    if (rt.tracing) {
      std::string node = rt.tracing->graph.scopeName() + op;
      in.valueError(
          "Shape must be rank 2 but is rank " + std::to_string(t.shape.size()) +
          " for '{{node " + node + "}} = " + op + "[" + kernelAttrs + "](" +
          rt.tensor(c.logits).nodeName() + ", " + node +
          "/num_samples)' with input shapes: " + shapeList(t.shape) + ", [].");
    }
    kernelError(rt, op,
                "logits should be a matrix, got shape " + shapeList(t.shape),
                "", op == "Multinomial");
  }
  if (t.unknownRank)
    rt.raise("UnimplementedError", "kiln needs the rank of tf.random." + fname +
                                       "'s logits at trace time");
}

/// The kernel's errors for an empty class dimension or a negative sample
/// count: "" when it has none (yet: a class dimension known at run time
/// only).
std::string categoricalError(TfRuntime &rt, const Categorical &c) {
  int64_t classes = rt.tensor(c.logits).type.shape[1];
  if (c.samples < 0)
    return "num_samples should be non-negative, got " +
           std::to_string(c.samples);
  if (classes == 0)
    return "num_classes should be positive, got 0";
  return "";
}

int64_t intraOpThreads() {
  return std::max(1u, std::thread::hardware_concurrency());
}

/// The kernel's 32-bit words drawn per row: two per sample, the samples
/// rounded up to a multiple of 4 (ReserveRandomOutputs takes 256 blocks a
/// word).
int64_t categoricalWords(int64_t samples) { return (samples + 3) / 4 * 4 * 2; }

/// tf.random.categorical: the stateful Multinomial kernel.
Value categorical(TfRuntime &rt, const Params &p) {
  Categorical c = categoricalArgs(rt, p, "categorical");
  auto [seed, seed2] = opSeeds(rt, p.get("seed"));
  checkCategorical(rt, c, "categorical", "Multinomial",
                   ", seed=" + std::to_string(seed) +
                       ", seed2=" + std::to_string(seed2));
  std::string error = categoricalError(rt, c);
  const TensorType &t = rt.tensor(c.logits).type;
  if (!rt.tracing) {
    if (!error.empty())
      kernelError(rt, "Multinomial", error);
    if (t.numElements() == 0 || c.samples == 0)
      return rt.eager(
          graph::HostTensor::zeros(TensorType{c.out, {t.shape[0], c.samples}}));
    KernelStream stream =
        kernelStream(rt, std::string("Multinomial/") + py::dtypeName(c.out),
                     t.dtype, {seed, seed2});
    stream.offset += uint64_t(t.shape[0] * categoricalWords(c.samples)) * 256;
    return rt.eager(multinomial(*rt.tensor(c.logits).value, c.samples, c.out,
                                stream.key, stream.counter, intraOpThreads()));
  }
  TracedGenerator gen = tracedGenerator(rt, "Multinomial", {seed, seed2});
  std::map<std::string, Attr> attrs{{"seed", gen.seed},
                                    {"seed2", gen.seed2},
                                    {"output_dtype", c.out},
                                    {"T", t.dtype},
                                    {"num_samples", c.samples}};
  if (!error.empty())
    attrs[graph::kRunTimeError] = error;
  Value samples = rt.apply(
      "Multinomial", {gen.before, c.logits}, std::move(attrs),
      TensorType{c.out, {t.shape[0], c.samples}}, gen.name, /*exactName=*/true);
  // An empty output draws nothing; rows known at run time only count from
  // the output's size.
  if (c.samples == 0)
    return samples;
  int64_t words = categoricalWords(c.samples) * 256;
  Value size = rt.toTensor(Value::integer(t.shape[0] * words), DType::Int64);
  if (t.shape[0] < 0)
    size = binaryOp(
        rt, "Mul",
        binaryOp(rt, "FloorDiv",
                 rt.apply("Size", {samples}, {{"out_type", DType::Int64}},
                          TensorType{DType::Int64, {}}, "Size"),
                 rt.toTensor(Value::integer(c.samples), DType::Int64)),
        rt.toTensor(Value::integer(words), DType::Int64));
  gen.advance(rt, size);
  return samples;
}

/// tf.random.stateless_categorical: StatelessMultinomial, whose generator
/// starts at the seed's key and counter. A constant when trace time knows
/// the logits and the seed; else a node that codegen computes as the
/// stateful one (EmitRandom.cpp), with the key as `seed`, the counter's
/// high half as `seed2` and its low half as the offset input, or the seed
/// tensor as a third input.
Value statelessCategorical(TfRuntime &rt, const Params &p) {
  const std::string fname = "stateless_categorical";
  Categorical c = categoricalArgs(rt, p, fname);
  Seeds seeds = seedArg(rt, p.require("seed", fname), fname);
  checkCategorical(rt, c, fname, "StatelessMultinomial", ", Tseed=DT_INT64");
  std::string error = categoricalError(rt, c);
  const TensorType &t = rt.tensor(c.logits).type;
  Key key;
  Block counter;
  keyCounter(seeds.known.first, seeds.known.second, key, counter);
  HostTensorPtr logits = rt.constantValue(c.logits);
  if (logits && seeds.runTime.isNone()) {
    if (!error.empty())
      kernelError(rt, "StatelessMultinomial", error, "", false);
    return rt.constant(
        multinomial(*logits, c.samples, c.out, key, counter, intraOpThreads()),
        "StatelessMultinomial");
  }
  std::map<std::string, Attr> attrs{
      {"seed", int64_t(uint64_t(key[1]) << 32 | key[0])},
      {"seed2", int64_t(uint64_t(counter[3]) << 32 | counter[2])},
      {"output_dtype", c.out},
      {"T", t.dtype},
      {"num_samples", c.samples}};
  if (!error.empty())
    attrs[graph::kRunTimeError] = error;
  Value offset = rt.toTensor(
      Value::integer(int64_t(uint64_t(counter[1]) << 32 | counter[0])),
      DType::Int64);
  ValueList inputs{offset, c.logits};
  if (!seeds.runTime.isNone()) {
    attrs["seed_input"] = true;
    inputs.push_back(seeds.runTime);
  }
  return rt.apply("StatelessMultinomial", inputs, std::move(attrs),
                  TensorType{c.out, {t.shape[0], c.samples}},
                  "StatelessMultinomial");
}

/// tf.random.shuffle as the RandomShuffle kernel shuffles, eagerly: a
/// Fisher-Yates pass over the first dimension whose i-th swap partner is
/// i + word % (size - i), the words drawn in order from the kernel's Philox
/// generator, which then moves ceil((size - 1) / 4) samples.
Value randomShuffle(TfRuntime &rt, const Params &p) {
  Value x = rt.toTensor(p.require("value", "shuffle"));
  if (rt.tracing)
    rt.raise("UnimplementedError",
             "kiln runs tf.random.shuffle eagerly only, not inside a "
             "tf.function yet");
  HostTensorPtr in = rt.tensor(x).value;
  const TensorType &t = in->type;
  int64_t rows = t.shape.empty() ? 1 : t.shape[0];
  if (t.numElements() <= 1 || rows <= 1)
    return rt.eager(in);
  KernelStream stream =
      kernelStream(rt, "RandomShuffle", t.dtype, opSeeds(rt, p.get("seed")));
  Key key = stream.key;
  Block counter = stream.counter;
  stream.offset += uint64_t(rows - 1 + 3) / 4;
  Block words{};
  int used = 4;
  auto word = [&] {
    if (used == 4) {
      words = philox(counter, key);
      counter = skip(counter, 1);
      used = 0;
    }
    return words[used++];
  };
  std::vector<int64_t> order(static_cast<size_t>(rows));
  std::iota(order.begin(), order.end(), 0);
  for (int64_t i = 0; i + 1 < rows; ++i)
    std::swap(order[size_t(i)], order[size_t(i + word() % uint32_t(rows - i))]);
  // Rows in the shuffled order.
  auto out = std::make_shared<graph::HostTensor>(*in);
  int64_t width = t.numElements() / rows;
  for (int64_t i = 0; i < rows; ++i) {
    int64_t from = order[size_t(i)];
    if (t.dtype == DType::String) {
      std::copy_n(in->strings.begin() + from * width, width,
                  out->strings.begin() + i * width);
    } else {
      size_t bytes = size_t(width) * py::dtypeSize(t.dtype);
      std::memcpy(out->bytes.data() + size_t(i) * bytes,
                  in->bytes.data() + size_t(from) * bytes, bytes);
    }
  }
  return rt.eager(out);
}

/// tf.nn.dropout as nn_ops._dropout builds it: x * (1 / (1 - rate)) where
/// a uniform sample of the noise shape is >= rate, 0 elsewhere. The sample
/// is RandomUniform's (seeded as the stateful ops are), or with `stateless`
/// (tf.nn.experimental.stateless_dropout) tf.random.stateless_uniform's of
/// the seed pair `seed` and the algorithm `rng_alg`.
Value dropout(TfRuntime &rt, const Params &p, bool stateless) {
  Interpreter &in = rt.in;
  const char *fn = stateless ? "stateless_dropout" : "dropout";
  std::string api =
      std::string(stateless ? "tf.nn.experimental." : "tf.nn.") + fn;
  Value rateArg = p.require("rate", fn);
  if (!rateArg.isNumber())
    rt.raise("UnimplementedError",
             "kiln's " + api + " takes a Python number as its rate");
  double rate = rateArg.toDouble();
  if (rate < 0 || rate >= 1)
    in.valueError("`rate` must be a scalar tensor or a float in the range "
                  "[0, 1). Received: rate=" +
                  in.repr(rateArg));
  // Its ops are in its name scope ("dropout/SelectV2").
  ApiNameScope scope(rt, p.get("name"), fn);
  Value x = rt.toTensor(p.require("x", fn));
  DType d = rt.tensor(x).type.dtype;
  if (!isFloating(d))
    in.valueError("`x.dtype` must be a floating point tensor as `x` will be "
                  "scaled. Received: x_dtype=<dtype: '" +
                  std::string(py::dtypeName(d)) + "'>");
  if (rate == 0)
    return x;
  Value scale = rt.toTensor(Value::floating(1 / (1 - rate)), d);
  Value ret = binaryOp(rt, "Mul", x, scale);
  std::vector<int64_t> noise =
      p.has("noise_shape") ? randomShapeArg(rt, p.get("noise_shape"), "dropout")
                           : rt.tensor(x).type.shape;
  if (!p.has("noise_shape") && rt.tensor(x).type.unknownRank)
    rt.raise("UnimplementedError",
             "kiln's " + api + " needs the rank of x at trace time");
  Value dynamicShape = p.has("noise_shape") || rt.tensor(x).type.isStatic()
                           ? Value()
                           : shapeOf(rt, x);
  Value random =
      stateless ? callTf(in, {"random", "stateless_uniform"}, {},
                         {{"shape", dynamicShape.isNone() ? pyIntList(in, noise)
                                                          : dynamicShape},
                          {"seed", p.require("seed", fn)},
                          {"dtype", makeDType(d)},
                          {"alg", p.has("rng_alg") ? p.get("rng_alg")
                                                   : in.str("auto_select")}})
                : statefulSamples(rt, "RandomUniform", Kind::Uniform, d, noise,
                                  p.get("seed"), 0, 0, dynamicShape);
  Value keep = binaryOp(rt, "GreaterEqual", random,
                        rt.toTensor(Value::floating(rate), d));
  return select(rt, keep, ret, rt.toTensor(Value::integer(0), d));
}

} // namespace

std::pair<int64_t, int64_t> randomOpSeeds(TfRuntime &rt, const Value &opSeed) {
  return opSeeds(rt, opSeed);
}

void installDropout(TfRuntime &rt, ModuleBuilder &nn) {
  TfRuntime *r = &rt;
  nn.def("dropout", [r](Interpreter &in, CallArgs &args) {
    return dropout(*r,
                   Params(in, args, "dropout",
                          {"x", "rate", "noise_shape", "seed", "name"}),
                   false);
  });
  ModuleBuilder experimental(rt.in, rt, "tensorflow.nn.experimental");
  experimental.def("stateless_dropout", [r](Interpreter &in, CallArgs &args) {
    return dropout(
        *r,
        Params(in, args, "stateless_dropout",
               {"x", "rate", "seed", "rng_alg", "noise_shape", "name"}),
        true);
  });
  nn.set("experimental", experimental.value());
}

void installRandom(TfRuntime &rt, ModuleBuilder &random) {
  TfRuntime *r = &rt;
  installGenerator(rt, random);
  random.def("set_seed", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "set_seed", {"seed"});
    RandomState &state = randomState(*r);
    Value seed = p.get("seed");
    if (r->tracing) { // the graph's seed only
      r->tracing->seedSet = true;
      r->tracing->seed.reset();
      if (!seed.isNone())
        r->tracing->seed = in.toIndex(seed);
      return Value();
    }
    // context._set_global_seed: a new random.Random and no cached kernels.
    state.kernels.clear();
    std::vector<std::weak_ptr<VariableState>> live;
    for (auto &weak : state.offsets)
      if (auto offset = weak.lock()) {
        offset->value = graph::HostTensor::zeros(offset->type);
        live.push_back(weak);
      }
    state.offsets = std::move(live);
    if (seed.isNone()) {
      state.globalSeed.reset();
      return Value();
    }
    int64_t s = in.toIndex(seed);
    state.globalSeed = s;
    state.rng.seedByArray(uint64_t(s < 0 ? -s : s));
    return Value();
  });
  // While tracing, each op's nodes are in random_ops' name scope, and the
  // result named as TensorFlow's: the scope's name itself, but for a
  // float tf.random.uniform, whose result is the kernel's node, or its
  // Mul when only maxval is given.
  random.def("uniform", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "uniform",
             {"shape", "minval", "maxval", "dtype", "seed", "name"});
    py::BuiltinFn make = [r, &p](Interpreter &, CallArgs &) {
      return randomUniform(*r, p);
    };
    bool isFloat = !isInteger(dtypeOr(in, p, DType::Float32));
    Value minArg =
        p.values.count("minval") ? p.get("minval") : Value::integer(0);
    if (isFloat && isPythonInt(minArg, 0))
      return (isPythonInt(p.get("maxval"), 1)
                  ? inNameScope(*r, "random_uniform", make)
                  : namedOp(*r, "random_uniform", make, "Mul"))(in, args);
    return namedOp(*r, "random_uniform", make)(in, args);
  });
  for (auto [fname, scope, kind, op] :
       {std::tuple{"normal", "random_normal", Kind::Normal,
                   "RandomStandardNormal"},
        std::tuple{"truncated_normal", "truncated_normal",
                   Kind::TruncatedNormal, "TruncatedNormal"}})
    random.def(fname,
               namedOp(rt, scope,
                       [r, fname = std::string(fname), kind = kind,
                        op = std::string(op)](Interpreter &in, CallArgs &args) {
                         return randomNormal(*r,
                                             Params(in, args, fname,
                                                    {"shape", "mean", "stddev",
                                                     "dtype", "seed", "name"}),
                                             fname, kind, op);
                       }));
  random.def(
      "categorical",
      inNameScope(rt, "categorical", [r](Interpreter &in, CallArgs &args) {
        return categorical(
            *r, Params(in, args, "categorical",
                       {"logits", "num_samples", "dtype", "seed", "name"}));
      }));
  random.def(
      "stateless_categorical",
      inNameScope(
          rt, "stateless_categorical", [r](Interpreter &in, CallArgs &args) {
            return statelessCategorical(
                *r, Params(in, args, "stateless_categorical",
                           {"logits", "num_samples", "seed", "dtype", "name"}));
          }));
  random.def("shuffle", [r](Interpreter &in, CallArgs &args) {
    return randomShuffle(
        *r, Params(in, args, "shuffle", {"value", "seed", "name"}));
  });
  random.def("stateless_uniform",
             namedOp(rt, "stateless_random_uniform",
                     [r](Interpreter &in, CallArgs &args) {
                       return statelessUniform(
                           *r, Params(in, args, "stateless_uniform",
                                      {"shape", "seed", "minval", "maxval",
                                       "dtype", "name", "alg"}));
                     }));
  // tf.random.split and fold_in: new seeds from full-range integers of the
  // seed's (or data's) dtype, as stateless_random_ops builds them.
  ModuleBuilder experimental(rt.in, rt, "tensorflow.random.experimental");
  auto split = [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "split", {"seed", "num", "alg"});
    Value seed =
        callTf(in, {"convert_to_tensor"}, {p.require("seed", "split")});
    Value num = p.values.count("num") ? p.get("num") : Value::integer(2);
    return callTf(in, {"random", "stateless_uniform"}, {},
                  {{"shape", in.list({num, Value::integer(2)})},
                   {"seed", seed},
                   {"dtype", in.getAttr(seed, "dtype")},
                   {"minval", Value()},
                   {"maxval", Value()},
                   {"alg", p.values.count("alg") ? p.get("alg")
                                                 : in.str("auto_select")}});
  };
  auto foldIn = [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "fold_in", {"seed", "data", "alg"});
    Value data =
        callTf(in, {"convert_to_tensor"}, {p.require("data", "fold_in")});
    Value seed1 =
        callTf(in, {"random", "stateless_uniform"}, {},
               {{"shape", in.list()},
                {"seed", p.require("seed", "fold_in")},
                {"dtype", in.getAttr(data, "dtype")},
                {"minval", Value()},
                {"maxval", Value()},
                {"alg", p.values.count("alg") ? p.get("alg")
                                              : in.str("auto_select")}});
    return callTf(in, {"stack"}, {in.list({seed1, data})});
  };
  random.def("split", split);
  random.def("fold_in", foldIn);
  experimental.def("stateless_split", split);
  experimental.def("stateless_fold_in", foldIn);
  random.set("experimental", experimental.value());
  for (auto [fname, scope, kind, op] :
       {std::tuple{"stateless_normal", "stateless_random_normal", Kind::Normal,
                   "StatelessRandomNormalV2"},
        std::tuple{"stateless_truncated_normal", "stateless_truncated_normal",
                   Kind::TruncatedNormal, "StatelessTruncatedNormalV2"}})
    random.def(fname,
               namedOp(rt, scope,
                       [r, fname = std::string(fname), kind = kind,
                        op = std::string(op)](Interpreter &in, CallArgs &args) {
                         return statelessNormal(
                             *r,
                             Params(in, args, fname,
                                    {"shape", "seed", "mean", "stddev", "dtype",
                                     "name", "alg"}),
                             fname, kind, op);
                       }));
}

} // namespace kiln::tf
