// kiln.transpose and kiln.slice index the result shape by the input's
// dimensions without first checking the result rank: a result of lower rank
// makes the verifier read past the end of the shape (kiln-opt crashes in
// TransposeOp::verify / SliceOp::verify), and a result of higher rank is
// accepted. kiln.concat does not check its result rank at all. Each case
// must be a verifier error.
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics

//
// Regression test (fixed): TransposeOp/SliceOp/ConcatOp::verify do not compare the
// result rank with the input rank (out-of-bounds read, crash). This test
// states the correct behaviour; when fixed it XPASSes.

func.func @transpose_result_rank_lower(%a: tensor<2x3x4x5x6x7xf32>) {
  // expected-error @+1 {{'kiln.transpose' op}}
  %0 = kiln.transpose %a, [1, 0, 2, 3, 4, 5] : tensor<2x3x4x5x6x7xf32> -> tensor<f32>
  return
}

// -----

func.func @transpose_result_rank_higher(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.transpose' op}}
  %0 = kiln.transpose %a, [1, 0] : tensor<2x3xf32> -> tensor<3x2x5xf32>
  return
}

// -----

func.func @slice_result_rank_lower(%a: tensor<2x3x4x5x6x7xf32>) {
  // expected-error @+1 {{'kiln.slice' op}}
  %0 = kiln.slice %a {offsets = array<i64: 0, 0, 0, 0, 0, 0>, sizes = array<i64: 2, 3, 4, 5, 6, 7>, strides = array<i64: 1, 1, 1, 1, 1, 1>} : tensor<2x3x4x5x6x7xf32> -> tensor<f32>
  return
}

// -----

func.func @slice_result_rank_higher(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.slice' op}}
  %0 = kiln.slice %a {offsets = array<i64: 0, 0>, sizes = array<i64: 2, 3>, strides = array<i64: 1, 1>} : tensor<2x3xf32> -> tensor<2x3x5xf32>
  return
}

// -----

func.func @concat_result_rank(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.concat' op}}
  %0 = kiln.concat %a, %a {axis = 0} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<12xf32>
  return
}
