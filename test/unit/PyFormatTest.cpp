//===- PyFormatTest.cpp - Tests for CPython number formatting -------------===//
//
// Part of the kiln project.
//
//===----------------------------------------------------------------------===//
//
// Every expected value below was produced by CPython 3.11 (python3 -c ...),
// not written by hand.
//
//===----------------------------------------------------------------------===//

#include "tracer/PyFormat.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>

using namespace kiln::py;

namespace {

constexpr double Inf = std::numeric_limits<double>::infinity();
const double NaN = std::numeric_limits<double>::quiet_NaN();

/// Runs Fn and returns the message of the FormatError it throws, or
/// "<no error>" when it returns normally.
std::string errorOf(const std::function<void()> &Fn) {
  try {
    Fn();
  } catch (const FormatError &E) {
    return E.message;
  }
  return "<no error>";
}

FormatError::Kind errorKindOf(const std::function<void()> &Fn) {
  try {
    Fn();
  } catch (const FormatError &E) {
    return E.kind;
  }
  FAIL("expected a FormatError");
  return FormatError::Kind::ValueError;
}

std::string floatError(double V, const char *Spec) {
  return errorOf([&] { formatFloat(V, Spec); });
}

std::string intError(int64_t V, const char *Spec) {
  return errorOf([&] { formatInt(V, Spec); });
}

std::string strError(const char *S, const char *Spec) {
  return errorOf([&] { formatString(S, Spec); });
}

/// Parses S with parseFloat; fails the test when it is rejected.
double parsedFloat(const char *S) {
  double V = -12345.0;
  INFO("parseFloat(\"" << S << "\")");
  REQUIRE(parseFloat(S, V));
  return V;
}

bool isValidFloat(const char *S) {
  double V;
  return parseFloat(S, V);
}

/// parseInt as a string: the value, "invalid" or "overflow".
std::string parsedInt(const char *S, int Base) {
  int64_t V = 0;
  switch (parseInt(S, Base, V)) {
  case ParseIntResult::Ok:
    return std::to_string(V);
  case ParseIntResult::Invalid:
    return "invalid";
  case ParseIntResult::Overflow:
    return "overflow";
  }
  return "?";
}

/// round(V, NDigits) as the interpreter computes it: the string parsed back.
double roundVia(double V, int NDigits) {
  double Out = 0.0;
  std::string S = roundFloatString(V, NDigits);
  INFO("roundFloatString -> " << S);
  REQUIRE(parseFloat(S, Out));
  return Out;
}

} // namespace

//===----------------------------------------------------------------------===//
// floatRepr
//===----------------------------------------------------------------------===//

TEST_CASE("floatRepr matches repr(float)", "[PyFormat][repr]") {
  CHECK(floatRepr(0.1 + 0.2) == "0.30000000000000004");
  CHECK(floatRepr(1.0 / 3.0) == "0.3333333333333333");
  CHECK(floatRepr(1e16) == "1e+16");
  CHECK(floatRepr(1e15) == "1000000000000000.0");
  CHECK(floatRepr(12345678901234567.0) == "1.2345678901234568e+16");
  CHECK(floatRepr(1e-4) == "0.0001");
  CHECK(floatRepr(1e-5) == "1e-05");
  CHECK(floatRepr(5e-324) == "5e-324");
  CHECK(floatRepr(1.7976931348623157e308) == "1.7976931348623157e+308");
  CHECK(floatRepr(-0.0) == "-0.0");
  CHECK(floatRepr(0.0) == "0.0");
  CHECK(floatRepr(Inf) == "inf");
  CHECK(floatRepr(-Inf) == "-inf");
  CHECK(floatRepr(NaN) == "nan");
  CHECK(floatRepr(-NaN) == "nan");
  CHECK(floatRepr(2.0) == "2.0");
  CHECK(floatRepr(100.0) == "100.0");
  CHECK(floatRepr(0.1) == "0.1");
  CHECK(floatRepr(-1.5) == "-1.5");
  CHECK(floatRepr(1.5e300) == "1.5e+300");
  CHECK(floatRepr(123456789012345.0) == "123456789012345.0");
  CHECK(floatRepr(2e16 + 8) == "2.000000000000001e+16");
  CHECK(floatRepr(1e22) == "1e+22");
  CHECK(floatRepr(9007199254740993.0) == "9007199254740992.0");
  CHECK(floatRepr(1e-7) == "1e-07");
  CHECK(floatRepr(123e-310) == "1.23e-308");
}

//===----------------------------------------------------------------------===//
// formatFloat
//===----------------------------------------------------------------------===//

TEST_CASE("formatFloat fixed, exponent and general types",
          "[PyFormat][float]") {
  CHECK(formatFloat(3.14159, ".3f") == "3.142");
  CHECK(formatFloat(12345.678, ".2e") == "1.23e+04");
  CHECK(formatFloat(3.14159, "10.2f") == "      3.14");
  CHECK(formatFloat(2.25, "+.1f") == "+2.2");
  CHECK(formatFloat(-2.25, "+.1f") == "-2.2");
  CHECK(formatFloat(1234567.891, ",.2f") == "1,234,567.89");
  CHECK(formatFloat(0.1, ".20f") == "0.10000000000000000555");
  CHECK(formatFloat(2.675, ".2f") == "2.67");
  CHECK(formatFloat(1.005, ".2f") == "1.00");
  CHECK(formatFloat(1e100, ".3e") == "1.000e+100");
  CHECK(formatFloat(1e-100, "E") == "1.000000E-100");
  CHECK(formatFloat(0.0, "e") == "0.000000e+00");
  CHECK(formatFloat(1.7976931348623157e308, ".3e") == "1.798e+308");
  CHECK(formatFloat(1234567.0, "g") == "1.23457e+06");
  CHECK(formatFloat(0.0001234, "g") == "0.0001234");
  CHECK(formatFloat(123.456, ".3g") == "123");
  CHECK(formatFloat(5e-324, ".3g") == "4.94e-324");
  CHECK(formatFloat(1e16, ",.0f") == "10,000,000,000,000,000");
}

TEST_CASE("formatFloat '.0f' rounds the exact value half to even",
          "[PyFormat][float]") {
  CHECK(formatFloat(0.5, ".0f") == "0");
  CHECK(formatFloat(1.5, ".0f") == "2");
  CHECK(formatFloat(2.5, ".0f") == "2");
  CHECK(formatFloat(3.5, ".0f") == "4");
  CHECK(formatFloat(-0.5, ".0f") == "-0");
  CHECK(formatFloat(0.125, ".2f") == "0.12");
  CHECK(formatFloat(0.375, ".2f") == "0.38");
}

TEST_CASE("formatFloat alignment, fill and sign", "[PyFormat][float]") {
  CHECK(formatFloat(1.5, "<10") == "1.5       ");
  CHECK(formatFloat(1.5, "^10") == "   1.5    ");
  CHECK(formatFloat(1.5, "*>+10.2f") == "*****+1.50");
  CHECK(formatFloat(-1.5, "=10.2f") == "-     1.50");
  CHECK(formatFloat(-1234.5, "015,.1f") == "-0,000,001,234.5");
  CHECK(formatFloat(1234.5, "_") == "1_234.5");
  CHECK(formatFloat(1234.5, "015,") == "0,000,001,234.5");
  CHECK(formatFloat(1.5, "\xc3\xa9^9") == "\xc3\xa9\xc3\xa9\xc3\xa9"
                                          "1.5\xc3\xa9\xc3\xa9\xc3\xa9");
}

TEST_CASE("formatFloat percent, 'n' and alternate form", "[PyFormat][float]") {
  CHECK(formatFloat(0.25, "%") == "25.000000%");
  CHECK(formatFloat(0.12345, ".2%") == "12.35%");
  CHECK(formatFloat(0.5, ".0%") == "50%");
  CHECK(formatFloat(1234.5, "n") == "1234.5");
  CHECK(formatFloat(1234567.0, "n") == "1.23457e+06");
  CHECK(formatFloat(123.0, "#.0f") == "123.");
  CHECK(formatFloat(1.0, "#g") == "1.00000");
  CHECK(formatFloat(1.5, "#.0e") == "2.e+00");
  CHECK(formatFloat(1.5, "#.0g") == "2.");
  CHECK(formatFloat(1.5, ".0g") == "2");
}

TEST_CASE("formatFloat with no type behaves like repr or 'g'",
          "[PyFormat][float]") {
  // An empty spec is str(x), i.e. repr(x).
  CHECK(formatFloat(0.1 + 0.2, "") == "0.30000000000000004");
  CHECK(formatFloat(1e16, "") == "1e+16");
  CHECK(formatFloat(-0.0, "") == "-0.0");
  CHECK(formatFloat(Inf, "") == "inf");
  // A precision without a type: 'g' that keeps one fractional digit.
  CHECK(formatFloat(3.14159, ".3") == "3.14");
  CHECK(formatFloat(100.0, ".3") == "1e+02");
  CHECK(formatFloat(1.0, ".3") == "1.0");
  CHECK(formatFloat(12.0, ".3") == "12.0");
  CHECK(formatFloat(1.0, ".0") == "1e+00");
  CHECK(formatFloat(0.1, ".17") == "0.10000000000000001");
  CHECK(formatFloat(1.5, "#.0") == "2.e+00");
  CHECK(formatFloat(1e16, ",") == "1e+16");
  CHECK(formatFloat(-0.0, "+") == "-0.0");
}

TEST_CASE("formatFloat inf, nan and negative zero", "[PyFormat][float]") {
  CHECK(formatFloat(Inf, ".2f") == "inf");
  CHECK(formatFloat(-Inf, "10") == "      -inf");
  CHECK(formatFloat(-Inf, "=+10") == "-      inf");
  CHECK(formatFloat(NaN, "+.3e") == "+nan");
  CHECK(formatFloat(NaN, "+010") == "+000000nan");
  CHECK(formatFloat(Inf, "F") == "INF");
  CHECK(formatFloat(NaN, "G") == "NAN");
  CHECK(formatFloat(Inf, "010") == "0000000inf");
  CHECK(formatFloat(Inf, "%") == "inf%");
  CHECK(formatFloat(-Inf, ".2%") == "-inf%");
  CHECK(formatFloat(-0.0, ".2f") == "-0.00");
  CHECK(formatFloat(-0.0, " .2f") == "-0.00");
  CHECK(formatFloat(0.0, "+g") == "+0");
  // 'z' coerces a negative zero result (after rounding) to zero.
  CHECK(formatFloat(-0.0, "z.2f") == "0.00");
  CHECK(formatFloat(-0.001, "z.2f") == "0.00");
  CHECK(formatFloat(-0.0, "z") == "0.0");
  CHECK(formatFloat(-1e-300, "z") == "-1e-300");
  CHECK(formatFloat(-Inf, "z") == "-inf");
}

TEST_CASE("formatFloat errors use CPython's messages", "[PyFormat][float]") {
  CHECK(floatError(1.5, "d") ==
        "Unknown format code 'd' for object of type 'float'");
  CHECK(floatError(1.5, "x") ==
        "Unknown format code 'x' for object of type 'float'");
  CHECK(floatError(1.5, "s") ==
        "Unknown format code 's' for object of type 'float'");
  CHECK(floatError(1.5, ".") == "Format specifier missing precision");
  CHECK(floatError(1.5, ",_f") == "Cannot specify both ',' and '_'.");
  CHECK(floatError(1.5, ",,") == "Cannot specify ',' with ','.");
  CHECK(floatError(1.5, "abc") ==
        "Invalid format specifier 'abc' for object of type 'float'");
  CHECK(floatError(1.5, ".2147483648f") == "precision too big");
  CHECK(floatError(1.5, "99999999999999999999f") ==
        "Too many decimal digits in format string");
}

//===----------------------------------------------------------------------===//
// formatInt
//===----------------------------------------------------------------------===//

TEST_CASE("formatInt decimal, grouping and padding", "[PyFormat][int]") {
  CHECK(formatInt(42, "") == "42");
  CHECK(formatInt(42, "05d") == "00042");
  CHECK(formatInt(-42, "05d") == "-0042");
  CHECK(formatInt(1234567, ",") == "1,234,567");
  CHECK(formatInt(1234567, "_") == "1_234_567");
  CHECK(formatInt(1234, "08,") == "0,001,234");
  CHECK(formatInt(1234, "09,") == "0,001,234");
  CHECK(formatInt(1234, "07,") == "001,234");
  CHECK(formatInt(-12345, "015_") == "-00_000_012_345");
  CHECK(formatInt(INT64_MAX, ",") == "9,223,372,036,854,775,807");
  CHECK(formatInt(INT64_MIN, "") == "-9223372036854775808");
  CHECK(formatInt(42, "n") == "42");
  CHECK(formatInt(123456, "n") == "123456");
}

TEST_CASE("formatInt alignment, fill and sign", "[PyFormat][int]") {
  CHECK(formatInt(42, ">8") == "      42");
  CHECK(formatInt(42, "^9") == "   42    ");
  CHECK(formatInt(42, "*^9") == "***42****");
  CHECK(formatInt(42, "=+8") == "+     42");
  CHECK(formatInt(-42, "=8") == "-     42");
  CHECK(formatInt(42, "<5") == "42   ");
  CHECK(formatInt(42, "0<5") == "42000");
  CHECK(formatInt(42, "+") == "+42");
  CHECK(formatInt(42, " ") == " 42");
  CHECK(formatInt(-42, " ") == "-42");
  CHECK(formatInt(12345, "=+10,") == "+   12,345");
}

TEST_CASE("formatInt binary, octal and hex", "[PyFormat][int]") {
  CHECK(formatInt(255, "x") == "ff");
  CHECK(formatInt(255, "X") == "FF");
  CHECK(formatInt(42, "x") == "2a");
  CHECK(formatInt(255, "#x") == "0xff");
  CHECK(formatInt(255, "#X") == "0XFF");
  CHECK(formatInt(8, "#o") == "0o10");
  CHECK(formatInt(5, "#b") == "0b101");
  CHECK(formatInt(0, "#x") == "0x0");
  CHECK(formatInt(255, "_b") == "1111_1111");
  CHECK(formatInt(123456789, "_o") == "7_2674_6425");
  CHECK(formatInt(0xABCDEF, "#_x") == "0xab_cdef");
  CHECK(formatInt(-255, "#010x") == "-0x00000ff");
  CHECK(formatInt(-255, "#010_x") == "-0x00_00ff");
  CHECK(formatInt(1, "+#x") == "+0x1");
  CHECK(formatInt(INT64_MIN, "#b") ==
        "-0b1000000000000000000000000000000000000000000000000000000000000000");
  CHECK(formatInt(INT64_MIN, "#x") == "-0x8000000000000000");
}

TEST_CASE("formatInt 'c' and float presentation types", "[PyFormat][int]") {
  CHECK(formatInt(65, "c") == "A");
  CHECK(formatInt(0x1F600, "c") == "\xf0\x9f\x98\x80");
  CHECK(formatInt(0x1F600, "^5c") == "  \xf0\x9f\x98\x80  ");
  CHECK(formatInt(65, "05c") == "0000A");
  CHECK(formatInt(65, "<5c") == "A    ");
  CHECK(formatInt(42, ".2f") == "42.00");
  CHECK(formatInt(42, "e") == "4.200000e+01");
  CHECK(formatInt(42, "%") == "4200.000000%");
  CHECK(formatInt(42, "g") == "42");
  CHECK(formatInt(12345678901234567, "e") == "1.234568e+16");
  CHECK(formatInt(9007199254740993, ".0f") == "9007199254740992");
}

TEST_CASE("formatInt errors use CPython's messages", "[PyFormat][int]") {
  CHECK(intError(1, ".2d") ==
        "Precision not allowed in integer format specifier");
  CHECK(intError(1, "z") ==
        "Negative zero coercion (z) not allowed in integer format specifier");
  CHECK(intError(1, ",x") == "Cannot specify ',' with 'x'.");
  CHECK(intError(1, ",c") == "Cannot specify ',' with 'c'.");
  CHECK(intError(1, "_n") == "Cannot specify '_' with 'n'.");
  CHECK(intError(1, ",_") == "Cannot specify both ',' and '_'.");
  CHECK(intError(1, "_,") == "Cannot specify both ',' and '_'.");
  CHECK(intError(1, "+c") ==
        "Sign not allowed with integer format specifier 'c'");
  CHECK(intError(1, "#c") ==
        "Alternate form (#) not allowed with integer format specifier 'c'");
  CHECK(intError(1, "s") == "Unknown format code 's' for object of type 'int'");
  CHECK(intError(1, " s") ==
        "Unknown format code 's' for object of type 'int'");
  CHECK(intError(1, "\xc3\xa9") ==
        "Unknown format code '\\xe9' for object of type 'int'");
  CHECK(intError(1, "  ") ==
        "Unknown format code '\\x20' for object of type 'int'");
  CHECK(intError(1, "abc") ==
        "Invalid format specifier 'abc' for object of type 'int'");
  CHECK(intError(1, ".") == "Format specifier missing precision");
  CHECK(intError(1, "99999999999999999999d") ==
        "Too many decimal digits in format string");
}

TEST_CASE("formatInt 'c' out of range is an OverflowError", "[PyFormat][int]") {
  CHECK(intError(-1, "c") == "%c arg not in range(0x110000)");
  CHECK(intError(0x110000, "c") == "%c arg not in range(0x110000)");
  CHECK(errorKindOf([] { formatInt(-1, "c"); }) ==
        FormatError::Kind::OverflowError);
  CHECK(errorKindOf([] { formatInt(1, ".2d"); }) ==
        FormatError::Kind::ValueError);
}

//===----------------------------------------------------------------------===//
// formatString
//===----------------------------------------------------------------------===//

TEST_CASE("formatString width, fill and truncation", "[PyFormat][str]") {
  CHECK(formatString("abc", "") == "abc");
  CHECK(formatString("abc", ">10") == "       abc");
  CHECK(formatString("abcdef", ".3") == "abc");
  CHECK(formatString("ab", "*<6") == "ab****");
  CHECK(formatString("ab", "^7") == "  ab   ");
  CHECK(formatString("abc", "05") == "abc00");
  CHECK(formatString("abc", ".0") == "");
  CHECK(formatString("abc", "2") == "abc");
  CHECK(formatString("abc", "s") == "abc");
}

TEST_CASE("formatString counts code points", "[PyFormat][str]") {
  // 'héllo', '日本', '日本語' and U+1F600 in UTF-8.
  CHECK(formatString("h\xc3\xa9llo", ">7") == "  h\xc3\xa9llo");
  CHECK(formatString("\xe6\x97\xa5\xe6\x9c\xac", "*^6") ==
        "**\xe6\x97\xa5\xe6\x9c\xac**");
  CHECK(formatString("\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e", ".2") ==
        "\xe6\x97\xa5\xe6\x9c\xac");
  CHECK(formatString("\xf0\x9f\x98\x80", ">3") == "  \xf0\x9f\x98\x80");
  CHECK(formatString("abc", "\xc3\xa9^9") == "\xc3\xa9\xc3\xa9\xc3\xa9"
                                             "abc\xc3\xa9\xc3\xa9\xc3\xa9");
}

TEST_CASE("formatString errors use CPython's messages", "[PyFormat][str]") {
  CHECK(strError("a", "=5") ==
        "'=' alignment not allowed in string format specifier");
  CHECK(strError("a", "+") == "Sign not allowed in string format specifier");
  CHECK(strError("a", " ") == "Space not allowed in string format specifier");
  CHECK(strError("a", "#") ==
        "Alternate form (#) not allowed in string format specifier");
  CHECK(strError("a", "z") ==
        "Negative zero coercion (z) not allowed in string format specifier");
  CHECK(strError("a", "d") ==
        "Unknown format code 'd' for object of type 'str'");
  CHECK(strError("a", ",") == "Cannot specify ',' with 's'.");
  CHECK(strError("a", "_") == "Cannot specify '_' with 's'.");
  CHECK(strError("a", "abc") ==
        "Invalid format specifier 'abc' for object of type 'str'");
  // Order of the checks: sign before '=', '=' when '+' is the fill.
  CHECK(strError("ab", "=+5") == "Sign not allowed in string format specifier");
  CHECK(strError("ab", "+=5") ==
        "'=' alignment not allowed in string format specifier");
}

//===----------------------------------------------------------------------===//
// parseFloat
//===----------------------------------------------------------------------===//

TEST_CASE("parseFloat accepts CPython float literals", "[PyFormat][parse]") {
  CHECK(parsedFloat("1.5") == 1.5);
  CHECK(parsedFloat("  -2.5e3  ") == -2500.0);
  CHECK(parsedFloat("1_000") == 1000.0);
  CHECK(parsedFloat("1_000.000_1") == 1000.0001);
  CHECK(parsedFloat(".5") == 0.5);
  CHECK(parsedFloat("5.") == 5.0);
  CHECK(parsedFloat("0.1") == 0.1);
  CHECK(parsedFloat("00012") == 12.0);
  CHECK(parsedFloat("2.4703282292062328e-324") == 5e-324);
  // Fullwidth digits, NO-BREAK SPACE and IDEOGRAPHIC SPACE.
  CHECK(parsedFloat("\xef\xbc\x91\xef\xbc\x92\xef\xbc\x93") == 123.0);
  CHECK(parsedFloat("\xc2\xa0"
                    "1\xc2\xa0") == 1.0);
  CHECK(parsedFloat("\xe3\x80\x80 12 ") == 12.0);
}

TEST_CASE("parseFloat inf, nan, overflow and underflow", "[PyFormat][parse]") {
  CHECK(parsedFloat("inf") == Inf);
  CHECK(parsedFloat("-Infinity") == -Inf);
  CHECK(std::isnan(parsedFloat("+nan")));
  CHECK(std::isnan(parsedFloat("NaN")));
  CHECK(parsedFloat("1e500") == Inf);
  CHECK(parsedFloat("-1e500") == -Inf);
  CHECK(parsedFloat("1.7976931348623159e308") == Inf);
  double Tiny = parsedFloat("1e-400");
  CHECK(Tiny == 0.0);
  CHECK_FALSE(std::signbit(Tiny));
  double NegTiny = parsedFloat("-1e-400");
  CHECK(NegTiny == 0.0);
  CHECK(std::signbit(NegTiny));
  CHECK(parsedFloat("2.4703282292062327e-324") == 0.0);
  CHECK(parsedFloat("1e-99999999999999999999") == 0.0);
}

TEST_CASE("parseFloat rejects invalid literals", "[PyFormat][parse]") {
  for (const char *S :
       {"1__0", "_1", "1_", "1_e5", "1e_5", "infinit", "in", ".", "e5", "1e",
        "1e+", "0x10", "", " ", "1 2", "--1", "+-1", "1e5.0", "1\x01"})
    CHECK_FALSE(isValidFloat(S));
  double V;
  CHECK_FALSE(parseFloat(std::string_view("1\0", 2), V));
}

//===----------------------------------------------------------------------===//
// parseInt
//===----------------------------------------------------------------------===//

TEST_CASE("parseInt decimal, sign, whitespace and underscores",
          "[PyFormat][parse]") {
  CHECK(parsedInt("42", 10) == "42");
  CHECK(parsedInt("  -42  ", 10) == "-42");
  CHECK(parsedInt("+7", 10) == "7");
  CHECK(parsedInt("1_000", 10) == "1000");
  CHECK(parsedInt("1__000", 10) == "invalid");
  CHECK(parsedInt("_1", 10) == "invalid");
  CHECK(parsedInt("1_", 10) == "invalid");
  CHECK(parsedInt("", 10) == "invalid");
  CHECK(parsedInt(" ", 10) == "invalid");
  CHECK(parsedInt("- 1", 10) == "invalid");
  CHECK(parsedInt("1 2", 10) == "invalid");
  CHECK(parsedInt("1e5", 10) == "invalid");
  CHECK(parsedInt("1.0", 10) == "invalid");
  CHECK(parsedInt("010", 10) == "10");
  // Arabic-Indic and fullwidth digits.
  CHECK(parsedInt("\xd9\xa1\xd9\xa2\xd9\xa3", 10) == "123");
  CHECK(parsedInt("\xef\xbc\x91\xef\xbc\x92\xef\xbc\x93", 10) == "123");
}

TEST_CASE("parseInt bases and prefixes", "[PyFormat][parse]") {
  CHECK(parsedInt("0x1f", 0) == "31");
  CHECK(parsedInt("0X1F", 16) == "31");
  CHECK(parsedInt("0x_1f", 16) == "31");
  CHECK(parsedInt("0x_1f", 0) == "31");
  CHECK(parsedInt("0o17", 0) == "15");
  CHECK(parsedInt("0b101", 0) == "5");
  CHECK(parsedInt("0b101", 16) == "45313");
  CHECK(parsedInt("0x1f", 10) == "invalid");
  CHECK(parsedInt("0x", 16) == "invalid");
  CHECK(parsedInt("010", 8) == "8");
  CHECK(parsedInt("z", 36) == "35");
  CHECK(parsedInt("Z", 36) == "35");
  CHECK(parsedInt("12", 2) == "invalid");
  CHECK(parsedInt("ff", 16) == "255");
}

TEST_CASE("parseInt base 0 rejects old-style octal", "[PyFormat][parse]") {
  CHECK(parsedInt("010", 0) == "invalid");
  CHECK(parsedInt("0777777777777777777777", 0) == "invalid");
  CHECK(parsedInt("000", 0) == "0");
  CHECK(parsedInt("0_0", 0) == "0");
  CHECK(parsedInt("0_7", 0) == "invalid");
}

TEST_CASE("parseInt overflow beyond int64", "[PyFormat][parse]") {
  CHECK(parsedInt("9223372036854775807", 10) == "9223372036854775807");
  CHECK(parsedInt("-9223372036854775808", 10) == "-9223372036854775808");
  CHECK(parsedInt("9223372036854775808", 10) == "overflow");
  CHECK(parsedInt("-9223372036854775809", 10) == "overflow");
  CHECK(parsedInt("99999999999999999999999", 10) == "overflow");
  CHECK(parsedInt("0x8000000000000000", 0) == "overflow");
  // A malformed literal is invalid however large it is.
  CHECK(parsedInt("99999999999999999999999x", 10) == "invalid");
}

TEST_CASE("parseInt rejects a bad base", "[PyFormat][parse]") {
  int64_t V;
  CHECK(errorOf([&] { parseInt("1", 1, V); }) ==
        "int() base must be >= 2 and <= 36, or 0");
  CHECK(errorOf([&] { parseInt("1", 37, V); }) ==
        "int() base must be >= 2 and <= 36, or 0");
}

//===----------------------------------------------------------------------===//
// intToString
//===----------------------------------------------------------------------===//

TEST_CASE("intToString matches hex(), oct() and bin()", "[PyFormat][int]") {
  CHECK(intToString(31, 16, true) == "0x1f");
  CHECK(intToString(-31, 16, true) == "-0x1f");
  CHECK(intToString(-31, 8, true) == "-0o37");
  CHECK(intToString(5, 2, true) == "0b101");
  CHECK(intToString(0, 16, true) == "0x0");
  CHECK(intToString(0, 2, true) == "0b0");
  CHECK(intToString(-31, 10, true) == "-31");
  CHECK(intToString(-31, 16, false) == "-1f");
  CHECK(intToString(INT64_MAX, 16, true) == "0x7fffffffffffffff");
  CHECK(intToString(INT64_MIN, 16, true) == "-0x8000000000000000");
  CHECK(intToString(INT64_MIN, 8, true) == "-0o1000000000000000000000");
  CHECK(intToString(INT64_MIN, 10, false) == "-9223372036854775808");
}

//===----------------------------------------------------------------------===//
// roundFloatString
//===----------------------------------------------------------------------===//

TEST_CASE("roundFloatString rounds the exact binary value",
          "[PyFormat][round]") {
  CHECK(roundVia(2.675, 2) == 2.67);
  CHECK(roundVia(0.125, 2) == 0.12);
  CHECK(roundVia(0.375, 2) == 0.38);
  CHECK(roundVia(123.456, 1) == 123.5);
  CHECK(roundVia(0.5, 0) == 0.0);
  CHECK(roundVia(1.5, 0) == 2.0);
  CHECK(roundVia(2.5, 0) == 2.0);
  CHECK(std::signbit(roundVia(-0.5, 0)));
  CHECK(std::signbit(roundVia(-0.4, 0)));
  CHECK(std::signbit(roundVia(-0.0, 2)));
}

TEST_CASE("roundFloatString with negative ndigits", "[PyFormat][round]") {
  CHECK(roundVia(5.0, -1) == 0.0);
  CHECK(roundVia(15.0, -1) == 20.0);
  CHECK(roundVia(25.0, -1) == 20.0);
  CHECK(roundVia(123.456, -2) == 100.0);
  CHECK(roundVia(1234.5678, -3) == 1000.0);
  CHECK(roundVia(1e300, -300) == 1e300);
}

TEST_CASE("roundFloatString extremes", "[PyFormat][round]") {
  CHECK(roundVia(5e-324, 323) == 0.0);
  CHECK(roundVia(5e-324, 324) == 5e-324);
  CHECK(roundVia(0.1, 400) == 0.1);
  CHECK(roundVia(1.5, -400) == 0.0);
  CHECK(std::signbit(roundVia(-1.5, -400)));
  CHECK(roundVia(Inf, 2) == Inf);
  CHECK(std::isnan(roundVia(NaN, 2)));
  // CPython raises OverflowError here; the caller sees the infinity.
  CHECK(std::isinf(roundVia(1.7976931348623157e308, -308)));
}
