// kiln.matmul with batch dimensions that broadcast (BatchMatMulV2 semantics,
// accepted by the verifier and emitted by the tracer for e.g. a rank-3 by
// rank-2 tf.matmul). The lowering folds both operands' batch dimensions
// using the *left* operand's batch count, so the right operand is reshaped
// to a batch it does not have: linalg.batch_matmul then fails to verify for
// static shapes ("inferred input/output operand #1 has shape's dimension #0
// to be 2, but found 1"), and with a dynamic batch the reshape silently
// changes the element count (a miscompile no verifier catches).
// RUN: %kiln-opt %s --kiln-lower-to-linalg | FileCheck %s --implicit-check-not=kiln.

// XFAIL: *
// Known kiln bug: lowerMatMul does not broadcast batch dimensions. This
// test states the correct behaviour; when fixed it XPASSes.

// CHECK-LABEL: func.func @rank3_by_rank2
// CHECK: linalg.{{(batch_)?matmul|generic}}
// CHECK: return %{{.*}} : tensor<2x5x4xf32>
func.func @rank3_by_rank2(%a: tensor<2x5x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x5x4xf32> {
  %0 = kiln.matmul %a, %b : (tensor<2x5x3xf32>, tensor<3x4xf32>) -> tensor<2x5x4xf32>
  return %0 : tensor<2x5x4xf32>
}

// CHECK-LABEL: func.func @batch_of_one
// CHECK: linalg.{{(batch_)?matmul|generic}}
// CHECK: return %{{.*}} : tensor<2x5x4xf32>
func.func @batch_of_one(%a: tensor<2x5x3xf32>, %b: tensor<1x3x4xf32>) -> tensor<2x5x4xf32> {
  %0 = kiln.matmul %a, %b : (tensor<2x5x3xf32>, tensor<1x3x4xf32>) -> tensor<2x5x4xf32>
  return %0 : tensor<2x5x4xf32>
}

// CHECK-LABEL: func.func @rank2_by_rank3
// CHECK: linalg.{{(batch_)?matmul|generic}}
// CHECK: return %{{.*}} : tensor<2x5x4xf32>
func.func @rank2_by_rank3(%a: tensor<5x3xf32>, %b: tensor<2x3x4xf32>) -> tensor<2x5x4xf32> {
  %0 = kiln.matmul %a, %b : (tensor<5x3xf32>, tensor<2x3x4xf32>) -> tensor<2x5x4xf32>
  return %0 : tensor<2x5x4xf32>
}
