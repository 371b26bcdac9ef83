// Runs AutoGraph's steps over every function of a module.
#include "Autograph.h"

#include "kiln/frontend/Resolver.h"

namespace kiln::autograph {

using namespace ast;

namespace {

void convertBlock(StmtList &b, ModuleInfo &info);

void convertStmt(Stmt &s, ModuleInfo &info) {
  switch (s.kind) {
  case StmtKind::FunctionDef: {
    auto &f = as<FunctionDefStmt>(s);
    FunctionInfo &fi = info.functions[f.scope];
    lowerJumps(f, fi);
    if (fi.converted)
      analyzeActivity(f, info);
    convertBlock(f.body, info);
    return;
  }
  case StmtKind::ClassDef:
    convertBlock(as<ClassDefStmt>(s).body, info);
    return;
  case StmtKind::If:
    convertBlock(as<IfStmt>(s).body, info);
    convertBlock(as<IfStmt>(s).orelse, info);
    return;
  case StmtKind::For:
    convertBlock(as<ForStmt>(s).body, info);
    convertBlock(as<ForStmt>(s).orelse, info);
    return;
  case StmtKind::While:
    convertBlock(as<WhileStmt>(s).body, info);
    convertBlock(as<WhileStmt>(s).orelse, info);
    return;
  case StmtKind::With:
    convertBlock(as<WithStmt>(s).body, info);
    return;
  case StmtKind::Try: {
    auto &t = as<TryStmt>(s);
    convertBlock(t.body, info);
    for (auto &h : t.handlers)
      convertBlock(h.body, info);
    convertBlock(t.orelse, info);
    convertBlock(t.finalbody, info);
    return;
  }
  default:
    return;
  }
}

void convertBlock(StmtList &b, ModuleInfo &info) {
  for (auto &s : b)
    convertStmt(*s, info);
}

} // namespace

bool isLambda(const Scope *scope) {
  return scope && scope->kind == Scope::Kind::Lambda;
}

std::string ModuleInfo::varName(const Scope &scope, int id) const {
  return id >= 0 ? scope.locals[id] : symbol(&scope, id).name;
}

void convertModule(Module &module, ModuleInfo &info) {
  convertBlock(module.body, info);
}

} // namespace kiln::autograph
