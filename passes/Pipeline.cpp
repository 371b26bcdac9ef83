// Registration of kiln's dialects and passes, and the pipeline from the kiln
// dialect to the LLVM dialect. This is the one file that includes the
// upstream registration headers (they are slow to compile).
#include "passes/Passes.h"

#include "dialects/kiln/KilnDialect.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"

namespace kiln {

#define GEN_PASS_REGISTRATION
#include "passes/Passes.h.inc"

void registerCompilerDialects(mlir::DialectRegistry &registry) {
  registry.insert<
      KilnDialect, mlir::affine::AffineDialect, mlir::arith::ArithDialect,
      mlir::bufferization::BufferizationDialect, mlir::cf::ControlFlowDialect,
      mlir::func::FuncDialect, mlir::gpu::GPUDialect, mlir::index::IndexDialect,
      mlir::linalg::LinalgDialect, mlir::LLVM::LLVMDialect,
      mlir::math::MathDialect, mlir::memref::MemRefDialect,
      mlir::NVVM::NVVMDialect, mlir::scf::SCFDialect,
      mlir::tensor::TensorDialect>();
  mlir::arith::registerBufferizableOpInterfaceExternalModels(registry);
  mlir::bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
      registry);
  mlir::linalg::registerBufferizableOpInterfaceExternalModels(registry);
  mlir::scf::registerBufferizableOpInterfaceExternalModels(registry);
  mlir::tensor::registerBufferizableOpInterfaceExternalModels(registry);
  // The LLVM conversions of the upstream dialects, for convert-to-llvm
  // style passes that look interfaces up.
  mlir::arith::registerConvertArithToLLVMInterface(registry);
  mlir::cf::registerConvertControlFlowToLLVMInterface(registry);
  mlir::registerConvertFuncToLLVMInterface(registry);
  mlir::index::registerConvertIndexToLLVMInterface(registry);
  mlir::registerConvertMathToLLVMInterface(registry);
  mlir::registerConvertMemRefToLLVMInterface(registry);
  mlir::registerBuiltinDialectTranslation(registry);
  mlir::registerLLVMDialectTranslation(registry);
  // The cuda target: kernels serialized to PTX by the NVVM target, and
  // gpu.binary/launch_func translated into the host's LLVM IR.
  mlir::registerGPUDialectTranslation(registry);
  mlir::gpu::registerOffloadingLLVMTranslationInterfaceExternalModels(registry);
  mlir::registerNVVMDialectTranslation(registry);
  mlir::NVVM::registerNVVMTargetInterfaceExternalModels(registry);
}

/// For the cuda target: linalg ops as parallel loops, the outermost ones
/// launched as kernels, which are lowered to NVVM and compiled to PTX here
/// (gpu.binary), before the host pipeline's libm calls could reach them.
/// For "cuda-emulation" (`kiln run --emulate-cuda`) the launches become
/// host loops instead, and the host pipeline compiles them.
static std::string cudaKernelPipeline(const PipelineOptions &options) {
  bool emulate = options.target == "cuda-emulation";
  // Integer powers become functions first, which outlining copies into
  // the kernels that call them.
  std::string p = "convert-math-to-funcs,"
                  "func.func(kiln-gpu-copies-to-linalg,"
                  "convert-linalg-to-parallel-loops,"
                  "kiln-gpu-tile-loops,gpu-map-parallel-loops,"
                  "convert-parallel-loops-to-gpu";
  if (emulate)
    return p + ",kiln-gpu-launch-to-loops),";
  p += "),gpu-kernel-outlining,kiln-gpu-merge-kernels,lower-affine,"
       "gpu.module(expand-strided-metadata,lower-affine,"
       "convert-scf-to-cf,kiln-widen-half-floats,math-legalize-to-f32,"
       "arith-emulate-unsupported-floats{source-types=bf16 "
       "target-type=f32},arith-expand,kiln-gpu-math-to-libdevice,"
       "convert-gpu-to-nvvm,canonicalize,cse,"
       "reconcile-unrealized-casts),";
  p += "nvvm-attach-target{chip=" + options.cudaArch + " O=3},";
  p += "gpu-module-to-binary{format=isa";
  if (!options.cudaToolkit.empty())
    p += " toolkit=" + options.cudaToolkit;
  p += "},";
  return p;
}

std::string loweringPipeline(const PipelineOptions &options) {
  bool optimize = options.optLevel > 0;
  bool cuda = options.target == "cuda" || options.target == "cuda-emulation";
  std::string p = "func.func(kiln-lower-to-linalg";
  if (cuda)
    p += "{host-order=false}";
  if (optimize)
    p += ",canonicalize,cse,kiln-fuse-elementwise,canonicalize";
  p += "),";
  // Strided copies lower to calls to `memrefCopy`, which kiln's runtime
  // provides (runtime/MemrefCopy.c).
  // Loop state may be a new buffer each iteration (an op result, not the
  // iteration argument updated in place).
  p += "one-shot-bufferize{bufferize-function-boundaries "
       "allow-return-allocs-from-loops "
       "function-boundary-type-conversion=identity-layout-map},";
  if (cuda)
    p += "func.func(kiln-gpu-stage-constants),";
  p += "ownership-based-buffer-deallocation,canonicalize,"
       "buffer-deallocation-simplification,bufferization-lower-deallocations,"
       "convert-bufferization-to-memref,";
  if (optimize)
    p += "cse,canonicalize,";
  if (cuda)
    p += cudaKernelPipeline(options);
  else
    p += "func.func(convert-linalg-to-loops),";
  p += "lower-affine,convert-scf-to-cf,"
       "expand-strided-metadata,lower-affine,"
       // float16 and bfloat16 arithmetic in f32, rounded after each op
       // (as Eigen does); bfloat16's conversions as integer code: a
       // library links no compiler-rt.
       "kiln-widen-half-floats,math-legalize-to-f32,"
       "arith-emulate-unsupported-floats{source-types=bf16 target-type=f32},"
       "convert-math-to-funcs,kiln-fma-to-llvm,convert-math-to-libm,"
       // Allocations go through _mlir_memref_to_llvm_alloc & co., which
       // kiln defines to fail the call cleanly when memory runs out; a
       // byte size that overflows asks for more than there is.
       "kiln-guard-allocation-sizes,arith-expand{include-bf16=true},"

       "finalize-memref-to-llvm{use-generic-functions=1},"
       "convert-index-to-llvm,"
       "convert-arith-to-llvm,convert-math-to-llvm,convert-func-to-llvm,"
       "convert-cf-to-llvm,";
  // The launches become calls of the mgpu* functions that a cuda library
  // defines over kiln's CUDA driver layer (runtime/Cuda.c).
  if (options.target == "cuda")
    p += "gpu-to-llvm,";
  p += "reconcile-unrealized-casts,kiln-emit-entry-points";
  return p;
}

void registerPasses() {
  registerKilnPasses();
  mlir::registerTransformsPasses();
  mlir::registerLinalgPasses();
  mlir::bufferization::registerBufferizationPasses();
  mlir::memref::registerMemRefPasses();
  mlir::arith::registerArithPasses();
  mlir::math::registerMathPasses();
  mlir::registerConversionPasses();
  mlir::registerGPUPasses();
  mlir::PassPipelineRegistration<>(
      "kiln-lower-to-llvm", "Lowers the kiln dialect to the LLVM dialect",
      [](mlir::OpPassManager &pm) {
        if (mlir::failed(mlir::parsePassPipeline(loweringPipeline({}), pm)))
          llvm::report_fatal_error(
              "kiln: the lowering pipeline does not parse");
      });
}

} // namespace kiln
