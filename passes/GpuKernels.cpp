// The cuda target's own passes (Passes.td): constant buffers copied where a
// kernel can read them, parallel loops split into blocks and threads, and
// the outlined kernels gathered into one gpu.module.
#include "passes/EigenMath.h"
#include "passes/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

namespace kiln {
#define GEN_PASS_DEF_GPUSTAGECONSTANTS
#define GEN_PASS_DEF_GPUTILELOOPS
#define GEN_PASS_DEF_GPUMERGEKERNELS
#include "passes/Passes.h.inc"
} // namespace kiln

using namespace mlir;

namespace {

struct GpuStageConstants
    : kiln::impl::GpuStageConstantsBase<GpuStageConstants> {
  void runOnOperation() override {
    OpBuilder b(&getContext());
    getOperation().walk([&](memref::GetGlobalOp global) {
      auto type = global.getType();
      if (!type.getLayout().isIdentity() || global->use_empty())
        return;
      b.setInsertionPointAfter(global);
      Value staged = b.create<memref::AllocOp>(global.getLoc(), type);
      auto copy =
          b.create<memref::CopyOp>(global.getLoc(), global.getResult(), staged);
      global.getResult().replaceAllUsesExcept(staged, copy);
    });
  }
};

struct GpuTileLoops : kiln::impl::GpuTileLoopsBase<GpuTileLoops> {
  using GpuTileLoopsBase::GpuTileLoopsBase;

  void runOnOperation() override {
    SmallVector<scf::ParallelOp> outermost;
    getOperation().walk([&](scf::ParallelOp loop) {
      if (!loop->getParentOfType<scf::ParallelOp>())
        outermost.push_back(loop);
    });
    for (scf::ParallelOp loop : outermost) {
      SmallVector<int64_t> sizes(loop.getNumLoops(), 1);
      int64_t inner = threads;
      unsigned last = loop.getNumLoops() - 1;
      auto lower = getConstantIntValue(loop.getLowerBound()[last]);
      auto upper = getConstantIntValue(loop.getUpperBound()[last]);
      auto step = getConstantIntValue(loop.getStep()[last]);
      if (lower && upper && step && *step > 0)
        inner = std::min(inner, std::max<int64_t>(
                                    1, (*upper - *lower + *step - 1) / *step));
      sizes[last] = inner;
      scf::tileParallelLoop(loop, sizes, /*noMinMaxBounds=*/true);
    }
  }
};

/// The exact operation for a call of one of kiln's x86 approximation
/// helpers, or null for another callee.
Value exactHelper(OpBuilder &b, func::CallOp call) {
  Location loc = call.getLoc();
  Value x = call.getOperands().front();
  if (call.getCallee() == kiln::eigen::kRcpHelper)
    return b.create<arith::DivFOp>(
        loc, b.create<arith::ConstantOp>(loc, b.getF32FloatAttr(1)), x);
  if (call.getCallee() == kiln::eigen::kRsqrtHelper)
    return b.create<math::RsqrtOp>(loc, x);
  return nullptr;
}

struct GpuMergeKernels : kiln::impl::GpuMergeKernelsBase<GpuMergeKernels> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    auto modules = llvm::to_vector(module.getOps<gpu::GPUModuleOp>());
    if (modules.empty())
      return;
    // Kernels first: each takes its old module's (unique) name.
    gpu::GPUModuleOp merged = modules.front();
    StringAttr mergedName = merged.getSymNameAttr();
    SymbolTable mergedSymbols(merged);
    // Before gpu.module_end, which must stay last.
    auto end = [&] {
      Block *body = merged.getBody();
      return body->mightHaveTerminator() ? Block::iterator(body->getTerminator())
                                         : body->end();
    };
    llvm::StringMap<StringAttr> renamed; // "module::kernel" -> new name
    for (gpu::GPUModuleOp from : modules) {
      for (auto kernel : llvm::to_vector(from.getOps<gpu::GPUFuncOp>())) {
        std::string key =
            (from.getSymName() + "::" + kernel.getName()).str();
        StringAttr name = from.getSymNameAttr();
        if (from != merged) {
          kernel->remove();
          kernel.setName(name);
          mergedSymbols.insert(kernel, end());
        } else if (kernel.getNameAttr() != name) {
          if (failed(mergedSymbols.rename(kernel, name))) {
            kernel.emitOpError("cannot be renamed");
            return signalPassFailure();
          }
        }
        renamed[key] = kernel.getNameAttr();
      }
      // The functions outlining copied in beside the kernels: once.
      for (Operation &op : llvm::make_early_inc_range(from.getOps())) {
        if (from == merged || isa<gpu::GPUFuncOp>(op) ||
            op.hasTrait<OpTrait::IsTerminator>())
          continue;
        auto symbol = dyn_cast<SymbolOpInterface>(op);
        if (symbol && mergedSymbols.lookup(symbol.getNameAttr()))
          continue;
        op.remove();
        mergedSymbols.insert(&op, end());
      }
    }
    for (gpu::GPUModuleOp from : modules)
      if (from != merged)
        from.erase();
    module.walk([&](gpu::LaunchFuncOp launch) {
      SymbolRefAttr kernel = launch.getKernel();
      std::string key =
          (kernel.getRootReference().getValue() + "::" +
           kernel.getLeafReference().getValue())
              .str();
      auto it = renamed.find(key);
      if (it == renamed.end())
        return;
      launch->setAttr(launch.getKernelAttrName(),
                      SymbolRefAttr::get(mergedName, {FlatSymbolRefAttr::get(
                                                         it->second)}));
    });
    // The GPU computes reciprocals and square roots itself; any other call
    // out of a kernel has nothing to call on the device.
    OpBuilder b(ctx);
    bool failed = false;
    merged.walk([&](func::CallOp call) {
      b.setInsertionPoint(call);
      if (Value exact = exactHelper(b, call)) {
        call.getResult(0).replaceAllUsesWith(exact);
        call.erase();
        return;
      }
      auto callee = mergedSymbols.lookup<func::FuncOp>(call.getCallee());
      if (!callee || callee.isExternal()) {
        call.emitError() << "the cuda target cannot call '"
                         << call.getCallee() << "' from a GPU kernel yet";
        failed = true;
      }
    });
    if (failed)
      return signalPassFailure();
    for (auto fn : llvm::to_vector(merged.getOps<func::FuncOp>()))
      if (fn.isExternal() && SymbolTable::symbolKnownUseEmpty(fn, merged))
        fn.erase();
  }
};

} // namespace
