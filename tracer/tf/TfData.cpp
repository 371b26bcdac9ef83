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
//
// This file holds datasets, their element structures, iterators, the
// Dataset methods and the module; the sources, shuffle, the transformations
// and those with user functions have files of their own (TfDataset.h).
#include "TfData.h"
#include "TfDataset.h"

#include "AttributedIterator.h"
#include "NumPy.h"
#include "StdlibModules.h"
#include "TfModuleBuilder.h"
#include "TfObjects.h"
#include "TfOps.h"

#include <set>

namespace kiln::tf {
namespace data {

using py::Type;

// ---- structures of elements ----

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

bool noteSourceTensor(TfRuntime &rt, const Value &v) {
  if (!rt.isTensor(v) || !rt.tensor(v).symbolic())
    return false;
  // A graph tensor of the trace being made: the dataset reads its value
  // when a call opens it.
  if (rt.tensor(v).trace == rt.tracing) {
    noteGraphTensor(rt, v);
    return true;
  }
  rt.raise("UnimplementedError",
           "kiln cannot build a tf.data dataset from a graph tensor of "
           "an enclosing tf.function yet: build the dataset there, or "
           "outside and pass it in");
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
  if (rt.isTensor(v)) {
    noteSourceTensor(rt, v);
    return v;
  }
  // Eager even inside a tf.function: the pipeline runs on the host.
  EagerScope eager(rt);
  return rt.toTensor(v);
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

bool DatasetObject::len(Interpreter &in, const Value &, int64_t &out) {
  if (cardinality == kInfinite)
    in.typeError("The dataset is infinite.");
  if (cardinality < 0)
    in.typeError("The dataset length is unknown.");
  out = cardinality;
  return true;
}

DatasetObject *asDataset(const Value &v) {
  return v.is(Type::Native) ? dynamic_cast<DatasetObject *>(v.raw()) : nullptr;
}

Value makeDataset(TfRuntime &rt, std::string className, Value spec,
                  int64_t cardinality,
                  std::function<NextFn(Interpreter &)> open) {
  auto d = std::make_shared<DatasetObject>();
  static uint64_t serials = 0;
  d->serial = ++serials;
  d->rt = &rt;
  d->segment = std::make_shared<std::string>(iteratorSegment(className));
  // TensorFlow makes a kernel for each dataset, but none while kiln looks
  // at a first element.
  d->id = countDatasetKernels(probingFirstElement() ? 0 : 1);
  d->className = std::move(className);
  d->spec = std::move(spec);
  d->cardinality = cardinality;
  std::shared_ptr<const std::string> segment = d->segment;
  d->open = [open = std::move(open), segment](Interpreter &in) -> NextFn {
    NextFn next = open(in);
    if (segment->empty())
      return next;
    return throughSegment(
        next, [segment] { return *segment; }, false);
  };
  return Value::object(Type::Native, d);
}

Value derived(TfRuntime &rt, const DatasetObject &input, std::string className,
              Value spec, int64_t cardinality,
              std::function<NextFn(Interpreter &, NextFn)> wrap) {
  auto open = openOf(input);
  Value out =
      makeDataset(rt, std::move(className), std::move(spec), cardinality,
                  [open, wrap](Interpreter &in) { return wrap(in, open(in)); });
  asDataset(out)->options = input.options; // options flow downstream
  return out;
}

[[noreturn]] void datasetError(TfRuntime &rt, const std::string &op,
                               const std::string &message) {
  rt.raise("InvalidArgumentError",
           eagerKernelPrefix(op) + message + eagerOpSuffix(op));
}

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

// ---- iterators ----

/// Inside a tf.function TensorFlow stages every read of a pipeline into
/// the graph (each call reads new elements), which reading it at trace
/// time would not do. kiln stages a `for` over a dataset or iterator,
/// next(iterator) (of an iterator made outside, or by iter() inside),
/// reduce and get_single_element (TfDataLoops.cpp); the other reads
/// (list(iterator), ...) it refuses.
void refuseWhileTracing(TfRuntime &rt) {
  if (rt.tracing)
    rt.in.raise("NotImplementedError",
                "kiln reads a tf.data dataset inside a tf.function only "
                "with a for loop, iter() and next(), or reduce(): read it "
                "that way, or outside the function");
}

/// A fresh iterator's next function for `d`.
NextFn openChecked(TfRuntime &rt, const DatasetObject &d, Interpreter &in) {
  refuseWhileTracing(rt);
  return d.open(in);
}

/// tf.data's OwnedIterator: a Python iterator with get_next,
/// get_next_as_optional and element_spec.
struct OwnedIterator : py::AttributedIterator {
  OwnedIterator(TfRuntime &rt, Value spec, NextFn next, std::string top)
      : AttributedIterator("OwnedIterator"), rt(rt), spec(std::move(spec)),
        pull(std::move(next)), topSegment(std::move(top)) {}
  bool next(Interpreter &in, Value &out) override {
    refuseWhileTracing(rt);
    if (open && call != functionCallSerial()) {
      // iter() inside a tf.function: a fresh iterator on each call.
      call = functionCallSerial();
      pull = open(in);
      done = false;
    }
    if (done || !pull)
      return false;
    try {
      if (pull(in, out))
        return true;
    } catch (py::PyException &e) {
      rewriteFunctionError(rt, e, Consumer::Iterator,
                           "IteratorGetNext_output_types_" +
                               std::to_string(flatten(in, spec).size()),
                           topSegment);
      throw;
    }
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
  std::string topSegment; // the dataset's iterator name
  bool done = false;
  /// For an iterator made inside a tf.function (TensorFlow's anonymous
  /// iterator, made anew by each call): how to open it, and the call
  /// (functionCallSerial) it was last opened in.
  std::function<NextFn(Interpreter &)> open;
  uint64_t call = 0;
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
      // Inside a tf.function: a node that pulls when the function runs.
      if (it->rt.tracing)
        return stageIteratorNext(it->rt, Value::object(Type::Iterator, it));
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

bool isDatasetIterator(const Value &v) {
  return v.is(Type::Iterator) && dynamic_cast<OwnedIterator *>(v.raw());
}

Value iteratorSpec(const Value &it) {
  return static_cast<OwnedIterator *>(it.raw())->spec;
}

bool pullIterator(Interpreter &in, const Value &it, Value &out) {
  return static_cast<OwnedIterator *>(it.raw())->next(in, out);
}

Value openIterator(TfRuntime &rt, const DatasetObject &d, Interpreter &in) {
  return Value::object(Type::Iterator,
                       std::make_shared<OwnedIterator>(
                           rt, d.spec, openChecked(rt, d, in), *d.segment));
}

bool DatasetObject::iter(Interpreter &in, const Value &, Value &out) {
  if (rt->tracing) {
    // Inside a tf.function iter() makes an iterator that each call opens
    // anew; its reads (next(), get_next(), a for loop) are nodes that pull
    // from it when the function runs (TfDataLoops.cpp).
    auto it = std::make_shared<OwnedIterator>(*rt, spec, NextFn(), *segment);
    it->open = openOf(*this);
    out = Value::object(Type::Iterator, it);
    return true;
  }
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
      // An endless count from `start`, zipped with the elements.
      TfRuntime *rt = &r;
      Value counter = makeDataset(
          r, "_RangeDataset", tensorSpec(TensorType{DType::Int64, {}}),
          kInfinite, [rt, start](Interpreter &) -> NextFn {
            auto next = std::make_shared<int64_t>(start);
            return [rt, next](Interpreter &, Value &out) {
              out = int64Tensor(*rt, (*next)++);
              return true;
            };
          });
      // TensorFlow also rewrites the range (replicate_on_split): a third
      // dataset kernel.
      countDatasetKernels(1);
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
  } else if (name == "options") {
    method([&r, d](Interpreter &in, CallArgs &) {
      if (!d->options.isNone())
        return d->options;
      return in.call(in.getAttr(tfAttr(in, "data"), "Options"), ValueList{});
    });
  } else if (name == "prefetch" || name == "with_options") {
    // Performance and options only: the elements are the input's.
    std::string cls =
        name == "prefetch" ? "_PrefetchDataset" : "_OptionsDataset";
    std::vector<std::string> names =
        name == "prefetch" ? std::vector<std::string>{"buffer_size", "name"}
                           : std::vector<std::string>{"options", "name"};
    method([&r, d, params, names, cls](Interpreter &, CallArgs &args) {
      Params p = params(args, names);
      Value out = derived(r, *d, cls, d->spec, d->cardinality,
                          [](Interpreter &, NextFn input) { return input; });
      if (cls == "_OptionsDataset")
        asDataset(out)->options = p.require("options", "with_options");
      return out;
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
      return reduceDataset(r, Value::object(Type::Native, d), args);
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
      if (r.tracing)
        in.raise("RuntimeError", "`tf.data.Dataset.as_numpy_iterator()` is "
                                 "only supported in eager mode.");
      return Value::object(Type::Iterator, std::make_shared<NumpyIterator>(
                                               openIterator(r, *d, in)));
    });
  } else if (name == "get_single_element") {
    method([&r, d](Interpreter &, CallArgs &) {
      return singleElement(r, Value::object(Type::Native, d));
    });
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
    } else if (name == "list_files") {
      out = in.builtin(name, [&r](Interpreter &, CallArgs &args) {
        return listFiles(r, args);
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

} // namespace data

namespace {

/// tf.data.Options and its groups of options (experimental_optimization,
/// threading, autotune, experimental_distribute): Python classes whose
/// unset options read None, as TensorFlow's, and whose groups appear on
/// first read. kiln runs pipelines in order on one thread, so options
/// change nothing it computes.
py::ClassPtr optionsClass(Interpreter &in, const std::string &name,
                          const std::set<std::string> &groups) {
  auto cls = std::make_shared<py::ClassObject>();
  cls->name = name;
  cls->module = "tensorflow.python.data.ops.options";
  cls->base = in.builtinClass("object");
  cls->dict["__getattr__"] = in.builtin(
      "__getattr__", [groups](Interpreter &in, CallArgs &args) -> Value {
        const Value &self = args.positional.at(0);
        std::string attr = in.toStr(args.positional.at(1));
        if (attr.rfind("__", 0) == 0)
          in.raise("AttributeError",
                   "'Options' object has no attribute '" + attr + "'");
        if (!groups.count(attr))
          return Value();
        static const std::map<std::string, std::string> classes = {
            {"experimental_optimization", "OptimizationOptions"},
            {"threading", "ThreadingOptions"},
            {"autotune", "AutotuneOptions"},
            {"experimental_distribute", "DistributeOptions"}};
        Value group =
            in.call(Value::object(py::Type::Class,
                                  optionsClass(in, classes.at(attr), {})),
                    ValueList{});
        in.setAttr(self, attr, group);
        return group;
      });
  return cls;
}

} // namespace

void installData(TfRuntime &rt, ModuleBuilder &tf) {
  using namespace data;
  Interpreter &in = rt.in;
  installDatasetLoops(rt);
  ModuleBuilder data(in, rt, "tensorflow.data");
  ModuleBuilder experimental(in, rt, "tensorflow.data.experimental");
  auto cls = std::make_shared<DatasetClass>();
  cls->rt = &rt;
  data.set("Dataset", Value::object(Type::Native, cls));
  TfRuntime *rp = &rt;
  data.def("TextLineDataset", [rp](Interpreter &, CallArgs &args) {
    return textLineDataset(*rp, args);
  });
  experimental.def("CsvDataset", [rp](Interpreter &, CallArgs &args) {
    return csvDataset(*rp, args);
  });
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
    Value dataset = p.require("dataset", "get_single_element");
    if (!asDataset(dataset))
      in.typeError("`dataset` must be a `tf.data.Dataset` object.");
    return singleElement(*r, dataset);
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
    return in.builtin("_apply_fn", [r, expected](Interpreter &in,
                                                 CallArgs &args) {
      DatasetObject *d =
          args.positional.empty() ? nullptr : asDataset(args.positional[0]);
      if (!d)
        in.typeError("_apply_fn() expects a tf.data.Dataset");
      TfRuntime *rt = r;
      return derived(
          *r, *d, "_AssertCardinalityDataset", d->spec, expected,
          [rt, expected](Interpreter &, NextFn input) -> NextFn {
            auto seen = std::make_shared<int64_t>(0);
            return [rt, expected, input, seen](Interpreter &in, Value &out) {
              auto fail = [&](const std::string &what) {
                rt->raise("FailedPreconditionError",
                          eagerKernelPrefix("IteratorGetNext_output_types_1") +
                              "Input dataset was expected to contain " +
                              std::to_string(expected) +
                              " elements but contained " + what + "." +
                              eagerOpSuffix("IteratorGetNext"));
              };
              if (!input(in, out)) {
                if (*seen != expected)
                  fail("only " + std::to_string(*seen) +
                       (*seen == 1 ? " element" : " elements"));
                return false;
              }
              if (++*seen > expected)
                fail("at least " + std::to_string(*seen) + " elements");
              return true;
            };
          });
    });
  });
  data.set("Options", Value::object(Type::Class,
                                    optionsClass(in, "Options",
                                                 {"experimental_optimization",
                                                  "threading", "autotune",
                                                  "experimental_distribute"})));
  data.set("experimental", experimental.value());
  tf.set("data", data.value());
}

} // namespace kiln::tf
