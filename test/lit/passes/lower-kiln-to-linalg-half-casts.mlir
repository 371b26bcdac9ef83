// kiln.cast between f16 and bf16: both are 16 bits wide, so neither
// arith.extf nor arith.truncf alone converts between them; the lowering must
// go through a wider type (f32). Today castScalar picks arith.truncf for any
// pair of floats that is not strictly widening, which fails to verify
// ("'arith.truncf' op operand type 'f16' and result type 'bf16' are cast
// incompatible").
// RUN: %kiln-opt %s --kiln-lower-to-linalg | FileCheck %s --implicit-check-not=kiln.

//
// Regression test (fixed): castScalar emits arith.truncf f16 -> bf16. This test
// states the correct behaviour; when fixed it XPASSes.

// CHECK-LABEL: func.func @f16_to_bf16
// CHECK: linalg.generic
// CHECK: ^bb0(%[[X:.*]]: f16, %{{.*}}: bf16):
// CHECK: %[[W:.*]] = arith.extf %[[X]] : f16 to f32
// CHECK: %[[N:.*]] = arith.truncf %[[W]] : f32 to bf16
// CHECK: linalg.yield %[[N]] : bf16
func.func @f16_to_bf16(%a: tensor<4xf16>) -> tensor<4xbf16> {
  %0 = kiln.cast %a : tensor<4xf16> -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// CHECK-LABEL: func.func @bf16_to_f16
// CHECK: ^bb0(%[[X:.*]]: bf16, %{{.*}}: f16):
// CHECK: %[[W:.*]] = arith.extf %[[X]] : bf16 to f32
// CHECK: %[[N:.*]] = arith.truncf %[[W]] : f32 to f16
// CHECK: linalg.yield %[[N]] : f16
func.func @bf16_to_f16(%a: tensor<4xbf16>) -> tensor<4xf16> {
  %0 = kiln.cast %a : tensor<4xbf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}
