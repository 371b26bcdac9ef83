// kiln-widen-half-floats (Passes.td): float16 and bfloat16 ops computed in
// f32 and rounded after each one, as Eigen computes them.
#include "passes/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace kiln {
#define GEN_PASS_DEF_WIDENHALFFLOATS
#include "passes/Passes.h.inc"
} // namespace kiln

using namespace mlir;

namespace {

bool isHalf(Type t) { return t.isF16() || t.isBF16(); }

/// Whether `op` computes on 16-bit floats: an arith or math op with such
/// an operand or result, other than the conversions this pass inserts,
/// constants and bitcasts. (A select is widened too: left to
/// arith-emulate-unsupported-floats, its conversions carry the `contract`
/// flag, which lets the next op's extension fold away a rounding.)
bool computesOnHalves(Operation *op) {
  StringRef dialect = op->getName().getDialectNamespace();
  if (dialect != "arith" && dialect != "math")
    return false;
  if (isa<arith::ExtFOp, arith::TruncFOp, arith::ConstantOp, arith::BitcastOp>(
          op))
    return false;
  auto anyHalf = [](TypeRange types) { return llvm::any_of(types, isHalf); };
  return anyHalf(op->getOperandTypes()) || anyHalf(op->getResultTypes());
}

struct WidenHalfFloats : kiln::impl::WidenHalfFloatsBase<WidenHalfFloats> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (computesOnHalves(op))
        ops.push_back(op);
    });
    OpBuilder b(&getContext());
    Type f32 = b.getF32Type();
    // One extension per 16-bit value, right where it is defined: a 16-bit
    // float live across blocks would make LLVM's x86 code round it again
    // through __truncsfbf2, which a library does not link.
    llvm::DenseMap<Value, Value> widened;
    auto widen = [&](Value v) {
      Value &wide = widened[v];
      if (!wide) {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointAfterValue(v);
        wide = b.create<arith::ExtFOp>(v.getLoc(), f32, v);
      }
      return wide;
    };
    // Extensions already there (kiln's lowering computes some ops in f32
    // itself) become that one too.
    SmallVector<arith::ExtFOp> extensions;
    getOperation()->walk([&](arith::ExtFOp ext) {
      if (isHalf(ext.getIn().getType()) && ext.getType().isF32())
        extensions.push_back(ext);
    });
    for (arith::ExtFOp ext : extensions) {
      ext.replaceAllUsesWith(widen(ext.getIn()));
      ext.erase();
    }
    for (Operation *op : ops) {
      b.setInsertionPoint(op);
      Location loc = op->getLoc();
      OperationState state(loc, op->getName());
      for (Value operand : op->getOperands())
        state.addOperands(isHalf(operand.getType()) ? widen(operand) : operand);
      for (Type t : op->getResultTypes())
        state.addTypes(isHalf(t) ? f32 : t);
      state.addAttributes(op->getAttrs());
      Operation *wide = b.create(state);
      for (auto [old, now] : llvm::zip(op->getResults(), wide->getResults()))
        old.replaceAllUsesWith(
            isHalf(old.getType())
                ? b.create<arith::TruncFOp>(loc, old.getType(), now).getResult()
                : now);
      op->erase();
    }
  }
};

} // namespace
