// What the files of tf.data share (TfData.cpp, TfDataSources.cpp,
// TfDataShuffle.cpp, TfDataTransforms.cpp, TfDataFunctions.cpp): datasets,
// their element structures and the transformations the Dataset methods
// build. Included by those files only.
#pragma once

#include "Interpreter.h"
#include "Native.h"
#include "TfRuntime.h"

#include <functional>
#include <memory>
#include <string>

namespace kiln::tf {

struct TensorSpecObject;
struct TfFunction;

namespace data {

constexpr int64_t kInfinite = -1;
constexpr int64_t kUnknown = -2;
constexpr int64_t kAutotune = -1;

/// Produces the next element (a structure of eager tensors); false at the
/// end.
using NextFn = std::function<bool(Interpreter &, Value &)>;

// ---- structures of elements (TfData.cpp) ----
//
// Elements are tensors in tuples and dicts (a list given to a source is one
// tensor, as in TensorFlow). Walks keep a dict's key order, so flattening
// and rebuilding agree.

bool isStructure(const Value &v);
ValueList flatten(Interpreter &in, const Value &v);
/// `v` flattened as far as `structure` goes: one value per leaf of
/// `structure`, whatever the value there is (a list of sizes for a shape,
/// a list for a tensor). Lists and tuples stand for each other.
ValueList flattenUpTo(Interpreter &in, const Value &structure, const Value &v);
/// `structure` with its leaves replaced by `flat`; lists come back as
/// tuples.
Value rebuild(Interpreter &in, const Value &structure, const ValueList &flat);
/// A source's argument as an element structure: tuples and dicts of
/// tensors, everything else (a list included) converted to one tensor.
Value normalize(TfRuntime &rt, const Value &v);
/// Whether `v`, a source's argument, is a graph tensor of the trace being
/// made, which the dataset reads when a call opens it (noteGraphTensor);
/// one of an enclosing trace is kiln's UnimplementedError.
bool noteSourceTensor(TfRuntime &rt, const Value &v);
const TensorType &typeOf(TfRuntime &rt, const Value &tensor);
/// The element_spec of an element: its structure with a TensorSpec per
/// tensor.
Value specOf(TfRuntime &rt, const Value &element);
TensorSpecObject &specLeaf(const Value &v);
/// `spec` with each TensorSpec's type changed by `f`.
Value mapSpecs(Interpreter &in, const Value &spec,
               const std::function<TensorType(const TensorType &)> &f);
/// tf.NAME, as a script would call it.
Value tfAttr(Interpreter &in, const std::string &name);
/// An int64 scalar tensor.
Value int64Tensor(TfRuntime &rt, int64_t v);

// ---- datasets (TfData.cpp) ----

struct DatasetObject : py::NativeObject {
  TfRuntime *rt = nullptr;
  std::string className; // "_MapDataset"
  Value spec;            // element_spec
  int64_t cardinality = kUnknown;
  std::function<NextFn(Interpreter &)> open;
  Value options; // with_options' tf.data.Options, or None
  /// The name of its iterator in TensorFlow's error messages ("FiniteTake";
  /// see iteratorSegment), shared with the iterators open() makes.
  std::shared_ptr<std::string> segment;
  /// The count of dataset kernels made before it ("MapDataset:3").
  int64_t id = 0;
  /// Unique among all datasets ever made: what a dataset built on this one
  /// knows it by (openOf), which outlives it.
  uint64_t serial = 0;

  std::string typeName() const override { return className; }
  std::string typeModule() const override {
    return "tensorflow.python.data.ops.dataset_ops";
  }
  std::string repr(Interpreter &in, const Value &) override {
    return "<" + className + " element_spec=" + in.repr(spec) + ">";
  }
  bool getAttr(Interpreter &in, const Value &self, const std::string &name,
               Value &out) override;
  bool iter(Interpreter &in, const Value &self, Value &out) override;
  bool len(Interpreter &in, const Value &, int64_t &out) override;
  bool truthy(Interpreter &, const Value &, bool &out) override {
    out = true;
    return true;
  }
};

DatasetObject *asDataset(const Value &v);
/// What a dataset built on `d` opens it with: `d.open`, or, for one built
/// inside a tf.function while a call runs the trace with another dataset
/// argument in place of `d`, the open of the one the call passes
/// (DatasetBinding): so the datasets a function builds from its argument
/// read the call's.
std::function<NextFn(Interpreter &)> openOf(const DatasetObject &d);
/// The dataset or iterator the call running passes in place of the
/// traced `source`, or null (DatasetBinding, TfDataLoops.cpp).
const Value *boundSource(const Value &source);
Value makeDataset(TfRuntime &rt, std::string className, Value spec,
                  int64_t cardinality,
                  std::function<NextFn(Interpreter &)> open);
/// A dataset with `input`'s elements changed element by element.
Value derived(TfRuntime &rt, const DatasetObject &input, std::string className,
              Value spec, int64_t cardinality,
              std::function<NextFn(Interpreter &, NextFn)> wrap);
/// The error TensorFlow's eager dataset kernel `op` raises when it is
/// built with bad arguments.
[[noreturn]] void datasetError(TfRuntime &rt, const std::string &op,
                               const std::string &message);
/// A dataset of `elements`, given: the windows of window().
Value listDataset(TfRuntime &rt, std::string className, Value spec,
                  std::shared_ptr<const ValueList> elements);
/// TensorFlow's deprecation warning for a tf.data.experimental function,
/// once per function as TensorFlow's decorator warns.
void warnDeprecated(Interpreter &in, const std::string &fname,
                    const std::string &module, const std::string &instead);

/// A tf.data iterator (iter(dataset)), its element_spec, and its next
/// element as next() gives it eagerly (false at the end).
bool isDatasetIterator(const Value &v);
Value iteratorSpec(const Value &it);
bool pullIterator(Interpreter &in, const Value &it, Value &out);
/// A graph tensor (of the trace being made) that a dataset is built from:
/// the loops that read the trace's datasets take it as an input, and the
/// dataset reads its value when a call opens it (boundGraphTensor).
void noteGraphTensor(TfRuntime &rt, const Value &tensor);
/// `tensor`'s value in the call running, when it is a graph tensor a
/// dataset was built from (else `tensor` itself). Read anywhere else (an
/// iterator made while tracing, say), it is kiln's UnimplementedError.
Value boundGraphTensor(TfRuntime &rt, const Value &tensor);
/// Counts the calls of concrete functions (each makes a DatasetBinding):
/// what a dataset built inside a function, which TensorFlow builds anew on
/// each call, starts over on.
uint64_t functionCallSerial();
/// next(iterator) inside a tf.function: an IteratorGetNext node, which
/// pulls from the iterator each time the function runs (TfDataLoops.cpp).
Value stageIteratorNext(TfRuntime &rt, const Value &iterator);
/// get_single_element inside a tf.function: a DatasetToSingleElement node.
Value stageSingleElement(TfRuntime &rt, const Value &dataset);

/// The spec of a window: a DatasetSpec of the input's element_spec.
struct DatasetSpecObject : py::NativeObject {
  Value elementSpec;
  std::string typeName() const override { return "DatasetSpec"; }
  std::string repr(Interpreter &in, const Value &) override {
    return "DatasetSpec(" + in.repr(elementSpec) + ", TensorShape([]))";
  }
  bool getAttr(Interpreter &, const Value &, const std::string &name,
               Value &out) override {
    if (name != "element_spec")
      return false;
    out = elementSpec;
    return true;
  }
};

/// A fresh iterator's next function for `d`; kiln runs pipelines eagerly
/// only, so inside a tf.function (where TensorFlow stages the iteration
/// into the graph) this is NotImplementedError.
NextFn openChecked(TfRuntime &rt, const DatasetObject &d, Interpreter &in);

// ---- errors in datasets' functions (TfDataErrors.cpp) ----

/// The consumers that run a pipeline, each TensorFlow kernel quoting a
/// function's error in its own way.
enum class Consumer { Iterator, Reduce, SingleElement };

/// The iterator name of a dataset class in TensorFlow's messages ("" for
/// those that name themselves with an index, and sources).
std::string iteratorSegment(const std::string &className);
/// A map's: ParallelMapV2 once tf.data parallelizes it, unless `fn` is
/// stateful.
std::string mapSegment(const TfFunction &fn);
bool isStatefulFunction(const TfFunction &fn);
/// Counts `n` dataset kernels made; returns the count before them.
int64_t countDatasetKernels(int64_t n);
/// Marks `e`, raised by a dataset's function, as a function error of
/// `transformation` ("MapDataset:3"; "" for the kernels that quote the
/// op's message bare: scan, take_while, reduce).
void tagFunctionError(TfRuntime &rt, const py::PyException &e,
                      const std::string &transformation);
/// Adds an iterator to the path of a function error passing through it;
/// `indexed`: the dataset's own iterator adds no second segment.
void addSegment(const py::PyException &e, const std::string &segment,
                bool indexed = false);
/// `next`, adding `segment()` to the function errors passing through.
NextFn throughSegment(NextFn next, std::function<std::string()> segment,
                      bool indexed = true);
/// Gives a function error TensorFlow's text for `consumer`, whose kernel
/// is `kernel` ("IteratorGetNext_output_types_1") and whose pipeline ends
/// in an iterator named `topSegment`.
void rewriteFunctionError(TfRuntime &rt, const py::PyException &e,
                          Consumer consumer, const std::string &kernel,
                          const std::string &topSegment);

// ---- sources (TfDataSources.cpp) ----

Value fromTensorSlices(TfRuntime &rt, const Value &tensors);
Value fromTensors(TfRuntime &rt, const Value &tensors);
Value rangeDataset(TfRuntime &rt, CallArgs &args);
/// Dataset.zip: a (nested) tuple or dict of datasets.
Value zipDatasets(TfRuntime &rt, const Value &datasets);
Value fromGenerator(TfRuntime &rt, CallArgs &args);
/// tf.data.TextLineDataset(filenames, ...): the lines of the files, in
/// order, as string scalars (TfDataSources.cpp).
Value textLineDataset(TfRuntime &rt, CallArgs &args);
/// Dataset.list_files(file_pattern, shuffle, seed, name): the files that
/// match, sorted, shuffled unless shuffle=False (TfCsvDataset.cpp).
Value listFiles(TfRuntime &rt, CallArgs &args);
/// tf.data.experimental.CsvDataset(filenames, record_defaults, ...): the
/// records of CSV files as tuples of scalars (TfCsvDataset.cpp).
Value csvDataset(TfRuntime &rt, CallArgs &args);

// ---- shuffle and random (TfDataShuffle.cpp) ----

Value shuffle(TfRuntime &rt, const DatasetObject &d, CallArgs &args);
Value randomDataset(TfRuntime &rt, CallArgs &args);

/// While a transformation opens its input to learn the element_spec from a
/// first element (flat_map, interleave): that look must not change what the
/// pipeline does later, so shuffles keep their seeds, and its output is
/// dropped.
struct ProbeScope {
  explicit ProbeScope(Interpreter &in);
  ~ProbeScope();
  ProbeScope(const ProbeScope &) = delete;
  ProbeScope &operator=(const ProbeScope &) = delete;
  py::DiscardOutput out, err;
};
/// Whether a ProbeScope is open.
bool probingFirstElement();

// ---- transformations (TfDataTransforms.cpp) ----

Value batch(TfRuntime &rt, const DatasetObject &d, CallArgs &args);
Value unbatch(TfRuntime &rt, const DatasetObject &d);
Value paddedBatch(TfRuntime &rt, const DatasetObject &d, CallArgs &args);
Value take(TfRuntime &rt, const DatasetObject &d, int64_t count);
Value skip(TfRuntime &rt, const DatasetObject &d, int64_t count);
Value repeat(TfRuntime &rt, const DatasetObject &d, int64_t count);
Value concatenate(TfRuntime &rt, const DatasetObject &a,
                  const DatasetObject &b);
Value cache(TfRuntime &rt, const DatasetObject &d);
Value shard(TfRuntime &rt, const DatasetObject &d, int64_t shards,
            int64_t index);
Value window(TfRuntime &rt, const DatasetObject &d, CallArgs &args);
Value unique(TfRuntime &rt, const DatasetObject &d);
Value chooseFromDatasets(TfRuntime &rt, const Value &datasets,
                         const Value &choices, bool stopOnEmpty);
/// The element of a dataset of exactly one element (a node that reads it
/// when the function runs, inside a tf.function).
Value singleElement(TfRuntime &rt, const Value &dataset);

// ---- transformations with user functions (TfDataFunctions.cpp) ----

Value mapDataset(TfRuntime &rt, const DatasetObject &d, CallArgs &args);
/// filter (and take_while, `stopAtFalse`): elements while the predicate
/// holds.
Value filterDataset(TfRuntime &rt, const DatasetObject &d, const Value &pred,
                    const std::string &className, bool stopAtFalse);
/// Eagerly, or staged inside a tf.function (stageDatasetReduce).
Value reduceDataset(TfRuntime &rt, const Value &dataset, CallArgs &args);
Value scanDataset(TfRuntime &rt, const DatasetObject &d, const Value &initial,
                  const Value &scanFn);
Value flatMap(TfRuntime &rt, const DatasetObject &d, const Value &fn);
Value interleave(TfRuntime &rt, const DatasetObject &d, CallArgs &args);

} // namespace data
} // namespace kiln::tf
