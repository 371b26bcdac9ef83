// Attributes the tracer puts on the results of an inlined tf.function call
// (TfFunction.cpp), for codegen's failure tracking (EmitFailedWrites.cpp).
// TensorFlow calls the callee as one op, whose results exist only once all
// of it ran: what reads them from outside waits for the whole callee.
#pragma once

namespace kiln::graph {

/// On a callee result inlined into the caller's graph: the names of the
/// callee's nodes that must all run before a node outside the callee reads
/// it (its Asserts, its control flow and its results).
inline constexpr const char *kCallDone = "_call_done";
/// With kCallDone: the callee's nodes in the caller's graph, as the node
/// range [first, end).
inline constexpr const char *kCallNodes = "_call_nodes";

} // namespace kiln::graph
