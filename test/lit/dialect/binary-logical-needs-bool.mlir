// kiln.logical_and and kiln.logical_or on floating-point tensors verify
// today, and the lowering then builds arith.andi/ori on floats ("'arith.andi'
// op operand #0 must be signless-integer-like, but got 'f32'"). TensorFlow's
// LogicalAnd/LogicalOr take bools only. (Integer operands are left out on
// purpose: GraphToKiln's uint8 Cast uses kiln.logical_and on i32 as a
// bitwise mask, so the verifier may have to keep accepting integers.)
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics

// XFAIL: *
// Known kiln bug: the binary verifier accepts float operands for the
// logical ops. This test states the correct behaviour; when fixed it XPASSes.

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
