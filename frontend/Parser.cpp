// Drives the ANTLR lexer and parser over a source file: UTF-8 validation,
// two-stage parsing (fast SLL first, full LL only when SLL fails), syntax
// errors in CPython's words, and a guard against pathological nesting.
#include "kiln/frontend/Parser.h"

#include "AstBuilder.h"
#include "IndentingLexer.h"
#include "KilnParser.h"
#include "antlr4-runtime.h"

#include <set>

namespace kiln {

using antlr4::Token;
using grammar::KilnParser;

namespace {

/// Thrown out of the parser when the parse tree would grow too deep.
struct NestingTooDeep {
  Token *token;
};

class GuardedParser : public KilnParser {
public:
  using KilnParser::KilnParser;

  void enterRule(antlr4::ParserRuleContext *localctx, size_t state,
                 size_t ruleIndex) override {
    int depth = 0;
    for (auto *p = localctx->parent; p; p = p->parent)
      if (++depth > kMaxParseDepth)
        throw NestingTooDeep{getCurrentToken()};
    KilnParser::enterRule(localctx, state, ruleIndex);
  }
};

/// Reports syntax errors the way CPython words them, at most one per line
/// (later errors on a line are usually cascades of the first).
class SyntaxErrorListener : public antlr4::BaseErrorListener {
public:
  SyntaxErrorListener(DiagnosticEngine &diags, SourceLoc origin)
      : diags_(diags), origin_(origin) {}

  void syntaxError(antlr4::Recognizer *recognizer, Token *offending,
                   size_t line, size_t charPositionInLine,
                   const std::string &, std::exception_ptr) override {
    SourceLoc begin{static_cast<uint32_t>(line),
                    static_cast<uint32_t>(charPositionInLine + 1)};
    if (begin.line == 1)
      begin.col += origin_.col - 1;
    begin.line += origin_.line - 1;
    if (offending && offending->getType() == Token::EOF &&
        diags_.hasErrors())
      return; // the lexer already said why the file ended early
    if (!reportedLines_.insert(begin.line).second)
      return;
    SourceLoc end = begin;
    if (offending && offending->getType() != Token::EOF &&
        offending->getType() != KilnParser::INDENT &&
        offending->getType() != KilnParser::DEDENT &&
        offending->getType() != KilnParser::NEWLINE)
      end.col += offending->getText().size();
    else
      end.col += 1;
    diags_.error(SourceRange{begin, end},
                 message(static_cast<antlr4::Parser *>(recognizer), offending));
  }

private:
  static std::string message(antlr4::Parser *parser, Token *offending) {
    size_t type = offending ? offending->getType() : Token::EOF;
    if (type == KilnParser::INDENT)
      return "unexpected indent";
    antlr4::misc::IntervalSet expected;
    try {
      expected = parser->getExpectedTokens();
    } catch (...) {
    }
    if (expected.contains(static_cast<size_t>(KilnParser::INDENT)) && expected.size() == 1)
      return "expected an indented block";
    if (type == Token::EOF)
      return "unexpected end of file";
    if (type == KilnParser::DEDENT)
      return "unindent does not match any outer indentation level";
    if (expected.size() == 1) {
      std::string name =
          parser->getVocabulary().getLiteralName(expected.getMinElement());
      if (!name.empty())
        return "expected " + name;
    }
    if (type == KilnParser::NEWLINE)
      return "invalid syntax: unexpected end of line";
    return "invalid syntax";
  }

  DiagnosticEngine &diags_;
  SourceLoc origin_;
  std::set<uint32_t> reportedLines_;
};

/// Runs one parse of `text` with `entry` and hands the tree to `build`.
template <typename Entry, typename Build>
auto runParse(const std::string &text, SourceLoc origin,
              DiagnosticEngine &diags, Entry entry, Build build)
    -> decltype(build(nullptr, *static_cast<AstBuilder *>(nullptr))) {
  unsigned errorsBefore = diags.errorCount();
  antlr4::ANTLRInputStream input(text);
  IndentingLexer lexer(&input, diags);
  lexer.removeErrorListeners();
  antlr4::CommonTokenStream tokens(&lexer);
  GuardedParser parser(&tokens);
  parser.removeErrorListeners();

  try {
    // Stage 1: SLL prediction, bail out at the first error.
    parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
        antlr4::atn::PredictionMode::SLL);
    parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
    auto *tree = entry(parser);
    if (diags.errorCount() == errorsBefore) {
      AstBuilder builder(diags, origin);
      auto result = build(tree, builder);
      if (!builder.failed())
        return result;
    }
    return nullptr;
  } catch (const antlr4::ParseCancellationException &) {
  } catch (const NestingTooDeep &deep) {
    SourceLoc l{static_cast<uint32_t>(deep.token->getLine()),
                static_cast<uint32_t>(deep.token->getCharPositionInLine() + 1)};
    diags.error(l, "expression or block nested too deeply");
    return nullptr;
  }

  // Stage 2: full LL with error recovery, to report every error we can.
  SyntaxErrorListener listener(diags, origin);
  tokens.seek(0);
  parser.reset();
  parser.addErrorListener(&listener);
  parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
      antlr4::atn::PredictionMode::LL);
  parser.setErrorHandler(std::make_shared<antlr4::DefaultErrorStrategy>());
  try {
    auto *tree = entry(parser);
    if (diags.errorCount() != errorsBefore)
      return nullptr;
    AstBuilder builder(diags, origin);
    auto result = build(tree, builder);
    return builder.failed() ? nullptr : std::move(result);
  } catch (const NestingTooDeep &deep) {
    SourceLoc l{static_cast<uint32_t>(deep.token->getLine()),
                static_cast<uint32_t>(deep.token->getCharPositionInLine() + 1)};
    diags.error(l, "expression or block nested too deeply");
  } catch (const std::exception &e) {
    diags.error(SourceLoc{1, 1}, std::string("parser failure: ") + e.what());
  }
  return nullptr;
}

} // namespace

std::unique_ptr<ast::Module> parseModule(const SourceFile &file,
                                         DiagnosticEngine &diags) {
  size_t bad = file.firstInvalidUtf8();
  if (bad != std::string::npos) {
    // Locate the bad byte by line; count columns in bytes up to it.
    uint32_t line = 1, col = 1;
    for (size_t i = 0; i < bad; ++i) {
      if (file.text()[i] == '\n') {
        ++line;
        col = 1;
      } else if ((static_cast<unsigned char>(file.text()[i]) & 0xC0) != 0x80) {
        ++col;
      }
    }
    char hex[8];
    snprintf(hex, sizeof hex, "0x%02x",
             static_cast<unsigned char>(file.text()[bad]));
    diags.error(SourceLoc{line, col},
                std::string("source is not valid UTF-8: invalid byte ") + hex +
                    " at offset " + std::to_string(bad));
    return nullptr;
  }
  if (file.text().find('\0') != std::string::npos) {
    diags.error(SourceLoc{1, 1}, "source code cannot contain null bytes");
    return nullptr;
  }
  return runParse(
      file.text(), SourceLoc{1, 1}, diags,
      [](KilnParser &p) { return p.fileInput(); },
      [](KilnParser::FileInputContext *tree, AstBuilder &b) {
        return b.buildModule(tree);
      });
}

ast::ExprPtr parseFieldExpression(const std::string &text, SourceLoc origin,
                                  DiagnosticEngine &diags) {
  return runParse(
      text, origin, diags, [](KilnParser &p) { return p.fieldExpr(); },
      [](KilnParser::FieldExprContext *tree, AstBuilder &b) {
        return b.buildFieldExpr(tree);
      });
}

} // namespace kiln
