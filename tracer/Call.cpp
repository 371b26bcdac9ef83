// Calling: Python functions (argument binding with CPython's errors),
// builtins, bound methods, classes and callable instances.
#include "ArgumentErrors.h"
#include "Generators.h"
#include "Interpreter.h"
#include "StdlibModules.h"

#include "Native.h"
#include "autograph/Autograph.h"
#include "kiln/frontend/Resolver.h"
#include <new>
#include <set>
#include <stdexcept>

namespace kiln::py {

using namespace ast;

Value Interpreter::call(const Value &callee, ValueList positional) {
  CallArgs args;
  args.positional = std::move(positional);
  return call(callee, args);
}

Value Interpreter::call(const Value &callee, CallArgs &args) {
  switch (callee.type()) {
  case Type::Function:
    return callFunction(callee, args);
  case Type::Builtin:
    try {
      return callee.as<BuiltinObject>().fn(*this, args);
    } catch (std::bad_alloc &) {
      // A tensor too large for memory: TensorFlow's ResourceExhaustedError
      // (MemoryError without TensorFlow), which the script may catch.
      raise(builtinClass("ResourceExhaustedError") ? "ResourceExhaustedError"
                                                   : "MemoryError",
            "OOM when allocating a tensor on the CPU");
    } catch (std::length_error &) {
      // A Python string or list longer than the library can make.
      raise("MemoryError", "");
    }
  case Type::BoundMethod: {
    auto &m = callee.as<BoundMethodObject>();
    args.positional.insert(args.positional.begin(), m.self);
    return call(m.func, args);
  }
  case Type::Class:
    try {
      return instantiate(std::static_pointer_cast<ClassObject>(callee.ptr()),
                         args);
    } catch (std::bad_alloc &) {
      // A builtin type filled past memory (list(itertools.repeat(1,
      // 10**12)), bytes(10**12)): CPython's MemoryError.
      raise("MemoryError", "");
    } catch (std::length_error &) {
      raise("MemoryError", "");
    }
  case Type::Tensor:
  case Type::Native: {
    Value result;
    if (callee.as<NativeObject>().call(*this, callee, args, result))
      return result;
    break;
  }
  case Type::Instance: {
    Value method;
    if (const Value *fn = callee.as<InstanceObject>().cls->lookup("__call__")) {
      // A native __call__ (a tf.function) binds itself to the instance,
      // as Python's descriptor protocol does.
      Value bound;
      if (fn->is(Type::Native) &&
          fn->as<NativeObject>().bindTo(*this, *fn, callee, bound))
        return call(bound, args);
      args.positional.insert(args.positional.begin(), callee);
      return call(*fn, args);
    }
    break;
  }
  default:
    break;
  }
  typeError("'" + qualifiedTypeName(callee) + "' object is not callable");
}

std::string nameList(const std::vector<std::string> &names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0)
      out += names.size() == 2 ? " and "
                               : (i + 1 == names.size() ? ", and " : ", ");
    out += "'" + names[i] + "'";
  }
  return out;
}

void missingPositionals(Interpreter &in, const std::string &fname,
                        const std::vector<std::string> &names) {
  in.typeError(fname + " missing " + std::to_string(names.size()) +
               " required positional argument" +
               (names.size() == 1 ? "" : "s") + ": " + nameList(names));
}

void Interpreter::bindArguments(const FunctionObject &fn, CallArgs &args,
                                Env &env) {
  const Arguments &params = *fn.args;
  // Converted code calls AutoGraph's converted copy of fn (what a
  // tf.function's trace starts from, kiln's own call, is not).
  bool converted = convertsCall(fn) && frame_ && this->converted(*frame_);
  std::string fname = (converted ? autographQualname(fn) : fn.qualname) + "()";
  size_t npos = params.posonly.size() + params.args.size();
  auto paramName = [&](size_t i) -> const std::string & {
    return i < params.posonly.size()
               ? params.posonly[i].name
               : params.args[i - params.posonly.size()].name;
  };
  auto setSlot = [&](size_t slot, Value v) {
    env.cells[slot]->value = std::move(v);
    env.cells[slot]->bound = true;
  };
  size_t given = args.positional.size();
  for (size_t i = 0; i < std::min(given, npos); ++i)
    setSlot(i, args.positional[i]);
  size_t slot = npos;
  if (given > npos && !params.vararg) {
    size_t required = npos - fn.defaults.size();
    std::string takes = required == npos ? std::to_string(npos)
                                         : "from " + std::to_string(required) +
                                               " to " + std::to_string(npos);
    size_t kwGiven = 0;
    for (auto &kw : args.keywords)
      for (auto &k : params.kwonly)
        kwGiven += kw.first == k.name;
    std::string msg = fname + " takes " + takes + " positional argument" +
                      (npos == 1 && required == npos ? "" : "s") + " but " +
                      std::to_string(given) + (given == 1 ? " was" : " were") +
                      " given";
    if (kwGiven)
      msg = fname + " takes " + takes + " positional argument" +
            (npos == 1 ? "" : "s") + " but " + std::to_string(given) +
            " positional argument" + (given == 1 ? "" : "s") + " (and " +
            std::to_string(kwGiven) + " keyword-only argument" +
            (kwGiven == 1 ? "" : "s") + ") were given";
    typeError(msg);
  }
  if (params.vararg) {
    ValueList rest;
    for (size_t i = npos; i < given; ++i)
      rest.push_back(args.positional[i]);
    setSlot(slot++, tuple(std::move(rest)));
  }
  size_t kwStart = slot;
  slot += params.kwonly.size();
  Value kwargs;
  if (params.kwarg) {
    kwargs = dict();
    setSlot(slot, kwargs);
  }
  for (auto &[name, value] : args.keywords) {
    bool matched = false;
    for (size_t i = params.posonly.size(); i < npos && !matched; ++i) {
      if (paramName(i) == name) {
        if (env.cells[i]->bound)
          typeError(fname + " got multiple values for argument '" + name + "'");
        setSlot(i, value);
        matched = true;
      }
    }
    for (size_t i = 0; i < params.kwonly.size() && !matched; ++i) {
      if (params.kwonly[i].name == name) {
        setSlot(kwStart + i, value);
        matched = true;
      }
    }
    if (matched)
      continue;
    if (kwargs.is(Type::Dict)) {
      setItem(kwargs, str(name), value);
      continue;
    }
    bool positionalOnly = false;
    for (auto &p : params.posonly)
      positionalOnly |= p.name == name;
    if (positionalOnly)
      typeError(fname +
                " got some positional-only arguments passed as "
                "keyword arguments: '" +
                name + "'");
    typeError(fname + " got an unexpected keyword argument '" + name + "'");
  }
  // Defaults for missing positionals, then the missing-argument error.
  size_t firstDefault = npos - fn.defaults.size();
  std::vector<std::string> missing;
  for (size_t i = 0; i < npos; ++i) {
    if (env.cells[i]->bound)
      continue;
    if (i >= firstDefault)
      setSlot(i, fn.defaults[i - firstDefault]);
    else
      missing.push_back(paramName(i));
  }
  if (!missing.empty())
    missingPositionals(*this, fname, missing);
  for (size_t i = 0; i < params.kwonly.size(); ++i) {
    if (env.cells[kwStart + i]->bound)
      continue;
    if (fn.kwDefaults[i])
      setSlot(kwStart + i, *fn.kwDefaults[i]);
    else
      missing.push_back(params.kwonly[i].name);
  }
  if (!missing.empty())
    typeError(fname + " missing " + std::to_string(missing.size()) +
              " required keyword-only argument" +
              (missing.size() == 1 ? "" : "s") + ": " + nameList(missing));
}

Interpreter::RecursionScope::RecursionScope(Interpreter &in, const char *where)
    : in_(in) {
  // While a tf.function traces with AutoGraph, its calls go through
  // converted_call, a C-level call that CPython names.
  if (in.depth_ + 1 >= kRecursionLimit || generatorStackExhausted())
    in.raise("RecursionError", std::string("maximum recursion depth exceeded") +
                                   (*where == '\0' && in.staging_
                                        ? " while calling a Python object"
                                        : where));
  ++in.depth_;
}

Value Interpreter::callFunction(const Value &function, CallArgs &args) {
  const FunctionObject &fn = function.as<FunctionObject>();
  // Converted code calling a function AutoGraph cannot convert runs it as
  // it is, after TensorFlow's warning (once per function).
  if (frame_ && converted(*frame_) && autograph_ && !fn.generator &&
      !fn.attrs.count(kDoNotConvert)) {
    auto info = autograph_->functions.find(fn.scope);
    static std::set<const FunctionObject *> warned;
    if (info != autograph_->functions.end() && !info->second.converted &&
        !info->second.notConverted.empty() && warned.insert(&fn).second)
      tensorflowLog(*this, 30,
                    info->second.notConvertedWarning(repr(function)));
  }
  // CPython counts the module frame too.
  RecursionScope nested(*this, "");
  Frame frame;
  frame.env = std::make_shared<Env>();
  frame.env->parent = fn.closure;
  frame.env->cells.reserve(fn.scope->locals.size());
  for (size_t i = 0; i < fn.scope->locals.size(); ++i)
    frame.env->cells.push_back(std::make_shared<Cell>());
  frame.function = &fn;
  frame.name = fn.name;
  frame.parent = frame_;
  frame.line = fn.lambdaBody ? fn.lambdaBody->range.begin.line
                             : (*fn.body)[0]->range.begin.line;
  bindArguments(fn, args, *frame.env);
  // A generator function's body runs when the generator is resumed.
  if (fn.generator)
    return makeGenerator(*this, function, std::move(frame));

  Frame *saved = frame_;
  frame_ = &frame;
  Value result;
  try {
    if (fn.lambdaBody) {
      result = eval(*fn.lambdaBody, frame);
    } else if (execBlock(*fn.body, frame) == Flow::Return) {
      result = frame.returnValue;
    }
  } catch (PyException &e) {
    frame_ = saved;
    leaveFrame(e.exc, frame);
    throw;
  }
  frame_ = saved;
  return result;
}

Value Interpreter::instantiate(const ClassPtr &cls, CallArgs &args) {
  if (cls->construct)
    return cls->construct(*this, args);
  std::vector<std::string> abstract = abstractMethodsOf(*this, *cls);
  if (!abstract.empty()) {
    std::string names;
    for (const std::string &name : abstract)
      names += (names.empty() ? "" : ", ") + name;
    typeError("Can't instantiate abstract class " + cls->name +
              " with abstract method" + (abstract.size() > 1 ? "s " : " ") +
              names);
  }
  Value self;
  // A class's own __new__ makes the instance (a static method: it gets
  // the class first); __init__ runs when that is an instance of the class.
  if (const Value *make = cls->lookup("__new__")) {
    Value clsValue = Value::object(Type::Class, cls);
    CallArgs newArgs = args;
    newArgs.positional.insert(newArgs.positional.begin(), clsValue);
    Value fn =
        make->is(Type::Property) ? make->as<PropertyObject>().getter : *make;
    self = call(fn, newArgs);
    bool ours = false;
    if (self.is(Type::Instance))
      for (const ClassObject *c = self.as<InstanceObject>().cls.get(); c;
           c = c->base.get())
        ours |= c == cls.get();
    if (!ours)
      return self;
  } else {
    auto inst = std::make_shared<InstanceObject>();
    inst->cls = cls;
    self = Value::object(Type::Instance, inst);
  }
  if (cls->isException)
    self.as<InstanceObject>().args = args.positional;
  const Value *init = cls->lookup("__init__");
  if (!init) {
    if (!cls->isException &&
        (!args.positional.empty() || !args.keywords.empty()))
      typeError(cls->name + "() takes no arguments");
    return self;
  }
  args.positional.insert(args.positional.begin(), self);
  Value result = call(*init, args);
  if (!result.isNone())
    typeError("__init__() should return None, not '" + typeName(result) + "'");
  return self;
}

Value Interpreter::superObject(Frame &frame) {
  const FunctionObject *fn = frame.function;
  if (!fn || !fn->ownerClass)
    raise("RuntimeError", "super(): no arguments");
  if (fn->scope->locals.empty() || !frame.env->cells[0]->bound)
    raise("RuntimeError", "super(): no arguments");
  auto obj = std::make_shared<SuperObject>();
  // ownerClass is owned by whoever holds the class; find a shared owner
  // through the instance's class chain.
  Value self = frame.env->cells[0]->value;
  ClassPtr start;
  if (self.is(Type::Class)) {
    for (auto c = std::static_pointer_cast<ClassObject>(self.ptr()); c;
         c = c->base)
      if (c.get() == fn->ownerClass)
        start = c;
  } else {
    for (ClassPtr c = typeOf(self); c; c = c->base)
      if (c.get() == fn->ownerClass)
        start = c;
  }
  if (!start)
    typeError("super(type, obj): obj must be an instance or subtype of type");
  obj->after = start;
  obj->self = self;
  return Value::object(Type::Super, obj);
}

} // namespace kiln::py
