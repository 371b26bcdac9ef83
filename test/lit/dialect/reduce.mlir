// kiln.reduce and kiln.arg_reduce: round-trip of every kind, with and
// without keepdims, and the verifier's rejections.
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics | %kiln-opt -split-input-file | FileCheck %s
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics -mlir-print-op-generic | %kiln-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @reduce
// CHECK: kiln.reduce "sum", %arg0 {axes = array<i64: 1>, keepdims = false} : tensor<2x3x4xf32> -> tensor<2x4xf32>
// CHECK: kiln.reduce "mean", %arg0 {axes = array<i64: 0, 2>, keepdims = true} : tensor<2x3x4xf32> -> tensor<1x3x1xf32>
// CHECK: kiln.reduce "max", %arg0 {axes = array<i64: 0, 1, 2>, keepdims = false} : tensor<2x3x4xf32> -> tensor<f32>
// CHECK: kiln.reduce "min", %arg1 {axes = array<i64: 0>, keepdims = false} : tensor<?x5xi32> -> tensor<5xi32>
// CHECK: kiln.reduce "prod", %arg1 {axes = array<i64: 1>, keepdims = true} : tensor<?x5xi32> -> tensor<?x1xi32>
// CHECK: kiln.reduce "any", %arg2 {axes = array<i64: 0>, keepdims = false} : tensor<3xi1> -> tensor<i1>
// CHECK: kiln.reduce "all", %arg2 {axes = array<i64: 0>, keepdims = true} : tensor<3xi1> -> tensor<1xi1>
// CHECK: kiln.reduce "sum", %arg0 {axes = array<i64>, keepdims = false} : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
func.func @reduce(%a: tensor<2x3x4xf32>, %b: tensor<?x5xi32>, %c: tensor<3xi1>) {
  %0 = kiln.reduce "sum", %a {axes = array<i64: 1>, keepdims = false} : tensor<2x3x4xf32> -> tensor<2x4xf32>
  %1 = kiln.reduce "mean", %a {axes = array<i64: 0, 2>, keepdims = true} : tensor<2x3x4xf32> -> tensor<1x3x1xf32>
  %2 = kiln.reduce "max", %a {axes = array<i64: 0, 1, 2>, keepdims = false} : tensor<2x3x4xf32> -> tensor<f32>
  %3 = kiln.reduce "min", %b {axes = array<i64: 0>, keepdims = false} : tensor<?x5xi32> -> tensor<5xi32>
  %4 = kiln.reduce "prod", %b {axes = array<i64: 1>, keepdims = true} : tensor<?x5xi32> -> tensor<?x1xi32>
  %5 = kiln.reduce "any", %c {axes = array<i64: 0>, keepdims = false} : tensor<3xi1> -> tensor<i1>
  %6 = kiln.reduce "all", %c {axes = array<i64: 0>, keepdims = true} : tensor<3xi1> -> tensor<1xi1>
  %7 = kiln.reduce "sum", %a {axes = array<i64>, keepdims = false} : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  return
}

// CHECK-LABEL: func.func @arg_reduce
// CHECK: kiln.arg_reduce "max", %arg0 {axis = 1 : i64} : tensor<2x3xf32> -> tensor<2xi64>
// CHECK: kiln.arg_reduce "min", %arg0 {axis = 0 : i64} : tensor<2x3xf32> -> tensor<3xi32>
// CHECK: kiln.arg_reduce "max", %arg1 {axis = 0 : i64} : tensor<?xi8> -> tensor<i64>
func.func @arg_reduce(%a: tensor<2x3xf32>, %b: tensor<?xi8>) {
  %0 = kiln.arg_reduce "max", %a {axis = 1} : tensor<2x3xf32> -> tensor<2xi64>
  %1 = kiln.arg_reduce "min", %a {axis = 0} : tensor<2x3xf32> -> tensor<3xi32>
  %2 = kiln.arg_reduce "max", %b {axis = 0} : tensor<?xi8> -> tensor<i64>
  return
}

// -----

func.func @unknown_reduction(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.reduce' op unknown reduction 'avg'}}
  %0 = kiln.reduce "avg", %a {axes = array<i64: 1>, keepdims = false} : tensor<2x3xf32> -> tensor<2xf32>
  return
}

// -----

func.func @axis_out_of_range(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.reduce' op axis 2 out of range for rank 2}}
  %0 = kiln.reduce "sum", %a {axes = array<i64: 2>, keepdims = false} : tensor<2x3xf32> -> tensor<2xf32>
  return
}

// -----

// Negative axes are normalized before the op is built.
func.func @negative_axis(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.reduce' op axis -1 out of range for rank 2}}
  %0 = kiln.reduce "sum", %a {axes = array<i64: -1>, keepdims = false} : tensor<2x3xf32> -> tensor<2xf32>
  return
}

// -----

func.func @axes_unsorted(%a: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'kiln.reduce' op axes must be sorted and unique}}
  %0 = kiln.reduce "sum", %a {axes = array<i64: 2, 0>, keepdims = false} : tensor<2x3x4xf32> -> tensor<3xf32>
  return
}

// -----

func.func @axes_repeated(%a: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'kiln.reduce' op axes must be sorted and unique}}
  %0 = kiln.reduce "sum", %a {axes = array<i64: 1, 1>, keepdims = false} : tensor<2x3x4xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @result_rank_without_keepdims(%a: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'kiln.reduce' op result rank 3 does not match 2}}
  %0 = kiln.reduce "max", %a {axes = array<i64: 1>, keepdims = false} : tensor<2x3x4xf32> -> tensor<2x1x4xf32>
  return
}

// -----

func.func @result_rank_with_keepdims(%a: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'kiln.reduce' op result rank 2 does not match 3}}
  %0 = kiln.reduce "max", %a {axes = array<i64: 1>, keepdims = true} : tensor<2x3x4xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @missing_keepdims(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.reduce' op requires attribute 'keepdims'}}
  %0 = kiln.reduce "sum", %a {axes = array<i64: 1>} : tensor<2x3xf32> -> tensor<2xf32>
  return
}

// -----

func.func @arg_reduce_unknown_kind(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.arg_reduce' op kind must be 'max' or 'min'}}
  %0 = kiln.arg_reduce "sum", %a {axis = 1} : tensor<2x3xf32> -> tensor<2xi64>
  return
}

// -----

func.func @arg_reduce_axis_out_of_range(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.arg_reduce' op axis 2 out of range for rank 2}}
  %0 = kiln.arg_reduce "max", %a {axis = 2} : tensor<2x3xf32> -> tensor<2xi64>
  return
}

// -----

// A negative axis is rejected (its message is tested in
// arg-reduce-negative-axis.mlir).
func.func @arg_reduce_negative_axis(%a: tensor<2x3xf32>) {
  // expected-error-re @+1 {{'kiln.arg_reduce' op axis {{.*}} out of range for rank 2}}
  %0 = kiln.arg_reduce "min", %a {axis = -1} : tensor<2x3xf32> -> tensor<2xi64>
  return
}

// -----

func.func @arg_reduce_keeps_axis(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.arg_reduce' op result must drop the reduced axis}}
  %0 = kiln.arg_reduce "max", %a {axis = 1} : tensor<2x3xf32> -> tensor<2x1xi64>
  return
}

// -----

func.func @arg_reduce_float_result(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.arg_reduce' op result #0 must be ranked tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<2xf32>'}}
  %0 = kiln.arg_reduce "max", %a {axis = 1} : tensor<2x3xf32> -> tensor<2xf32>
  return
}

// -----

func.func @arg_reduce_i16_result(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.arg_reduce' op result #0 must be ranked tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<2xi16>'}}
  %0 = kiln.arg_reduce "max", %a {axis = 1} : tensor<2x3xf32> -> tensor<2xi16>
  return
}
