// tf.data: eager input pipelines (TfData.cpp), and loops over them inside
// a tf.function (TfDataLoops.cpp).
#pragma once

#include "Graph.h"
#include "Value.h"

#include <vector>

namespace kiln::py {
class Interpreter;
}

namespace kiln::tf {

class TfRuntime;
class ModuleBuilder;

/// tf.data: Dataset with its sources (from_tensor_slices, from_tensors,
/// range, zip, random) and transformations, iterators and optionals,
/// Options, and the AUTOTUNE and cardinality constants (also under
/// tf.data.experimental).
void installData(TfRuntime &rt, ModuleBuilder &tf);

// ---- datasets and iterators inside a tf.function (TfDataLoops.cpp) ----

bool isDataset(const py::Value &v);
/// A dataset or a dataset's iterator: what a staged `for` reads.
bool isLoopSource(const py::Value &v);
/// The TraceType of a dataset or iterator argument: its DatasetSpec or
/// IteratorSpec, by element_spec.
std::string sourceTraceKey(py::Interpreter &in, const py::Value &source);
/// The DatasetSpec of `dataset`, as a concrete function's signature shows
/// a dataset argument.
py::Value datasetSpecOf(const py::Value &dataset);
bool isDatasetSpec(const py::Value &v);
/// The types of the tensors of `source`'s elements, flattened: the loop
/// body's placeholders. Raises when an element holds something kiln
/// cannot pass to compiled code (a nested dataset).
std::vector<graph::TensorType> loopElementTypes(TfRuntime &rt,
                                                const py::Value &source);
/// An element of `source` made of `leaves` (one per loopElementTypes).
py::Value loopElement(TfRuntime &rt, const py::Value &source,
                      const py::ValueList &leaves);
/// A dataset element's tensors (in tuples and dicts, in order), and the
/// element `structure` with its leaves replaced by `leaves`.
py::ValueList flattenElement(py::Interpreter &in, const py::Value &v);
py::Value rebuildElement(py::Interpreter &in, const py::Value &structure,
                         const py::ValueList &leaves);
/// Keeps `source` for the ReduceDataset node that iterates it, whose loop
/// carries `state` tensors; returns the node's "source" attr, and in
/// `graphInputs` the graph tensors the trace's datasets were built from,
/// which the node takes as its first inputs.
int64_t keepLoopSource(TfRuntime &rt, const py::Value &source, size_t state,
                       py::ValueList &graphInputs);
/// Lets staged graphs read the sources kept (StagedGraph::openSource).
void installDatasetLoops(TfRuntime &rt);
/// The datasets and iterators among the arguments `v` of a tf.function
/// call (in lists, tuples, dicts and namedtuples), in a fixed order,
/// appended to `out`.
void collectDatasets(py::Interpreter &in, const py::Value &v,
                     py::ValueList &out);

/// While it lives, the loops of a trace made for datasets and iterators
/// `traced` read `given` (one for one) instead: a call of the trace with
/// others of the same element_spec.
class DatasetBinding {
public:
  DatasetBinding(const py::ValueList &traced, const py::ValueList &given);
  ~DatasetBinding();
  DatasetBinding(const DatasetBinding &) = delete;
  DatasetBinding &operator=(const DatasetBinding &) = delete;

private:
  size_t pushed_ = 0;
};

} // namespace kiln::tf
