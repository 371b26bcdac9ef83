// kiln's dialect description lists ui8 among its element types, and
// Kiln_Tensor (AnyInteger) accepts it, but the lowering builds signless
// arith ops on it: "'arith.addi' op operand #0 must be signless-integer-like,
// but got 'ui8'". A correct lowering computes on the bits with the unsigned
// variants of division, comparison, maximum and int-to-float conversion.
// (The tracer does not emit uint8 yet: GraphToKiln's elementType.)
// RUN: %kiln-opt %s --kiln-lower-to-linalg | FileCheck %s --implicit-check-not=kiln.

// XFAIL: *
// Known kiln bug: the verifier accepts unsigned integer tensors that
// LowerKilnToLinalg cannot lower. This test states the correct behaviour;
// when fixed (or ui8 is dropped from the dialect) it XPASSes / goes.

// CHECK-LABEL: func.func @unsigned
// CHECK: arith.addi
// CHECK: arith.divui
// CHECK: arith.cmpi ult
// CHECK: arith.maxui
// CHECK: arith.uitofp
func.func @unsigned(%a: tensor<4xui8>, %b: tensor<4xui8>) -> (tensor<4xui8>, tensor<4xui8>, tensor<4xi1>, tensor<4xui8>, tensor<4xf32>) {
  %0 = kiln.add %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %1 = kiln.div %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %2 = kiln.compare "lt", %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  %3 = kiln.maximum %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %4 = kiln.cast %a : tensor<4xui8> -> tensor<4xf32>
  return %0, %1, %2, %3, %4 : tensor<4xui8>, tensor<4xui8>, tensor<4xi1>, tensor<4xui8>, tensor<4xf32>
}
