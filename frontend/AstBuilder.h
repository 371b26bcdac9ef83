// Converts ANTLR parse trees into kiln's AST (frontend-internal).
#pragma once

#include "KilnParser.h"
#include "kiln/frontend/Ast.h"
#include "kiln/frontend/Diagnostics.h"

namespace kiln {

/// How CPython names an invalid assignment target ("function call", ...).
const char *describeForAssign(const ast::Expr &e);

class AstBuilder {
public:
  /// `origin` shifts every location: (1,1) for a file, the position of an
  /// f-string field for a nested parse.
  AstBuilder(DiagnosticEngine &diags, SourceLoc origin)
      : diags_(diags), origin_(origin) {}

  /// Appends one top-level statement's AST to `out`.
  void buildTopLevel(grammar::KilnParser::StmtContext *ctx,
                     ast::StmtList &out) {
    buildStmt(ctx, out);
  }
  ast::ExprPtr buildFieldExpr(grammar::KilnParser::FieldExprContext *ctx);

  /// True when a construct was rejected while building.
  bool failed() const { return failed_; }

private:
  using P = grammar::KilnParser;

  // Statements.
  void buildStmt(P::StmtContext *ctx, ast::StmtList &out);
  void buildSimpleStmts(P::SimpleStmtsContext *ctx, ast::StmtList &out);
  ast::StmtPtr buildSimpleStmt(P::SimpleStmtContext *ctx);
  ast::StmtPtr buildExprStmt(P::ExprStmtContext *ctx);
  ast::StmtPtr buildCompound(P::CompoundStmtContext *ctx);
  ast::StmtPtr buildCompoundStmt(P::CompoundStmtContext *ctx);
  ast::StmtList buildBlock(P::BlockContext *ctx);
  ast::StmtPtr buildIf(P::IfStmtContext *ctx);
  ast::StmtPtr buildWhile(P::WhileStmtContext *ctx);
  ast::StmtPtr buildFor(P::ForStmtContext *ctx);
  ast::StmtPtr buildTry(P::TryStmtContext *ctx);
  ast::StmtPtr buildWith(P::WithStmtContext *ctx);
  ast::StmtPtr buildFuncDef(P::FuncDefContext *ctx);
  ast::StmtPtr buildClassDef(P::ClassDefContext *ctx);
  ast::StmtPtr buildDecorated(P::DecoratedContext *ctx);
  ast::StmtPtr buildImport(P::ImportStmtContext *ctx);
  ast::StmtPtr buildRaise(P::RaiseStmtContext *ctx);
  void buildParams(P::ParamListContext *ctx, ast::Arguments &args,
                   bool allowAnnotations);

  // Expressions.
  ast::ExprPtr buildRhs(P::RhsContext *ctx);
  ast::ExprPtr buildYield(P::YieldExprContext *ctx);
  /// An assigned or returned value: a lone `*x` is CPython's SyntaxError
  /// (`*x, y` makes a tuple).
  ast::ExprPtr buildValue(P::RhsContext *ctx);
  ast::ExprPtr starredRejected(ast::ExprPtr value);
  ast::ExprPtr buildNamedTest(P::NamedTestContext *ctx);
  ast::ExprPtr buildNamedExpr(SourceRange r, ast::ExprPtr target,
                              ast::ExprPtr value);
  ast::ExprPtr buildTest(P::TestContext *ctx);
  ast::ExprPtr buildTestNoCond(P::TestNoCondContext *ctx);
  ast::ExprPtr buildLambda(antlr4::ParserRuleContext *ctx,
                           P::ParamListContext *params, ast::ExprPtr body);
  ast::ExprPtr buildOrTest(P::OrTestContext *ctx);
  ast::ExprPtr buildAndTest(P::AndTestContext *ctx);
  ast::ExprPtr buildNotTest(P::NotTestContext *ctx);
  ast::ExprPtr buildComparison(P::ComparisonContext *ctx);
  ast::ExprPtr buildExpr(P::ExprContext *ctx);
  ast::ExprPtr buildXorExpr(P::XorExprContext *ctx);
  ast::ExprPtr buildAndExpr(P::AndExprContext *ctx);
  ast::ExprPtr buildShiftExpr(P::ShiftExprContext *ctx);
  ast::ExprPtr buildArithExpr(P::ArithExprContext *ctx);
  ast::ExprPtr buildTerm(P::TermContext *ctx);
  ast::ExprPtr buildFactor(P::FactorContext *ctx);
  /// `-9223372036854775808`, whose operand alone is past kiln's 64-bit
  /// ints, as the one int it makes; null for any other negation.
  ast::ExprPtr int64Lowest(P::FactorContext *ctx);
  ast::ExprPtr buildPower(P::PowerContext *ctx);
  ast::ExprPtr buildAtomExpr(P::AwaitPrimaryContext *ctx);
  ast::ExprPtr buildAtom(P::AtomContext *ctx);
  ast::ExprPtr buildStarExpr(P::StarExprContext *ctx);
  ast::ExprPtr buildTestListComp(P::TestListCompContext *ctx,
                                 antlr4::ParserRuleContext *whole,
                                 ast::ExprKind displayKind);
  ast::ExprPtr buildBrace(P::BraceAtomContext *ctx);
  ast::ExprPtr buildSubscripts(P::SubscriptListContext *ctx);
  ast::ExprPtr buildSubscript(P::SubscriptContext *ctx);
  void buildArgs(P::ArgListContext *ctx, ast::ExprList &args,
                 std::vector<ast::Keyword> &keywords);
  std::vector<ast::Comprehension> buildCompFor(P::CompForContext *ctx);
  ast::ExprPtr buildExprList(P::ExprListContext *ctx);
  ast::ExprPtr buildTestList(P::TestListContext *ctx);
  ast::ExprPtr buildTestListStarExpr(P::TestListStarExprContext *ctx);
  ast::ExprPtr buildNumber(antlr4::Token *token);
  ast::ExprPtr buildStrings(P::StringAtomContext *ctx);

  // Checks and helpers.
  /// Marks `target` as an assignment (or deletion) target, reporting what
  /// cannot be assigned to as CPython does.
  /// Marks `target` as a store/delete target, reporting invalid ones.
  /// `plainAssign` is set for the sole target of `x = ...`, the only place
  /// CPython adds its "maybe you meant '=='" hint.
  void setContext(ast::Expr &target, ast::ExprContext ctx, const char *what,
                  bool plainAssign = false);
  void unsupported(antlr4::ParserRuleContext *ctx, const std::string &what);
  void unsupported(antlr4::Token *token, const std::string &what);
  void error(SourceRange range, const std::string &message);
  SourceLoc loc(antlr4::Token *token) const;
  SourceLoc endLoc(antlr4::Token *token) const;
  SourceRange range(antlr4::ParserRuleContext *ctx) const;
  SourceRange range(antlr4::Token *token) const;
  SourceRange span(const ast::Node &first, const ast::Node &last) const;

  template <typename T> std::unique_ptr<T> make(SourceRange r) {
    auto node = std::make_unique<T>();
    node->range = r;
    return node;
  }

  DiagnosticEngine &diags_;
  SourceLoc origin_;
  bool failed_ = false;
};

} // namespace kiln
