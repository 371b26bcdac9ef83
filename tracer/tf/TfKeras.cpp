// tf.keras as kiln has it: the helpers that scripts without a Keras model
// call, the optimizers (KerasOptimizers.cpp), losses (KerasLosses.cpp) and
// metrics (KerasMetrics.cpp). Every other name says it is not supported by
// kiln.
#include "TfModuleBuilder.h"

#include <algorithm>

namespace kiln::tf {

using py::Type;

/// The helpers of tf.keras that scripts without a Keras model call:
/// utils.set_random_seed (Python's, NumPy's and TensorFlow's global seeds),
/// and backend's settings (floatx, epsilon, image_data_format and their
/// setters), clear_session and backend(). The rest of Keras is not kiln's.
void installKeras(TfRuntime &rt, ModuleBuilder &tf) {
  ModuleBuilder keras(rt.in, rt, "keras._tf_keras.keras");
  ModuleBuilder utils(rt.in, rt, "keras._tf_keras.keras.utils");
  utils.def("set_random_seed", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "set_random_seed", {"seed"});
    if (!p.given("seed"))
      in.typeError("set_random_seed() missing 1 required positional "
                   "argument: 'seed'");
    Value seed = p.get("seed");
    // Keras's isinstance(seed, int): bools pass, NumPy ints do not.
    if (!seed.isIntLike())
      in.valueError("Expected `seed` argument to be an integer. Received: "
                    "seed=" +
                    in.toStr(seed) + " (of type " +
                    in.repr(Value::object(Type::Class, in.typeOf(seed))) + ")");
    // Python's, NumPy's and TensorFlow's seeds, in Keras's order.
    in.call(in.getAttr(in.importModule("random"), "seed"), ValueList{seed});
    Value numpy = in.importModule("numpy");
    in.call(in.getAttr(in.getAttr(numpy, "random"), "seed"), ValueList{seed});
    Value tensorflow = in.importModule("tensorflow");
    in.call(in.getAttr(in.getAttr(tensorflow, "random"), "set_seed"),
            ValueList{seed});
    return Value();
  });
  keras.set("utils", utils.value());
  ModuleBuilder backend(rt.in, rt, "keras._tf_keras.keras.backend");
  // Keras's global settings, which scripts set and read back; kiln's ops
  // do not read them (they matter to Keras's layers).
  struct Settings {
    Value floatx, epsilon, imageDataFormat;
  };
  auto settings = std::make_shared<Settings>(
      Settings{rt.in.str("float32"), Value::floating(1e-07),
               rt.in.str("channels_last")});
  auto getter = [&backend, settings](const std::string &name,
                                     Value Settings::*field) {
    backend.def(name, [name, settings, field](Interpreter &in, CallArgs &args) {
      Params p(in, args, name, {});
      return (*settings).*field;
    });
  };
  getter("floatx", &Settings::floatx);
  getter("epsilon", &Settings::epsilon);
  getter("image_data_format", &Settings::imageDataFormat);
  backend.def("set_floatx", [settings](Interpreter &in, CallArgs &args) {
    Params p(in, args, "set_floatx", {"value"});
    Value value = p.require("value", "set_floatx");
    // Keras's set literal as TensorFlow's goldens print it (with
    // PYTHONHASHSEED=0; its order also depends on Keras's compiled .pyc,
    // so kiln's own set would not reproduce it).
    if (!value.is(Type::Str) ||
        (in.toStr(value) != "bfloat16" && in.toStr(value) != "float16" &&
         in.toStr(value) != "float32" && in.toStr(value) != "float64"))
      in.valueError("Unknown `floatx` value: " + in.toStr(value) +
                    ". Expected one of {'float64', 'bfloat16', 'float16', "
                    "'float32'}");
    settings->floatx = value;
    return Value();
  });
  backend.def("set_epsilon", [settings](Interpreter &in, CallArgs &args) {
    Params p(in, args, "set_epsilon", {"value"});
    settings->epsilon = p.require("value", "set_epsilon");
    return Value();
  });
  backend.def(
      "set_image_data_format", [settings](Interpreter &in, CallArgs &args) {
        Params p(in, args, "set_image_data_format", {"data_format"});
        std::string format =
            in.toStr(p.require("data_format", "set_image_data_format"));
        std::transform(format.begin(), format.end(), format.begin(),
                       [](unsigned char c) { return std::tolower(c); });
        if (format != "channels_first" && format != "channels_last")
          in.valueError("The `data_format` argument must be one of "
                        "{'channels_first', 'channels_last'}. Received: "
                        "data_format=" +
                        format);
        settings->imageDataFormat = in.str(format);
        return Value();
      });
  // Keras's own state (layer names, its seed generator) is all it resets;
  // kiln has none, and TensorFlow's random state stays as it was.
  backend.def("clear_session", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "clear_session", {"free_memory"}, Wording::Python,
             /*required=*/0);
    return Value();
  });
  backend.def("backend", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "backend", {});
    return in.str("tensorflow");
  });
  keras.set("backend", backend.value());
  installKerasOptimizers(rt, keras);
  installKerasLosses(rt, keras);
  installKerasMetrics(rt, keras);
  tf.set("keras", keras.value());
  // TensorFlow's own names for Keras's modules.
  for (const char *alias : {"optimizers", "losses", "metrics"})
    tf.set(alias, keras.module->dict.at(alias));
}

} // namespace kiln::tf
