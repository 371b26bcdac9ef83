// `kiln dump --stage=ast`: the AST as indented text or JSON (schema in
// docs/ast-dump.md).
#pragma once

#include "kiln/frontend/Ast.h"

#include <ostream>

namespace kiln {

void dumpAstText(const ast::Module &module, std::ostream &out);
void dumpAstJson(const ast::Module &module, std::ostream &out);

} // namespace kiln
