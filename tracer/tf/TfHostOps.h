// String tensors on the host. MLIR has no string type, so ops on strings
// (identity, concatenation by +, equality, concat/stack, reshapes, slices,
// broadcast_to) run here, eagerly and in traced graphs that contain strings.
#pragma once

#include "Graph.h"

#include <string>
#include <vector>

namespace kiln::tf {

/// Whether `op` has a host kernel for string tensors.
bool hasStringKernel(const std::string &op);

/// Runs one node on host tensors; false when no kernel applies.
bool runStringKernel(const graph::Node &node,
                     const std::vector<graph::HostTensorPtr> &inputs,
                     graph::HostTensorPtr &out, std::string &error);

/// Runs a whole graph on the host with the string kernels (every node must
/// have one). Returns false and sets `error` otherwise.
bool runGraphOnHost(const graph::Graph &graph,
                    const std::vector<graph::HostTensorPtr> &inputs,
                    std::vector<graph::HostTensorPtr> &outputs,
                    std::string &error);

/// Whether a graph needs the host path (it has a string tensor).
bool graphHasStrings(const graph::Graph &graph);

} // namespace kiln::tf
