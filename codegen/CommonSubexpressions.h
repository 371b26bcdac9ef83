// Grappler's common subexpression elimination on a traced graph
// (CommonSubexpressions.cpp).
#pragma once

#include "Graph.h"

namespace kiln {

/// Merges the copies of an expression in `g` into its first occurrence, as
/// grappler's CSE does before constant folding: equal constants, and ops
/// without state or effects on equal inputs (AddV2 and Mul in either
/// operand order) with equal attrs, in one region. A copy's consumers read
/// the first occurrence, so the rewrites after it count the merged uses;
/// the copy becomes a NoOp (the function's output Identities are kept).
void eliminateCommonSubexpressions(graph::Graph &g);

} // namespace kiln
