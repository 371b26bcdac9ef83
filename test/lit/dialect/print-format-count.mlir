// kiln.print's `format` has one "{}" per tensor operand: the description
// says each "{}" prints the next operand, so the verifier rejects a format
// with too many or too few placeholders.
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics

func.func @more_placeholders_than_operands(%a: tensor<2xf32>) {
  // expected-error @+1 {{'kiln.print' op}}
  kiln.print %a : tensor<2xf32> {format = ["{}", "{}"], sep = " ", end = "", to_stderr = false}
  return
}

// -----

func.func @operand_without_placeholder(%a: tensor<2xf32>) {
  // expected-error @+1 {{'kiln.print' op}}
  kiln.print %a : tensor<2xf32> {format = ["x"], sep = " ", end = "", to_stderr = false}
  return
}
