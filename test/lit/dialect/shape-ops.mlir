// The data-movement ops kiln.reshape, kiln.transpose, kiln.slice and
// kiln.concat: round-trip, and the verifiers' rejections.
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics | %kiln-opt -split-input-file | FileCheck %s
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics -mlir-print-op-generic | %kiln-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @reshape
// CHECK: kiln.reshape %arg0 : tensor<2x3xf32> -> tensor<6xf32>
// CHECK: kiln.reshape %arg0 : tensor<2x3xf32> -> tensor<3x1x2xf32>
// CHECK: kiln.reshape %arg1 : tensor<1xi32> -> tensor<i32>
// CHECK: kiln.reshape %arg2 : tensor<?x4xf32> -> tensor<2x?xf32>
// CHECK: kiln.reshape %arg0 : tensor<2x3xf32> -> tensor<?xf32>
// CHECK: kiln.reshape %arg2 : tensor<?x4xf32> -> tensor<8x2xf32>
func.func @reshape(%a: tensor<2x3xf32>, %b: tensor<1xi32>, %c: tensor<?x4xf32>) {
  %0 = kiln.reshape %a : tensor<2x3xf32> -> tensor<6xf32>
  %1 = kiln.reshape %a : tensor<2x3xf32> -> tensor<3x1x2xf32>
  %2 = kiln.reshape %b : tensor<1xi32> -> tensor<i32>
  %3 = kiln.reshape %c : tensor<?x4xf32> -> tensor<2x?xf32>
  %4 = kiln.reshape %a : tensor<2x3xf32> -> tensor<?xf32>
  %5 = kiln.reshape %c : tensor<?x4xf32> -> tensor<8x2xf32>
  return
}

// CHECK-LABEL: func.func @transpose
// CHECK: kiln.transpose %arg0, [1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
// CHECK: kiln.transpose %arg1, [2, 0, 1] : tensor<2x?x4xi64> -> tensor<4x2x?xi64>
// CHECK: kiln.transpose %arg2, [] : tensor<f32> -> tensor<f32>
func.func @transpose(%a: tensor<2x3xf32>, %b: tensor<2x?x4xi64>, %c: tensor<f32>) {
  %0 = kiln.transpose %a, [1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
  %1 = kiln.transpose %b, [2, 0, 1] : tensor<2x?x4xi64> -> tensor<4x2x?xi64>
  %2 = kiln.transpose %c, [] : tensor<f32> -> tensor<f32>
  return
}

// CHECK-LABEL: func.func @slice
// CHECK: kiln.slice %arg0 {offsets = array<i64: 1, 0>, sizes = array<i64: 3, 2>, strides = array<i64: 2, 1>} : tensor<8x3xf32> -> tensor<3x2xf32>
// CHECK: kiln.slice %arg1 {offsets = array<i64: 0, 2>, sizes = array<i64: -1, 1>, strides = array<i64: 1, 1>} : tensor<?x4xi32> -> tensor<?x1xi32>
// CHECK: kiln.slice %arg0 {offsets = array<i64: 0, 0>, sizes = array<i64: -1, 0>, strides = array<i64: 1, 1>} : tensor<8x3xf32> -> tensor<8x0xf32>
func.func @slice(%a: tensor<8x3xf32>, %b: tensor<?x4xi32>) {
  %0 = kiln.slice %a {offsets = array<i64: 1, 0>, sizes = array<i64: 3, 2>, strides = array<i64: 2, 1>} : tensor<8x3xf32> -> tensor<3x2xf32>
  %1 = kiln.slice %b {offsets = array<i64: 0, 2>, sizes = array<i64: -1, 1>, strides = array<i64: 1, 1>} : tensor<?x4xi32> -> tensor<?x1xi32>
  %2 = kiln.slice %a {offsets = array<i64: 0, 0>, sizes = array<i64: -1, 0>, strides = array<i64: 1, 1>} : tensor<8x3xf32> -> tensor<8x0xf32>
  return
}

// CHECK-LABEL: func.func @concat
// CHECK: kiln.concat %arg0, %arg1 {axis = 0 : i64} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
// CHECK: kiln.concat %arg0, %arg0, %arg0 {axis = 1 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x9xf32>
// CHECK: kiln.concat %arg2, %arg0 {axis = 1 : i64} : (tensor<2x?xf32>, tensor<2x3xf32>) -> tensor<2x?xf32>
// CHECK: kiln.concat %arg0 {axis = 0 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @concat(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>, %c: tensor<2x?xf32>) {
  %0 = kiln.concat %a, %b {axis = 0} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
  %1 = kiln.concat %a, %a, %a {axis = 1} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x9xf32>
  %2 = kiln.concat %c, %a {axis = 1} : (tensor<2x?xf32>, tensor<2x3xf32>) -> tensor<2x?xf32>
  %3 = kiln.concat %a {axis = 0} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @reshape_element_type_changes(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.reshape' op element types differ}}
  %0 = kiln.reshape %a : tensor<2x3xf32> -> tensor<6xi32>
  return
}

// -----

func.func @reshape_element_count_changes(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.reshape' op cannot reshape 6 elements into 'tensor<4xf32>'}}
  %0 = kiln.reshape %a : tensor<2x3xf32> -> tensor<4xf32>
  return
}

// -----

func.func @reshape_two_dynamic_dims(%a: tensor<?x4xf32>) {
  // expected-error @+1 {{'kiln.reshape' op at most one result dimension may be dynamic}}
  %0 = kiln.reshape %a : tensor<?x4xf32> -> tensor<?x?xf32>
  return
}

// -----

func.func @transpose_perm_too_short(%a: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'kiln.transpose' op perm has 2 entries for rank 3}}
  %0 = kiln.transpose %a, [1, 0] : tensor<2x3x4xf32> -> tensor<3x2x4xf32>
  return
}

// -----

func.func @transpose_perm_repeats(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.transpose' op perm is not a permutation}}
  %0 = kiln.transpose %a, [0, 0] : tensor<2x3xf32> -> tensor<2x2xf32>
  return
}

// -----

func.func @transpose_perm_out_of_range(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.transpose' op perm is not a permutation}}
  %0 = kiln.transpose %a, [0, 2] : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @transpose_perm_negative(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.transpose' op perm is not a permutation}}
  %0 = kiln.transpose %a, [-1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
  return
}

// -----

func.func @transpose_result_shape(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.transpose' op result shape does not match the permutation}}
  %0 = kiln.transpose %a, [1, 0] : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @transpose_result_forgets_size(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.transpose' op result shape does not match the permutation}}
  %0 = kiln.transpose %a, [1, 0] : tensor<2x3xf32> -> tensor<?x2xf32>
  return
}

// -----

func.func @slice_missing_sizes(%a: tensor<8x3xf32>) {
  // expected-error @+1 {{'kiln.slice' op needs one offset, size and stride per dimension}}
  %0 = kiln.slice %a {offsets = array<i64: 0, 0>, sizes = array<i64: 2>, strides = array<i64: 1, 1>} : tensor<8x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @slice_extra_strides(%a: tensor<8xf32>) {
  // expected-error @+1 {{'kiln.slice' op needs one offset, size and stride per dimension}}
  %0 = kiln.slice %a {offsets = array<i64: 0>, sizes = array<i64: 2>, strides = array<i64: 1, 1>} : tensor<8xf32> -> tensor<2xf32>
  return
}

// -----

func.func @slice_zero_stride(%a: tensor<8xf32>) {
  // expected-error @+1 {{'kiln.slice' op strides must be positive}}
  %0 = kiln.slice %a {offsets = array<i64: 0>, sizes = array<i64: 2>, strides = array<i64: 0>} : tensor<8xf32> -> tensor<2xf32>
  return
}

// -----

func.func @slice_negative_stride(%a: tensor<8xf32>) {
  // expected-error @+1 {{'kiln.slice' op strides must be positive}}
  %0 = kiln.slice %a {offsets = array<i64: 7>, sizes = array<i64: 3>, strides = array<i64: -2>} : tensor<8xf32> -> tensor<3xf32>
  return
}

// -----

func.func @slice_result_size(%a: tensor<8x3xf32>) {
  // expected-error @+1 {{'kiln.slice' op result dimension 1 does not match the slice}}
  %0 = kiln.slice %a {offsets = array<i64: 0, 0>, sizes = array<i64: 2, 2>, strides = array<i64: 1, 1>} : tensor<8x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @slice_whole_dim_result_size(%a: tensor<8xf32>) {
  // expected-error @+1 {{'kiln.slice' op result dimension 0 does not match the slice}}
  %0 = kiln.slice %a {offsets = array<i64: 0>, sizes = array<i64: -1>, strides = array<i64: 1>} : tensor<8xf32> -> tensor<?xf32>
  return
}

// -----

func.func @concat_no_inputs() {
  // expected-error @+1 {{'kiln.concat' op needs at least one input}}
  %0 = kiln.concat {axis = 0} : () -> tensor<2xf32>
  return
}

// -----

func.func @concat_axis_out_of_range(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.concat' op axis out of range}}
  %0 = kiln.concat %a, %a {axis = 2} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  return
}

// -----

func.func @concat_negative_axis(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.concat' op axis out of range}}
  %0 = kiln.concat %a, %a {axis = -1} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  return
}

// -----

func.func @concat_ranks_differ(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'kiln.concat' op inputs must share rank and element type}}
  %0 = kiln.concat %a, %b {axis = 0} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  return
}

// -----

func.func @concat_element_types_differ(%a: tensor<2x3xf32>, %b: tensor<2x3xi32>) {
  // expected-error @+1 {{'kiln.concat' op inputs must share rank and element type}}
  %0 = kiln.concat %a, %b {axis = 0} : (tensor<2x3xf32>, tensor<2x3xi32>) -> tensor<4x3xf32>
  return
}
