// Unit tests of the lexer: logical lines, INDENT/DEDENT, continuations and
// the literal forms.
#include "frontend/IndentingLexer.h"

#include "antlr4-runtime.h"
#include <catch2/catch.hpp>

#include <sstream>

using kiln::IndentingLexer;
using kiln::grammar::KilnLexer;

namespace {

struct Lexed {
  std::vector<std::string> tokens; // symbolic names, literals as TYPE:text
  std::string diagnostics;
};

Lexed lex(const std::string &source) {
  kiln::SourceFile file("test.py", source);
  std::ostringstream diagOut;
  kiln::DiagnosticEngine diags(file, diagOut);
  antlr4::ANTLRInputStream input(file.text());
  IndentingLexer lexer(&input, diags);
  lexer.removeErrorListeners();
  Lexed out;
  const antlr4::dfa::Vocabulary &vocab = lexer.getVocabulary();
  for (auto tok = lexer.nextToken(); tok->getType() != antlr4::Token::EOF;
       tok = lexer.nextToken()) {
    std::string name = vocab.getSymbolicName(tok->getType());
    if (name == "NAME" || name == "STRING" || name == "INTEGER" ||
        name == "FLOAT_NUMBER" || name == "IMAG_NUMBER")
      name += ":" + tok->getText();
    out.tokens.push_back(name);
  }
  out.diagnostics = diagOut.str();
  return out;
}

using Tokens = std::vector<std::string>;

} // namespace

TEST_CASE("simple statements end with NEWLINE", "[lexer]") {
  CHECK(lex("x = 1\n").tokens ==
        Tokens{"NAME:x", "ASSIGN", "INTEGER:1", "NEWLINE"});
  // A missing final newline is supplied.
  CHECK(lex("x").tokens == Tokens{"NAME:x", "NEWLINE"});
  CHECK(lex("").tokens.empty());
  CHECK(lex("\n\n   \n# only a comment\n").tokens.empty());
}

TEST_CASE("indentation produces INDENT and DEDENT", "[lexer]") {
  Lexed l = lex("if a:\n    b\n    if c:\n        d\ne\n");
  CHECK(l.tokens == Tokens{"IF", "NAME:a", "COLON", "NEWLINE", "INDENT",
                           "NAME:b", "NEWLINE", "IF", "NAME:c", "COLON",
                           "NEWLINE", "INDENT", "NAME:d", "NEWLINE", "DEDENT",
                           "DEDENT", "NAME:e", "NEWLINE"});
  CHECK(l.diagnostics.empty());
}

TEST_CASE("dedents are closed at end of input", "[lexer]") {
  CHECK(lex("def f():\n  return 1").tokens ==
        Tokens{"DEF", "NAME:f", "OPEN_PAREN", "CLOSE_PAREN", "COLON", "NEWLINE",
               "INDENT", "RETURN", "INTEGER:1", "NEWLINE", "DEDENT"});
}

TEST_CASE("blank and comment lines do not affect indentation", "[lexer]") {
  Lexed l = lex("if a:\n    b\n\n  # odd comment\n    c\n");
  CHECK(l.tokens == Tokens{"IF", "NAME:a", "COLON", "NEWLINE", "INDENT",
                           "NAME:b", "NEWLINE", "NAME:c", "NEWLINE", "DEDENT"});
  CHECK(l.diagnostics.empty());
}

TEST_CASE("newlines inside brackets are joined", "[lexer]") {
  CHECK(lex("f(1,\n  2,\n\n 3)\n").tokens ==
        Tokens{"NAME:f", "OPEN_PAREN", "INTEGER:1", "COMMA", "INTEGER:2",
               "COMMA", "INTEGER:3", "CLOSE_PAREN", "NEWLINE"});
  CHECK(lex("x = [\n1]\ny = {\n}\n").tokens ==
        Tokens{"NAME:x", "ASSIGN", "OPEN_BRACK", "INTEGER:1", "CLOSE_BRACK",
               "NEWLINE", "NAME:y", "ASSIGN", "OPEN_BRACE", "CLOSE_BRACE",
               "NEWLINE"});
}

TEST_CASE("backslash continues a line", "[lexer]") {
  CHECK(lex("x = 1 + \\\n    2\n").tokens == Tokens{"NAME:x", "ASSIGN",
                                                    "INTEGER:1", "PLUS",
                                                    "INTEGER:2", "NEWLINE"});
}

TEST_CASE("CRLF and lone CR line ends", "[lexer]") {
  CHECK(lex("if a:\r\n    b\r\nc\r\n").tokens ==
        Tokens{"IF", "NAME:a", "COLON", "NEWLINE", "INDENT", "NAME:b",
               "NEWLINE", "DEDENT", "NAME:c", "NEWLINE"});
  CHECK(lex("a\rb\r").tokens ==
        Tokens{"NAME:a", "NEWLINE", "NAME:b", "NEWLINE"});
}

TEST_CASE("a UTF-8 byte-order mark is ignored", "[lexer]") {
  CHECK(lex("\xEF\xBB\xBFx\n").tokens == Tokens{"NAME:x", "NEWLINE"});
}

TEST_CASE("inconsistent tabs and spaces are rejected", "[lexer]") {
  Lexed l = lex("if a:\n\tb\n        c\n");
  CHECK(l.diagnostics.find("inconsistent use of tabs and spaces") !=
        std::string::npos);
  // Tabs alone are fine.
  CHECK(lex("if a:\n\tb\n\tc\n").diagnostics.empty());
}

TEST_CASE("a dedent to an unknown level is an error", "[lexer]") {
  Lexed l = lex("if a:\n    b\n  c\n");
  CHECK(l.diagnostics.find("test.py:3:3: error: unindent does not match any "
                           "outer indentation level") != std::string::npos);
}

TEST_CASE("numbers", "[lexer]") {
  CHECK(lex("1_000 0x_1F 0o17 0b1010 0 00\n").tokens ==
        Tokens{"INTEGER:1_000", "INTEGER:0x_1F", "INTEGER:0o17",
               "INTEGER:0b1010", "INTEGER:0", "INTEGER:00", "NEWLINE"});
  CHECK(lex("1.5 .5 5. 1e10 1.5E-3 1_0.0_1 2j 1.5j\n").tokens ==
        Tokens{"FLOAT_NUMBER:1.5", "FLOAT_NUMBER:.5", "FLOAT_NUMBER:5.",
               "FLOAT_NUMBER:1e10", "FLOAT_NUMBER:1.5E-3",
               "FLOAT_NUMBER:1_0.0_1", "IMAG_NUMBER:2j", "IMAG_NUMBER:1.5j",
               "NEWLINE"});
  CHECK(lex("017\n").diagnostics.find("leading zeros") != std::string::npos);
}

TEST_CASE("string literal forms", "[lexer]") {
  CHECK(lex("'a' \"b\" r'\\d' b'x' f'{x!r:>4}' Rb'y' u'z'\n").tokens ==
        Tokens{"STRING:'a'", "STRING:\"b\"", "STRING:r'\\d'", "STRING:b'x'",
               "STRING:f'{x!r:>4}'", "STRING:Rb'y'", "STRING:u'z'", "NEWLINE"});
  CHECK(lex("'it\\'s'\n").tokens == Tokens{"STRING:'it\\'s'", "NEWLINE"});
  Lexed triple = lex("s = '''a\n'b'\n''c'''\n");
  CHECK(triple.tokens ==
        Tokens{"NAME:s", "ASSIGN", "STRING:'''a\n'b'\n''c'''", "NEWLINE"});
}

TEST_CASE("unterminated strings are reported", "[lexer]") {
  CHECK(lex("x = 'abc\n")
            .diagnostics.find(
                "test.py:1:5: error: unterminated string literal") !=
        std::string::npos);
  CHECK(lex("x = \"\"\"abc\nmore\n")
            .diagnostics.find("test.py:1:5: error: unterminated triple-quoted "
                              "string literal") != std::string::npos);
}

TEST_CASE("non-ASCII identifiers", "[lexer]") {
  CHECK(lex("π = 3\nnaïve_δ = π\n").tokens ==
        Tokens{"NAME:π", "ASSIGN", "INTEGER:3", "NEWLINE", "NAME:naïve_δ",
               "ASSIGN", "NAME:π", "NEWLINE"});
}

TEST_CASE("bracket errors", "[lexer]") {
  CHECK(lex("f(1\n").diagnostics.find(
            "test.py:1:2: error: '(' was never closed") != std::string::npos);
  CHECK(lex("x)\n").diagnostics.find("unmatched ')'") != std::string::npos);
  CHECK(lex("(]\n").diagnostics.find(
            "closing parenthesis ']' does not match opening parenthesis '('") !=
        std::string::npos);
  std::string deep(IndentingLexer::maxBracketDepth + 1, '(');
  CHECK(lex(deep + "\n").diagnostics.find("too many nested parentheses") !=
        std::string::npos);
}

TEST_CASE("soft keywords stay names", "[lexer]") {
  CHECK(lex("match = case = 1\n").tokens == Tokens{"NAME:match", "ASSIGN",
                                                   "NAME:case", "ASSIGN",
                                                   "INTEGER:1", "NEWLINE"});
}
