// tf.keras as kiln has it: only the helpers that scripts without a Keras
// model call. Every other name says it is not supported by kiln.
#include "TfModuleBuilder.h"

namespace kiln::tf {

using py::Type;

/// The two helpers of tf.keras that scripts without a Keras model call:
/// utils.set_random_seed (Python's, NumPy's and TensorFlow's global seeds) and
/// backend.epsilon/floatx. The rest of Keras is not kiln's.
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
                    in.repr(Value::object(Type::Class, in.typeOf(seed))) +
                    ")");
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
  backend.def("epsilon", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "epsilon", {});
    return Value::floating(1e-07);
  });
  backend.def("floatx", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "floatx", {});
    return in.str("float32");
  });
  keras.set("backend", backend.value());
  tf.set("keras", keras.value());
}

} // namespace kiln::tf
