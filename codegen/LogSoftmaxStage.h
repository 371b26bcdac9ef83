// Grappler's LogSoftmaxStage on a traced graph (LogSoftmaxStage.cpp).
#pragma once

#include "Graph.h"

namespace kiln {

/// Log(Softmax(x)) becomes LogSoftmax(x), as TensorFlow's arithmetic
/// optimizer rewrites it when the Log is the softmax's only consumer (after
/// CSE, so every consumer is a Log, one after the merge): the result is
/// then the LogSoftmax kernel's, not the log of the rounded probabilities.
void fuseLogSoftmax(graph::Graph &g);

} // namespace kiln
