// Graphs traced from TensorSpecs of unknown rank (TensorSpec(None, ...)).
// Compiled code needs every rank, so such a concrete function is compiled
// once per combination of argument shapes it is called with: the graph is
// copied with the arguments' shapes filled in and shapes propagated. (Exact
// shapes, not just ranks: the lowering treats a dynamic dimension as never
// broadcasting, which an unknown-rank argument cannot promise.)
#pragma once

#include "Graph.h"

#include <string>
#include <vector>

namespace kiln::tf {

/// Whether any tensor in `graph` has an unknown rank.
bool graphHasUnknownRank(const graph::Graph &graph);

/// A copy of `graph` whose unknown-rank arguments have the shapes of `args`,
/// with shapes propagated through the nodes of unknown rank. Returns false
/// with `error` set when a node's op cannot derive its shape from its inputs
/// ("InvalidArgumentError: ..." when its kernel would reject the shapes, as
/// TensorFlow reports it for the script `file`).
bool specializeRanks(const graph::Graph &graph,
                     const std::vector<graph::TensorType> &args,
                     graph::Graph &out, std::string &error,
                     const std::string &file);

/// The cache key of a specialization: the argument shapes.
std::string specializationKey(const std::vector<graph::TensorType> &args);

} // namespace kiln::tf
