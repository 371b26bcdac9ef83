// tf.data's sources: from_tensor_slices, from_tensors, range, zip,
// from_generator and TextLineDataset.
#include "TfDataset.h"

#include "TfModuleBuilder.h"
#include "TfObjects.h"
#include "TfOps.h"

#include <cmath>
#include <fstream>

namespace kiln::tf {
namespace data {

using py::Type;

// ---- sources ----

/// The graph tensors among `leaves` as the call running has them
/// (boundGraphTensor); eager ones as they are.
static ValueList boundLeaves(TfRuntime &rt, const ValueList &leaves) {
  ValueList out;
  for (const Value &leaf : leaves)
    out.push_back(boundGraphTensor(rt, leaf));
  return out;
}

Value fromTensorSlices(TfRuntime &rt, const Value &tensors) {
  Interpreter &in = rt.in;
  Value structure = normalize(rt, tensors);
  ValueList leaves = flatten(in, structure);
  // The rows, unknown when a graph tensor's first dimension is.
  int64_t n = -1;
  bool unknown = false;
  for (auto &leaf : leaves) {
    const TensorType &t = typeOf(rt, leaf);
    if (t.unknownRank)
      rt.raise("UnimplementedError",
               "kiln cannot slice a graph tensor of unknown rank into a "
               "tf.data dataset yet");
    if (t.shape.empty())
      in.valueError("Unbatching a tensor is only supported for rank >= 1");
    if (n >= 0 && t.shape[0] >= 0 && t.shape[0] != n)
      in.valueError("Dimensions " + std::to_string(n) + " and " +
                    std::to_string(t.shape[0]) + " are not compatible");
    if (t.shape[0] >= 0)
      n = t.shape[0];
    unknown |= t.shape[0] < 0;
  }
  Value spec = mapSpecs(in, specOf(rt, structure), [](const TensorType &t) {
    TensorType row = t;
    row.shape.erase(row.shape.begin());
    return row;
  });
  TfRuntime *r = &rt;
  return makeDataset(
      rt, "_TensorSliceDataset", spec, unknown || n < 0 ? kUnknown : n,
      [r, structure, leaves](Interpreter &in) -> NextFn {
        // Graph tensors' values (and so the rows) are the call's.
        ValueList values = boundLeaves(*r, leaves);
        int64_t n = values.empty() ? 0 : typeOf(*r, values[0]).shape[0];
        for (const Value &v : values)
          if (typeOf(*r, v).shape[0] != n)
            r->raise("InvalidArgumentError",
                     "All components must have the same size in the 0th "
                     "dimension");
        auto i = std::make_shared<int64_t>(0);
        (void)in;
        return [structure, values, n, i](Interpreter &in, Value &out) {
          if (*i >= n)
            return false;
          ValueList rows;
          for (auto &leaf : values)
            rows.push_back(in.getItem(leaf, Value::integer(*i)));
          ++*i;
          out = rebuild(in, structure, rows);
          return true;
        };
      });
}

Value fromTensors(TfRuntime &rt, const Value &tensors) {
  Value element = normalize(rt, tensors);
  TfRuntime *r = &rt;
  return makeDataset(rt, "_TensorDataset", specOf(rt, element), 1,
                     [r, element](Interpreter &in) -> NextFn {
                       Value bound = rebuild(
                           in, element, boundLeaves(*r, flatten(in, element)));
                       auto done = std::make_shared<bool>(false);
                       return [bound, done](Interpreter &, Value &out) {
                         if (*done)
                           return false;
                         *done = true;
                         out = bound;
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
  // Graph tensors of the trace being made are read when a call opens the
  // dataset (noteGraphTensor); its cardinality is unknown until then.
  bool deferred = false;
  for (const Value &b : bounds)
    deferred |= noteSourceTensor(rt, b);
  TfRuntime *r = &rt;
  DType d = dtype.value_or(DType::Int64);
  // start, stop and step, and the count of elements.
  auto resolve = [r, bounds](int64_t &start, int64_t &step) {
    Interpreter &in = r->in;
    ValueList b;
    for (const Value &v : bounds)
      b.push_back(boundGraphTensor(*r, v));
    int64_t stop;
    start = 0, step = 1;
    if (b.size() == 1) {
      stop = in.toIndex(b[0]);
    } else {
      start = in.toIndex(b[0]);
      stop = in.toIndex(b[1]);
      if (b.size() == 3)
        step = in.toIndex(b[2]);
    }
    if (step == 0)
      datasetError(*r, "RangeDataset", "step must be a non-zero integer.");
    return step > 0 ? (stop > start ? (stop - start + step - 1) / step : 0)
                    : (start > stop ? (start - stop - step - 1) / -step : 0);
  };
  int64_t cardinality = kUnknown;
  if (!deferred) {
    int64_t start, step;
    cardinality = resolve(start, step);
  }
  return makeDataset(
      rt, "_RangeDataset", tensorSpec(TensorType{d, {}}), cardinality,
      [r, resolve, d](Interpreter &) -> NextFn {
        int64_t start, step;
        int64_t n = resolve(start, step);
        auto i = std::make_shared<int64_t>(0);
        return [r, start, step, n, d, i](Interpreter &, Value &out) {
          if (*i >= n)
            return false;
          int64_t v = start + step * (*i)++;
          out = r->toTensor(isFloating(d) ? Value::floating(double(v))
                                          : Value::integer(v),
                            d);
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
  if (unknown) // an unknown input leaves the zip's length unknown
    card = kUnknown;
  std::vector<std::function<NextFn(Interpreter &)>> opens;
  for (auto *d : inputs)
    opens.push_back(openOf(*d));
  return makeDataset(rt, "_ZipDataset", rebuild(in, datasets, specs), card,
                     [opens, datasets](Interpreter &in) -> NextFn {
                       auto its = std::make_shared<std::vector<NextFn>>();
                       for (size_t i = 0; i < opens.size(); ++i)
                         its->push_back(throughSegment(opens[i](in), [i] {
                           return "Zip[" + std::to_string(i) + "]";
                         }));
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
  // TensorFlow's from_generator is a flat_map over a dataset of its own:
  // two kernels.
  countDatasetKernels(1);
  return makeDataset(
      rt, "_FlatMapDataset", spec, kUnknown,
      [r, gen, genArgs, spec](Interpreter &in) -> NextFn {
        Value it = in.iter(in.call(gen, genArgs));
        ValueList specs = flatten(in, spec);
        return [r, it, spec, specs](Interpreter &in, Value &out) {
          Value v;
          if (!in.next(it, v))
            return false;
          ValueList values;
          try {
            values = flattenUpTo(in, spec, v);
          } catch (py::PyException &) {
            in.typeError("`generator` yielded an element that did not match "
                         "the expected structure. The expected structure was " +
                         in.repr(spec) + ", but the yielded element was " +
                         in.repr(v) + ".");
          }
          for (size_t k = 0; k < values.size(); ++k) {
            const TensorType &want = specLeaf(specs[k]).type;
            // The generator's values go through np.asarray(value, dtype):
            // a float for an integer spec truncates.
            if (isInteger(want.dtype) && values[k].is(Type::Float))
              values[k] = Value::integer(
                  static_cast<int64_t>(std::trunc(values[k].toDouble())));
            values[k] = r->toTensor(values[k], want.dtype);
            // The element must have the signature's shape (None fits any
            // size), as the generator's PyFunc checks.
            const TensorType &got = typeOf(*r, values[k]);
            bool fits = want.unknownRank || got.shapeFits(want);
            if (!fits)
              r->raise("InvalidArgumentError",
                       eagerKernelPrefix("IteratorGetNext_output_types_" +
                                         std::to_string(specs.size())) +
                           "TypeError: `generator` yielded an element of "
                           "shape " +
                           got.shapeString() + " where an element of shape " +
                           want.shapeString() +
                           " was expected.\n\n\t [[{{node PyFunc}}]]" +
                           eagerOpSuffix("IteratorGetNext"));
          }
          out = rebuild(in, spec, values);
          return true;
        };
      });
}

Value textLineDataset(TfRuntime &rt, CallArgs &args) {
  Interpreter &in = rt.in;
  const std::string fname = "TextLineDataset";
  Params p(in, args, fname,
           {"filenames", "compression_type", "buffer_size",
            "num_parallel_reads", "name"},
           Wording::Python);
  Value names = rt.toTensor(p.require("filenames", fname));
  const TensorType &type = rt.tensor(names).type;
  if (type.dtype != DType::String)
    in.typeError("The `filenames` argument must contain `tf.string` "
                 "elements. Got `tf." +
                 std::string(py::dtypeName(type.dtype)) + "` elements.");
  HostTensorPtr value = rt.constantValue(names);
  if (!value)
    rt.raise("UnimplementedError",
             "kiln cannot read a TextLineDataset whose file names are known "
             "only when the function runs yet: make it outside the function");
  if (p.has("compression_type") && !in.toStr(p.get("compression_type")).empty())
    rt.raise("UnimplementedError",
             "kiln reads uncompressed text files only, not compression_type " +
                 in.repr(p.get("compression_type")));
  std::vector<std::string> files = value->strings;
  TensorType line;
  line.dtype = DType::String;
  TfRuntime *r = &rt;
  // TensorFlow makes three dataset kernels: the file names' slices, a
  // reader per file in a flat_map's function, and the flat_map.
  countDatasetKernels(2);
  return makeDataset(
      rt, "TextLineDatasetV2", tensorSpec(line), kUnknown,
      [r, files](Interpreter &) -> NextFn {
        // The file being read and the index of the next one.
        struct Reading {
          std::ifstream file;
          size_t next = 0;
        };
        auto reading = std::make_shared<Reading>();
        return [r, files, reading](Interpreter &, Value &out) {
          std::string text;
          while (!reading->file.is_open() ||
                 !std::getline(reading->file, text)) {
            reading->file.close();
            if (reading->next >= files.size())
              return false;
            const std::string &path = files[reading->next++];
            reading->file.clear();
            reading->file.open(path, std::ios::binary);
            if (!reading->file.is_open())
              r->raise("NotFoundError",
                       eagerKernelPrefix("IteratorGetNext_output_types_1") +
                           path + "; No such file or directory" +
                           eagerOpSuffix("IteratorGetNext"));
          }
          // A line ends at "\n", and a "\r" before it goes too.
          if (!text.empty() && text.back() == '\r')
            text.pop_back();
          auto host = graph::HostTensor::zeros({DType::String, {}});
          host->strings[0] = std::move(text);
          out = r->eager(host);
          return true;
        };
      });
}

} // namespace data
} // namespace kiln::tf
