// tf.nest, tf.map_fn, tf.foldl/foldr/scan and tf.get_static_value: nested
// structures of lists, tuples and dicts, as TensorFlow walks them. A dict's
// values come in the order of its sorted keys, and a rebuilt dict keeps the
// original's key order; everything that is not a list, tuple or dict is a
// leaf (None and strings included).
#include "ControlDeps.h"
#include "NumPy.h"
#include "Staging.h"
#include "TfModuleBuilder.h"
#include "TfObjects.h"
#include "TfOps.h"

namespace kiln::tf {

using py::Type;

namespace {

NamedTupleObject *asNamedTuple(const Value &v) {
  return v.is(Type::Native) ? dynamic_cast<NamedTupleObject *>(v.raw())
                            : nullptr;
}

/// Lists, tuples (kiln's named tuples too: TopKV2, Unique) and dicts.
bool isNested(const Value &v) {
  return v.is(Type::List) || v.is(Type::Tuple) || v.is(Type::Dict) ||
         asNamedTuple(v);
}

/// The direct children of a nested value, in flattening order.
ValueList children(Interpreter &in, const Value &v) {
  if (auto *t = asNamedTuple(v))
    return t->values;
  if (!v.is(Type::Dict))
    return in.toList(v);
  ValueList values;
  for (auto &key : sortedKeys(in, v))
    values.push_back(in.getItem(v, key));
  return values;
}

void flattenInto(Interpreter &in, const Value &v, ValueList &out) {
  if (!isNested(v)) {
    out.push_back(v);
    return;
  }
  // (A list that holds itself: TensorFlow's RecursionError.)
  Interpreter::RecursionScope nested(in, " in flatten");
  for (auto &child : children(in, v))
    flattenInto(in, child, out);
}

/// `structure` rebuilt around `flat[next...]`.
Value pack(Interpreter &in, const Value &structure, const ValueList &flat,
           size_t &next) {
  if (!isNested(structure))
    return flat.at(next++);
  Interpreter::RecursionScope nested(in, "");
  if (auto *t = asNamedTuple(structure)) {
    ValueList items;
    for (auto &child : t->values)
      items.push_back(pack(in, child, flat, next));
    return t->withValues(std::move(items));
  }
  if (!structure.is(Type::Dict)) {
    ValueList items;
    for (auto &child : in.toList(structure))
      items.push_back(pack(in, child, flat, next));
    return structure.is(Type::List) ? in.list(std::move(items))
                                    : in.tuple(std::move(items));
  }
  Value sorted = in.dict();
  for (auto &key : sortedKeys(in, structure))
    in.setItem(sorted, key, pack(in, in.getItem(structure, key), flat, next));
  Value out = in.dict();
  // (An OrderedDict or defaultdict stays one, as nest's
  // _sequence_like keeps a mapping's type.)
  out.as<py::DictObject>().kind = structure.as<py::DictObject>().kind;
  out.as<py::DictObject>().factory = structure.as<py::DictObject>().factory;
  for (auto &key : in.toList(structure))
    in.setItem(out, key, in.getItem(sorted, key));
  return out;
}

Value flatten(Interpreter &in, const Value &v) {
  ValueList out;
  flattenInto(in, v, out);
  return in.list(std::move(out));
}

/// TensorFlow's "type=list str=[1, 2]" in its structure messages.
std::string describe(Interpreter &in, const Value &v) {
  return "type=" + in.typeName(v) + " str=" + in.toStr(v);
}

/// The structure with every leaf shown as ".".
std::string dots(Interpreter &in, const Value &v) {
  if (!isNested(v))
    return ".";
  Interpreter::RecursionScope nested(in, "");
  std::string s;
  ValueList keys = in.toList(v);
  NamedTupleObject *t = asNamedTuple(v);
  for (size_t i = 0; i < keys.size(); ++i) {
    if (i)
      s += ", ";
    if (t)
      s += t->fields[i] + "=" + dots(in, keys[i]);
    else if (v.is(Type::Dict))
      s += in.repr(keys[i]) + ": " + dots(in, in.getItem(v, keys[i]));
    else
      s += dots(in, keys[i]);
  }
  if (v.is(Type::List))
    return "[" + s + "]";
  if (v.is(Type::Dict))
    return "{" + s + "}";
  if (t)
    return t->name + "(" + s + ")";
  return "(" + s + (keys.size() == 1 ? ",)" : ")");
}

/// The first difference between the structures of `a` and `b`: empty when
/// they match; `typeError` tells whether it is a sequence type mismatch.
std::string firstDifference(Interpreter &in, const Value &a, const Value &b,
                            bool checkTypes, bool &typeError) {
  bool na = isNested(a), nb = isNested(b);
  if (na != nb)
    return "Substructure \"" + describe(in, na ? a : b) +
           "\" is a sequence, while substructure \"" +
           describe(in, na ? b : a) + "\" is not";
  if (!na)
    return "";
  Interpreter::RecursionScope nested(in, " in assert_same_structure");
  NamedTupleObject *ta = asNamedTuple(a), *tb = asNamedTuple(b);
  if (checkTypes && (a.type() != b.type() ||
                     ((ta || tb) && !(ta && tb && ta->name == tb->name)))) {
    typeError = true;
    return "The two namedtuples don't have the same sequence type. First "
           "structure " +
           describe(in, a) + " has type " + in.typeName(a) +
           ", while second structure " + describe(in, b) + " has type " +
           in.typeName(b);
  }
  if (a.is(Type::Dict) && b.is(Type::Dict)) {
    ValueList ka = sortedKeys(in, a), kb = sortedKeys(in, b);
    bool same = ka.size() == kb.size();
    for (size_t i = 0; same && i < ka.size(); ++i)
      same = in.equals(ka[i], kb[i]);
    if (!same)
      return "The two dictionaries don't have the same set of keys. First "
             "structure has keys " +
             describe(in, in.list(ka)) + ", while second structure has keys " +
             describe(in, in.list(kb));
  }
  // As TensorFlow walks them: pairs of children first, so a difference
  // inside the common part comes before a difference in length.
  ValueList ca = children(in, a), cb = children(in, b);
  for (size_t i = 0; i < std::min(ca.size(), cb.size()); ++i) {
    std::string d = firstDifference(in, ca[i], cb[i], checkTypes, typeError);
    if (!d.empty())
      return d;
  }
  if (ca.size() != cb.size())
    return "The two structures don't have the same number of elements. "
           "First structure: " +
           describe(in, a) + ". Second structure: " + describe(in, b);
  return "";
}

} // namespace

ValueList flattenStructure(Interpreter &in, const Value &v) {
  ValueList out;
  flattenInto(in, v, out);
  return out;
}

std::string structureMismatch(Interpreter &in, const Value &a, const Value &b,
                              bool checkTypes, bool &typeError) {
  std::string detail = firstDifference(in, a, b, checkTypes, typeError);
  if (detail.empty())
    return "";
  return "The two structures don't have the same nested structure.\n\n"
         "First structure: " +
         describe(in, a) + "\n\nSecond structure: " + describe(in, b) +
         "\n\nMore specifically: " + detail + "\nEntire first structure:\n" +
         dots(in, a) + "\nEntire second structure:\n" + dots(in, b);
}

namespace {

/// tf.nest.assert_same_structure's ValueError (TypeError for sequence
/// types that differ).
void assertSameStructure(Interpreter &in, const Value &a, const Value &b,
                         bool checkTypes) {
  bool typeError = false;
  std::string message = structureMismatch(in, a, b, checkTypes, typeError);
  if (!message.empty())
    in.raise(typeError ? "TypeError" : "ValueError", message);
}

bool checkTypesArg(Interpreter &in, const Params &p) {
  return !p.has("check_types") || in.truthy(p.get("check_types"));
}

Value packSequenceAs(Interpreter &in, const Value &structure,
                     const Value &flatSequence) {
  ValueList flat = in.toList(flatSequence);
  ValueList atoms;
  flattenInto(in, structure, atoms);
  if (atoms.size() != flat.size())
    in.valueError("Could not pack sequence. Structure had " +
                  std::to_string(atoms.size()) +
                  " atoms, but flat_sequence had " +
                  std::to_string(flat.size()) +
                  " items.  Structure: " + in.toStr(structure) +
                  ", flat_sequence: " + in.toStr(flatSequence) + ".");
  size_t next = 0;
  return pack(in, structure, flat, next);
}

void installNestModule(Interpreter &in, ModuleBuilder &nest) {
  nest.def("flatten", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "flatten", {"structure", "expand_composites"});
    return flatten(in, p.get("structure"));
  });
  nest.def("is_nested", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "is_nested", {"seq"});
    return Value::boolean(isNested(p.get("seq")));
  });
  nest.def("pack_sequence_as", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "pack_sequence_as",
             {"structure", "flat_sequence", "expand_composites"});
    return packSequenceAs(in, p.get("structure"),
                          p.require("flat_sequence", "pack_sequence_as"));
  });
  nest.def("assert_same_structure", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "assert_same_structure",
             {"nest1", "nest2", "check_types", "expand_composites"});
    assertSameStructure(in, p.get("nest1"), p.get("nest2"),
                        checkTypesArg(in, p));
    return Value();
  });
  nest.def("map_structure", [](Interpreter &in, CallArgs &args) {
    // map_structure(func, *structure, check_types=True, ...)
    Value func;
    ValueList structures = args.positional;
    if (!structures.empty()) {
      func = structures.front();
      structures.erase(structures.begin());
    }
    bool checkTypes = true;
    for (auto &[k, v] : args.keywords) {
      if (k == "func")
        func = v;
      else if (k == "check_types")
        checkTypes = in.truthy(v);
      else if (k != "expand_composites")
        in.typeError("map_structure() got an unexpected keyword argument '" +
                     k + "'");
    }
    if (func.isNone())
      in.typeError("map_structure() missing 1 required positional argument: "
                   "'func'");
    if (structures.empty())
      in.valueError("Must provide at least one structure");
    for (size_t i = 1; i < structures.size(); ++i)
      assertSameStructure(in, structures[0], structures[i], checkTypes);
    std::vector<ValueList> flats(structures.size());
    for (size_t i = 0; i < structures.size(); ++i)
      flattenInto(in, structures[i], flats[i]);
    ValueList results;
    for (size_t leaf = 0; leaf < flats[0].size(); ++leaf) {
      ValueList callArgs;
      for (auto &flat : flats)
        callArgs.push_back(flat[leaf]);
      results.push_back(in.call(func, callArgs));
    }
    size_t next = 0;
    return pack(in, structures[0], results, next);
  });
}

/// The tensors of map_fn's, fold's or scan's `elems` (a tensor or a
/// structure of them), checked as TensorFlow checks them: at least one, of
/// rank 1 or more, with one first dimension.
ValueList elemsTensors(TfRuntime &rt, Interpreter &in, const Value &elems) {
  ValueList flat;
  flattenInto(in, elems, flat);
  if (flat.empty())
    in.valueError("elems must be a Tensor or (possibly nested) sequence of "
                  "Tensors. Got " +
                  in.toStr(elems));
  for (auto &e : flat) {
    e = rt.toTensor(e);
    const TensorType &t = rt.tensor(e).type;
    if (t.unknownRank || t.shape.empty())
      in.valueError("Elements in elems must be 1+ dimensional Tensors, not "
                    "scalars");
  }
  int64_t n = rt.tensor(flat[0]).type.shape[0];
  for (auto &e : flat) {
    int64_t m = rt.tensor(e).type.shape[0];
    if (n >= 0 && m >= 0 && m != n)
      in.valueError("Dimension 0 in both shapes must be equal, but are " +
                    std::to_string(n) + " and " + std::to_string(m) +
                    ". Shapes are [" + std::to_string(n) + "] and [" +
                    std::to_string(m) + "].");
  }
  return flat;
}

/// Eagerly, the rows of each of `elems`, unstacked once as TensorFlow's
/// TensorArray unstacks them: one Unpack each, whose gradient stacks the
/// rows' gradients into a dense tensor.
struct EagerRows {
  std::vector<ValueList> rows;
  EagerRows(TfRuntime &rt, const ValueList &elems) {
    for (auto &e : elems)
      rows.push_back(rt.tensor(e).type.shape.at(0) > 0 ? unpackNode(rt, e, 0)
                                                       : ValueList{});
  }
  /// Row `i` of each.
  ValueList at(int64_t i) const {
    ValueList out;
    for (auto &r : rows)
      out.push_back(r.at(i));
    return out;
  }
};

/// Rows of the flattened `elems` packed as `elems` is (fn's argument).
Value packRows(Interpreter &in, const Value &elems, const ValueList &rows) {
  size_t next = 0;
  return isNested(elems) ? pack(in, elems, rows, next) : rows[0];
}

/// Each output of several calls (`results[call][output]`), stacked.
ValueList stackResults(TfRuntime &rt, const std::vector<ValueList> &results) {
  ValueList stacked;
  for (size_t k = 0; k < results[0].size(); ++k) {
    ValueList column;
    for (auto &call : results)
      column.push_back(call.at(k));
    stacked.push_back(concat(rt, column, 0, "Pack"));
  }
  return stacked;
}

/// The dtype each output of tf.map_fn's `fn_output_signature` (a dtype, a
/// TensorSpec, or a structure of them) names; empty when not given.
std::vector<DType> outputDTypes(Interpreter &in, const Value &signature) {
  std::vector<DType> dtypes;
  if (signature.isNone())
    return dtypes;
  ValueList leaves;
  flattenInto(in, signature, leaves);
  for (auto &leaf : leaves) {
    if (auto *spec = leaf.is(Type::Native)
                         ? dynamic_cast<TensorSpecObject *>(leaf.raw())
                         : nullptr)
      dtypes.push_back(spec->type.dtype);
    else if (auto d = dtypeArg(in, leaf))
      dtypes.push_back(*d);
    else
      in.typeError("fn_output_signature must be a dtype or a TensorSpec");
  }
  return dtypes;
}

/// tf.map_fn(fn, elems): fn applied to each row of elems (a tensor or a
/// structure of tensors with the same first dimension), its results
/// stacked. Eagerly fn runs once per row, as TensorFlow's eager while loop
/// runs its body; while tracing it is traced once into a loop.
/// `vectorized`: tf.vectorized_map, whose results take fn's structure and
/// dtypes (map_fn without a signature expects the elements'), and what fn
/// prints shows once, eagerly too (it traces fn once).
Value mapFn(TfRuntime &rt, Interpreter &in, const Value &fn, const Value &elems,
            Value signature, bool vectorized, const Value &name = Value()) {
  // map_fn's ops are in its name scope ("map/while/..."); vectorized_map's
  // loop is named otherwise.
  std::optional<ApiNameScope> scope;
  if (!vectorized)
    scope.emplace(rt, name, "map");
  ValueList flatElems = elemsTensors(rt, in, elems);
  int64_t n = rt.tensor(flatElems[0]).type.shape[0];
  std::vector<DType> dtypes = outputDTypes(in, signature);
  // The results' structure: the signature's, else the elements'.
  Value structure = signature.isNone() ? elems : signature;
  bool firstCall = true;
  // One call of fn on rows of the elements: its results, flattened and
  // made tensors of the signature's dtypes.
  auto call = [&](const ValueList &rows) {
    Value result = in.call(fn, ValueList{packRows(in, elems, rows)});
    if (!vectorized || !firstCall)
      assertSameStructure(in, structure, result, /*checkTypes=*/false);
    structure = result;
    ValueList flat;
    flattenInto(in, result, flat);
    for (size_t k = 0; k < flat.size(); ++k) {
      std::optional<DType> want;
      if (k < dtypes.size())
        want = dtypes[k];
      else if (signature.isNone() && k < flatElems.size() && !vectorized)
        want = rt.tensor(flatElems[k]).type.dtype;
      if (!rt.isTensor(flat[k]))
        flat[k] = rt.toTensor(flat[k], want);
      DType got = rt.tensor(flat[k]).type.dtype;
      if (want && got != *want) // the eager TensorArray write's message
        rt.raise("InvalidArgumentError",
                 "TensorArray dtype is " + std::string(py::dtypeName(*want)) +
                     " but Op is trying to write dtype " + py::dtypeName(got) +
                     " ");
    }
    firstCall = false;
    return flat;
  };
  ValueList stacked;
  if (rt.tracing) {
    stacked = stageMapFn(rt, flatElems, call);
  } else {
    std::vector<ValueList> rows;
    EagerRows elemRows(rt, flatElems);
    for (int64_t i = 0; i < n; ++i) {
      py::DiscardOutput quiet(in.out(), vectorized && i > 0);
      rows.push_back(call(elemRows.at(i)));
    }
    if (rows.empty()) {
      // No rows: fn never ran, so the results are the signature's (else
      // the elements'): empty, [0] and the spec's shape when it has one.
      ValueList leaves;
      flattenInto(in, structure, leaves);
      for (size_t k = 0; k < leaves.size(); ++k) {
        TensorType t{DType::Float32, {0}};
        if (signature.isNone()) {
          t.dtype = rt.tensor(flatElems.at(k)).type.dtype;
        } else {
          t.dtype = dtypes.at(k);
          if (auto *spec =
                  leaves[k].is(Type::Native)
                      ? dynamic_cast<TensorSpecObject *>(leaves[k].raw())
                      : nullptr;
              spec && spec->type.isStatic())
            t.shape.insert(t.shape.end(), spec->type.shape.begin(),
                           spec->type.shape.end());
        }
        stacked.push_back(filled(rt, t, 0));
      }
    } else {
      stacked = stackResults(rt, rows);
    }
  }
  size_t next = 0;
  return pack(in, structure, stacked, next);
}

/// tf.foldl, tf.foldr and tf.scan: `fn(accumulator, row)` over the rows
/// of elems (from the last for foldr and reverse scans), starting from
/// `initializer` or else the first row; scan returns every accumulator,
/// stacked. Eagerly `fn` runs per row; while tracing it is traced once
/// into a loop.
Value fold(TfRuntime &rt, Interpreter &in, CallArgs &args,
           const std::string &api) {
  bool scan = api == "scan";
  std::vector<std::string> names{"fn", "elems", "initializer"};
  for (const char *extra :
       {"parallel_iterations", "back_prop", "swap_memory", "infer_shape"})
    names.push_back(extra);
  if (scan)
    names.push_back("reverse");
  names.push_back("name");
  Params p(in, args, api, names);
  Value fn = p.require("fn", api);
  Value elems = p.require("elems", api);
  bool reverse = api == "foldr" ||
                 (scan && p.has("reverse") && in.truthy(p.get("reverse")));
  ApiNameScope scope(rt, p.get("name"), api); // "scan/while/..."
  ValueList flatElems = elemsTensors(rt, in, elems);
  int64_t n = rt.tensor(flatElems[0]).type.shape[0];
  // The accumulator's structure and leaves.
  Value structure;
  ValueList init;
  int64_t first = 0;
  if (p.has("initializer")) {
    structure = p.get("initializer");
    flattenInto(in, structure, init);
    for (auto &v : init)
      v = rt.toTensor(v);
  } else {
    // Eagerly the first row's TensorArray read fails (row -1 from the end).
    if (n == 0 && !rt.tracing)
      rt.raise("OutOfRangeError",
               reverse ? "Reading from negative indices (index -1) is not "
                         "allowed."
                       : "Tried to read from index 0 but array size is: 0 ");
    if (n == 0)
      in.valueError("elems must not be empty when no initializer is given");
    if (n < 0 && reverse)
      rt.raise("UnimplementedError", "kiln needs the length of elems for tf." +
                                         api + " without an initializer");
    structure = elems;
    first = 1;
  }
  std::optional<EagerRows> elemRows;
  if (!rt.tracing)
    elemRows.emplace(rt, flatElems);
  if (first) {
    int64_t row = reverse ? n - 1 : 0;
    if (elemRows)
      init = elemRows->at(row);
    else
      for (auto &e : flatElems)
        init.push_back(gather(rt, e, Value::integer(row), 0));
  }
  auto step = [&](const ValueList &state, const ValueList &rows) {
    size_t next = 0;
    Value acc = pack(in, structure, state, next);
    Value result = in.call(fn, ValueList{acc, packRows(in, elems, rows)});
    assertSameStructure(in, structure, result, /*checkTypes=*/false);
    ValueList flat;
    flattenInto(in, result, flat);
    for (size_t k = 0; k < flat.size() && k < state.size(); ++k)
      flat[k] = rt.toTensor(flat[k], rt.tensor(state[k]).type.dtype);
    return flat;
  };
  ValueList out;
  if (rt.tracing) {
    out = stageFold(rt, flatElems, init, first, reverse, scan, step);
    if (scan)
      out.erase(out.begin(), out.begin() + init.size());
    else
      out.resize(init.size());
  } else {
    ValueList state = init;
    std::vector<ValueList> states;
    if (first)
      states.push_back(state);
    for (int64_t i = first; i < n; ++i) {
      state = step(state, elemRows->at(reverse ? n - 1 - i : i));
      states.push_back(state);
    }
    if (!scan) {
      out = state;
    } else if (states.empty()) {
      for (auto &v : init) {
        TensorType t = rt.tensor(v).type;
        t.shape.insert(t.shape.begin(), 0);
        out.push_back(filled(rt, t, 0));
      }
    } else {
      if (reverse)
        std::reverse(states.begin(), states.end());
      out = stackResults(rt, states);
    }
  }
  size_t next = 0;
  return pack(in, structure, out, next);
}

/// tf.no_op() and tf.group(...) inside a tf.function: an operation with
/// no outputs. kiln runs a function's ops in program order, so it needs
/// no node for them; eagerly they are None, as in TensorFlow.
struct OperationObject : py::NativeObject {
  std::string name, type;
  /// What a tf.group groups, by node name: a control dependency on the
  /// group is one on each of them.
  std::vector<std::string> grouped;
  std::string typeName() const override { return "Operation"; }
  std::string repr(Interpreter &, const Value &) override {
    return "<tf.Operation '" + name + "' type=" + type + ">";
  }
  bool getAttr(Interpreter &in, const Value &, const std::string &attr,
               Value &out) override {
    if (attr == "name")
      out = in.str(name);
    else if (attr == "type")
      out = in.str(type);
    else
      return false;
    return true;
  }
};

Value operation(TfRuntime &rt, const std::string &base,
                const std::string &type) {
  if (!rt.tracing)
    return Value();
  return namedOperation(rt.tracing->graph.uniqueName(base), type);
}

/// tf.get_static_value: an eager tensor's value; inside a function the
/// value of the ops TensorFlow's constant_value evaluates (constants,
/// shapes, and packing, casting and filling of such), else None.
Value staticValue(TfRuntime &rt, const Value &v) {
  if (!rt.isTensor(v))
    return v;
  const TensorObject &t = rt.tensor(v);
  if (t.symbolic()) {
    static const char *evaluated[] = {
        "Const", "Shape", "Size",     "Rank", "Identity", "StopGradient",
        "Cast",  "Pack",  "ConcatV2", "Fill", "Range"};
    const graph::Node &n = rt.tracing->graph.nodes[t.out.node];
    if (std::find(std::begin(evaluated), std::end(evaluated), n.op) ==
        std::end(evaluated))
      return Value();
  }
  HostTensorPtr value = rt.constantValue(v);
  if (!value)
    return Value();
  if (value->type.dtype == DType::String && value->type.shape.empty())
    return rt.in.bytes(value->strings[0]);
  return makeNdArray(rt, value, true);
}

} // namespace

void controlNames(TfRuntime &rt, const Value &v,
                  std::vector<std::string> &names) {
  if (rt.isTensor(v) && rt.tensor(v).symbolic()) {
    names.push_back(
        rt.tensor(v).trace->graph.nodes[rt.tensor(v).out.node].name);
  } else if (auto *op = v.is(Type::Native)
                            ? dynamic_cast<OperationObject *>(v.raw())
                            : nullptr) {
    names.push_back(op->name);
    names.insert(names.end(), op->grouped.begin(), op->grouped.end());
  } else if (v.is(Type::List) || v.is(Type::Tuple)) {
    for (const Value &item : rt.in.toList(v))
      controlNames(rt, item, names);
  }
}

ControlDependencies::ControlDependencies(TfRuntime &rt,
                                         const std::vector<std::string> &names)
    : trace_(rt.tracing) {
  if (!trace_)
    return;
  std::vector<std::string> &deps = trace_->graph.controlDependencies;
  saved_ = deps;
  deps.insert(deps.end(), names.begin(), names.end());
}

ControlDependencies::~ControlDependencies() {
  if (trace_)
    trace_->graph.controlDependencies = std::move(saved_);
}

ValueList sortedKeys(Interpreter &in, const Value &dict) {
  ValueList keys = in.toList(dict);
  std::stable_sort(
      keys.begin(), keys.end(),
      [&](const Value &a, const Value &b) { return in.lessThan(a, b); });
  return keys;
}

Value namedOperation(const std::string &name, const std::string &type) {
  auto op = std::make_shared<OperationObject>();
  op->name = name;
  op->type = type;
  return Value::object(Type::Native, op);
}

bool isOperation(const Value &v) {
  return v.is(Type::Native) &&
         dynamic_cast<OperationObject *>(v.raw()) != nullptr;
}

void installNest(TfRuntime &rt, ModuleBuilder &tf) {
  Interpreter &in = tf.in;
  TfRuntime *r = &rt;
  tf.def("get_static_value", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "get_static_value", {"tensor", "partial"});
    return staticValue(*r, p.get("tensor"));
  });
  ModuleBuilder nest(in, rt, "tensorflow.nest");
  installNestModule(in, nest);
  tf.set("nest", nest.value());
  tf.def("map_fn", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "map_fn",
             {"fn", "elems", "dtype", "parallel_iterations", "back_prop",
              "swap_memory", "infer_shape", "name", "fn_output_signature"});
    return mapFn(*r, in, p.require("fn", "map_fn"),
                 p.require("elems", "map_fn"),
                 p.has("fn_output_signature") ? p.get("fn_output_signature")
                                              : p.get("dtype"),
                 false, p.get("name"));
  });
  // tf.vectorized_map: the same results as map_fn here (TensorFlow
  // vectorizes fn's ops; kiln maps them row by row).
  tf.def("vectorized_map", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "vectorized_map",
             {"fn", "elems", "fallback_to_while_loop", "warn"});
    return mapFn(*r, in, p.require("fn", "vectorized_map"),
                 p.require("elems", "vectorized_map"), Value(), true);
  });
  for (const char *api : {"foldl", "foldr", "scan"})
    tf.def(api, [r, name = std::string(api)](Interpreter &in, CallArgs &args) {
      return fold(*r, in, args, name);
    });
  tf.def("no_op", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "no_op", {"name"});
    return operation(*r, "NoOp", "NoOp");
  });
  tf.def("group", [r](Interpreter &in, CallArgs &args) {
    for (auto &[k, v] : args.keywords)
      if (k != "name")
        in.typeError("group() got an unexpected keyword argument '" + k + "'");
    Value group = operation(*r, "group_deps", "NoOp");
    if (!group.isNone())
      for (const Value &v : args.positional)
        controlNames(*r, v,
                     dynamic_cast<OperationObject *>(group.raw())->grouped);
    return group;
  });
  // Ops in a tf.function run in program order in kiln, so control
  // dependencies are already met when nothing fails. The ops made inside
  // the block note the ops it names: when one of those fails, they do
  // not run (TfFunction::run keeps no variable write of theirs). None
  // clears the dependencies of enclosing blocks.
  tf.def("control_dependencies", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "control_dependencies", {"control_inputs"});
    Value inputs = p.get("control_inputs");
    std::vector<std::string> names;
    if (!inputs.isNone())
      for (const Value &v : in.toList(inputs)) { // TypeError when not iterable
        // (What an assertion that checked statically returns: assert_shapes.)
        if (v.isNone() && r->tracing)
          in.typeError(
              "Can not convert a NoneType into a Tensor or Operation.");
        controlNames(*r, v, names);
      }
    if (!r->tracing)
      return nullContext(in, "control_dependencies");
    auto scope = std::make_shared<py::ModuleObject>(); // a plain namespace
    scope->name = "control_dependencies";
    // (The graph is the one traced when the block is entered and left;
    // none, when the object is used outside a trace.)
    auto saved = std::make_shared<std::vector<std::string>>();
    bool clear = inputs.isNone();
    scope->dict["__enter__"] = in.builtin(
        "__enter__", [r, names, saved, clear](Interpreter &, CallArgs &) {
          if (!r->tracing)
            return Value();
          std::vector<std::string> &deps =
              r->tracing->graph.controlDependencies;
          *saved = deps;
          if (clear)
            deps.clear();
          deps.insert(deps.end(), names.begin(), names.end());
          return Value();
        });
    scope->dict["__exit__"] =
        in.builtin("__exit__", [r, saved](Interpreter &, CallArgs &) {
          if (r->tracing)
            r->tracing->graph.controlDependencies = *saved;
          return Value::boolean(false);
        });
    return Value::object(Type::Module, scope);
  });
}

} // namespace kiln::tf
