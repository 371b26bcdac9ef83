// tf.TensorArray: a list of same-shaped tensors, functional as in TF2
// (write returns a new array). It is held as two tensors, so staged loops
// and branches carry it like any other state:
//
//   buffer  [capacity, *element_shape]  rows past `size` are zeros
//   size    int32 scalar
//
// A dynamic_size array's buffer has an unknown first dimension and grows
// (doubling) when a write goes past it. The buffer is made at the first
// write when the element shape was not given.
#pragma once

#include "TfRuntime.h"

#include <set>

namespace kiln::tf {

struct TensorArrayObject : py::NativeObject {
  TfRuntime *rt = nullptr;
  DType dtype = DType::Float32;
  bool dynamicSize = false;
  /// Known element shape (from element_shape or the first write).
  std::optional<std::vector<int64_t>> elementShape;
  Value buffer; // a tensor, or None before the element shape is known
  Value size;   // int32 scalar tensor
  /// Eagerly, a read empties its element (TensorFlow's _EagerTensorArray;
  /// graph arrays ignore clear_after_read): the indices a read cleared,
  /// which read as an error until written again or filled with zeros by
  /// stack, gather or concat. Their rows of `buffer` are zeros.
  bool clearAfterRead = true;
  std::set<int64_t> cleared;
  /// infer_shape: the first write fixes the element shape. Without it
  /// TensorFlow keeps elements of different shapes, which kiln's buffer
  /// cannot hold (it refuses a second shape).
  bool inferShape = true;

  std::string typeName() const override { return "TensorArray"; }
  std::string typeModule() const override {
    return "tensorflow.python.ops.tensor_array_ops";
  }
  std::string repr(Interpreter &in, const Value &self) override;
  bool getAttr(Interpreter &in, const Value &self, const std::string &name,
               Value &out) override;

  /// A copy with new state (write, unstack).
  std::shared_ptr<TensorArrayObject> with(Value newBuffer, Value newSize) const;
  /// The buffer's type: [capacity or None, *element shape].
  TensorType bufferType() const;
};

/// A zero buffer for `ta`'s capacity and element shape (which must be
/// known).
Value reserveBuffer(TensorArrayObject &ta);

/// The tf.TensorArray constructor.
Value makeTensorArray(TfRuntime &rt, CallArgs &args);

inline TensorArrayObject *asTensorArray(const Value &v) {
  return v.is(py::Type::Native) ? dynamic_cast<TensorArrayObject *>(v.raw())
                                : nullptr;
}

} // namespace kiln::tf
