// kiln.logical_and and kiln.logical_or reject floating-point tensors, which
// the lowering could only turn into invalid arith.andi/ori. TensorFlow's
// LogicalAnd/LogicalOr take bools; the verifier also accepts integers
// because GraphToKiln's uint8 handling uses kiln.logical_and on i32 as a
// bitwise mask.
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics

func.func @logical_and_float(%a: tensor<2xf32>) {
  // expected-error @+1 {{'kiln.logical_and' op}}
  %0 = kiln.logical_and %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @logical_or_float(%a: tensor<2xf64>) {
  // expected-error @+1 {{'kiln.logical_or' op}}
  %0 = kiln.logical_or %a, %a : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xf64>
  return
}
