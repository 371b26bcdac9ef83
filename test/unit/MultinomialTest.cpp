//===- MultinomialTest.cpp - The Multinomial kernel's shards and words ----===//
//
// Part of the kiln project.
//
//===----------------------------------------------------------------------===//
//
// Which Philox words a tf.random.categorical sample reads depends on how
// Eigen's parallelFor cuts the rows into shards. The sizes below follow
// Eigen's cost model and CalculateParallelForBlock step by step; the
// conformance script ops/random_categorical.py checks the samples
// themselves against TensorFlow.
//
//===----------------------------------------------------------------------===//

#include "tracer/tf/Multinomial.h"

#include <catch2/catch.hpp>

using namespace kiln::tf;

TEST_CASE("parallelFor runs cheap loops in one piece", "[multinomial]") {
  // 3 rows of 1,000 cycles: far below the 200,000 cycles two threads need.
  CHECK(parallelForBlockSize(3, 1000, 2) == 3);
  CHECK(parallelForBlockSize(1, 1e9, 8) == 1);
  CHECK(parallelForBlockSize(1000, 1e6, 1) == 1000);
}

TEST_CASE("parallelFor's blocks", "[multinomial]") {
  // Four blocks a thread (64 / 8 = 8 rows); 40,000 / 51,494 cycles rounds
  // to no larger floor; 8 blocks keep both threads busy.
  CHECK(parallelForBlockSize(64, 51494, 2) == 8);
  // 200 rows of 3,064 cycles: 25-row blocks (40,000 / 3,064 = 13 is less).
  CHECK(parallelForBlockSize(200, 3064, 2) == 25);
  // 20 rows of 20,000 cycles on 4 threads: 2-row blocks (40,000 / 20,000)
  // make 10 blocks (efficiency 10/12); 3-row blocks make 7 (7/8, taken);
  // 4-row blocks 5 (5/8, not); 5 rows is past twice the first size.
  CHECK(parallelForBlockSize(20, 20000, 4) == 3);
  // Coarser blocks stop at twice the first size even when less efficient
  // blocks would follow: 10 rows on 4 threads stay in blocks of 1.
  CHECK(parallelForBlockSize(10, 1e6, 4) == 1);
}

TEST_CASE("the kernel's cost estimate", "[multinomial]") {
  // 50 * (samples * log2(classes) + classes), truncated.
  CHECK(multinomialRowCost(1, 1000) == 50498);
  CHECK(multinomialRowCost(3, 1000) == 51494);
  CHECK(multinomialRowCost(4, 1) == 50);
}

TEST_CASE("each sample's words", "[multinomial]") {
  // One shard: rows follow each other, two words a sample.
  CHECK(multinomialWord(0, 0, 3, 64) == 0);
  CHECK(multinomialWord(0, 2, 3, 64) == 4);
  CHECK(multinomialWord(1, 0, 3, 64) == 6);
  // Row 8 starts the second shard of 8 rows: Skip(8 * (3 + 3) / 4) = 12
  // blocks, 48 words.
  CHECK(multinomialWord(8, 0, 3, 8) == 48);
  CHECK(multinomialWord(9, 1, 3, 8) == 56);
}
