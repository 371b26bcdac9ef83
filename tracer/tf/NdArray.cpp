// NumPy arrays and scalars: printing, attributes, methods, operators,
// indexing and iteration. The computing is NumPy.cpp's; a method is the
// `numpy` module's function of the same name called with the array first.
#include "NumPy.h"
#include "TfOps.h"

#include "TensorFormat.h"

#include <cstring>

namespace kiln::tf {

using ast::CmpOp;
using py::Type;

namespace {

/// An array method that is the module function of the same name.
Value moduleMethod(Interpreter &in, const Value &self,
                   const std::string &name) {
  return in.builtin(name, [self, name](Interpreter &in, CallArgs &args) {
    CallArgs call = args;
    call.positional.insert(call.positional.begin(), self);
    return in.call(in.getAttr(in.importModule("numpy"), name), call);
  });
}

CmpOp mirrored(CmpOp op) {
  switch (op) {
  case CmpOp::Lt:
    return CmpOp::Gt;
  case CmpOp::Gt:
    return CmpOp::Lt;
  case CmpOp::LtE:
    return CmpOp::GtE;
  case CmpOp::GtE:
    return CmpOp::LtE;
  default:
    return op;
  }
}

} // namespace

std::string NdArrayObject::repr(Interpreter &, const Value &) {
  if (scalar)
    return py::numpyScalarRepr(value->view());
  return py::numpyRepr(value->view());
}

std::string NdArrayObject::str(Interpreter &, const Value &) {
  return py::numpyStr(value->view());
}

/// The flat element index that ndarray.item(*args) names: one int (a
/// flat index, negative from the end), or one int per dimension (as
/// separate arguments or a tuple), with NumPy's errors.
static size_t itemIndex(Interpreter &in, const std::vector<int64_t> &shape,
                        const ValueList &args) {
  ValueList indices = args;
  if (args.size() == 1 && args[0].is(Type::Tuple))
    indices = in.toList(args[0]);
  auto asIndex = [&](const Value &v) {
    if (!v.isIntLike())
      in.typeError("'" + in.typeName(v) +
                   "' object cannot be interpreted as an integer");
    return v.asInt();
  };
  int64_t size = 1;
  for (int64_t d : shape)
    size *= d;
  if (indices.size() == 1) {
    int64_t i = asIndex(indices[0]);
    if (i < -size || i >= size)
      in.raise("IndexError", "index " + std::to_string(i) +
                                 " is out of bounds for size " +
                                 std::to_string(size));
    return static_cast<size_t>(i < 0 ? i + size : i);
  }
  if (indices.size() != shape.size())
    in.valueError("incorrect number of indices for array");
  int64_t flat = 0;
  for (size_t d = 0; d < shape.size(); ++d) {
    int64_t i = asIndex(indices[d]);
    if (i < -shape[d] || i >= shape[d])
      in.raise("IndexError", "index " + std::to_string(i) +
                                 " is out of bounds for axis " +
                                 std::to_string(d) + " with size " +
                                 std::to_string(shape[d]));
    flat = flat * shape[d] + (i < 0 ? i + shape[d] : i);
  }
  return static_cast<size_t>(flat);
}

bool NdArrayObject::getAttr(Interpreter &in, const Value &self,
                            const std::string &name, Value &out) {
  const TensorType &type = value->type;
  if (name == "shape") {
    ValueList dims;
    for (int64_t d : type.shape)
      dims.push_back(Value::integer(d));
    out = in.tuple(std::move(dims));
  } else if (name == "itemsize" || name == "nbytes") {
    int64_t size = py::dtypeSize(type.dtype);
    out = Value::integer(name == "itemsize" ? size : size * type.numElements());
  } else if (name == "ndim") {
    out = Value::integer(type.shape.size());
  } else if (name == "size") {
    out = Value::integer(type.numElements());
  } else if (name == "dtype") {
    auto d = std::make_shared<NpDTypeObject>(type.dtype, false);
    d->runtime = rt;
    out = Value::object(Type::Native, d);
  } else if (name == "T") {
    out = callNumPy(in, "transpose", {self});
  } else if (name == "decode" && type.dtype == DType::String &&
             type.shape.empty()) {
    std::string text = value->strings[0];
    out = in.builtin(
        "decode", [text](Interpreter &in, CallArgs &) { return in.str(text); });
  } else if (name == "tobytes" && type.dtype != DType::String) {
    // The elements' bytes in C order, as the array holds them.
    HostTensorPtr v = value;
    out = in.builtin(name, [v](Interpreter &in, CallArgs &args) {
      py::ArgParser(in, args, "tobytes").expect(0, 0);
      return in.bytes(std::string(v->bytes.begin(), v->bytes.end()));
    });
  } else if (name == "tolist" || name == "item") {
    HostTensorPtr v = value;
    bool item = name == "item";
    out = in.builtin(name, [v, item](Interpreter &in, CallArgs &args) -> Value {
      std::function<Value(size_t, size_t &)> build =
          [&](size_t dim, size_t &index) -> Value {
        if (dim == v->type.shape.size()) {
          size_t i = index++;
          if (v->type.dtype == DType::String)
            return in.bytes(v->strings[i]);
          return pythonScalar(*v, i);
        }
        ValueList items;
        for (int64_t k = 0; k < v->type.shape[dim]; ++k)
          items.push_back(build(dim + 1, index));
        return in.list(std::move(items));
      };
      size_t index = 0;
      if (item && !args.positional.empty()) {
        index = itemIndex(in, v->type.shape, args.positional);
        return build(v->type.shape.size(), index);
      }
      if (item && v->type.numElements() != 1)
        in.valueError("can only convert an array of size 1 to a Python scalar");
      return item ? build(v->type.shape.size(), index) : build(0, index);
    });
  } else if (name == "reshape") {
    out = in.builtin(name, [self](Interpreter &in, CallArgs &args) {
      // a.reshape(2, 3) and a.reshape((2, 3)) both work.
      Value shape = args.positional.size() == 1 ? args.positional[0]
                                                : in.tuple(args.positional);
      return callNumPy(in, "reshape", {self, shape});
    });
  } else if (name == "astype") {
    TfRuntime *r = rt;
    bool isScalar = scalar;
    out =
        in.builtin(name, [r, self, isScalar](Interpreter &in, CallArgs &args) {
          py::ArgParser(in, args, "astype").expect(1, 1);
          Value d = callNumPy(in, "dtype", {args.positional[0]});
          return makeNdArray(*r, npAsArray(*r, self, npDTypeOf(d)), isScalar);
        });
  } else if (name == "view") {
    // The same bytes read as another dtype (a.view(np.int32) to see a
    // float32's bits); kiln's arrays are always contiguous.
    TfRuntime *r = rt;
    HostTensorPtr v = value;
    bool isScalar = scalar;
    out = in.builtin(name, [r, self, v, isScalar](Interpreter &in,
                                                  CallArgs &args) {
      py::ArgParser(in, args, "view").expect(0, 1);
      if (args.positional.empty() || args.positional[0].isNone())
        return makeNdArray(*r, v, isScalar);
      DType to = npDTypeOf(callNumPy(in, "dtype", {args.positional[0]}))
                     .value_or(DType::String);
      DType from = v->type.dtype;
      if (to == DType::String || from == DType::String)
        in.raise("TypeError", "Cannot change data-type for array of "
                              "references.");
      size_t fromSize = dtypeSize(from), toSize = dtypeSize(to);
      std::vector<int64_t> shape = v->type.shape;
      if (fromSize != toSize) {
        if (shape.empty())
          in.valueError("Changing the dtype of a 0d array is only supported "
                        "if the itemsize is unchanged");
        int64_t bytes = shape.back() * static_cast<int64_t>(fromSize);
        if (toSize < fromSize && fromSize % toSize != 0)
          in.valueError("When changing to a smaller dtype, its size must be "
                        "a divisor of the size of original dtype");
        if (bytes % static_cast<int64_t>(toSize) != 0)
          in.valueError("When changing to a larger dtype, its size must be a "
                        "divisor of the total size in bytes of the last axis "
                        "of the array.");
        shape.back() = bytes / static_cast<int64_t>(toSize);
      }
      auto viewed = std::make_shared<graph::HostTensor>();
      viewed->type = TensorType{to, shape};
      viewed->bytes = v->bytes;
      return makeNdArray(*r, viewed, isScalar);
    });
  } else if (name == "flatten") {
    out = in.builtin(name, [self](Interpreter &in, CallArgs &) {
      return callNumPy(in, "array",
                       {callNumPy(in, "reshape", {self, Value::integer(-1)})});
    });
  } else if (name == "ravel") {
    out = moduleMethod(in, self, name);
  } else if (name == "sort") {
    // In place: the array takes np.sort's result.
    NdArrayObject *self_ = this;
    out = in.builtin(name, [self, self_](Interpreter &in, CallArgs &args) {
      CallArgs call = args;
      call.positional.insert(call.positional.begin(), self);
      Value sorted = callNumPy(in, "sort", call.positional, call.keywords);
      self_->assign(sorted.as<NdArrayObject>().value);
      return Value();
    });
  } else if (name == "copy") {
    // A new array object: assignments replace an array's value, so the
    // two share it until one is assigned to.
    TfRuntime *r = rt;
    HostTensorPtr v = value;
    bool isScalar = scalar;
    out = in.builtin(name, [r, v, isScalar](Interpreter &, CallArgs &) {
      return makeNdArray(*r, v, isScalar);
    });
  } else if (name == "sum" || name == "mean" || name == "max" ||
             name == "min" || name == "prod" || name == "argmax" ||
             name == "argmin" || name == "any" || name == "all" ||
             name == "squeeze" || name == "dot" || name == "clip" ||
             name == "round" || name == "std" || name == "var" ||
             name == "argsort" || name == "nonzero" || name == "repeat" ||
             name == "cumsum" || name == "cumprod" || name == "swapaxes" ||
             name == "trace" || name == "ptp") {
    out = moduleMethod(in, self, name);
  } else if (name == "transpose") {
    // a.transpose(1, 0, 2) is np.transpose(a, (1, 0, 2)).
    out = in.builtin(name, [self](Interpreter &in, CallArgs &args) {
      CallArgs call = args;
      if (call.positional.size() > 1)
        call.positional = {in.tuple(call.positional)};
      call.positional.insert(call.positional.begin(), self);
      return in.call(in.getAttr(in.importModule("numpy"), "transpose"), call);
    });
  } else if (name == "__abs__") {
    out = moduleMethod(in, self, "abs");
  } else {
    return false;
  }
  return true;
}

bool NdArrayObject::format(Interpreter &in, const Value &self,
                           const std::string &spec, Value &out) {
  Value number;
  if (!value->type.shape.empty() || !toNumber(in, self, number))
    return false;
  out = in.call(in.getAttr(in.str("{:" + spec + "}"), "format"), {number});
  return true;
}

bool NdArrayObject::len(Interpreter &in, const Value &self, int64_t &out) {
  // A NumPy scalar has no len() at all; a 0-d array has one that fails.
  if (scalar)
    in.typeError("object of type '" + in.qualifiedTypeName(self) +
                 "' has no len()");
  if (value->type.shape.empty())
    in.typeError("len() of unsized object");
  out = value->type.shape[0];
  return true;
}

bool NdArrayObject::toNumber(Interpreter &in, const Value &, Value &out) {
  if (value->type.numElements() != 1)
    return false;
  out = pythonScalar(*value, 0);
  return true;
}

bool NdArrayObject::truthy(Interpreter &in, const Value &, bool &out) {
  if (value->type.numElements() != 1)
    in.valueError("The truth value of an array with more than one element is "
                  "ambiguous. Use a.any() or a.all()");
  out = value->elementAsDouble(0) != 0;
  return true;
}

bool NdArrayObject::binary(Interpreter &in, ast::BinaryOp op, const Value &self,
                           const Value &other, bool reflected, Value &out) {
  // A tf.Tensor on the other side wins (its __array_priority__): its
  // reflected operator makes a tensor.
  if (other.is(Type::Tensor))
    return false;
  return reflected ? npBinary(*rt, op, other, self, out)
                   : npBinary(*rt, op, self, other, out);
}

bool NdArrayObject::unary(Interpreter &in, ast::UnaryOpKind op,
                          const Value &self, Value &out) {
  switch (op) {
  case ast::UnaryOpKind::USub:
    out = callNumPy(in, "negative", {self});
    return true;
  case ast::UnaryOpKind::UAdd:
    out = self;
    return true;
  case ast::UnaryOpKind::Invert:
    if (value->type.dtype != DType::Bool)
      return false;
    out = callNumPy(in, "logical_not", {self});
    return true;
  default:
    return false;
  }
}

bool NdArrayObject::compare(Interpreter &in, CmpOp op, const Value &self,
                            const Value &other, bool reflected, Value &out) {
  if (other.is(Type::Tensor))
    return false;
  return reflected ? npCompare(*rt, mirrored(op), self, other, out)
                   : npCompare(*rt, op, self, other, out);
}

/// A shape as NumPy's broadcasting errors write it: "(3,)", "(2,2)".
static std::string shapeText(const std::vector<int64_t> &shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? "," : "") + std::to_string(shape[i]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

bool NdArrayObject::setItem(Interpreter &in, const Value &self,
                            const Value &key, const Value &newValue) {
  if (scalar)
    in.typeError("'" + typeName() +
                 "' object does not support item "
                 "assignment");
  // The flat positions key selects: the same indexing of an array of
  // positions (0, 1, 2, ...).
  Value picked = in.getItem(
      makeNdArray(*rt, flatPositions(value->type.shape), false), key);
  HostTensorPtr where = npAsArray(*rt, picked);
  HostTensorPtr source = npAsArray(*rt, newValue, value->type.dtype);
  if (value->type.dtype == DType::String)
    in.raise("NotImplementedError",
             "kiln does not assign into string arrays yet");
  std::vector<int64_t> shape;
  const auto &target = where->type.shape, &from = source->type.shape;
  if (!broadcastShapes(from, target, shape) || shape != target)
    in.valueError("could not broadcast input array from shape " +
                  shapeText(from) + " into shape " + shapeText(target));
  auto updated = std::make_shared<graph::HostTensor>(*value);
  size_t size = py::dtypeSize(value->type.dtype);
  // Position k of the selection takes the source element broadcast to it.
  std::vector<int64_t> sources = broadcastSources(from, target);
  for (size_t k = 0; k < sources.size(); ++k) {
    int64_t at = where->elementAsInt(k);
    std::memcpy(updated->bytes.data() + at * size,
                source->bytes.data() + sources[k] * size, size);
  }
  assign(updated);
  return true;
}

bool NdArrayObject::inplace(Interpreter &in, ast::BinaryOp op,
                            const Value &self, const Value &other, Value &out) {
  if (scalar)
    return false; // a NumPy scalar is immutable: a += b rebinds a
  Value result = in.binary(op, self, other);
  HostTensorPtr r = npAsArray(*rt, result);
  DType to = value->type.dtype, from = r->type.dtype;
  // The output casts to a's dtype under "same_kind": not a float into
  // integers, nor a number into bools.
  if ((isFloating(from) && !isFloating(to)) ||
      (to == DType::Bool && from != DType::Bool)) {
    // NumPy's class, a TypeError named UFuncTypeError.
    py::ClassPtr cls =
        in.defineExceptionClass("UFuncTypeError", in.builtinClass("TypeError"),
                                "numpy._core._exceptions");
    cls->qualname = "_UFuncOutputCastingError";
    in.raiseValue(in.call(
        Value::object(Type::Class, cls),
        ValueList{in.str(
            std::string("Cannot cast ufunc '") + npOperatorUfunc(op).name +
            "' output from dtype('" + py::dtypeName(from) + "') to dtype('" +
            py::dtypeName(to) + "') with casting rule 'same_kind'")}));
  }
  if (r->type.shape != value->type.shape)
    in.valueError("non-broadcastable output operand with shape " +
                  shapeText(value->type.shape) +
                  " doesn't match the broadcast shape " +
                  shapeText(r->type.shape));
  setItem(in, self, Value::ellipsis(), result);
  out = self;
  return true;
}

bool NdArrayObject::getItem(Interpreter &in, const Value &self,
                            const Value &key, Value &out) {
  if (scalar)
    in.raise("IndexError", "invalid index to scalar variable.");
  if (key.is(Type::List) || (dynamic_cast<NdArrayObject *>(key.raw()) &&
                             !key.as<NdArrayObject>().scalar)) {
    out = npAdvancedIndex(*rt, value, {key});
    return true;
  }
  ValueList items = key.is(Type::Tuple) ? in.toList(key) : ValueList{key};
  // NumPy integer scalars index as ints.
  for (auto &k : items) {
    auto *array = dynamic_cast<NdArrayObject *>(k.raw());
    if (array && array->scalar && isInteger(array->value->type.dtype))
      k = Value::integer(array->value->elementAsInt(0));
  }
  if (key.is(Type::Tuple) && npNeedsAdvancedIndex(items)) {
    out = npAdvancedIndex(*rt, value, items);
    return true;
  }
  for (auto &k : items)
    if (!(k.is(Type::Int) || k.is(Type::Bool) || k.isNone() ||
          k.is(Type::Slice) || k.is(Type::Ellipsis)))
      in.raise("NotImplementedError",
               "kiln's numpy subset indexes arrays with ints, slices, None "
               "and ...; got " +
                   in.repr(k));
  // NumPy's IndexError for an int out of range (TensorFlow's would be an
  // InvalidArgumentError).
  size_t axis = 0;
  for (auto &k : items) {
    if (k.is(Type::Ellipsis))
      break;
    if (k.isNone())
      continue;
    if (axis < value->type.shape.size() && k.is(Type::Int)) {
      int64_t size = value->type.shape[axis], i = k.asInt();
      if (i < -size || i >= size)
        in.raise("IndexError", "index " + std::to_string(i) +
                                   " is out of bounds for axis " +
                                   std::to_string(axis) + " with size " +
                                   std::to_string(size));
    } else if (axis >= value->type.shape.size()) {
      in.raise("IndexError", "too many indices for array: array is " +
                                 std::to_string(value->type.shape.size()) +
                                 "-dimensional, but " +
                                 std::to_string(items.size()) +
                                 " were indexed");
    }
    ++axis;
  }
  Value t = rt->eager(value);
  EagerScope eager(*rt);
  HostTensorPtr v = rt->tensor(in.getItem(t, key)).value;
  // A string tensor's .numpy() is an object array of Python bytes: an
  // element is a bytes object (==, len, slicing and + as bytes).
  if (v->type.shape.empty() && v->type.dtype == DType::String) {
    out = in.bytes(v->strings.at(0));
    return true;
  }
  // Basic indexing makes a view, unless it picks one element.
  if (v->type.shape.empty())
    out = makeNdArray(*rt, v, true);
  else
    out = npView(*rt, self, v, [&](const Value &positions) {
      return in.getItem(positions, key);
    });
  return true;
}

bool NdArrayObject::iter(Interpreter &in, const Value &self, Value &out) {
  if (scalar)
    in.typeError("'" + in.qualifiedTypeName(self) + "' object is not iterable");
  if (value->type.shape.empty())
    in.typeError("iteration over a 0-d array");
  ValueList rows;
  for (int64_t i = 0; i < value->type.shape[0]; ++i) {
    Value row;
    getItem(in, self, Value::integer(i), row);
    rows.push_back(row);
  }
  out = in.iter(in.list(std::move(rows)));
  return true;
}

bool NdArrayObject::hash(Interpreter &in, const Value &self, size_t &out) {
  Value number;
  if (!scalar || !toNumber(in, self, number))
    return false;        // arrays are unhashable
  out = in.hash(number); // as the Python number it equals
  return true;
}

bool NdArrayObject::equals(Interpreter &in, const Value &self,
                           const Value &other, bool &out) {
  // A NumPy scalar equals the numbers (and one-element arrays) it holds,
  // as a dict key too.
  Value mine, theirs = other;
  auto *nd = other.is(Type::Native) ? dynamic_cast<NdArrayObject *>(other.raw())
                                    : nullptr;
  if (scalar && toNumber(in, self, mine) &&
      (other.isNumber() || (nd && nd->toNumber(in, other, theirs)))) {
    out = in.equals(mine, theirs);
    return true;
  }
  out = self.raw() == other.raw();
  return true;
}

} // namespace kiln::tf
