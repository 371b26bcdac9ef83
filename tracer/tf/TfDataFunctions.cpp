// tf.data's transformations with user functions. map, filter, take_while,
// reduce and scan trace theirs once as tf.functions over the element_spec
// (Python side effects happen then; the placeholders are args_0, args_1,
// ... as TensorFlow's wrapper names them), compiled without grappler's
// constant folding as TensorFlow optimizes tf.data's functions; flat_map and
// interleave call theirs eagerly on each element.
#include "TfDataset.h"

#include "Staging.h"
#include "TfFunction.h"
#include "TfModuleBuilder.h"
#include "TfObjects.h"
#include "TfOps.h"

#include <thread>

namespace kiln::tf {
namespace data {

using py::Type;

// ---- user functions ----

/// A function's result as an element, normalized as TensorFlow's
/// structure does it (normalized below): one tensor per leaf.
Value asElement(TfRuntime &rt, const Value &result);
/// The element_spec of a traced function's outputs, normalized alike.
Value outputSpec(TfRuntime &rt, const Value &outputs);

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

/// `v` walked as TensorFlow's structure normalization walks a function's
/// result: a list at the top is a tuple, tuples and dicts stay structures,
/// and `leaf` makes each remaining value (a nested list too) one thing.
Value normalized(Interpreter &in, const Value &v, bool top,
                 const std::function<Value(const Value &)> &leaf) {
  if (v.is(Type::Tuple) || (top && v.is(Type::List))) {
    ValueList items;
    for (const Value &item : in.toList(v))
      items.push_back(normalized(in, item, false, leaf));
    return in.tuple(std::move(items));
  }
  if (v.is(Type::Dict)) {
    Value d = in.dict();
    for (const Value &key : in.toList(v))
      in.setItem(d, key, normalized(in, in.getItem(v, key), false, leaf));
    return d;
  }
  return leaf(v);
}

Value asElement(TfRuntime &rt, const Value &result) {
  return normalized(rt.in, result, true, [&rt](const Value &v) {
    return rt.isTensor(v) ? v : rt.toTensor(v);
  });
}

/// The TensorSpec of what asElement makes one tensor of: a tensor's own
/// type, a nested list's stacked one.
Value leafSpec(TfRuntime &rt, const Value &v) {
  if (rt.isTensor(v))
    return tensorSpec(typeOf(rt, v));
  if (v.is(Type::List) && !rt.in.toList(v).empty()) {
    ValueList items = rt.in.toList(v);
    TensorType t = specLeaf(leafSpec(rt, items[0])).type;
    bool same = true;
    for (const Value &item : items)
      same &= specLeaf(leafSpec(rt, item)).type == t;
    if (same) {
      t.shape.insert(t.shape.begin(), static_cast<int64_t>(items.size()));
      return tensorSpec(t);
    }
  }
  return tensorSpec(typeOf(rt, rt.toTensor(v)));
}

Value outputSpec(TfRuntime &rt, const Value &outputs) {
  return normalized(rt.in, outputs, true,
                    [&rt](const Value &v) { return leafSpec(rt, v); });
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

bool isStatefulFunction(const TfFunction &fn) {
  for (const auto &c : fn.concretes) {
    if (!c->prints.empty())
      return true;
    for (const graph::Node &n : c->graph.nodes)
      // CheckNumerics is stateful in TensorFlow (kiln's is Asserts named
      // after it); Assert itself map_parallelization accepts.
      if (n.op == "PrintV2" || graph::isStatefulRandom(n.op) ||
          (n.op == "Assert" && n.errorName.rfind("CheckNumerics", 0) == 0) ||
          n.op.find("Variable") != std::string::npos)
        return true;
  }
  return false;
}

/// `fn` called on `args` for a dataset whose kernel is `transformation`
/// ("MapDataset:3", or "" for kernels that quote errors bare): an op's
/// error is tagged for the consumer's message (TfDataErrors.cpp).
Value callFunction(TfRuntime &rt, const Value &fn, const ValueList &args,
                   const std::string &transformation) {
  try {
    return rt.in.call(fn, args);
  } catch (py::PyException &e) {
    tagFunctionError(rt, e, transformation);
    throw;
  }
}

/// "MapDataset:3": how TensorFlow names the kernel of dataset `d`.
std::string kernelName(const Value &d, const std::string &kernel) {
  return kernel + ":" + std::to_string(asDataset(d)->id);
}

bool predicateHolds(TfRuntime &rt, const Value &fn, const Value &element,
                    const std::string &transformation) {
  Value result =
      callFunction(rt, fn, unpackArgs(rt.in, element), transformation);
  return rt.in.truthy(result);
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
  bool parallel = p.has("num_parallel_calls");
  auto name = std::make_shared<std::string>();
  Value out = derived(
      rt, d, parallel ? "_ParallelMapDataset" : "_MapDataset",
      outputSpec(rt, t.outputs), d.cardinality,
      [r, fn, name](Interpreter &, NextFn input) -> NextFn {
        return [r, fn, input, name](Interpreter &in, Value &out) {
          Value v;
          if (!input(in, v))
            return false;
          out = asElement(*r, callFunction(*r, fn, unpackArgs(in, v), *name));
          return true;
        };
      });
  *name = kernelName(out, parallel ? "ParallelMapDatasetV2" : "MapDataset");
  if (!parallel)
    *asDataset(out)->segment =
        mapSegment(*dynamic_cast<TfFunction *>(fn.raw()));
  return out;
}

Value filterDataset(TfRuntime &rt, const DatasetObject &d, const Value &pred,
                    const std::string &className, bool stopAtFalse) {
  TracedFunction t = traceFunction(rt, pred, unpackArgs(rt.in, d.spec));
  checkedPredicate(rt, t, "predicate");
  Value fn = t.fn;
  TfRuntime *r = &rt;
  // take_while's kernel quotes its predicate's errors bare.
  auto name = std::make_shared<std::string>();
  Value out = derived(
      rt, d, className, d.spec, kUnknown,
      [r, fn, stopAtFalse, name](Interpreter &, NextFn input) -> NextFn {
        auto stopped = std::make_shared<bool>(false);
        return [r, fn, input, stopAtFalse, stopped, name](Interpreter &in,
                                                          Value &out) {
          while (!*stopped && input(in, out)) {
            if (predicateHolds(*r, fn, out, *name))
              return true;
            if (stopAtFalse)
              *stopped = true;
          }
          return false;
        };
      });
  if (!stopAtFalse)
    *name = kernelName(out, "FilterDataset");
  return out;
}

/// Runs a `(state, element)` function over a dataset: reduce and scan
/// trace it once over the initial state's spec and the element's.
TracedFunction traceStateFunction(TfRuntime &rt, const DatasetObject &d,
                                  const Value &state, const Value &fn) {
  return traceFunction(rt, fn, ValueList{specOf(rt, state), d.spec});
}

Value reduceDataset(TfRuntime &rt, const Value &dataset, CallArgs &args) {
  Interpreter &in = rt.in;
  const DatasetObject &d = *asDataset(dataset);
  Params p(in, args, "reduce", {"initial_state", "reduce_func", "name"},
           Wording::Python);
  if (rt.tracing)
    return stageDatasetReduce(rt, dataset, p.require("initial_state", "reduce"),
                              p.require("reduce_func", "reduce"));
  Value state = normalize(rt, p.require("initial_state", "reduce"));
  TracedFunction t =
      traceStateFunction(rt, d, state, p.require("reduce_func", "reduce"));
  NextFn next = openChecked(rt, d, in);
  Value v;
  try {
    while (next(in, v))
      state = asElement(rt, callFunction(rt, t.fn, ValueList{state, v}, ""));
  } catch (py::PyException &e) {
    size_t n = flatten(in, state).size();
    rewriteFunctionError(rt, e, Consumer::Reduce,
                         "ReduceDataset_Targuments_0_Tstate_" +
                             std::to_string(n) + "_output_types_" +
                             std::to_string(n),
                         *d.segment);
    throw;
  }
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
  return derived(rt, d, "_ScanDataset", outSpec, d.cardinality,
                 [r, fn, state0](Interpreter &, NextFn input) -> NextFn {
                   auto state = std::make_shared<Value>(state0);
                   return [r, fn, input, state](Interpreter &in, Value &out) {
                     Value v;
                     if (!input(in, v))
                       return false;
                     // Scan's kernel quotes its function's errors bare.
                     ValueList pair = in.toList(
                         callFunction(*r, fn, ValueList{*state, v}, ""));
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

/// The dataset `fn` returns for element `v`, opened; `transformation`
/// names the kernel in errors of `fn`'s ops.
NextFn openReturnedDataset(TfRuntime &rt, const Value &fn, const Value &v,
                           const std::string &transformation) {
  Value ds;
  try {
    ds = returnedDataset(rt.in, fn, v);
  } catch (py::PyException &e) {
    tagFunctionError(rt, e, transformation);
    throw;
  }
  return asDataset(ds)->open(rt.in);
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
  TfRuntime *r = &rt;
  auto name = std::make_shared<std::string>();
  Value out = derived(
      rt, d, "_FlatMapDataset", flatMapSpec(rt, d, fn), kUnknown,
      [r, fn, name](Interpreter &, NextFn input) -> NextFn {
        auto inner = std::make_shared<NextFn>();
        auto index = std::make_shared<int64_t>(0);
        return [r, fn, input, inner, index, name](Interpreter &in, Value &out) {
          for (;;) {
            if (*inner && (*inner)(in, out))
              return true;
            Value v;
            if (!input(in, v))
              return false;
            // The inner dataset's iterator is FlatMap[i], for the i-th
            // input element.
            std::string segment = "FlatMap[" + std::to_string((*index)++) + "]";
            *inner = throughSegment(openReturnedDataset(*r, fn, v, *name),
                                    [segment] { return segment; });
          }
        };
      });
  *name = kernelName(out, "FlatMapDataset");
  return out;
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
  bool fixedCycle =
      p.has("cycle_length") && in.toIndex(p.get("cycle_length")) != kAutotune;
  if (p.has("num_parallel_calls") && fixedCycle) {
    int64_t calls = in.toIndex(p.get("num_parallel_calls"));
    const std::string op = "ParallelInterleaveDatasetV4";
    if (calls != kAutotune && calls > cycle)
      rt.raise("InvalidArgumentError",
               eagerKernelPrefix(op + "_Targuments_0") +
                   "If `cycle_length` is set to a fixed value, "
                   "`num_parallel_calls` must be either `tf.data.AUTOTUNE` "
                   "or a value less than or equal to `cycle_length`. "
                   "However, `num_parallel_calls` is " +
                   std::to_string(calls) + " and `cycle_length` is " +
                   std::to_string(cycle) + eagerOpSuffix(op));
  }
  Value spec = flatMapSpec(rt, d, fn);
  bool parallel = p.has("num_parallel_calls");
  TfRuntime *r = &rt;
  auto name = std::make_shared<std::string>();
  Value out = derived(
      rt, d, parallel ? "_ParallelInterleaveDataset" : "_InterleaveDataset",
      spec, kUnknown,
      [r, fn, cycle, block, name](Interpreter &, NextFn input) -> NextFn {
        struct State {
          std::vector<NextFn> current;
          int64_t index = 0, inBlock = 0, open = 0;
          bool endOfInput = false;
        };
        auto s = std::make_shared<State>();
        s->current.resize(cycle);
        return
            [r, s, fn, cycle, block, input, name](Interpreter &in, Value &out) {
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
                    slot = openReturnedDataset(*r, fn, v, *name);
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
  *name = kernelName(out, parallel ? "ParallelInterleaveDatasetV4"
                                   : "InterleaveDataset");
  return out;
}

} // namespace data
} // namespace kiln::tf
