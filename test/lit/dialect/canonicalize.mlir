// The kiln folders under -canonicalize: identities of add/sub/mul/div/pow,
// identity, cast and reshape to the same type, max/min/and/or of a value
// with itself. Folds that would change a type (broadcasting) must not fire.
// Constant folding of two constants is tested in canonicalize-constant-fold.mlir.
// RUN: %kiln-opt %s -canonicalize | FileCheck %s

// CHECK-LABEL: func.func @add_zero_float
// CHECK-NEXT: return %arg0 : tensor<2x3xf32>
func.func @add_zero_float(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %z = kiln.constant dense<0.0> : tensor<2x3xf32>
  %0 = kiln.add %x, %z : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @add_zero_int
// CHECK-NEXT: return %arg0 : tensor<4xi32>
func.func @add_zero_int(%x: tensor<4xi32>) -> tensor<4xi32> {
  %z = kiln.constant dense<0> : tensor<4xi32>
  %0 = kiln.add %x, %z : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// CHECK-LABEL: func.func @sub_zero
// CHECK-NEXT: return %arg0, %arg1 : tensor<2xf64>, tensor<2xi64>
func.func @sub_zero(%x: tensor<2xf64>, %y: tensor<2xi64>) -> (tensor<2xf64>, tensor<2xi64>) {
  %zf = kiln.constant dense<0.0> : tensor<2xf64>
  %zi = kiln.constant dense<0> : tensor<2xi64>
  %0 = kiln.sub %x, %zf : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xf64>
  %1 = kiln.sub %y, %zi : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
  return %0, %1 : tensor<2xf64>, tensor<2xi64>
}

// CHECK-LABEL: func.func @mul_one
// CHECK-NEXT: return %arg0, %arg1 : tensor<3xf16>, tensor<3xi8>
func.func @mul_one(%x: tensor<3xf16>, %y: tensor<3xi8>) -> (tensor<3xf16>, tensor<3xi8>) {
  %of = kiln.constant dense<1.0> : tensor<3xf16>
  %oi = kiln.constant dense<1> : tensor<3xi8>
  %0 = kiln.mul %x, %of : (tensor<3xf16>, tensor<3xf16>) -> tensor<3xf16>
  %1 = kiln.mul %y, %oi : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi8>
  return %0, %1 : tensor<3xf16>, tensor<3xi8>
}

// CHECK-LABEL: func.func @div_one
// CHECK-NEXT: return %arg0, %arg1 : tensor<2xf32>, tensor<2xi32>
func.func @div_one(%x: tensor<2xf32>, %y: tensor<2xi32>) -> (tensor<2xf32>, tensor<2xi32>) {
  %of = kiln.constant dense<1.0> : tensor<2xf32>
  %oi = kiln.constant dense<1> : tensor<2xi32>
  %0 = kiln.div %x, %of : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %1 = kiln.div %y, %oi : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %0, %1 : tensor<2xf32>, tensor<2xi32>
}

// CHECK-LABEL: func.func @pow_one
// CHECK-NEXT: return %arg0 : tensor<2xf32>
func.func @pow_one(%x: tensor<2xf32>) -> tensor<2xf32> {
  %o = kiln.constant dense<1.0> : tensor<2xf32>
  %0 = kiln.pow %x, %o : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// CHECK-LABEL: func.func @same_operand_twice
// CHECK-NEXT: return %arg0, %arg0, %arg1, %arg1 : tensor<2xf32>, tensor<2xf32>, tensor<2xi1>, tensor<2xi1>
func.func @same_operand_twice(%x: tensor<2xf32>, %b: tensor<2xi1>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xi1>, tensor<2xi1>) {
  %0 = kiln.maximum %x, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %1 = kiln.minimum %x, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %2 = kiln.logical_and %b, %b : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  %3 = kiln.logical_or %b, %b : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  return %0, %1, %2, %3 : tensor<2xf32>, tensor<2xf32>, tensor<2xi1>, tensor<2xi1>
}

// CHECK-LABEL: func.func @identity
// CHECK-NEXT: return %arg0 : tensor<?x3xf32>
func.func @identity(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %0 = kiln.identity %x : tensor<?x3xf32>
  %1 = kiln.identity %0 : tensor<?x3xf32>
  return %1 : tensor<?x3xf32>
}

// CHECK-LABEL: func.func @cast_to_same_type
// CHECK-NEXT: return %arg0 : tensor<?xi32>
func.func @cast_to_same_type(%x: tensor<?xi32>) -> tensor<?xi32> {
  %0 = kiln.cast %x : tensor<?xi32> -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

// CHECK-LABEL: func.func @cast_to_other_type
// CHECK-NEXT: %[[C:.*]] = kiln.cast %arg0 : tensor<2xi32> -> tensor<2xf32>
// CHECK-NEXT: return %[[C]]
func.func @cast_to_other_type(%x: tensor<2xi32>) -> tensor<2xf32> {
  %0 = kiln.cast %x : tensor<2xi32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// CHECK-LABEL: func.func @reshape_to_same_static_type
// CHECK-NEXT: return %arg0 : tensor<2x3xf32>
func.func @reshape_to_same_static_type(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = kiln.reshape %x : tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// The folder only fires on static shapes.
// CHECK-LABEL: func.func @reshape_to_same_dynamic_type
// CHECK-NEXT: %[[R:.*]] = kiln.reshape %arg0 : tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK-NEXT: return %[[R]]
func.func @reshape_to_same_dynamic_type(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = kiln.reshape %x : tensor<?x4xf32> -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// CHECK-LABEL: func.func @reshape_to_other_shape
// CHECK-NEXT: %[[R:.*]] = kiln.reshape %arg0 : tensor<2x3xf32> -> tensor<6xf32>
// CHECK-NEXT: return %[[R]]
func.func @reshape_to_other_shape(%x: tensor<2x3xf32>) -> tensor<6xf32> {
  %0 = kiln.reshape %x : tensor<2x3xf32> -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// x + 0 where the zero has the larger shape is a broadcast (the tracer
// emits BroadcastTo this way): folding it to x would change the type.
// CHECK-LABEL: func.func @add_zero_that_broadcasts
// CHECK-NEXT: %[[Z:.*]] = kiln.constant dense<0.000000e+00> : tensor<3x2xf32>
// CHECK-NEXT: %[[S:.*]] = kiln.add %arg0, %[[Z]] : (tensor<2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
// CHECK-NEXT: return %[[S]]
func.func @add_zero_that_broadcasts(%x: tensor<2xf32>) -> tensor<3x2xf32> {
  %z = kiln.constant dense<0.0> : tensor<3x2xf32>
  %0 = kiln.add %x, %z : (tensor<2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// Not identities: x * 0 (NaN and infinities), x + 1, and a non-splat
// constant.
// CHECK-LABEL: func.func @not_identities
// CHECK: kiln.mul %arg0, %{{.*}} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
// CHECK: kiln.add %arg0, %{{.*}} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
// CHECK: kiln.add %arg0, %{{.*}} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
func.func @not_identities(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %z = kiln.constant dense<0.0> : tensor<2xf32>
  %o = kiln.constant dense<1.0> : tensor<2xf32>
  %n = kiln.constant dense<[0.0, 1.0]> : tensor<2xf32>
  %0 = kiln.mul %x, %z : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %1 = kiln.add %x, %o : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %2 = kiln.add %x, %n : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0, %1, %2 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// Equal constants are merged.
// CHECK-LABEL: func.func @constants_deduplicated
// CHECK-NEXT: %[[C:.*]] = kiln.constant dense<1> : tensor<2xi64>
// CHECK-NEXT: return %[[C]], %[[C]]
func.func @constants_deduplicated() -> (tensor<2xi64>, tensor<2xi64>) {
  %0 = kiln.constant dense<1> : tensor<2xi64>
  %1 = kiln.constant dense<1> : tensor<2xi64>
  return %0, %1 : tensor<2xi64>, tensor<2xi64>
}
