// Parse tree to AST: string literals, implicit concatenation and f-strings.
// An f-string's replacement fields are parsed by a nested parse of the field
// text, positioned so that errors point inside the string.
#include "AstBuilder.h"
#include "StringLiteral.h"
#include "kiln/frontend/Parser.h"

#include <cstring>

namespace kiln {

using namespace ast;
using antlr4::Token;
using P = grammar::KilnParser;

namespace {

/// Builds the parts of one f-string token.
class FStringParser {
public:
  FStringParser(DiagnosticEngine &diags, const std::string &text,
                SourceLoc tokenLoc, bool raw, bool &failed)
      : diags_(diags), text_(text), tokenLoc_(tokenLoc), raw_(raw),
        failed_(failed) {}

  /// Parses text_[begin, end) into `out`; `depth` is 0 for the string
  /// itself and 1 inside a format spec, whose fields may not nest again.
  void parse(size_t begin, size_t end, ExprList &out, int depth);

private:
  SourceLoc locAt(size_t offset) const;
  void error(size_t offset, const std::string &message);
  void flushLiteral(std::string &literal, size_t literalStart, ExprList &out);
  size_t parseField(size_t open, size_t end, ExprList &out, int depth);

  DiagnosticEngine &diags_;
  const std::string &text_;
  SourceLoc tokenLoc_;
  bool raw_;
  bool &failed_;
};

SourceLoc FStringParser::locAt(size_t offset) const {
  SourceLoc l = tokenLoc_;
  for (size_t i = 0; i < offset && i < text_.size(); ++i) {
    unsigned char c = text_[i];
    if (c == '\n') {
      ++l.line;
      l.col = 1;
    } else if ((c & 0xC0) != 0x80) {
      ++l.col;
    }
  }
  return l;
}

void FStringParser::error(size_t offset, const std::string &message) {
  SourceLoc l = locAt(offset);
  diags_.error(SourceRange{l, {l.line, l.col + 1}}, message);
  failed_ = true;
}

void FStringParser::flushLiteral(std::string &literal, size_t literalStart,
                                 ExprList &out) {
  if (literal.empty())
    return;
  auto c = std::make_unique<ConstantExpr>();
  c->type = ConstantExpr::Type::Str;
  c->range = {locAt(literalStart), locAt(literalStart + literal.size())};
  if (raw_) {
    c->strValue = literal;
  } else {
    std::string err;
    size_t errOffset = 0;
    if (!decodeEscapes(literal, false, c->strValue, err, errOffset))
      error(literalStart + errOffset, err);
  }
  out.push_back(std::move(c));
  literal.clear();
}

void FStringParser::parse(size_t begin, size_t end, ExprList &out, int depth) {
  std::string literal;
  size_t literalStart = begin;
  for (size_t i = begin; i < end;) {
    char c = text_[i];
    if (c == '{' && i + 1 < end && text_[i + 1] == '{' && depth == 0) {
      literal.push_back('{');
      i += 2;
    } else if (c == '}' && i + 1 < end && text_[i + 1] == '}' && depth == 0) {
      literal.push_back('}');
      i += 2;
    } else if (c == '{') {
      flushLiteral(literal, literalStart, out);
      i = parseField(i, end, out, depth);
      literalStart = i;
    } else if (c == '}') {
      error(i, "f-string: single '}' is not allowed");
      return;
    } else if (c == '\\' && !raw_ && i + 1 < end) {
      literal.append(text_, i, 2);
      i += 2;
    } else {
      literal.push_back(c);
      ++i;
    }
  }
  flushLiteral(literal, literalStart, out);
}

size_t FStringParser::parseField(size_t open, size_t end, ExprList &out,
                                 int depth) {
  if (depth > 1) {
    error(open, "f-string: expressions nested too deeply");
    return end;
  }
  // Find where the expression stops: a `!`, `:` or `}` outside brackets
  // and strings.
  size_t i = open + 1;
  int nesting = 0;
  char quote = 0;
  // `{expr=}` (Python 3.8's self-documenting form): where the `=` is.
  size_t equals = 0;
  for (; i < end; ++i) {
    char c = text_[i];
    if (quote) {
      if (c == quote)
        quote = 0;
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '(' || c == '[' || c == '{') {
      ++nesting;
    } else if (c == ')' || c == ']' || c == '}') {
      if (nesting == 0)
        break;
      --nesting;
    } else if (nesting == 0 && c == '!' && i + 1 < end && text_[i + 1] != '=') {
      break;
    } else if (nesting == 0 && c == ':') {
      break;
    } else if (nesting == 0 && c == '=' && i + 1 < end && text_[i + 1] != '=' &&
               std::strchr("=!<>", text_[i - 1]) == nullptr) {
      // Not ==, !=, <= or >=: the text up to here (and the blanks after)
      // is printed before the value.
      equals = i++;
      while (i < end && std::strchr(" \t\n", text_[i]) != nullptr)
        ++i;
      break;
    } else if (c == '\\') {
      error(i, "f-string expression part cannot include a backslash");
      return end;
    } else if (c == '#') {
      error(i, "f-string expression part cannot include '#'");
      return end;
    }
  }
  if (i >= end) {
    error(open, "f-string: expecting '}'");
    return end;
  }
  std::string exprText =
      text_.substr(open + 1, (equals ? equals : i) - open - 1);
  if (exprText.find_first_not_of(" \t\n") == std::string::npos) {
    error(open, "f-string: empty expression not allowed");
    return end;
  }
  auto field = std::make_unique<FormattedValueExpr>();
  SourceLoc exprLoc = locAt(open + 1);
  // Parenthesized, as CPython does, so the field may span lines.
  SourceLoc origin = exprLoc;
  origin.col -= 1;
  field->value = parseFieldExpression("(" + exprText + ")", origin, diags_);
  if (!field->value) {
    failed_ = true;
    return end;
  }
  if (equals) {
    // The expression's text, `=` and blanks as written, joins the literal
    // before it, as in CPython's AST.
    std::string label = text_.substr(open + 1, i - open - 1);
    auto *last =
        out.empty() ? nullptr : dynamic_cast<ConstantExpr *>(out.back().get());
    if (last && last->type == ConstantExpr::Type::Str) {
      last->strValue += label;
      last->range.end = locAt(i);
    } else {
      auto c = std::make_unique<ConstantExpr>();
      c->type = ConstantExpr::Type::Str;
      c->strValue = label;
      c->range = {locAt(open + 1), locAt(i)};
      out.push_back(std::move(c));
    }
  }
  if (text_[i] == '!') {
    char conv = i + 1 < end ? text_[i + 1] : 0;
    if (conv != 's' && conv != 'r' && conv != 'a') {
      error(i + 1, "f-string: invalid conversion character: expected 's', "
                   "'r', or 'a'");
      return end;
    }
    field->conversion = conv;
    i += 2;
  }
  if (i < end && text_[i] == ':') {
    size_t specBegin = ++i;
    int braces = 0;
    for (; i < end; ++i) {
      if (text_[i] == '{')
        ++braces;
      else if (text_[i] == '}' && braces-- == 0)
        break;
    }
    auto spec = std::make_unique<JoinedStrExpr>();
    spec->range = {locAt(specBegin), locAt(i)};
    parse(specBegin, i, spec->values, depth + 1);
    field->formatSpec = std::move(spec);
  }
  if (i >= end || text_[i] != '}') {
    error(open, "f-string: expecting '}'");
    return end;
  }
  // `{expr=}` shows the repr unless a conversion or a format is given.
  if (equals && !field->conversion && !field->formatSpec)
    field->conversion = 'r';
  field->range = {locAt(open), locAt(i + 1)};
  out.push_back(std::move(field));
  return i + 1;
}

} // namespace

ExprPtr AstBuilder::buildStrings(P::StringAtomContext *ctx) {
  SourceRange r = range(ctx);
  bool anyFormat = false, anyBytes = false, anyStr = false;
  ExprList parts;
  for (auto *node : ctx->STRING()) {
    Token *tok = node->getSymbol();
    std::string text = tok->getText();
    StringToken st = splitStringToken(text);
    anyFormat |= st.isFormat;
    (st.isBytes ? anyBytes : anyStr) = true;
    if (st.isFormat) {
      FStringParser(diags_, text, loc(tok), st.isRaw, failed_)
          .parse(st.bodyOffset, st.bodyOffset + st.body.size(), parts,
                 /*depth=*/0);
      continue;
    }
    auto c = make<ConstantExpr>(range(tok));
    c->type = st.isBytes ? ConstantExpr::Type::Bytes : ConstantExpr::Type::Str;
    if (st.isRaw) {
      c->strValue = st.body;
    } else {
      std::string err;
      size_t errOffset = 0;
      if (!decodeEscapes(st.body, st.isBytes, c->strValue, err, errOffset))
        error(range(tok), err);
    }
    parts.push_back(std::move(c));
  }
  if (anyBytes && anyStr) {
    error(r, "cannot mix bytes and nonbytes literals");
    return make<ConstantExpr>(r);
  }
  // Merge neighbouring constant parts: "a" "b" is one constant.
  ExprList merged;
  for (auto &p : parts) {
    if (!merged.empty() && p->kind == ExprKind::Constant &&
        merged.back()->kind == ExprKind::Constant) {
      auto &prev = as<ConstantExpr>(*merged.back());
      prev.strValue += as<ConstantExpr>(*p).strValue;
      prev.range.end = p->range.end;
      continue;
    }
    merged.push_back(std::move(p));
  }
  if (!anyFormat) {
    if (merged.empty()) {
      auto c = make<ConstantExpr>(r);
      c->type = anyBytes ? ConstantExpr::Type::Bytes : ConstantExpr::Type::Str;
      return c;
    }
    merged[0]->range = r;
    return std::move(merged[0]);
  }
  auto j = make<JoinedStrExpr>(r);
  j->values = std::move(merged);
  return j;
}

} // namespace kiln
