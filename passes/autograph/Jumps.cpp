// Jump lowering: `break`, `continue` and `return` become flag assignments,
// and the statements a jump would skip are guarded by `if not flag:`.
//
//   for x in xs:              break_ = False
//       if p(x):              for x in xs:          # extra test: not break_
//           break                 if p(x):
//       use(x)                        break_ = True
//                                 if not break_:
//                                     use(x)
//
// A loop whose `break` became a flag gets `not break_` as an extra test (a
// `while` test is prefixed with it; a `for` checks it before fetching the
// next item), so the rewrite keeps Python's semantics exactly. A function
// with a `return` anywhere but its last statement gets `do_return` and
// `retval_` and ends with `return retval_`. Each loop gets its own flag.
#include "Autograph.h"

#include "kiln/frontend/Resolver.h"

namespace kiln::autograph {

using namespace ast;

namespace {

enum class Jump { Break, Continue, Return };

bool isJump(const Stmt &s, Jump kind) {
  switch (kind) {
  case Jump::Break:
    return s.kind == StmtKind::Break;
  case Jump::Continue:
    return s.kind == StmtKind::Continue;
  case Jump::Return:
    return s.kind == StmtKind::Return;
  }
  return false;
}

bool contains(const StmtList &stmts, Jump kind);

/// Whether `s` holds a jump of `kind` that leaves it. A `break` or
/// `continue` inside a nested loop's body belongs to that loop.
bool contains(const Stmt &s, Jump kind) {
  if (isJump(s, kind))
    return true;
  switch (s.kind) {
  case StmtKind::If:
    return contains(as<IfStmt>(s).body, kind) ||
           contains(as<IfStmt>(s).orelse, kind);
  case StmtKind::For:
    return (kind == Jump::Return && contains(as<ForStmt>(s).body, kind)) ||
           contains(as<ForStmt>(s).orelse, kind);
  case StmtKind::While:
    return (kind == Jump::Return && contains(as<WhileStmt>(s).body, kind)) ||
           contains(as<WhileStmt>(s).orelse, kind);
  case StmtKind::With:
    return contains(as<WithStmt>(s).body, kind);
  case StmtKind::Try: {
    auto &t = as<TryStmt>(s);
    for (auto &h : t.handlers)
      if (contains(h.body, kind))
        return true;
    return contains(t.body, kind) || contains(t.orelse, kind) ||
           contains(t.finalbody, kind);
  }
  default:
    return false;
  }
}

bool contains(const StmtList &stmts, Jump kind) {
  for (auto &s : stmts)
    if (contains(*s, kind))
      return true;
  return false;
}

/// Builds the synthetic nodes; each takes the range of the code it stands
/// for, so errors and tracebacks still point at the user's lines.
struct Builder {
  Scope &scope;

  std::string fresh(const std::string &base) {
    std::string name = base;
    for (int i = 1; scope.localIndex.count(name); ++i)
      name = base + "_" + std::to_string(i);
    scope.addLocal(name);
    return name;
  }
  ExprPtr name(const std::string &id, ExprContext ctx, SourceRange r) {
    auto n = std::make_unique<NameExpr>();
    n->id = id;
    n->ctx = ctx;
    n->binding = NameBinding::Local;
    n->slot = scope.localIndex.at(id);
    n->range = r;
    return n;
  }
  ExprPtr constant(ConstantExpr::Type type, bool value, SourceRange r) {
    auto c = std::make_unique<ConstantExpr>();
    c->type = type;
    c->boolValue = value;
    c->range = r;
    return c;
  }
  StmtPtr assign(const std::string &id, ExprPtr value, SourceRange r) {
    auto a = std::make_unique<AssignStmt>();
    a->targets.push_back(name(id, ExprContext::Store, r));
    a->value = std::move(value);
    a->range = r;
    return a;
  }
  StmtPtr setFlag(const std::string &id, bool value, SourceRange r) {
    return assign(id, constant(ConstantExpr::Type::Bool, value, r), r);
  }
  ExprPtr notFlag(const std::string &id, SourceRange r) {
    auto u = std::make_unique<UnaryOpExpr>();
    u->op = UnaryOpKind::Not;
    u->operand = name(id, ExprContext::Load, r);
    u->range = r;
    return u;
  }
  /// `first and second`, flattening an existing `and`.
  static ExprPtr conjoin(ExprPtr first, ExprPtr second) {
    if (!second)
      return first;
    auto b = std::make_unique<BoolOpExpr>();
    b->op = BoolOpKind::And;
    b->range = second->range;
    b->values.push_back(std::move(first));
    if (second->kind == ExprKind::BoolOp &&
        as<BoolOpExpr>(*second).op == BoolOpKind::And) {
      for (auto &v : as<BoolOpExpr>(*second).values)
        b->values.push_back(std::move(v));
    } else {
      b->values.push_back(std::move(second));
    }
    return b;
  }
};

/// Whether code sets a jump's flag: never, on some paths, or on all.
enum class Sets { Never, Maybe, Always };

/// Rewrites the jumps of one kind inside a block.
struct Rewriter {
  Builder &build;
  Jump kind;
  std::string flag;
  std::string retval; // Return only

  /// What `b` does with the flag, before any rewriting.
  Sets analyze(const StmtList &b) {
    Sets result = Sets::Never;
    for (auto &s : b) {
      Sets sets = analyze(*s);
      if (sets == Sets::Always)
        return Sets::Always;
      if (sets == Sets::Maybe)
        result = Sets::Maybe;
    }
    return result;
  }
  Sets analyze(const Stmt &s) {
    if (isJump(s, kind))
      return Sets::Always;
    if (s.kind == StmtKind::If)
      return either(analyze(as<IfStmt>(s).body), analyze(as<IfStmt>(s).orelse));
    return contains(s, kind) ? Sets::Maybe : Sets::Never;
  }

  Sets block(StmtList &b) {
    Sets result = Sets::Never;
    for (size_t i = 0; i < b.size(); ++i) {
      if (isJump(*b[i], kind)) {
        StmtList replacement = replace(*b[i]);
        b.erase(b.begin() + i, b.end()); // what follows a jump is dead
        for (auto &r : replacement)
          b.push_back(std::move(r));
        return Sets::Always;
      }
      Sets sets = stmt(*b[i]);
      if (sets == Sets::Never)
        continue;
      if (sets == Sets::Always) {
        b.erase(b.begin() + i + 1, b.end());
        return Sets::Always;
      }
      result = Sets::Maybe;
      if (i + 1 == b.size())
        break;
      // Otherwise the rest is guarded by the flag, and rewritten when the
      // loop reaches the guard.
      auto guard = std::make_unique<IfStmt>();
      guard->range = {b[i + 1]->range.begin, b.back()->range.end};
      guard->test = build.notFlag(flag, guard->range);
      for (size_t j = i + 1; j < b.size(); ++j)
        guard->body.push_back(std::move(b[j]));
      b.erase(b.begin() + i + 1, b.end());
      b.push_back(std::move(guard));
    }
    return result;
  }

  /// The flag set (and for a return, the value kept first: should the
  /// value raise, the flag stays clear and a handler around the return
  /// carries on with the code after it, as TensorFlow's converted code,
  /// which clears the flag again in an `except`, does).
  StmtList replace(Stmt &jump) {
    StmtList out;
    if (kind == Jump::Return) {
      auto &r = as<ReturnStmt>(jump);
      ExprPtr value =
          r.value ? std::move(r.value)
                  : build.constant(ConstantExpr::Type::None, false, jump.range);
      out.push_back(build.assign(retval, std::move(value), jump.range));
    }
    out.push_back(build.setFlag(flag, true, jump.range));
    return out;
  }

  static Sets either(Sets a, Sets b) {
    if (a == Sets::Always && b == Sets::Always)
      return Sets::Always;
    return a == Sets::Never && b == Sets::Never ? Sets::Never : Sets::Maybe;
  }

  Sets stmt(Stmt &s) {
    switch (s.kind) {
    case StmtKind::If: {
      Sets a = block(as<IfStmt>(s).body);
      Sets b = block(as<IfStmt>(s).orelse);
      return either(a, b);
    }
    case StmtKind::For:
    case StmtKind::While: {
      if (kind != Jump::Return)
        return Sets::Never; // the nested loop's own jumps
      StmtList &body =
          s.kind == StmtKind::For ? as<ForStmt>(s).body : as<WhileStmt>(s).body;
      if (block(body) == Sets::Never)
        return Sets::Never;
      addExtraTest(s, build.notFlag(flag, s.range));
      return Sets::Maybe;
    }
    case StmtKind::With: {
      Sets sets = block(as<WithStmt>(s).body);
      return sets == Sets::Never ? Sets::Never : Sets::Maybe;
    }
    case StmtKind::Try: {
      auto &t = as<TryStmt>(s);
      bool may = block(t.body) != Sets::Never;
      for (auto &h : t.handlers)
        may |= block(h.body) != Sets::Never;
      may |= block(t.orelse) != Sets::Never;
      may |= block(t.finalbody) != Sets::Never;
      return may ? Sets::Maybe : Sets::Never;
    }
    default:
      return Sets::Never;
    }
  }

  static void addExtraTest(Stmt &loop, ExprPtr test) {
    if (loop.kind == StmtKind::For) {
      auto &f = as<ForStmt>(loop);
      f.extraTest = Builder::conjoin(std::move(test), std::move(f.extraTest));
    } else {
      auto &w = as<WhileStmt>(loop);
      w.test = Builder::conjoin(std::move(test), std::move(w.test));
    }
  }
};

/// AutoGraph's conditional-return rewrite, done before returns become flags:
/// after an `if` one of whose branches definitely returns, the statements
/// that follow in the same block move into its other branch, so that both
/// branches return a value. The moved statements are not rewritten again
/// inside that branch: in
///
///   if a:                      if a:
///       return x                   return x
///   elif b:            ->      else:
///       return y                   if b:
///   return z                           return y
///                                  return z
///
/// `return z` follows the inner `if` without moving into its `else`, so a
/// staged `b` has a branch without a return value, which TensorFlow rejects.
/// Returns whether `b` definitely returns.
bool collapseReturns(StmtList &b) {
  bool definitely = false;
  StmtList out;
  StmtList *dest = &out;
  for (auto &s : b) {
    StmtList *next = nullptr;
    switch (s->kind) {
    case StmtKind::Return:
      definitely = true;
      break;
    case StmtKind::If: {
      auto &branchy = as<IfStmt>(*s);
      bool thenReturns = collapseReturns(branchy.body);
      bool elseReturns = collapseReturns(branchy.orelse);
      definitely |= thenReturns && elseReturns;
      if (thenReturns)
        next = &branchy.orelse;
      else if (elseReturns)
        next = &branchy.body;
      break;
    }
    case StmtKind::With:
      definitely |= collapseReturns(as<WithStmt>(*s).body);
      break;
    case StmtKind::For:
      collapseReturns(as<ForStmt>(*s).body);
      collapseReturns(as<ForStmt>(*s).orelse);
      break;
    case StmtKind::While:
      collapseReturns(as<WhileStmt>(*s).body);
      collapseReturns(as<WhileStmt>(*s).orelse);
      break;
    case StmtKind::Try: {
      auto &t = as<TryStmt>(*s);
      for (StmtList *l : {&t.body, &t.orelse, &t.finalbody})
        collapseReturns(*l);
      for (auto &h : t.handlers)
        collapseReturns(h.body);
      break;
    }
    default:
      break;
    }
    dest->push_back(std::move(s));
    if (next)
      dest = next;
  }
  b = std::move(out);
  return definitely;
}

StmtList &loopBody(Stmt &s) {
  return s.kind == StmtKind::For ? as<ForStmt>(s).body : as<WhileStmt>(s).body;
}

/// Gives every loop in `b` (at any depth) that breaks or continues its own
/// flag. Inner loops are lowered first, so an outer loop sees only its own
/// jumps.
void lowerLoops(StmtList &b, Builder &build, Jump kind) {
  for (size_t i = 0; i < b.size(); ++i) {
    Stmt &s = *b[i];
    switch (s.kind) {
    case StmtKind::If:
      lowerLoops(as<IfStmt>(s).body, build, kind);
      lowerLoops(as<IfStmt>(s).orelse, build, kind);
      break;
    case StmtKind::With:
      lowerLoops(as<WithStmt>(s).body, build, kind);
      break;
    case StmtKind::Try: {
      auto &t = as<TryStmt>(s);
      lowerLoops(t.body, build, kind);
      for (auto &h : t.handlers)
        lowerLoops(h.body, build, kind);
      lowerLoops(t.orelse, build, kind);
      lowerLoops(t.finalbody, build, kind);
      break;
    }
    case StmtKind::For:
    case StmtKind::While: {
      StmtList &body = loopBody(s);
      lowerLoops(body, build, kind);
      if (!contains(body, kind))
        break;
      bool isBreak = kind == Jump::Break;
      Rewriter rw{build, kind, build.fresh(isBreak ? "break_" : "continue_"),
                  ""};
      rw.block(body);
      if (isBreak) {
        Rewriter::addExtraTest(s, build.notFlag(rw.flag, s.range));
        b.insert(b.begin() + i, build.setFlag(rw.flag, false, s.range));
        ++i;
      } else {
        // After the loop's set_loop_options call, which must stay among
        // its leading statements (AutoGraph reads its directives before
        // it lowers `continue`).
        size_t options = loopOptionsIndex(body);
        size_t at = options < body.size() ? options + 1 : 0;
        body.insert(body.begin() + at, build.setFlag(rw.flag, false, s.range));
      }
      break;
    }
    default:
      break;
    }
  }
}

/// Whether some loop has an `else` clause (AutoGraph does not convert those).
const char *loopElse(const StmtList &b) {
  for (auto &s : b) {
    switch (s->kind) {
    case StmtKind::For:
      if (!as<ForStmt>(*s).orelse.empty())
        return "for/else statement not yet supported";
      if (auto *why = loopElse(as<ForStmt>(*s).body))
        return why;
      break;
    case StmtKind::While:
      if (!as<WhileStmt>(*s).orelse.empty())
        return "while/else statement not yet supported";
      if (auto *why = loopElse(as<WhileStmt>(*s).body))
        return why;
      break;
    case StmtKind::If:
      if (auto *why = loopElse(as<IfStmt>(*s).body))
        return why;
      if (auto *why = loopElse(as<IfStmt>(*s).orelse))
        return why;
      break;
    case StmtKind::With:
      if (auto *why = loopElse(as<WithStmt>(*s).body))
        return why;
      break;
    case StmtKind::Try: {
      auto &t = as<TryStmt>(*s);
      for (const StmtList *l : {&t.body, &t.orelse, &t.finalbody})
        if (auto *why = loopElse(*l))
          return why;
      for (auto &h : t.handlers)
        if (auto *why = loopElse(h.body))
          return why;
      break;
    }
    default:
      break;
    }
  }
  return nullptr;
}

/// Whether a `finally` block jumps out (which swallows an exception in
/// flight: flags cannot express that).
bool jumpInFinally(const StmtList &b) {
  for (auto &s : b) {
    switch (s->kind) {
    case StmtKind::Try: {
      auto &t = as<TryStmt>(*s);
      for (Jump k : {Jump::Break, Jump::Continue, Jump::Return})
        if (contains(t.finalbody, k))
          return true;
      for (const StmtList *l : {&t.body, &t.orelse, &t.finalbody})
        if (jumpInFinally(*l))
          return true;
      for (auto &h : t.handlers)
        if (jumpInFinally(h.body))
          return true;
      break;
    }
    case StmtKind::If:
      if (jumpInFinally(as<IfStmt>(*s).body) ||
          jumpInFinally(as<IfStmt>(*s).orelse))
        return true;
      break;
    case StmtKind::For:
      if (jumpInFinally(as<ForStmt>(*s).body))
        return true;
      break;
    case StmtKind::While:
      if (jumpInFinally(as<WhileStmt>(*s).body))
        return true;
      break;
    case StmtKind::With:
      if (jumpInFinally(as<WithStmt>(*s).body))
        return true;
      break;
    default:
      break;
    }
  }
  return false;
}

} // namespace

void lowerJumps(FunctionDefStmt &fn, FunctionInfo &info) {
  if (jumpInFinally(fn.body)) {
    info.converted = false;
    info.notConverted = "a jump out of a finally block is not supported";
    return;
  }
  if (const char *why = loopElse(fn.body)) {
    info.converted = false;
    info.notConverted = why;
    return;
  }
  info.converted = true;
  Builder build{*fn.scope};
  lowerLoops(fn.body, build, Jump::Break);
  lowerLoops(fn.body, build, Jump::Continue);

  // A return as the last statement needs no flag.
  bool tailOnly = true;
  for (size_t i = 0; i < fn.body.size(); ++i)
    if (contains(*fn.body[i], Jump::Return) &&
        !(i + 1 == fn.body.size() && fn.body[i]->kind == StmtKind::Return))
      tailOnly = false;
  if (tailOnly)
    return;
  SourceRange start = fn.body.front()->range, end = fn.body.back()->range;
  collapseReturns(fn.body);
  Rewriter rw{build, Jump::Return, build.fresh("do_return"),
              build.fresh("retval_")};
  rw.block(fn.body);
  fn.body.insert(
      fn.body.begin(),
      build.assign(rw.retval,
                   build.constant(ConstantExpr::Type::None, false, start),
                   start));
  fn.body.insert(fn.body.begin(), build.setFlag(rw.flag, false, start));
  auto ret = std::make_unique<ReturnStmt>();
  ret->range = end;
  ret->value = build.name(rw.retval, ExprContext::Load, end);
  fn.body.push_back(std::move(ret));
}

} // namespace kiln::autograph
