// kiln.compare: round-trip of every predicate, the inferred i1 broadcast
// result, and the verifier's rejections.
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics | %kiln-opt -split-input-file | FileCheck %s
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics -mlir-print-op-generic | %kiln-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @predicates
// CHECK: kiln.compare "eq", %arg0, %arg1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
// CHECK: kiln.compare "ne", %arg0, %arg1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
// CHECK: kiln.compare "lt", %arg0, %arg1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
// CHECK: kiln.compare "le", %arg0, %arg1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
// CHECK: kiln.compare "gt", %arg0, %arg1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
// CHECK: kiln.compare "ge", %arg0, %arg1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
func.func @predicates(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) {
  %0 = kiln.compare "eq", %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %1 = kiln.compare "ne", %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %2 = kiln.compare "lt", %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %3 = kiln.compare "le", %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %4 = kiln.compare "gt", %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %5 = kiln.compare "ge", %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  return
}

// CHECK-LABEL: func.func @element_types_and_broadcasting
// CHECK: kiln.compare "lt", %arg0, %arg1 : (tensor<4x1xi32>, tensor<3xi32>) -> tensor<4x3xi1>
// CHECK: kiln.compare "eq", %arg2, %arg2 : (tensor<?xi1>, tensor<?xi1>) -> tensor<?xi1>
// CHECK: kiln.compare "ge", %arg3, %arg4 : (tensor<f64>, tensor<2x?xf64>) -> tensor<2x?xi1>
func.func @element_types_and_broadcasting(%a: tensor<4x1xi32>, %b: tensor<3xi32>, %c: tensor<?xi1>, %s: tensor<f64>, %d: tensor<2x?xf64>) {
  %0 = kiln.compare "lt", %a, %b : (tensor<4x1xi32>, tensor<3xi32>) -> tensor<4x3xi1>
  %1 = kiln.compare "eq", %c, %c : (tensor<?xi1>, tensor<?xi1>) -> tensor<?xi1>
  %2 = kiln.compare "ge", %s, %d : (tensor<f64>, tensor<2x?xf64>) -> tensor<2x?xi1>
  return
}

// -----

func.func @unknown_predicate(%a: tensor<3xf32>) {
  // expected-error @+1 {{'kiln.compare' op unknown predicate 'olt'}}
  %0 = kiln.compare "olt", %a, %a : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  return
}

// -----

func.func @predicate_is_case_sensitive(%a: tensor<3xf32>) {
  // expected-error @+1 {{'kiln.compare' op unknown predicate 'EQ'}}
  %0 = kiln.compare "EQ", %a, %a : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  return
}

// -----

func.func @result_not_bool(%a: tensor<3xf32>) {
  // expected-error @+2 {{'kiln.compare' op inferred type(s) 'tensor<3xi1>' are incompatible with return type(s) of operation 'tensor<3xf32>'}}
  // expected-error @+1 {{'kiln.compare' op failed to infer returned types}}
  %0 = kiln.compare "eq", %a, %a : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @result_shape_not_the_broadcast(%a: tensor<4x1xi32>, %b: tensor<3xi32>) {
  // expected-error @+2 {{'kiln.compare' op inferred type(s) 'tensor<4x3xi1>' are incompatible with return type(s) of operation 'tensor<4x1xi1>'}}
  // expected-error @+1 {{'kiln.compare' op failed to infer returned types}}
  %0 = kiln.compare "ne", %a, %b : (tensor<4x1xi32>, tensor<3xi32>) -> tensor<4x1xi1>
  return
}

// -----

func.func @incompatible_shapes(%a: tensor<2xf32>, %b: tensor<3xf32>) {
  // expected-error @+2 {{incompatible shapes: [2] vs. [3]}}
  // expected-error @+1 {{'kiln.compare' op failed to infer returned types}}
  %0 = kiln.compare "gt", %a, %b : (tensor<2xf32>, tensor<3xf32>) -> tensor<3xi1>
  return
}

// -----

func.func @mismatched_element_types(%a: tensor<3xf32>, %b: tensor<3xi32>) {
  // expected-error @+1 {{'kiln.compare' op operands have different element types: 'f32' and 'i32'}}
  %0 = kiln.compare "le", %a, %b : (tensor<3xf32>, tensor<3xi32>) -> tensor<3xi1>
  return
}

// -----

func.func @predicate_not_a_string(%a: tensor<3xf32>) {
  // expected-error @+1 {{'kiln.compare' op attribute 'predicate' failed to satisfy constraint: string attribute}}
  %0 = "kiln.compare"(%a, %a) {predicate = 1 : i64} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  return
}
