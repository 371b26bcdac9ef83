// TensorFlow's small value types as interpreter objects: tf.DType,
// TensorShape, TensorSpec, NumPy arrays from .numpy(), output streams.
#pragma once

#include "TfRuntime.h"

namespace kiln::tf {

struct DTypeObject : py::NativeObject {
  explicit DTypeObject(DType dtype) : dtype(dtype) {}
  DType dtype;
  std::string typeName() const override { return "DType"; }
  std::string typeModule() const override {
    return "tensorflow.python.framework.dtypes";
  }
  std::string repr(Interpreter &, const Value &) override;
  std::string str(Interpreter &, const Value &) override;
  bool getAttr(Interpreter &in, const Value &self, const std::string &name,
               Value &out) override;
  bool hash(Interpreter &, const Value &, size_t &out) override {
    out = static_cast<size_t>(dtype) + 0x7f00;
    return true;
  }
  bool equals(Interpreter &, const Value &, const Value &other,
              bool &out) override;
};

struct TensorShapeObject : py::NativeObject {
  explicit TensorShapeObject(TensorType t) : type(std::move(t)) {}
  TensorType type;
  std::string typeName() const override { return "TensorShape"; }
  std::string typeModule() const override {
    return "tensorflow.python.framework.tensor_shape";
  }
  std::string repr(Interpreter &, const Value &) override;
  std::string str(Interpreter &, const Value &) override;
  bool getAttr(Interpreter &in, const Value &self, const std::string &name,
               Value &out) override;
  bool getItem(Interpreter &in, const Value &self, const Value &key,
               Value &out) override;
  bool len(Interpreter &in, const Value &self, int64_t &out) override;
  bool iter(Interpreter &in, const Value &self, Value &out) override;
  bool equals(Interpreter &in, const Value &self, const Value &other,
              bool &out) override;
  bool compare(Interpreter &in, ast::CmpOp op, const Value &self,
               const Value &other, bool reflected, Value &out) override;
  /// `+`: concatenate.
  bool binary(Interpreter &in, ast::BinaryOp op, const Value &self,
              const Value &other, bool reflected, Value &out) override;
  ValueList dims(Interpreter &in) const;
};

/// x.ref() of a tensor or variable: a hashable handle, compared and hashed
/// by the object it wraps (`identity`), which deref() returns.
struct ReferenceObject : py::NativeObject {
  Value target;
  const void *identity = nullptr;
  std::string typeName() const override { return "Reference"; }
  std::string repr(Interpreter &in, const Value &) override {
    return "<Reference wrapping " + in.repr(target) + ">";
  }
  bool getAttr(Interpreter &in, const Value &self, const std::string &name,
               Value &out) override;
  bool hash(Interpreter &, const Value &, size_t &out) override {
    out = std::hash<const void *>()(identity);
    return true;
  }
  bool equals(Interpreter &, const Value &, const Value &other,
              bool &out) override {
    auto *o = other.is(py::Type::Native)
                  ? dynamic_cast<ReferenceObject *>(other.raw())
                  : nullptr;
    out = o && o->identity == identity;
    return true;
  }
};

/// A builtin method `ref` returning a ReferenceObject for `target`.
Value refMethod(Interpreter &in, Value target, const void *identity);

struct TensorSpecObject : py::NativeObject {
  TensorType type;
  Value name; // None or str
  std::string typeName() const override { return "TensorSpec"; }
  std::string typeModule() const override {
    return "tensorflow.python.framework.tensor";
  }
  std::string repr(Interpreter &in, const Value &self) override;
  bool getAttr(Interpreter &in, const Value &self, const std::string &name,
               Value &out) override;
  bool equals(Interpreter &in, const Value &self, const Value &other,
              bool &out) override;
  bool compare(Interpreter &in, ast::CmpOp op, const Value &self,
               const Value &other, bool reflected, Value &out) override;
};

/// TensorShape.is_compatible_with: the shapes could be equal (each
/// dimension equal or unknown on either side, or an unknown rank).
bool shapesCompatible(const TensorType &a, const TensorType &b);

/// tensor_shape.as_shape: a TensorShape, None (an unknown rank) or a
/// sequence of sizes and Nones (-1). The result's dtype is left float32.
TensorType asShape(Interpreter &in, const Value &v);

/// A TensorSpec object of `type`; `name` is None or a str.
Value tensorSpec(const TensorType &type, Value name = Value());

/// A graph's tf.Operation without outputs (tf.no_op, tf.group, tf.print
/// and assertions inside a function), named `name`, of op type `type`.
Value namedOperation(const std::string &name, const std::string &type);
/// Whether `v` is such an operation.
bool isOperation(const Value &v);

/// A callable standing for a TensorFlow class (TensorSpec), with class
/// attributes such as TensorSpec.from_tensor.
struct CallableType : py::NativeObject {
  CallableType(std::string name, py::BuiltinFn fn,
               std::string module = "tensorflow.python.framework.tensor")
      : name(std::move(name)), fn(std::move(fn)), module(std::move(module)) {}
  std::string name;
  py::BuiltinFn fn;
  std::string module; // where TensorFlow defines the class
  std::map<std::string, Value> attrs;
  std::string typeName() const override { return "type"; }
  std::string repr(Interpreter &, const Value &) override {
    return "<class '" + module + "." + name + "'>";
  }
  bool call(Interpreter &in, const Value &, CallArgs &args,
            Value &out) override {
    out = fn(in, args);
    return true;
  }
  bool isCallable() const override { return true; }
  /// Which objects are instances (isinstance); unset: not usable there.
  std::function<bool(const Value &)> instances;
  bool instanceCheck(Interpreter &, const Value &obj, bool &out) override {
    if (!instances)
      return false;
    out = instances(obj);
    return true;
  }
  bool getAttr(Interpreter &, const Value &, const std::string &attr,
               Value &out) override {
    auto it = attrs.find(attr);
    if (it == attrs.end())
      return false;
    out = it->second;
    return true;
  }
  /// `type(x) == tf.TensorSpec`: type() gives a value of a native type a
  /// class object of the type's name, which stands for this one.
  bool compare(Interpreter &, ast::CmpOp op, const Value &, const Value &other,
               bool, Value &out) override {
    if ((op != ast::CmpOp::Eq && op != ast::CmpOp::NotEq) ||
        !other.is(py::Type::Class))
      return false;
    const auto &cls = other.as<py::ClassObject>();
    bool same = cls.builtinType && cls.name == name;
    out = Value::boolean(same == (op == ast::CmpOp::Eq));
    return true;
  }
};

/// A NumPy array or scalar: what `.numpy()` and the trace-time `numpy`
/// module (NumPy.h) make. Its methods and operators are in NdArray.cpp.
struct NdArrayObject : py::NativeObject {
  HostTensorPtr value;
  TfRuntime *rt = nullptr;
  /// A NumPy scalar (np.float32(1)) rather than a 0-d array (np.array(1.)).
  bool scalar = false;
  /// A view (made by basic indexing, .T, reshape, ...) shares its elements
  /// with `viewBase`, the array that owns them: its element k is viewBase's
  /// flat element viewPositions[k]. The owner keeps the values; a write
  /// into a view goes there, and the owner refreshes its live `views` after
  /// each write, so each sees the other's writes (NpViews.cpp).
  Value viewBase;
  std::vector<int64_t> viewPositions;
  std::vector<std::weak_ptr<py::Object>> views;
  /// Replaces all the elements (the same shape and dtype), in the owner and
  /// in every view of it.
  void assign(HostTensorPtr elements);
  std::string typeName() const override {
    return scalar ? py::dtypeName(value->type.dtype) : "ndarray";
  }
  std::string typeModule() const override { return "numpy"; }
  std::string cTypeName() const override { return "numpy." + typeName(); }
  std::string builtinBase() const override {
    return scalar && value->type.dtype == DType::Float64 ? "float" : "";
  }
  std::string repr(Interpreter &, const Value &) override;
  std::string str(Interpreter &, const Value &) override;
  bool getAttr(Interpreter &in, const Value &self, const std::string &name,
               Value &out) override;
  bool len(Interpreter &in, const Value &self, int64_t &out) override;
  bool toNumber(Interpreter &in, const Value &self, Value &out) override;
  bool truthy(Interpreter &in, const Value &self, bool &out) override;
  bool binary(Interpreter &in, ast::BinaryOp op, const Value &self,
              const Value &other, bool reflected, Value &out) override;
  bool unary(Interpreter &in, ast::UnaryOpKind op, const Value &self,
             Value &out) override;
  bool compare(Interpreter &in, ast::CmpOp op, const Value &self,
               const Value &other, bool reflected, Value &out) override;
  /// a[key] = v: the elements a[key] reads take v's values (broadcast, cast
  /// to the array's dtype), in the array's owner and its views too.
  bool setItem(Interpreter &in, const Value &self, const Value &key,
               const Value &value) override;
  /// a += b and the other augmented assignments: in place, in a's dtype
  /// and shape, as NumPy's ufuncs with out=a.
  bool inplace(Interpreter &in, ast::BinaryOp op, const Value &self,
               const Value &other, Value &out) override;
  bool getItem(Interpreter &in, const Value &self, const Value &key,
               Value &out) override;
  bool iter(Interpreter &in, const Value &self, Value &out) override;
  bool hash(Interpreter &in, const Value &self, size_t &out) override;
  bool equals(Interpreter &in, const Value &self, const Value &other,
              bool &out) override;
  /// A scalar formats as the Python number it holds.
  bool format(Interpreter &in, const Value &self, const std::string &spec,
              Value &out) override;
};

/// sys.stdout / sys.stderr.
/// A member of one of TensorFlow's Python enums (tf.random.Algorithm,
/// tf.UnconnectedGradients): str() is "Enum.NAME", repr()
/// "<Enum.NAME: value>", with `name` and `value`.
struct EnumMemberObject : py::NativeObject {
  std::string enumName, name, module;
  Value value; // an int or a str
  std::string typeName() const override { return enumName; }
  std::string typeModule() const override { return module; }
  std::string repr(Interpreter &in, const Value &) override;
  std::string str(Interpreter &, const Value &) override {
    return enumName + "." + name;
  }
  bool getAttr(Interpreter &in, const Value &self, const std::string &attr,
               Value &out) override;
};

/// The enum class `enumName` of `members` (name, value): a callable that
/// looks a member up by value, with the members as attributes.
Value makeEnum(Interpreter &in, const std::string &enumName,
               const std::string &module,
               const std::vector<std::pair<std::string, Value>> &members);

struct StreamObject : py::NativeObject {
  explicit StreamObject(bool isStdout) : isStdout(isStdout) {}
  bool isStdout;
  std::string typeName() const override { return "TextIOWrapper"; }
  std::string repr(Interpreter &, const Value &) override {
    return isStdout
               ? "<_io.TextIOWrapper name='<stdout>' mode='w' encoding='utf-8'>"
               : "<_io.TextIOWrapper name='<stderr>' mode='w' "
                 "encoding='utf-8'>";
  }
  bool getAttr(Interpreter &in, const Value &self, const std::string &name,
               Value &out) override;
};

/// A collections.namedtuple TensorFlow returns (TopKV2(values, indices)):
/// unpacks, indexes and reads its fields by name.
struct NamedTupleObject : py::NativeObject {
  NamedTupleObject(std::string name, std::vector<std::string> fields,
                   ValueList values)
      : name(std::move(name)), fields(std::move(fields)),
        values(std::move(values)) {}
  std::string name;
  std::vector<std::string> fields;
  ValueList values;
  std::string typeName() const override { return name; }
  std::string repr(Interpreter &in, const Value &self) override;
  bool getAttr(Interpreter &in, const Value &self, const std::string &field,
               Value &out) override;
  bool getItem(Interpreter &in, const Value &self, const Value &key,
               Value &out) override;
  bool len(Interpreter &, const Value &, int64_t &out) override {
    out = static_cast<int64_t>(values.size());
    return true;
  }
  bool iter(Interpreter &in, const Value &self, Value &out) override;
  // A tuple's operators, comparisons and hash, on its items.
  bool binary(Interpreter &in, ast::BinaryOp op, const Value &self,
              const Value &other, bool reflected, Value &out) override;
  bool compare(Interpreter &in, ast::CmpOp op, const Value &self,
               const Value &other, bool reflected, Value &out) override;
  bool hash(Interpreter &in, const Value &self, size_t &out) override;
  bool equals(Interpreter &in, const Value &self, const Value &other,
              bool &out) override;
  std::string builtinBase() const override { return "tuple"; }
  /// The same named tuple type holding `items`.
  Value withValues(ValueList items) const {
    return Value::object(py::Type::Native, std::make_shared<NamedTupleObject>(
                                               name, fields, std::move(items)));
  }
};

Value makeDType(DType d);
Value makeShape(const TensorType &t);
/// Python scalar for element 0 of a host tensor (int, float, bool).
Value pythonScalar(const graph::HostTensor &t, size_t index);

} // namespace kiln::tf
