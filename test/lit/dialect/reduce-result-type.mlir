// The result of kiln.reduce is the input without the reduced axes (or with
// them as size 1 under keepdims), with the input's element type; any/all
// take bools. kiln.arg_reduce's result is the input without its axis.
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics

func.func @reduce_result_size_wrong(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.reduce' op}}
  %0 = kiln.reduce "sum", %a {axes = array<i64: 1>, keepdims = false} : tensor<2x3xf32> -> tensor<5xf32>
  return
}

// -----

func.func @reduce_keepdims_not_one(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.reduce' op}}
  %0 = kiln.reduce "sum", %a {axes = array<i64: 1>, keepdims = true} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @reduce_element_type_changes(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.reduce' op}}
  %0 = kiln.reduce "sum", %a {axes = array<i64: 1>, keepdims = false} : tensor<2x3xf32> -> tensor<2xi32>
  return
}

// -----

func.func @any_of_floats(%a: tensor<2xf32>) {
  // expected-error @+1 {{'kiln.reduce' op}}
  %0 = kiln.reduce "any", %a {axes = array<i64: 0>, keepdims = false} : tensor<2xf32> -> tensor<f32>
  return
}

// -----

func.func @arg_reduce_result_size_wrong(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.arg_reduce' op}}
  %0 = kiln.arg_reduce "max", %a {axis = 1} : tensor<2x3xf32> -> tensor<7xi64>
  return
}
