// `kiln check`'s look at the script's imports: each one kiln's interpreter
// cannot satisfy would raise when it runs, so it is reported where it is
// written, before anything runs.
#pragma once

namespace kiln {

class DiagnosticEngine;
namespace ast {
struct Module;
}
namespace py {
class Interpreter;
}

/// Reports each `import` and `from ... import` of `module` (at any depth:
/// in functions, classes and blocks too) that `interp` cannot import, with
/// the exception `kiln run` would raise. An error, or a warning inside a
/// `try` that handles exceptions (the script may catch the ImportError).
void checkImports(const ast::Module &module, py::Interpreter &interp,
                  DiagnosticEngine &diags);

} // namespace kiln
