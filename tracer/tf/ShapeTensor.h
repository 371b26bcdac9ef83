// Shapes given as tensors: `tf.zeros(tf.shape(x))`, `tf.reshape(x, [n, 2])`
// with `n` a tensor. Inside a tf.function such a shape may be known only at
// run time; the op then takes it as an input, and its static shape holds
// what trace time does know, as TensorFlow's shape inference works it out.
#pragma once

#include <optional>

#include "TfRuntime.h"

namespace kiln::tf {

/// Whether `shape` (a Python list or int, or a tensor) holds a value known
/// only at run time: a symbolic tensor that is not a constant, or a list
/// with one.
bool isRunTimeShape(TfRuntime &rt, const Value &shape);

/// `shape` as a 1-D int32 or int64 tensor (lists are packed). TensorFlow's
/// errors for another dtype; kiln needs the number of dimensions.
Value shapeTensor(TfRuntime &rt, const Value &shape, const std::string &op,
                  const std::string &packName = "");

/// TensorFlow's constant_value_as_shape: the dimensions the 1-D tensor
/// `shape` holds as far as trace time knows, -1 where only the run time
/// does (elements of `tf.shape(x)`, packed constants, slices and concats
/// of those).
std::vector<int64_t> knownDims(TfRuntime &rt, const Value &shape);

/// `v` with each integer tensor of rank 0 or 1 whose value trace time knows
/// (constants, eager tensors, elements of static shapes) replaced by
/// Python ints, or a list of them, in lists and tuples too: the shape,
/// axis and size arguments TensorFlow packs or folds. Tensors known only
/// at run time stay. NumPy integer scalars become Python ints too.
Value foldKnown(TfRuntime &rt, const Value &v);

/// The elements of integer tensor `t` of rank 0 or 1 when trace time knows
/// them all (see foldKnown); nothing otherwise.
std::optional<std::vector<int64_t>> knownInts(TfRuntime &rt, const Value &t);

/// A NumPy integer scalar (np.int64(3), or a 0-d integer array) as the
/// Python int TensorFlow's shape and size arguments take it for
/// (numbers.Integral); anything else as it is.
Value numpyIndex(const Value &v);
/// A NumPy scalar of a real or bool dtype as the Python number it holds
/// (what a float attr such as leaky_relu's alpha takes); anything else as
/// it is.
Value numpyNumber(const Value &v);

/// A Fill node named `name`: the scalar tensor `value` repeated over a
/// shape known at run time (tf.zeros, tf.ones, tf.fill).
Value fillAtRunTime(TfRuntime &rt, const Value &shape, const Value &value,
                    const std::string &name);

/// A Reshape node taking `shape` as its second input; its static shape is
/// what TensorFlow's shape function infers.
Value reshapeAtRunTime(TfRuntime &rt, const Value &x, const Value &shape);

/// A BroadcastTo node taking `shape` as its second input; its static shape
/// holds the sizes trace time knows, and the input's where it is not 1.
Value broadcastToAtRunTime(TfRuntime &rt, const Value &x, const Value &shape);

} // namespace kiln::tf
