// kiln.unary: round-trip of every function name, which functions take
// integers, and the verifier's rejections.
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics | %kiln-opt -split-input-file | FileCheck %s
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics -mlir-print-op-generic | %kiln-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @float_functions
// CHECK: kiln.unary "neg", %arg0 : tensor<2x?xf32>
// CHECK: kiln.unary "abs", %arg0 : tensor<2x?xf32>
// CHECK: kiln.unary "sign", %arg0 : tensor<2x?xf32>
// CHECK: kiln.unary "sqrt", %arg0 : tensor<2x?xf32>
// CHECK: kiln.unary "rsqrt", %arg0 : tensor<2x?xf32>
// CHECK: kiln.unary "exp", %arg0 : tensor<2x?xf32>
// CHECK: kiln.unary "log", %arg0 : tensor<2x?xf32>
// CHECK: kiln.unary "log1p", %arg0 : tensor<2x?xf32>
// CHECK: kiln.unary "sin", %arg0 : tensor<2x?xf32>
// CHECK: kiln.unary "cos", %arg0 : tensor<2x?xf32>
// CHECK: kiln.unary "tanh", %arg0 : tensor<2x?xf32>
// CHECK: kiln.unary "sigmoid", %arg0 : tensor<2x?xf32>
// CHECK: kiln.unary "relu", %arg0 : tensor<2x?xf32>
// CHECK: kiln.unary "square", %arg0 : tensor<2x?xf32>
// CHECK: kiln.unary "floor", %arg0 : tensor<2x?xf32>
// CHECK: kiln.unary "ceil", %arg0 : tensor<2x?xf32>
// CHECK: kiln.unary "round", %arg0 : tensor<2x?xf32>
func.func @float_functions(%a: tensor<2x?xf32>) {
  %0 = kiln.unary "neg", %a : tensor<2x?xf32>
  %1 = kiln.unary "abs", %a : tensor<2x?xf32>
  %2 = kiln.unary "sign", %a : tensor<2x?xf32>
  %3 = kiln.unary "sqrt", %a : tensor<2x?xf32>
  %4 = kiln.unary "rsqrt", %a : tensor<2x?xf32>
  %5 = kiln.unary "exp", %a : tensor<2x?xf32>
  %6 = kiln.unary "log", %a : tensor<2x?xf32>
  %7 = kiln.unary "log1p", %a : tensor<2x?xf32>
  %8 = kiln.unary "sin", %a : tensor<2x?xf32>
  %9 = kiln.unary "cos", %a : tensor<2x?xf32>
  %10 = kiln.unary "tanh", %a : tensor<2x?xf32>
  %11 = kiln.unary "sigmoid", %a : tensor<2x?xf32>
  %12 = kiln.unary "relu", %a : tensor<2x?xf32>
  %13 = kiln.unary "square", %a : tensor<2x?xf32>
  %14 = kiln.unary "floor", %a : tensor<2x?xf32>
  %15 = kiln.unary "ceil", %a : tensor<2x?xf32>
  %16 = kiln.unary "round", %a : tensor<2x?xf32>
  return
}

// neg, abs, sign, relu and square also take integers; logical_not takes bools.
// CHECK-LABEL: func.func @integer_and_bool_functions
// CHECK: kiln.unary "neg", %arg0 : tensor<4xi32>
// CHECK: kiln.unary "abs", %arg0 : tensor<4xi32>
// CHECK: kiln.unary "sign", %arg1 : tensor<i64>
// CHECK: kiln.unary "relu", %arg0 : tensor<4xi32>
// CHECK: kiln.unary "square", %arg1 : tensor<i64>
// CHECK: kiln.unary "logical_not", %arg2 : tensor<4xi1>
func.func @integer_and_bool_functions(%a: tensor<4xi32>, %b: tensor<i64>, %c: tensor<4xi1>) {
  %0 = kiln.unary "neg", %a : tensor<4xi32>
  %1 = kiln.unary "abs", %a : tensor<4xi32>
  %2 = kiln.unary "sign", %b : tensor<i64>
  %3 = kiln.unary "relu", %a : tensor<4xi32>
  %4 = kiln.unary "square", %b : tensor<i64>
  %5 = kiln.unary "logical_not", %c : tensor<4xi1>
  return
}

// CHECK-LABEL: func.func @other_float_types
// CHECK: kiln.unary "exp", %arg0 : tensor<3xf16>
// CHECK: kiln.unary "round", %arg1 : tensor<3xbf16>
// CHECK: kiln.unary "sqrt", %arg2 : tensor<3xf64>
func.func @other_float_types(%a: tensor<3xf16>, %b: tensor<3xbf16>, %c: tensor<3xf64>) {
  %0 = kiln.unary "exp", %a : tensor<3xf16>
  %1 = kiln.unary "round", %b : tensor<3xbf16>
  %2 = kiln.unary "sqrt", %c : tensor<3xf64>
  return
}

// -----

func.func @unknown_function(%a: tensor<3xf32>) {
  // expected-error @+1 {{'kiln.unary' op unknown function 'polygamma'}}
  %0 = kiln.unary "polygamma", %a : tensor<3xf32>
  return
}

// -----

func.func @function_names_are_lower_case(%a: tensor<3xf32>) {
  // expected-error @+1 {{'kiln.unary' op unknown function 'Exp'}}
  %0 = kiln.unary "Exp", %a : tensor<3xf32>
  return
}

// -----

func.func @sqrt_of_int(%a: tensor<3xi32>) {
  // expected-error @+1 {{'kiln.unary' op 'sqrt' needs a floating-point tensor, not 'tensor<3xi32>'}}
  %0 = kiln.unary "sqrt", %a : tensor<3xi32>
  return
}

// -----

func.func @rsqrt_of_int(%a: tensor<3xi32>) {
  // expected-error @+1 {{'kiln.unary' op 'rsqrt' needs a floating-point tensor, not 'tensor<3xi32>'}}
  %0 = kiln.unary "rsqrt", %a : tensor<3xi32>
  return
}

// -----

func.func @exp_of_int(%a: tensor<3xi64>) {
  // expected-error @+1 {{'kiln.unary' op 'exp' needs a floating-point tensor, not 'tensor<3xi64>'}}
  %0 = kiln.unary "exp", %a : tensor<3xi64>
  return
}

// -----

func.func @log_of_int(%a: tensor<3xi8>) {
  // expected-error @+1 {{'kiln.unary' op 'log' needs a floating-point tensor, not 'tensor<3xi8>'}}
  %0 = kiln.unary "log", %a : tensor<3xi8>
  return
}

// -----

func.func @log1p_of_int(%a: tensor<3xi32>) {
  // expected-error @+1 {{'kiln.unary' op 'log1p' needs a floating-point tensor, not 'tensor<3xi32>'}}
  %0 = kiln.unary "log1p", %a : tensor<3xi32>
  return
}

// -----

func.func @sin_of_int(%a: tensor<3xi32>) {
  // expected-error @+1 {{'kiln.unary' op 'sin' needs a floating-point tensor, not 'tensor<3xi32>'}}
  %0 = kiln.unary "sin", %a : tensor<3xi32>
  return
}

// -----

func.func @cos_of_int(%a: tensor<3xi32>) {
  // expected-error @+1 {{'kiln.unary' op 'cos' needs a floating-point tensor, not 'tensor<3xi32>'}}
  %0 = kiln.unary "cos", %a : tensor<3xi32>
  return
}

// -----

func.func @tanh_of_int(%a: tensor<3xi32>) {
  // expected-error @+1 {{'kiln.unary' op 'tanh' needs a floating-point tensor, not 'tensor<3xi32>'}}
  %0 = kiln.unary "tanh", %a : tensor<3xi32>
  return
}

// -----

func.func @sigmoid_of_int(%a: tensor<3xi32>) {
  // expected-error @+1 {{'kiln.unary' op 'sigmoid' needs a floating-point tensor, not 'tensor<3xi32>'}}
  %0 = kiln.unary "sigmoid", %a : tensor<3xi32>
  return
}

// -----

func.func @floor_of_int(%a: tensor<3xi32>) {
  // expected-error @+1 {{'kiln.unary' op 'floor' needs a floating-point tensor, not 'tensor<3xi32>'}}
  %0 = kiln.unary "floor", %a : tensor<3xi32>
  return
}

// -----

func.func @ceil_of_int(%a: tensor<3xi32>) {
  // expected-error @+1 {{'kiln.unary' op 'ceil' needs a floating-point tensor, not 'tensor<3xi32>'}}
  %0 = kiln.unary "ceil", %a : tensor<3xi32>
  return
}

// -----

func.func @round_of_bool(%a: tensor<3xi1>) {
  // expected-error @+1 {{'kiln.unary' op 'round' needs a floating-point tensor, not 'tensor<3xi1>'}}
  %0 = kiln.unary "round", %a : tensor<3xi1>
  return
}

// -----

func.func @logical_not_of_float(%a: tensor<3xf32>) {
  // expected-error @+1 {{'kiln.unary' op 'logical_not' needs a bool (i1) tensor}}
  %0 = kiln.unary "logical_not", %a : tensor<3xf32>
  return
}

// -----

func.func @logical_not_of_int(%a: tensor<3xi8>) {
  // expected-error @+1 {{'kiln.unary' op 'logical_not' needs a bool (i1) tensor}}
  %0 = kiln.unary "logical_not", %a : tensor<3xi8>
  return
}

// -----

func.func @result_type_differs(%a: tensor<3xf32>) {
  // expected-error @+1 {{'kiln.unary' op requires the same type for all operands and results}}
  %0 = "kiln.unary"(%a) {fn = "neg"} : (tensor<3xf32>) -> tensor<3xf64>
  return
}

// -----

func.func @missing_fn(%a: tensor<3xf32>) {
  // expected-error @+1 {{'kiln.unary' op requires attribute 'fn'}}
  %0 = "kiln.unary"(%a) : (tensor<3xf32>) -> tensor<3xf32>
  return
}
