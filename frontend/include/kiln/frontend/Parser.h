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

/// The most stack a parse may use before input is rejected as nested too
/// deeply, rather than risking the process (the kiln tool parses on a thread
/// with a 1 GiB stack; other threads get half of what they have left).
constexpr size_t kMaxParseStack = size_t(128) << 20;

} // namespace kiln
