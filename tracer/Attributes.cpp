// Attribute access: instances (with properties, bound methods and
// __getattr__), classes, modules, functions, super() and the methods of
// builtin types.
#include "ApiNames.h"
#include "ArgumentErrors.h"
#include "AttributedIterator.h"
#include "Generators.h"
#include "Interpreter.h"
#include "Native.h"

#include <map>
#include <set>

namespace kiln::py {

/// The set methods a frozenset lacks.
static bool isSetMutator(const std::string &name) {
  for (const char *mutator :
       {"add", "discard", "remove", "pop", "clear", "update",
        "intersection_update", "difference_update",
        "symmetric_difference_update"})
    if (name == mutator)
      return true;
  return false;
}

/// What reading class attribute `attr` gives when reached through `self`
/// (an instance, or the class itself when `self` is a class).
static Value bindClassAttr(Interpreter &in, const Value &attr,
                           const Value &self, const Value &cls,
                           bool throughInstance) {
  switch (attr.type()) {
  case Type::Function:
  case Type::Builtin: // builtin methods in a class dict bind like functions
    return throughInstance ? in.boundMethod(self, attr) : attr;
  case Type::Property: {
    auto &p = attr.as<PropertyObject>();
    switch (p.kind) {
    case PropertyObject::Kind::StaticMethod:
      return p.getter;
    case PropertyObject::Kind::ClassMethod:
      return in.boundMethod(cls, p.getter);
    case PropertyObject::Kind::Property:
      if (!throughInstance)
        return attr;
      return in.call(p.getter, ValueList{self});
    }
    return attr;
  }
  case Type::Native: {
    Value bound;
    if (throughInstance &&
        attr.as<NativeObject>().bindTo(in, attr, self, bound))
      return bound;
    return attr;
  }
  case Type::Instance:
    // A descriptor: an object whose class defines __get__.
    if (const Value *get = attr.as<InstanceObject>().cls->lookup("__get__"))
      return in.call(*get,
                     ValueList{attr, throughInstance ? self : Value(), cls});
    return attr;
  default:
    return attr;
  }
}

/// Method `name` (__get__, __set__ or __delete__) of the class of `attr`
/// when `attr` is an instance, a would-be descriptor; or null.
static const Value *dataDescriptorMethod(const Value *attr,
                                         const std::string &name) {
  if (!attr || !attr->is(Type::Instance))
    return nullptr;
  return attr->as<InstanceObject>().cls->lookup(name);
}

/// A data descriptor that reads through __get__: it wins over the
/// instance's own attributes (one without __get__ does not).
static bool isDataDescriptor(const Value *attr) {
  return dataDescriptorMethod(attr, "__get__") &&
         (dataDescriptorMethod(attr, "__set__") ||
          dataDescriptorMethod(attr, "__delete__"));
}

/// Whether every class of `inst`'s chain has __slots__: then the instance
/// has only those attributes (`slots`), and no __dict__ unless one of them
/// is "__dict__".
static bool slotsOnly(Interpreter &in, const InstanceObject &inst,
                      std::set<std::string> &slots) {
  for (const ClassObject *c = inst.cls.get(); c; c = c->base.get()) {
    auto it = c->dict.find("__slots__");
    if (it == c->dict.end() || c->builtinType)
      return false;
    if (it->second.is(Type::Str))
      slots.insert(it->second.as<StrObject>().s);
    else
      for (const Value &slot : in.toList(it->second))
        slots.insert(in.toStr(slot));
  }
  return true;
}

bool Interpreter::tryGetAttr(const Value &obj, const std::string &name,
                             Value &out) {
  // Every value's class (an instance's below, which may be a subclass).
  if (name == "__class__" && !obj.is(Type::Instance) && !obj.is(Type::Tensor) &&
      !obj.is(Type::Native) && !obj.is(Type::Class) && !obj.is(Type::Module)) {
    out = Value::object(Type::Class, typeOf(obj));
    return true;
  }
  switch (obj.type()) {
  case Type::Tensor:
  case Type::Native:
    if (obj.as<NativeObject>().getAttr(*this, obj, name, out))
      return true;
    break;
  case Type::Instance: {
    auto &inst = obj.as<InstanceObject>();
    if (name == "__class__") {
      out = Value::object(Type::Class, inst.cls);
      return true;
    }
    if (name == "__dict__") {
      std::set<std::string> slots;
      if (slotsOnly(*this, inst, slots) && !slots.count("__dict__"))
        return false;
      out = inst.dict(*this);
      return true;
    }
    if (inst.cls->isException && name == "args") {
      out = tuple(inst.args);
      return true;
    }
    // BaseException.add_note (3.11): notes in __notes__, printed after
    // the exception's line.
    if (inst.cls->isException && name == "add_note" &&
        !inst.cls->lookup(name)) {
      out = builtin("add_note", [obj](Interpreter &in, CallArgs &args) {
        ArgParser(in, args, "add_note").expect(1, 1);
        const Value &note = args.positional[0];
        if (!note.is(Type::Str))
          in.typeError("note must be a str, not '" + in.typeName(note) + "'");
        Value notes;
        if (!in.tryGetAttr(obj, "__notes__", notes)) {
          notes = in.list();
          in.setAttr(obj, "__notes__", notes);
        }
        if (!notes.is(Type::List))
          in.typeError("Cannot add note: __notes__ is not a list");
        notes.as<ListObject>().items.push_back(note);
        return Value();
      });
      return true;
    }
    // The chaining `raise ... from` and handling record.
    if (inst.cls->isException && !inst.hasAttr(*this, name)) {
      if (name == "__cause__" || name == "__context__") {
        out = name == "__cause__" ? inst.cause : inst.context;
        return true;
      }
      if (name == "__suppress_context__") {
        out = Value::boolean(inst.suppressContext);
        return true;
      }
    }
    // SystemExit.code: its one argument, its arguments, or None.
    if (name == "code" && inst.cls->isException && !inst.hasAttr(*this, name) &&
        isInstance(obj, builtinClass("SystemExit").get())) {
      out = inst.args.size() == 1 ? inst.args[0]
            : inst.args.empty()   ? Value()
                                  : tuple(inst.args);
      return true;
    }
    // StopIteration.value: a generator's return value (its first
    // argument), else None.
    if (name == "value" && inst.cls->isException &&
        !inst.hasAttr(*this, name) &&
        isInstance(obj, builtinClass("StopIteration").get())) {
      out = inst.args.empty() ? Value() : inst.args[0];
      return true;
    }
    const Value *clsAttr = inst.cls->lookup(name);
    const Value *getattr = inst.cls->lookup("__getattr__");
    // __getattr__ runs when the lookup finds nothing, or when a
    // descriptor's getter (a property's) raises AttributeError, as
    // CPython's slot_tp_getattr_hook does.
    auto fallBack = [&]() {
      try {
        out = call(*getattr, ValueList{obj, str(name)});
        return true;
      } catch (PyException &e) {
        if (isInstance(e.exc, builtinClass("AttributeError").get()))
          return false;
        throw;
      }
    };
    auto bindOrFallBack = [&]() {
      try {
        out = bindClassAttr(*this, *clsAttr, obj,
                            Value::object(Type::Class, inst.cls), true);
        return true;
      } catch (PyException &e) {
        if (!getattr ||
            !isInstance(e.exc, builtinClass("AttributeError").get()))
          throw;
      }
      return fallBack();
    };
    // Data descriptors (properties, objects with __set__ or __delete__)
    // win over the instance dict.
    if ((clsAttr && clsAttr->is(Type::Property) &&
         clsAttr->as<PropertyObject>().kind ==
             PropertyObject::Kind::Property) ||
        isDataDescriptor(clsAttr))
      return bindOrFallBack();
    if (Value *own = inst.findAttr(*this, name)) {
      out = *own;
      return true;
    }
    if (clsAttr)
      return bindOrFallBack();
    return getattr && fallBack();
  }
  case Type::Class: {
    auto &cls = obj.as<ClassObject>();
    if (name == "__name__" || name == "__qualname__") {
      out = str(name == "__qualname__" && !cls.qualname.empty() ? cls.qualname
                                                                : cls.name);
      return true;
    }
    if (name == "__module__") {
      bool builtin = cls.builtinType || builtinClass(cls.name).get() == &cls;
      out = str(!cls.module.empty() ? cls.module
                : builtin           ? "builtins"
                                    : "__main__");
      return true;
    }
    ClassPtr object = builtinClass("object");
    if (name == "__base__" || name == "__bases__") {
      Value base = Value::object(Type::Class, cls.base ? cls.base : object);
      if (&cls == object.get())
        base = Value();
      out = name == "__base__" ? base
            : base.isNone()    ? tuple({})
                               : tuple({base});
      return true;
    }
    if (name == "__mro__") { // single inheritance: the chain, then object
      ValueList chain{obj};
      for (ClassPtr c = cls.base; c; c = c->base)
        chain.push_back(Value::object(Type::Class, c));
      if (&cls != object.get())
        chain.push_back(Value::object(Type::Class, object));
      out = tuple(std::move(chain));
      return true;
    }
    if (name == "__dict__") {
      // The class's namespace; CPython wraps it in a read-only
      // mappingproxy, kiln hands out a copy.
      out = dict();
      for (auto &entry : cls.dict)
        setItem(out, str(entry.first), entry.second);
      return true;
    }
    if (const Value *attr = cls.lookup(name)) {
      out = bindClassAttr(*this, *attr, obj, obj, false);
      return true;
    }
    if (cls.builtinType) {
      // An unbound method of a builtin type: str.upper("x").
      auto table = methods_.find(static_cast<int>(*cls.builtinType));
      if (table != methods_.end()) {
        auto it = table->second.find(name);
        if (it != table->second.end()) {
          MethodFn fn = it->second;
          Type type = *cls.builtinType;
          std::string qual = cls.name + "." + name;
          out = builtin(name, [fn, type, qual](Interpreter &in,
                                               CallArgs &args) {
            if (args.positional.empty() || !args.positional[0].is(type))
              in.typeError("descriptor '" + qual.substr(qual.find('.') + 1) +
                           "' for '" + qual.substr(0, qual.find('.')) +
                           "' objects needs an argument");
            Value self = args.positional[0];
            args.positional.erase(args.positional.begin());
            return fn(in, self, args);
          });
          return true;
        }
      }
    }
    return false;
  }
  case Type::Module: {
    auto &m = obj.as<ModuleObject>();
    auto it = m.dict.find(name);
    if (it == m.dict.end())
      return false;
    out = it->second;
    return true;
  }
  case Type::Function: {
    auto &f = obj.as<FunctionObject>();
    // Assigned ones first (functools.wraps sets __name__ and __doc__).
    auto it = f.attrs.find(name);
    if (it != f.attrs.end()) {
      out = it->second;
      return true;
    }
    if (name == "__name__") {
      out = str(f.name);
      return true;
    }
    if (name == "__qualname__") {
      out = str(f.qualname);
      return true;
    }
    if (name == "__doc__") {
      out = Value();
      if (f.body && !f.body->empty() &&
          (*f.body)[0]->kind == ast::StmtKind::Expr) {
        auto &value = *ast::as<ast::ExprStmt>(*(*f.body)[0]).value;
        if (value.kind == ast::ExprKind::Constant &&
            ast::as<ast::ConstantExpr>(value).type ==
                ast::ConstantExpr::Type::Str)
          out = str(ast::as<ast::ConstantExpr>(value).strValue);
      }
      return true;
    }
    if (name == "__defaults__") {
      out = f.defaults.empty() ? Value() : tuple(f.defaults);
      return true;
    }
    if (name == "__kwdefaults__") { // keyword-only parameters' defaults
      out = Value();
      for (size_t i = 0; f.args && i < f.kwDefaults.size(); ++i) {
        if (!f.kwDefaults[i])
          continue;
        if (out.isNone())
          out = dict();
        setItem(out, str(f.args->kwonly[i].name), *f.kwDefaults[i]);
      }
      return true;
    }
    if (name == "__module__") { // the script's functions are its module's
      auto module = globals_.find("__name__");
      out = module != globals_.end() ? module->second : str("__main__");
      return true;
    }
    return false;
  }
  case Type::Builtin:
    if (name == "__name__") {
      out = str(obj.as<BuiltinObject>().name);
      return true;
    }
    return false;
  case Type::BoundMethod:
    if (name == "__self__") {
      out = obj.as<BoundMethodObject>().self;
      return true;
    }
    return tryGetAttr(obj.as<BoundMethodObject>().func, name, out);
  case Type::Super: {
    auto &s = obj.as<SuperObject>();
    // Past a chain of user classes comes object.
    const Value *attr = s.after->base ? s.after->base->lookup(name) : nullptr;
    if (!attr && !s.after->isException)
      attr = builtinClass("object")->lookup(name);
    if (!attr)
      return false;
    bool throughInstance = !s.self.is(Type::Class);
    Value cls =
        throughInstance ? Value::object(Type::Class, typeOf(s.self)) : s.self;
    out = bindClassAttr(*this, *attr, s.self, cls, throughInstance);
    return true;
  }
  case Type::Slice: {
    auto &s = obj.as<SliceObject>();
    if (name == "start" || name == "stop" || name == "step") {
      out = name == "start" ? s.start : name == "stop" ? s.stop : s.step;
      return true;
    }
    return false;
  }
  case Type::Bool:
  case Type::Int:
  case Type::Float:
    if (name == "real") {
      out = obj.is(Type::Float) ? obj : Value::integer(obj.asInt());
      return true;
    }
    if (name == "imag") {
      out = obj.is(Type::Float) ? Value::floating(0.0) : Value::integer(0);
      return true;
    }
    break;
  case Type::Iterator:
    if (generatorAttribute(*this, obj, name, out))
      return true;
    if (auto *it = dynamic_cast<AttributedIterator *>(obj.raw());
        it && it->getAttr(*this, obj, name, out))
      return true;
    // Every iterator's protocol methods.
    if (name == "__next__") {
      out = builtin("__next__", [obj](Interpreter &in, CallArgs &args) {
        ArgParser(in, args, "__next__").expect(0, 0);
        Value v;
        if (!in.next(obj, v))
          in.raise("StopIteration", "");
        return v;
      });
      return true;
    }
    if (name == "__iter__") {
      out = builtin("__iter__", [obj](Interpreter &in, CallArgs &args) {
        ArgParser(in, args, "__iter__").expect(0, 0);
        return obj;
      });
      return true;
    }
    break;
  case Type::Range: {
    auto &r = obj.as<RangeObject>();
    if (name == "start" || name == "stop" || name == "step") {
      out = Value::integer(name == "start"  ? r.start
                           : name == "stop" ? r.stop
                                            : r.step);
      return true;
    }
    break;
  }
  default:
    break;
  }
  if (obj.is(Type::Dict))
    if (auto &kind = obj.as<DictObject>().kind;
        kind && kind->getAttr(*this, obj, name, out))
      return true;
  auto table = methods_.find(static_cast<int>(obj.type()));
  if (table == methods_.end())
    return builtinDunder(obj, name, out);
  auto it = table->second.find(name);
  if (it == table->second.end() ||
      (obj.is(Type::Set) && obj.as<SetObject>().frozen && isSetMutator(name)))
    return builtinDunder(obj, name, out);
  MethodFn fn = it->second;
  Value self = obj;
  out = builtin(name, [fn, self](Interpreter &in, CallArgs &args) {
    return fn(in, self, args);
  });
  return true;
}

bool Interpreter::builtinDunder(const Value &obj, const std::string &name,
                                Value &out) {
  Type t = obj.type();
  bool number = t == Type::Int || t == Type::Float || t == Type::Bool;
  bool text = t == Type::Str || t == Type::Bytes;
  bool sequence = text || t == Type::List || t == Type::Tuple;
  bool container = sequence || t == Type::Dict || t == Type::Set;
  // A tf.Tensor's operator methods are its operators (elementwise
  // comparisons included); it has no __pos__ and never gives NotImplemented.
  bool tensor = t == Type::Tensor;
  if ((!number && !container && !tensor) || name.size() < 5 ||
      name.rfind("__", 0) || name.compare(name.size() - 2, 2, "__"))
    return false;
  std::string base = name.substr(2, name.size() - 4);
  using ast::BinaryOp;
  static const std::map<std::string, BinaryOp> binaries = {
      {"add", BinaryOp::Add},           {"sub", BinaryOp::Sub},
      {"mul", BinaryOp::Mult},          {"truediv", BinaryOp::Div},
      {"floordiv", BinaryOp::FloorDiv}, {"mod", BinaryOp::Mod},
      {"pow", BinaryOp::Pow},           {"and", BinaryOp::BitAnd},
      {"or", BinaryOp::BitOr},          {"xor", BinaryOp::BitXor},
      {"lshift", BinaryOp::LShift},     {"rshift", BinaryOp::RShift},
      {"matmul", BinaryOp::MatMult}};
  static const std::map<std::string, ast::CmpOp> comparisons = {
      {"eq", ast::CmpOp::Eq}, {"ne", ast::CmpOp::NotEq},
      {"lt", ast::CmpOp::Lt}, {"le", ast::CmpOp::LtE},
      {"gt", ast::CmpOp::Gt}, {"ge", ast::CmpOp::GtE}};
  // Which operators each type defines: numbers all; str, bytes, list and
  // tuple + and *; str and bytes % (formatting); sets & | ^ -.
  bool reflected = base.size() > 1 && base[0] == 'r' &&
                   binaries.count(base.substr(1)) && (number || tensor);
  std::string op = reflected ? base.substr(1) : base;
  bool bitwise = op == "and" || op == "or" || op == "xor" || op == "lshift" ||
                 op == "rshift";
  bool matmul = op == "matmul";
  bool binary = binaries.count(op) &&
                ((number && !matmul && !(bitwise && t == Type::Float)) ||
                 (tensor && op != "lshift" && op != "rshift") ||
                 (sequence && !reflected && (op == "add" || op == "mul")) ||
                 (text && op == "mod") ||
                 (t == Type::Set &&
                  (op == "and" || op == "or" || op == "xor" || op == "sub")));
  Value self = obj;
  // CPython's method-wrapper checks, with their wording.
  auto arguments = [name](Interpreter &in, CallArgs &args, size_t n) {
    if (!args.keywords.empty())
      in.typeError("wrapper " + name + "() takes no keyword arguments");
    if (args.positional.size() != n)
      in.typeError("expected " + std::to_string(n) +
                   (n == 1 ? " argument" : " arguments") + ", got " +
                   std::to_string(args.positional.size()));
  };
  auto one = [arguments](Interpreter &in, CallArgs &args) {
    arguments(in, args, 1);
    return args.positional[0];
  };
  auto none = [arguments](Interpreter &in, CallArgs &args) {
    arguments(in, args, 0);
  };
  // A number's operand of another type gives NotImplemented, as CPython's
  // slots do: (1).__add__(1.5) (a float takes ints and bools); sequences
  // raise their operators' TypeErrors. Comparisons of unlike types give
  // NotImplemented too: (1).__eq__(1.0), "a".__eq__(1).
  Value notImplemented = builtins_.at("NotImplemented");
  auto sameKind = [t](const Value &other) {
    Type o = other.type();
    bool integer = o == Type::Int || o == Type::Bool;
    if (t == Type::Int || t == Type::Bool)
      return integer;
    if (t == Type::Float)
      return integer || o == Type::Float;
    return o == t;
  };
  if (binary) {
    BinaryOp b = binaries.at(op);
    out = builtin(name, [self, b, reflected, number, one, sameKind,
                         notImplemented](Interpreter &in, CallArgs &args) {
      Value other = one(in, args);
      if (number && !sameKind(other))
        return notImplemented;
      return reflected ? in.binary(b, other, self) : in.binary(b, self, other);
    });
    return true;
  }
  if (comparisons.count(base)) {
    ast::CmpOp c = comparisons.at(base);
    out = builtin(name, [self, c, one, sameKind,
                         notImplemented](Interpreter &in, CallArgs &args) {
      Value other = one(in, args);
      if (!sameKind(other) && !self.is(Type::Tensor))
        return notImplemented;
      return in.compare(c, self, other);
    });
    return true;
  }
  if ((container && base == "contains") ||
      ((sequence || tensor) && base == "getitem") ||
      (t == Type::Dict && base == "getitem")) {
    bool contains = base == "contains";
    out = builtin(name, [self, contains, one](Interpreter &in, CallArgs &args) {
      Value item = one(in, args);
      return contains ? Value::boolean(in.contains(self, item))
                      : in.getItem(self, item);
    });
    return true;
  }
  if ((number && (base == "neg" || base == "pos" ||
                  (base == "invert" && t != Type::Float))) ||
      (tensor && (base == "neg" || base == "invert"))) {
    ast::UnaryOpKind u = base == "neg"   ? ast::UnaryOpKind::USub
                         : base == "pos" ? ast::UnaryOpKind::UAdd
                                         : ast::UnaryOpKind::Invert;
    out = builtin(name, [self, u, none](Interpreter &in, CallArgs &args) {
      none(in, args);
      return in.unary(u, self);
    });
    return true;
  }
  // The rest are the builtin functions of the same name: len(x), str(x)...
  bool function =
      base == "str" || base == "repr" || base == "hash" ||
      ((container || tensor) && (base == "len" || base == "iter")) ||
      ((number || tensor) &&
       (base == "abs" || base == "int" || base == "float" || base == "bool"));
  if (tensor && base == "index") {
    out = builtin(name, [self, none](Interpreter &in, CallArgs &args) {
      none(in, args);
      return Value::integer(in.toIndex(self));
    });
    return true;
  }
  auto builtinFn = builtins_.find(base);
  if (!function || builtinFn == builtins_.end())
    return false;
  Value fn = builtinFn->second;
  out = builtin(name, [self, fn, none](Interpreter &in, CallArgs &args) {
    none(in, args);
    return in.call(fn, ValueList{self});
  });
  return true;
}

/// A TensorFlow or NumPy object's class with its module
/// ("tensorflow.python.framework.tensor_shape.TensorShape"), as
/// ApiNames.txt records it.
static std::string qualifiedName(const Value &obj) {
  if (!obj.is(Type::Tensor) && !obj.is(Type::Native))
    return "";
  auto &native = obj.as<NativeObject>();
  std::string module = native.typeModule();
  return module.empty() ? native.cTypeName() : module + "." + native.typeName();
}

Value Interpreter::getAttr(const Value &obj, const std::string &name) {
  Value out;
  if (tryGetAttr(obj, name, out))
    return out;
  // CPython suggests among dir(obj): here the attributes of classes and
  // instances of the script, and the recorded contents of modules.
  std::vector<std::string> known;
  auto addClass = [&](const ClassObject *c) {
    for (; c; c = c->base.get())
      for (auto &kv : c->dict)
        known.push_back(kv.first);
  };
  if (obj.is(Type::Class)) {
    addClass(&obj.as<ClassObject>());
    std::sort(known.begin(), known.end());
    raiseSuggesting("AttributeError",
                    "type object '" + obj.as<ClassObject>().name +
                        "' has no attribute '" + name + "'",
                    suggestName(name, known));
  }
  // Every module is kiln's stand-in for a library (tensorflow, numpy,
  // math, sys): a name the real module has is one kiln does not support.
  if (obj.is(Type::Module)) {
    auto &m = obj.as<ModuleObject>();
    const RecordedModule *real = recordedModule(m.name);
    std::string message = "module '" + (real ? real->pythonName : m.name) +
                          "' has no attribute '" + name + "'";
    if (!real ||
        std::binary_search(real->names.begin(), real->names.end(), name))
      raise("AttributeError", message + " (not supported by kiln)");
    raiseSuggesting("AttributeError", message, suggestName(name, real->names));
  }
  // TensorFlow's Tensor.__getattr__ points NumPy users elsewhere.
  static const char *const numpyMethods[] = {"T",         "astype",  "ravel",
                                             "transpose", "reshape", "clip",
                                             "size",      "tolist",  "data"};
  if (obj.is(Type::Tensor) &&
      std::find(std::begin(numpyMethods), std::end(numpyMethods), name) !=
          std::end(numpyMethods)) {
    std::string type = cTypeName(obj);
    raise("AttributeError",
          type.substr(type.rfind('.') + 1) + " object has no attribute '" +
              name +
              "'. \n        If you are looking for numpy-related methods, "
              "please run the following:\n        "
              "tf.experimental.numpy.experimental_enable_numpy_behavior()\n"
              "      ");
  }
  if (obj.is(Type::Instance)) {
    auto &inst = obj.as<InstanceObject>();
    known = inst.attrNames();
    addClass(inst.cls.get());
    std::sort(known.begin(), known.end());
  } else if (const RecordedModule *real = recordedModule(qualifiedName(obj))) {
    // A TensorFlow or NumPy class: a name the real one has is one kiln
    // does not support.
    if (std::binary_search(real->names.begin(), real->names.end(), name))
      raise("AttributeError", "'" + cTypeName(obj) +
                                  "' object has no attribute '" + name +
                                  "' (not supported by kiln)");
    known = real->names;
  }
  raiseSuggesting("AttributeError",
                  "'" + cTypeName(obj) + "' object has no attribute '" + name +
                      "'",
                  suggestName(name, known));
}

void Interpreter::storeAttr(const Value &obj, const std::string &name,
                            const Value &value) {
  auto &inst = obj.as<InstanceObject>();
  if (const Value *attr = inst.cls->lookup(name)) {
    if (const Value *set = dataDescriptorMethod(attr, "__set__")) {
      call(*set, ValueList{*attr, obj, value});
      return;
    }
    if (attr->is(Type::Property) &&
        attr->as<PropertyObject>().kind == PropertyObject::Kind::Property) {
      auto &p = attr->as<PropertyObject>();
      if (p.setter.isNone())
        raise("AttributeError", "property '" + name + "' of '" +
                                    inst.cls->name + "' object has no setter");
      call(p.setter, ValueList{obj, value});
      return;
    }
  }
  if (inst.cls->isException && name == "args") {
    inst.args = toList(value);
    return;
  }
  std::set<std::string> slots;
  bool restricted = slotsOnly(*this, inst, slots);
  if (restricted && !slots.count(name) && !slots.count("__dict__"))
    raise("AttributeError",
          "'" + inst.cls->name + "' object has no attribute '" + name + "'");
  inst.setAttr(*this, name, value);
}

void Interpreter::setAttr(const Value &obj, const std::string &name,
                          const Value &value) {
  switch (obj.type()) {
  case Type::Instance: {
    auto &inst = obj.as<InstanceObject>();
    // A class's own __setattr__ decides (it may call object.__setattr__).
    // (A builtin one too, a frozen dataclass's, but not object's own.)
    if (const Value *hook = inst.cls->lookup("__setattr__"))
      if (hook->is(Type::Function) ||
          (hook->is(Type::Builtin) &&
           !hook->identical(builtinClass("object")->dict.at("__setattr__")))) {
        call(*hook, ValueList{obj, str(name), value});
        return;
      }
    storeAttr(obj, name, value);
    return;
  }
  case Type::Class:
    obj.as<ClassObject>().dict[name] = value;
    return;
  case Type::Module:
    obj.as<ModuleObject>().dict[name] = value;
    return;
  case Type::Function:
    if ((name == "__name__" || name == "__qualname__") && !value.is(Type::Str))
      typeError(name + " must be set to a string object");
    obj.as<FunctionObject>().attrs[name] = value;
    return;
  default:
    break;
  }
  if (isNative(obj) && obj.as<NativeObject>().setAttr(*this, obj, name, value))
    return;
  Value existing;
  if (tryGetAttr(obj, name, existing)) {
    // TensorFlow's classes expose their attributes as properties.
    if (isNative(obj) &&
        obj.as<NativeObject>().typeModule().rfind("tensorflow", 0) == 0)
      raise("AttributeError", "property '" + name + "' of '" + typeName(obj) +
                                  "' object has no setter");
    raise("AttributeError", "'" + typeName(obj) + "' object attribute '" +
                                name + "' is read-only");
  }
  raise("AttributeError",
        "'" + cTypeName(obj) + "' object has no attribute '" + name + "'");
}

void Interpreter::delAttr(const Value &obj, const std::string &name) {
  if (obj.is(Type::Instance)) {
    auto &inst = obj.as<InstanceObject>();
    const Value *attr = inst.cls->lookup(name);
    if (const Value *del = dataDescriptorMethod(attr, "__delete__")) {
      call(*del, ValueList{*attr, obj});
      return;
    }
    if (attr && attr->is(Type::Property) &&
        attr->as<PropertyObject>().kind == PropertyObject::Kind::Property) {
      auto &p = attr->as<PropertyObject>();
      if (p.deleter.isNone())
        raise("AttributeError", "property '" + name + "' of '" +
                                    inst.cls->name + "' object has no deleter");
      call(p.deleter, ValueList{obj});
      return;
    }
    if (inst.eraseAttr(*this, name))
      return;
  } else if (obj.is(Type::Class)) {
    if (obj.as<ClassObject>().dict.erase(name))
      return;
    raise("AttributeError", "type object '" + obj.as<ClassObject>().name +
                                "' has no attribute '" + name + "'");
  }
  raise("AttributeError",
        "'" + cTypeName(obj) + "' object has no attribute '" + name + "'");
}

} // namespace kiln::py
