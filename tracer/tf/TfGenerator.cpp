// tf.random.Generator: a Philox generator whose state is a tf.Variable
// ("StateVar", int64 [3]: the counter's low and high halves, then the key).
// Each draw of n elements reads the state and moves the counter on by
// n * 256 (RngReadAndSkip), then runs a stateless kernel
// (StatelessRandomUniformV2 and friends) at the key and counter it read, so
// eagerly the samples are philoxSamples of that key and counter. In a
// tf.function the state is a variable of the function like any other
// (TfVariable.h): the read and the update are ops of the trace, and the
// kernel's node takes the state read as its third input (attr
// `state_input`; codegen/EmitRandom.cpp).
#include "ShapeTensor.h"
#include "TfModuleBuilder.h"
#include "TfObjects.h"
#include "TfOps.h"
#include "TfRandom.h"
#include "TfVariable.h"

#include <cstring>
#include <functional>
#include <random>

namespace kiln::tf {

namespace {

using py::Type;

/// tf.random.Algorithm's members that kiln runs: PHILOX, and AUTO_SELECT,
/// which is Philox on CPUs.
constexpr int64_t kPhilox = 1;
constexpr int64_t kAutoSelect = 3;

/// The algorithm an `alg` argument names (None: Philox).
int64_t algorithmArg(TfRuntime &rt, const Value &alg) {
  int64_t value = kPhilox;
  if (alg.isNone())
    return value;
  if (alg.is(Type::Native))
    if (auto *a = dynamic_cast<EnumMemberObject *>(alg.raw());
        a && a->enumName == "Algorithm")
      value = a->value.asInt();
  if (alg.is(Type::Str)) {
    std::string name = rt.in.toStr(alg);
    value = name == "philox"        ? kPhilox
            : name == "threefry"    ? 2
            : name == "auto_select" ? kAutoSelect
                                    : -1;
    if (value < 0)
      rt.in.valueError("Unsupported algorithm id: " + name);
  } else if (alg.isIntLike() && !alg.is(Type::Bool)) {
    value = alg.asInt();
  }
  if (value != kPhilox && value != kAutoSelect)
    rt.raise("UnimplementedError",
             "kiln's tf.random.Generator runs the Philox algorithm only "
             "(TensorFlow's CPU kernels do not run ThreeFry either)");
  return value;
}

struct GeneratorObject : py::NativeObject {
  TfRuntime *rt = nullptr;
  Value state; // the tf.Variable
  int64_t algorithm = kPhilox;

  std::string typeName() const override { return "Generator"; }
  std::string typeModule() const override {
    return "tensorflow.python.ops.stateful_random_ops";
  }
  bool getAttr(Interpreter &in, const Value &self, const std::string &name,
               Value &out) override;
  VariableObject &variable() { return *asVariable(state); }
};

GeneratorObject *asGenerator(const Value &v) {
  return v.is(Type::Native) ? dynamic_cast<GeneratorObject *>(v.raw())
                            : nullptr;
}

/// A generator whose state variable starts at `words`.
Value makeGenerator(TfRuntime &rt, const std::vector<int64_t> &words,
                    int64_t algorithm) {
  auto host = graph::HostTensor::zeros(
      TensorType{DType::Int64, {int64_t(words.size())}});
  std::memcpy(host->bytes.data(), words.data(), words.size() * 8);
  CallArgs args;
  args.positional.push_back(rt.eager(host));
  args.keywords = {{"trainable", Value::boolean(false)},
                   {"name", rt.in.str("StateVar")}};
  auto g = std::make_shared<GeneratorObject>();
  g->rt = &rt;
  g->state = newVariable(rt.in, rt, args);
  g->algorithm = algorithm;
  return Value::object(Type::Native, g);
}

/// The state a seed makes (create_rng_state): a Python int in 64-bit
/// words, lowest first, with its sign filling the words above; anything
/// else (a tensor, a list, a float) as int64 values after zeros.
std::vector<int64_t> seedState(TfRuntime &rt, const Value &seed) {
  if (seed.isIntLike() && !seed.is(Type::Bool)) {
    int64_t s = seed.asInt();
    int64_t sign = s < 0 ? -1 : 0;
    return {s, sign, sign};
  }
  Value t = rt.toTensor(seed);
  HostTensorPtr known = rt.constantValue(cast(rt, t, DType::Int64));
  if (!known || known->type.numElements() > 3)
    rt.raise("UnimplementedError", "kiln needs a Generator's seed as up to "
                                   "three integers known now");
  int64_t n = known->type.numElements();
  std::vector<int64_t> words(3 - n, 0);
  for (int64_t i = 0; i < n; ++i)
    words.push_back(known->elementAsInt(i));
  return words;
}

/// A state given as a list or tensor of three integers.
std::vector<int64_t> stateArg(TfRuntime &rt, const Value &state) {
  HostTensorPtr known = rt.constantValue(rt.toTensor(state, DType::Int64));
  if (!known || known->type.shape != std::vector<int64_t>{3})
    rt.raise("UnimplementedError",
             "kiln needs a Philox Generator's state as three integers "
             "known now");
  return {known->elementAsInt(0), known->elementAsInt(1),
          known->elementAsInt(2)};
}

/// The state's key and counter, as RngReadAndSkip hands them to the
/// stateless kernels.
void keyCounterOf(const HostTensorPtr &state, philox::Key &key,
                  philox::Block &counter) {
  auto word = [&](size_t i) { return uint64_t(state->elementAsInt(i)); };
  key = {uint32_t(word(2)), uint32_t(word(2) >> 32)};
  counter = {uint32_t(word(0)), uint32_t(word(0) >> 32), uint32_t(word(1)),
             uint32_t(word(1) >> 32)};
}

/// PhiloxRandom::Skip as the kernel runs it, carrying 32-bit word by word
/// (a count whose high word wraps carries no further, as there).
philox::Block kernelSkip(philox::Block c, uint64_t count) {
  uint32_t lo = uint32_t(count), hi = uint32_t(count >> 32);
  c[0] += lo;
  if (c[0] < lo)
    ++hi;
  c[1] += hi;
  if (c[1] < hi && ++c[2] == 0)
    ++c[3];
  return c;
}

/// RngReadAndSkip: the state before, as a tensor, after the counter moves
/// on by `delta` (an int64 scalar tensor) times 256.
Value readAndSkip(GeneratorObject &g, const Value &delta) {
  TfRuntime &rt = *g.rt;
  VariableObject &v = g.variable();
  Value before = readVariable(rt, v);
  if (!rt.tracing) {
    HostTensorPtr state = rt.tensor(before).value;
    philox::Key key;
    philox::Block counter;
    keyCounterOf(state, key, counter);
    int64_t n = rt.constantValue(delta)->elementAsInt(0);
    philox::Block after = kernelSkip(counter, uint64_t(n) * 256);
    auto host = graph::HostTensor::zeros(state->type);
    int64_t words[3] = {int64_t(uint64_t(after[1]) << 32 | after[0]),
                        int64_t(uint64_t(after[3]) << 32 | after[2]),
                        state->elementAsInt(2)};
    std::memcpy(host->bytes.data(), words, sizeof words);
    assignVariable(rt, v, "AssignVariableOp", rt.eager(host));
    return before;
  }
  // The counter's low half plus a non-negative skip, and the carry into
  // its high half: the sum wrapped past 2^64 exactly when the low half
  // was negative as a signed number and the sum is not. (A negative size
  // fails the kernel's check when the function runs.)
  Value low = sliceAxis(rt, before, 0, 0, 1);
  Value newLow =
      binaryOp(rt, "AddV2", low,
               binaryOp(rt, "Mul", delta,
                        rt.toTensor(Value::integer(256), DType::Int64)));
  Value zero = rt.toTensor(Value::integer(0), DType::Int64);
  Value carried = binaryOp(rt, "LogicalAnd", binaryOp(rt, "Less", low, zero),
                           binaryOp(rt, "GreaterEqual", newLow, zero));
  Value high = binaryOp(rt, "AddV2", sliceAxis(rt, before, 0, 1, 2),
                        cast(rt, carried, DType::Int64));
  Value after =
      concat(rt, {newLow, high, sliceAxis(rt, before, 0, 2, 3)}, 0, "ConcatV2");
  assignVariable(rt, v, "AssignVariableOp", after);
  return before;
}

/// A draw's kernel node in a trace: its inputs are the counter's low half
/// (the offset the stateful kernels' nodes read), the shape and the state
/// read.
Value drawNode(TfRuntime &rt, const std::string &op, DType dtype,
               const Value &dims, const Value &before, int64_t lo,
               uint64_t range) {
  std::map<std::string, Attr> attrs{
      {"dtype", dtype}, {"seed_input", true}, {"state_input", true}};
  if (op == "StatelessRandomUniformIntV2" ||
      op == "StatelessRandomUniformFullIntV2") {
    attrs["minval"] = lo;
    attrs["range"] = int64_t(range);
  }
  Value offset =
      reshape(rt, sliceAxis(rt, before, 0, 0, 1), intConstant(rt, {}));
  return rt.apply(op, {offset, dims, before}, std::move(attrs),
                  TensorType{dtype, knownDims(rt, dims)}, op);
}

/// One draw of stateless kernel `op` (`kind` of `dtype`; `lo`, `range`
/// for integers, range 0 for all the bits) of the shape argument `shape`.
/// `kernelCheck`, when not empty, is the kernel's error for its other
/// arguments, raised after the state moves, as the kernel raises it.
Value draw(GeneratorObject &g, const std::string &fname, SampleKind kind,
           const std::string &op, DType dtype, const Value &shape,
           int64_t lo = 0, uint64_t range = 0,
           const std::string &kernelCheck = "") {
  TfRuntime &rt = *g.rt;
  Value folded = foldKnown(rt, shape);
  if (rt.tracing && isRunTimeShape(rt, folded)) {
    Value dims = shapeTensor(rt, folded, "tf.random.Generator." + fname);
    Value n = reduce(rt, "Prod", cast(rt, dims, DType::Int64), Value(), false);
    Value before = readAndSkip(g, n);
    if (!kernelCheck.empty())
      kernelError(rt, op, kernelCheck);
    return drawNode(rt, op, dtype, dims, before, lo, range);
  }
  // The counter moves by the product of the sizes before the kernel
  // checks them (a negative size moves it back).
  HostTensorPtr known = rt.constantValue(rt.toTensor(folded, DType::Int64));
  int64_t n = 1;
  for (int64_t i = 0; known && i < known->type.numElements(); ++i)
    n *= known->elementAsInt(i);
  Value before = readAndSkip(g, rt.toTensor(Value::integer(n), DType::Int64));
  std::vector<int64_t> sizes = randomShapeArg(rt, folded, fname, op);
  if (!kernelCheck.empty())
    kernelError(rt, op, kernelCheck);
  if (rt.tracing)
    return drawNode(rt, op, dtype, intConstant(rt, sizes), before, lo, range);
  philox::Key key;
  philox::Block counter;
  keyCounterOf(rt.tensor(before).value, key, counter);
  return rt.eager(philoxSamples(kind, dtype, sizes, key, counter, lo, range));
}

std::string dtypeText(DType d) {
  return "<dtype: '" + std::string(py::dtypeName(d)) + "'>";
}

/// The float dtypes kiln's samplers make.
void needFloat(TfRuntime &rt, const std::string &fname, DType dtype) {
  if (!isFloating(dtype))
    rt.raise("UnimplementedError", "kiln's Generator." + fname +
                                       " makes floats only, not " +
                                       py::dtypeName(dtype));
}

/// The integer dtypes kiln's samplers make.
void needInt(TfRuntime &rt, const std::string &fname, DType dtype) {
  if (dtype != DType::Int32 && dtype != DType::Int64)
    rt.raise("UnimplementedError",
             "kiln's Generator." + fname +
                 " makes int32 and int64 integers only (kiln has no "
                 "unsigned 32- or 64-bit tensors), not " +
                 py::dtypeName(dtype));
}

/// Generator.uniform: floats rnd * (maxval - minval) + minval; integers
/// minval + bits % (maxval - minval), or all the bits without bounds.
Value uniform(GeneratorObject &g, const Params &p) {
  TfRuntime &rt = *g.rt;
  const std::string fname = "uniform";
  Value shape = p.require("shape", fname);
  DType dtype = dtypeArg(rt.in, p.get("dtype")).value_or(DType::Float32);
  Value minArg = p.values.count("minval") ? p.get("minval") : Value::integer(0);
  Value maxArg = p.get("maxval");
  if (isInteger(dtype)) {
    if (minArg.isNone() != maxArg.isNone())
      rt.in.valueError("For integer dtype " + dtypeText(dtype) +
                       ", minval and maxval must be both `None` or both "
                       "non-`None`; got minval=" +
                       rt.in.repr(minArg) +
                       " and maxval=" + rt.in.repr(maxArg));
    needInt(rt, fname, dtype);
    if (minArg.isNone())
      return draw(g, fname, SampleKind::Uniform,
                  "StatelessRandomUniformFullIntV2", dtype, shape);
    auto bound = [&](const Value &v) {
      HostTensorPtr known = rt.constantValue(rt.toTensor(v, dtype));
      if (!known || known->type.numElements() != 1)
        rt.raise("UnimplementedError", "kiln needs Generator.uniform's "
                                       "minval and maxval as scalars known "
                                       "at trace time");
      return known->elementAsInt(0);
    };
    int64_t lo = bound(minArg), hi = bound(maxArg);
    return draw(g, fname, SampleKind::Uniform, "StatelessRandomUniformIntV2",
                dtype, shape, lo, uint64_t(hi) - uint64_t(lo),
                hi > lo ? ""
                        : "Need minval < maxval, got " + std::to_string(lo) +
                              " >= " + std::to_string(hi));
  }
  needFloat(rt, fname, dtype);
  Value minval = rt.toTensor(minArg, dtype);
  Value maxval =
      rt.toTensor(maxArg.isNone() ? Value::integer(1) : maxArg, dtype);
  Value rnd = draw(g, fname, SampleKind::Uniform, "StatelessRandomUniformV2",
                   dtype, shape);
  return binaryOp(rt, "AddV2",
                  binaryOp(rt, "Mul", rnd, binaryOp(rt, "Sub", maxval, minval)),
                  minval);
}

/// Generator.normal and truncated_normal (`kind`): rnd * stddev + mean.
Value normal(GeneratorObject &g, const Params &p, const std::string &fname,
             SampleKind kind) {
  TfRuntime &rt = *g.rt;
  Value shape = p.require("shape", fname);
  DType dtype = dtypeArg(rt.in, p.get("dtype")).value_or(DType::Float32);
  Value mean =
      rt.toTensor(p.has("mean") ? p.get("mean") : Value::floating(0.0), dtype);
  Value stddev = rt.toTensor(
      p.has("stddev") ? p.get("stddev") : Value::floating(1.0), dtype);
  needFloat(rt, fname, dtype);
  Value rnd = draw(g, fname, kind,
                   kind == SampleKind::Normal ? "StatelessRandomNormalV2"
                                              : "StatelessTruncatedNormalV2",
                   dtype, shape);
  return binaryOp(rt, "AddV2", binaryOp(rt, "Mul", rnd, stddev), mean);
}

/// `count` full-range int64 keys (make_seeds, split).
Value int64Keys(GeneratorObject &g, const Value &count) {
  return draw(g, "make_seeds", SampleKind::Uniform,
              "StatelessRandomUniformFullIntV2", DType::Int64,
              g.rt->in.list({count}));
}

/// A draw method's ops in TensorFlow's name scope for it (`scope`, or the
/// name= given), its result named as the scope ("stateful_uniform:0").
Value inScope(GeneratorObject &g, const Params &p, const std::string &scope,
              const std::function<Value()> &body) {
  TfRuntime &rt = *g.rt;
  ApiNameScope names(rt, p.get("name"), scope);
  Value out = body();
  if (rt.tracing && rt.isTensor(out) && rt.tensor(out).symbolic())
    rt.tracing->graph.rename(rt.tensor(out).out.node, names.scopeName() + "/");
  return out;
}

bool GeneratorObject::getAttr(Interpreter &in, const Value &self,
                              const std::string &name, Value &out) {
  GeneratorObject *g = this;
  // The generator stays alive while the bound method does (`self`).
  auto method =
      [&](std::vector<std::string> params,
          std::function<Value(GeneratorObject &, const Params &)> body) {
        out = in.builtin(name, [self, g, name, params, body](Interpreter &in,
                                                             CallArgs &args) {
          Params p(in, args, name, params, Wording::Python);
          return body(*g, p);
        });
        return true;
      };
  if (name == "state") {
    out = state;
    return true;
  }
  if (name == "algorithm") {
    out = Value::integer(algorithm);
    return true;
  }
  if (name == "key") {
    out = reshape(*rt, sliceAxis(*rt, readVariable(*rt, variable()), 0, 2, 3),
                  intConstant(*rt, {}));
    return true;
  }
  if (name == "uniform")
    return method({"shape", "minval", "maxval", "dtype", "name"},
                  [](GeneratorObject &g, const Params &p) {
                    return inScope(g, p, "stateful_uniform",
                                   [&] { return uniform(g, p); });
                  });
  if (name == "normal" || name == "truncated_normal")
    return method({"shape", "mean", "stddev", "dtype", "name"},
                  [name](GeneratorObject &g, const Params &p) {
                    bool plain = name == "normal";
                    return inScope(
                        g, p, plain ? "stateful_normal" : "truncated_normal",
                        [&] {
                          return normal(g, p, name,
                                        plain ? SampleKind::Normal
                                              : SampleKind::TruncatedNormal);
                        });
                  });
  if (name == "uniform_full_int")
    return method({"shape", "dtype", "name"},
                  [](GeneratorObject &g, const Params &p) {
                    // The default dtype is uint64.
                    std::optional<DType> d = dtypeArg(g.rt->in, p.get("dtype"));
                    if (!d)
                      g.rt->raise("UnimplementedError",
                                  "kiln has no uint64 tensors: pass "
                                  "Generator.uniform_full_int a dtype of "
                                  "tf.int64 or tf.int32");
                    needInt(*g.rt, "uniform_full_int", *d);
                    return inScope(g, p, "stateful_uniform_full_int", [&] {
                      return draw(g, "uniform_full_int", SampleKind::Uniform,
                                  "StatelessRandomUniformFullIntV2", *d,
                                  p.require("shape", "uniform_full_int"));
                    });
                  });
  if (name == "make_seeds")
    return method({"count"}, [](GeneratorObject &g, const Params &p) {
      // [2, count]: the keys over zeros.
      Value keys =
          int64Keys(g, p.has("count") ? p.get("count") : Value::integer(1));
      return concat(*g.rt, {keys, filledLike(*g.rt, keys, 0)}, 0, "Pack");
    });
  if (name == "split")
    return method({"count"}, [](GeneratorObject &g, const Params &p) {
      TfRuntime &rt = *g.rt;
      Value keys =
          int64Keys(g, p.has("count") ? p.get("count") : Value::integer(1));
      HostTensorPtr known = rt.constantValue(keys);
      if (!known)
        rt.raise("UnimplementedError",
                 "kiln splits a tf.random.Generator eagerly only");
      // Each new generator's state is its key after a zero counter.
      py::ValueList gens;
      for (int64_t i = 0; i < known->type.numElements(); ++i)
        gens.push_back(
            makeGenerator(rt, {0, 0, known->elementAsInt(i)}, g.algorithm));
      return rt.in.list(std::move(gens));
    });
  if (name == "skip")
    return method({"delta"}, [](GeneratorObject &g, const Params &p) {
      return readAndSkip(
          g, g.rt->toTensor(p.require("delta", "skip"), DType::Int64));
    });
  if (name == "reset")
    return method({"state"}, [](GeneratorObject &g, const Params &p) {
      return assignVariable(
          *g.rt, g.variable(), "AssignVariableOp",
          g.rt->toTensor(p.require("state", "reset"), DType::Int64));
    });
  if (name == "reset_from_seed")
    return method({"seed"}, [](GeneratorObject &g, const Params &p) {
      return assignVariable(
          *g.rt, g.variable(), "AssignVariableOp",
          intConstant(*g.rt, seedState(*g.rt, p.require("seed", "seed")),
                      DType::Int64));
    });
  if (name == "reset_from_key_counter")
    return method({"key", "counter"}, [](GeneratorObject &g, const Params &p) {
      TfRuntime &rt = *g.rt;
      Value counter =
          reshape(rt,
                  rt.toTensor(p.require("counter", "reset_from_key_counter"),
                              DType::Int64),
                  intConstant(rt, {2}));
      Value key = reshape(
          rt,
          rt.toTensor(p.require("key", "reset_from_key_counter"), DType::Int64),
          intConstant(rt, {1}));
      return assignVariable(rt, g.variable(), "AssignVariableOp",
                            concat(rt, {counter, key}, 0, "ConcatV2"));
    });
  return false;
}

/// A state from the machine's entropy (from_non_deterministic_state).
std::vector<int64_t> entropyState() {
  std::random_device entropy;
  std::vector<int64_t> words;
  for (int i = 0; i < 3; ++i)
    words.push_back(int64_t(uint64_t(entropy()) << 32 | entropy()));
  return words;
}

} // namespace

void installGenerator(TfRuntime &rt, ModuleBuilder &random) {
  TfRuntime *r = &rt;
  auto cls = std::make_shared<CallableType>(
      "Generator",
      [r](Interpreter &in, CallArgs &args) {
        Params p(in, args, "Generator", {"copy_from", "state", "alg"});
        if (GeneratorObject *from = asGenerator(p.get("copy_from"))) {
          HostTensorPtr now =
              r->constantValue(readVariable(*r, from->variable()));
          if (!now)
            r->raise("UnimplementedError",
                     "kiln copies a tf.random.Generator eagerly only");
          return makeGenerator(*r,
                               {now->elementAsInt(0), now->elementAsInt(1),
                                now->elementAsInt(2)},
                               from->algorithm);
        }
        // TensorFlow asserts that one of them is given.
        if (!p.has("state"))
          in.raise("AssertionError", "");
        return makeGenerator(*r, stateArg(*r, p.get("state")),
                             algorithmArg(*r, p.get("alg")));
      },
      "tensorflow.python.ops.stateful_random_ops");
  cls->instances = [](const Value &v) { return asGenerator(v) != nullptr; };
  auto classMethod = [&](const std::string &name,
                         std::vector<std::string> params, auto state) {
    cls->attrs[name] = rt.in.builtin(
        name, [r, name, params, state](Interpreter &in, CallArgs &args) {
          Params p(in, args, name, params, Wording::Python);
          return makeGenerator(*r, state(*r, p),
                               algorithmArg(*r, p.get("alg")));
        });
  };
  classMethod("from_seed", {"seed", "alg"}, [](TfRuntime &rt, const Params &p) {
    return seedState(rt, p.require("seed", "from_seed"));
  });
  classMethod("from_state", {"state", "alg"},
              [](TfRuntime &rt, const Params &p) {
                return stateArg(rt, p.require("state", "from_state"));
              });
  classMethod("from_key_counter", {"key", "counter", "alg"},
              [](TfRuntime &rt, const Params &p) {
                std::vector<int64_t> words = stateArg(
                    rt, rt.in.list({Value::integer(0), Value::integer(0),
                                    p.require("key", "from_key_counter")}));
                HostTensorPtr counter = rt.constantValue(rt.toTensor(
                    p.require("counter", "from_key_counter"), DType::Int64));
                if (!counter || counter->type.numElements() != 2)
                  rt.raise("UnimplementedError",
                           "kiln needs a Philox counter as two integers known "
                           "now");
                words[0] = counter->elementAsInt(0);
                words[1] = counter->elementAsInt(1);
                return words;
              });
  classMethod("from_non_deterministic_state", {"alg"},
              [](TfRuntime &, const Params &) { return entropyState(); });
  Value generatorClass = Value::object(Type::Native, cls);
  random.set("Generator", generatorClass);

  random.def("get_global_generator", [r](Interpreter &, CallArgs &) {
    if (r->globalGenerator.isNone())
      r->globalGenerator = makeGenerator(*r, entropyState(), kPhilox);
    return r->globalGenerator;
  });
  random.def("set_global_generator", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "set_global_generator", {"generator"});
    Value g = p.require("generator", "set_global_generator");
    if (!asGenerator(g))
      in.typeError("set_global_generator takes a tf.random.Generator, not " +
                   in.repr(g));
    r->globalGenerator = g;
    return Value();
  });

  random.set("Algorithm",
             makeEnum(rt.in, "Algorithm",
                      "tensorflow.python.ops.random_ops_util",
                      {{"PHILOX", Value::integer(kPhilox)},
                       {"THREEFRY", Value::integer(2)},
                       {"AUTO_SELECT", Value::integer(kAutoSelect)}}));
}

} // namespace kiln::tf
