// tf.Tensor's Python surface: printing, attributes, operators, conversions.
#include "NumPy.h"
#include "TfFunction.h"
#include "TfModuleBuilder.h"
#include "TfObjects.h"
#include "TfOps.h"
#include "TfScatter.h"

#include "TensorFormat.h"

namespace kiln::tf {

using ast::BinaryOp;
using ast::CmpOp;
using ast::UnaryOpKind;
using py::Type;

namespace {

/// Tensor.set_shape: the static shape merged with `given`. In a graph the
/// tensor takes a new EnsureShape node of the merged shape (kiln checks the
/// shape when the function runs; TensorFlow trusts it) and keeps its name.
void setShape(TfRuntime &rt, const Value &t, const TensorType &given) {
  Interpreter &in = rt.in;
  auto &tensor = t.as<TensorObject>();
  const TensorType &type = tensor.type;
  if (!tensor.symbolic()) {
    if (!type.shapeFits(given))
      in.valueError("Tensor's shape " + type.shapeString() +
                    " is not compatible with supplied shape " +
                    given.shapeString() + ".");
    return;
  }
  if (given.unknownRank)
    return;
  TensorType merged = type;
  if (type.unknownRank) {
    merged.unknownRank = false;
    merged.shape = given.shape;
  } else if (type.shape.size() != given.shape.size()) {
    in.valueError("Shapes must be equal rank, but are " +
                  std::to_string(type.shape.size()) + " and " +
                  std::to_string(given.shape.size()));
  }
  for (size_t d = 0; d < given.shape.size(); ++d) {
    int64_t have = merged.shape[d], want = given.shape[d];
    if (have >= 0 && want >= 0 && have != want)
      in.valueError("Dimension " + std::to_string(d) +
                    " in both shapes must be equal, but are " +
                    std::to_string(have) + " and " + std::to_string(want) +
                    ". Shapes are " + shapeList(type.shape) + " and " +
                    shapeList(given.shape) + ".");
    if (want >= 0)
      merged.shape[d] = want;
  }
  if (merged.shape == type.shape && !type.unknownRank)
    return;
  if (!rt.tracing || tensor.trace != rt.tracing)
    rt.raise("UnimplementedError",
             "kiln can set the shape of a tensor only in the function that "
             "made it");
  graph::Output was = tensor.out;
  Value refined =
      rt.apply("EnsureShape", {t}, {{"T", type.dtype}, {"shape", merged.shape}},
               merged, "EnsureShape");
  if (!tensor.shownAs)
    tensor.shownAs = was;
  tensor.out = rt.tensor(refined).out;
  tensor.type = merged;
}

} // namespace

std::string TensorObject::str(Interpreter &in, const Value &self) {
  if (symbolic()) {
    // TensorFlow places tf.py_function's node on the host, which is the
    // only device kiln's graphs name.
    bool host = false;
    if (callName.empty()) {
      const graph::Node &n =
          trace->graph.nodes[(shownAs ? *shownAs : out).node];
      host = n.attrs.count("host_device") != 0;
    }
    // TensorFlow leaves out the shape when even the rank is unknown.
    return "Tensor(\"" + graphName() + "\"" +
           (type.unknownRank ? "" : ", shape=" + type.shapeString()) +
           ", dtype=" + py::dtypeName(type.dtype) +
           (host ? ", device=/job:localhost/replica:0/task:0" : "") + ")";
  }
  return py::tensorStr(value->view());
}

std::string TensorObject::repr(Interpreter &, const Value &) {
  if (symbolic()) {
    return "<tf.Tensor '" + graphName() + "' shape=" + type.shapeString() +
           " dtype=" + py::dtypeName(type.dtype) + ">";
  }
  return py::tensorRepr(value->view());
}

bool TensorObject::getAttr(Interpreter &in, const Value &self,
                           const std::string &name, Value &out) {
  if (name == "ref" || name == "experimental_ref") {
    out = refMethod(in, self, this);
    return true;
  }
  if (name == "assign" && !slicedVariable.isNone()) {
    TfRuntime *r = rt;
    Value var = slicedVariable, key = sliceKey;
    std::string slice = symbolic() && r->tracing
                            ? r->tracing->graph.nodes[this->out.node].name
                            : "";
    out = in.builtin(
        "assign", [r, var, key, slice](Interpreter &in, CallArgs &args) {
          Params p(in, args, "assign", {"value", "name"});
          return assignSlice(*r, var, key, p.require("value", "assign"), slice);
        });
    return true;
  }
  TfRuntime &r = *rt;
  if (name == "shape") {
    out = makeShape(type);
    return true;
  }
  if (name == "dtype") {
    out = makeDType(type.dtype);
    return true;
  }
  if (name == "device") {
    // Eager tensors live on the CPU; graph tensors are not placed yet.
    out = in.str(symbolic() ? ""
                            : "/job:localhost/replica:0/task:0/device:CPU:0");
    return true;
  }
  if (name == "ndim") {
    out = Value::integer(type.shape.size());
    return true;
  }
  if (name == "op" && symbolic()) {
    out = operationOf(in, *this);
    return true;
  }
  if (name == "value_index" && symbolic()) {
    out = Value::integer(this->out.index);
    return true;
  }
  if (name == "name" && symbolic()) {
    out = in.str(graphName());
    return true;
  }
  if (name == "set_shape") {
    Value t = self;
    TfRuntime *r = rt;
    out = in.builtin("set_shape", [r, t](Interpreter &in, CallArgs &args) {
      Params p(in, args, "set_shape", {"shape"});
      if (!p.values.count("shape")) // None is given (an unknown rank)
        p.require("shape", "set_shape");
      TensorType given = asShape(in, p.get("shape"));
      setShape(*r, t, given);
      return Value();
    });
    return true;
  }
  if (name == "numpy" || name == "__array__") { // np.asarray's protocol
    Value t = self;
    out = in.builtin(name, [t](Interpreter &in, CallArgs &args) {
      auto &tensor = t.as<TensorObject>();
      if (tensor.symbolic())
        in.raise("AttributeError", "'Tensor' object has no attribute 'numpy'");
      // A string scalar's value is Python bytes, as NumPy's object arrays
      // hold them.
      if (tensor.type.dtype == DType::String && tensor.type.shape.empty())
        return in.bytes(tensor.value->strings[0]);
      return makeNdArray(*tensor.rt, tensor.value, true);
    });
    return !symbolic();
  }
  if (name == "__len__") { // len() of a graph tensor is AutoGraph's, not this
    Value t = self;
    out = in.builtin(name, [t](Interpreter &in, CallArgs &) {
      auto &tensor = t.as<TensorObject>();
      if (tensor.symbolic())
        in.typeError("len is not well defined for a symbolic Tensor (" +
                     tensor.graphName() +
                     "). Please call `x.shape` rather than `len(x)` for "
                     "shape information.");
      return Value::integer(in.len(t));
    });
    return true;
  }
  if (name == "get_shape") {
    TensorType t = type;
    out = in.builtin("get_shape",
                     [t](Interpreter &, CallArgs &) { return makeShape(t); });
    return true;
  }
  if (name == "__abs__") {
    Value t = self;
    TfRuntime *rp = &r;
    out = in.builtin("__abs__", [t, rp](Interpreter &, CallArgs &) {
      return unaryOp(*rp, "Abs", t, "Abs");
    });
    return true;
  }
  return false;
}

bool TensorObject::binary(Interpreter &in, BinaryOp op, const Value &self,
                          const Value &other, bool reflected, Value &out) {
  // TensorFlow converts the other operand, and None, a dict or a set
  // cannot be.
  if (other.isNone() || other.is(Type::Dict) || other.is(Type::Set)) {
    if (other.isNone() && rt->tracing)
      in.valueError("None values not supported.");
    in.valueError("Attempt to convert a value (" + in.repr(other) +
                  ") with an unsupported type (<class '" + in.typeName(other) +
                  "'>) to a Tensor.");
  }
  if (!(other.is(Type::Tensor) || other.isNumber() || other.is(Type::List) ||
        other.is(Type::Tuple) || other.is(Type::Native) ||
        other.is(Type::Str) || other.is(Type::Bytes)))
    return false;
  const Value &x = reflected ? other : self;
  const Value &y = reflected ? self : other;
  TfRuntime &r = *rt;
  switch (op) {
  case BinaryOp::Add:
    out = binaryOp(r, "AddV2", x, y);
    return true;
  case BinaryOp::Sub:
    out = binaryOp(r, "Sub", x, y);
    return true;
  case BinaryOp::Mult: {
    auto isBool = [&](const Value &v) {
      return r.isTensor(v) && r.tensor(v).type.dtype == DType::Bool;
    };
    out = isBool(x) || isBool(y) ? boolProduct(r, x, y, reflected)
                                 : binaryOp(r, "Mul", x, y);
    return true;
  }
  case BinaryOp::Div:
    out = trueDiv(r, x, y);
    return true;
  case BinaryOp::FloorDiv:
    out = binaryOp(r, "FloorDiv", x, y);
    return true;
  case BinaryOp::Mod:
    out = binaryOp(r, "FloorMod", x, y);
    return true;
  case BinaryOp::Pow:
    out = binaryOp(r, "Pow", x, y);
    return true;
  case BinaryOp::MatMult:
    out = matmul(r, x, y, false, false, "matmul");
    return true;
  case BinaryOp::BitAnd:
    out = bitwise(r, "BitwiseAnd", x, y, true, "and");
    return true;
  case BinaryOp::BitOr:
    out = bitwise(r, "BitwiseOr", x, y, true, "or");
    return true;
  case BinaryOp::BitXor:
    out = bitwise(r, "BitwiseXor", x, y, true, "xor");
    return true;
  default:
    return false;
  }
}

bool TensorObject::unary(Interpreter &in, UnaryOpKind op, const Value &self,
                         Value &out) {
  switch (op) {
  case UnaryOpKind::USub:
    out = unaryOp(*rt, "Neg", self, "Neg");
    return true;
  case UnaryOpKind::Invert:
    out = bitwise(*rt, "Invert", self);
    return true;
  default:
    return false;
  }
}

bool TensorObject::compare(Interpreter &in, CmpOp op, const Value &self,
                           const Value &other, bool reflected, Value &out) {
  if (other.isNone() && (op == CmpOp::Eq || op == CmpOp::NotEq)) {
    out = Value::boolean(op == CmpOp::NotEq);
    return true;
  }
  const char *name = nullptr;
  CmpOp effective = op;
  if (reflected) { // other OP self  ==  self (mirrored OP) other
    if (op == CmpOp::Lt)
      effective = CmpOp::Gt;
    else if (op == CmpOp::Gt)
      effective = CmpOp::Lt;
    else if (op == CmpOp::LtE)
      effective = CmpOp::GtE;
    else if (op == CmpOp::GtE)
      effective = CmpOp::LtE;
  }
  switch (effective) {
  case CmpOp::Eq:
    name = "Equal";
    break;
  case CmpOp::NotEq:
    name = "NotEqual";
    break;
  case CmpOp::Lt:
    name = "Less";
    break;
  case CmpOp::LtE:
    name = "LessEqual";
    break;
  case CmpOp::Gt:
    name = "Greater";
    break;
  case CmpOp::GtE:
    name = "GreaterEqual";
    break;
  default:
    return false;
  }
  if (effective == CmpOp::Eq || effective == CmpOp::NotEq) {
    // Tensor `==` and `!=` run Equal with incompatible_shape_error=False:
    // shapes that cannot broadcast compare unequal, as one scalar.
    // (A list that does not convert gets the op's conversion error.)
    std::vector<int64_t> otherShape, broadcast;
    bool converts = true;
    if (rt->isTensor(other)) {
      otherShape = rt->tensor(other).type.shape;
    } else if (other.is(Type::List) || other.is(Type::Tuple)) {
      try {
        otherShape = rt->hostFromPython(other, type.dtype)->type.shape;
      } catch (py::PyException &) {
        converts = false;
      }
    }
    bool ranked = converts && !type.unknownRank &&
                  !(rt->isTensor(other) && rt->tensor(other).type.unknownRank);
    if (ranked && !broadcastShapes(type.shape, otherShape, broadcast)) {
      auto host = graph::HostTensor::zeros({DType::Bool, {}});
      static_cast<uint8_t *>(host->data())[0] = effective == CmpOp::NotEq;
      out = rt->constant(host, name);
      return true;
    }
  }
  out = binaryOp(*rt, name, self, other);
  return true;
}

bool TensorObject::equals(Interpreter &in, const Value &self,
                          const Value &other, bool &out) {
  Value result;
  if (self.raw() == other.raw())
    out = true;
  else
    out =
        compare(in, CmpOp::Eq, self, other, false, result) && in.truthy(result);
  return true;
}

bool TensorObject::truthy(Interpreter &in, const Value &self, bool &out) {
  if (symbolic())
    rt->raise("OperatorNotAllowedInGraphError",
              "Using a symbolic `tf.Tensor` as a Python `bool` is not allowed. "
              "You can attempt the following resolutions to the problem: If "
              "you are running in Graph mode, use Eager execution mode or "
              "decorate this function with @tf.function. If you are using "
              "AutoGraph, you can try decorating this function with "
              "@tf.function. If that does not work, then you may be using an "
              "unsupported feature or your source code may not be visible to "
              "AutoGraph. See https://github.com/tensorflow/tensorflow/blob/"
              "master/tensorflow/python/autograph/g3doc/reference/"
              "limitations.md#access-to-source-code for more information.");
  if (value->type.numElements() != 1)
    in.valueError("The truth value of an array with more than one element is "
                  "ambiguous. Use a.any() or a.all()");
  out = type.dtype == DType::String ? !value->strings[0].empty()
                                    : value->elementAsDouble(0) != 0;
  return true;
}

bool TensorObject::getItem(Interpreter &in, const Value &self, const Value &key,
                           Value &out) {
  // x[mask] with a bool tensor (or a Python bool) is tf.boolean_mask, as
  // TensorFlow's slice helper makes it.
  if (key.is(Type::Bool) ||
      (rt->isTensor(key) && rt->tensor(key).type.dtype == DType::Bool)) {
    out = booleanMask(*rt, self, key, Value());
    return true;
  }
  out = stridedSlice(*rt, self, key);
  return true;
}

bool TensorObject::iter(Interpreter &in, const Value &self, Value &out) {
  // A graph tensor cannot be iterated at all, a scalar one included.
  if (symbolic())
    rt->raise("OperatorNotAllowedInGraphError",
              "Iterating over a symbolic `tf.Tensor` is not allowed. You can "
              "attempt the following resolutions to the problem: If you are "
              "running in Graph mode, use Eager execution mode or decorate "
              "this function with @tf.function. If you are using AutoGraph, "
              "you can try decorating this function with @tf.function. If "
              "that does not work, then you may be using an unsupported "
              "feature or your source code may not be visible to AutoGraph. "
              "See https://github.com/tensorflow/tensorflow/blob/master/"
              "tensorflow/python/autograph/g3doc/reference/limitations.md"
              "#access-to-source-code for more information.");
  if (type.shape.empty())
    in.typeError("Cannot iterate over a scalar tensor.");
  ValueList rows;
  for (int64_t i = 0; i < type.shape[0]; ++i)
    rows.push_back(stridedSlice(*rt, self, Value::integer(i)));
  out = in.iter(in.list(std::move(rows)));
  return true;
}

bool TensorObject::len(Interpreter &in, const Value &, int64_t &out) {
  if (type.shape.empty())
    in.typeError("Scalar tensor has no `len()`");
  if (type.shape[0] < 0)
    in.typeError("len is not well defined for symbolic Tensors. (" +
                 (symbolic() ? nodeName() : std::string("x")) +
                 ":0) Please call `x.shape` rather than `len(x)` for shape "
                 "information.");
  out = type.shape[0];
  return true;
}

bool TensorObject::toNumber(Interpreter &in, const Value &, Value &out) {
  if (symbolic() || value->type.numElements() != 1 ||
      type.dtype == DType::String)
    return false;
  out = pythonScalar(*value, 0);
  return true;
}

bool TensorObject::format(Interpreter &in, const Value &self,
                          const std::string &spec, Value &out) {
  if (symbolic())
    return false;
  // An eager tensor formats as its NumPy value: f"{t:.2f}", f"{t}".
  out = py::formatValue(in, in.call(in.getAttr(self, "numpy"), {}), spec);
  return true;
}

bool TensorObject::hash(Interpreter &in, const Value &, size_t &) {
  in.typeError("Tensor is unhashable. Instead, use tensor.ref() as the key.");
}

} // namespace kiln::tf
