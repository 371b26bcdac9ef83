//===- PyFormat.cpp - CPython 3.11 number formatting and parsing ----------===//
//
// Part of the kiln project.
//
//===----------------------------------------------------------------------===//
//
// The structure follows CPython 3.11 so behaviour can be checked against it:
//
//  * parseSpec          <- parse_internal_render_format_spec
//                          (Python/formatter_unicode.c)
//  * layoutNumber       <- calc_number_widths + fill_number
//  * groupDigits        <- _PyUnicode_InsertThousandsGrouping
//  * doubleToString     <- PyOS_double_to_string + format_float_short
//                          (Python/pystrtod.c)
//  * parseFloat         <- PyFloat_FromString (Objects/floatobject.c)
//  * parseInt           <- PyLong_FromString (Objects/longobject.c)
//  * roundFloatString   <- double_round (Objects/floatobject.c)
//
// CPython gets its decimal digits from David Gay's dtoa. Here they come from
// std::to_chars, which gives the same results: shortest round-trip digits for
// repr, and correctly rounded (ties to even on the exact binary value) digits
// when a precision is given.
//
//===----------------------------------------------------------------------===//

#include "PyFormat.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <climits>
#include <cmath>
#include <cstdio>
#include <limits>
#include <system_error>
#include <vector>

namespace kiln::py {
namespace {

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

[[noreturn]] void failValue(std::string Message) {
  throw FormatError{std::move(Message), FormatError::Kind::ValueError};
}

[[noreturn]] void failOverflow(std::string Message) {
  throw FormatError{std::move(Message), FormatError::Kind::OverflowError};
}

std::string toHex(uint32_t V) {
  char Buf[16];
  auto R = std::to_chars(Buf, Buf + sizeof(Buf), V, 16);
  return std::string(Buf, R.ptr);
}

/// Spells a presentation type in an error message: the character itself when
/// printable ASCII, else '\x<hex>' (CPython's two-case rule).
std::string describeTypeChar(char32_t C) {
  if (C > 32 && C < 128)
    return std::string(1, static_cast<char>(C));
  return "\\x" + toHex(static_cast<uint32_t>(C));
}

[[noreturn]] void failUnknownType(char32_t Type, const char *TypeName) {
  failValue("Unknown format code '" + describeTypeChar(Type) +
            "' for object of type '" + TypeName + "'");
}

[[noreturn]] void failThousandsWithType(char Separator, char32_t Type) {
  failValue(std::string("Cannot specify '") + Separator + "' with '" +
            describeTypeChar(Type) + "'.");
}

[[noreturn]] void failCommaAndUnderscore() {
  failValue("Cannot specify both ',' and '_'.");
}

//===----------------------------------------------------------------------===//
// Unicode helpers
//===----------------------------------------------------------------------===//

void appendUtf8(std::string &Out, char32_t CP) {
  if (CP < 0x80) {
    Out += static_cast<char>(CP);
  } else if (CP < 0x800) {
    Out += static_cast<char>(0xC0 | (CP >> 6));
    Out += static_cast<char>(0x80 | (CP & 0x3F));
  } else if (CP < 0x10000) {
    // Lone surrogates (format(0xD800, 'c')) are encoded WTF-8 style.
    Out += static_cast<char>(0xE0 | (CP >> 12));
    Out += static_cast<char>(0x80 | ((CP >> 6) & 0x3F));
    Out += static_cast<char>(0x80 | (CP & 0x3F));
  } else {
    Out += static_cast<char>(0xF0 | (CP >> 18));
    Out += static_cast<char>(0x80 | ((CP >> 12) & 0x3F));
    Out += static_cast<char>(0x80 | ((CP >> 6) & 0x3F));
    Out += static_cast<char>(0x80 | (CP & 0x3F));
  }
}

/// The length of the UTF-8 sequence a lead byte starts, or 0 if it is not a
/// lead byte.
size_t utf8SequenceLength(unsigned char Lead) {
  if (Lead < 0x80)
    return 1;
  if ((Lead >> 5) == 0x6)
    return 2;
  if ((Lead >> 4) == 0xE)
    return 3;
  if ((Lead >> 3) == 0x1E)
    return 4;
  return 0;
}

/// Decodes the code point starting at S[Pos] and advances Pos past it. A
/// malformed sequence decodes as U+FFFD, consumes one byte and clears Valid.
char32_t decodeOne(std::string_view S, size_t &Pos, bool &Valid) {
  unsigned char Lead = static_cast<unsigned char>(S[Pos]);
  size_t Len = utf8SequenceLength(Lead);
  if (Len == 0 || Pos + Len > S.size()) {
    Valid = false;
    ++Pos;
    return 0xFFFD;
  }
  char32_t CP = Len == 1 ? Lead : Lead & (0x7F >> Len);
  for (size_t I = 1; I < Len; ++I) {
    unsigned char Next = static_cast<unsigned char>(S[Pos + I]);
    if ((Next & 0xC0) != 0x80) {
      Valid = false;
      ++Pos;
      return 0xFFFD;
    }
    CP = (CP << 6) | (Next & 0x3F);
  }
  Pos += Len;
  return CP;
}

std::u32string decodeUtf8(std::string_view S, bool &Valid) {
  std::u32string Out;
  Valid = true;
  for (size_t Pos = 0; Pos < S.size();)
    Out += decodeOne(S, Pos, Valid);
  return Out;
}

std::string encodeUtf8(std::u32string_view S) {
  std::string Out;
  for (char32_t C : S)
    appendUtf8(Out, C);
  return Out;
}

/// First code point of every run of ten Unicode decimal digits (category Nd)
/// in Unicode 14.0, the database of CPython 3.11. Each run is 0..9 in order.
constexpr std::array<char32_t, 66> DecimalZeros = {
    0x30,    0x660,   0x6f0,   0x7c0,   0x966,   0x9e6,   0xa66,   0xae6,
    0xb66,   0xbe6,   0xc66,   0xce6,   0xd66,   0xde6,   0xe50,   0xed0,
    0xf20,   0x1040,  0x1090,  0x17e0,  0x1810,  0x1946,  0x19d0,  0x1a80,
    0x1a90,  0x1b50,  0x1bb0,  0x1c40,  0x1c50,  0xa620,  0xa8d0,  0xa900,
    0xa9d0,  0xa9f0,  0xaa50,  0xabf0,  0xff10,  0x104a0, 0x10d30, 0x11066,
    0x110f0, 0x11136, 0x111d0, 0x112f0, 0x11450, 0x114d0, 0x11650, 0x116c0,
    0x11730, 0x118e0, 0x11950, 0x11c50, 0x11d50, 0x11da0, 0x16a60, 0x16ac0,
    0x16b50, 0x1d7ce, 0x1d7d8, 0x1d7e2, 0x1d7ec, 0x1d7f6, 0x1e140, 0x1e2f0,
    0x1e950, 0x1fbf0};

/// Py_UNICODE_TODECIMAL: the value of a Unicode decimal digit, or -1.
int decimalValue(char32_t C) {
  auto It = std::upper_bound(DecimalZeros.begin(), DecimalZeros.end(), C);
  if (It == DecimalZeros.begin())
    return -1;
  char32_t Offset = C - *(It - 1);
  return Offset < 10 ? static_cast<int>(Offset) : -1;
}

/// Py_UNICODE_ISSPACE (str.isspace) for code points >= 127.
bool isUnicodeSpace(char32_t C) {
  switch (C) {
  case 0x85:
  case 0xA0:
  case 0x1680:
  case 0x2028:
  case 0x2029:
  case 0x202F:
  case 0x205F:
  case 0x3000:
    return true;
  default:
    return C >= 0x2000 && C <= 0x200A;
  }
}

/// Py_ISSPACE: the ASCII whitespace stripped around numeric literals.
bool isAsciiSpace(char C) { return C == ' ' || (C >= '\t' && C <= '\r'); }

/// _PyUnicode_TransformDecimalAndSpaceToASCII: maps Unicode whitespace to ' '
/// and Unicode decimal digits to ASCII. Returns false when Text is not valid
/// UTF-8 or holds another non-ASCII character (never part of a literal).
bool transformDecimalAndSpace(std::string_view Text, std::string &Out) {
  Out.clear();
  bool Valid = true;
  for (size_t Pos = 0; Pos < Text.size();) {
    char32_t C = decodeOne(Text, Pos, Valid);
    if (!Valid)
      return false;
    if (C < 127) {
      Out += static_cast<char>(C);
    } else if (isUnicodeSpace(C)) {
      Out += ' ';
    } else {
      int Digit = decimalValue(C);
      if (Digit < 0)
        return false;
      Out += static_cast<char>('0' + Digit);
    }
  }
  return true;
}

std::string_view stripAsciiSpace(std::string_view S) {
  while (!S.empty() && isAsciiSpace(S.front()))
    S.remove_prefix(1);
  while (!S.empty() && isAsciiSpace(S.back()))
    S.remove_suffix(1);
  return S;
}

void appendFill(std::string &Out, char32_t Fill, int64_t Count) {
  if (Count <= 0)
    return;
  std::string One;
  appendUtf8(One, Fill);
  Out.reserve(Out.size() + One.size() * static_cast<size_t>(Count));
  for (int64_t I = 0; I < Count; ++I)
    Out += One;
}

//===----------------------------------------------------------------------===//
// Format spec parsing
//===----------------------------------------------------------------------===//

/// The parsed [[fill]align][sign][z][#][0][width][grouping][.precision][type].
struct FormatSpec {
  char32_t Fill = ' ';
  char32_t Align = '>';
  char32_t Sign = 0; ///< 0, '+', '-' or ' '.
  bool NoNegZero = false;
  bool Alternate = false;
  int64_t Width = -1;       ///< -1: not given.
  char Thousands = 0;       ///< 0, ',' or '_'.
  bool GroupByFour = false; ///< '_' with b/o/x/X groups four digits.
  int64_t Precision = -1;   ///< -1: not given.
  char32_t Type = 0;        ///< 0: not given (floats only).
};

bool isAlignmentToken(char32_t C) {
  return C == '<' || C == '>' || C == '=' || C == '^';
}

bool isSignElement(char32_t C) { return C == ' ' || C == '+' || C == '-'; }

/// get_integer: consumes decimal digits at Pos into Result and returns how
/// many were consumed.
int64_t parseSpecInteger(std::u32string_view Spec, size_t &Pos,
                         int64_t &Result) {
  int64_t Accumulator = 0;
  int64_t NumDigits = 0;
  for (; Pos < Spec.size(); ++Pos, ++NumDigits) {
    int Digit = decimalValue(Spec[Pos]);
    if (Digit < 0)
      break;
    if (Accumulator > (std::numeric_limits<int64_t>::max() - Digit) / 10)
      failValue("Too many decimal digits in format string");
    Accumulator = Accumulator * 10 + Digit;
  }
  Result = Accumulator;
  return NumDigits;
}

/// Parses fill, align, sign, 'z', '#' and the '0' flag.
void parseSpecFlags(std::u32string_view Spec, size_t &Pos, FormatSpec &F,
                    char32_t DefaultAlign) {
  size_t End = Spec.size();
  bool AlignSpecified = false;
  bool FillSpecified = false;
  if (End - Pos >= 2 && isAlignmentToken(Spec[Pos + 1])) {
    F.Align = Spec[Pos + 1];
    F.Fill = Spec[Pos];
    FillSpecified = AlignSpecified = true;
    Pos += 2;
  } else if (End - Pos >= 1 && isAlignmentToken(Spec[Pos])) {
    F.Align = Spec[Pos];
    AlignSpecified = true;
    ++Pos;
  }
  if (Pos < End && isSignElement(Spec[Pos]))
    F.Sign = Spec[Pos++];
  if (Pos < End && Spec[Pos] == 'z') {
    F.NoNegZero = true;
    ++Pos;
  }
  if (Pos < End && Spec[Pos] == '#') {
    F.Alternate = true;
    ++Pos;
  }
  if (!FillSpecified && Pos < End && Spec[Pos] == '0') {
    F.Fill = '0';
    if (!AlignSpecified && DefaultAlign == '>')
      F.Align = '=';
    ++Pos;
  }
}

/// Parses the grouping option and the precision.
void parseSpecGroupingAndPrecision(std::u32string_view Spec, size_t &Pos,
                                   FormatSpec &F) {
  size_t End = Spec.size();
  if (Pos < End && Spec[Pos] == ',') {
    F.Thousands = ',';
    ++Pos;
  }
  if (Pos < End && Spec[Pos] == '_') {
    if (F.Thousands)
      failCommaAndUnderscore();
    F.Thousands = '_';
    ++Pos;
  }
  if (Pos < End && Spec[Pos] == ',' && F.Thousands == '_')
    failCommaAndUnderscore();
  if (Pos < End && Spec[Pos] == '.') {
    ++Pos;
    if (parseSpecInteger(Spec, Pos, F.Precision) == 0)
      failValue("Format specifier missing precision");
  }
}

/// Rejects a grouping option the presentation type does not support (PEP 378
/// and PEP 515), the check CPython makes before looking at the value's type.
void checkGroupingForType(FormatSpec &F) {
  if (!F.Thousands)
    return;
  switch (F.Type) {
  case 'd':
  case 'e':
  case 'f':
  case 'g':
  case 'E':
  case 'G':
  case '%':
  case 'F':
  case 0:
    return;
  case 'b':
  case 'o':
  case 'x':
  case 'X':
    if (F.Thousands == '_') {
      F.GroupByFour = true;
      return;
    }
    [[fallthrough]];
  default:
    failThousandsWithType(F.Thousands, F.Type);
  }
}

FormatSpec parseSpec(std::string_view SpecText, char32_t DefaultType,
                     char32_t DefaultAlign, const char *TypeName) {
  bool Valid;
  std::u32string Spec = decodeUtf8(SpecText, Valid);
  FormatSpec F;
  F.Align = DefaultAlign;
  F.Type = DefaultType;
  size_t Pos = 0;
  parseSpecFlags(Spec, Pos, F, DefaultAlign);
  if (parseSpecInteger(Spec, Pos, F.Width) == 0)
    F.Width = -1;
  if (F.Width > kMaxStringSize)
    throw FormatError{"", FormatError::Kind::MemoryError};
  parseSpecGroupingAndPrecision(Spec, Pos, F);
  if (Spec.size() - Pos > 1)
    failValue("Invalid format specifier '" + encodeUtf8(Spec) +
              "' for object of type '" + TypeName + "'");
  if (Spec.size() - Pos == 1)
    F.Type = Spec[Pos];
  checkGroupingForType(F);
  return F;
}

//===----------------------------------------------------------------------===//
// Number layout (sign, prefix, padding, grouping)
//===----------------------------------------------------------------------===//

/// How the integer digits are grouped; Size 0 means no grouping.
struct Grouping {
  int64_t Size = 0;
  char Separator = 0;
};

Grouping groupingFor(const FormatSpec &F) {
  // 'n' uses the C locale, which does not group.
  if (F.Type == 'n' || !F.Thousands)
    return {};
  return {F.GroupByFour ? 4 : 3, F.Thousands};
}

/// A number split the way calc_number_widths sees it.
struct NumberText {
  bool Negative = false;
  std::string Prefix;    ///< '0x' etc.
  std::string Digits;    ///< Integer digits, subject to grouping.
  std::string Remainder; ///< Decimal point, fraction, exponent, '%', or 'c'.
  int64_t RemainderWidth = 0; ///< Remainder length in code points.
};

/// _PyUnicode_InsertThousandsGrouping: inserts separators into Digits and
/// left-pads it with '0' (grouped as well) to at least MinWidth characters.
std::string groupDigits(std::string_view Digits, int64_t MinWidth, Grouping G) {
  MinWidth = std::max<int64_t>(0, MinWidth);
  int64_t Remaining = static_cast<int64_t>(Digits.size());
  size_t DigitsPos = Digits.size();
  std::string Reversed;
  bool UseSeparator = false;
  auto Emit = [&](int64_t Len) {
    int64_t NZeros = std::max<int64_t>(0, Len - Remaining);
    int64_t NChars = std::max<int64_t>(0, std::min(Remaining, Len));
    if (UseSeparator)
      Reversed += G.Separator;
    for (int64_t I = 0; I < NChars; ++I)
      Reversed += Digits[--DigitsPos];
    Reversed.append(static_cast<size_t>(NZeros), '0');
    Remaining -= NChars;
  };
  bool Done = false;
  while (G.Size > 0) {
    int64_t Len = std::min(G.Size, std::max({Remaining, MinWidth, int64_t(1)}));
    Emit(Len);
    UseSeparator = true;
    MinWidth -= Len;
    if (Remaining <= 0 && MinWidth <= 0) {
      Done = true;
      break;
    }
    MinWidth -= 1; // The separator's width.
  }
  if (!Done)
    Emit(std::max({Remaining, MinWidth, int64_t(1)}));
  return std::string(Reversed.rbegin(), Reversed.rend());
}

char signCharFor(const FormatSpec &F, bool Negative) {
  if (Negative)
    return '-';
  if (F.Sign == '+' || F.Sign == ' ')
    return static_cast<char>(F.Sign);
  return 0;
}

/// calc_number_widths + fill_number: lays out
///   <lpad><sign><prefix><spad><grouped digits><remainder><rpad>.
std::string layoutNumber(const NumberText &N, const FormatSpec &F, Grouping G) {
  char Sign = signCharFor(F, N.Negative);
  int64_t NonDigits =
      (Sign ? 1 : 0) + static_cast<int64_t>(N.Prefix.size()) + N.RemainderWidth;
  int64_t MinWidth = F.Fill == '0' && F.Align == '=' ? F.Width - NonDigits : 0;
  std::string Grouped =
      N.Digits.empty() ? std::string() : groupDigits(N.Digits, MinWidth, G);
  int64_t Padding =
      F.Width - (NonDigits + static_cast<int64_t>(Grouped.size()));
  int64_t LPad = 0, SPad = 0, RPad = 0;
  if (Padding > 0) {
    switch (F.Align) {
    case '<':
      RPad = Padding;
      break;
    case '^':
      LPad = Padding / 2;
      RPad = Padding - LPad;
      break;
    case '=':
      SPad = Padding;
      break;
    default:
      LPad = Padding;
      break;
    }
  }
  std::string Out;
  appendFill(Out, F.Fill, LPad);
  if (Sign)
    Out += Sign;
  Out += N.Prefix;
  appendFill(Out, F.Fill, SPad);
  Out += Grouped;
  Out += N.Remainder;
  appendFill(Out, F.Fill, RPad);
  return Out;
}

//===----------------------------------------------------------------------===//
// Decimal digit generation (the role of dtoa)
//===----------------------------------------------------------------------===//

/// A non-negative decimal 0.Digits * 10^DecPt. Digits has no leading or
/// trailing zeros, except that zero is Digits "0", DecPt 1 (as dtoa).
struct DecimalDigits {
  std::string Digits = "0";
  int64_t DecPt = 1;
};

void normalize(DecimalDigits &D) {
  size_t First = D.Digits.find_first_not_of('0');
  if (First == std::string::npos) {
    D = DecimalDigits();
    return;
  }
  D.Digits.erase(0, First);
  D.DecPt -= static_cast<int64_t>(First);
  D.Digits.erase(D.Digits.find_last_not_of('0') + 1);
}

/// Reads to_chars' scientific output "d.ddde+XX".
DecimalDigits fromScientific(std::string_view Text) {
  DecimalDigits D;
  size_t EPos = Text.find('e');
  D.Digits.clear();
  for (char C : Text.substr(0, EPos))
    if (C != '.')
      D.Digits += C;
  std::string_view ExpText = Text.substr(EPos + 1);
  if (!ExpText.empty() && ExpText.front() == '+')
    ExpText.remove_prefix(1);
  int Exp = 0;
  std::from_chars(ExpText.data(), ExpText.data() + ExpText.size(), Exp);
  D.DecPt = Exp + 1;
  normalize(D);
  return D;
}

/// dtoa mode 0: the shortest digits that round-trip. A must be finite, >= 0.
DecimalDigits shortestDigits(double A) {
  char Buf[64];
  auto R =
      std::to_chars(Buf, Buf + sizeof(Buf), A, std::chars_format::scientific);
  return fromScientific(std::string_view(Buf, R.ptr - Buf));
}

/// dtoa mode 2: A correctly rounded to N >= 1 significant digits.
DecimalDigits significantDigits(double A, int N) {
  std::vector<char> Buf(static_cast<size_t>(N) + 32);
  auto R = std::to_chars(Buf.data(), Buf.data() + Buf.size(), A,
                         std::chars_format::scientific, N - 1);
  return fromScientific(std::string_view(Buf.data(), R.ptr - Buf.data()));
}

/// The exact decimal value of A: a double has at most 767 significant
/// digits, so 768 digits are never rounded.
DecimalDigits exactDigits(double A) { return significantDigits(A, 768); }

/// Rounds D half-even to its first Keep digits.
DecimalDigits roundToDigits(DecimalDigits D, int64_t Keep) {
  int64_t Len = static_cast<int64_t>(D.Digits.size());
  if (D.Digits == "0" || Keep >= Len)
    return D;
  if (Keep < 0)
    return DecimalDigits();
  char Next = D.Digits[Keep];
  // D has no trailing zeros, so any digit after Next makes it above a tie.
  bool Odd = Keep > 0 && (D.Digits[Keep - 1] - '0') % 2 == 1;
  bool Up = Next > '5' || (Next == '5' && (Keep + 1 < Len || Odd));
  D.Digits.resize(static_cast<size_t>(Keep));
  if (Up) {
    int64_t I = Keep - 1;
    for (; I >= 0 && D.Digits[I] == '9'; --I)
      D.Digits[I] = '0';
    if (I >= 0) {
      ++D.Digits[I];
    } else {
      D.Digits.insert(D.Digits.begin(), '1');
      ++D.DecPt;
    }
  }
  normalize(D);
  return D;
}

/// dtoa mode 3: A correctly rounded to NDigits digits after the decimal point
/// (NDigits < 0 rounds to tens, hundreds, ...).
DecimalDigits fixedDigits(double A, int64_t NDigits) {
  if (NDigits < 0) {
    DecimalDigits Exact = exactDigits(A);
    return roundToDigits(Exact, Exact.DecPt + NDigits);
  }
  std::vector<char> Buf(static_cast<size_t>(NDigits) + 352);
  auto R = std::to_chars(Buf.data(), Buf.data() + Buf.size(), A,
                         std::chars_format::fixed, static_cast<int>(NDigits));
  std::string_view Text(Buf.data(), R.ptr - Buf.data());
  size_t Dot = Text.find('.');
  DecimalDigits D;
  D.Digits = std::string(Text.substr(0, Dot));
  D.DecPt = static_cast<int64_t>(D.Digits.size());
  if (Dot != std::string_view::npos)
    D.Digits += Text.substr(Dot + 1);
  normalize(D);
  return D;
}

//===----------------------------------------------------------------------===//
// Float to string (PyOS_double_to_string / format_float_short)
//===----------------------------------------------------------------------===//

/// Options of PyOS_double_to_string. Code is 'e', 'f', 'g' or 'r'.
struct FloatStyle {
  char Code = 'r';
  int Precision = 0;
  bool Upper = false;     ///< 'E', 'F', 'G': "E", "INF", "NAN".
  bool Alternate = false; ///< Py_DTSF_ALT
  bool AddDot0 = false;   ///< Py_DTSF_ADD_DOT_0
  bool NoNegZero = false; ///< Py_DTSF_NO_NEG_0
};

std::string nonFiniteText(double V, const FloatStyle &S) {
  if (std::isnan(V))
    return S.Upper ? "NAN" : "nan"; // The sign of a nan is ignored.
  std::string Out = std::signbit(V) ? "-" : "";
  return Out + (S.Upper ? "INF" : "inf");
}

void appendExponent(std::string &Out, int64_t Exp, bool Upper) {
  Out += Upper ? 'E' : 'e';
  Out += Exp < 0 ? '-' : '+';
  std::string Digits = std::to_string(Exp < 0 ? -Exp : Exp);
  if (Digits.size() < 2)
    Out += '0';
  Out += Digits;
}

/// format_float_short's layout of the digits: decides between fixed and
/// exponent notation and pads with zeros up to the precision.
std::string layoutFloatDigits(const DecimalDigits &D, bool Negative,
                              const FloatStyle &S) {
  int64_t DecPt = D.DecPt;
  int64_t Len = static_cast<int64_t>(D.Digits.size());
  int64_t VEnd = Len;
  bool UseExp = false;
  switch (S.Code) {
  case 'e':
    UseExp = true;
    VEnd = S.Precision;
    break;
  case 'f':
    VEnd = DecPt + S.Precision;
    break;
  case 'g':
    UseExp = DecPt <= -4 || DecPt > (S.AddDot0 ? S.Precision - 1 : S.Precision);
    if (S.Alternate)
      VEnd = S.Precision;
    break;
  default: // 'r': switch to an exponent at 1e16.
    UseExp = DecPt <= -4 || DecPt > 16;
    break;
  }
  int64_t Exp = 0;
  if (UseExp) {
    Exp = DecPt - 1;
    DecPt = 1;
  }
  int64_t VStart = DecPt <= 0 ? DecPt - 1 : 0;
  VEnd = std::max(VEnd, !UseExp && S.AddDot0 ? DecPt + 1 : DecPt);

  std::string Out = Negative ? "-" : "";
  if (DecPt <= 0) {
    Out.append(static_cast<size_t>(DecPt - VStart), '0');
    Out += '.';
    Out.append(static_cast<size_t>(-DecPt), '0');
  }
  if (DecPt > 0 && DecPt <= Len) {
    Out.append(D.Digits, 0, static_cast<size_t>(DecPt));
    Out += '.';
    Out.append(D.Digits, static_cast<size_t>(DecPt));
  } else {
    Out += D.Digits;
  }
  if (Len < DecPt) {
    Out.append(static_cast<size_t>(DecPt - Len), '0');
    Out += '.';
    Out.append(static_cast<size_t>(VEnd - DecPt), '0');
  } else {
    Out.append(static_cast<size_t>(VEnd - Len), '0');
  }
  if (Out.back() == '.' && !S.Alternate)
    Out.pop_back();
  if (UseExp)
    appendExponent(Out, Exp, S.Upper);
  return Out;
}

/// PyOS_double_to_string for Code in e E f F g G r.
std::string doubleToString(double V, FloatStyle S) {
  if (S.Code == 'E' || S.Code == 'F' || S.Code == 'G') {
    S.Upper = true;
    S.Code = static_cast<char>(S.Code - 'A' + 'a');
  }
  if (!std::isfinite(V))
    return nonFiniteText(V, S);
  double A = std::fabs(V);
  DecimalDigits D;
  switch (S.Code) {
  case 'e':
    ++S.Precision; // Digits after the point, plus the one before it.
    D = significantDigits(A, S.Precision);
    break;
  case 'f':
    D = fixedDigits(A, S.Precision);
    break;
  case 'g':
    if (S.Precision == 0)
      S.Precision = 1; // Precision 0 makes no sense for 'g'.
    D = significantDigits(A, S.Precision);
    break;
  default:
    D = shortestDigits(A);
    break;
  }
  bool Negative = std::signbit(V) && !(S.NoNegZero && D.Digits == "0");
  return layoutFloatDigits(D, Negative, S);
}

//===----------------------------------------------------------------------===//
// format() for float, int and str
//===----------------------------------------------------------------------===//

/// Splits formatted float text into sign, integer digits and the rest
/// (parse_number).
NumberText splitFloatText(std::string_view Text) {
  NumberText N;
  if (!Text.empty() && Text.front() == '-') {
    N.Negative = true;
    Text.remove_prefix(1);
  }
  size_t DigitsEnd = 0;
  while (DigitsEnd < Text.size() && Text[DigitsEnd] >= '0' &&
         Text[DigitsEnd] <= '9')
    ++DigitsEnd;
  N.Digits = std::string(Text.substr(0, DigitsEnd));
  N.Remainder = std::string(Text.substr(DigitsEnd));
  N.RemainderWidth = static_cast<int64_t>(N.Remainder.size());
  return N;
}

/// format_float_internal, for a spec already parsed and type-checked.
std::string formatFloatWithSpec(double V, const FormatSpec &F) {
  if (F.Precision > INT_MAX)
    failValue("precision too big");
  FloatStyle S;
  S.Alternate = F.Alternate;
  S.NoNegZero = F.NoNegZero;
  int Precision = static_cast<int>(F.Precision);
  int DefaultPrecision = 6;
  char Type = static_cast<char>(F.Type);
  if (Type == 0) {
    // Like repr without a precision, else like 'g' with at least one digit
    // after the decimal point.
    S.AddDot0 = true;
    Type = 'r';
    DefaultPrecision = 0;
  }
  if (Type == 'n')
    Type = 'g';
  bool AddPercent = Type == '%';
  if (AddPercent) {
    Type = 'f';
    V *= 100;
  }
  if (Precision < 0)
    Precision = DefaultPrecision;
  else if (Type == 'r')
    Type = 'g';
  S.Code = Type;
  S.Precision = Precision;
  std::string Text = doubleToString(V, S);
  if (AddPercent)
    Text += '%';
  return layoutNumber(splitFloatText(Text), F, groupingFor(F));
}

/// Digits of Magnitude in Base (2..36).
std::string unsignedToDigits(uint64_t Magnitude, int Base, bool Upper) {
  const char *Alphabet = Upper ? "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                               : "0123456789abcdefghijklmnopqrstuvwxyz";
  std::string Reversed;
  do {
    Reversed += Alphabet[Magnitude % static_cast<uint64_t>(Base)];
    Magnitude /= static_cast<uint64_t>(Base);
  } while (Magnitude != 0);
  return std::string(Reversed.rbegin(), Reversed.rend());
}

uint64_t magnitudeOf(int64_t V) {
  return V < 0 ? 0 - static_cast<uint64_t>(V) : static_cast<uint64_t>(V);
}

const char *basePrefix(int Base) {
  switch (Base) {
  case 2:
    return "0b";
  case 8:
    return "0o";
  case 16:
    return "0x";
  default:
    return "";
  }
}

/// The 'c' presentation type: the character with code point V.
std::string formatIntAsChar(int64_t V, const FormatSpec &F) {
  if (F.Sign)
    failValue("Sign not allowed with integer format specifier 'c'");
  if (F.Alternate)
    failValue("Alternate form (#) not allowed with integer format specifier "
              "'c'");
  if (V < 0 || V > 0x10FFFF)
    failOverflow("%c arg not in range(0x110000)");
  NumberText N;
  appendUtf8(N.Remainder, static_cast<char32_t>(V));
  N.RemainderWidth = 1;
  return layoutNumber(N, F, Grouping());
}

/// format_long_internal, for a spec already parsed and type-checked.
std::string formatIntWithSpec(int64_t V, const FormatSpec &F) {
  if (F.Precision != -1)
    failValue("Precision not allowed in integer format specifier");
  if (F.NoNegZero)
    failValue("Negative zero coercion (z) not allowed in integer format "
              "specifier");
  if (F.Type == 'c')
    return formatIntAsChar(V, F);
  int Base = F.Type == 'b'                      ? 2
             : F.Type == 'o'                    ? 8
             : (F.Type == 'x' || F.Type == 'X') ? 16
                                                : 10;
  bool Upper = F.Type == 'X';
  NumberText N;
  N.Negative = V < 0;
  if (F.Alternate)
    N.Prefix = Upper ? "0X" : basePrefix(Base);
  N.Digits = unsignedToDigits(magnitudeOf(V), Base, Upper);
  return layoutNumber(N, F, groupingFor(F));
}

/// Truncates UTF-8 S to at most MaxPoints code points; Points receives the
/// resulting length in code points.
std::string_view takeCodePoints(std::string_view S, int64_t MaxPoints,
                                int64_t &Points) {
  size_t Pos = 0;
  bool Valid = true;
  Points = 0;
  while (Pos < S.size() && (MaxPoints < 0 || Points < MaxPoints)) {
    decodeOne(S, Pos, Valid);
    ++Points;
  }
  return S.substr(0, Pos);
}

/// format_string_internal's checks, in CPython's order.
void checkStringSpec(const FormatSpec &F) {
  if (F.Sign == ' ')
    failValue("Space not allowed in string format specifier");
  if (F.Sign)
    failValue("Sign not allowed in string format specifier");
  if (F.NoNegZero)
    failValue("Negative zero coercion (z) not allowed in string format "
              "specifier");
  if (F.Alternate)
    failValue("Alternate form (#) not allowed in string format specifier");
  if (F.Align == '=')
    failValue("'=' alignment not allowed in string format specifier");
}

//===----------------------------------------------------------------------===//
// Literal parsing helpers
//===----------------------------------------------------------------------===//

/// _Py_string_to_number_with_underscores: removes underscores, each of which
/// must sit between two ASCII digits. Returns false otherwise.
bool removeUnderscores(std::string &S) {
  std::string Out;
  char Prev = 0;
  for (char C : S) {
    bool PrevIsDigit = Prev >= '0' && Prev <= '9';
    if (C == '_') {
      if (!PrevIsDigit)
        return false;
    } else {
      if (Prev == '_' && !(C >= '0' && C <= '9'))
        return false;
      Out += C;
    }
    Prev = C;
  }
  if (Prev == '_')
    return false;
  S = std::move(Out);
  return true;
}

bool equalsIgnoreCase(std::string_view A, std::string_view B) {
  if (A.size() != B.size())
    return false;
  for (size_t I = 0; I < A.size(); ++I) {
    char C = A[I];
    if (C >= 'A' && C <= 'Z')
      C = static_cast<char>(C - 'A' + 'a');
    if (C != B[I])
      return false;
  }
  return true;
}

std::string_view takeDigits(std::string_view S, size_t &Pos) {
  size_t Start = Pos;
  while (Pos < S.size() && S[Pos] >= '0' && S[Pos] <= '9')
    ++Pos;
  return S.substr(Start, Pos - Start);
}

/// Reads a decimal exponent, saturating far beyond any double's range.
int64_t saturatingExponent(std::string_view Digits, bool Negative) {
  int64_t Value = 0;
  for (char C : Digits)
    Value = std::min<int64_t>(Value * 10 + (C - '0'), int64_t(1) << 40);
  return Negative ? -Value : Value;
}

/// The decimal literal grammar of _Py_dg_strtod, matching all of S:
///   (digits ['.' [digits]] | '.' digits) [('e'|'E') [sign] digits]
/// Produces the value as 0.Digits * 10^DecPt.
bool parseDecimalLiteral(std::string_view S, DecimalDigits &D) {
  size_t Pos = 0;
  std::string_view IntPart = takeDigits(S, Pos);
  std::string_view FracPart;
  if (Pos < S.size() && S[Pos] == '.') {
    ++Pos;
    FracPart = takeDigits(S, Pos);
  }
  if (IntPart.empty() && FracPart.empty())
    return false;
  int64_t Exp = 0;
  if (Pos < S.size() && (S[Pos] == 'e' || S[Pos] == 'E')) {
    ++Pos;
    bool ExpNegative = Pos < S.size() && S[Pos] == '-';
    if (Pos < S.size() && (S[Pos] == '-' || S[Pos] == '+'))
      ++Pos;
    std::string_view ExpDigits = takeDigits(S, Pos);
    if (ExpDigits.empty())
      return false;
    Exp = saturatingExponent(ExpDigits, ExpNegative);
  }
  if (Pos != S.size())
    return false;
  D.Digits = std::string(IntPart) + std::string(FracPart);
  D.DecPt = static_cast<int64_t>(IntPart.size()) + Exp;
  normalize(D);
  return true;
}

/// Correctly rounded conversion of 0.Digits * 10^DecPt, with overflow to inf
/// and underflow to zero as CPython's float() does.
double decimalToDouble(const DecimalDigits &D) {
  if (D.Digits == "0")
    return 0.0;
  // 0.1e310 overflows; 0.9e-324 is below half the smallest subnormal.
  if (D.DecPt > 310)
    return std::numeric_limits<double>::infinity();
  if (D.DecPt < -324)
    return 0.0;
  std::string Text = "0." + D.Digits + "e" + std::to_string(D.DecPt);
  double Value = 0.0;
  auto R = std::from_chars(Text.data(), Text.data() + Text.size(), Value);
  if (R.ec == std::errc::result_out_of_range)
    return D.DecPt > 0 ? std::numeric_limits<double>::infinity() : 0.0;
  return Value;
}

/// _Py_parse_inf_or_nan without the sign: "inf", "infinity", "nan".
bool parseInfOrNan(std::string_view S, bool Negative, double &Out) {
  if (equalsIgnoreCase(S, "inf") || equalsIgnoreCase(S, "infinity")) {
    Out = Negative ? -std::numeric_limits<double>::infinity()
                   : std::numeric_limits<double>::infinity();
    return true;
  }
  if (equalsIgnoreCase(S, "nan")) {
    double NaN = std::numeric_limits<double>::quiet_NaN();
    Out = Negative ? -NaN : NaN;
    return true;
  }
  return false;
}

/// _PyLong_DigitValue: 0-9, a-z, A-Z -> 0..35; anything else 37.
int digitValue(char C) {
  if (C >= '0' && C <= '9')
    return C - '0';
  if (C >= 'a' && C <= 'z')
    return C - 'a' + 10;
  if (C >= 'A' && C <= 'Z')
    return C - 'A' + 10;
  return 37;
}

bool hasBasePrefix(std::string_view S, size_t Pos, int Base) {
  if (Pos + 1 >= S.size() || S[Pos] != '0')
    return false;
  char C = S[Pos + 1];
  return (Base == 16 && (C == 'x' || C == 'X')) ||
         (Base == 8 && (C == 'o' || C == 'O')) ||
         (Base == 2 && (C == 'b' || C == 'B'));
}

/// Base 0: picks the base from the prefix. A leading '0' without x/o/b means
/// base 10 where only zero is allowed (old-style octal is invalid).
int detectBase(std::string_view S, size_t Pos, bool &ErrorIfNonZero) {
  ErrorIfNonZero = false;
  if (Pos >= S.size() || S[Pos] != '0')
    return 10;
  char C = Pos + 1 < S.size() ? S[Pos + 1] : 0;
  if (C == 'x' || C == 'X')
    return 16;
  if (C == 'o' || C == 'O')
    return 8;
  if (C == 'b' || C == 'B')
    return 2;
  ErrorIfNonZero = true;
  return 10;
}

/// Accumulates the digits (single underscores allowed between them) of an
/// integer literal. Returns false for a malformed digit string.
bool scanIntDigits(std::string_view S, size_t &Pos, int Base,
                   uint64_t &Magnitude, bool &Overflow) {
  Magnitude = 0;
  Overflow = false;
  size_t NumDigits = 0;
  char Prev = 0;
  for (; Pos < S.size(); ++Pos) {
    char C = S[Pos];
    if (C == '_') {
      if (Prev == '_')
        return false;
      Prev = C;
      continue;
    }
    int Digit = digitValue(C);
    if (Digit >= Base)
      break;
    uint64_t B = static_cast<uint64_t>(Base);
    if (Magnitude > (std::numeric_limits<uint64_t>::max() - Digit) / B)
      Overflow = true;
    else
      Magnitude = Magnitude * B + static_cast<uint64_t>(Digit);
    ++NumDigits;
    Prev = C;
  }
  return NumDigits > 0 && Prev != '_';
}

} // namespace

//===----------------------------------------------------------------------===//
// Public API
//===----------------------------------------------------------------------===//

std::string floatRepr(double V) {
  FloatStyle S;
  S.Code = 'r';
  S.AddDot0 = true;
  return doubleToString(V, S);
}

std::string formatInt(int64_t V, std::string_view Spec) {
  if (Spec.empty())
    return std::to_string(V);
  FormatSpec F = parseSpec(Spec, 'd', '>', "int");
  switch (F.Type) {
  case 'b':
  case 'c':
  case 'd':
  case 'o':
  case 'x':
  case 'X':
  case 'n':
    return formatIntWithSpec(V, F);
  case 'e':
  case 'E':
  case 'f':
  case 'F':
  case 'g':
  case 'G':
  case '%':
    return formatFloatWithSpec(static_cast<double>(V), F);
  default:
    failUnknownType(F.Type, "int");
  }
}

std::string formatFloat(double V, std::string_view Spec) {
  if (Spec.empty())
    return floatRepr(V);
  FormatSpec F = parseSpec(Spec, 0, '>', "float");
  switch (F.Type) {
  case 0:
  case 'e':
  case 'E':
  case 'f':
  case 'F':
  case 'g':
  case 'G':
  case 'n':
  case '%':
    return formatFloatWithSpec(V, F);
  default:
    failUnknownType(F.Type, "float");
  }
}

std::string formatString(std::string_view S, std::string_view Spec) {
  if (Spec.empty())
    return std::string(S);
  FormatSpec F = parseSpec(Spec, 's', '<', "str");
  if (F.Type != 's')
    failUnknownType(F.Type, "str");
  checkStringSpec(F);
  int64_t Len = 0;
  std::string_view Body = takeCodePoints(S, F.Precision, Len);
  int64_t Total = std::max(F.Width, Len);
  int64_t LPad = F.Align == '>'   ? Total - Len
                 : F.Align == '^' ? (Total - Len) / 2
                                  : 0;
  std::string Out;
  appendFill(Out, F.Fill, LPad);
  Out += Body;
  appendFill(Out, F.Fill, Total - Len - LPad);
  return Out;
}

bool parseFloat(std::string_view Text, double &Out) {
  std::string S;
  if (!transformDecimalAndSpace(Text, S))
    return false;
  if (S.find('_') != std::string::npos && !removeUnderscores(S))
    return false;
  std::string_view Body = stripAsciiSpace(S);
  bool Negative = !Body.empty() && Body.front() == '-';
  if (!Body.empty() && (Body.front() == '-' || Body.front() == '+'))
    Body.remove_prefix(1);
  if (parseInfOrNan(Body, Negative, Out))
    return true;
  DecimalDigits D;
  if (!parseDecimalLiteral(Body, D))
    return false;
  double Value = decimalToDouble(D);
  Out = Negative ? -Value : Value;
  return true;
}

ParseIntResult parseInt(std::string_view Text, int Base, int64_t &Out) {
  if ((Base != 0 && Base < 2) || Base > 36)
    failValue("int() base must be >= 2 and <= 36, or 0");
  std::string Buffer;
  if (!transformDecimalAndSpace(Text, Buffer))
    return ParseIntResult::Invalid;
  std::string_view S = stripAsciiSpace(Buffer);
  size_t Pos = 0;
  bool Negative = false;
  if (Pos < S.size() && (S[Pos] == '+' || S[Pos] == '-'))
    Negative = S[Pos++] == '-';
  bool ErrorIfNonZero = false;
  if (Base == 0)
    Base = detectBase(S, Pos, ErrorIfNonZero);
  if (hasBasePrefix(S, Pos, Base)) {
    Pos += 2;
    if (Pos < S.size() && S[Pos] == '_') // One underscore allowed here.
      ++Pos;
  }
  if (Pos < S.size() && S[Pos] == '_')
    return ParseIntResult::Invalid;
  uint64_t Magnitude;
  bool Overflow;
  if (!scanIntDigits(S, Pos, Base, Magnitude, Overflow) || Pos != S.size())
    return ParseIntResult::Invalid;
  if (ErrorIfNonZero && (Overflow || Magnitude != 0))
    return ParseIntResult::Invalid;
  uint64_t Limit = static_cast<uint64_t>(INT64_MAX) + (Negative ? 1 : 0);
  if (Overflow || Magnitude > Limit)
    return ParseIntResult::Overflow;
  Out = Negative ? static_cast<int64_t>(0 - Magnitude)
                 : static_cast<int64_t>(Magnitude);
  return ParseIntResult::Ok;
}

std::string intToString(int64_t V, int Base, bool WithPrefix) {
  std::string Out = V < 0 ? "-" : "";
  if (WithPrefix)
    Out += basePrefix(Base);
  return Out + unsignedToDigits(magnitudeOf(V), Base, /*Upper=*/false);
}

std::string roundFloatString(double V, int NDigits) {
  // Limits of float.__round__: beyond them x rounds to itself or to zero.
  constexpr int NDigitsMax = 323;  // (DBL_MANT_DIG - DBL_MIN_EXP) * log10(2)
  constexpr int NDigitsMin = -308; // -(DBL_MAX_EXP + 1) * log10(2)
  if (!std::isfinite(V) || NDigits > NDigitsMax)
    return floatRepr(V);
  if (NDigits < NDigitsMin)
    return std::signbit(V) ? "-0.0" : "0.0";
  DecimalDigits D = fixedDigits(std::fabs(V), NDigits);
  std::string Out = std::signbit(V) ? "-" : "";
  Out += D.Digits;
  Out += 'e';
  Out += std::to_string(D.DecPt - static_cast<int64_t>(D.Digits.size()));
  return Out;
}

std::string escapeNonAscii(std::string_view Text) {
  std::string Out;
  bool Valid = true;
  for (char32_t Cp : decodeUtf8(Text, Valid)) {
    if (Cp < 0x80) {
      Out.push_back(static_cast<char>(Cp));
      continue;
    }
    char Buf[16];
    snprintf(Buf, sizeof Buf,
             Cp < 0x100     ? "\\x%02x"
             : Cp < 0x10000 ? "\\u%04x"
                            : "\\U%08x",
             static_cast<unsigned>(Cp));
    Out += Buf;
  }
  return Out;
}

} // namespace kiln::py
