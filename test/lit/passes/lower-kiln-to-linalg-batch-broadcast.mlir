// kiln.matmul with batch dimensions that broadcast (BatchMatMulV2 semantics,
// e.g. a rank-3 by rank-2 tf.matmul). The lowering first broadcasts each
// operand to the result's batch dimensions with a linalg.generic, so that
// folding the batch into one dimension gives both sides the same batch.
// A dynamic result batch dimension that one operand lacks cannot take its
// size from that operand, so lowering refuses it rather than miscompile.
// (float16: float32 and float64 products take TensorFlow's summation
// orders, tested in lower-kiln-to-linalg.mlir and the conformance tests.)
// RUN: %kiln-opt %s -split-input-file --kiln-lower-to-linalg -verify-diagnostics | FileCheck %s --implicit-check-not=kiln.

// CHECK: #[[DROP:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-LABEL: func.func @rank3_by_rank2
// CHECK: %[[B:.*]] = linalg.generic {indexing_maps = [#[[DROP]], #{{.*}}]{{.*}} ins(%arg1 : tensor<3x4xf16>) outs(%{{.*}} : tensor<2x3x4xf16>)
// CHECK: tensor.reshape %[[B]]
// CHECK: linalg.batch_matmul ins(%{{.*}}, %{{.*}} : tensor<2x5x3xf16>, tensor<2x3x4xf16>)
// CHECK: return %{{.*}} : tensor<2x5x4xf16>
func.func @rank3_by_rank2(%a: tensor<2x5x3xf16>, %b: tensor<3x4xf16>) -> tensor<2x5x4xf16> {
  %0 = kiln.matmul %a, %b : (tensor<2x5x3xf16>, tensor<3x4xf16>) -> tensor<2x5x4xf16>
  return %0 : tensor<2x5x4xf16>
}

// -----

// CHECK: #[[ONE:.*]] = affine_map<(d0, d1, d2) -> (0, d1, d2)>
// CHECK-LABEL: func.func @batch_of_one
// CHECK: linalg.generic {indexing_maps = [#[[ONE]], #{{.*}}]{{.*}} ins(%arg1 : tensor<1x3x4xf16>) outs(%{{.*}} : tensor<2x3x4xf16>)
// CHECK: linalg.batch_matmul ins(%{{.*}}, %{{.*}} : tensor<2x5x3xf16>, tensor<2x3x4xf16>)
func.func @batch_of_one(%a: tensor<2x5x3xf16>, %b: tensor<1x3x4xf16>) -> tensor<2x5x4xf16> {
  %0 = kiln.matmul %a, %b : (tensor<2x5x3xf16>, tensor<1x3x4xf16>) -> tensor<2x5x4xf16>
  return %0 : tensor<2x5x4xf16>
}

// -----

// CHECK: #[[DROP:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-LABEL: func.func @rank2_by_rank3
// CHECK: linalg.generic {indexing_maps = [#[[DROP]], #{{.*}}]{{.*}} ins(%arg0 : tensor<5x3xf16>) outs(%{{.*}} : tensor<2x5x3xf16>)
// CHECK: linalg.batch_matmul ins(%{{.*}}, %{{.*}} : tensor<2x5x3xf16>, tensor<2x3x4xf16>)
func.func @rank2_by_rank3(%a: tensor<5x3xf16>, %b: tensor<2x3x4xf16>) -> tensor<2x5x4xf16> {
  %0 = kiln.matmul %a, %b : (tensor<5x3xf16>, tensor<2x3x4xf16>) -> tensor<2x5x4xf16>
  return %0 : tensor<2x5x4xf16>
}

// -----

// Equal batch dimensions need no broadcast.
// CHECK-LABEL: func.func @equal_batches
// CHECK-NOT: linalg.generic
// CHECK: linalg.batch_matmul
func.func @equal_batches(%a: tensor<?x5x3xf16>, %b: tensor<?x3x4xf16>) -> tensor<?x5x4xf16> {
  %0 = kiln.matmul %a, %b : (tensor<?x5x3xf16>, tensor<?x3x4xf16>) -> tensor<?x5x4xf16>
  return %0 : tensor<?x5x4xf16>
}

// -----

func.func @dynamic_batch_from_one_side(%a: tensor<?x5x3xf16>, %b: tensor<3x4xf16>) -> tensor<?x5x4xf16> {
  // expected-error @+1 {{kiln cannot lower this operation yet}}
  %0 = kiln.matmul %a, %b : (tensor<?x5x3xf16>, tensor<3x4xf16>) -> tensor<?x5x4xf16>
  return %0 : tensor<?x5x4xf16>
}
