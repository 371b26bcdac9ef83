// The `numpy` module of the trace-time interpreter: dtypes, array creation,
// ufuncs, reductions and the array operators (NumPy.h).
#include "NumPy.h"

#include "TfModuleBuilder.h"
#include "TfOps.h"
#include "TfVariable.h"

#include "NativeType.h"
#include "TensorFormat.h"

#include <algorithm>
#include <cfenv>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <functional>

namespace kiln::tf {

using ast::BinaryOp;
using ast::CmpOp;
using py::Type;

namespace {

size_t bytesOf(DType d) { return py::dtypeSize(d); }

/// The float dtype NumPy's ufuncs compute in for inputs of dtype `d`: the
/// smallest that holds every value of `d` (np.sqrt of int8 is float16).
DType floatFor(DType d) {
  if (isFloating(d))
    return d;
  switch (d) {
  case DType::Bool:
  case DType::Int8:
  case DType::UInt8:
    return DType::Float16;
  case DType::Int16:
    return DType::Float32;
  default:
    return DType::Float64;
  }
}

/// np.result_type of two array dtypes (NumPy's promotion table restricted
/// to kiln's dtypes).
DType promote(DType a, DType b) {
  if (a == b)
    return a;
  if (a == DType::Bool)
    return b;
  if (b == DType::Bool)
    return a;
  bool fa = isFloating(a), fb = isFloating(b);
  if (fa && fb)
    return bytesOf(a) >= bytesOf(b) ? a : b;
  if (fa || fb) {
    DType f = fa ? a : b, need = floatFor(fa ? b : a);
    return bytesOf(f) >= bytesOf(need) ? f : need;
  }
  bool ua = a == DType::UInt8, ub = b == DType::UInt8;
  if (ua == ub)
    return bytesOf(a) >= bytesOf(b) ? a : b;
  DType s = ua ? b : a; // uint8 with a signed int: one that holds both
  return bytesOf(s) > 1 ? s : DType::Int16;
}

/// The dtype an array of dtype `array` and a Python scalar `scalar` compute
/// in: NEP 50 makes the Python scalar "weak", so it takes the array's dtype
/// unless its kind is higher (a float with an int array gives float64).
DType withWeakScalar(DType array, const Value &scalar) {
  if (scalar.is(Type::Bool))
    return array;
  if (scalar.is(Type::Int))
    return array == DType::Bool ? DType::Int64 : array;
  return isFloating(array) ? array : DType::Float64;
}

bool isPyNumber(const Value &v) {
  return v.is(Type::Bool) || v.is(Type::Int) || v.is(Type::Float);
}

/// A float argument: a Python number or a NumPy scalar.
double toFloat(Interpreter &in, const Value &v) {
  if (isPyNumber(v))
    return v.toDouble();
  return in
      .call(Value::object(Type::Class, in.builtinClass("float")), ValueList{v})
      .toDouble();
}

NdArrayObject *asNd(const Value &v) {
  return v.is(Type::Native) ? dynamic_cast<NdArrayObject *>(v.raw()) : nullptr;
}

/// NumPy's default dtype for Python values: bool, int64 or float64.
std::optional<DType> inferPythonDType(Interpreter &in, const Value &v) {
  if (v.is(Type::Bool))
    return DType::Bool;
  if (v.is(Type::Int))
    return DType::Int64;
  if (v.is(Type::Float))
    return DType::Float64;
  if (v.is(Type::List) || v.is(Type::Tuple)) {
    std::optional<DType> d;
    for (auto &item : in.toList(v)) {
      auto e = inferPythonDType(in, item);
      if (!e)
        return std::nullopt;
      d = d ? promote(*d, *e) : *e;
    }
    return d ? d : DType::Float64; // np.array([]) is float64
  }
  return std::nullopt;
}

/// Whether nested list `v` holds arrays or tensors (np.array([a, b])).
bool holdsArrays(Interpreter &in, const Value &v) {
  if (asNd(v) || v.is(Type::Tensor) || asVariable(v))
    return true;
  if (v.is(Type::List) || v.is(Type::Tuple))
    for (auto &item : in.toList(v))
      if (holdsArrays(in, item))
        return true;
  return false;
}

HostTensorPtr castHost(TfRuntime &rt, const HostTensorPtr &host, DType to) {
  if (host->type.dtype == to)
    return host;
  // NumPy rounds float64 to float16 once; TensorFlow's Cast goes through
  // float.
  if (host->type.dtype == DType::Float64 && to == DType::Float16) {
    auto out = graph::HostTensor::zeros(TensorType{to, host->type.shape});
    for (int64_t i = 0; i < host->type.numElements(); ++i) {
      double x;
      std::memcpy(&x, host->bytes.data() + i * 8, 8);
      uint16_t h = py::doubleToHalf(x);
      std::memcpy(out->bytes.data() + i * 2, &h, 2);
    }
    return out;
  }
  EagerScope eager(rt);
  return rt.tensor(cast(rt, rt.eager(host), to)).value;
}

/// The NumPy result of eager tensor `t`: a scalar when 0-d, as NumPy's
/// ufuncs and reductions return.
Value result(TfRuntime &rt, const Value &t) {
  HostTensorPtr v = rt.tensor(t).value;
  return makeNdArray(rt, v, v->type.shape.empty());
}

std::string npShape(const std::vector<int64_t> &shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    s += std::to_string(shape[i]) + (shape.size() == 1 ? "," : "") +
         (i + 1 < shape.size() ? "," : "");
  return s + ")";
}

/// An operand of a NumPy operator or ufunc: an array (strong dtype) or a
/// Python scalar (weak).
struct Operand {
  HostTensorPtr array;
  Value scalar;
};

bool toOperand(TfRuntime &rt, const Value &v, Operand &out) {
  if (isPyNumber(v)) {
    out.scalar = v;
    return true;
  }
  if (asNd(v) || v.is(Type::List) || v.is(Type::Tuple)) {
    out.array = npAsArray(rt, v);
    return true;
  }
  return false;
}

Operand operand(TfRuntime &rt, const Value &v, const std::string &fname) {
  Operand o;
  if (!toOperand(rt, v, o)) {
    if (v.is(Type::Tensor) || asVariable(v)) {
      o.array = npAsArray(rt, v);
      return o;
    }
    rt.in.typeError("ufunc '" + fname +
                    "' not supported for the input types, and the inputs "
                    "could not be safely coerced to any supported types "
                    "according to the casting rule ''safe''");
  }
  return o;
}

/// The dtype operands `ops` compute in.
DType commonDType(const std::vector<Operand> &ops) {
  std::optional<DType> strong;
  for (auto &o : ops)
    if (o.array)
      strong =
          strong ? promote(*strong, o.array->type.dtype) : o.array->type.dtype;
  if (!strong) { // only Python scalars: as NumPy converts them
    DType d = DType::Bool;
    for (auto &o : ops)
      d = promote(d, o.scalar.is(Type::Float) ? DType::Float64
                     : o.scalar.is(Type::Int) ? DType::Int64
                                              : DType::Bool);
    return d;
  }
  DType d = *strong;
  for (auto &o : ops)
    if (!o.array)
      d = withWeakScalar(d, o.scalar);
  return d;
}

/// The operands as eager tensors of `dtype`, checked to broadcast together.
ValueList operandTensors(TfRuntime &rt, const std::vector<Operand> &ops,
                         DType dtype, bool broadcast = true) {
  ValueList out;
  std::vector<int64_t> shape;
  std::vector<std::vector<int64_t>> shapes;
  for (auto &o : ops) {
    HostTensorPtr h = o.array ? castHost(rt, o.array, dtype)
                              : rt.hostFromPython(o.scalar, dtype);
    shapes.push_back(h->type.shape);
    std::vector<int64_t> joined;
    if (broadcast && !broadcastShapes(shape, h->type.shape, joined)) {
      std::string all;
      for (auto &s : shapes)
        all += npShape(s) + " ";
      for (size_t i = shapes.size(); i < ops.size(); ++i)
        all += npShape(ops[i].array ? ops[i].array->type.shape
                                    : std::vector<int64_t>{}) +
               " ";
      rt.in.valueError("operands could not be broadcast together with "
                       "shapes " +
                       all);
    }
    shape = joined;
    out.push_back(rt.eager(h));
  }
  return out;
}

Value npMatmul(TfRuntime &rt, const Value &a, const Value &b) {
  size_t ra = rt.tensor(a).type.shape.size(),
         rb = rt.tensor(b).type.shape.size();
  if (ra == 0 || rb == 0)
    rt.in.valueError("matmul: Input operand " + std::to_string(ra ? 1 : 0) +
                     " does not have enough dimensions (has 0, gufunc core "
                     "with signature (n?,k),(k,m?)->(n?,m?) requires 1)");
  if (ra == 1 && rb == 1)
    return reduce(rt, "Sum", binaryOp(rt, "Mul", a, b), Value(), false);
  Value x = ra == 1 ? expandDims(rt, a, 0) : a;
  Value y = rb == 1 ? expandDims(rt, b, 1) : b;
  Value r = matmul(rt, x, y, false, false);
  if (ra == 1)
    r = squeeze(rt, r, Value::integer(-2));
  if (rb == 1)
    r = squeeze(rt, r, Value::integer(-1));
  return r;
}

/// The print options `p` gives (np.set_printoptions' names, or those of
/// array2string: `lineWidth` and `suppress` name theirs); options kiln's
/// printing does not follow are refused rather than ignored.
void applyPrintOptions(Interpreter &in, const Params &p, const std::string &api,
                       const char *lineWidth, const char *suppress) {
  for (const char *other : {"nanstr", "infstr", "formatter", "sign",
                            "floatmode", "legacy", "override_repr", "style"})
    if (p.has(other) && !p.get(other).isNone())
      in.raise("NotImplementedError",
               "np." + api + "(" + other + "=...) is not supported by kiln");
  py::PrintOptions &o = py::printOptions();
  if (p.has("precision") && !p.get("precision").isNone()) {
    Value v = p.get("precision");
    if (!v.isIntLike())
      in.typeError("precision must be an integer");
    if (v.asInt() < 0)
      in.valueError("precision must be >= 0");
    o.precision = static_cast<int>(v.asInt());
  }
  if (p.has("threshold") && !p.get("threshold").isNone()) {
    Value v = p.get("threshold");
    if (!v.isIntLike() && !v.is(Type::Float))
      in.typeError("threshold must be numeric");
    if (std::isnan(v.toDouble()))
      in.valueError("threshold must be non-NAN, try sys.maxsize for "
                    "untruncated representation");
    o.threshold = v.toDouble();
  }
  if (p.has("edgeitems") && !p.get("edgeitems").isNone())
    o.edgeItems = in.toIndex(p.get("edgeitems"));
  if (p.has(lineWidth) && !p.get(lineWidth).isNone())
    o.lineWidth = static_cast<int>(in.toIndex(p.get(lineWidth)));
  if (p.has(suppress) && !p.get(suppress).isNone())
    o.suppress = in.truthy(p.get(suppress));
}

/// Restores the print options on leaving a scope.
struct PrintOptionsGuard {
  py::PrintOptions saved = py::printOptions();
  ~PrintOptionsGuard() { py::printOptions() = saved; }
};

/// np.finfo(float type) and np.iinfo(int type): a type's limits, the
/// floats' as NumPy scalars of the type, the integers' as Python ints.
struct NpInfoObject : py::NativeObject {
  NpInfoObject(TfRuntime &rt, DType d) : rt(rt), d(d) {}
  TfRuntime &rt;
  DType d;
  bool floating() const { return isFloating(d); }
  std::string typeName() const override {
    return floating() ? "finfo" : "iinfo";
  }
  std::string typeModule() const override { return "numpy"; }
  /// NumPy's text of the float limits: what str() prints.
  struct FloatText {
    const char *resolution, *eps, *epsneg, *tiny, *max, *subnormal;
    int precision, machep, minexp, maxexp, nexp;
  };
  FloatText text() const {
    if (d == DType::Float16)
      return {"1.00040e-03",
              "9.76562e-04",
              "4.88281e-04",
              "6.10352e-05",
              "6.55040e+04",
              "5.96046e-08",
              3,
              -10,
              -14,
              16,
              5};
    if (d == DType::Float32)
      return {"1.0000000e-06",
              "1.1920929e-07",
              "5.9604645e-08",
              "1.1754944e-38",
              "3.4028235e+38",
              "1.4012985e-45",
              6,
              -23,
              -126,
              128,
              8};
    return {"1.0000000000000001e-15",
            "2.2204460492503131e-16",
            "1.1102230246251565e-16",
            "2.2250738585072014e-308",
            "1.7976931348623157e+308",
            "4.9406564584124654e-324",
            15,
            -52,
            -1022,
            1024,
            11};
  }
  int64_t intMin() const {
    switch (d) {
    case DType::Int8:
      return INT8_MIN;
    case DType::Int16:
      return INT16_MIN;
    case DType::Int32:
      return INT32_MIN;
    case DType::Int64:
      return INT64_MIN;
    default:
      return 0;
    }
  }
  int64_t intMax() const {
    switch (d) {
    case DType::Int8:
      return INT8_MAX;
    case DType::Int16:
      return INT16_MAX;
    case DType::Int32:
      return INT32_MAX;
    case DType::UInt8:
      return UINT8_MAX;
    default:
      return INT64_MAX;
    }
  }
  Value scalar(double v) const {
    return makeNdArray(rt, rt.hostFromPython(Value::floating(v), d), true);
  }
  std::string repr(Interpreter &in, const Value &self) override {
    std::string name = py::dtypeName(d);
    if (!floating())
      return "iinfo(min=" + std::to_string(intMin()) +
             ", max=" + std::to_string(intMax()) + ", dtype=" + name + ")";
    FloatText t = text();
    std::string resolution = in.toStr(scalar(std::pow(10.0, -t.precision)));
    std::string max =
        d == DType::Float16 ? t.max : in.toStr(scalar(maxValue()));
    return "finfo(resolution=" + resolution + ", min=-" + max + ", max=" + max +
           ", dtype=" + name + ")";
  }
  std::string str(Interpreter &in, const Value &self) override {
    std::string rule(63, '-');
    std::string name = py::dtypeName(d);
    if (!floating())
      return "Machine parameters for " + name + "\n" + rule +
             "\nmin = " + std::to_string(intMin()) +
             "\nmax = " + std::to_string(intMax()) + "\n" + rule + "\n";
    FloatText t = text();
    char buf[1024];
    std::snprintf(buf, sizeof buf,
                  "Machine parameters for %s\n%s\n"
                  "precision = %3d   resolution = %s\n"
                  "machep = %6d   eps =        %s\n"
                  "negep =  %6d   epsneg =     %s\n"
                  "minexp = %6d   tiny =       %s\n"
                  "maxexp = %6d   max =        %s\n"
                  "nexp =   %6d   min =        -max\n"
                  "smallest_normal = %s   smallest_subnormal = %s\n%s\n",
                  name.c_str(), rule.c_str(), t.precision, t.resolution,
                  t.machep, t.eps, t.machep - 1, t.epsneg, t.minexp, t.tiny,
                  t.maxexp, t.max, t.nexp, t.tiny, t.subnormal, rule.c_str());
    return buf;
  }
  double maxValue() const {
    return d == DType::Float16   ? 65504.0
           : d == DType::Float32 ? double(FLT_MAX)
                                 : DBL_MAX;
  }
  bool getAttr(Interpreter &in, const Value &, const std::string &attr,
               Value &out) override {
    if (attr == "bits") {
      out = Value::integer(int64_t(py::dtypeSize(d)) * 8);
    } else if (attr == "dtype") {
      out = Value::object(Type::Native,
                          std::make_shared<NpDTypeObject>(d, false));
    } else if (!floating()) {
      if (attr == "min")
        out = Value::integer(intMin());
      else if (attr == "max")
        out = Value::integer(intMax());
      else
        return false;
    } else {
      FloatText t = text();
      double eps = std::ldexp(1.0, t.machep);
      double tiny = std::ldexp(1.0, t.minexp);
      if (attr == "eps")
        out = scalar(eps);
      else if (attr == "epsneg")
        out = scalar(eps / 2);
      else if (attr == "max")
        out = scalar(maxValue());
      else if (attr == "min")
        out = scalar(-maxValue());
      else if (attr == "tiny" || attr == "smallest_normal")
        out = scalar(tiny);
      else if (attr == "smallest_subnormal")
        out = scalar(std::ldexp(1.0, t.minexp + t.machep));
      else if (attr == "resolution")
        out = scalar(std::pow(10.0, -t.precision));
      else if (attr == "precision")
        out = Value::integer(t.precision);
      else if (attr == "machep")
        out = Value::integer(t.machep);
      else if (attr == "negep")
        out = Value::integer(t.machep - 1);
      else if (attr == "minexp")
        out = Value::integer(t.minexp);
      else if (attr == "maxexp")
        out = Value::integer(t.maxexp);
      else if (attr == "nexp")
        out = Value::integer(t.nexp);
      else
        return false;
    }
    return true;
  }
};

/// What NumPy does on each kind of floating-point error (np.seterr,
/// np.errstate): "ignore", "warn", "raise" or "print".
std::map<std::string, std::string> &npErrState() {
  static std::map<std::string, std::string> state{{"divide", "warn"},
                                                  {"over", "warn"},
                                                  {"under", "ignore"},
                                                  {"invalid", "warn"}};
  return state;
}

} // namespace

NpQuietFloatErrors::NpQuietFloatErrors() : saved(npErrState()) {
  for (auto &[kind, mode] : npErrState())
    mode = "ignore";
}

NpQuietFloatErrors::~NpQuietFloatErrors() { npErrState() = saved; }

namespace {

/// A floating-point error in `fname` ("divide by zero", "overflow",
/// "invalid value") as NumPy's error state says: by default a
/// RuntimeWarning.
void floatErrorWarning(TfRuntime &rt, const std::string &what,
                       const std::string &fname) {
  const std::string &mode = npErrState()[what == "divide by zero" ? "divide"
                                         : what == "overflow"     ? "over"
                                                                  : "invalid"];
  std::string message = what + " encountered in " + fname;
  if (mode == "warn")
    npWarning(rt.in, message, "RuntimeWarning");
  else if (mode == "raise")
    rt.in.raise("FloatingPointError", message);
  else if (mode == "print")
    rt.in.out() << "Warning: " << message << "\n";
}

/// The NumPy floating-point errors the C library flagged since the flags
/// were cleared, in NumPy's order (underflow is ignored by default).
void warnRaisedFlags(TfRuntime &rt, const std::string &fname) {
  int raised = std::fetestexcept(FE_DIVBYZERO | FE_OVERFLOW | FE_INVALID);
  if (raised & FE_DIVBYZERO)
    floatErrorWarning(rt, "divide by zero", fname);
  if (raised & FE_OVERFLOW)
    floatErrorWarning(rt, "overflow", fname);
  if (raised & FE_INVALID)
    floatErrorWarning(rt, "invalid value", fname);
}

/// The flags NumPy's float division loop raises for x / y (the quotients
/// themselves come from the kernel).
void divisionFlags(TfRuntime &rt, const Value &x, const Value &y, DType d,
                   const std::string &fname) {
  if (d != DType::Float32 && d != DType::Float64)
    return;
  const graph::HostTensor &a = *rt.tensor(x).value, &b = *rt.tensor(y).value;
  std::vector<int64_t> shape;
  if (!broadcastShapes(a.type.shape, b.type.shape, shape))
    return;
  std::vector<int64_t> from = broadcastSources(a.type.shape, shape),
                       by = broadcastSources(b.type.shape, shape);
  std::feclearexcept(FE_ALL_EXCEPT);
  for (size_t i = 0; i < from.size(); ++i) {
    double u = a.elementAsDouble(from[i]), v = b.elementAsDouble(by[i]);
    if (d == DType::Float32) {
      volatile float q = float(u) / float(v);
      (void)q;
    } else {
      volatile double q = u / v;
      (void)q;
    }
  }
  warnRaisedFlags(rt, fname);
}

/// NumPy's errors for operands of np.dot (`fname` "dot") or np.matmul and
/// `@` whose inner dimensions differ.
void checkProductShapes(TfRuntime &rt, const std::string &fname,
                        const std::vector<int64_t> &a,
                        const std::vector<int64_t> &b) {
  auto tight = [](const std::vector<int64_t> &s) { // "(2,3)", "(3,)"
    std::string out = "(";
    for (size_t i = 0; i < s.size(); ++i)
      out += (i ? "," : "") + std::to_string(s[i]);
    return out + (s.size() == 1 ? ",)" : ")");
  };
  const std::string signature = "(n?,k),(k,m?)->(n?,m?)";
  if (a.empty() || b.empty())
    return; // np.dot multiplies by a scalar; npMatmul refuses one
  if (fname == "dot") {
    size_t bDim = b.size() == 1 ? 0 : b.size() - 2;
    if (a.back() != b[bDim])
      rt.in.valueError("shapes " + tight(a) + " and " + tight(b) +
                       " not aligned: " + std::to_string(a.back()) + " (dim " +
                       std::to_string(a.size() - 1) +
                       ") != " + std::to_string(b[bDim]) + " (dim " +
                       std::to_string(bDim) + ")");
    return;
  }
  int64_t k = b.size() == 1 ? b[0] : b[b.size() - 2];
  if (a.back() != k)
    rt.in.valueError("matmul: Input operand 1 has a mismatch in its core "
                     "dimension 0, with gufunc signature " +
                     signature + " (size " + std::to_string(k) +
                     " is different from " + std::to_string(a.back()) + ")");
}

/// A binary ufunc named `fname` computing TensorFlow op `op` (or `@`);
/// its floating-point warnings name `warnAs` when given.
Value ufunc2(TfRuntime &rt, const std::string &fname, const std::string &op,
             const Value &x, const Value &y, std::string warnAs = "") {
  if (warnAs.empty())
    warnAs = fname;
  std::vector<Operand> ops = {operand(rt, x, fname), operand(rt, y, fname)};
  DType d = commonDType(ops);
  if (op == "RealDiv" && !isFloating(d))
    d = DType::Float64;
  std::string tfOp = op;
  if (d == DType::Bool) { // NumPy's bool arithmetic is logic
    if (op == "AddV2" || op == "Maximum")
      tfOp = "LogicalOr";
    else if (op == "Mul" || op == "Minimum")
      tfOp = "LogicalAnd";
    else if (op == "Sub")
      rt.in.typeError("numpy boolean subtract, the `-` operator, is not "
                      "supported, use the bitwise_xor, the `^` operator, or "
                      "the logical_xor function instead.");
  }
  bool logical = op == "LogicalAnd" || op == "LogicalOr";
  if (logical && d != DType::Bool)
    rt.in.typeError("ufunc '" + fname +
                    "' not supported for the input types, and the inputs "
                    "could not be safely coerced to any supported types "
                    "according to the casting rule ''safe''");
  // A matrix product's operands need not broadcast together.
  ValueList t = operandTensors(rt, ops, d, op != "MatMul");
  EagerScope eager(rt);
  if (op == "MatMul") {
    const auto &a = rt.tensor(t[0]).type.shape, &b = rt.tensor(t[1]).type.shape;
    checkProductShapes(rt, fname, a, b);
    if (fname == "dot" && (a.empty() || b.empty()))
      return result(rt, binaryOp(rt, "Mul", t[0], t[1]));
    return result(rt, npMatmul(rt, t[0], t[1]));
  }
  if (op == "RealDiv") {
    Value quotient = trueDiv(rt, t[0], t[1]);
    divisionFlags(rt, t[0], t[1], d, warnAs);
    return result(rt, quotient);
  }
  if ((op == "FloorDiv" || op == "FloorMod") && isInteger(d)) {
    // NumPy's integer division by zero gives 0 (and a RuntimeWarning)
    // where TensorFlow's kernel fails: computed here when a divisor is 0.
    const graph::HostTensor &a = *rt.tensor(t[0]).value,
                            &b = *rt.tensor(t[1]).value;
    bool zero = false;
    for (int64_t i = 0; i < b.type.numElements() && !zero; ++i)
      zero = b.elementAsInt(i) == 0;
    if (zero) {
      std::vector<int64_t> shape;
      broadcastShapes(a.type.shape, b.type.shape, shape);
      std::vector<int64_t> from = broadcastSources(a.type.shape, shape),
                           by = broadcastSources(b.type.shape, shape);
      ValueList values;
      for (size_t i = 0; i < from.size(); ++i) {
        int64_t x = a.elementAsInt(from[i]), y = b.elementAsInt(by[i]);
        int64_t q = 0, m = 0;
        if (y != 0 && !(y == -1 && x == INT64_MIN)) {
          q = x / y;
          m = x % y;
          if (m != 0 && ((m < 0) != (y < 0))) {
            --q;
            m += y;
          }
        } else if (y == -1) {
          q = x; // wraps, as NumPy's does
        }
        values.push_back(Value::integer(op == "FloorDiv" ? q : m));
      }
      auto out = std::make_shared<graph::HostTensor>(
          *rt.hostFromPython(rt.in.list(std::move(values)), d));
      out->type.shape = shape;
      floatErrorWarning(rt, "divide by zero", warnAs);
      return result(rt, rt.eager(out));
    }
  }
  return result(rt, binaryOp(rt, tfOp, t[0], t[1]));
}

Value ufuncLibm(TfRuntime &rt, const std::string &fname, const Value &x,
                double (*f64)(double), float (*f32)(float));

/// A unary ufunc computing TensorFlow op `op`; `floating` ones compute in
/// floatFor(dtype) (np.sqrt of int64 is float64), float64 with `libm64`
/// instead when given.
Value ufunc1(TfRuntime &rt, const std::string &fname, const std::string &op,
             const Value &x, bool floating,
             double (*libm64)(double) = nullptr) {
  Operand o = operand(rt, x, fname);
  DType d = commonDType({o});
  if (floating)
    d = floatFor(d);
  if (d == DType::Float64 && libm64)
    return ufuncLibm(rt, fname, x, libm64, nullptr);
  ValueList t = operandTensors(rt, {o}, d);
  EagerScope eager(rt);
  // An unsigned array's absolute value is itself and its negation wraps
  // around (TensorFlow's Abs and Neg take no uint8).
  if (d == DType::UInt8 && (op == "Abs" || op == "Neg"))
    return result(
        rt, op == "Abs"
                ? t[0]
                : binaryOp(rt, "Sub", rt.toTensor(Value::integer(0), d), t[0]));
  return result(rt, unaryOp(rt, op, t[0]));
}

/// A ufunc that NumPy computes with the C library on every element (no
/// SIMD loop of its own for these): float32 with the float function,
/// float16 through float32, float64 and integers (as float64) with the
/// double one.
Value ufuncLibm(TfRuntime &rt, const std::string &fname, const Value &x,
                double (*f64)(double), float (*f32)(float)) {
  Operand o = operand(rt, x, fname);
  DType given = commonDType({o});
  // trunc keeps integers as they are (NumPy 2's integer loop).
  if (fname == "trunc" && !isFloating(given) && given != DType::Bool)
    return result(rt, operandTensors(rt, {o}, given)[0]);
  DType d = floatFor(given);
  HostTensorPtr in = rt.tensor(operandTensors(rt, {o}, d)[0]).value;
  auto out = graph::HostTensor::zeros(in->type);
  std::feclearexcept(FE_ALL_EXCEPT);
  for (int64_t i = 0, n = in->type.numElements(); i < n; ++i) {
    double v = in->elementAsDouble(i);
    uint8_t *at = out->bytes.data() + i * py::dtypeSize(d);
    if (d == DType::Float64) {
      double r = f64(v);
      std::memcpy(at, &r, 8);
    } else if (d == DType::Float32) {
      float r = f32(float(v));
      std::memcpy(at, &r, 4);
    } else {
      uint16_t h = py::floatToHalf(f32(float(v)));
      std::memcpy(at, &h, 2);
    }
  }
  // The C library's exception flags, as NumPy reads them after its loop.
  warnRaisedFlags(rt, fname);
  return makeNdArray(rt, out, out->type.shape.empty());
}

/// np.sum & co. on array-like `x`; `op` is TensorFlow's reduction.
namespace {

/// NumPy's pairwise_sum of a[0..n) (loops_utils.h): below 8
/// added from zero one by one; up to 128 in 8 accumulators, folded
/// ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7)), the rest added
/// after; longer runs halved at a multiple of 8.
template <typename T> T pairwiseSum(const T *a, int64_t n) {
  if (n < 8) {
    T res = 0;
    for (int64_t i = 0; i < n; ++i)
      res += a[i];
    return res;
  }
  if (n <= 128) {
    T r[8];
    for (int j = 0; j < 8; ++j)
      r[j] = a[j];
    int64_t i = 8;
    for (; i < n - n % 8; i += 8)
      for (int j = 0; j < 8; ++j)
        r[j] += a[i + j];
    T res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; ++i)
      res += a[i];
    return res;
  }
  int64_t half = n / 2;
  half -= half % 8;
  return pairwiseSum(a, half) + pairwiseSum(a + half, n - half);
}

/// np.sum and np.mean of a float32 or float64 array over the axes
/// `reduced`, added as NumPy's reduction iterator adds: each output starts
/// at zero; when the last axis is reduced, the trailing run of reduced
/// axes (merged: they are contiguous) is summed in buffers of 8192
/// elements, each a pairwise sum, and added to its output; otherwise each
/// element is added to its output; either in memory order.
template <typename T>
HostTensorPtr npFloatSum(const graph::HostTensor &a,
                         const std::vector<bool> &reduced, bool mean,
                         bool keepdims) {
  const std::vector<int64_t> &shape = a.type.shape;
  size_t rank = shape.size();
  TensorType type{a.type.dtype, {}};
  int64_t count = 1;
  for (size_t d = 0; d < rank; ++d)
    if (!reduced[d])
      type.shape.push_back(shape[d]);
    else {
      count *= shape[d];
      if (keepdims)
        type.shape.push_back(1);
    }
  // The iterator drops axes of size 1 first: a (n, 1) column summed over
  // axis 0 is a run of n elements.
  std::vector<int64_t> dims;
  std::vector<bool> over;
  for (size_t d = 0; d < rank; ++d)
    if (shape[d] != 1) {
      dims.push_back(shape[d]);
      over.push_back(reduced[d]);
    }
  // The trailing reduced axes, summed as one run.
  size_t runFrom = dims.size();
  int64_t run = 1;
  while (runFrom > 0 && over[runFrom - 1])
    run *= dims[--runFrom];
  bool pairwise = runFrom < dims.size();
  auto out = graph::HostTensor::zeros(type);
  const T *in = reinterpret_cast<const T *>(a.bytes.data());
  T *res = reinterpret_cast<T *>(out->bytes.data());
  std::vector<int64_t> index(runFrom, 0);
  for (int64_t row = 0, rows = a.type.numElements() / run; row < rows; ++row) {
    int64_t o = 0;
    for (size_t d = 0; d < runFrom; ++d)
      if (!over[d])
        o = o * dims[d] + index[d];
    const T *base = in + row * run;
    if (pairwise)
      for (int64_t from = 0; from < run; from += 8192)
        res[o] += pairwiseSum(base + from, std::min<int64_t>(8192, run - from));
    else
      res[o] += base[0];
    for (size_t d = runFrom; d-- > 0;)
      if (++index[d] < dims[d])
        break;
      else
        index[d] = 0;
  }
  if (mean)
    for (int64_t o = 0; o < out->type.numElements(); ++o)
      res[o] /= static_cast<T>(count);
  return out;
}

/// The float32 or float64 sum or mean of `a` over all axes or some, in
/// NumPy's order; null for other dtypes, repeated axes or no elements.
HostTensorPtr floatSum(TfRuntime &rt, const HostTensorPtr &a, const Value &axis,
                       bool mean, bool keepdims) {
  DType d = a->type.dtype;
  if ((d != DType::Float32 && d != DType::Float64) ||
      a->type.numElements() == 0)
    return nullptr;
  size_t rank = a->type.shape.size();
  std::vector<bool> reduced(rank, axis.isNone());
  if (!axis.isNone()) {
    ValueList given = axis.isIntLike() ? ValueList{axis} : rt.in.toList(axis);
    for (const Value &v : given) {
      int64_t x = npAxis(rt, v, static_cast<int64_t>(rank));
      if (reduced[x])
        return nullptr;
      reduced[x] = true;
    }
  }
  return d == DType::Float32 ? npFloatSum<float>(*a, reduced, mean, keepdims)
                             : npFloatSum<double>(*a, reduced, mean, keepdims);
}

} // namespace

Value npReduce(TfRuntime &rt, const std::string &op, const Value &x,
               const Value &axis, bool keepdims) {
  HostTensorPtr a = npAsArray(rt, x);
  if (op == "Sum" || op == "Mean")
    if (HostTensorPtr sum = floatSum(rt, a, axis, op == "Mean", keepdims))
      return makeNdArray(rt, sum, sum->type.shape.empty());
  DType d = a->type.dtype;
  if ((op == "Sum" || op == "Prod") && !isFloating(d))
    d = DType::Int64; // NumPy sums small ints in the platform's int64
  else if (op == "Mean")
    d = isFloating(d) ? d : DType::Float64;
  else if (op == "Any" || op == "All")
    d = DType::Bool;
  if ((op == "Max" || op == "Min") && a->type.numElements() == 0)
    rt.in.valueError(std::string("zero-size array to reduction operation ") +
                     (op == "Max" ? "maximum" : "minimum") +
                     " which has no identity");
  EagerScope eager(rt);
  Value t = rt.eager(a);
  if (d == DType::Bool && a->type.dtype != DType::Bool) // NumPy's truth: != 0
    t = binaryOp(rt, "NotEqual", t,
                 rt.eager(rt.hostFromPython(Value::integer(0), a->type.dtype)));
  else
    t = cast(rt, t, d);
  return result(rt, reduce(rt, op, t, axis, keepdims));
}

/// np.var and np.std (`root`), computed as NumPy's _var does: the mean
/// (kept as an axis), squared deviations, their sum over `n - ddof`.
Value npVariance(TfRuntime &rt, const Value &x, const Value &axis,
                 bool keepdims, int64_t ddof, bool root) {
  HostTensorPtr a = npAsArray(rt, x);
  DType d = isFloating(a->type.dtype) ? a->type.dtype : DType::Float64;
  int64_t rank = static_cast<int64_t>(a->type.shape.size()), count = 1;
  std::vector<bool> reduced(static_cast<size_t>(rank), axis.isNone());
  if (!axis.isNone()) {
    ValueList axes = axis.isIntLike() ? ValueList{axis} : rt.in.toList(axis);
    for (auto &v : axes)
      reduced[static_cast<size_t>(npAxis(rt, v, rank))] = true;
  }
  for (int64_t i = 0; i < rank; ++i)
    if (reduced[static_cast<size_t>(i)])
      count *= a->type.shape[i];
  EagerScope eager(rt);
  Value t = cast(rt, rt.eager(a), d);
  // The mean and the sum of squares in NumPy's order where kiln has it.
  auto sumOrMean = [&](const Value &v, bool mean, bool keep) {
    if (HostTensorPtr s = floatSum(rt, rt.tensor(v).value, axis, mean, keep))
      return rt.eager(s);
    return reduce(rt, mean ? "Mean" : "Sum", v, axis, keep);
  };
  Value deviation = binaryOp(rt, "Sub", t, sumOrMean(t, true, true));
  Value sum =
      sumOrMean(binaryOp(rt, "Mul", deviation, deviation), false, keepdims);
  double n = static_cast<double>(std::max<int64_t>(count - ddof, 0));
  Value v = binaryOp(rt, "RealDiv", sum,
                     rt.eager(rt.hostFromPython(Value::floating(n), d)));
  return result(rt, root ? unaryOp(rt, "Sqrt", v) : v);
}

Value npArgReduce(TfRuntime &rt, const std::string &op, const Value &x,
                  const Value &axis) {
  HostTensorPtr a = npAsArray(rt, x);
  // NumPy's argmax and argmin stop at the first NaN (TensorFlow's skip
  // NaNs): with one present, the positions are found here.
  const int64_t n = a->type.numElements();
  bool nan = false;
  for (int64_t i = 0; isFloating(a->type.dtype) && !nan && i < n; ++i)
    nan = std::isnan(a->elementAsDouble(static_cast<size_t>(i)));
  if (nan) {
    std::vector<int64_t> shape = a->type.shape;
    int64_t rank = static_cast<int64_t>(shape.size());
    int64_t ax = axis.isNone() ? -1 : npAxis(rt, axis, rank);
    int64_t length = ax < 0 ? n : shape[ax];
    int64_t inner = 1;
    for (int64_t d = ax + 1; ax >= 0 && d < rank; ++d)
      inner *= shape[d];
    std::vector<int64_t> outShape;
    for (int64_t d = 0; ax >= 0 && d < rank; ++d)
      if (d != ax)
        outShape.push_back(shape[d]);
    auto out = graph::HostTensor::zeros(TensorType{DType::Int64, outShape});
    int64_t count = out->type.numElements();
    for (int64_t o = 0; o < count; ++o) {
      int64_t base = ax < 0 ? 0 : (o / inner) * length * inner + o % inner;
      int64_t step = ax < 0 ? 1 : inner, best = 0;
      double bestValue = a->elementAsDouble(static_cast<size_t>(base));
      for (int64_t k = 0; k < length && !std::isnan(bestValue); ++k) {
        double v = a->elementAsDouble(static_cast<size_t>(base + k * step));
        if (std::isnan(v) || (op == "ArgMax" ? v > bestValue : v < bestValue)) {
          best = k;
          bestValue = v;
        }
      }
      reinterpret_cast<int64_t *>(out->bytes.data())[o] = best;
    }
    return makeNdArray(rt, out, outShape.empty());
  }
  EagerScope eager(rt);
  Value t = rt.eager(a);
  Value ax = axis;
  if (axis.isNone()) {
    t = reshape(rt, t, pyIntList(rt.in, {-1}));
    ax = Value::integer(0);
  }
  return result(rt, argReduce(rt, op, t, ax, DType::Int64));
}

/// The elements of `t` as doubles, broadcast to `shape`.
std::vector<double> broadcastValues(const graph::HostTensor &t,
                                    const std::vector<int64_t> &shape) {
  std::vector<double> out;
  for (int64_t src : broadcastSources(t.type.shape, shape))
    out.push_back(t.elementAsDouble(static_cast<size_t>(src)));
  return out;
}

/// np.isclose's elementwise test, in float64 as NumPy computes it.
std::vector<bool> isClose(TfRuntime &rt, const Value &a, const Value &b,
                          double rtol, double atol, bool equalNan,
                          std::vector<int64_t> &shape) {
  HostTensorPtr x = npAsArray(rt, a), y = npAsArray(rt, b);
  shape.clear();
  if (!broadcastShapes(x->type.shape, y->type.shape, shape))
    rt.in.valueError("operands could not be broadcast together with shapes " +
                     npShape(x->type.shape) + " " + npShape(y->type.shape) +
                     " ");
  std::vector<double> xs = broadcastValues(*x, shape),
                      ys = broadcastValues(*y, shape);
  std::vector<bool> out(xs.size());
  for (size_t i = 0; i < xs.size(); ++i) {
    double u = xs[i], v = ys[i];
    if (std::isfinite(u) && std::isfinite(v))
      out[i] = std::fabs(u - v) <= atol + rtol * std::fabs(v);
    else if (std::isnan(u) || std::isnan(v))
      out[i] = equalNan && std::isnan(u) && std::isnan(v);
    else
      out[i] = u == v;
  }
  return out;
}

Value boolArray(TfRuntime &rt, const std::vector<bool> &values,
                const std::vector<int64_t> &shape) {
  auto h = graph::HostTensor::zeros({DType::Bool, shape});
  for (size_t i = 0; i < values.size(); ++i)
    h->bytes[i] = values[i];
  return makeNdArray(rt, h, shape.empty());
}

/// np.testing's check of two arrays (assert_array_compare): nothing when
/// `same` holds for every element pair (broadcast; NaNs in the same
/// places, as equal_nan has them, and equal infinities pass), else
/// AssertionError with NumPy 2's message (build_err_msg): the header, how
/// many elements differ, the largest absolute and relative differences
/// among them, and both arrays.
void assertArraysAgree(TfRuntime &rt, const Value &actual, const Value &desired,
                       const std::string &header,
                       const std::function<bool(double, double)> &same) {
  Interpreter &in = rt.in;
  HostTensorPtr x = npAsArray(rt, actual), y = npAsArray(rt, desired);
  // A number as NumPy prints one element (array2string).
  DType errorType = promote(x->type.dtype, y->type.dtype);
  auto shown = [&](double v, DType d) {
    auto one = graph::HostTensor::zeros({DType::Float64, {1}});
    std::memcpy(one->bytes.data(), &v, sizeof v);
    std::string text = in.toStr(makeNdArray(rt, castHost(rt, one, d), false));
    return text.substr(1, text.size() - 2); // "[0.1]"
  };
  std::string remarks;
  std::vector<int64_t> shape;
  bool shapesAgree = x->type.shape.empty() || y->type.shape.empty() ||
                     x->type.shape == y->type.shape;
  if (!shapesAgree) {
    remarks = "\n(shapes " + npShape(x->type.shape) + ", " +
              npShape(y->type.shape) + " mismatch)";
  } else {
    broadcastShapes(x->type.shape, y->type.shape, shape);
    std::vector<double> xs = broadcastValues(*x, shape),
                        ys = broadcastValues(*y, shape);
    size_t bad = 0;
    double maxAbs = 0, maxRel = 0;
    bool anyRel = false;
    for (size_t i = 0; i < xs.size(); ++i) {
      double u = xs[i], v = ys[i];
      bool ok = (std::isnan(u) && std::isnan(v)) || u == v || same(u, v);
      if (ok)
        continue;
      ++bad;
      double e = std::fabs(u - v);
      maxAbs = bad == 1 ? e : std::max(maxAbs, e);
      if (v != 0) {
        double r = e / std::fabs(v);
        maxRel = anyRel ? std::max(maxRel, r) : r;
        anyRel = true;
      }
    }
    if (bad == 0)
      return;
    double percent = 100.0 * bad / std::max<size_t>(xs.size(), 1);
    remarks = "\nMismatched elements: " + std::to_string(bad) + " / " +
              std::to_string(xs.size()) + " (" +
              in.toStr(formatValue(in, Value::floating(percent), ".3g")) +
              "%)\nMax absolute difference among violations: " +
              shown(maxAbs, errorType) +
              "\nMax relative difference among violations: " +
              (anyRel ? shown(maxRel, isFloating(errorType) ? errorType
                                                            : DType::Float64)
                      : std::string("inf"));
  }
  std::string message = "\n" + header + "\n" + remarks;
  for (auto [name, array] : {std::pair{"ACTUAL", x}, std::pair{"DESIRED", y}}) {
    std::string text = in.repr(makeNdArray(rt, array, false));
    // build_err_msg keeps three lines of a long repr.
    size_t cut = 0;
    for (int lines = 0; lines < 3 && cut != std::string::npos; ++lines)
      cut = text.find('\n', cut + (lines ? 1 : 0));
    if (cut != std::string::npos)
      text = text.substr(0, cut) + "...";
    message += std::string("\n ") + name + ": " + text;
  }
  in.raise("AssertionError", message);
}

/// The sizes a shape argument gives: a list, a tuple, a 1-D array or a
/// TensorShape holds them, anything else is one; a 2-D array is NumPy's
/// TypeError.
ValueList shapeItems(Interpreter &in, const Value &v) {
  NdArrayObject *nd = asNd(v);
  size_t rank = nd ? nd->value->type.shape.size() : 0;
  if (rank > 1)
    in.typeError("only integer scalar arrays can be converted to a scalar "
                 "index");
  bool tensorShape =
      v.is(Type::Native) && dynamic_cast<TensorShapeObject *>(v.raw());
  if (v.is(Type::List) || v.is(Type::Tuple) || rank == 1 || tensorShape)
    return in.toList(v);
  return {v};
}

} // namespace

std::vector<int64_t> shapeArg(Interpreter &in, const Value &v) {
  std::vector<int64_t> shape;
  for (auto &d : shapeItems(in, v))
    shape.push_back(in.toIndex(d));
  for (int64_t d : shape)
    if (d < 0)
      in.valueError("negative dimensions are not allowed");
  return shape;
}

namespace {

Value filledArray(TfRuntime &rt, const std::vector<int64_t> &shape,
                  const Value &fill, DType d) {
  return makeNdArray(rt, repeatScalar(rt, npAsArray(rt, fill, d), {d, shape}),
                     false);
}

std::optional<DType> npDTypeArg(Interpreter &in, const Value &v) {
  if (v.isNone())
    return std::nullopt;
  if (auto d = npDTypeOf(v))
    return d;
  if (v.is(Type::Class)) { // the builtins float, int, bool
    std::string name = in.repr(v);
    if (name == "<class 'float'>")
      return DType::Float64;
    if (name == "<class 'int'>")
      return DType::Int64;
    if (name == "<class 'bool'>")
      return DType::Bool;
  }
  return dtypeArg(in, v);
}

/// A list of the arrays in sequence `v`, promoted to one dtype.
ValueList sameDTypeTensors(TfRuntime &rt, const Value &v) {
  std::vector<HostTensorPtr> arrays;
  for (auto &item : rt.in.toList(v))
    arrays.push_back(npAsArray(rt, item));
  if (arrays.empty())
    rt.in.valueError("need at least one array to concatenate");
  DType d = arrays[0]->type.dtype;
  for (auto &a : arrays)
    d = promote(d, a->type.dtype);
  ValueList out;
  for (auto &a : arrays)
    out.push_back(rt.eager(castHost(rt, a, d)));
  return out;
}

} // namespace

// ---- dtypes ----

const char *NpDTypeObject::npName() const { return py::dtypeName(dtype); }

std::string NpDTypeObject::repr(Interpreter &, const Value &) {
  if (isType)
    return std::string("<class 'numpy.") + npName() + "'>";
  return std::string("dtype('") + npName() + "')";
}

std::string NpDTypeObject::str(Interpreter &in, const Value &self) {
  return isType ? repr(in, self) : npName();
}

bool NpDTypeObject::getAttr(Interpreter &in, const Value &,
                            const std::string &name, Value &out) {
  if (name == "name" || name == "__name__")
    out = in.str(npName());
  else if (name == "itemsize")
    out = Value::integer(bytesOf(dtype));
  else if (name == "type") {
    auto t = std::make_shared<NpDTypeObject>(dtype, true);
    t->runtime = runtime;
    out = Value::object(Type::Native, t);
  } else
    return false;
  return true;
}

bool NpDTypeObject::call(Interpreter &in, const Value &, CallArgs &args,
                         Value &out) {
  if (!isType)
    return false;
  py::ArgParser(in, args, npName()).expect(0, 1);
  Value v = args.positional.empty() ? Value::integer(0) : args.positional[0];
  TfRuntime &rt = *runtime;
  HostTensorPtr h = npAsArray(rt, v, dtype);
  out = makeNdArray(rt, h, h->type.shape.empty());
  return true;
}

bool NpDTypeObject::instanceCheck(Interpreter &, const Value &obj, bool &out) {
  if (!isType)
    return false; // a dtype object is not a type
  NdArrayObject *nd = asNd(obj);
  out = nd && nd->scalar && nd->value->type.dtype == dtype;
  return true;
}

bool NpDTypeObject::equals(Interpreter &in, const Value &, const Value &other,
                           bool &out) {
  if (auto d = npDTypeOf(other))
    out = *d == dtype;
  else if (auto *t = other.is(Type::Native)
                         ? dynamic_cast<DTypeObject *>(other.raw())
                         : nullptr)
    out = t->dtype == dtype;
  else if (other.is(Type::Str))
    out = dtypeFromName(in.toStr(other)) == dtype;
  else
    out = false;
  return true;
}

std::optional<DType> npDTypeOf(const Value &v) {
  if (auto *d =
          v.is(Type::Native) ? dynamic_cast<NpDTypeObject *>(v.raw()) : nullptr)
    return d->dtype;
  return std::nullopt;
}

// ---- arrays ----

Value callNumPy(Interpreter &in, const std::string &name, ValueList args,
                std::vector<std::pair<std::string, Value>> keywords) {
  CallArgs call;
  call.positional = std::move(args);
  call.keywords = std::move(keywords);
  return in.call(in.getAttr(in.importModule("numpy"), name), call);
}

Value makeNdArray(TfRuntime &rt, HostTensorPtr value, bool scalar) {
  auto a = std::make_shared<NdArrayObject>();
  a->value = std::move(value);
  a->rt = &rt;
  a->scalar = scalar && a->value->type.shape.empty();
  return Value::object(Type::Native, a);
}

int64_t npAxis(TfRuntime &rt, const Value &v, int64_t rank) {
  int64_t axis = rt.in.toIndex(v);
  if (axis < -rank || axis >= rank)
    rt.in.raise("AxisError", "axis " + std::to_string(axis) +
                                 " is out of bounds for array of dimension " +
                                 std::to_string(rank));
  return axis < 0 ? axis + rank : axis;
}

HostTensorPtr npAsArray(TfRuntime &rt, const Value &v,
                        std::optional<DType> dtype) {
  Interpreter &in = rt.in;
  HostTensorPtr h;
  if (auto *nd = asNd(v)) {
    h = nd->value;
  } else if (VariableObject *var = asVariable(v)) {
    h = var->state->value;
  } else if (v.is(Type::Tensor)) {
    auto &t = rt.tensor(v);
    if (t.symbolic())
      in.raise("NotImplementedError",
               "Cannot convert a symbolic tf.Tensor (" + t.graphName() +
                   ") to a numpy array. This error may indicate that you're "
                   "trying to pass a Tensor to a NumPy call, which is not "
                   "supported.");
    h = t.value;
  } else if (auto *shape = v.is(Type::Native)
                               ? dynamic_cast<TensorShapeObject *>(v.raw())
                               : nullptr;
             shape && shape->type.isStatic()) {
    // np.prod(x.shape): a known shape is an array of its sizes.
    return npAsArray(rt, pyIntList(in, shape->type.shape), dtype);
  } else if ((v.is(Type::List) || v.is(Type::Tuple)) && holdsArrays(in, v)) {
    ValueList parts = sameDTypeTensors(rt, v);
    for (auto &p : parts)
      if (rt.tensor(p).type.shape != rt.tensor(parts[0]).type.shape)
        in.valueError("setting an array element with a sequence. The "
                      "requested array has an inhomogeneous shape after 1 "
                      "dimensions.");
    EagerScope eager(rt);
    h = rt.tensor(concat(rt, parts, 0, "Pack")).value;
  } else {
    std::optional<DType> d = inferPythonDType(in, v);
    if (!d) {
      if (v.is(Type::Str) || v.is(Type::Bytes))
        in.raise("NotImplementedError",
                 "kiln's numpy subset has no string arrays");
      in.typeError("kiln's numpy subset cannot make an array from " +
                   in.repr(v));
    }
    // NumPy 2 refuses a Python int its integer dtype cannot hold.
    if (dtype && isInteger(*dtype) && *dtype != DType::Int64) {
      int bits = int(py::dtypeSize(*dtype)) * 8;
      bool isUnsigned = *dtype == DType::UInt8;
      int64_t lo = isUnsigned ? 0 : -(int64_t(1) << (bits - 1));
      int64_t hi = isUnsigned ? (int64_t(1) << bits) - 1
                              : (int64_t(1) << (bits - 1)) - 1;
      std::function<void(const Value &)> check = [&](const Value &x) {
        if (x.is(Type::List) || x.is(Type::Tuple)) {
          for (auto &item : in.toList(x))
            check(item);
        } else if (x.is(Type::Int) && (x.asInt() < lo || x.asInt() > hi)) {
          in.raise("OverflowError",
                   "Python integer " + std::to_string(x.asInt()) +
                       " out of bounds for " + py::dtypeName(*dtype));
        }
      };
      check(v);
    }
    // NumPy converts by value (np.array([1, 0], dtype=bool), [1.5] to
    // int32), where TensorFlow's conversion to another dtype refuses.
    h = rt.hostFromPython(v, *d);
  }
  return dtype ? castHost(rt, h, *dtype) : h;
}

void npWarning(Interpreter &in, const std::string &message,
               const char *category) {
  in.call(in.getAttr(in.importModule("warnings"), "warn"),
          ValueList{in.str(message),
                    Value::object(Type::Class, in.builtinClass(category))});
}

NpUfunc npOperatorUfunc(BinaryOp op) {
  switch (op) {
  case BinaryOp::Add:
    return {"add", "AddV2"};
  case BinaryOp::Sub:
    return {"subtract", "Sub"};
  case BinaryOp::Mult:
    return {"multiply", "Mul"};
  case BinaryOp::Div:
    return {"divide", "RealDiv"};
  case BinaryOp::FloorDiv:
    return {"floor_divide", "FloorDiv"};
  case BinaryOp::Mod:
    return {"remainder", "FloorMod"};
  case BinaryOp::Pow:
    return {"power", "Pow"};
  case BinaryOp::MatMult:
    return {"matmul", "MatMul"};
  case BinaryOp::BitAnd:
    return {"bitwise_and", "LogicalAnd"};
  case BinaryOp::BitOr:
    return {"bitwise_or", "LogicalOr"};
  case BinaryOp::BitXor:
    return {"bitwise_xor", nullptr};
  case BinaryOp::LShift:
    return {"left_shift", nullptr};
  case BinaryOp::RShift:
    return {"right_shift", nullptr};
  }
  return {"?", nullptr};
}

bool npBinary(TfRuntime &rt, BinaryOp op, const Value &x, const Value &y,
              Value &out) {
  for (const Value *v : {&x, &y})
    if (!(asNd(*v) || isPyNumber(*v) || v->is(Type::List) ||
          v->is(Type::Tuple)))
      return false;
  NpUfunc ufunc = npOperatorUfunc(op);
  if (!ufunc.tfOp)
    return false;
  // Two scalars go through NumPy's scalar math, whose warnings say so.
  auto scalar = [](const Value &v) {
    auto *nd = asNd(v);
    return nd ? nd->scalar : isPyNumber(v);
  };
  out = ufunc2(rt, ufunc.name, ufunc.tfOp, x, y,
               scalar(x) && scalar(y) ? std::string("scalar ") + ufunc.name
                                      : std::string());
  return true;
}

bool npCompare(TfRuntime &rt, CmpOp op, const Value &x, const Value &y,
               Value &out) {
  for (const Value *v : {&x, &y})
    if (!(asNd(*v) || isPyNumber(*v)))
      return false;
  const char *name = op == CmpOp::Eq      ? "Equal"
                     : op == CmpOp::NotEq ? "NotEqual"
                     : op == CmpOp::Lt    ? "Less"
                     : op == CmpOp::LtE   ? "LessEqual"
                     : op == CmpOp::Gt    ? "Greater"
                     : op == CmpOp::GtE   ? "GreaterEqual"
                                          : nullptr;
  if (!name)
    return false;
  out = ufunc2(rt, "equal", name, x, y);
  return true;
}

// ---- the module ----

void installNumPy(TfRuntime &rt) {
  TfRuntime *r = &rt;
  py::printOptions() = py::PrintOptions(); // NumPy's defaults per script
  rt.in.registerModule("numpy", [r](Interpreter &in) {
    TfRuntime &rt = *r;
    ModuleBuilder np(in, rt, "numpy");
    for (DType d :
         {DType::Bool, DType::Int8, DType::Int16, DType::Int32, DType::Int64,
          DType::UInt8, DType::Float16, DType::Float32, DType::Float64}) {
      auto t = std::make_shared<NpDTypeObject>(d, true);
      t->runtime = r;
      np.set(py::dtypeName(d), Value::object(Type::Native, t));
    }
    np.set("bool_", np.module->dict["bool"]);
    struct Abstract {
      const char *name;
      std::function<bool(DType)> holds;
    };
    for (const Abstract &a : std::vector<Abstract>{
             {"ndarray", nullptr},
             {"generic", [](DType) { return true; }},
             {"number", [](DType d) { return d != DType::Bool; }},
             {"integer", [](DType d) { return isInteger(d); }},
             {"signedinteger",
              [](DType d) { return isInteger(d) && d != DType::UInt8; }},
             {"unsignedinteger", [](DType d) { return d == DType::UInt8; }},
             {"inexact", [](DType d) { return isFloating(d); }},
             {"floating", [](DType d) { return isFloating(d); }}}) {
      // np.ndarray holds the arrays, the abstract types scalars of their
      // dtypes (isinstance).
      auto holds = [dtypes = a.holds](const Value &v) {
        NdArrayObject *nd = asNd(v);
        return nd && (dtypes ? nd->scalar && dtypes(nd->value->type.dtype)
                             : !nd->scalar);
      };
      np.set(a.name,
             Value::object(Type::Native, std::make_shared<py::NativeTypeObject>(
                                             "numpy", a.name, holds)));
    }
    np.set("double", np.module->dict["float64"]);
    np.set("half", np.module->dict["float16"]);
    np.set("single", np.module->dict["float32"]);
    np.set("pi", Value::floating(M_PI));
    np.set("e", Value::floating(M_E));
    np.set("inf", Value::floating(INFINITY));
    np.set("nan", Value::floating(NAN));
    np.set("newaxis", Value());
    installNpRandom(rt, np);
    installNpArrayFunctions(rt, np);
    installNpSearch(rt, np);
    installNpStatistics(rt, np);
    installNpMath(rt, np);

    // The print options kiln follows (py::PrintOptions); the others are
    // refused rather than ignored.
    np.def("set_printoptions", [](Interpreter &in, CallArgs &args) {
      Params p(in, args, "set_printoptions",
               {"precision", "threshold", "edgeitems", "linewidth", "suppress",
                "nanstr", "infstr", "formatter", "sign", "floatmode", "legacy",
                "override_repr"},
               Wording::Python);
      applyPrintOptions(in, p, "set_printoptions", "linewidth", "suppress");
      return Value();
    });
    // with np.printoptions(precision=3): ...: set_printoptions' arguments
    // for the block; the block gets get_printoptions().
    np.def("printoptions", [](Interpreter &in, CallArgs &args) {
      Value numpy = in.importModule("numpy");
      // The arguments are checked now, as NumPy's set_printoptions call
      // in __enter__ would; the options before stay to be restored.
      py::PrintOptions before = py::printOptions();
      in.call(in.getAttr(numpy, "set_printoptions"), args);
      py::PrintOptions inside = py::printOptions();
      py::printOptions() = before;
      auto saved = std::make_shared<py::PrintOptions>(before);
      auto manager = std::make_shared<py::ModuleObject>();
      manager->name = "printoptions";
      manager->dict["__enter__"] = in.builtin(
          "__enter__", [numpy, saved, inside](Interpreter &in, CallArgs &) {
            *saved = py::printOptions();
            py::printOptions() = inside;
            return in.call(in.getAttr(numpy, "get_printoptions"), ValueList{});
          });
      manager->dict["__exit__"] =
          in.builtin("__exit__", [saved](Interpreter &, CallArgs &) {
            py::printOptions() = *saved;
            return Value::boolean(false);
          });
      return Value::object(Type::Module, manager);
    });
    // np.seterr sets what floating-point errors do and returns the old
    // settings; np.errstate sets them inside a with block.
    auto settings = [](Interpreter &in) {
      // In NumPy's order of the keys.
      Value out = in.dict();
      for (const char *k : {"divide", "over", "under", "invalid"})
        in.setItem(out, in.str(k), in.str(npErrState()[k]));
      return out;
    };
    auto update = [](Interpreter &in, CallArgs &args, const char *fname) {
      Params p(in, args, fname, {"all", "divide", "over", "under", "invalid"},
               Wording::Python);
      std::map<std::string, std::string> next = npErrState();
      for (const char *k : {"all", "divide", "over", "under", "invalid"}) {
        if (!p.has(k))
          continue;
        std::string mode = in.toStr(p.get(k));
        if (mode != "ignore" && mode != "warn" && mode != "raise" &&
            mode != "print")
          in.raise(mode == "call" || mode == "log" ? "NotImplementedError"
                                                   : "ValueError",
                   mode == "call" || mode == "log"
                       ? "kiln's numpy takes the error modes ignore, warn, "
                         "raise and print"
                       : "invalid error mode '" + mode + "'");
        if (std::string(k) == "all")
          for (auto &[name, m] : next)
            m = mode;
        else
          next[k] = mode;
      }
      return next;
    };
    np.def("geterr", [settings](Interpreter &in, CallArgs &args) {
      py::ArgParser(in, args, "geterr").expect(0, 0);
      return settings(in);
    });
    np.def("seterr", [settings, update](Interpreter &in, CallArgs &args) {
      Value old = settings(in);
      npErrState() = update(in, args, "seterr");
      return old;
    });
    np.def("errstate", [update](Interpreter &in, CallArgs &args) {
      auto inside = update(in, args, "errstate");
      auto saved = std::make_shared<std::map<std::string, std::string>>();
      auto manager = std::make_shared<py::ModuleObject>();
      manager->name = "errstate";
      manager->dict["__enter__"] =
          in.builtin("__enter__", [saved, inside](Interpreter &, CallArgs &) {
            *saved = npErrState();
            npErrState() = inside;
            return Value();
          });
      manager->dict["__exit__"] =
          in.builtin("__exit__", [saved](Interpreter &, CallArgs &) {
            npErrState() = *saved;
            return Value::boolean(false);
          });
      return Value::object(Type::Module, manager);
    });
    // np.array2string and np.array_str: the text of str(a) under the
    // options given for this call.
    np.def("array2string", [r](Interpreter &in, CallArgs &args) {
      Params p(in, args, "array2string",
               {"a", "max_line_width", "precision", "suppress_small",
                "separator", "prefix", "style", "formatter", "threshold",
                "edgeitems", "sign", "floatmode", "suffix", "legacy"},
               Wording::Python);
      HostTensorPtr a = npAsArray(*r, p.require("a", "array2string"));
      PrintOptionsGuard guard;
      applyPrintOptions(in, p, "array2string", "max_line_width",
                        "suppress_small");
      auto text = [&](const char *name, const char *otherwise) {
        return p.has(name) && !p.get(name).isNone() ? in.toStr(p.get(name))
                                                    : std::string(otherwise);
      };
      return in.str(py::numpyArray2String(a->view(), text("separator", " "),
                                          text("prefix", ""),
                                          text("suffix", "")));
    });
    np.def("array_str", [r](Interpreter &in, CallArgs &args) {
      Params p(in, args, "array_str",
               {"a", "max_line_width", "precision", "suppress_small"},
               Wording::Python);
      HostTensorPtr a = npAsArray(*r, p.require("a", "array_str"));
      PrintOptionsGuard guard;
      applyPrintOptions(in, p, "array_str", "max_line_width", "suppress_small");
      return in.str(py::numpyStr(a->view()));
    });
    np.def("get_printoptions", [](Interpreter &in, CallArgs &args) {
      Params(in, args, "get_printoptions", {});
      const py::PrintOptions &o = py::printOptions();
      Value d = in.dict();
      auto set = [&](const char *k, Value v) { in.setItem(d, in.str(k), v); };
      set("edgeitems", Value::integer(o.edgeItems));
      set("threshold", std::isinf(o.threshold)
                           ? Value::floating(o.threshold)
                           : Value::integer(int64_t(o.threshold)));
      set("floatmode", in.str("maxprec"));
      set("precision", Value::integer(o.precision));
      set("suppress", Value::boolean(o.suppress));
      set("linewidth", Value::integer(o.lineWidth));
      set("nanstr", in.str("nan"));
      set("infstr", in.str("inf"));
      set("sign", in.str("-"));
      set("formatter", Value());
      set("legacy", Value::boolean(false));
      set("override_repr", Value());
      return d;
    });
    for (bool floating : {true, false}) {
      std::string name = floating ? "finfo" : "iinfo";
      np.def(name, [r, name, floating](Interpreter &in, CallArgs &args) {
        Params p(in, args, name, {floating ? "dtype" : "int_type"},
                 Wording::Python);
        Value given = p.require(floating ? "dtype" : "int_type", name);
        // An array or NumPy scalar stands for its dtype.
        if (auto *a = asNd(given))
          given = Value::object(Type::Native, std::make_shared<NpDTypeObject>(
                                                  a->value->type.dtype, false));
        std::optional<DType> d =
            given.is(Type::Class) && given.as<py::ClassObject>().name == "float"
                ? std::optional<DType>(DType::Float64)
                : npDTypeArg(in, given);
        bool ok =
            d && (floating ? (*d == DType::Float16 || *d == DType::Float32 ||
                              *d == DType::Float64)
                           : (isInteger(*d) && *d != DType::Bool));
        if (!ok)
          in.valueError(floating
                            ? "data type " + in.repr(given) + " not inexact"
                            : "Invalid integer data type " +
                                  in.repr(in.str(d ? py::dtypeName(*d) : "?")) +
                                  ".");
        return Value::object(Type::Native,
                             std::make_shared<NpInfoObject>(*r, *d));
      });
    }
    np.def("dtype", [](Interpreter &in, CallArgs &args) {
      Params p(in, args, "dtype", {"dtype"}, Wording::Python);
      auto d = npDTypeArg(in, p.require("dtype", "dtype"));
      if (!d || *d == DType::String || *d == DType::BFloat16)
        in.typeError("data type " + in.repr(p.get("dtype")) +
                     " not understood");
      return Value::object(Type::Native,
                           std::make_shared<NpDTypeObject>(*d, false));
    });
    for (const char *name : {"array", "asarray", "copy"})
      np.def(name, [r, name](Interpreter &in, CallArgs &args) {
        Params p(in, args, name, {"object", "dtype"}, Wording::Python);
        auto d = npDTypeArg(in, p.get("dtype"));
        Value object = p.require("object", name);
        auto *array = dynamic_cast<NdArrayObject *>(object.raw());
        // asarray of an array of that dtype is the array itself.
        if (std::string(name) == "asarray" && array && !array->scalar &&
            (!d || *d == array->value->type.dtype))
          return object;
        if (d && *d == DType::Bool) { // numbers are true when nonzero
          HostTensorPtr from = npAsArray(*r, object);
          if (from->type.dtype != DType::Bool &&
              from->type.dtype != DType::String) {
            auto out =
                graph::HostTensor::zeros({DType::Bool, from->type.shape});
            for (int64_t i = 0; i < from->type.numElements(); ++i)
              out->bytes[i] = from->elementAsDouble(i) != 0.0;
            return makeNdArray(*r, out, false);
          }
        }
        return makeNdArray(*r, npAsArray(*r, object, d), false);
      });
    for (auto [name, fill] :
         {std::pair<const char *, int>{"zeros", 0}, {"ones", 1}, {"empty", 0}})
      np.def(name, [r, name = std::string(name), fill = fill](Interpreter &in,
                                                              CallArgs &args) {
        Params p(in, args, name, {"shape", "dtype"}, Wording::Python);
        auto d = npDTypeArg(in, p.get("dtype"));
        return filledArray(*r, shapeArg(in, p.require("shape", name)),
                           Value::integer(fill), d ? *d : DType::Float64);
      });
    np.def("full", [r](Interpreter &in, CallArgs &args) {
      Params p(in, args, "full", {"shape", "fill_value", "dtype"},
               Wording::Python);
      Value fill = p.require("fill_value", "full");
      auto d = npDTypeArg(in, p.get("dtype"));
      HostTensorPtr f = npAsArray(*r, fill);
      if (!f->type.shape.empty())
        in.raise("NotImplementedError",
                 "kiln's np.full needs a scalar fill_value");
      return filledArray(*r, shapeArg(in, p.require("shape", "full")),
                         pythonScalar(*f, 0), d ? *d : f->type.dtype);
    });
    for (auto [name, fill] :
         {std::pair<const char *, int>{"zeros_like", 0}, {"ones_like", 1}})
      np.def(name, [r, name = std::string(name), fill = fill](Interpreter &in,
                                                              CallArgs &args) {
        Params p(in, args, name, {"a", "dtype"}, Wording::Python);
        HostTensorPtr a = npAsArray(*r, p.require("a", name));
        auto d = npDTypeArg(in, p.get("dtype"));
        return filledArray(*r, a->type.shape, Value::integer(fill),
                           d ? *d : a->type.dtype);
      });
    np.def("arange", [r](Interpreter &in, CallArgs &args) {
      Params p(in, args, "arange", {"start", "stop", "step", "dtype"},
               Wording::Python);
      Value start = p.require("start", "arange"), stop = p.get("stop"),
            step = p.has("step") ? p.get("step") : Value::integer(1);
      if (!p.has("stop")) {
        stop = start;
        start = Value::integer(0);
      }
      for (const Value *v : {&start, &stop, &step})
        if (!isPyNumber(*v))
          in.typeError("kiln's np.arange takes Python numbers");
      bool ints = !start.is(Type::Float) && !stop.is(Type::Float) &&
                  !step.is(Type::Float);
      auto d = npDTypeArg(in, p.get("dtype"));
      DType dtype = d ? *d : ints ? DType::Int64 : DType::Float64;
      double a = start.toDouble(), b = stop.toDouble(), s = step.toDouble();
      if (s == 0)
        in.raise("ZeroDivisionError", "division by zero");
      int64_t n = std::max<int64_t>(0, std::ceil((b - a) / s));
      // Int bounds count in int64 (exact), others in float64 as
      // start + i * step.
      auto h =
          graph::HostTensor::zeros({ints ? DType::Int64 : DType::Float64, {n}});
      for (int64_t i = 0; i < n; ++i) {
        if (ints)
          reinterpret_cast<int64_t *>(h->bytes.data())[i] =
              start.asInt() + i * step.asInt();
        else
          reinterpret_cast<double *>(h->bytes.data())[i] =
              a + static_cast<double>(i) * s;
      }
      return makeNdArray(*r, castHost(*r, h, dtype), false);
    });
    np.def("linspace", [r](Interpreter &in, CallArgs &args) {
      Params p(in, args, "linspace",
               {"start", "stop", "num", "endpoint", "retstep", "dtype"},
               Wording::Python);
      double a = toFloat(in, p.require("start", "linspace"));
      double b = toFloat(in, p.require("stop", "linspace"));
      int64_t n = p.has("num") ? in.toIndex(p.get("num")) : 50;
      bool endpoint = !p.has("endpoint") || in.truthy(p.get("endpoint"));
      if (n < 0)
        in.valueError("Number of samples, " + std::to_string(n) +
                      ", must be non-negative.");
      auto d = npDTypeArg(in, p.get("dtype"));
      // NumPy: step = (stop - start) / div, y[i] = i * step + start, and the
      // last sample is `stop` exactly.
      int64_t div = endpoint ? n - 1 : n;
      double step = div > 0 ? (b - a) / div : NAN;
      auto h = graph::HostTensor::zeros({DType::Float64, {n}});
      auto *out = reinterpret_cast<double *>(h->bytes.data());
      for (int64_t i = 0; i < n; ++i)
        out[i] = div > 0 ? static_cast<double>(i) * step + a : a;
      if (endpoint && n > 1)
        out[n - 1] = b;
      Value samples =
          makeNdArray(*r, castHost(*r, h, d ? *d : DType::Float64), false);
      // retstep=True: the step too, a float64 scalar (NaN for no step).
      if (p.has("retstep") && in.truthy(p.get("retstep")))
        return in.tuple(
            {samples,
             makeNdArray(
                 *r, r->hostFromPython(Value::floating(step), DType::Float64),
                 true)});
      return samples;
    });
    np.def("eye", [r](Interpreter &in, CallArgs &args) {
      Params p(in, args, "eye", {"N", "M", "k", "dtype"}, Wording::Python);
      int64_t n = in.toIndex(p.require("N", "eye"));
      int64_t m = p.has("M") ? in.toIndex(p.get("M")) : n;
      int64_t k = p.has("k") ? in.toIndex(p.get("k")) : 0;
      auto d = npDTypeArg(in, p.get("dtype"));
      auto h = graph::HostTensor::zeros({DType::Float64, {n, m}});
      auto *out = reinterpret_cast<double *>(h->bytes.data());
      for (int64_t i = 0; i < n; ++i)
        if (i + k >= 0 && i + k < m)
          out[i * m + i + k] = 1;
      return makeNdArray(*r, castHost(*r, h, d ? *d : DType::Float64), false);
    });
    np.def("identity", [r](Interpreter &in, CallArgs &args) {
      Params p(in, args, "identity", {"n", "dtype"}, Wording::Python);
      CallArgs eyeArgs;
      eyeArgs.positional.push_back(p.require("n", "identity"));
      eyeArgs.keywords.emplace_back("dtype", p.get("dtype"));
      return in.call(in.getAttr(in.importModule("numpy"), "eye"), eyeArgs);
    });

    // Ufuncs.
    for (auto [name, op] :
         {std::pair<const char *, const char *>{"add", "AddV2"},
          {"subtract", "Sub"},
          {"multiply", "Mul"},
          {"divide", "RealDiv"},
          {"true_divide", "RealDiv"},
          {"floor_divide", "FloorDiv"},
          {"mod", "FloorMod"},
          {"remainder", "FloorMod"},
          {"power", "Pow"},
          {"maximum", "Maximum"},
          {"minimum", "Minimum"},
          {"logical_and", "LogicalAnd"},
          {"logical_or", "LogicalOr"},
          {"equal", "Equal"},
          {"not_equal", "NotEqual"},
          {"less", "Less"},
          {"less_equal", "LessEqual"},
          {"greater", "Greater"},
          {"greater_equal", "GreaterEqual"},
          {"matmul", "MatMul"},
          {"dot", "MatMul"}})
      np.def(name, [r, name = std::string(name),
                    op = std::string(op)](Interpreter &in, CallArgs &args) {
        py::ArgParser(in, args, name.c_str()).expect(2, 2);
        // (true_divide is another name of the divide ufunc.)
        return ufunc2(*r, name, op, args.positional[0], args.positional[1],
                      name == "true_divide" ? "divide" : "");
      });
    // NumPy's float64 exp, log and tanh agree with the C library's (its
    // SIMD loops round within half an ulp, and odd functions stay odd)
    // far more often than with TensorFlow's Eigen kernels: they go through
    // ufuncLibm. Its float32 loops are its own, where Eigen is as close.
    using Libm64 = double (*)(double);
    for (auto [name, op, floating, f64] :
         {std::tuple<const char *, const char *, bool, Libm64>{"sqrt", "Sqrt",
                                                               true, nullptr},
          {"exp", "Exp", true, ::exp},
          {"log", "Log", true, ::log},
          {"sin", "Sin", true, nullptr},
          {"cos", "Cos", true, nullptr},
          {"tanh", "Tanh", true, ::tanh},
          {"floor", "Floor", true, nullptr},
          {"ceil", "Ceil", true, nullptr},
          {"abs", "Abs", false, nullptr},
          {"absolute", "Abs", false, nullptr},
          {"negative", "Neg", false, nullptr},
          {"logical_not", "LogicalNot", false, nullptr},
          {"square", "Square", false, nullptr},
          {"sign", "Sign", false, nullptr}})
      np.def(name,
             [r, name = std::string(name), op = std::string(op),
              floating = floating, f64 = f64](Interpreter &in, CallArgs &args) {
               py::ArgParser(in, args, name.c_str()).expect(1, 1);
               return ufunc1(*r, name, op, args.positional[0], floating, f64);
             });
    using Libm = std::tuple<const char *, double (*)(double), float (*)(float)>;
    for (auto [name, f64, f32] :
         {Libm{"log10", ::log10, ::log10f}, Libm{"log2", ::log2, ::log2f},
          Libm{"log1p", ::log1p, ::log1pf}, Libm{"expm1", ::expm1, ::expm1f},
          Libm{"exp2", ::exp2, ::exp2f}, Libm{"tan", ::tan, ::tanf},
          Libm{"arcsin", ::asin, ::asinf}, Libm{"arccos", ::acos, ::acosf},
          Libm{"arctan", ::atan, ::atanf}, Libm{"sinh", ::sinh, ::sinhf},
          Libm{"cosh", ::cosh, ::coshf}, Libm{"arcsinh", ::asinh, ::asinhf},
          Libm{"arccosh", ::acosh, ::acoshf},
          Libm{"arctanh", ::atanh, ::atanhf}, Libm{"cbrt", ::cbrt, ::cbrtf},
          Libm{"rint", ::rint, ::rintf}, Libm{"trunc", ::trunc, ::truncf}})
      np.def(name, [r, name = std::string(name), f64 = f64,
                    f32 = f32](Interpreter &in, CallArgs &args) {
        py::ArgParser(in, args, name.c_str()).expect(1, 1);
        return ufuncLibm(*r, name, args.positional[0], f64, f32);
      });

    // Reductions.
    for (auto [name, op] : {std::pair<const char *, const char *>{"sum", "Sum"},
                            {"prod", "Prod"},
                            {"mean", "Mean"},
                            {"max", "Max"},
                            {"min", "Min"},
                            {"amax", "Max"},
                            {"amin", "Min"},
                            {"any", "Any"},
                            {"all", "All"}})
      np.def(name, [r, name = std::string(name),
                    op = std::string(op)](Interpreter &in, CallArgs &args) {
        // sum, prod and mean take a dtype to compute in (the elements
        // converted first, as NumPy's loop converts each).
        bool typed = op == "Sum" || op == "Prod" || op == "Mean";
        Params p(in, args, name,
                 typed
                     ? std::vector<std::string>{"a", "axis", "dtype", "out",
                                                "keepdims"}
                     : std::vector<std::string>{"a", "axis", "out", "keepdims"},
                 Wording::Python);
        if (p.has("out"))
          r->raise("UnimplementedError",
                   "kiln's numpy." + name + " does not take out=");
        Value a = p.require("a", name);
        if (typed && p.has("dtype")) {
          Value array = in.call(in.getAttr(in.importModule("numpy"), "array"),
                                ValueList{a});
          a = in.call(in.getAttr(array, "astype"), ValueList{p.get("dtype")});
        }
        return npReduce(*r, op, a, p.get("axis"),
                        p.has("keepdims") && in.truthy(p.get("keepdims")));
      });
    for (auto [name, root] :
         {std::pair<const char *, bool>{"var", false}, {"std", true}})
      np.def(name, [r, name = std::string(name), root = root](Interpreter &in,
                                                              CallArgs &args) {
        Params p(in, args, name,
                 {"a", "axis", "dtype", "out", "ddof", "keepdims"},
                 Wording::Python);
        return npVariance(*r, p.require("a", name), p.get("axis"),
                          p.has("keepdims") && in.truthy(p.get("keepdims")),
                          p.has("ddof") ? in.toIndex(p.get("ddof")) : 0, root);
      });
    for (auto [name, op] :
         {std::pair<const char *, const char *>{"argmax", "ArgMax"},
          {"argmin", "ArgMin"}})
      np.def(name, [r, name = std::string(name),
                    op = std::string(op)](Interpreter &in, CallArgs &args) {
        Params p(in, args, name, {"a", "axis"}, Wording::Python);
        return npArgReduce(*r, op, p.require("a", name), p.get("axis"));
      });

    // Shapes.
    np.def("reshape", [r](Interpreter &in, CallArgs &args) {
      Params p(in, args, "reshape", {"a", "newshape"}, Wording::Python);
      HostTensorPtr a = npAsArray(*r, p.require("a", "reshape"));
      // NumPy's checks: one unknown (negative) size at most, and sizes that
      // hold the array's elements.
      Value given = p.require("newshape", "reshape");
      ValueList items = shapeItems(in, given);
      std::vector<int64_t> dims;
      int64_t unknown = -1, product = 1, size = a->type.numElements();
      std::string text;
      for (size_t i = 0; i < items.size(); ++i) {
        dims.push_back(in.toIndex(items[i]));
        if (dims.back() < 0) {
          if (unknown >= 0)
            in.valueError("can only specify one unknown dimension");
          unknown = static_cast<int64_t>(i);
        } else {
          product *= dims.back();
        }
        // NumPy's message leaves a leading unknown size out, and writes a
        // single size without a comma when there is an unknown one.
        if (!(text.empty() && dims.back() < 0))
          text += (text.empty() ? "" : ",") +
                  (dims.back() < 0 ? std::string("newaxis")
                                   : std::to_string(dims.back()));
      }
      if (unknown < 0 && dims.size() == 1)
        text += ",";
      bool fits =
          unknown < 0 ? product == size : product != 0 && size % product == 0;
      if (!fits)
        in.valueError("cannot reshape array of size " + std::to_string(size) +
                      " into shape (" + text + ")");
      if (unknown >= 0)
        dims[unknown] = size / product;
      Value shape = pyIntList(in, dims);
      auto sameOp = [&](const Value &t) { return reshape(*r, t, shape); };
      return npViewOf(*r, p.get("a"), sameOp, ViewWhen::IfStrided);
    });
    // A view when the array is C-contiguous, a copy otherwise.
    np.def("ravel", [r](Interpreter &in, CallArgs &args) {
      Params p(in, args, "ravel", {"a"}, Wording::Python);
      Value shape = pyIntList(in, {-1});
      auto sameOp = [&](const Value &t) { return reshape(*r, t, shape); };
      return npViewOf(*r, p.require("a", "ravel"), sameOp,
                      ViewWhen::IfContiguous);
    });
    np.def("transpose", [r](Interpreter &in, CallArgs &args) {
      Params p(in, args, "transpose", {"a", "axes"}, Wording::Python);
      HostTensorPtr a = npAsArray(*r, p.require("a", "transpose"));
      Value perm = p.get("axes");
      if (!p.has("axes")) {
        std::vector<int64_t> axes;
        for (size_t i = a->type.shape.size(); i-- > 0;)
          axes.push_back(i);
        perm = pyIntList(in, axes);
      }
      auto sameOp = [&](const Value &t) { return transpose(*r, t, perm); };
      return npViewOf(*r, p.get("a"), sameOp);
    });
    np.def("expand_dims", [r](Interpreter &in, CallArgs &args) {
      Params p(in, args, "expand_dims", {"a", "axis"}, Wording::Python);
      int64_t axis = in.toIndex(p.require("axis", "expand_dims"));
      auto sameOp = [&](const Value &t) { return expandDims(*r, t, axis); };
      return npViewOf(*r, p.require("a", "expand_dims"), sameOp);
    });
    np.def("squeeze", [r](Interpreter &in, CallArgs &args) {
      Params p(in, args, "squeeze", {"a", "axis"}, Wording::Python);
      auto sameOp = [&](const Value &t) {
        return squeeze(*r, t, p.get("axis"));
      };
      return npViewOf(*r, p.require("a", "squeeze"), sameOp);
    });
    for (auto [name, op] :
         {std::pair<const char *, const char *>{"concatenate", "ConcatV2"},
          {"stack", "Pack"}})
      np.def(name, [r, name = std::string(name),
                    op = std::string(op)](Interpreter &in, CallArgs &args) {
        Params p(in, args, name, {"arrays", "axis"}, Wording::Python);
        ValueList parts = sameDTypeTensors(*r, p.require("arrays", name));
        // concatenate(axis=None) joins the arrays flattened.
        bool flat =
            name == "concatenate" && p.given("axis") && p.get("axis").isNone();
        int64_t axis = p.has("axis") && !flat ? in.toIndex(p.get("axis")) : 0;
        EagerScope eager(*r);
        if (flat)
          for (Value &part : parts)
            part = reshape(*r, part, in.list({Value::integer(-1)}));
        return makeNdArray(*r, r->tensor(concat(*r, parts, axis, op)).value,
                           false);
      });
    np.def("where", [r](Interpreter &in, CallArgs &args) {
      Params p(in, args, "where", {"condition", "x", "y"}, Wording::Python);
      if (!p.has("x") && !p.has("y")) { // np.nonzero(condition)
        CallArgs call;
        call.positional = {p.require("condition", "where")};
        return in.call(in.getAttr(in.importModule("numpy"), "nonzero"), call);
      }
      if (!p.has("x") || !p.has("y"))
        in.valueError("either both or neither of x and y should be given");
      HostTensorPtr c =
          npAsArray(*r, p.require("condition", "where"), DType::Bool);
      std::vector<Operand> ops = {operand(*r, p.get("x"), "where"),
                                  operand(*r, p.get("y"), "where")};
      DType d = commonDType(ops);
      ops.insert(ops.begin(), Operand{c, Value()});
      ValueList t = operandTensors(*r, ops, d);
      t[0] = r->eager(c);
      EagerScope eager(*r);
      return result(*r, select(*r, t[0], t[1], t[2]));
    });
    // np.round(a, decimals): rint(a * 10**decimals) / 10**decimals in a's
    // dtype, as NumPy computes it; integers are unchanged.
    for (const char *name : {"round", "around"})
      np.def(name, [r, name](Interpreter &in, CallArgs &args) {
        Params p(in, args, name, {"a", "decimals"}, Wording::Python);
        Value a = p.require("a", name);
        int64_t d = p.has("decimals") ? in.toIndex(p.get("decimals")) : 0;
        if (d < 0)
          in.raise("NotImplementedError",
                   "kiln's np.round takes decimals >= 0 only");
        if (!isFloating(npAsArray(*r, a)->type.dtype))
          return ufunc1(*r, name, "Identity", a, false);
        if (d == 0)
          return ufunc1(*r, name, "Round", a, true);
        Value scale = Value::floating(std::pow(10.0, static_cast<double>(d)));
        Value y =
            ufunc1(*r, name, "Round", ufunc2(*r, name, "Mul", a, scale), true);
        return ufunc2(*r, name, "RealDiv", y, scale);
      });
    // Floating-point classes, elementwise on the host: a bool array (a
    // NumPy bool for a scalar).
    for (auto [name, which] : {std::pair{"isnan", 0}, std::pair{"isinf", 1},
                               std::pair{"isfinite", 2}})
      np.def(name, [r, name = std::string(name),
                    which = which](Interpreter &in, CallArgs &args) {
        py::ArgParser(in, args, name.c_str()).expect(1, 1);
        HostTensorPtr a = npAsArray(*r, args.positional[0]);
        if (a->type.dtype == DType::String)
          in.typeError("ufunc '" + name +
                       "' not supported for the input types, and the inputs "
                       "could not be safely coerced to any supported types "
                       "according to the casting rule ''safe''");
        auto out =
            graph::HostTensor::zeros(TensorType{DType::Bool, a->type.shape});
        for (int64_t i = 0; i < a->type.numElements(); ++i) {
          double v = a->elementAsDouble(static_cast<size_t>(i));
          bool hit = which == 0   ? std::isnan(v)
                     : which == 1 ? std::isinf(v)
                                  : std::isfinite(v);
          out->bytes[static_cast<size_t>(i)] = hit;
        }
        return makeNdArray(*r, out, a->type.shape.empty());
      });
    np.def("clip", [r](Interpreter &in, CallArgs &args) {
      Params p(in, args, "clip", {"a", "a_min", "a_max"}, Wording::Python);
      // A bound of None leaves that side alone.
      Value a = p.require("a", "clip"), low = p.get("a_min"),
            high = p.get("a_max");
      if (low.isNone() && high.isNone())
        return ufunc1(*r, "clip", "Identity", a, false);
      if (!low.isNone())
        a = ufunc2(*r, "clip", "Maximum", a, low);
      return high.isNone() ? a : ufunc2(*r, "clip", "Minimum", a, high);
    });

    // Comparisons of whole arrays.
    np.def("isclose", [r](Interpreter &in, CallArgs &args) {
      Params p(in, args, "isclose", {"a", "b", "rtol", "atol", "equal_nan"},
               Wording::Python);
      std::vector<int64_t> shape;
      std::vector<bool> close =
          isClose(*r, p.require("a", "isclose"), p.require("b", "isclose"),
                  p.has("rtol") ? toFloat(in, p.get("rtol")) : 1e-5,
                  p.has("atol") ? toFloat(in, p.get("atol")) : 1e-8,
                  p.has("equal_nan") && in.truthy(p.get("equal_nan")), shape);
      return boolArray(*r, close, shape);
    });
    np.def("allclose", [r](Interpreter &in, CallArgs &args) {
      Params p(in, args, "allclose", {"a", "b", "rtol", "atol", "equal_nan"},
               Wording::Python);
      std::vector<int64_t> shape;
      std::vector<bool> close =
          isClose(*r, p.require("a", "allclose"), p.require("b", "allclose"),
                  p.has("rtol") ? toFloat(in, p.get("rtol")) : 1e-5,
                  p.has("atol") ? toFloat(in, p.get("atol")) : 1e-8,
                  p.has("equal_nan") && in.truthy(p.get("equal_nan")), shape);
      bool all =
          std::all_of(close.begin(), close.end(), [](bool b) { return b; });
      return Value::boolean(all); // NumPy returns a Python bool here
    });
    np.def("array_equal", [r](Interpreter &in, CallArgs &args) {
      Params p(in, args, "array_equal", {"a1", "a2", "equal_nan"},
               Wording::Python);
      HostTensorPtr a = npAsArray(*r, p.require("a1", "array_equal"));
      HostTensorPtr b = npAsArray(*r, p.require("a2", "array_equal"));
      bool equalNan = p.has("equal_nan") && in.truthy(p.get("equal_nan"));
      bool equal = a->type.shape == b->type.shape;
      for (int64_t i = 0; equal && i < a->type.numElements(); ++i) {
        double u = a->elementAsDouble(i), v = b->elementAsDouble(i);
        equal = u == v || (equalNan && std::isnan(u) && std::isnan(v));
      }
      return Value::boolean(equal);
    });
    // np.testing's array assertions.
    ModuleBuilder testing(in, *r, "numpy.testing");
    testing.def("assert_allclose", [r](Interpreter &in, CallArgs &args) {
      Params p(in, args, "assert_allclose",
               {"actual", "desired", "rtol", "atol", "equal_nan", "err_msg",
                "verbose", "strict"},
               Wording::Python);
      double rtol = p.has("rtol") ? toFloat(in, p.get("rtol")) : 1e-7;
      double atol = p.has("atol") ? toFloat(in, p.get("atol")) : 0;
      std::string header =
          "Not equal to tolerance rtol=" +
          in.toStr(formatValue(in, Value::floating(rtol), "g")) +
          ", atol=" + in.toStr(formatValue(in, Value::floating(atol), "g"));
      assertArraysAgree(*r, p.require("actual", "assert_allclose"),
                        p.require("desired", "assert_allclose"), header,
                        [rtol, atol](double u, double v) {
                          return std::isfinite(u) && std::isfinite(v) &&
                                 std::fabs(u - v) <= atol + rtol * std::fabs(v);
                        });
      return Value();
    });
    testing.def("assert_array_equal", [r](Interpreter &in, CallArgs &args) {
      Params p(in, args, "assert_array_equal",
               {"actual", "desired", "err_msg", "verbose", "strict"},
               Wording::Python);
      assertArraysAgree(*r, p.require("actual", "assert_array_equal"),
                        p.require("desired", "assert_array_equal"),
                        "Arrays are not equal",
                        [](double u, double v) { return u == v; });
      return Value();
    });
    np.set("testing", testing.value());
    installNpUFuncs(rt, np, np.value());
    return np.value();
  });
}

} // namespace kiln::tf
