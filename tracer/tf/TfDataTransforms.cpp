// tf.data's transformations without user functions: batch, unbatch,
// padded_batch, take, skip, repeat, concatenate, cache, shard, window,
// unique, choose_from_datasets and get_single_element.
#include "TfDataset.h"

#include "Staging.h"

#include "TfModuleBuilder.h"
#include "TfObjects.h"
#include "TfOps.h"

#include <deque>
#include <set>

namespace kiln::tf {
namespace data {

using py::Type;

int64_t batchCardinality(int64_t n, int64_t size, bool drop) {
  if (n < 0)
    return n;
  return drop ? n / size : (n + size - 1) / size;
}

/// Stacks the elements of one batch, tensor by tensor, with the batch
/// kernel's checks: each component has the first element's shape. After a
/// map, which tf.data fuses with the batch (MapAndBatchDataset), only the
/// element counts must agree, and each takes the first element's shape.
/// (That kernel runs the map in parallel, so which element TensorFlow's
/// message names first varies from run to run; kiln's names them in
/// order.)
Value stackElements(TfRuntime &rt, const ValueList &elements, bool fused) {
  Interpreter &in = rt.in;
  std::vector<ValueList> columns;
  for (auto &e : elements) {
    ValueList leaves = flatten(in, e);
    columns.resize(leaves.size());
    for (size_t k = 0; k < leaves.size(); ++k)
      columns[k].push_back(leaves[k]);
  }
  auto fail = [&](const std::string &message) {
    rt.raise("InvalidArgumentError",
             eagerKernelPrefix("IteratorGetNext_output_types_" +
                               std::to_string(columns.size())) +
                 message + eagerOpSuffix("IteratorGetNext"));
  };
  Value reshape = tfAttr(in, "reshape");
  for (size_t c = 0; c < columns.size(); ++c) {
    const std::vector<int64_t> first = typeOf(rt, columns[c][0]).shape;
    for (size_t i = 1; i < columns[c].size(); ++i) {
      const TensorType &type = typeOf(rt, columns[c][i]);
      if (type.shape == first)
        continue;
      if (!fused)
        fail("Cannot batch tensors with different shapes in component " +
             std::to_string(c) + ". First element had shape " +
             shapeList(first) + " and element " + std::to_string(i) +
             " had shape " + shapeList(type.shape) + ".");
      if (type.numElements() != TensorType{type.dtype, first}.numElements())
        fail("Cannot add tensor to the batch: number of elements does not "
             "match. Shapes are: [tensor]: " +
             shapeList(type.shape) + ", [batch]: " + shapeList(first));
      ValueList dims;
      for (int64_t d : first)
        dims.push_back(Value::integer(d));
      columns[c][i] = in.call(reshape, ValueList{columns[c][i], in.list(dims)});
    }
  }
  Value stack = tfAttr(in, "stack");
  ValueList stacked;
  for (auto &column : columns)
    stacked.push_back(in.call(stack, ValueList{in.list(column)}));
  return rebuild(in, elements.front(), stacked);
}

/// The next batch's elements from `input`: up to `size`, or exactly
/// `size` when the remainder is dropped; false when there is none.
static bool takeBatch(Interpreter &in, const NextFn &input, int64_t size,
                      bool drop, ValueList &items) {
  Value v;
  while (static_cast<int64_t>(items.size()) < size && input(in, v))
    items.push_back(v);
  return !items.empty() && !(drop && static_cast<int64_t>(items.size()) < size);
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
  // tf.data's map_and_batch_fusion: a map (parallel or not) under a
  // batch (not a parallel one).
  bool fused = !parallel && (d.className == "_MapDataset" ||
                             d.className == "_ParallelMapDataset");
  return derived(rt, d, parallel ? "_ParallelBatchDataset" : "_BatchDataset",
                 spec, batchCardinality(d.cardinality, size, drop),
                 [r, size, drop, fused](Interpreter &, NextFn input) -> NextFn {
                   return [r, size, drop, fused, input](Interpreter &in,
                                                        Value &out) {
                     ValueList items;
                     if (!takeBatch(in, input, size, drop, items))
                       return false;
                     out = stackElements(*r, items, fused);
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
  // TensorFlow normalizes the input with a map first: a second kernel.
  countDatasetKernels(1);
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
  auto open = openOf(d);
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
              std::string name =
                  (count < 0 ? "ForeverRepeat[" : "FiniteRepeat[") +
                  std::to_string(s->epoch) + "]";
              s->current = throughSegment(open(in), [name] { return name; });
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
  auto openA = openOf(a), openB = openOf(b);
  return makeDataset(
      rt, "_ConcatenateDataset", rebuild(in, a.spec, merged), card,
      [openA, openB](Interpreter &in) -> NextFn {
        auto first = std::make_shared<NextFn>(
            throughSegment(openA(in), [] { return "Concatenate[0]"; }));
        auto second = std::make_shared<NextFn>();
        return [openB, first, second](Interpreter &in, Value &out) {
          if (*first) {
            if ((*first)(in, out))
              return true;
            *first = nullptr;
            *second =
                throughSegment(openB(in), [] { return "Concatenate[1]"; });
          }
          return (*second)(in, out);
        };
      });
}

/// cache: the first complete pass keeps the elements, later passes replay
/// them (the input, and its side effects, run once).
Value cache(TfRuntime &rt, const DatasetObject &d) {
  auto kept = std::make_shared<std::optional<ValueList>>();
  auto open = openOf(d);
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
          if (!takeBatch(in, input, size, drop, items))
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
                  r->raise("DataLossError",
                           eagerKernelPrefix("IteratorGetNext_output_types_" +
                                             std::to_string(columns.size())) +
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
    opens.push_back(openOf(*d));
  }
  // The datasets' elements must agree in structure and dtypes.
  auto dtypes = [&](const Value &spec) {
    std::string text;
    for (const Value &leaf : flatten(in, spec))
      text += std::string(py::dtypeName(specLeaf(leaf).type.dtype)) + ",";
    return text;
  };
  const Value &first = asDataset(members[0])->spec;
  for (size_t k = 1; k < members.size(); ++k) {
    const Value &spec = asDataset(members[k])->spec;
    bool typeError = false;
    if (structureMismatch(in, first, spec, false, typeError).empty() &&
        dtypes(first) == dtypes(spec))
      continue;
    std::string specs;
    for (size_t i = 0; i < members.size(); ++i)
      specs += (i ? "\nDataset " : " Dataset ") + std::to_string(i) +
               " element_spec=" + in.repr(asDataset(members[i])->spec) + ".";
    in.typeError("Invalid `datasets`. `datasets` must have compatible "
                 "element specs.\n" +
                 specs);
  }
  auto openChoices = openOf(*chooser);
  countDatasetKernels(1); // TensorFlow's makes two
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
Value singleElement(TfRuntime &rt, const Value &dataset) {
  Interpreter &in = rt.in;
  if (rt.tracing)
    return stageSingleElement(rt, dataset);
  const DatasetObject &d = *asDataset(dataset);
  NextFn next = openChecked(rt, d, in);
  Value v, extra;
  const std::string op = "DatasetToSingleElement";
  const std::string kernel =
      op + "_output_types_" + std::to_string(flatten(in, d.spec).size());
  bool empty, more;
  try {
    empty = !next(in, v);
    more = !empty && next(in, extra);
  } catch (py::PyException &e) {
    rewriteFunctionError(rt, e, Consumer::SingleElement, kernel, *d.segment);
    throw;
  }
  if (empty)
    rt.raise("InvalidArgumentError", eagerKernelPrefix(kernel) +
                                         "Dataset was empty." +
                                         eagerOpSuffix(op));
  if (more)
    rt.raise("InvalidArgumentError", eagerKernelPrefix(kernel) +
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

} // namespace data
} // namespace kiln::tf
