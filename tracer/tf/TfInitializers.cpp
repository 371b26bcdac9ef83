// TensorFlow's own initializers (init_ops_v2), as tf.Module examples use
// them: tf.zeros_initializer, ones_initializer, constant_initializer,
// random_normal_initializer and random_uniform_initializer. Called with a
// shape (and a dtype, float32 by default), each makes a tensor the way
// init_ops_v2 does: the random ones with a seed draw from the stateless
// ops with the seed [seed, 0], without one from tf.random.normal or
// uniform (the global seed's sequence).
#include "TfInitializers.h"
#include "TfModuleBuilder.h"
#include "TfOps.h"

#include "Interpreter.h"
#include "Native.h"

namespace kiln::tf {

namespace {

using py::CallArgs;
using py::Type;

struct InitializerObject : py::NativeObject {
  enum class Kind { Zeros, Ones, Constant, RandomNormal, RandomUniform };
  Kind kind;
  std::string name; // init_ops_v2's class name
  /// The configuration, in get_config()'s order: (value) for Constant,
  /// (mean, stddev, seed) or (minval, maxval, seed) for the random ones.
  std::vector<std::pair<std::string, Value>> config;

  InitializerObject(Kind kind, std::string name)
      : kind(kind), name(std::move(name)) {}
  std::string typeName() const override { return name; }
  std::string typeModule() const override {
    return "tensorflow.python.ops.init_ops_v2";
  }
  bool isCallable() const override { return true; }
  const Value &configValue(const std::string &key) const {
    for (auto &[k, v] : config)
      if (k == key)
        return v;
    static const Value none;
    return none;
  }

  bool call(Interpreter &in, const Value &, CallArgs &args,
            Value &out) override {
    // __call__(shape, dtype=..., **kwargs): only partition_shape and
    // partition_offset are known keywords.
    Value shape, dtype;
    bool hasDtype = false;
    if (!args.positional.empty())
      shape = args.positional[0];
    if (args.positional.size() > 1) {
      dtype = args.positional[1];
      hasDtype = true;
    }
    if (args.positional.size() > 2)
      in.typeError(name +
                   ".__call__() takes from 2 to 3 positional "
                   "arguments but " +
                   std::to_string(args.positional.size() + 1) + " were given");
    bool hasShape = !args.positional.empty();
    for (auto &[key, v] : args.keywords) {
      if (key == "shape") {
        shape = v;
        hasShape = true;
      } else if (key == "dtype") {
        dtype = v;
        hasDtype = true;
      } else if (key != "partition_shape" && key != "partition_offset") {
        in.typeError("Keyword argument should be one of ['partition_shape', "
                     "'partition_offset']. Received: " +
                     key);
      } else if (kind == Kind::Constant &&
                 !in.truthy(configValue("support_partition"))) {
        in.valueError(name + " initializer doesn't support partition-related "
                             "arguments");
      } else if (key == "partition_shape") {
        shape = v; // the partition's own shape
      }
    }
    if (!hasShape)
      in.typeError(name + ".__call__() missing 1 required positional "
                          "argument: 'shape'");
    Value tfFloat32 = in.getAttr(in.importModule("tensorflow"), "float32");
    if (!hasDtype && kind != Kind::Constant)
      dtype = tfFloat32;
    std::vector<std::pair<std::string, Value>> dtypeKw;
    if (!dtype.isNone())
      dtypeKw.emplace_back("dtype", dtype);
    switch (kind) {
    case Kind::Zeros:
    case Kind::Ones:
      out = callTf(in, {kind == Kind::Zeros ? "zeros" : "ones"}, {shape},
                   dtypeKw);
      return true;
    case Kind::Constant: {
      auto kw = dtypeKw;
      kw.emplace_back("shape", shape);
      out = callTf(in, {"constant"}, {configValue("value")}, kw);
      return true;
    }
    case Kind::RandomNormal:
    case Kind::RandomUniform:
      break;
    }
    bool normal = kind == Kind::RandomNormal;
    Value d = callTf(in, {"as_dtype"}, {dtype});
    bool floating = in.truthy(in.getAttr(d, "is_floating"));
    if (normal && !floating)
      in.valueError("Argument `dtype` is expected to be floating point. "
                    "Received: " +
                    in.toStr(d) + ".");
    if (!normal && !floating && !in.truthy(in.getAttr(d, "is_integer")))
      in.valueError("Argument `dtype` expected to be numeric or boolean. "
                    "Received " +
                    in.toStr(d) + ".");
    const Value &seed = configValue("seed");
    std::vector<std::pair<std::string, Value>> kw = {
        {"shape", shape},
        {normal ? "mean" : "minval", configValue(normal ? "mean" : "minval")},
        {normal ? "stddev" : "maxval",
         configValue(normal ? "stddev" : "maxval")},
        {"dtype", d}};
    if (seed.isNone()) {
      kw.emplace_back("seed", Value());
      out = callTf(in, {"random", normal ? "normal" : "uniform"}, {}, kw);
    } else {
      kw.emplace_back("seed", in.list({seed, Value::integer(0)}));
      out = callTf(
          in, {"random", normal ? "stateless_normal" : "stateless_uniform"}, {},
          kw);
    }
    return true;
  }

  bool getAttr(Interpreter &in, const Value &self, const std::string &attr,
               Value &out) override {
    for (auto &[key, v] : config)
      if (key == attr) {
        out = v;
        return true;
      }
    if (attr != "get_config")
      return false;
    auto *init = this;
    out = in.builtin(attr, [init, self](Interpreter &in, CallArgs &args) {
      py::ArgParser(in, args, "get_config").expect(0, 0);
      Value d = in.dict();
      for (auto &[key, v] : init->config)
        if (key != "support_partition") // not in Constant's config
          in.setItem(d, in.str(key), v);
      return d;
    });
    return true;
  }
};

using Kind = InitializerObject::Kind;

/// An initializer class's constructor: its parameters with their
/// defaults, as init_ops_v2 declares them.
void defineInitializer(Interpreter &in, ModuleBuilder &tf,
                       const std::string &apiName, const std::string &name,
                       Kind kind,
                       std::vector<std::pair<std::string, Value>> params) {
  tf.def(apiName, [name, kind, params](Interpreter &in, CallArgs &args) {
    std::vector<std::string> names;
    for (auto &[key, v] : params)
      names.push_back(key);
    Params p(in, args, name, names, Wording::Python);
    auto init = std::make_shared<InitializerObject>(kind, name);
    for (auto &[key, dflt] : params)
      init->config.emplace_back(key, p.values.count(key) ? p.get(key) : dflt);
    return Value::object(Type::Native, init);
  });
}

} // namespace

void installInitializers(Interpreter &in, ModuleBuilder &tf) {
  defineInitializer(in, tf, "zeros_initializer", "Zeros", Kind::Zeros, {});
  defineInitializer(in, tf, "ones_initializer", "Ones", Kind::Ones, {});
  defineInitializer(in, tf, "constant_initializer", "Constant", Kind::Constant,
                    {{"value", Value::integer(0)},
                     {"support_partition", Value::boolean(false)}});
  defineInitializer(in, tf, "random_normal_initializer", "RandomNormal",
                    Kind::RandomNormal,
                    {{"mean", Value::floating(0.0)},
                     {"stddev", Value::floating(0.05)},
                     {"seed", Value()}});
  defineInitializer(in, tf, "random_uniform_initializer", "RandomUniform",
                    Kind::RandomUniform,
                    {{"minval", Value::floating(-0.05)},
                     {"maxval", Value::floating(0.05)},
                     {"seed", Value()}});
}

} // namespace kiln::tf
