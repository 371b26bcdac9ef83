// Parse tree to AST: expressions, literals and assignment-target checks.
#include "AstBuilder.h"
#include "StringLiteral.h"
#include "kiln/frontend/Parser.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace kiln {

using namespace ast;
using antlr4::Token;
using P = grammar::KilnParser;

/// Most precedence levels hold a single operand and no operator; reaching
/// it directly avoids the generated accessors' dynamic_casts, which
/// dominate parse time on large files.
template <typename T> static T *onlyChild(antlr4::ParserRuleContext *ctx) {
  return dynamic_cast<T *>(ctx->children[0])
             ? static_cast<T *>(ctx->children[0])
             : nullptr;
}

static ExprPtr makeBinOp(BinaryOp op, ExprPtr left, ExprPtr right) {
  auto e = std::make_unique<BinOpExpr>();
  e->range = {left->range.begin, right->range.end};
  e->op = op;
  e->left = std::move(left);
  e->right = std::move(right);
  return e;
}

ExprPtr AstBuilder::starredRejected(ExprPtr value) {
  // (A parenthesized `(*x)` was reported already, as not a tuple.)
  if (value->kind == ExprKind::Starred &&
      !diags_.hasErrorOnLine(value->range.begin.line))
    error(value->range, "can't use starred expression here");
  return value;
}

ExprPtr AstBuilder::buildValue(P::RhsContext *ctx) {
  return starredRejected(buildRhs(ctx));
}

ExprPtr AstBuilder::buildRhs(P::RhsContext *ctx) {
  if (ctx->yieldExpr())
    return buildYield(ctx->yieldExpr());
  return buildTestListStarExpr(ctx->testListStarExpr());
}

ExprPtr AstBuilder::buildYield(P::YieldExprContext *ctx) {
  auto y = make<YieldExpr>(range(ctx));
  y->from = ctx->FROM() != nullptr;
  if (ctx->test())
    y->value = buildTest(ctx->test());
  else if (ctx->testListStarExpr())
    y->value = starredRejected(buildTestListStarExpr(ctx->testListStarExpr()));
  return y;
}

ExprPtr AstBuilder::buildNamedTest(P::NamedTestContext *ctx) {
  if (!ctx->WALRUS())
    return buildTest(ctx->test(0));
  return buildNamedExpr(range(ctx), buildTest(ctx->test(0)),
                        buildTest(ctx->test(1)));
}

ExprPtr AstBuilder::buildNamedExpr(SourceRange r, ExprPtr target,
                                   ExprPtr value) {
  auto n = make<NamedExprExpr>(r);
  // Only a plain name can be the target: `a.b := 1` and `a[0] := 1` are
  // CPython's SyntaxError with these words.
  if (target->kind == ExprKind::Name)
    as<NameExpr>(*target).ctx = ExprContext::Store;
  else
    error(target->range,
          std::string("cannot use assignment expressions with ") +
              describeForAssign(*target));
  n->target = std::move(target);
  n->value = std::move(value);
  return n;
}

ExprPtr AstBuilder::buildTest(P::TestContext *ctx) {
  if (ctx->children.size() == 1) // the common case: no operator here
    if (auto *only = onlyChild<P::OrTestContext>(ctx))
      return buildOrTest(only);
  if (auto *lam = ctx->lambdef())
    return buildLambda(lam, lam->paramList(), buildTest(lam->test()));
  auto ors = ctx->orTest();
  if (ors.size() == 1)
    return buildOrTest(ors[0]);
  auto e = make<IfExpExpr>(range(ctx));
  e->body = buildOrTest(ors[0]);
  e->test = buildOrTest(ors[1]);
  e->orelse = buildTest(ctx->test());
  return e;
}

ExprPtr AstBuilder::buildTestNoCond(P::TestNoCondContext *ctx) {
  if (auto *lam = ctx->lambdefNoCond())
    return buildLambda(lam, lam->paramList(),
                       buildTestNoCond(lam->testNoCond()));
  return buildOrTest(ctx->orTest());
}

ExprPtr AstBuilder::buildLambda(antlr4::ParserRuleContext *ctx,
                                P::ParamListContext *params, ExprPtr body) {
  auto e = make<LambdaExpr>(range(ctx));
  buildParams(params, e->args, /*allowAnnotations=*/false);
  e->body = std::move(body);
  return e;
}

template <typename Ctx, typename Build>
static ExprPtr buildBoolChain(AstBuilder &b, const std::vector<Ctx *> &parts,
                              BoolOpKind op, Build build) {
  if (parts.size() == 1)
    return build(parts[0]);
  auto e = std::make_unique<BoolOpExpr>();
  e->op = op;
  for (auto *p : parts)
    e->values.push_back(build(p));
  e->range = {e->values.front()->range.begin, e->values.back()->range.end};
  return e;
}

ExprPtr AstBuilder::buildOrTest(P::OrTestContext *ctx) {
  if (ctx->children.size() == 1) // the common case: no operator here
    if (auto *only = onlyChild<P::AndTestContext>(ctx))
      return buildAndTest(only);
  ExprPtr e =
      buildBoolChain(*this, ctx->andTest(), BoolOpKind::Or,
                     [&](P::AndTestContext *c) { return buildAndTest(c); });
  e->range = range(ctx);
  return e;
}

ExprPtr AstBuilder::buildAndTest(P::AndTestContext *ctx) {
  if (ctx->children.size() == 1) // the common case: no operator here
    if (auto *only = onlyChild<P::NotTestContext>(ctx))
      return buildNotTest(only);
  ExprPtr e =
      buildBoolChain(*this, ctx->notTest(), BoolOpKind::And,
                     [&](P::NotTestContext *c) { return buildNotTest(c); });
  e->range = range(ctx);
  return e;
}

ExprPtr AstBuilder::buildNotTest(P::NotTestContext *ctx) {
  if (!ctx->NOT())
    return buildComparison(ctx->comparison());
  auto e = make<UnaryOpExpr>(range(ctx));
  e->op = UnaryOpKind::Not;
  e->operand = buildNotTest(ctx->notTest());
  return e;
}

static CmpOp compareOp(P::CompOpContext *ctx) {
  if (ctx->NOT())
    return ctx->IN() ? CmpOp::NotIn : CmpOp::IsNot;
  switch (ctx->getStart()->getType()) {
  case P::LT:
    return CmpOp::Lt;
  case P::GT:
    return CmpOp::Gt;
  case P::EQ:
    return CmpOp::Eq;
  case P::GE:
    return CmpOp::GtE;
  case P::LE:
    return CmpOp::LtE;
  case P::NE:
    return CmpOp::NotEq;
  case P::IN:
    return CmpOp::In;
  default:
    return CmpOp::Is;
  }
}

ExprPtr AstBuilder::buildComparison(P::ComparisonContext *ctx) {
  if (ctx->children.size() == 1) // the common case: no operator here
    if (auto *only = onlyChild<P::ExprContext>(ctx))
      return buildExpr(only);
  auto exprs = ctx->expr();
  if (exprs.size() == 1)
    return buildExpr(exprs[0]);
  auto e = make<CompareExpr>(range(ctx));
  e->left = buildExpr(exprs[0]);
  auto ops = ctx->compOp();
  for (size_t i = 0; i < ops.size(); ++i) {
    e->ops.push_back(compareOp(ops[i]));
    e->comparators.push_back(buildExpr(exprs[i + 1]));
  }
  return e;
}

/// Left-associative operator chains: `a - b - c` is `(a - b) - c`. Each
/// BinOp spans from the chain's first token (a parenthesis included, as in
/// CPython) to the end of its right operand.
template <typename Ctx, typename OpCtx, typename Build, typename OpOf,
          typename Span>
static ExprPtr buildChain(const std::vector<Ctx *> &operands,
                          const std::vector<OpCtx> &ops, Build build, OpOf opOf,
                          Span span) {
  ExprPtr e = build(operands[0]);
  for (size_t i = 1; i < operands.size(); ++i) {
    e = makeBinOp(opOf(ops[i - 1]), std::move(e), build(operands[i]));
    e->range = span(operands[0], operands[i]);
  }
  return e;
}

ExprPtr AstBuilder::buildExpr(P::ExprContext *ctx) {
  if (ctx->children.size() == 1) // the common case: no operator here
    if (auto *only = onlyChild<P::XorExprContext>(ctx))
      return buildXorExpr(only);
  return buildChain(
      ctx->xorExpr(), ctx->PIPE(),
      [&](P::XorExprContext *c) { return buildXorExpr(c); },
      [](auto *) { return BinaryOp::BitOr; },
      [&](antlr4::ParserRuleContext *first, antlr4::ParserRuleContext *last) {
        return SourceRange{loc(first->getStart()), endLoc(last->getStop())};
      });
}

ExprPtr AstBuilder::buildXorExpr(P::XorExprContext *ctx) {
  if (ctx->children.size() == 1) // the common case: no operator here
    if (auto *only = onlyChild<P::AndExprContext>(ctx))
      return buildAndExpr(only);
  return buildChain(
      ctx->andExpr(), ctx->CARET(),
      [&](P::AndExprContext *c) { return buildAndExpr(c); },
      [](auto *) { return BinaryOp::BitXor; },
      [&](antlr4::ParserRuleContext *first, antlr4::ParserRuleContext *last) {
        return SourceRange{loc(first->getStart()), endLoc(last->getStop())};
      });
}

ExprPtr AstBuilder::buildAndExpr(P::AndExprContext *ctx) {
  if (ctx->children.size() == 1) // the common case: no operator here
    if (auto *only = onlyChild<P::ShiftExprContext>(ctx))
      return buildShiftExpr(only);
  return buildChain(
      ctx->shiftExpr(), ctx->AMP(),
      [&](P::ShiftExprContext *c) { return buildShiftExpr(c); },
      [](auto *) { return BinaryOp::BitAnd; },
      [&](antlr4::ParserRuleContext *first, antlr4::ParserRuleContext *last) {
        return SourceRange{loc(first->getStart()), endLoc(last->getStop())};
      });
}

ExprPtr AstBuilder::buildShiftExpr(P::ShiftExprContext *ctx) {
  if (ctx->children.size() == 1) // the common case: no operator here
    if (auto *only = onlyChild<P::ArithExprContext>(ctx))
      return buildArithExpr(only);
  return buildChain(
      ctx->arithExpr(), ctx->shiftOp(),
      [&](P::ArithExprContext *c) { return buildArithExpr(c); },
      [](P::ShiftOpContext *op) {
        return op->LSHIFT() ? BinaryOp::LShift : BinaryOp::RShift;
      },
      [&](antlr4::ParserRuleContext *first, antlr4::ParserRuleContext *last) {
        return SourceRange{loc(first->getStart()), endLoc(last->getStop())};
      });
}

ExprPtr AstBuilder::buildArithExpr(P::ArithExprContext *ctx) {
  if (ctx->children.size() == 1) // the common case: no operator here
    if (auto *only = onlyChild<P::TermContext>(ctx))
      return buildTerm(only);
  return buildChain(
      ctx->term(), ctx->addOp(),
      [&](P::TermContext *c) { return buildTerm(c); },
      [](P::AddOpContext *op) {
        return op->PLUS() ? BinaryOp::Add : BinaryOp::Sub;
      },
      [&](antlr4::ParserRuleContext *first, antlr4::ParserRuleContext *last) {
        return SourceRange{loc(first->getStart()), endLoc(last->getStop())};
      });
}

ExprPtr AstBuilder::buildTerm(P::TermContext *ctx) {
  if (ctx->children.size() == 1) // the common case: no operator here
    if (auto *only = onlyChild<P::FactorContext>(ctx))
      return buildFactor(only);
  return buildChain(
      ctx->factor(), ctx->mulOp(),
      [&](P::FactorContext *c) { return buildFactor(c); },
      [](P::MulOpContext *op) {
        switch (op->getStart()->getType()) {
        case P::STAR:
          return BinaryOp::Mult;
        case P::AT:
          return BinaryOp::MatMult;
        case P::DIV:
          return BinaryOp::Div;
        case P::MOD:
          return BinaryOp::Mod;
        default:
          return BinaryOp::FloorDiv;
        }
      },
      [&](antlr4::ParserRuleContext *first, antlr4::ParserRuleContext *last) {
        return SourceRange{loc(first->getStart()), endLoc(last->getStop())};
      });
}

ExprPtr AstBuilder::int64Lowest(P::FactorContext *ctx) {
  // The operand alone, as one integer literal: digits, underscores and
  // a base prefix, nothing after it (an attribute, a power). One token:
  // reading the text of a longer operand would make a chain of unary
  // minuses quadratic.
  if (ctx->factor()->getStart() != ctx->factor()->getStop())
    return nullptr;
  std::string text;
  for (char ch : ctx->factor()->getText())
    if (ch != '_')
      text.push_back(ch);
  int base = 10;
  size_t skip = 0;
  if (text.size() > 1 && text[0] == '0' &&
      std::isalpha((unsigned char)text[1])) {
    char p = static_cast<char>(std::tolower((unsigned char)text[1]));
    base = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 0;
    skip = 2;
  }
  if (base == 0 || text.size() == skip)
    return nullptr;
  for (size_t i = skip; i < text.size(); ++i)
    if (!std::isxdigit((unsigned char)text[i]) ||
        (base == 10 && !std::isdigit((unsigned char)text[i])))
      return nullptr;
  errno = 0;
  unsigned long long v = std::strtoull(text.c_str() + skip, nullptr, base);
  if (errno == ERANGE || v != static_cast<unsigned long long>(INT64_MAX) + 1)
    return nullptr;
  auto c = make<ConstantExpr>(range(ctx));
  c->type = ConstantExpr::Type::Int;
  c->intValue = INT64_MIN;
  return c;
}

ExprPtr AstBuilder::buildFactor(P::FactorContext *ctx) {
  if (!ctx->unaryOp())
    return buildPower(ctx->power());
  auto *op = ctx->unaryOp();
  if (op->MINUS())
    if (ExprPtr lowest = int64Lowest(ctx))
      return lowest;
  auto e = make<UnaryOpExpr>(range(ctx));
  e->op = op->PLUS()    ? UnaryOpKind::UAdd
          : op->MINUS() ? UnaryOpKind::USub
                        : UnaryOpKind::Invert;
  e->operand = buildFactor(ctx->factor());
  return e;
}

ExprPtr AstBuilder::buildPower(P::PowerContext *ctx) {
  ExprPtr base = buildAtomExpr(ctx->awaitPrimary());
  if (!ctx->POWER())
    return base;
  ExprPtr e =
      makeBinOp(BinaryOp::Pow, std::move(base), buildFactor(ctx->factor()));
  e->range = range(ctx);
  return e;
}

ExprPtr AstBuilder::buildAtomExpr(P::AwaitPrimaryContext *ctx) {
  if (ctx->AWAIT())
    unsupported(ctx->AWAIT()->getSymbol(), "await");
  ExprPtr e = buildAtom(ctx->atom());
  SourceLoc begin = loc(ctx->atom()->getStart()); // a parenthesis included
  for (auto *trailer : ctx->trailer()) {
    SourceRange r{begin, range(trailer).end};
    if (auto *call = dynamic_cast<P::CallTrailerContext *>(trailer)) {
      auto c = make<CallExpr>(r);
      c->func = std::move(e);
      if (call->argList())
        buildArgs(call->argList(), c->args, c->keywords);
      e = std::move(c);
    } else if (auto *sub =
                   dynamic_cast<P::SubscriptTrailerContext *>(trailer)) {
      auto s = make<SubscriptExpr>(r);
      s->value = std::move(e);
      s->slice = buildSubscripts(sub->subscriptList());
      e = std::move(s);
    } else {
      auto *attr = static_cast<P::AttributeTrailerContext *>(trailer);
      auto a = make<AttributeExpr>(r);
      a->value = std::move(e);
      a->attr = attr->NAME()->getText();
      e = std::move(a);
    }
  }
  return e;
}

ExprPtr AstBuilder::buildAtom(P::AtomContext *ctx) {
  SourceRange r = range(ctx);
  if (auto *name = dynamic_cast<P::NameAtomContext *>(ctx)) {
    auto e = make<NameExpr>(r);
    e->id = name->NAME()->getText();
    return e;
  }
  if (auto *num = dynamic_cast<P::NumberAtomContext *>(ctx))
    return buildNumber(num->getStart());
  if (auto *str = dynamic_cast<P::StringAtomContext *>(ctx))
    return buildStrings(str);
  if (auto *paren = dynamic_cast<P::ParenAtomContext *>(ctx)) {
    if (paren->yieldExpr()) // its range is the yield's, as in CPython
      return buildYield(paren->yieldExpr());
    if (!paren->testListComp()) {
      auto t = std::make_unique<SequenceExpr>(ExprKind::Tuple);
      t->range = r;
      return t;
    }
    return buildTestListComp(paren->testListComp(), ctx, ExprKind::Tuple);
  }
  if (auto *list = dynamic_cast<P::ListAtomContext *>(ctx)) {
    if (!list->testListComp()) {
      auto l = std::make_unique<SequenceExpr>(ExprKind::List);
      l->range = r;
      return l;
    }
    return buildTestListComp(list->testListComp(), ctx, ExprKind::List);
  }
  if (auto *brace = dynamic_cast<P::BraceAtomContext *>(ctx))
    return buildBrace(brace);
  auto c = make<ConstantExpr>(r);
  if (dynamic_cast<P::EllipsisAtomContext *>(ctx)) {
    c->type = ConstantExpr::Type::Ellipsis;
  } else if (dynamic_cast<P::NoneAtomContext *>(ctx)) {
    c->type = ConstantExpr::Type::None;
  } else {
    c->type = ConstantExpr::Type::Bool;
    c->boolValue = dynamic_cast<P::TrueAtomContext *>(ctx) != nullptr;
  }
  return c;
}

ExprPtr AstBuilder::buildNumber(Token *token) {
  auto c = make<ConstantExpr>(range(token));
  std::string text;
  for (char ch : token->getText())
    if (ch != '_')
      text.push_back(ch);
  switch (token->getType()) {
  case P::INTEGER: {
    c->type = ConstantExpr::Type::Int;
    int base = 10;
    size_t skip = 0;
    if (text.size() > 1 && text[0] == '0' &&
        std::isalpha((unsigned char)text[1])) {
      char p = static_cast<char>(std::tolower((unsigned char)text[1]));
      base = p == 'x' ? 16 : p == 'o' ? 8 : 2;
      skip = 2;
    }
    errno = 0;
    unsigned long long v = std::strtoull(text.c_str() + skip, nullptr, base);
    if (errno == ERANGE || v > static_cast<unsigned long long>(INT64_MAX)) {
      error(c->range, "integer literal too large: kiln's integers are 64-bit");
      return c;
    }
    c->intValue = static_cast<int64_t>(v);
    return c;
  }
  case P::FLOAT_NUMBER:
    c->type = ConstantExpr::Type::Float;
    c->floatValue = std::strtod(text.c_str(), nullptr);
    return c;
  default:
    c->type = ConstantExpr::Type::Imaginary;
    text.pop_back();
    c->floatValue = std::strtod(text.c_str(), nullptr);
    return c;
  }
}

ExprPtr AstBuilder::buildStarExpr(P::StarExprContext *ctx) {
  auto e = make<StarredExpr>(range(ctx));
  e->value = buildExpr(ctx->expr());
  return e;
}

ExprPtr AstBuilder::buildTestListComp(P::TestListCompContext *ctx,
                                      antlr4::ParserRuleContext *whole,
                                      ExprKind displayKind) {
  SourceRange r = range(whole);
  // Elements in source order: namedTest and starExpr children interleave.
  ExprList elts;
  for (auto *child : ctx->children) {
    if (auto *t = dynamic_cast<P::NamedTestContext *>(child))
      elts.push_back(buildNamedTest(t));
    else if (auto *s = dynamic_cast<P::StarExprContext *>(child))
      elts.push_back(buildStarExpr(s));
  }
  if (auto *comp = ctx->compFor()) {
    if (elts[0]->kind == ExprKind::Starred)
      error(elts[0]->range,
            "iterable unpacking cannot be used in comprehension");
    auto c = std::make_unique<ComprehensionExpr>(displayKind == ExprKind::List
                                                     ? ExprKind::ListComp
                                                     : ExprKind::GeneratorExp);
    c->range = r;
    c->elt = std::move(elts[0]);
    c->generators = buildCompFor(comp);
    return c;
  }
  // `(x)` is just x; `(x,)` and `[x]` are displays.
  if (displayKind == ExprKind::Tuple && ctx->COMMA().empty()) {
    if (elts[0]->kind == ExprKind::Starred)
      error(elts[0]->range, "cannot use starred expression here");
    return std::move(elts[0]);
  }
  auto seq = std::make_unique<SequenceExpr>(displayKind);
  seq->range = r;
  seq->elts = std::move(elts);
  return seq;
}

ExprPtr AstBuilder::buildBrace(P::BraceAtomContext *ctx) {
  SourceRange r = range(ctx);
  auto *maker = ctx->dictOrSetMaker();
  if (!maker)
    return make<DictExpr>(r);
  if (auto *dict = dynamic_cast<P::DictMakerContext *>(maker)) {
    auto items = dict->dictItem();
    if (auto *comp = dict->compFor()) {
      auto c = std::make_unique<ComprehensionExpr>(ExprKind::DictComp);
      c->range = r;
      if (items[0]->POWER()) {
        error(range(items[0]),
              "dict unpacking cannot be used in dict comprehension");
        return c;
      }
      c->elt = buildTest(items[0]->test(0));
      c->value = buildTest(items[0]->test(1));
      c->generators = buildCompFor(comp);
      return c;
    }
    auto d = make<DictExpr>(r);
    for (auto *item : items) {
      if (item->POWER()) {
        d->keys.push_back(nullptr);
        d->values.push_back(buildExpr(item->expr()));
      } else {
        d->keys.push_back(buildTest(item->test(0)));
        d->values.push_back(buildTest(item->test(1)));
      }
    }
    return d;
  }
  auto *set = static_cast<P::SetMakerContext *>(maker);
  ExprList elts;
  for (auto *child : set->children) {
    if (auto *t = dynamic_cast<P::TestContext *>(child))
      elts.push_back(buildTest(t));
    else if (auto *s = dynamic_cast<P::StarExprContext *>(child))
      elts.push_back(buildStarExpr(s));
  }
  if (auto *comp = set->compFor()) {
    auto c = std::make_unique<ComprehensionExpr>(ExprKind::SetComp);
    c->range = r;
    c->elt = std::move(elts[0]);
    c->generators = buildCompFor(comp);
    return c;
  }
  auto s = std::make_unique<SequenceExpr>(ExprKind::Set);
  s->range = r;
  s->elts = std::move(elts);
  return s;
}

std::vector<Comprehension> AstBuilder::buildCompFor(P::CompForContext *ctx) {
  std::vector<Comprehension> out;
  while (ctx) {
    if (ctx->ASYNC())
      unsupported(ctx->ASYNC()->getSymbol(), "async comprehension");
    Comprehension c;
    c.range = range(ctx);
    c.target = buildExprList(ctx->exprList());
    setContext(*c.target, ExprContext::Store, "assign to");
    c.iter = buildOrTest(ctx->orTest());
    P::CompForContext *next = nullptr;
    for (auto *iter = ctx->compIter(); iter;) {
      if (auto *f = iter->compFor()) {
        next = f;
        break;
      }
      auto *cond = iter->compIf();
      c.ifs.push_back(buildTestNoCond(cond->testNoCond()));
      iter = cond->compIter();
    }
    out.push_back(std::move(c));
    ctx = next;
  }
  return out;
}

ExprPtr AstBuilder::buildSubscripts(P::SubscriptListContext *ctx) {
  auto subs = ctx->subscript();
  if (subs.size() == 1 && ctx->COMMA().empty())
    return buildSubscript(subs[0]);
  auto t = std::make_unique<SequenceExpr>(ExprKind::Tuple);
  t->range = range(ctx);
  for (auto *s : subs)
    t->elts.push_back(buildSubscript(s));
  return t;
}

ExprPtr AstBuilder::buildSubscript(P::SubscriptContext *ctx) {
  if (auto *idx = dynamic_cast<P::IndexSubscriptContext *>(ctx))
    return buildTest(idx->test());
  if (auto *star = dynamic_cast<P::StarSubscriptContext *>(ctx))
    return buildStarExpr(star->starExpr());
  auto *slice = static_cast<P::SliceSubscriptContext *>(ctx);
  auto s = make<SliceExpr>(range(ctx));
  // Which part a test fills depends on how many colons come before it.
  int colons = 0;
  for (auto *child : slice->children) {
    if (auto *t = dynamic_cast<P::TestContext *>(child)) {
      ExprPtr &slot = colons == 0 ? s->lower : colons == 1 ? s->upper : s->step;
      slot = buildTest(t);
    } else {
      ++colons;
    }
  }
  return s;
}

void AstBuilder::buildArgs(P::ArgListContext *ctx, ExprList &args,
                           std::vector<Keyword> &keywords) {
  bool sawKeyword = false, sawDoubleStar = false;
  auto arguments = ctx->argument();
  for (auto *a : arguments) {
    auto *walrus = dynamic_cast<P::WalrusArgContext *>(a);
    auto *pos = dynamic_cast<P::PositionalArgContext *>(a);
    if (pos || walrus) {
      ExprPtr value = walrus
                          ? buildNamedExpr(range(a), buildTest(walrus->test(0)),
                                           buildTest(walrus->test(1)))
                          : buildTest(pos->test());
      if (pos && pos->compFor()) {
        if (arguments.size() > 1)
          error(range(a), "Generator expression must be parenthesized");
        auto g = std::make_unique<ComprehensionExpr>(ExprKind::GeneratorExp);
        g->range = range(a);
        g->elt = std::move(value);
        g->generators = buildCompFor(pos->compFor());
        value = std::move(g);
      }
      if (sawDoubleStar)
        error(value->range,
              "positional argument follows keyword argument unpacking");
      else if (sawKeyword)
        error(value->range, "positional argument follows keyword argument");
      args.push_back(std::move(value));
    } else if (auto *star = dynamic_cast<P::StarArgContext *>(a)) {
      if (sawDoubleStar)
        error(range(a),
              "iterable argument unpacking follows keyword argument unpacking");
      auto s = make<StarredExpr>(range(a));
      s->value = buildTest(star->test());
      args.push_back(std::move(s));
    } else if (auto *kw = dynamic_cast<P::KeywordArgContext *>(a)) {
      sawKeyword = true;
      Keyword k;
      k.range = range(a);
      k.arg = kw->NAME()->getText();
      for (auto &other : keywords)
        if (other.arg == k.arg)
          error(k.range, "keyword argument repeated: " + k.arg);
      k.value = buildTest(kw->test());
      keywords.push_back(std::move(k));
    } else if (auto *bad = dynamic_cast<P::BadKeywordArgContext *>(a)) {
      // `f(a.b=1)`: CPython's message covers the target and the '='.
      ExprPtr target = buildTest(bad->test(0));
      SourceRange r{target->range.begin, range(bad->ASSIGN()->getSymbol()).end};
      std::string what = describeForAssign(*target);
      if (what == "None" || what == "True" || what == "False")
        error(r, "cannot assign to " + what);
      else
        error(r, "expression cannot contain assignment, perhaps you meant "
                 "\"==\"?");
    } else {
      auto *ds = static_cast<P::DoubleStarArgContext *>(a);
      sawDoubleStar = true;
      Keyword k;
      k.range = range(a);
      k.value = buildTest(ds->test());
      keywords.push_back(std::move(k));
    }
  }
}

/// Comma-separated lists: one element without a comma is the element itself,
/// anything else is a Tuple (`x,` included).
template <typename Ctx, typename Build>
static ExprPtr buildCommaList(Ctx *ctx, SourceRange r, bool hasComma,
                              Build build) {
  ExprList elts;
  for (auto *child : ctx->children)
    if (ExprPtr e = build(child))
      elts.push_back(std::move(e));
  if (elts.size() == 1 && !hasComma)
    return std::move(elts[0]);
  auto t = std::make_unique<SequenceExpr>(ExprKind::Tuple);
  t->range = r;
  t->elts = std::move(elts);
  return t;
}

ExprPtr AstBuilder::buildExprList(P::ExprListContext *ctx) {
  return buildCommaList(ctx, range(ctx), !ctx->COMMA().empty(),
                        [&](antlr4::tree::ParseTree *c) -> ExprPtr {
                          if (auto *e = dynamic_cast<P::ExprContext *>(c))
                            return buildExpr(e);
                          if (auto *s = dynamic_cast<P::StarExprContext *>(c))
                            return buildStarExpr(s);
                          return nullptr;
                        });
}

ExprPtr AstBuilder::buildTestList(P::TestListContext *ctx) {
  return buildCommaList(ctx, range(ctx), !ctx->COMMA().empty(),
                        [&](antlr4::tree::ParseTree *c) -> ExprPtr {
                          if (auto *e = dynamic_cast<P::TestContext *>(c))
                            return buildTest(e);
                          return nullptr;
                        });
}

ExprPtr AstBuilder::buildTestListStarExpr(P::TestListStarExprContext *ctx) {
  return buildCommaList(ctx, range(ctx), !ctx->COMMA().empty(),
                        [&](antlr4::tree::ParseTree *c) -> ExprPtr {
                          if (auto *e = dynamic_cast<P::TestContext *>(c))
                            return buildTest(e);
                          if (auto *s = dynamic_cast<P::StarExprContext *>(c))
                            return buildStarExpr(s);
                          return nullptr;
                        });
}

ExprPtr AstBuilder::buildFieldExpr(P::FieldExprContext *ctx) {
  return buildTestListStarExpr(ctx->testListStarExpr());
}

const char *describeForAssign(const Expr &e) {
  switch (e.kind) {
  case ExprKind::Constant: {
    auto t = as<ConstantExpr>(e).type;
    if (t == ConstantExpr::Type::None || t == ConstantExpr::Type::Bool)
      return as<ConstantExpr>(e).type == ConstantExpr::Type::None
                 ? "None"
                 : (as<ConstantExpr>(e).boolValue ? "True" : "False");
    if (t == ConstantExpr::Type::Ellipsis)
      return "ellipsis";
    return "literal";
  }
  case ExprKind::Call:
    return "function call";
  // Valid assignment targets, named only when `:=` refuses them.
  case ExprKind::Attribute:
    return "attribute";
  case ExprKind::Subscript:
    return "subscript";
  case ExprKind::Tuple:
    return "tuple";
  case ExprKind::List:
    return "list";
  case ExprKind::Starred:
    return "starred";
  case ExprKind::NamedExpr:
    return "named expression";
  case ExprKind::BinOp:
  case ExprKind::UnaryOp:
    return "expression";
  case ExprKind::BoolOp:
    return "expression";
  case ExprKind::Compare:
    return "comparison";
  case ExprKind::IfExp:
    return "conditional expression";
  case ExprKind::Lambda:
    return "lambda";
  case ExprKind::Dict:
    return "dict literal";
  case ExprKind::Set:
    return "set display";
  case ExprKind::JoinedStr:
    return "f-string expression";
  case ExprKind::ListComp:
    return "list comprehension";
  case ExprKind::SetComp:
    return "set comprehension";
  case ExprKind::DictComp:
    return "dict comprehension";
  case ExprKind::GeneratorExp:
    return "generator expression";
  default:
    return "expression";
  }
}

void AstBuilder::setContext(Expr &target, ExprContext ctx, const char *what,
                            bool plainAssign) {
  switch (target.kind) {
  case ExprKind::Name:
    as<NameExpr>(target).ctx = ctx;
    return;
  case ExprKind::Attribute:
    as<AttributeExpr>(target).ctx = ctx;
    return;
  case ExprKind::Subscript:
    as<SubscriptExpr>(target).ctx = ctx;
    return;
  case ExprKind::Starred:
    if (ctx == ExprContext::Del) {
      error(target.range, "cannot delete starred");
      return;
    }
    as<StarredExpr>(target).ctx = ctx;
    setContext(*as<StarredExpr>(target).value, ctx, what);
    return;
  case ExprKind::List:
  case ExprKind::Tuple: {
    auto &seq = as<SequenceExpr>(target);
    seq.ctx = ctx;
    int starred = 0;
    for (auto &elt : seq.elts) {
      starred += elt->kind == ExprKind::Starred;
      setContext(*elt, ctx, what);
    }
    if (starred > 1)
      error(target.range, "multiple starred expressions in assignment");
    return;
  }
  default: {
    std::string desc = describeForAssign(target);
    // CPython's hint covers targets that parse as a bitwise_or operand,
    // except the keyword constants and generator expressions: not
    // comparisons, boolean operators, lambdas or conditional expressions.
    bool keywordConstant = desc == "None" || desc == "True" || desc == "False";
    bool hint =
        plainAssign && !keywordConstant && target.kind != ExprKind::Compare &&
        target.kind != ExprKind::BoolOp && target.kind != ExprKind::Lambda &&
        target.kind != ExprKind::IfExp && target.kind != ExprKind::GeneratorExp;
    error(target.range,
          std::string("cannot ") + what + " " + desc +
              (hint ? "; maybe you meant '==' instead of '='?" : ""));
  }
  }
}

} // namespace kiln
