// kiln.constant and kiln.identity: printing and parsing round-trip (pretty
// and generic forms), the value attribute's type as the inferred result type,
// and the verifier's rejections.
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics | %kiln-opt -split-input-file | FileCheck %s
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics -mlir-print-op-generic | %kiln-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @constants
// CHECK: kiln.constant dense<1.500000e+00> : tensor<2x3xf32>
// CHECK: kiln.constant dense<[1, -2, 3]> : tensor<3xi32>
// CHECK: kiln.constant dense<[true, false]> : tensor<2xi1>
// CHECK: kiln.constant dense<7> : tensor<i64>
// CHECK: kiln.constant dense<-1> : tensor<4xi8>
// CHECK: kiln.constant dense<2.500000e+00> : tensor<2xf16>
// CHECK: kiln.constant dense<2.500000e+00> : tensor<2xbf16>
// CHECK: kiln.constant dense<[0.000000e+00, 1.000000e+00]> : tensor<2xf64>
// CHECK: kiln.constant dense<> : tensor<0x3xf32>
func.func @constants() -> (tensor<2x3xf32>, tensor<3xi32>, tensor<2xi1>, tensor<i64>, tensor<4xi8>, tensor<2xf16>, tensor<2xbf16>, tensor<2xf64>, tensor<0x3xf32>) {
  %0 = kiln.constant dense<1.5> : tensor<2x3xf32>
  %1 = kiln.constant dense<[1, -2, 3]> : tensor<3xi32>
  %2 = kiln.constant dense<[true, false]> : tensor<2xi1>
  %3 = kiln.constant dense<7> : tensor<i64>
  %4 = kiln.constant dense<-1> : tensor<4xi8>
  %5 = kiln.constant dense<2.5> : tensor<2xf16>
  %6 = kiln.constant dense<2.5> : tensor<2xbf16>
  %7 = kiln.constant dense<[0.0, 1.0]> : tensor<2xf64>
  %8 = kiln.constant dense<> : tensor<0x3xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<2x3xf32>, tensor<3xi32>, tensor<2xi1>, tensor<i64>, tensor<4xi8>, tensor<2xf16>, tensor<2xbf16>, tensor<2xf64>, tensor<0x3xf32>
}

// The result type comes from the attribute: the generic form needs no more.
// CHECK-LABEL: func.func @constant_generic
// CHECK: kiln.constant dense<4> : tensor<2x2xi16>
func.func @constant_generic() -> tensor<2x2xi16> {
  %0 = "kiln.constant"() {value = dense<4> : tensor<2x2xi16>} : () -> tensor<2x2xi16>
  return %0 : tensor<2x2xi16>
}

// CHECK-LABEL: func.func @identity
// CHECK: kiln.identity %arg0 : tensor<2x3xf32>
// CHECK: kiln.identity %arg1 : tensor<?x3xi32>
func.func @identity(%a: tensor<2x3xf32>, %b: tensor<?x3xi32>) -> (tensor<2x3xf32>, tensor<?x3xi32>) {
  %0 = kiln.identity %a : tensor<2x3xf32>
  %1 = kiln.identity %b : tensor<?x3xi32>
  return %0, %1 : tensor<2x3xf32>, tensor<?x3xi32>
}

// -----

func.func @constant_type_differs_from_value() {
  // expected-error @+2 {{'kiln.constant' op inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<3xf32>'}}
  // expected-error @+1 {{'kiln.constant' op failed to infer returned types}}
  %0 = "kiln.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<3xf32>
  return
}

// -----

func.func @constant_element_type_differs_from_value() {
  // expected-error @+2 {{'kiln.constant' op inferred type(s) 'tensor<2xi32>' are incompatible with return type(s) of operation 'tensor<2xi64>'}}
  // expected-error @+1 {{'kiln.constant' op failed to infer returned types}}
  %0 = "kiln.constant"() {value = dense<1> : tensor<2xi32>} : () -> tensor<2xi64>
  return
}

// -----

func.func @constant_without_value() {
  // expected-error @+1 {{'kiln.constant' op requires attribute 'value'}}
  %0 = "kiln.constant"() : () -> tensor<2xf32>
  return
}

// -----

func.func @constant_vector() {
  // expected-error @+1 {{'kiln.constant' op result #0 must be ranked tensor of floating-point or signless integer values, but got 'vector<2xf32>'}}
  %0 = kiln.constant dense<1.0> : vector<2xf32>
  return
}

// -----

func.func @constant_index_elements() {
  // expected-error @+1 {{'kiln.constant' op result #0 must be ranked tensor of floating-point or signless integer values, but got 'tensor<2xindex>'}}
  %0 = kiln.constant dense<1> : tensor<2xindex>
  return
}

// -----

func.func @identity_changes_type(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.identity' op requires the same type for all operands and results}}
  %0 = "kiln.identity"(%a) : (tensor<2x3xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @identity_changes_element_type(%a: tensor<2xf32>) {
  // expected-error @+1 {{'kiln.identity' op requires the same type for all operands and results}}
  %0 = "kiln.identity"(%a) : (tensor<2xf32>) -> tensor<2xf64>
  return
}

// -----

func.func @identity_unranked(%a: tensor<*xf32>) {
  // expected-error @+1 {{'kiln.identity' op operand #0 must be ranked tensor of floating-point or signless integer values, but got 'tensor<*xf32>'}}
  %0 = "kiln.identity"(%a) : (tensor<*xf32>) -> tensor<*xf32>
  return
}
