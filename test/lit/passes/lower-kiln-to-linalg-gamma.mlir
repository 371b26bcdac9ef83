// lgamma calls the C library's lgammaf (lgamma on f64; f16 through f32),
// which codegen declares; without the declaration the lowering fails with
// an error naming it. digamma is Eigen's psi in arith and math ops: the
// reflection's tan, ten steps of the recurrence, the series and log.
// RUN: split-file %s %t
// RUN: %kiln-opt %t/lower.mlir --kiln-lower-to-linalg | FileCheck %s
// RUN: %kiln-opt %t/lower.mlir --kiln-lower-to-llvm | FileCheck %s --check-prefix=LLVM
// RUN: %kiln-opt %t/undeclared.mlir --kiln-lower-to-linalg -verify-diagnostics

//--- lower.mlir
// CHECK-LABEL: func.func @gamma
// CHECK: func.call @lgammaf(%{{.*}}) : (f32) -> f32
// CHECK: func.call @lgamma(%{{.*}}) : (f64) -> f64
// CHECK: %[[W:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK: func.call @lgammaf(%[[W]]) : (f32) -> f32
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK: linalg.generic
// CHECK: math.floor
// CHECK: math.tan
// CHECK-COUNT-10: arith.cmpf olt, %{{.*}}, %{{.*}} : f32
// CHECK: arith.cmpf olt
// CHECK: math.log
// LLVM: llvm.call @lgammaf
// LLVM: llvm.call @lgamma(
// LLVM: llvm.call @tanf
// LLVM: llvm.call @logf
func.func private @lgammaf(f32) -> f32
func.func private @lgamma(f64) -> f64
func.func @gamma(%a: tensor<4xf32>, %b: tensor<4xf64>, %c: tensor<4xf16>)
    -> (tensor<4xf32>, tensor<4xf64>, tensor<4xf16>, tensor<4xf32>) {
  %0 = kiln.unary "lgamma", %a : tensor<4xf32>
  %1 = kiln.unary "lgamma", %b : tensor<4xf64>
  %2 = kiln.unary "lgamma", %c : tensor<4xf16>
  %3 = kiln.unary "digamma", %a : tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf64>, tensor<4xf16>, tensor<4xf32>
}

//--- undeclared.mlir
func.func @undeclared(%a: tensor<4xf64>) -> tensor<4xf64> {
  // expected-error @+1 {{'kiln.unary' op needs the C library's @lgamma declared in the module (kiln's codegen declares it)}}
  %0 = kiln.unary "lgamma", %a : tensor<4xf64>
  return %0 : tensor<4xf64>
}
