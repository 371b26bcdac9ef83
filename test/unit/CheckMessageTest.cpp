//===- CheckMessageTest.cpp - Tests for kiln/check_message.h
//---------------===//
//
// Part of the kiln project.
//
//===----------------------------------------------------------------------===//
//
// A failed run-time check formats TensorFlow's message from a template and
// the values the compiled code gathered. Each placeholder takes its values
// in order; these texts are the ones TensorFlow's kernels print.
//
//===----------------------------------------------------------------------===//

#include "kiln/check_message.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace {

std::string format(const char *tmpl, std::vector<int64_t> values) {
  kiln_text text = {};
  kiln_format_check(&text, tmpl, values.data(),
                    static_cast<int64_t>(values.size()));
  std::string out = text.data ? std::string(text.data, text.size) : "";
  std::free(text.data);
  return out;
}

} // namespace

TEST_CASE("check messages fill ints, shapes and lists in order") {
  CHECK(format("index {int} of {shape}", {2, 2, 3, 4}) == "index 2 of [3,4]");
  CHECK(format("scalar {shape}", {0}) == "scalar []");
  CHECK(format("values:{list}.", {3, 0, 7, -1}) == "values: 0 7 -1.");
  double half = 0.5;
  int64_t bits;
  std::memcpy(&bits, &half, sizeof bits);
  CHECK(format("delta {real}", {bits}) == "delta 0.5");
}

TEST_CASE("padded lists align each value to the widest, as Eigen prints") {
  CHECK(format("({padded})", {3, 2147483648, 2147483648, 4}) ==
        "(2147483648 2147483648          4)");
  CHECK(format("({padded})", {2, -5, 12}) == "(-5 12)");
  CHECK(format("({padded})", {0}) == "()");
}

TEST_CASE("missing values print as zeros instead of reading past the end") {
  CHECK(format("{int} {int}", {7}) == "7 0");
  CHECK(format("{padded}", {2, 9}) == "9 0");
}
