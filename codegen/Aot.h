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
  /// The export name: the Python name made a C identifier, unique in the
  /// library ("slice" for slice_, "call" for __call__, "f_1" for another
  /// f or for concrete functions that differ in Python arguments).
  std::string exportName;
  /// The tf.function's Python name (several export names may share one).
  std::string functionName;
  std::string symbol;    // unique C-safe name: "f_0"
  std::string signature; // "f(x: float32[None, 3]) -> float32[None, 3]"
  graph::Graph graph;    // graph.name is set to `symbol`
  /// The tf.Variables it uses, as indices into the exported variables: the
  /// graph's last captures.size() arguments are their values, and its last
  /// writes.size() results the new values of variables `writes`.
  std::vector<int> captures, writes;
  /// Where each output sits in the Python structure the function returns,
  /// as a subscript ("['logits']", "[0][1]"; empty for a lone tensor).
  std::vector<std::string> outputPaths;

  size_t numInputs() const { return graph.args.size() - captures.size(); }
  size_t numOutputs() const { return graph.results.size() - writes.size(); }
};

/// A tf.Variable the library holds, with the value it starts from.
struct ExportedVariable {
  std::string name; // "dense/kernel:0"
  graph::TensorType type;
  std::vector<uint8_t> initialValue; // row-major elements
  bool trainable = true;
};

struct AotOptions {
  CompileOptions compile;
  std::string output; // -o
  /// "", "mlir", "llvm", "ptx" (compile.target "cuda"), "header",
  /// "manifest", "obj"
  std::string emit;
  std::string targetCpu; // --target-cpu ("" = x86-64-v3 on x86-64, "native")
  /// The start of the exported symbols: PREFIXlibrary (a shared library
  /// also keeps kiln_library, which kiln_library_open looks up) and the
  /// typed entry points PREFIXf_0. An object exports nothing else.
  std::string prefix = "kiln_";
};

/// Why `function`'s inputs or outputs cannot cross a library's C interface,
/// or "" when they can (compileAot refuses such a function). `input`: the
/// index of the input to blame, or -1.
std::string libraryInterfaceProblem(const ExportedFunction &function,
                                    int *input = nullptr);

/// Writes what `options.emit` asks for to `options.output`, atomically (a
/// temporary file renamed into place). Returns false and sets `error`, and
/// `errorLoc` to the script line of an op kiln cannot compile.
bool compileAot(const std::vector<ExportedFunction> &functions,
                const std::vector<ExportedVariable> &variables,
                const AotOptions &options, std::string &error,
                SourceLoc *errorLoc = nullptr);

/// Writes (atomically) a Make rule saying that `targets` (the outputs of
/// one run) depend on `inputs`, as `cc -MF` does: spaces and # escaped, $
/// doubled for Make.
bool writeDepfile(const std::string &path,
                  const std::vector<std::string> &targets,
                  const std::vector<std::string> &inputs, std::string &error);

/// "float32[None, 3]", as signatures write a tensor type.
std::string typeText(const graph::TensorType &t);

/// The C header and the JSON manifest, as text (also used by --emit).
/// `cuda`: the typed entry points also return 4, for a failed GPU.
std::string generateHeader(const std::vector<ExportedFunction> &functions,
                           const std::vector<ExportedVariable> &variables,
                           const std::string &libraryName,
                           const std::string &prefix = "kiln_",
                           bool cuda = false);
std::string generateManifest(const std::vector<ExportedFunction> &functions,
                             const std::vector<ExportedVariable> &variables,
                             const std::string &prefix = "kiln_");

} // namespace kiln
