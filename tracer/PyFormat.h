//===- PyFormat.h - CPython 3.11 number formatting and parsing --*- C++ -*-===//
//
// Part of the kiln project.
//
//===----------------------------------------------------------------------===//
//
// Formats and parses numbers and strings exactly as CPython 3.11 does, so the
// trace-time interpreter reproduces repr(float), format(x, spec), float(s),
// int(s, base), hex()/oct()/bin() and the string step of round(x, n) byte for
// byte. Only the C++17 standard library is used.
//
// Locale-dependent behaviour is fixed to the "C" locale, which is what a
// CPython process uses unless it calls locale.setlocale(): the 'n' format type
// therefore groups nothing and uses '.' as the decimal point.
//
// All strings are UTF-8. Widths and precisions of str formatting count Unicode
// code points, as Python's str does.
//
//===----------------------------------------------------------------------===//

#ifndef KILN_TRACER_PYFORMAT_H
#define KILN_TRACER_PYFORMAT_H

#include <cstdint>
#include <string>
#include <string_view>

namespace kiln::py {

/// Thrown for a bad format spec or bad literal; the interpreter turns it into
/// Python's ValueError with this exact message (CPython's wording).
///
/// A few conditions are OverflowError in CPython rather than ValueError
/// (format(-1, 'c') -> "%c arg not in range(0x110000)"); for those Kind is
/// OverflowError so the interpreter can raise the right exception type.
struct FormatError {
  std::string message;
  enum class Kind { ValueError, OverflowError, MemoryError };
  Kind kind = Kind::ValueError;
};

/// The longest string kiln builds for a padded or repeated result, in
/// bytes: past it CPython's allocation would fail on the machines kiln runs
/// on (a MemoryError), so kiln raises that at once instead of trying.
inline constexpr int64_t kMaxStringSize = int64_t(1) << 30;

/// The Python exception class of a FormatError.
inline const char *formatErrorClass(const FormatError &e) {
  switch (e.kind) {
  case FormatError::Kind::OverflowError:
    return "OverflowError";
  case FormatError::Kind::MemoryError:
    return "MemoryError";
  default:
    return "ValueError";
  }
}

/// repr(float) / str(float): '0.1', '1e+16', '1e-05', 'inf', '-inf', 'nan',
/// '-0.0', '100.0', '1.5e+300', '123456789012345.0'.
std::string floatRepr(double V);

/// ascii()'s escaping of a repr: each non-ASCII code point as \xhh,
/// \uhhhh or \Uhhhhhhhh (ascii(), `!a`, `%a`).
std::string escapeNonAscii(std::string_view Text);

/// format(int, spec): fill/align (<>^=), sign (+ - space), '#', '0', width,
/// grouping (, _), types b c d o x X n e E f F g G % and none. Precision is not
/// allowed for the integer types; e/E/f/F/g/G/% convert the value to float.
/// Throws FormatError with CPython's message for an invalid spec.
std::string formatInt(int64_t V, std::string_view Spec);

/// format(float, spec): the same mini-language with types e E f F g G n % and
/// none (none = repr, or 'g'-like with at least one fractional digit when a
/// precision is given), default precision 6, 'z' (negative zero coercion).
/// Throws FormatError with CPython's message for an invalid spec.
std::string formatFloat(double V, std::string_view Spec);

/// format(str, spec): fill/align/width, precision (truncation) and type 's'.
/// '=' alignment, sign, 'z' and '#' are errors with CPython's messages. Width
/// and precision count Unicode code points (S is UTF-8).
std::string formatString(std::string_view S, std::string_view Spec);

/// float(text): strips whitespace, accepts underscores between digits as
/// CPython does, 'inf', 'infinity', 'nan' (case-insensitive, with sign) and
/// Unicode decimal digits. Out-of-range values give +-inf or +-0.0, as in
/// CPython. Returns false if the text is not a valid float literal.
bool parseFloat(std::string_view Text, double &Out);

enum class ParseIntResult { Ok, Invalid, Overflow };

/// int(text, base): whitespace, sign, underscores, base 0 (prefix detection
/// 0x/0o/0b, and '010' is invalid), bases 2..36 with the matching prefix
/// allowed. Returns Overflow for a valid literal whose value does not fit in
/// int64_t (CPython would make a big int, or for more than 4300 decimal digits
/// raise ValueError "Exceeds the limit ..."; the caller decides). Throws
/// FormatError("int() base must be >= 2 and <= 36, or 0") for a bad base.
ParseIntResult parseInt(std::string_view Text, int Base, int64_t &Out);

/// hex()/oct()/bin() style: '-0x1f', '0b101' (prefix only for bases 2, 8 and
/// 16, and only when WithPrefix); base 10 gives str(int). Any base 2..36 is
/// accepted, with lowercase digits.
std::string intToString(int64_t V, int Base, bool WithPrefix);

/// The string step of round(V, NDigits) (CPython's double_round): returns a
/// decimal string of V correctly rounded (half-even on the exact binary value)
/// to NDigits decimal places (NDigits may be negative), e.g. '267e-2' for
/// round(2.675, 2). Parse it back with parseFloat. Like CPython, nan and inf
/// come back unchanged, NDigits > 323 gives V itself and NDigits < -308 gives
/// a zero with V's sign. If V is finite and the parsed result is infinite,
/// CPython raises OverflowError("rounded value too large to represent"); that
/// check is the caller's, as is ndigits=None (round half to even to an int).
std::string roundFloatString(double V, int NDigits);

} // namespace kiln::py

#endif // KILN_TRACER_PYFORMAT_H
