// Generator functions: a def or lambda whose body yields. Calling one makes
// a generator object; its body runs a step at a time, from one yield to the
// next, each time the generator is resumed (next(), a for loop, send()).
//
// The interpreter walks the AST recursively, so a yield can sit deep
// inside loops, try blocks and with statements whose C++ frames must
// survive until the generator is resumed. Each started generator therefore
// runs its body on a thread of its own, and the caller and the generator
// hand control to each other: exactly one of them runs at any moment, so
// the interpreter's state needs no locks. (Threads rather than swapped
// stacks: each thread keeps its own C++ exception state, which an except
// block that yields needs.)
#pragma once

#include "Objects.h"

#include <memory>

namespace kiln::py {

class Interpreter;
struct Frame;
struct GeneratorState;

/// A generator made by calling a generator function.
struct GeneratorObject : IteratorObject {
  explicit GeneratorObject(std::shared_ptr<GeneratorState> state);
  ~GeneratorObject() override;

  bool next(Interpreter &in, Value &out) override;
  /// What the body returned once it has finished (StopIteration's value).
  Value returnValue() const;
  /// The function's qualified name, for the repr.
  const std::string &qualname() const;

  std::shared_ptr<GeneratorState> state;
};

/// "<generator object QUALNAME at 0x...>".
std::string generatorRepr(const GeneratorObject &g);

/// The generator a call of generator function `function` makes: `frame` holds
/// the bound arguments; the body does not run until the first resume.
Value makeGenerator(Interpreter &in, const Value &function, Frame frame);

/// `yield value` inside the running generator's body: hands `value` to
/// the caller and returns what the generator is resumed with (None, or
/// send()'s argument); raises what throw() or close() asks for.
Value yieldValue(Interpreter &in, const Value &value);
/// `yield from iterable`: yields each item, returns the value a
/// delegated generator returned.
Value yieldFrom(Interpreter &in, const Value &iterable);

/// Whether the running thread is near the end of its stack: a generator
/// body's thread has a smaller stack than the main interpreter thread, so
/// deep recursion there is a RecursionError before it could overflow.
bool generatorStackExhausted();

/// A generator's methods (send, throw, close, __next__, __iter__);
/// false for other names.
bool generatorAttribute(Interpreter &in, const Value &generator,
                        const std::string &name, Value &out);

} // namespace kiln::py
