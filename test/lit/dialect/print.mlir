// kiln.print: round-trip with and without tensor operands, and the
// verifier's rejections of its operands and attributes.
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics | %kiln-opt -split-input-file | FileCheck %s
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics -mlir-print-op-generic | %kiln-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @print
// CHECK: kiln.print %arg0, %arg1 : tensor<2x3xf32>, tensor<?xi1> {end = "\0A", format = ["x =", "{}", "and", "{}"], sep = " ", to_stderr = false}
// CHECK: kiln.print {end = "", format = ["done"], sep = "", to_stderr = true}
// CHECK: kiln.print %arg2 : tensor<i64> {end = "!\0A", format = ["{}"], sep = ", ", to_stderr = false}
func.func @print(%a: tensor<2x3xf32>, %b: tensor<?xi1>, %c: tensor<i64>) {
  kiln.print %a, %b : tensor<2x3xf32>, tensor<?xi1> {format = ["x =", "{}", "and", "{}"], sep = " ", end = "\n", to_stderr = false}
  kiln.print {format = ["done"], sep = "", end = "", to_stderr = true}
  kiln.print %c : tensor<i64> {format = ["{}"], sep = ", ", end = "!\n", to_stderr = false}
  return
}

// -----

func.func @print_has_no_result(%a: tensor<2xf32>) {
  // expected-error @+1 {{cannot name an operation with no results}}
  %0 = kiln.print %a : tensor<2xf32> {format = ["{}"], sep = " ", end = "", to_stderr = false}
  return
}

// -----

func.func @missing_sep(%a: tensor<2xf32>) {
  // expected-error @+1 {{'kiln.print' op requires attribute 'sep'}}
  kiln.print %a : tensor<2xf32> {format = ["{}"], end = "", to_stderr = false}
  return
}

// -----

func.func @missing_to_stderr(%a: tensor<2xf32>) {
  // expected-error @+1 {{'kiln.print' op requires attribute 'to_stderr'}}
  kiln.print %a : tensor<2xf32> {format = ["{}"], sep = "", end = ""}
  return
}

// -----

func.func @format_not_strings(%a: tensor<2xf32>) {
  // expected-error @+1 {{'kiln.print' op attribute 'format' failed to satisfy constraint: string array attribute}}
  kiln.print %a : tensor<2xf32> {format = [1], sep = "", end = "", to_stderr = false}
  return
}

// -----

func.func @to_stderr_not_bool(%a: tensor<2xf32>) {
  // expected-error @+1 {{'kiln.print' op attribute 'to_stderr' failed to satisfy constraint: bool attribute}}
  kiln.print %a : tensor<2xf32> {format = ["{}"], sep = "", end = "", to_stderr = 1 : i32}
  return
}

// -----

func.func @index_operand(%a: tensor<2xindex>) {
  // expected-error @+1 {{'kiln.print' op operand #0 must be variadic of ranked tensor of floating-point or signless integer values, but got 'tensor<2xindex>'}}
  kiln.print %a : tensor<2xindex> {format = ["{}"], sep = "", end = "", to_stderr = false}
  return
}
