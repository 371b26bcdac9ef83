// The interpreter's core: construction, value factories, types, raising
// exceptions and printing tracebacks, and running the main module.
#include "Interpreter.h"
#include "Native.h"
#include "StdlibModules.h"
#include "kiln/frontend/Resolver.h"

#include <filesystem>

namespace kiln::py {

using namespace ast;

Interpreter::Interpreter(const SourceFile &file, std::ostream &out,
                         std::ostream &err)
    : file_(file), out_(out), err_(err) {
  installBuiltinTypes();
  installExceptions();
  installBuiltins();
  installMathModule(*this);
  installStdlibModules(*this);
  installStrMethods();
  installContainerMethods();
}

Interpreter::~Interpreter() {
  finalizing_ = true;
  // Break reference cycles between classes and their methods' owners.
  globals_.clear();
}

Value Interpreter::str(std::string s) {
  return Value::object(Type::Str, std::make_shared<StrObject>(std::move(s)));
}

Value Interpreter::bytes(std::string s) {
  return Value::object(Type::Bytes,
                       std::make_shared<BytesObject>(std::move(s)));
}

Value Interpreter::list(ValueList items) {
  auto l = std::make_shared<ListObject>();
  l->items = std::move(items);
  return Value::object(Type::List, l);
}

Value Interpreter::tuple(ValueList items) {
  auto t = std::make_shared<TupleObject>();
  t->items = std::move(items);
  return Value::object(Type::Tuple, t);
}

Value Interpreter::dict() {
  return Value::object(Type::Dict, std::make_shared<DictObject>());
}

Value Interpreter::set() {
  return Value::object(Type::Set, std::make_shared<SetObject>());
}

Value Interpreter::builtin(std::string name, BuiltinFn fn) {
  return Value::object(Type::Builtin, std::make_shared<BuiltinObject>(
                                          std::move(name), std::move(fn)));
}

Value Interpreter::boundMethod(Value self, Value func) {
  auto m = std::make_shared<BoundMethodObject>();
  m->self = std::move(self);
  m->func = std::move(func);
  return Value::object(Type::BoundMethod, m);
}

void Interpreter::defineMethod(Type type, const std::string &name,
                               MethodFn fn) {
  methods_[static_cast<int>(type)][name] = std::move(fn);
}

ClassPtr Interpreter::builtinClass(const std::string &name) const {
  auto it = builtinClasses_.find(name);
  return it == builtinClasses_.end() ? nullptr : it->second;
}

static const char *builtinTypeName(Type t) {
  switch (t) {
  case Type::None:
    return "NoneType";
  case Type::Bool:
    return "bool";
  case Type::Int:
    return "int";
  case Type::Float:
    return "float";
  case Type::Str:
    return "str";
  case Type::Bytes:
    return "bytes";
  case Type::List:
    return "list";
  case Type::Tuple:
    return "tuple";
  case Type::Dict:
    return "dict";
  case Type::Set:
    return "set";
  case Type::Range:
    return "range";
  case Type::Slice:
    return "slice";
  case Type::Function:
    return "function";
  case Type::Builtin:
    return "builtin_function_or_method";
  case Type::BoundMethod:
    return "method";
  case Type::Class:
    return "type";
  case Type::Module:
    return "module";
  case Type::Property:
    return "property";
  case Type::Super:
    return "super";
  case Type::Ellipsis:
    return "ellipsis";
  case Type::Tensor:
    return "EagerTensor";
  default:
    return "object";
  }
}

std::string Interpreter::cTypeName(const Value &v) {
  if (v.is(Type::Tensor) || v.is(Type::Native))
    return v.as<NativeObject>().cTypeName();
  return typeName(v);
}

std::string Interpreter::typeName(const Value &v) {
  switch (v.type()) {
  case Type::Tensor:
  case Type::Native:
    return v.as<NativeObject>().typeName();
  case Type::Instance:
    return v.as<InstanceObject>().cls->name;
  case Type::Iterator:
    return v.as<IteratorObject>().typeName;
  case Type::Set:
    return v.as<SetObject>().frozen ? "frozenset" : "set";
  case Type::Dict: // collections' types over a dict have their own names
    return v.as<DictObject>().kind ? v.as<DictObject>().kind->name : "dict";
  case Type::DictView: {
    auto k = v.as<DictViewObject>().kind;
    return k == DictViewObject::Kind::Keys     ? "dict_keys"
           : k == DictViewObject::Kind::Values ? "dict_values"
                                               : "dict_items";
  }
  case Type::Property: {
    auto k = v.as<PropertyObject>().kind;
    return k == PropertyObject::Kind::Property       ? "property"
           : k == PropertyObject::Kind::StaticMethod ? "staticmethod"
                                                     : "classmethod";
  }
  default:
    return builtinTypeName(v.type());
  }
}

std::string Interpreter::qualifiedTypeName(const Value &v) {
  std::string name = typeName(v);
  if (!isNative(v))
    return name;
  std::string module = v.as<NativeObject>().typeModule();
  bool extension = name == "EagerTensor" || module == "numpy";
  return extension ? module + "." + name : name;
}

ClassPtr Interpreter::typeOf(const Value &v) {
  if (v.is(Type::Instance))
    return v.as<InstanceObject>().cls;
  if (ClassPtr cls = builtinClass(typeName(v)))
    return cls;
  // Types without a class object of their own get a minimal one, once.
  auto cls = std::make_shared<ClassObject>();
  cls->name = typeName(v);
  cls->builtinType = v.type();
  if (v.is(Type::Dict)) { // a collections type: a dict subclass
    cls->module = "collections";
    cls->base = builtinClass("dict");
  }
  if (isNative(v)) {
    cls->module = v.as<NativeObject>().typeModule();
    std::string base = v.as<NativeObject>().builtinBase();
    if (!base.empty())
      cls->base = builtinClass(base);
  }
  builtinClasses_[cls->name] = cls;
  return cls;
}

bool Interpreter::isInstance(const Value &v, const ClassObject *cls) {
  if (cls->builtinType && cls->name == "object")
    return true;
  if (v.is(Type::Bool) && cls->name == "int" && cls->builtinType)
    return true;
  return typeOf(v)->isSubclassOf(cls);
}

Value Interpreter::makeException(const std::string &className,
                                 const std::string &message) {
  ClassPtr cls = builtinClass(className);
  auto inst = std::make_shared<InstanceObject>();
  inst->cls = cls;
  if (!message.empty() || className == "KeyError")
    inst->args.push_back(str(message));
  return Value::object(Type::Instance, inst);
}

void Interpreter::raise(const std::string &className,
                        const std::string &message) {
  raiseValue(makeException(className, message));
}

void Interpreter::raiseSuggesting(const std::string &className,
                                  const std::string &message,
                                  const std::string &suggestion) {
  Value exc = makeException(className, message);
  exc.as<InstanceObject>().suggestion = suggestion;
  raiseValue(exc);
}

void Interpreter::raiseValue(Value exception) {
  auto &inst = exception.as<InstanceObject>();
  if (!handling_.empty() && inst.context.isNone() &&
      !handling_.back().identical(exception))
    inst.context = handling_.back();
  throw PyException{std::move(exception)};
}

std::string Interpreter::scriptPath() const {
  // CPython shows the main script's absolute path.
  std::error_code ec;
  std::string path =
      std::filesystem::absolute(file_.path(), ec).lexically_normal().string();
  return ec ? file_.path() : path;
}

void Interpreter::printException(const Value &exc, std::ostream &err) {
  auto &inst = exc.as<InstanceObject>();
  if (inst.cause.is(Type::Instance) && !inst.cause.identical(exc)) {
    printException(inst.cause, err);
    err << "\nThe above exception was the direct cause of the following "
           "exception:\n\n";
  } else if (inst.context.is(Type::Instance) && !inst.suppressContext &&
             !inst.context.identical(exc)) {
    printException(inst.context, err);
    err << "\nDuring handling of the above exception, another exception "
           "occurred:\n\n";
  }
  // An exception never raised (a `raise ... from` cause made on the spot)
  // has no traceback, and CPython prints no header for it.
  if (!inst.traceback.empty())
    err << "Traceback (most recent call last):\n";
  std::string displayPath = scriptPath();
  // Entries were recorded innermost first. Runs of one repeated entry are
  // cut after three, as CPython does.
  const std::vector<TracebackEntry> &tb = inst.traceback;
  const TracebackEntry *last = nullptr;
  int repeats = 0;
  auto flushRepeats = [&] {
    if (repeats > 3)
      err << "  [Previous line repeated " << repeats - 3 << " more time"
          << (repeats - 3 == 1 ? "" : "s") << "]\n";
  };
  for (auto it = tb.rbegin(); it != tb.rend(); ++it) {
    if (last && last->line == it->line && last->function == it->function) {
      if (++repeats > 3)
        continue;
    } else {
      flushRepeats();
      repeats = 1;
    }
    last = &*it;
    err << "  File \"" << displayPath << "\", line " << it->line << ", in "
        << it->function << "\n";
    std::string_view src = file_.line(it->line);
    size_t start = src.find_first_not_of(" \t\f");
    if (start != std::string_view::npos) {
      size_t end = src.find_last_not_of(" \t\f\r");
      err << "    " << src.substr(start, end - start + 1) << "\n";
    }
  }
  flushRepeats();
  std::string message;
  try {
    message = toStr(exc);
  } catch (PyException &) {
    message = "<exception str() failed>";
  }
  if (!inst.cls->module.empty())
    err << inst.cls->module << ".";
  err << (inst.cls->qualname.empty() ? inst.cls->name : inst.cls->qualname);
  if (!message.empty())
    err << ": " << message;
  if (!inst.suggestion.empty())
    err << ". Did you mean: '" << inst.suggestion << "'?";
  err << "\n";
  Value notes;
  try {
    if (tryGetAttr(exc, "__notes__", notes) && notes.is(Type::List))
      for (const Value &note : notes.as<ListObject>().items)
        err << (note.is(Type::Str) ? note.as<StrObject>().s : repr(note))
            << "\n";
  } catch (PyException &) {
  }
}

/// The process status for an uncaught SystemExit, as CPython sets it:
/// 0 for None, the number for an int, else 1 after printing the value.
int Interpreter::exitStatus(const Value &exc) {
  auto &inst = exc.as<InstanceObject>();
  Value code = inst.args.empty() ? Value() : inst.args[0];
  if (code.is(Type::None))
    return 0;
  if (code.is(Type::Int) || code.is(Type::Bool))
    return static_cast<int>(code.is(Type::Bool) ? code.asBool()
                                                : code.asInt()) &
           0xff;
  std::string text;
  try {
    text = toStr(code);
  } catch (PyException &) {
  }
  err_ << text << "\n";
  return 1;
}

int Interpreter::runMain(const Module &module, const std::string &name) {
  globals_["__name__"] = str(name);
  globals_["__file__"] = str(scriptPath());
  Frame frame;
  frame.name = "<module>";
  frame_ = &frame;
  try {
    execBlock(module.body, frame);
  } catch (PyException &e) {
    leaveFrame(e.exc, frame);
    out_.flush();
    if (isInstance(e.exc, builtinClass("SystemExit").get())) {
      frame_ = nullptr;
      return exitStatus(e.exc);
    }
    uncaught_ = e.exc;
    if (uncaughtHandler_)
      uncaughtHandler_(e.exc);
    else
      printException(e.exc, err_);
    frame_ = nullptr;
    return 1;
  }
  frame_ = nullptr;
  return 0;
}

std::string NativeObject::repr(Interpreter &in, const Value &self) {
  char buf[32];
  snprintf(buf, sizeof buf, "%p", static_cast<const void *>(this));
  return "<" + typeName() + " object at " + buf + ">";
}

} // namespace kiln::py
