//===- TfPrintTest.cpp - Tests for kiln/tf_print.h on strided views -------===//
//
// Part of the kiln project.
//
//===----------------------------------------------------------------------===//
//
// Compiled code hands tf.print's callbacks strided memrefs (a transposed or
// sliced result is not copied first). A strided view must print as the
// dense tensor it describes; the dense texts are TensorFlow's, checked in
// TensorFormatTest.cpp and the conformance goldens.
//
//===----------------------------------------------------------------------===//

#include "kiln/tf_print.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

namespace {

std::string print(int32_t dtype, std::initializer_list<int64_t> shape,
                  std::initializer_list<int64_t> strides, const void *data,
                  int64_t summarize = 3) {
  kiln_text text = {};
  kiln_tf_print_tensor(
      &text, dtype, static_cast<int64_t>(shape.size()), shape.begin(),
      strides.size() ? strides.begin() : nullptr, data, summarize);
  std::string out = text.data ? std::string(text.data, text.size) : "";
  std::free(text.data);
  return out;
}

} // namespace

TEST_CASE("tf_print: a transposed view prints as the transpose", "[TfPrint]") {
  const int32_t m[] = {1, 2, 3, 4, 5, 6}; // [[1 2 3] [4 5 6]]
  CHECK(print(KILN_INT32, {2, 3}, {}, m) == "[[1 2 3]\n [4 5 6]]");
  CHECK(print(KILN_INT32, {3, 2}, {1, 3}, m) == "[[1 4]\n [2 5]\n [3 6]]");
}

TEST_CASE("tf_print: offsets and steps of a slice", "[TfPrint]") {
  const double v[] = {0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5};
  // v[1::2], v[::-1] as a base pointer and negative stride.
  CHECK(print(KILN_FLOAT64, {4}, {2}, v + 1) == "[1.5 3.5 5.5 7.5]");
  CHECK(print(KILN_FLOAT64, {9}, {-1}, v + 8) ==
        "[8.5 7.5 6.5 ... 2.5 1.5 0.5]");
  CHECK(print(KILN_FLOAT64, {9}, {-1}, v + 8, -1) ==
        "[8.5 7.5 6.5 5.5 4.5 3.5 2.5 1.5 0.5]");
}

TEST_CASE("tf_print: a broadcast (stride 0) view repeats", "[TfPrint]") {
  const uint8_t b[] = {1, 0};
  CHECK(print(KILN_BOOL, {2, 2}, {0, 1}, b) == "[[1 0]\n [1 0]]");
  CHECK(print(KILN_BOOL, {0, 2}, {2, 1}, b).empty());
}

TEST_CASE("tf_print: 16-bit floats print through float32", "[TfPrint]") {
  const uint16_t half[] = {0x3c00, 0xc200, 0x7c00, 0x0001}; // 1 -3 inf 2^-24
  CHECK(print(KILN_FLOAT16, {4}, {}, half, -1) == "[1 -3 inf 5.96046448e-08]");
  const uint16_t bf[] = {0x3f8d, 0xff80}; // 1.1015625 -inf
  // As the golden of tf_print_formats_in_loops: 0.1 prints 0.100097656.
  CHECK(print(KILN_BFLOAT16, {2}, {}, bf) == "[1.1015625 -inf]");
}
