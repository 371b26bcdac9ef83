// kiln.cast: round-trip between every pair of dtype kinds, and the
// verifier's rejections (shapes must agree; only element types change).
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics | %kiln-opt -split-input-file | FileCheck %s
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics -mlir-print-op-generic | %kiln-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @casts
// CHECK: kiln.cast %arg0 : tensor<2x3xf32> -> tensor<2x3xi32>
// CHECK: kiln.cast %arg0 : tensor<2x3xf32> -> tensor<2x3xi1>
// CHECK: kiln.cast %arg0 : tensor<2x3xf32> -> tensor<2x3xf64>
// CHECK: kiln.cast %arg0 : tensor<2x3xf32> -> tensor<2x3xf16>
// CHECK: kiln.cast %arg0 : tensor<2x3xf32> -> tensor<2x3xbf16>
// CHECK: kiln.cast %arg1 : tensor<?xi1> -> tensor<?xf32>
// CHECK: kiln.cast %arg1 : tensor<?xi1> -> tensor<?xi64>
// CHECK: kiln.cast %arg2 : tensor<i64> -> tensor<i8>
// CHECK: kiln.cast %arg2 : tensor<i64> -> tensor<f64>
// CHECK: kiln.cast %arg2 : tensor<i64> -> tensor<i64>
func.func @casts(%a: tensor<2x3xf32>, %b: tensor<?xi1>, %c: tensor<i64>) {
  %0 = kiln.cast %a : tensor<2x3xf32> -> tensor<2x3xi32>
  %1 = kiln.cast %a : tensor<2x3xf32> -> tensor<2x3xi1>
  %2 = kiln.cast %a : tensor<2x3xf32> -> tensor<2x3xf64>
  %3 = kiln.cast %a : tensor<2x3xf32> -> tensor<2x3xf16>
  %4 = kiln.cast %a : tensor<2x3xf32> -> tensor<2x3xbf16>
  %5 = kiln.cast %b : tensor<?xi1> -> tensor<?xf32>
  %6 = kiln.cast %b : tensor<?xi1> -> tensor<?xi64>
  %7 = kiln.cast %c : tensor<i64> -> tensor<i8>
  %8 = kiln.cast %c : tensor<i64> -> tensor<f64>
  %9 = kiln.cast %c : tensor<i64> -> tensor<i64>
  return
}

// -----

func.func @shape_changes(%a: tensor<2xf32>) {
  // expected-error @+1 {{'kiln.cast' op requires the same shape for all operands and results}}
  %0 = kiln.cast %a : tensor<2xf32> -> tensor<3xi32>
  return
}

// -----

func.func @rank_changes(%a: tensor<2xf32>) {
  // expected-error @+1 {{'kiln.cast' op requires the same shape for all operands and results}}
  %0 = kiln.cast %a : tensor<2xf32> -> tensor<1x2xf32>
  return
}

// -----

func.func @to_index(%a: tensor<2xi64>) {
  // expected-error @+1 {{'kiln.cast' op result #0 must be ranked tensor of floating-point or signless integer values, but got 'tensor<2xindex>'}}
  %0 = kiln.cast %a : tensor<2xi64> -> tensor<2xindex>
  return
}

// -----

func.func @from_unranked(%a: tensor<*xf32>) {
  // expected-error @+1 {{'kiln.cast' op operand #0 must be ranked tensor of floating-point or signless integer values, but got 'tensor<*xf32>'}}
  %0 = "kiln.cast"(%a) : (tensor<*xf32>) -> tensor<*xi32>
  return
}
