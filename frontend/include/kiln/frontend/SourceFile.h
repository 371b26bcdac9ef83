// A source file held in memory, with the line table that diagnostics and
// tracebacks use to show the user's line.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kiln {

/// A position in a source file: 1-based line, 1-based column counted in
/// Unicode code points.
struct SourceLoc {
  uint32_t line = 0;
  uint32_t col = 0;
  bool valid() const { return line != 0; }
};

/// A half-open range [begin, end) in a source file.
struct SourceRange {
  SourceLoc begin;
  SourceLoc end;
};

class SourceFile {
public:
  /// Takes the raw bytes of a file. A leading UTF-8 byte-order mark is
  /// dropped, as CPython does.
  SourceFile(std::string path, std::string bytes);

  /// Reads a file from disk; returns false and sets `error` when it cannot.
  static bool read(const std::string &path, std::string &contents,
                   std::string &error);

  const std::string &path() const { return path_; }
  const std::string &text() const { return text_; }
  size_t lineCount() const { return lineStarts_.size(); }

  /// The text of a 1-based line without its line terminator; empty when the
  /// line does not exist.
  std::string_view line(uint32_t number) const;

  /// The byte offset of the first invalid UTF-8 sequence, or npos.
  size_t firstInvalidUtf8() const;

private:
  std::string path_;
  std::string text_;
  std::vector<size_t> lineStarts_;
};

} // namespace kiln
