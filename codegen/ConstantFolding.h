// Which nodes of a traced graph TensorFlow's graph optimizer folds into
// constants (ConstantFolding.cpp).
#pragma once

#include "Graph.h"

#include <vector>

namespace kiln {

/// For each node of `g`, whether grappler's constant folding replaces it by
/// a constant before its arithmetic rewrites run: a stateless op whose
/// inputs all fold (constants at the start), or a shape of a tensor whose
/// shape is static. Such a node computes each op as its kernel does, so
/// kiln's emulation of those rewrites must leave it alone.
std::vector<bool> foldableNodes(const graph::Graph &g);

} // namespace kiln
