// Python's `abc`: ABC as a base class and the abstractmethod decorator.
// A class deriving from ABC that leaves an abstract method (or property)
// unimplemented cannot be instantiated, with CPython 3.11's TypeError
// (Interpreter::instantiate asks abstractMethodsOf).
#include "Interpreter.h"
#include "StdlibModules.h"

#include <set>

namespace kiln::py {

namespace {

bool isAbstract(Interpreter &in, const Value &v) {
  Value fn = v;
  if (v.is(Type::Property)) // a property's getter, a static/class method's
    fn = v.as<PropertyObject>().getter;
  Value flag;
  return in.tryGetAttr(fn, "__isabstractmethod__", flag) && in.truthy(flag);
}

Value abcModule(Interpreter &in) {
  Value m = makeModule("abc");
  auto abc = std::make_shared<ClassObject>();
  abc->name = "ABC";
  abc->module = "abc";
  abc->dict["__doc__"] = in.str(
      "Helper class that provides a standard way to create an ABC using\n"
      "    inheritance.\n    ");
  abc->dict["__slots__"] = in.tuple({});
  m.as<ModuleObject>().dict["ABC"] = Value::object(Type::Class, abc);
  defFunction(in, m, "abstractmethod", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "abstractmethod").expect(1, 1);
    Value fn = args.positional[0];
    Value target = fn.is(Type::Property) ? fn.as<PropertyObject>().getter : fn;
    if (!target.is(Type::Function))
      in.typeError("abstractmethod() of a '" + in.typeName(fn) +
                   "' object (not supported by kiln)");
    in.setAttr(target, "__isabstractmethod__", Value::boolean(true));
    return fn;
  });
  return m;
}

} // namespace

std::vector<std::string> abstractMethodsOf(Interpreter &in,
                                           const ClassObject &cls) {
  bool fromAbc = false;
  for (const ClassObject *c = &cls; c; c = c->base.get())
    fromAbc |= c->name == "ABC" && c->module == "abc";
  if (!fromAbc)
    return {};
  std::set<std::string> names;
  for (const ClassObject *c = &cls; c; c = c->base.get())
    for (auto &entry : c->dict)
      if (isAbstract(in, *cls.lookup(entry.first)))
        names.insert(entry.first);
  return std::vector<std::string>(names.begin(), names.end());
}

void installAbc(Interpreter &in) { in.registerModule("abc", abcModule); }

} // namespace kiln::py
