// Two walks per scope: `collect` finds what a scope binds (without entering
// nested scopes), then `resolve` binds every name use, entering nested scopes
// once their enclosing scope's bindings are complete.
#include "kiln/frontend/Resolver.h"

#include "kiln/frontend/AstChildren.h"

namespace kiln {

using namespace ast;

int Scope::addLocal(const std::string &id) {
  auto it = localIndex.find(id);
  if (it != localIndex.end())
    return it->second;
  int index = static_cast<int>(locals.size());
  locals.push_back(id);
  localIndex[id] = index;
  return index;
}

namespace {

bool isBuiltinName(const std::string &id);

class Resolver {
public:
  Resolver(Module &module, DiagnosticEngine &diags)
      : module_(module), diags_(diags) {}

  void run() {
    Scope *scope = newScope(Scope::Kind::Module, "<module>", nullptr);
    module_.scope = scope;
    collectStmts(*scope, module_.body);
    resolveStmts(*scope, module_.body);
  }

  /// Warns at each read of a global that nothing in the module binds and
  /// that is not a builtin: a NameError when that line runs. A `from m
  /// import *` may bind anything, so it silences the check.
  void warnUndefinedGlobals() {
    if (starImport_)
      return;
    for (const NameExpr *name : globalReads_)
      if (!globalsBound_.count(name->id) && !isBuiltinName(name->id))
        diags_.report(Severity::Warning, name->range,
                      "undefined name '" + name->id + "'");
  }

  bool ok() const { return ok_; }

private:
  Scope *newScope(Scope::Kind kind, std::string name, Scope *parent) {
    module_.scopes.push_back(std::make_unique<Scope>());
    Scope *s = module_.scopes.back().get();
    s->kind = kind;
    s->name = std::move(name);
    s->parent = parent;
    return s;
  }

  void error(SourceRange r, const std::string &message) {
    diags_.error(r, message);
    ok_ = false;
  }

  /// CPython's words for a comprehension scope, by its name.
  static std::string comprehensionKind(const std::string &name) {
    return name == "<listcomp>"   ? "list comprehension"
           : name == "<setcomp>"  ? "set comprehension"
           : name == "<dictcomp>" ? "dict comprehension"
                                  : "generator expression";
  }

  // ---- collect: what does this scope bind? ----

  void bind(Scope &scope, const std::string &id) {
    if (scope.kind == Scope::Kind::Module)
      return;
    boundSoFar_[&scope].insert(id);
    if (scope.globals.count(id) || scope.nonlocals.count(id))
      return;
    if (scope.kind == Scope::Kind::Class)
      scope.classNames.insert(id);
    else
      scope.addLocal(id);
  }

  void collectTarget(Scope &scope, const Expr &e) {
    switch (e.kind) {
    case ExprKind::Name:
      bind(scope, as<NameExpr>(e).id);
      break;
    case ExprKind::Starred:
      collectTarget(scope, *as<StarredExpr>(e).value);
      break;
    case ExprKind::List:
    case ExprKind::Tuple:
      for (auto &elt : as<SequenceExpr>(e).elts)
        collectTarget(scope, *elt);
      break;
    default:
      break; // attributes and subscripts bind nothing
    }
  }

  void declare(Scope &scope, const NameListStmt &s) {
    bool global = s.kind == StmtKind::Global;
    for (auto &id : s.names) {
      if (scope.kind == Scope::Kind::Module) {
        if (!global)
          error(s.range, "nonlocal declaration not allowed at module level");
        continue;
      }
      if (scope.localIndex.count(id) &&
          scope.localIndex.at(id) < paramCount(scope)) {
        error(s.range, "name '" + id + "' is parameter and " +
                           (global ? "global" : "nonlocal"));
        continue;
      }
      // CPython's symtable refuses a declaration after the name was bound
      // (or, checked in bindName, read) in the same scope.
      declaredAt_[&scope][id] = {s.range, global};
      if (boundSoFar_[&scope].count(id)) {
        // Reported once the scope's reads are known: a read before the
        // declaration takes precedence ("used prior"), as in CPython.
        assignedBefore_[&scope].insert(id);
        continue;
      }
      if (!global && !enclosingBinds(scope, id)) {
        error(s.range, "no binding for nonlocal '" + id + "' found");
        continue;
      }
      (global ? scope.globals : scope.nonlocals).insert(id);
    }
  }

  /// Whether a function scope enclosing `scope` binds `id` (class bodies
  /// and the module do not count for `nonlocal`).
  static bool enclosingBinds(const Scope &scope, const std::string &id) {
    for (const Scope *s = scope.parent; s; s = s->parent) {
      if (s->kind == Scope::Kind::Class)
        continue;
      if (s->kind == Scope::Kind::Module)
        return false;
      if (s->globals.count(id))
        return false;
      if (s->localIndex.count(id) || s->nonlocals.count(id))
        return true;
    }
    return false;
  }

  std::map<const Scope *, int> paramCounts_;
  int paramCount(const Scope &scope) {
    auto it = paramCounts_.find(&scope);
    return it == paramCounts_.end() ? 0 : it->second;
  }

  void collectStmts(Scope &scope, const StmtList &body) {
    for (auto &s : body)
      collectStmt(scope, *s);
  }

  void collectStmt(Scope &scope, const Stmt &s) {
    collectNamedExprs(scope, s);
    switch (s.kind) {
    case StmtKind::FunctionDef:
      bind(scope, as<FunctionDefStmt>(s).name);
      break;
    case StmtKind::ClassDef:
      bind(scope, as<ClassDefStmt>(s).name);
      break;
    case StmtKind::Assign:
      for (auto &t : as<AssignStmt>(s).targets)
        collectTarget(scope, *t);
      break;
    case StmtKind::AugAssign:
      collectTarget(scope, *as<AugAssignStmt>(s).target);
      break;
    case StmtKind::AnnAssign:
      collectTarget(scope, *as<AnnAssignStmt>(s).target);
      break;
    case StmtKind::Delete:
      for (auto &t : as<DeleteStmt>(s).targets)
        collectTarget(scope, *t);
      break;
    case StmtKind::For: {
      auto &f = as<ForStmt>(s);
      collectTarget(scope, *f.target);
      collectStmts(scope, f.body);
      collectStmts(scope, f.orelse);
      break;
    }
    case StmtKind::While:
      collectStmts(scope, as<WhileStmt>(s).body);
      collectStmts(scope, as<WhileStmt>(s).orelse);
      break;
    case StmtKind::If:
      collectStmts(scope, as<IfStmt>(s).body);
      collectStmts(scope, as<IfStmt>(s).orelse);
      break;
    case StmtKind::With:
      for (auto &item : as<WithStmt>(s).items)
        if (item.optionalVars)
          collectTarget(scope, *item.optionalVars);
      collectStmts(scope, as<WithStmt>(s).body);
      break;
    case StmtKind::Try: {
      auto &t = as<TryStmt>(s);
      collectStmts(scope, t.body);
      for (auto &h : t.handlers) {
        if (!h.name.empty())
          bind(scope, h.name);
        collectStmts(scope, h.body);
      }
      collectStmts(scope, t.orelse);
      collectStmts(scope, t.finalbody);
      break;
    }
    case StmtKind::Import:
      for (auto &a : as<ImportStmt>(s).names)
        bind(scope, importedName(a));
      break;
    case StmtKind::ImportFrom:
      for (auto &a : as<ImportFromStmt>(s).names)
        if (a.name != "*")
          bind(scope, a.asname.empty() ? a.name : a.asname);
      break;
    case StmtKind::Global:
    case StmtKind::Nonlocal:
      declare(scope, as<NameListStmt>(s));
      break;
    default:
      break;
    }
  }

  /// Binds the targets of the `:=` in the expressions a statement
  /// evaluates in `scope` (its nested bodies are collectStmt's).
  void collectNamedExprs(Scope &scope, const Stmt &s) {
    forEachStmtExpr(s, [&](const Expr *e) { collectNamedExprs(scope, e); });
  }

  /// A `:=` binds in the scope that evaluates it, and from inside a
  /// comprehension in the scope around it (PEP 572); a lambda's body is a
  /// scope of its own, collected when the lambda is resolved.
  void collectNamedExprs(Scope &scope, const Expr *e) {
    if (!e)
      return;
    if (e->kind == ExprKind::Lambda) {
      for (auto &d : as<LambdaExpr>(*e).args.defaults)
        collectNamedExprs(scope, d.get());
      for (auto &d : as<LambdaExpr>(*e).args.kwDefaults)
        collectNamedExprs(scope, d.get());
      return;
    }
    if (e->kind == ExprKind::NamedExpr)
      collectTarget(scope, *as<NamedExprExpr>(*e).target);
    forEachChild(*e, [&](const Expr *c) { collectNamedExprs(scope, c); });
  }

  static std::string importedName(const Alias &a) {
    if (!a.asname.empty())
      return a.asname;
    return a.name.substr(0, a.name.find('.')); // `import a.b` binds `a`
  }

  // ---- resolve: bind every use ----

  /// Binds `name` as used in `scope`.
  void bindName(Scope &scope, NameExpr &name) {
    const std::string &id = name.id;
    checkUsedBeforeDeclaration(scope, name);
    if (scope.kind == Scope::Kind::Module || scope.globals.count(id)) {
      bindGlobal(name);
      return;
    }
    if (scope.kind == Scope::Kind::Class) {
      if (scope.classNames.count(id) || name.ctx != ExprContext::Load) {
        name.binding = NameBinding::ClassBody;
        return;
      }
      // A class body reads other names from enclosing functions or globals.
      bindFree(scope.parent, name, 0);
      return;
    }
    if (!scope.nonlocals.count(id)) {
      auto it = scope.localIndex.find(id);
      if (it != scope.localIndex.end()) {
        name.binding = NameBinding::Local;
        name.slot = it->second;
        return;
      }
    }
    bindFree(scope.parent, name, 1);
  }

  /// A read of a name that a later `global`/`nonlocal` in the same scope
  /// declares is an error at that declaration (reported once per name).
  void checkUsedBeforeDeclaration(Scope &scope, const NameExpr &name) {
    auto scopeIt = declaredAt_.find(&scope);
    if (scopeIt == declaredAt_.end())
      return;
    auto it = scopeIt->second.find(name.id);
    if (it == scopeIt->second.end() || name.ctx != ExprContext::Load)
      return;
    const SourceLoc &use = name.range.begin, &decl = it->second.range.begin;
    if (use.line > decl.line || (use.line == decl.line && use.col > decl.col))
      return;
    error(it->second.range, "name '" + name.id + "' is used prior to " +
                                (it->second.global ? "global" : "nonlocal") +
                                " declaration");
    assignedBefore_[&scope].erase(name.id);
    scopeIt->second.erase(it);
  }

  /// Reports the declarations that followed a binding but no read.
  void reportAssignedBeforeDeclaration(Scope &scope) {
    for (const std::string &id : assignedBefore_[&scope]) {
      const Declaration &d = declaredAt_[&scope].at(id);
      error(d.range, "name '" + id + "' is assigned to before " +
                         (d.global ? "global" : "nonlocal") + " declaration");
    }
  }

  /// Looks for `name` in the function scopes enclosing `scope`, `depth`
  /// frames out; falls back to a global.
  void bindFree(Scope *scope, NameExpr &name, int depth) {
    for (Scope *s = scope; s; s = s->parent) {
      if (s->kind == Scope::Kind::Class)
        continue; // class bodies are not visible to nested functions
      if (s->kind == Scope::Kind::Module)
        break;
      if (s->globals.count(name.id))
        break;
      auto it = s->localIndex.find(name.id);
      if (it != s->localIndex.end() && !s->nonlocals.count(name.id)) {
        name.binding = NameBinding::Free;
        name.depth = depth;
        name.slot = it->second;
        return;
      }
      if (s->nonlocals.count(name.id)) {
        // Declared nonlocal there too: keep searching outward.
      }
      ++depth;
    }
    bindGlobal(name);
  }

  void bindGlobal(NameExpr &name) {
    name.binding = NameBinding::Global;
    if (name.ctx == ExprContext::Load)
      globalReads_.push_back(&name);
    else
      globalsBound_.insert(name.id);
  }

  struct Context {
    Scope *scope;
    int loopDepth = 0;
  };

  void resolveStmts(Scope &scope, StmtList &body) {
    Context ctx{&scope};
    for (auto &s : body)
      resolveStmt(ctx, *s);
    reportAssignedBeforeDeclaration(scope);
  }

  void resolveBody(Context &ctx, StmtList &body) {
    for (auto &s : body)
      resolveStmt(ctx, *s);
  }

  void resolveArguments(Context &ctx, Arguments &args) {
    // Defaults and annotations are evaluated in the enclosing scope.
    for (auto &d : args.defaults)
      resolveExpr(ctx, *d);
    for (auto &d : args.kwDefaults)
      if (d)
        resolveExpr(ctx, *d);
    auto annotate = [&](Arg &a) {
      if (a.annotation)
        resolveExpr(ctx, *a.annotation);
    };
    for (auto &a : args.posonly)
      annotate(a);
    for (auto &a : args.args)
      annotate(a);
    for (auto &a : args.kwonly)
      annotate(a);
    if (args.vararg)
      annotate(*args.vararg);
    if (args.kwarg)
      annotate(*args.kwarg);
  }

  Scope *enterFunction(Scope::Kind kind, const std::string &name, Scope *parent,
                       Arguments &args) {
    Scope *scope = newScope(kind, name, parent);
    for (auto &a : args.posonly)
      scope->addLocal(a.name);
    for (auto &a : args.args)
      scope->addLocal(a.name);
    if (args.vararg)
      scope->addLocal(args.vararg->name);
    for (auto &a : args.kwonly)
      scope->addLocal(a.name);
    if (args.kwarg)
      scope->addLocal(args.kwarg->name);
    paramCounts_[scope] = static_cast<int>(scope->locals.size());
    return scope;
  }

  void resolveStmt(Context &ctx, Stmt &s) {
    Scope &scope = *ctx.scope;
    switch (s.kind) {
    case StmtKind::FunctionDef: {
      auto &f = as<FunctionDefStmt>(s);
      for (auto &d : f.decorators)
        resolveExpr(ctx, *d);
      resolveArguments(ctx, f.args);
      if (f.returns)
        resolveExpr(ctx, *f.returns);
      f.scope = enterFunction(Scope::Kind::Function, f.name, &scope, f.args);
      collectStmts(*f.scope, f.body);
      resolveStmts(*f.scope, f.body);
      bindName(scope, f.target);
      break;
    }
    case StmtKind::ClassDef: {
      auto &c = as<ClassDefStmt>(s);
      for (auto &d : c.decorators)
        resolveExpr(ctx, *d);
      for (auto &b : c.bases)
        resolveExpr(ctx, *b);
      for (auto &k : c.keywords)
        resolveExpr(ctx, *k.value);
      c.scope = newScope(Scope::Kind::Class, c.name, &scope);
      collectStmts(*c.scope, c.body);
      resolveStmts(*c.scope, c.body);
      bindName(scope, c.target);
      break;
    }
    case StmtKind::Return:
      if (!scope.isFunctionLike())
        error(s.range, "'return' outside function");
      if (auto &v = as<ReturnStmt>(s).value)
        resolveExpr(ctx, *v);
      break;
    case StmtKind::Delete:
      for (auto &t : as<DeleteStmt>(s).targets)
        resolveExpr(ctx, *t);
      break;
    case StmtKind::Assign: {
      auto &a = as<AssignStmt>(s);
      resolveExpr(ctx, *a.value);
      for (auto &t : a.targets)
        resolveExpr(ctx, *t);
      break;
    }
    case StmtKind::AugAssign:
      resolveExpr(ctx, *as<AugAssignStmt>(s).value);
      resolveExpr(ctx, *as<AugAssignStmt>(s).target);
      break;
    case StmtKind::AnnAssign: {
      auto &a = as<AnnAssignStmt>(s);
      resolveExpr(ctx, *a.annotation);
      if (a.value)
        resolveExpr(ctx, *a.value);
      resolveExpr(ctx, *a.target);
      break;
    }
    case StmtKind::For: {
      auto &f = as<ForStmt>(s);
      resolveExpr(ctx, *f.iter);
      resolveExpr(ctx, *f.target);
      ++ctx.loopDepth;
      resolveBody(ctx, f.body);
      --ctx.loopDepth;
      resolveBody(ctx, f.orelse);
      break;
    }
    case StmtKind::While: {
      auto &w = as<WhileStmt>(s);
      resolveExpr(ctx, *w.test);
      ++ctx.loopDepth;
      resolveBody(ctx, w.body);
      --ctx.loopDepth;
      resolveBody(ctx, w.orelse);
      break;
    }
    case StmtKind::If: {
      auto &i = as<IfStmt>(s);
      resolveExpr(ctx, *i.test);
      resolveBody(ctx, i.body);
      resolveBody(ctx, i.orelse);
      break;
    }
    case StmtKind::With: {
      auto &w = as<WithStmt>(s);
      for (auto &item : w.items) {
        resolveExpr(ctx, *item.contextExpr);
        if (item.optionalVars)
          resolveExpr(ctx, *item.optionalVars);
      }
      resolveBody(ctx, w.body);
      break;
    }
    case StmtKind::Raise: {
      auto &r = as<RaiseStmt>(s);
      if (r.exc)
        resolveExpr(ctx, *r.exc);
      if (r.cause)
        resolveExpr(ctx, *r.cause);
      break;
    }
    case StmtKind::Try: {
      auto &t = as<TryStmt>(s);
      resolveBody(ctx, t.body);
      for (auto &h : t.handlers) {
        if (h.type)
          resolveExpr(ctx, *h.type);
        if (!h.name.empty())
          bindName(scope, h.target);
        resolveBody(ctx, h.body);
      }
      resolveBody(ctx, t.orelse);
      resolveBody(ctx, t.finalbody);
      break;
    }
    case StmtKind::Assert: {
      auto &a = as<AssertStmt>(s);
      resolveExpr(ctx, *a.test);
      if (a.msg)
        resolveExpr(ctx, *a.msg);
      break;
    }
    case StmtKind::Import:
      for (auto &a : as<ImportStmt>(s).names) {
        a.target.id = importedName(a);
        a.target.ctx = ExprContext::Store;
        bindName(scope, a.target);
      }
      break;
    case StmtKind::ImportFrom:
      for (auto &a : as<ImportFromStmt>(s).names) {
        if (a.name == "*") {
          if (scope.kind != Scope::Kind::Module)
            error(a.range, "import * only allowed at module level");
          starImport_ = true;
          continue;
        }
        a.target.id = a.asname.empty() ? a.name : a.asname;
        a.target.ctx = ExprContext::Store;
        bindName(scope, a.target);
      }
      break;
    case StmtKind::Expr:
      resolveExpr(ctx, *as<ExprStmt>(s).value);
      break;
    case StmtKind::Break:
      if (ctx.loopDepth == 0)
        error(s.range, "'break' outside loop");
      break;
    case StmtKind::Continue:
      if (ctx.loopDepth == 0)
        error(s.range, "'continue' not properly in loop");
      break;
    case StmtKind::Global:
    case StmtKind::Nonlocal:
    case StmtKind::Pass:
      break;
    }
  }

  void resolveExprs(Context &ctx, ExprList &list) {
    for (auto &e : list)
      if (e)
        resolveExpr(ctx, *e);
  }

  void resolveComprehension(Context &ctx, ComprehensionExpr &c) {
    static const char *names[] = {"<listcomp>", "<setcomp>", "<dictcomp>",
                                  "<genexpr>"};
    int which = c.kind == ExprKind::ListComp   ? 0
                : c.kind == ExprKind::SetComp  ? 1
                : c.kind == ExprKind::DictComp ? 2
                                               : 3;
    for (auto &g : c.generators)
      rejectNamedExprIn(*g.iter);
    // The outermost iterable is evaluated in the enclosing scope.
    resolveExpr(ctx, *c.generators[0].iter);
    Scope *scope =
        newScope(Scope::Kind::Comprehension, names[which], ctx.scope);
    c.scope = scope;
    for (auto &g : c.generators)
      collectTarget(*scope, *g.target);
    Context inner{scope};
    for (size_t i = 0; i < c.generators.size(); ++i) {
      auto &g = c.generators[i];
      if (i > 0)
        resolveExpr(inner, *g.iter);
      resolveExpr(inner, *g.target);
      resolveExprs(inner, g.ifs);
    }
    resolveExpr(inner, *c.elt);
    if (c.value)
      resolveExpr(inner, *c.value);
  }

  /// A comprehension's iterables cannot hold a `:=` (outside a lambda).
  void rejectNamedExprIn(const Expr &e) {
    if (e.kind == ExprKind::Lambda)
      return;
    if (e.kind == ExprKind::NamedExpr) {
      error(e.range, "assignment expression cannot be used in a "
                     "comprehension iterable expression");
      return;
    }
    forEachChild(e, [&](const Expr *c) {
      if (c)
        rejectNamedExprIn(*c);
    });
  }

  /// CPython's two SyntaxErrors for a `:=` inside a comprehension: it
  /// cannot rebind an iteration variable, and it cannot bind in a class
  /// body (the comprehension could not see the class's names).
  void checkNamedExprInComprehension(Scope &comprehension,
                                     const NamedExprExpr &n) {
    const std::string &id = as<NameExpr>(*n.target).id;
    Scope *s = &comprehension;
    for (; s->kind == Scope::Kind::Comprehension; s = s->parent)
      if (s->localIndex.count(id)) {
        error(n.target->range,
              "assignment expression cannot rebind comprehension iteration "
              "variable '" +
                  id + "'");
        return;
      }
    if (s->kind == Scope::Kind::Class)
      error(n.target->range, "assignment expression within a comprehension "
                             "cannot be used in a class body");
  }

  void resolveExpr(Context &ctx, Expr &e) {
    switch (e.kind) {
    case ExprKind::Name:
      bindName(*ctx.scope, as<NameExpr>(e));
      break;
    case ExprKind::Constant:
      break;
    case ExprKind::JoinedStr:
      resolveExprs(ctx, as<JoinedStrExpr>(e).values);
      break;
    case ExprKind::FormattedValue: {
      auto &f = as<FormattedValueExpr>(e);
      resolveExpr(ctx, *f.value);
      if (f.formatSpec)
        resolveExpr(ctx, *f.formatSpec);
      break;
    }
    case ExprKind::BinOp:
      resolveExpr(ctx, *as<BinOpExpr>(e).left);
      resolveExpr(ctx, *as<BinOpExpr>(e).right);
      break;
    case ExprKind::UnaryOp:
      resolveExpr(ctx, *as<UnaryOpExpr>(e).operand);
      break;
    case ExprKind::BoolOp:
      resolveExprs(ctx, as<BoolOpExpr>(e).values);
      break;
    case ExprKind::Compare:
      resolveExpr(ctx, *as<CompareExpr>(e).left);
      resolveExprs(ctx, as<CompareExpr>(e).comparators);
      break;
    case ExprKind::IfExp: {
      auto &i = as<IfExpExpr>(e);
      resolveExpr(ctx, *i.test);
      resolveExpr(ctx, *i.body);
      resolveExpr(ctx, *i.orelse);
      break;
    }
    case ExprKind::Lambda: {
      auto &l = as<LambdaExpr>(e);
      resolveArguments(ctx, l.args);
      l.scope =
          enterFunction(Scope::Kind::Lambda, "<lambda>", ctx.scope, l.args);
      collectNamedExprs(*l.scope, l.body.get());
      Context inner{l.scope};
      resolveExpr(inner, *l.body);
      break;
    }
    case ExprKind::Call: {
      auto &c = as<CallExpr>(e);
      resolveExpr(ctx, *c.func);
      resolveExprs(ctx, c.args);
      for (auto &k : c.keywords)
        resolveExpr(ctx, *k.value);
      break;
    }
    case ExprKind::Attribute:
      resolveExpr(ctx, *as<AttributeExpr>(e).value);
      break;
    case ExprKind::Subscript:
      resolveExpr(ctx, *as<SubscriptExpr>(e).value);
      resolveExpr(ctx, *as<SubscriptExpr>(e).slice);
      break;
    case ExprKind::Slice: {
      auto &s = as<SliceExpr>(e);
      for (auto *part : {&s.lower, &s.upper, &s.step})
        if (*part)
          resolveExpr(ctx, **part);
      break;
    }
    case ExprKind::Starred:
      resolveExpr(ctx, *as<StarredExpr>(e).value);
      break;
    case ExprKind::NamedExpr: {
      auto &n = as<NamedExprExpr>(e);
      resolveExpr(ctx, *n.value);
      if (ctx.scope->kind == Scope::Kind::Comprehension)
        checkNamedExprInComprehension(*ctx.scope, n);
      resolveExpr(ctx, *n.target);
      break;
    }
    case ExprKind::Yield: {
      // The scope that yields becomes a generator; a comprehension's or
      // the module's or a class body's yield is CPython's SyntaxError.
      Scope &s = *ctx.scope;
      if (s.kind == Scope::Kind::Comprehension)
        error(e.range, "'yield' inside " + comprehensionKind(s.name));
      else if (!s.isFunctionLike())
        error(e.range, "'yield' outside function");
      else
        s.generator = true;
      if (auto &v = as<YieldExpr>(e).value)
        resolveExpr(ctx, *v);
      break;
    }
    case ExprKind::List:
    case ExprKind::Tuple:
    case ExprKind::Set:
      resolveExprs(ctx, as<SequenceExpr>(e).elts);
      break;
    case ExprKind::Dict:
      resolveExprs(ctx, as<DictExpr>(e).keys);
      resolveExprs(ctx, as<DictExpr>(e).values);
      break;
    case ExprKind::ListComp:
    case ExprKind::SetComp:
    case ExprKind::DictComp:
    case ExprKind::GeneratorExp:
      resolveComprehension(ctx, as<ComprehensionExpr>(e));
      break;
    }
  }

  Module &module_;
  DiagnosticEngine &diags_;
  bool ok_ = true;
  /// Per scope, in source order while collecting: the names bound so far,
  /// where each `global`/`nonlocal` name was declared, and the declarations
  /// that came after a binding (errors, reported after the scope's reads).
  struct Declaration {
    SourceRange range;
    bool global; // else nonlocal
  };
  std::map<const Scope *, std::set<std::string>> boundSoFar_;
  std::map<const Scope *, std::map<std::string, Declaration>> declaredAt_;
  std::map<const Scope *, std::set<std::string>> assignedBefore_;
  /// Reads of globals, and the names the module binds (at its top level,
  /// or in functions that declare them global).
  std::vector<const NameExpr *> globalReads_;
  std::set<std::string> globalsBound_;
  bool starImport_ = false;
};

/// Python 3.11's builtins module.
bool isBuiltinName(const std::string &id) {
  static const std::set<std::string> names = {"ArithmeticError",
                                              "AssertionError",
                                              "AttributeError",
                                              "BaseException",
                                              "BaseExceptionGroup",
                                              "BlockingIOError",
                                              "BrokenPipeError",
                                              "BufferError",
                                              "BytesWarning",
                                              "ChildProcessError",
                                              "ConnectionAbortedError",
                                              "ConnectionError",
                                              "ConnectionRefusedError",
                                              "ConnectionResetError",
                                              "DeprecationWarning",
                                              "EOFError",
                                              "Ellipsis",
                                              "EncodingWarning",
                                              "EnvironmentError",
                                              "Exception",
                                              "ExceptionGroup",
                                              "False",
                                              "FileExistsError",
                                              "FileNotFoundError",
                                              "FloatingPointError",
                                              "FutureWarning",
                                              "GeneratorExit",
                                              "IOError",
                                              "ImportError",
                                              "ImportWarning",
                                              "IndentationError",
                                              "IndexError",
                                              "InterruptedError",
                                              "IsADirectoryError",
                                              "KeyError",
                                              "KeyboardInterrupt",
                                              "LookupError",
                                              "MemoryError",
                                              "ModuleNotFoundError",
                                              "NameError",
                                              "None",
                                              "NotADirectoryError",
                                              "NotImplemented",
                                              "NotImplementedError",
                                              "OSError",
                                              "OverflowError",
                                              "PendingDeprecationWarning",
                                              "PermissionError",
                                              "ProcessLookupError",
                                              "RecursionError",
                                              "ReferenceError",
                                              "ResourceWarning",
                                              "RuntimeError",
                                              "RuntimeWarning",
                                              "StopAsyncIteration",
                                              "StopIteration",
                                              "SyntaxError",
                                              "SyntaxWarning",
                                              "SystemError",
                                              "SystemExit",
                                              "TabError",
                                              "TimeoutError",
                                              "True",
                                              "TypeError",
                                              "UnboundLocalError",
                                              "UnicodeDecodeError",
                                              "UnicodeEncodeError",
                                              "UnicodeError",
                                              "UnicodeTranslateError",
                                              "UnicodeWarning",
                                              "UserWarning",
                                              "ValueError",
                                              "Warning",
                                              "ZeroDivisionError",
                                              "__build_class__",
                                              "__builtins__",
                                              "__debug__",
                                              "__doc__",
                                              "__file__",
                                              "__import__",
                                              "__loader__",
                                              "__name__",
                                              "__package__",
                                              "__spec__",
                                              "abs",
                                              "aiter",
                                              "all",
                                              "anext",
                                              "any",
                                              "ascii",
                                              "bin",
                                              "bool",
                                              "breakpoint",
                                              "bytearray",
                                              "bytes",
                                              "callable",
                                              "chr",
                                              "classmethod",
                                              "compile",
                                              "complex",
                                              "copyright",
                                              "credits",
                                              "delattr",
                                              "dict",
                                              "dir",
                                              "divmod",
                                              "enumerate",
                                              "eval",
                                              "exec",
                                              "exit",
                                              "filter",
                                              "float",
                                              "format",
                                              "frozenset",
                                              "getattr",
                                              "globals",
                                              "hasattr",
                                              "hash",
                                              "help",
                                              "hex",
                                              "id",
                                              "input",
                                              "int",
                                              "isinstance",
                                              "issubclass",
                                              "iter",
                                              "len",
                                              "license",
                                              "list",
                                              "locals",
                                              "map",
                                              "max",
                                              "memoryview",
                                              "min",
                                              "next",
                                              "object",
                                              "oct",
                                              "open",
                                              "ord",
                                              "pow",
                                              "print",
                                              "property",
                                              "quit",
                                              "range",
                                              "repr",
                                              "reversed",
                                              "round",
                                              "set",
                                              "setattr",
                                              "slice",
                                              "sorted",
                                              "staticmethod",
                                              "str",
                                              "sum",
                                              "super",
                                              "tuple",
                                              "type",
                                              "vars",
                                              "zip"};
  return names.count(id) != 0;
}

} // namespace

bool resolveNames(Module &module, DiagnosticEngine &diags, bool warnUndefined) {
  manglePrivateNames(module);
  Resolver r(module, diags);
  r.run();
  if (warnUndefined && r.ok())
    r.warnUndefinedGlobals();
  return r.ok();
}

} // namespace kiln
