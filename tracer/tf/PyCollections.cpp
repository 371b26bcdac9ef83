// Python's `collections` (namedtuple here, the containers in
// tracer/Collections.cpp) and `typing` (names
// for annotations), as scripts import them to structure their data.
// A namedtuple's instances are the NamedTupleObjects TensorFlow's own
// results use, so tf.nest and tf.print take them as TensorFlow does.
#include "PyCollections.h"
#include "TfObjects.h"

#include "ArgumentErrors.h"
#include "Interpreter.h"
#include "Native.h"
#include "StdlibModules.h"

#include <cctype>

namespace kiln::tf {

namespace {

using py::CallArgs;
using py::Type;

/// The class namedtuple() returns: called, it makes an instance.
struct NamedTupleTypeObject : py::NativeObject {
  NamedTupleTypeObject(std::string name, std::vector<std::string> fields,
                       ValueList defaults)
      : name(std::move(name)), fields(std::move(fields)),
        defaults(std::move(defaults)) {}
  std::string name;
  std::vector<std::string> fields;
  ValueList defaults; // for the last fields

  std::string typeName() const override { return "type"; }
  std::string repr(Interpreter &, const Value &) override {
    return "<class '__main__." + name + "'>";
  }
  bool isCallable() const override { return true; }

  Value make(Interpreter &in, ValueList values) const {
    return Value::object(Type::Native, std::make_shared<NamedTupleObject>(
                                           name, fields, std::move(values)));
  }

  bool call(Interpreter &in, const Value &, CallArgs &args,
            Value &out) override {
    size_t n = fields.size();
    if (args.positional.size() > n)
      in.typeError(name + ".__new__() takes " + std::to_string(n + 1) +
                   " positional arguments but " +
                   std::to_string(args.positional.size() + 1) + " were given");
    ValueList values(n);
    std::vector<bool> given(n, false);
    for (size_t i = 0; i < args.positional.size(); ++i) {
      values[i] = args.positional[i];
      given[i] = true;
    }
    for (auto &[key, v] : args.keywords) {
      auto it = std::find(fields.begin(), fields.end(), key);
      if (it == fields.end())
        in.typeError(name + ".__new__() got an unexpected keyword argument '" +
                     key + "'");
      size_t i = it - fields.begin();
      if (given[i])
        in.typeError(name + ".__new__() got multiple values for argument '" +
                     key + "'");
      values[i] = v;
      given[i] = true;
    }
    std::vector<std::string> missing;
    for (size_t i = 0; i < n; ++i) {
      size_t fromDefaults = n - defaults.size();
      if (!given[i] && i >= fromDefaults)
        values[i] = defaults[i - fromDefaults];
      else if (!given[i])
        missing.push_back(fields[i]);
    }
    if (!missing.empty())
      py::missingPositionals(in, name + ".__new__()", missing);
    out = make(in, std::move(values));
    return true;
  }

  bool getAttr(Interpreter &in, const Value &, const std::string &attr,
               Value &out) override {
    if (attr == "__name__") {
      out = in.str(name);
    } else if (attr == "_fields") {
      ValueList names;
      for (const std::string &f : fields)
        names.push_back(in.str(f));
      out = in.tuple(std::move(names));
    } else if (attr == "_field_defaults") { // the defaulted fields' values
      out = in.dict();
      for (size_t i = 0; i < defaults.size(); ++i)
        in.setItem(out, in.str(fields[fields.size() - defaults.size() + i]),
                   defaults[i]);
    } else if (attr == "_make") {
      auto self = this;
      out = in.builtin("_make", [self](Interpreter &in, CallArgs &args) {
        py::ArgParser(in, args, "_make").expect(1, 1);
        ValueList values = in.toList(args.positional[0]);
        if (values.size() != self->fields.size())
          in.typeError("Expected " + std::to_string(self->fields.size()) +
                       " arguments, got " + std::to_string(values.size()));
        return self->make(in, std::move(values));
      });
    } else {
      return false;
    }
    return true;
  }

  bool instanceCheck(Interpreter &, const Value &obj, bool &out) override {
    auto *t = obj.is(Type::Native) ? dynamic_cast<NamedTupleObject *>(obj.raw())
                                   : nullptr;
    out = t && t->name == name && t->fields == fields;
    return true;
  }
};

/// namedtuple's field names: a list of strings, or one string of names
/// separated by commas or spaces; each an identifier, not a keyword.
std::vector<std::string> fieldNames(Interpreter &in, const Value &v) {
  std::vector<std::string> names;
  if (v.is(Type::Str)) {
    std::string text = in.toStr(v), cur;
    for (char c : text + " ") {
      if (c == ',' || std::isspace(static_cast<unsigned char>(c))) {
        if (!cur.empty())
          names.push_back(cur);
        cur.clear();
      } else {
        cur += c;
      }
    }
  } else {
    for (const Value &item : in.toList(v))
      names.push_back(in.toStr(item));
  }
  std::vector<std::string> seen;
  for (const std::string &n : names) {
    bool identifier =
        !n.empty() && !std::isdigit(static_cast<unsigned char>(n[0]));
    for (char c : n)
      identifier &= std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    if (!identifier)
      in.valueError("Type names and field names must be valid identifiers: " +
                    in.repr(in.str(n)));
    if (n[0] == '_')
      in.valueError("Field names cannot start with an underscore: " +
                    in.repr(in.str(n)));
    if (std::find(seen.begin(), seen.end(), n) != seen.end())
      in.valueError("Encountered duplicate field name: " + in.repr(in.str(n)));
    seen.push_back(n);
  }
  return names;
}

Value collectionsModule(Interpreter &in) {
  auto m = std::make_shared<py::ModuleObject>();
  m->name = "collections";
  m->dict["namedtuple"] = in.builtin("namedtuple", [](Interpreter &in,
                                                      CallArgs &args) {
    Value typeName, names, defaults;
    if (args.positional.size() > 2)
      in.typeError("namedtuple() takes 2 positional arguments but " +
                   std::to_string(args.positional.size()) + " were given");
    if (args.positional.size() > 0)
      typeName = args.positional[0];
    if (args.positional.size() > 1)
      names = args.positional[1];
    for (auto &[key, v] : args.keywords) {
      if (key == "typename")
        typeName = v;
      else if (key == "field_names")
        names = v;
      else if (key == "defaults")
        defaults = v;
      else if (key != "rename" && key != "module")
        in.typeError("namedtuple() got an unexpected keyword argument '" + key +
                     "'");
    }
    if (typeName.isNone() || names.isNone())
      in.typeError("namedtuple() missing required argument");
    std::vector<std::string> fields = fieldNames(in, names);
    ValueList given = defaults.isNone() ? ValueList{} : in.toList(defaults);
    if (given.size() > fields.size())
      in.typeError("Got more default values than field names");
    return Value::object(Type::Native, std::make_shared<NamedTupleTypeObject>(
                                           in.toStr(typeName), fields, given));
  });
  // defaultdict, Counter, OrderedDict and deque (Collections.cpp).
  py::addCollectionsTypes(in, *m);
  return Value::object(Type::Module, m);
}

/// typing's names: subscripted (List[int]) they give another name, which
/// is all an annotation needs.
struct TypingNameObject : py::NativeObject {
  explicit TypingNameObject(std::string name) : name(std::move(name)) {}
  std::string name;
  std::string typeName() const override { return "_SpecialForm"; }
  std::string typeModule() const override { return "typing"; }
  std::string repr(Interpreter &, const Value &) override {
    return "typing." + name;
  }
  bool getItem(Interpreter &in, const Value &, const Value &key,
               Value &out) override {
    // typing's repr of the arguments: a class by its name, builtins bare.
    auto shown = [&](const Value &v) {
      if (dynamic_cast<TypingNameObject *>(v.raw())) // TypeVars too
        return in.repr(v);
      std::string text = in.repr(v);
      if (v.is(Type::Class) && text.rfind("<class '", 0) == 0)
        text = text.substr(8, text.size() - 10);
      return v.isNone() ? std::string("None") : text;
    };
    ValueList items = key.is(Type::Tuple) ? in.toList(key) : ValueList{key};
    std::string args;
    for (size_t i = 0; i < items.size(); ++i)
      args += (i ? ", " : "") + shown(items[i]);
    out = Value::object(Type::Native, std::make_shared<TypingNameObject>(
                                          name + "[" + args + "]"));
    return true;
  }
};

/// What typing.TypeVar makes: shown as "~T", usable in annotations and
/// as Generic[T]'s argument.
struct TypeVarObject : TypingNameObject {
  using TypingNameObject::TypingNameObject;
  std::string typeName() const override { return "TypeVar"; }
  std::string repr(Interpreter &, const Value &) override { return name; }
};

Value typingModule(Interpreter &in) {
  auto m = std::make_shared<py::ModuleObject>();
  m->name = "typing";
  for (const char *name :
       {"Any",        "Callable", "Dict",     "FrozenSet", "Iterable",
        "Iterator",   "List",     "Mapping",  "Optional",  "Sequence",
        "Set",        "Tuple",    "Type",     "Union",     "Generator",
        "Literal",    "Final",    "ClassVar", "Generic",   "Protocol",
        "NamedTuple", "NoReturn"})
    m->dict[name] =
        Value::object(Type::Native, std::make_shared<TypingNameObject>(name));
  m->dict["TYPE_CHECKING"] = Value::boolean(false);
  // TypeVar("T") prints as ~T (+T covariant, -T contravariant).
  m->dict["TypeVar"] =
      in.builtin("TypeVar", [](Interpreter &in, CallArgs &args) {
        if (args.positional.empty() || !args.positional[0].is(Type::Str))
          in.typeError("TypeVar name must be a string");
        std::string sign = "~";
        for (auto &[key, v] : args.keywords)
          if ((key == "covariant" || key == "contravariant") && in.truthy(v))
            sign = key == "covariant" ? "+" : "-";
        return Value::object(Type::Native,
                             std::make_shared<TypeVarObject>(
                                 sign + in.toStr(args.positional[0])));
      });
  m->dict["cast"] = in.builtin("cast", [](Interpreter &in, CallArgs &args) {
    py::ArgParser(in, args, "cast").expect(2, 2);
    return args.positional[1];
  });
  return Value::object(Type::Module, m);
}

} // namespace

void installCollections(py::Interpreter &in) {
  in.registerModule("collections", collectionsModule);
  in.registerModule("typing", typingModule);
}

} // namespace kiln::tf
