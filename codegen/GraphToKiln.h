// Turns a traced graph into a `func.func` of kiln dialect ops.
#pragma once

#include "Graph.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace kiln {

/// Adds a function named `graph.name` (public, with a C interface) to
/// `module`. Each op carries the user's source location, named after its
/// graph node. Returns false and sets `error` for what kiln cannot compile.
/// `hostCalls`: the code may call back into kiln (HostCalls.h) for tf.print,
/// which only the JIT provides. Run-time assertions call
/// `kiln_host_assert(cond, spec)`: the JIT's, or for a library one that
/// `kiln compile` generates from the (spec, message) pairs added to
/// `assertions`.
bool emitKilnFunction(
    mlir::ModuleOp module, const graph::Graph &graph,
    const std::string &fileName, std::string &error, bool hostCalls = false,
    std::vector<std::pair<int64_t, std::string>> *assertions = nullptr);

/// An MLIR context with every dialect a kiln module passes through loaded.
std::unique_ptr<mlir::MLIRContext> createCompilerContext();

/// Runs kiln's pipeline on `module` (kiln dialect → LLVM dialect).
bool lowerToLlvmDialect(mlir::ModuleOp module, int optLevel,
                        bool printIrAfterAll, std::string &error);

/// The MLIR element type of a dtype (null for unsupported ones).
mlir::Type elementType(mlir::MLIRContext *ctx, graph::DType dtype);

} // namespace kiln
