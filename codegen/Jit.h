// The JIT executor behind `kiln run`: compiles graphs through the kiln
// pipeline with MLIR's ExecutionEngine. No MLIR types in this header.
#pragma once

#include "Graph.h"

#include <memory>
#include <string>
#include <vector>

namespace kiln {

struct CompileOptions {
  int optLevel = 2;
  std::string fileName;         // for locations in diagnostics
  bool printIrAfterAll = false; // --print-ir-after-all
  /// --print-ir-after: the passes (by pipeline name) after which to print.
  std::vector<std::string> printIrAfter;
  /// "cpu", or "cuda" (`kiln compile --target=cuda`, `kiln dump
  /// --stage=ptx`): kernels compiled to PTX for `cudaArch`.
  std::string target = "cpu";
  std::string cudaArch = "sm_90";
};

/// The names of the passes of kiln's lowering pipeline at `optLevel` for
/// `target`, in order, each once ("kiln-lower-to-linalg", "canonicalize",
/// ...).
std::vector<std::string> pipelinePassNames(int optLevel,
                                           const std::string &target = "cpu");

std::unique_ptr<graph::Executor>
createJitExecutor(const CompileOptions &options);

/// The level LLVM's module optimizations ran at on `fn` (compiled by a JIT
/// executor); 0 when they did not run. The JIT optimizes graphs over many
/// elements or with loops, up to a module size, at -O2 for -O1 and up.
int jitOptimizationLevel(const graph::Executor::Compiled *fn);

/// The kiln dialect, lowered MLIR, LLVM IR or PTX of `graph` as text (for
/// `kiln dump`). `stage` is "kiln", "linalg", "llvm" or "ptx" (`options`
/// then name the cuda target). On failure `errorLoc` is the script line of
/// the op kiln cannot compile, if one is to blame.
bool dumpGraphStage(const graph::Graph &graph, const std::string &stage,
                    const CompileOptions &options, std::string &out,
                    std::string &error, SourceLoc *errorLoc = nullptr);

} // namespace kiln
