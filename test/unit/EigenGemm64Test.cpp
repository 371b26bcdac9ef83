// The float64 product plans of passes/EigenGemm64.h for a 2-thread host
// with the caches Eigen reads on the machine they were measured on: which
// scheme each element's block sums take, the k blocks and the shards. The
// plans below are those whose sums matched TensorFlow 2.20 bit for bit.
#include "passes/EigenGemm64.h"

#include <catch2/catch.hpp>

using kiln::eigen::CacheSizes;
using kiln::eigen::contractionPlan64;
using kiln::eigen::Gemm64Plan;

namespace {
const CacheSizes kMeasured{32768, 1048576, 335544320};
using Schemes = std::vector<uint8_t>;
} // namespace

TEST_CASE("small products: one tile, schemes by column", "[matmul64]") {
  // 4 columns: one group of 4 (even/odd accumulators).
  auto p = contractionPlan64(4, 8, 4, 2, kMeasured, false);
  REQUIRE(p);
  REQUIRE(p->shards.size() == 1);
  CHECK(p->shards[0].scheme == Schemes{1, 1, 1, 1});
  CHECK(p->shards[0].kBlock == 8);
  // 15 columns: 8 in order, 4 and 2 even/odd, the odd last one 4-way.
  p = contractionPlan64(6, 20, 15, 2, kMeasured, false);
  REQUIRE(p);
  CHECK(p->shards[0].scheme ==
        Schemes{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2});
  // The last rows % 4 rows sum in order.
  CHECK(p->shards[0].rowSeq ==
        std::vector<bool>{false, false, false, false, true, true});
}

TEST_CASE("long k: cache blocks and shards", "[matmul64]") {
  // One thread's blocking cuts k = 600 into blocks of 304.
  auto p = contractionPlan64(13, 600, 23, 1, kMeasured, false);
  REQUIRE(p);
  CHECK(p->shards[0].kBlock == 304);
  // A long k with few rows and columns is split into two buffers.
  p = contractionPlan64(30, 1024, 30, 2, kMeasured, false);
  REQUIRE(p);
  REQUIRE(p->shards.size() == 2);
  CHECK(p->shards[0].kBegin == 0);
  CHECK(p->shards[0].kEnd == 512);
  CHECK(p->shards[1].kEnd == 1024);
}

TEST_CASE("matrix-vector recipes by transposes and pieces", "[matmul64]") {
  using kiln::eigen::vectorPlan64;
  using kiln::eigen::VectorRecipe;
  // Tiny: in order, or Eigen's redux when only b is transposed.
  auto p = vectorPlan64(5, 7, 1, false, false, 2, 1);
  REQUIRE(p);
  CHECK(p->recipe[0] == VectorRecipe::Lazy);
  p = vectorPlan64(5, 7, 1, false, true, 2, 1);
  CHECK(p->recipe[4] == VectorRecipe::Redux);
  // A column: row-major lanes, the odd last row apart; transposed a: the
  // column-major blocks.
  p = vectorPlan64(13, 40, 1, false, false, 2, 1);
  CHECK(p->recipe[11] == VectorRecipe::Lanes);
  CHECK(p->recipe[12] == VectorRecipe::LanesLast);
  p = vectorPlan64(13, 200, 1, true, false, 2, 1);
  CHECK(p->recipe[0] == VectorRecipe::ColumnBlocks);
  CHECK(p->blockColumns == 16);
  // A large column is cut into pieces of multiples of 32: each piece's odd
  // last row is apart.
  p = vectorPlan64(257, 130, 1, false, false, 2, 1);
  REQUIRE(p);
  int lasts = 0;
  for (VectorRecipe r : p->recipe)
    lasts += r == VectorRecipe::LanesLast;
  CHECK(lasts == 1);
  CHECK(p->recipe[256] == VectorRecipe::LanesLast);
}
