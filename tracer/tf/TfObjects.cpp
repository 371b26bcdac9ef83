// tf.DType, TensorShape, TensorSpec, .numpy() arrays and sys streams.
#include "TfObjects.h"
#include "NumPy.h"

#include "TensorFormat.h"

#include <functional>
#include <optional>

namespace kiln::tf {

using py::Type;

Value makeDType(DType d) {
  return Value::object(Type::Native, std::make_shared<DTypeObject>(d));
}

Value makeShape(const TensorType &t) {
  return Value::object(Type::Native, std::make_shared<TensorShapeObject>(t));
}

Value pythonScalar(const graph::HostTensor &t, size_t index) {
  switch (t.type.dtype) {
  case DType::Bool:
    return Value::boolean(t.bytes[index] != 0);
  case DType::Float16:
  case DType::BFloat16:
  case DType::Float32:
  case DType::Float64:
    return Value::floating(t.elementAsDouble(index));
  case DType::String:
    return Value(); // handled by callers
  default:
    return Value::integer(t.elementAsInt(index));
  }
}

// ---- DType ----

std::string DTypeObject::repr(Interpreter &, const Value &) {
  return std::string("tf.") + py::dtypeName(dtype);
}

std::string DTypeObject::str(Interpreter &, const Value &) {
  return std::string("<dtype: '") + py::dtypeName(dtype) + "'>";
}

bool DTypeObject::getAttr(Interpreter &in, const Value &,
                          const std::string &name, Value &out) {
  if (name == "name") {
    out = in.str(py::dtypeName(dtype));
  } else if (name == "is_floating") {
    out = Value::boolean(isFloating(dtype));
  } else if (name == "is_integer") {
    out = Value::boolean(isInteger(dtype));
  } else if (name == "is_bool") {
    out = Value::boolean(dtype == DType::Bool);
  } else if (name == "min" || name == "max") {
    bool isMax = name == "max";
    switch (dtype) {
    case DType::Bool:
      out = Value::boolean(isMax);
      break;
    case DType::Int8:
      out = Value::integer(isMax ? 127 : -128);
      break;
    case DType::UInt8:
      out = Value::integer(isMax ? 255 : 0);
      break;
    case DType::Int16:
      out = Value::integer(isMax ? 32767 : -32768);
      break;
    case DType::Int32:
      out = Value::integer(isMax ? INT32_MAX : INT32_MIN);
      break;
    case DType::Int64:
      out = Value::integer(isMax ? INT64_MAX : INT64_MIN);
      break;
    case DType::Float16: // NumPy scalars of the dtype, as TensorFlow's
      out = in.call(in.getAttr(in.importModule("numpy"), "float16"),
                    {Value::floating(isMax ? 65504.0 : -65504.0)});
      break;
    case DType::BFloat16: { // an ml_dtypes bfloat16 scalar
      Value tf = in.importModule("tensorflow");
      Value t = in.call(in.getAttr(tf, "constant"),
                        {Value::floating(isMax ? 3.3895313892515355e+38
                                               : -3.3895313892515355e+38),
                         makeDType(DType::BFloat16)});
      out = in.call(in.getAttr(t, "numpy"), ValueList{});
      break;
    }
    case DType::Float32:
      out = in.call(in.getAttr(in.importModule("numpy"), "float32"),
                    {Value::floating(isMax ? 3.4028234663852886e+38
                                           : -3.4028234663852886e+38)});
      break;
    case DType::Float64:
      out = Value::floating(isMax ? 1.7976931348623157e+308
                                  : -1.7976931348623157e+308);
      break;
    default:
      return false;
    }
  } else if (name == "limits") {
    // skimage's intensity range, the negative part clipped: (0, max) for
    // bool and integers, (0, 1) for float32 and float64.
    Value max;
    switch (dtype) {
    case DType::Bool:
      max = Value::boolean(true);
      break;
    case DType::Float32:
    case DType::Float64:
      max = Value::integer(1);
      break;
    case DType::Float16:
    case DType::BFloat16:
    case DType::String:
      in.valueError(str(in, Value()) + " does not have defined limits.");
    default:
      max = in.getAttr(makeDType(dtype), "max");
    }
    out = in.tuple({Value::integer(0), max});
  } else if (name == "is_unsigned") {
    out = Value::boolean(dtype == DType::UInt8);
  } else if (name == "is_complex" || name == "is_quantized") {
    out = Value::boolean(false); // kiln has neither kind
  } else if (name == "is_numpy_compatible") {
    out = Value::boolean(true);
  } else if (name == "base_dtype" || name == "real_dtype") {
    out = makeDType(dtype); // no reference or complex dtypes
  } else if (name == "as_datatype_enum") {
    out = Value::integer(py::dataTypeEnum(dtype));
  } else if (name == "as_numpy_dtype") {
    // NumPy's scalar type of the same name; bfloat16 (ml_dtypes) and
    // string (object) have none in kiln's NumPy.
    if (dtype == DType::BFloat16 || dtype == DType::String)
      return false;
    out = in.getAttr(in.importModule("numpy"), py::dtypeName(dtype));
  } else if (name == "size") {
    out = Value::integer(static_cast<int64_t>(py::dtypeSize(dtype)));
  } else {
    return false;
  }
  return true;
}

bool DTypeObject::equals(Interpreter &in, const Value &, const Value &other,
                         bool &out) {
  auto *o = other.is(Type::Native) ? dynamic_cast<DTypeObject *>(other.raw())
                                   : nullptr;
  out = (o && o->dtype == dtype) || npDTypeOf(other) == dtype;
  // A dtype name compares as tf.as_dtype reads it ("float32", "double").
  if (!out && other.is(Type::Str)) {
    std::string name = in.toStr(other);
    std::string own = py::dtypeName(dtype);
    out = name == own || (name == "float" && own == "float32") ||
          (name == "double" && own == "float64") ||
          (name == "half" && own == "float16");
  }
  return true;
}

// ---- TensorShape ----

ValueList TensorShapeObject::dims(Interpreter &) const {
  ValueList out;
  for (int64_t d : type.shape)
    out.push_back(d < 0 ? Value() : Value::integer(d));
  return out;
}

std::string TensorShapeObject::str(Interpreter &, const Value &) {
  return py::shapeStr(type.shape, type.unknownRank);
}

std::string TensorShapeObject::repr(Interpreter &, const Value &) {
  return py::shapeRepr(type.shape, type.unknownRank);
}

TensorType asShape(Interpreter &in, const Value &v) {
  if (auto *s = v.is(Type::Native) ? dynamic_cast<TensorShapeObject *>(v.raw())
                                   : nullptr)
    return s->type;
  TensorType t;
  if (v.isNone()) {
    t.unknownRank = true;
    return t;
  }
  for (auto &d : in.toList(v))
    t.shape.push_back(d.isNone() ? -1 : in.toIndex(d));
  return t;
}

bool shapesCompatible(const TensorType &a, const TensorType &b) {
  if (a.unknownRank || b.unknownRank)
    return true;
  if (a.shape.size() != b.shape.size())
    return false;
  for (size_t i = 0; i < a.shape.size(); ++i)
    if (a.shape[i] >= 0 && b.shape[i] >= 0 && a.shape[i] != b.shape[i])
      return false;
  return true;
}

namespace {

/// TensorShape.merge_with: the known dimensions of both; nullopt when they
/// disagree.
std::optional<TensorType> merged(const TensorType &a, const TensorType &b) {
  if (!shapesCompatible(a, b))
    return std::nullopt;
  if (a.unknownRank)
    return b;
  TensorType out = a;
  if (!b.unknownRank)
    for (size_t i = 0; i < a.shape.size(); ++i)
      if (out.shape[i] < 0)
        out.shape[i] = b.shape[i];
  return out;
}

TensorType concatenated(const TensorType &a, const TensorType &b) {
  TensorType out = a;
  out.unknownRank = a.unknownRank || b.unknownRank;
  if (out.unknownRank)
    out.shape.clear();
  else
    out.shape.insert(out.shape.end(), b.shape.begin(), b.shape.end());
  return out;
}

std::string shapeText(const TensorType &t) {
  return py::shapeStr(t.shape, t.unknownRank);
}

/// A tensor_shape.Dimension, which TensorShape.dims lists: a size, or
/// None for an unknown one.
struct DimensionObject : py::NativeObject {
  explicit DimensionObject(int64_t size) : size(size) {}
  int64_t size; // -1: unknown
  std::string typeName() const override { return "Dimension"; }
  std::string typeModule() const override {
    return "tensorflow.python.framework.tensor_shape";
  }
  std::string repr(Interpreter &, const Value &) override {
    return "Dimension(" +
           (size < 0 ? std::string("None") : std::to_string(size)) + ")";
  }
  std::string str(Interpreter &, const Value &) override {
    return size < 0 ? "?" : std::to_string(size);
  }
  bool getAttr(Interpreter &, const Value &, const std::string &name,
               Value &out) override {
    if (name != "value")
      return false;
    out = size < 0 ? Value() : Value::integer(size);
    return true;
  }
  bool toNumber(Interpreter &in, const Value &, Value &out) override {
    if (size < 0)
      in.typeError("int() argument must be a string, a bytes-like object or "
                   "a real number, not 'NoneType'");
    out = Value::integer(size);
    return true;
  }
  /// Equal to a size or Dimension of the same value; unknown (None) when
  /// either is unknown.
  bool compare(Interpreter &in, ast::CmpOp op, const Value &,
               const Value &other, bool, Value &out) override {
    if (op != ast::CmpOp::Eq && op != ast::CmpOp::NotEq)
      return false;
    int64_t o;
    if (auto *d = dynamic_cast<DimensionObject *>(
            other.is(py::Type::Native) ? other.raw() : nullptr))
      o = d->size;
    else if (other.isNone())
      o = -1;
    else if (other.isIntLike())
      o = other.asInt();
    else
      return false;
    if (size < 0 || o < 0) {
      out = Value();
      return true;
    }
    out = Value::boolean((size == o) == (op == ast::CmpOp::Eq));
    return true;
  }
  bool hash(Interpreter &, const Value &, size_t &out) override {
    out = std::hash<int64_t>()(size);
    return true;
  }
};

} // namespace

bool TensorShapeObject::getAttr(Interpreter &in, const Value &self,
                                const std::string &name, Value &out) {
  if (name == "rank" || name == "ndims") {
    out = type.unknownRank ? Value() : Value::integer(type.shape.size());
    return true;
  }
  if (name == "dims") { // None for an unknown rank
    if (type.unknownRank) {
      out = Value();
      return true;
    }
    ValueList dims;
    for (int64_t d : type.shape)
      dims.push_back(Value::object(py::Type::Native,
                                   std::make_shared<DimensionObject>(d)));
    out = in.list(std::move(dims));
    return true;
  }
  TensorType t = type;
  // The methods that take another shape.
  using ShapeMethod =
      std::function<Value(Interpreter &, const TensorType &, const Value &)>;
  auto method = [&](const char *param, ShapeMethod fn) {
    std::string n = name;
    out = in.builtin(n, [t, n, param, fn](Interpreter &in, CallArgs &args) {
      if (args.positional.size() + args.keywords.size() != 1)
        in.typeError("TensorShape." + n + "() takes exactly one argument (" +
                     std::string(param) + ")");
      return fn(in, t,
                args.positional.empty() ? args.keywords[0].second
                                        : args.positional[0]);
    });
    return true;
  };
  if (name == "is_compatible_with")
    return method(
        "other", [](Interpreter &in, const TensorType &t, const Value &other) {
          return Value::boolean(shapesCompatible(t, asShape(in, other)));
        });
  if (name == "assert_is_compatible_with")
    return method("other",
                  [](Interpreter &in, const TensorType &t, const Value &other) {
                    if (!shapesCompatible(t, asShape(in, other)))
                      in.valueError("Shapes " + shapeText(t) + " and " +
                                    in.toStr(other) + " are incompatible");
                    return Value();
                  });
  if (name == "merge_with")
    return method("other",
                  [](Interpreter &in, const TensorType &t, const Value &other) {
                    TensorType o = asShape(in, other);
                    auto m = merged(t, o);
                    if (!m)
                      in.valueError("Shapes " + shapeText(t) + " and " +
                                    shapeText(o) + " are not compatible");
                    return makeShape(*m);
                  });
  if (name == "most_specific_compatible_shape")
    return method("other", [](Interpreter &in, const TensorType &t,
                              const Value &other) {
      // The dimensions both agree on; unknown rank when the ranks differ.
      TensorType o = asShape(in, other), out;
      if (t.unknownRank || o.unknownRank || t.shape.size() != o.shape.size()) {
        out.unknownRank = true;
        return makeShape(out);
      }
      for (size_t i = 0; i < t.shape.size(); ++i)
        out.shape.push_back(t.shape[i] == o.shape[i] ? t.shape[i] : -1);
      return makeShape(out);
    });
  if (name == "concatenate")
    return method("other",
                  [](Interpreter &in, const TensorType &t, const Value &other) {
                    return makeShape(concatenated(t, asShape(in, other)));
                  });
  if (name == "assert_has_rank" || name == "with_rank") {
    bool with = name == "with_rank";
    return method("rank", [with](Interpreter &in, const TensorType &t,
                                 const Value &rank) {
      int64_t r = in.toIndex(rank);
      if (!t.unknownRank && static_cast<int64_t>(t.shape.size()) != r)
        in.valueError("Shape " + shapeText(t) + " must have rank " +
                      std::to_string(r));
      if (!with)
        return Value();
      if (!t.unknownRank)
        return makeShape(t);
      TensorType out;
      out.shape.assign(static_cast<size_t>(r), -1);
      return makeShape(out);
    });
  }
  if (name == "with_rank_at_least" || name == "with_rank_at_most") {
    bool least = name == "with_rank_at_least";
    return method("rank", [least](Interpreter &in, const TensorType &t,
                                  const Value &rank) {
      int64_t r = in.toIndex(rank), n = static_cast<int64_t>(t.shape.size());
      if (!t.unknownRank && (least ? n < r : n > r))
        in.valueError("Shape " + shapeText(t) + " must have rank at " +
                      (least ? "least " : "most ") + std::to_string(r));
      return makeShape(t);
    });
  }
  if (name == "is_subtype_of")
    return method(
        "other", [](Interpreter &in, const TensorType &t, const Value &other) {
          // Every dimension fits one the other leaves open (None), or the
          // other's rank is unknown; not a shape: False.
          auto *o = other.is(Type::Native)
                        ? dynamic_cast<TensorShapeObject *>(other.raw())
                        : nullptr;
          if (!o)
            return Value::boolean(false);
          if (o->type.unknownRank)
            return Value::boolean(true);
          if (t.unknownRank || t.shape.size() != o->type.shape.size())
            return Value::boolean(false);
          for (size_t i = 0; i < t.shape.size(); ++i)
            if (o->type.shape[i] >= 0 && t.shape[i] != o->type.shape[i])
              return Value::boolean(false);
          return Value::boolean(true);
        });
  if (name == "assert_same_rank")
    return method("other", [](Interpreter &in, const TensorType &t,
                              const Value &other) {
      TensorType o = asShape(in, other);
      if (!t.unknownRank && !o.unknownRank && t.shape.size() != o.shape.size())
        in.valueError("Shapes " + shapeText(t) + " and " + shapeText(o) +
                      " must have the same rank");
      return Value();
    });
  if (name == "__eq__" || name == "__ne__") {
    Value me = self;
    ast::CmpOp op = name == "__eq__" ? ast::CmpOp::Eq : ast::CmpOp::NotEq;
    return method("other", [me, op](Interpreter &in, const TensorType &,
                                    const Value &other) {
      return in.compare(op, me, other);
    });
  }
  if (name == "assert_is_fully_defined") {
    TensorType t = type;
    out = in.builtin(name, [t](Interpreter &in, CallArgs &) {
      if (!t.isStatic())
        in.valueError("Shape " + shapeText(t) + " is not fully defined");
      return Value();
    });
    return true;
  }
  if (name == "as_list") {
    TensorType t = type;
    out = in.builtin("as_list", [t](Interpreter &in, CallArgs &) {
      if (t.unknownRank)
        in.valueError("as_list() is not defined on an unknown TensorShape.");
      ValueList items;
      for (int64_t d : t.shape)
        items.push_back(d < 0 ? Value() : Value::integer(d));
      return in.list(std::move(items));
    });
    return true;
  }
  if (name == "is_fully_defined") {
    bool full = type.isStatic();
    out = in.builtin("is_fully_defined", [full](Interpreter &, CallArgs &) {
      return Value::boolean(full);
    });
    return true;
  }
  if (name == "num_elements") {
    int64_t n = type.numElements();
    out = in.builtin("num_elements", [n](Interpreter &, CallArgs &) {
      return n < 0 ? Value() : Value::integer(n);
    });
    return true;
  }
  return false;
}

bool TensorShapeObject::getItem(Interpreter &in, const Value &self,
                                const Value &key, Value &out) {
  ValueList d = dims(in);
  if (key.is(Type::Slice)) {
    Value sliced = in.getItem(in.list(d), key);
    TensorType t;
    for (auto &v : in.toList(sliced))
      t.shape.push_back(v.isNone() ? -1 : v.asInt());
    out = makeShape(t);
    return true;
  }
  // TensorFlow keeps the dimensions in a tuple ("tuple index out of range").
  out = in.getItem(in.tuple(d), key);
  return true;
}

bool TensorShapeObject::len(Interpreter &in, const Value &, int64_t &out) {
  if (type.unknownRank)
    in.valueError("Cannot take the length of shape with unknown rank.");
  out = type.shape.size();
  return true;
}

bool TensorShapeObject::iter(Interpreter &in, const Value &, Value &out) {
  out = in.iter(in.list(dims(in)));
  return true;
}

bool TensorShapeObject::equals(Interpreter &in, const Value &,
                               const Value &other, bool &out) {
  if (auto *o = other.is(Type::Native)
                    ? dynamic_cast<TensorShapeObject *>(other.raw())
                    : nullptr) {
    // TensorShape.__eq__ compares the dimension lists, Nones included.
    out =
        o->type.shape == type.shape && o->type.unknownRank == type.unknownRank;
    return true;
  }
  if (other.is(Type::List) || other.is(Type::Tuple)) {
    out = !type.unknownRank &&
          in.equals(in.list(dims(in)), in.list(in.toList(other)));
    return true;
  }
  out = false;
  return true;
}

bool TensorShapeObject::binary(Interpreter &in, ast::BinaryOp op,
                               const Value &self, const Value &other,
                               bool reflected, Value &out) {
  if (op != ast::BinaryOp::Add)
    return false;
  TensorType o = asShape(in, other);
  out = makeShape(reflected ? concatenated(o, type) : concatenated(type, o));
  return true;
}

/// `==` and `!=` through the object's `equals`; other comparisons are
/// unsupported (a TypeError from the caller).
static bool compareByEquals(py::NativeObject &obj, Interpreter &in,
                            ast::CmpOp op, const Value &self,
                            const Value &other, Value &out) {
  if (op != ast::CmpOp::Eq && op != ast::CmpOp::NotEq)
    return false;
  bool eq;
  obj.equals(in, self, other, eq);
  out = Value::boolean(op == ast::CmpOp::Eq ? eq : !eq);
  return true;
}

bool TensorShapeObject::compare(Interpreter &in, ast::CmpOp op,
                                const Value &self, const Value &other, bool,
                                Value &out) {
  return compareByEquals(*this, in, op, self, other, out);
}

// ---- Reference ----

bool ReferenceObject::getAttr(Interpreter &in, const Value &,
                              const std::string &name, Value &out) {
  if (name != "deref")
    return false;
  Value t = target;
  out = in.builtin("deref", [t](Interpreter &, CallArgs &) { return t; });
  return true;
}

Value refMethod(Interpreter &in, Value target, const void *identity) {
  return in.builtin("ref", [target, identity](Interpreter &, CallArgs &) {
    auto r = std::make_shared<ReferenceObject>();
    r->target = target;
    r->identity = identity;
    return Value::object(py::Type::Native, r);
  });
}

// ---- TensorSpec ----

Value tensorSpec(const TensorType &type, Value name) {
  auto spec = std::make_shared<TensorSpecObject>();
  spec->type = type;
  spec->name = std::move(name);
  return Value::object(py::Type::Native, spec);
}

std::string TensorSpecObject::repr(Interpreter &in, const Value &) {
  return "TensorSpec(shape=" + py::shapeStr(type.shape, type.unknownRank) +
         ", dtype=tf." + py::dtypeName(type.dtype) + ", name=" + in.repr(name) +
         ")";
}

bool TensorSpecObject::equals(Interpreter &in, const Value &,
                              const Value &other, bool &out) {
  auto *o = other.is(Type::Native)
                ? dynamic_cast<TensorSpecObject *>(other.raw())
                : nullptr;
  out = o && o->type == type && in.equals(o->name, name);
  return true;
}

bool TensorSpecObject::compare(Interpreter &in, ast::CmpOp op,
                               const Value &self, const Value &other, bool,
                               Value &out) {
  return compareByEquals(*this, in, op, self, other, out);
}

bool TensorSpecObject::getAttr(Interpreter &in, const Value &self,
                               const std::string &attr, Value &out) {
  if (attr == "is_compatible_with") {
    TensorType spec = type;
    out = in.builtin(attr, [spec](Interpreter &in, CallArgs &args) {
      py::ArgParser(in, args, "is_compatible_with").expect(1, 1);
      const Value &v = args.positional[0];
      TensorType t;
      if (v.is(Type::Tensor))
        t = v.as<TensorObject>().type;
      else if (auto *s = v.is(Type::Native)
                             ? dynamic_cast<TensorSpecObject *>(v.raw())
                             : nullptr)
        t = s->type;
      else
        return Value::boolean(false);
      if (spec.dtype != t.dtype)
        return Value::boolean(false);
      if (spec.unknownRank || t.unknownRank)
        return Value::boolean(true);
      if (spec.shape.size() != t.shape.size())
        return Value::boolean(false);
      for (size_t i = 0; i < t.shape.size(); ++i)
        if (spec.shape[i] >= 0 && t.shape[i] >= 0 &&
            spec.shape[i] != t.shape[i])
          return Value::boolean(false);
      return Value::boolean(true);
    });
    return true;
  }
  if (attr == "shape")
    out = makeShape(type);
  else if (attr == "dtype")
    out = makeDType(type.dtype);
  else if (attr == "name")
    out = name;
  else
    return false;
  return true;
}

// ---- streams ----

bool StreamObject::getAttr(Interpreter &in, const Value &self,
                           const std::string &name, Value &out) {
  bool toStdout = isStdout;
  if (name == "write") {
    out = in.builtin("write", [toStdout](Interpreter &in, CallArgs &args) {
      py::ArgParser(in, args, "write").expect(1, 1);
      const Value &text = args.positional[0];
      if (!text.is(Type::Str))
        in.typeError("write() argument must be str, not " +
                     in.cTypeName(text));
      const std::string &s = text.as<py::StrObject>().s;
      (toStdout ? in.out() : in.err()) << s;
      // The count of characters written (UTF-8 continuation bytes are not
      // characters).
      int64_t chars = 0;
      for (unsigned char c : s)
        chars += (c & 0xC0) != 0x80;
      return Value::integer(chars);
    });
    return true;
  }
  if (name == "flush") {
    out = in.builtin("flush", [toStdout](Interpreter &in, CallArgs &) {
      (toStdout ? in.out() : in.err()).flush();
      return Value();
    });
    return true;
  }
  if (name == "name") {
    out = in.str(toStdout ? "<stdout>" : "<stderr>");
    return true;
  }
  return false;
}

std::string NamedTupleObject::repr(Interpreter &in, const Value &) {
  std::string text = name + "(";
  for (size_t i = 0; i < fields.size(); ++i)
    text += (i ? ", " : "") + fields[i] + "=" + in.repr(values[i]);
  return text + ")";
}

bool NamedTupleObject::getAttr(Interpreter &in, const Value &self,
                               const std::string &field, Value &out) {
  for (size_t i = 0; i < fields.size(); ++i)
    if (fields[i] == field) {
      out = values[i];
      return true;
    }
  auto *t = this;
  if (field == "_fields") {
    ValueList names;
    for (const std::string &f : fields)
      names.push_back(in.str(f));
    out = in.tuple(std::move(names));
  } else if (field == "_asdict") {
    out = in.builtin("_asdict", [t, self](Interpreter &in, py::CallArgs &args) {
      py::ArgParser(in, args, "_asdict").expect(0, 0);
      Value d = in.dict();
      for (size_t i = 0; i < t->fields.size(); ++i)
        in.setItem(d, in.str(t->fields[i]), t->values[i]);
      return d;
    });
  } else if (field == "_replace") {
    out =
        in.builtin("_replace", [t, self](Interpreter &in, py::CallArgs &args) {
          if (!args.positional.empty())
            in.typeError(
                t->name + "._replace() takes 1 positional argument but " +
                std::to_string(args.positional.size() + 1) + " were given");
          ValueList items = t->values;
          std::vector<std::string> unknown;
          for (auto &[key, v] : args.keywords) {
            auto at = std::find(t->fields.begin(), t->fields.end(), key);
            if (at == t->fields.end())
              unknown.push_back("'" + key + "'");
            else
              items[at - t->fields.begin()] = v;
          }
          if (!unknown.empty()) {
            std::string list;
            for (const std::string &u : unknown)
              list += (list.empty() ? "" : ", ") + u;
            in.valueError("Got unexpected field names: [" + list + "]");
          }
          return t->withValues(std::move(items));
        });
  } else if (field == "count" || field == "index") {
    // A tuple's methods, on the items.
    out = in.getAttr(in.tuple(values), field);
  } else {
    return false;
  }
  return true;
}

bool NamedTupleObject::binary(Interpreter &in, ast::BinaryOp op, const Value &,
                              const Value &other, bool reflected, Value &out) {
  if (op != ast::BinaryOp::Add && op != ast::BinaryOp::Mult)
    return false;
  Value self = in.tuple(values);
  Value rhs = other;
  if (auto *t = other.is(Type::Native)
                    ? dynamic_cast<NamedTupleObject *>(other.raw())
                    : nullptr)
    rhs = in.tuple(t->values);
  out = reflected ? in.binary(op, rhs, self) : in.binary(op, self, rhs);
  return true;
}

bool NamedTupleObject::compare(Interpreter &in, ast::CmpOp op, const Value &,
                               const Value &other, bool reflected, Value &out) {
  Value rhs = other;
  if (auto *t = other.is(Type::Native)
                    ? dynamic_cast<NamedTupleObject *>(other.raw())
                    : nullptr)
    rhs = in.tuple(t->values);
  else if (!other.is(Type::Tuple))
    return false;
  Value self = in.tuple(values);
  out = reflected ? in.compare(op, rhs, self) : in.compare(op, self, rhs);
  return true;
}

bool NamedTupleObject::hash(Interpreter &in, const Value &, size_t &out) {
  out = in.hash(in.tuple(values));
  return true;
}

bool NamedTupleObject::equals(Interpreter &in, const Value &,
                              const Value &other, bool &out) {
  Value rhs = other;
  if (auto *t = other.is(Type::Native)
                    ? dynamic_cast<NamedTupleObject *>(other.raw())
                    : nullptr)
    rhs = in.tuple(t->values);
  out = rhs.is(Type::Tuple) && in.equals(in.tuple(values), rhs);
  return true;
}

bool NamedTupleObject::getItem(Interpreter &in, const Value &, const Value &key,
                               Value &out) {
  out = in.getItem(in.tuple(values), key); // a tuple's indexing and errors
  return true;
}

bool NamedTupleObject::iter(Interpreter &in, const Value &, Value &out) {
  out = in.iter(in.tuple(values));
  return true;
}

std::string EnumMemberObject::repr(Interpreter &in, const Value &) {
  return "<" + enumName + "." + name + ": " + in.repr(value) + ">";
}

bool EnumMemberObject::getAttr(Interpreter &in, const Value &,
                               const std::string &attr, Value &out) {
  if (attr == "name")
    out = in.str(name);
  else if (attr == "value")
    out = value;
  else
    return false;
  return true;
}

Value makeEnum(Interpreter &in, const std::string &enumName,
               const std::string &module,
               const std::vector<std::pair<std::string, Value>> &members) {
  auto values = std::make_shared<std::vector<Value>>();
  auto cls = std::make_shared<CallableType>(
      enumName,
      [values, enumName](Interpreter &in, CallArgs &args) {
        py::ArgParser(in, args, enumName.c_str()).expect(1, 1);
        for (const Value &m : *values)
          if (in.equals(m.as<EnumMemberObject>().value, args.positional[0]))
            return m;
        in.valueError(in.repr(args.positional[0]) + " is not a valid " +
                      enumName);
      },
      module);
  for (auto &[name, value] : members) {
    auto m = std::make_shared<EnumMemberObject>();
    m->enumName = enumName;
    m->name = name;
    m->module = module;
    m->value = value;
    Value member = Value::object(py::Type::Native, m);
    values->push_back(member);
    cls->attrs[name] = member;
  }
  cls->instances = [enumName](const Value &v) {
    auto *m = v.is(py::Type::Native) ? dynamic_cast<EnumMemberObject *>(v.raw())
                                     : nullptr;
    return m && m->enumName == enumName;
  };
  return Value::object(py::Type::Native, cls);
}

} // namespace kiln::tf
