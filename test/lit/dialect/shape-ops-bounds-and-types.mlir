// Cases the data-movement verifiers reject: a slice that reads outside its
// input (the lowering would emit an invalid tensor.extract_slice for negative
// offsets, or read out of bounds at run time for the others), result element
// types that differ from the input's, and a concat whose result or non-axis
// sizes disagree with its inputs.
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics

func.func @slice_past_the_end(%a: tensor<8xf32>) {
  // Reads indices 6, 8, 10 of an 8-element tensor.
  // expected-error @+1 {{'kiln.slice' op}}
  %0 = kiln.slice %a {offsets = array<i64: 6>, sizes = array<i64: 3>, strides = array<i64: 2>} : tensor<8xf32> -> tensor<3xf32>
  return
}

// -----

func.func @slice_negative_offset(%a: tensor<8xf32>) {
  // expected-error @+1 {{'kiln.slice' op}}
  %0 = kiln.slice %a {offsets = array<i64: -1>, sizes = array<i64: 3>, strides = array<i64: 1>} : tensor<8xf32> -> tensor<3xf32>
  return
}

// -----

func.func @slice_whole_dim_with_offset(%a: tensor<?xf32>) {
  // A size of -1 means "the whole dimension from index 0 with step 1".
  // expected-error @+1 {{'kiln.slice' op}}
  %0 = kiln.slice %a {offsets = array<i64: 2>, sizes = array<i64: -1>, strides = array<i64: 3>} : tensor<?xf32> -> tensor<?xf32>
  return
}

// -----

func.func @slice_element_type_changes(%a: tensor<8xf32>) {
  // expected-error @+1 {{'kiln.slice' op}}
  %0 = kiln.slice %a {offsets = array<i64: 0>, sizes = array<i64: 3>, strides = array<i64: 1>} : tensor<8xf32> -> tensor<3xi32>
  return
}

// -----

func.func @transpose_element_type_changes(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.transpose' op}}
  %0 = kiln.transpose %a, [1, 0] : tensor<2x3xf32> -> tensor<3x2xi32>
  return
}

// -----

func.func @concat_other_dims_differ(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) {
  // expected-error @+1 {{'kiln.concat' op}}
  %0 = kiln.concat %a, %b {axis = 0} : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @concat_result_axis_size(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.concat' op}}
  %0 = kiln.concat %a, %a {axis = 0} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>
  return
}

// -----

func.func @concat_result_element_type(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.concat' op}}
  %0 = kiln.concat %a, %a {axis = 0} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xi32>
  return
}
