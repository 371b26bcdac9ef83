// kiln-fma-to-llvm (Passes.td): math.fma as llvm.intr.fma, not a libm call.
#include "passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace kiln {
#define GEN_PASS_DEF_FMATOLLVM
#include "passes/Passes.h.inc"
} // namespace kiln

using namespace mlir;

namespace {

struct FmaToLlvm : kiln::impl::FmaToLlvmBase<FmaToLlvm> {
  void runOnOperation() override {
    OpBuilder b(&getContext());
    getOperation().walk([&](math::FmaOp fma) {
      b.setInsertionPoint(fma);
      Value fused = b.create<LLVM::FMAOp>(fma.getLoc(), fma.getA(), fma.getB(),
                                          fma.getC());
      fma.replaceAllUsesWith(fused);
      fma.erase();
    });
  }
};

} // namespace
