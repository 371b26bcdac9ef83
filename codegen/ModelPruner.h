// Grappler's model pruner on a traced graph (ModelPruner.cpp).
#pragma once

#include "Graph.h"

#include <vector>

namespace kiln {

/// Makes the consumers of `g`'s trivial nodes (Identity, StopGradient) read
/// the trivial node's input instead, as grappler's first pass does before
/// its arithmetic rewrites look at trees of operations. The function's
/// results keep their nodes.
void bypassTrivialNodes(graph::Graph &g);

/// Grappler's constant folding drops an addition of constant zeros that do
/// not broadcast (x + 0, 0 + x, x - 0 become x): the zero's rounding is
/// gone, so -0.0 stays -0.0. Runs before bypassTrivialNodes, which then
/// removes the Identity each leaves.
void dropAdditiveZeros(graph::Graph &g);

/// The nodes a call runs: those the results, the effects (nodes without
/// outputs, and the control flow around them) and the regions of live
/// control flow read. TensorFlow prunes the others from a function before
/// grappler counts a node's consumers.
std::vector<bool> liveNodes(const graph::Graph &g);

/// graph::Graph::useCounts over the live nodes only: a use by a node that
/// never runs does not keep a node out of its consumer's tree.
std::vector<int> liveUseCounts(const graph::Graph &g,
                               const std::vector<bool> &live,
                               std::vector<int> *lastUser = nullptr);

} // namespace kiln
