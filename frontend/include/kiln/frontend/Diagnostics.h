// Compiler-style diagnostics: `file:line:col: error: message`, the source
// line and a caret, or one JSON object per line with --diagnostics=json.
#pragma once

#include "kiln/frontend/SourceFile.h"

#include <ostream>
#include <set>
#include <string>
#include <vector>

namespace kiln {

enum class Severity { Error, Warning, Note };

struct Diagnostic {
  Severity severity;
  SourceRange range;
  std::string message;
};

class DiagnosticEngine {
public:
  enum class Format { Text, Json };

  DiagnosticEngine(const SourceFile &file, std::ostream &out,
                   Format format = Format::Text)
      : file_(file), out_(out), format_(format) {}

  /// Reports and prints a diagnostic at once, so output survives a later
  /// failure. Past `maxErrors` errors further ones are counted, not printed.
  void report(Severity severity, SourceRange range, const std::string &message);
  void error(SourceRange range, const std::string &message) {
    report(Severity::Error, range, message);
  }
  void error(SourceLoc loc, const std::string &message) {
    report(Severity::Error, {loc, loc}, message);
  }

  /// Takes over what another engine (one that wrote to a buffer) reported.
  void append(const std::string &printed, unsigned errors) {
    out_ << printed;
    errorCount_ += errors;
  }

  Format format() const { return format_; }
  /// Whether an error was reported on `line` (to suppress cascades).
  bool hasErrorOnLine(uint32_t line) const {
    return errorLines_.count(line) != 0;
  }
  unsigned errorCount() const { return errorCount_; }
  bool hasErrors() const { return errorCount_ != 0; }
  const SourceFile &file() const { return file_; }

  /// Prints the "N errors generated." summary when more than one error.
  void printSummary();

  static constexpr unsigned maxErrors = 20;

private:
  void printText(const Diagnostic &d);
  void printJson(const Diagnostic &d);

  const SourceFile &file_;
  std::ostream &out_;
  Format format_;
  unsigned errorCount_ = 0;
  std::set<uint32_t> errorLines_;
};

/// Writes `line` and below it a caret under code-point column `col` (1-based)
/// with tildes up to `endCol`; tabs in the line are kept so the caret aligns.
void printCaretLine(std::ostream &out, std::string_view line, uint32_t col,
                    uint32_t endCol);

} // namespace kiln
