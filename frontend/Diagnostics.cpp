// Printing of diagnostics in GCC's text format and as JSON lines.
#include "kiln/frontend/Diagnostics.h"

#include <nlohmann/json.hpp>

namespace kiln {

static const char *severityName(Severity s) {
  switch (s) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
    return "note";
  }
  return "error";
}

void DiagnosticEngine::report(Severity severity, SourceRange range,
                              const std::string &message) {
  if (severity == Severity::Error) {
    errorLines_.insert(range.begin.line);
    if (++errorCount_ > maxErrors)
      return;
  }
  Diagnostic d{severity, range, message};
  if (format_ == Format::Json)
    printJson(d);
  else
    printText(d);
  if (severity == Severity::Error && errorCount_ == maxErrors &&
      format_ == Format::Text)
    out_ << file_.path() << ": note: too many errors, stopping here\n";
}

void DiagnosticEngine::printText(const Diagnostic &d) {
  out_ << file_.path();
  if (d.range.begin.valid())
    out_ << ':' << d.range.begin.line << ':' << d.range.begin.col;
  out_ << ": " << severityName(d.severity) << ": " << d.message << '\n';
  if (!d.range.begin.valid())
    return;
  std::string_view line = file_.line(d.range.begin.line);
  uint32_t endCol = d.range.end.line == d.range.begin.line
                        ? d.range.end.col
                        : d.range.begin.col + 1;
  printCaretLine(out_, line, d.range.begin.col, endCol);
}

void DiagnosticEngine::printJson(const Diagnostic &d) {
  nlohmann::json j;
  j["file"] = file_.path();
  j["severity"] = severityName(d.severity);
  j["message"] = d.message;
  if (d.range.begin.valid()) {
    j["line"] = d.range.begin.line;
    j["column"] = d.range.begin.col;
    j["end_line"] = d.range.end.line;
    j["end_column"] = d.range.end.col;
  }
  out_ << j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
       << '\n';
}

void DiagnosticEngine::printSummary() {
  if (format_ == Format::Text && errorCount_ > 1)
    out_ << errorCount_ << " errors generated.\n";
}

void printCaretLine(std::ostream &out, std::string_view line, uint32_t col,
                    uint32_t endCol) {
  out << line << '\n';
  std::string marker;
  uint32_t column = 1;
  for (size_t i = 0; i < line.size() && column < col; ++i) {
    unsigned char c = line[i];
    if ((c & 0xC0) == 0x80)
      continue; // continuation byte of a multi-byte code point
    marker.push_back(c == '\t' ? '\t' : ' ');
    ++column;
  }
  while (column < col) { // a location just past the end of the line
    marker.push_back(' ');
    ++column;
  }
  marker.push_back('^');
  for (uint32_t c = col + 1; c < endCol; ++c)
    marker.push_back('~');
  out << marker << '\n';
}

} // namespace kiln
