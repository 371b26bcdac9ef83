// An iterator with attributes and a repr of its own, for library iterators
// that are more than Python's plain iterators (tf.data's OwnedIterator has
// get_next and element_spec and prints its module's path).
#pragma once

#include "Objects.h"

namespace kiln::py {

class Interpreter;

struct AttributedIterator : IteratorObject {
  using IteratorObject::IteratorObject;
  /// Sets `out` to attribute `name` of `self` and returns true, or returns
  /// false for the usual lookup.
  virtual bool getAttr(Interpreter &in, const Value &self,
                       const std::string &name, Value &out) = 0;
  /// The class's qualified name, which the default repr shows as
  /// "<NAME object at 0x...>".
  virtual std::string qualifiedName() const { return typeName; }
  /// Sets `out` to a repr of another form and returns true, or returns
  /// false for the default one.
  virtual bool repr(Interpreter &, const Value &, std::string &) {
    return false;
  }
};

} // namespace kiln::py
