// Entry points of the frontend: source text to AST.
#pragma once

#include "kiln/frontend/Ast.h"
#include "kiln/frontend/Diagnostics.h"

#include <memory>

namespace kiln {

/// Parses a whole file. Reports every syntax error it can recover from and
/// returns null when there was any; never throws on user input.
std::unique_ptr<ast::Module> parseModule(const SourceFile &file,
                                         DiagnosticEngine &diags);

/// Parses the text of an f-string replacement field as an expression.
/// `origin` is where `text` starts in the file, so diagnostics and AST ranges
/// point into the enclosing string. Returns null after reporting an error.
ast::ExprPtr parseFieldExpression(const std::string &text, SourceLoc origin,
                                  DiagnosticEngine &diags);

/// The parse-tree depth past which input is rejected as too deeply nested
/// rather than risking the stack.
constexpr int kMaxParseDepth = 6000;

} // namespace kiln
