// A `for` over a tf.data dataset inside a tf.function. TensorFlow stages
// the iteration into the graph (AutoGraph's dataset loop is a reduce over
// the dataset, a ReduceDataset op), so every call of the function reads
// the pipeline afresh and the body is traced once. kiln traces the body
// once as well, over placeholders of the element_spec (Staging.cpp), and
// keeps the dataset: when the function runs, the host opens a new
// iterator on it and runs the compiled body on each element
// (StagedGraph.cpp).
#include "StagedGraph.h"
#include "TfData.h"
#include "TfDataset.h"
#include "TfObjects.h"

namespace kiln::tf {

using namespace data;

namespace {

struct KeptDataset {
  Value dataset;
  size_t state; // tensors the loop carries (for error messages)
};

/// The datasets of traced loops, by id. They stay as long as the
/// runtime's concrete functions do, which is the whole run, so they are
/// never released (nor destroyed after the interpreter at exit).
std::vector<KeptDataset> &keptDatasets() {
  static auto *kept = new std::vector<KeptDataset>();
  return *kept;
}

/// The bindings of the calls running, innermost last: a traced dataset
/// and the one the call iterates instead.
std::vector<std::pair<const void *, Value>> &bindings() {
  static auto *stack = new std::vector<std::pair<const void *, Value>>();
  return *stack;
}

/// The dataset a loop kept as `dataset` iterates in the call running.
Value boundDataset(const Value &dataset) {
  auto &stack = bindings();
  for (auto it = stack.rbegin(); it != stack.rend(); ++it)
    if (it->first == dataset.raw())
      return it->second;
  return dataset;
}

} // namespace

DatasetBinding::DatasetBinding(const ValueList &traced,
                               const ValueList &given) {
  for (size_t i = 0; i < traced.size() && i < given.size(); ++i)
    if (traced[i].raw() != given[i].raw()) {
      bindings().emplace_back(traced[i].raw(), given[i]);
      ++pushed_;
    }
}

DatasetBinding::~DatasetBinding() {
  bindings().resize(bindings().size() - pushed_);
}

void collectDatasets(Interpreter &in, const Value &v, ValueList &out) {
  if (isDataset(v)) {
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

Value datasetSpecOf(const Value &dataset) {
  auto spec = std::make_shared<DatasetSpecObject>();
  spec->elementSpec = asDataset(dataset)->spec;
  return Value::object(py::Type::Native, spec);
}

bool isDatasetSpec(const Value &v) {
  return v.is(py::Type::Native) &&
         dynamic_cast<DatasetSpecObject *>(v.raw()) != nullptr;
}

std::vector<TensorType> loopElementTypes(TfRuntime &rt, const Value &dataset) {
  std::vector<TensorType> types;
  for (const Value &leaf : flatten(rt.in, asDataset(dataset)->spec)) {
    auto *spec = leaf.is(py::Type::Native)
                     ? dynamic_cast<TensorSpecObject *>(leaf.raw())
                     : nullptr;
    if (!spec)
      rt.raise("UnimplementedError",
               "kiln cannot iterate a dataset whose elements hold " +
                   rt.in.repr(leaf) + " inside a tf.function yet");
    types.push_back(spec->type);
  }
  return types;
}

Value loopElement(TfRuntime &rt, const Value &dataset,
                  const ValueList &leaves) {
  return rebuild(rt.in, asDataset(dataset)->spec, leaves);
}

int64_t keepLoopDataset(TfRuntime &, const Value &dataset, size_t state) {
  keptDatasets().push_back({dataset, state});
  return static_cast<int64_t>(keptDatasets().size() - 1);
}

void installDatasetLoops(TfRuntime &rt) {
  TfRuntime *r = &rt;
  StagedGraph::openDataset = [r](int64_t id) -> StagedGraph::ElementSource {
    const KeptDataset &kept = keptDatasets().at(id);
    Value dataset = boundDataset(kept.dataset);
    auto next = std::make_shared<NextFn>(asDataset(dataset)->open(r->in));
    size_t state = kept.state;
    return [r, dataset, state, next](std::vector<HostTensorPtr> &element) {
      Interpreter &in = r->in;
      Value v;
      try {
        if (!(*next)(in, v))
          return false;
      } catch (py::PyException &e) {
        // An error in the pipeline's functions reads as one that reached
        // the reduce the loop is.
        std::string n = std::to_string(state);
        rewriteFunctionError(*r, e, Consumer::Reduce,
                             "ReduceDataset_Targuments_0_Tstate_" + n +
                                 "_output_types_" + n,
                             *asDataset(dataset)->segment);
        throw;
      }
      for (const Value &t : flatten(in, v))
        element.push_back(r->tensor(t).value);
      return true;
    };
  };
}

} // namespace kiln::tf
