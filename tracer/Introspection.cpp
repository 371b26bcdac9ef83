// dir() and vars(): the attribute names CPython lists for a value, sorted.
// The script's classes and instances list their own names and their
// bases', over object's (and BaseException's for exceptions); Python's
// builtin types and TensorFlow's and NumPy's modules and classes list the
// names recorded from the real ones (ApiNames.txt); kiln's other modules
// list what they hold.
#include "ApiNames.h"
#include "Interpreter.h"
#include "Native.h"
#include "StdlibModules.h"

#include <algorithm>
#include <set>

namespace kiln::py {

namespace {

/// The recorded dir() of `name` ("builtins.list"), added to `names`.
bool addRecorded(const std::string &name, std::set<std::string> &names) {
  const RecordedModule *recorded = recordedModule(name);
  if (!recorded)
    return false;
  names.insert(recorded->names.begin(), recorded->names.end());
  return true;
}

/// The module-qualified name ApiNames.txt records `v`'s type under
/// ("tensorflow.python.framework.dtypes.DType").
std::string recordedTypeName(Interpreter &in, const Value &v) {
  ClassPtr cls = in.typeOf(v);
  if (!cls)
    return in.qualifiedTypeName(v);
  return (cls->module.empty() ? "builtins" : cls->module) + "." +
         (cls->qualname.empty() ? cls->name : cls->qualname);
}

/// A script's class and its bases: their dicts' names over the builtin
/// base's (object's or BaseException's), with the names every class of a
/// script has (__dict__, __module__, __weakref__).
void addClassNames(const ClassObject &cls, std::set<std::string> &names) {
  addRecorded(cls.isException ? "builtins.BaseException" : "builtins.object",
              names);
  // Instances lose __dict__ and __weakref__ only when every class of the
  // chain declares __slots__.
  bool slotted = true;
  for (const ClassObject *c = &cls; c; c = c->base.get()) {
    for (auto &entry : c->dict)
      names.insert(entry.first);
    slotted &= c->dict.count("__slots__") > 0;
  }
  names.insert("__module__");
  if (!slotted) {
    names.insert("__dict__");
    names.insert("__weakref__");
  }
}

std::vector<std::string> dirOf(Interpreter &in, const Value &v) {
  std::set<std::string> names;
  switch (v.type()) {
  case Type::Instance: {
    auto &inst = v.as<InstanceObject>();
    addClassNames(*inst.cls, names);
    for (const std::string &name : inst.attrNames())
      names.insert(name);
    break;
  }
  case Type::Class:
    if (in.builtinClass(v.as<ClassObject>().name).get() == v.raw() &&
        addRecorded("builtins." + v.as<ClassObject>().name, names))
      break;
    addClassNames(v.as<ClassObject>(), names);
    break;
  case Type::Module: {
    auto &m = v.as<ModuleObject>();
    if (addRecorded(m.name, names))
      break;
    for (auto &entry : m.dict)
      names.insert(entry.first);
    for (const char *name : {"__doc__", "__file__", "__loader__", "__name__",
                             "__package__", "__spec__"})
      names.insert(name);
    break;
  }
  case Type::Tensor:
  case Type::Native:
    if (!addRecorded(recordedTypeName(in, v), names))
      addRecorded("builtins.object", names);
    break;
  case Type::Function:
    addRecorded("builtins.function", names);
    for (auto &entry : v.as<FunctionObject>().attrs)
      names.insert(entry.first);
    break;
  default:
    if (!addRecorded("builtins." + in.typeName(v), names))
      addRecorded("builtins.object", names);
  }
  return std::vector<std::string>(names.begin(), names.end());
}

Value stringList(Interpreter &in, const std::vector<std::string> &names) {
  ValueList items;
  for (const std::string &name : names)
    items.push_back(in.str(name));
  return in.list(std::move(items));
}

} // namespace

void installIntrospection(Interpreter &in) {
  in.defineBuiltin("dir", in.builtin("dir", [](Interpreter &in,
                                               CallArgs &args) {
    ArgParser(in, args, "dir").expect(0, 1);
    if (!args.positional.empty())
      return stringList(in, dirOf(in, args.positional[0]));
    // The names of the script's top level; kiln lists a function's
    // locals only through its arguments and assignments, not here.
    if (in.currentFrame() && in.currentFrame()->function)
      in.raise("NotImplementedError",
               "kiln's dir() without an argument lists the top level only");
    std::set<std::string> names = {
        "__annotations__", "__builtins__", "__cached__",  "__doc__", "__file__",
        "__loader__",      "__name__",     "__package__", "__spec__"};
    for (auto &entry : in.globals())
      names.insert(entry.first);
    return stringList(in, std::vector<std::string>(names.begin(), names.end()));
  }));
  in.defineBuiltin(
      "vars", in.builtin("vars", [](Interpreter &in, CallArgs &args) {
        ArgParser(in, args, "vars").expect(1, 1);
        const Value &obj = args.positional[0];
        Value dict;
        if (!in.tryGetAttr(obj, "__dict__", dict))
          in.typeError("vars() argument must have __dict__ attribute");
        return dict;
      }));
}

} // namespace kiln::py
