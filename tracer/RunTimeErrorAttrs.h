// Attributes that make a node's graph::kRunTimeError depend on a size
// known only when the function runs. A TensorList kernel fails or not by
// the list's length: concatenating the elements of a list none of which
// was set fails unless the list is empty (and, with an unknown element
// shape, fails with another message when it is).
#pragma once

namespace kiln::graph {

/// int64: the input (an int32 scalar, the list's size) that decides. The
/// node's kRunTimeError fires only when that size is not 0; with a size
/// of 0 the node gives zeros of its type with that dimension 0.
inline constexpr const char *kRunTimeErrorSize = "_run_time_error_size";
/// With kRunTimeErrorSize, string: the error when the size is 0.
inline constexpr const char *kRunTimeErrorWhenEmpty =
    "_run_time_error_when_empty";

} // namespace kiln::graph
