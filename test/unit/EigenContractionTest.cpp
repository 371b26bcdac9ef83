// The k pieces of TensorFlow's 2-D float32 MatMul (passes/
// EigenContraction.h) for a 2-thread host with the caches Eigen reads on
// the machine the model was measured on. The expected pieces are the ones
// whose sums matched TensorFlow 2.20 bit for bit there.
#include "passes/EigenContraction.h"

#include <catch2/catch.hpp>

using kiln::eigen::CacheSizes;
using kiln::eigen::matMulPieces;
using kiln::eigen::matMulPiecesByRows;
using Pieces = std::vector<std::vector<int64_t>>;

namespace {
const CacheSizes kMeasured{32768, 1048576, 335544320};
} // namespace

TEST_CASE("one thread's path: Eigen's L1 blocks, oneDNN's halves", "[matmul]") {
  // One block past 384 terms: oneDNN halves it.
  CHECK(matMulPieces(64, 385, 64, 2, kMeasured) == Pieces{{0, 193, 385}});
  // Up to 384 terms: one chain.
  CHECK(matMulPieces(4, 384, 4, 2, kMeasured) == Pieces{{0, 384}});
  // Eigen's L1 heuristic (400 terms for 32 KiB) in equal slices.
  CHECK(matMulPieces(2, 1000, 64, 2, kMeasured) == Pieces{{0, 336, 672, 1000}});
  CHECK(matMulPieces(32, 784, 10, 2, kMeasured) ==
        Pieces{{0, 196, 392, 588, 784}});
}

TEST_CASE("sharding by the inner dimension: two shards added last",
          "[matmul]") {
  CHECK(matMulPieces(64, 401, 64, 2, kMeasured) ==
        Pieces{{0, 208}, {208, 401}});
  CHECK(matMulPieces(64, 1000, 64, 2, kMeasured) ==
        Pieces{{0, 256, 504}, {504, 752, 1000}});
}

TEST_CASE("the parallel path: blocks of at most 320 terms", "[matmul]") {
  CHECK(matMulPieces(256, 1000, 256, 2, kMeasured) ==
        Pieces{{0, 256, 512, 768, 1000}});
  CHECK(matMulPieces(100, 784, 128, 2, kMeasured) ==
        Pieces{{0, 264, 528, 784}});
}

TEST_CASE("a single thread never shards", "[matmul]") {
  CHECK(matMulPieces(64, 1000, 64, 1, kMeasured).size() == 1);
}

TEST_CASE("pieces by row count change at Eigen's path boundaries", "[matmul]") {
  auto table = matMulPiecesByRows(784, 128, 2, kMeasured);
  REQUIRE(table.size() == 3);
  CHECK(table[0].firstRow == 2);
  CHECK(table[1].firstRow == 17);
  CHECK(table[2].firstRow == 47);
  CHECK(table[2].pieces == Pieces{{0, 264, 528, 784}});
  for (int64_t rows : {2, 16, 17, 46, 47, 5000})
    for (size_t i = 0; i < table.size(); ++i)
      if (rows >= table[i].firstRow &&
          (i + 1 == table.size() || rows < table[i + 1].firstRow))
        CHECK(table[i].pieces == matMulPieces(rows, 784, 128, 2, kMeasured));
}

TEST_CASE("a one-channel convolution's matrix-vector slices", "[conv]") {
  using kiln::eigen::oneChannelConvSlices;
  // Two inner shards when the patches cost enough (a 3x3x64 window over
  // 784 positions), each in slices of the 2-thread heuristic's kc.
  CHECK(oneChannelConvSlices(784, 576, true, 2, kMeasured) ==
        Pieces{{0, 288}, {288, 576}});
  CHECK(oneChannelConvSlices(64, 1152, true, 2, kMeasured) ==
        Pieces{{0, 288, 576}, {576, 864, 1152}});
  // Uneven shards: each its own kc.
  CHECK(oneChannelConvSlices(1024, 450, true, 2, kMeasured) ==
        Pieces{{0, 232}, {232, 450}});
  // Few positions: one thread, Eigen's L1 kc evened to equal slices, with
  // no 384-term cut of oneDNN's own.
  CHECK(oneChannelConvSlices(4, 2304, true, 2, kMeasured) ==
        Pieces{{0, 384, 768, 1152, 1536, 1920, 2304}});
  // A plain matrix (a 1x1 convolution): no patch cost, so one thread.
  CHECK(oneChannelConvSlices(64, 1100, false, 2, kMeasured) ==
        Pieces{{0, 368, 736, 1100}});
}

namespace {
// The caches Eigen reads on the AVX2-only AMD EPYC the orders of oneDNN's
// AVX kernels were measured on (2 threads).
const CacheSizes kAvx2Host{32768, 524288, 33554432};
using Kinds = std::vector<int8_t>;
Kinds run(std::vector<std::pair<int8_t, int>> runs) {
  Kinds out;
  for (auto [kind, count] : runs)
    out.insert(out.end(), count, kind);
  return out;
}
} // namespace

TEST_CASE("without AVX-512: Eigen's blocks and oneDNN's tile kinds",
          "[matmul][avx2]") {
  using kiln::eigen::avx2ColumnKinds;
  using kiln::eigen::avx2MatMulPlan;
  using kiln::eigen::avx2RowKinds;
  using Bounds = std::vector<int64_t>;
  // Two rows: a group of 2 (rounded products); 2 columns: an 8-wide tile.
  auto tiny = avx2MatMulPlan(2, 8, 2, 2, kAvx2Host);
  REQUIRE(tiny.size() == 1);
  CHECK(tiny[0].kBlocks == Bounds{0, 8});
  CHECK(avx2RowKinds(tiny[0]) == run({{2, 2}}));
  CHECK(avx2ColumnKinds(tiny[0]) == run({{1, 2}}));
  // Sharded by k: each shard's blocks of 48 rows and columns leave a row
  // of its own in a group and a block of one column.
  auto sharded = avx2MatMulPlan(67, 580, 49, 2, kAvx2Host);
  REQUIRE(sharded.size() == 2);
  CHECK(sharded[0].kBlocks == Bounds{0, 296});
  CHECK(sharded[1].kBlocks == Bounds{296, 580});
  CHECK(sharded[1].rowBlocks == Bounds{0, 48, 67});
  CHECK(sharded[1].colBlocks == Bounds{0, 48, 49});
  CHECK(avx2RowKinds(sharded[1]) == run({{0, 66}, {2, 1}}));
  CHECK(avx2ColumnKinds(sharded[1]) == run({{0, 48}, {2, 1}}));
  // One thread's blocks of 24 rows leave a block of one row.
  auto lone = avx2MatMulPlan(145, 46, 162, 2, kAvx2Host);
  REQUIRE(lone.size() == 1);
  CHECK(lone[0].rowBlocks == Bounds{0, 24, 48, 72, 96, 120, 144, 145});
  CHECK(avx2RowKinds(lone[0]) == run({{0, 144}, {3, 1}}));
  CHECK(avx2ColumnKinds(lone[0]) == run({{0, 160}, {1, 2}}));
  auto blocks = avx2MatMulPlan(100, 784, 10, 2, kAvx2Host);
  REQUIRE(blocks.size() == 2);
  CHECK(blocks[0].kBlocks == Bounds{0, 200, 392});
  CHECK(blocks[1].rowBlocks == Bounds{0, 72, 100});
}

TEST_CASE("without AVX-512: orders and k pieces", "[matmul][avx2]") {
  using kiln::eigen::avx2Order;
  using kiln::eigen::avx2Pieces;
  using O = kiln::eigen::Avx2Order;
  CHECK(avx2Order(0, 0) == O::Chain);
  CHECK(avx2Order(1, 0) == O::EvenOddFma);
  CHECK(avx2Order(0, 1) == O::EvenOddFma);
  CHECK(avx2Order(2, 0) == O::EvenOddRounded);
  CHECK(avx2Order(3, 0) == O::LoneRow);
  CHECK(avx2Order(3, 2) == O::LoneColumn);
  using Bounds = std::vector<int64_t>;
  CHECK(avx2Pieces(0, 256) == Bounds{0, 256});
  CHECK(avx2Pieces(10, 311) == Bounds{10, 161, 311});
  CHECK(avx2Pieces(0, 600) == Bounds{0, 256, 428, 600});
}

TEST_CASE("without AVX-512: the plans by row count for a None batch",
          "[matmul][avx2]") {
  auto table = kiln::eigen::avx2MatMulPlansByRows(784, 128, 2, kAvx2Host);
  // Where Eigen's path, its k blocks or its row block change (measured
  // in the helper's model of TensorFlow for rows up to 2048): the path or
  // k blocks start an entry, a row block a step within it.
  std::vector<int64_t> firsts, changes;
  for (const auto &range : table) {
    firsts.push_back(range.firstRow);
    const auto &steps = range.plan.at(0).rowBlockSteps;
    if (steps.empty())
      changes.push_back(range.firstRow);
    for (auto [first, block] : steps)
      changes.push_back(first);
  }
  CHECK(firsts == std::vector<int64_t>{2, 17, 47});
  REQUIRE(changes.size() >= 7);
  CHECK(std::vector<int64_t>(changes.begin(), changes.begin() + 7) ==
        std::vector<int64_t>{2, 17, 25, 47, 49, 97, 145});
  // Two rows: one shard, one block of all the rows.
  REQUIRE(table[0].plan.size() == 1);
  CHECK(table[0].plan[0].rowBlock == 0);
  CHECK(table[0].plan[0].rowBlockSteps.empty());
  CHECK(table[0].plan[0].rowBlocks.empty());
  using Steps = std::vector<std::pair<int64_t, int64_t>>;
  CHECK(table[1].plan[0].rowBlockSteps == Steps{{17, 0}, {25, 24}});
}

TEST_CASE("without AVX-512: a short k's row block follows the row count",
          "[matmul][avx2]") {
  // The first layer of a CNN with a None batch: 3x3 windows of one
  // channel (9 taps), 32 filters. On the parallel path Eigen's row block
  // is half the rows, rounded up to 24, up to what the L2 cache holds:
  // one plan, its row block chosen when the function runs.
  auto table = kiln::eigen::avx2MatMulPlansByRows(9, 32, 2, kAvx2Host,
                                                  kiln::eigen::kImagePatchCost);
  REQUIRE(table.size() == 1);
  const auto &steps = table[0].plan.at(0).rowBlockSteps;
  REQUIRE(steps.size() == 126);
  CHECK(steps[0] == std::pair<int64_t, int64_t>{2, 0});
  CHECK(steps[1] == std::pair<int64_t, int64_t>{869, 456});
  CHECK(steps[2] == std::pair<int64_t, int64_t>{913, 480});
  CHECK(steps.back() == std::pair<int64_t, int64_t>{6817, 3432});
}

TEST_CASE("without AVX-512: a convolution's window can be sharded",
          "[conv][avx2]") {
  // (1, 12, 12, 7) images by 5x5x7x6 filters, SAME: 144 positions, 175
  // taps. Eigen's cost of computing the patches makes it shard the window
  // in two; the same product of plain matrices is not sharded.
  using kiln::eigen::avx2MatMulPlan;
  auto conv =
      avx2MatMulPlan(144, 175, 6, 2, kAvx2Host, kiln::eigen::kImagePatchCost);
  REQUIRE(conv.size() == 2);
  CHECK(conv[0].kBlocks.front() == 0);
  CHECK(conv[0].kBlocks.back() == 96);
  CHECK(conv[1].kBlocks.front() == 96);
  CHECK(conv[1].kBlocks.back() == 175);
  CHECK(avx2MatMulPlan(144, 175, 6, 2, kAvx2Host).size() == 1);
}

TEST_CASE("without AVX-512: the copy-based kernel's calls", "[matmul][avx2]") {
  // (723, 50, 1091): Eigen's block of 384 rows by 864 columns goes to
  // oneDNN's copy-based kernel (one chain per element); the other blocks
  // keep the nocopy kernel's tiles.
  using Bounds = std::vector<int64_t>;
  auto plan = kiln::eigen::avx2MatMulPlan(723, 50, 1091, 2, kAvx2Host);
  REQUIRE(plan.size() == 1);
  CHECK(plan[0].rowBlocks == Bounds{0, 384, 723});
  CHECK(plan[0].colBlocks == Bounds{0, 864, 1091});
  REQUIRE(plan[0].copyBlocks.size() == 1);
  const auto &copy = plan[0].copyBlocks[0];
  CHECK(copy.kBlock == 0);
  CHECK((copy.r0 == 0 && copy.r1 == 384 && copy.c0 == 0 && copy.c1 == 864));
  // With the rows known only at run time copied calls are not modeled.
  for (const auto &range :
       kiln::eigen::avx2MatMulPlansByRows(50, 1091, 2, kAvx2Host))
    if (range.firstRow <= 723)
      for (const auto &shard : range.plan)
        CHECK(shard.copyBlocks.empty());
}

TEST_CASE("without AVX-512: the plans by k known at run time",
          "[matmul][avx2]") {
  // The weight gradient of a 784 -> 128 layer with a None batch: one call
  // over all of k for every k up to 256, whose Eigen row blocks follow k.
  auto table = kiln::eigen::avx2MatMulPlansByK(784, 128, 2, kAvx2Host);
  REQUIRE(!table.empty());
  CHECK(table.front().firstK == 1);
  for (const auto &range : table) {
    REQUIRE(range.plan.size() == 1);
    CHECK(range.plan[0].kBlocks.size() == 2);
  }
  CHECK(table.size() == 15);
  // Two rows and three columns: one plan for every k.
  CHECK(kiln::eigen::avx2MatMulPlansByK(2, 3, 2, kAvx2Host).size() == 1);
}

TEST_CASE("without AVX-512: a very long k keeps the AVX-512 orders",
          "[matmul][avx2]") {
  // Each of Eigen's k blocks is a few products in the compiled code: past
  // 64 blocks kiln does not model the product (compiling would be slow).
  CHECK(!kiln::eigen::avx2MatMulPlan(25, 12000, 32, 2, kAvx2Host).empty());
  CHECK(kiln::eigen::avx2MatMulPlan(25, 65536, 32, 2, kAvx2Host).empty());
}
