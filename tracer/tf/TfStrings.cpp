// tf.strings: join, as_string (also tf.as_string), length, to_number,
// upper, lower, strip, substr, reduce_join, format, regex_replace,
// regex_full_match, and split and bytes_split of a scalar. Each is one
// TensorFlow op whose kernel runs on the host (TfStringKernels.cpp), in
// eager code and in traced graphs alike (StagedGraph.h runs a graph that
// mixes them with numbers).
#include "ShapeTensor.h"
#include "TfModuleBuilder.h"
#include "TfOps.h"

namespace kiln::tf {

using py::Type;

namespace {

/// Argument `v` of string op `op` as a string tensor; another dtype is the
/// op's error (TypeError while tracing, the kernel's InvalidArgumentError
/// eagerly).
Value stringInput(TfRuntime &rt, const Value &v, const std::string &op,
                  const std::string &param) {
  Value t = rt.toTensor(v);
  DType d = rt.tensor(t).type.dtype;
  if (d == DType::String)
    return t;
  if (rt.tracing)
    rt.in.typeError("Input '" + param + "' of '" + op + "' Op has type " +
                    py::dtypeName(d) +
                    " that does not match expected type of string.");
  rt.raise("InvalidArgumentError",
           "cannot compute " + op +
               " as input #0(zero-based) was expected to be a string tensor "
               "but is a " +
               kernelTypeName(d) + " tensor" + eagerOpSuffix(op));
}

/// A string attr that must be one of `allowed` (TensorFlow's OpDef check).
std::string choiceAttr(TfRuntime &rt, const Params &p, const std::string &name,
                       const std::string &op, const std::string &signature,
                       const std::vector<std::string> &allowed) {
  std::string value = allowed[0];
  if (p.has(name))
    value = rt.in.toStr(p.get(name));
  if (std::find(allowed.begin(), allowed.end(), value) != allowed.end())
    return value;
  std::string list;
  for (auto &a : allowed)
    list += (list.empty() ? "\"" : ", \"") + a + "\"";
  rt.raise("InvalidArgumentError",
           "Value for attr '" + name + "' of \"" + value +
               "\" is not in the list of allowed values: " + list +
               "\n\t; NodeDef: {{node " + op + "}}; Op<name=" + op +
               "; signature=" + signature + "; attr=" + name +
               ":string,default=\"" + allowed[0] + "\",allowed=[" + list +
               "]>" + eagerOpSuffix(op));
}

int64_t intAttr(Interpreter &in, const Params &p, const std::string &name,
                int64_t otherwise) {
  return p.has(name) ? in.toIndex(p.get(name)) : otherwise;
}

/// A string op of one string input and the same shape out.
Value elementwise(TfRuntime &rt, const std::string &op, const Value &v,
                  DType out, std::map<std::string, Attr> attrs = {}) {
  Value t = stringInput(rt, v, op, "input");
  TensorType type = rt.tensor(t).type;
  type.dtype = out;
  return rt.apply(op, {t}, std::move(attrs), type, op);
}

Value join(TfRuntime &rt, Interpreter &in, CallArgs &args) {
  Params p(in, args, "join", {"inputs", "separator", "name"});
  Value inputs = p.require("inputs", "join");
  if (!inputs.is(Type::List) && !inputs.is(Type::Tuple))
    in.typeError("Expected list for 'inputs' argument to 'string_join' "
                 "Op, not " +
                 in.repr(inputs) + ".");
  PythonOperands slowPath(rt, in.toList(inputs));
  Value sepArg = p.has("separator") ? p.get("separator") : in.str("");
  if (!sepArg.is(Type::Str) && !sepArg.is(Type::Bytes))
    in.typeError("Expected string for argument 'separator' not " +
                 in.repr(sepArg) + ".");
  std::string sep = in.toStr(sepArg);
  ValueList parts = in.toList(inputs);
  if (parts.empty()) // StringJoin of nothing: one empty string
    return rt.toTensor(in.str(""));
  // Tensors of another dtype: eagerly, a list of tensors only reaches the
  // kernel's input check (Python values take the slow path, whose
  // conversion refuses them); op construction names all the types.
  bool allTensors = true, mismatched = false;
  std::string types;
  for (auto &part : parts) {
    allTensors &= rt.isTensor(part);
    DType d = rt.isTensor(part) ? rt.tensor(part).type.dtype : DType::String;
    mismatched |= d != DType::String;
    types += (types.empty() ? "" : ", ") + std::string(py::dtypeName(d));
  }
  if (mismatched && rt.tracing)
    in.typeError("Tensors in list passed to 'inputs' of 'StringJoin' Op have "
                 "types [" +
                 types + "] that do not match expected type string.");
  if (mismatched && allTensors)
    for (size_t i = 0; i < parts.size(); ++i)
      if (DType d = rt.tensor(parts[i]).type.dtype; d != DType::String)
        rt.raise("InvalidArgumentError",
                 "cannot compute StringJoin as input #" + std::to_string(i) +
                     "(zero-based) was expected to be a string tensor but is "
                     "a " +
                     kernelTypeName(d) + " tensor" +
                     eagerOpSuffix("StringJoin"));
  // StringJoin takes scalars and tensors of one shape; it does not
  // broadcast further.
  std::optional<TensorType> shape;
  for (auto &part : parts) {
    part = rt.toTensor(part, DType::String);
    const TensorType &t = rt.tensor(part).type;
    if (t.unknownRank || t.shape.empty())
      continue;
    if (shape && !shape->unknownRank && t.shape != shape->shape && !rt.tracing)
      rt.raise("InvalidArgumentError",
               "{{function_node "
               "__wrapped__StringJoin_N_" +
                   std::to_string(parts.size()) +
                   "_device_/job:localhost/replica:0/task:0/device:CPU:0}"
                   "} Input shapes do not match: " +
                   shapeList(shape->shape) + " vs. " + shapeList(t.shape) +
                   eagerOpSuffix("StringJoin", !rt.pythonOperands));
    if (!shape)
      shape = t;
  }
  // A chain of string additions, its last node named as TensorFlow's one
  // StringJoin node.
  size_t before = rt.tracing ? rt.tracing->graph.nodes.size() : 0;
  Value result = parts[0];
  for (size_t i = 1; i < parts.size(); ++i) {
    if (!sep.empty())
      result = binaryOp(rt, "AddV2", result, in.str(sep));
    result = binaryOp(rt, "AddV2", result, parts[i]);
  }
  if (parts.size() > 1)
    nameLastNode(rt, result, before, "StringJoin");
  return result;
}

Value asString(TfRuntime &rt, Interpreter &in, CallArgs &args) {
  Params p(in, args, "as_string",
           {"input", "precision", "scientific", "shortest", "width", "fill",
            "name"});
  Value t = rt.toTensor(p.require("input", "as_string"));
  std::map<std::string, Attr> attrs;
  attrs["precision"] = intAttr(in, p, "precision", -1);
  attrs["width"] = intAttr(in, p, "width", -1);
  attrs["scientific"] = p.has("scientific") && in.truthy(p.get("scientific"));
  attrs["shortest"] = p.has("shortest") && in.truthy(p.get("shortest"));
  attrs["fill"] = p.has("fill") ? in.toStr(p.get("fill")) : std::string();
  attrs["T"] = rt.tensor(t).type.dtype;
  TensorType type = rt.tensor(t).type;
  type.dtype = DType::String;
  return rt.apply("AsString", {t}, attrs, type, "AsString");
}

Value toNumber(TfRuntime &rt, Interpreter &in, CallArgs &args) {
  Params p(in, args, "to_number", {"string_tensor", "out_type", "name"});
  PythonOperands slowPath(rt, {p.get("string_tensor")});
  DType to = DType::Float32;
  if (p.has("out_type"))
    to = *dtypeArg(in, p.get("out_type"));
  if (to != DType::Float32 && to != DType::Float64 && to != DType::Int32 &&
      to != DType::Int64)
    rt.raise("InvalidArgumentError",
             "Value for attr 'out_type' of " + std::string(py::dtypeName(to)) +
                 " is not in the list of allowed values: float, double, "
                 "int32, int64, uint32, uint64\n\t; NodeDef: {{node "
                 "StringToNumber}}; Op<name=StringToNumber; "
                 "signature=string_tensor:string -> output:out_type; "
                 "attr=out_type:type,default=DT_FLOAT,allowed=[DT_FLOAT, "
                 "DT_DOUBLE, DT_INT32, DT_INT64, DT_UINT32, DT_UINT64]>" +
                 eagerOpSuffix("StringToNumber"));
  Value t = stringInput(rt, p.require("string_tensor", "to_number"),
                        "StringToNumber", "string_tensor");
  TensorType type = rt.tensor(t).type;
  type.dtype = to;
  return rt.apply("StringToNumber", {t}, {{"out_type", to}}, type,
                  "StringToNumber");
}

Value substr(TfRuntime &rt, Interpreter &in, CallArgs &args) {
  Params p(in, args, "substr", {"input", "pos", "len", "unit", "name"});
  PythonOperands slowPath(rt, {p.get("input")});
  std::string unit = choiceAttr(rt, p, "unit", "Substr",
                                "input:string, pos:T, len:T -> output:string",
                                {"BYTE", "UTF8_CHAR"});
  Value s = stringInput(rt, p.require("input", "substr"), "Substr", "input");
  OperandConsts operands(rt, "Substr");
  Value pos = operands.input("pos", p.require("pos", "substr"), std::nullopt);
  Value len = operands.input("len", p.require("len", "substr"), std::nullopt);
  DType posType = rt.tensor(pos).type.dtype,
        lenType = rt.tensor(len).type.dtype;
  if ((posType != DType::Int32 && posType != DType::Int64) ||
      posType != lenType)
    in.typeError("Substr's pos and len must both be int32 or both int64, "
                 "not " +
                 std::string(py::dtypeName(posType)) + " and " +
                 py::dtypeName(lenType));
  const TensorType &st = rt.tensor(s).type, &pt = rt.tensor(pos).type;
  TensorType type{DType::String, st.shape.empty() ? pt.shape : st.shape};
  return rt.apply("Substr", {s, pos, len}, {{"unit", unit}, {"T", posType}},
                  type, operands.name(), operands.exactName());
}

Value reduceJoin(TfRuntime &rt, Interpreter &in, CallArgs &args) {
  Params p(in, args, "reduce_join",
           {"inputs", "axis", "keepdims", "separator", "name"});
  Value t = rt.toTensor(p.require("inputs", "reduce_join"), DType::String);
  const TensorType &type = rt.tensor(t).type;
  if (type.unknownRank)
    rt.raise("UnimplementedError",
             "kiln's reduce_join needs the rank of its input");
  int64_t rank = type.shape.size();
  bool keepDims = p.has("keepdims") && in.truthy(p.get("keepdims"));
  std::string sep = p.has("separator") ? in.toStr(p.get("separator")) : "";
  OperandConsts operands(rt, "ReduceJoin");
  // axis=None joins everything, the last dimension fastest.
  std::vector<int64_t> axes;
  Value axisArg = p.get("axis");
  if (axisArg.isNone()) {
    for (int64_t d = rank - 1; d >= 0; --d)
      axes.push_back(d);
    operands.beforeOp(axes);
  } else {
    ValueList list = axisArg.is(Type::List) || axisArg.is(Type::Tuple)
                         ? in.toList(axisArg)
                         : ValueList{axisArg};
    for (auto &a : list)
      axes.push_back(in.toIndex(a));
    operands.argument("reduction_indices", axisArg, axes);
  }
  // The result's shape; a bad axis is the kernel's error, when it runs.
  std::vector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d) {
    bool reduced = false;
    for (int64_t a : axes)
      reduced |= a == d || a + rank == d;
    if (!reduced || keepDims)
      shape.push_back(reduced ? 1 : type.shape[d]);
  }
  return operands.attach(
      rt.apply("ReduceJoin", {t},
               {{"axis", axes}, {"keep_dims", keepDims}, {"separator", sep}},
               {DType::String, shape}, operands.name(), operands.exactName()));
}

Value format(TfRuntime &rt, Interpreter &in, CallArgs &args) {
  Params p(in, args, "format",
           {"template", "inputs", "placeholder", "summarize", "name"});
  std::string tmpl = in.toStr(p.require("template", "format"));
  std::string mark =
      p.has("placeholder") ? in.toStr(p.get("placeholder")) : "{}";
  Value inputs = p.require("inputs", "format");
  ValueList tensors = inputs.is(Type::List) || inputs.is(Type::Tuple)
                          ? in.toList(inputs)
                          : ValueList{inputs};
  size_t marks = 0;
  for (size_t at = mark.empty() ? std::string::npos : tmpl.find(mark);
       at != std::string::npos; at = tmpl.find(mark, at + mark.size()))
    ++marks;
  if (marks != tensors.size())
    in.valueError("The template expects " + std::to_string(marks) +
                  " tensors, but the inputs only has " +
                  std::to_string(tensors.size()) +
                  ". Please ensure the number of placeholders in template "
                  "matches inputs length.");
  for (auto &t : tensors)
    t = rt.toTensor(t);
  return rt.apply("StringFormat", tensors,
                  {{"template", tmpl},
                   {"placeholder", mark},
                   {"summarize", intAttr(in, p, "summarize", 3)}},
                  {DType::String, {}}, "StringFormat");
}

/// tf.strings.split (`bytes` false) and bytes_split of a scalar string: a
/// vector of its pieces. TensorFlow splits with StringSplitV2 into a
/// RaggedTensor and takes its one row; kiln, which has no RaggedTensor
/// yet, has one host kernel for the row (TfStringKernels.cpp). Inputs of
/// rank 1 and more, whose result is ragged, are refused.
Value split(TfRuntime &rt, Interpreter &in, CallArgs &args, bool bytes) {
  const std::string fname = bytes ? "bytes_split" : "split";
  Params p(in, args, fname,
           bytes
               ? std::vector<std::string>{"input", "name"}
               : std::vector<std::string>{"input", "sep", "maxsplit", "name"});
  Value input = p.require("input", fname);
  Value t = rt.isTensor(input) ? input : rt.toTensor(input, DType::String);
  if (rt.tensor(t).type.dtype != DType::String)
    in.valueError("input: " + rt.conversionError(t, DType::String));
  const TensorType &type = rt.tensor(t).type;
  if (type.unknownRank || !type.shape.empty())
    rt.raise("UnimplementedError",
             "kiln's tf.strings." + fname +
                 " splits a scalar string only: the RaggedTensor that "
                 "splitting a tensor of rank " +
                 (type.unknownRank ? std::string("unknown")
                                   : std::to_string(type.shape.size())) +
                 " gives is not supported by kiln yet");
  std::string mode = bytes ? "bytes" : "whitespace", sep;
  if (p.has("sep")) {
    Value sepTensor = rt.toTensor(p.get("sep"), DType::String);
    HostTensorPtr value = rt.constantValue(sepTensor);
    if (!value || value->strings.size() != 1)
      rt.raise("UnimplementedError",
               "kiln's tf.strings.split takes `sep` as a Python str or a "
               "constant scalar");
    sep = value->strings[0];
    if (!sep.empty())
      mode = "separator";
  }
  int64_t maxsplit = p.has("maxsplit") ? in.toIndex(p.get("maxsplit")) : -1;
  // TensorFlow's result is the ragged row's slice, which its tensor is
  // named after.
  std::string name = "StringSplit";
  if (rt.tracing)
    name = rt.tracing->graph.uniqueName(bytes ? "StringsByteSplit"
                                              : "StringSplit") +
           "/RaggedGetItem/strided_slice_5";
  return rt.apply("StringSplitV2", {t},
                  {{"mode", mode}, {"sep", sep}, {"maxsplit", maxsplit}},
                  {DType::String, {-1}}, name, rt.tracing != nullptr);
}

/// tf.strings.unsorted_segment_join: one UnsortedSegmentJoin node, whose
/// host kernel checks the segment ids and counts when it runs (eagerly
/// at once). Its result has num_segments rows (known at trace time or
/// not) of the inputs' dimensions past the ids'.
Value unsortedSegmentJoin(TfRuntime &rt, Interpreter &in, CallArgs &args) {
  Params p(in, args, "unsorted_segment_join",
           {"inputs", "segment_ids", "num_segments", "separator", "name"});
  const std::string op = "UnsortedSegmentJoin";
  Value inputsArg = p.require("inputs", "unsorted_segment_join");
  Value idsArg = p.require("segment_ids", "unsorted_segment_join");
  Value numArg = p.require("num_segments", "unsorted_segment_join");
  PythonOperands slowPath(rt, {inputsArg, idsArg, numArg});
  Value inputs = rt.toTensor(inputsArg, DType::String);
  Value ids = rt.toTensor(idsArg);
  Value num = rt.toTensor(numArg);
  std::string sep = p.has("separator") ? in.toStr(p.get("separator")) : "";
  const std::string opDef =
      "; signature=inputs:string, segment_ids:Tindices, "
      "num_segments:Tnumsegments -> output:string; "
      "attr=separator:string,default=\"\"; "
      "attr=Tindices:type,allowed=[DT_INT32, DT_INT64]; "
      "attr=Tnumsegments:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]>";
  for (auto [value, param, attr] :
       {std::tuple{ids, "segment_ids", "Tindices"},
        std::tuple{num, "num_segments", "Tnumsegments"}}) {
    DType d = rt.tensor(value).type.dtype;
    if (d != DType::Int32 && d != DType::Int64)
      rejectDType(rt, op, param, attr, d, "int32, int64", "int32, int64",
                  opDef);
  }
  const TensorType &xt = rt.tensor(inputs).type, &it = rt.tensor(ids).type;
  if (xt.unknownRank || it.unknownRank)
    rt.raise("UnimplementedError", "kiln needs the ranks of "
                                   "unsorted_segment_join's inputs and "
                                   "segment_ids at trace time");
  std::vector<int64_t> shape{-1};
  if (Value known = foldKnown(rt, num); known.isIntLike())
    shape[0] = std::max<int64_t>(known.asInt(), 0);
  for (size_t d = it.shape.size(); d < xt.shape.size(); ++d)
    shape.push_back(xt.shape[d]);
  return rt.apply(op, {inputs, ids, num}, {{"separator", sep}},
                  {DType::String, shape}, op);
}

} // namespace

void installStrings(TfRuntime &rt, ModuleBuilder &tf, ModuleBuilder &strings) {
  TfRuntime *r = &rt;
  auto bind = [r](Value (*fn)(TfRuntime &, Interpreter &, CallArgs &)) {
    return
        [r, fn](Interpreter &in, CallArgs &args) { return fn(*r, in, args); };
  };
  strings.def("join", bind(join));
  strings.def("as_string", bind(asString));
  tf.def("as_string", bind(asString));
  strings.def("to_number", bind(toNumber));
  strings.def("substr", bind(substr));
  strings.def("reduce_join", bind(reduceJoin));
  strings.def("unsorted_segment_join", bind(unsortedSegmentJoin));
  strings.def("format", bind(format));
  strings.def("split", [r](Interpreter &in, CallArgs &args) {
    return split(*r, in, args, false);
  });
  strings.def("bytes_split", [r](Interpreter &in, CallArgs &args) {
    return split(*r, in, args, true);
  });
  strings.def("length", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "length", {"input", "unit", "name"});
    std::string unit =
        choiceAttr(*r, p, "unit", "StringLength",
                   "input:string -> output:int32", {"BYTE", "UTF8_CHAR"});
    return elementwise(*r, "StringLength", p.require("input", "length"),
                       DType::Int32, {{"unit", unit}});
  });
  for (auto [name, op] :
       {std::pair{"upper", "StringUpper"}, {"lower", "StringLower"}}) {
    strings.def(name, [r, name = std::string(name),
                       op = std::string(op)](Interpreter &in, CallArgs &args) {
      Params p(in, args, name, {"input", "encoding", "name"});
      if (p.has("encoding") && !in.toStr(p.get("encoding")).empty())
        r->raise("UnimplementedError",
                 "kiln's tf.strings." + name +
                     " maps ASCII letters only (encoding='')");
      return elementwise(*r, op, p.require("input", name), DType::String,
                         {{"encoding", std::string()}});
    });
  }
  // With the pattern (and rewrite) given as Python strings, TensorFlow
  // builds the static ops, whose regex is an attr.
  auto staticArg = [r](const Params &p, const std::string &name,
                       const std::string &fname) {
    Value v = p.require(name, fname);
    if (!v.is(Type::Str))
      r->in.raise("NotImplementedError", "kiln's tf.strings." + fname +
                                             " takes its " + name +
                                             " as a Python str");
    return v.as<py::StrObject>().s;
  };
  strings.def("regex_replace", [r, staticArg](Interpreter &in, CallArgs &args) {
    Params p(in, args, "regex_replace",
             {"input", "pattern", "rewrite", "replace_global", "name"});
    bool global =
        !p.has("replace_global") || in.truthy(p.get("replace_global"));
    return elementwise(*r, "StaticRegexReplace",
                       p.require("input", "regex_replace"), DType::String,
                       {{"pattern", staticArg(p, "pattern", "regex_replace")},
                        {"rewrite", staticArg(p, "rewrite", "regex_replace")},
                        {"replace_global", global}});
  });
  strings.def(
      "regex_full_match", [r, staticArg](Interpreter &in, CallArgs &args) {
        Params p(in, args, "regex_full_match", {"input", "pattern", "name"});
        return elementwise(
            *r, "StaticRegexFullMatch", p.require("input", "regex_full_match"),
            DType::Bool,
            {{"pattern", staticArg(p, "pattern", "regex_full_match")}});
      });
  strings.def("strip", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "strip", {"input", "name"});
    return elementwise(*r, "StringStrip", p.require("input", "strip"),
                       DType::String);
  });
}

} // namespace kiln::tf
