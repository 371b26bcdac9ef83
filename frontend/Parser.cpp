// Drives the ANTLR lexer and parser over a source file: UTF-8 validation,
// two-stage parsing (fast SLL first, full LL only when SLL fails), syntax
// errors in CPython's words, and a guard against pathological nesting.
#include "kiln/frontend/Parser.h"

#include "AstBuilder.h"
#include "IndentingLexer.h"
#include "KilnParser.h"
#include "antlr4-runtime.h"

#include <pthread.h>

#include <algorithm>
#include <set>
#include <sstream>

namespace kiln {

using antlr4::Token;
using grammar::KilnParser;

namespace {

/// Thrown out of the parser when the parse tree would grow too deep.
struct NestingTooDeep {
  Token *token;
};

/// Stops the parse, rather than the process, when nesting would exhaust the
/// stack: it measures the stack this thread has used since the parser was
/// made, against what the thread has (capped at kMaxParseStack).
class GuardedParser : public KilnParser {
public:
  explicit GuardedParser(antlr4::TokenStream *input)
      : KilnParser(input), base_(stackAddress()), budget_(stackBudget()) {}

  void enterRule(antlr4::ParserRuleContext *localctx, size_t state,
                 size_t ruleIndex) override {
    if (base_ - stackAddress() > budget_)
      throw NestingTooDeep{getCurrentToken()};
    KilnParser::enterRule(localctx, state, ruleIndex);
  }

private:
  static uintptr_t stackAddress() {
    return reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  }

  /// How much stack the parse may use: what is left on this thread, less a
  /// margin for the AST builder and diagnostics, at most kMaxParseStack.
  uintptr_t stackBudget() const {
    size_t budget = kMaxParseStack;
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
      void *low = nullptr;
      size_t size = 0;
      if (pthread_attr_getstack(&attr, &low, &size) == 0) {
        uintptr_t left = base_ - reinterpret_cast<uintptr_t>(low);
        // Keep half of what is left for building and walking the AST.
        budget = std::min<size_t>(budget, left / 2);
      }
      pthread_attr_destroy(&attr);
    }
    return budget;
  }

  uintptr_t base_;
  uintptr_t budget_;
};

/// Reports syntax errors the way CPython words them, at most one per line
/// (later errors on a line are usually cascades of the first).
class SyntaxErrorListener : public antlr4::BaseErrorListener {
public:
  SyntaxErrorListener(DiagnosticEngine &diags, SourceLoc origin)
      : diags_(diags), origin_(origin) {}

  void syntaxError(antlr4::Recognizer *recognizer, Token *offending,
                   size_t line, size_t charPositionInLine, const std::string &,
                   std::exception_ptr) override {
    SourceLoc begin{static_cast<uint32_t>(line),
                    static_cast<uint32_t>(charPositionInLine + 1)};
    if (begin.line == 1)
      begin.col += origin_.col - 1;
    begin.line += origin_.line - 1;
    size_t type = offending ? offending->getType() : Token::EOF;
    bool synthetic = type == Token::EOF || type == KilnParser::NEWLINE ||
                     type == KilnParser::INDENT || type == KilnParser::DEDENT;
    // After a first error, errors at synthetic tokens or on a line that
    // already has one are its consequences, not news for the user.
    if (diags_.hasErrors() && (synthetic || diags_.hasErrorOnLine(begin.line)))
      return;
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
    if (expected.contains(static_cast<size_t>(KilnParser::INDENT)) &&
        expected.size() == 1)
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
    // A compound statement's header ended early (`def f()`, `class A`,
    // `with a as b`): CPython names the missing colon.
    if (type == KilnParser::NEWLINE &&
        expected.contains(static_cast<size_t>(KilnParser::COLON)))
      return "expected ':'";
    if (type == KilnParser::NEWLINE)
      return "invalid syntax: unexpected end of line";
    return "invalid syntax";
  }

  DiagnosticEngine &diags_;
  SourceLoc origin_;
  std::set<uint32_t> reportedLines_;
};

/// Parses `text` twice at most: first with SLL prediction bailing out at the
/// first error (fast, and enough for almost all valid input), then, only if
/// that failed, with full LL and error recovery, which either accepts the
/// input or reports every error it can. `parse(parser, tokens, builder)`
/// runs the entry rule(s) and returns the result.
template <typename Result, typename Parse>
Result runParse(const std::string &text, SourceLoc origin,
                DiagnosticEngine &diags, Parse parse) {
  unsigned errorsBefore = diags.errorCount();
  antlr4::ANTLRInputStream input(text);
  IndentingLexer lexer(&input, diags);
  lexer.removeErrorListeners();
  antlr4::CommonTokenStream tokens(&lexer);
  GuardedParser parser(&tokens);
  parser.removeErrorListeners();
  auto reportTooDeep = [&](const NestingTooDeep &deep) {
    SourceLoc l{static_cast<uint32_t>(deep.token->getLine()),
                static_cast<uint32_t>(deep.token->getCharPositionInLine() + 1)};
    diags.error(l, "expression or block nested too deeply");
  };

  try {
    parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
        antlr4::atn::PredictionMode::SLL);
    parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
    // The builder's errors are held back until this stage completes, so a
    // stage-2 retry does not report them twice.
    std::ostringstream held;
    DiagnosticEngine stageDiags(diags.file(), held, diags.format());
    AstBuilder builder(stageDiags, origin);
    Result result = parse(parser, tokens, &builder);
    diags.append(held.str(), stageDiags.errorCount());
    if (diags.errorCount() != errorsBefore || builder.failed())
      return nullptr;
    return result;
  } catch (const antlr4::ParseCancellationException &) {
  } catch (const NestingTooDeep &deep) {
    reportTooDeep(deep);
    return nullptr;
  }

  SyntaxErrorListener listener(diags, origin);
  tokens.seek(0);
  parser.reset();
  parser.addErrorListener(&listener);
  parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
      antlr4::atn::PredictionMode::LL);
  parser.setErrorHandler(std::make_shared<antlr4::DefaultErrorStrategy>());
  try {
    // SLL can fail on valid input that full LL accepts: then build from
    // this parse.
    AstBuilder builder(diags, origin);
    Result result = parse(parser, tokens, &builder);
    if (diags.errorCount() == errorsBefore && !builder.failed())
      return result;
  } catch (const NestingTooDeep &deep) {
    reportTooDeep(deep);
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
  if (size_t nul = file.text().find('\0'); nul != std::string::npos) {
    uint32_t line = 1, col = 1;
    for (size_t i = 0; i < nul; ++i) {
      if (file.text()[i] == '\n') {
        ++line;
        col = 1;
      } else if ((static_cast<unsigned char>(file.text()[i]) & 0xC0) != 0x80) {
        ++col;
      }
    }
    diags.error(SourceLoc{line, col}, "source code cannot contain null bytes");
    return nullptr;
  }
  // Statement by statement, freeing each parse tree once its AST is built:
  // parse trees are many times larger than ASTs.
  return runParse<std::unique_ptr<ast::Module>>(
      file.text(), SourceLoc{1, 1}, diags,
      [](KilnParser &parser, antlr4::CommonTokenStream &tokens,
         AstBuilder *builder) {
        auto module = std::make_unique<ast::Module>();
        while (tokens.LA(1) != Token::EOF) {
          if (tokens.LA(1) == KilnParser::NEWLINE) {
            tokens.consume();
            continue;
          }
          size_t before = tokens.index();
          size_t errorsBefore = parser.getNumberOfSyntaxErrors();
          auto *stmt = parser.stmt();
          // A tree with syntax errors has missing children: never build it.
          if (builder && errorsBefore == 0 &&
              parser.getNumberOfSyntaxErrors() == 0)
            builder->buildTopLevel(stmt, module->body);
          parser.getTreeTracker().reset();
          if (tokens.index() == before)
            tokens.consume(); // recovery made no progress: skip a token
        }
        return module;
      });
}

ast::ExprPtr parseFieldExpression(const std::string &text, SourceLoc origin,
                                  DiagnosticEngine &diags) {
  return runParse<ast::ExprPtr>(
      text, origin, diags,
      [](KilnParser &parser, antlr4::CommonTokenStream &, AstBuilder *builder) {
        auto *tree = parser.fieldExpr();
        return builder && parser.getNumberOfSyntaxErrors() == 0
                   ? builder->buildFieldExpr(tree)
                   : nullptr;
      });
}

} // namespace kiln
