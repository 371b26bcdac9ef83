// kiln.logical_and and kiln.logical_or take bool (i1) tensors only, as
// TensorFlow's LogicalAnd/LogicalOr do. The verifier accepts any element type
// today, and the lowering then builds arith.andi/ori on floats (invalid IR).
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics

// XFAIL: *
// Known kiln bug: the binary verifier does not require i1 for the logical
// ops. This test states the correct behaviour; when fixed it XPASSes.

func.func @logical_and_float(%a: tensor<2xf32>) {
  // expected-error @+1 {{'kiln.logical_and' op}}
  %0 = kiln.logical_and %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @logical_or_int(%a: tensor<2xi32>) {
  // expected-error @+1 {{'kiln.logical_or' op}}
  %0 = kiln.logical_or %a, %a : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return
}
