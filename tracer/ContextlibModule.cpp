// Python's `contextlib`: contextmanager (a generator function as a `with`
// block's set-up and tear-down: timers, temporary settings), suppress and
// nullcontext, with CPython's rules for what the generator may do with an
// exception thrown into it.
#include "Interpreter.h"
#include "Native.h"
#include "StdlibModules.h"

namespace kiln::py {

namespace {

bool isStopIteration(Interpreter &in, const Value &exc) {
  return in.isInstance(exc, in.builtinClass("StopIteration").get());
}

/// What calling a @contextmanager function returns: __enter__ runs the
/// generator to its yield, __exit__ runs it to its end (or throws the
/// block's exception in at the yield).
struct GeneratorContextManager : NativeObject {
  Value gen;
  std::string typeName() const override { return "_GeneratorContextManager"; }
  std::string typeModule() const override { return "contextlib"; }

  Value enter(Interpreter &in) {
    Value v;
    if (!in.next(gen, v))
      in.raise("RuntimeError", "generator didn't yield");
    return v;
  }

  /// True: the block's exception is suppressed.
  bool exit(Interpreter &in, const Value &exc) {
    Value v;
    if (exc.isNone()) {
      if (in.next(gen, v))
        in.raise("RuntimeError", "generator didn't stop");
      return false;
    }
    // The traceback the exception had, which passing through the
    // generator extends; contextlib puts it back when it re-raises.
    if (!exc.is(Type::Instance))
      in.typeError("exceptions must derive from BaseException");
    auto &inst = exc.as<InstanceObject>();
    std::vector<TracebackEntry> traceback = inst.traceback;
    const void *lineFrame = inst.lineFrame;
    try {
      in.call(in.getAttr(gen, "throw"), ValueList{exc});
    } catch (PyException &e) {
      // The generator returned (it caught the exception): suppressed.
      if (isStopIteration(in, e.exc))
        return !e.exc.identical(exc);
      // It let the exception through: __exit__ says so and the `with`
      // statement re-raises the original.
      if (e.exc.identical(exc)) {
        inst.traceback = std::move(traceback);
        inst.lineFrame = lineFrame;
        return false;
      }
      throw; // it raised another one
    }
    in.raise("RuntimeError", "generator didn't stop after throw()");
  }

  bool getAttr(Interpreter &in, const Value &self, const std::string &attr,
               Value &out) override {
    auto *me = this;
    if (attr == "__enter__") {
      out =
          in.builtin("__enter__", [me, self](Interpreter &in, CallArgs &args) {
            ArgParser(in, args, "__enter__").expect(0, 0);
            return me->enter(in);
          });
    } else if (attr == "__exit__") {
      out = in.builtin("__exit__", [me, self](Interpreter &in, CallArgs &args) {
        ArgParser(in, args, "__exit__").expect(3, 3);
        return Value::boolean(me->exit(in, args.positional[1]));
      });
    } else {
      return false;
    }
    return true;
  }
};

/// What @contextmanager returns: calling it calls the generator function
/// and wraps the generator; its name, docstring and the rest are the
/// function's (functools.wraps copied them in CPython).
struct ContextManagerFunction : NativeObject {
  Value func;
  std::string typeName() const override { return "function"; }
  bool isCallable() const override { return true; }
  std::string repr(Interpreter &in, const Value &) override {
    return in.repr(func);
  }
  Value wrappedFunction() const override { return func; }
  bool bindTo(Interpreter &in, const Value &self, const Value &instance,
              Value &out) override {
    out = in.boundMethod(instance, self); // a method of a class works too
    return true;
  }
  bool call(Interpreter &in, const Value &, CallArgs &args,
            Value &out) override {
    auto cm = std::make_shared<GeneratorContextManager>();
    cm->gen = in.call(func, args);
    out = Value::object(Type::Native, cm);
    return true;
  }
  bool getAttr(Interpreter &in, const Value &, const std::string &attr,
               Value &out) override {
    if (attr == "__wrapped__") {
      out = func;
      return true;
    }
    return in.tryGetAttr(func, attr, out);
  }
};

/// suppress(*exceptions): a block whose exception of those classes ends
/// it quietly. nullcontext(value): a block that gets `value`.
struct SimpleContext : NativeObject {
  enum class Kind { Suppress, Null } kind;
  ValueList classes; // suppress's
  Value value;       // nullcontext's
  explicit SimpleContext(Kind kind) : kind(kind) {}
  std::string typeName() const override {
    return kind == Kind::Suppress ? "suppress" : "nullcontext";
  }
  std::string typeModule() const override { return "contextlib"; }
  bool getAttr(Interpreter &in, const Value &self, const std::string &attr,
               Value &out) override {
    auto *me = this;
    if (attr == "__enter__") {
      out = in.builtin("__enter__", [me, self](Interpreter &, CallArgs &) {
        return me->value;
      });
    } else if (attr == "__exit__") {
      out = in.builtin("__exit__", [me, self](Interpreter &in, CallArgs &args) {
        ArgParser(in, args, "__exit__").expect(3, 3);
        const Value &exc = args.positional[1];
        bool swallow = false;
        if (me->kind == Kind::Suppress && !exc.isNone())
          for (const Value &cls : me->classes)
            swallow = swallow || (cls.is(Type::Class) &&
                                  in.isInstance(exc, &cls.as<ClassObject>()));
        return Value::boolean(swallow);
      });
    } else {
      return false;
    }
    return true;
  }
};

Value contextlibModule(Interpreter &in) {
  Value m = makeModule("contextlib");
  defFunction(in, m, "contextmanager", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "contextmanager").expect(1, 1);
    auto helper = std::make_shared<ContextManagerFunction>();
    helper->func = args.positional[0];
    return Value::object(Type::Native, helper);
  });
  defFunction(in, m, "suppress", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "suppress").expect(0, SIZE_MAX);
    auto s = std::make_shared<SimpleContext>(SimpleContext::Kind::Suppress);
    s->classes = args.positional;
    return Value::object(Type::Native, s);
  });
  defFunction(in, m, "nullcontext", [](Interpreter &in, CallArgs &args) {
    ArgParser p(in, args, "nullcontext");
    std::optional<Value> value = p.keyword("enter_result");
    p.expect(0, 1);
    auto s = std::make_shared<SimpleContext>(SimpleContext::Kind::Null);
    s->value = !args.positional.empty() ? args.positional[0]
               : value                  ? *value
                                        : Value();
    return Value::object(Type::Native, s);
  });
  return m;
}

} // namespace

void installContextlib(Interpreter &in) {
  in.registerModule("contextlib", contextlibModule);
}

} // namespace kiln::py
