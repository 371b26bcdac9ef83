#include "ImportCheck.h"

#include "Interpreter.h"
#include "kiln/frontend/Ast.h"
#include "kiln/frontend/Diagnostics.h"

namespace kiln {

namespace {

class ImportChecker {
public:
  ImportChecker(py::Interpreter &interp, DiagnosticEngine &diags)
      : interp_(interp), diags_(diags) {}

  void check(const ast::StmtList &body, bool guarded) {
    for (auto &s : body)
      check(*s, guarded);
  }

private:
  void check(const ast::Stmt &s, bool guarded) {
    using ast::as;
    switch (s.kind) {
    case ast::StmtKind::Import:
      for (const ast::Alias &alias : as<ast::ImportStmt>(s).names)
        attempt(alias.range, guarded,
                [&] { interp_.importModule(alias.name); });
      break;
    case ast::StmtKind::ImportFrom: {
      auto &from = as<ast::ImportFromStmt>(s);
      py::Value module;
      bool found = attempt(moduleRange(from), guarded, [&] {
        if (from.level > 0)
          interp_.raise("ImportError", "attempted relative import with no "
                                       "known parent package");
        module = interp_.importModule(from.module);
      });
      for (const ast::Alias &alias : from.names)
        if (found)
          attempt(alias.range, guarded,
                  [&] { interp_.importFrom(module, from.module, alias.name); });
      break;
    }
    case ast::StmtKind::FunctionDef:
      check(as<ast::FunctionDefStmt>(s).body, guarded);
      break;
    case ast::StmtKind::ClassDef:
      check(as<ast::ClassDefStmt>(s).body, guarded);
      break;
    case ast::StmtKind::For:
      check(as<ast::ForStmt>(s).body, guarded);
      check(as<ast::ForStmt>(s).orelse, guarded);
      break;
    case ast::StmtKind::While:
      check(as<ast::WhileStmt>(s).body, guarded);
      check(as<ast::WhileStmt>(s).orelse, guarded);
      break;
    case ast::StmtKind::If:
      check(as<ast::IfStmt>(s).body, guarded);
      check(as<ast::IfStmt>(s).orelse, guarded);
      break;
    case ast::StmtKind::With:
      check(as<ast::WithStmt>(s).body, guarded);
      break;
    case ast::StmtKind::Try: {
      auto &t = as<ast::TryStmt>(s);
      check(t.body, guarded || !t.handlers.empty());
      for (const ast::ExceptHandler &h : t.handlers)
        check(h.body, guarded);
      check(t.orelse, guarded);
      check(t.finalbody, guarded);
      break;
    }
    default:
      break;
    }
  }

  /// Runs `import`; reports what it raised at `range`. Whether it passed.
  template <typename Import>
  bool attempt(SourceRange range, bool guarded, Import import) {
    try {
      import();
      return true;
    } catch (py::PyException &e) {
      std::string message = e.exc.as<py::InstanceObject>().cls->name + ": " +
                            interp_.toStr(e.exc);
      diags_.report(guarded ? Severity::Warning : Severity::Error, range,
                    message);
      return false;
    }
  }

  /// The module's name in `from MODULE import ...` (the AST keeps the
  /// statement's range only), or the statement's first line.
  SourceRange moduleRange(const ast::ImportFromStmt &from) {
    SourceLoc at = from.range.begin;
    std::string_view line = diags_.file().line(at.line);
    size_t name = from.module.empty() ? std::string_view::npos
                                      : line.find(from.module, at.col - 1);
    if (name == std::string_view::npos)
      return {at, {at.line, static_cast<uint32_t>(line.size() + 1)}};
    auto col = static_cast<uint32_t>(name + 1);
    return {{at.line, col},
            {at.line, col + static_cast<uint32_t>(from.module.size())}};
  }

  py::Interpreter &interp_;
  DiagnosticEngine &diags_;
};

} // namespace

void checkImports(const ast::Module &module, py::Interpreter &interp,
                  DiagnosticEngine &diags) {
  ImportChecker(interp, diags).check(module.body, /*guarded=*/false);
}

} // namespace kiln
