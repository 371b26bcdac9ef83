// kiln.shift (TensorFlow's LeftShift and RightShift): round-trip with the
// inferred broadcast type, and the verifier's rejections of floats, bools
// and unknown kinds.
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @shifts
// CHECK: kiln.shift "left", %arg0, %arg1 : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
// CHECK: kiln.shift "right_arithmetic", %arg0, %arg1 : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
// CHECK: kiln.shift "right_logical", %arg2, %arg2 : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
func.func @shifts(%a: tensor<2x3xi32>, %b: tensor<3xi32>, %u: tensor<4xi8>) {
  %0 = kiln.shift "left", %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %1 = kiln.shift "right_arithmetic", %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %2 = kiln.shift "right_logical", %u, %u : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  return
}

// -----

func.func @shift_float(%a: tensor<2xf32>) {
  // expected-error @+1 {{'kiln.shift' op needs integer operands, not 'f32'}}
  %0 = kiln.shift "left", %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @shift_bool(%a: tensor<2xi1>) {
  // expected-error @+1 {{'kiln.shift' op needs integer operands, not 'i1'}}
  %0 = kiln.shift "left", %a, %a : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  return
}

// -----

func.func @shift_kind(%a: tensor<2xi32>) {
  // expected-error @+1 {{'kiln.shift' op unknown shift kind 'up'}}
  %0 = kiln.shift "up", %a, %a : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return
}
