// An attribute the tracer puts on the row gathers a slice with run-time
// indices becomes (TfOps.cpp, stridedSlice): `x[i, j]` is one StridedSlice
// in TensorFlow, which checks every index, and two GatherV2 nodes in
// kiln's graph. The second reports a bad index as the first one's error
// (its errorName) on the dimension it indexes.
#pragma once

namespace kiln::graph {

/// On a row gather after the first: the dimension of the sliced tensor
/// that its index picks (an int64), for the error's "of dimension d".
inline constexpr const char *kSliceDimension = "_slice_dimension";

} // namespace kiln::graph
