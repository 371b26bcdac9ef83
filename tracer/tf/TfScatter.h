// Writing into tensors and variables at positions (TfScatter.cpp).
#pragma once

#include "TfRuntime.h"

namespace kiln::tf {

class ModuleBuilder;

/// `base` with the elements at flat `positions` replaced by `updates`
/// (flattened, one per position; the last wins) when `combine` is empty,
/// else combined with them by the binary op `combine` (AddV2, Sub, ...),
/// in order.
Value scatterPositions(TfRuntime &rt, const Value &base,
                       const std::vector<int64_t> &positions,
                       const Value &updates, const std::string &combine);

/// tf.tensor_scatter_nd_*(base, indices, updates) for the Python op `op`,
/// with kernel `kernel`'s errors. A variable's eager scatter with a bad
/// index first hands `keepPartial` what its kernel wrote before failing.
Value scatterNd(
    TfRuntime &rt, const Value &base, const Value &indices,
    const Value &updates, const std::string &combine, const std::string &op,
    const std::string &kernel,
    const std::function<void(const Value &)> &keepPartial = nullptr);

/// `variable[key].assign(value)`: the variable with that slice replaced.
/// `sliceName` names the node of `variable[key]` while tracing: TensorFlow's
/// assign op, "<sliceName>/_assign", reports an index out of range.
Value assignSlice(TfRuntime &rt, const Value &variable, const Value &key,
                  const Value &value, const std::string &sliceName);

/// tf.tensor_scatter_nd_update/add/sub/max/min and tf.scatter_nd.
void installScatter(TfRuntime &rt, ModuleBuilder &tf);

} // namespace kiln::tf
