// kiln.print's `format` has one "{}" per tensor operand: the description
// says each "{}" prints the next operand. The op has no verifier, so a
// format with too many or too few placeholders is accepted today.
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics

// XFAIL: *
// Known kiln bug: PrintOp has no verifier (hasVerifier is not set). This test
// states the correct behaviour; when fixed it XPASSes.

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
