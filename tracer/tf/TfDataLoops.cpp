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
};

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

DatasetBinding::DatasetBinding(const ValueList &traced,
                               const ValueList &given) {
  for (size_t i = 0; i < traced.size() && i < given.size(); ++i)
    if (traced[i].raw() != given[i].raw()) {
      bindings().emplace_back(traced[i], given[i]);
      ++pushed_;
    }
}

DatasetBinding::~DatasetBinding() {
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

int64_t keepLoopSource(const Value &source, size_t state) {
  keptSources().push_back({source, state});
  return static_cast<int64_t>(keptSources().size() - 1);
}

Value data::stageIteratorNext(TfRuntime &rt, const Value &iterator) {
  Value spec = iteratorSpec(iterator);
  ValueList leaves = rt.applyMulti("IteratorGetNext", {},
                                   {{"source", keepLoopSource(iterator, 0)}},
                                   elementTypes(rt, spec), "IteratorGetNext");
  return rebuild(rt.in, spec, leaves);
}

Value data::stageSingleElement(TfRuntime &rt, const Value &dataset) {
  Value spec = asDataset(dataset)->spec;
  ValueList leaves = rt.applyMulti(
      "DatasetToSingleElement", {}, {{"source", keepLoopSource(dataset, 0)}},
      elementTypes(rt, spec), "DatasetToSingleElement");
  return rebuild(rt.in, spec, leaves);
}

void installDatasetLoops(TfRuntime &rt) {
  TfRuntime *r = &rt;
  StagedGraph::openSource = [r](int64_t id) -> StagedGraph::ElementSource {
    const KeptSource &kept = keptSources().at(id);
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
    return [r, next, state, segment](std::vector<HostTensorPtr> &element) {
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
