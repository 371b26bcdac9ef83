// Logical lines, INDENT/DEDENT and lexical errors for the kiln grammar.
#include "IndentingLexer.h"

#include "antlr4-runtime.h"
#include "kiln/frontend/Utf8.h"

namespace kiln {

using antlr4::Token;
using grammar::KilnLexer;

static std::pair<int, int> measureIndent(const std::string &ws) {
  int width = 0, alt = 0;
  for (char c : ws) {
    if (c == '\t') {
      width = (width / 8 + 1) * 8;
      ++alt;
    } else if (c == '\f') {
      width = alt = 0; // a form feed resets the count, as in CPython
    } else {
      ++width;
      ++alt;
    }
  }
  return {width, alt};
}

std::unique_ptr<Token> IndentingLexer::nextToken() {
  while (pending_.empty())
    fill();
  auto token = std::move(pending_.front());
  pending_.pop_front();
  return token;
}

void IndentingLexer::reportAt(const Token &token, const std::string &message,
                              size_t length) {
  SourceLoc begin{static_cast<uint32_t>(token.getLine()),
                  static_cast<uint32_t>(token.getCharPositionInLine() + 1)};
  SourceLoc end = begin;
  end.col += length;
  diags_.error(SourceRange{begin, end}, message);
}

void IndentingLexer::emitSynthetic(size_t type, const Token &at,
                                   std::string text) {
  auto token = std::make_unique<antlr4::CommonToken>(
      std::make_pair<antlr4::TokenSource *, antlr4::CharStream *>(
          this, getInputStream()),
      type, Token::DEFAULT_CHANNEL, at.getStartIndex(), at.getStartIndex() - 1);
  token->setText(std::move(text));
  token->setLine(at.getLine());
  token->setCharPositionInLine(at.getCharPositionInLine());
  pending_.push_back(std::move(token));
}

void IndentingLexer::handleLineStart(const Token &first,
                                     const std::string &ws) {
  auto [width, alt] = measureIndent(ws);
  const Indent &top = indents_.back();
  if (width > top.width) {
    if (alt <= top.altWidth) {
      reportAt(first, "inconsistent use of tabs and spaces in indentation");
      return;
    }
    if (static_cast<int>(indents_.size()) >= maxIndentDepth) {
      reportAt(first, "too many levels of indentation");
      return;
    }
    indents_.push_back({width, alt});
    emitSynthetic(INDENT, first, "<INDENT>");
    return;
  }
  while (width < indents_.back().width) {
    indents_.pop_back();
    emitSynthetic(DEDENT, first, "<DEDENT>");
  }
  if (width != indents_.back().width) {
    reportAt(first, "unindent does not match any outer indentation level");
    // Recover as if the line were at the enclosing level.
    return;
  }
  if (alt != indents_.back().altWidth)
    reportAt(first, "inconsistent use of tabs and spaces in indentation");
}

void IndentingLexer::emitEndOfInput(std::unique_ptr<Token> eof) {
  if (emittedAny_ && !atLineStart_)
    emitSynthetic(NEWLINE, *eof, "<NEWLINE>");
  while (indents_.size() > 1) {
    indents_.pop_back();
    emitSynthetic(DEDENT, *eof, "<DEDENT>");
  }
  pending_.push_back(std::move(eof));
  done_ = true;
}

void IndentingLexer::fill() {
  if (done_) {
    // Keep answering EOF: the parser may ask again after an error.
    auto eof = std::make_unique<antlr4::CommonToken>(Token::EOF, "<EOF>");
    pending_.push_back(std::move(eof));
    return;
  }
  std::unique_ptr<Token> token = KilnLexer::nextToken();
  size_t type = token->getType();

  if (type == Token::EOF) {
    if (!brackets_.empty()) {
      const OpenBracket &open = brackets_.back();
      SourceLoc at{static_cast<uint32_t>(open.line),
                   static_cast<uint32_t>(open.col + 1)};
      diags_.error(SourceRange{at, {at.line, at.col + 1}},
                   "'" + open.text + "' was never closed");
    }
    emitEndOfInput(std::move(token));
    return;
  }

  if (type == NEWLINE) {
    if (!brackets_.empty())
      return; // implicit line joining
    std::string text = token->getText();
    size_t nl = text.find_first_not_of("\r\n");
    lineIndent_ = nl == std::string::npos ? "" : text.substr(nl);
    if (!atLineStart_) {
      emitSynthetic(NEWLINE, *token, "<NEWLINE>");
      atLineStart_ = true;
    }
    return;
  }

  switch (type) {
  case UNTERMINATED_STRING:
    reportAt(*token, "unterminated string literal");
    return;
  case UNTERMINATED_LONG_STRING:
    reportAt(*token, "unterminated triple-quoted string literal");
    return;
  case LEADING_ZERO_INTEGER:
    reportAt(*token,
             "leading zeros in decimal integer literals are not permitted; "
             "use an 0o prefix for octal integers",
             token->getText().size());
    return;
  case BAD_CHARACTER: {
    std::string text = token->getText();
    if (text == "\\") {
      reportAt(*token,
               "unexpected character after line continuation character");
      return;
    }
    std::u32string cps = decodeUtf8(text);
    uint32_t cp = cps.empty() ? 0 : cps[0];
    char hex[16];
    snprintf(hex, sizeof hex, "U+%04X", cp);
    // CPython's wording: printable characters are quoted, others named.
    bool printable = cp > 0x20 && cp != 0x7f && !(cp >= 0x80 && cp <= 0xa0) &&
                     cp != 0xad && !(cp >= 0x2000 && cp <= 0x200f) &&
                     !(cp >= 0x2028 && cp <= 0x202f) && cp != 0x3000 &&
                     cp != 0xfeff;
    reportAt(*token,
             !printable  ? std::string("invalid non-printable character ") + hex
             : cp < 0x80 ? "invalid character '" + text + "'"
                         : "invalid character '" + text + "' (" + hex + ")");
    return;
  }
  default:
    break;
  }

  if (atLineStart_ && brackets_.empty()) {
    if (!emittedAny_ && token->getCharPositionInLine() == 0 &&
        lineIndent_.empty()) {
      // First line of the file at column 0: nothing to compare.
    } else {
      if (!emittedAny_)
        lineIndent_ = std::string(token->getCharPositionInLine(), ' ');
      handleLineStart(*token, lineIndent_);
    }
    atLineStart_ = false;
  }
  emittedAny_ = true;

  switch (type) {
  case OPEN_PAREN:
  case OPEN_BRACK:
  case OPEN_BRACE:
    if (static_cast<int>(brackets_.size()) >= maxBracketDepth) {
      reportAt(*token, "too many nested parentheses");
      // Stop here: what follows cannot be parsed meaningfully.
      auto eof = std::make_unique<antlr4::CommonToken>(Token::EOF, "<EOF>");
      eof->setLine(token->getLine());
      eof->setCharPositionInLine(token->getCharPositionInLine());
      brackets_.clear();
      emitEndOfInput(std::move(eof));
      return;
    }
    brackets_.push_back({type, token->getLine(), token->getCharPositionInLine(),
                         token->getText()});
    break;
  case CLOSE_PAREN:
  case CLOSE_BRACK:
  case CLOSE_BRACE: {
    if (brackets_.empty()) {
      reportAt(*token, "unmatched '" + token->getText() + "'");
      return;
    }
    size_t expected = brackets_.back().type == OPEN_PAREN   ? CLOSE_PAREN
                      : brackets_.back().type == OPEN_BRACK ? CLOSE_BRACK
                                                            : CLOSE_BRACE;
    if (type != expected)
      reportAt(*token, "closing parenthesis '" + token->getText() +
                           "' does not match opening parenthesis '" +
                           brackets_.back().text + "'");
    brackets_.pop_back();
    break;
  }
  default:
    break;
  }
  pending_.push_back(std::move(token));
}

} // namespace kiln
