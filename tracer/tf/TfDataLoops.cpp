// tf.data inside a tf.function. TensorFlow stages the iteration into the
// graph: AutoGraph's loop over a dataset is a reduce over it (a
// ReduceDataset op), so every call of the function reads the pipeline
// afresh and the body is traced once; a loop over an iterator, and
// next(iterator), read on from where the iterator is. kiln traces the body
// once as well, over placeholders of the element_spec (Staging.cpp), and
// keeps the dataset or iterator: when the function runs, the host pulls
// the elements from it and runs the compiled body on each
// (StagedGraph.cpp).
#include "StagedGraph.h"
#include "TfData.h"
#include "TfDataset.h"
#include "TfObjects.h"

namespace kiln::tf {

using namespace data;

namespace {

struct KeptSource {
  Value source; // a dataset or an iterator
  size_t state; // tensors the loop carries (for error messages)
  /// The graph tensors the datasets of its trace were built from: the
  /// node's first inputs, whose values the call binds them to.
  ValueList graphInputs;
};

/// The graph tensors datasets were built from while tracing, with the
/// trace (which may end, and its address be reused by another).
struct TraceInputs {
  std::weak_ptr<TraceState> trace;
  ValueList tensors;
};

std::map<const TraceState *, TraceInputs> &traceInputs() {
  static auto *inputs = new std::map<const TraceState *, TraceInputs>();
  return *inputs;
}

/// The values the calls running bind graph tensors of datasets to, by
/// tensor, with the count of the loops reading them.
std::map<const void *, std::pair<Value, int>> &graphTensorValues() {
  static auto *values = new std::map<const void *, std::pair<Value, int>>();
  return *values;
}

/// Binds a loop's graph tensors while it reads its source (its sources'
/// iterators may open their inputs lazily), and no longer: a dataset read
/// outside such a loop has no values for them.
class GraphTensorBinding {
public:
  GraphTensorBinding(TfRuntime &rt, const ValueList &tensors,
                     const std::vector<HostTensorPtr> &values) {
    for (size_t k = 0; k < tensors.size() && k < values.size(); ++k) {
      auto &slot = graphTensorValues()[tensors[k].raw()];
      slot.first = rt.eager(values[k]);
      ++slot.second;
      keys_.push_back(tensors[k].raw());
    }
  }
  ~GraphTensorBinding() {
    for (const void *key : keys_) {
      auto it = graphTensorValues().find(key);
      if (it != graphTensorValues().end() && --it->second.second == 0)
        graphTensorValues().erase(it);
    }
  }
  GraphTensorBinding(const GraphTensorBinding &) = delete;
  GraphTensorBinding &operator=(const GraphTensorBinding &) = delete;

private:
  std::vector<const void *> keys_;
};

/// The graph tensors the datasets of the trace being made were built from.
ValueList currentTraceInputs(TfRuntime &rt) {
  if (!rt.tracing)
    return {};
  auto it = traceInputs().find(rt.tracing);
  if (it == traceInputs().end() || it->second.trace.lock().get() != rt.tracing)
    return {};
  return it->second.tensors;
}

/// The datasets and iterators of traced loops, by id. They stay as long
/// as the runtime's concrete functions do, which is the whole run, so
/// they are never released (nor destroyed after the interpreter at exit).
std::vector<KeptSource> &keptSources() {
  static auto *kept = new std::vector<KeptSource>();
  return *kept;
}

/// The bindings of the calls running, innermost last: a dataset or
/// iterator of a trace and the one the call passes instead.
std::vector<std::pair<Value, Value>> &bindings() {
  static auto *stack = new std::vector<std::pair<Value, Value>>();
  return *stack;
}

/// The dataset the call running passes in place of the one with `serial`.
const Value *boundDataset(uint64_t serial) {
  auto &stack = bindings();
  for (auto it = stack.rbegin(); it != stack.rend(); ++it)
    if (DatasetObject *d = asDataset(it->first); d && d->serial == serial)
      return &it->second;
  return nullptr;
}

Value elementSpecOf(const Value &source) {
  return isDatasetIterator(source) ? iteratorSpec(source)
                                   : asDataset(source)->spec;
}

/// The types of the tensors of elements of `spec`, flattened.
std::vector<TensorType> elementTypes(TfRuntime &rt, const Value &spec) {
  std::vector<TensorType> types;
  for (const Value &leaf : flatten(rt.in, spec)) {
    auto *t = leaf.is(py::Type::Native)
                  ? dynamic_cast<TensorSpecObject *>(leaf.raw())
                  : nullptr;
    if (!t)
      rt.raise("UnimplementedError",
               "kiln cannot iterate a dataset whose elements hold " +
                   rt.in.repr(leaf) + " inside a tf.function yet");
    types.push_back(t->type);
  }
  return types;
}

} // namespace

const Value *data::boundSource(const Value &source) {
  if (DatasetObject *d = asDataset(source))
    return boundDataset(d->serial);
  auto &stack = bindings();
  for (auto it = stack.rbegin(); it != stack.rend(); ++it)
    if (it->first.raw() == source.raw())
      return &it->second;
  return nullptr;
}

std::function<NextFn(Interpreter &)> data::openOf(const DatasetObject &d) {
  // Only a dataset built inside a function can stand on a traced argument
  // (one built outside opens what it was built on: the dataset a call
  // passes may be built on the traced one).
  if (!d.rt->tracing)
    return d.open;
  uint64_t serial = d.serial;
  auto open = d.open;
  return [serial, open](Interpreter &in) {
    if (const Value *bound = boundDataset(serial))
      return asDataset(*bound)->open(in);
    return open(in);
  };
}

/// The outermost calls so far, and the calls running (a map function's,
/// say, runs inside its caller's).
static uint64_t callSerial = 0;
static int callDepth = 0;

uint64_t data::functionCallSerial() { return callSerial; }

DatasetBinding::DatasetBinding(const ValueList &traced,
                               const ValueList &given) {
  if (callDepth++ == 0)
    ++callSerial;
  for (size_t i = 0; i < traced.size() && i < given.size(); ++i)
    if (traced[i].raw() != given[i].raw()) {
      bindings().emplace_back(traced[i], given[i]);
      ++pushed_;
    }
}

DatasetBinding::~DatasetBinding() {
  --callDepth;
  bindings().resize(bindings().size() - pushed_);
}

void collectDatasets(Interpreter &in, const Value &v, ValueList &out) {
  if (isLoopSource(v)) {
    out.push_back(v);
    return;
  }
  if (v.is(py::Type::List) || v.is(py::Type::Tuple)) {
    for (const Value &item : in.toList(v))
      collectDatasets(in, item, out);
    return;
  }
  if (v.is(py::Type::Dict)) {
    // By key, as the trace key orders a dict's items.
    for (auto &[key, item] : sortedItems(in, v))
      collectDatasets(in, item, out);
    return;
  }
  if (auto *t = v.is(py::Type::Native)
                    ? dynamic_cast<NamedTupleObject *>(v.raw())
                    : nullptr)
    for (const Value &item : t->values)
      collectDatasets(in, item, out);
}

bool isDataset(const Value &v) { return asDataset(v) != nullptr; }

bool isLoopSource(const Value &v) {
  return isDataset(v) || isDatasetIterator(v);
}

std::string sourceTraceKey(Interpreter &in, const Value &source) {
  return (isDataset(source) ? "DatasetSpec(" : "IteratorSpec(") +
         in.repr(elementSpecOf(source)) + ")";
}

Value datasetSpecOf(const Value &dataset) {
  auto spec = std::make_shared<DatasetSpecObject>();
  spec->elementSpec = asDataset(dataset)->spec;
  return Value::object(py::Type::Native, spec);
}

bool isDatasetSpec(const Value &v) {
  return v.is(py::Type::Native) &&
         dynamic_cast<DatasetSpecObject *>(v.raw()) != nullptr;
}

std::vector<TensorType> loopElementTypes(TfRuntime &rt, const Value &source) {
  return elementTypes(rt, elementSpecOf(source));
}

Value loopElement(TfRuntime &rt, const Value &source, const ValueList &leaves) {
  return rebuild(rt.in, elementSpecOf(source), leaves);
}

ValueList flattenElement(Interpreter &in, const Value &v) {
  return flatten(in, v);
}

Value rebuildElement(Interpreter &in, const Value &structure,
                     const ValueList &leaves) {
  return rebuild(in, structure, leaves);
}

int64_t keepLoopSource(TfRuntime &rt, const Value &source, size_t state,
                       ValueList &graphInputs) {
  graphInputs = currentTraceInputs(rt);
  keptSources().push_back({source, state, graphInputs});
  return static_cast<int64_t>(keptSources().size() - 1);
}

void data::noteGraphTensor(TfRuntime &rt, const Value &tensor) {
  TraceInputs &inputs = traceInputs()[rt.tracing];
  if (inputs.trace.lock().get() != rt.tracing) {
    inputs.trace = rt.tracing->weak_from_this();
    inputs.tensors.clear();
  }
  for (const Value &t : inputs.tensors)
    if (t.raw() == tensor.raw())
      return;
  inputs.tensors.push_back(tensor);
}

Value data::boundGraphTensor(TfRuntime &rt, const Value &tensor) {
  if (!rt.isTensor(tensor) || !rt.tensor(tensor).symbolic())
    return tensor;
  auto it = graphTensorValues().find(tensor.raw());
  if (it == graphTensorValues().end())
    rt.raise("UnimplementedError",
             "kiln reads a tf.data dataset built from graph tensors only "
             "with a for loop, reduce() or get_single_element() inside the "
             "function that built it");
  return it->second.first;
}

/// Node `op` reading kept source `source` (an IteratorGetNext or
/// DatasetToSingleElement): the element's tensors.
static Value stageRead(TfRuntime &rt, const std::string &op,
                       const Value &source, const Value &spec) {
  ValueList graphInputs;
  int64_t id = keepLoopSource(rt, source, 0, graphInputs);
  ValueList leaves = rt.applyMulti(
      op, graphInputs,
      {{"source", id}, {"graph_inputs", int64_t(graphInputs.size())}},
      elementTypes(rt, spec), op);
  return rebuild(rt.in, spec, leaves);
}

Value data::stageIteratorNext(TfRuntime &rt, const Value &iterator) {
  return stageRead(rt, "IteratorGetNext", iterator, iteratorSpec(iterator));
}

Value data::stageSingleElement(TfRuntime &rt, const Value &dataset) {
  return stageRead(rt, "DatasetToSingleElement", dataset,
                   asDataset(dataset)->spec);
}

void installDatasetLoops(TfRuntime &rt) {
  TfRuntime *r = &rt;
  StagedGraph::openSource = [r](int64_t id,
                                const std::vector<HostTensorPtr> &graphValues)
      -> StagedGraph::ElementSource {
    const KeptSource &kept = keptSources().at(id);
    // The graph tensors the pipeline was built from, as this call has them.
    auto binding =
        std::make_shared<GraphTensorBinding>(*r, kept.graphInputs, graphValues);
    const Value *bound = boundSource(kept.source);
    Value source = bound ? *bound : kept.source;
    size_t state = kept.state;
    Interpreter &in = r->in;
    // A dataset is read from its start by an iterator of its own; an
    // iterator reads on.
    NextFn next;
    std::string segment;
    if (isDatasetIterator(source)) {
      next = [source](Interpreter &in, Value &out) {
        return pullIterator(in, source, out);
      };
    } else {
      next = asDataset(source)->open(in);
      segment = *asDataset(source)->segment;
    }
    return [r, next, state, segment,
            binding](std::vector<HostTensorPtr> &element) {
      Interpreter &in = r->in;
      Value v;
      try {
        if (!next(in, v))
          return false;
      } catch (py::PyException &e) {
        // An error in the pipeline's functions reads as one that reached
        // the reduce the loop is (an iterator's own pull has said how
        // it reached the iterator already).
        if (!segment.empty()) {
          std::string n = std::to_string(state);
          rewriteFunctionError(*r, e, Consumer::Reduce,
                               "ReduceDataset_Targuments_0_Tstate_" + n +
                                   "_output_types_" + n,
                               segment);
        }
        throw;
      }
      for (const Value &t : flatten(in, v))
        element.push_back(r->tensor(t).value);
      return true;
    };
  };
}

} // namespace kiln::tf
