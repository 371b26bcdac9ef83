// Python's private name mangling: inside a class body, and the functions
// and lambdas nested in it, an identifier `__spam` (two leading
// underscores, not two trailing ones) stands for `_ClassName__spam`, the
// class name stripped of its leading underscores. CPython's compiler does
// it for names, attributes, parameters and the names definitions bind
// (not for a function's own __name__, nor for keyword arguments), so
// `self.__x` set by a base class and by a subclass are two attributes.
// This pass rewrites the AST before names are resolved.
#include "kiln/frontend/AstChildren.h"
#include "kiln/frontend/Resolver.h"

namespace kiln {

using namespace ast;

namespace {

class Mangler {
public:
  void stmts(StmtList &list) {
    for (auto &s : list)
      stmt(*s);
  }

private:
  std::string cls_; // the innermost enclosing class, "" outside classes

  std::string mangle(const std::string &name) const {
    if (cls_.empty() || name.size() < 3 || name.compare(0, 2, "__") != 0 ||
        name.compare(name.size() - 2, 2, "__") == 0 ||
        name.find('.') != std::string::npos)
      return name;
    size_t start = cls_.find_first_not_of('_');
    if (start == std::string::npos) // a class named only underscores
      return name;
    return "_" + cls_.substr(start) + name;
  }

  void exprs(ExprList &list) {
    for (auto &e : list)
      expr(e.get());
  }

  void arguments(Arguments &a) {
    exprs(a.defaults);
    exprs(a.kwDefaults);
    auto arg = [&](Arg &p) {
      p.name = mangle(p.name);
      expr(p.annotation.get());
    };
    for (auto *list : {&a.posonly, &a.args, &a.kwonly})
      for (Arg &p : *list)
        arg(p);
    if (a.vararg)
      arg(*a.vararg);
    if (a.kwarg)
      arg(*a.kwarg);
  }

  void stmt(Stmt &s) {
    switch (s.kind) {
    case StmtKind::FunctionDef: {
      auto &f = as<FunctionDefStmt>(s);
      exprs(f.decorators);
      expr(f.returns.get());
      arguments(f.args);
      f.target.id = mangle(f.target.id);
      stmts(f.body);
      break;
    }
    case StmtKind::ClassDef: {
      auto &c = as<ClassDefStmt>(s);
      exprs(c.decorators);
      exprs(c.bases);
      for (Keyword &k : c.keywords)
        expr(k.value.get());
      c.target.id = mangle(c.target.id);
      std::string outer = cls_;
      cls_ = c.name;
      stmts(c.body);
      cls_ = outer;
      break;
    }
    case StmtKind::Return:
      expr(as<ReturnStmt>(s).value.get());
      break;
    case StmtKind::Delete:
      exprs(as<DeleteStmt>(s).targets);
      break;
    case StmtKind::Assign:
      exprs(as<AssignStmt>(s).targets);
      expr(as<AssignStmt>(s).value.get());
      break;
    case StmtKind::AugAssign:
      expr(as<AugAssignStmt>(s).target.get());
      expr(as<AugAssignStmt>(s).value.get());
      break;
    case StmtKind::AnnAssign:
      expr(as<AnnAssignStmt>(s).target.get());
      expr(as<AnnAssignStmt>(s).annotation.get());
      expr(as<AnnAssignStmt>(s).value.get());
      break;
    case StmtKind::For: {
      auto &f = as<ForStmt>(s);
      expr(f.target.get());
      expr(f.iter.get());
      stmts(f.body);
      stmts(f.orelse);
      expr(f.extraTest.get());
      break;
    }
    case StmtKind::While:
      expr(as<WhileStmt>(s).test.get());
      stmts(as<WhileStmt>(s).body);
      stmts(as<WhileStmt>(s).orelse);
      break;
    case StmtKind::If:
      expr(as<IfStmt>(s).test.get());
      stmts(as<IfStmt>(s).body);
      stmts(as<IfStmt>(s).orelse);
      break;
    case StmtKind::With:
      for (WithItem &item : as<WithStmt>(s).items) {
        expr(item.contextExpr.get());
        expr(item.optionalVars.get());
      }
      stmts(as<WithStmt>(s).body);
      break;
    case StmtKind::Raise:
      expr(as<RaiseStmt>(s).exc.get());
      expr(as<RaiseStmt>(s).cause.get());
      break;
    case StmtKind::Try: {
      auto &t = as<TryStmt>(s);
      stmts(t.body);
      for (ExceptHandler &h : t.handlers) {
        expr(h.type.get());
        h.name = mangle(h.name);
        h.target.id = mangle(h.target.id);
        stmts(h.body);
      }
      stmts(t.orelse);
      stmts(t.finalbody);
      break;
    }
    case StmtKind::Assert:
      expr(as<AssertStmt>(s).test.get());
      expr(as<AssertStmt>(s).msg.get());
      break;
    case StmtKind::Global:
    case StmtKind::Nonlocal:
      for (std::string &name : as<NameListStmt>(s).names)
        name = mangle(name);
      break;
    case StmtKind::Expr:
      expr(as<ExprStmt>(s).value.get());
      break;
    case StmtKind::Import:
    case StmtKind::ImportFrom:
    case StmtKind::Pass:
    case StmtKind::Break:
    case StmtKind::Continue:
      break;
    }
  }

  void expr(Expr *e) {
    if (!e)
      return;
    switch (e->kind) {
    case ExprKind::Name:
      as<NameExpr>(*e).id = mangle(as<NameExpr>(*e).id);
      return;
    case ExprKind::Lambda: // its parameters' names too
      arguments(as<LambdaExpr>(*e).args);
      expr(as<LambdaExpr>(*e).body.get());
      return;
    case ExprKind::Attribute:
      as<AttributeExpr>(*e).attr = mangle(as<AttributeExpr>(*e).attr);
      break;
    default:
      break;
    }
    forEachChild(*e, [&](Expr *c) { expr(c); });
  }
};

} // namespace

void manglePrivateNames(Module &module) { Mangler().stmts(module.body); }

} // namespace kiln
