// tf.slice and tf.strided_slice: the same selections Python's indexing
// makes (TfOps.cpp's stridedSlice), spelled as begin/size or begin/end/
// strides lists with TensorFlow's bit masks.
#include "ShapeTensor.h"
#include "TfModuleBuilder.h"
#include "TfObjects.h"
#include "TfOps.h"

namespace kiln::tf {

using py::Type;

namespace {

Value makeSlice(const Value &start, const Value &stop, const Value &step) {
  auto s = std::make_shared<py::SliceObject>();
  s->start = start;
  s->stop = stop;
  s->step = step;
  return Value::object(Type::Slice, s);
}

/// A list argument (a Python list or tuple, or a tensor) as Python values:
/// ints where trace time knows them, scalar tensors where only run time
/// does (`runTime` allows those).
ValueList listArg(TfRuntime &rt, const Value &given, const std::string &api,
                  bool runTime = false) {
  Value v = foldKnown(rt, given);
  if (rt.isTensor(v)) {
    HostTensorPtr c = rt.constantValue(v);
    const TensorType &t = rt.tensor(v).type;
    if (!c && runTime && !t.unknownRank && t.shape.size() == 1 &&
        t.shape[0] >= 0) {
      ValueList out;
      for (int64_t i = 0; i < t.shape[0]; ++i)
        out.push_back(rt.in.getItem(v, Value::integer(i)));
      return out;
    }
    if (!c)
      rt.raise("UnimplementedError",
               "kiln needs the bounds of " + api + " known at trace time");
    ValueList out;
    for (int64_t i = 0; i < c->type.numElements(); ++i)
      out.push_back(Value::integer(c->elementAsInt(i)));
    return out;
  }
  return rt.in.toList(v);
}

/// The node TensorFlow would have made is named `name` (Slice,
/// StridedSlice): the last node made gets that name.
Value named(TfRuntime &rt, size_t before, const Value &out,
            const std::string &name) {
  nameLastNode(rt, out, before, name);
  return out;
}

/// `value` (an int32 or int64 scalar known at run time) checked to lie in
/// [0, upper] when the function runs, as the Slice kernel checks its
/// bounds: an Identity whose "in_range" message template
/// (codegen/EmitChecks.cpp) takes the upper bound, then the value.
Value checkedBound(TfRuntime &rt, const Value &value, const Value &upper,
                   const std::string &message, std::vector<int> &checks) {
  Value v = rt.toTensor(value);
  const TensorType &t = rt.tensor(v).type;
  Value hi = cast(rt, rt.toTensor(upper), t.dtype);
  Value out =
      rt.apply("Identity", {v, hi}, {{"T", t.dtype}, {"in_range", message}}, t,
               "Slice/bound");
  checks.push_back(out.as<TensorObject>().out.node);
  return out;
}

/// `begin` checked as the Slice kernel first checks a dimension of size
/// `n` (known at run time only) that may be empty: begin and size (-1:
/// the rest) both 0 then. An Identity of begin whose "if_empty" message
/// template (codegen/EmitChecks.cpp) takes begin, then the size.
Value checkedEmpty(TfRuntime &rt, const Value &begin, const Value &n,
                   const Value &size, DType index, size_t d,
                   std::vector<int> &checks) {
  Interpreter &in = rt.in;
  Value b = rt.toTensor(begin, index);
  Value dim = cast(rt, rt.toTensor(n), index);
  Value s = rt.toTensor(size, index);
  s = callTf(in, {"where"},
             {in.compare(ast::CmpOp::Eq, s, Value::integer(-1)),
              in.binary(ast::BinaryOp::Sub, dim, b), s});
  std::string i = std::to_string(d);
  Value out =
      rt.apply("Identity", {b, dim, s},
               {{"T", index},
                {"if_empty",
                 "Expected begin[" + i + "] == 0 (got {int}) and size[" + i +
                     "] == 0 (got {int}) when input.dim_size(" + i + ") == 0"}},
               rt.tensor(b).type, "Slice/bound");
  checks.push_back(out.as<TensorObject>().out.node);
  return out;
}

} // namespace

void installSlice(TfRuntime &rt, ModuleBuilder &tf) {
  TfRuntime *r = &rt;
  tf.def("slice", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "slice", {"input_", "begin", "size", "name"});
    Value x = r->toTensor(p.require("input_", "slice"));
    ValueList begin =
        listArg(*r, p.require("begin", "slice"), "tf.slice", true);
    ValueList size = listArg(*r, p.require("size", "slice"), "tf.slice", true);
    const TensorType &type = r->tensor(x).type;
    if (begin.size() != type.shape.size() || size.size() != type.shape.size())
      r->raise("InvalidArgumentError",
               "Expected begin and size arguments to be 1-D tensors of size " +
                   std::to_string(type.shape.size()) + ", but got shapes [" +
                   std::to_string(begin.size()) + "] and [" +
                   std::to_string(size.size()) + "] instead.");
    ValueList key;
    std::vector<int> checks; // the run-time bound checks, by node
    for (size_t d = 0; d < begin.size(); ++d) {
      // Bounds or a dimension known only at run time: checked then as the
      // kernel checks them (begin in [0, n], size in [0, n - begin] or -1:
      // to the end), the slice from begin to begin + size.
      bool all = begin[d].isIntLike() && size[d].isIntLike() &&
                 begin[d].asInt() == 0 && size[d].asInt() == -1;
      if (!begin[d].isIntLike() || !size[d].isIntLike() ||
          (type.shape[d] < 0 && !all)) {
        std::string at =
            "[" + std::to_string(d) + "] in [0, {int}], but got {int}";
        // The bounds' index type (int32 or int64), for the arithmetic.
        DType index =
            r->tensor(r->toTensor(begin[d].isIntLike() ? size[d] : begin[d]))
                .type.dtype;
        Value n = type.shape[d] >= 0
                      ? Value::integer(type.shape[d])
                      : cast(*r, in.getItem(shapeOf(*r, x), Value::integer(d)),
                             index);
        Value b = begin[d];
        if (!n.isIntLike())
          b = checkedEmpty(*r, b, n, size[d], index, d, checks);
        if (!b.isIntLike() || !n.isIntLike())
          b = checkedBound(*r, r->toTensor(b, index), n, "Expected begin" + at,
                           checks);
        else if (b.asInt() < 0 || b.asInt() > n.asInt())
          r->raise("InvalidArgumentError",
                   "Expected begin[" + std::to_string(d) + "] in [0, " +
                       std::to_string(n.asInt()) + "], but got " +
                       std::to_string(b.asInt()));
        Value rest = in.binary(ast::BinaryOp::Sub, n, b);
        Value stop;
        if (!size[d].isIntLike()) {
          // size -1 at run time takes the rest.
          Value sz = r->toTensor(size[d]);
          Value toEnd = in.compare(ast::CmpOp::Eq, sz, Value::integer(-1));
          sz = callTf(in, {"where"},
                      {toEnd,
                       callTf(in, {"cast"},
                              {rest, makeDType(r->tensor(sz).type.dtype)}),
                       sz});
          sz = checkedBound(*r, sz, rest, "Expected size" + at, checks);
          stop = in.binary(ast::BinaryOp::Add, b, sz);
        } else if (size[d].asInt() != -1) {
          Value sz = checkedBound(*r, r->toTensor(size[d], index), rest,
                                  "Expected size" + at, checks);
          stop = in.binary(ast::BinaryOp::Add, b, sz);
        }
        key.push_back(makeSlice(b, stop, Value()));
        continue;
      }
      int64_t b = in.toIndex(begin[d]), s = in.toIndex(size[d]);
      // Unlike Python's slicing, tf.slice does not clamp: TensorFlow's
      // kernel rejects bounds outside a dimension. (kiln checks those it
      // knows at trace time; TensorFlow reports a function's when it
      // runs.)
      int64_t n = type.shape[d];
      std::string bad;
      if (n == 0 && (b != 0 || (s != 0 && s != -1)))
        // The kernel's own words for an empty dimension.
        bad = "Expected begin[" + std::to_string(d) + "] == 0 (got " +
              std::to_string(b) + ") and size[" + std::to_string(d) +
              "] == 0 (got " + std::to_string(s) + ") when input.dim_size(" +
              std::to_string(d) + ") == 0";
      else if (n >= 0 && (b < 0 || b > n))
        bad = "Expected begin[" + std::to_string(d) + "] in [0, " +
              std::to_string(n) + "], but got " + std::to_string(b);
      else if (n >= 0 && s != -1 && (s < 0 || b + s > n))
        bad = "Expected size[" + std::to_string(d) + "] in [0, " +
              std::to_string(n - b) + "], but got " + std::to_string(s);
      if (!bad.empty())
        r->raise("InvalidArgumentError",
                 r->tracing ? bad
                            : eagerKernelPrefix("Slice") + bad + " [Op:Slice]");
      // size -1: everything from begin on.
      key.push_back(makeSlice(Value::integer(b),
                              s == -1 ? Value() : Value::integer(b + s),
                              Value()));
    }
    size_t before = r->tracing ? r->tracing->graph.nodes.size() : 0;
    Value out = named(*r, before, stridedSlice(*r, x, in.tuple(key)), "Slice");
    if (!r->tracing)
      return out;
    // Shape inference knows a constant size (and what -1 leaves of a known
    // dimension) even where the bounds are checked at run time; those
    // checks make the slice that size, so an Identity of the known shape
    // takes the slice's name.
    TensorType known = r->tensor(out).type;
    bool refined = false;
    for (size_t d = 0; d < known.shape.size(); ++d) {
      if (known.shape[d] >= 0 || !size[d].isIntLike())
        continue;
      int64_t s = size[d].asInt();
      if (s == -1 && begin[d].isIntLike() && type.shape[d] >= 0)
        s = type.shape[d] - begin[d].asInt();
      if (s >= 0) {
        known.shape[d] = s;
        refined = true;
      }
    }
    graph::Graph &g = r->tracing->graph;
    if (refined) {
      int slice = out.as<TensorObject>().out.node;
      out = r->apply("Identity", {out}, {{"T", known.dtype}}, known,
                     g.nodes[slice].name + "/known_shape", true);
      std::swap(g.nodes[slice].name,
                g.nodes[out.as<TensorObject>().out.node].name);
    }
    // A failed check names the slice, and what reads the slice does not
    // run then.
    graph::Node &result = g.nodes[out.as<TensorObject>().out.node];
    for (int id : checks) {
      g.nodes[id].errorName = result.name;
      result.controlInputs.push_back(g.nodes[id].name);
    }
    return out;
  });
  tf.def("strided_slice", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "strided_slice",
             {"input_", "begin", "end", "strides", "begin_mask", "end_mask",
              "ellipsis_mask", "new_axis_mask", "shrink_axis_mask", "var",
              "name"});
    Value x = r->toTensor(p.require("input_", "strided_slice"));
    ValueList begin =
        listArg(*r, p.require("begin", "strided_slice"), "tf.strided_slice");
    ValueList end =
        listArg(*r, p.require("end", "strided_slice"), "tf.strided_slice");
    ValueList strides = p.has("strides")
                            ? listArg(*r, p.get("strides"), "tf.strided_slice")
                            : ValueList(begin.size(), Value::integer(1));
    if (end.size() != begin.size() || strides.size() != begin.size())
      r->raise("InvalidArgumentError",
               "Expected begin, end, and strides to be 1D equal size tensors, "
               "but got shapes [" +
                   std::to_string(begin.size()) + "], [" +
                   std::to_string(end.size()) + "], and [" +
                   std::to_string(strides.size()) + "] instead.");
    auto mask = [&](const char *name) {
      return p.has(name) ? in.toIndex(p.get(name)) : int64_t(0);
    };
    int64_t beginMask = mask("begin_mask"), endMask = mask("end_mask"),
            ellipsisMask = mask("ellipsis_mask"),
            newAxisMask = mask("new_axis_mask"),
            shrinkMask = mask("shrink_axis_mask");
    ValueList key;
    for (size_t i = 0; i < begin.size(); ++i) {
      int64_t bit = int64_t(1) << i;
      if (ellipsisMask & bit)
        key.push_back(Value::ellipsis());
      else if (newAxisMask & bit)
        key.push_back(Value());
      else if (shrinkMask & bit)
        key.push_back(begin[i]);
      else
        key.push_back(makeSlice(beginMask & bit ? Value() : begin[i],
                                endMask & bit ? Value() : end[i], strides[i]));
    }
    size_t before = r->tracing ? r->tracing->graph.nodes.size() : 0;
    return named(*r, before, stridedSlice(*r, x, in.tuple(key)),
                 "StridedSlice");
  });
}

} // namespace kiln::tf
