// kiln.print is the one kiln op --kiln-lower-to-linalg does not lower: the
// pass skips it on purpose (LowerKilnToLinalg::runOnOperation), so it stays
// in place, in program order, reading the lowered values. Its error "kiln
// cannot lower this operation yet" is therefore not reached by any
// registered op. Nothing later lowers kiln.print either: the full
// kiln-lower-to-llvm pipeline stops at one-shot-bufferize, which reports the
// print at the user's line.
// RUN: %kiln-opt %s --kiln-lower-to-linalg | FileCheck %s
// RUN: not %kiln-opt %s --kiln-lower-to-llvm 2>&1 | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @print_between_ops
// CHECK-SAME: (%[[A:.*]]: tensor<2xf32>)
// CHECK-NEXT: kiln.print %[[A]] : tensor<2xf32> {end = "\0A", format = ["before", "{}"], sep = " ", to_stderr = false}
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<2xf32>
// CHECK-NEXT: %[[N:.*]] = linalg.generic
// CHECK: arith.negf
// CHECK: } -> tensor<2xf32>
// CHECK-NEXT: kiln.print %[[N]] : tensor<2xf32> {end = "", format = ["after", "{}"], sep = "", to_stderr = true}
// CHECK-NEXT: kiln.print {end = "\0A", format = ["done"], sep = " ", to_stderr = false}
// CHECK-NEXT: return %[[N]] : tensor<2xf32>
func.func @print_between_ops(%a: tensor<2xf32>) -> tensor<2xf32> {
  // LLVM: lower-kiln-to-linalg-print.mlir:[[@LINE+1]]:3: error: op was not bufferized
  kiln.print %a : tensor<2xf32> {format = ["before", "{}"], sep = " ", end = "\n", to_stderr = false}
  %0 = kiln.unary "neg", %a : tensor<2xf32>
  kiln.print %0 : tensor<2xf32> {format = ["after", "{}"], sep = "", end = "", to_stderr = true}
  kiln.print {format = ["done"], sep = " ", end = "\n", to_stderr = false}
  return %0 : tensor<2xf32>
}
