// Generator functions (see Generators.h): the hand-over between a
// generator's caller and the thread that runs its body.
#include "Generators.h"

#include "Interpreter.h"

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstdio>
#include <exception>
#include <mutex>
#include <pthread.h>
#include <utility>

namespace kiln::py {

namespace {

/// Thrown at a yield to end a generator without running any more of its
/// Python code (its `finally` blocks included): for a generator that
/// ignored GeneratorExit when it was being destroyed. Not a Python
/// exception, so no `except` or `finally` block sees it.
struct GeneratorAbort {};

/// The generator whose body this thread runs (null on the main thread).
thread_local GeneratorState *runningHere = nullptr;

/// A body's thread's stack: reserved, not committed, until used. An
/// interpreter call takes a few KiB of it, so this holds the recursion
/// limit several times over, with 8 MiB left for compiling a traced
/// function; the main thread's 1 GiB here would let a `ulimit -v` of
/// 4 GiB keep only a dozen generators suspended (32 MiB: about 80). When
/// address space runs short, later threads get smaller stacks, down to
/// the minimum, and a stack guard stops recursion before a stack's end.
constexpr size_t kStackBytes = size_t(32) << 20;
constexpr size_t kMinStackBytes = size_t(1) << 20;

/// The lowest address recursion may reach on this thread (null: no limit,
/// the main thread, whose depth the recursion limit bounds).
thread_local const char *stackFloor = nullptr;

/// Recursion stops (RecursionError) a quarter of the stack, at most
/// 8 MiB, before its end: room to raise and unwind, or to compile a
/// traced function.
void setStackFloor() {
  pthread_attr_t attr;
  void *base = nullptr;
  size_t size = 0;
  if (pthread_getattr_np(pthread_self(), &attr) != 0)
    return;
  if (pthread_attr_getstack(&attr, &base, &size) == 0)
    stackFloor =
        static_cast<const char *>(base) + std::min(size / 4, size_t(8) << 20);
  pthread_attr_destroy(&attr);
}

} // namespace

/// Shared by a generator object and the thread running its body (which
/// holds it until the thread ends).
struct GeneratorState : std::enable_shared_from_this<GeneratorState> {
  /// Rethrow: raise `pending` (what a delegated generator raised).
  enum class Request { Next, Throw, Close, Abort, Rethrow };
  /// Delegating: the body reached `yield from` a generator (`delegate`),
  /// which the caller now resumes directly until it ends.
  enum class Outcome { Yielded, Returned, Raised, Delegating };

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
  std::exception_ptr pending; // Rethrow's exception

  /// The generator the body's `yield from` runs, while it runs. Resuming
  /// this generator resumes the delegate from the caller's thread, as
  /// CPython's SEND does, and wakes the body only when the delegate ends:
  /// a chain of N delegating generators costs N calls per item, not N
  /// thread hand-overs.
  std::shared_ptr<GeneratorState> delegate;

  /// The caller's interpreter state while the body runs; the exceptions
  /// the body's except blocks were handling when it yielded.
  Frame *callerFrame = nullptr;
  int callerDepth = 0;
  size_t callerHandling = 0;
  ValueList bodyHandling;

  /// Runs the body (or its delegate) until it yields, returns or raises:
  /// what it did is in outcome, result and error.
  void resume(Request what, const Value &arg) {
    if (running)
      in->raise("ValueError", "generator already executing");
    // (A chain of delegating generators resumes one within the other on
    // the caller's stack.)
    if (generatorStackExhausted())
      in->raise("RecursionError", "maximum recursion depth exceeded");
    running = true;
    Request how = what;
    Value value = arg;
    bool yielded = delegate && driveDelegate(how, value);
    while (!yielded) {
      runBody(how, value);
      if (outcome != Outcome::Delegating)
        break;
      how = Request::Next; // yield from starts the delegate with None
      value = Value();
      yielded = driveDelegate(how, value);
    }
    running = false;
    if (outcome != Outcome::Yielded)
      finished = true;
  }

  /// Resumes the delegate with `how` and `value`: true when it yielded
  /// (that is this generator's outcome); false when it ended, and
  /// `how` and `value` say how to wake the body at its `yield from`.
  bool driveDelegate(Request &how, Value &value);

  /// Hands the turn to the body's thread (started on the first call) and
  /// waits until it yields, delegates, returns or raises.
  void runBody(Request what, const Value &arg) {
    enterBody();
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
    // (The body's thread put its handled exceptions away when it yielded.)
    in->frame_ = callerFrame;
    in->depth_ = callerDepth;
  }

  /// The interpreter state the body runs in, from the caller's (kept in
  /// callerFrame, callerDepth and callerHandling): its frame, one level
  /// deeper, handling what its except blocks were handling.
  void enterBody() {
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
  }

  /// Back to the caller's state, the exceptions the body is handling put
  /// away with it (as suspend() does in the body's thread).
  void leaveBody() {
    Interpreter &interp = *in;
    bodyHandling.assign(interp.handling_.begin() + callerHandling,
                        interp.handling_.end());
    interp.handling_.resize(callerHandling);
    interp.frame_ = callerFrame;
    interp.depth_ = callerDepth;
  }

  /// In the body's thread, at a yield: the exceptions its except blocks
  /// are handling stay with it while it waits; gives the turn back and
  /// waits for the next.
  void suspend(Outcome why, const Value &value) {
    Interpreter &interp = *in;
    bodyHandling.assign(interp.handling_.begin() + callerHandling,
                        interp.handling_.end());
    interp.handling_.resize(callerHandling);
    outcome = why;
    result = value;
    handBack();
  }

  /// In the body's thread, woken at a yield: what it was resumed with
  /// (None, send()'s value, a delegate's return value), or what it was
  /// asked to raise.
  Value wakeValue() {
    switch (request) {
    case Request::Next:
      return argument;
    case Request::Throw:
      in->raiseValue(argument);
    case Request::Close:
      in->raise("GeneratorExit", "");
    case Request::Abort:
      throw GeneratorAbort{};
    case Request::Rethrow:
      std::rethrow_exception(std::exchange(pending, nullptr));
    }
    return Value();
  }

  void handBack() {
    std::unique_lock<std::mutex> lock(mutex);
    generatorTurn = false;
    turnChanged.notify_all();
    turnChanged.wait(lock, [this] { return generatorTurn; });
  }

  void startThread() {
    auto *self = new std::shared_ptr<GeneratorState>(shared_from_this());
    int rc = EAGAIN;
    for (size_t size = kStackBytes; rc == EAGAIN && size >= kMinStackBytes;
         size /= 2) {
      pthread_attr_t attr;
      pthread_attr_init(&attr);
      pthread_attr_setstacksize(&attr, size);
      pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
      pthread_t thread;
      rc = pthread_create(&thread, &attr, &GeneratorState::threadMain, self);
      pthread_attr_destroy(&attr);
    }
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
    setStackFloor();
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

bool generatorStackExhausted() {
  char here;
  return stackFloor && &here < stackFloor;
}

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

bool GeneratorState::driveDelegate(Request &how, Value &value) {
  std::shared_ptr<GeneratorState> d = delegate;
  Interpreter &interp = *in;
  // The delegate runs as if the body called it from its `yield from`: in
  // the body's frame, handling the exceptions the body's except blocks
  // were handling (its exceptions' __context__). (The body's thread is
  // suspended meanwhile: the caller state it would read is not in use.)
  enterBody();
  // Closing (or throwing GeneratorExit into) a delegating generator closes
  // the delegate first; what that raises is raised at the `yield from`.
  bool closing =
      how == Request::Close || how == Request::Abort ||
      (how == Request::Throw &&
       interp.isInstance(value, interp.builtinClass("GeneratorExit").get()));
  try {
    if (closing) {
      if (how != Request::Abort)
        closeGenerator(interp, *d);
    } else if (d->finished) {
      if (how == Request::Throw)
        interp.raiseValue(value);
      how = Request::Next;
      value = Value();
    } else if (!d->started && how == Request::Throw) {
      d->finished = true;
      interp.raiseValue(value);
    } else {
      d->resume(how, value);
      rethrowOutcome(interp, *d);
      if (d->outcome == Outcome::Yielded) {
        outcome = Outcome::Yielded;
        result = d->result;
        leaveBody();
        return true;
      }
      how = Request::Next;
      value = d->result;
    }
  } catch (...) {
    how = Request::Rethrow;
    pending = std::current_exception();
  }
  leaveBody();
  delegate.reset();
  return false;
}

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
  g->suspend(GeneratorState::Outcome::Yielded, value);
  return g->wakeValue();
}

Value yieldFrom(Interpreter &in, const Value &iterable) {
  Value it = in.iter(iterable);
  auto *inner = it.is(Type::Iterator)
                    ? dynamic_cast<GeneratorObject *>(it.raw())
                    : nullptr;
  if (GeneratorState *g = runningHere; inner && g) {
    g->delegate = inner->state;
    g->suspend(GeneratorState::Outcome::Delegating, Value());
    return g->wakeValue();
  }
  Value item;
  while (in.next(it, item))
    yieldValue(in, item);
  return Value();
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
