// tf.data, eagerly. A Dataset is a recipe: its element_spec, its cardinality
// and a way to open a fresh iterator. Iterators pull eager tensors through
// the chain of transformations one element at a time, as TensorFlow's
// iterators do, so a pipeline's side effects (tf.print in a map function)
// happen while it is iterated.
//
// User functions (map, filter, reduce, scan, take_while) become tf.functions
// with the input's element_spec as their input signature and are traced
// once, when the transformation is built: Python side effects happen then,
// and the placeholders are named args_0, args_1, ... as TensorFlow's
// wrapper names them. Each element then runs the compiled function.
//
// shuffle reproduces TensorFlow's order bit for bit: ShuffleDatasetV3's
// buffer, one 32-bit Philox sample per element taken modulo the number of
// buffered elements, and a seed generator shared by the dataset's iterators
// that gives each new iterator (each epoch) seeds of its own.
#include "TfData.h"

#include "AttributedIterator.h"
#include "Philox.h"
#include "StdlibModules.h"
#include "TfFunction.h"
#include "TfModuleBuilder.h"
#include "TfObjects.h"
#include "TfOps.h"
#include "TfRandom.h"

#include <deque>
#include <random>
#include <set>
#include <thread>

namespace kiln::tf {

using py::Type;

namespace {

constexpr int64_t kInfinite = -1;
constexpr int64_t kUnknown = -2;
constexpr int64_t kAutotune = -1;

/// Produces the next element (a structure of eager tensors); false at the
/// end.
using NextFn = std::function<bool(Interpreter &, Value &)>;

// ---- structures of elements ----
//
// Elements are tensors in tuples and dicts (a list given to a source is one
// tensor, as in TensorFlow). Walks keep a dict's key order, so flattening
// and rebuilding agree.

bool isStructure(const Value &v) {
  return v.is(Type::Tuple) || v.is(Type::List) || v.is(Type::Dict);
}

void flatten(Interpreter &in, const Value &v, ValueList &out) {
  if (!isStructure(v)) {
    out.push_back(v);
    return;
  }
  if (v.is(Type::Dict)) {
    for (auto &key : in.toList(v))
      flatten(in, in.getItem(v, key), out);
    return;
  }
  for (auto &item : in.toList(v))
    flatten(in, item, out);
}

ValueList flatten(Interpreter &in, const Value &v) {
  ValueList out;
  flatten(in, v, out);
  return out;
}

/// `v` flattened as far as `structure` goes: one value per leaf of
/// `structure`, whatever the value there is (a list of sizes for a shape,
/// a list for a tensor). Lists and tuples stand for each other.
void flattenUpTo(Interpreter &in, const Value &structure, const Value &v,
                 ValueList &out) {
  if (!isStructure(structure)) {
    out.push_back(v);
    return;
  }
  auto mismatch = [&] {
    in.valueError("The two structures don't have the same nested structure."
                  "\n\nFirst structure: " +
                  in.repr(structure) + "\n\nSecond structure: " + in.repr(v));
  };
  if (structure.is(Type::Dict)) {
    if (!v.is(Type::Dict))
      mismatch();
    for (auto &key : in.toList(structure))
      flattenUpTo(in, in.getItem(structure, key), in.getItem(v, key), out);
    return;
  }
  if (!v.is(Type::Tuple) && !v.is(Type::List))
    mismatch();
  ValueList children = in.toList(structure), items = in.toList(v);
  if (children.size() != items.size())
    mismatch();
  for (size_t k = 0; k < children.size(); ++k)
    flattenUpTo(in, children[k], items[k], out);
}

ValueList flattenUpTo(Interpreter &in, const Value &structure, const Value &v) {
  ValueList out;
  flattenUpTo(in, structure, v, out);
  return out;
}

/// `structure` with its leaves replaced by flat[next...]; lists come back
/// as tuples.
Value rebuild(Interpreter &in, const Value &structure, const ValueList &flat,
              size_t &next) {
  if (!isStructure(structure))
    return flat.at(next++);
  if (structure.is(Type::Dict)) {
    Value d = in.dict();
    for (auto &key : in.toList(structure))
      in.setItem(d, key, rebuild(in, in.getItem(structure, key), flat, next));
    return d;
  }
  ValueList items;
  for (auto &item : in.toList(structure))
    items.push_back(rebuild(in, item, flat, next));
  return in.tuple(std::move(items));
}

Value rebuild(Interpreter &in, const Value &structure, const ValueList &flat) {
  size_t next = 0;
  return rebuild(in, structure, flat, next);
}

/// A source's argument as an element structure: tuples and dicts of
/// tensors, everything else (a list included) converted to one tensor.
Value normalize(TfRuntime &rt, const Value &v) {
  Interpreter &in = rt.in;
  if (v.is(Type::Tuple)) {
    ValueList items;
    for (auto &item : in.toList(v))
      items.push_back(normalize(rt, item));
    return in.tuple(std::move(items));
  }
  if (v.is(Type::Dict)) {
    Value d = in.dict();
    for (auto &key : in.toList(v))
      in.setItem(d, key, normalize(rt, in.getItem(v, key)));
    return d;
  }
  return rt.isTensor(v) ? v : rt.toTensor(v);
}

const TensorType &typeOf(TfRuntime &rt, const Value &tensor) {
  return rt.tensor(tensor).type;
}

/// The element_spec of an element: its structure with a TensorSpec per
/// tensor.
Value specOf(TfRuntime &rt, const Value &element) {
  ValueList leaves = flatten(rt.in, element);
  for (auto &leaf : leaves)
    leaf = tensorSpec(typeOf(rt, leaf));
  return rebuild(rt.in, element, leaves);
}

TensorSpecObject &specLeaf(const Value &v) {
  return *static_cast<TensorSpecObject *>(v.raw());
}

/// `spec` with each TensorSpec's shape changed by `f`.
Value mapSpecs(Interpreter &in, const Value &spec,
               const std::function<TensorType(const TensorType &)> &f) {
  ValueList leaves = flatten(in, spec);
  for (auto &leaf : leaves)
    leaf = tensorSpec(f(specLeaf(leaf).type));
  return rebuild(in, spec, leaves);
}

Value tfAttr(Interpreter &in, const std::string &name) {
  return in.getAttr(in.importModule("tensorflow"), name);
}

/// An int64 scalar tensor.
Value int64Tensor(TfRuntime &rt, int64_t v) {
  return rt.toTensor(Value::integer(v), DType::Int64);
}

// ---- datasets ----

struct DatasetObject : py::NativeObject {
  TfRuntime *rt = nullptr;
  std::string className; // "_MapDataset"
  Value spec;            // element_spec
  int64_t cardinality = kUnknown;
  std::function<NextFn(Interpreter &)> open;

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
  bool len(Interpreter &in, const Value &, int64_t &out) override {
    if (cardinality == kInfinite)
      in.typeError("The dataset is infinite.");
    if (cardinality < 0)
      in.typeError("The dataset length is unknown.");
    out = cardinality;
    return true;
  }
  bool truthy(Interpreter &, const Value &, bool &out) override {
    out = true;
    return true;
  }
};

using DatasetPtr = std::shared_ptr<DatasetObject>;

DatasetObject *asDataset(const Value &v) {
  return v.is(Type::Native) ? dynamic_cast<DatasetObject *>(v.raw()) : nullptr;
}

Value makeDataset(TfRuntime &rt, std::string className, Value spec,
                  int64_t cardinality,
                  std::function<NextFn(Interpreter &)> open) {
  auto d = std::make_shared<DatasetObject>();
  d->rt = &rt;
  d->className = std::move(className);
  d->spec = std::move(spec);
  d->cardinality = cardinality;
  d->open = std::move(open);
  return Value::object(Type::Native, d);
}

/// A dataset with `input`'s elements changed element by element.
Value derived(TfRuntime &rt, const DatasetObject &input, std::string className,
              Value spec, int64_t cardinality,
              std::function<NextFn(Interpreter &, NextFn)> wrap) {
  auto open = input.open;
  return makeDataset(
      rt, std::move(className), std::move(spec), cardinality,
      [open, wrap](Interpreter &in) { return wrap(in, open(in)); });
}

/// The error TensorFlow's eager dataset kernel `op` raises when it is
/// built with bad arguments.
[[noreturn]] void datasetError(TfRuntime &rt, const std::string &op,
                               const std::string &message) {
  rt.raise("InvalidArgumentError",
           eagerKernelPrefix(op) + message + eagerOpSuffix(op));
}

/// A dataset of `elements`, given: the windows of window() and what
/// from_generator's generator yields.
Value listDataset(TfRuntime &rt, std::string className, Value spec,
                  std::shared_ptr<const ValueList> elements) {
  return makeDataset(rt, std::move(className), std::move(spec),
                     static_cast<int64_t>(elements->size()),
                     [elements](Interpreter &) -> NextFn {
                       auto i = std::make_shared<size_t>(0);
                       return [elements, i](Interpreter &, Value &out) {
                         if (*i >= elements->size())
                           return false;
                         out = (*elements)[(*i)++];
                         return true;
                       };
                     });
}

/// TensorFlow's deprecation warning for a tf.data.experimental function,
/// once per function as TensorFlow's decorator warns.
void warnDeprecated(Interpreter &in, const std::string &fname,
                    const std::string &module, const std::string &instead) {
  static std::set<std::string> warned;
  if (!warned.insert(fname).second)
    return;
  py::Frame *frame = in.currentFrame();
  std::string where =
      in.scriptPath() + ":" + std::to_string(frame ? frame->line : 0);
  py::tensorflowLog(in, 30,
                    "From " + where + ": " + fname + " (from " + module +
                        ") is deprecated and will be removed in a future "
                        "version.\nInstructions for updating:\n" +
                        instead);
}

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

// ---- iterators ----

/// kiln runs pipelines eagerly only: inside a tf.function TensorFlow stages
/// the iteration into the graph (each call reads new elements), which
/// unrolling at trace time would not do.
void refuseWhileTracing(TfRuntime &rt) {
  if (rt.tracing)
    rt.in.raise("NotImplementedError",
                "iterating a tf.data dataset inside a tf.function is not "
                "supported by kiln: iterate it outside and pass the elements "
                "to the function");
}

/// A fresh iterator's next function for `d`.
NextFn openChecked(TfRuntime &rt, const DatasetObject &d, Interpreter &in) {
  refuseWhileTracing(rt);
  return d.open(in);
}

/// tf.data's OwnedIterator: a Python iterator with get_next,
/// get_next_as_optional and element_spec.
struct OwnedIterator : py::AttributedIterator {
  OwnedIterator(TfRuntime &rt, Value spec, NextFn next)
      : AttributedIterator("OwnedIterator"), rt(rt), spec(std::move(spec)),
        pull(std::move(next)) {}
  bool next(Interpreter &in, Value &out) override {
    refuseWhileTracing(rt);
    if (done)
      return false;
    if (pull(in, out))
      return true;
    done = true;
    return false;
  }
  std::string qualifiedName() const override {
    return "tensorflow.python.data.ops.iterator_ops.OwnedIterator";
  }
  bool getAttr(Interpreter &in, const Value &self, const std::string &name,
               Value &out) override;

  TfRuntime &rt;
  Value spec;
  NextFn pull;
  bool done = false;
};

/// What get_next_as_optional returns: an element or nothing.
struct OptionalObject : py::NativeObject {
  TfRuntime *rt = nullptr;
  Value spec;
  std::optional<Value> value;
  std::string typeName() const override { return "_OptionalImpl"; }
  std::string repr(Interpreter &, const Value &) override {
    char buf[32];
    snprintf(buf, sizeof buf, "%p", static_cast<const void *>(this));
    return std::string("<tensorflow.python.data.ops.optional_ops."
                       "_OptionalImpl object at ") +
           buf + ">";
  }
  bool getAttr(Interpreter &in, const Value &, const std::string &name,
               Value &out) override {
    if (name == "element_spec") {
      out = spec;
      return true;
    }
    TfRuntime &r = *rt;
    std::optional<Value> v = value;
    if (name == "has_value") {
      out = in.builtin(name, [&r, v](Interpreter &, CallArgs &) {
        return r.toTensor(Value::boolean(v.has_value()), DType::Bool);
      });
      return true;
    }
    if (name == "get_value") {
      out = in.builtin(name, [&r, v](Interpreter &, CallArgs &) {
        if (!v)
          r.raise("InvalidArgumentError",
                  eagerKernelPrefix("OptionalGetValue_output_types_1") +
                      "The given optional does not have a value." +
                      eagerOpSuffix("OptionalGetValue"));
        return *v;
      });
      return true;
    }
    return false;
  }
};

bool OwnedIterator::getAttr(Interpreter &in, const Value &self,
                            const std::string &name, Value &out) {
  if (name == "element_spec") {
    out = spec;
    return true;
  }
  auto it = std::static_pointer_cast<OwnedIterator>(self.ptr());
  if (name == "get_next") {
    out = in.builtin(name, [it](Interpreter &in, CallArgs &) {
      Value v;
      if (!it->next(in, v))
        it->rt.raise("OutOfRangeError",
                     eagerKernelPrefix("IteratorGetNext_output_types_1") +
                         "End of sequence" + eagerOpSuffix("IteratorGetNext"));
      return v;
    });
    return true;
  }
  if (name == "get_next_as_optional") {
    out = in.builtin(name, [it](Interpreter &in, CallArgs &) {
      auto opt = std::make_shared<OptionalObject>();
      opt->rt = &it->rt;
      opt->spec = it->spec;
      Value v;
      if (it->next(in, v))
        opt->value = v;
      return Value::object(Type::Native, opt);
    });
    return true;
  }
  return false;
}

Value openIterator(TfRuntime &rt, const DatasetObject &d, Interpreter &in) {
  return Value::object(Type::Iterator, std::make_shared<OwnedIterator>(
                                           rt, d.spec, openChecked(rt, d, in)));
}

bool DatasetObject::iter(Interpreter &in, const Value &, Value &out) {
  out = openIterator(*rt, *this, in);
  return true;
}

/// as_numpy_iterator(): each tensor of each element as .numpy() gives it.
struct NumpyIterator : py::AttributedIterator {
  explicit NumpyIterator(Value owned)
      : AttributedIterator("NumpyIterator"), owned(std::move(owned)) {}
  bool next(Interpreter &in, Value &out) override {
    Value element;
    if (!in.next(owned, element))
      return false;
    ValueList leaves = flatten(in, element);
    for (auto &leaf : leaves)
      leaf = in.call(in.getAttr(leaf, "numpy"), ValueList{});
    out = rebuild(in, element, leaves);
    return true;
  }
  bool getAttr(Interpreter &, const Value &, const std::string &,
               Value &) override {
    return false;
  }
  bool repr(Interpreter &in, const Value &, std::string &out) override {
    out = "NumpyIterator(iterator=" + in.repr(owned) + ")";
    return true;
  }
  Value owned;
};

// ---- user functions ----

/// A user function traced once as a tf.function over `argSpecs` (the
/// element unpacked when it is a tuple, as TensorFlow's wrapper does):
/// `fn` is the compiled function, `outputs` its structured outputs.
struct TracedFunction {
  Value fn;
  Value outputs;
};

/// The positional arguments a user function gets for an element (or a
/// spec): a tuple's items, anything else as the one argument.
ValueList unpackArgs(Interpreter &in, const Value &element) {
  if (element.is(Type::Tuple))
    return in.toList(element);
  return ValueList{element};
}

TracedFunction traceFunction(TfRuntime &rt, const Value &userFn,
                             const ValueList &argSpecs) {
  Interpreter &in = rt.in;
  // A wrapper taking *args names the placeholders args_0, args_1, ...
  Value wrapper =
      in.builtin("wrapped_fn", [userFn](Interpreter &in, CallArgs &args) {
        return in.call(userFn, args);
      });
  CallArgs fargs;
  fargs.positional.push_back(wrapper);
  fargs.keywords.emplace_back("input_signature", in.list(argSpecs));
  TracedFunction t;
  t.fn = in.call(tfAttr(in, "function"), fargs);
  // tf.data's functions are optimized without grappler's constant folding.
  if (auto *f = dynamic_cast<TfFunction *>(t.fn.raw()))
    f->constantFolding = false;
  Value concrete =
      in.call(in.getAttr(t.fn, "get_concrete_function"), ValueList{});
  t.outputs = in.getAttr(concrete, "structured_outputs");
  return t;
}

/// A function's result as an element: lists become tuples and Python
/// values tensors.
Value asElement(TfRuntime &rt, const Value &result) {
  ValueList leaves = flatten(rt.in, result);
  for (auto &leaf : leaves)
    if (!rt.isTensor(leaf))
      leaf = rt.toTensor(leaf);
  return rebuild(rt.in, result, leaves);
}

/// The spec of a traced function's outputs.
Value outputSpec(TfRuntime &rt, const Value &outputs) {
  ValueList leaves = flatten(rt.in, outputs);
  for (auto &leaf : leaves)
    leaf = tensorSpec(rt.isTensor(leaf) ? typeOf(rt, leaf)
                                        : typeOf(rt, rt.toTensor(leaf)));
  return rebuild(rt.in, outputs, leaves);
}

/// A predicate's result, which must be a scalar bool tensor.
Value checkedPredicate(TfRuntime &rt, const TracedFunction &t,
                       const std::string &what) {
  Value spec = outputSpec(rt, t.outputs);
  bool ok = !isStructure(spec) && specLeaf(spec).type.dtype == DType::Bool &&
            specLeaf(spec).type.shape.empty() &&
            !specLeaf(spec).type.unknownRank;
  if (!ok)
    rt.in.valueError("Invalid `" + what + "`. `" + what +
                     "` must return a `tf.bool` scalar tensor, but its return "
                     "type is " +
                     rt.in.repr(spec) + ".");
  return spec;
}

bool predicateHolds(TfRuntime &rt, const Value &fn, const Value &element) {
  Value result = rt.in.call(fn, unpackArgs(rt.in, element));
  return rt.in.truthy(result);
}

// ---- sources ----

Value fromTensorSlices(TfRuntime &rt, const Value &tensors) {
  Interpreter &in = rt.in;
  Value structure = normalize(rt, tensors);
  ValueList leaves = flatten(in, structure);
  int64_t n = -1;
  for (auto &leaf : leaves) {
    const TensorType &t = typeOf(rt, leaf);
    if (t.shape.empty())
      in.valueError("Unbatching a tensor is only supported for rank >= 1");
    if (n >= 0 && t.shape[0] != n)
      in.valueError("Dimensions " + std::to_string(n) + " and " +
                    std::to_string(t.shape[0]) + " are not compatible");
    n = t.shape[0];
  }
  Value spec = mapSpecs(in, specOf(rt, structure), [](const TensorType &t) {
    TensorType row = t;
    row.shape.erase(row.shape.begin());
    return row;
  });
  TfRuntime *r = &rt;
  return makeDataset(rt, "_TensorSliceDataset", spec, n,
                     [r, structure, leaves, n](Interpreter &) -> NextFn {
                       auto i = std::make_shared<int64_t>(0);
                       return [r, structure, leaves, n, i](Interpreter &in,
                                                           Value &out) {
                         if (*i >= n)
                           return false;
                         ValueList rows;
                         for (auto &leaf : leaves)
                           rows.push_back(in.getItem(leaf, Value::integer(*i)));
                         ++*i;
                         out = rebuild(in, structure, rows);
                         (void)r;
                         return true;
                       };
                     });
}

Value fromTensors(TfRuntime &rt, const Value &tensors) {
  Value element = normalize(rt, tensors);
  return makeDataset(rt, "_TensorDataset", specOf(rt, element), 1,
                     [element](Interpreter &) -> NextFn {
                       auto done = std::make_shared<bool>(false);
                       return [element, done](Interpreter &, Value &out) {
                         if (*done)
                           return false;
                         *done = true;
                         out = element;
                         return true;
                       };
                     });
}

Value rangeDataset(TfRuntime &rt, CallArgs &args) {
  Interpreter &in = rt.in;
  std::optional<DType> dtype = DType::Int64;
  ValueList bounds = args.positional;
  for (auto &[k, v] : args.keywords) {
    if (k == "output_type")
      dtype = dtypeArg(in, v);
    else if (k != "name")
      in.typeError("range() got an unexpected keyword argument '" + k + "'");
  }
  if (bounds.empty() || bounds.size() > 3)
    in.valueError("Invalid arguments to range: " + in.repr(in.tuple(bounds)));
  int64_t start = 0, stop, step = 1;
  if (bounds.size() == 1) {
    stop = in.toIndex(bounds[0]);
  } else {
    start = in.toIndex(bounds[0]);
    stop = in.toIndex(bounds[1]);
    if (bounds.size() == 3)
      step = in.toIndex(bounds[2]);
  }
  if (step == 0)
    datasetError(rt, "RangeDataset", "step must be a non-zero integer.");
  int64_t n = step > 0 ? (stop > start ? (stop - start + step - 1) / step : 0)
                       : (start > stop ? (start - stop - step - 1) / -step : 0);
  DType d = dtype.value_or(DType::Int64);
  TfRuntime *r = &rt;
  return makeDataset(
      rt, "_RangeDataset", tensorSpec(TensorType{d, {}}), n,
      [r, start, step, n, d](Interpreter &) -> NextFn {
        auto i = std::make_shared<int64_t>(0);
        return [r, start, step, n, d, i](Interpreter &, Value &out) {
          if (*i >= n)
            return false;
          int64_t v = start + step * (*i)++;
          bool isFloat = d == DType::Float32 || d == DType::Float64 ||
                         d == DType::Float16 || d == DType::BFloat16;
          out = r->toTensor(
              isFloat ? Value::floating(double(v)) : Value::integer(v), d);
          return true;
        };
      });
}

/// Dataset.zip: a (nested) tuple or dict of datasets, or datasets as
/// separate arguments.
Value zipDatasets(TfRuntime &rt, const Value &datasets) {
  Interpreter &in = rt.in;
  std::function<bool(const Value &)> hasList = [&](const Value &v) {
    if (v.is(Type::List))
      return true;
    if (!isStructure(v))
      return false;
    for (auto &child : in.toList(v))
      if (hasList(v.is(Type::Dict) ? in.getItem(v, child) : child))
        return true;
    return false;
  };
  if (hasList(datasets))
    in.typeError("Invalid input to `zip`. Inputs are expected to be (nested) "
                 "structures of `tf.data.Dataset` objects. Python `list` is "
                 "not supported and you should use `tuple` instead.");
  ValueList members = flatten(in, datasets);
  std::vector<DatasetObject *> inputs;
  ValueList specs;
  int64_t card = kInfinite;
  bool unknown = false;
  for (auto &m : members) {
    DatasetObject *d = asDataset(m);
    if (!d)
      in.typeError("Invalid input to `zip`. Inputs are expected to be (nested) "
                   "structures of `tf.data.Dataset` objects but encountered "
                   "object of type <class '" +
                   in.qualifiedTypeName(m) + "'>" + ".");
    inputs.push_back(d);
    specs.push_back(d->spec);
    if (d->cardinality == kUnknown)
      unknown = true;
    else if (d->cardinality >= 0)
      card =
          card == kInfinite ? d->cardinality : std::min(card, d->cardinality);
  }
  if (unknown && card == kInfinite)
    card = kUnknown;
  std::vector<std::function<NextFn(Interpreter &)>> opens;
  for (auto *d : inputs)
    opens.push_back(d->open);
  return makeDataset(rt, "_ZipDataset", rebuild(in, datasets, specs), card,
                     [opens, datasets](Interpreter &in) -> NextFn {
                       auto its = std::make_shared<std::vector<NextFn>>();
                       for (auto &open : opens)
                         its->push_back(open(in));
                       return [its, datasets](Interpreter &in, Value &out) {
                         ValueList parts;
                         for (auto &next : *its) {
                           Value v;
                           if (!next(in, v))
                             return false;
                           parts.push_back(v);
                         }
                         out = rebuild(in, datasets, parts);
                         return true;
                       };
                     });
}

// ---- shuffle ----

/// random::SingleSampleAdapter<PhiloxRandom>: Philox's 32-bit outputs one
/// at a time, the generator seeded as PhiloxRandom(seed, seed2).
class PhiloxStream {
public:
  PhiloxStream(uint64_t seed, uint64_t seed2)
      : key_{uint32_t(seed), uint32_t(seed >> 32)}, counter_{0, 0,
                                                             uint32_t(seed2),
                                                             uint32_t(seed2 >>
                                                                      32)} {}
  uint32_t next() {
    if (used_ == 4) {
      block_ = philox::philox(counter_, key_);
      counter_ = philox::skip(counter_, 1);
      used_ = 0;
    }
    return block_[used_++];
  }

private:
  philox::Key key_;
  philox::Block counter_;
  philox::Block block_{};
  int used_ = 4;
};

/// The kernel's seeds: (0, 0), which no seed gives, asks for
/// nondeterministic ones (RandomSeeds).
std::pair<uint64_t, uint64_t> kernelSeeds(int64_t seed, int64_t seed2) {
  if (seed != 0 || seed2 != 0)
    return {uint64_t(seed), uint64_t(seed2)};
  std::random_device entropy;
  return {uint64_t(entropy()) << 32 | entropy(),
          uint64_t(entropy()) << 32 | entropy()};
}

/// Nonzero while a transformation opens its input to learn the element_spec
/// from a first element (flat_map, interleave): that look must not change
/// what the pipeline does later, so shuffles keep their seeds (ProbeScope
/// also drops the output the look makes).
int probing = 0;

struct ProbeScope {
  explicit ProbeScope(Interpreter &in) : out(in.out()), err(in.err()) {
    ++probing;
  }
  ~ProbeScope() { --probing; }
  ProbeScope(const ProbeScope &) = delete;
  ProbeScope &operator=(const ProbeScope &) = delete;
  py::DiscardOutput out, err;
};

/// The dataset's seed generator, shared by its iterators: with reshuffling
/// each iterator takes the next two samples of a Philox stream as its
/// seeds; without, every iterator gets the dataset's seeds.
struct SeedGenerator {
  SeedGenerator(std::pair<uint64_t, uint64_t> seeds, bool reshuffle)
      : seed(seeds.first), seed2(seeds.second), stream(seed, seed2),
        reshuffle(reshuffle) {}
  std::pair<uint64_t, uint64_t> generate() {
    if (!reshuffle)
      return {seed, seed2};
    PhiloxStream probe = stream;
    PhiloxStream &from = probing ? probe : stream;
    uint64_t a = from.next();
    uint64_t b = from.next();
    return {a, b};
  }
  uint64_t seed, seed2;
  PhiloxStream stream;
  bool reshuffle;
};

NextFn shuffleIterator(NextFn input, int64_t bufferSize,
                       std::shared_ptr<SeedGenerator> seeds) {
  struct State {
    NextFn input;
    bool exhausted = false;
    std::deque<Value> buffer; // front: the oldest slot of the ring
    std::optional<PhiloxStream> rng;
  };
  auto s = std::make_shared<State>();
  s->input = std::move(input);
  auto [a, b] = seeds->generate();
  s->rng.emplace(a, b);
  // UNKNOWN_CARDINALITY as the buffer size buffers everything.
  size_t capacity = bufferSize < 0 ? SIZE_MAX : static_cast<size_t>(bufferSize);
  return [s, capacity](Interpreter &in, Value &out) {
    while (!s->exhausted && s->buffer.size() < capacity) {
      Value v;
      if (s->input(in, v))
        s->buffer.push_back(v);
      else
        s->exhausted = true;
    }
    if (s->buffer.empty())
      return false;
    size_t offset = s->rng->next() % s->buffer.size();
    out = s->buffer[offset];
    std::swap(s->buffer[offset], s->buffer.front());
    s->buffer.pop_front();
    return true;
  };
}

// ---- transformations ----

int64_t batchCardinality(int64_t n, int64_t size, bool drop) {
  if (n < 0)
    return n;
  return drop ? n / size : (n + size - 1) / size;
}

/// Stacks the elements of one batch, tensor by tensor.
Value stackElements(TfRuntime &rt, const ValueList &elements) {
  Interpreter &in = rt.in;
  std::vector<ValueList> columns;
  for (auto &e : elements) {
    ValueList leaves = flatten(in, e);
    columns.resize(leaves.size());
    for (size_t k = 0; k < leaves.size(); ++k)
      columns[k].push_back(leaves[k]);
  }
  Value stack = tfAttr(in, "stack");
  ValueList stacked;
  for (auto &column : columns)
    stacked.push_back(in.call(stack, ValueList{in.list(column)}));
  return rebuild(in, elements.front(), stacked);
}

Value batch(TfRuntime &rt, const DatasetObject &d, CallArgs &args) {
  Interpreter &in = rt.in;
  Params p(in, args, "batch",
           {"batch_size", "drop_remainder", "num_parallel_calls",
            "deterministic", "name"},
           Wording::Python);
  int64_t size = in.toIndex(p.require("batch_size", "batch"));
  bool drop = p.has("drop_remainder") && in.truthy(p.get("drop_remainder"));
  bool parallel = p.has("num_parallel_calls");
  std::string op = parallel ? "ParallelBatchDataset" : "BatchDatasetV2";
  if (size <= 0)
    datasetError(rt, op, "Batch size must be greater than zero.");
  Value spec = mapSpecs(in, d.spec, [&](const TensorType &t) {
    TensorType b = t;
    if (!b.unknownRank)
      b.shape.insert(b.shape.begin(), drop ? size : -1);
    return b;
  });
  TfRuntime *r = &rt;
  return derived(rt, d, parallel ? "_ParallelBatchDataset" : "_BatchDataset",
                 spec, batchCardinality(d.cardinality, size, drop),
                 [r, size, drop](Interpreter &, NextFn input) -> NextFn {
                   return [r, size, drop, input](Interpreter &in, Value &out) {
                     ValueList items;
                     Value v;
                     while (static_cast<int64_t>(items.size()) < size &&
                            input(in, v))
                       items.push_back(v);
                     if (items.empty() ||
                         (drop && static_cast<int64_t>(items.size()) < size))
                       return false;
                     out = stackElements(*r, items);
                     return true;
                   };
                 });
}

Value unbatch(TfRuntime &rt, const DatasetObject &d) {
  Interpreter &in = rt.in;
  for (auto &leaf : flatten(in, d.spec))
    if (!specLeaf(leaf).type.unknownRank && specLeaf(leaf).type.shape.empty())
      in.valueError("Cannot unbatch an input with scalar components.");
  Value spec = mapSpecs(in, d.spec, [](const TensorType &t) {
    TensorType row = t;
    if (!row.unknownRank)
      row.shape.erase(row.shape.begin());
    return row;
  });
  TfRuntime *r = &rt;
  return derived(rt, d, "_UnbatchDataset", spec, kUnknown,
                 [r](Interpreter &, NextFn input) -> NextFn {
                   struct State {
                     ValueList rows; // the current batch's rows, as elements
                     size_t next = 0;
                   };
                   auto s = std::make_shared<State>();
                   return [r, s, input](Interpreter &in, Value &out) {
                     while (s->next >= s->rows.size()) {
                       Value batch;
                       if (!input(in, batch))
                         return false;
                       ValueList leaves = flatten(in, batch);
                       int64_t n = typeOf(*r, leaves[0]).shape.at(0);
                       s->rows.clear();
                       s->next = 0;
                       for (int64_t i = 0; i < n; ++i) {
                         ValueList row;
                         for (auto &leaf : leaves)
                           row.push_back(in.getItem(leaf, Value::integer(i)));
                         s->rows.push_back(rebuild(in, batch, row));
                       }
                     }
                     out = s->rows[s->next++];
                     return true;
                   };
                 });
}

Value take(TfRuntime &rt, const DatasetObject &d, int64_t count) {
  int64_t card = count < 0                    ? d.cardinality
                 : d.cardinality == kInfinite ? count
                 : d.cardinality == kUnknown  ? kUnknown
                                              : std::min(count, d.cardinality);
  return derived(rt, d, "_TakeDataset", d.spec, card,
                 [count](Interpreter &, NextFn input) -> NextFn {
                   auto taken = std::make_shared<int64_t>(0);
                   return [count, input, taken](Interpreter &in, Value &out) {
                     if (count >= 0 && *taken >= count)
                       return false;
                     if (!input(in, out))
                       return false;
                     ++*taken;
                     return true;
                   };
                 });
}

Value skip(TfRuntime &rt, const DatasetObject &d, int64_t count) {
  int64_t card = d.cardinality < 0 ? d.cardinality
                 : count < 0       ? 0
                             : std::max<int64_t>(0, d.cardinality - count);
  return derived(rt, d, "_SkipDataset", d.spec, card,
                 [count](Interpreter &, NextFn input) -> NextFn {
                   auto skipped = std::make_shared<bool>(false);
                   return [count, input, skipped](Interpreter &in, Value &out) {
                     if (!*skipped) {
                       *skipped = true;
                       Value v;
                       for (int64_t i = 0; count < 0 || i < count; ++i)
                         if (!input(in, v))
                           return false;
                     }
                     return input(in, out);
                   };
                 });
}

Value repeat(TfRuntime &rt, const DatasetObject &d, int64_t count) {
  int64_t card;
  if (count == 0 || d.cardinality == 0)
    card = 0;
  else if (count < 0 || d.cardinality == kInfinite)
    card = kInfinite;
  else if (d.cardinality == kUnknown)
    card = kUnknown;
  else
    card = d.cardinality * count;
  auto open = d.open;
  return makeDataset(
      rt, "_RepeatDataset", d.spec, card, [open, count](Interpreter &) {
        struct State {
          NextFn current;
          int64_t epoch = 0;
        };
        auto s = std::make_shared<State>();
        return NextFn([open, count, s](Interpreter &in, Value &out) {
          for (;;) {
            if (!s->current) {
              if (count >= 0 && s->epoch >= count)
                return false;
              s->current = open(in);
              ++s->epoch;
              // An empty input repeated forever ends instead of spinning.
              if (!s->current(in, out)) {
                s->current = nullptr;
                if (count < 0)
                  return false;
                continue;
              }
              return true;
            }
            if (s->current(in, out))
              return true;
            s->current = nullptr;
          }
        });
      });
}

Value concatenate(TfRuntime &rt, const DatasetObject &a,
                  const DatasetObject &b) {
  Interpreter &in = rt.in;
  ValueList sa = flatten(in, a.spec), sb = flatten(in, b.spec);
  bool same =
      sa.size() == sb.size() && isStructure(a.spec) == isStructure(b.spec);
  for (size_t k = 0; same && k < sa.size(); ++k)
    same = specLeaf(sa[k]).type.dtype == specLeaf(sb[k]).type.dtype;
  if (!same)
    in.typeError("Incompatible dataset elements:\n  " + in.repr(a.spec) +
                 " vs.   " + in.repr(b.spec));
  // The spec both admit: dimensions that differ become None.
  ValueList merged;
  for (size_t k = 0; k < sa.size(); ++k) {
    TensorType ta = specLeaf(sa[k]).type, tb = specLeaf(sb[k]).type;
    if (ta.unknownRank || tb.unknownRank ||
        ta.shape.size() != tb.shape.size()) {
      ta.shape.clear();
      ta.unknownRank = true;
    } else {
      for (size_t i = 0; i < ta.shape.size(); ++i)
        if (ta.shape[i] != tb.shape[i])
          ta.shape[i] = -1;
    }
    merged.push_back(tensorSpec(ta));
  }
  int64_t card;
  if (a.cardinality == kInfinite || b.cardinality == kInfinite)
    card = kInfinite;
  else if (a.cardinality < 0 || b.cardinality < 0)
    card = kUnknown;
  else
    card = a.cardinality + b.cardinality;
  auto openA = a.open, openB = b.open;
  return makeDataset(rt, "_ConcatenateDataset", rebuild(in, a.spec, merged),
                     card, [openA, openB](Interpreter &in) -> NextFn {
                       auto first = std::make_shared<NextFn>(openA(in));
                       auto second = std::make_shared<NextFn>();
                       return
                           [openB, first, second](Interpreter &in, Value &out) {
                             if (*first) {
                               if ((*first)(in, out))
                                 return true;
                               *first = nullptr;
                               *second = openB(in);
                             }
                             return (*second)(in, out);
                           };
                     });
}

Value mapDataset(TfRuntime &rt, const DatasetObject &d, CallArgs &args) {
  Interpreter &in = rt.in;
  Params p(in, args, "map",
           {"map_func", "num_parallel_calls", "deterministic", "name"},
           Wording::Python);
  TracedFunction t =
      traceFunction(rt, p.require("map_func", "map"), unpackArgs(in, d.spec));
  Value fn = t.fn;
  TfRuntime *r = &rt;
  return derived(rt, d,
                 p.has("num_parallel_calls") ? "_ParallelMapDataset"
                                             : "_MapDataset",
                 outputSpec(rt, t.outputs), d.cardinality,
                 [r, fn](Interpreter &, NextFn input) -> NextFn {
                   return [r, fn, input](Interpreter &in, Value &out) {
                     Value v;
                     if (!input(in, v))
                       return false;
                     out = asElement(*r, in.call(fn, unpackArgs(in, v)));
                     return true;
                   };
                 });
}

Value filterDataset(TfRuntime &rt, const DatasetObject &d, const Value &pred,
                    const std::string &className, bool stopAtFalse) {
  TracedFunction t = traceFunction(rt, pred, unpackArgs(rt.in, d.spec));
  checkedPredicate(rt, t, "predicate");
  Value fn = t.fn;
  TfRuntime *r = &rt;
  return derived(rt, d, className, d.spec, kUnknown,
                 [r, fn, stopAtFalse](Interpreter &, NextFn input) -> NextFn {
                   auto stopped = std::make_shared<bool>(false);
                   return [r, fn, input, stopAtFalse, stopped](Interpreter &in,
                                                               Value &out) {
                     while (!*stopped && input(in, out)) {
                       if (predicateHolds(*r, fn, out))
                         return true;
                       if (stopAtFalse)
                         *stopped = true;
                     }
                     return false;
                   };
                 });
}

/// Runs a `(state, element)` function over a dataset: reduce and scan
/// trace it once over the initial state's spec and the element's.
TracedFunction traceStateFunction(TfRuntime &rt, const DatasetObject &d,
                                  const Value &state, const Value &fn) {
  return traceFunction(rt, fn, ValueList{specOf(rt, state), d.spec});
}

Value reduceDataset(TfRuntime &rt, const DatasetObject &d, CallArgs &args) {
  Interpreter &in = rt.in;
  Params p(in, args, "reduce", {"initial_state", "reduce_func", "name"},
           Wording::Python);
  Value state = normalize(rt, p.require("initial_state", "reduce"));
  TracedFunction t =
      traceStateFunction(rt, d, state, p.require("reduce_func", "reduce"));
  NextFn next = openChecked(rt, d, in);
  Value v;
  while (next(in, v))
    state = asElement(rt, in.call(t.fn, ValueList{state, v}));
  return state;
}

Value scanDataset(TfRuntime &rt, const DatasetObject &d, const Value &initial,
                  const Value &scanFn) {
  Interpreter &in = rt.in;
  Value state0 = normalize(rt, initial);
  TracedFunction t = traceStateFunction(rt, d, state0, scanFn);
  if (!t.outputs.is(Type::Tuple) || in.toList(t.outputs).size() != 2)
    in.typeError("The scan function must return a pair comprising the new "
                 "state and the output value.");
  Value outSpec = outputSpec(rt, in.toList(t.outputs)[1]);
  Value fn = t.fn;
  TfRuntime *r = &rt;
  return derived(
      rt, d, "_ScanDataset", outSpec, d.cardinality,
      [r, fn, state0](Interpreter &, NextFn input) -> NextFn {
        auto state = std::make_shared<Value>(state0);
        return [r, fn, input, state](Interpreter &in, Value &out) {
          Value v;
          if (!input(in, v))
            return false;
          ValueList pair = in.toList(in.call(fn, ValueList{*state, v}));
          *state = asElement(*r, pair[0]);
          out = asElement(*r, pair[1]);
          return true;
        };
      });
}

/// What `fn` returns for element `v`, which must be a dataset.
Value returnedDataset(Interpreter &in, const Value &fn, const Value &v) {
  Value ds = in.call(fn, unpackArgs(in, v));
  if (!asDataset(ds))
    in.typeError("The `map_func` argument must return a `Dataset` object. "
                 "Got <class '" +
                 in.qualifiedTypeName(ds) + "'>.");
  return ds;
}

/// The dataset `fn` returns for element `v`, opened.
NextFn openReturnedDataset(Interpreter &in, const Value &fn, const Value &v) {
  Value ds = returnedDataset(in, fn, v);
  return asDataset(ds)->open(in);
}

/// The element_spec of flat_map's and interleave's result: that of the
/// dataset the function returns for the first element (the input's when
/// there is none).
Value flatMapSpec(TfRuntime &rt, const DatasetObject &d, const Value &fn) {
  Interpreter &in = rt.in;
  ProbeScope scope(in);
  NextFn probe = openChecked(rt, d, in);
  Value first;
  if (!probe(in, first))
    return d.spec;
  Value ds = returnedDataset(in, fn, first);
  return asDataset(ds)->spec;
}

/// flat_map: the function runs eagerly on each element and returns a
/// dataset whose elements follow in turn.
Value flatMap(TfRuntime &rt, const DatasetObject &d, const Value &fn) {
  return derived(rt, d, "_FlatMapDataset", flatMapSpec(rt, d, fn), kUnknown,
                 [fn](Interpreter &, NextFn input) -> NextFn {
                   auto inner = std::make_shared<NextFn>();
                   return [fn, input, inner](Interpreter &in, Value &out) {
                     for (;;) {
                       if (*inner && (*inner)(in, out))
                         return true;
                       Value v;
                       if (!input(in, v))
                         return false;
                       *inner = openReturnedDataset(in, fn, v);
                     }
                   };
                 });
}

/// cache: the first complete pass keeps the elements, later passes replay
/// them (the input, and its side effects, run once).
Value cache(TfRuntime &rt, const DatasetObject &d) {
  auto kept = std::make_shared<std::optional<ValueList>>();
  auto open = d.open;
  return makeDataset(rt, "CacheDataset", d.spec, d.cardinality,
                     [open, kept](Interpreter &in) -> NextFn {
                       if (*kept) {
                         auto i = std::make_shared<size_t>(0);
                         return [kept, i](Interpreter &, Value &out) {
                           if (*i >= (*kept)->size())
                             return false;
                           out = (**kept)[(*i)++];
                           return true;
                         };
                       }
                       auto seen = std::make_shared<ValueList>();
                       NextFn input = open(in);
                       return [kept, seen, input](Interpreter &in, Value &out) {
                         if (input(in, out)) {
                           seen->push_back(out);
                           return true;
                         }
                         if (!*kept)
                           *kept = *seen;
                         return false;
                       };
                     });
}

/// Dataset.random: int64 elements, each one 32-bit Philox sample; with
/// rerandomize_each_iteration each iteration gets seeds of its own.
Value randomDataset(TfRuntime &rt, CallArgs &args) {
  Interpreter &in = rt.in;
  Params p(in, args, "random", {"seed", "rerandomize_each_iteration", "name"},
           Wording::Python);
  auto [seed, seed2] = randomOpSeeds(rt, p.get("seed"));
  bool rerandomize = p.has("rerandomize_each_iteration") &&
                     in.truthy(p.get("rerandomize_each_iteration"));
  auto seeds =
      std::make_shared<SeedGenerator>(kernelSeeds(seed, seed2), rerandomize);
  TfRuntime *r = &rt;
  return makeDataset(rt, "_RandomDataset",
                     tensorSpec(TensorType{DType::Int64, {}}), kInfinite,
                     [r, seeds](Interpreter &) -> NextFn {
                       auto [a, b] = seeds->generate();
                       auto rng = std::make_shared<PhiloxStream>(a, b);
                       return [r, rng](Interpreter &, Value &out) {
                         out = int64Tensor(*r, rng->next());
                         return true;
                       };
                     });
}

/// from_generator: the generator is called for each iteration and what it
/// yields becomes tensors of the signature's dtypes.
Value fromGenerator(TfRuntime &rt, CallArgs &args) {
  Interpreter &in = rt.in;
  Params p(in, args, "from_generator",
           {"generator", "output_types", "output_shapes", "args",
            "output_signature", "name"},
           Wording::Python);
  Value gen = p.require("generator", "from_generator");
  Value spec;
  if (p.has("output_signature")) {
    spec = p.get("output_signature");
  } else if (p.has("output_types")) {
    Value types = p.get("output_types");
    ValueList dtypes = flatten(in, types), shapes;
    if (p.has("output_shapes"))
      shapes = flattenUpTo(in, types, p.get("output_shapes"));
    ValueList specs;
    for (size_t k = 0; k < dtypes.size(); ++k) {
      TensorType t;
      t.dtype = dtypeArg(in, dtypes[k]).value_or(DType::Float32);
      if (k < shapes.size())
        t = TensorType{t.dtype, asShape(in, shapes[k]).shape,
                       asShape(in, shapes[k]).unknownRank};
      else
        t.unknownRank = true;
      specs.push_back(tensorSpec(t));
    }
    spec = rebuild(in, types, specs);
  } else {
    in.typeError("The `output_types` argument can not be None if "
                 "`output_signature` is None.");
  }
  ValueList genArgs = p.has("args") ? in.toList(p.get("args")) : ValueList{};
  TfRuntime *r = &rt;
  return makeDataset(
      rt, "_FlatMapDataset", spec, kUnknown,
      [r, gen, genArgs, spec](Interpreter &in) -> NextFn {
        Value it = in.iter(in.call(gen, genArgs));
        return [r, it, spec](Interpreter &in, Value &out) {
          Value v;
          if (!in.next(it, v))
            return false;
          ValueList specs = flatten(in, spec), values;
          try {
            values = flattenUpTo(in, spec, v);
          } catch (py::PyException &) {
            in.typeError("`generator` yielded an element that did not match "
                         "the expected structure. The expected structure was " +
                         in.repr(spec) + ", but the yielded element was " +
                         in.repr(v) + ".");
          }
          for (size_t k = 0; k < values.size(); ++k)
            values[k] = r->toTensor(values[k], specLeaf(specs[k]).type.dtype);
          out = rebuild(in, spec, values);
          return true;
        };
      });
}

Value shard(TfRuntime &rt, const DatasetObject &d, int64_t shards,
            int64_t index) {
  if (shards <= 0)
    datasetError(rt, "ShardDataset",
                 "Number of shards must be greater than zero (currently "
                 "num_shards = " +
                     std::to_string(shards) + ").");
  if (index < 0 || index >= shards)
    datasetError(rt, "ShardDataset",
                 "Index must be between 0 and " + std::to_string(shards - 1) +
                     " (currently index = " + std::to_string(index) + ").");
  int64_t n = d.cardinality;
  int64_t card = n < 0 ? n : n / shards + (index < n % shards ? 1 : 0);
  return derived(rt, d, "_ShardDataset", d.spec, card,
                 [shards, index](Interpreter &, NextFn input) -> NextFn {
                   auto position = std::make_shared<int64_t>(0);
                   return [shards, index, input, position](Interpreter &in,
                                                           Value &out) {
                     while (input(in, out))
                       if ((*position)++ % shards == index)
                         return true;
                     return false;
                   };
                 });
}

Value shuffle(TfRuntime &rt, const DatasetObject &d, CallArgs &args) {
  Interpreter &in = rt.in;
  Params p(in, args, "shuffle",
           {"buffer_size", "seed", "reshuffle_each_iteration", "name"},
           Wording::Python);
  Value sizeArg = p.require("buffer_size", "shuffle");
  int64_t size =
      rt.isTensor(sizeArg)
          ? in.toIndex(in.call(in.getAttr(sizeArg, "numpy"), ValueList{}))
          : in.toIndex(sizeArg);
  if (size <= 0 && size != kUnknown)
    datasetError(rt, "ShuffleDatasetV3",
                 "buffer_size must be greater than zero or "
                 "UNKNOWN_CARDINALITY");
  bool reshuffle = !p.has("reshuffle_each_iteration") ||
                   in.truthy(p.get("reshuffle_each_iteration"));
  auto [seed, seed2] = randomOpSeeds(rt, p.get("seed"));
  auto seeds =
      std::make_shared<SeedGenerator>(kernelSeeds(seed, seed2), reshuffle);
  return derived(rt, d, "_ShuffleDataset", d.spec, d.cardinality,
                 [size, seeds](Interpreter &, NextFn input) {
                   return shuffleIterator(std::move(input), size, seeds);
                 });
}

/// padded_batch: each batch's tensors padded to the largest shape in it
/// (or to `padded_shapes`, where they give a size) before stacking.
Value paddedBatch(TfRuntime &rt, const DatasetObject &d, CallArgs &args) {
  Interpreter &in = rt.in;
  Params p(in, args, "padded_batch",
           {"batch_size", "padded_shapes", "padding_values", "drop_remainder",
            "name"},
           Wording::Python);
  int64_t size = in.toIndex(p.require("batch_size", "padded_batch"));
  bool drop = p.has("drop_remainder") && in.truthy(p.get("drop_remainder"));
  if (size <= 0)
    datasetError(rt, "PaddedBatchDatasetV2",
                 "Batch size must be greater than zero.");
  ValueList specs = flatten(in, d.spec);
  // The shapes to pad to, per tensor: -1 pads to the batch's largest.
  std::vector<std::vector<int64_t>> targets;
  ValueList shapes;
  if (p.has("padded_shapes"))
    shapes = flattenUpTo(in, d.spec, p.get("padded_shapes"));
  for (size_t k = 0; k < specs.size(); ++k) {
    const TensorType &t = specLeaf(specs[k]).type;
    std::vector<int64_t> target(t.shape.size(), -1);
    if (k < shapes.size() && !shapes[k].isNone()) {
      TensorType want = asShape(in, shapes[k]);
      if (!want.unknownRank)
        target = want.shape;
    }
    targets.push_back(target);
  }
  ValueList pads;
  if (p.has("padding_values"))
    pads = flattenUpTo(in, d.spec, p.get("padding_values"));
  for (size_t k = 0; k < specs.size(); ++k) {
    DType dtype = specLeaf(specs[k]).type.dtype;
    if (k < pads.size() && !pads[k].isNone()) {
      // Converted on its own, then checked: padding_values=-1 does not pad
      // an int64 tensor (an int32 one), as in TensorFlow.
      Value v = rt.isTensor(pads[k]) ? pads[k] : rt.toTensor(pads[k]);
      if (typeOf(rt, v).dtype != dtype)
        in.typeError(std::string("Invalid `padding_values`. `padding_values` "
                                 "values type <dtype: '") +
                     py::dtypeName(typeOf(rt, v).dtype) +
                     "'> does not match type <dtype: '" + py::dtypeName(dtype) +
                     "'> of the corresponding input component.");
      pads[k] = v;
    } else {
      pads.resize(std::max(pads.size(), k + 1));
      pads[k] = dtype == DType::String ? rt.toTensor(in.str(""))
                                       : rt.toTensor(Value::integer(0), dtype);
    }
  }
  size_t k = 0;
  Value spec = mapSpecs(in, d.spec, [&](const TensorType &t) {
    TensorType b = t;
    b.shape = targets[k++];
    b.shape.insert(b.shape.begin(), drop ? size : -1);
    return b;
  });
  TfRuntime *r = &rt;
  return derived(
      rt, d, "_PaddedBatchDataset", spec,
      batchCardinality(d.cardinality, size, drop),
      [r, size, drop, targets, pads](Interpreter &, NextFn input) -> NextFn {
        return [r, size, drop, targets, pads, input](Interpreter &in,
                                                     Value &out) {
          ValueList items;
          Value v;
          while (static_cast<int64_t>(items.size()) < size && input(in, v))
            items.push_back(v);
          if (items.empty() ||
              (drop && static_cast<int64_t>(items.size()) < size))
            return false;
          std::vector<ValueList> columns(targets.size());
          for (auto &e : items) {
            ValueList leaves = flatten(in, e);
            for (size_t c = 0; c < leaves.size(); ++c)
              columns[c].push_back(leaves[c]);
          }
          Value pad = tfAttr(in, "pad"), stack = tfAttr(in, "stack");
          ValueList stacked;
          for (size_t c = 0; c < columns.size(); ++c) {
            std::vector<int64_t> shape = targets[c];
            for (auto &t : columns[c]) {
              const TensorType &type = typeOf(*r, t);
              for (size_t i = 0; i < shape.size(); ++i)
                if (targets[c][i] < 0)
                  shape[i] = std::max(shape[i], type.shape[i]);
            }
            ValueList padded;
            for (auto &t : columns[c]) {
              const TensorType &type = typeOf(*r, t);
              ValueList widths;
              for (size_t i = 0; i < shape.size(); ++i) {
                if (type.shape[i] > shape[i])
                  r->raise("InvalidArgumentError",
                           eagerKernelPrefix("IteratorGetNext_output_types_1") +
                               "Attempted to pad to a smaller size than the "
                               "input element." +
                               eagerOpSuffix("IteratorGetNext"));
                widths.push_back(
                    in.list({Value::integer(0),
                             Value::integer(shape[i] - type.shape[i])}));
              }
              CallArgs a;
              a.positional = {t, in.list(widths)};
              a.keywords.emplace_back("constant_values", pads[c]);
              padded.push_back(shape.empty() ? t : in.call(pad, a));
            }
            stacked.push_back(in.call(stack, ValueList{in.list(padded)}));
          }
          out = rebuild(in, items.front(), stacked);
          return true;
        };
      });
}

/// interleave: `cycle_length` datasets made by the function from input
/// elements are read in turn, `block_length` elements at a time; an
/// exhausted one gives its place to the next input element's
/// (InterleaveDatasetOp's order).
Value interleave(TfRuntime &rt, const DatasetObject &d, CallArgs &args) {
  Interpreter &in = rt.in;
  Params p(in, args, "interleave",
           {"map_func", "cycle_length", "block_length", "num_parallel_calls",
            "deterministic", "name"},
           Wording::Python);
  Value fn = p.require("map_func", "interleave");
  // AUTOTUNE (the default) reads as many datasets at once as the machine
  // has cores in TensorFlow: a result that depends on the machine.
  int64_t cycle =
      p.has("cycle_length") ? in.toIndex(p.get("cycle_length")) : kAutotune;
  if (cycle == kAutotune)
    cycle = std::max(1u, std::thread::hardware_concurrency());
  int64_t block = p.has("block_length") ? in.toIndex(p.get("block_length")) : 1;
  if (cycle <= 0 || block <= 0)
    in.valueError("cycle_length and block_length must be positive");
  Value spec = flatMapSpec(rt, d, fn);
  return derived(rt, d,
                 p.has("num_parallel_calls") ? "_ParallelInterleaveDataset"
                                             : "_InterleaveDataset",
                 spec, kUnknown,
                 [fn, cycle, block](Interpreter &, NextFn input) -> NextFn {
                   struct State {
                     std::vector<NextFn> current;
                     int64_t index = 0, inBlock = 0, open = 0;
                     bool endOfInput = false;
                   };
                   auto s = std::make_shared<State>();
                   s->current.resize(cycle);
                   return [s, fn, cycle, block, input](Interpreter &in,
                                                       Value &out) {
                     auto advance = [&] {
                       s->inBlock = 0;
                       s->index = (s->index + 1) % cycle;
                     };
                     while (!s->endOfInput || s->open > 0) {
                       NextFn &slot = s->current[s->index];
                       if (slot) {
                         if (slot(in, out)) {
                           if (++s->inBlock == block)
                             advance();
                           return true;
                         }
                         slot = nullptr;
                         --s->open;
                         advance();
                       } else if (!s->endOfInput) {
                         Value v;
                         if (input(in, v)) {
                           slot = openReturnedDataset(in, fn, v);
                           ++s->open;
                         } else {
                           s->endOfInput = true;
                         }
                       } else {
                         advance();
                       }
                     }
                     return false;
                   };
                 });
}

/// window: datasets of `size` elements starting every `shift` elements,
/// taking every `stride`-th; a last short window unless drop_remainder.
Value window(TfRuntime &rt, const DatasetObject &d, CallArgs &args) {
  Interpreter &in = rt.in;
  Params p(in, args, "window",
           {"size", "shift", "stride", "drop_remainder", "name"},
           Wording::Python);
  int64_t size = in.toIndex(p.require("size", "window"));
  int64_t shift = p.has("shift") ? in.toIndex(p.get("shift")) : size;
  int64_t stride = p.has("stride") ? in.toIndex(p.get("stride")) : 1;
  bool drop = p.has("drop_remainder") && in.truthy(p.get("drop_remainder"));
  if (size <= 0)
    datasetError(rt, "WindowDataset", "Window size must be greater than zero.");
  if (shift <= 0)
    datasetError(rt, "WindowDataset",
                 "Window shift must be greater than zero.");
  if (stride <= 0)
    datasetError(rt, "WindowDataset",
                 "Window stride must be greater than zero.");
  int64_t n = d.cardinality, card = n;
  if (n >= 0) {
    int64_t span = (size - 1) * stride + 1;
    card = drop ? (n >= span ? (n - span) / shift + 1 : 0)
                : (n + shift - 1) / shift;
  }
  // Each window is a structure of datasets like the elements', one per
  // component.
  ValueList componentSpecs = flatten(in, d.spec), windowSpecs;
  for (auto &c : componentSpecs) {
    auto specObj = std::make_shared<DatasetSpecObject>();
    specObj->elementSpec = c;
    windowSpecs.push_back(Value::object(Type::Native, specObj));
  }
  Value elementSpec = d.spec;
  TfRuntime *r = &rt;
  return derived(
      rt, d, "_WindowDataset", rebuild(in, d.spec, windowSpecs), card,
      [r, size, shift, stride, drop, elementSpec](Interpreter &,
                                                  NextFn input) -> NextFn {
        struct State {
          std::deque<Value> buffer; // input elements from `first` on
          int64_t first = 0, start = 0;
          bool exhausted = false;
        };
        auto s = std::make_shared<State>();
        return [r, s, size, shift, stride, drop, elementSpec,
                input](Interpreter &in, Value &out) {
          int64_t last = s->start + (size - 1) * stride;
          while (!s->exhausted &&
                 s->first + static_cast<int64_t>(s->buffer.size()) <= last) {
            Value v;
            if (input(in, v))
              s->buffer.push_back(v);
            else
              s->exhausted = true;
          }
          auto items = std::make_shared<ValueList>();
          for (int64_t i = s->start; i <= last; i += stride) {
            int64_t at = i - s->first;
            if (at >= static_cast<int64_t>(s->buffer.size()))
              break;
            items->push_back(s->buffer[at]);
          }
          if (items->empty() ||
              (drop && static_cast<int64_t>(items->size()) < size))
            return false;
          s->start += shift;
          while (s->first < s->start && !s->buffer.empty()) {
            s->buffer.pop_front();
            ++s->first;
          }
          ValueList components = flatten(in, elementSpec), windows;
          for (size_t k = 0; k < components.size(); ++k) {
            auto column = std::make_shared<ValueList>();
            for (auto &e : *items)
              column->push_back(flatten(in, e)[k]);
            windows.push_back(
                listDataset(*r, "_VariantDataset", components[k], column));
          }
          out = rebuild(in, elementSpec, windows);
          return true;
        };
      });
}

/// choose_from_datasets: the choice dataset's int64 elements say which
/// dataset gives the next element; an exhausted one ends the result when
/// `stopOnEmpty`, else its turns are skipped.
Value chooseFromDatasets(TfRuntime &rt, const Value &datasets,
                         const Value &choices, bool stopOnEmpty) {
  Interpreter &in = rt.in;
  ValueList members = in.toList(datasets);
  DatasetObject *chooser = asDataset(choices);
  if (members.empty())
    in.valueError("Invalid `datasets`. `datasets` should not be empty.");
  if (!chooser || isStructure(chooser->spec) ||
      specLeaf(chooser->spec).type.dtype != DType::Int64 ||
      !specLeaf(chooser->spec).type.shape.empty())
    in.typeError("Invalid `choice_dataset`. Elements of `choice_dataset` "
                 "must be scalar of type `tf.int64`.");
  std::vector<std::function<NextFn(Interpreter &)>> opens;
  for (auto &m : members) {
    DatasetObject *d = asDataset(m);
    if (!d)
      in.typeError("Invalid `datasets`. `datasets` must be a list of "
                   "`tf.data.Dataset` objects.");
    opens.push_back(d->open);
  }
  auto openChoices = chooser->open;
  return makeDataset(
      rt, "_DirectedInterleaveDataset", asDataset(members[0])->spec, kUnknown,
      [opens, openChoices, stopOnEmpty](Interpreter &in) -> NextFn {
        struct State {
          NextFn choices;
          std::vector<NextFn> inputs;
          std::vector<bool> empty;
        };
        auto s = std::make_shared<State>();
        s->choices = openChoices(in);
        for (auto &open : opens)
          s->inputs.push_back(open(in));
        s->empty.assign(opens.size(), false);
        return [s, stopOnEmpty](Interpreter &in, Value &out) {
          Value choice;
          while (s->choices(in, choice)) {
            int64_t k = in.toIndex(choice);
            if (k < 0 || k >= static_cast<int64_t>(s->inputs.size()))
              in.raise("InvalidArgumentError",
                       "Selector index out of range: " + std::to_string(k) +
                           " >= " + std::to_string(s->inputs.size()));
            if (!s->empty[k] && s->inputs[k](in, out))
              return true;
            s->empty[k] = true;
            if (stopOnEmpty)
              return false;
          }
          return false;
        };
      });
}

/// The element of a dataset of exactly one element.
Value singleElement(TfRuntime &rt, const DatasetObject &d) {
  Interpreter &in = rt.in;
  NextFn next = openChecked(rt, d, in);
  Value v, extra;
  const std::string op = "DatasetToSingleElement";
  if (!next(in, v))
    rt.raise("InvalidArgumentError", eagerKernelPrefix(op + "_output_types_1") +
                                         "Dataset was empty." +
                                         eagerOpSuffix(op));
  if (next(in, extra))
    rt.raise("InvalidArgumentError", eagerKernelPrefix(op + "_output_types_1") +
                                         "Dataset had more than one element." +
                                         eagerOpSuffix(op));
  return v;
}

/// The unique elements of a dataset of scalars, in order of first sight.
Value unique(TfRuntime &rt, const DatasetObject &d) {
  Interpreter &in = rt.in;
  if (isStructure(d.spec) || !specLeaf(d.spec).type.shape.empty())
    in.typeError("Dataset.unique() only supports datasets with 1 component.");
  return derived(rt, d, "_UniqueDataset", d.spec, kUnknown,
                 [](Interpreter &, NextFn input) -> NextFn {
                   auto seen = std::make_shared<std::set<std::string>>();
                   return [input, seen](Interpreter &in, Value &out) {
                     while (input(in, out)) {
                       Value host =
                           in.call(in.getAttr(out, "numpy"), ValueList{});
                       if (seen->insert(in.repr(host)).second)
                         return true;
                     }
                     return false;
                   };
                 });
}

bool DatasetObject::getAttr(Interpreter &in, const Value &self,
                            const std::string &name, Value &out) {
  TfRuntime &r = *rt;
  auto d = std::static_pointer_cast<DatasetObject>(self.ptr());
  if (name == "element_spec") {
    out = spec;
    return true;
  }
  auto method = [&](py::BuiltinFn fn) {
    out = in.builtin(name, std::move(fn));
  };
  auto params = [&r, name](CallArgs &args, std::vector<std::string> names) {
    return Params(r.in, args, name, std::move(names), Wording::Python);
  };
  auto count = [&r](const Params &p, const std::string &param,
                    int64_t fallback) {
    if (!p.has(param))
      return fallback;
    Value v = p.get(param);
    if (r.isTensor(v))
      return r.in.toIndex(v);
    if (!v.is(Type::Int) && !v.is(Type::Bool))
      r.in.typeError("Cannot convert " + r.in.repr(v) +
                     " to EagerTensor of dtype int64");
    return r.in.toIndex(v);
  };
  if (name == "map") {
    method([&r, d](Interpreter &, CallArgs &args) {
      return mapDataset(r, *d, args);
    });
  } else if (name == "filter") {
    method([&r, d, params](Interpreter &, CallArgs &args) {
      Params p = params(args, {"predicate", "name"});
      return filterDataset(r, *d, p.require("predicate", "filter"),
                           "_FilterDataset", false);
    });
  } else if (name == "take_while") {
    method([&r, d, params](Interpreter &, CallArgs &args) {
      Params p = params(args, {"predicate", "name"});
      return filterDataset(r, *d, p.require("predicate", "take_while"),
                           "_TakeWhileDataset", true);
    });
  } else if (name == "batch") {
    method(
        [&r, d](Interpreter &, CallArgs &args) { return batch(r, *d, args); });
  } else if (name == "unbatch") {
    method([&r, d, params](Interpreter &, CallArgs &args) {
      params(args, {"name"});
      return unbatch(r, *d);
    });
  } else if (name == "take" || name == "skip") {
    method([&r, d, params, count, name](Interpreter &, CallArgs &args) {
      Params p = params(args, {"count", "name"});
      p.require("count", name);
      int64_t n = count(p, "count", 0);
      return name == "take" ? take(r, *d, n) : skip(r, *d, n);
    });
  } else if (name == "repeat") {
    method([&r, d, params, count](Interpreter &, CallArgs &args) {
      Params p = params(args, {"count", "name"});
      return repeat(r, *d, count(p, "count", -1));
    });
  } else if (name == "enumerate") {
    method([&r, self, params, count](Interpreter &in, CallArgs &args) {
      Params p = params(args, {"start", "name"});
      int64_t start = count(p, "start", 0);
      CallArgs rangeArgs;
      rangeArgs.positional = {Value::integer(start), Value::integer(INT64_MAX)};
      Value counter = rangeDataset(r, rangeArgs);
      asDataset(counter)->cardinality = kInfinite;
      return zipDatasets(r, in.tuple({counter, self}));
    });
  } else if (name == "zip") {
    method([&r, self](Interpreter &in, CallArgs &args) {
      ValueList all{self};
      for (auto &a : args.positional)
        all.push_back(a);
      return zipDatasets(r, all.size() == 2 && !asDataset(all[1]) &&
                                    isStructure(all[1])
                                ? in.tuple({self, all[1]})
                            : all.size() == 1 ? self
                                              : in.tuple(all));
    });
  } else if (name == "concatenate") {
    method([&r, d, params](Interpreter &in, CallArgs &args) {
      Params p = params(args, {"dataset", "name"});
      Value other = p.require("dataset", "concatenate");
      DatasetObject *o = asDataset(other);
      if (!o)
        in.typeError("Expected a `tf.data.Dataset`, got " + in.repr(other));
      return concatenate(r, *d, *o);
    });
  } else if (name == "shuffle") {
    method([&r, d](Interpreter &, CallArgs &args) {
      return shuffle(r, *d, args);
    });
  } else if (name == "cache") {
    method([&r, d, params](Interpreter &, CallArgs &args) {
      params(args, {"filename", "name"});
      return cache(r, *d);
    });
  } else if (name == "padded_batch") {
    method([&r, d](Interpreter &, CallArgs &args) {
      return paddedBatch(r, *d, args);
    });
  } else if (name == "interleave") {
    method([&r, d](Interpreter &, CallArgs &args) {
      return interleave(r, *d, args);
    });
  } else if (name == "window") {
    method(
        [&r, d](Interpreter &, CallArgs &args) { return window(r, *d, args); });
  } else if (name == "ignore_errors") {
    method([&r, d, params](Interpreter &, CallArgs &args) {
      params(args, {"log_warning", "name"});
      return derived(r, *d, "_IgnoreErrorsDataset", d->spec, kUnknown,
                     [](Interpreter &, NextFn input) -> NextFn {
                       return [input](Interpreter &in, Value &out) {
                         for (;;) {
                           try {
                             return input(in, out);
                           } catch (py::PyException &) {
                             // The element is dropped; the input goes on.
                           }
                         }
                       };
                     });
    });
  } else if (name == "prefetch" || name == "with_options") {
    // Performance and options only: the elements are the input's.
    std::string cls =
        name == "prefetch" ? "_PrefetchDataset" : "_OptionsDataset";
    std::vector<std::string> names =
        name == "prefetch" ? std::vector<std::string>{"buffer_size", "name"}
                           : std::vector<std::string>{"options", "name"};
    method([&r, d, params, names, cls](Interpreter &, CallArgs &args) {
      params(args, names);
      return derived(r, *d, cls, d->spec, d->cardinality,
                     [](Interpreter &, NextFn input) { return input; });
    });
  } else if (name == "shard") {
    method([&r, d, params, count](Interpreter &, CallArgs &args) {
      Params p = params(args, {"num_shards", "index", "name"});
      p.require("num_shards", "shard");
      p.require("index", "shard");
      return shard(r, *d, count(p, "num_shards", 0), count(p, "index", 0));
    });
  } else if (name == "reduce") {
    method([&r, d](Interpreter &, CallArgs &args) {
      return reduceDataset(r, *d, args);
    });
  } else if (name == "scan") {
    method([&r, d, params](Interpreter &, CallArgs &args) {
      Params p = params(args, {"initial_state", "scan_func", "name"});
      return scanDataset(r, *d, p.require("initial_state", "scan"),
                         p.require("scan_func", "scan"));
    });
  } else if (name == "flat_map") {
    method([&r, d, params](Interpreter &, CallArgs &args) {
      Params p = params(args, {"map_func", "name"});
      return flatMap(r, *d, p.require("map_func", "flat_map"));
    });
  } else if (name == "unique") {
    method([&r, d, params](Interpreter &, CallArgs &args) {
      params(args, {"name"});
      return unique(r, *d);
    });
  } else if (name == "apply") {
    method([self, params](Interpreter &in, CallArgs &args) {
      Params p = params(args, {"transformation_func"});
      return in.call(p.require("transformation_func", "apply"),
                     ValueList{self});
    });
  } else if (name == "cardinality") {
    method([&r, d](Interpreter &, CallArgs &) {
      return int64Tensor(r, d->cardinality);
    });
  } else if (name == "as_numpy_iterator") {
    method([&r, d](Interpreter &in, CallArgs &) {
      return Value::object(Type::Iterator, std::make_shared<NumpyIterator>(
                                               openIterator(r, *d, in)));
    });
  } else if (name == "get_single_element") {
    method([&r, d](Interpreter &, CallArgs &) { return singleElement(r, *d); });
  } else {
    return false;
  }
  return true;
}

/// tf.data.Dataset: the class, for its static sources and isinstance.
struct DatasetClass : py::NativeObject {
  TfRuntime *rt = nullptr;
  std::string typeName() const override { return "type"; }
  std::string repr(Interpreter &, const Value &) override {
    return "<class 'tensorflow.python.data.ops.dataset_ops.DatasetV2'>";
  }
  bool instanceCheck(Interpreter &, const Value &obj, bool &out) override {
    out = asDataset(obj) != nullptr;
    return true;
  }
  bool getAttr(Interpreter &in, const Value &, const std::string &name,
               Value &out) override {
    TfRuntime &r = *rt;
    auto one = [&r, name](CallArgs &args, const std::string &param) {
      Params p(r.in, args, name, {param, "name"}, Wording::Python);
      return p.require(param, name);
    };
    if (name == "from_tensor_slices") {
      out = in.builtin(name, [&r, one](Interpreter &, CallArgs &args) {
        return fromTensorSlices(r, one(args, "tensors"));
      });
    } else if (name == "from_tensors") {
      out = in.builtin(name, [&r, one](Interpreter &, CallArgs &args) {
        return fromTensors(r, one(args, "tensors"));
      });
    } else if (name == "range") {
      out = in.builtin(name, [&r](Interpreter &, CallArgs &args) {
        return rangeDataset(r, args);
      });
    } else if (name == "random") {
      out = in.builtin(name, [&r](Interpreter &, CallArgs &args) {
        return randomDataset(r, args);
      });
    } else if (name == "choose_from_datasets") {
      out = in.builtin(name, [&r](Interpreter &in, CallArgs &args) {
        const std::string fname = "choose_from_datasets";
        Params p(in, args, fname,
                 {"datasets", "choice_dataset", "stop_on_empty_dataset"},
                 Wording::Python);
        return chooseFromDatasets(
            r, p.require("datasets", fname), p.require("choice_dataset", fname),
            !p.has("stop_on_empty_dataset") ||
                in.truthy(p.get("stop_on_empty_dataset")));
      });
    } else if (name == "from_generator") {
      out = in.builtin(name, [&r](Interpreter &, CallArgs &args) {
        return fromGenerator(r, args);
      });
    } else if (name == "zip") {
      out = in.builtin(name, [&r](Interpreter &in, CallArgs &args) {
        ValueList all = args.positional;
        for (auto &[k, v] : args.keywords)
          if (k == "datasets")
            all.push_back(v);
        if (all.empty())
          in.typeError("Must pass at least one dataset to `zip`.");
        return zipDatasets(r, all.size() == 1 ? all[0] : in.tuple(all));
      });
    } else {
      return false;
    }
    return true;
  }
};

} // namespace

void installData(TfRuntime &rt, ModuleBuilder &tf) {
  Interpreter &in = rt.in;
  ModuleBuilder data(in, rt, "tensorflow.data");
  ModuleBuilder experimental(in, rt, "tensorflow.data.experimental");
  auto cls = std::make_shared<DatasetClass>();
  cls->rt = &rt;
  data.set("Dataset", Value::object(Type::Native, cls));
  for (ModuleBuilder *m : {&data, &experimental}) {
    m->set("AUTOTUNE", Value::integer(kAutotune));
    m->set("INFINITE_CARDINALITY", Value::integer(kInfinite));
    m->set("UNKNOWN_CARDINALITY", Value::integer(kUnknown));
  }
  TfRuntime *r = &rt;
  experimental.def("cardinality", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "cardinality", {"dataset"}, Wording::Python);
    DatasetObject *d = asDataset(p.require("dataset", "cardinality"));
    if (!d)
      in.typeError("cardinality() expects a tf.data.Dataset");
    return int64Tensor(*r, d->cardinality);
  });
  experimental.def("get_single_element", [r](Interpreter &in, CallArgs &args) {
    warnDeprecated(in, "get_single_element",
                   "tensorflow.python.data.experimental.ops.get_single_element",
                   "Use `tf.data.Dataset.get_single_element()`.");
    Params p(in, args, "get_single_element", {"dataset"}, Wording::Python);
    DatasetObject *d = asDataset(p.require("dataset", "get_single_element"));
    if (!d)
      in.typeError("`dataset` must be a `tf.data.Dataset` object.");
    return singleElement(*r, *d);
  });
  // The transformations tf.data.experimental returns for Dataset.apply.
  experimental.def("scan", [r](Interpreter &in, CallArgs &args) {
    warnDeprecated(in, "scan",
                   "tensorflow.python.data.experimental.ops.scan_ops",
                   "Use `tf.data.Dataset.scan(...) instead");
    Params p(in, args, "scan", {"initial_state", "scan_func"}, Wording::Python);
    Value initial = p.require("initial_state", "scan");
    Value fn = p.require("scan_func", "scan");
    return in.builtin(
        "_apply_fn", [r, initial, fn](Interpreter &in, CallArgs &args) {
          DatasetObject *d =
              args.positional.empty() ? nullptr : asDataset(args.positional[0]);
          if (!d)
            in.typeError("_apply_fn() expects a tf.data.Dataset");
          return scanDataset(*r, *d, initial, fn);
        });
  });
  experimental.def("choose_from_datasets", [r](Interpreter &in,
                                               CallArgs &args) {
    warnDeprecated(
        in, "choose_from_datasets_v2",
        "tensorflow.python.data.experimental.ops.interleave_ops",
        "Use `tf.data.Dataset.choose_from_datasets(...)` instead. Note that, "
        "unlike the experimental endpoint, the non-experimental endpoint sets "
        "`stop_on_empty_dataset=True` by default. You should set this "
        "argument explicitly in case you would like to match the behavior of "
        "the experimental endpoint.");
    Params p(in, args, "choose_from_datasets",
             {"datasets", "choice_dataset", "stop_on_empty_dataset"},
             Wording::Python);
    return chooseFromDatasets(
        *r, p.require("datasets", "choose_from_datasets"),
        p.require("choice_dataset", "choose_from_datasets"),
        p.has("stop_on_empty_dataset") &&
            in.truthy(p.get("stop_on_empty_dataset")));
  });
  experimental.def("assert_cardinality", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "assert_cardinality", {"expected_cardinality"},
             Wording::Python);
    int64_t expected =
        in.toIndex(p.require("expected_cardinality", "assert_cardinality"));
    return in.builtin(
        "_apply_fn", [r, expected](Interpreter &in, CallArgs &args) {
          DatasetObject *d =
              args.positional.empty() ? nullptr : asDataset(args.positional[0]);
          if (!d)
            in.typeError("_apply_fn() expects a tf.data.Dataset");
          return derived(*r, *d, "_AssertCardinalityDataset", d->spec, expected,
                         [](Interpreter &, NextFn input) { return input; });
        });
  });
  data.set("experimental", experimental.value());
  tf.set("data", data.value());
}

} // namespace kiln::tf
