// The graph stage of `kiln dump`.
#pragma once

#include "Graph.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace kiln {

/// The node list of TensorFlow's as_graph_def() as text, one `node { }`
/// per node; control-flow regions nested inside their node.
void dumpGraphText(const graph::Graph &g, std::ostream &out);

/// A concrete function to dump with others (dot, JSON).
struct DotFunction {
  std::string label; // the concrete function's signature
  const graph::Graph *graph;
};

/// Concrete functions as one JSON array: per function its signature, its
/// node list as dumpGraphText's (name, op, inputs, output types, line,
/// control-flow regions nested) and its results.
void dumpGraphsJson(const std::vector<DotFunction> &functions,
                    std::ostream &out);

/// Concrete functions as one Graphviz digraph (one file `dot` renders): a
/// cluster per function, a box per node (name, op, output types), an edge
/// per input, a cluster per control-flow region.
void dumpGraphsDot(const std::vector<DotFunction> &functions,
                   std::ostream &out);

} // namespace kiln
