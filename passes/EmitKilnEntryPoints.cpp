// Adds `kiln_entry_<name>(void **args)` around each `_mlir_ciface_<name>`,
// giving every compiled concrete function one calling convention.
#include "passes/EigenMath.h"
#include "passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace kiln {
#define GEN_PASS_DEF_EMITKILNENTRYPOINTS
#include "passes/Passes.h.inc"
} // namespace kiln

using namespace mlir;

namespace {

struct EmitKilnEntryPoints
    : kiln::impl::EmitKilnEntryPointsBase<EmitKilnEntryPoints> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    kiln::eigen::defineX86Helpers(module);
    auto ptrType = LLVM::LLVMPointerType::get(ctx);
    auto voidType = LLVM::LLVMVoidType::get(ctx);
    OpBuilder b(ctx);
    for (auto ciface : llvm::to_vector(module.getOps<LLVM::LLVMFuncOp>())) {
      StringRef name = ciface.getName();
      if (!name.consume_front("_mlir_ciface_") || ciface.isExternal())
        continue;
      auto target = module.lookupSymbol<LLVM::LLVMFuncOp>(name);
      if (!target)
        continue;
      // Without results the C interface has no result pointer, but the
      // packed array still starts with (an unused) one.
      bool hasResults =
          !isa<LLVM::LLVMVoidType>(target.getFunctionType().getReturnType());
      Location loc = ciface.getLoc();
      b.setInsertionPointToEnd(module.getBody());
      auto entry = b.create<LLVM::LLVMFuncOp>(
          loc, ("kiln_entry_" + name).str(),
          LLVM::LLVMFunctionType::get(voidType, {ptrType}));
      Block *block = entry.addEntryBlock(b);
      b.setInsertionPointToStart(block);
      SmallVector<Value> args;
      unsigned first = hasResults ? 0 : 1;
      for (unsigned i = 0; i < ciface.getNumArguments(); ++i) {
        Value slot = b.create<LLVM::GEPOp>(
            loc, ptrType, ptrType, block->getArgument(0),
            ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(first + i)});
        args.push_back(b.create<LLVM::LoadOp>(loc, ptrType, slot));
      }
      b.create<LLVM::CallOp>(loc, ciface, args);
      b.create<LLVM::ReturnOp>(loc, ValueRange{});
    }
  }
};

} // namespace
