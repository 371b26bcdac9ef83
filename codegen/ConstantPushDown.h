// Grappler's ConstantPushDown on a traced graph (ConstantPushDown.cpp).
#pragma once

#include "Graph.h"

namespace kiln {

/// Moves constants down trees of additions and multiplications in `g` and
/// folds them, as TensorFlow's graph optimizer does before running a
/// tf.function.
void pushDownConstants(graph::Graph &g);

} // namespace kiln
