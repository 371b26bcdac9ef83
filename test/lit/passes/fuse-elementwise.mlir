// --kiln-fuse-elementwise: upstream's elementwise fusion, but a producer is
// fused only while the fused body stays within max-body-ops operations, so
// that a long chain (an unrolled Python loop) compiles in linear time.
// RUN: %kiln-opt %s --pass-pipeline="builtin.module(func.func(kiln-lower-to-linalg,kiln-fuse-elementwise))" | FileCheck %s --check-prefix=ALL
// RUN: %kiln-opt %s --pass-pipeline="builtin.module(func.func(kiln-lower-to-linalg,kiln-fuse-elementwise{max-body-ops=4}))" | FileCheck %s --check-prefix=CAPPED

// Three additions in a chain: one generic by default.
// ALL-LABEL: func.func @chain
// ALL: linalg.generic
// ALL-COUNT-3: arith.addf
// ALL-NOT: linalg.generic
// ALL: return

// With a body of at most 4 operations the first two fuse (add, add, yield)
// and the third stays apart.
// CAPPED-LABEL: func.func @chain
// CAPPED: linalg.generic
// CAPPED-COUNT-2: arith.addf
// CAPPED: linalg.generic
// CAPPED: arith.addf
// CAPPED-NOT: linalg.generic
// CAPPED: return
func.func @chain(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = kiln.add %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = kiln.add %0, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = kiln.add %1, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}
