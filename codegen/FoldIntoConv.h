// Grappler's folds of constant scales into a convolution's constant filter
// (FoldIntoConv.cpp).
#pragma once

#include "Graph.h"

namespace kiln {

/// Conv2D(x * s, K) becomes Conv2D(x, K * s) (the arithmetic optimizer's
/// FoldMultiplyIntoConv) and Conv2D(x, K) * C becomes Conv2D(x, K * C)
/// (constant folding's MulConvPushDown), for a constant filter K, with the
/// new filter computed in its float type as grappler folds it. Runs after
/// pushDownConstants, which has made divisions by constants
/// multiplications by their reciprocals where grappler does.
void foldScalesIntoConv(graph::Graph &g);

} // namespace kiln
