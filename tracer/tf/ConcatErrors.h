// TensorFlow's eager error for a ConcatV2 of no tensors (tf.concat([], 0),
// or concat of an empty eager TensorArray): the op has no kernel for a
// NodeDef without its T attribute, and the runtime names the last kernel
// registered (quantized int32) in its message.
#pragma once

#include <string>

namespace kiln::tf {

/// The message, ending in the op's name (`name`, "" when it has none).
inline std::string emptyConcatError(const std::string &name) {
  return "OpKernel 'ConcatV2' has constraint on attr 'T' not in NodeDef "
         "'[N=0, Tidx=DT_INT32]', KernelDef: 'op: \"ConcatV2\" device_type: "
         "\"CPU\" constraint { name: \"T\" allowed_values { list { type: "
         "DT_QINT32 } } } host_memory_arg: \"axis\"' [Op:ConcatV2] name: " +
         name;
}

} // namespace kiln::tf
