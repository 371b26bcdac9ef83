// Graph → kiln dialect: one op per graph node, arguments for Placeholders.
#include "GraphToKiln.h"
#include "CommonSubexpressions.h"
#include "ConstantPushDown.h"
#include "Emitter.h"
#include "FoldIntoConv.h"
#include "HostCalls.h"
#include "LogSoftmaxStage.h"
#include "ModelPruner.h"
#include "RunTimeErrorAttrs.h"
#include "SliceAttrs.h"
#include "kiln/abi.h"

#include "dialects/kiln/KilnDialect.h"
#include "passes/EigenContraction.h"
#include "passes/EigenMath.h"
#include "passes/ScalarLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

#include <cstring>
#include <unordered_map>

using namespace mlir;

namespace kiln {

using graph::DType;

Type elementType(MLIRContext *ctx, DType dtype) {
  Builder b(ctx);
  switch (dtype) {
  case DType::Bool:
    return b.getI1Type();
  case DType::Int8:
  case DType::UInt8: // bit patterns are shared; unsigned ops are rejected
                     // earlier
    return b.getIntegerType(8);
  case DType::Int16:
    return b.getIntegerType(16);
  case DType::Int32:
    return b.getI32Type();
  case DType::Int64:
    return b.getI64Type();
  case DType::Float16:
    return b.getF16Type();
  case DType::BFloat16:
    return b.getBF16Type();
  case DType::Float32:
    return b.getF32Type();
  case DType::Float64:
    return b.getF64Type();
  default:
    return nullptr; // uint8 and string are not compiled yet
  }
}

bool isGraphConstant(const graph::Node &n) {
  if (n.op != "Const")
    return false;
  auto it = n.attrs.find("captured");
  return it == n.attrs.end() || !std::get<bool>(it->second);
}

// TensorFlow's graph optimizer (grappler) rewrites a float division by a
// constant into a multiplication by its reciprocal, rounded in the same
// type; the results differ from a division in the last bit, so compiled
// tf.functions do the same. Eager division stays a division.
const graph::Node &Emitter::throughCasts(graph::Output o) const {
  const graph::Node *producer = &g.nodes[o.node];
  while (producer->op == "Cast" && !producer->inputs.empty() &&
         !producer->attrs.count(graph::kKernelAttr))
    producer = &g.nodes[producer->inputs[0].node];
  return *producer;
}

Value Emitter::reciprocalOfConstant(const graph::Node &n, size_t i) {
  // Grappler folds casts of constants first (tf.cast(tf.size(x), ...)).
  const graph::Node *producer = &throughCasts(n.inputs[i]);
  // A constant divided by a constant (or by anything constant folding
  // makes a constant) is folded by an exact division first;
  // a division inside a kernel (DivNoNan) is not grappler's to rewrite;
  // without constant folding (tf.data's functions) nothing is.
  if (!g.constantFolding || folds(g.nodes[n.inputs[0].node]) ||
      n.attrs.count(graph::kKernelAttr))
    return nullptr;
  // A float32 divisor of 8 elements or more: constant folding runs the
  // Reciprocal kernel, whose packets take the processor's approximation
  // refined by a Newton step; kiln computes the same kernel at run time.
  auto divisorType = dyn_cast<RankedTensorType>(input(n, i).getType());
  if (divisorType && divisorType.getElementType().isF32() &&
      divisorType.hasStaticShape() &&
      divisorType.getNumElements() >= eigen::kFloatPacketSize &&
      (isGraphConstant(*producer) || folds(g.nodes[n.inputs[i].node])))
    return b.create<UnaryOp>(locOf(n), divisorType, input(n, i),
                             b.getStringAttr("reciprocal"));
  if (!isGraphConstant(*producer)) {
    // A divisor constant folding makes a constant (tf.sqrt(8.0)) is one
    // for the rewrite too: its reciprocal, an exact division in its type
    // of the folded value.
    auto dt = cast<RankedTensorType>(input(n, i).getType());
    if (!isa<FloatType>(dt.getElementType()) ||
        !folds(g.nodes[n.inputs[i].node]))
      return nullptr;
    Location loc = locOf(n);
    Value one = b.create<ConstantOp>(
        loc,
        DenseElementsAttr::get(RankedTensorType::get({}, dt.getElementType()),
                               b.getFloatAttr(dt.getElementType(), 1.0)));
    return b.create<DivOp>(loc, dt, one, input(n, i));
  }
  const graph::HostTensorPtr *value =
      attr<graph::HostTensorPtr>(*producer, "value");
  if (!value || !*value || (*value)->type.dtype == DType::String)
    return nullptr;
  const graph::HostTensor &t = **value;
  auto type = dyn_cast_or_null<RankedTensorType>(input(n, i).getType());
  if (!type || !type.hasStaticShape() ||
      type.getNumElements() != t.type.numElements())
    return nullptr;
  // Each element cast to the divisor's type, then its reciprocal in that
  // type (half types: the float quotient, rounded once).
  const llvm::fltSemantics *sem = nullptr;
  switch (g.typeOf(n.inputs[i]).dtype) {
  case DType::Float16:
    sem = &APFloat::IEEEhalf();
    break;
  case DType::BFloat16:
    sem = &APFloat::BFloat();
    break;
  case DType::Float32:
    sem = &APFloat::IEEEsingle();
    break;
  case DType::Float64:
    sem = &APFloat::IEEEdouble();
    break;
  default:
    return nullptr;
  }
  std::vector<APFloat> r;
  bool lost;
  for (int64_t k = 0; k < t.type.numElements(); ++k) {
    APFloat x(t.elementAsDouble(static_cast<size_t>(k)));
    x.convert(*sem, APFloat::rmNearestTiesToEven, &lost);
    if (sem == &APFloat::IEEEdouble()) {
      r.push_back(APFloat(1.0 / x.convertToDouble()));
      continue;
    }
    x.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven, &lost);
    APFloat q(1.0f / x.convertToFloat());
    q.convert(*sem, APFloat::rmNearestTiesToEven, &lost);
    r.push_back(q);
  }
  return b.create<ConstantOp>(locOf(*producer),
                              DenseElementsAttr::get(type, r));
}

// Grappler's arithmetic optimizer also rewrites log(x + 1) into log1p(x) and
// exp(x) - 1 into expm1(x) when the 1 is a constant of ones that does not
// broadcast x; the fused ops round differently, so compiled tf.functions do
// the same.
graph::HostTensorPtr graphConstantValue(const graph::Node &n) {
  if (!isGraphConstant(n))
    return nullptr;
  auto it = n.attrs.find("value");
  if (it == n.attrs.end())
    return nullptr;
  auto *value = std::get_if<graph::HostTensorPtr>(&it->second);
  return value ? *value : nullptr;
}

bool isMulByOnes(const graph::Graph &g, const graph::Node &n) {
  if (n.op != "Mul" || n.inputs.size() != 2 || n.outputs.size() != 1)
    return false;
  for (int k = 0; k < 2; ++k)
    if (graph::isConstantOnes(g.nodes[n.inputs[k].node])) {
      const graph::TensorType &x = g.typeOf(n.inputs[1 - k]);
      return !x.unknownRank && x.dtype == n.outputs[0].dtype &&
             x.shape == n.outputs[0].shape;
    }
  return false;
}

std::optional<std::pair<const char *, graph::Output>>
Emitter::fusedUnary(const graph::Node &n) {
  auto keepsShape = [&](graph::Output x) {
    return g.typeOf(x).shape == n.outputs.at(0).shape &&
           !g.typeOf(x).unknownRank;
  };
  if (n.attrs.count(graph::kKernelAttr))
    return std::nullopt; // part of one TensorFlow kernel (Xlogy's log)
  if (n.op == "Log") {
    const graph::Node &add = g.nodes[n.inputs[0].node];
    if (add.op != "AddV2" && add.op != "Add")
      return std::nullopt;
    for (int i = 0; i < 2; ++i)
      if (graph::isConstantOnes(g.nodes[add.inputs[1 - i].node]) &&
          keepsShape(add.inputs[i]))
        return std::make_pair("log1p", add.inputs[i]);
  }
  if (n.op == "Sub") {
    const graph::Node &exp = g.nodes[n.inputs[0].node];
    if (exp.op == "Exp" && graph::isConstantOnes(g.nodes[n.inputs[1].node]) &&
        keepsShape(exp.inputs[0]))
      return std::make_pair("expm1", exp.inputs[0]);
  }
  return std::nullopt;
}

Value Emitter::reverseDims(Location loc, Value v,
                           const std::vector<int64_t> &dims) {
  if (dims.empty())
    return v;
  auto type = cast<RankedTensorType>(v.getType());
  int64_t rank = type.getRank();
  SmallVector<AffineExpr> exprs;
  SmallVector<Value> dynamic;
  for (int64_t d = 0; d < rank; ++d) {
    bool flip = std::find(dims.begin(), dims.end(), d) != dims.end();
    // A reversed dimension is static (the tracer requires it).
    exprs.push_back(flip ? b.getAffineConstantExpr(type.getDimSize(d) - 1) -
                               b.getAffineDimExpr(d)
                         : b.getAffineDimExpr(d));
    if (type.isDynamicDim(d))
      dynamic.push_back(b.create<tensor::DimOp>(loc, v, d));
  }
  SmallVector<AffineMap> maps{AffineMap::get(rank, 0, exprs, ctx),
                              b.getMultiDimIdentityMap(rank)};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  Value init = b.create<tensor::EmptyOp>(loc, type.getShape(),
                                         type.getElementType(), dynamic);
  return b
      .create<linalg::GenericOp>(
          loc, TypeRange{type}, ValueRange{v}, ValueRange{init}, maps,
          iterators,
          [](OpBuilder &nb, Location nl, ValueRange args) {
            nb.create<linalg::YieldOp>(nl, args[0]);
          })
      .getResult(0);
}

Value Emitter::reshapeTo(Location loc, Value v, RankedTensorType type) {
  auto from = cast<RankedTensorType>(v.getType());
  // The dimensions that are not a static 1, on both sides.
  SmallVector<int64_t> core, target;
  for (int64_t d : from.getShape())
    if (d != 1)
      core.push_back(d);
  for (int64_t d : type.getShape())
    if (d != 1)
      target.push_back(d);
  bool unitOnly = core == target;
  int64_t dynamic = llvm::count_if(
      type.getShape(), [](int64_t d) { return ShapedType::isDynamic(d); });
  // kiln.reshape infers at most one dynamic size from the element count;
  // adding or dropping unit dimensions needs none: collapse the source to
  // its core dimensions, then expand to the target's.
  if (!unitOnly || dynamic <= 1)
    return b.create<ReshapeOp>(loc, type, v);
  // Groups of dimensions around each core dimension (unit ones join the
  // group before them, or the first group).
  auto groups = [](ArrayRef<int64_t> shape) {
    SmallVector<ReassociationIndices> out;
    ReassociationIndices leading;
    for (int64_t d = 0; d < static_cast<int64_t>(shape.size()); ++d) {
      if (shape[d] == 1) {
        if (out.empty())
          leading.push_back(d);
        else
          out.back().push_back(d);
        continue;
      }
      out.push_back(leading);
      out.back().push_back(d);
      leading.clear();
    }
    return out;
  };
  auto coreType = RankedTensorType::get(core, from.getElementType());
  Value collapsed = v;
  if (from.getRank() != coreType.getRank())
    collapsed = b.create<tensor::CollapseShapeOp>(loc, coreType, v,
                                                  groups(from.getShape()));
  if (type.getRank() == coreType.getRank())
    return collapsed;
  return b.create<tensor::ExpandShapeOp>(loc, type, collapsed,
                                         groups(type.getShape()));
}

Value Emitter::constant(const graph::Node &n, RankedTensorType type,
                        std::string &error) {
  const graph::HostTensorPtr *value = attr<graph::HostTensorPtr>(n, "value");
  if (!value || !*value || !type.hasStaticShape()) {
    error = "constant '" + n.name + "' has no static value";
    return nullptr;
  }
  // No elements: an empty tensor, not a global (whose LLVM constant has an
  // entry per leading index: tf.zeros([2**33, 0])).
  if (type.getNumElements() == 0)
    return b.create<tensor::EmptyOp>(locOf(n), type.getShape(),
                                     type.getElementType());
  const graph::HostTensor &t = **value;
  DenseElementsAttr dense;
  if (t.type.dtype == DType::Bool) {
    SmallVector<bool> bits(t.bytes.begin(), t.bytes.end());
    dense = DenseElementsAttr::get(type, ArrayRef<bool>(bits));
  } else {
    dense = DenseElementsAttr::getFromRawBuffer(
        type, ArrayRef<char>(reinterpret_cast<const char *>(t.bytes.data()),
                             t.bytes.size()));
  }
  return b.create<ConstantOp>(locOf(n), dense);
}

static const char *unaryFunction(const std::string &op) {
  static const std::pair<const char *, const char *> table[] = {
      {"Neg", "neg"},
      {"Abs", "abs"},
      {"Sign", "sign"},
      {"Sqrt", "sqrt"},
      {"Rsqrt", "rsqrt"},
      {"Reciprocal", "reciprocal"},
      {"Exp", "exp"},
      {"Log", "log"},
      {"Log1p", "log1p"},
      {"Sin", "sin"},
      {"Cos", "cos"},
      {"Tanh", "tanh"},
      {"Sigmoid", "sigmoid"},
      {"Relu", "relu"},
      {"Square", "square"},
      {"Floor", "floor"},
      {"Ceil", "ceil"},
      {"Round", "round"},
      {"Rint", "round"}, // both round half to even
      {"LogicalNot", "logical_not"},
      {"Erf", "erf"},
      {"Erfc", "erfc"},
      {"Lgamma", "lgamma"},
      {"Digamma", "digamma"},
      {"Expm1", "expm1"},
      {"Tan", "tan"},
      {"Asin", "asin"},
      {"Acos", "acos"},
      {"Atan", "atan"},
      {"Sinh", "sinh"},
      {"Cosh", "cosh"},
      {"Asinh", "asinh"},
      {"Acosh", "acosh"},
      {"Atanh", "atanh"}};
  for (auto &[tf, fn] : table)
    if (op == tf)
      return fn;
  return nullptr;
}

static const char *comparePredicate(const std::string &op) {
  static const std::pair<const char *, const char *> table[] = {
      {"Equal", "eq"},     {"NotEqual", "ne"}, {"Less", "lt"},
      {"LessEqual", "le"}, {"Greater", "gt"},  {"GreaterEqual", "ge"}};
  for (auto &[tf, p] : table)
    if (op == tf)
      return p;
  return nullptr;
}

/// A uint8 tensor (stored as i8) zero-extended to i32.
Value Emitter::zeroExtend(Location loc, Value u8) {
  auto shape = cast<RankedTensorType>(u8.getType()).getShape();
  auto i32 = RankedTensorType::get(shape, b.getI32Type());
  // The kiln cast sign-extends i8; masking keeps the low 8 bits.
  Value wide = b.create<CastOp>(loc, i32, u8);
  auto mask = DenseElementsAttr::get(RankedTensorType::get({}, b.getI32Type()),
                                     b.getI32IntegerAttr(255));
  Value m = b.create<ConstantOp>(loc, mask);
  return b.create<LogicalAndOp>(loc, i32, wide, m);
}

/// Ops whose result depends on signedness. The kiln dialect's integers are
/// signed, so on uint8 these run on zero-extended int32 values; results that
/// are uint8 are truncated back, which is exact because each stays in
/// 0..255. Mean is here because TensorFlow sums uint8 for a mean without
/// wrapping (an int32 sum is exact up to 8 million elements).
static bool signednessMatters(const std::string &op) {
  static const char *ops[] = {
      "Less",    "LessEqual", "Greater", "GreaterEqual", "FloorDiv", "FloorMod",
      "RealDiv", "Div",       "Maximum", "Minimum",      "Max",      "Min",
      "ArgMax",  "ArgMin",    "Relu",    "Mean"};
  return std::find(std::begin(ops), std::end(ops), op) != std::end(ops);
}

Value Emitter::emitWidenedUnsigned(const graph::Node &n, std::string &error) {
  Location loc = locOf(n);
  graph::Node wide = n;
  // The uint8 inputs read as their widened values while `wide` is emitted
  // (the graph's nodes stay what the checks' shape analysis reads), then
  // as themselves again.
  std::vector<std::pair<int64_t, Value>> saved; // key, the uint8 value
  for (size_t i = 0; i < n.inputs.size(); ++i) {
    int64_t k = key(n.inputs[i]);
    if (g.typeOf(n.inputs[i]).dtype == DType::UInt8 &&
        std::none_of(saved.begin(), saved.end(),
                     [&](const auto &s) { return s.first == k; }))
      saved.push_back({k, input(n, i)});
  }
  for (auto &[k, value] : saved)
    values[k] = zeroExtend(loc, value);
  for (auto &[name, value] : wide.attrs)
    if (auto *d = std::get_if<DType>(&value); d && *d == DType::UInt8)
      *d = DType::Int32;
  bool narrowBack = n.outputs[0].dtype == DType::UInt8;
  if (narrowBack)
    wide.outputs[0].dtype = DType::Int32;
  widening = true; // `wide` reads widened inputs: do not widen it again
  Value v = emit(wide, error);
  widening = false;
  for (auto &[k, value] : saved)
    values[k] = value;
  if (!v || !narrowBack)
    return v;
  return b.create<CastOp>(loc, tensorType(n.outputs[0]), v);
}

Value Emitter::emit(const graph::Node &n, std::string &error) {
  Location loc = locOf(n);
  if (!widening && !n.inputs.empty() && signednessMatters(n.op) &&
      g.typeOf(n.inputs[0]).dtype == DType::UInt8)
    return emitWidenedUnsigned(n, error);
  bool checked = false;
  Value guarded = emitChecked(n, checked, error);
  if (checked)
    return guarded;
  RankedTensorType type = tensorType(n.outputs.at(0));
  if (!type) {
    error = "'" + n.name + "' (" + n.op +
            ") has a dtype or shape kiln cannot "
            "compile yet (" +
            py::dtypeName(n.outputs[0].dtype) + ")";
    return nullptr;
  }
  const std::string &op = n.op;
  if (const std::string *failure = attr<std::string>(n, graph::kRunTimeError)) {
    // Trace time found the kernel's error; TensorFlow raises it when the
    // op runs (or, for a list op, when the list's size says so).
    Value ok = b.create<arith::ConstantIntOp>(loc, 0, 1);
    if (const int64_t *size = attr<int64_t>(n, graph::kRunTimeErrorSize)) {
      Value count =
          b.create<tensor::ExtractOp>(loc, input(n, *size), ValueRange{});
      ok = b.create<arith::CmpIOp>(
          loc, arith::CmpIPredicate::eq, count,
          b.create<arith::ConstantIntOp>(loc, 0, count.getType()));
      if (const std::string *empty =
              attr<std::string>(n, graph::kRunTimeErrorWhenEmpty))
        check(n,
              b.create<arith::XOrIOp>(
                  loc, ok, b.create<arith::ConstantIntOp>(loc, 1, 1)),
              *empty, {});
    }
    check(n, ok, *failure, {});
    for (size_t i = 1; i < n.outputs.size(); ++i) {
      RankedTensorType other = tensorType(n.outputs[i]);
      values[key(
          {static_cast<int>(&n - g.nodes.data()), static_cast<int>(i)})] =
          zeros(loc, other, dynamicZeros(loc, other));
    }
    // The run goes on after the check (its result is then dropped): a
    // list op passes its list on, so that later writes stay inside it
    // (zeros of no length made them write past the end).
    if (!n.inputs.empty() && input(n, 0).getType() == type)
      return input(n, 0);
    return zeros(loc, type, dynamicZeros(loc, type));
  }
  if (op == "Const")
    return constant(n, type, error);
  if (const int64_t *classes = attr<int64_t>(n, "label_classes"))
    checkLabels(n, *classes);
  // An Identity may also forget dimensions: a caller's [2] passed where
  // an inlined callee was traced for [None].
  if ((op == "Identity" || op == "StopGradient") &&
      input(n, 0).getType() == type)
    return b.create<IdentityOp>(loc, type, input(n, 0));
  if (op == "Identity")
    return checkedCast(loc, input(n, 0), type);
  // IdentityN (tf.custom_gradient's outputs): output i is input i.
  if (op == "IdentityN") {
    for (size_t i = 1; i < n.inputs.size(); ++i)
      values[key({static_cast<int>(&n - g.nodes.data()),
                  static_cast<int>(i)})] = input(n, i);
    return castTo(loc, input(n, 0), type);
  }
  // EnsureShape's checks are emitChecked's; its result may know more
  // dimensions than its input.
  if (op == "EnsureShape") {
    if (input(n, 0).getType() == type)
      return b.create<IdentityOp>(loc, type, input(n, 0));
    return checkedCast(loc, input(n, 0), type);
  }
  if (op == "RandomUniform" || op == "RandomStandardNormal" ||
      op == "RandomUniformInt" || op == "TruncatedNormal" ||
      op == "StatelessRandomUniformV2" || op == "StatelessRandomNormalV2" ||
      op == "StatelessRandomUniformIntV2" ||
      op == "StatelessTruncatedNormalV2" ||
      op == "StatelessRandomUniformFullIntV2")
    return emitRandom(n, type);
  if (op == "Multinomial" || op == "StatelessMultinomial")
    return emitMultinomial(n, type);
  if (op == "ReadVariableOp" || op == "AssignVariableOp" ||
      op == "AssignAddVariableOp" || op == "AssignSubVariableOp")
    return emitVariableOp(n, type);
  if (op == "AddV2") {
    if (Value tree = emitAddTree(n, type))
      return tree;
    return b.create<AddOp>(loc, type, input(n, 0), input(n, 1));
  }
  if (auto fused = fusedUnary(n))
    return b.create<UnaryOp>(loc, type, values.at(key(fused->second)),
                             b.getStringAttr(fused->first));
  if (op == "Sub")
    return b.create<SubOp>(loc, type, input(n, 0), input(n, 1));
  // The SquaredDifference kernel multiplies the difference by itself.
  if (op == "SquaredDifference") {
    Value difference = b.create<SubOp>(loc, type, input(n, 0), input(n, 1));
    return b.create<MulOp>(loc, type, difference, difference);
  }
  if (op == "Mul") {
    if (Value chain = emitMulChain(n, type))
      return chain;
    return b.create<MulOp>(loc, type, input(n, 0), input(n, 1));
  }
  if (op == "RealDiv" || op == "Div") {
    if (Value reciprocal = emitReciprocalOfOnes(n, type))
      return reciprocal;
    if (Value chain = emitMulChain(n, type))
      return chain;
    if (Value rsqrt = emitRsqrtMul(n, type))
      return rsqrt;
    if (Value r = reciprocalOfConstant(n, 1))
      return b.create<MulOp>(loc, type, input(n, 0), r);
    return b.create<DivOp>(loc, type, input(n, 0), input(n, 1));
  }
  if ((op == "FloorDiv" || op == "FloorMod" || op == "Div") &&
      isa<IntegerType>(type.getElementType()))
    checkAllElements(n, input(n, 1), "ne", "Integer division by zero");
  if (op == "Pow" && isa<IntegerType>(type.getElementType()))
    checkAllElements(n, input(n, 1), "ge",
                     "Integers to negative integer powers are not allowed");
  if (op == "FloorDiv")
    return b.create<FloorDivOp>(loc, type, input(n, 0), input(n, 1));
  if (op == "FloorMod")
    return b.create<FloorModOp>(loc, type, input(n, 0), input(n, 1));
  if (op == "Pow") {
    if (Value chain = emitMulChain(n, type))
      return chain;
    if (Value converted = emitConvertedPow(n, type))
      return converted;
    return b.create<PowOp>(loc, type, input(n, 0), input(n, 1));
  }
  if (op == "Maximum")
    return b.create<MaximumOp>(loc, type, input(n, 0), input(n, 1));
  if (op == "Minimum")
    return b.create<MinimumOp>(loc, type, input(n, 0), input(n, 1));
  if (op == "Atan2")
    return b.create<Atan2Op>(loc, type, input(n, 0), input(n, 1));
  if (op == "LogicalAnd")
    return b.create<LogicalAndOp>(loc, type, input(n, 0), input(n, 1));
  if (op == "LogicalOr")
    return b.create<LogicalOrOp>(loc, type, input(n, 0), input(n, 1));
  if (op == "LeftShift" || op == "RightShift") {
    // uint8 shares i8's storage; only its right shift differs.
    const char *kind = op == "LeftShift" ? "left"
                       : g.typeOf(n.inputs[0]).dtype == DType::UInt8
                           ? "right_logical"
                           : "right_arithmetic";
    return b.create<ShiftOp>(loc, type, input(n, 0), input(n, 1),
                             b.getStringAttr(kind));
  }
  if (const char *p = comparePredicate(op))
    return b.create<CompareOp>(loc, type, input(n, 0), input(n, 1),
                               b.getStringAttr(p));
  if (const char *fn = unaryFunction(op)) {
    if (op == "Lgamma") // its lowering calls the C library's lgammaf
      eigen::declareLgamma(module, type.getElementType());
    auto unary = b.create<UnaryOp>(loc, type, input(n, 0), b.getStringAttr(fn));
    // Evaluated inside a reduction over the last dimension, or by a
    // kernel's scalar code (the softmax cross-entropy kernels): see
    // kiln.unary.
    for (const char *form : {"row_packets", "scalar_form"})
      if (const bool *on = attr<bool>(n, form); on && *on)
        unary->setAttr(form, b.getUnitAttr());
    if (const int64_t *block = attr<int64_t>(n, "packet_block"))
      unary->setAttr("packet_block", b.getI64IntegerAttr(*block));
    return unary;
  }
  if (isActivation(op))
    return emitActivation(n, type);
  if (op == "SigmoidGrad" || op == "SqrtGrad")
    return emitPacketGrad(n, type);
  if (op == "Cast") {
    const DType *src = attr<DType>(n, "SrcT");
    const DType *dst = attr<DType>(n, "DstT");
    Value in = input(n, 0);
    auto inType = cast<RankedTensorType>(in.getType());
    auto i32 = RankedTensorType::get(inType.getShape(), b.getI32Type());
    if (src && *src == DType::UInt8 && *dst != DType::Int8 &&
        *dst != DType::Bool) {
      Value low = zeroExtend(loc, in);
      return type.getElementType() == b.getI32Type()
                 ? low
                 : b.create<CastOp>(loc, type, low).getResult();
    }
    if (dst && *dst == DType::UInt8 && src &&
        isa<FloatType>(inType.getElementType())) {
      Value wide = b.create<CastOp>(loc, i32, in); // via i32: 128..255 fit
      return b.create<CastOp>(loc, type, wide);
    }
    return b.create<CastOp>(loc, type, in);
  }
  if (op == "SelectV2")
    return b.create<SelectOp>(loc, type, input(n, 0), input(n, 1), input(n, 2));
  if (op == "MatMul" || op == "BatchMatMulV2") {
    Value lhs = input(n, 0), rhs = input(n, 1);
    auto transposeLast = [&](Value v) {
      auto t = cast<RankedTensorType>(v.getType());
      SmallVector<int64_t> perm, shape(t.getShape());
      for (int64_t i = 0; i < t.getRank(); ++i)
        perm.push_back(i);
      std::swap(perm[t.getRank() - 1], perm[t.getRank() - 2]);
      std::swap(shape[t.getRank() - 1], shape[t.getRank() - 2]);
      return b.create<TransposeOp>(
          loc, RankedTensorType::get(shape, t.getElementType()), v,
          b.getDenseI64ArrayAttr(perm));
    };
    const bool *taAttr = attr<bool>(n, "transpose_a");
    const bool *tbAttr = attr<bool>(n, "transpose_b");
    bool ta = taAttr && *taAttr, tb = tbAttr && *tbAttr;
    // Grappler folds a Transpose of the last two dimensions into the
    // product (FoldTransposeIntoMatMul): the product of its input with the
    // flag flipped, which picks another kernel order.
    auto folded = [&](size_t i, bool &flag) -> Value {
      const graph::Node &src = g.nodes[n.inputs[i].node];
      const auto *perm = attr<std::vector<int64_t>>(src, "perm");
      int64_t id = n.inputs[i].node;
      if (src.op != "Transpose" || !perm || foldable[id] ||
          src.attrs.count(graph::kKernelAttr) || perm->size() < 2)
        return input(n, i);
      size_t r = perm->size();
      for (size_t d = 0; d + 2 < r; ++d)
        if ((*perm)[d] != int64_t(d))
          return input(n, i);
      if ((*perm)[r - 2] != int64_t(r - 1) || (*perm)[r - 1] != int64_t(r - 2))
        return input(n, i);
      flag = !flag;
      return values.at(key(src.inputs[0]));
    };
    lhs = folded(0, ta);
    rhs = folded(1, tb);
    if (ta)
      lhs = transposeLast(lhs);
    if (tb)
      rhs = transposeLast(rhs);
    if (type.getElementType().isF16() || type.getElementType().isBF16()) {
      // TensorFlow's half and bfloat16 MatMul give the float32 product of
      // the widened operands; half rounds it once, bfloat16 keeps the upper
      // half of its bits (FloatToBFloat16 truncates). Checked against
      // TensorFlow 2.20 on many shapes.
      auto widen = [&](Value v) -> Value {
        auto t = cast<RankedTensorType>(v.getType());
        return b.create<CastOp>(
            loc, RankedTensorType::get(t.getShape(), b.getF32Type()), v);
      };
      Value product = b.create<MatMulOp>(
          loc, RankedTensorType::get(type.getShape(), b.getF32Type()),
          widen(lhs), widen(rhs), ta, tb);
      if (type.getElementType().isF16())
        return b.create<CastOp>(loc, type, product);
      SmallVector<Value> dynamic;
      for (int64_t d = 0; d < type.getRank(); ++d)
        if (type.isDynamicDim(d))
          dynamic.push_back(b.create<tensor::DimOp>(loc, product, d));
      return b.create<tensor::GenerateOp>(
          loc, type, dynamic, [&](OpBuilder &gb, Location gl, ValueRange at) {
            Value bits = gb.create<arith::BitcastOp>(
                gl, gb.getI32Type(),
                gb.create<tensor::ExtractOp>(gl, product, at));
            Value high = gb.create<arith::TruncIOp>(
                gl, gb.getI16Type(),
                gb.create<arith::ShRUIOp>(
                    gl, bits, gb.create<arith::ConstantIntOp>(gl, 16, 32)));
            gb.create<tensor::YieldOp>(
                gl, gb.create<arith::BitcastOp>(gl, gb.getBF16Type(), high));
          });
    }
    return b.create<MatMulOp>(loc, type, lhs, rhs, ta, tb);
  }
  static const std::pair<const char *, const char *> reductions[] = {
      {"Sum", "sum"},   {"Mean", "mean"}, {"Max", "max"}, {"Min", "min"},
      {"Prod", "prod"}, {"Any", "any"},   {"All", "all"}};
  for (auto &[tf, kind] : reductions) {
    if (op != tf)
      continue;
    const auto *axes = attr<std::vector<int64_t>>(n, "axes");
    const bool *keep = attr<bool>(n, "keep_dims");
    return b.create<ReduceOp>(
        loc, type, input(n, 0), b.getStringAttr(kind),
        b.getDenseI64ArrayAttr(axes ? *axes : std::vector<int64_t>{}),
        b.getBoolAttr(keep && *keep));
  }
  if (op == "ArgMax" || op == "ArgMin") {
    const int64_t *axis = attr<int64_t>(n, "axis");
    return b.create<ArgReduceOp>(
        loc, type, input(n, 0), b.getStringAttr(op == "ArgMax" ? "max" : "min"),
        b.getI64IntegerAttr(axis ? *axis : 0));
  }
  if (op == "Shape" || op == "Size") {
    // Dimensions known at run time only: read them from the input.
    Value in = input(n, 0);
    auto inType = cast<RankedTensorType>(in.getType());
    SmallVector<Value> dims;
    Value product = b.create<arith::ConstantIndexOp>(loc, 1);
    // An int32 result fails where a size does not fit, as the kernels do
    // (a dimension of static size is folded, truncated, by grappler).
    bool narrow = type.getElementType().isInteger(32);
    Value int32Max = b.create<arith::ConstantIndexOp>(loc, INT32_MAX);
    auto fits = [&](Value size) {
      return b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sle, size,
                                     int32Max);
    };
    for (int64_t d = 0; d < inType.getRank(); ++d) {
      Value dim = b.create<tensor::DimOp>(loc, in, d);
      product = b.create<arith::MulIOp>(loc, product, dim);
      if (narrow && op == "Shape" && inType.isDynamicDim(d))
        check(n, fits(dim),
              "Shape output type is 32-bit  but dim {int} is {int}",
              {b.create<arith::ConstantIndexOp>(loc, d), dim});
      dims.push_back(
          b.create<arith::IndexCastOp>(loc, type.getElementType(), dim));
    }
    if (narrow && op == "Size" && !inType.hasStaticShape())
      check(n, fits(product),
            "Number of elements was larger than representable by 32-bit "
            "output type",
            {});
    if (op == "Size")
      return b.create<tensor::FromElementsOp>(
          loc, type,
          ValueRange{b.create<arith::IndexCastOp>(loc, type.getElementType(),
                                                  product)});
    return b.create<tensor::FromElementsOp>(loc, type, dims);
  }
  if (op == "TensorListReserve" || op == "TensorListSetItem" ||
      op == "TensorListStack")
    return emitTensorList(n, type);
  if (op == "Where")
    return emitWhere(n, type);
  if (op == "Conv2D")
    return emitConv2D(n, type);
  if (op == "MaxPool" || op == "AvgPool")
    return emitPool(n, type);
  if (op == "Conv2DBackpropInput" || op == "Conv2DBackpropFilter" ||
      op == "MaxPoolGrad" || op == "AvgPoolGrad")
    return emitNnGrad(n, type);
  if (op == "BiasAdd")
    return emitBiasAdd(n, type);
  if (op == "Pad" || op == "PadV2" || op == "MirrorPad")
    return emitPad(n, type);
  if (op == "GatherNd")
    return emitGatherNd(n, type);
  if (op == "ReverseSequence")
    return emitReverseSequence(n, type);
  if (op == "DepthwiseConv2dNative")
    return emitDepthwiseConv2D(n, type);
  if (op == "DepthwiseConv2dNativeBackpropInput" ||
      op == "DepthwiseConv2dNativeBackpropFilter")
    return emitDepthwiseGrad(n, type);
  if (op == "ScatterNd" || op == "TensorScatterUpdate" ||
      op == "TensorScatterAdd" || op == "TensorScatterSub" ||
      op == "TensorScatterMax" || op == "TensorScatterMin" ||
      op == "TensorScatterMul" || op == "TensorScatterDiv")
    return emitScatterNd(n, type);
  if (op == "UnsortedSegmentSum" || op == "UnsortedSegmentMax" ||
      op == "UnsortedSegmentMin" || op == "UnsortedSegmentProd")
    return emitUnsortedSegment(n, type);
  if (op == "SegmentSum" || op == "SegmentMean" || op == "SegmentMax" ||
      op == "SegmentMin" || op == "SegmentProd")
    return emitSortedSegment(n, type);
  if (op == "GatherV2" && n.inputs.size() == 3) // tf.gather
    return emitGather(n, type);
  if (op == "GatherV2") {
    // One row of the first dimension (a scalar index, negative from the
    // end): a rank-reducing slice. An index out of range is TensorFlow's
    // error, and no row is read then.
    Value src = input(n, 0);
    auto srcType = cast<RankedTensorType>(src.getType());
    Value given = b.create<arith::IndexCastOp>(loc, b.getIndexType(),
                                               scalarOf(loc, input(n, 1)));
    Value inRange, idx;
    Value extent = b.create<tensor::DimOp>(loc, src, 0);
    if (attr<bool>(n, "tensor_list")) {
      // A TensorArray read (TensorListGetItem): no index from the end.
      Value zero = b.create<arith::ConstantIndexOp>(loc, 0);
      inRange = b.create<arith::AndIOp>(
          loc,
          b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sge, given, zero),
          b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, given,
                                  extent));
      check(n, inRange,
            "Trying to access element {int} in a list with {int} elements.",
            {given, extent});
      idx = b.create<arith::SelectOp>(loc, inRange, given, zero);
    } else {
      // (The row gather of a later index of `x[i, j]` reports its
      // dimension of x.)
      const auto *dim = attr<int64_t>(n, graph::kSliceDimension);
      idx = checkedIndex(n, given, extent, dim ? *dim : 0, inRange);
    }
    SmallVector<OpFoldResult> offsets(srcType.getRank(), b.getIndexAttr(0)),
        sizes{b.getIndexAttr(1)}, strides(srcType.getRank(), b.getIndexAttr(1));
    offsets[0] = idx;
    appendRowSizes(loc, src, sizes);
    return orZeros(loc, inRange, type, [&](Location l) -> Value {
      return b.create<tensor::ExtractSliceOp>(l, type, src, offsets, sizes,
                                              strides);
    });
  }
  if (op == "Range" && isa<FloatType>(type.getElementType()))
    return emitFloatRange(n, type);
  if (op == "Range") {
    // [start, limit) by delta, its length max(0, ceil((limit - start) /
    // delta)) known at run time; a zero delta gives an empty range.
    Value start = scalarOf(loc, input(n, 0)),
          limit = scalarOf(loc, input(n, 1));
    Type it = start.getType();
    Value delta =
        n.inputs.size() > 2
            ? scalarOf(loc, input(n, 2))
            : b.create<arith::ConstantOp>(loc, b.getIntegerAttr(it, 1))
                  .getResult();
    // The Range kernel's checks on bounds known only now.
    auto i64 = b.getI64Type();
    auto wide = [&](Value v) {
      return it == i64 ? v : b.create<arith::ExtSIOp>(loc, i64, v).getResult();
    };
    auto cmp = [&](arith::CmpIPredicate p, Value x, Value y) {
      return b.create<arith::CmpIOp>(loc, p, x, y).getResult();
    };
    Value zero = b.create<arith::ConstantOp>(loc, b.getIntegerAttr(it, 0));
    Value up = cmp(arith::CmpIPredicate::sgt, delta, zero);
    check(n, cmp(arith::CmpIPredicate::ne, delta, zero),
          "Requires delta != 0: {int}", {wide(delta)});
    check(n,
          b.create<arith::OrIOp>(
              loc,
              b.create<arith::XOrIOp>(
                  loc, up, b.create<arith::ConstantIntOp>(loc, 1, 1)),
              cmp(arith::CmpIPredicate::sle, start, limit)),
          "Requires start <= limit when delta > 0: {int}/{int}",
          {wide(start), wide(limit)});
    check(n,
          b.create<arith::OrIOp>(
              loc,
              b.create<arith::OrIOp>(
                  loc, up, cmp(arith::CmpIPredicate::eq, delta, zero)),
              cmp(arith::CmpIPredicate::sge, start, limit)),
          "Requires start >= limit when delta < 0: {int}/{int}",
          {wide(start), wide(limit)});
    // (In 64 bits: limit - start of int32 bounds can overflow 32.)
    Value size = b.create<arith::IndexCastOp>(
        loc, b.getIndexType(),
        tripCount(loc, wide(start), wide(limit), wide(delta)));
    SmallVector<Value> dynamic;
    if (type.isDynamicDim(0)) // else its size was known at trace time
      dynamic.push_back(size);
    return b
        .create<tensor::GenerateOp>(
            loc, type, dynamic,
            [&](OpBuilder &nb, Location nl, ValueRange idx) {
              Value i = nb.create<arith::IndexCastOp>(nl, it, idx[0]);
              Value v = nb.create<arith::AddIOp>(
                  nl, start, nb.create<arith::MulIOp>(nl, i, delta));
              nb.create<tensor::YieldOp>(nl, v);
            })
        .getResult();
  }
  if (op == "ZerosLike" || op == "OnesLike") {
    Value in = input(n, 0);
    auto inType = cast<RankedTensorType>(in.getType());
    SmallVector<Value> dynamic;
    for (int64_t d = 0; d < inType.getRank(); ++d)
      if (inType.isDynamicDim(d))
        dynamic.push_back(b.create<tensor::DimOp>(loc, in, d));
    Type et = type.getElementType();
    TypedAttr value =
        isa<FloatType>(et)
            ? TypedAttr(b.getFloatAttr(et, op == "OnesLike" ? 1.0 : 0.0))
            : TypedAttr(b.getIntegerAttr(et, op == "OnesLike" ? 1 : 0));
    return splat(loc, type, dynamic, b.create<arith::ConstantOp>(loc, value));
  }
  if (op == "BroadcastTo")
    return emitBroadcastTo(n, type);
  if (op == "StridedSlice" && attr<std::vector<int64_t>>(n, "dyn_kind"))
    return emitDynamicSlice(n, type);
  if (op == "StridedSlice") {
    const auto *offsets = attr<std::vector<int64_t>>(n, "offsets");
    const auto *sizes = attr<std::vector<int64_t>>(n, "sizes");
    const auto *strides = attr<std::vector<int64_t>>(n, "strides");
    Value in = input(n, 0);
    auto inType = cast<RankedTensorType>(in.getType());
    SmallVector<int64_t> shape;
    for (size_t d = 0; d < sizes->size(); ++d)
      shape.push_back((*sizes)[d] < 0 ? inType.getDimSize(d) : (*sizes)[d]);
    Value sliced = b.create<SliceOp>(
        loc, RankedTensorType::get(shape, inType.getElementType()), in,
        b.getDenseI64ArrayAttr(*offsets), b.getDenseI64ArrayAttr(*sizes),
        b.getDenseI64ArrayAttr(*strides));
    // Dimensions read with a negative step: reverse the window.
    if (const auto *reversed = attr<std::vector<int64_t>>(n, "reversed"))
      sliced = reverseDims(loc, sliced, *reversed);
    if (cast<RankedTensorType>(sliced.getType()) == type)
      return sliced;
    return reshapeTo(loc, sliced, type); // drop/add unit dims
  }
  if (op == "Reshape" && n.inputs.size() == 2)
    return emitReshapeTo(n, type);
  if (op == "Fill")
    return emitFill(n, type);
  if (op == "OneHot")
    return emitOneHot(n, type);
  if (op == "ReverseV2")
    return emitReverse(n, type);
  if (op == "Bitcast")
    return emitBitcast(n, type);
  if (op == "Tile")
    return emitTile(n, type);
  if (op == "Cumsum" || op == "Cumprod" || op == "CumulativeLogsumexp")
    return emitScan(n, type);
  if (op == "TopKV2")
    return emitTopK(n, type);
  if (op == "Unique" || op == "UniqueWithCounts")
    return emitUnique(n, type);
  if (op == "MatrixDeterminant" || op == "LogMatrixDeterminant" ||
      op == "MatrixInverse" || op == "MatrixSolve")
    return emitLinalgLu(n, type);
  if (op == "Roll")
    return emitRoll(n, type);
  if (op == "SpaceToDepth" || op == "DepthToSpace")
    return emitSpaceToDepth(n, type);
  if (op == "UnravelIndex")
    return emitUnravelIndex(n, type);
  if (op == "HistogramFixedWidth")
    return emitHistogramFixedWidth(n, type);
  if (op == "Cross")
    return emitCross(n, type);
  if (op == "RGBToHSV" || op == "HSVToRGB" || op == "AdjustSaturation" ||
      op == "AdjustHue")
    return emitColour(n, type);
  if (op == "AdjustContrastv2")
    return emitAdjustContrast(n, type);
  if (op == "ResizeBilinear" || op == "ResizeNearestNeighbor")
    return emitResize(n, type);
  if (op == "ResizeBilinearGrad" || op == "ResizeNearestNeighborGrad")
    return emitResizeGrad(n, type);
  if (op == "Split" || op == "SplitV" || op == "Unpack")
    return emitSplit(n, type);
  if (op == "Squeeze")
    return emitSqueeze(n, type);
  if (op == "Reshape" || op == "ExpandDims")
    return reshapeTo(loc, input(n, 0), type);
  if (op == "Transpose") {
    const auto *perm = attr<std::vector<int64_t>>(n, "perm");
    return b.create<TransposeOp>(loc, type, input(n, 0),
                                 b.getDenseI64ArrayAttr(*perm));
  }
  if (op == "ConcatV2" || op == "Pack") {
    const int64_t *axis = attr<int64_t>(n, "axis");
    SmallVector<Value> inputs;
    for (size_t i = 0; i < n.inputs.size(); ++i) {
      Value v = input(n, i);
      if (op == "Pack") { // stack: give each input the new axis first
        auto t = cast<RankedTensorType>(v.getType());
        SmallVector<int64_t> shape(t.getShape());
        shape.insert(shape.begin() + *axis, 1);
        // The unit dimension joins its neighbour's group (any number of
        // dimensions may be dynamic, which kiln.reshape does not allow).
        SmallVector<ReassociationIndices> groups;
        int64_t rank = t.getRank();
        for (int64_t d = 0; d < rank; ++d) {
          int64_t at = d < *axis ? d : d + 1;
          if (d == *axis)
            groups.push_back({at - 1, at});
          else if (d == rank - 1 && *axis == rank)
            groups.push_back({at, at + 1});
          else
            groups.push_back({at});
        }
        v = b.create<tensor::ExpandShapeOp>(
            loc, RankedTensorType::get(shape, t.getElementType()), v, groups);
      }
      inputs.push_back(v);
    }
    return b.create<ConcatOp>(loc, type, inputs, b.getI64IntegerAttr(*axis));
  }
  if (op == "IteratorGetNext" || op == "DatasetToSingleElement") {
    // As a loop over a dataset (see ReduceDataset below).
    error = "kiln cannot compile a read of a tf.data " +
            std::string(op == "IteratorGetNext" ? "iterator" : "dataset") +
            " into native code yet (kiln run runs it): read it outside the "
            "function and pass the element to it";
    return nullptr;
  }
  error = "kiln cannot compile the TensorFlow op '" + op + "' yet";
  return nullptr;
}

std::string interfaceProblem(MLIRContext *ctx, const graph::Graph &graph,
                             int *argument) {
  auto compiled = [&](const graph::TensorType &t) {
    return !t.unknownRank && elementType(ctx, t.dtype);
  };
  // The runtime's tensors (and TensorFlow's) have at most KILN_MAX_RANK
  // dimensions.
  auto rankText = [](const graph::TensorType &t) {
    return "has rank " + std::to_string(t.shape.size()) + ", more than the " +
           std::to_string(KILN_MAX_RANK) + " a tensor can have";
  };
  for (size_t k = 0; k < graph.args.size(); ++k) {
    const graph::Node &n = graph.nodes[graph.args[k]];
    if (argument)
      *argument = static_cast<int>(k);
    if (!n.outputs[0].unknownRank && n.outputs[0].shape.size() > KILN_MAX_RANK)
      return "argument '" + n.name + "' " + rankText(n.outputs[0]);
    if (n.outputs[0].dtype == graph::DType::String)
      return "argument '" + n.name +
             "' is a string tensor: kiln runs string ops on the host, and "
             "compiled code cannot take strings";
    if (!compiled(n.outputs[0]))
      return "argument '" + n.name + "' " +
             (n.outputs[0].unknownRank
                  ? "has an unknown rank, and compiled code needs every "
                    "rank: give its TensorSpec a shape"
                  : "has a dtype or shape kiln cannot compile yet");
  }
  if (argument)
    *argument = -1;
  // (Said before the unknown ranks a call of Python leaves behind.)
  for (const graph::Node &n : graph.nodes)
    if (graph::callsPython(n))
      return std::string("it calls Python (tf.") +
             (n.op == "PyFunc" ? "numpy_function" : "py_function") +
             " on line " + std::to_string(n.loc.line) +
             "), which runs only under kiln run, not in compiled code";
  for (size_t i = 0; i < graph.results.size(); ++i) {
    const graph::TensorType &t = graph.typeOf(graph.results[i]);
    if (!t.unknownRank && t.shape.size() > KILN_MAX_RANK)
      return "result " + std::to_string(i) + " " + rankText(t);
    if (compiled(t))
      continue;
    std::string what = "result " + std::to_string(i) + " (dtype " +
                       py::dtypeName(t.dtype) + ", shape " + t.shapeString() +
                       ")";
    if (t.dtype == graph::DType::String)
      return what + " is a string tensor: kiln runs string ops on the host, "
                    "and compiled code cannot return strings";
    return what + (t.unknownRank ? " has an unknown rank, and compiled code "
                                   "needs every rank"
                                 : " has a dtype kiln cannot compile yet");
  }
  if (argument)
    *argument = -1;
  return "";
}

bool Emitter::run(std::string &error) {
  error = interfaceProblem(ctx, g);
  if (!error.empty())
    return false;
  SmallVector<Type> argTypes, resultTypes;
  for (int arg : g.args)
    argTypes.push_back(tensorType(g.nodes[arg].outputs[0]));
  for (graph::Output r : g.results)
    resultTypes.push_back(tensorType(g.typeOf(r)));
  b.setInsertionPointToEnd(module.getBody());
  auto fn = b.create<func::FuncOp>(FileLineColLoc::get(ctx, file, 1, 1), g.name,
                                   b.getFunctionType(argTypes, resultTypes));
  fn->setAttr("llvm.emit_c_interface", b.getUnitAttr());
  // The inputs belong to the caller (an eager tensor, a variable's value, a
  // C program's buffer): bufferization must copy before writing into one
  // (a TensorArray write, a scatter) rather than update it in place.
  for (size_t i = 0; i < argTypes.size(); ++i)
    fn.setArgAttr(i, "bufferization.writable", b.getBoolAttr(false));
  Block *entry = fn.addEntryBlock();
  b.setInsertionPointToStart(entry);
  for (size_t i = 0; i < g.args.size(); ++i)
    values[key({g.args[i], 0})] = entry->getArgument(i);
  live = liveNodes(g);
  consumers = liveUseCounts(g, live, &soleConsumer);
  specsOf.assign(g.nodes.size(), {});
  regionOwners.assign(g.regions.size(), -1);
  for (size_t i = 0; i < g.nodes.size(); ++i)
    for (int r : g.nodes[i].regions)
      regionOwners[r] = static_cast<int>(i);
  // Constants first, at the function's entry: graph rewrites (constant
  // push-down) may give a node an operand defined after it.
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    if (!live[i] || g.nodes[i].op != "Const")
      continue;
    Value v = emit(g.nodes[i], error);
    if (!v)
      return false;
    values[key({static_cast<int>(i), 0})] = v;
  }
  if (!emitNodes(g.bodyNodes(), error))
    return false;
  SmallVector<Value> results;
  for (graph::Output r : g.results)
    results.push_back(values.at(key(r)));
  // A variable's value when the call fails: after its last write that ran.
  for (auto [index, placeholder] : g.variableResults) {
    if (index >= results.size())
      continue;
    auto before = values.find(key({placeholder, 0}));
    results[index] =
        keptValue(fn.getLoc(), g.results[index], -1,
                  before == values.end() ? Value() : before->second,
                  results[index].getType());
  }
  b.create<func::ReturnOp>(fn.getLoc(), results);
  return true;
}

bool Emitter::emitNodes(const std::vector<int> &ids, std::string &error) {
  // Where in the script: the innermost failing op's line (an internal
  // error is kiln's, not the line's).
  auto fail = [&](const graph::Node &n) {
    if (!errorLoc_.valid() && error.find("internal error") == std::string::npos)
      errorLoc_ = n.loc;
    return false;
  };
  const int outer = emitting;
  for (int i : ids) {
    const graph::Node &n = g.nodes[i];
    if (!live[i] || n.op == "Placeholder" || n.op == "NoOp" ||
        n.op == "Const") // constants come first (run())
      continue;
    emitting = i;
    if (n.op == "PrintV2" || n.op == "Assert") {
      if ((n.op == "Assert" || g.hostPrints) && !emitHostCall(n, error))
        return fail(n);
      continue;
    }
    if (!n.regions.empty()) {
      if (!emitControlFlow(i, error))
        return fail(n);
      continue;
    }
    Value v = emit(n, error);
    if (!v)
      return fail(n);
    values[key({i, 0})] = v;
  }
  emitting = outer;
  return true;
}

Value Emitter::zeros(Location loc, RankedTensorType type, ValueRange dynamic) {
  Type et = type.getElementType();
  TypedAttr zero = isa<FloatType>(et) ? TypedAttr(b.getFloatAttr(et, 0.0))
                                      : TypedAttr(b.getIntegerAttr(et, 0));
  return splat(loc, type, dynamic, b.create<arith::ConstantOp>(loc, zero));
}

void Emitter::checkAllElements(const graph::Node &n, Value values,
                               const char *predicate,
                               const std::string &message) {
  // TensorFlow's integer division and power kernels fail on a zero
  // divisor or a negative exponent; kiln's lowering computes a safe value
  // instead, so the call must fail here.
  Location loc = locOf(n);
  auto type = cast<RankedTensorType>(values.getType());
  auto i1 = b.getI1Type();
  Value zero = b.create<ConstantOp>(
      loc,
      DenseElementsAttr::get(RankedTensorType::get({}, type.getElementType()),
                             b.getIntegerAttr(type.getElementType(), 0)));
  Value holds =
      b.create<CompareOp>(loc, RankedTensorType::get(type.getShape(), i1),
                          values, zero, b.getStringAttr(predicate));
  SmallVector<int64_t> axes;
  for (int64_t d = 0; d < type.getRank(); ++d)
    axes.push_back(d);
  Value all = axes.empty()
                  ? holds
                  : b.create<ReduceOp>(loc, RankedTensorType::get({}, i1),
                                       holds, b.getStringAttr("all"),
                                       b.getDenseI64ArrayAttr(axes),
                                       b.getBoolAttr(false));
  Value ok = b.create<tensor::ExtractOp>(loc, all, ValueRange{});
  // The kernels look at the divisors only where there is a result: an
  // empty result (some operand dimension is 0) needs none.
  Value empty = b.create<arith::ConstantIntOp>(loc, 0, 1);
  for (size_t i = 0; i < n.inputs.size(); ++i) {
    Value t = input(n, i);
    auto tt = cast<RankedTensorType>(t.getType());
    for (int64_t d = 0; d < tt.getRank(); ++d)
      empty = b.create<arith::OrIOp>(
          loc, empty,
          b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq,
                                  dimSize(loc, t, d),
                                  b.create<arith::ConstantIndexOp>(loc, 0)));
  }
  check(n, b.create<arith::OrIOp>(loc, ok, empty), message, {});
}

void Emitter::checkLabels(const graph::Node &n, int64_t classes) {
  // The sparse cross-entropy kernels reject a label outside [0, classes)
  // before computing, naming the smallest label if it is negative, else the
  // largest, and listing them all.
  Location loc = locOf(n);
  Value labels = input(n, 0);
  auto type = cast<RankedTensorType>(labels.getType());
  auto i64 = b.getI64Type();
  if (n.inputs.size() > 1) {
    // The kernel's shape check comes first: one label per row of logits.
    Value logits = input(n, 1);
    Value same = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq,
                                         dimSize(loc, logits, 0),
                                         dimSize(loc, labels, 0));
    checkShapes(n, same, logits, labels,
                "logits and labels must have the same first dimension, got "
                "logits shape {shape} and labels shape {shape}");
  }
  auto scalar = RankedTensorType::get({}, type.getElementType());
  auto extreme = [&](const char *kind) -> Value {
    Value r =
        b.create<ReduceOp>(loc, scalar, labels, b.getStringAttr(kind),
                           b.getDenseI64ArrayAttr({0}), b.getBoolAttr(false));
    Value v = scalarOf(loc, r);
    return v.getType() == i64 ? v : b.create<arith::ExtSIOp>(loc, i64, v);
  };
  Value low = extreme("min"), high = extreme("max");
  Value zero = b.create<arith::ConstantIntOp>(loc, 0, 64);
  Value limit = b.create<arith::ConstantIntOp>(loc, classes, 64);
  Value negative =
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, low, zero);
  Value tooLarge =
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sge, high, limit);
  Value ok = b.create<arith::XOrIOp>(
      loc, b.create<arith::OrIOp>(loc, negative, tooLarge),
      b.create<arith::ConstantIntOp>(loc, 1, 1));
  // No labels: min and max are the reductions' identities; nothing to check.
  ok = b.create<arith::OrIOp>(
      loc, ok,
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq,
                              dimSize(loc, labels, 0),
                              b.create<arith::ConstantIndexOp>(loc, 0)));
  SmallVector<Value> ints{b.create<arith::SelectOp>(loc, negative, low, high),
                          limit};
  // Then the labels: their count and the values, copied on failure only.
  ints.push_back(dimSize(loc, labels, 0));
  std::string message = "Received a label value of {int} which is outside "
                        "the valid range of [0, {int}).  Label values:{list}";
  check(n, ok, message, ints, [&](Location l) -> Value {
    auto wide = RankedTensorType::get(type.getShape(), i64);
    return type.getElementType() == i64
               ? labels
               : b.create<CastOp>(l, wide, labels).getResult();
  });
}

Value Emitter::splat(Location loc, RankedTensorType type, ValueRange dynamic,
                     Value value) {
  Value empty = b.create<tensor::EmptyOp>(loc, type, dynamic);
  return b.create<linalg::FillOp>(loc, value, empty).getResult(0);
}

Value Emitter::emitTensorList(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  auto index = [&](Value t) -> Value {
    return b.create<arith::IndexCastOp>(loc, b.getIndexType(),
                                        scalarOf(loc, t));
  };
  if (n.op == "TensorListReserve") { // zeros, one row per element
    SmallVector<Value> dynamic;
    if (type.isDynamicDim(0)) {
      Value size = scalarOf(loc, input(n, 0));
      if (!size.getType().isInteger(64))
        size = b.create<arith::ExtSIOp>(loc, b.getI64Type(), size);
      Value nonNegative =
          b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sge, size,
                                  b.create<arith::ConstantIntOp>(loc, 0, 64));
      check(n, nonNegative,
            "The num_elements to reserve must be a non negative number, but "
            "got {int}",
            {size});
      dynamic.push_back(b.create<arith::MaxSIOp>(
          loc, index(input(n, 0)), b.create<arith::ConstantIndexOp>(loc, 0)));
    }
    // Element dimensions known at run time only: from the element shape,
    // the second input (the gradient's stack of a loop's state has one).
    for (int64_t d = 1; d < type.getRank(); ++d)
      if (type.isDynamicDim(d)) {
        if (n.inputs.size() < 2)
          return nullptr;
        Value at = b.create<arith::ConstantIndexOp>(loc, d - 1);
        dynamic.push_back(b.create<arith::IndexCastOp>(
            loc, b.getIndexType(),
            b.create<tensor::ExtractOp>(loc, input(n, 1), ValueRange{at})));
      }
    return zeros(loc, type, dynamic);
  }
  Value buffer = input(n, 0);
  auto bufferType = cast<RankedTensorType>(buffer.getType());
  int64_t rank = bufferType.getRank();
  Value zero = b.create<arith::ConstantIndexOp>(loc, 0);
  Value one = b.create<arith::ConstantIndexOp>(loc, 1);
  // Sizes of the element dimensions, from the buffer.
  auto rowSizes = [&](Value t, SmallVector<OpFoldResult> &sizes) {
    appendRowSizes(loc, t, sizes);
  };
  if (n.op == "TensorListStack") { // rows [0, size)
    Value size = index(input(n, 1));
    // An empty list stacks to the element shape it was given, which must
    // then be known (as the kernel requires).
    if (!std::all_of(type.getShape().begin() + 1, type.getShape().end(),
                     [](int64_t d) { return !ShapedType::isDynamic(d); })) {
      std::string shape;
      for (int64_t d = 1; d < type.getRank(); ++d)
        shape += (d > 1 ? "," : "") +
                 (type.isDynamicDim(d) ? std::string("?")
                                       : std::to_string(type.getDimSize(d)));
      check(n,
            b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ne, size, zero),
            "Tried to stack elements of an empty list with non-fully-defined "
            "element_shape: [" +
                shape + "]",
            {});
    }
    Value rows = b.create<arith::MinSIOp>(
        loc, size, b.create<tensor::DimOp>(loc, buffer, 0));
    SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0)),
        strides(rank, b.getIndexAttr(1)), sizes{rows};
    rowSizes(buffer, sizes);
    auto sliceType = RankedTensorType::get(
        [&] {
          SmallVector<int64_t> shape(bufferType.getShape());
          shape[0] = ShapedType::kDynamic;
          return shape;
        }(),
        bufferType.getElementType());
    Value slice = b.create<tensor::ExtractSliceOp>(loc, sliceType, buffer,
                                                   offsets, sizes, strides);
    return castTo(loc, slice, type);
  }
  // TensorListSetItem: write row `i`; a growing buffer first doubles (at
  // least to i + 1 rows) when `i` is past its end. Other indices fail the
  // call as TensorFlow's kernel does, and are clamped so that the write
  // never leaves the buffer.
  Value given = index(input(n, 1));
  Value i = b.create<arith::MaxSIOp>(loc, given, zero);
  {
    const bool *grows = attr<bool>(n, "grow");
    Value extent = b.create<tensor::DimOp>(loc, buffer, 0);
    Value ok =
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sge, given, zero);
    if (!grows || !*grows)
      ok = b.create<arith::AndIOp>(
          loc, ok,
          b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, given,
                                  extent));
    check(n, ok,
          "Trying to modify element {int} in a list with {int} elements.",
          {given, extent});
  }
  Value item = input(n, 2);
  const bool *grow = attr<bool>(n, "grow");
  if (grow && *grow) {
    Value capacity = b.create<tensor::DimOp>(loc, buffer, 0);
    Value fits =
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, i, capacity);
    // The buffer's size changes at run time: work with a dynamic first
    // dimension (an eager write knows its sizes statically).
    auto resultType = cast<RankedTensorType>(type);
    SmallVector<int64_t> shape(resultType.getShape());
    shape[0] = ShapedType::kDynamic;
    auto dynType = RankedTensorType::get(shape, resultType.getElementType());
    Value dyn = castTo(loc, buffer, dynType);
    buffer = choose(
        loc, fits, [&](Location) { return dyn; },
        [&](Location l) {
          Value doubled = b.create<arith::MulIOp>(
              l, capacity, b.create<arith::ConstantIndexOp>(l, 2));
          Value needed = b.create<arith::AddIOp>(l, i, one);
          Value cap = b.create<arith::MaxSIOp>(l, doubled, needed);
          SmallVector<Value> dynamic{cap};
          for (int64_t d = 1; d < rank; ++d)
            if (dynType.isDynamicDim(d))
              dynamic.push_back(b.create<tensor::DimOp>(l, buffer, d));
          Value grown = zeros(l, dynType, dynamic);
          SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0)),
              strides(rank, b.getIndexAttr(1)), sizes{capacity};
          rowSizes(buffer, sizes);
          return b
              .create<tensor::InsertSliceOp>(l, dyn, grown, offsets, sizes,
                                             strides)
              .getResult();
        });
  } else {
    // A list of no elements takes no write: the check above has failed
    // the call (and a clamped row would still lie outside it).
    if (cast<RankedTensorType>(buffer.getType()).getDimSize(0) == 0)
      return castTo(loc, buffer, type);
    Value last = b.create<arith::SubIOp>(
        loc, b.create<tensor::DimOp>(loc, buffer, 0), one);
    i = b.create<arith::MinSIOp>(loc, i, last);
    buffer = castTo(loc, buffer, type);
  }
  auto itemType = cast<RankedTensorType>(item.getType());
  // A buffer reserved before its elements' run-time sizes were known (a
  // TensorArray written in a loop over a None batch) is empty in those
  // dimensions until its first write, which sizes it.
  if (!cast<RankedTensorType>(buffer.getType()).hasStaticShape() &&
      itemType.getRank() == rank - 1) {
    Value unsized = b.create<arith::ConstantIntOp>(loc, 1, 1);
    Value differs = b.create<arith::ConstantIntOp>(loc, 0, 1);
    auto reserved = cast<RankedTensorType>(buffer.getType());
    for (int64_t d = 1; d < rank; ++d) {
      if (!reserved.isDynamicDim(d))
        continue;
      Value have = dimSize(loc, buffer, d), want = dimSize(loc, item, d - 1);
      unsized = b.create<arith::AndIOp>(
          loc, unsized,
          b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, have, zero));
      differs = b.create<arith::OrIOp>(
          loc, differs,
          b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ne, have, want));
    }
    buffer = choose(
        loc, b.create<arith::AndIOp>(loc, unsized, differs),
        [&](Location l) {
          SmallVector<Value> dynamic;
          for (int64_t d = 0; d < rank; ++d)
            if (reserved.isDynamicDim(d))
              dynamic.push_back(d == 0 ? dimSize(l, buffer, 0)
                                       : dimSize(l, item, d - 1));
          return zeros(l, reserved, dynamic);
        },
        [&](Location) { return buffer; });
  }
  // An element dimension known at run time only must match the item's,
  // or the write would leave the row.
  if (!itemType.hasStaticShape() || !bufferType.hasStaticShape()) {
    Value ok = b.create<arith::ConstantIntOp>(loc, 1, 1);
    SmallVector<Value> ints{b.create<arith::ConstantIndexOp>(loc, rank - 1)};
    for (int64_t d = 1; d < rank; ++d)
      ints.push_back(dimSize(loc, item, d - 1));
    ints.push_back(b.create<arith::ConstantIndexOp>(loc, rank - 1));
    for (int64_t d = 1; d < rank; ++d) {
      ints.push_back(dimSize(loc, buffer, d));
      ok = b.create<arith::AndIOp>(
          loc, ok,
          b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, ints[d],
                                  ints.back()));
    }
    // A TensorArray with infer_shape=False takes any shape in TensorFlow;
    // kiln's buffer holds rows of one.
    const auto *anyShape = attr<bool>(n, "_any_shape");
    if (anyShape && *anyShape)
      check(n, ok,
            "kiln's TensorArray holds elements of one shape: with "
            "infer_shape=False, an element of shape {shape} after one of "
            "shape {shape} is not supported yet",
            ints, nullptr, "UnimplementedError");
    else
      check(n, ok,
            "Tried to set a tensor with incompatible shape at a list index. "
            "Item element shape: {shape} list shape: {shape}",
            ints);
  }
  // The item takes the type of the buffer's rows: sizes one of them knows
  // at run time only are checked equal above.
  auto bufferNow = cast<RankedTensorType>(buffer.getType());
  if (itemType.getRank() == rank - 1) {
    SmallVector<int64_t> row(bufferNow.getShape().drop_front());
    auto rowType = RankedTensorType::get(row, itemType.getElementType());
    if (rowType != itemType)
      item = b.create<tensor::CastOp>(loc, rowType, item);
  }
  SmallVector<OpFoldResult> offsets{i}, sizes{b.getIndexAttr(1)},
      strides(rank, b.getIndexAttr(1));
  for (int64_t d = 1; d < rank; ++d)
    offsets.push_back(b.getIndexAttr(0));
  rowSizes(buffer, sizes);
  Value written = b.create<tensor::InsertSliceOp>(loc, item, buffer, offsets,
                                                  sizes, strides);
  return castTo(loc, written, type);
}

FlatSymbolRefAttr Emitter::declare(const std::string &name, FunctionType type) {
  if (!module.lookupSymbol(name)) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    auto fn = b.create<func::FuncOp>(UnknownLoc::get(ctx), name, type);
    fn.setPrivate();
  }
  return SymbolRefAttr::get(ctx, name);
}

Value Emitter::hostSpec(Location loc, hostcalls::Spec spec) {
  int64_t index = hostcalls::registerSpec(spec);
  if (emitting >= 0)
    specsOf[emitting].push_back(index);
  if (hostSpecs)
    hostSpecs->emplace_back(index, std::move(spec));
  return b.create<arith::ConstantIntOp>(loc, index, 64);
}

void Emitter::emitHostItems(Location loc, const graph::Node &n, size_t first,
                            Value spec64) {
  auto i64 = b.getI64Type();
  for (size_t i = first; i < n.inputs.size(); ++i) {
    Value t = input(n, i);
    Type et = cast<RankedTensorType>(t.getType()).getElementType();
    std::string suffix;
    llvm::raw_string_ostream os(suffix);
    et.print(os);
    auto unranked = UnrankedTensorType::get(et);
    // The callee is external, so bufferization assumes it writes its
    // arguments: hand it a copy.
    Value copy = b.create<bufferization::AllocTensorOp>(
        loc, cast<RankedTensorType>(t.getType()), ValueRange{}, t);
    Value u = b.create<tensor::CastOp>(loc, unranked, copy);
    Value item = b.create<arith::ConstantIntOp>(loc, i - first, 64);
    b.create<func::CallOp>(loc,
                           declare("kiln_host_print_item_" + os.str(),
                                   b.getFunctionType({i64, i64, unranked}, {})),
                           TypeRange{}, ValueRange{spec64, item, u});
  }
  b.create<func::CallOp>(
      loc, declare("kiln_host_print_end", b.getFunctionType({i64}, {})),
      TypeRange{}, ValueRange{spec64});
}

bool Emitter::emitHostCall(const graph::Node &n, std::string &error) {
  Location loc = locOf(n);
  auto i64 = b.getI64Type();
  auto text = [&](const char *name) {
    auto it = n.attrs.find(name);
    return it == n.attrs.end() ? std::string()
                               : std::get<std::string>(it->second);
  };
  hostcalls::Spec spec;
  for (size_t i = n.op == "Assert" ? 1 : 0; i < n.inputs.size(); ++i)
    spec.tensorDTypes.push_back(g.typeOf(n.inputs[i]).dtype);
  if (n.op == "Assert" && !n.attrs.count("pieces") && n.inputs.size() > 1) {
    // A kernel's check that kiln stages as a node (einsum's label sizes):
    // the message's {int} and {shape} take the other inputs, integer
    // scalars and 1-D shapes of static length.
    SmallVector<Value> ints;
    for (size_t i = 1; i < n.inputs.size(); ++i) {
      Value v = input(n, i);
      auto type = cast<RankedTensorType>(v.getType());
      if (type.getRank() == 0) {
        Value e = scalarOf(loc, v);
        ints.push_back(e.getType() == i64
                           ? e
                           : b.create<arith::ExtSIOp>(loc, i64, e).getResult());
        continue;
      }
      ints.push_back(
          b.create<arith::ConstantIntOp>(loc, type.getDimSize(0), 64));
      for (int64_t d = 0; d < type.getDimSize(0); ++d)
        ints.push_back(shapeElement(loc, v, d));
    }
    check(n, scalarOf(loc, input(n, 0)), text("message"), ints);
    return true;
  }
  if (n.op == "Assert" && !n.attrs.count("pieces")) {
    spec.kind = hostcalls::Spec::Assert;
    spec.message = graphError(n, text("message"));
    Value spec64 = hostSpec(loc, std::move(spec));
    Value cond = b.create<arith::ExtUIOp>(loc, i64, scalarOf(loc, input(n, 0)));
    b.create<func::CallOp>(
        loc, declare("kiln_host_assert", b.getFunctionType({i64, i64}, {})),
        TypeRange{}, ValueRange{cond, spec64});
    return true;
  }
  spec.pieces = std::get<std::vector<std::string>>(n.attrs.at("pieces"));
  spec.summarize = std::get<int64_t>(n.attrs.at("summarize"));
  if (spec.pieces.size() != spec.tensorDTypes.size() + 1) {
    error = "internal error: " + n.op + " pieces do not match its inputs";
    return false;
  }
  if (n.op == "PrintV2") {
    spec.toStdout = std::get<bool>(n.attrs.at("to_stdout"));
    emitHostItems(loc, n, 0, hostSpec(loc, std::move(spec)));
    return true;
  }
  // An Assert with data: TensorFlow's whole run-time error around the
  // kernel's text, formatted only when the condition fails.
  spec.kind = hostcalls::Spec::Assert;
  const std::string mark = "\x01";
  std::string wrapped = graphError(n, mark);
  size_t at = wrapped.find(mark);
  spec.pieces.front() = wrapped.substr(0, at) + spec.pieces.front();
  spec.pieces.back() += wrapped.substr(at + mark.size());
  Value spec64 = hostSpec(loc, std::move(spec));
  Value failed = b.create<arith::XOrIOp>(
      loc, scalarOf(loc, input(n, 0)),
      b.create<arith::ConstantIntOp>(loc, 1, b.getI1Type()));
  auto ifOp = b.create<scf::IfOp>(loc, failed, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&ifOp.getThenRegion().front());
  emitHostItems(loc, n, 1, spec64);
  return true;
}

bool Emitter::emitRegion(int r, TypeRange types, SmallVector<Value> &results,
                         std::string &error) {
  const graph::Region &region = g.regions[r];
  if (!emitNodes(region.nodes, error))
    return false;
  for (size_t i = 0; i < region.results.size(); ++i) {
    Value v = values.at(key(region.results[i]));
    results.push_back(i < types.size() ? castTo(v.getLoc(), v, types[i]) : v);
  }
  return true;
}

bool Emitter::emitFloatFor(const graph::Node &n, int id, ArrayRef<Type> types,
                           ValueRange inits, const ForBody &body, bool &ok,
                           bool writes) {
  // AutoGraph's loop over a float tf.range (_tf_range_for_stmt): the loop
  // variable starts at `start` and is incremented by delta, while it is
  // short of the limit (on delta's side), at most get_range_len(start,
  // limit, delta) times: max(floor(d / delta) + (floormod(d, delta) != 0),
  // 0) for d = limit - start, cast to int32.
  Location loc = locOf(n);
  Scalars s{b, loc};
  Value start = scalarOf(loc, input(n, 0)), limit = scalarOf(loc, input(n, 1)),
        delta = scalarOf(loc, input(n, 2));
  Type et = start.getType();
  using P = arith::CmpFPredicate;
  Value zero = s.real(et, 0.0);
  Value dist = s.sub(limit, start);
  Value quotient = b.create<math::FloorOp>(loc, s.div(dist, delta));
  Value rem = b.create<arith::RemFOp>(loc, dist, delta);
  Value remNonZero = s.cmp(P::UNE, rem, zero);
  Value length = s.add(quotient, s.select(remNonZero, s.real(et, 1.0), zero));
  length = s.select(s.cmp(P::OGT, length, zero), length, zero);
  // A length past int32 or NaN (a zero delta): TensorFlow's cast gives a
  // bound that never stops the loop, so it runs forever; kiln runs no
  // iteration instead of hanging.
  Value fits = s.cmp(P::OLT, length, s.real(et, 2147483648.0));
  Value count = b.create<arith::IndexCastOp>(
      loc, b.getIndexType(),
      b.create<arith::FPToSIOp>(loc, b.getI64Type(),
                                s.select(fits, length, zero)));
  Value up = s.cmp(P::OGE, delta, zero);
  SmallVector<Type> stateTypes{b.getIndexType(), et};
  stateTypes.append(types.begin(), types.end());
  SmallVector<Value> state{s.index(0), start};
  state.append(inits.begin(), inits.end());
  auto loop = b.create<scf::WhileOp>(
      loc, TypeRange(stateTypes), state,
      [&](OpBuilder &nb, Location l, ValueRange args) {
        Scalars w{nb, l};
        Value below = w.cmp(P::OLT, args[1], limit),
              above = w.cmp(P::OGT, args[1], limit);
        Value onDeltasSide = nb.create<arith::OrIOp>(
            l, nb.create<arith::AndIOp>(l, up, below),
            nb.create<arith::AndIOp>(
                l,
                nb.create<arith::XOrIOp>(
                    l, up, nb.create<arith::ConstantIntOp>(l, 1, 1)),
                above));
        Value more = nb.create<arith::AndIOp>(
            l,
            nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::slt, args[0],
                                     count),
            onDeltasSide);
        nb.create<scf::ConditionOp>(l, more, args);
      },
      [&](OpBuilder &nb, Location l, ValueRange args) {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
        Scalars w{b, l};
        SmallVector<Value> res{w.iadd(args[0], w.index(1)),
                               w.add(args[1], delta)};
        body(l, args[1], args.drop_front(2), res);
        b.create<scf::YieldOp>(l, ok ? ValueRange(res) : args);
      });
  if (!ok)
    return false;
  if (writes)
    stopOnFailure(loop, id);
  for (size_t k = 0; k < types.size(); ++k)
    values[key({id, static_cast<int>(k)})] = loop.getResult(k + 2);
  return true;
}

bool Emitter::emitControlFlow(int id, std::string &error) {
  const graph::Node &n = g.nodes[id];
  Location loc = locOf(n);
  SmallVector<Type> types;
  for (auto &o : n.outputs) {
    RankedTensorType t = tensorType(o);
    if (!t) {
      error = "'" + n.name +
              "' carries a value of a dtype or shape kiln "
              "cannot compile yet";
      return false;
    }
    types.push_back(t);
  }
  // Region bodies are emitted from inside MLIR's body-builder callbacks;
  // `ok` carries a failure out of them.
  bool ok = true;
  auto enter = [&](OpBuilder &nb) {
    b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
  };
  auto bindArgs = [&](int r, ValueRange args) {
    const graph::Region &region = g.regions[r];
    for (size_t k = 0; k < region.args.size() && k < args.size(); ++k)
      values[key({region.args[k], 0})] = args[k];
  };
  Operation *result = nullptr;
  // Variables written inside leave with their value after the last write
  // that ran, should a check inside fail (EmitFailedWrites.cpp).
  const bool writes = holdsWrites(id);
  if (n.op == "StatelessIf") {
    Value cond = scalarOf(loc, input(n, 0));
    auto branch = [&](int r) {
      return [&, r](OpBuilder &nb, Location l) {
        OpBuilder::InsertionGuard guard(b);
        enter(nb);
        SmallVector<Value> res;
        ok = ok && emitRegion(r, types, res, error);
        if (ok && writes)
          keepWrites(l, r, res, 0);
        b.create<scf::YieldOp>(l, ok ? ValueRange(res) : ValueRange{});
      };
    };
    result = b.create<scf::IfOp>(loc, cond, branch(n.regions[0]),
                                 branch(n.regions[1]));
  } else if (n.op == "StatelessWhile") {
    SmallVector<Value> inits;
    for (size_t k = 0; k < types.size(); ++k)
      inits.push_back(castTo(loc, input(n, k), types[k]));
    result = b.create<scf::WhileOp>(
        loc, TypeRange(types), inits,
        [&](OpBuilder &nb, Location l, ValueRange args) {
          OpBuilder::InsertionGuard guard(b);
          enter(nb);
          bindArgs(n.regions[0], args);
          SmallVector<Value> res;
          ok = ok && emitRegion(n.regions[0], {}, res, error);
          Value c = ok ? scalarOf(l, res[0])
                       : b.create<arith::ConstantIntOp>(l, 0, 1).getResult();
          b.create<scf::ConditionOp>(l, c, args);
        },
        [&](OpBuilder &nb, Location l, ValueRange args) {
          OpBuilder::InsertionGuard guard(b);
          enter(nb);
          bindArgs(n.regions[1], args);
          SmallVector<Value> res;
          ok = ok && emitRegion(n.regions[1], types, res, error);
          if (ok && writes)
            keepWrites(l, n.regions[1], res, 0);
          b.create<scf::YieldOp>(l, ok ? ValueRange(res) : args);
        });
    if (ok && writes)
      stopOnFailure(result, id);
  } else if (n.op == "For") {
    // for iv in range(start, limit, delta): scf.for over its trip count.
    auto i64 = b.getI64Type();
    const graph::Region &body = g.regions[n.regions[0]];
    auto ivType = tensorType(g.nodes[body.args[0]].outputs[0]);
    SmallVector<Value> inits;
    for (size_t k = 0; k < types.size(); ++k)
      inits.push_back(castTo(loc, input(n, 3 + k), types[k]));
    // The body, given the loop variable and the state.
    auto emitBodyAt = [&](Location l, Value iv, ValueRange args,
                          SmallVector<Value> &res) {
      values[key({body.args[0], 0})] =
          b.create<tensor::FromElementsOp>(l, ivType, ValueRange{iv});
      for (size_t j = 0; j < args.size(); ++j)
        values[key({body.args[j + 1], 0})] = args[j];
      size_t first = res.size();
      ok = ok && emitRegion(n.regions[0], types, res, error);
      if (ok && writes)
        keepWrites(l, n.regions[0], res, first);
    };
    if (isa<FloatType>(ivType.getElementType()))
      return emitFloatFor(n, id, types, inits, emitBodyAt, ok, writes);
    auto wide = [&](Value t) -> Value {
      Value s = scalarOf(loc, t);
      return s.getType() == i64 ? s : b.create<arith::ExtSIOp>(loc, i64, s);
    };
    Value start = wide(input(n, 0)), limit = wide(input(n, 1)),
          delta = wide(input(n, 2));
    Value ub = b.create<arith::IndexCastOp>(
        loc, b.getIndexType(), tripCount(loc, start, limit, delta));
    Value lb = b.create<arith::ConstantIndexOp>(loc, 0);
    Value step = b.create<arith::ConstantIndexOp>(loc, 1);
    // The body, given the iteration number and the state.
    auto emitBody = [&](Location l, Value k, ValueRange args,
                        SmallVector<Value> &res) {
      Value k64 = b.create<arith::IndexCastOp>(l, i64, k);
      Value iv = b.create<arith::AddIOp>(
          l, start, b.create<arith::MulIOp>(l, k64, delta));
      if (ivType.getElementType() != i64)
        iv = b.create<arith::TruncIOp>(l, ivType.getElementType(), iv);
      emitBodyAt(l, iv, args, res);
    };
    // State whose shape may change between iterations (a shape invariant,
    // a growing TensorArray) goes through scf.while: scf.for's
    // canonicalization would pin it to the initial value's shape once that
    // folds to a static one (a buffer of 0 rows, say).
    bool relaxed = false;
    for (size_t k = 0; k < types.size(); ++k)
      relaxed |= input(n, 3 + k).getType() != types[k] ||
                 !cast<RankedTensorType>(types[k]).hasStaticShape();
    if (!relaxed) {
      auto loop = b.create<scf::ForOp>(
          loc, lb, ub, step, inits,
          [&](OpBuilder &nb, Location l, Value k, ValueRange args) {
            OpBuilder::InsertionGuard guard(b);
            enter(nb);
            SmallVector<Value> res;
            emitBody(l, k, args, res);
            b.create<scf::YieldOp>(l, ok ? ValueRange(res) : args);
          });
      if (!ok)
        return false;
      // (An scf.while when it has to be able to stop: its results then
      // start with the iteration count.)
      Operation *stoppable = writes ? stopOnFailure(loop, id) : loop;
      size_t first = stoppable->getNumResults() - types.size();
      for (size_t k = 0; k < types.size(); ++k)
        values[key({id, static_cast<int>(k)})] =
            stoppable->getResult(first + k);
      return true;
    } else {
      SmallVector<Type> stateTypes{b.getIndexType()};
      stateTypes.append(types.begin(), types.end());
      SmallVector<Value> state{lb};
      state.append(inits.begin(), inits.end());
      auto loop = b.create<scf::WhileOp>(
          loc, TypeRange(stateTypes), state,
          [&](OpBuilder &nb, Location l, ValueRange args) {
            Value more = nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::slt,
                                                  args[0], ub);
            nb.create<scf::ConditionOp>(l, more, args);
          },
          [&](OpBuilder &nb, Location l, ValueRange args) {
            OpBuilder::InsertionGuard guard(b);
            enter(nb);
            SmallVector<Value> res{
                b.create<arith::AddIOp>(l, args[0], step).getResult()};
            emitBody(l, args[0], args.drop_front(), res);
            b.create<scf::YieldOp>(l, ok ? ValueRange(res) : args);
          });
      if (!ok)
        return false;
      if (writes)
        stopOnFailure(loop, id);
      for (size_t k = 0; k < types.size(); ++k)
        values[key({id, static_cast<int>(k)})] = loop.getResult(k + 1);
      return true;
    }
  } else if (n.op == "ReduceDataset") {
    // The pipeline lives in the interpreter: `kiln run` pulls its elements
    // on the host (StagedGraph.cpp); compiled code has none to pull.
    error = "kiln cannot compile a loop over a tf.data dataset into "
            "native code yet (kiln run runs it): iterate the dataset outside "
            "the function and pass each element to it";
    return false;
  } else {
    error = "kiln cannot compile the control-flow op '" + n.op + "' yet";
    return false;
  }
  if (!ok)
    return false;
  for (size_t k = 0; k < types.size(); ++k)
    values[key({id, static_cast<int>(k)})] = result->getResult(k);
  return true;
}

bool usesAvx2Orders(const CompileOptions &options) {
  static const bool hostAvx512 = eigen::hostHasAvx512();
  return options.target == "cpu" && !hostAvx512;
}

bool emitKilnFunction(
    ModuleOp module, const graph::Graph &graph, const CompileOptions &options,
    std::string &error,
    std::vector<std::pair<int64_t, hostcalls::Spec>> *hostSpecs,
    SourceLoc *errorLoc) {
  eigen::declareX86Helpers(module);
  // Grappler's rewrites that reshape the graph come first; the emitter
  // reproduces the others as it goes.
  graph::Graph optimized = graph;
  dropAdditiveZeros(optimized);
  bypassTrivialNodes(optimized);
  eliminateCommonSubexpressions(optimized);
  fuseLogSoftmax(optimized);
  if (optimized.constantFolding) {
    pushDownConstants(optimized);
    foldScalesIntoConv(optimized);
  }
  Emitter emitter(module, optimized, options.fileName, hostSpecs,
                  usesAvx2Orders(options));
  if (emitter.run(error))
    return true;
  SourceLoc where = emitter.errorLoc();
  if (errorLoc)
    *errorLoc = where;
  else if (where.valid())
    error = "line " + std::to_string(where.line) + ": " + error;
  return false;
}

} // namespace kiln
