// Constant folding of kiln.add/sub/mul/div on two constants of the result's
// type. The folders compute the values (foldFloat/foldInt in KilnOps.cpp),
// but the kiln dialect declares no constant materializer
// (hasConstantMaterializer), so the greedy driver cannot turn the folded
// attributes into kiln.constant ops and every such fold is dropped.
// RUN: %kiln-opt %s -canonicalize | FileCheck %s

//
// Regression test (fixed): KilnDialect has no materializeConstant. This test states
// the correct behaviour; when fixed it XPASSes.

// CHECK-LABEL: func.func @add_float
// CHECK-NEXT: %[[C:.*]] = kiln.constant dense<[2.000000e+00, -2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: return %[[C]]
func.func @add_float() -> tensor<2xf32> {
  %a = kiln.constant dense<[1.5, 2.0]> : tensor<2xf32>
  %b = kiln.constant dense<[0.5, -4.0]> : tensor<2xf32>
  %0 = kiln.add %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// Two's complement wrap-around, as TensorFlow's integer arithmetic.
// CHECK-LABEL: func.func @add_int
// CHECK-NEXT: %[[C:.*]] = kiln.constant dense<[-128, 3]> : tensor<2xi8>
// CHECK-NEXT: return %[[C]]
func.func @add_int() -> tensor<2xi8> {
  %a = kiln.constant dense<[127, 1]> : tensor<2xi8>
  %b = kiln.constant dense<[1, 2]> : tensor<2xi8>
  %0 = kiln.add %a, %b : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// CHECK-LABEL: func.func @sub_float
// CHECK-NEXT: %[[C:.*]] = kiln.constant dense<2.500000e-01> : tensor<3xf64>
// CHECK-NEXT: return %[[C]]
func.func @sub_float() -> tensor<3xf64> {
  %a = kiln.constant dense<1.0> : tensor<3xf64>
  %b = kiln.constant dense<0.75> : tensor<3xf64>
  %0 = kiln.sub %a, %b : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
  return %0 : tensor<3xf64>
}

// CHECK-LABEL: func.func @sub_int
// CHECK-NEXT: %[[C:.*]] = kiln.constant dense<[-5, 10]> : tensor<2xi32>
// CHECK-NEXT: return %[[C]]
func.func @sub_int() -> tensor<2xi32> {
  %a = kiln.constant dense<[1, 12]> : tensor<2xi32>
  %b = kiln.constant dense<[6, 2]> : tensor<2xi32>
  %0 = kiln.sub %a, %b : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// CHECK-LABEL: func.func @mul_float
// CHECK-NEXT: %[[C:.*]] = kiln.constant dense<[3.000000e+00, -1.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: return %[[C]]
func.func @mul_float() -> tensor<2xf32> {
  %a = kiln.constant dense<[1.5, 0.5]> : tensor<2xf32>
  %b = kiln.constant dense<[2.0, -2.0]> : tensor<2xf32>
  %0 = kiln.mul %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// CHECK-LABEL: func.func @mul_int
// CHECK-NEXT: %[[C:.*]] = kiln.constant dense<[-6, 4000000000]> : tensor<2xi64>
// CHECK-NEXT: return %[[C]]
func.func @mul_int() -> tensor<2xi64> {
  %a = kiln.constant dense<[2, 2000000000]> : tensor<2xi64>
  %b = kiln.constant dense<[-3, 2]> : tensor<2xi64>
  %0 = kiln.mul %a, %b : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// IEEE division: x / 0 is an infinity.
// CHECK-LABEL: func.func @div_float
// CHECK-NEXT: %[[C:.*]] = kiln.constant dense<[2.500000e-01, 0x7F800000]> : tensor<2xf32>
// CHECK-NEXT: return %[[C]]
func.func @div_float() -> tensor<2xf32> {
  %a = kiln.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %b = kiln.constant dense<[4.0, 0.0]> : tensor<2xf32>
  %0 = kiln.div %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// A splat against a non-splat of the same type folds too.
// CHECK-LABEL: func.func @add_splat_and_dense
// CHECK-NEXT: %[[C:.*]] = kiln.constant dense<[11, 12, 13]> : tensor<3xi32>
// CHECK-NEXT: return %[[C]]
func.func @add_splat_and_dense() -> tensor<3xi32> {
  %a = kiln.constant dense<10> : tensor<3xi32>
  %b = kiln.constant dense<[1, 2, 3]> : tensor<3xi32>
  %0 = kiln.add %a, %b : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}
