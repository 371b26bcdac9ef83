// The graph stage of `kiln dump`.
#pragma once

#include "Graph.h"

#include <iosfwd>

namespace kiln {

/// The node list of TensorFlow's as_graph_def() as text, one `node { }`
/// per node; control-flow regions nested inside their node.
void dumpGraphText(const graph::Graph &g, std::ostream &out);

/// The graph as one Graphviz digraph: a box per node (name, op, output
/// types), an edge per input, a cluster per control-flow region.
void dumpGraphDot(const graph::Graph &g, std::ostream &out);

} // namespace kiln
