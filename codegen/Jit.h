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
};

/// The names of the passes of kiln's lowering pipeline at `optLevel`, in
/// order, each once ("kiln-lower-to-linalg", "canonicalize", ...).
std::vector<std::string> pipelinePassNames(int optLevel);

std::unique_ptr<graph::Executor>
createJitExecutor(const CompileOptions &options);

/// The kiln dialect, lowered MLIR or LLVM IR of `graph` as text (for
/// `kiln dump`). `stage` is "kiln", "linalg" or "llvm".
bool dumpGraphStage(const graph::Graph &graph, const std::string &stage,
                    const CompileOptions &options, std::string &out,
                    std::string &error);

} // namespace kiln
