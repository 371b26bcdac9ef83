// Parse tree to AST: modules and statements.
#include "AstBuilder.h"

namespace kiln {

using namespace ast;
using antlr4::Token;
using P = grammar::KilnParser;

SourceLoc AstBuilder::loc(Token *token) const {
  SourceLoc l{static_cast<uint32_t>(token->getLine()),
              static_cast<uint32_t>(token->getCharPositionInLine() + 1)};
  if (l.line == 1)
    l.col += origin_.col - 1;
  l.line += origin_.line - 1;
  return l;
}

SourceLoc AstBuilder::endLoc(Token *token) const {
  SourceLoc l = loc(token);
  // Walk the token text: multi-line strings end on a later line.
  for (unsigned char c : token->getText()) {
    if (c == '\n') {
      ++l.line;
      l.col = 1;
    } else if ((c & 0xC0) != 0x80) {
      ++l.col;
    }
  }
  return l;
}

SourceRange AstBuilder::range(Token *token) const {
  return {loc(token), endLoc(token)};
}

SourceRange AstBuilder::range(antlr4::ParserRuleContext *ctx) const {
  Token *stop = ctx->getStop();
  if (!stop || stop->getTokenIndex() < ctx->getStart()->getTokenIndex())
    stop = ctx->getStart();
  return {loc(ctx->getStart()), endLoc(stop)};
}

SourceRange AstBuilder::span(const Node &first, const Node &last) const {
  return {first.range.begin, last.range.end};
}

void AstBuilder::error(SourceRange r, const std::string &message) {
  diags_.error(r, message);
  failed_ = true;
}

void AstBuilder::unsupported(antlr4::ParserRuleContext *ctx,
                             const std::string &what) {
  error(range(ctx), "not supported by kiln: " + what);
}

void AstBuilder::unsupported(Token *token, const std::string &what) {
  error(range(token), "not supported by kiln: " + what);
}

void AstBuilder::buildStmt(P::StmtContext *ctx, StmtList &out) {
  if (auto *simple = ctx->simpleStmts())
    return buildSimpleStmts(simple, out);
  if (StmtPtr s = buildCompound(ctx->compoundStmt()))
    out.push_back(std::move(s));
}

void AstBuilder::buildSimpleStmts(P::SimpleStmtsContext *ctx, StmtList &out) {
  for (auto *simple : ctx->simpleStmt())
    if (StmtPtr s = buildSimpleStmt(simple))
      out.push_back(std::move(s));
}

StmtList AstBuilder::buildBlock(P::BlockContext *ctx) {
  StmtList out;
  if (auto *simple = ctx->simpleStmts()) {
    buildSimpleStmts(simple, out);
    return out;
  }
  for (auto *stmt : ctx->stmt())
    buildStmt(stmt, out);
  return out;
}

static std::vector<std::string>
names(const std::vector<antlr4::tree::TerminalNode *> &nodes) {
  std::vector<std::string> out;
  for (auto *n : nodes)
    out.push_back(n->getText());
  return out;
}

StmtPtr AstBuilder::buildSimpleStmt(P::SimpleStmtContext *ctx) {
  SourceRange r = range(ctx);
  if (auto *e = ctx->exprStmt())
    return buildExprStmt(e);
  if (auto *d = ctx->delStmt()) {
    auto s = make<DeleteStmt>(r);
    ExprPtr targets = buildExprList(d->exprList());
    if (targets->kind == ExprKind::Tuple && d->exprList()->COMMA().size() > 0) {
      for (auto &t : as<SequenceExpr>(*targets).elts)
        s->targets.push_back(std::move(t));
    } else {
      s->targets.push_back(std::move(targets));
    }
    for (auto &t : s->targets)
      setContext(*t, ExprContext::Del, "delete");
    return s;
  }
  if (ctx->passStmt() || ctx->breakStmt() || ctx->continueStmt()) {
    auto s =
        std::make_unique<SimpleStmt>(ctx->passStmt()    ? StmtKind::Pass
                                     : ctx->breakStmt() ? StmtKind::Break
                                                        : StmtKind::Continue);
    s->range = r;
    return s;
  }
  if (auto *ret = ctx->returnStmt()) {
    auto s = make<ReturnStmt>(r);
    if (auto *value = ret->testListStarExpr())
      s->value = starredRejected(buildTestListStarExpr(value));
    return s;
  }
  if (auto *raise = ctx->raiseStmt())
    return buildRaise(raise);
  if (auto *imp = ctx->importStmt())
    return buildImport(imp);
  if (auto *g = ctx->globalStmt()) {
    auto s = std::make_unique<NameListStmt>(StmtKind::Global);
    s->range = r;
    s->names = names(g->NAME());
    return s;
  }
  if (auto *n = ctx->nonlocalStmt()) {
    auto s = std::make_unique<NameListStmt>(StmtKind::Nonlocal);
    s->range = r;
    s->names = names(n->NAME());
    return s;
  }
  auto *a = ctx->assertStmt();
  auto s = make<AssertStmt>(r);
  s->test = buildTest(a->test(0));
  if (a->test().size() > 1)
    s->msg = buildTest(a->test(1));
  return s;
}

static BinaryOp augOp(P::AugAssignOpContext *ctx) {
  switch (ctx->getStart()->getType()) {
  case P::ADD_ASSIGN:
    return BinaryOp::Add;
  case P::SUB_ASSIGN:
    return BinaryOp::Sub;
  case P::MUL_ASSIGN:
    return BinaryOp::Mult;
  case P::AT_ASSIGN:
    return BinaryOp::MatMult;
  case P::DIV_ASSIGN:
    return BinaryOp::Div;
  case P::MOD_ASSIGN:
    return BinaryOp::Mod;
  case P::AND_ASSIGN:
    return BinaryOp::BitAnd;
  case P::OR_ASSIGN:
    return BinaryOp::BitOr;
  case P::XOR_ASSIGN:
    return BinaryOp::BitXor;
  case P::LSHIFT_ASSIGN:
    return BinaryOp::LShift;
  case P::RSHIFT_ASSIGN:
    return BinaryOp::RShift;
  case P::POWER_ASSIGN:
    return BinaryOp::Pow;
  default:
    return BinaryOp::FloorDiv;
  }
}

StmtPtr AstBuilder::buildExprStmt(P::ExprStmtContext *ctx) {
  SourceRange r = range(ctx);
  if (auto *ann = dynamic_cast<P::AnnAssignContext *>(ctx)) {
    auto s = make<AnnAssignStmt>(r);
    s->target = buildTestListStarExpr(ann->testListStarExpr());
    ExprKind k = s->target->kind;
    if (k == ExprKind::Tuple || k == ExprKind::List)
      error(s->target->range, std::string("only single target (not ") +
                                  (k == ExprKind::Tuple ? "tuple" : "list") +
                                  ") can be annotated");
    else if (k != ExprKind::Name && k != ExprKind::Attribute &&
             k != ExprKind::Subscript)
      error(s->target->range, "illegal target for annotation");
    else
      setContext(*s->target, ExprContext::Store, "assign to");
    s->annotation = buildTest(ann->test());
    if (ann->rhs())
      s->value = buildValue(ann->rhs());
    return s;
  }
  if (auto *y = dynamic_cast<P::YieldStatementContext *>(ctx)) {
    auto s = make<ExprStmt>(r);
    s->value = buildYield(y->yieldExpr());
    return s;
  }
  if (auto *aug = dynamic_cast<P::AugAssignContext *>(ctx)) {
    auto s = make<AugAssignStmt>(r);
    s->target = buildTestListStarExpr(aug->testListStarExpr());
    ExprKind k = s->target->kind;
    if (k != ExprKind::Name && k != ExprKind::Attribute &&
        k != ExprKind::Subscript)
      error(s->target->range,
            "'" +
                std::string(k == ExprKind::Tuple ? "tuple"
                            : k == ExprKind::List
                                ? "list"
                                : describeForAssign(*s->target)) +
                "' is an illegal expression for augmented assignment");
    else
      setContext(*s->target, ExprContext::Store, "assign to");
    s->op = augOp(aug->augAssignOp());
    s->value = buildValue(aug->rhs());
    return s;
  }
  auto *plain = static_cast<P::AssignOrExprContext *>(ctx);
  ExprPtr first = buildTestListStarExpr(plain->testListStarExpr());
  auto rhs = plain->rhs();
  if (rhs.empty()) {
    if (first->kind == ExprKind::Starred)
      error(first->range, "can't use starred expression here");
    auto s = make<ExprStmt>(r);
    s->value = std::move(first);
    return s;
  }
  auto s = make<AssignStmt>(r);
  s->targets.push_back(std::move(first));
  for (size_t i = 0; i + 1 < rhs.size(); ++i)
    s->targets.push_back(buildRhs(rhs[i]));
  for (auto &t : s->targets) {
    if (t->kind == ExprKind::Starred)
      error(t->range, "starred assignment target must be in a list or tuple");
    else
      setContext(*t, ExprContext::Store, "assign to",
                 /*plainAssign=*/s->targets.size() == 1);
  }
  s->value = buildValue(rhs.back());
  return s;
}

StmtPtr AstBuilder::buildRaise(P::RaiseStmtContext *ctx) {
  auto s = make<RaiseStmt>(range(ctx));
  auto tests = ctx->test();
  if (!tests.empty())
    s->exc = buildTest(tests[0]);
  if (tests.size() > 1)
    s->cause = buildTest(tests[1]);
  return s;
}

StmtPtr AstBuilder::buildImport(P::ImportStmtContext *ctx) {
  SourceRange r = range(ctx);
  if (auto *imp = dynamic_cast<P::ImportNameContext *>(ctx)) {
    auto s = make<ImportStmt>(r);
    for (auto *d : imp->dottedAsName()) {
      Alias a;
      a.range = range(d);
      a.name = d->dottedName()->getText();
      if (d->NAME())
        a.asname = d->NAME()->getText();
      s->names.push_back(std::move(a));
    }
    return s;
  }
  auto *from = static_cast<P::ImportFromContext *>(ctx);
  auto s = make<ImportFromStmt>(r);
  s->level = from->DOT().size() + 3 * from->ELLIPSIS().size();
  if (from->dottedName())
    s->module = from->dottedName()->getText();
  if (from->STAR()) {
    Alias a;
    a.range = range(from->STAR()->getSymbol());
    a.name = "*";
    s->names.push_back(std::move(a));
  } else {
    for (auto *n : from->importAsNames()->importAsName()) {
      Alias a;
      a.range = range(n);
      a.name = n->NAME(0)->getText();
      if (n->NAME().size() > 1)
        a.asname = n->NAME(1)->getText();
      s->names.push_back(std::move(a));
    }
  }
  return s;
}

static SourceLoc blockEnd(const StmtList &body, SourceLoc fallback) {
  return body.empty() ? fallback : body.back()->range.end;
}

/// A compound statement ends with its last inner statement; the parse tree's
/// last token is a synthetic NEWLINE or DEDENT, which has no real extent.
static void fixCompoundEnd(Stmt &s) {
  SourceLoc &end = s.range.end;
  switch (s.kind) {
  case StmtKind::If: {
    auto &i = as<IfStmt>(s);
    if (i.orelse.size() == 1 && i.orelse[0]->kind == StmtKind::If)
      fixCompoundEnd(*i.orelse[0]); // an elif built here
    end = blockEnd(i.orelse, blockEnd(i.body, end));
    return;
  }
  case StmtKind::For:
    end = blockEnd(as<ForStmt>(s).orelse, blockEnd(as<ForStmt>(s).body, end));
    return;
  case StmtKind::While:
    end =
        blockEnd(as<WhileStmt>(s).orelse, blockEnd(as<WhileStmt>(s).body, end));
    return;
  case StmtKind::Try: {
    auto &t = as<TryStmt>(s);
    for (auto &h : t.handlers)
      h.range.end = blockEnd(h.body, h.range.end);
    end = blockEnd(t.body, end);
    if (!t.handlers.empty())
      end = t.handlers.back().range.end;
    end = blockEnd(t.finalbody, blockEnd(t.orelse, end));
    return;
  }
  case StmtKind::With:
    end = blockEnd(as<WithStmt>(s).body, end);
    return;
  case StmtKind::FunctionDef:
    end = blockEnd(as<FunctionDefStmt>(s).body, end);
    return;
  case StmtKind::ClassDef:
    end = blockEnd(as<ClassDefStmt>(s).body, end);
    return;
  default:
    return;
  }
}

StmtPtr AstBuilder::buildCompound(P::CompoundStmtContext *ctx) {
  StmtPtr s = buildCompoundStmt(ctx);
  if (s)
    fixCompoundEnd(*s);
  return s;
}

StmtPtr AstBuilder::buildCompoundStmt(P::CompoundStmtContext *ctx) {
  if (auto *c = ctx->ifStmt())
    return buildIf(c);
  if (auto *c = ctx->whileStmt())
    return buildWhile(c);
  if (auto *c = ctx->forStmt())
    return buildFor(c);
  if (auto *c = ctx->tryStmt())
    return buildTry(c);
  if (auto *c = ctx->withStmt())
    return buildWith(c);
  if (auto *c = ctx->funcDef())
    return buildFuncDef(c);
  if (auto *c = ctx->classDef())
    return buildClassDef(c);
  if (auto *c = ctx->decorated())
    return buildDecorated(c);
  if (auto *c = ctx->asyncStmt()) {
    unsupported(c->ASYNC()->getSymbol(), c->funcDef()    ? "async def"
                                         : c->withStmt() ? "async with"
                                                         : "async for");
    return nullptr;
  }
  unsupported(ctx->matchStmt()->NAME()->getSymbol(), "match statement");
  return nullptr;
}

StmtPtr AstBuilder::buildIf(P::IfStmtContext *ctx) {
  auto s = make<IfStmt>(range(ctx));
  s->test = buildNamedTest(ctx->namedTest());
  s->body = buildBlock(ctx->block());
  // elif chains become nested Ifs in orelse, as in Python's ast.
  IfStmt *tail = s.get();
  for (auto *elif : ctx->elifClause()) {
    auto nested =
        make<IfStmt>(SourceRange{loc(elif->getStart()), range(ctx).end});
    nested->test = buildNamedTest(elif->namedTest());
    nested->body = buildBlock(elif->block());
    IfStmt *next = nested.get();
    tail->orelse.push_back(std::move(nested));
    tail = next;
  }
  if (auto *e = ctx->elseClause())
    tail->orelse = buildBlock(e->block());
  return s;
}

StmtPtr AstBuilder::buildWhile(P::WhileStmtContext *ctx) {
  auto s = make<WhileStmt>(range(ctx));
  s->test = buildNamedTest(ctx->namedTest());
  s->body = buildBlock(ctx->block());
  if (auto *e = ctx->elseClause())
    s->orelse = buildBlock(e->block());
  return s;
}

StmtPtr AstBuilder::buildFor(P::ForStmtContext *ctx) {
  auto s = make<ForStmt>(range(ctx));
  s->target = buildExprList(ctx->exprList());
  setContext(*s->target, ExprContext::Store, "assign to");
  s->iter = buildTestList(ctx->testList());
  s->body = buildBlock(ctx->block());
  if (auto *e = ctx->elseClause())
    s->orelse = buildBlock(e->block());
  return s;
}

StmtPtr AstBuilder::buildTry(P::TryStmtContext *ctx) {
  auto s = make<TryStmt>(range(ctx));
  s->body = buildBlock(ctx->block());
  auto clauses = ctx->exceptClause();
  for (size_t i = 0; i < clauses.size(); ++i) {
    auto *c = clauses[i];
    if (c->STAR()) {
      unsupported(c->STAR()->getSymbol(), "except*");
      continue;
    }
    ExceptHandler h;
    h.range = range(c);
    if (c->test()) {
      h.type = buildTest(c->test());
    } else if (i + 1 < clauses.size()) {
      error(h.range, "default 'except:' must be last");
    }
    if (c->NAME()) {
      h.name = c->NAME()->getText();
      h.target.id = h.name;
      h.target.range = range(c->NAME()->getSymbol());
      h.target.ctx = ExprContext::Store;
    }
    h.body = buildBlock(c->block());
    s->handlers.push_back(std::move(h));
  }
  if (auto *e = ctx->elseClause())
    s->orelse = buildBlock(e->block());
  if (auto *f = ctx->finallyClause())
    s->finalbody = buildBlock(f->block());
  return s;
}

StmtPtr AstBuilder::buildWith(P::WithStmtContext *ctx) {
  auto s = make<WithStmt>(range(ctx));
  for (auto *item : ctx->withItem()) {
    WithItem w;
    w.range = range(item);
    w.contextExpr = buildTest(item->test());
    if (item->expr()) {
      w.optionalVars = buildExpr(item->expr());
      setContext(*w.optionalVars, ExprContext::Store, "assign to");
    }
    s->items.push_back(std::move(w));
  }
  s->body = buildBlock(ctx->block());
  return s;
}

void AstBuilder::buildParams(P::ParamListContext *ctx, Arguments &args,
                             bool allowAnnotations) {
  if (!ctx)
    return;
  bool sawStar = false, sawDefault = false, sawKwarg = false, sawSlash = false;
  SourceRange bareStar; // the `*` a "named arguments must follow" error names
  std::vector<std::string> seen;
  auto declare = [&](Arg &a, Token *tok) {
    a.name = tok->getText();
    a.range = range(tok);
    for (auto &name : seen)
      if (name == a.name)
        error(a.range,
              "duplicate argument '" + a.name + "' in function definition");
    seen.push_back(a.name);
  };
  for (auto *p : ctx->param()) {
    if (sawKwarg) {
      error(range(p), "arguments cannot follow var-keyword argument");
      continue;
    }
    if (auto *plain = dynamic_cast<P::PlainParamContext *>(p)) {
      Arg a;
      declare(a, plain->NAME()->getSymbol());
      auto tests = plain->test();
      if (plain->COLON()) {
        if (!allowAnnotations)
          error(range(p), "invalid syntax");
        a.annotation = buildTest(tests[0]);
      }
      ExprPtr def;
      if (plain->ASSIGN())
        def = buildTest(tests.back());
      if (sawStar) {
        args.kwonly.push_back(std::move(a));
        args.kwDefaults.push_back(std::move(def));
        continue;
      }
      if (def) {
        sawDefault = true;
        args.defaults.push_back(std::move(def));
      } else if (sawDefault) {
        error(a.range, "non-default argument follows default argument");
      }
      args.args.push_back(std::move(a));
    } else if (auto *star = dynamic_cast<P::StarParamContext *>(p)) {
      if (sawStar)
        error(range(p), "* argument may appear only once");
      sawStar = true;
      bareStar = range(p);
      if (star->NAME()) {
        args.vararg = std::make_unique<Arg>();
        declare(*args.vararg, star->NAME()->getSymbol());
        if (star->test())
          args.vararg->annotation = buildTest(star->test());
      }
    } else if (auto *dstar = dynamic_cast<P::DoubleStarParamContext *>(p)) {
      sawKwarg = true;
      args.kwarg = std::make_unique<Arg>();
      declare(*args.kwarg, dstar->NAME()->getSymbol());
      if (dstar->test())
        args.kwarg->annotation = buildTest(dstar->test());
    } else {
      // `/`: everything so far is positional-only.
      if (sawSlash) {
        error(range(p), "/ may appear only once");
        continue;
      }
      sawSlash = true;
      if (sawStar) {
        error(range(p), "/ must be ahead of *");
        continue;
      }
      if (args.args.empty()) {
        error(range(p), "at least one argument must precede /");
        continue;
      }
      for (auto &a : args.args)
        args.posonly.push_back(std::move(a));
      args.args.clear();
    }
  }
  if (sawStar && !args.vararg && args.kwonly.empty())
    error(bareStar, "named arguments must follow bare *");
}

StmtPtr AstBuilder::buildFuncDef(P::FuncDefContext *ctx) {
  auto s = make<FunctionDefStmt>(range(ctx));
  s->name = ctx->NAME()->getText();
  s->target.id = s->name;
  s->target.range = range(ctx->NAME()->getSymbol());
  s->target.ctx = ExprContext::Store;
  buildParams(ctx->paramList(), s->args, /*allowAnnotations=*/true);
  if (ctx->test())
    s->returns = buildTest(ctx->test());
  s->body = buildBlock(ctx->block());
  return s;
}

StmtPtr AstBuilder::buildClassDef(P::ClassDefContext *ctx) {
  auto s = make<ClassDefStmt>(range(ctx));
  s->name = ctx->NAME()->getText();
  s->target.id = s->name;
  s->target.range = range(ctx->NAME()->getSymbol());
  s->target.ctx = ExprContext::Store;
  if (ctx->argList())
    buildArgs(ctx->argList(), s->bases, s->keywords);
  // kiln's classes have one base and `type` as their metaclass.
  if (s->bases.size() > 1)
    error(s->bases[1]->range,
          "not supported by kiln: multiple inheritance (a class has one base)");
  for (auto &k : s->keywords)
    if (k.arg == "metaclass")
      error(k.range, "not supported by kiln: metaclass");
  s->body = buildBlock(ctx->block());
  return s;
}

StmtPtr AstBuilder::buildDecorated(P::DecoratedContext *ctx) {
  ExprList decorators;
  for (auto *d : ctx->decorator())
    decorators.push_back(buildNamedTest(d->namedTest()));
  if (ctx->asyncStmt()) {
    unsupported(ctx->asyncStmt()->ASYNC()->getSymbol(), "async def");
    return nullptr;
  }
  StmtPtr s = ctx->funcDef() ? buildFuncDef(ctx->funcDef())
                             : buildClassDef(ctx->classDef());
  // A decorated definition starts at its first decorator, as in CPython 3.8+
  // tracebacks the def line is what is shown, so keep the def's own range.
  if (s->kind == StmtKind::FunctionDef)
    as<FunctionDefStmt>(*s).decorators = std::move(decorators);
  else
    as<ClassDefStmt>(*s).decorators = std::move(decorators);
  return s;
}

} // namespace kiln
