// Python's `enum`: Enum classes as scripts use them for modes and
// options (class Mode(Enum): TRAIN = 1), with auto(), aliases, lookup by
// value (Mode(1)) and by name (Mode["TRAIN"]), iteration in definition
// order, members whose __init__ takes a tuple value, and @unique.
// kiln has no metaclasses: Enum's __init_subclass__ turns the new class's
// constants into members, and the class-level protocols (iteration, len,
// `in`, repr) ask enumMembers().
#include "Interpreter.h"
#include "Native.h"
#include "StdlibModules.h"

namespace kiln::py {

namespace {

bool derivesFromEnum(const ClassObject &cls) {
  for (const ClassObject *c = &cls; c; c = c->base.get())
    if (c->name == "Enum" && c->module == "enum")
      return true;
  return false;
}

/// enum.auto(): a placeholder the member conversion replaces with the
/// next value.
struct AutoObject : NativeObject {
  std::string typeName() const override { return "auto"; }
  std::string typeModule() const override { return "enum"; }
  std::string repr(Interpreter &, const Value &) override {
    return "auto(_auto_null)";
  }
};

Value memberAttr(Interpreter &in, const Value &member,
                 const std::string &name) {
  Value *v = member.is(Type::Instance)
                 ? member.as<InstanceObject>().findAttr(in, name)
                 : nullptr;
  if (!v)
    in.typeError("descriptor of an Enum member used on a '" +
                 in.typeName(member) + "' object");
  return *v;
}

std::string memberName(Interpreter &in, const Value &member) {
  return in.toStr(memberAttr(in, member, "_name_"));
}

/// Whether a value in an Enum class body becomes a member: not a
/// private name, method, descriptor or nested class.
bool isMemberValue(const std::string &name, const Value &v) {
  if (name.empty() || name[0] == '_')
    return false;
  switch (v.type()) {
  case Type::Function:
  case Type::Builtin:
  case Type::Property:
  case Type::Class:
    return false;
  case Type::Native:
    return v.as<NativeObject>().wrappedFunction().isNone() &&
           !v.as<NativeObject>().isCallable();
  default:
    return true;
  }
}

/// The member of `byValue` (an Enum's _value2member_map_) whose value
/// equals `v`. A scan, not a lookup: a value may be unhashable (a list),
/// as CPython allows.
std::optional<Value> memberByValue(Interpreter &in, const Value &byValue,
                                   const Value &v) {
  for (auto &e : byValue.as<DictObject>().table.entries())
    if (e.live && in.equals(e.key, v))
      return e.value;
  return std::nullopt;
}

/// Turns the constants of the Enum class `clsValue` into its members.
void makeMembers(Interpreter &in, const Value &clsValue) {
  auto cls = std::static_pointer_cast<ClassObject>(clsValue.ptr());
  ValueList names;
  Value byName = in.dict(), byValue = in.dict();
  const Value *init = cls->lookup("__init__");
  bool customInit = init && init->is(Type::Function);
  ValueList values; // the members' values so far, for auto()
  for (const std::string &name : cls->bodyOrder) {
    Value v = cls->dict.at(name);
    if (!isMemberValue(name, v))
      continue;
    if (v.is(Type::Native) && dynamic_cast<AutoObject *>(v.raw())) {
      // _generate_next_value_: one more than the last int value, else 1.
      v = Value::integer(1);
      for (auto it = values.rbegin(); it != values.rend(); ++it)
        if (it->isIntLike()) {
          v = Value::integer(it->asInt() + 1);
          break;
        }
    }
    values.push_back(v);
    // A value an earlier member has makes an alias of that member.
    std::optional<Value> alias = memberByValue(in, byValue, v);
    Value existing = alias ? *alias : Value();
    if (!alias) {
      auto inst = std::make_shared<InstanceObject>();
      inst->cls = cls;
      existing = Value::object(Type::Instance, inst);
      inst->setAttr(in, "_name_", in.str(name));
      inst->setAttr(in, "_value_", v);
      if (customInit) {
        CallArgs initArgs;
        initArgs.positional.push_back(existing);
        if (v.is(Type::Tuple))
          for (const Value &item : v.as<TupleObject>().items)
            initArgs.positional.push_back(item);
        else
          initArgs.positional.push_back(v);
        in.call(*init, initArgs);
      }
      names.push_back(in.str(name));
      in.setItem(byValue, v, existing);
    }
    in.setItem(byName, in.str(name), existing);
    cls->dict[name] = existing;
  }
  cls->dict["_member_names_"] = in.list(std::move(names));
  cls->dict["_member_map_"] = byName;
  cls->dict["__members__"] = byName; // CPython's is a read-only view
  cls->dict["_value2member_map_"] = byValue;
  // Calling the class looks a member up by value.
  std::weak_ptr<ClassObject> weak = cls;
  cls->construct = [weak](Interpreter &in, CallArgs &args) -> Value {
    ArgParser(in, args, "__call__").expect(1, 1);
    auto cls = weak.lock();
    const Value &v = args.positional[0];
    if (v.is(Type::Instance) && v.as<InstanceObject>().cls == cls)
      return v;
    if (auto member = memberByValue(in, cls->dict.at("_value2member_map_"), v))
      return *member;
    in.valueError(in.repr(v) + " is not a valid " +
                  (cls->qualname.empty() ? cls->name : cls->qualname));
  };
}

/// A builtin as a property or class method of the Enum base class.
Value wrapped(Interpreter &in, PropertyObject::Kind kind,
              const std::string &name, BuiltinFn fn) {
  auto p = std::make_shared<PropertyObject>();
  p->kind = kind;
  p->getter = in.builtin(name, std::move(fn));
  return Value::object(Type::Property, p);
}

ClassPtr enumClass(Interpreter &in) {
  auto cls = std::make_shared<ClassObject>();
  cls->name = "Enum";
  cls->module = "enum";
  auto &d = cls->dict;
  d["__doc__"] = in.str("Create a collection of name/value pairs.");
  d["__init_subclass__"] = wrapped(
      in, PropertyObject::Kind::ClassMethod, "__init_subclass__",
      [](Interpreter &in, CallArgs &args) {
        if (!args.keywords.empty())
          in.typeError("__init_subclass__() takes no keyword arguments");
        makeMembers(in, args.positional.at(0));
        return Value();
      });
  d["name"] = wrapped(in, PropertyObject::Kind::Property, "name",
                      [](Interpreter &in, CallArgs &args) {
                        return memberAttr(in, args.positional.at(0), "_name_");
                      });
  d["value"] =
      wrapped(in, PropertyObject::Kind::Property, "value",
              [](Interpreter &in, CallArgs &args) {
                return memberAttr(in, args.positional.at(0), "_value_");
              });
  d["__repr__"] = in.builtin("__repr__", [](Interpreter &in, CallArgs &args) {
    const Value &self = args.positional.at(0);
    return in.str("<" + in.typeOf(self)->name + "." + memberName(in, self) +
                  ": " + in.repr(memberAttr(in, self, "_value_")) + ">");
  });
  d["__str__"] = in.builtin("__str__", [](Interpreter &in, CallArgs &args) {
    const Value &self = args.positional.at(0);
    return in.str(in.typeOf(self)->name + "." + memberName(in, self));
  });
  d["__format__"] =
      in.builtin("__format__", [](Interpreter &in, CallArgs &args) {
        ArgParser(in, args, "__format__").expect(2, 2);
        return formatValue(in, in.str(in.toStr(args.positional[0])),
                           in.toStr(args.positional[1]));
      });
  // Members hash by name; copies are the members themselves.
  d["__hash__"] = in.builtin("__hash__", [](Interpreter &in, CallArgs &args) {
    return Value::integer(static_cast<int64_t>(
        in.hash(memberAttr(in, args.positional.at(0), "_name_"))));
  });
  for (const char *hook : {"__copy__", "__deepcopy__"})
    d[hook] = in.builtin(hook, [](Interpreter &, CallArgs &args) {
      return args.positional.at(0);
    });
  d["__class_getitem__"] = in.builtin(
      "__class_getitem__", [](Interpreter &in, CallArgs &args) -> Value {
        const Value &clsValue = args.positional.at(0);
        auto &cls = clsValue.as<ClassObject>();
        auto byName = cls.dict.find("_member_map_");
        const Value &key = args.positional.at(1);
        if (byName != cls.dict.end() && in.contains(byName->second, key))
          return in.getItem(byName->second, key);
        in.raiseValue(
            in.call(Value::object(Type::Class, in.builtinClass("KeyError")),
                    ValueList{key}));
      });
  return cls;
}

Value enumModule(Interpreter &in) {
  Value m = makeModule("enum");
  ClassPtr base = enumClass(in);
  m.as<ModuleObject>().dict["Enum"] = Value::object(Type::Class, base);
  defFunction(in, m, "auto", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "auto").expect(0, 0);
    return Value::object(Type::Native, std::make_shared<AutoObject>());
  });
  defFunction(in, m, "unique", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "unique").expect(1, 1);
    const Value &clsValue = args.positional[0];
    if (!clsValue.is(Type::Class) ||
        !derivesFromEnum(clsValue.as<ClassObject>()))
      in.typeError("unique() of a '" + in.typeName(clsValue) +
                   "' (not supported by kiln)");
    auto &cls = clsValue.as<ClassObject>();
    std::string duplicates;
    for (auto &e :
         cls.dict.at("_member_map_").as<DictObject>().table.entries()) {
      if (!e.live)
        continue;
      std::string alias = in.toStr(e.key), name = memberName(in, e.value);
      if (alias != name)
        duplicates += (duplicates.empty() ? "" : ", ") + alias + " -> " + name;
    }
    if (!duplicates.empty())
      in.valueError("duplicate values found in " + in.repr(clsValue) + ": " +
                    duplicates);
    return clsValue;
  });
  return m;
}

} // namespace

std::optional<ValueList> enumMembers(Interpreter &in, const ClassObject &cls) {
  auto names = cls.dict.find("_member_names_");
  if (names == cls.dict.end() || !derivesFromEnum(cls))
    return std::nullopt;
  ValueList members;
  const Value &byName = cls.dict.at("_member_map_");
  for (const Value &name : names->second.as<ListObject>().items)
    members.push_back(in.getItem(byName, name));
  return members;
}

void installEnum(Interpreter &in) { in.registerModule("enum", enumModule); }

} // namespace kiln::py
