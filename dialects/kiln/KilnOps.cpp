// Verifiers, type inference and folders of the kiln ops.
#include "dialects/kiln/KilnDialect.h"

#include "mlir/Dialect/CommonFolders.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"

#include <cmath>

using namespace mlir;

namespace kiln {

FailureOr<SmallVector<int64_t>> broadcastShapes(ArrayRef<int64_t> a,
                                                ArrayRef<int64_t> b) {
  size_t rank = std::max(a.size(), b.size());
  SmallVector<int64_t> out(rank);
  for (size_t i = 0; i < rank; ++i) {
    int64_t x = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    int64_t y = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    if (x == 1)
      out[i] = y;
    else if (y == 1)
      out[i] = x;
    else if (ShapedType::isDynamic(x))
      out[i] = y; // an unknown size must match the known one at run time
    else if (ShapedType::isDynamic(y) || x == y)
      out[i] = x;
    else
      return failure();
  }
  return out;
}

} // namespace kiln

using namespace kiln;

/// Checks that `op`'s ranked result type agrees with the shape its operands
/// imply: the same rank, and equal sizes wherever both are static (a dynamic
/// size on either side is settled at run time).
static LogicalResult verifyResultShape(Operation *op, RankedTensorType result,
                                       ArrayRef<int64_t> expected) {
  if (result.getRank() != static_cast<int64_t>(expected.size()))
    return op->emitOpError("result rank ")
           << result.getRank() << " does not match the expected "
           << expected.size();
  for (size_t i = 0; i < expected.size(); ++i) {
    int64_t got = result.getDimSize(i);
    if (!ShapedType::isDynamic(got) && !ShapedType::isDynamic(expected[i]) &&
        got != expected[i])
      return op->emitOpError("result dimension ")
             << i << " is " << got << " but the operands give " << expected[i];
  }
  return success();
}

static std::string shapeText(ArrayRef<int64_t> shape) {
  std::string out = "[";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i)
      out += ",";
    out += ShapedType::isDynamic(shape[i]) ? "?" : std::to_string(shape[i]);
  }
  return out + "]";
}

/// Result type of an elementwise binary op: the broadcast shape with the
/// operands' element type, or i1 for comparisons.
static LogicalResult inferBinary(MLIRContext *context,
                                 std::optional<Location> location,
                                 ValueRange operands, bool isCompare,
                                 SmallVectorImpl<Type> &inferred) {
  auto lhs = dyn_cast<RankedTensorType>(operands[0].getType());
  auto rhs = dyn_cast<RankedTensorType>(operands[1].getType());
  if (!lhs || !rhs)
    return emitOptionalError(location, "operands must be ranked tensors");
  auto shape = broadcastShapes(lhs.getShape(), rhs.getShape());
  if (failed(shape))
    return emitOptionalError(location,
                             "incompatible shapes: ", shapeText(lhs.getShape()),
                             " vs. ", shapeText(rhs.getShape()));
  Type element =
      isCompare ? IntegerType::get(context, 1) : lhs.getElementType();
  inferred.push_back(RankedTensorType::get(*shape, element));
  return success();
}

static LogicalResult verifyBinary(Operation *op) {
  auto lhs = cast<RankedTensorType>(op->getOperand(0).getType());
  auto rhs = cast<RankedTensorType>(op->getOperand(1).getType());
  if (lhs.getElementType() != rhs.getElementType())
    return op->emitOpError("operands have different element types: ")
           << lhs.getElementType() << " and " << rhs.getElementType();
  // Bools, and integers for the bitwise masks codegen builds (uint8 casts).
  if (isa<LogicalAndOp, LogicalOrOp>(op) &&
      !isa<IntegerType>(lhs.getElementType()))
    return op->emitOpError("needs bool or integer operands, not ")
           << lhs.getElementType();
  if (auto shift = dyn_cast<ShiftOp>(op)) {
    if (!isa<IntegerType>(lhs.getElementType()) ||
        lhs.getElementType().isInteger(1))
      return op->emitOpError("needs integer operands, not ")
             << lhs.getElementType();
    StringRef kind = shift.getKind();
    if (kind != "left" && kind != "right_arithmetic" && kind != "right_logical")
      return op->emitOpError("unknown shift kind '") << kind << "'";
  }
  return success();
}

#define KILN_BINARY_OP(Op, IsCompare)                                          \
  LogicalResult Op::inferReturnTypes(                                          \
      MLIRContext *context, std::optional<Location> location,                  \
      ValueRange operands, DictionaryAttr, OpaqueProperties, RegionRange,      \
      SmallVectorImpl<Type> &inferred) {                                       \
    return inferBinary(context, location, operands, IsCompare, inferred);      \
  }                                                                            \
  LogicalResult Op::verify() { return verifyBinary(*this); }

KILN_BINARY_OP(AddOp, false)
KILN_BINARY_OP(SubOp, false)
KILN_BINARY_OP(MulOp, false)
KILN_BINARY_OP(DivOp, false)
KILN_BINARY_OP(FloorDivOp, false)
KILN_BINARY_OP(FloorModOp, false)
KILN_BINARY_OP(PowOp, false)
KILN_BINARY_OP(MaximumOp, false)
KILN_BINARY_OP(MinimumOp, false)
KILN_BINARY_OP(Atan2Op, false)
KILN_BINARY_OP(LogicalAndOp, false)
KILN_BINARY_OP(LogicalOrOp, false)
KILN_BINARY_OP(ShiftOp, false)

LogicalResult CompareOp::inferReturnTypes(MLIRContext *context,
                                          std::optional<Location> location,
                                          ValueRange operands, DictionaryAttr,
                                          OpaqueProperties, RegionRange,
                                          SmallVectorImpl<Type> &inferred) {
  return inferBinary(context, location, operands, /*isCompare=*/true, inferred);
}

LogicalResult CompareOp::verify() {
  static const char *predicates[] = {"eq", "ne", "lt", "le", "gt", "ge"};
  if (!llvm::is_contained(predicates, getPredicate()))
    return emitOpError("unknown predicate '") << getPredicate() << "'";
  return verifyBinary(*this);
}

//===----------------------------------------------------------------------===//
// Folders
//===----------------------------------------------------------------------===//

LogicalResult
ConstantOp::inferReturnTypes(MLIRContext *, std::optional<Location>, ValueRange,
                             DictionaryAttr attrs, OpaqueProperties properties,
                             RegionRange, SmallVectorImpl<Type> &inferred) {
  auto *props = properties.as<Properties *>();
  if (!props || !props->value)
    return failure();
  inferred.push_back(props->value.getType());
  return success();
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

/// Lets folders produce constants: canonicalization materializes them as
/// kiln.constant.
Operation *KilnDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return builder.create<ConstantOp>(loc, elements);
}

OpFoldResult IdentityOp::fold(FoldAdaptor) { return getInput(); }

/// Folds a float binary op over two constants of the result's shape.
template <typename Fn>
static OpFoldResult foldFloat(Operation *op, ArrayRef<Attribute> operands,
                              Fn fn) {
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  if (!isa<FloatType>(type.getElementType()))
    return {};
  for (Attribute a : operands)
    if (!a || cast<TypedAttr>(a).getType() != type)
      return {};
  return constFoldBinaryOp<FloatAttr, APFloat, void>(
      operands,
      [&](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        return fn(a, b);
      });
}

/// Folds an integer binary op over two constants of the result's shape.
template <typename Fn>
static OpFoldResult foldInt(Operation *op, ArrayRef<Attribute> operands,
                            Fn fn) {
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  if (!isa<IntegerType>(type.getElementType()))
    return {};
  for (Attribute a : operands)
    if (!a || cast<TypedAttr>(a).getType() != type)
      return {};
  return constFoldBinaryOp<IntegerAttr, APInt, void>(
      operands, [&](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return fn(a, b);
      });
}

/// `x op c` folds to x when c is a splat of the op's identity element and
/// the shapes agree.
static bool isSplatOf(Attribute attr, double value, Type resultType) {
  auto dense = dyn_cast_or_null<DenseElementsAttr>(attr);
  if (!dense || !dense.isSplat() || dense.getType() != resultType)
    return false;
  if (isa<FloatType>(dense.getElementType()))
    return dense.getSplatValue<APFloat>().convertToDouble() == value;
  if (dense.getElementType().isInteger(1))
    return false;
  return dense.getSplatValue<APInt>().getSExtValue() ==
         static_cast<int64_t>(value);
}

OpFoldResult AddOp::fold(FoldAdaptor adaptor) {
  if (isSplatOf(adaptor.getRhs(), 0, getType()) &&
      getLhs().getType() == getType())
    return getLhs();
  if (auto r = foldFloat(*this, adaptor.getOperands(),
                         [](APFloat a, const APFloat &b) {
                           a.add(b, APFloat::rmNearestTiesToEven);
                           return a;
                         }))
    return r;
  return foldInt(*this, adaptor.getOperands(),
                 [](const APInt &a, const APInt &b) { return a + b; });
}

OpFoldResult SubOp::fold(FoldAdaptor adaptor) {
  if (isSplatOf(adaptor.getRhs(), 0, getType()) &&
      getLhs().getType() == getType())
    return getLhs();
  if (auto r = foldFloat(*this, adaptor.getOperands(),
                         [](APFloat a, const APFloat &b) {
                           a.subtract(b, APFloat::rmNearestTiesToEven);
                           return a;
                         }))
    return r;
  return foldInt(*this, adaptor.getOperands(),
                 [](const APInt &a, const APInt &b) { return a - b; });
}

OpFoldResult MulOp::fold(FoldAdaptor adaptor) {
  if (isSplatOf(adaptor.getRhs(), 1, getType()) &&
      getLhs().getType() == getType())
    return getLhs();
  if (auto r = foldFloat(*this, adaptor.getOperands(),
                         [](APFloat a, const APFloat &b) {
                           a.multiply(b, APFloat::rmNearestTiesToEven);
                           return a;
                         }))
    return r;
  return foldInt(*this, adaptor.getOperands(),
                 [](const APInt &a, const APInt &b) { return a * b; });
}

OpFoldResult DivOp::fold(FoldAdaptor adaptor) {
  if (isSplatOf(adaptor.getRhs(), 1, getType()) &&
      getLhs().getType() == getType())
    return getLhs();
  return foldFloat(*this, adaptor.getOperands(),
                   [](APFloat a, const APFloat &b) {
                     a.divide(b, APFloat::rmNearestTiesToEven);
                     return a;
                   });
}

OpFoldResult FloorDivOp::fold(FoldAdaptor) { return {}; }
OpFoldResult FloorModOp::fold(FoldAdaptor) { return {}; }
OpFoldResult PowOp::fold(FoldAdaptor adaptor) {
  if (isSplatOf(adaptor.getRhs(), 1, getType()) &&
      getLhs().getType() == getType())
    return getLhs();
  return {};
}
OpFoldResult MaximumOp::fold(FoldAdaptor) {
  return getLhs() == getRhs() ? OpFoldResult(getLhs()) : OpFoldResult();
}
OpFoldResult MinimumOp::fold(FoldAdaptor) {
  return getLhs() == getRhs() ? OpFoldResult(getLhs()) : OpFoldResult();
}
OpFoldResult Atan2Op::fold(FoldAdaptor) { return {}; }
OpFoldResult LogicalAndOp::fold(FoldAdaptor) {
  return getLhs() == getRhs() ? OpFoldResult(getLhs()) : OpFoldResult();
}
OpFoldResult LogicalOrOp::fold(FoldAdaptor) {
  return getLhs() == getRhs() ? OpFoldResult(getLhs()) : OpFoldResult();
}

OpFoldResult CastOp::fold(FoldAdaptor) {
  if (getInput().getType() == getType())
    return getInput();
  return {};
}

OpFoldResult ReshapeOp::fold(FoldAdaptor) {
  if (getInput().getType() == getType() && getType().hasStaticShape())
    return getInput();
  return {};
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

LogicalResult UnaryOp::verify() {
  static const char *fns[] = {
      "neg",  "abs",    "sign",       "sqrt",  "rsqrt", "exp",
      "log",  "log1p",  "sin",        "cos",   "tanh",  "sigmoid",
      "relu", "square", "floor",      "ceil",  "round", "logical_not",
      "erf",  "expm1",  "reciprocal", "tan",   "asin",  "acos",
      "atan", "sinh",   "cosh",       "asinh", "acosh", "atanh",
      "erfc", "lgamma", "digamma"};
  if (!llvm::is_contained(fns, getFn()))
    return emitOpError("unknown function '") << getFn() << "'";
  Type element = getType().getElementType();
  static const char *floatOnly[] = {
      "sqrt",       "rsqrt",   "exp",   "log",  "log1p",  "sin",    "cos",
      "tanh",       "sigmoid", "floor", "ceil", "round",  "erf",    "expm1",
      "reciprocal", "tan",     "asin",  "acos", "atan",   "sinh",   "cosh",
      "asinh",      "acosh",   "atanh", "erfc", "lgamma", "digamma"};
  if (llvm::is_contained(floatOnly, getFn()) && !isa<FloatType>(element))
    return emitOpError("'")
           << getFn() << "' needs a floating-point tensor, not " << getType();
  if (getFn() == "logical_not" && !element.isInteger(1))
    return emitOpError("'logical_not' needs a bool (i1) tensor");
  return success();
}

LogicalResult SelectOp::verify() {
  if (getOnTrue().getType().getElementType() !=
      getOnFalse().getType().getElementType())
    return emitOpError("branches have different element types");
  auto shape = broadcastShapes(getOnTrue().getType().getShape(),
                               getOnFalse().getType().getShape());
  if (succeeded(shape))
    shape = broadcastShapes(*shape, getCondition().getType().getShape());
  if (failed(shape))
    return emitOpError("condition and branches do not broadcast");
  if (getType().getElementType() != getOnTrue().getType().getElementType())
    return emitOpError("result element type differs from the branches'");
  return verifyResultShape(*this, getType(), *shape);
}

LogicalResult MatMulOp::verify() {
  auto lhs = getLhs().getType(), rhs = getRhs().getType();
  if (lhs.getRank() < 2 || rhs.getRank() < 2)
    return emitOpError("operands must have rank 2 or more");
  if (lhs.getElementType() != rhs.getElementType())
    return emitOpError("operands have different element types: ")
           << lhs.getElementType() << " and " << rhs.getElementType();
  int64_t k1 = lhs.getShape().back();
  int64_t k2 = rhs.getShape()[rhs.getRank() - 2];
  if (!ShapedType::isDynamic(k1) && !ShapedType::isDynamic(k2) && k1 != k2)
    return emitOpError("contracting dimensions differ: ")
           << k1 << " vs. " << k2;
  if (getType().getElementType() != lhs.getElementType())
    return emitOpError("result element type differs from the operands'");
  auto shape =
      broadcastShapes(lhs.getShape().drop_back(2), rhs.getShape().drop_back(2));
  if (failed(shape))
    return emitOpError("batch dimensions do not broadcast");
  shape->push_back(lhs.getShape()[lhs.getRank() - 2]);
  shape->push_back(rhs.getShape().back());
  return verifyResultShape(*this, getType(), *shape);
}

LogicalResult ReduceOp::verify() {
  static const char *kinds[] = {"sum",  "mean", "max", "min",
                                "prod", "any",  "all"};
  if (!llvm::is_contained(kinds, getKind()))
    return emitOpError("unknown reduction '") << getKind() << "'";
  int64_t rank = getInput().getType().getRank();
  int64_t previous = -1;
  for (int64_t axis : getAxes()) {
    if (axis < 0 || axis >= rank)
      return emitOpError("axis ") << axis << " out of range for rank " << rank;
    if (axis <= previous)
      return emitOpError("axes must be sorted and unique");
    previous = axis;
  }
  int64_t expected = getKeepdims() ? rank : rank - getAxes().size();
  if (getType().getRank() != expected)
    return emitOpError("result rank ")
           << getType().getRank() << " does not match " << expected;
  Type element = getInput().getType().getElementType();
  if (getType().getElementType() != element)
    return emitOpError("result element type differs from the input's");
  if ((getKind() == "any" || getKind() == "all") && !element.isInteger(1))
    return emitOpError("'") << getKind() << "' needs a bool (i1) tensor";
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d) {
    if (!llvm::is_contained(getAxes(), d))
      shape.push_back(getInput().getType().getDimSize(d));
    else if (getKeepdims())
      shape.push_back(1);
  }
  return verifyResultShape(*this, getType(), shape);
}

LogicalResult ArgReduceOp::verify() {
  if (getKind() != "max" && getKind() != "min")
    return emitOpError("kind must be 'max' or 'min'");
  int64_t rank = getInput().getType().getRank();
  int64_t axis = static_cast<int64_t>(getAxis());
  if (axis < 0 || axis >= rank)
    return emitOpError("axis ") << axis << " out of range for rank " << rank;
  if (getType().getRank() != rank - 1)
    return emitOpError("result must drop the reduced axis");
  SmallVector<int64_t> shape(getInput().getType().getShape());
  shape.erase(shape.begin() + axis);
  return verifyResultShape(*this, getType(), shape);
}

LogicalResult ReshapeOp::verify() {
  auto in = getInput().getType(), out = getType();
  if (in.getElementType() != out.getElementType())
    return emitOpError("element types differ");
  if (in.hasStaticShape() && out.hasStaticShape() &&
      in.getNumElements() != out.getNumElements())
    return emitOpError("cannot reshape ")
           << in.getNumElements() << " elements into " << out;
  if (llvm::count_if(out.getShape(), ShapedType::isDynamic) > 1)
    return emitOpError("at most one result dimension may be dynamic");
  return success();
}

LogicalResult TransposeOp::verify() {
  auto in = getInput().getType();
  ArrayRef<int64_t> perm = getPerm();
  if (static_cast<int64_t>(perm.size()) != in.getRank())
    return emitOpError("perm has ")
           << perm.size() << " entries for rank " << in.getRank();
  if (getType().getRank() != in.getRank())
    return emitOpError("result rank must equal the input rank");
  SmallVector<bool> seen(perm.size());
  for (int64_t p : perm) {
    if (p < 0 || p >= in.getRank() || seen[p])
      return emitOpError("perm is not a permutation");
    seen[p] = true;
  }
  for (size_t i = 0; i < perm.size(); ++i)
    if (getType().getShape()[i] != in.getShape()[perm[i]])
      return emitOpError("result shape does not match the permutation");
  if (getType().getElementType() != in.getElementType())
    return emitOpError("result element type differs from the input's");
  return success();
}

LogicalResult SliceOp::verify() {
  int64_t rank = getInput().getType().getRank();
  if (static_cast<int64_t>(getOffsets().size()) != rank ||
      static_cast<int64_t>(getSizes().size()) != rank ||
      static_cast<int64_t>(getStrides().size()) != rank)
    return emitOpError("needs one offset, size and stride per dimension");
  if (getType().getRank() != rank)
    return emitOpError("result rank must equal the input rank");
  if (getType().getElementType() != getInput().getType().getElementType())
    return emitOpError("result element type differs from the input's");
  for (int64_t i = 0; i < rank; ++i) {
    int64_t offset = getOffsets()[i], size = getSizes()[i];
    int64_t stride = getStrides()[i];
    int64_t dim = getInput().getType().getDimSize(i);
    if (stride <= 0)
      return emitOpError("strides must be positive");
    if (offset < 0)
      return emitOpError("offset ") << offset << " is negative";
    // A size of -1 stands for the whole dimension, read from 0 step by 1.
    if (size < 0 && (offset != 0 || stride != 1))
      return emitOpError("a whole-dimension slice (size -1) must have offset "
                         "0 and stride 1");
    if (size > 0 && !ShapedType::isDynamic(dim) &&
        offset + (size - 1) * stride >= dim)
      return emitOpError("dimension ")
             << i << " reads index " << offset + (size - 1) * stride
             << " of a dimension of size " << dim;
    int64_t expected = size < 0 ? dim : size;
    if (getType().getDimSize(i) != expected)
      return emitOpError("result dimension ")
             << i << " does not match the slice";
  }
  return success();
}

LogicalResult ConcatOp::verify() {
  if (getInputs().empty())
    return emitOpError("needs at least one input");
  auto first = cast<RankedTensorType>(getInputs()[0].getType());
  int64_t rank = first.getRank();
  int64_t axis = static_cast<int64_t>(getAxis());
  if (axis < 0 || axis >= rank)
    return emitOpError("axis out of range");
  if (getType().getRank() != rank)
    return emitOpError("result rank must equal the inputs' rank");
  for (Value v : getInputs()) {
    auto t = cast<RankedTensorType>(v.getType());
    if (t.getRank() != rank || t.getElementType() != first.getElementType())
      return emitOpError("inputs must share rank and element type");
  }
  if (getType().getElementType() != first.getElementType())
    return emitOpError("result element type differs from the inputs'");
  // Non-axis sizes agree with the first known one; the axis sizes add up.
  SmallVector<int64_t> shape(first.getShape());
  shape[axis] = 0;
  for (Value v : getInputs()) {
    auto t = cast<RankedTensorType>(v.getType());
    for (int64_t d = 0; d < rank; ++d) {
      int64_t size = t.getDimSize(d);
      if (d == axis) {
        shape[d] =
            ShapedType::isDynamic(size) || ShapedType::isDynamic(shape[d])
                ? ShapedType::kDynamic
                : shape[d] + size;
      } else if (ShapedType::isDynamic(shape[d])) {
        shape[d] = size;
      } else if (!ShapedType::isDynamic(size) && size != shape[d]) {
        return emitOpError("inputs differ in dimension ")
               << d << ": " << shape[d] << " vs. " << size;
      }
    }
  }
  return verifyResultShape(*this, getType(), shape);
}

LogicalResult PrintOp::verify() {
  size_t placeholders = llvm::count_if(getFormat(), [](Attribute a) {
    return cast<StringAttr>(a).getValue() == "{}";
  });
  if (placeholders != getInputs().size())
    return emitOpError("format has ")
           << placeholders << " \"{}\" placeholders for " << getInputs().size()
           << " tensor operands";
  return success();
}

#define GET_OP_CLASSES
#include "dialects/kiln/KilnOps.cpp.inc"
