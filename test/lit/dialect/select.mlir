// kiln.select: round-trip with broadcasting condition and branches, and the
// verifier's rejections.
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics | %kiln-opt -split-input-file | FileCheck %s
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics -mlir-print-op-generic | %kiln-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @select
// CHECK: kiln.select %arg0, %arg1, %arg1 : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: kiln.select %arg2, %arg1, %arg3 : (tensor<2x1xi1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: kiln.select %arg4, %arg5, %arg5 : (tensor<i1>, tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
// CHECK: kiln.select %arg6, %arg4, %arg4 : (tensor<4x1xi1>, tensor<i1>, tensor<i1>) -> tensor<4x1xi1>
func.func @select(%c: tensor<2x3xi1>, %a: tensor<2x3xf32>, %c2: tensor<2x1xi1>, %b: tensor<3xf32>,
                  %s: tensor<i1>, %i: tensor<?xi32>, %c3: tensor<4x1xi1>) {
  %0 = kiln.select %c, %a, %a : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = kiln.select %c2, %a, %b : (tensor<2x1xi1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %2 = kiln.select %s, %i, %i : (tensor<i1>, tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  %3 = kiln.select %c3, %s, %s : (tensor<4x1xi1>, tensor<i1>, tensor<i1>) -> tensor<4x1xi1>
  return
}

// -----

func.func @condition_not_bool(%c: tensor<2xi32>, %a: tensor<2xf32>) {
  // expected-error @+1 {{'kiln.select' op operand #0 must be ranked tensor of 1-bit signless integer values, but got 'tensor<2xi32>'}}
  %0 = kiln.select %c, %a, %a : (tensor<2xi32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @branches_differ(%c: tensor<2xi1>, %a: tensor<2xf32>, %b: tensor<2xf64>) {
  // expected-error @+1 {{'kiln.select' op branches have different element types}}
  %0 = kiln.select %c, %a, %b : (tensor<2xi1>, tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
  return
}

// -----

func.func @branches_do_not_broadcast(%c: tensor<2xi1>, %a: tensor<2xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'kiln.select' op condition and branches do not broadcast}}
  %0 = kiln.select %c, %a, %b : (tensor<2xi1>, tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @condition_does_not_broadcast(%c: tensor<4xi1>, %a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.select' op condition and branches do not broadcast}}
  %0 = kiln.select %c, %a, %a : (tensor<4xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @result_element_type_differs(%c: tensor<2xi1>, %a: tensor<2xf32>) {
  // expected-error @+1 {{'kiln.select' op result element type differs from the branches'}}
  %0 = kiln.select %c, %a, %a : (tensor<2xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xi32>
  return
}
