// kiln.matmul's result must be [broadcast(batch dims)..., M, N] with the
// operands' element type, and the batch dimensions must broadcast.
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics

func.func @result_rows_and_columns_wrong(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'kiln.matmul' op}}
  %0 = kiln.matmul %a, %b : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<7x9xf32>
  return
}

// -----

func.func @result_element_type_wrong(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'kiln.matmul' op}}
  %0 = kiln.matmul %a, %b : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xi32>
  return
}

// -----

func.func @batch_dims_do_not_broadcast(%a: tensor<2x5x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{'kiln.matmul' op}}
  %0 = kiln.matmul %a, %b : (tensor<2x5x3xf32>, tensor<3x3x4xf32>) -> tensor<2x5x4xf32>
  return
}

// -----

func.func @result_batch_wrong(%a: tensor<2x5x3xf32>, %b: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'kiln.matmul' op}}
  %0 = kiln.matmul %a, %b : (tensor<2x5x3xf32>, tensor<2x3x4xf32>) -> tensor<6x5x4xf32>
  return
}
