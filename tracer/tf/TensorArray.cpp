// tf.TensorArray (see TensorArray.h). The graph ops are TensorFlow's list
// ops: TensorListReserve (a zero buffer), TensorListSetItem (a write, with
// growth for dynamic arrays), GatherV2 (a read) and TensorListStack.
#include "TensorArray.h"
#include "StdlibModules.h"

#include "ConcatErrors.h"
#include "RunTimeErrorAttrs.h"
#include "TfObjects.h"
#include "TfOps.h"

namespace kiln::tf {

using py::Type;

namespace {

Value int32Scalar(TfRuntime &rt, const Value &v) {
  Value t = rt.isTensor(v) ? v : rt.toTensor(v, DType::Int32);
  if (rt.tensor(t).type.dtype != DType::Int32)
    t = cast(rt, t, DType::Int32);
  if (!rt.tensor(t).type.shape.empty())
    rt.in.valueError("TensorArray indices and sizes must be scalars, got "
                     "shape " +
                     rt.tensor(t).type.shapeString());
  return t;
}

/// The array's rows: its buffer, or, when only a dropped write told it
/// its element shape, zeros (TensorFlow's list has no element set, and
/// its reads and stacks give zeros of the element shape). Made where it
/// is used: the array may be one from outside the loop body that asks.
Value contents(TensorArrayObject &ta) {
  return ta.buffer.isNone() ? reserveBuffer(ta) : ta.buffer;
}

/// rt.apply() of list op `op`, named while tracing as _GraphTensorArrayV2
/// names it: node `node` in name scope `scope`
/// ("TensorArrayV2Write/TensorListSetItem"), which the kernels' errors
/// quote.
Value arrayOp(TfRuntime &rt, const std::string &scope, const std::string &node,
              const std::string &op, const ValueList &inputs,
              std::map<std::string, Attr> attrs, const TensorType &type) {
  std::optional<graph::ScopeGuard> guard;
  if (rt.tracing)
    guard.emplace(rt.tracing->graph, scope);
  return rt.apply(op, inputs, std::move(attrs), type, node);
}

/// A write of another dtype in a function: _GraphTensorArrayV2 logs an
/// error and writes anyway, and TensorListSetItem fails when it runs.
/// (TensorFlow's log goes on with the Python stack of the trace, which
/// kiln has not; it prints the first line.)
Value mistypedWrite(TfRuntime &r, const TensorArrayObject &ta,
                    const Value &index, const Value &v, bool givenTensor) {
  const TensorType &vt = r.tensor(v).type;
  // A Python value is converted in the write's name scope.
  std::string shown =
      givenTensor
          ? r.in.repr(v)
          : "Tensor(\"" + r.tracing->graph.scope +
                "TensorArrayV2Write/value:0\", shape=" + vt.shapeString() +
                ", dtype=" + py::dtypeName(vt.dtype) + ")";
  py::tensorflowLog(r.in, 40,
                    "Error: Input value " + shown + " has dtype <dtype: '" +
                        py::dtypeName(vt.dtype) +
                        "'>, but expected dtype <dtype: '" +
                        py::dtypeName(ta.dtype) +
                        "'>.  This leads to undefined behavior and will be "
                        "an error in future versions of TensorFlow.  "
                        "Traceback:");
  auto next = ta.with(ta.buffer, ta.size);
  if (!next->elementShape && !vt.unknownRank && vt.isStatic())
    next->elementShape = vt.shape;
  Value buffer = next->buffer.isNone() && next->elementShape
                     ? reserveBuffer(*next)
                     : next->buffer;
  TensorType type =
      buffer.isNone() ? TensorType{ta.dtype, {-1}} : r.tensor(buffer).type;
  next->buffer = arrayOp(
      r, "TensorArrayV2Write", "TensorListSetItem", "TensorListSetItem",
      {buffer.isNone() ? filled(r, TensorType{ta.dtype, {0}}, 0) : buffer,
       index, v},
      {{graph::kRunTimeError,
        "Invalid data types; op elements " + kernelTypeName(vt.dtype) +
            " but list elements " + kernelTypeName(ta.dtype)}},
      type);
  return Value::object(py::Type::Native, next);
}

/// TensorListConcatV2 of a list with no element set (never written, or
/// only by writes whose results were dropped) in a function: the kernel
/// cannot size the missing elements, as their first dimension is not in
/// the element shape concat passes. An empty list concatenates to
/// nothing when its element shape is known.
Value unwrittenConcat(TfRuntime &r, const TensorArrayObject &ta) {
  TensorType type{ta.dtype, {-1}};
  std::map<std::string, Attr> attrs{{"element_dtype", ta.dtype},
                                    {graph::kRunTimeErrorSize, int64_t(1)}};
  if (ta.elementShape) {
    if (ta.elementShape->empty())
      r.in.valueError("Shape must be at least rank 1 but is rank 0 for "
                      "TensorArray.concat of scalars");
    type.shape.insert(type.shape.end(), ta.elementShape->begin() + 1,
                      ta.elementShape->end());
    attrs[graph::kRunTimeError] = std::string(
        "List contains uninitialized tensor at index 0 but leading_dims has "
        "only 0 elements.");
  } else {
    attrs[graph::kRunTimeError] =
        std::string("Trying to concat list with only uninitialized tensors "
                    "but element_shape_except_first_dim is not fully "
                    "defined: <unknown>");
    attrs[graph::kRunTimeErrorWhenEmpty] =
        std::string("All except the first dimension must be fully defined when "
                    "concating an empty tensor list. element_shape: <unknown>");
  }
  return r.apply("TensorListConcatV2",
                 {filled(r, TensorType{ta.dtype, {0}}, 0), ta.size},
                 std::move(attrs), type, "TensorListConcatV2");
}

} // namespace

Value reserveBuffer(TensorArrayObject &ta) {
  TfRuntime &rt = *ta.rt;
  TensorType type = ta.bufferType();
  if (type.isStatic())
    return filled(rt, type, 0);
  // Element sizes known only at run time (a None batch) are 0 until the
  // first write sizes the buffer (codegen's TensorListSetItem).
  std::vector<int64_t> element(type.shape.begin() + 1, type.shape.end());
  bool sized = true;
  for (int64_t &d : element)
    if (d < 0) {
      d = 0;
      sized = false;
    }
  ValueList inputs{ta.size};
  if (!sized)
    inputs.push_back(intConstant(rt, element));
  return rt.apply("TensorListReserve", inputs, {{"element_dtype", ta.dtype}},
                  type, "TensorArrayV2");
}

TensorType TensorArrayObject::bufferType() const {
  if (!buffer.isNone()) { // writes keep the buffer's type
    TensorType t = rt->tensor(buffer).type;
    if (dynamicSize)
      t.shape[0] = -1;
    return t;
  }
  TensorType t;
  t.dtype = dtype;
  HostTensorPtr n = rt->constantValue(size);
  t.shape.push_back(dynamicSize || !n ? -1 : n->elementAsInt(0));
  if (elementShape)
    t.shape.insert(t.shape.end(), elementShape->begin(), elementShape->end());
  return t;
}

std::shared_ptr<TensorArrayObject>
TensorArrayObject::with(Value newBuffer, Value newSize) const {
  auto copy = std::make_shared<TensorArrayObject>(*this);
  copy->buffer = std::move(newBuffer);
  copy->size = std::move(newSize);
  return copy;
}

std::string TensorArrayObject::repr(Interpreter &, const Value &) {
  return "<tensorflow.python.ops.tensor_array_ops.TensorArray object>";
}

bool TensorArrayObject::getAttr(Interpreter &in, const Value &self,
                                const std::string &name, Value &out) {
  auto ta = std::static_pointer_cast<TensorArrayObject>(self.ptr());
  TfRuntime &r = *rt;
  if (name == "dtype") {
    out = makeDType(dtype);
    return true;
  }
  if (name == "element_shape") {
    TensorType t;
    if (ta->elementShape)
      t.shape = *ta->elementShape;
    else
      t.unknownRank = true;
    out = Value::object(Type::Native, std::make_shared<TensorShapeObject>(t));
    return true;
  }
  auto method = [&](const char *fname, std::vector<std::string> params,
                    std::function<Value(std::map<std::string, Value> &)> fn) {
    out =
        in.builtin(fname, [fname, params, fn](Interpreter &in, CallArgs &args) {
          std::map<std::string, Value> got;
          if (args.positional.size() > params.size())
            in.typeError(
                std::string(fname) + "() takes " +
                std::to_string(params.size()) + " positional arguments but " +
                std::to_string(args.positional.size()) + " were given");
          for (size_t i = 0; i < args.positional.size(); ++i)
            got[params[i]] = args.positional[i];
          for (auto &[k, v] : args.keywords)
            got[k] = v;
          return fn(got);
        });
  };
  // Eagerly a TensorArray is a list that write and unstack change in
  // place, returning the same array (TensorFlow's _EagerTensorArray); in a
  // graph they make a new one.
  auto changed = [ta, &r, self](std::shared_ptr<TensorArrayObject> next) {
    if (r.tracing)
      return Value::object(Type::Native, next);
    ta->buffer = next->buffer;
    ta->size = next->size;
    ta->elementShape = next->elementShape;
    return self;
  };
  auto need = [&](std::map<std::string, Value> &got, const char *param,
                  const char *fname) {
    auto it = got.find(param);
    if (it == got.end())
      in.typeError(std::string("TensorArray.") + fname +
                   "() missing 1 required positional argument: '" + param +
                   "'");
    return it->second;
  };
  if (name == "size") {
    method("size", {"name"},
           [ta](std::map<std::string, Value> &) { return ta->size; });
    return true;
  }
  if (name == "write") {
    method(
        "write", {"index", "value", "name"},
        [ta, &r, need, changed](auto &got) {
          Value index = int32Scalar(r, need(got, "index", "write"));
          // A Python value converts to the array's dtype when it can
          // (convert_to_tensor's preferred_dtype).
          Value given = need(got, "value", "write");
          Value v = r.toTensor(given);
          DType natural = r.tensor(v).type.dtype;
          // (A Python bool converts as an int, but to int32, int64 and
          // the float types only.)
          bool toWide = ta->dtype == DType::Int32 ||
                        ta->dtype == DType::Int64 || isFloating(ta->dtype);
          if (!r.isTensor(given) && natural != ta->dtype &&
              ((isInteger(natural) &&
                (isInteger(ta->dtype) || isFloating(ta->dtype))) ||
               (given.is(py::Type::Bool) && toWide) ||
               (isFloating(natural) && isFloating(ta->dtype))))
            v = r.toTensor(given, ta->dtype);
          const TensorType &vt = r.tensor(v).type;
          if (vt.dtype != ta->dtype && !r.tracing)
            r.raise("InvalidArgumentError",
                    "TensorArray dtype is " +
                        std::string(py::dtypeName(ta->dtype)) +
                        " but Op is trying to write dtype " +
                        py::dtypeName(vt.dtype) + " ");
          if (vt.dtype != ta->dtype)
            return mistypedWrite(r, *ta, index, v, r.isTensor(given));
          auto next = ta->with(ta->buffer, ta->size);
          if (!next->elementShape) {
            next->elementShape = vt.shape;
            // _GraphTensorArrayV2 merges the shape into the element
            // shape its copies share: the array written to knows it
            // too, even when the write's result is dropped (in a loop
            // body too). Its list still has no element: reads and
            // stacks of it see zeros (contents), its concat fails.
            if (r.tracing && ta->inferShape && ta->buffer.isNone() &&
                !vt.unknownRank && vt.isStatic())
              ta->elementShape = vt.shape;
          }
          // Shapes merge, as TensorShape.merge_with: a size known in one
          // and not the other is the known one (checked when the function
          // runs).
          bool compatible = !vt.unknownRank &&
                            vt.shape.size() == next->elementShape->size();
          std::vector<int64_t> merged = *next->elementShape;
          for (size_t d = 0; compatible && d < merged.size(); ++d) {
            if (merged[d] < 0)
              merged[d] = vt.shape[d];
            else
              compatible = vt.shape[d] < 0 || vt.shape[d] == merged[d];
          }
          if (compatible && next->buffer.isNone())
            next->elementShape = merged;
          if (!compatible) {
            std::string saw = vt.shapeString(),
                        expected = TensorType{ta->dtype, *next->elementShape}
                                       .shapeString();
            // Without infer_shape TensorFlow takes it; kiln's buffer
            // holds one element shape.
            if (!ta->inferShape && !vt.unknownRank)
              r.raise("UnimplementedError",
                      "kiln's TensorArray holds elements of one shape: with "
                      "infer_shape=False, an element of shape " +
                          saw + " after one of shape " + expected +
                          " is not supported yet");
            // _EagerTensorArray's message, and _GraphTensorArrayV2's.
            r.in.valueError(r.tracing ? "Inconsistent shapes: saw " + saw +
                                            " but expected " + expected + " "
                                      : "Incompatible shape for value (" + saw +
                                            "), expected (" + expected + ")");
          }
          if (!r.tracing) {
            // _EagerTensorArray's checks.
            int64_t i = r.constantValue(index)->elementAsInt(0);
            int64_t size = r.constantValue(ta->size)->elementAsInt(0);
            if (i < 0)
              r.raise("OutOfRangeError", "Writing to negative indices (index " +
                                             std::to_string(i) +
                                             ") is not allowed.");
            if (i >= size && !ta->dynamicSize)
              r.raise("OutOfRangeError",
                      "Tried to write to index " + std::to_string(i) +
                          " but array is not resizeable and size is: " +
                          std::to_string(size) + " ");
            ta->cleared.erase(i);
          }
          if (next->buffer.isNone())
            next->buffer = reserveBuffer(*next);
          // (_any_shape: TensorFlow takes elements of any shape, which
          // kiln's one buffer cannot; codegen's check says so.)
          std::map<std::string, Attr> attrs{{"grow", ta->dynamicSize}};
          if (!ta->inferShape)
            attrs["_any_shape"] = true;
          next->buffer = arrayOp(r, "TensorArrayV2Write", "TensorListSetItem",
                                 "TensorListSetItem", {next->buffer, index, v},
                                 std::move(attrs), next->bufferType());
          if (ta->dynamicSize)
            next->size = binaryOp(
                r, "Maximum", ta->size,
                binaryOp(r, "AddV2", index, r.toTensor(Value::integer(1))));
          return changed(next);
        });
    return true;
  }
  if (name == "read") {
    method("read", {"index", "name"}, [ta, &r, need](auto &got) {
      Value index = int32Scalar(r, need(got, "index", "read"));
      if (!r.tracing) {
        // _EagerTensorArray's checks.
        int64_t i = r.constantValue(index)->elementAsInt(0);
        int64_t size = r.constantValue(ta->size)->elementAsInt(0);
        if (i < 0)
          r.raise("OutOfRangeError", "Reading from negative indices (index " +
                                         std::to_string(i) +
                                         ") is not allowed.");
        if (i >= size)
          r.raise("OutOfRangeError",
                  "Tried to read from index " + std::to_string(i) +
                      " but array size is: " + std::to_string(size) + " ");
      }
      if (ta->buffer.isNone() && !ta->elementShape) {
        // No element and no element shape: eagerly the zeros' shape does
        // not convert; in a function the kernel fails when it runs (kiln
        // gives the never-computed result a scalar shape).
        if (!r.tracing)
          r.in.valueError("Cannot convert a partially known TensorShape "
                          "<unknown> to a Tensor.");
        return arrayOp(
            r, "TensorArrayV2Read", "TensorListGetItem", "GatherV2",
            {filled(r, TensorType{ta->dtype, {1}}, 0), index},
            {{"axis", int64_t(0)},
             {"tensor_list", true},
             {graph::kRunTimeError,
              std::string("Trying to read an uninitialized tensor but "
                          "element_shape is not fully defined: <unknown> and "
                          "no list element is set.")}},
            TensorType{ta->dtype, {}});
      }
      Value buffer = contents(*ta);
      TensorType row = r.tensor(buffer).type;
      row.shape.erase(row.shape.begin());
      // A TensorList's index is not taken from the end: tensor_list gives
      // its bounds check and message.
      Value element = arrayOp(
          r, "TensorArrayV2Read", "TensorListGetItem", "GatherV2",
          {buffer, index}, {{"axis", int64_t(0)}, {"tensor_list", true}}, row);
      if (r.tracing || !ta->clearAfterRead)
        return element;
      int64_t i = r.constantValue(index)->elementAsInt(0);
      if (!ta->cleared.insert(i).second)
        r.raise("InvalidArgumentError",
                "Could not read index " + std::to_string(i) +
                    " twice because it was cleared after a previous read "
                    "(perhaps try setting clear_after_read = false?)");
      ta->buffer = r.apply(
          "TensorListSetItem", {ta->buffer, index, filled(r, row, 0)},
          {{"grow", false}}, r.tensor(ta->buffer).type, "TensorListSetItem");
      return element;
    });
    return true;
  }
  // The elements stacked: [size, *element_shape]. Eagerly the cleared
  // ones become zeros that read again without an error.
  auto stacked = [ta, &r]() {
    ta->cleared.clear();
    if (ta->buffer.isNone() && !ta->elementShape) {
      // Never written, of an unknown element shape: TensorFlow stacks
      // nothing, the kernel fails (in a function, when it runs), eagerly
      // the zeros' shape does not convert.
      TensorType t{ta->dtype, {0}};
      HostTensorPtr size = r.constantValue(ta->size);
      bool empty = size && size->elementAsInt(0) == 0;
      if (!r.tracing) {
        if (!empty)
          r.in.valueError("Cannot convert a partially known TensorShape "
                          "<unknown> to a Tensor.");
        return filled(r, t, 0);
      }
      t.shape[0] = -1;
      return arrayOp(
          r, "TensorArrayV2Stack", "TensorListStack", "TensorListStack",
          {filled(r, TensorType{ta->dtype, {0}}, 0), ta->size},
          {{"element_dtype", ta->dtype},
           {graph::kRunTimeErrorSize, int64_t(1)},
           {graph::kRunTimeError,
            std::string("Tried to stack list which only contains "
                        "uninitialized tensors and has a non-fully-defined "
                        "element_shape: <unknown>")},
           {graph::kRunTimeErrorWhenEmpty,
            std::string("Tried to stack elements of an empty list with "
                        "non-fully-defined element_shape: <unknown>")}},
          t);
    }
    Value buffer = contents(*ta);
    TensorType t = r.tensor(buffer).type;
    if (!ta->dynamicSize && t.shape[0] >= 0)
      return identity(r, buffer); // every row is in the array
    t.shape[0] = -1;
    return arrayOp(r, "TensorArrayV2Stack", "TensorListStack",
                   "TensorListStack", {buffer, ta->size},
                   {{"element_dtype", ta->dtype}}, t);
  };
  if (name == "stack") {
    method("stack", {"name"}, [stacked](auto &) { return stacked(); });
    return true;
  }
  if (name == "gather") {
    method("gather", {"indices", "name"}, [stacked, &r, need](auto &got) {
      Value indices = r.toTensor(need(got, "indices", "gather"), DType::Int32);
      return gather(r, stacked(), indices, 0);
    });
    return true;
  }
  if (name == "concat") {
    // The elements joined along their first dimension.
    method("concat", {"name"}, [ta, stacked, &r](auto &) {
      HostTensorPtr size = r.constantValue(ta->size);
      bool empty = size && size->elementAsInt(0) == 0;
      // _EagerTensorArray concatenates a Python list of no tensors.
      if (!r.tracing && empty)
        r.raise("InvalidArgumentError", emptyConcatError(""));
      if (ta->buffer.isNone() && r.tracing)
        return unwrittenConcat(r, *ta);
      Value all = stacked();
      TensorType t = r.tensor(all).type;
      if (t.shape.size() < 2)
        r.in.valueError("Shape must be at least rank 1 but is rank 0 for "
                        "TensorArray.concat of scalars");
      std::vector<int64_t> shape{-1};
      shape.insert(shape.end(), t.shape.begin() + 2, t.shape.end());
      return reshape(r, all, pyIntList(r.in, shape));
    });
    return true;
  }
  if (name == "scatter") {
    // Row k of `value` written at indices[k], one write after another:
    // _EagerTensorArray's loop (which zips, so extra rows or indices are
    // ignored); in a function TensorListScatterIntoExistingList, whose
    // count check kiln makes when the function runs.
    method(
        "scatter", {"indices", "value", "name"},
        [ta, &r, need, self](auto &got) {
          Value indices =
              r.toTensor(need(got, "indices", "scatter"), DType::Int32);
          Value given = need(got, "value", "scatter");
          Value v = r.isTensor(given) ? given : r.toTensor(given, ta->dtype);
          const TensorType &it = r.tensor(indices).type, &vt = r.tensor(v).type;
          if (it.unknownRank || it.shape.size() != 1)
            r.in.valueError("TensorArray.scatter's indices must be a "
                            "vector, got shape " +
                            it.shapeString());
          if (vt.unknownRank || vt.shape.empty())
            r.in.valueError("Shape must be at least rank 1 but is rank 0");
          int64_t count = it.shape[0], rows = vt.shape[0];
          if (count < 0)
            r.raise("UnimplementedError",
                    "kiln's TensorArray.scatter needs the number of "
                    "indices at trace time, not " +
                        it.shapeString());
          if (r.tracing && rows >= 0 && rows != count) {
            // The rows reach the writes through the kernel's failure.
            graph::ScopeGuard guard(r.tracing->graph, "TensorArrayScatter");
            v = r.apply(
                "TensorListScatterIntoExistingList", {v},
                {{graph::kRunTimeError,
                  "Expected len(indices) == tensor.shape[0], but "
                  "saw: " +
                      std::to_string(count) + " vs. " + std::to_string(rows)}},
                vt, "TensorListScatterIntoExistingList");
          }
          if (rows >= 0)
            count = std::min(count, rows);
          Value array = self;
          for (int64_t k = 0; k < count; ++k) {
            Value at = r.in.getItem(indices, Value::integer(k));
            Value row = r.in.getItem(v, Value::integer(k));
            array = r.in.call(r.in.getAttr(array, "write"), ValueList{at, row});
          }
          return array;
        });
    return true;
  }
  if (name == "unstack") {
    method("unstack", {"value", "name"}, [ta, &r, need, changed](auto &got) {
      Value v = r.toTensor(need(got, "value", "unstack"), ta->dtype);
      const TensorType &t = r.tensor(v).type;
      if (t.unknownRank || t.shape.empty())
        r.in.valueError("Shape must be at least rank 1 but is rank 0");
      auto next = ta->with(v, Value());
      next->cleared.clear();
      ta->cleared.clear();
      next->elementShape =
          std::vector<int64_t>(t.shape.begin() + 1, t.shape.end());
      next->size = firstDimension(r, v);
      return changed(next);
    });
    return true;
  }
  return false;
}

Value makeTensorArray(TfRuntime &rt, CallArgs &args) {
  Interpreter &in = rt.in;
  static const std::vector<std::string> params = {
      "dtype",
      "size",
      "dynamic_size",
      "clear_after_read",
      "tensor_array_name",
      "handle",
      "flow",
      "infer_shape",
      "element_shape",
      "colocate_with_first_write_call",
      "name"};
  std::map<std::string, Value> got;
  if (args.positional.size() > params.size())
    in.typeError("TensorArray() takes too many positional arguments");
  for (size_t i = 0; i < args.positional.size(); ++i)
    got[params[i]] = args.positional[i];
  for (auto &[k, v] : args.keywords) {
    if (std::find(params.begin(), params.end(), k) == params.end())
      in.typeError("TensorArray.__init__() got an unexpected keyword "
                   "argument '" +
                   k + "'");
    got[k] = v;
  }
  auto ta = std::make_shared<TensorArrayObject>();
  ta->rt = &rt;
  if (!got.count("dtype"))
    in.typeError("TensorArray.__init__() missing 1 required positional "
                 "argument: 'dtype'");
  Value d = got["dtype"];
  auto *dt =
      d.is(Type::Native) ? dynamic_cast<DTypeObject *>(d.raw()) : nullptr;
  if (!dt)
    in.typeError("TensorArray dtype must be a tf.DType, got " + in.repr(d));
  ta->dtype = dt->dtype;
  ta->dynamicSize = got.count("dynamic_size") && in.truthy(got["dynamic_size"]);
  ta->inferShape = !got.count("infer_shape") || got["infer_shape"].isNone() ||
                   in.truthy(got["infer_shape"]);
  ta->clearAfterRead = !got.count("clear_after_read") ||
                       got["clear_after_read"].isNone() ||
                       in.truthy(got["clear_after_read"]);
  Value size = got.count("size") ? got["size"] : Value();
  if (size.isNone()) {
    if (!ta->dynamicSize)
      in.valueError("Size must be provided if handle is not provided");
    size = Value::integer(0);
  }
  ta->size = int32Scalar(rt, size);
  ta->buffer = Value();
  if (got.count("element_shape") && !got["element_shape"].isNone()) {
    Value es = got["element_shape"];
    std::vector<int64_t> shape;
    bool known = true;
    if (auto *s = es.is(Type::Native)
                      ? dynamic_cast<TensorShapeObject *>(es.raw())
                      : nullptr) {
      known = !s->type.unknownRank;
      shape = s->type.shape;
    } else {
      for (auto &dim : in.toList(es))
        shape.push_back(dim.isNone() ? -1 : in.toIndex(dim));
    }
    bool full = known;
    for (int64_t dim : shape)
      full &= dim >= 0;
    if (full) {
      ta->elementShape = shape;
      ta->buffer = reserveBuffer(*ta);
    }
  }
  return Value::object(Type::Native, ta);
}

} // namespace kiln::tf
