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
