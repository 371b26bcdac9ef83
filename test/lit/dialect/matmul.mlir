// kiln.matmul: round-trip of plain, dynamic and batched products, and the
// verifier's rejections.
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics | %kiln-opt -split-input-file | FileCheck %s
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics -mlir-print-op-generic | %kiln-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @matmul
// CHECK: kiln.matmul %arg0, %arg1 : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK: kiln.matmul %arg2, %arg3 : (tensor<?x?xi32>, tensor<?x5xi32>) -> tensor<?x5xi32>
func.func @matmul(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<?x?xi32>, %d: tensor<?x5xi32>) {
  %0 = kiln.matmul %a, %b : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %1 = kiln.matmul %c, %d : (tensor<?x?xi32>, tensor<?x5xi32>) -> tensor<?x5xi32>
  return
}

// Batched (BatchMatMulV2): leading dimensions are batch dimensions and
// broadcast; the result has the larger operand rank.
// CHECK-LABEL: func.func @batched
// CHECK: kiln.matmul %arg0, %arg1 : (tensor<5x2x3xf32>, tensor<5x3x4xf32>) -> tensor<5x2x4xf32>
// CHECK: kiln.matmul %arg2, %arg2 : (tensor<6x5x4x4xf64>, tensor<6x5x4x4xf64>) -> tensor<6x5x4x4xf64>
// CHECK: kiln.matmul %arg0, %arg3 : (tensor<5x2x3xf32>, tensor<3x4xf32>) -> tensor<5x2x4xf32>
// CHECK: kiln.matmul %arg4, %arg1 : (tensor<?x2x3xf32>, tensor<5x3x4xf32>) -> tensor<5x2x4xf32>
func.func @batched(%a: tensor<5x2x3xf32>, %b: tensor<5x3x4xf32>, %c: tensor<6x5x4x4xf64>, %d: tensor<3x4xf32>, %e: tensor<?x2x3xf32>) {
  %0 = kiln.matmul %a, %b : (tensor<5x2x3xf32>, tensor<5x3x4xf32>) -> tensor<5x2x4xf32>
  %1 = kiln.matmul %c, %c : (tensor<6x5x4x4xf64>, tensor<6x5x4x4xf64>) -> tensor<6x5x4x4xf64>
  %2 = kiln.matmul %a, %d : (tensor<5x2x3xf32>, tensor<3x4xf32>) -> tensor<5x2x4xf32>
  %3 = kiln.matmul %e, %b : (tensor<?x2x3xf32>, tensor<5x3x4xf32>) -> tensor<5x2x4xf32>
  return
}

// -----

func.func @vector_operand(%a: tensor<3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'kiln.matmul' op operands must have rank 2 or more}}
  %0 = kiln.matmul %a, %b : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @scalar_rhs(%a: tensor<2x3xf32>, %b: tensor<f32>) {
  // expected-error @+1 {{'kiln.matmul' op operands must have rank 2 or more}}
  %0 = kiln.matmul %a, %b : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @element_types_differ(%a: tensor<2x3xf32>, %b: tensor<3x4xf16>) {
  // expected-error @+1 {{'kiln.matmul' op operands have different element types: 'f32' and 'f16'}}
  %0 = kiln.matmul %a, %b : (tensor<2x3xf32>, tensor<3x4xf16>) -> tensor<2x4xf32>
  return
}

// -----

func.func @contracting_dims_differ(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) {
  // expected-error @+1 {{'kiln.matmul' op contracting dimensions differ: 3 vs. 4}}
  %0 = kiln.matmul %a, %b : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @contracting_dims_differ_batched(%a: tensor<7x2x8xi32>, %b: tensor<7x3x2xi32>) {
  // expected-error @+1 {{'kiln.matmul' op contracting dimensions differ: 8 vs. 3}}
  %0 = kiln.matmul %a, %b : (tensor<7x2x8xi32>, tensor<7x3x2xi32>) -> tensor<7x2x2xi32>
  return
}

// -----

func.func @result_rank_too_small(%a: tensor<5x2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'kiln.matmul' op result rank 2 does not match the expected 3}}
  %0 = kiln.matmul %a, %b : (tensor<5x2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @result_rank_too_large(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'kiln.matmul' op result rank 3 does not match the expected 2}}
  %0 = kiln.matmul %a, %b : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<1x2x4xf32>
  return
}
