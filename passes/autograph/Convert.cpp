// Runs AutoGraph's steps over every function of a module.
#include "Autograph.h"

#include "kiln/frontend/AstChildren.h"
#include "kiln/frontend/Resolver.h"

#include <cstdio>

namespace kiln::autograph {

using namespace ast;

namespace {

void convertBlock(StmtList &b, ModuleInfo &info);

const NamedExprExpr *firstNamedExpr(const Expr *e) {
  if (!e)
    return nullptr;
  if (e->kind == ExprKind::NamedExpr)
    return &as<NamedExprExpr>(*e);
  const NamedExprExpr *found = nullptr;
  forEachChild(*e, [&](const Expr *c) {
    if (!found)
      found = firstNamedExpr(c);
  });
  return found;
}

/// The first `:=` in a block, nested functions and lambdas included.
const NamedExprExpr *firstNamedExpr(const StmtList &b) {
  const NamedExprExpr *found = nullptr;
  for (auto &s : b) {
    forEachStmtExpr(*s, [&](const Expr *e) {
      if (!found)
        found = firstNamedExpr(e);
    });
    forEachBody(*s, [&](const StmtList &body) {
      if (!found)
        found = firstNamedExpr(body);
    });
    if (found)
      return found;
  }
  return nullptr;
}

/// TensorFlow 2.20's AutoGraph has no converter for `:=` and gives up on
/// the whole function, naming the node and its source (astunparse's, which
/// parenthesizes every operation).
std::string namedExprCause(const NamedExprExpr &n) {
  char address[32];
  std::snprintf(address, sizeof address, "%p", static_cast<const void *>(&n));
  std::string value = unparse(*n.value);
  switch (n.value->kind) {
  case ExprKind::BinOp:
  case ExprKind::UnaryOp:
  case ExprKind::BoolOp:
  case ExprKind::Compare:
  case ExprKind::IfExp:
    value = "(" + value + ")";
    break;
  default:
    break;
  }
  std::string text = "(" + unparse(*n.target) + " := " + value + ")";
  return std::string("(<gast.gast.NamedExpr object at ") + address + ">, " +
         text + ")";
}

void convertStmt(Stmt &s, ModuleInfo &info) {
  switch (s.kind) {
  case StmtKind::FunctionDef: {
    auto &f = as<FunctionDefStmt>(s);
    FunctionInfo &fi = info.functions[f.scope];
    if (const NamedExprExpr *n = firstNamedExpr(f.body)) {
      fi.converted = false;
      fi.internalError = true;
      fi.notConverted = namedExprCause(*n);
      convertBlock(f.body, info);
      return;
    }
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

std::string FunctionInfo::notConvertedWarning(const std::string &repr) const {
  return "AutoGraph could not transform " + repr +
         " and will run it as-is.\n" +
         (internalError
              ? "Please report this to the TensorFlow team. When filing the "
                "bug, set the verbosity to 10 (on Linux, `export "
                "AUTOGRAPH_VERBOSITY=10`) and attach the full output.\n"
              : "") +
         "Cause: " + notConverted +
         "\nTo silence this warning, decorate the function with "
         "@tf.autograph.experimental.do_not_convert";
}

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
