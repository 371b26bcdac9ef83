// Generator functions (see Generators.h): the hand-over between a
// generator's caller and the thread that runs its body.
#include "Generators.h"

#include "Interpreter.h"

#include <condition_variable>
#include <cstdio>
#include <exception>
#include <mutex>
#include <pthread.h>

namespace kiln::py {

namespace {

/// Thrown at a yield to end a generator without running any more of its
/// Python code (its `finally` blocks included): for a generator that
/// ignored GeneratorExit when it was being destroyed. Not a Python
/// exception, so no `except` or `finally` block sees it.
struct GeneratorAbort {};

/// The generator whose body this thread runs (null on the main thread).
thread_local GeneratorState *runningHere = nullptr;

/// A body's thread gets a large stack, as the main interpreter thread has
/// (kiln's Driver): it is reserved, not committed, until used.
constexpr size_t kStackBytes = size_t(256) << 20;

} // namespace

/// Shared by a generator object and the thread running its body (which
/// holds it until the thread ends).
struct GeneratorState : std::enable_shared_from_this<GeneratorState> {
  enum class Request { Next, Throw, Close, Abort };
  enum class Outcome { Yielded, Returned, Raised };

  Interpreter *in = nullptr;
  const FunctionObject *fn = nullptr;
  Value function; // keeps `fn` alive
  Frame frame;    // the body's frame, from the call on
  bool started = false, finished = false, running = false;

  // The hand-over: `generatorTurn` says who runs.
  std::mutex mutex;
  std::condition_variable turnChanged;
  bool generatorTurn = false;
  Request request = Request::Next;
  Value argument; // send()'s value, or throw()'s exception
  Outcome outcome = Outcome::Returned;
  Value result; // the value yielded or returned
  std::exception_ptr error;

  /// The caller's interpreter state while the body runs; the exceptions
  /// the body's except blocks were handling when it yielded.
  Frame *callerFrame = nullptr;
  int callerDepth = 0;
  size_t callerHandling = 0;
  ValueList bodyHandling;

  /// Runs the body until it yields, returns or raises: what it did is in
  /// outcome, result and error.
  void resume(Request what, const Value &arg) {
    if (running)
      in->raise("ValueError", "generator already executing");
    Interpreter &interp = *in;
    callerFrame = interp.frame_;
    callerDepth = interp.depth_;
    callerHandling = interp.handling_.size();
    frame.parent = callerFrame;
    interp.frame_ = &frame;
    interp.depth_ = callerDepth + 1;
    interp.handling_.insert(interp.handling_.end(), bodyHandling.begin(),
                            bodyHandling.end());
    bodyHandling.clear();
    running = true;
    {
      std::unique_lock<std::mutex> lock(mutex);
      request = what;
      argument = arg;
      generatorTurn = true;
      turnChanged.notify_all();
      if (!started) {
        started = true;
        lock.unlock();
        startThread();
        lock.lock();
      }
      turnChanged.wait(lock, [this] { return !generatorTurn; });
    }
    running = false;
    interp.frame_ = callerFrame;
    interp.depth_ = callerDepth;
    if (outcome != Outcome::Yielded)
      finished = true;
  }

  /// In the body's thread, at a yield: the exceptions its except blocks
  /// are handling stay with it while it waits; gives the turn back and
  /// waits for the next.
  void suspend(const Value &value) {
    Interpreter &interp = *in;
    bodyHandling.assign(interp.handling_.begin() + callerHandling,
                        interp.handling_.end());
    interp.handling_.resize(callerHandling);
    outcome = Outcome::Yielded;
    result = value;
    handBack();
  }

  void handBack() {
    std::unique_lock<std::mutex> lock(mutex);
    generatorTurn = false;
    turnChanged.notify_all();
    turnChanged.wait(lock, [this] { return generatorTurn; });
  }

  void startThread() {
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, kStackBytes);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    auto *self = new std::shared_ptr<GeneratorState>(shared_from_this());
    pthread_t thread;
    int rc = pthread_create(&thread, &attr, &GeneratorState::threadMain, self);
    pthread_attr_destroy(&attr);
    if (rc != 0) {
      delete self;
      std::lock_guard<std::mutex> lock(mutex);
      outcome = Outcome::Raised;
      error = nullptr;
      generatorTurn = false;
      finishedWithoutThread = true;
    }
  }

  static void *threadMain(void *arg) {
    std::shared_ptr<GeneratorState> keep(
        std::move(*static_cast<std::shared_ptr<GeneratorState> *>(arg)));
    delete static_cast<std::shared_ptr<GeneratorState> *>(arg);
    keep->run();
    return nullptr;
  }

  void run() {
    runningHere = this;
    Interpreter &interp = *in;
    {
      std::unique_lock<std::mutex> lock(mutex);
      turnChanged.wait(lock, [this] { return generatorTurn; });
    }
    try {
      Value returned;
      if (fn->lambdaBody) {
        interp.eval(*fn->lambdaBody, frame);
      } else if (interp.execBlock(*fn->body, frame) == Flow::Return) {
        returned = frame.returnValue;
      }
      outcome = Outcome::Returned;
      result = returned;
    } catch (PyException &e) {
      interp.leaveFrame(e.exc, frame);
      outcome = Outcome::Raised;
      error = std::current_exception();
    } catch (GeneratorAbort &) {
      outcome = Outcome::Returned;
      result = Value();
    } catch (...) {
      outcome = Outcome::Raised;
      error = std::current_exception();
    }
    // Locals go now, in this thread, while the caller waits.
    frame.env.reset();
    runningHere = nullptr;
    std::lock_guard<std::mutex> lock(mutex);
    generatorTurn = false;
    turnChanged.notify_all();
  }

  /// pthread_create failed: the generator raised without running.
  bool finishedWithoutThread = false;
};

namespace {

/// The value of a finished body for the caller: raises what it raised
/// (a StopIteration escaping the body is a RuntimeError, PEP 479).
void rethrowOutcome(Interpreter &in, GeneratorState &g) {
  if (g.outcome != GeneratorState::Outcome::Raised)
    return;
  if (g.finishedWithoutThread)
    in.raise("RuntimeError", "can't start new thread");
  std::exception_ptr error = g.error;
  try {
    std::rethrow_exception(error);
  } catch (PyException &e) {
    if (in.isInstance(e.exc, in.builtinClass("StopIteration").get())) {
      Value runtime =
          in.makeException("RuntimeError", "generator raised StopIteration");
      runtime.as<InstanceObject>().cause = e.exc;
      in.raiseValue(runtime);
    }
    throw;
  }
}

/// StopIteration carrying a finished generator's return value.
[[noreturn]] void stopWith(Interpreter &in, const Value &returned) {
  ValueList args;
  if (!returned.isNone())
    args.push_back(returned);
  in.raiseValue(in.call(
      Value::object(Type::Class, in.builtinClass("StopIteration")), args));
}

/// send(value) and throw(exc): resumes and returns the next yielded value,
/// or raises StopIteration (or what the body raised).
Value resumeForValue(Interpreter &in, GeneratorState &g,
                     GeneratorState::Request what, const Value &arg) {
  if (g.finished) {
    if (what == GeneratorState::Request::Throw)
      in.raiseValue(arg);
    stopWith(in, Value());
  }
  if (!g.started && what == GeneratorState::Request::Throw) {
    g.finished = true; // thrown in before the first line: nothing runs
    in.raiseValue(arg);
  }
  g.resume(what, arg);
  rethrowOutcome(in, g);
  if (g.outcome == GeneratorState::Outcome::Returned)
    stopWith(in, g.result);
  return g.result;
}

/// close(): GeneratorExit at the yield; true when the body ended.
bool closeGenerator(Interpreter &in, GeneratorState &g) {
  if (!g.started || g.finished) {
    g.finished = true;
    return true;
  }
  g.resume(GeneratorState::Request::Close, Value());
  if (g.outcome == GeneratorState::Outcome::Yielded)
    in.raise("RuntimeError", "generator ignored GeneratorExit");
  if (g.outcome == GeneratorState::Outcome::Raised) {
    try {
      std::rethrow_exception(g.error);
    } catch (PyException &e) {
      for (const char *expected : {"GeneratorExit", "StopIteration"})
        if (in.isInstance(e.exc, in.builtinClass(expected).get()))
          return true;
      throw;
    }
  }
  return true;
}

/// An exception instance from throw()'s argument (a class or instance).
Value exceptionFrom(Interpreter &in, const Value &given) {
  if (given.is(Type::Class))
    return in.call(given, ValueList{});
  if (given.is(Type::Instance) && given.as<InstanceObject>().cls->isException)
    return given;
  in.typeError("exceptions must be classes or instances deriving from "
               "BaseException, not " +
               in.typeName(given));
}

} // namespace

GeneratorObject::GeneratorObject(std::shared_ptr<GeneratorState> s)
    : IteratorObject("generator"), state(std::move(s)) {}

GeneratorObject::~GeneratorObject() {
  GeneratorState &g = *state;
  if (!g.started || g.finished)
    return;
  // A suspended generator is closed when it goes, as CPython's finalizer
  // does; one the dying interpreter holds stays suspended (its thread
  // blocks until the process ends).
  Interpreter &in = *g.in;
  if (in.finalizing() || g.running)
    return;
  try {
    closeGenerator(in, g);
  } catch (PyException &e) {
    // CPython's "Exception ignored in" report of a failing finalizer.
    in.err() << "Exception ignored in: " << generatorRepr(*this) << "\n";
    in.printException(e.exc, in.err());
  } catch (...) {
  }
  if (!g.finished) // it yielded again: end it without running Python code
    g.resume(GeneratorState::Request::Abort, Value());
}

bool GeneratorObject::next(Interpreter &in, Value &out) {
  GeneratorState &g = *state;
  if (g.finished) {
    g.result = Value(); // the return value went with the first StopIteration
    return false;
  }
  g.resume(GeneratorState::Request::Next, Value());
  rethrowOutcome(in, g);
  if (g.outcome != GeneratorState::Outcome::Yielded)
    return false;
  out = g.result;
  return true;
}

std::string generatorRepr(const GeneratorObject &g) {
  char address[32];
  snprintf(address, sizeof address, "0x%012llx",
           static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(&g)));
  return "<generator object " + g.qualname() + " at " + address + ">";
}

Value GeneratorObject::returnValue() const {
  return state->finished && state->outcome == GeneratorState::Outcome::Returned
             ? state->result
             : Value();
}

const std::string &GeneratorObject::qualname() const {
  return state->fn->qualname;
}

Value makeGenerator(Interpreter &in, const Value &function, Frame frame) {
  auto state = std::make_shared<GeneratorState>();
  state->in = &in;
  state->fn = &function.as<FunctionObject>();
  state->function = function;
  state->frame = std::move(frame);
  state->frame.parent = nullptr;
  return Value::object(Type::Iterator,
                       std::make_shared<GeneratorObject>(state));
}

Value yieldValue(Interpreter &in, const Value &value) {
  GeneratorState *g = runningHere;
  if (!g)
    in.raise("SystemError", "yield outside a running generator");
  g->suspend(value);
  switch (g->request) {
  case GeneratorState::Request::Next:
    return g->argument;
  case GeneratorState::Request::Throw:
    in.raiseValue(g->argument);
  case GeneratorState::Request::Close:
    in.raise("GeneratorExit", "");
  case GeneratorState::Request::Abort:
    throw GeneratorAbort{};
  }
  return Value();
}

Value yieldFrom(Interpreter &in, const Value &iterable) {
  Value it = in.iter(iterable);
  auto *inner = it.is(Type::Iterator)
                    ? dynamic_cast<GeneratorObject *>(it.raw())
                    : nullptr;
  Value item;
  while (in.next(it, item))
    yieldValue(in, item);
  return inner ? inner->returnValue() : Value();
}

bool generatorAttribute(Interpreter &in, const Value &generator,
                        const std::string &name, Value &out) {
  auto *object = dynamic_cast<GeneratorObject *>(generator.raw());
  if (!object)
    return false;
  std::shared_ptr<GeneratorState> state = object->state;
  Value self = generator;
  if (name == "send") {
    out = in.builtin("send", [state, self](Interpreter &in, CallArgs &args) {
      if (args.positional.size() != 1 || !args.keywords.empty())
        in.typeError("generator.send() takes exactly one argument (" +
                     std::to_string(args.positional.size()) + " given)");
      const Value &value = args.positional[0];
      if (!state->started && !state->finished && !value.isNone())
        in.typeError("can't send non-None value to a just-started generator");
      return resumeForValue(in, *state, GeneratorState::Request::Next, value);
    });
    return true;
  }
  if (name == "throw") {
    out = in.builtin("throw", [state, self](Interpreter &in, CallArgs &args) {
      if (args.positional.empty())
        in.typeError("throw expected at least 1 argument, got 0");
      return resumeForValue(in, *state, GeneratorState::Request::Throw,
                            exceptionFrom(in, args.positional[0]));
    });
    return true;
  }
  if (name == "close") {
    out = in.builtin("close", [state, self](Interpreter &in, CallArgs &) {
      closeGenerator(in, *state);
      return Value();
    });
    return true;
  }
  if (name == "__next__") {
    out = in.builtin("__next__", [state, self](Interpreter &in, CallArgs &) {
      Value item;
      if (self.as<GeneratorObject>().next(in, item))
        return item;
      stopWith(in, self.as<GeneratorObject>().returnValue());
    });
    return true;
  }
  if (name == "__iter__") {
    out = in.builtin("__iter__",
                     [self](Interpreter &, CallArgs &) { return self; });
    return true;
  }
  if (name == "__name__" || name == "__qualname__") {
    out = in.str(name == "__name__" ? state->fn->name : state->fn->qualname);
    return true;
  }
  return false;
}

} // namespace kiln::py
