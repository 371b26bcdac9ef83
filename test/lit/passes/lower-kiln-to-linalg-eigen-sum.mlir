// Float sums over innermost dimensions add in TensorFlow's (Eigen's) order:
// lanes of 8 floats (4 doubles) accumulated four packets at a time, then
// packet by packet, the lanes added pairwise and the tail added last; above
// 8192 elements the range is split in two (passes/EigenReduce.h). Sums
// over one run of leading or middle dimensions follow Eigen's
// InnerMostDimPreserver. Other reductions stay linalg.reduce.
// RUN: %kiln-opt %s --kiln-lower-to-linalg | FileCheck %s --implicit-check-not=kiln.

// CHECK-LABEL: func.func @innermost_f32
// CHECK: tensor.reshape %arg0({{.*}}) : (tensor<3x20xf32>, tensor<1xindex>) -> tensor<?xf32>
// CHECK: scf.for %[[ROW:.*]] = {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (tensor<?xf32>)
// Four packets of 8 lanes: 32 accumulators.
// CHECK: %{{.*}}:32 = scf.for {{.*}} step %c32
// Then single packets: 8 accumulators.
// CHECK: %{{.*}}:8 = scf.for {{.*}} step %c8
// The tail, one element at a time, summed from zero.
// CHECK: scf.for {{.*}} -> (f32)
// CHECK: tensor.insert %{{.*}}[%[[ROW]]]
// A static sum of at most 8192 elements needs no split.
// CHECK-NOT: scf.if
// CHECK-NOT: linalg.reduce
// CHECK: return
func.func @innermost_f32(%a: tensor<3x20xf32>) -> tensor<3xf32> {
  %0 = kiln.reduce "sum", %a {axes = array<i64: 1>, keepdims = false} : tensor<3x20xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// CHECK-LABEL: func.func @innermost_f64
// CHECK: %{{.*}}:16 = scf.for {{.*}} step %c16
// CHECK: %{{.*}}:4 = scf.for {{.*}} step %c4
func.func @innermost_f64(%a: tensor<2x3x4xf64>) -> tensor<2xf64> {
  %0 = kiln.reduce "mean", %a {axes = array<i64: 1, 2>, keepdims = false} : tensor<2x3x4xf64> -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// A whole sum of a run-time length: Eigen's cost model picks the blocks at
// run time (one: the tree over everything; else the leftover, then each
// block's tree). The tree is a loop over a stack of ranges, split when
// above 8192 elements.
// CHECK-LABEL: func.func @dynamic_length
// CHECK: arith.uitofp %{{.*}} : i64 to f64
// CHECK: %[[ONE:.*]] = arith.cmpi ule, %{{.*}}, %c1{{.*}} : index
// CHECK: scf.if %[[ONE]] -> (f32)
// CHECK: scf.while {{.*}}tensor<64xindex>
// CHECK: arith.ceildivui
// CHECK: %[[LEAF:.*]] = arith.constant 8192 : index
// CHECK: arith.cmpi ugt, %{{.*}}, %[[LEAF]] : index
// CHECK: } else {
// CHECK: %[[SIZE:.*]] = arith.divui %{{.*}}, %{{.*}} : index
// CHECK: arith.divui %{{.*}}, %[[SIZE]] : index
// CHECK: scf.for
func.func @dynamic_length(%a: tensor<?xf32>) -> tensor<f32> {
  %0 = kiln.reduce "sum", %a {axes = array<i64: 0>, keepdims = false} : tensor<?xf32> -> tensor<f32>
  return %0 : tensor<f32>
}

// Leading dimensions reduced, a float sum: per output (a tensor.generate
// over [A, C] flattened), four accumulators over rows 0..3 mod 4 when the
// output's packet of 8 lies in one row and R >= 16, else row by row.
// CHECK-LABEL: func.func @leading_f32
// CHECK: %[[FLAT:.*]] = tensor.reshape %arg0({{.*}}) : (tensor<20x3xf32>, tensor<1xindex>) -> tensor<?xf32>
// CHECK: tensor.generate
// CHECK: %[[IN_ROW:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : index
// CHECK: %[[MANY:.*]] = arith.cmpi uge, %{{.*}}, %c16 : index
// CHECK: scf.if %{{.*}} -> (f32)
// CHECK: scf.for {{.*}} step %c4{{.*}} iter_args({{.*}}) -> (f32, f32, f32, f32)
// CHECK-COUNT-4: tensor.extract %[[FLAT]]
// CHECK: scf.yield
// CHECK: arith.addf %{{.*}}#0, %{{.*}}#1 : f32
// CHECK: else
// CHECK: scf.for
// CHECK: tensor.extract %[[FLAT]]
// CHECK-NOT: linalg.reduce
// CHECK: return
func.func @leading_f32(%a: tensor<20x3xf32>) -> tensor<3xf32> {
  %0 = kiln.reduce "sum", %a {axes = array<i64: 0>, keepdims = false} : tensor<20x3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// A float sum with a kept dimension between reduced ones: Eigen's generic
// reducer (no linalg.reduce); an integer sum: linalg.reduce.
// CHECK-LABEL: func.func @not_innermost
// CHECK: tensor.generate
// CHECK: linalg.reduce
// CHECK-NOT: linalg.reduce
func.func @not_innermost(%a: tensor<4x3x2xf32>, %b: tensor<4x3xi32>) -> (tensor<3xf32>, tensor<3xi32>) {
  %0 = kiln.reduce "sum", %a {axes = array<i64: 0, 2>, keepdims = false} : tensor<4x3x2xf32> -> tensor<3xf32>
  %1 = kiln.reduce "sum", %b {axes = array<i64: 0>, keepdims = false} : tensor<4x3xi32> -> tensor<3xi32>
  return %0, %1 : tensor<3xf32>, tensor<3xi32>
}

// Four alternating runs (reduced, kept, reduced, kept): TensorFlow
// transposes the reduced dimensions last and sums them as innermost.
// CHECK-LABEL: func.func @alternating
// CHECK: linalg.transpose ins(%arg0 : tensor<3x5x4x6xf32>) outs(%{{.*}} : tensor<5x6x3x4xf32>) permutation = [1, 3, 0, 2]
// CHECK: scf.for
// CHECK-NOT: linalg.reduce
// CHECK: return
func.func @alternating(%a: tensor<3x5x4x6xf32>) -> tensor<5x6xf32> {
  %0 = kiln.reduce "sum", %a {axes = array<i64: 0, 2>, keepdims = false} : tensor<3x5x4x6xf32> -> tensor<5x6xf32>
  return %0 : tensor<5x6xf32>
}
