// Devices, as a script sees them under TensorFlow on a machine without a
// GPU: tf.config lists one CPU, tf.device(...) places nothing (kiln compiles
// for the host), and eager tensors report the CPU as their device; and
// tf.config's settings (threads, soft placement, jit), which read back what
// a script set; and tf.test's and tf.sysconfig's questions about the build.
#include "EagerContext.h"
#include "TfDataset.h"
#include "TfModuleBuilder.h"

namespace kiln::tf {

using py::Type;

namespace {

/// tf.config's PhysicalDevice and LogicalDevice (named tuples in
/// TensorFlow).
struct DeviceObject : py::NativeObject {
  DeviceObject(std::string kind, std::string name)
      : kind(std::move(kind)), name(std::move(name)) {}
  std::string kind; // PhysicalDevice or LogicalDevice
  std::string name;
  std::string typeName() const override { return kind; }
  std::string repr(Interpreter &, const Value &) override {
    return kind + "(name='" + name + "', device_type='CPU')";
  }
  bool getAttr(Interpreter &in, const Value &, const std::string &attr,
               Value &out) override {
    if (attr == "name")
      out = in.str(name);
    else if (attr == "device_type")
      out = in.str("CPU");
    else
      return false;
    return true;
  }
};

/// The devices of `kind` whose type is the optional `device_type`.
Value listDevices(Interpreter &in, CallArgs &args, const std::string &api,
                  bool physical) {
  Params p(in, args, api, {"device_type"});
  Value type = p.get("device_type");
  ValueList devices;
  if (type.isNone() || in.toStr(type) == "CPU")
    devices.push_back(Value::object(
        Type::Native,
        std::make_shared<DeviceObject>(
            physical ? "PhysicalDevice" : "LogicalDevice",
            physical ? "/physical_device:CPU:0" : "/device:CPU:0")));
  return in.list(devices);
}

/// A setting that scripts set in their preamble and may read back; kiln's
/// code does not depend on it (it runs on one thread, places everything on
/// the CPU and compiles every function).
/// `fixedAfterStart`: the setting's name in the RuntimeError TensorFlow
/// raises once its eager context is initialized.
void setting(ModuleBuilder &m, const std::string &setter,
             const std::string &getter, const std::string &param, Value initial,
             bool jit = false, const std::string &fixedAfterStart = "") {
  auto value = std::make_shared<Value>(initial);
  m.def(setter, [value, setter, param, jit, fixedAfterStart](Interpreter &in,
                                                             CallArgs &args) {
    Params p(in, args, setter, {param});
    Value given = p.get(param);
    if (!fixedAfterStart.empty() && eagerContextInitialized())
      in.raise("RuntimeError", fixedAfterStart + " cannot be modified after "
                                                 "initialization.");
    // set_jit(True) is XLA's auto-clustering, as get_jit() says.
    if (jit && given.is(Type::Bool))
      given = in.str(in.truthy(given) ? "autoclustering" : "");
    *value = given;
    return Value();
  });
  m.def(getter, [value, getter](Interpreter &in, CallArgs &args) {
    Params p(in, args, getter, {});
    return *value;
  });
}

/// tf.config.threading, soft device placement and tf.config.optimizer's
/// jit: values to set and read back.
void installSettings(TfRuntime &rt, ModuleBuilder &config) {
  ModuleBuilder threading(rt.in, rt, "tensorflow.config.threading");
  setting(threading, "set_inter_op_parallelism_threads",
          "get_inter_op_parallelism_threads", "num_threads", Value::integer(0),
          false, "Inter op parallelism");
  setting(threading, "set_intra_op_parallelism_threads",
          "get_intra_op_parallelism_threads", "num_threads", Value::integer(0),
          false, "Intra op parallelism");
  config.set("threading", threading.value());
  setting(config, "set_soft_device_placement", "get_soft_device_placement",
          "enabled", Value::boolean(true));
  ModuleBuilder optimizer(rt.in, rt, "tensorflow.config.optimizer");
  setting(optimizer, "set_jit", "get_jit", "enabled", rt.in.str(""), true);
  config.set("optimizer", optimizer.value());
}

/// tf.test's questions about the build and its GPUs, and
/// tf.sysconfig.get_build_info(): answered as TensorFlow answers them on a
/// machine without a GPU (kiln's picture of the host, as tf.config's).
void installBuildQueries(TfRuntime &rt, ModuleBuilder &tf) {
  ModuleBuilder test(rt.in, rt, "tensorflow.test");
  test.def("is_gpu_available", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "is_gpu_available",
             {"cuda_only", "min_cuda_compute_capability"}, Wording::Python,
             /*required=*/0);
    data::warnDeprecated(
        in, "is_gpu_available", "tensorflow.python.framework.test_util",
        "Use `tf.config.list_physical_devices('GPU')` instead.");
    return Value::boolean(false);
  });
  test.def("gpu_device_name", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "gpu_device_name", {});
    return in.str("");
  });
  for (const char *name : {"is_built_with_cuda", "is_built_with_gpu_support",
                           "is_built_with_rocm", "is_built_with_xla"}) {
    bool answer = std::string(name) == "is_built_with_xla";
    test.def(name, [name, answer](Interpreter &in, CallArgs &args) {
      Params p(in, args, name, {});
      return Value::boolean(answer);
    });
  }
  tf.set("test", test.value());
  ModuleBuilder sysconfig(rt.in, rt, "tensorflow.sysconfig");
  sysconfig.def("get_build_info", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "get_build_info", {});
    ValueList items;
    for (const char *key :
         {"is_cuda_build", "is_rocm_build", "is_tensorrt_build"})
      items.push_back(in.tuple({in.str(key), Value::boolean(false)}));
    Value ordered = in.getAttr(in.importModule("collections"), "OrderedDict");
    return in.call(ordered, ValueList{in.list(std::move(items))});
  });
  tf.set("sysconfig", sysconfig.value());
}

} // namespace

Value nullContext(Interpreter &in, const std::string &name) {
  auto scope = std::make_shared<py::ModuleObject>(); // a plain namespace
  scope->name = name;
  scope->dict["__enter__"] = in.builtin(
      "__enter__", [](Interpreter &, CallArgs &) { return Value(); });
  scope->dict["__exit__"] =
      in.builtin("__exit__", [](Interpreter &, CallArgs &) {
        return Value::boolean(false);
      });
  return Value::object(Type::Module, scope);
}

void installDevices(TfRuntime &rt, ModuleBuilder &tf, ModuleBuilder &config) {
  config.def("list_physical_devices", [](Interpreter &in, CallArgs &args) {
    return listDevices(in, args, "list_physical_devices", true);
  });
  config.def("get_visible_devices", [](Interpreter &in, CallArgs &args) {
    return listDevices(in, args, "get_visible_devices", true);
  });
  config.def("list_logical_devices", [](Interpreter &in, CallArgs &args) {
    return listDevices(in, args, "list_logical_devices", false);
  });
  // Scripts' preambles: hiding GPUs changes nothing here; hiding the CPU
  // is not something kiln can do.
  config.def("set_visible_devices", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "set_visible_devices", {"devices", "device_type"});
    Value devices = p.require("devices", "set_visible_devices");
    Value type = p.get("device_type");
    ValueList list = devices.is(Type::List) || devices.is(Type::Tuple)
                         ? in.toList(devices)
                         : ValueList{devices};
    for (const Value &d : list)
      if (!d.is(Type::Native) || !dynamic_cast<DeviceObject *>(d.raw()))
        in.typeError("'" + in.typeName(d) + "' object is not a device");
    if ((type.isNone() || in.toStr(type) == "CPU") && list.empty())
      in.raise("NotImplementedError",
               "kiln runs on the CPU and cannot hide it");
    return Value();
  });
  ModuleBuilder experimental(rt.in, rt, "tensorflow.config.experimental");
  experimental.def(
      "set_memory_growth", [](Interpreter &in, CallArgs &args) -> Value {
        Params p(in, args, "set_memory_growth", {"device", "enable"});
        p.require("device", "set_memory_growth");
        p.require("enable", "set_memory_growth");
        // The only devices kiln lists are CPUs.
        in.valueError("Cannot set memory growth on non-GPU and non-Pluggable "
                      "devices");
      });
  // TensorFlow's CPU kernels that kiln models are deterministic already.
  experimental.def("enable_op_determinism",
                   [](Interpreter &in, CallArgs &args) {
                     Params p(in, args, "enable_op_determinism", {});
                     return Value();
                   });
  experimental.set("list_physical_devices",
                   config.module->dict["list_physical_devices"]);
  experimental.set("list_logical_devices",
                   config.module->dict["list_logical_devices"]);
  config.set("experimental", experimental.value());
  installSettings(rt, config);
  installBuildQueries(rt, tf);
  // with tf.device("/GPU:0"): ... runs on the CPU, as TensorFlow's soft
  // placement does on a machine without one.
  tf.def("device", [](Interpreter &in, CallArgs &args) -> Value {
    Params p(in, args, "device", {"device_name"});
    p.require("device_name", "device");
    return nullContext(in, "device");
  });
}

} // namespace kiln::tf
