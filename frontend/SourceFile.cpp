// Line tables and UTF-8 validation for source files.
#include "kiln/frontend/SourceFile.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace kiln {

SourceFile::SourceFile(std::string path, std::string bytes)
    : path_(std::move(path)), text_(std::move(bytes)) {
  if (text_.compare(0, 3, "\xEF\xBB\xBF") == 0)
    text_.erase(0, 3);
  // Universal newlines, as CPython reads source: CRLF and lone CR become LF,
  // so the lexer, the line table and tracebacks agree on line numbers.
  std::string normalized;
  normalized.reserve(text_.size());
  for (size_t i = 0; i < text_.size(); ++i) {
    if (text_[i] == '\r') {
      normalized.push_back('\n');
      if (i + 1 < text_.size() && text_[i + 1] == '\n')
        ++i;
    } else {
      normalized.push_back(text_[i]);
    }
  }
  text_ = std::move(normalized);
  lineStarts_.push_back(0);
  for (size_t i = 0; i < text_.size(); ++i)
    if (text_[i] == '\n')
      lineStarts_.push_back(i + 1);
}

bool SourceFile::read(const std::string &path, std::string &contents,
                      std::string &error) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    error = "cannot read '" + path + "': it is a directory";
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot open '" + path + "'";
    return false;
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) {
    error = "cannot read '" + path + "'";
    return false;
  }
  contents = buffer.str();
  return true;
}

std::string_view SourceFile::line(uint32_t number) const {
  if (number == 0 || number > lineStarts_.size())
    return {};
  size_t begin = lineStarts_[number - 1];
  size_t end = number < lineStarts_.size() ? lineStarts_[number] : text_.size();
  if (end > begin && text_[end - 1] == '\n')
    --end;
  return std::string_view(text_).substr(begin, end - begin);
}

size_t SourceFile::firstInvalidUtf8() const {
  const auto *s = reinterpret_cast<const unsigned char *>(text_.data());
  size_t n = text_.size();
  for (size_t i = 0; i < n;) {
    unsigned char c = s[i];
    size_t len;
    uint32_t min;
    if (c < 0x80) {
      ++i;
      continue;
    }
    if ((c & 0xE0) == 0xC0) {
      len = 2;
      min = 0x80;
    } else if ((c & 0xF0) == 0xE0) {
      len = 3;
      min = 0x800;
    } else if ((c & 0xF8) == 0xF0) {
      len = 4;
      min = 0x10000;
    } else {
      return i;
    }
    if (i + len > n)
      return i;
    uint32_t cp = c & (0x7F >> len);
    for (size_t k = 1; k < len; ++k) {
      if ((s[i + k] & 0xC0) != 0x80)
        return i;
      cp = (cp << 6) | (s[i + k] & 0x3F);
    }
    // Overlong forms, surrogates and values past U+10FFFF are invalid too.
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
      return i;
    i += len;
  }
  return std::string::npos;
}

} // namespace kiln
