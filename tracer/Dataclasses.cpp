// Python's `dataclasses`: @dataclass reads a class's annotated fields (in
// the order of its __annotations__, a base dataclass's first) and their
// defaults, and gives the class the __init__, __repr__ and __eq__ CPython
// generates, with its messages; field(), fields(), asdict(), astuple(),
// replace() and is_dataclass() as scripts use them for configurations.
#include "ArgumentErrors.h"
#include "Interpreter.h"
#include "Native.h"
#include "StdlibModules.h"

namespace kiln::py {

namespace {

/// What field() returns, until @dataclass reads it.
struct FieldObject : NativeObject {
  std::string name; // set by @dataclass
  Value type, defaultValue, factory;
  bool hasDefault = false, hasFactory = false, init = true, shown = true;
  bool compared = true; // field(compare=False) stays out of ==, < and hash

  std::string typeName() const override { return "Field"; }
  std::string repr(Interpreter &in, const Value &) override {
    return "Field(name=" + (name.empty() ? "None" : "'" + name + "'") +
           ",type=" + (type.isNone() ? "None" : in.repr(type)) + ")";
  }
  bool getAttr(Interpreter &in, const Value &, const std::string &attr,
               Value &out) override {
    if (attr == "name")
      out = name.empty() ? Value() : in.str(name);
    else if (attr == "type")
      out = type;
    else if (attr == "default" && hasDefault)
      out = defaultValue;
    else if (attr == "default_factory" && hasFactory)
      out = factory;
    else
      return false;
    return true;
  }
};

using FieldPtr = std::shared_ptr<FieldObject>;

/// What @dataclass records on a class: its fields (a base's first).
struct DataclassInfo : NativeObject {
  std::vector<FieldPtr> fields;
  std::string typeName() const override { return "DataclassInfo"; }
};

const char *const kInfo = "__dataclass_fields__";

DataclassInfo *infoOf(const ClassObject *cls) {
  const Value *v = cls ? cls->lookup(kInfo) : nullptr;
  return v && v->is(Type::Native) ? dynamic_cast<DataclassInfo *>(v->raw())
                                  : nullptr;
}

/// The fields @dataclass gave class `cls` (and its bases), in order.
const std::vector<FieldPtr> *fieldsOf(const ClassObject *cls) {
  DataclassInfo *info = infoOf(cls);
  return info ? &info->fields : nullptr;
}

ClassObject *classOf(const Value &v) {
  if (v.is(Type::Class))
    return &v.as<ClassObject>();
  if (v.is(Type::Instance))
    return v.as<InstanceObject>().cls.get();
  return nullptr;
}

std::string displayName(const ClassObject &cls) {
  return cls.qualname.empty() ? cls.name : cls.qualname;
}

/// Whether a default is one CPython refuses as shared mutable state.
bool mutableDefault(const Value &v) {
  return v.is(Type::List) || v.is(Type::Dict) ||
         (v.is(Type::Set) && !v.as<SetObject>().frozen);
}

/// The generated __init__: binds the fields as a function with these
/// parameters would, then calls __post_init__ if the class has one.
Value initMethod(Interpreter &in, ClassPtr cls) {
  return in.builtin("__init__", [cls](Interpreter &in, CallArgs &args) {
    const std::vector<FieldPtr> &fields = *fieldsOf(cls.get());
    std::vector<FieldPtr> params;
    for (const FieldPtr &f : fields)
      if (f->init)
        params.push_back(f);
    std::string fname = displayName(*cls) + ".__init__()";
    Value self = args.positional.at(0);
    size_t given = args.positional.size() - 1;
    if (given > params.size()) {
      size_t required = 0;
      for (const FieldPtr &f : params)
        required += !f->hasDefault && !f->hasFactory;
      std::string takes = std::to_string(params.size() + 1);
      if (required < params.size())
        takes = "from " + std::to_string(required + 1) + " to " + takes;
      in.typeError(fname + " takes " + takes + " positional argument" +
                   (params.empty() ? "" : "s") + " but " +
                   std::to_string(given + 1) + " were given");
    }
    std::vector<Value> values(params.size());
    std::vector<bool> set(params.size(), false);
    for (size_t i = 0; i < given; ++i) {
      values[i] = args.positional[i + 1];
      set[i] = true;
    }
    for (auto &[key, v] : args.keywords) {
      size_t i = 0;
      while (i < params.size() && params[i]->name != key)
        ++i;
      if (i == params.size())
        in.typeError(fname + " got an unexpected keyword argument '" + key +
                     "'");
      if (set[i])
        in.typeError(fname + " got multiple values for argument '" + key + "'");
      values[i] = v;
      set[i] = true;
    }
    std::vector<std::string> missing;
    for (size_t i = 0; i < params.size(); ++i) {
      if (set[i])
        continue;
      if (params[i]->hasDefault)
        values[i] = params[i]->defaultValue;
      else if (params[i]->hasFactory)
        values[i] = in.call(params[i]->factory, ValueList{});
      else
        missing.push_back(params[i]->name);
    }
    if (!missing.empty())
      missingPositionals(in, fname, missing);
    for (size_t i = 0; i < params.size(); ++i)
      in.storeAttr(self, params[i]->name, values[i]);
    // Fields not in __init__ still get their default.
    for (const FieldPtr &f : fields)
      if (!f->init && (f->hasDefault || f->hasFactory))
        in.storeAttr(self, f->name,
                     f->hasDefault ? f->defaultValue
                                   : in.call(f->factory, ValueList{}));
    Value result;
    in.callDunder(self, "__post_init__", {}, result);
    return Value();
  });
}

Value reprMethod(Interpreter &in, ClassPtr cls) {
  return in.builtin("__repr__", [cls](Interpreter &in, CallArgs &args) {
    const Value &self = args.positional.at(0);
    std::string text = displayName(*classOf(self)) + "(";
    bool first = true;
    for (const FieldPtr &f : *fieldsOf(cls.get())) {
      if (!f->shown)
        continue;
      text += (first ? "" : ", ") + f->name + "=" +
              in.repr(in.getAttr(self, f->name));
      first = false;
    }
    return in.str(text + ")");
  });
}

/// The values of `obj`'s compared fields, as a tuple.
Value fieldTuple(Interpreter &in, const Value &obj) {
  ValueList items;
  for (const FieldPtr &f : *fieldsOf(classOf(obj)))
    if (f->compared)
      items.push_back(in.getAttr(obj, f->name));
  return in.tuple(std::move(items));
}

Value eqMethod(Interpreter &in) {
  return in.builtin("__eq__", [](Interpreter &in, CallArgs &args) {
    const Value &self = args.positional.at(0), &other = args.positional.at(1);
    // (CPython gives NotImplemented, and == then compares identities.)
    if (classOf(other) != classOf(self) || !other.is(Type::Instance))
      return Value::boolean(false);
    return Value::boolean(
        in.equals(fieldTuple(in, self), fieldTuple(in, other)));
  });
}

/// order=True's comparison `op` ("<", "<=", ">", ">="): the field tuples
/// compared, for two instances of the same class only.
Value orderMethod(Interpreter &in, const char *dunder, const char *op,
                  ast::CmpOp cmp) {
  return in.builtin(dunder, [op, cmp](Interpreter &in, CallArgs &args) {
    const Value &self = args.positional.at(0), &other = args.positional.at(1);
    if (classOf(other) != classOf(self) || !other.is(Type::Instance))
      in.typeError(std::string("'") + op +
                   "' not supported between instances of '" +
                   in.typeName(self) + "' and '" + in.typeName(other) + "'");
    return in.compare(cmp, fieldTuple(in, self), fieldTuple(in, other));
  });
}

/// @dataclass applied to `clsValue` with the decorator's options.
Value makeDataclass(Interpreter &in, const Value &clsValue, bool init,
                    bool repr, bool eq, bool frozen, bool order = false) {
  if (!clsValue.is(Type::Class))
    in.typeError("dataclass() should be called on a class");
  auto cls = std::static_pointer_cast<ClassObject>(clsValue.ptr());
  auto info = std::make_shared<DataclassInfo>();
  if (const std::vector<FieldPtr> *inherited = fieldsOf(cls->base.get()))
    info->fields = *inherited;
  auto found = cls->dict.find("__annotations__");
  if (found != cls->dict.end() && found->second.is(Type::Dict)) {
    Value annotations = found->second;
    for (const Value &key : in.toList(annotations)) {
      std::string name = in.toStr(key);
      Value type = in.getItem(annotations, key);
      if (in.repr(type).rfind("typing.ClassVar", 0) == 0)
        continue;
      FieldPtr field;
      auto attr = cls->dict.find(name);
      if (attr != cls->dict.end() && attr->second.is(Type::Native) &&
          dynamic_cast<FieldObject *>(attr->second.raw())) {
        field = std::static_pointer_cast<FieldObject>(attr->second.ptr());
        // A field() without a default leaves no class attribute.
        if (field->hasDefault)
          attr->second = field->defaultValue;
        else
          cls->dict.erase(attr);
      } else {
        field = std::make_shared<FieldObject>();
        if (attr != cls->dict.end()) {
          field->hasDefault = true;
          field->defaultValue = attr->second;
        }
      }
      field->name = name;
      field->type = type;
      if (field->hasDefault && mutableDefault(field->defaultValue))
        in.valueError("mutable default " +
                      in.repr(Value::object(Type::Class,
                                            in.typeOf(field->defaultValue))) +
                      " for field " + name +
                      " is not allowed: use default_factory");
      // A field of a base is replaced in place, as CPython keeps order.
      auto same =
          std::find_if(info->fields.begin(), info->fields.end(),
                       [&](const FieldPtr &f) { return f->name == name; });
      if (same != info->fields.end())
        *same = field;
      else
        info->fields.push_back(field);
    }
  }
  bool seenDefault = false;
  for (const FieldPtr &f : info->fields) {
    if (!f->init)
      continue;
    if (f->hasDefault || f->hasFactory)
      seenDefault = true;
    else if (seenDefault)
      in.typeError("non-default argument '" + f->name +
                   "' follows default argument");
  }
  cls->dict[kInfo] = Value::object(Type::Native, info);
  if (init && !cls->dict.count("__init__"))
    cls->dict["__init__"] = initMethod(in, cls);
  if (repr && !cls->dict.count("__repr__"))
    cls->dict["__repr__"] = reprMethod(in, cls);
  if (eq && !cls->dict.count("__eq__"))
    cls->dict["__eq__"] = eqMethod(in);
  if (order) {
    if (!eq)
      in.valueError("eq must be true if order is true");
    for (auto [dunder, op, cmp] : {std::tuple{"__lt__", "<", ast::CmpOp::Lt},
                                   {"__le__", "<=", ast::CmpOp::LtE},
                                   {"__gt__", ">", ast::CmpOp::Gt},
                                   {"__ge__", ">=", ast::CmpOp::GtE}}) {
      if (cls->dict.count(dunder))
        in.typeError(std::string("Cannot overwrite attribute ") + dunder +
                     " in class " + cls->name +
                     ". Consider using "
                     "functools.total_ordering");
      cls->dict[dunder] = orderMethod(in, dunder, op, cmp);
    }
  }
  // eq without frozen leaves the class unhashable (its __eq__ has no
  // __hash__); frozen, its hash is the fields'.
  if (eq && frozen && !cls->dict.count("__hash__"))
    cls->dict["__hash__"] =
        in.builtin("__hash__", [](Interpreter &in, CallArgs &args) {
          return Value::integer(static_cast<int64_t>(
              in.hash(fieldTuple(in, args.positional.at(0)))));
        });
  if (frozen) {
    cls->dict["__setattr__"] =
        in.builtin("__setattr__", [](Interpreter &in, CallArgs &args) -> Value {
          in.raise("FrozenInstanceError", "cannot assign to field '" +
                                              in.toStr(args.positional.at(1)) +
                                              "'");
        });
  }
  return clsValue;
}

/// asdict's (or astuple's) copy of a value: dataclasses as dicts (or
/// tuples) of their fields, and lists, tuples and dicts of them element by
/// element.
Value asDictOrTuple(Interpreter &in, const Value &v, bool tuples) {
  if (v.is(Type::Instance) && fieldsOf(classOf(v))) {
    Value out = in.dict();
    ValueList items;
    for (const FieldPtr &f : *fieldsOf(classOf(v))) {
      Value item = asDictOrTuple(in, in.getAttr(v, f->name), tuples);
      if (tuples)
        items.push_back(item);
      else
        in.setItem(out, in.str(f->name), item);
    }
    return tuples ? in.tuple(std::move(items)) : out;
  }
  if (v.is(Type::List) || v.is(Type::Tuple)) {
    ValueList items;
    for (const Value &item : in.toList(v))
      items.push_back(asDictOrTuple(in, item, tuples));
    return v.is(Type::List) ? in.list(std::move(items))
                            : in.tuple(std::move(items));
  }
  if (v.is(Type::Dict) && !v.as<DictObject>().kind) {
    Value out = in.dict();
    for (auto &e : v.as<DictObject>().table.entries())
      if (e.live)
        in.setItem(out, asDictOrTuple(in, e.key, tuples),
                   asDictOrTuple(in, e.value, tuples));
    return out;
  }
  return v;
}

Value dataclassesModule(Interpreter &in) {
  auto m = std::make_shared<ModuleObject>();
  m->name = "dataclasses";
  ClassPtr frozenError = in.defineExceptionClass(
      "FrozenInstanceError", in.builtinClass("AttributeError"), "dataclasses");
  in.registerClass("FrozenInstanceError", frozenError);
  m->dict["FrozenInstanceError"] = Value::object(Type::Class, frozenError);
  m->dict["dataclass"] =
      in.builtin("dataclass", [](Interpreter &in, CallArgs &args) -> Value {
        bool init = true, repr = true, eq = true, frozen = false, order = false;
        for (auto &[key, v] : args.keywords) {
          if (key == "init")
            init = in.truthy(v);
          else if (key == "repr")
            repr = in.truthy(v);
          else if (key == "eq")
            eq = in.truthy(v);
          else if (key == "frozen")
            frozen = in.truthy(v);
          else if (key == "order")
            order = in.truthy(v);
          else if ((key == "kw_only" || key == "slots") && in.truthy(v))
            in.raise("NotImplementedError",
                     "kiln's dataclass does not take " + key + "=True");
          else if (key != "unsafe_hash" && key != "match_args" &&
                   key != "kw_only" && key != "slots")
            in.typeError("dataclass() got an unexpected keyword argument '" +
                         key + "'");
        }
        if (!args.positional.empty())
          return makeDataclass(in, args.positional[0], init, repr, eq, frozen,
                               order);
        return in.builtin("wrap", [=](Interpreter &in, CallArgs &inner) {
          ArgParser(in, inner, "dataclass").expect(1, 1);
          return makeDataclass(in, inner.positional[0], init, repr, eq, frozen,
                               order);
        });
      });
  m->dict["field"] = in.builtin("field", [](Interpreter &in, CallArgs &args) {
    if (!args.positional.empty())
      in.typeError("field() takes 0 positional arguments but " +
                   std::to_string(args.positional.size()) + " were given");
    auto f = std::make_shared<FieldObject>();
    for (auto &[key, v] : args.keywords) {
      if (key == "default") {
        f->hasDefault = true;
        f->defaultValue = v;
      } else if (key == "default_factory") {
        f->hasFactory = true;
        f->factory = v;
      } else if (key == "init") {
        f->init = in.truthy(v);
      } else if (key == "repr") {
        f->shown = in.truthy(v);
      } else if (key == "compare") {
        f->compared = in.truthy(v);
      }
    }
    if (f->hasDefault && f->hasFactory)
      in.valueError("cannot specify both default and default_factory");
    return Value::object(Type::Native, f);
  });
  m->dict["fields"] = in.builtin("fields", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "fields").expect(1, 1);
    const std::vector<FieldPtr> *fields = fieldsOf(classOf(args.positional[0]));
    if (!fields)
      in.typeError("must be called with a dataclass type or instance");
    ValueList out;
    for (const FieldPtr &f : *fields)
      out.push_back(Value::object(Type::Native, f));
    return in.tuple(std::move(out));
  });
  for (bool tuples : {false, true}) {
    std::string name = tuples ? "astuple" : "asdict";
    m->dict[name] =
        in.builtin(name, [name, tuples](Interpreter &in, CallArgs &args) {
          ArgParser(in, args, name.c_str()).expect(1, 1);
          const Value &obj = args.positional[0];
          if (!obj.is(Type::Instance) || !fieldsOf(classOf(obj)))
            in.typeError(name + "() should be called on dataclass instances");
          return asDictOrTuple(in, obj, tuples);
        });
  }
  m->dict["is_dataclass"] =
      in.builtin("is_dataclass", [](Interpreter &in, CallArgs &args) {
        ArgParser(in, args, "is_dataclass").expect(1, 1);
        return Value::boolean(fieldsOf(classOf(args.positional[0])) != nullptr);
      });
  m->dict["replace"] =
      in.builtin("replace", [](Interpreter &in, CallArgs &args) {
        if (args.positional.size() != 1)
          in.typeError("replace() takes 1 positional argument but " +
                       std::to_string(args.positional.size()) + " were given");
        const Value &obj = args.positional[0];
        if (!obj.is(Type::Instance) || !fieldsOf(classOf(obj)))
          in.typeError("replace() should be called on dataclass instances");
        CallArgs call;
        for (const FieldPtr &f : *fieldsOf(classOf(obj)))
          if (f->init)
            call.keywords.push_back({f->name, in.getAttr(obj, f->name)});
        for (auto &[key, v] : args.keywords) {
          auto it = std::find_if(call.keywords.begin(), call.keywords.end(),
                                 [&](auto &kv) { return kv.first == key; });
          if (it == call.keywords.end())
            in.typeError(displayName(*classOf(obj)) +
                         ".__init__() got an unexpected keyword argument '" +
                         key + "'");
          it->second = v;
        }
        Value cls = Value::object(Type::Class, obj.as<InstanceObject>().cls);
        return in.call(cls, call);
      });
  return Value::object(Type::Module, m);
}

} // namespace

void installDataclasses(Interpreter &in) {
  in.registerModule("dataclasses", dataclassesModule);
}

} // namespace kiln::py
