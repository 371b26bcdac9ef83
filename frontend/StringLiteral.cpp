// Python string literal escapes, as CPython's tokenizer decodes them.
#include "StringLiteral.h"
#include "kiln/frontend/Utf8.h"

#include <cctype>

namespace kiln {

StringToken splitStringToken(const std::string &text) {
  StringToken tok;
  size_t i = 0;
  while (i < text.size() && text[i] != '\'' && text[i] != '"') {
    char c =
        static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
    tok.isBytes |= c == 'b';
    tok.isRaw |= c == 'r';
    tok.isFormat |= c == 'f';
    ++i;
  }
  size_t quote = 1;
  if (text.compare(i, 3, "'''") == 0 || text.compare(i, 3, "\"\"\"") == 0)
    quote = 3;
  tok.bodyOffset = i + quote;
  size_t bodyLen =
      text.size() >= i + 2 * quote ? text.size() - i - 2 * quote : 0;
  tok.body = text.substr(tok.bodyOffset, bodyLen);
  return tok;
}

static int hexValue(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

bool decodeEscapes(const std::string &body, bool isBytes, std::string &out,
                   std::string &error, size_t &errorOffset) {
  out.clear();
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\') {
      if (isBytes && static_cast<unsigned char>(c) >= 0x80) {
        error = "bytes can only contain ASCII literal characters";
        errorOffset = i;
        return false;
      }
      out.push_back(c);
      continue;
    }
    if (i + 1 >= body.size()) {
      out.push_back('\\');
      break;
    }
    size_t start = i;
    char e = body[++i];
    switch (e) {
    case '\n':
      break; // line continuation inside the literal
    case '\\':
    case '\'':
    case '"':
      out.push_back(e);
      break;
    case 'a':
      out.push_back('\a');
      break;
    case 'b':
      out.push_back('\b');
      break;
    case 'f':
      out.push_back('\f');
      break;
    case 'n':
      out.push_back('\n');
      break;
    case 'r':
      out.push_back('\r');
      break;
    case 't':
      out.push_back('\t');
      break;
    case 'v':
      out.push_back('\v');
      break;
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7': {
      uint32_t value = e - '0';
      for (int k = 0; k < 2 && i + 1 < body.size() && body[i + 1] >= '0' &&
                      body[i + 1] <= '7';
           ++k)
        value = value * 8 + (body[++i] - '0');
      if (isBytes)
        out.push_back(static_cast<char>(value & 0xFF));
      else
        appendCodePoint(out, value);
      break;
    }
    case 'x':
    case 'u':
    case 'U': {
      int digits = e == 'x' ? 2 : e == 'u' ? 4 : 8;
      if (isBytes && e != 'x') {
        out.push_back('\\');
        out.push_back(e);
        break;
      }
      uint32_t value = 0;
      for (int k = 0; k < digits; ++k) {
        int h = i + 1 < body.size() ? hexValue(body[i + 1]) : -1;
        if (h < 0) {
          // CPython's messages: bytes and str literals word it differently.
          if (isBytes)
            error = "(value error) invalid \\x escape at position " +
                    std::to_string(start);
          else
            error = std::string("(unicode error) truncated \\") + e +
                    std::string(digits == 2   ? "XX"
                                : digits == 4 ? "XXXX"
                                              : "XXXXXXXX") +
                    " escape";
          errorOffset = start;
          return false;
        }
        value = value * 16 + h;
        ++i;
      }
      if (isBytes) {
        out.push_back(static_cast<char>(value));
      } else if (value > 0x10FFFF) {
        error = "(unicode error) illegal Unicode character";
        errorOffset = start;
        return false;
      } else {
        appendCodePoint(out, value);
      }
      break;
    }
    case 'N':
      if (!isBytes) {
        error = "\\N{...} escapes are not supported by kiln";
        errorOffset = start;
        return false;
      }
      [[fallthrough]];
    default:
      // Unknown escapes keep their backslash, as in CPython.
      out.push_back('\\');
      out.push_back(e);
      break;
    }
  }
  return true;
}

} // namespace kiln
