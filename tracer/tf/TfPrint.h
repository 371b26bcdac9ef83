// tf.print (TensorFlow's print_v2): formatted now in eager code, recorded
// in the trace inside a tf.function.
#pragma once

#include "TfRuntime.h"

#include <string>
#include <vector>

namespace kiln::tf {

/// tf.print(*inputs, output_stream=, summarize=, sep=, end=, name=).
py::Value tfPrint(TfRuntime &rt, py::Interpreter &in, py::CallArgs &args);

/// What tf.print writes for one tensor. A scalar string is printed raw when
/// it is tf.print's only argument and quoted otherwise (`quoteScalarString`),
/// like the elements of string arrays.
std::string printedTensor(const graph::HostTensor &t, int64_t summarize,
                          bool quoteScalarString);

/// The line of a recorded tf.print, given the graph's results.
std::string renderPrint(const TracedPrint &print,
                        const std::vector<HostTensorPtr> &results);

} // namespace kiln::tf
