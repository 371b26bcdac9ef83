// kiln computes on signless integers: the tracer maps TensorFlow's uint8 to
// i8 bit patterns (GraphToKiln's elementType) and LowerKilnToLinalg builds
// signless arith ops, which reject ui8 ("'arith.addi' op operand #0 must be
// signless-integer-like, but got 'ui8'"). So kiln's tensor types accept
// signless integers only, and IR with ui8 or si32 fails to verify instead of
// breaking the lowering.
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics

func.func @add_ui8(%a: tensor<4xui8>) {
  // expected-error @+1 {{'kiln.add' op}}
  %0 = kiln.add %a, %a : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  return
}

// -----

func.func @cast_from_ui8(%a: tensor<4xui8>) {
  // expected-error @+1 {{'kiln.cast' op}}
  %0 = kiln.cast %a : tensor<4xui8> -> tensor<4xf32>
  return
}

// -----

func.func @constant_si32() {
  // expected-error @+1 {{'kiln.constant' op}}
  %0 = kiln.constant dense<1> : tensor<2xsi32>
  return
}
