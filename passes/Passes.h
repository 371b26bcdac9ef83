// kiln's passes and the lowering pipeline from the kiln dialect to LLVM.
#pragma once

#include "mlir/Pass/Pass.h"

#include <memory>
#include <string>

namespace mlir {
class DialectRegistry;
class OpPassManager;
namespace func {
class FuncOp;
} // namespace func
} // namespace mlir

namespace kiln {

#define GEN_PASS_DECL
#include "passes/Passes.h.inc"

/// Registers kiln's passes and the named pipeline `kiln-lower-to-llvm`.
void registerPasses();

/// Registers every dialect a kiln module can contain on its way to LLVM,
/// and their translations to LLVM IR.
void registerCompilerDialects(mlir::DialectRegistry &registry);

struct PipelineOptions {
  int optLevel = 2;
  /// "cpu", or "cuda": parallel loops become kernels compiled to PTX for
  /// `cudaArch` and embedded in the module (docs/cuda.md); or
  /// "cuda-emulation": the cuda pipeline up to the launches, which then
  /// run as host loops (`kiln run --emulate-cuda`).
  std::string target = "cpu";
  std::string cudaArch = "sm_90";
  /// The CUDA toolkit whose libdevice the kernels link ("" = none).
  std::string cudaToolkit;
};

/// The pass pipeline from the kiln dialect to the LLVM dialect, as the
/// textual elements of a module-level pipeline (wrap in `builtin.module(...)`
/// for a whole pipeline); `-O0` skips canonicalization, CSE and fusion.
std::string loweringPipeline(const PipelineOptions &options);

} // namespace kiln
