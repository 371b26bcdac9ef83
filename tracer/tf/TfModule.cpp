// The `tensorflow` module (and `sys`, for tf.print's output_stream): the
// functions DESIGN.md section 5 lists for the first slice of kiln.
#include "ArgumentErrors.h"
#include "NumPy.h"
#include "PyCollections.h"
#include "ShapeTensor.h"
#include "Staging.h"
#include "StdlibModules.h"
#include "TensorArray.h"
#include "TfData.h"
#include "TfDecodeCsv.h"
#include "TfFileIo.h"
#include "TfFunction.h"
#include "TfGfile.h"
#include "TfGradient.h"
#include "TfIndexedSlices.h"
#include "TfInitializers.h"
#include "TfModuleBuilder.h"
#include "TfObjects.h"
#include "TfOps.h"
#include "TfPrint.h"
#include "TfScatter.h"
#include "TfVariable.h"

#include "TensorFormat.h"

#include <cfloat>
#include <cmath>
#include <cstring>
#include <limits>

namespace kiln::tf {

using py::Type;

std::optional<DType> dtypeArg(Interpreter &in, const Value &v) {
  if (v.isNone())
    return std::nullopt;
  if (auto *d =
          v.is(Type::Native) ? dynamic_cast<DTypeObject *>(v.raw()) : nullptr)
    return d->dtype;
  if (auto d = npDTypeOf(v)) // np.float32 and np.dtype('float32')
    return d;
  if (v.is(Type::Str))
    if (auto d = dtypeFromName(v.as<py::StrObject>().s))
      return d;
  // Of Python's own types tf.as_dtype knows float, bool and object (a
  // string); int and str are errors.
  if (v.is(Type::Class))
    if (auto type = v.as<py::ClassObject>().builtinType) {
      if (*type == Type::Float)
        return DType::Float32;
      if (*type == Type::Bool)
        return DType::Bool;
      if (*type == Type::Instance && v.as<py::ClassObject>().name == "object")
        return DType::String;
    }
  // An int is a DataType enum value.
  if (v.isIntLike() && !v.is(Type::Bool)) {
    for (DType d : {DType::Float32, DType::Float64, DType::Int32, DType::UInt8,
                    DType::Int16, DType::Int8, DType::String, DType::Int64,
                    DType::Bool, DType::BFloat16, DType::Float16})
      if (py::dataTypeEnum(d) == v.asInt())
        return d;
  }
  in.typeError("Cannot convert the argument `type_value`: " + in.repr(v) +
               " to a TensorFlow DType.");
}

/// A Fill's dims given as Python ints (or a constant): TensorFlow's errors
/// for a negative size, which kiln's shape reader would take for an
/// unknown one. Eagerly the kernel's; while tracing, shape inference's:
/// below -1 an invalid shape value, -1 an unknown size that Fill's shape
/// function refuses (`node` names the Fill, taking its name from the
/// graph only then, and `inputs` its operands given that name).
void rejectNegativeDims(
    TfRuntime &rt, const Value &dims, DType dtype,
    const std::function<std::string()> &node,
    const std::function<std::string(const std::string &)> &inputs, bool named) {
  if (rt.isTensor(dims) && !rt.constantValue(dims))
    return;
  std::vector<int64_t> sizes;
  if (HostTensorPtr known =
          rt.isTensor(dims) ? rt.constantValue(dims) : HostTensorPtr()) {
    for (int64_t i = 0; i < known->type.numElements(); ++i)
      sizes.push_back(known->elementAsInt(i));
  } else if (dims.is(Type::List) || dims.is(Type::Tuple)) {
    for (const Value &d : rt.in.toList(dims)) {
      HostTensorPtr c = rt.isTensor(d) ? rt.constantValue(d) : HostTensorPtr();
      if (c && c->type.numElements() == 1)
        sizes.push_back(c->elementAsInt(0));
      else if (d.isIntLike() && !d.is(Type::Bool))
        sizes.push_back(d.asInt());
      else
        return;
    }
  } else {
    return;
  }
  auto negative =
      std::find_if(sizes.begin(), sizes.end(), [](int64_t d) { return d < 0; });
  if (negative == sizes.end())
    return;
  if (!rt.tracing)
    kernelError(rt, "Fill",
                "Dimension " + std::to_string(*negative) + " must be >= 0", "",
                named);
  for (int64_t d : sizes)
    if (d < -1)
      rt.in.valueError("Invalid value in tensor used for shape: " +
                       std::to_string(d));
  std::string partial;
  for (size_t i = 0; i < sizes.size(); ++i)
    partial += (i ? "," : "") +
               (sizes[i] < 0 ? std::string("?") : std::to_string(sizes[i]));
  std::string name = node();
  rt.in.valueError("Fill dimensions must be >= 0 for '{{node " + name +
                   "}} = Fill[T=" + tfTypeName(dtype) +
                   ", index_type=DT_INT32](" + inputs(name) +
                   ")' with input shapes: [" + std::to_string(sizes.size()) +
                   "], [] and with input tensors computed as partial shapes: "
                   "input[0] = [" +
                   partial + "].");
}

HostTensorPtr repeatScalar(TfRuntime &rt, const HostTensorPtr &one,
                           const TensorType &type) {
  if (!one || one->type.numElements() != 1)
    rt.raise("InvalidArgumentError",
             "value must be a scalar known at trace time");
  if (!type.isStatic())
    rt.raise("InvalidArgumentError", "kiln needs a static shape here");
  rt.checkSize(type);
  auto host = graph::HostTensor::zeros(type);
  if (type.dtype == DType::String) {
    for (auto &s : host->strings)
      s = one->strings[0];
    return host;
  }
  size_t size = py::dtypeSize(type.dtype);
  for (int64_t i = 0; i < type.numElements(); ++i)
    std::memcpy(host->bytes.data() + i * size, one->bytes.data(), size);
  return host;
}

namespace {

/// The Range op's dtypes without a CPU kernel, with TensorFlow's errors
/// (converting the first bound, `start`, fails for bool).
void checkRangeDtype(TfRuntime &rt, DType d, const Value &start) {
  Interpreter &in = rt.in;
  if (d == DType::Bool) {
    std::string what = in.repr(start);
    if (rt.tracing)
      in.typeError("Expected bool, but got " + what + " of type '" +
                   in.typeName(start) + "'.");
    in.typeError("Cannot convert " + what + " to EagerTensor of dtype bool");
  }
  static const std::string allowed =
      "bfloat16, float16, float32, float64, int8, int16, int32, int64, "
      "uint16, uint32, uint64";
  if (d == DType::UInt8) {
    if (rt.tracing)
      in.typeError("Value passed to parameter 'start' has DataType uint8 not "
                   "in list of allowed values: " +
                   allowed);
    rt.raise("InvalidArgumentError",
             "Value for attr 'Tidx' of uint8 is not in the list of allowed "
             "values: bfloat16, half, float, double, int8, int16, int32, "
             "int64, uint16, uint32, uint64\n\t; NodeDef: {{node Range}}; "
             "Op<name=Range; signature=start:Tidx, limit:Tidx, delta:Tidx -> "
             "output:Tidx; attr=Tidx:type,default=DT_INT32,allowed=[DT_"
             "BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_INT16, "
             "DT_INT32, DT_INT64, DT_UINT16, DT_UINT32, DT_UINT64]> "
             "[Op:Range] name: ");
  }
  if (d != DType::Int8 && d != DType::Int16)
    return;
  std::vector<std::string> cpu{"device='DEFAULT'; Tidx in [DT_INT32]"};
  for (const char *t :
       {"INT64", "INT32", "DOUBLE", "FLOAT", "BFLOAT16", "HALF"})
    cpu.push_back(std::string("device='CPU'; Tidx in [DT_") + t + "]");
  noCpuKernel(rt, "Range", "Tidx", d,
              rt.tracing ? rt.tracing->graph.uniqueName("range") : "Range",
              "DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT16, DT_INT8, DT_INT64, "
              "DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64",
              cpu);
}

/// Checks tf.split's `sizes` along `axis` of `x` and fills in its -1 (the
/// rest of the dimension), with the SplitV kernel's errors eagerly and its
/// shape function's while tracing.
void resolveSplitSizes(TfRuntime &rt, const Value &x,
                       std::vector<int64_t> &sizes, int64_t axis) {
  const TensorType &type = rt.tensor(x).type;
  int64_t n = type.shape[axis];
  std::vector<int64_t> given = sizes;
  int64_t known = 0, inferred = -1, count = 0;
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] == -1) {
      inferred = static_cast<int64_t>(i);
      ++count;
    } else {
      known += sizes[i];
    }
  }
  if (inferred >= 0)
    sizes[inferred] = n - known;
  std::string error;
  if (rt.tracing) {
    if (count > 1)
      error = "size_splits can only have one -1";
    for (size_t i = 0; error.empty() && i < sizes.size(); ++i)
      if (sizes[i] < 0)
        error = "Split size at index " + std::to_string(i) +
                " must be >= 0. Got: " + std::to_string(sizes[i]);
    if (error.empty() && inferred < 0 && known != n)
      error = "can't split axis of size " + std::to_string(n) +
              " into pieces of size " + shapeList(sizes);
    if (error.empty())
      return;
    // TensorFlow's shape-inference error names the node it would add.
    graph::Graph &g = rt.tracing->graph;
    std::string computed;
    for (size_t i = 0; i < given.size(); ++i)
      computed += (i ? " " : "") + std::to_string(given[i]);
    std::string node = g.uniqueName("split");
    rt.in.valueError(
        error + " for '{{node " + node +
        "}} = SplitV[T=" + tfTypeName(type.dtype) +
        ", Tlen=DT_INT32, num_split=" + std::to_string(sizes.size()) + "](" +
        g.nodes[rt.graphOutput(x).node].name + ", " + g.uniqueName("Const") +
        ", " + node + "/split_dim)' with input shapes: " +
        shapeList(type.shape) + ", [" + std::to_string(sizes.size()) +
        "], [] and with computed input tensors: input[1] = <" + computed +
        ">, input[2] = <" + std::to_string(axis) + ">.");
  }
  int64_t determined = 0;
  for (size_t i = 0; error.empty() && i < given.size(); ++i) {
    if (given[i] == -1) {
      if (count > 1)
        error = "There can only be one -1 in the input.";
    } else if (given[i] < 0) {
      error = "Split size at index " + std::to_string(i) +
              " must be >= 0. Got: " + std::to_string(given[i]);
    } else {
      determined += given[i];
    }
  }
  if (error.empty() && (inferred < 0 ? determined != n : determined > n))
    error = "Determined shape must either match input shape along split_dim "
            "exactly if fully specified, or be less than the size of the "
            "input along split_dim if not fully specified.  Got: " +
            std::to_string(determined);
  if (!error.empty())
    rt.raise(
        "InvalidArgumentError",
        eagerKernelPrefix("SplitV_num_split_" + std::to_string(sizes.size())) +
            error + eagerOpSuffix("SplitV", true) + "split");
}

TensorType shapeArg(TfRuntime &rt, const Value &given, DType dtype) {
  TensorType t{dtype, {}};
  Value v = foldKnown(rt, given);
  if (v.isNone()) {
    t.unknownRank = true;
    return t;
  }
  ValueList dims;
  if (rt.isTensor(v)) {
    HostTensorPtr c = rt.constantValue(v);
    if (!c)
      rt.raise("UnimplementedError",
               "kiln needs this shape known at trace time: a shape computed "
               "at run time (" +
                   rt.in.repr(v) + ") is not supported yet");
    for (int64_t i = 0; i < c->type.numElements(); ++i)
      t.shape.push_back(c->elementAsInt(i));
    return t;
  }
  if (v.isIntLike()) {
    t.shape.push_back(v.asInt());
    return t;
  }
  for (auto &d : rt.in.toList(v))
    t.shape.push_back(d.isNone() ? -1 : rt.in.toIndex(d));
  return t;
}

/// APIs that TensorFlow builds as one op or in a name scope and kiln from
/// several nodes: their nodes are named in that scope, and the result as
/// TensorFlow's (namedOp), so that printed tensors and the names after them
/// match. Wraps the functions the modules define (aliases too).
void nameComposites(TfRuntime &rt, std::vector<ModuleBuilder *> modules) {
  struct Composite {
    const char *api, *scope;
    // nullptr: the result keeps its own name in the scope; "": the scope's
    // name; else the result's name in the scope.
    const char *result;
  };
  static const Composite composites[] = {
      {"roll", "Roll", ""},
      {"trace", "Trace", ""},
      {"diag_part", "diag_part", ""},
      {"band_part", "MatrixBandPart", ""},
      {"matvec", "MatVec", nullptr},
      {"boolean_mask", "boolean_mask", nullptr},
      {"sigmoid_cross_entropy_with_logits", "logistic_loss", ""},
      {"softmax_cross_entropy_with_logits", "softmax_cross_entropy_with_logits",
       "Reshape_2"},
      {"count_nonzero", "count_nonzero", nullptr},
      {"gelu", "Gelu", nullptr},
      {"einsum", "einsum", "Einsum"},
      {"tensordot", "Tensordot", nullptr},
      {"repeat", "Repeat", "Reshape_1"},
      {"meshgrid", "meshgrid", nullptr}};
  for (const Composite &c : composites) {
    Value original;
    for (ModuleBuilder *m : modules)
      if (auto it = m->module->dict.find(c.api); it != m->module->dict.end())
        original = it->second;
    if (original.isNone())
      continue;
    // The function inside is not the outermost tf.* call: its variable
    // reads are named in the composite's scope ("Trace/ReadVariableOp"),
    // not after kiln's inner ops (TfRuntime::convertingCall).
    TfRuntime *r = &rt;
    py::BuiltinFn call = [original, r](Interpreter &in, CallArgs &args) {
      ApiCallScope outer(*r, /*namesReads=*/false);
      return in.call(original, args);
    };
    Value wrapped =
        rt.in.builtin(c.api, c.result ? namedOp(rt, c.scope, call, c.result)
                                      : inNameScope(rt, c.scope, call));
    for (ModuleBuilder *m : modules)
      if (auto it = m->module->dict.find(c.api);
          it != m->module->dict.end() && it->second.raw() == original.raw())
        it->second = wrapped;
  }
}

/// linalg_ops.norm's checks of `ord` and `axis` (its ValueErrors, and the
/// TypeError of comparing another string order with 0).
void validateNorm(Interpreter &in, const Value &ord, const Value &axis,
                  bool hasOrd) {
  auto isInt = [](const Value &v) {
    return v.is(Type::Int) || v.is(Type::Bool);
  };
  auto isOrder = [&](std::initializer_list<const char *> names) {
    if (!hasOrd)
      return true; // 'euclidean'
    if (ord.is(Type::Str)) {
      for (const char *n : names)
        if (in.toStr(ord) == n)
          return true;
      return false;
    }
    if (!ord.isNumber())
      return false;
    double d = ord.toDouble();
    return d == 1 || d == 2 || (std::isinf(d) && d > 0);
  };
  const std::string axisRule =
      "'axis' must be None, an integer, or a tuple of 2 unique integers, got ";
  bool sequence = axis.is(Type::List) || axis.is(Type::Tuple);
  if (sequence && in.len(axis) == 2) {
    ValueList items = in.toList(axis);
    if (!isInt(items[0]) || !isInt(items[1]) ||
        items[0].asInt() == items[1].asInt())
      in.valueError(axisRule + in.toStr(in.tuple(items)));
    if (!isOrder({"euclidean", "fro"}))
      in.valueError("'ord' must be a supported matrix norm in ['euclidean', "
                    "'fro', 1, 2, inf], got " +
                    in.toStr(ord));
    return;
  }
  if (!axis.isNone() && !isInt(axis))
    in.valueError(axisRule + in.toStr(py::formatValue(in, axis, "")));
  if (!hasOrd || (ord.isNumber() && ord.toDouble() > 0))
    return;
  if (!ord.isNumber() && !ord.is(Type::Str)) // np.isreal(None) holds
    in.typeError("'<=' not supported between instances of '" +
                 in.typeName(ord) + "' and 'int'");
  if (!isOrder({"euclidean"}))
    in.valueError("'ord' must be a supported vector norm, got " +
                  in.toStr(ord));
}

/// tf.stack's first step while tracing. Along axis 0 TensorFlow converts
/// the list as a whole, named as the op: Python values are one constant, a
/// list holding tensors is auto-packed (when that fails, it packs again as
/// on another axis, and that op's error is the one raised). On another
/// axis it converts the first value so named (a node nothing reads), then
/// packs the list in a scope of its own. Returns the result when the
/// conversion is it.
std::optional<Value> stackAsAWhole(TfRuntime &rt, const Value &given,
                                   const ValueList &values, int64_t axis) {
  const Value &whole = axis == 0 || values.empty() ? given : values[0];
  if (axis != 0 && (rt.isTensor(whole) || asVariable(whole)))
    return std::nullopt; // a tensor converts to itself
  try {
    Value packed =
        holdsTensor(rt, whole)
            ? rt.toTensor(whole, std::nullopt,
                          rt.tracing->graph.uniqueName("stack"))
            : rt.constant(rt.hostFromPython(whole, std::nullopt), "stack");
    return axis == 0 ? std::optional<Value>(packed) : std::nullopt;
  } catch (py::PyException &e) {
    std::string type = rt.in.typeName(e.exc);
    if (axis != 0 || (type != "ValueError" && type != "TypeError"))
      throw;
    return std::nullopt;
  }
}

void defineOps(ModuleBuilder &tf, ModuleBuilder &math, ModuleBuilder &nn) {
  TfRuntime &rt = tf.rt;
  TfRuntime *r = &rt;
  auto binary = [&](const std::string &name, const std::string &op,
                    std::vector<ModuleBuilder *> where) {
    for (ModuleBuilder *m : where)
      m->def(name, [r, op, name](Interpreter &in, CallArgs &args) {
        Params p(in, args, name, {"x", "y", "name"});
        Value x = p.require("x", name), y = p.require("y", name);
        if (op == "RealDiv")
          return trueDiv(*r, x, y, /*convertsFirst=*/name == "truediv");
        // Of two Python numbers x decides the op's dtype, and y must
        // convert to it (tf.add converts each on its own).
        if (name != "add" && x.isNumber() && y.isNumber())
          x = r->toTensor(x);
        // LogicalAnd and LogicalOr take bools only (kiln's ops also work
        // on integers, as bitwise masks).
        if (op == "LogicalAnd" || op == "LogicalOr")
          for (int k = 0; k < 2; ++k) {
            const Value &v = k == 0 ? x : y;
            if (!r->isTensor(v) || r->tensor(v).type.dtype == DType::Bool)
              continue;
            DType d = r->tensor(v).type.dtype;
            if (r->tracing)
              in.typeError("Input '" + std::string(k == 0 ? "x" : "y") +
                           "' of '" + op + "' Op has type " + py::dtypeName(d) +
                           " that does not match expected type of bool.");
            r->raise("InvalidArgumentError",
                     "cannot compute " + op + " as input #" +
                         std::to_string(k) +
                         "(zero-based) was expected to be a bool tensor but "
                         "is a " +
                         kernelTypeName(d) + " tensor [Op:" + op + "] name: ");
          }
        // math_ops names these nodes by their op (tf.add: "Add"); the
        // operators name theirs in lower case ("add").
        static const std::map<std::string, std::string> opNames = {
            {"add", "Add"}, {"subtract", "Sub"},      {"multiply", "Mul"},
            {"pow", "Pow"}, {"floormod", "FloorMod"}, {"mod", "FloorMod"}};
        auto named = opNames.find(name);
        return binaryOp(*r, op, x, y,
                        named == opNames.end() ? "" : named->second,
                        /*functional=*/true,
                        /*convertsFirst=*/name == "add");
      });
  };
  binary("add", "AddV2", {&tf, &math});
  binary("subtract", "Sub", {&tf, &math});
  binary("multiply", "Mul", {&tf, &math});
  // tf.math.scalar_mul: a scalar of x's dtype times x (one Mul).
  for (ModuleBuilder *m : {&tf, &math})
    m->def("scalar_mul", [r](Interpreter &in, CallArgs &args) {
      Params p(in, args, "scalar_mul", {"scalar", "x", "name"});
      Value x = r->toTensor(p.require("x", "scalar_mul"));
      Value scalar = r->toTensor(p.require("scalar", "scalar_mul"),
                                 r->tensor(x).type.dtype);
      const TensorType &st = r->tensor(scalar).type;
      if (st.unknownRank || !st.shape.empty())
        in.valueError("The input scalar must be a 0-D value. Received shape " +
                      py::shapeStr(st.shape, st.unknownRank) + ".");
      return binaryOp(*r, "Mul", scalar, x);
    });
  binary("divide", "RealDiv", {&tf, &math});
  binary("truediv", "RealDiv", {&tf, &math});
  binary("floordiv", "FloorDiv", {&tf, &math});
  binary("floormod", "FloorMod", {&math});
  binary("mod", "FloorMod", {&math});
  binary("pow", "Pow", {&tf, &math});
  binary("maximum", "Maximum", {&tf, &math});
  binary("minimum", "Minimum", {&tf, &math});
  binary("equal", "Equal", {&tf, &math});
  binary("not_equal", "NotEqual", {&tf, &math});
  binary("less", "Less", {&tf, &math});
  binary("less_equal", "LessEqual", {&tf, &math});
  binary("greater", "Greater", {&tf, &math});
  binary("greater_equal", "GreaterEqual", {&tf, &math});
  binary("logical_and", "LogicalAnd", {&tf, &math});
  binary("logical_or", "LogicalOr", {&tf, &math});
  binary("logical_xor", "NotEqual", {&math}); // on bools, xor is !=
  binary("atan2", "Atan2", {&tf, &math});

  auto unary = [&](const std::string &name, const std::string &op,
                   std::vector<ModuleBuilder *> where) {
    for (ModuleBuilder *m : where)
      m->def(name, [r, op, name](Interpreter &in, CallArgs &args) {
        Params p(in, args, name, {"x", "name"});
        Value x = p.require("x", name);
        // math_ops.round returns an integer tensor as it is.
        if (op == "Round" && r->isTensor(x) &&
            isInteger(r->tensor(x).type.dtype))
          return x;
        return unaryOp(*r, op, x);
      });
  };
  unary("negative", "Neg", {&tf, &math});
  unary("abs", "Abs", {&tf, &math});
  unary("sign", "Sign", {&tf, &math});
  unary("sqrt", "Sqrt", {&tf, &math});
  unary("rsqrt", "Rsqrt", {&math});
  unary("exp", "Exp", {&tf, &math});
  unary("log", "Log", {&math});
  unary("log1p", "Log1p", {&math});
  unary("sin", "Sin", {&tf, &math});
  unary("cos", "Cos", {&tf, &math});
  unary("tanh", "Tanh", {&tf, &math, &nn});
  unary("sigmoid", "Sigmoid", {&tf, &math, &nn});
  unary("relu", "Relu", {&nn});
  unary("square", "Square", {&tf, &math});
  unary("floor", "Floor", {&tf, &math});
  unary("ceil", "Ceil", {&math});
  unary("round", "Round", {&tf, &math});
  unary("rint", "Rint", {&math}); // Round's half-to-even, floats only
  unary("logical_not", "LogicalNot", {&tf, &math});
  unary("erf", "Erf", {&math});
  unary("lgamma", "Lgamma", {&math});
  unary("digamma", "Digamma", {&math});
  // Eigen's float, double and half erfc are reproduced; bfloat16's is not
  // yet.
  math.def("erfc", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "erfc", {"x", "name"});
    Value x = r->toTensor(p.require("x", "erfc"));
    DType d = r->tensor(x).type.dtype;
    if (d == DType::BFloat16)
      r->raise("UnimplementedError",
               "kiln computes erfc of float16, float32 and float64 only");
    return unaryOp(*r, "Erfc", x);
  });
  for (const char *fn : {"tan", "asin", "acos", "atan", "sinh", "cosh", "asinh",
                         "acosh", "atanh"}) {
    std::string op = fn;
    op[0] = static_cast<char>(std::toupper(op[0]));
    unary(fn, op, {&tf, &math});
  }
  installCompositeMath(*r, tf, math, nn);
  installActivations(*r, math, nn);
  installArrayOps(*r, tf, math, nn);
  installRepeat(*r, tf);
  installSegments(*r, tf, math);
  installSlice(*r, tf);
  installScatter(*r, tf);
  installVariables(*r, tf);
  installLosses(*r, tf, nn);
  // tf.IndexedSlices(values, indices, dense_shape=None).
  auto indexedSlices = std::make_shared<CallableType>(
      "IndexedSlices",
      [r](Interpreter &in, CallArgs &args) {
        Params p(in, args, "IndexedSlices",
                 {"values", "indices", "dense_shape"});
        auto slices = std::make_shared<IndexedSlicesObject>();
        slices->values = r->toTensor(p.require("values", "IndexedSlices"));
        slices->indices = r->toTensor(p.require("indices", "IndexedSlices"));
        if (p.has("dense_shape") && !p.get("dense_shape").isNone())
          slices->denseShape = r->toTensor(p.get("dense_shape"));
        return Value::object(py::Type::Native, slices);
      },
      "tensorflow.python.framework.indexed_slices");
  indexedSlices->instances = [](const Value &v) {
    return asIndexedSlices(v) != nullptr;
  };
  tf.set("IndexedSlices", Value::object(py::Type::Native, indexedSlices));
  installConfusionMatrix(*r, math);
  math.set("in_top_k", nn.module->dict["in_top_k"]);
  installNn(*r, tf, nn);
  installSpaceToDepth(*r, nn);
  installNnStatistics(*r, nn);
  nn.set("zero_fraction", math.module->dict["zero_fraction"]);
  installUnravelIndex(*r, tf);
  installHistogram(*r, tf);

  auto reduction = [&](const std::string &name, const std::string &op) {
    for (ModuleBuilder *m : {&tf, &math})
      m->def(name, [r, op, name](Interpreter &in, CallArgs &args) {
        Params p(in, args, name, {"input_tensor", "axis", "keepdims", "name"});
        return reduce(*r, op, p.require("input_tensor", name), p.get("axis"),
                      p.has("keepdims") && in.truthy(p.get("keepdims")));
      });
  };
  reduction("reduce_sum", "Sum");
  reduction("reduce_mean", "Mean");
  reduction("reduce_max", "Max");
  reduction("reduce_min", "Min");
  reduction("reduce_prod", "Prod");
  reduction("reduce_any", "Any");
  reduction("reduce_all", "All");

  for (const char *name : {"argmax", "argmin"}) {
    std::string op = std::string(name) == "argmax" ? "ArgMax" : "ArgMin";
    for (ModuleBuilder *m : {&tf, &math})
      m->def(name, [r, op, name](Interpreter &in, CallArgs &args) {
        Params p(in, args, name, {"input", "axis", "output_type", "name"});
        DType out = p.has("output_type") ? *dtypeArg(in, p.get("output_type"))
                                         : DType::Int64;
        return argReduce(*r, op, p.require("input", name),
                         foldKnown(*r, p.get("axis")), out);
      });
  }
  tf.def("matmul", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "matmul",
             {"a", "b", "transpose_a", "transpose_b", "adjoint_a", "adjoint_b",
              "a_is_sparse", "b_is_sparse", "output_type", "grad_a", "grad_b",
              "name"});
    auto flag = [&](const char *name) {
      return p.has(name) && in.truthy(p.get(name));
    };
    // kiln's dtypes are real: an adjoint is the transpose.
    for (const char *side : {"a", "b"})
      if (flag(("transpose_" + std::string(side)).c_str()) &&
          flag(("adjoint_" + std::string(side)).c_str()))
        in.valueError("Only one of `transpose_" + std::string(side) +
                      "` and `adjoint_" + side +
                      "` can be True. Received "
                      "`transpose_" +
                      side + "`=True, `adjoint_" + side + "`=True.");
    std::string name = p.has("name") ? in.toStr(p.get("name")) : "MatMul";
    return matmul(*r, p.require("a", "matmul"), p.require("b", "matmul"),
                  flag("transpose_a") || flag("adjoint_a"),
                  flag("transpose_b") || flag("adjoint_b"), name);
  });
  math.set("matmul", tf.module->dict["matmul"]);
  tf.def("cast", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "cast", {"x", "dtype", "name"});
    Value x = p.require("x", "cast");
    DType to = *dtypeArg(in, p.require("dtype", "cast"));
    if (!r->tracing || r->isTensor(x) || asVariable(x))
      return cast(*r, x, to);
    // A Python value is converted in Cast's name scope ("Cast/x"), and the
    // Cast node, when one is needed, is named as the scope.
    ApiNameScope scope(*r, p.get("name"), "Cast");
    Value t = convertArgument(*r, x, "x", std::nullopt);
    return cast(*r, t, to, scope.scopeName());
  });
  tf.def("reshape", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "reshape", {"tensor", "shape", "name"});
    return reshape(*r, p.require("tensor", "reshape"),
                   p.require("shape", "reshape"));
  });
  tf.def("transpose", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "transpose", {"a", "perm", "name"});
    return transpose(*r, p.require("a", "transpose"), p.get("perm"));
  });
  tf.def("expand_dims", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "expand_dims", {"input", "axis", "name"});
    Value axis = foldKnown(*r, p.require("axis", "expand_dims"));
    // A float axis: the eager conversion to the int32 dim refuses it; op
    // construction refuses its float32 dtype.
    if (axis.is(py::Type::Float)) {
      if (r->tracing)
        in.typeError("Value passed to parameter 'dim' has DataType float32 "
                     "not in list of allowed values: int32, int64");
      in.typeError("Cannot convert " + in.repr(axis) +
                   " to EagerTensor of dtype int32");
    }
    return expandDims(*r, p.require("input", "expand_dims"), in.toIndex(axis));
  });
  tf.def("squeeze", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "squeeze", {"input", "axis", "name"});
    return squeeze(*r, p.require("input", "squeeze"), p.get("axis"));
  });
  tf.def("concat", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "concat", {"values", "axis", "name"});
    return concat(*r, in.toList(p.require("values", "concat")),
                  in.toIndex(foldKnown(*r, p.require("axis", "concat"))),
                  "ConcatV2");
  });
  tf.def("stack", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "stack", {"values", "axis", "name"});
    Value given = p.require("values", "stack");
    // TensorFlow indexes the values (values[0]): an iterator is refused.
    if (given.is(Type::Iterator))
      in.typeError("'" + in.typeName(given) + "' object is not subscriptable");
    ValueList values = in.toList(given);
    // Along axis 0 TensorFlow first converts the list as a whole:
    // tf.stack([]) is tf.constant([]).
    if (values.empty() && (!p.has("axis") || in.toIndex(p.get("axis")) == 0))
      return r->toTensor(given);
    // Python numbers alone take one dtype from them all, as TensorFlow
    // converts such a list as a whole: tf.stack([1, 2.5]) is float32,
    // tf.stack([2**31, 4]) int64.
    bool numbers = !values.empty(), anyFloat = false, anyWide = false;
    for (auto &v : values) {
      numbers &= v.isNumber();
      anyFloat |= v.is(Type::Float);
      anyWide |= v.isIntLike() && !v.is(Type::Bool) &&
                 (v.asInt() > INT32_MAX || v.asInt() < INT32_MIN);
    }
    int64_t axis = p.has("axis") ? in.toIndex(p.get("axis")) : 0;
    if (r->tracing)
      if (std::optional<Value> whole = stackAsAWhole(*r, given, values, axis))
        return *whole;
    // Eagerly too: NumPy arrays in the list convert as nested lists
    // (tf.stack of two int64 arrays is int32).
    bool arrays = std::any_of(values.begin(), values.end(), [](auto &v) {
      return v.is(Type::Native) && dynamic_cast<NdArrayObject *>(v.raw());
    });
    if (!r->tracing && axis == 0 && arrays && !holdsTensor(*r, given))
      return r->constant(r->hostFromPython(given, std::nullopt));
    std::optional<DType> dtype;
    if (numbers && (anyFloat || anyWide))
      dtype = anyFloat ? DType::Float32 : DType::Int64;
    // Otherwise Pack converts the Python numbers to its first tensor's
    // dtype: tf.stack([n, 4]) with n int64 is int64.
    auto first = std::find_if(values.begin(), values.end(),
                              [&](const Value &v) { return r->isTensor(v); });
    if (first != values.end())
      dtype = r->tensor(*first).type.dtype;
    return concat(*r, values, axis, "Pack", "", dtype);
  });
  tf.def("where", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "where", {"condition", "x", "y", "name"});
    if (p.has("x") != p.has("y"))
      in.raise("ValueError", "x and y must both be non-None or both be None.");
    if (!p.has("x"))
      return whereIndices(*r, p.require("condition", "where"));
    return select(*r, p.require("condition", "where"), p.get("x"), p.get("y"));
  });
  // tf.stop_gradient: the value itself, which tapes do not differentiate
  // through.
  tf.def("stop_gradient", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "stop_gradient", {"input", "name"});
    Value t = r->toTensor(p.require("input", "stop_gradient"));
    return r->apply("StopGradient", {t}, {{"T", r->tensor(t).type.dtype}},
                    r->tensor(t).type, "StopGradient");
  });
  tf.def("identity", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "identity", {"input", "name"});
    return identity(*r, p.require("input", "identity"));
  });
  // tf.tuple: eagerly the tensors as given; in a graph each (None kept)
  // through an Identity that waits for all of them, which kiln's program
  // order already gives.
  tf.def("tuple", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "tuple", {"tensors", "control_inputs", "name"});
    Value tensors = p.require("tensors", "tuple");
    if (!r->tracing)
      return tensors;
    ValueList gated;
    for (const Value &v : in.toList(tensors))
      gated.push_back(v.isNone() ? v : identity(*r, v));
    return in.list(std::move(gated));
  });
  // tf.identity_n: one IdentityN node passing a list of tensors through.
  tf.def("identity_n", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "identity_n", {"input", "name"});
    ValueList inputs;
    for (const Value &v : in.toList(p.require("input", "identity_n")))
      inputs.push_back(r->toTensor(v));
    if (inputs.empty())
      in.valueError("List argument 'input' to 'IdentityN' Op with length 0 "
                    "shorter than minimum length 1.");
    return in.list(identityN(*r, inputs));
  });
  // softmax and log_softmax: the logits and the axis (-1 by default), with
  // nn_ops' own check of the axis, eagerly and while tracing; then
  // `kernel` on the last axis. Another axis is swapped with it first and
  // back after (nn_ops' _wrap_2d_function), which sets the order the
  // reductions add in.
  auto onLastAxis = [r](Interpreter &in, CallArgs &args,
                        const std::string &fname,
                        const std::function<Value(const Value &)> &kernel) {
    Params p(in, args, fname, {"logits", "axis", "name"});
    Value x = r->toTensor(p.require("logits", fname));
    const TensorType &t = r->tensor(x).type;
    int64_t rank = t.shape.size();
    int64_t a = p.has("axis") ? in.toIndex(p.get("axis")) : -1;
    if (!t.unknownRank && (a < -rank || a >= rank))
      r->raise("InvalidArgumentError",
               "`dim` must be in the range [" + std::to_string(-rank) + ", " +
                   std::to_string(rank) + ") where " + std::to_string(rank) +
                   " is the number of dimensions in the input. Received: "
                   "dim=" +
                   std::to_string(a));
    // The kernels take floats only (kiln's composite would fail later, in
    // one of its ops).
    if (!isFloating(t.dtype)) {
      std::string op = fname == "softmax" ? "Softmax" : "LogSoftmax";
      rejectDType(
          *r, op, "logits", "T", t.dtype, "float16, bfloat16, float32, float64",
          "half, bfloat16, float, double",
          "; signature=logits:T -> " +
              std::string(fname == "softmax" ? "softmax" : "logsoftmax") +
              ":T; attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, "
              "DT_FLOAT, DT_DOUBLE]>");
    }
    // kiln builds the kernel from several nodes; grappler sees one, whose
    // arithmetic it does not regroup.
    auto marked = [&](const Value &x) {
      size_t first = r->tracing ? r->tracing->graph.nodes.size() : 0;
      Value out = kernel(x);
      if (r->tracing) {
        graph::markKernelParts(r->tracing->graph, first,
                               fname == "softmax" ? "Softmax" : "LogSoftmax");
        if (fname == "softmax" && r->tensor(out).trace == r->tracing &&
            r->tensor(x).trace == r->tracing)
          r->tracing->softmaxLogits[r->tensor(out).out.node] = r->tensor(x).out;
      }
      return out;
    };
    // nn_ops._wrap_2d_function compares another axis with ndims - 1, which
    // fails for an unknown rank.
    if (t.unknownRank && a != -1)
      in.typeError("unsupported operand type(s) for -: 'NoneType' and 'int'");
    if (t.unknownRank || a == -1 || a == rank - 1)
      return marked(x);
    std::vector<int64_t> perm;
    for (int64_t d = 0; d < rank; ++d)
      perm.push_back(d);
    std::swap(perm[a < 0 ? a + rank : a], perm[rank - 1]);
    Value swap = pyIntList(in, perm);
    return transpose(*r, marked(transpose(*r, x, swap)), swap);
  };
  nn.def(
      "softmax",
      namedOp(*r, "Softmax", [r, onLastAxis](Interpreter &in, CallArgs &args) {
        return onLastAxis(in, args, "softmax", [&](const Value &x) {
          int64_t rank = r->tensor(x).type.shape.size();
          Value last = Value::integer(-1);
          return recordComposite(*r, "Softmax", {x}, {{"axis", rank - 1}}, [&] {
            Value shifted =
                binaryOp(*r, "Sub", x, reduce(*r, "Max", x, last, true));
            // The kernel's float exp runs in the blocks Eigen's executor
            // makes of its expression: 40000 cycles a block over 5.75 an
            // element (kiln.unary's packet_block).
            const TensorType &st = r->tensor(shifted).type;
            Value e = st.dtype == DType::Float32
                          ? r->apply("Exp", {shifted},
                                     {{"T", st.dtype},
                                      {"packet_block", int64_t(6956)}},
                                     st, "Exp")
                          : unaryOp(*r, "Exp", shifted);
            // TensorFlow's kernel multiplies by the sum's
            // reciprocal (Eigen's inverse(), a Reciprocal per row).
            Value sum = reduce(*r, "Sum", e, last, true);
            return binaryOp(*r, "Mul", e, unaryOp(*r, "Reciprocal", sum));
          });
        });
      }));
  math.set("softmax", nn.module->dict["softmax"]);
  tf.def("unstack", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "unstack", {"value", "num", "axis", "name"});
    Value x = r->toTensor(p.require("value", "unstack"));
    int64_t axis = p.has("axis") ? in.toIndex(foldKnown(*r, p.get("axis"))) : 0;
    auto &type = r->tensor(x).type;
    int64_t rank = type.shape.size();
    // Without num, TensorFlow's Python layer reads it from the static shape.
    if (!p.has("num") && !type.unknownRank && (axis < -rank || axis >= rank))
      in.valueError("Argument `axis` = " + std::to_string(axis) +
                    " not in range [" + std::to_string(-rank) + ", " +
                    std::to_string(rank) + ")");
    if (axis < 0)
      axis += rank;
    if (!p.has("num") && (type.unknownRank || type.shape[axis] < 0))
      in.valueError("Cannot infer argument `num` from shape " +
                    py::shapeStr(type.shape, type.unknownRank));
    if (!type.unknownRank && (axis < 0 || axis >= rank)) {
      // With num given: Unpack's shape function, or its kernel.
      int64_t given =
          p.has("axis") ? in.toIndex(foldKnown(*r, p.get("axis"))) : 0;
      std::string num = std::to_string(in.toIndex(p.get("num")));
      std::string range =
          std::to_string(-rank) + "," + std::to_string(rank) + ")";
      if (r->tracing)
        in.valueError("Invalid axis: " + std::to_string(given) +
                      "; must be in [" + range + " for '{{node " +
                      r->tracing->graph.uniqueName("unstack") +
                      "}} = Unpack[T=" + tfTypeName(type.dtype) +
                      ", axis=" + std::to_string(given) + ", num=" + num +
                      "](" + inputName(*r, x) +
                      ")' with input shapes: " + shapeList(type.shape) + ".");
      r->raise("InvalidArgumentError",
               eagerKernelPrefix("Unpack_num_" + num) + "axis = " +
                   std::to_string(given) + " not in [" + std::to_string(-rank) +
                   ", " + std::to_string(rank) + ") [Op:Unpack] name: unstack");
    }
    if (type.unknownRank || type.shape[axis] < 0)
      r->raise("UnimplementedError",
               "kiln unstacks along a dimension known at trace time only");
    if (p.has("num") && in.toIndex(p.get("num")) != type.shape[axis]) {
      std::string num = std::to_string(in.toIndex(p.get("num")));
      std::string given = std::to_string(
          p.has("axis") ? in.toIndex(foldKnown(*r, p.get("axis"))) : 0);
      if (r->tracing)
        in.valueError("Dimension must be " + num + " but is " +
                      std::to_string(type.shape[axis]) + " for '{{node " +
                      r->tracing->graph.uniqueName("unstack") +
                      "}} = Unpack[T=" + tfTypeName(type.dtype) + ", axis=" +
                      given + ", num=" + num + "](" + inputName(*r, x) +
                      ")' with input shapes: " + shapeList(type.shape) + ".");
      r->raise("InvalidArgumentError",
               eagerKernelPrefix("Unpack_num_" + num) + "Input shape axis " +
                   std::to_string(axis) + " must equal " + num +
                   ", got shape " + shapeList(type.shape) +
                   " [Op:Unpack] name: unstack");
    }
    return in.list(unpackNode(*r, x, axis));
  });
  tf.def("gather", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "gather",
             {"params", "indices", "validate_indices", "axis", "batch_dims",
              "name"});
    // A variable stays one: gather reads its rows as sparse_read does.
    Value x = p.require("params", "gather");
    if (!asVariable(x))
      x = r->toTensor(x);
    Value indices = p.require("indices", "gather");
    int64_t batchDims =
        p.has("batch_dims") ? in.toIndex(p.get("batch_dims")) : 0;
    // Nested Python lists take the wrapper's slow path: its errors end
    // without " name: ".
    bool named = !indices.is(Type::List) && !indices.is(Type::Tuple);
    std::optional<int64_t> axis;
    if (p.has("axis") && !p.get("axis").isNone())
      axis = in.toIndex(foldKnown(*r, p.get("axis")));
    return gather(*r, x, indices, axis, named, batchDims);
  });
  // tf.nn.embedding_lookup: in its name scope, a gather of rows (params
  // may be a list of one shard) named as the scope, then an Identity.
  nn.def("embedding_lookup", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "embedding_lookup",
             {"params", "ids", "max_norm", "name"});
    Value params = p.require("params", "embedding_lookup");
    if (params.is(Type::List) || params.is(Type::Tuple)) {
      ValueList shards = in.toList(params);
      if (shards.size() != 1)
        r->raise("UnimplementedError",
                 "kiln's embedding_lookup takes one shard of params");
      params = shards[0];
    }
    if (p.has("max_norm"))
      r->raise("UnimplementedError",
               "kiln's embedding_lookup does not support max_norm");
    ApiNameScope scope(*r, p.get("name"), "embedding_lookup");
    Value ids = convertArgument(*r, p.require("ids", "embedding_lookup"), "ids",
                                std::nullopt);
    Value rows = gather(*r, params, ids, 0);
    if (!r->tracing)
      return rows;
    r->tracing->graph.rename(r->tensor(rows).out.node, scope.scopeName() + "/");
    return identity(*r, rows);
  });
  // Split's and SplitV's num_split attr has a minimum of 1, checked as the
  // op is made: no pieces, or a negative number of them, is an error. (An
  // empty Python list of sizes is a float32 tensor, whose type fails
  // first.)
  auto checkSplitCount = [](TfRuntime &rt, const Value &given,
                            const Value &spec) {
    Interpreter &in = rt.in;
    bool sizes = !spec.isIntLike();
    if (sizes && ((!spec.is(Type::List) && !spec.is(Type::Tuple)) ||
                  isRunTimeShape(rt, spec) || in.len(spec) != 0))
      return;
    int64_t k = sizes ? 0 : spec.asInt();
    if (k >= 1)
      return;
    std::string op = sizes ? "SplitV" : "Split", count = std::to_string(k);
    std::string opDef =
        sizes ? "; signature=value:T, size_splits:Tlen, split_dim:int32 -> "
                "output:num_split*T; attr=num_split:int,min=1; attr=T:type; "
                "attr=Tlen:type,default=DT_INT64,allowed=[DT_INT8, DT_INT32, "
                "DT_INT64]>"
              : "; signature=split_dim:int32, value:T -> output:num_split*T; "
                "attr=num_split:int,min=1; attr=T:type>";
    std::string eager;
    if (sizes && !rt.isTensor(given)) {
      if (rt.tracing)
        in.typeError("Value passed to parameter 'size_splits' has DataType "
                     "float32 not in list of allowed values: int8, int32, "
                     "int64");
      eager = "Value for attr 'Tlen' of float is not in the list of allowed "
              "values: int8, int32, int64";
    } else {
      if (rt.tracing)
        in.valueError("Attr 'num_split' of '" + op + "' Op passed " + count +
                      " less than minimum 1.");
      eager = "Value for attr 'num_split' of " + count +
              " must be at least minimum 1";
    }
    // (A negative count fails on the wrapper's slow path: no name.)
    rt.raise("InvalidArgumentError",
             eager + "\n\t; NodeDef: {{node " + op + "}}; Op<name=" + op +
                 opDef + " [Op:" + op + "]" + (k == 0 ? " name: split" : ""));
  };
  tf.def("split", [r, checkSplitCount](Interpreter &in, CallArgs &args) {
    Params p(in, args, "split",
             {"value", "num_or_size_splits", "axis", "num", "name"});
    Value x = r->toTensor(p.require("value", "split"));
    Value given = p.require("num_or_size_splits", "split");
    Value spec = foldKnown(*r, given);
    checkSplitCount(*r, given, spec);
    int64_t axis = p.has("axis") ? in.toIndex(foldKnown(*r, p.get("axis"))) : 0;
    auto &type = r->tensor(x).type;
    int64_t rank = type.shape.size();
    if (type.unknownRank)
      r->raise("UnimplementedError",
               "kiln needs the rank of tf.split's input at trace time");
    if (axis < -rank || axis >= rank) {
      // Split's (SplitV's, for sizes) shape function, or its kernel.
      bool sizes = !spec.isIntLike();
      int64_t k = sizes ? in.len(spec) : spec.asInt();
      std::string op = sizes ? "SplitV" : "Split";
      std::string range =
          "[" + std::to_string(-rank) + ", " + std::to_string(rank) + ")";
      if (r->tracing) {
        std::string node = r->tracing->graph.uniqueName("split");
        std::string type = tfTypeName(r->tensor(x).type.dtype);
        std::string given = std::to_string(axis);
        std::string sizeList;
        if (sizes)
          for (auto &v : in.toList(spec))
            sizeList +=
                (sizeList.empty() ? "" : " ") + std::to_string(in.toIndex(v));
        in.valueError(
            "Dimension size, given by scalar input " + given +
            " must be in range " + range + " for '{{node " + node + "}} = " +
            (sizes ? "SplitV[T=" + type + ", Tlen=DT_INT32, num_split=" +
                         std::to_string(k) + "](" + inputName(*r, x) + ", " +
                         r->tracing->graph.uniqueName("Const") + ", " + node +
                         "/split_dim)' with input shapes: " +
                         shapeList(r->tensor(x).type.shape) + ", [" +
                         std::to_string(k) +
                         "], [] and with computed input tensors: input[1] = <" +
                         sizeList + ">, input[2] = <" + given + ">."
                   : "Split[T=" + type + ", num_split=" + std::to_string(k) +
                         "](" + node + "/split_dim, " + inputName(*r, x) +
                         ")' with input shapes: [], " +
                         shapeList(r->tensor(x).type.shape) +
                         " and with computed input tensors: input[0] = <" +
                         given + ">."));
      }
      r->raise("InvalidArgumentError",
               eagerKernelPrefix(op + "_num_split_" + std::to_string(k)) +
                   "-input rank(" + std::to_string(-rank) +
                   ") <= split_dim < input rank (" + std::to_string(rank) +
                   "), but got " + std::to_string(axis) + " [Op:" + op +
                   "] name: split");
    }
    if (axis < 0)
      axis += rank;
    int64_t n = type.shape[axis];
    // Sizes known only at run time, or sizes of a dimension known only
    // then: SplitV reads them when it runs.
    if (!spec.isIntLike() &&
        (isRunTimeShape(*r, spec) || (n < 0 && r->tracing)))
      return in.list(splitAtRunTime(*r, x, spec, axis));
    if (n < 0 && spec.isIntLike() && spec.asInt() > 0)
      // A dimension known at run time only, in k equal pieces: the Split
      // kernel checks that k divides it.
      return in.list(splitNode(*r, x, axis,
                               std::vector<int64_t>(spec.asInt(), -1), false));
    if (n < 0)
      r->raise("UnimplementedError",
               "kiln splits a dimension known at run time only into equal "
               "pieces only");
    std::vector<int64_t> sizes;
    if (spec.isIntLike()) {
      int64_t k = spec.asInt();
      if (k > 0 && n % k != 0 && r->tracing) { // Split's shape function
        std::string node = r->tracing->graph.uniqueName("split");
        in.valueError(
            "Dimension size must be evenly divisible by " + std::to_string(k) +
            " but is " + std::to_string(n) +
            "\n\tNumber of ways to split should evenly divide the split "
            "dimension for '{{node " +
            node + "}} = Split[T=" + tfTypeName(r->tensor(x).type.dtype) +
            ", num_split=" + std::to_string(k) + "](" + node + "/split_dim, " +
            inputName(*r, x) + ")' with input shapes: [], " +
            shapeList(r->tensor(x).type.shape) +
            " and with computed input tensors: input[0] = <" +
            std::to_string(axis) + ">.");
      }
      if (k <= 0 || n % k != 0)
        r->raise("InvalidArgumentError",
                 "{{function_node __wrapped__Split_num_split_" +
                     std::to_string(k) +
                     "_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
                     "Number of ways to split should evenly divide the split "
                     "dimension, but got split_dim " +
                     std::to_string(axis) + " (size = " + std::to_string(n) +
                     ") and num_split " + std::to_string(k) +
                     " [Op:Split] name: split");
      sizes.assign(k, n / k);
    } else {
      for (auto &v : in.toList(spec))
        sizes.push_back(in.toIndex(v));
      resolveSplitSizes(*r, x, sizes, axis);
    }
    return in.list(splitNode(*r, x, axis, sizes, !spec.isIntLike()));
  });
  nn.def(
      "log_softmax",
      namedOp(
          *r, "LogSoftmax", [r, onLastAxis](Interpreter &in, CallArgs &args) {
            return onLastAxis(in, args, "log_softmax", [&](const Value &x) {
              Value last = Value::integer(-1);
              // One kernel for the tape: _LogSoftmaxGrad's formula.
              return recordComposite(*r, "LogSoftmax", {x}, {}, [&] {
                Value shifted =
                    binaryOp(*r, "Sub", x, reduce(*r, "Max", x, last, true));
                // The kernel sums exp(shifted) inside the reduction: Eigen's
                // packet form per row of classes (kiln.unary's
                // row_packets), not per tensor.
                const TensorType &st = r->tensor(shifted).type;
                Value exp = r->apply("Exp", {shifted},
                                     {{"T", st.dtype}, {"row_packets", true}},
                                     st, "Exp");
                Value sum = reduce(*r, "Sum", exp, last, true);
                return binaryOp(*r, "Sub", shifted, unaryOp(*r, "Log", sum));
              });
            });
          }));
  math.set("log_softmax", nn.module->dict["log_softmax"]);
  tf.def(
      "norm", inNameScope(*r, "norm", [r](Interpreter &in, CallArgs &args) {
        Params p(in, args, "norm",
                 {"tensor", "ord", "axis", "keepdims", "name"});
        Value ord = p.get("ord");
        bool euclidean =
            !p.has("ord") ||
            (ord.is(Type::Str) &&
             (in.toStr(ord) == "euclidean" || in.toStr(ord) == "fro")) ||
            (ord.isNumber() && ord.toDouble() == 2 &&
             !((p.get("axis").is(Type::List) ||
                p.get("axis").is(Type::Tuple)) &&
               in.len(p.get("axis")) == 2)); // a matrix's 2 is spectral
        Value x = r->toTensor(p.require("tensor", "norm"));
        Value axis = p.get("axis");
        validateNorm(in, ord, axis, p.values.count("ord") > 0);
        // As linalg_ops.norm: reductions keep their dimensions, which a
        // Squeeze drops after (so that a division by the norm divides by a
        // Squeeze, not a Sqrt, for grappler).
        bool keepdims = p.has("keepdims") && in.truthy(p.get("keepdims"));
        auto finish = [&](const Value &result) {
          return keepdims ? result : squeeze(*r, result, axis);
        };
        // A vector norm's axis reduces as a tuple (axis,), except for
        // ord 1 and inf, which take axis[0].
        Value reduced = axis.isIntLike() ? in.tuple({axis}) : axis;
        if (euclidean) {
          Value squares = binaryOp(*r, "Mul", x, x);
          return finish(
              unaryOp(*r, "Sqrt", reduce(*r, "Sum", squares, reduced, true)));
        }
        // Norms as linalg_ops.norm builds them: sum of |x| (ord 1; for a
        // matrix, the max of the column sums), max of |x| (ord inf; for
        // a matrix, of the row sums), (sum |x|^p)^(1/p) otherwise.
        bool vectorAxis = axis.isNone() || axis.isIntLike();
        double order = ord.isNumber() ? ord.toDouble() : 0;
        bool matrixOneOrInf = !vectorAxis && (order == 1 || std::isinf(order));
        if (!ord.isNumber() || (!vectorAxis && !matrixOneOrInf) || order <= 0)
          r->raise("UnimplementedError",
                   "kiln supports tf.norm's Euclidean/Frobenius norms, "
                   "matrix 1- and inf-norms and vector p-norms (p > 0, "
                   "including 1 and inf) only");
        Value magnitude = unaryOp(*r, "Abs", x);
        if (matrixOneOrInf) {
          ValueList axes = in.toList(axis);
          bool one = order == 1;
          Value sums = reduce(*r, "Sum", magnitude, axes[one ? 0 : 1], true);
          return finish(reduce(*r, "Max", sums, axes[one ? 1 : 0], true));
        }
        if (order == 1)
          return finish(reduce(*r, "Sum", magnitude, axis, true));
        if (std::isinf(order))
          return finish(reduce(*r, "Max", magnitude, axis, true));
        DType d = r->tensor(x).type.dtype;
        Value powered = binaryOp(*r, "Pow", magnitude, r->toTensor(ord, d));
        return finish(binaryOp(*r, "Pow",
                               reduce(*r, "Sum", powered, reduced, true),
                               r->toTensor(Value::floating(1.0 / order), d)));
      }));
  tf.def("linspace", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "linspace", {"start", "stop", "num", "name", "axis"});
    {
      // array_ops.convert_to_int_tensor(num): a float count is refused, not
      // truncated.
      Value num = p.require("num", "linspace");
      Value t = r->isTensor(num)          ? num
                : num.is(py::Type::Float) ? r->toTensor(num)
                                          : Value();
      DType d = t.isNone() ? DType::Int32 : r->tensor(t).type.dtype;
      if (!isInteger(d)) {
        std::string shown =
            r->isTensor(num) || !r->tracing
                ? in.toStr(formatValue(in, t, ""))
                : "Tensor(\"" + r->tracing->graph.uniqueName("linspace") +
                      "/num:0\", shape=" + r->tensor(t).type.shapeString() +
                      ", dtype=" + py::dtypeName(d) + ")";
        in.typeError("Argument `tensor` (name: num) must be of type integer. "
                     "Received `tensor` = " +
                     shown + " of dtype: <dtype: '" + py::dtypeName(d) + "'>");
      }
    }
    if (isRunTimeShape(*r, p.require("start", "linspace")) ||
        isRunTimeShape(*r, p.require("stop", "linspace")) ||
        isRunTimeShape(*r, p.require("num", "linspace")))
      return linspaceAtRunTime(
          *r, p.get("start"), p.get("stop"), p.get("num"),
          p.has("axis") ? in.toIndex(foldKnown(*r, p.get("axis"))) : 0);
    // The arguments' values, needed at trace time.
    auto known = [&](const Value &v, std::optional<DType> d) {
      HostTensorPtr c =
          r->isTensor(v) ? r->constantValue(v) : r->hostFromPython(v, d);
      if (!c)
        r->raise("UnimplementedError",
                 "kiln needs tf.linspace's arguments at trace time");
      return c;
    };
    HostTensorPtr start = known(p.require("start", "linspace"), std::nullopt);
    HostTensorPtr stop = known(p.require("stop", "linspace"),
                               r->isTensor(p.get("stop"))
                                   ? std::nullopt
                                   : std::optional<DType>(start->type.dtype));
    HostTensorPtr numValue = known(p.require("num", "linspace"), std::nullopt);
    // num is the limit of a Range: shape inference wants a scalar, the
    // eager kernel one element.
    const TensorType &numType = numValue->type;
    if (!numType.shape.empty() && (r->tracing || numType.numElements() != 1)) {
      if (r->tracing) {
        std::string range = r->tracing->graph.uniqueName("linspace") + "/range";
        in.valueError("Shape must be rank 0 but is rank " +
                      std::to_string(numType.shape.size()) +
                      "\n\t for 'limit' for '{{node " + range +
                      "}} = Range[Tidx=DT_INT64](" + range + "/start, " +
                      range + "/Cast, " + range +
                      "/delta)' with input shapes: [], " +
                      shapeList(numType.shape) + ", [].");
      }
      kernelError(*r, "Range",
                  "limit must be a scalar, not shape " +
                      shapeList(numType.shape));
    }
    int64_t num = numValue->elementAsInt(0);
    // A negative count makes linspace_nd's Range(1, num, 1) fail: shape
    // inference while tracing, the kernel eagerly.
    if (num < 0) {
      // (linspace_nd's range ends at -1 for any negative count.)
      std::string bounds = "Requires start <= limit when delta > 0: 1/-1";
      if (r->tracing) {
        std::string range = r->tracing->graph.uniqueName("linspace") + "/range";
        in.valueError(bounds + " for '{{node " + range +
                      "}} = Range[Tidx=DT_INT64](" + range + "/start, " +
                      range + "/Cast, " + range +
                      "/delta)' with input shapes: [], [], [] and with "
                      "computed input tensors: input[0] = <1>, input[1] = "
                      "<-1>, input[2] = <1>.");
      }
      kernelError(*r, "Range", bounds);
    }
    // float64 for a float64 or integer start (linspace_nd casts integers
    // to float64), float32 otherwise.
    DType startType = start->type.dtype;
    DType dtype = startType == DType::Float64 || isInteger(startType)
                      ? DType::Float64
                      : DType::Float32;
    // start and stop broadcast to one shape; the num points go on `axis`.
    std::vector<int64_t> shape;
    if (!broadcastShapes(start->type.shape, stop->type.shape, shape))
      kernelError(*r, "BroadcastArgs",
                  "Incompatible shapes: " + shapeList(start->type.shape) +
                      " vs. " + shapeList(stop->type.shape));
    int64_t rank = static_cast<int64_t>(shape.size());
    int64_t axis = p.has("axis") ? in.toIndex(foldKnown(*r, p.get("axis"))) : 0;
    if (axis < -rank - 1 || axis > rank)
      in.valueError("axis " + std::to_string(axis) +
                    " is out of range for "
                    "tf.linspace's result of rank " +
                    std::to_string(rank + 1));
    if (axis < 0)
      axis += rank + 1;
    // Each flat position of the broadcast shape reads these elements.
    std::vector<int64_t> startAt = broadcastSources(start->type.shape, shape),
                         stopAt = broadcastSources(stop->type.shape, shape);
    // start + delta * i with delta = (stop - start) / (num - 1), each step
    // rounded to the result's dtype, as math_ops.linspace_nd computes it;
    // the last point is stop itself.
    auto point = [&](double a, double b, int64_t i) -> double {
      if (num == 1 || i == 0)
        return a;
      if (i == num - 1)
        return b;
      if (dtype == DType::Float64)
        return a + (b - a) / double(num - 1) * double(i);
      float s = float(a), delta = (float(b) - s) / float(num - 1);
      return double(s + delta * float(i));
    };
    int64_t inner = 1, outer = 1;
    for (int64_t d = 0; d < rank; ++d)
      (d < axis ? outer : inner) *= shape[d];
    std::vector<int64_t> resultShape = shape;
    resultShape.insert(resultShape.begin() + axis, std::max<int64_t>(num, 0));
    TensorType resultType{dtype, resultShape};
    r->checkSize(resultType);
    auto host = graph::HostTensor::zeros(resultType);
    size_t size = py::dtypeSize(dtype);
    size_t at = 0;
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t i = 0; i < num; ++i)
        for (int64_t k = 0; k < inner; ++k, ++at) {
          size_t flat = static_cast<size_t>(o * inner + k);
          double v = point(start->elementAsDouble(startAt[flat]),
                           stop->elementAsDouble(stopAt[flat]), i);
          if (dtype == DType::Float64) {
            std::memcpy(host->bytes.data() + at * size, &v, size);
          } else {
            float f = float(v);
            std::memcpy(host->bytes.data() + at * size, &f, size);
          }
        }
    // Named as linspace_nd's last op, a Slice in its scope.
    ApiNameScope scope(*r, p.get("name"), "linspace");
    return r->constant(host, "Slice");
  });
  // Multiples of another length than the input's rank: shape inference's
  // ValueError while tracing (inside the Tile scope), the kernel's eagerly.
  auto tileRankError = [](TfRuntime &rt, const Value &x, size_t length) {
    const TensorType &t = rt.tensor(x).type;
    std::string rank = std::to_string(t.shape.size());
    if (rt.tracing) {
      std::string node = rt.tracing->graph.scopeName();
      rt.in.valueError("Shape must be rank " + rank + " but is rank " +
                       std::to_string(length) + " for '{{node " + node +
                       "}} = Tile[T=" + tfTypeName(t.dtype) +
                       ", Tmultiples=DT_INT32](" + inputName(rt, x) + ", " +
                       node +
                       "/multiples)' with input shapes: " + shapeList(t.shape) +
                       ", [" + std::to_string(length) + "].");
    }
    rt.raise("InvalidArgumentError",
             eagerKernelPrefix("Tile") +
                 "Expected multiples argument to be a vector of length " +
                 rank + " but got length " + std::to_string(length) +
                 " [Op:Tile]");
  };
  // A size that overflows 64 bits: shape inference's ValueError while
  // tracing, the kernel's TensorShape error eagerly.
  auto tileOverflow = [](TfRuntime &rt, const Value &x,
                         const std::vector<int64_t> &multiples, DType given,
                         int64_t size, int64_t multiple) {
    const TensorType &t = rt.tensor(x).type;
    if (rt.tracing) {
      std::string node = rt.tracing->graph.scopeName();
      rt.in.valueError(
          "Negative dimension size caused by overflow when multiplying " +
          std::to_string(size) + " and " + std::to_string(multiple) +
          " for '{{node " + node + "}} = Tile[T=" + tfTypeName(t.dtype) +
          ", Tmultiples=" + tfTypeName(given) + "](" + inputName(rt, x) + ", " +
          node + "/multiples)' with input shapes: " + shapeList(t.shape) +
          ", [" + std::to_string(multiples.size()) +
          "] and with input tensors computed as partial shapes: input[1] = " +
          shapeList(multiples) + ".");
    }
    kernelError(rt, "Tile",
                "Expected a non-negative size, got " +
                    std::to_string(std::numeric_limits<int64_t>::min()),
                "", /*named=*/false);
  };
  tf.def("tile",
         namedOp(
             *r, "Tile",
             [r, tileRankError, tileOverflow](Interpreter &in, CallArgs &args) {
               Params p(in, args, "tile", {"input", "multiples", "name"});
               Value x = r->toTensor(p.require("input", "tile"));
               needRank(*r, x, "tile's input");
               Value multiplesArg =
                   foldKnown(*r, p.require("multiples", "tile"));
               if (r->tracing && isRunTimeShape(*r, multiplesArg)) {
                 // Multiples known at run time only: a Tile node; its
                 // dimensions are known where the input's and the multiple's
                 // are.
                 Value m = shapeTensor(*r, multiplesArg, "Tile");
                 const TensorType &t = r->tensor(x).type;
                 std::vector<int64_t> known = knownDims(*r, m), shape;
                 if (known.size() != t.shape.size())
                   tileRankError(*r, x, known.size());
                 for (size_t d = 0; d < known.size(); ++d)
                   shape.push_back(known[d] < 0 || t.shape[d] < 0
                                       ? -1
                                       : known[d] * t.shape[d]);
                 return r->apply(
                     "Tile", {x, m},
                     {{"T", t.dtype}, {"Tmultiples", r->tensor(m).type.dtype}},
                     TensorType{t.dtype, shape}, "Tile");
               }
               ValueList multiples = in.toList(multiplesArg);
               // Float multiples convert to a float tensor, which Tile refuses.
               DType given = DType::Int32;
               for (const Value &m : multiples)
                 if (m.is(Type::Float) ||
                     (r->isTensor(m) && !isInteger(r->tensor(m).type.dtype)))
                   given = r->isTensor(m) ? r->tensor(m).type.dtype
                                          : DType::Float32;
               // (A multiple past int32 makes the list an int64 tensor.)
               if (given == DType::Int32)
                 given = intListDType(in, multiplesArg);
               if (r->isTensor(multiplesArg))
                 given = r->tensor(multiplesArg).type.dtype;
               if (!isInteger(given))
                 rejectDType(
                     *r, "Tile", "multiples", "Tmultiples", given,
                     "int32, int64", "int32, int64",
                     "; signature=input:T, multiples:Tmultiples -> output:T; "
                     "attr=T:type; attr=Tmultiples:type,default=DT_INT32,"
                     "allowed=[DT_INT32, DT_INT64]>",
                     /*named=*/false);
               if (multiples.size() != r->tensor(x).type.shape.size())
                 tileRankError(*r, x, multiples.size());
               // Many copies: one Tile node (a concatenation of that many would
               // take long to compile).
               int64_t copies = 1;
               std::vector<int64_t> known;
               for (const Value &m : multiples) {
                 known.push_back(in.toIndex(m));
                 if (__builtin_mul_overflow(
                         copies, std::max<int64_t>(known.back(), 0), &copies))
                   copies = INT64_MAX;
               }
               if (copies > 16) {
                 const TensorType &t = r->tensor(x).type;
                 std::vector<int64_t> shape;
                 for (size_t d = 0; d < known.size(); ++d) {
                   int64_t size = -1;
                   if (t.shape[d] >= 0 &&
                       __builtin_mul_overflow(t.shape[d], known[d], &size))
                     tileOverflow(*r, x, known, given, t.shape[d], known[d]);
                   shape.push_back(size);
                 }
                 Value m = intConstant(*r, known,
                                       isInteger(given) ? given : DType::Int32);
                 return recordComposite(*r, "Tile", {x, m}, {}, [&] {
                   return r->apply("Tile", {x, m},
                                   {{"T", t.dtype},
                                    {"Tmultiples", r->tensor(m).type.dtype}},
                                   TensorType{t.dtype, shape}, "Tile");
                 });
               }
               // Repeating along each axis is a concatenation of copies.
               for (size_t axis = 0; axis < multiples.size(); ++axis) {
                 int64_t m = in.toIndex(multiples[axis]);
                 if (m < 0)
                   kernelError(*r, "Tile",
                               "Expected multiples[" + std::to_string(axis) +
                                   "] >= 0, but got " + std::to_string(m),
                               "", /*named=*/false);
                 if (m ==
                     0) // no copies: an empty slice keeps the other dimensions
                   x = sliceAxis(*r, x, static_cast<int64_t>(axis), 0, 0);
                 else if (m != 1)
                   x = concat(*r, ValueList(static_cast<size_t>(m), x), axis,
                              "ConcatV2");
               }
               return x;
             }));
  tf.def("broadcast_to", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "broadcast_to", {"input", "shape", "name"});
    Value x = r->toTensor(p.require("input", "broadcast_to"));
    if (isRunTimeShape(*r, p.require("shape", "broadcast_to")))
      return broadcastToAtRunTime(*r, x, p.get("shape"));
    TensorType target = shapeArg(*r, p.require("shape", "broadcast_to"),
                                 r->tensor(x).type.dtype);
    std::vector<int64_t> shape;
    const TensorType &xt = r->tensor(x).type;
    OperandConsts operands(*r, "BroadcastTo");
    if (!broadcastShapes(xt.shape, target.shape, shape) ||
        shape != target.shape) {
      // Shape inference's errors while tracing, the kernel's eagerly.
      size_t rank = xt.shape.size(), wanted = target.shape.size();
      int64_t have = 0, want = 0;
      for (size_t i = 1; i <= std::min(rank, wanted); ++i)
        if (xt.shape[rank - i] != 1 &&
            xt.shape[rank - i] != target.shape[wanted - i]) {
          have = xt.shape[rank - i];
          want = target.shape[wanted - i];
          break;
        }
      std::string node = "'{{node " + operands.name() +
                         "}} = BroadcastTo[T=" + tfTypeName(xt.dtype) +
                         ", Tidx=DT_INT32](" + inputName(*r, x) + ", " +
                         operands.name() +
                         "/shape)' with input shapes: " + shapeList(xt.shape) +
                         ", [" + std::to_string(wanted) + "]";
      if (r->tracing && rank > wanted)
        in.valueError("Shape must be at most rank " + std::to_string(wanted) +
                      " but is rank " + std::to_string(rank) + " for " + node +
                      ".");
      if (r->tracing)
        in.valueError("Dimensions must be equal, but are " +
                      std::to_string(have) + " and " + std::to_string(want) +
                      " for " + node +
                      " and with input tensors computed as partial shapes: "
                      "input[1] = " +
                      shapeList(target.shape) + ".");
      kernelError(*r, "BroadcastTo",
                  rank > wanted
                      ? "Rank of input (" + std::to_string(rank) +
                            ") must be no greater than rank of output shape (" +
                            std::to_string(wanted) + ")."
                      : "Incompatible shapes: " + shapeList(xt.shape) +
                            " vs. " + shapeList(target.shape),
                  "", false);
    }
    operands.argument("shape", p.get("shape"), target.shape);
    return operands.attach(r->apply("BroadcastTo", {x}, {{"T", target.dtype}},
                                    target, operands.name(),
                                    operands.exactName()));
  });
  tf.def("eye", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "eye",
             {"num_rows", "num_columns", "batch_shape", "dtype", "name"});
    Value rowsArg = foldKnown(*r, p.require("num_rows", "eye"));
    Value colsArg = foldKnown(*r, p.get("num_columns"));
    Value batchArg = foldKnown(*r, p.get("batch_shape"));
    DType d = p.has("dtype") ? *dtypeArg(in, p.get("dtype")) : DType::Float32;
    if (isRunTimeShape(*r, rowsArg) || isRunTimeShape(*r, colsArg) ||
        isRunTimeShape(*r, batchArg))
      return eyeAtRunTime(*r, rowsArg, colsArg, batchArg, d);
    int64_t rows = in.toIndex(rowsArg);
    int64_t cols = p.has("num_columns") ? in.toIndex(colsArg) : rows;
    if (std::min(rows, cols) < 0) // the diagonal's ones come from a Fill
      kernelError(*r, "Fill",
                  "Dimension " + std::to_string(std::min(rows, cols)) +
                      " must be >= 0");
    // batch_shape: the matrix repeated over leading dimensions.
    std::vector<int64_t> shape = {rows, cols};
    if (p.has("batch_shape")) {
      ValueList batch = in.toList(batchArg);
      for (auto it = batch.rbegin(); it != batch.rend(); ++it) {
        int64_t n = in.toIndex(*it);
        if (n < 0) // TensorFlow's eye fills the batch with a Fill
          kernelError(*r, "Fill",
                      "Dimension " + std::to_string(n) + " must be >= 0");
        shape.insert(shape.begin(), n);
      }
    }
    // Named as eye's last op in its scope: matrix_diag of ones for a
    // square matrix, else matrix_set_diag of zeros.
    const char *op = rows == cols ? "MatrixDiagV3" : "MatrixSetDiagV3";
    const char *name = rows == cols ? "diag" : "set_diag";
    checkFitsInMemory(*r, op, {d, shape}, name);
    // Zeros with a one (of the dtype) on each matrix's diagonal.
    auto host = graph::HostTensor::zeros({d, shape});
    HostTensorPtr one = r->hostFromPython(
        d == DType::Bool ? Value::boolean(true) : Value::integer(1), d);
    const size_t size = one->bytes.size();
    int64_t matrices = 1;
    for (size_t k = 0; k + 2 < shape.size(); ++k)
      matrices *= shape[k];
    for (int64_t m = 0; m < matrices; ++m)
      for (int64_t i = 0; i < std::min(rows, cols); ++i)
        std::memcpy(host->bytes.data() +
                        (m * rows * cols + i * cols + i) * size,
                    one->bytes.data(), size);
    ApiNameScope scope(*r, p.get("name"), "eye");
    return r->constant(host, name);
  });
}

/// tf.constant of a list holding tensors or variables, which TensorFlow
/// refuses where tf.convert_to_tensor packs them: in a function,
/// make_tensor_proto's TypeError for any tensor in it; eagerly, the
/// EagerTensor constructor's ValueError, which wraps the TypeError that
/// len() raised on the first element it took for a sequence (a tensor is
/// walked down to a scalar), or its mixed-types error when a number came
/// first.
static void rejectTensorsInList(TfRuntime &rt, const Value &value) {
  Interpreter &in = rt.in;
  // Whether `v` holds a tensor (or, with `variables`, a variable).
  std::function<bool(const Value &, bool)> holds = [&](const Value &v,
                                                       bool variables) {
    if (rt.isTensor(v) || (variables && asVariable(v)))
      return true;
    Interpreter::RecursionScope nested(in, ""); // (a list holding itself)
    if (v.is(Type::List) || v.is(Type::Tuple))
      for (const Value &item : in.toList(v))
        if (holds(item, variables))
          return true;
    return false;
  };
  if (!value.is(Type::List) && !value.is(Type::Tuple))
    return;
  if (rt.tracing) {
    if (holds(value, false))
      in.typeError("Expected any non-tensor type, but got a tensor instead.");
    return;
  }
  if (!holds(value, true))
    return;
  Value first = value;
  while ((first.is(Type::List) || first.is(Type::Tuple)) &&
         !in.toList(first).empty())
    first = in.toList(first)[0];
  if (rt.isTensor(first))
    in.valueError("TypeError: Scalar tensor has no `len()`");
  if (asVariable(first))
    in.valueError("TypeError: object of type 'ResourceVariable' has no "
                  "len()\n");
  in.valueError("Can't convert Python sequence with mixed types to Tensor.");
}

void defineCreation(ModuleBuilder &tf) {
  TfRuntime *r = &tf.rt;
  tf.def("constant", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "constant", {"value", "dtype", "shape", "name"});
    Value value = p.require("value", "constant");
    auto dtype = dtypeArg(in, p.get("dtype"));
    Value t;
    // A graph tensor has no value to make a constant of (TensorFlow's
    // make_tensor_proto).
    if (r->isTensor(value) && r->tensor(value).symbolic())
      in.typeError("Expected any non-tensor type, but got a tensor instead.");
    // A variable converts eagerly to its value; in a function TensorFlow's
    // make_tensor_proto asks it for numpy(), which fails there.
    if (VariableObject *v = asVariable(value)) {
      if (r->tracing)
        in.raise("NotImplementedError", "numpy() is only available when "
                                        "eager execution is enabled.");
      value = r->eager(v->state->value);
    }
    if (r->isTensor(value)) {
      t = dtype ? cast(*r, value, *dtype) : value;
    } else {
      rejectTensorsInList(*r, value);
      t = r->constant(r->hostFromPython(value, dtype));
      // A graph constant of a range: TensorFlow's make_tensor_proto finds
      // no sizes in it, NumPy does (lists: TfRuntime::hostFromPython).
      if (r->tracing && value.is(Type::Range))
        in.valueError("Expected values " + in.repr(value) +
                      " to be a dense tensor with shape [], but got shape [" +
                      std::to_string(r->tensor(t).type.shape[0]) + "].");
    }
    if (p.has("shape")) {
      TensorType want = shapeArg(*r, p.get("shape"), DType::Float32);
      auto &tt = r->tensor(t).type;
      if (tt.numElements() == 1 && want.numElements() != 1)
        return r->constant(
            repeatScalar(*r, r->constantValue(t), {tt.dtype, want.shape}));
      // Other element counts must match: constant_op's own checks.
      if (want.isStatic() && tt.isStatic() &&
          tt.numElements() != want.numElements()) {
        TensorType shown = want;
        if (r->tracing)
          in.typeError("Expected Tensor's shape: " + shown.shapeString() +
                       ", but got " + tt.shapeString() + ".");
        in.typeError(
            "Eager execution of tf.constant with unsupported shape. Tensor " +
            py::numpyStr(r->constantValue(t)->view()) + " (converted from " +
            in.repr(value) + ") has " + std::to_string(tt.numElements()) +
            " elements, but got `shape` " + shown.shapeString() + " with " +
            std::to_string(want.numElements()) + " elements).");
      }
      return reshape(*r, t, p.get("shape"));
    }
    return t;
  });
  tf.def("convert_to_tensor", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "convert_to_tensor",
             {"value", "dtype", "dtype_hint", "name"});
    Value value = p.require("value", "convert_to_tensor");
    std::optional<DType> dtype = dtypeArg(in, p.get("dtype"));
    // dtype_hint: the dtype a Python value takes when it converts to it,
    // else the value's own (TensorFlow's preferred_dtype).
    if (!dtype && !r->isTensor(value) && p.has("dtype_hint") &&
        !p.get("dtype_hint").isNone()) {
      try {
        return r->toTensor(value, dtypeArg(in, p.get("dtype_hint")));
      } catch (py::PyException &) {
      }
    }
    return r->toTensor(value, dtype);
  });
  auto fill = [&](const char *name, double value) {
    tf.def(name, [r, name, value](Interpreter &in, CallArgs &args) {
      Params p(in, args, name, {"shape", "dtype", "name"});
      DType d = p.has("dtype") ? *dtypeArg(in, p.get("dtype")) : DType::Float32;
      if (d == DType::String && value == 1) // zeros are empty strings
        in.typeError("Cannot convert 1 to EagerTensor of dtype string");
      Value shape = numpyIndex(p.require("shape", name));
      checkIndexArgument(*r, shape, kFillDims, true);
      if (isRunTimeShape(*r, shape)) {
        // In array_ops' name scope, the Fill node named after it; a scalar
        // size is reshaped to a vector first.
        std::optional<graph::ScopeGuard> scope;
        std::string node = name;
        if (r->tracing) {
          scope.emplace(r->tracing->graph, name);
          node = r->tracing->graph.scopeName();
        }
        if (r->isTensor(shape) && !r->tensor(shape).type.unknownRank &&
            r->tensor(shape).type.shape.empty())
          shape = reshape(*r, shape, in.list({Value::integer(-1)}));
        // The shape converts (a list packs) before the value's constant; a
        // shape vector of unknown length goes to fillAtRunTime as it is.
        const TensorType *st =
            r->isTensor(shape) ? &r->tensor(shape).type : nullptr;
        bool unknownLength =
            st && !st->unknownRank && st->shape.size() == 1 && st->shape[0] < 0;
        Value dims = unknownLength ? shape : shapeTensor(*r, shape, name);
        Value out = fillAtRunTime(*r, dims, filled(*r, {d, {}}, value), name);
        if (r->tracing)
          r->tracing->graph.nodes[r->tensor(out).out.node].name = node;
        return out;
      }
      // A (non-empty) string converts as the int32 shape tensor it is not;
      // bytes are a sequence of ints.
      if (shape.is(Type::Str) && !shape.as<py::StrObject>().s.empty())
        r->hostFromPython(shape, DType::Int32);
      // A TensorShape converts to a tensor only when fully known.
      auto *known = shape.is(Type::Native)
                        ? dynamic_cast<TensorShapeObject *>(shape.raw())
                        : nullptr;
      if (known && !known->type.isStatic())
        in.valueError("Cannot convert a partially known TensorShape " +
                      in.toStr(shape) + " to a Tensor.");
      rejectNegativeDims(
          *r, shape, d, [&] { return r->tracing->graph.uniqueName(name); },
          [](const std::string &node) {
            return node + "/Const, " + node + "/Const_1";
          },
          true);
      // A graph constant named after the op, as _constant_if_small names it.
      TensorType type = shapeArg(*r, shape, d);
      if (!r->tracing || !type.isStatic())
        return filled(*r, type, value);
      size_t before = r->tracing->graph.nodes.size();
      Value out = filled(*r, type, value);
      nameLastNode(*r, out, before, name);
      return out;
    });
  };
  fill("zeros", 0);
  fill("ones", 1);
  auto like = [&](const char *name, double value) {
    tf.def(name,
           namedOp(*r, name, [r, name, value](Interpreter &in, CallArgs &args) {
             Params p(in, args, name, {"input", "dtype", "name"});
             Value t = r->toTensor(p.require("input", name));
             TensorType type = r->tensor(t).type;
             if (p.has("dtype"))
               type.dtype = *dtypeArg(in, p.get("dtype"));
             // Strings have zeros (empty strings) but no ones: OnesLike's
             // dtype check eagerly, its constant's conversion in a graph.
             if (type.dtype == DType::String && value == 1) {
               if (r->tracing)
                 in.typeError("Expected string, but got 1 of type 'int'.");
               rejectDType(*r, "OnesLike", "x", "T", type.dtype, "",
                           "bfloat16, half, float, double, int8, uint8, "
                           "int16, uint16, int32, uint32, int64, uint64, "
                           "complex64, complex128, bool",
                           "; signature=x:T -> y:T; attr=T:type,allowed=["
                           "DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, "
                           "DT_INT8, DT_UINT8, DT_INT16, DT_UINT16, DT_INT32, "
                           "DT_UINT32, DT_INT64, DT_UINT64, DT_COMPLEX64, "
                           "DT_COMPLEX128, DT_BOOL]>");
             }
             if (!type.isStatic()) // the shape is known at run time only
               return r->apply(value == 0 ? "ZerosLike" : "OnesLike", {t},
                               {{"T", type.dtype}}, type,
                               value == 0 ? "zeros_like" : "ones_like");
             return filled(*r, type, value);
           }));
  };
  like("zeros_like", 0);
  like("ones_like", 1);
  tf.def("fill", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "fill", {"dims", "value", "name"});
    Value valueArg = p.require("value", "fill");
    Value dims = p.require("dims", "fill");
    checkIndexArgument(*r, dims, kFillDims, false);
    if (asVariable(valueArg))
      valueArg = r->toTensor(valueArg);
    // A value that is not a scalar: shape inference's error while tracing,
    // the kernel's eagerly, where a vector of one element will do (a
    // legacy scalar).
    if (r->isTensor(valueArg) && !r->tensor(valueArg).type.unknownRank &&
        !r->tensor(valueArg).type.shape.empty() &&
        (r->tracing ||
         r->tensor(valueArg).type.shape != std::vector<int64_t>{1})) {
      const TensorType &vt = r->tensor(valueArg).type;
      if (!r->tracing)
        kernelError(*r, "Fill",
                    "value must represent a scalar, got shape " +
                        shapeList(vt.shape),
                    "", false);
      std::string node = r->tracing->graph.uniqueName("Fill");
      bool dimsTensor = r->isTensor(dims);
      std::string dimsShape =
          dimsTensor ? shapeList(r->tensor(dims).type.shape)
          : dims.is(Type::List) || dims.is(Type::Tuple)
              ? "[" + std::to_string(in.toList(dims).size()) + "]"
              : "[]";
      in.valueError(
          "Shape must be rank 0 but is rank " +
          std::to_string(vt.shape.size()) + " for '{{node " + node +
          "}} = Fill[T=" + tfTypeName(vt.dtype) + ", index_type=DT_INT32](" +
          (dimsTensor ? inputName(*r, dims) : node + "/dims") + ", " +
          inputName(*r, valueArg) + ")' with input shapes: " + dimsShape +
          ", " + shapeList(vt.shape) + ".");
    }
    if (isRunTimeShape(*r, dims) ||
        (r->tracing && r->isTensor(valueArg) && !r->constantValue(valueArg)))
      return fillAtRunTime(*r, dims, r->toTensor(valueArg), "Fill");
    // Known dims and value: the Fill node is a constant here, its operands
    // named as TensorFlow names them.
    if (HostTensorPtr v = r->isTensor(valueArg)
                              ? r->constantValue(valueArg)
                              : r->hostFromPython(valueArg, std::nullopt))
      rejectNegativeDims(
          *r, dims, v->type.dtype,
          [&] { return r->tracing->graph.uniqueName("Fill"); },
          [](const std::string &node) {
            return node + "/dims, " + node + "/value";
          },
          false);
    OperandConsts operands(*r, "Fill");
    TensorType type = shapeArg(*r, dims, DType::Float32);
    operands.argument("dims", dims, type.shape);
    Value v = operands.input("value", valueArg, std::nullopt);
    operands.tensor(v);
    HostTensorPtr value = r->constantValue(v);
    if (!value)
      r->raise("UnimplementedError",
               "kiln needs tf.fill's value known at trace time here");
    type.dtype = value->type.dtype;
    return operands.attach(r->constant(repeatScalar(*r, value, type),
                                       operands.name(), operands.exactName()));
  });
  tf.def("range", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "range", {"start", "limit", "delta", "dtype", "name"});
    // NumPy values convert as tensors of their dtype (np.int64(4) makes
    // an int64 range).
    auto bound = [&](const Value &v) {
      return v.is(Type::Native) && dynamic_cast<NdArrayObject *>(v.raw())
                 ? r->toTensor(v)
                 : v;
    };
    Value start = bound(p.require("start", "range")),
          limit = bound(p.get("limit"));
    const Value givenDelta =
        bound(p.has("delta") ? p.get("delta") : Value::integer(1));
    if (p.has("dtype"))
      checkRangeDtype(*r, *dtypeArg(in, p.get("dtype")),
                      limit.isNone() ? Value::integer(0) : start);
    // A range whose bounds are symbolic scalars has a run-time length.
    if (r->tracing) {
      Value from = limit.isNone() ? Value::integer(0) : start;
      Value to = limit.isNone() ? start : limit;
      Value step = givenDelta;
      bool dynamic = false, integers = true;
      std::optional<DType> dtype;
      for (const Value *v : {&from, &to, &step}) {
        if (!r->isTensor(*v)) {
          integers &= v->isIntLike();
          continue;
        }
        DType d = r->tensor(*v).type.dtype;
        integers &= isInteger(d);
        dtype = dtype ? *dtype : d;
        dynamic |= !r->constantValue(*v);
      }
      if (dynamic && !integers) {
        // A float range of run-time length: the bounds in the widest
        // float type among them (a Python float counts as float32).
        DType d = DType::Float32;
        for (const Value *v : {&from, &to, &step})
          if (r->isTensor(*v) && r->tensor(*v).type.dtype == DType::Float64)
            d = DType::Float64;
        if (p.has("dtype"))
          d = *dtypeArg(in, p.get("dtype"));
        return rangeNode(*r, from, to, step, d, -1);
      }
      if (dynamic && integers) {
        DType d = p.has("dtype") ? *dtypeArg(in, p.get("dtype"))
                                 : dtype.value_or(DType::Int32);
        // Bounds that shape inference evaluates (sizes of static shapes
        // and arithmetic on them) give the range its static length.
        int64_t length = -1;
        Value a = foldKnown(*r, from), b = foldKnown(*r, to),
              c = foldKnown(*r, step);
        if (a.isIntLike() && b.isIntLike() && c.isIntLike() && c.asInt() != 0) {
          int64_t span = b.asInt() - a.asInt(), by = c.asInt();
          length =
              std::max<int64_t>(0, (span + (by > 0 ? by - 1 : by + 1)) / by);
        }
        // A float range over integer bounds: the integers, cast (exact
        // while they fit the float's mantissa, as the kernel's sums are).
        if (isFloating(d))
          return cast(*r,
                      rangeNode(*r, from, to, step,
                                dtype.value_or(DType::Int32), length),
                      d);
        return rangeNode(*r, from, to, step, d, length);
      }
    }
    Value delta = givenDelta;
    if (limit.isNone()) {
      limit = start;
      start = Value::integer(0);
    }
    // TensorFlow's dtype: the widest of the arguments' in int32, int64,
    // float16, bfloat16, float32, float64 (Python numbers as int32 or
    // float32).
    static const DType hierarchy[] = {DType::Int32,   DType::Int64,
                                      DType::Float16, DType::BFloat16,
                                      DType::Float32, DType::Float64};
    auto rank = [&](DType d) {
      return std::find(std::begin(hierarchy), std::end(hierarchy), d) -
             std::begin(hierarchy);
    };
    std::optional<DType> widest;
    for (const Value *v : {&start, &limit, &delta}) {
      // A Python int converts as convert_to_tensor infers it: int32, or
      // int64 when it does not fit.
      std::optional<DType> d;
      if (r->isTensor(*v))
        d = r->tensor(*v).type.dtype;
      else if (v->is(Type::Int))
        d = r->hostFromPython(*v, std::nullopt)->type.dtype;
      if (d && (!widest || rank(*d) > rank(*widest)))
        widest = d;
    }
    // Bounds that are not scalars: shape inference's ValueError while
    // tracing (the Range node raises it, known or not), the eager kernel's
    // error unless they hold one element.
    const std::pair<const char *, const Value *> bounds[] = {
        {"start", &start}, {"limit", &limit}, {"delta", &delta}};
    for (auto [name, v] : bounds) {
      if (!r->isTensor(*v) || r->tensor(*v).type.unknownRank ||
          r->tensor(*v).type.shape.empty())
        continue;
      if (r->tracing)
        return rangeNode(*r, start, limit, delta, widest.value_or(DType::Int32),
                         -1);
      if (HostTensorPtr c = r->constantValue(*v);
          c && c->type.numElements() != 1)
        kernelError(*r, "Range",
                    std::string(name) + " must be a scalar, not shape " +
                        shapeList(c->type.shape));
    }
    auto scalar = [&](const Value &v) {
      if (r->isTensor(v)) {
        HostTensorPtr c = r->constantValue(v);
        if (!c || c->type.numElements() != 1)
          r->raise("UnimplementedError",
                   "kiln needs tf.range's bounds known at trace time: a range "
                   "whose size depends on a tensor is not supported yet");
        return pythonScalar(*c, 0);
      }
      return v;
    };
    // The bounds as given, for the graph's Range node and its operands.
    const Value givenStart = start, givenLimit = limit;
    if (p.has("dtype")) {
      // tf.range converts a Python bound to the dtype given, as
      // convert_to_tensor does: an int past int32 wraps around, a float
      // for an integer dtype is its TypeError.
      DType given = *dtypeArg(in, p.get("dtype"));
      for (Value *v : {&start, &limit, &delta})
        if (!r->isTensor(*v) && v->isNumber())
          *v = pythonScalar(*r->hostFromPython(*v, given), 0);
    }
    start = scalar(start);
    limit = scalar(limit);
    delta = scalar(delta);
    bool isFloat =
        start.is(Type::Float) || limit.is(Type::Float) || delta.is(Type::Float);
    DType d = isFloat ? DType::Float32 : DType::Int32;
    if (widest && rank(*widest) > rank(d))
      d = *widest;
    if (p.has("dtype"))
      d = *dtypeArg(in, p.get("dtype"));
    double s = start.toDouble(), l = limit.toDouble(), dl = delta.toDouble();
    // A half or bfloat16 kernel rounds its bounds, and every operation's
    // result, to its dtype.
    bool halfType = d == DType::Float16 || d == DType::BFloat16;
    auto rounded = [d](double x) -> double {
      float f = static_cast<float>(x);
      return d == DType::Float16 ? py::halfToFloat(py::floatToHalf(f))
                                 : py::bfloat16ToFloat(py::floatToBFloat16(f));
    };
    if (halfType) {
      s = rounded(s);
      l = rounded(l);
      dl = rounded(dl);
    }
    // Shape inference cannot evaluate a half range of constant bounds.
    bool half = r->tracing && d == DType::Float16;
    // The Range kernel's checks, its numbers printed as C++ streams do.
    auto number = [&](double v) {
      char buf[32];
      if (isFloating(d))
        snprintf(buf, sizeof buf, "%g", v);
      else
        snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
      return std::string(buf);
    };
    // As the kernel words them, a NaN bound fails the order check and an
    // infinite one the size check.
    std::string bad =
        half      ? "Unsupported dtype19"
        : dl == 0 ? "Requires delta != 0"
        : dl > 0 && !(s <= l)
            ? "Requires start <= limit when delta > 0: " + number(s) + "/" +
                  number(l)
        : !(dl > 0) && !(s >= l)
            ? "Requires start >= limit when delta < 0: " + number(s) + "/" +
                  number(l)
        : !(std::fabs((l - s) / dl) <= 9.2233720368547758e18)
            ? "Requires ((limit - start) / delta) <= 9223372036854775807"
            : "";
    if (!bad.empty() && r->tracing) {
      // Shape inference's error, naming the node TensorFlow would add.
      std::string node = r->tracing->graph.uniqueName("range");
      in.valueError(bad + " for '{{node " + node +
                    "}} = Range[Tidx=" + tfTypeName(d) + "](" + node +
                    "/start, " + node + "/limit, " + node +
                    "/delta)' with input shapes: [], [], [] and with "
                    "computed input tensors: input[0] = <" +
                    number(s) + ">, input[1] = <" + number(l) +
                    ">, input[2] = <" + number(dl) + ">.");
    }
    if (!bad.empty())
      kernelError(*r, "Range", dl == 0 ? bad + ": " + number(dl) : bad);
    // A float range is computed in its dtype, as the Range kernel does:
    // the size from ceil(|(limit - start) / delta|), value i as
    // start + i * delta rounded after each operation (3 * 0.3 is
    // 0.90000004 in float32).
    bool single = isFloating(d) && d != DType::Float64;
    int64_t n =
        halfType ? static_cast<int64_t>(
                       std::ceil(std::fabs(rounded(rounded(l - s) / dl))))
        : single
            ? static_cast<int64_t>(std::ceil(
                  std::fabs((static_cast<float>(l) - static_cast<float>(s)) /
                            static_cast<float>(dl))))
            : std::max<int64_t>(0,
                                static_cast<int64_t>(std::ceil((l - s) / dl)));
    // An integer range counts in integers, as the kernel does: a double
    // loses bounds past 2^53.
    std::optional<int64_t> first, by;
    if (isInteger(d) && start.isIntLike() && limit.isIntLike() &&
        delta.isIntLike()) {
      int64_t a = start.asInt(), b = limit.asInt(), c = delta.asInt(), span;
      if (!__builtin_sub_overflow(b, a, &span) && c != 0 &&
          span / c < std::numeric_limits<int64_t>::max()) {
        first = a;
        by = c;
        n = std::max<int64_t>(0, span / c + (span % c != 0 ? 1 : 0));
      }
    }
    // In a graph an integer range is a Range node, as in TensorFlow: its
    // size stays out of the graph (a loop over tf.range(3000) is as small
    // as one over tf.range(3)).
    if (r->tracing && isInteger(d))
      return rangeNode(*r, givenStart, givenLimit, givenDelta, d, n);
    // Otherwise a constant, with the operands TensorFlow's Range has.
    OperandConsts operands(*r, "range");
    for (auto [param, v] :
         {std::pair{"start", &givenStart}, std::pair{"limit", &givenLimit},
          std::pair{"delta", &givenDelta}})
      if (r->isTensor(*v))
        operands.tensor(*v);
      else
        operands.inScope(param, *v, d);
    checkFitsInMemory(*r, "Range", {d, {n}});
    // Element i as the kernel computes it, written straight into the
    // tensor (a Python list of 10^8 numbers would take seconds).
    auto typed = graph::HostTensor::zeros({d, {n}});
    void *data = typed->data();
    bool wrote = true;
    for (int64_t i = 0; i < n && wrote; ++i) {
      if (halfType) { // start + T(i) * delta
        float v = static_cast<float>(
            rounded(s + rounded(rounded(static_cast<double>(i)) * dl)));
        static_cast<uint16_t *>(data)[i] =
            d == DType::Float16 ? py::floatToHalf(v) : py::floatToBFloat16(v);
      } else if (single) {
        volatile float step = static_cast<float>(i) * static_cast<float>(dl);
        static_cast<float *>(data)[i] = static_cast<float>(s) + step;
      } else if (d == DType::Float64) {
        volatile double step = static_cast<double>(i) * dl;
        static_cast<double *>(data)[i] = s + step;
      } else if (first && d == DType::Int64) {
        static_cast<int64_t *>(data)[i] = *first + i * *by;
      } else if (first && d == DType::Int32) {
        int64_t v = *first + i * *by;
        wrote = v >= std::numeric_limits<int32_t>::min() &&
                v <= std::numeric_limits<int32_t>::max();
        static_cast<int32_t *>(data)[i] = static_cast<int32_t>(v);
      } else {
        wrote = false;
      }
    }
    if (!wrote) {
      // The rest (float bounds of an integer dtype, int32 values past its
      // range) convert as Python numbers do, with their errors.
      ValueList items;
      for (int64_t i = 0; i < n; ++i) {
        if (isFloat) {
          volatile double step = static_cast<double>(i) * dl;
          items.push_back(Value::floating(s + step));
        } else {
          items.push_back(Value::integer(static_cast<int64_t>(s) +
                                         i * static_cast<int64_t>(dl)));
        }
      }
      auto host = r->hostFromPython(in.list(items), d);
      typed = std::make_shared<graph::HostTensor>(*host);
      typed->type.shape = {n};
    }
    return operands.attach(
        r->constant(typed, operands.name(), operands.exactName()));
  });
  auto makeSpec = [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "TensorSpec", {"shape", "dtype", "name"});
    auto spec = std::make_shared<TensorSpecObject>();
    spec->type.dtype =
        p.has("dtype") ? *dtypeArg(in, p.get("dtype")) : DType::Float32;
    Value shape = p.get("shape");
    if (shape.isNone()) {
      spec->type.unknownRank = true;
    } else {
      for (auto &d : in.toList(shape)) {
        int64_t n = d.isNone() ? -1 : in.toIndex(d);
        if (!d.isNone() && n < 0) // TensorShape's Dimension rejects it
          in.valueError("Dimension " + std::to_string(n) + " must be >= 0");
        spec->type.shape.push_back(n);
      }
    }
    spec->name = p.get("name");
    return Value::object(Type::Native, spec);
  };
  // TensorSpec(...) and the class method TensorSpec.from_tensor(t).
  auto specType = std::make_shared<CallableType>("TensorSpec", makeSpec);
  Interpreter *interp = &tf.in;
  specType->instances = [interp](const Value &v) {
    return interp->typeName(v) == "TensorSpec";
  };
  tf.set("TensorSpec", Value::object(Type::Native, specType));
  TfRuntime *rr = r;
  tf.module->dict["TensorSpec"].as<CallableType>().attrs["from_tensor"] =
      tf.in.builtin("from_tensor", [rr](Interpreter &in, CallArgs &args) {
        Params p(in, args, "from_tensor", {"tensor", "name"});
        Value t = rr->toTensor(p.require("tensor", "from_tensor"));
        Value name = p.get("name");
        // A graph tensor's spec is named after its op.
        if (name.isNone() && rr->tensor(t).symbolic())
          name = in.str(rr->tensor(t).nodeName());
        return tensorSpec(rr->tensor(t).type, name);
      });
  auto shapeType = std::make_shared<CallableType>(
      "TensorShape",
      [r](Interpreter &in, CallArgs &args) {
        Params p(in, args, "TensorShape", {"dims"});
        return makeShape(shapeArg(*r, p.get("dims"), DType::Float32));
      },
      "tensorflow.python.framework.tensor_shape");
  shapeType->instances = [interp](const Value &v) {
    return interp->typeName(v) == "TensorShape";
  };
  tf.set("TensorShape", Value::object(Type::Native, shapeType));
  tf.def("shape", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "shape", {"input", "out_type", "name"});
    Value t = r->toTensor(p.require("input", "shape"));
    const TensorType &type = r->tensor(t).type;
    DType out =
        p.has("out_type") ? *dtypeArg(in, p.get("out_type")) : DType::Int32;
    if (!type.isStatic()) // known at run time: a Shape node
      return r->apply("Shape", {t}, {{"out_type", out}},
                      TensorType{out,
                                 {type.unknownRank ? -1
                                                   : static_cast<int64_t>(
                                                         type.shape.size())}},
                      "Shape");
    ValueList dims;
    for (int64_t d : type.shape)
      dims.push_back(Value::integer(d));
    return r->constant(r->hostFromPython(in.list(dims), out), "Shape");
  });
  tf.def("size", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "size", {"input", "out_type", "name"});
    Value t = r->toTensor(p.require("input", "size"));
    DType out =
        p.has("out_type") ? *dtypeArg(in, p.get("out_type")) : DType::Int32;
    int64_t n = r->tensor(t).type.numElements();
    if (n < 0)
      return r->apply("Size", {t}, {{"out_type", out}}, TensorType{out, {}},
                      "Size");
    return r->constant(r->hostFromPython(Value::integer(n), out), "Size");
  });
  // tf.broadcast_static_shape: common_shapes.broadcast_shape of two
  // TensorShapes (an unknown dimension takes the other's size above 1).
  tf.def("broadcast_static_shape", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "broadcast_static_shape", {"shape_x", "shape_y"});
    Value xArg = p.require("shape_x", "broadcast_static_shape");
    Value yArg = p.require("shape_y", "broadcast_static_shape");
    for (const Value &v : {xArg, yArg})
      if (!v.is(Type::Native) || !dynamic_cast<TensorShapeObject *>(v.raw()))
        in.raise("AttributeError",
                 "'" + in.typeName(v) + "' object has no attribute 'ndims'");
    TensorType x = asShape(in, xArg), y = asShape(in, yArg);
    TensorType out;
    out.unknownRank = x.unknownRank || y.unknownRank;
    for (size_t i = 0;
         !out.unknownRank && i < std::max(x.shape.size(), y.shape.size());
         ++i) {
      auto dim = [&](const TensorType &t) {
        return i < t.shape.size() ? t.shape[t.shape.size() - 1 - i] : 1;
      };
      int64_t a = dim(x), b = dim(y), d;
      if (a < 0 || b < 0)
        d = a > 1 ? a : b > 1 ? b : -1;
      else if (a == 1 || a == b)
        d = b;
      else if (b == 1)
        d = a;
      else
        in.valueError("Incompatible shapes for broadcasting. Two shapes are "
                      "compatible if for each dimension pair they are either "
                      "equal or one of them is 1. Received: " +
                      in.toStr(xArg) + " and " + in.toStr(yArg) + ".");
      out.shape.insert(out.shape.begin(), d);
    }
    return makeShape(out);
  });
  // tf.broadcast_dynamic_shape: BroadcastArgs of two shape vectors, which
  // kiln computes when both are known at trace time.
  tf.def("broadcast_dynamic_shape", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "broadcast_dynamic_shape", {"shape_x", "shape_y"});
    Value xArg = p.require("shape_x", "broadcast_dynamic_shape");
    Value yArg = p.require("shape_y", "broadcast_dynamic_shape");
    PythonOperands slowPath(*r, {xArg, yArg});
    Value x = r->toTensor(xArg), y = r->toTensor(yArg);
    HostTensorPtr a = r->constantValue(x), b = r->constantValue(y);
    if (!a || !b)
      r->raise("UnimplementedError",
               "kiln needs tf.broadcast_dynamic_shape's shapes at trace time");
    auto values = [](const HostTensorPtr &h) {
      std::vector<int64_t> v;
      for (int64_t i = 0; i < h->type.numElements(); ++i)
        v.push_back(h->elementAsInt(i));
      return v;
    };
    std::vector<int64_t> sx = values(a), sy = values(b), out;
    if (!broadcastShapes(sx, sy, out))
      kernelError(*r, "BroadcastArgs",
                  "Incompatible shapes: " + shapeList(sx) + " vs. " +
                      shapeList(sy));
    return r->constant(
        r->hostFromPython(pyIntList(in, out), r->tensor(x).type.dtype),
        "BroadcastArgs");
  });
  // tf.shape_n: the shape of each tensor of a list.
  tf.def("shape_n", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "shape_n", {"input", "out_type", "name"});
    ValueList shapes;
    for (const Value &t : in.toList(p.require("input", "shape_n")))
      shapes.push_back(
          callTf(in, {"shape"}, {t},
                 {{"out_type", p.has("out_type") ? p.get("out_type")
                                                 : makeDType(DType::Int32)}}));
    return in.list(std::move(shapes));
  });
  tf.def("rank", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "rank", {"input", "name"});
    Value t = r->toTensor(p.require("input", "rank"));
    const TensorType &type = r->tensor(t).type;
    if (type.unknownRank) // known once the call's shapes are (RankSpecialize)
      return r->apply("Rank", {t}, {}, TensorType{DType::Int32, {}}, "Rank");
    return r->constant(
        r->hostFromPython(Value::integer(int64_t(type.shape.size())),
                          DType::Int32),
        "Rank");
  });
}

/// tf.cond, tf.while_loop and tf.autograph: staged when their predicate
/// or state is symbolic, plain Python calls otherwise (as TensorFlow runs
/// them eagerly).
/// TensorFlow checks an input_signature against the function when
/// decorating: each positional parameter without a default needs a spec
/// (a method's self aside), each keyword-only one a default.
void checkSignatureCovers(Interpreter &in, const Value &fn, size_t specs) {
  if (!fn.is(Type::Function))
    return;
  auto &f = fn.as<py::FunctionObject>();
  std::vector<std::string> names;
  for (auto &a : f.args->posonly)
    names.push_back(a.name);
  for (auto &a : f.args->args)
    names.push_back(a.name);
  size_t self = !names.empty() && names[0] == "self" ? 1 : 0;
  if (!f.args->vararg && specs > names.size() - self)
    in.typeError("input_signature contains " +
                 std::to_string(specs - (names.size() - self)) +
                 " extra type constraints.");
  size_t firstDefault = names.size() - f.defaults.size();
  for (size_t i = self + specs; i < firstDefault; ++i)
    in.typeError("input_signature missing type constraint for " + names[i]);
  for (size_t k = 0; k < f.args->kwonly.size(); ++k)
    if (k >= f.kwDefaults.size() || !f.kwDefaults[k])
      in.typeError("Since input_signature is defined, keyword-only "
                   "parameter `" +
                   f.args->kwonly[k].name + "` must have a default value");
}

void defineControlFlow(Interpreter &in, TfRuntime &rt, ModuleBuilder &tf) {
  TfRuntime *r = &rt;
  tf.def("TensorArray", [r](Interpreter &in, CallArgs &args) {
    return makeTensorArray(*r, args);
  });
  tf.def("is_tensor", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "is_tensor", {"x"});
    // Variables are tensor-like to TensorFlow's is_tf_type.
    Value x = p.require("x", "is_tensor");
    return Value::boolean(r->isTensor(x) || asVariable(x));
  });
  tf.def("cond", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "cond", {"pred", "true_fn", "false_fn", "name"});
    Value pred = p.require("pred", "cond");
    Value trueFn = p.get("true_fn"), falseFn = p.get("false_fn");
    // control_flow_ops.cond's checks, in its order.
    for (auto [fn, name] :
         {std::pair{&trueFn, "true_fn"}, {&falseFn, "false_fn"}})
      if (fn->isNone())
        in.typeError(std::string("cond(): '") + name + "' argument required");
    for (auto [fn, name] :
         {std::pair{&trueFn, "true_fn"}, {&falseFn, "false_fn"}})
      if (!in.isCallable(*fn))
        in.typeError(std::string("'") + name + "' must be callable.");
    if (r->isTensor(pred) && r->tensor(pred).symbolic())
      return stageCond(*r, pred, trueFn, falseFn);
    // cond_v2 takes a tensor: a Python bool while tracing is a mistake
    // (its TypeError's two arguments print as a tuple).
    if (r->tracing && pred.is(py::Type::Bool))
      in.typeError(std::string("('pred must not be a Python bool', ") +
                   (pred.asBool() ? "True" : "False") + ")");
    return in.call(in.truthy(pred) ? trueFn : falseFn, ValueList{});
  });
  tf.def("while_loop", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "while_loop",
             {"cond", "body", "loop_vars", "shape_invariants",
              "parallel_iterations", "back_prop", "swap_memory",
              "maximum_iterations", "name"});
    Value cond = p.require("cond", "while_loop");
    Value body = p.require("body", "while_loop");
    Value vars = p.require("loop_vars", "while_loop");
    Value maxIter = p.get("maximum_iterations");
    // The loop variables are unpacked into cond(*loop_vars): a dict's are
    // its keys, strings that cond and body then get (and usually index).
    if (vars.is(Type::Dict)) {
      vars = in.list(in.toList(vars));
      in.call(cond, in.toList(vars));
    }
    bool listVars = vars.is(Type::List) || vars.is(Type::Tuple);
    // while_loop takes len(loop_vars): a graph tensor has none, nor has
    // an eager scalar (asked when given maximum_iterations).
    if (!listVars && r->isTensor(vars) && r->tensor(vars).symbolic())
      in.typeError("len is not well defined for a symbolic Tensor (" +
                   in.toStr(in.getAttr(vars, "name")) +
                   "). Please call `x.shape` rather than `len(x)` for "
                   "shape information.");
    if (!maxIter.isNone() && !listVars && r->isTensor(vars) &&
        !r->tensor(vars).type.unknownRank && r->tensor(vars).type.shape.empty())
      in.typeError("Scalar tensor has no `len()`");
    ValueList flat = listVars ? in.toList(vars) : ValueList{vars};
    bool symbolic = false;
    for (auto &v : flat)
      symbolic |= r->isTensor(v) && r->tensor(v).symbolic();
    if (r->tracing)
      symbolic = true; // a loop in a function is always staged
    if (symbolic)
      return stageWhileLoop(*r, cond, body, vars, p.get("shape_invariants"),
                            maxIter);
    // Eager: a Python loop over the callables, as while_loop's eager path.
    if (!r->isTensor(vars) && !in.truthy(vars))
      in.valueError("'loop_vars' must be provided.");
    Value state = vars;
    // (A negative maximum_iterations runs no iteration, as i < limit
    // never holds.)
    std::optional<int64_t> limit;
    if (r->isTensor(maxIter))
      limit = r->tensor(maxIter).value->elementAsInt(0);
    else if (!maxIter.isNone())
      limit = in.toIndex(maxIter);
    // Each body result must have the loop variables' structure (with
    // maximum_iterations, TensorFlow's loop variables are a Python counter
    // and the user's).
    Value structure;
    if (listVars) {
      Value specs = callTf(in, {"nest", "map_structure"},
                           {in.builtin("type_spec_from_value",
                                       [r](Interpreter &, CallArgs &args) {
                                         const Value &v = args.positional.at(0);
                                         if (asTensorArray(v))
                                           return v;
                                         return tensorSpec(
                                             r->tensor(r->toTensor(v)).type);
                                       }),
                            !limit ? in.list(in.toList(vars)) : vars});
      structure =
          !limit ? specs
                 : in.list({tensorSpec(TensorType{DType::Int32, {}}), specs});
    }
    for (int64_t i = 0;; ++i) {
      ValueList callArgs = listVars ? in.toList(state) : ValueList{state};
      // With maximum_iterations the condition is still called once the
      // count is reached (logical_and(i < maximum_iterations, cond(...))).
      if (!in.truthy(in.call(cond, callArgs)) || (limit && i >= *limit))
        break;
      Value next = in.call(body, callArgs);
      // The body's result is iterated (list(loop_vars)).
      // (A dict gives its keys, which the structure check then refuses.)
      if (listVars && !limit && r->isTensor(next) &&
          r->tensor(next).type.shape.empty())
        in.typeError("Cannot iterate over a scalar tensor.");
      if (listVars)
        callTf(in, {"nest", "assert_same_structure"},
               {structure, !limit ? in.list(in.toList(next))
                                  : in.list({Value::integer(i + 1), next})});
      // The loop variables take the body's container (a tuple stays one).
      state = listVars && !next.is(Type::List) && !next.is(Type::Tuple)
                  ? in.list(in.toList(next))
                  : next;
    }
    // The results are packed as the loop variables' type specs: tensors.
    if (!listVars)
      return r->isTensor(state) ? state : r->toTensor(state);
    // Every Python number among them, nested ones too, becomes a tensor.
    Value toTensors =
        in.builtin("pack_as_tensor", [r](Interpreter &, CallArgs &args) {
          const Value &v = args.positional.at(0);
          return v.isIntLike() || v.is(Type::Float) ? r->toTensor(v) : v;
        });
    ValueList out = in.toList(state);
    for (auto &v : out)
      v = callTf(in, {"nest", "map_structure"}, {toTensors, v});
    return state.is(Type::Tuple) ? in.tuple(out) : in.list(out);
  });
  ModuleBuilder autograph(in, rt, "tensorflow.autograph");
  ModuleBuilder experimental(in, rt, "tensorflow.autograph.experimental");
  // The loop options are read by AutoGraph before the loop is staged
  // (autograph::ControlFlowInfo::loopOptions); the call itself does nothing.
  experimental.def("set_loop_options", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "set_loop_options",
             {"parallel_iterations", "swap_memory", "maximum_iterations",
              "shape_invariants"});
    return Value();
  });
  experimental.def("do_not_convert", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "do_not_convert", {"func"});
    Value fn = p.require("func", "do_not_convert");
    if (fn.is(Type::Function))
      fn.as<py::FunctionObject>().attrs[py::kDoNotConvert] =
          Value::boolean(true);
    return fn;
  });
  // AutoGraph's own verbose logging, which kiln does not write (the level
  // must be an int).
  autograph.def("set_verbosity", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "set_verbosity", {"level", "alsologtostdout"});
    in.toIndex(p.require("level", "set_verbosity"));
    return Value();
  });
  autograph.set("experimental", experimental.value());
  tf.set("autograph", autograph.value());
}

} // namespace

std::shared_ptr<TfRuntime> installTensorFlow(Interpreter &in,
                                             graph::Executor &executor) {
  auto rt = std::make_shared<TfRuntime>(in, executor);
  // TensorFlow's exception classes, shown with their module in tracebacks.
  const std::string errorsModule = "tensorflow.python.framework.errors_impl";
  py::ClassPtr opError = in.defineExceptionClass(
      "OpError", in.builtinClass("Exception"), errorsModule);
  in.registerClass("OpError", opError);
  // Raised by a script: OpError(node_def, op, message, error_code) and
  // NotFoundError(node_def, op, message) keep their fields as attributes,
  // str() is the message and args stay empty, as in errors_impl.py.
  auto opErrorInit = [](const std::string &cls, std::optional<int> code) {
    return [cls, code](Interpreter &in, CallArgs &args) {
      std::vector<std::string> names = {"node_def", "op", "message"};
      if (!code)
        names.push_back("error_code");
      // The parameters by position, then by keyword (extra ones are
      // TensorFlow's *args and **kwargs, which kiln does not keep).
      std::vector<std::optional<Value>> given(names.size());
      for (size_t i = 1; i < args.positional.size() && i <= names.size(); ++i)
        given[i - 1] = args.positional[i];
      for (auto &[key, v] : args.keywords)
        for (size_t i = 0; i < names.size(); ++i)
          if (names[i] == key)
            given[i] = v;
      std::vector<std::string> missing;
      for (size_t i = 0; i < names.size(); ++i)
        if (!given[i])
          missing.push_back(names[i]);
      if (!missing.empty())
        py::missingPositionals(in, cls + ".__init__()", missing);
      auto &self = args.positional[0].as<py::InstanceObject>();
      self.args.clear();
      for (size_t i = 0; i < names.size(); ++i)
        self.setAttr(in, names[i], *given[i]);
      if (code)
        self.setAttr(in, "error_code", Value::integer(*code));
      return Value();
    };
  };
  opError->dict["__init__"] =
      in.builtin("__init__", opErrorInit("OpError", std::nullopt));
  opError->dict["__str__"] =
      in.builtin("__str__", [](Interpreter &in, CallArgs &args) {
        // (Errors kiln raises itself may carry their message in args only.)
        const Value &self = args.positional.at(0);
        Value message;
        if (in.tryGetAttr(self, "message", message))
          return in.str(in.toStr(message));
        auto &inst = self.as<py::InstanceObject>();
        return inst.args.empty() ? in.str("") : in.str(in.toStr(inst.args[0]));
      });
  for (auto &c : opErrorClasses()) {
    py::ClassPtr cls = in.defineExceptionClass(c.name, opError, errorsModule);
    cls->dict["__init__"] = in.builtin("__init__", opErrorInit(c.name, c.code));
    in.registerClass(c.name, cls);
  }
  in.registerClass(
      "OperatorNotAllowedInGraphError",
      in.defineExceptionClass("OperatorNotAllowedInGraphError",
                              in.builtinClass("TypeError"),
                              "tensorflow.python.framework.errors_impl"));

  // How AutoGraph re-raises errors it cannot re-create with their own
  // class (TfFunction.cpp's reraisedClass).
  in.registerClass("StagingError",
                   in.defineExceptionClass("StagingError",
                                           in.builtinClass("Exception"),
                                           "tensorflow.python.autograph.impl."
                                           "api"));
  // TensorFlow names this class "KeyError" (its __name__); tracebacks
  // print its __qualname__.
  py::ClassPtr keyError =
      in.defineExceptionClass("KeyError", in.builtinClass("KeyError"),
                              "tensorflow.python.autograph.pyct.error_utils");
  keyError->qualname = "MultilineMessageKeyError";
  keyError->dict["__str__"] =
      in.builtin("__str__", [](Interpreter &in, CallArgs &args) {
        auto &inst = args.positional.at(0).as<py::InstanceObject>();
        return inst.args.empty() ? in.str("") : inst.args[0];
      });
  in.registerClass("MultilineMessageKeyError", keyError);
  in.registerClass("InaccessibleTensorError",
                   in.defineExceptionClass(
                       "InaccessibleTensorError", in.builtinClass("ValueError"),
                       "tensorflow.python.framework.errors_impl"));
  // tf.Tensor, the base of both tensor classes, for isinstance().
  auto tensorClass = std::make_shared<py::ClassObject>();
  tensorClass->name = "Tensor";
  tensorClass->module = "tensorflow.python.framework.tensor";
  tensorClass->builtinType = Type::Tensor;
  in.registerClass("Tensor", tensorClass);
  for (const char *name : {"EagerTensor", "SymbolicTensor"}) {
    auto cls = std::make_shared<py::ClassObject>();
    cls->name = name;
    cls->module = "tensorflow.python.framework.ops";
    cls->builtinType = Type::Tensor;
    cls->base = tensorClass;
    in.registerClass(name, cls);
  }
  installStager(*rt);
  installNumPy(*rt);
  Interpreter *interp = &in;
  executor.printSink = [interp](bool toStdout, const std::string &text) {
    (toStdout ? interp->out() : interp->err()) << text;
  };

  installCollections(in);
  in.registerModule("sys", [](Interpreter &in) {
    auto m = std::make_shared<py::ModuleObject>();
    m->name = "sys";
    m->dict["stdout"] =
        Value::object(Type::Native, std::make_shared<StreamObject>(true));
    m->dict["stderr"] =
        Value::object(Type::Native, std::make_shared<StreamObject>(false));
    // The script's path as given on the command line, then its arguments.
    ValueList argv{in.str(in.file().path())};
    for (const std::string &arg : in.scriptArgs())
      argv.push_back(in.str(arg));
    m->dict["argv"] = in.list(std::move(argv));
    m->dict["maxsize"] = Value::integer(INT64_MAX);
    m->dict["getrecursionlimit"] =
        in.builtin("getrecursionlimit", [](Interpreter &in, CallArgs &args) {
          py::ArgParser(in, args, "getrecursionlimit").expect(0, 0);
          return Value::integer(1000);
        });
    // The exception an except block handles: (type, value, traceback);
    // kiln has no traceback objects, so the third is None.
    m->dict["exc_info"] =
        in.builtin("exc_info", [](Interpreter &in, CallArgs &args) {
          py::ArgParser(in, args, "exc_info").expect(0, 0);
          Value exc = in.handledException();
          if (exc.isNone())
            return in.tuple({Value(), Value(), Value()});
          return in.tuple(
              {Value::object(Type::Class, in.typeOf(exc)), exc, Value()});
        });
    // The CPython the goldens are recorded with (a plain tuple: compares
    // as sys.version_info does, without its field names).
    m->dict["version_info"] =
        in.tuple({Value::integer(3), Value::integer(11), Value::integer(7),
                  in.str("final"), Value::integer(0)});
    // IEEE double's limits, a struct sequence CPython names
    // sys.float_info (repr, fields by name, a tuple's indexing).
    m->dict["float_info"] = Value::object(
        Type::Native,
        std::make_shared<NamedTupleObject>(
            "sys.float_info",
            std::vector<std::string>{"max", "max_exp", "max_10_exp", "min",
                                     "min_exp", "min_10_exp", "dig", "mant_dig",
                                     "epsilon", "radix", "rounds"},
            ValueList{Value::floating(DBL_MAX), Value::integer(DBL_MAX_EXP),
                      Value::integer(DBL_MAX_10_EXP), Value::floating(DBL_MIN),
                      Value::integer(DBL_MIN_EXP),
                      Value::integer(DBL_MIN_10_EXP), Value::integer(DBL_DIG),
                      Value::integer(DBL_MANT_DIG),
                      Value::floating(DBL_EPSILON), Value::integer(2),
                      Value::integer(1)}));
    m->dict["exit"] =
        in.builtin("exit", [](Interpreter &in, CallArgs &args) -> Value {
          py::ArgParser(in, args, "exit").expect(0, 1);
          Value exc = in.makeException("SystemExit", "");
          if (!args.positional.empty())
            exc.as<py::InstanceObject>().args.push_back(args.positional[0]);
          in.raiseValue(exc);
        });
    return Value::object(Type::Module, m);
  });
  in.registerModule("tensorflow", [rt](Interpreter &in) {
    ModuleBuilder tf(in, *rt, "tensorflow");
    ModuleBuilder math(in, *rt, "tensorflow.math");
    ModuleBuilder nn(in, *rt, "tensorflow.nn");
    ModuleBuilder errors(in, *rt, "tensorflow.errors");
    defineOps(tf, math, nn);
    defineCreation(tf);
    for (DType d : {DType::Bool, DType::Int8, DType::Int16, DType::Int32,
                    DType::Int64, DType::UInt8, DType::Float16, DType::BFloat16,
                    DType::Float32, DType::Float64, DType::String})
      tf.set(py::dtypeName(d), makeDType(d));
    tf.set("half", makeDType(DType::Float16));
    tf.set("Tensor", Value::object(Type::Class, in.builtinClass("Tensor")));
    tf.set("double", makeDType(DType::Float64));
    TfRuntime *r = rt.get();
    tf.def("print", [r](Interpreter &in, CallArgs &args) {
      return tfPrint(*r, in, args);
    });
    tf.def("function", [r](Interpreter &in, CallArgs &args) -> Value {
      Params p(in, args, "function",
               {"func", "input_signature", "autograph", "jit_compile",
                "reduce_retracing", "experimental_implements",
                "experimental_autograph_options", "experimental_attributes",
                "experimental_relax_shapes", "experimental_compile",
                "experimental_follow_type_hints"});
      auto make = [r, p](Interpreter &in, const Value &fn) {
        if (!in.isCallable(fn))
          in.typeError(in.repr(fn) + " is not a callable object");
        auto f = std::make_shared<TfFunction>(*r);
        f->pyFunc = fn;
        Value nameValue;
        f->name = in.tryGetAttr(fn, "__name__", nameValue) ? in.toStr(nameValue)
                                                           : "function";
        if (p.has("input_signature")) {
          std::vector<TensorType> specs;
          Value signature = p.get("input_signature");
          if (!signature.is(Type::List) && !signature.is(Type::Tuple))
            in.typeError(
                "input_signature must be either a tuple or a list, got " +
                in.repr(Value::object(Type::Class, in.typeOf(signature))) +
                ".");
          ValueList items = in.toList(signature);
          // Every leaf must be a TensorSpec; TensorFlow lists the others.
          ValueList bad;
          for (auto &leaf : flattenStructure(in, p.get("input_signature")))
            if (!leaf.is(Type::Native) ||
                !dynamic_cast<TensorSpecObject *>(leaf.raw()))
              bad.push_back(leaf);
          if (!bad.empty()) {
            std::string types;
            for (auto &b : bad)
              types += (types.empty() ? "<class '" : ", <class '") +
                       in.typeName(b) + "'>";
            in.typeError("input_signature must be a possibly nested "
                         "sequence of TensorSpec objects, got invalid args " +
                         in.repr(in.list(bad)) + " with types [" + types +
                         "].");
          }
          // Nested structures of TensorSpecs: the function delegates to
          // their concrete function (TfFunction::nestedSignature).
          // (Any item that is not a TensorSpec is a structure: a list,
          // tuple, dict or namedtuple of them, checked above.)
          bool nested = false;
          for (auto &s : items)
            nested |= !s.is(Type::Native) ||
                      !dynamic_cast<TensorSpecObject *>(s.raw());
          if (nested) {
            f->nestedSignature = items;
            checkSignatureCovers(in, fn, items.size());
            items.clear();
          }
          for (auto &s : items) { // TensorSpecs, checked above
            auto *spec = static_cast<TensorSpecObject *>(s.raw());
            specs.push_back(spec->type);
            f->inputSignatureNames.push_back(
                spec->name.is(Type::Str) ? in.toStr(spec->name) : "");
          }
          if (!nested) {
            f->inputSignature = specs;
            checkSignatureCovers(in, fn, specs.size());
          }
        }
        f->reduceRetracing = (p.has("reduce_retracing") &&
                              in.truthy(p.get("reduce_retracing"))) ||
                             (p.has("experimental_relax_shapes") &&
                              in.truthy(p.get("experimental_relax_shapes")));
        f->autograph = !p.has("autograph") || in.truthy(p.get("autograph"));
        Value v = Value::object(Type::Native, f);
        r->functions.push_back(v);
        return v;
      };
      if (p.has("func"))
        return make(in, p.get("func"));
      return in.builtin("function", [make](Interpreter &in, CallArgs &args) {
        py::ArgParser(in, args, "function").expect(1, 1);
        return make(in, args.positional[0]);
      });
    });
    errors.set("OpError",
               Value::object(Type::Class, in.builtinClass("OpError")));
    for (auto &c : opErrorClasses()) {
      errors.set(c.name, Value::object(Type::Class, in.builtinClass(c.name)));
      errors.set(c.constant, Value::integer(c.code));
    }
    errors.set(
        "OperatorNotAllowedInGraphError",
        Value::object(Type::Class,
                      in.builtinClass("OperatorNotAllowedInGraphError")));
    ModuleBuilder dtypes(in, *rt, "tensorflow.dtypes");
    for (DType d : {DType::Bool, DType::Int8, DType::Int16, DType::Int32,
                    DType::Int64, DType::UInt8, DType::Float16, DType::BFloat16,
                    DType::Float32, DType::Float64, DType::String})
      dtypes.set(py::dtypeName(d), makeDType(d));
    dtypes.set("cast", tf.module->dict["cast"]);
    // tf.saturate_cast, found when called (it is defined with the
    // composite ops).
    dtypes.def("saturate_cast", [](Interpreter &in, CallArgs &args) {
      return in.call(in.getAttr(in.importModule("tensorflow"), "saturate_cast"),
                     args);
    });
    dtypes.def("as_dtype", [](Interpreter &in, CallArgs &args) {
      Params p(in, args, "as_dtype", {"type_value"});
      Value v = p.get("type_value");
      if (v.isNone())
        in.typeError("Cannot convert the argument `type_value`: None to a "
                     "TensorFlow DType.");
      return makeDType(*dtypeArg(in, v));
    });
    // The class of tf.float32 and the others: DType(type_enum) is
    // as_dtype of the enum value.
    auto dtypeClass = std::make_shared<CallableType>(
        "DType",
        [](Interpreter &in, CallArgs &args) {
          Params p(in, args, "DType", {"type_enum"});
          return makeDType(*dtypeArg(in, p.require("type_enum", "DType")));
        },
        "tensorflow.python.framework.dtypes");
    dtypeClass->instances = [&in](const Value &v) {
      return in.typeName(v) == "DType";
    };
    dtypes.set("DType", Value::object(Type::Native, dtypeClass));
    tf.set("DType", dtypes.module->dict["DType"]);
    tf.set("dtypes", dtypes.value());
    tf.set("as_dtype", dtypes.module->dict["as_dtype"]);
    ModuleBuilder strings(in, *rt, "tensorflow.strings");
    installStrings(*rt, tf, strings);
    tf.set("strings", strings.value());
    ModuleBuilder linalg(in, *rt, "tensorflow.linalg");
    linalg.def("matrix_transpose", [r](Interpreter &in, CallArgs &args) {
      Params p(in, args, "matrix_transpose", {"a", "name", "conjugate"});
      Value a = r->toTensor(p.require("a", "matrix_transpose"));
      const TensorType &at = r->tensor(a).type;
      if (at.unknownRank && r->tracing) {
        // The last two dimensions swap once the rank is known
        // (RankSpecialize.cpp).
        TensorType result = at;
        return r->apply("Transpose", {a},
                        {{"perm", std::vector<int64_t>{}},
                         {"T", at.dtype},
                         {"reverse_all", false},
                         {"swap_last", true}},
                        result, "matrix_transpose/transpose");
      }
      int64_t rank = r->tensor(a).type.shape.size();
      if (rank < 2)
        r->in.valueError(
            "Argument `a` should be a (batch) matrix with rank >= 2.  "
            "Received `a` = " +
            in.repr(a) + " with shape: " + r->tensor(a).type.shapeString());
      ValueList perm;
      for (int64_t i = 0; i < rank - 2; ++i)
        perm.push_back(Value::integer(i));
      perm.push_back(Value::integer(rank - 1));
      perm.push_back(Value::integer(rank - 2));
      return transpose(*r, a, in.list(std::move(perm)));
    });
    linalg.set("matmul", tf.module->dict["matmul"]);
    linalg.set("eye", tf.module->dict["eye"]);
    linalg.set("norm", tf.module->dict["norm"]);
    // Real matrices only: the adjoint is the transpose.
    Value transposeFn = linalg.module->dict["matrix_transpose"];
    linalg.def(
        "adjoint",
        namedOp(*r, "adjoint", [transposeFn](Interpreter &in, CallArgs &args) {
          Params p(in, args, "adjoint", {"matrix", "name"});
          CallArgs inner;
          inner.positional = {p.require("matrix", "adjoint")};
          return in.call(transposeFn, inner);
        }));
    // tf.linalg.normalize: (tensor / norm, norm), the norm kept in rank.
    Value normFn = tf.module->dict["norm"];
    linalg.def(
        "normalize",
        namedOp(*r, "normalize", [r, normFn](Interpreter &in, CallArgs &args) {
          Params p(in, args, "normalize", {"tensor", "ord", "axis", "name"});
          CallArgs normArgs;
          normArgs.positional = {p.require("tensor", "normalize")};
          for (const char *k : {"ord", "axis"})
            if (p.has(k))
              normArgs.keywords.emplace_back(k, p.get(k));
          normArgs.keywords.emplace_back("keepdims", Value::boolean(true));
          Value norm = in.call(normFn, normArgs);
          Value x = r->toTensor(normArgs.positional[0]);
          return in.tuple({trueDiv(*r, x, norm), norm});
        }));
    installLinalg(*r, tf, linalg);
    installMatrixDiag(*r, linalg);
    installLinalgLu(*r, linalg);
    installCross(*r, linalg);
    installTrainingMath(*r, tf, math, nn, linalg);
    linalg.set("l2_normalize", nn.module->dict["l2_normalize"]);
    nameComposites(*r, {&tf, &math, &nn, &linalg});
    tf.set("linalg", linalg.value());
    ModuleBuilder image(in, *rt, "tensorflow.image");
    installImage(*rt, image);
    installImageColor(*rt, image);
    installImageFilters(*rt, image);
    installImageRandom(*rt, image);
    tf.set("image", image.value());
    ModuleBuilder bitwiseModule(in, *rt, "tensorflow.bitwise");
    for (auto [name, op] : {std::pair{"bitwise_and", "BitwiseAnd"},
                            {"bitwise_or", "BitwiseOr"},
                            {"bitwise_xor", "BitwiseXor"},
                            {"left_shift", "LeftShift"},
                            {"right_shift", "RightShift"}})
      bitwiseModule.def(
          name, [r, name = std::string(name),
                 op = std::string(op)](Interpreter &in, CallArgs &args) {
            Params p(in, args, name, {"x", "y", "name"});
            return bitwise(*r, op, p.require("x", name), p.require("y", name),
                           /*bools=*/false);
          });
    bitwiseModule.def("invert", [r](Interpreter &in, CallArgs &args) {
      Params p(in, args, "invert", {"x", "name"});
      return bitwise(*r, "Invert", p.require("x", "invert"), Value(),
                     /*bools=*/false);
    });
    tf.set("bitwise", bitwiseModule.value());
    ModuleBuilder debugging(in, *rt, "tensorflow.debugging");
    installDebugging(*r, tf, debugging);
    // Placement logs name TensorFlow's devices and kernels, which kiln
    // does not have: only turning them off is supported.
    debugging.def(
        "set_log_device_placement", [](Interpreter &in, CallArgs &args) {
          Params p(in, args, "set_log_device_placement", {"enabled"});
          if (in.truthy(p.require("enabled", "set_log_device_placement")))
            in.raise("NotImplementedError",
                     "kiln does not log device placement (TensorFlow's devices "
                     "and kernels)");
          return Value();
        });
    tf.set("debugging", debugging.value());
    ModuleBuilder random(in, *rt, "tensorflow.random");
    installRandom(*r, random);
    installDropout(*r, nn);
    installModuleClass(*r, tf);
    installInitializers(in, tf);
    installGradientTape(*r, tf);
    tf.set("random", random.value());
    defineControlFlow(in, *r, tf);
    tf.set("newaxis", Value());
    // The TensorFlow kiln follows: the release its goldens come from.
    tf.set("__version__", in.str("2.20.0"));
    tf.set("__git_version__", in.str("v2.20.0-rc0-4-g72fbba3d20f"));
    ModuleBuilder version(in, *rt, "tensorflow.version");
    version.set("VERSION", in.str("2.20.0"));
    version.set("GIT_VERSION", in.str("v2.20.0-rc0-4-g72fbba3d20f"));
    version.set("COMPILER_VERSION",
                in.str("Ubuntu Clang 18.1.8 "
                       "(++20240731024944+3b5b5c1ec4a3-1~exp1~"
                       "20240731145000.144)"));
    version.set("GRAPH_DEF_VERSION", Value::integer(2288));
    version.set("GRAPH_DEF_VERSION_MIN_CONSUMER", Value::integer(0));
    version.set("GRAPH_DEF_VERSION_MIN_PRODUCER", Value::integer(0));
    tf.set("version", version.value());
    tf.set("math", math.value());
    tf.set("nn", nn.value());
    tf.set("errors", errors.value());
    // tf.config.run_functions_eagerly(True): a tf.function call runs its
    // Python body, op by op (TfFunction::call).
    ModuleBuilder config(in, *rt, "tensorflow.config");
    config.def("run_functions_eagerly", [r](Interpreter &in, CallArgs &args) {
      Params p(in, args, "run_functions_eagerly", {"run_eagerly"});
      r->runFunctionsEagerly =
          in.truthy(p.require("run_eagerly", "run_functions_eagerly"));
      return Value();
    });
    config.def("functions_run_eagerly", [r](Interpreter &in, CallArgs &args) {
      Params p(in, args, "functions_run_eagerly", {});
      return Value::boolean(r->runFunctionsEagerly);
    });
    installDevices(*r, tf, config);
    installKeras(*r, tf);
    installPyFunction(*r, tf);
    installNest(*r, tf);
    installData(*r, tf);
    installCase(*r, tf);
    tf.set("config", config.value());
    tf.def("get_logger", [](Interpreter &in, CallArgs &args) {
      Params p(in, args, "get_logger", {});
      return py::tensorflowLogger(in);
    });
    tf.def("executing_eagerly", [r](Interpreter &in, CallArgs &args) {
      Params p(in, args, "executing_eagerly", {});
      return Value::boolean(r->tracing == nullptr);
    });
    ModuleBuilder io(in, *r, "tensorflow.io");
    installDecodeCsv(*r, io);
    installFileIo(*r, io);
    installGfile(*r, io);
    tf.set("io", io.value());
    installCompat(*r, tf);
    return tf.value();
  });
  return rt;
}

} // namespace kiln::tf
