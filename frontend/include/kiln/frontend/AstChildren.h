// The expressions directly inside an expression, for passes that walk the
// AST: `forEachChild(e, f)` calls f with each child (null where an optional
// one is absent, as a FormattedValue's spec or a Slice's bounds), in source
// order. A lambda's children are its defaults and its body (its parameters
// are names, not expressions); statements are the caller's business.
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

} // namespace kiln::ast
