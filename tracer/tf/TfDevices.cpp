// Devices, as a script sees them under TensorFlow on a machine without a
// GPU: tf.config lists one CPU, tf.device(...) places nothing (kiln compiles
// for the host), and eager tensors report the CPU as their device.
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
            physical ? "/physical_device:CPU:0"
                     : "/job:localhost/replica:0/task:0/device:CPU:0")));
  return in.list(devices);
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
  // with tf.device("/GPU:0"): ... runs on the CPU, as TensorFlow's soft
  // placement does on a machine without one.
  tf.def("device", [](Interpreter &in, CallArgs &args) -> Value {
    Params p(in, args, "device", {"device_name"});
    p.require("device_name", "device");
    return nullContext(in, "device");
  });
  (void)rt;
}

} // namespace kiln::tf
