// The expressions directly inside an expression, for passes that walk the
// AST: `forEachChild(e, f)` calls f with each child (null where an optional
// one is absent, as a FormattedValue's spec or a Slice's bounds), in source
// order. A lambda's children are its defaults and its body (its parameters
// are names, not expressions). For statements, `forEachStmtExpr(s, f)` calls
// f with each expression the statement holds itself, and `forEachBody(s, g)`
// calls g with each statement list nested in it.
#pragma once

#include "kiln/frontend/Ast.h"

namespace kiln::ast {

/// Calls f(child) for each child expression of `e` (an Expr or a const
/// Expr; children come as Expr pointers).
template <typename E, typename F> void forEachChild(E &e, F &&f) {
  switch (e.kind) {
  case ExprKind::Name:
  case ExprKind::Constant:
    return;
  case ExprKind::JoinedStr:
    for (auto &v : as<JoinedStrExpr>(e).values)
      f(v.get());
    return;
  case ExprKind::FormattedValue:
    f(as<FormattedValueExpr>(e).value.get());
    f(as<FormattedValueExpr>(e).formatSpec.get());
    return;
  case ExprKind::BinOp:
    f(as<BinOpExpr>(e).left.get());
    f(as<BinOpExpr>(e).right.get());
    return;
  case ExprKind::UnaryOp:
    f(as<UnaryOpExpr>(e).operand.get());
    return;
  case ExprKind::BoolOp:
    for (auto &v : as<BoolOpExpr>(e).values)
      f(v.get());
    return;
  case ExprKind::Compare:
    f(as<CompareExpr>(e).left.get());
    for (auto &v : as<CompareExpr>(e).comparators)
      f(v.get());
    return;
  case ExprKind::IfExp:
    f(as<IfExpExpr>(e).test.get());
    f(as<IfExpExpr>(e).body.get());
    f(as<IfExpExpr>(e).orelse.get());
    return;
  case ExprKind::Lambda: {
    auto &l = as<LambdaExpr>(e);
    for (auto &d : l.args.defaults)
      f(d.get());
    for (auto &d : l.args.kwDefaults)
      f(d.get());
    f(l.body.get());
    return;
  }
  case ExprKind::Call:
    f(as<CallExpr>(e).func.get());
    for (auto &a : as<CallExpr>(e).args)
      f(a.get());
    for (auto &k : as<CallExpr>(e).keywords)
      f(k.value.get());
    return;
  case ExprKind::Attribute:
    f(as<AttributeExpr>(e).value.get());
    return;
  case ExprKind::Subscript:
    f(as<SubscriptExpr>(e).value.get());
    f(as<SubscriptExpr>(e).slice.get());
    return;
  case ExprKind::Slice:
    f(as<SliceExpr>(e).lower.get());
    f(as<SliceExpr>(e).upper.get());
    f(as<SliceExpr>(e).step.get());
    return;
  case ExprKind::Starred:
    f(as<StarredExpr>(e).value.get());
    return;
  case ExprKind::Yield:
    f(as<YieldExpr>(e).value.get());
    return;
  case ExprKind::NamedExpr:
    f(as<NamedExprExpr>(e).target.get());
    f(as<NamedExprExpr>(e).value.get());
    return;
  case ExprKind::List:
  case ExprKind::Tuple:
  case ExprKind::Set:
    for (auto &v : as<SequenceExpr>(e).elts)
      f(v.get());
    return;
  case ExprKind::Dict:
    for (auto &k : as<DictExpr>(e).keys)
      f(k.get());
    for (auto &v : as<DictExpr>(e).values)
      f(v.get());
    return;
  case ExprKind::ListComp:
  case ExprKind::SetComp:
  case ExprKind::DictComp:
  case ExprKind::GeneratorExp: {
    auto &c = as<ComprehensionExpr>(e);
    f(c.elt.get());
    f(c.value.get());
    for (auto &g : c.generators) {
      f(g.target.get());
      f(g.iter.get());
      for (auto &i : g.ifs)
        f(i.get());
    }
    return;
  }
  }
}

/// Calls f(expr) for each expression statement `s` holds itself, not those
/// of its nested bodies (null where an optional one is absent), in source
/// order but for an assignment, whose value comes before its targets as
/// Python evaluates them.
template <typename S, typename F> void forEachStmtExpr(S &s, F &&f) {
  auto all = [&](auto &list) {
    for (auto &e : list)
      f(e.get());
  };
  switch (s.kind) {
  case StmtKind::FunctionDef: {
    auto &d = as<FunctionDefStmt>(s);
    all(d.decorators);
    all(d.args.defaults);
    all(d.args.kwDefaults);
    for (auto *list : {&d.args.posonly, &d.args.args, &d.args.kwonly})
      for (auto &a : *list)
        f(a.annotation.get());
    for (auto *a : {d.args.vararg.get(), d.args.kwarg.get()})
      if (a)
        f(a->annotation.get());
    f(d.returns.get());
    return;
  }
  case StmtKind::ClassDef:
    all(as<ClassDefStmt>(s).decorators);
    all(as<ClassDefStmt>(s).bases);
    for (auto &k : as<ClassDefStmt>(s).keywords)
      f(k.value.get());
    return;
  case StmtKind::Return:
    f(as<ReturnStmt>(s).value.get());
    return;
  case StmtKind::Delete:
    all(as<DeleteStmt>(s).targets);
    return;
  case StmtKind::Assign:
    f(as<AssignStmt>(s).value.get());
    all(as<AssignStmt>(s).targets);
    return;
  case StmtKind::AugAssign:
    f(as<AugAssignStmt>(s).value.get());
    f(as<AugAssignStmt>(s).target.get());
    return;
  case StmtKind::AnnAssign:
    f(as<AnnAssignStmt>(s).annotation.get());
    f(as<AnnAssignStmt>(s).value.get());
    f(as<AnnAssignStmt>(s).target.get());
    return;
  case StmtKind::For:
    f(as<ForStmt>(s).target.get());
    f(as<ForStmt>(s).iter.get());
    f(as<ForStmt>(s).extraTest.get());
    return;
  case StmtKind::While:
    f(as<WhileStmt>(s).test.get());
    return;
  case StmtKind::If:
    f(as<IfStmt>(s).test.get());
    return;
  case StmtKind::With:
    for (auto &item : as<WithStmt>(s).items) {
      f(item.contextExpr.get());
      f(item.optionalVars.get());
    }
    return;
  case StmtKind::Raise:
    f(as<RaiseStmt>(s).exc.get());
    f(as<RaiseStmt>(s).cause.get());
    return;
  case StmtKind::Try:
    for (auto &h : as<TryStmt>(s).handlers)
      f(h.type.get());
    return;
  case StmtKind::Assert:
    f(as<AssertStmt>(s).test.get());
    f(as<AssertStmt>(s).msg.get());
    return;
  case StmtKind::Expr:
    f(as<ExprStmt>(s).value.get());
    return;
  case StmtKind::Import:
  case StmtKind::ImportFrom:
  case StmtKind::Global:
  case StmtKind::Nonlocal:
  case StmtKind::Pass:
  case StmtKind::Break:
  case StmtKind::Continue:
    return;
  }
}

/// Calls g(body) for each statement list nested in `s`: a function's or a
/// class's body, the branches of an if, a loop's body and else, a with's
/// body, and a try's blocks.
template <typename S, typename G> void forEachBody(S &s, G &&g) {
  switch (s.kind) {
  case StmtKind::FunctionDef:
    g(as<FunctionDefStmt>(s).body);
    return;
  case StmtKind::ClassDef:
    g(as<ClassDefStmt>(s).body);
    return;
  case StmtKind::For:
    g(as<ForStmt>(s).body);
    g(as<ForStmt>(s).orelse);
    return;
  case StmtKind::While:
    g(as<WhileStmt>(s).body);
    g(as<WhileStmt>(s).orelse);
    return;
  case StmtKind::If:
    g(as<IfStmt>(s).body);
    g(as<IfStmt>(s).orelse);
    return;
  case StmtKind::With:
    g(as<WithStmt>(s).body);
    return;
  case StmtKind::Try: {
    auto &t = as<TryStmt>(s);
    g(t.body);
    for (auto &h : t.handlers)
      g(h.body);
    g(t.orelse);
    g(t.finalbody);
    return;
  }
  default:
    return;
  }
}

} // namespace kiln::ast
