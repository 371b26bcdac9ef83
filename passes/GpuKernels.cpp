// The cuda target's own passes (Passes.td, docs/cuda.md): constant buffers
// copied where a kernel can read them, buffer copies as linalg copies,
// parallel loops split into blocks and threads, launches run as host loops
// (emulation), math through libdevice, and the outlined kernels gathered
// into one gpu.module.
#include "passes/EigenMath.h"
#include "passes/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/TypeSwitch.h"

#include <numeric>

namespace kiln {
#define GEN_PASS_DEF_GPUSTAGECONSTANTS
#define GEN_PASS_DEF_GPUCOPIESTOLINALG
#define GEN_PASS_DEF_GPUTILELOOPS
#define GEN_PASS_DEF_GPULAUNCHTOLOOPS
#define GEN_PASS_DEF_GPUMATHTOLIBDEVICE
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

struct GpuCopiesToLinalg
    : kiln::impl::GpuCopiesToLinalgBase<GpuCopiesToLinalg> {
  void runOnOperation() override {
    OpBuilder b(&getContext());
    getOperation().walk([&](memref::CopyOp copy) {
      if (copy.getSource().getDefiningOp<memref::GetGlobalOp>())
        return;
      b.setInsertionPoint(copy);
      b.create<linalg::CopyOp>(copy.getLoc(), copy.getSource(),
                               copy.getTarget());
      copy.erase();
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
    IRRewriter rewriter(&getContext());
    for (scf::ParallelOp loop : outermost) {
      // The iterations, when every bound is known.
      std::optional<int64_t> count = 1;
      for (unsigned d = 0; d < loop.getNumLoops() && count; ++d) {
        auto trips =
            constantTripCount(loop.getLowerBound()[d], loop.getUpperBound()[d],
                              loop.getStep()[d]);
        count =
            trips
                ? std::optional<int64_t>(*count * std::max<int64_t>(*trips, 0))
                : std::nullopt;
      }
      // One dimension: every block gets full threads whatever the shape,
      // and the grid needs only its x size (y and z stop at 65535). The
      // collapsed loop replaces the old one in place.
      if (loop.getNumLoops() > 1) {
        Block::iterator next = std::next(loop->getIterator());
        std::vector<unsigned> all(loop.getNumLoops());
        std::iota(all.begin(), all.end(), 0u);
        rewriter.setInsertionPoint(loop);
        collapseParallelLoops(rewriter, loop, {all});
        loop = cast<scf::ParallelOp>(*std::prev(next));
      }
      int64_t size = count ? std::clamp<int64_t>(*count, 1, threads) : threads;
      scf::tileParallelLoop(loop, {size}, /*noMinMaxBounds=*/true);
    }
  }
};

struct GpuLaunchToLoops : kiln::impl::GpuLaunchToLoopsBase<GpuLaunchToLoops> {
  void runOnOperation() override {
    OpBuilder b(&getContext());
    auto result = getOperation().walk([&](gpu::LaunchOp launch) {
      if (!launch.getBody().hasOneBlock() || launch->getNumResults() != 0) {
        launch.emitOpError("cannot be emulated: more than one block");
        return WalkResult::interrupt();
      }
      Location loc = launch.getLoc();
      b.setInsertionPoint(launch);
      Value zero = b.create<arith::ConstantIndexOp>(loc, 0);
      Value one = b.create<arith::ConstantIndexOp>(loc, 1);
      gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
      gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
      // Blocks outside, threads inside: the loops' values stand for the
      // body's ids and sizes.
      IRMapping map;
      gpu::KernelDim3 blockIds = launch.getBlockIds();
      gpu::KernelDim3 threadIds = launch.getThreadIds();
      gpu::KernelDim3 gridArgs = launch.getGridSize();
      gpu::KernelDim3 blockArgs = launch.getBlockSize();
      SmallVector<Value> sizeArgs{gridArgs.x,  gridArgs.y,  gridArgs.z,
                                  blockArgs.x, blockArgs.y, blockArgs.z};
      SmallVector<Value> sizes{grid.x,  grid.y,  grid.z,
                               block.x, block.y, block.z};
      for (auto [arg, value] : llvm::zip(sizeArgs, sizes))
        map.map(arg, value);
      SmallVector<Value> ids{blockIds.z,  blockIds.y,  blockIds.x,
                             threadIds.z, threadIds.y, threadIds.x};
      SmallVector<Value> bounds{grid.z,  grid.y,  grid.x,
                                block.z, block.y, block.x};
      for (auto [id, bound] : llvm::zip(ids, bounds)) {
        auto loop = b.create<scf::ForOp>(loc, zero, bound, one);
        map.map(id, loop.getInductionVar());
        b.setInsertionPointToStart(loop.getBody());
      }
      for (Operation &op : launch.getBody().front().without_terminator())
        b.clone(op, map);
      launch.erase();
      return WalkResult::skip();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};

/// Calls libdevice's `name` (declared in `module` on first use) on `op`'s
/// operands, all of its result type, at the builder's point.
Value callLibdevice(OpBuilder &b, gpu::GPUModuleOp module, StringRef name,
                    Operation *op) {
  Type type = op->getResult(0).getType();
  auto callee = module.lookupSymbol<LLVM::LLVMFuncOp>(name);
  if (!callee) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    SmallVector<Type> params(op->getNumOperands(), type);
    callee = b.create<LLVM::LLVMFuncOp>(
        module.getLoc(), name, LLVM::LLVMFunctionType::get(type, params));
  }
  return b.create<LLVM::CallOp>(op->getLoc(), callee, op->getOperands())
      .getResult();
}

/// The libdevice function of a float math op, without the "f" of its f32
/// version; "" for the others.
llvm::StringRef libdeviceName(Operation *op) {
  return llvm::TypeSwitch<Operation *, llvm::StringRef>(op)
      .Case([](math::AbsFOp) { return "fabs"; })
      .Case([](math::AcosOp) { return "acos"; })
      .Case([](math::AcoshOp) { return "acosh"; })
      .Case([](math::AsinOp) { return "asin"; })
      .Case([](math::AsinhOp) { return "asinh"; })
      .Case([](math::Atan2Op) { return "atan2"; })
      .Case([](math::AtanOp) { return "atan"; })
      .Case([](math::AtanhOp) { return "atanh"; })
      .Case([](math::CbrtOp) { return "cbrt"; })
      .Case([](math::CeilOp) { return "ceil"; })
      .Case([](math::CopySignOp) { return "copysign"; })
      .Case([](math::CosOp) { return "cos"; })
      .Case([](math::CoshOp) { return "cosh"; })
      .Case([](math::ErfOp) { return "erf"; })
      .Case([](math::Exp2Op) { return "exp2"; })
      .Case([](math::ExpM1Op) { return "expm1"; })
      .Case([](math::ExpOp) { return "exp"; })
      .Case([](math::FloorOp) { return "floor"; })
      .Case([](math::FmaOp) { return "fma"; })
      .Case([](math::Log10Op) { return "log10"; })
      .Case([](math::Log1pOp) { return "log1p"; })
      .Case([](math::Log2Op) { return "log2"; })
      .Case([](math::LogOp) { return "log"; })
      .Case([](math::PowFOp) { return "pow"; })
      .Case([](math::RoundEvenOp) { return "rint"; })
      .Case([](math::RoundOp) { return "round"; })
      .Case([](math::RsqrtOp) { return "rsqrt"; })
      .Case([](math::SinOp) { return "sin"; })
      .Case([](math::SinhOp) { return "sinh"; })
      .Case([](math::SqrtOp) { return "sqrt"; })
      .Case([](math::TanOp) { return "tan"; })
      .Case([](math::TanhOp) { return "tanh"; })
      .Case([](math::TruncOp) { return "trunc"; })
      .Default([](Operation *) { return ""; });
}

struct GpuMathToLibdevice
    : kiln::impl::GpuMathToLibdeviceBase<GpuMathToLibdevice> {
  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    OpBuilder b(&getContext());
    module.walk([&](Operation *op) {
      llvm::StringRef base = libdeviceName(op);
      if (base.empty() || op->getNumResults() != 1)
        return;
      Type type = op->getResult(0).getType();
      if (!type.isF32() && !type.isF64())
        return; // vectors and other widths stay with the upstream lowering
      b.setInsertionPoint(op);
      // libdevice's sqrtf picks sqrt.approx unless __nvvm_reflect says
      // precise square roots, which LLVM 19's NVVMReflect does not set:
      // the correctly rounded instruction, as nvcc compiles sqrtf.
      if (isa<math::SqrtOp>(op) && type.isF32()) {
        Value root = b.create<LLVM::CallIntrinsicOp>(
                          op->getLoc(), TypeRange{type}, "llvm.nvvm.sqrt.rn.f",
                          op->getOperands())
                         .getResult(0);
        op->getResult(0).replaceAllUsesWith(root);
        op->erase();
        return;
      }
      std::string name = ("__nv_" + base + (type.isF32() ? "f" : "")).str();
      Value result = callLibdevice(b, module, name, op);
      op->getResult(0).replaceAllUsesWith(result);
      op->erase();
    });
  }
};

/// What a kernel computes for a call of one of kiln's x86 approximation
/// helpers (a division; the GPU's own reciprocal square root) or of libm's
/// lgamma (libdevice's); null for another callee.
Value deviceCall(OpBuilder &b, gpu::GPUModuleOp module, func::CallOp call) {
  Location loc = call.getLoc();
  StringRef callee = call.getCallee();
  if (call.getNumOperands() != 1 || call.getNumResults() != 1)
    return nullptr;
  Value x = call.getOperand(0);
  if (callee == kiln::eigen::kRcpHelper)
    return b.create<arith::DivFOp>(
        loc, b.create<arith::ConstantOp>(loc, b.getF32FloatAttr(1)), x);
  if (callee == kiln::eigen::kRsqrtHelper)
    return b.create<math::RsqrtOp>(loc, x);
  if (callee == "lgamma" || callee == "lgammaf")
    return callLibdevice(b, module, ("__nv_" + callee).str(), call);
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
      return body->mightHaveTerminator()
                 ? Block::iterator(body->getTerminator())
                 : body->end();
    };
    llvm::StringMap<StringAttr> renamed; // "module::kernel" -> new name
    for (gpu::GPUModuleOp from : modules) {
      for (auto kernel : llvm::to_vector(from.getOps<gpu::GPUFuncOp>())) {
        std::string key = (from.getSymName() + "::" + kernel.getName()).str();
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
      std::string key = (kernel.getRootReference().getValue() +
                         "::" + kernel.getLeafReference().getValue())
                            .str();
      auto it = renamed.find(key);
      if (it == renamed.end())
        return;
      launch->setAttr(
          launch.getKernelAttrName(),
          SymbolRefAttr::get(mergedName, {FlatSymbolRefAttr::get(it->second)}));
    });
    // The GPU computes reciprocals and square roots itself; any other call
    // out of a kernel has nothing to call on the device.
    OpBuilder b(ctx);
    bool failed = false;
    merged.walk([&](func::CallOp call) {
      b.setInsertionPoint(call);
      if (Value computed = deviceCall(b, merged, call)) {
        call.getResult(0).replaceAllUsesWith(computed);
        call.erase();
        return;
      }
      auto callee = mergedSymbols.lookup<func::FuncOp>(call.getCallee());
      if (!callee || callee.isExternal()) {
        call.emitError() << "the cuda target cannot call '" << call.getCallee()
                         << "' from a GPU kernel yet";
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
