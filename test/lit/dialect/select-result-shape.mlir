// kiln.select's result must have the broadcast shape of the condition and
// both branches; otherwise the lowering would build a linalg.generic whose
// indexing does not fit its operands.
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics

func.func @result_shape_unrelated(%c: tensor<2x3xi1>, %a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.select' op}}
  %0 = kiln.select %c, %a, %a : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<7xf32>
  return
}

// -----

func.func @result_smaller_than_broadcast(%c: tensor<2x1xi1>, %a: tensor<3xf32>) {
  // expected-error @+1 {{'kiln.select' op}}
  %0 = kiln.select %c, %a, %a : (tensor<2x1xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}
