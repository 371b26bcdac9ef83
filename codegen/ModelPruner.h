// Grappler's model pruner on a traced graph (ModelPruner.cpp).
#pragma once

#include "Graph.h"

namespace kiln {

/// Makes the consumers of `g`'s trivial nodes (Identity, StopGradient) read
/// the trivial node's input instead, as grappler's first pass does before
/// its arithmetic rewrites look at trees of operations. The function's
/// results keep their nodes.
void bypassTrivialNodes(graph::Graph &g);

} // namespace kiln
