// tf.compat: what TensorFlow 2 scripts take from it. Their preambles
// quiet TensorFlow through tf.compat.v1.logging and ask whether it runs
// eagerly; helpers convert between bytes and text. TensorFlow 1's graph
// mode (disable_eager_execution, sessions, placeholders) is not kiln's:
// those names are AttributeErrors that say so.
#include "StdlibModules.h"
#include "TfModuleBuilder.h"

namespace kiln::tf {

using py::Type;

namespace {

/// The bytes or text of `v` as compat.as_bytes (`bytes` true) or as_text
/// converts it (str.encode, bytes.decode), with their TypeError for other
/// values.
Value asBytesOrText(Interpreter &in, const Value &v, bool bytes,
                    const Value &encoding) {
  if (v.is(Type::Str))
    return bytes ? in.call(in.getAttr(v, "encode"), ValueList{encoding}) : v;
  if (v.is(Type::Bytes))
    return bytes ? v : in.call(in.getAttr(v, "decode"), ValueList{encoding});
  in.typeError("Expected binary or unicode string, got " + in.repr(v));
}

/// Argument `name` of `fname`, None included (Params::require refuses
/// None as a tensor conversion would).
Value argument(Interpreter &in, const Params &p, const std::string &fname,
               const std::string &name) {
  if (!p.given(name))
    in.typeError(fname + "() missing 1 required positional argument: '" + name +
                 "'");
  return p.get(name);
}

/// tf.compat.v1.logging: TensorFlow's logger, its levels and its calls.
Value v1Logging(TfRuntime &rt) {
  ModuleBuilder logging(rt.in, rt, "tensorflow.compat.v1.logging");
  const std::pair<const char *, int> levels[] = {
      {"DEBUG", 10}, {"INFO", 20}, {"WARN", 30}, {"ERROR", 40}, {"FATAL", 50}};
  for (auto [name, level] : levels)
    logging.set(name, Value::integer(level));
  logging.def("set_verbosity", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "set_verbosity", {"v"});
    Value level = p.require("v", "set_verbosity");
    in.call(in.getAttr(py::tensorflowLogger(in), "setLevel"), ValueList{level});
    return Value();
  });
  logging.def("get_verbosity", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "get_verbosity", {});
    return in.call(in.getAttr(py::tensorflowLogger(in), "getEffectiveLevel"),
                   ValueList{});
  });
  // Each forwards to the logger's method (warn to warning, fatal to
  // critical, as tf_logging's do).
  const std::pair<const char *, const char *> calls[] = {
      {"debug", "debug"},     {"info", "info"},   {"warn", "warning"},
      {"warning", "warning"}, {"error", "error"}, {"fatal", "critical"}};
  for (auto [name, method] : calls)
    logging.set(name, rt.in.builtin(name, [method = std::string(method)](
                                              Interpreter &in, CallArgs &args) {
      return in.call(in.getAttr(py::tensorflowLogger(in), method), args);
    }));
  return logging.value();
}

} // namespace

void installCompat(TfRuntime &rt, ModuleBuilder &tf) {
  ModuleBuilder compat(rt.in, rt, "tensorflow.compat");
  compat.def("as_bytes", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "as_bytes", {"bytes_or_text", "encoding"});
    return asBytesOrText(in, argument(in, p, "as_bytes", "bytes_or_text"), true,
                         p.has("encoding") ? p.get("encoding")
                                           : in.str("utf-8"));
  });
  for (const char *name : {"as_text", "as_str"})
    compat.def(name, [name](Interpreter &in, CallArgs &args) {
      Params p(in, args, name, {"bytes_or_text", "encoding"});
      return asBytesOrText(in, argument(in, p, name, "bytes_or_text"), false,
                           p.has("encoding") ? p.get("encoding")
                                             : in.str("utf-8"));
    });
  compat.def("as_str_any", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "as_str_any", {"value", "encoding"});
    Value v = argument(in, p, "as_str_any", "value");
    return v.is(Type::Bytes)
               ? asBytesOrText(in, v, false,
                               p.has("encoding") ? p.get("encoding")
                                                 : in.str("utf-8"))
               : in.str(in.toStr(v));
  });
  ModuleBuilder v1(rt.in, rt, "tensorflow.compat.v1");
  v1.set("logging", v1Logging(rt));
  TfRuntime *r = &rt;
  v1.def("executing_eagerly", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "executing_eagerly", {});
    return Value::boolean(r->tracing == nullptr);
  });
  // TensorFlow 2 runs eagerly already: these change nothing there.
  v1.def("enable_eager_execution", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "enable_eager_execution",
             {"config", "device_policy", "execution_mode"});
    return Value();
  });
  v1.def("enable_v2_behavior", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "enable_v2_behavior", {});
    return Value();
  });
  // Eagerly, v1's graph-level seed is TensorFlow 2's global seed.
  v1.def("set_random_seed", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "set_random_seed", {"seed"});
    Value random = in.getAttr(in.importModule("tensorflow"), "random");
    return in.call(in.getAttr(random, "set_seed"),
                   ValueList{argument(in, p, "set_random_seed", "seed")});
  });
  compat.set("v1", v1.value());
  // compat.v2 is TensorFlow 2's API, which `tf` is.
  compat.set("v2", tf.value());
  tf.set("compat", compat.value());
}

} // namespace kiln::tf
