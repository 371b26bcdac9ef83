// String tensors on the host. MLIR has no string type, so ops on strings
// (identity, concatenation by +, equality, concat/stack, reshapes, slices,
// broadcast_to, gathers, TensorArray buffers) run here, eagerly and in traced
// graphs that contain strings. Such a graph runs here whole, so the ops that
// only move elements (and Where and Shape, which index them) have kernels for
// every dtype.
#pragma once

#include "Graph.h"

#include <map>
#include <string>
#include <vector>

namespace kiln::tf {

/// dst[to] = src[from], for host tensors of one dtype (strings too).
void copyElement(graph::HostTensor &dst, int64_t to,
                 const graph::HostTensor &src, int64_t from);

/// Whether node `n` of `graph` has a host kernel for its inputs' dtypes.
bool hasHostKernel(const graph::Graph &graph, const graph::Node &n);

/// Runs one node on host tensors; false when no kernel applies, or when
/// its input is out of range ("InvalidArgumentError: ..." then).
bool runHostKernel(const graph::Node &node,
                   const std::vector<graph::HostTensorPtr> &inputs,
                   graph::HostTensorPtr &out, std::string &error);

/// A kernel's failure "OutOfRangeError: message" split into TensorFlow's
/// exception class and the message; false for kiln's own failures (a
/// missing kernel), which name no class.
bool splitKernelError(const std::string &error, std::string &type,
                      std::string &message);

/// Whether `op` is one of tf.strings' ops (TfStringKernels.cpp), which
/// run on the host only.
bool isStringKernel(const std::string &op);

/// `text` parsed as a number of `dtype` (int32, int64, float32, float64)
/// into element `i` of `out`, as TensorFlow's safe_strto* parse it
/// (StringToNumber, DecodeCSV): surrounding whitespace allowed, the rest
/// must be the number. False when it is not one.
bool parseNumber(const std::string &text, graph::DType dtype,
                 graph::HostTensor &out, int64_t i);

/// runHostKernel for the ops isStringKernel names.
bool runStringKernel(const graph::Node &node,
                     const std::vector<graph::HostTensorPtr> &inputs,
                     graph::HostTensorPtr &out, std::string &error);

/// Runs a whole graph on the host (every node must have a kernel). Returns
/// false and sets `error` otherwise; a kernel's InvalidArgumentError reads
/// as TensorFlow's graph execution error, naming `file`.
bool runGraphOnHost(const graph::Graph &graph, const std::string &file,
                    const std::vector<graph::HostTensorPtr> &inputs,
                    std::vector<graph::HostTensorPtr> &outputs,
                    std::string &error);

/// What a failed call's results hold, from `values` (by node: the outputs
/// computed before the failure, in program order): each result's newest
/// version that was computed, following a variable's writes and loops back
/// to their inputs (the variable's value before them), or null. Only the
/// variables' results matter: TensorFlow keeps their writes that ran.
std::vector<graph::HostTensorPtr> resultsAfterFailure(
    const graph::Graph &graph,
    const std::vector<std::vector<graph::HostTensorPtr>> &values);

/// Whether a graph needs the host path (it has a string tensor).
bool graphHasStrings(const graph::Graph &graph);

/// For a graph whose string tensors are all computed from constants and
/// only returned or printed after the call (`tf.print("step", x)`, a
/// returned label): computes those results on the host into `folded`
/// (result index to value) and replaces them with numeric stand-ins, so
/// that the rest compiles. False, and the graph unusable, when a string
/// depends on an argument or feeds an op that compiled code runs.
bool foldStringResults(graph::Graph &graph,
                       std::map<size_t, graph::HostTensorPtr> &folded);

} // namespace kiln::tf
