// Ahead-of-time compilation for `kiln compile`: concrete functions to an
// object file, a shared library, a C header and a JSON manifest. No MLIR in
// this header.
#pragma once

#include "Graph.h"
#include "Jit.h"

#include <string>
#include <vector>

namespace kiln {

/// One concrete function to export.
struct ExportedFunction {
  std::string pythonName; // "f"
  std::string symbol;     // unique C-safe name: "f_0"
  std::string signature;  // "f(x: float32[None, 3]) -> float32[None, 3]"
  graph::Graph graph;     // graph.name is set to `symbol`
  /// The tf.Variables it uses ("v:0"): their values are extra arguments of
  /// the graph, which a compiled library cannot supply yet.
  std::vector<std::string> variables;
};

struct AotOptions {
  CompileOptions compile;
  std::string output;    // -o
  std::string emit;      // "", "mlir", "llvm", "header", "manifest", "obj"
  std::string targetCpu; // --target-cpu ("" = generic x86-64, "native")
};

/// Writes what `options.emit` asks for to `options.output`, atomically (a
/// temporary file renamed into place). Returns false and sets `error`.
bool compileAot(const std::vector<ExportedFunction> &functions,
                const AotOptions &options, std::string &error);

/// The C header and the JSON manifest, as text (also used by --emit).
std::string generateHeader(const std::vector<ExportedFunction> &functions,
                           const std::string &libraryName);
std::string generateManifest(const std::vector<ExportedFunction> &functions);

} // namespace kiln
