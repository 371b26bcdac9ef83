// tf.IndexedSlices: the gradient of a gather, rows of values at indices
// of a tensor of dense_shape. TensorFlow returns it from tape.gradient for
// a gathered variable; ops that take it as a tensor add the rows up
// (unsorted_segment_sum).
#pragma once

#include "TfRuntime.h"

namespace kiln::tf {

struct IndexedSlicesObject : py::NativeObject {
  Value indices, values, denseShape; // tensors
  std::string typeName() const override { return "IndexedSlices"; }
  /// Python's default object repr, as IndexedSlices has no __repr__.
  std::string repr(Interpreter &in, const Value &self) override;
  /// IndexedSlices.__str__.
  std::string str(Interpreter &in, const Value &self) override;
  std::string typeModule() const override {
    return "tensorflow.python.framework.indexed_slices";
  }
  bool getAttr(Interpreter &in, const Value &self, const std::string &name,
               Value &out) override;
  bool unary(Interpreter &in, ast::UnaryOpKind op, const Value &self,
             Value &out) override;
};

IndexedSlicesObject *asIndexedSlices(const Value &v);

/// The dense tensor: zeros with each row of `values` added at its index,
/// in order (as unsorted_segment_sum adds them).
Value densify(TfRuntime &rt, const IndexedSlicesObject &slices);

} // namespace kiln::tf
