// Turns a traced graph into a `func.func` of kiln dialect ops.
#pragma once

#include "Graph.h"
#include "HostCalls.h"
#include "Jit.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace kiln {

/// Adds a function named `graph.name` (public, with a C interface) to
/// `module`. Each op carries the user's source location, named after its
/// graph node. Returns false and sets `error` for what kiln cannot compile,
/// and `errorLoc` to the line of the op to blame (without `errorLoc`, the
/// error starts with "line N: ").
/// tf.print inside staged control flow and run-time assertions call the
/// host functions of HostCalls.h with a registered spec's index: the JIT's,
/// or for a library the ones `kiln compile` generates from the (index, spec)
/// pairs added to `hostSpecs`.
/// `options`: the script's file name (for locations) and the target, whose
/// processor decides the orders of float32 sums that TensorFlow's kernels
/// choose by processor (usesAvx2Orders).
bool emitKilnFunction(
    mlir::ModuleOp module, const graph::Graph &graph,
    const CompileOptions &options, std::string &error,
    std::vector<std::pair<int64_t, hostcalls::Spec>> *hostSpecs = nullptr,
    SourceLoc *errorLoc = nullptr);

/// Whether code for `options`' target runs TensorFlow's kernels for
/// processors without AVX-512 (the host's, for the cpu target; the cuda
/// target's emulation keeps the AVX-512 orders its goldens have).
bool usesAvx2Orders(const CompileOptions &options);

/// An MLIR context with every dialect a kiln module passes through loaded.
std::unique_ptr<mlir::MLIRContext> createCompilerContext();

/// Runs kiln's pipeline on `module` (kiln dialect → LLVM dialect).
bool lowerToLlvmDialect(mlir::ModuleOp module, const CompileOptions &options,
                        std::string &error);

/// Why the arguments or results of `graph` cannot cross a compiled
/// function's interface (an unknown rank, a dtype kiln does not compile),
/// or "" when they can. `argument`: the index of the argument to blame, or
/// -1 (a result, or none).
std::string interfaceProblem(mlir::MLIRContext *ctx, const graph::Graph &graph,
                             int *argument = nullptr);
/// The MLIR element type of a dtype (null for unsupported ones).
mlir::Type elementType(mlir::MLIRContext *ctx, graph::DType dtype);

} // namespace kiln
