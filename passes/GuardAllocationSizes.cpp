// kiln-guard-allocation-sizes (Passes.td): an allocation whose byte size
// does not fit in 63 bits fails as out of memory instead of wrapping.
#include "passes/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

#include <limits>

namespace kiln {
#define GEN_PASS_DEF_GUARDALLOCATIONSIZES
#include "passes/Passes.h.inc"
} // namespace kiln

using namespace mlir;

namespace {

constexpr int64_t kMaxBytes = std::numeric_limits<int64_t>::max();

/// The bytes of one element and all static dimensions of `type`, or -1
/// when kiln does not allocate such elements or the product overflows (the
/// tracer refuses shapes whose static part overflows, TfRuntime::applyOp).
int64_t staticBytes(MemRefType type) {
  Type element = type.getElementType();
  if (!element.isIntOrFloat())
    return -1;
  int64_t bytes = (element.getIntOrFloatBitWidth() + 7) / 8;
  for (int64_t d : type.getShape())
    if (!ShapedType::isDynamic(d) && __builtin_mul_overflow(bytes, d, &bytes))
      return -1;
  return bytes;
}

/// A static allocation with no elements as a memref<0xT> reinterpreted to
/// its type (finalize-memref-to-llvm sizes it from its leading dimensions:
/// 2^33 x 0 floats would be 32 GiB).
void reinterpretEmpty(OpBuilder &b, memref::AllocOp alloc) {
  MemRefType type = alloc.getType();
  SmallVector<int64_t> strides;
  int64_t offset;
  if (type.getRank() < 2 || type.getNumElements() != 0 ||
      !type.getLayout().isIdentity() ||
      failed(getStridesAndOffset(type, strides, offset)) ||
      ShapedType::isDynamic(offset))
    return;
  b.setInsertionPoint(alloc);
  Location loc = alloc.getLoc();
  auto flat = MemRefType::get({0}, type.getElementType(), nullptr,
                              type.getMemorySpace());
  Value empty = b.create<memref::AllocOp>(loc, flat, ValueRange{},
                                          alloc.getAlignmentAttr());
  // The strides the type leaves dynamic (those past a zero dimension)
  // are operands; with no elements any value does.
  SmallVector<OpFoldResult> sizes, strideValues;
  for (int64_t d : type.getShape())
    sizes.push_back(b.getIndexAttr(d));
  for (int64_t s : strides)
    strideValues.push_back(
        ShapedType::isDynamic(s)
            ? OpFoldResult(b.create<arith::ConstantIndexOp>(loc, 0).getResult())
            : OpFoldResult(b.getIndexAttr(s)));
  Value view = b.create<memref::ReinterpretCastOp>(
      loc, type, empty, b.getIndexAttr(offset), sizes, strideValues);
  alloc.replaceAllUsesWith(view);
  alloc.erase();
}

struct GuardAllocationSizes
    : kiln::impl::GuardAllocationSizesBase<GuardAllocationSizes> {
  void runOnOperation() override {
    OpBuilder b(&getContext());
    getOperation().walk([&](memref::AllocOp alloc) {
      if (alloc.getDynamicSizes().empty()) {
        reinterpretEmpty(b, alloc);
        return;
      }
      int64_t fixed = staticBytes(alloc.getType());
      if (fixed <= 0) // unknown elements, or no bytes whatever the sizes
        return;
      b.setInsertionPoint(alloc);
      Location loc = alloc.getLoc();
      Type i64 = b.getI64Type();
      Value zero = b.create<arith::ConstantIntOp>(loc, 0, 64);
      Value bytes = b.create<arith::ConstantIntOp>(loc, fixed, 64);
      Value overflow = b.create<arith::ConstantIntOp>(loc, 0, 1);
      // The size in bytes, multiplied out in 128 bits: it overflows when
      // the high half is set or the low half passes INT64_MAX.
      for (Value size : alloc.getDynamicSizes()) {
        Value d = b.create<arith::IndexCastUIOp>(loc, i64, size);
        auto product = b.create<arith::MulUIExtendedOp>(loc, bytes, d);
        bytes = product.getLow();
        Value high = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ne,
                                             product.getHigh(), zero);
        Value negative = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt,
                                                 bytes, zero);
        overflow = b.create<arith::OrIOp>(
            loc, overflow, b.create<arith::OrIOp>(loc, high, negative));
      }
      // Then the sizes ask for about 2^63 bytes, which malloc refuses:
      // kiln's allocation function fails the call (codegen/Aot.cpp).
      SmallVector<Value> sizes(alloc.getDynamicSizes());
      for (size_t i = 0; i < sizes.size(); ++i) {
        Value failing =
            b.create<arith::ConstantIndexOp>(loc, i ? 1 : kMaxBytes / fixed);
        sizes[i] = b.create<arith::SelectOp>(loc, overflow, failing, sizes[i]);
      }
      alloc.getDynamicSizesMutable().assign(sizes);
    });
  }
};

} // namespace
