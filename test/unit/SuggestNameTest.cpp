//===- SuggestNameTest.cpp - Tests for "Did you mean" suggestions ---------===//
//
// Part of the kiln project.
//
//===----------------------------------------------------------------------===//
//
// Every expected suggestion below is what CPython 3.11 printed for an
// AttributeError on an object with the candidates as attributes (dir() is
// sorted, so the candidates are given sorted), not written by hand.
//
//===----------------------------------------------------------------------===//

#include "tracer/ApiNames.h"

#include <algorithm>
#include <catch2/catch.hpp>

using kiln::py::suggestName;

namespace {

std::string suggest(const std::string &name, std::vector<std::string> dir) {
  std::sort(dir.begin(), dir.end());
  return suggestName(name, dir);
}

} // namespace

TEST_CASE("suggestName picks CPython's closest name", "[suggest]") {
  CHECK(suggest("prnt", {"print", "sorted", "int"}) == "print");
  CHECK(suggest("reduce_sums", {"reduce_sum", "reduce_mean"}) == "reduce_sum");
  CHECK(suggest("lenght", {"length", "len"}) == "length");
  CHECK(suggest("learning_rat", {"learning_rates", "learning_rate"}) ==
        "learning_rate");
  CHECK(suggest("relus", {"relu", "relu6", "selu"}) == "relu");
  // A case change costs half an edit.
  CHECK(suggest("Shape", {"shape", "Shape2"}) == "shape");
}

TEST_CASE("suggestName keeps the first of equally close names", "[suggest]") {
  CHECK(suggest("ab", {"ba", "abc"}) == "abc");
  CHECK(suggest("abcdefghij", {"abcdefghji", "abcdefgh"}) == "abcdefgh");
  CHECK(suggest("conv2d", {"conv1d", "conv3d", "Conv2D"}) == "Conv2D");
}

TEST_CASE("suggestName offers nothing too far away", "[suggest]") {
  CHECK(suggest("xyz", {"abc"}).empty());
  CHECK(suggest("a", {"b"}).empty());
  // Long names compare only when their common ends leave little.
  CHECK(suggest(std::string(45, 'x'), {std::string(44, 'x')}) ==
        std::string(44, 'x'));
  std::vector<std::string> many(750, "prin");
  CHECK(suggestName("prnt", many).empty()); // too many candidates
}

TEST_CASE("recordedModule knows TensorFlow's module names", "[suggest]") {
  const kiln::py::RecordedModule *nn =
      kiln::py::recordedModule("tensorflow.nn");
  REQUIRE(nn);
  CHECK(nn->pythonName == "tensorflow._api.v2.nn");
  CHECK(std::binary_search(nn->names.begin(), nn->names.end(), "relu"));
  CHECK(kiln::py::recordedModule("sys") == nullptr);
}
