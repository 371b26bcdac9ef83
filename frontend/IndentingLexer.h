// Turns the raw ANTLR token stream into Python's logical-line stream: drops
// newlines inside brackets and on blank lines, and synthesizes INDENT and
// DEDENT tokens from leading whitespace, with CPython's errors for bad
// indentation (and its limits on nesting depth).
#pragma once

#include "KilnLexer.h"
#include "kiln/frontend/Diagnostics.h"

#include <deque>
#include <memory>
#include <vector>

namespace kiln {

class IndentingLexer : public grammar::KilnLexer {
public:
  IndentingLexer(antlr4::CharStream *input, DiagnosticEngine &diags)
      : KilnLexer(input), diags_(diags) {}

  std::unique_ptr<antlr4::Token> nextToken() override;

  /// CPython's limits: deeper nesting is a syntax error, not a crash.
  static constexpr int maxBracketDepth = 200;
  static constexpr int maxIndentDepth = 100;

private:
  struct Indent {
    int width;    // tabs to the next multiple of 8
    int altWidth; // tabs as one column: disagreement means mixed tabs/spaces
  };

  void fill();
  void handleLineStart(const antlr4::Token &first, const std::string &ws);
  void emitSynthetic(size_t type, const antlr4::Token &at, std::string text);
  void emitEndOfInput(std::unique_ptr<antlr4::Token> eof);
  void reportAt(const antlr4::Token &token, const std::string &message,
                size_t length = 1);

  DiagnosticEngine &diags_;
  std::deque<std::unique_ptr<antlr4::Token>> pending_;
  std::vector<Indent> indents_{{0, 0}};
  struct OpenBracket {
    size_t type;
    size_t line;
    size_t col;
    std::string text;
  };
  std::vector<OpenBracket> brackets_;
  std::string lineIndent_; // whitespace after the last newline
  bool atLineStart_ = true;
  bool emittedAny_ = false; // a token of a logical line was emitted
  bool done_ = false;
};

} // namespace kiln
