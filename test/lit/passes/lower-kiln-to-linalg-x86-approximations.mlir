// f32 rsqrt and reciprocal follow Eigen's packets: before the last
// size % 8 elements, the processor's approximation (a call of the private
// helper codegen declares) refined by one Newton step, with the
// approximation itself kept where the step gives NaN; after them, exact
// division. kiln-emit-entry-points defines the helpers with the x86
// intrinsics (passes/EigenMath.h). Without the declaration the lowering
// fails with an error naming it.
// RUN: split-file %s %t
// RUN: %kiln-opt %t/lower.mlir --kiln-lower-to-linalg | FileCheck %s
// RUN: %kiln-opt %t/lower.mlir --kiln-lower-to-llvm | FileCheck %s --check-prefix=LLVM
// RUN: %kiln-opt %t/undeclared.mlir --kiln-lower-to-linalg -verify-diagnostics

//--- lower.mlir
// CHECK-LABEL: func.func @approximations
// reciprocal: x * (2 - a * x), unfused.
// CHECK: %[[END:.*]] = arith.subi
// CHECK: ^bb0(%[[A:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[IN:.*]] = arith.cmpi ult, %{{.*}}, %[[END]] : index
// CHECK-DAG: %[[EXACT:.*]] = arith.divf %{{.*}}, %[[A]] : f32
// CHECK-DAG: %[[X:.*]] = func.call @kiln_x86_rcp_ss(%[[A]]) : (f32) -> f32
// CHECK: %[[AX:.*]] = arith.mulf %[[A]], %[[X]] : f32
// CHECK: %[[T:.*]] = arith.subf %{{.*}}, %[[AX]] : f32
// CHECK-DAG: %[[XT:.*]] = arith.mulf %[[X]], %[[T]] : f32
// CHECK-DAG: %[[NAN:.*]] = arith.cmpf uno, %[[T]], %[[T]] : f32
// CHECK: %[[P:.*]] = arith.select %[[NAN]], %[[X]], %[[XT]] : f32
// CHECK: arith.select %[[IN]], %[[P]], %[[EXACT]] : f32
// rsqrt: the tail is 1 / sqrt(a).
// CHECK: math.sqrt
// CHECK: func.call @kiln_x86_rsqrt_ss
// CHECK: arith.constant -5.000000e-01 : f32
// LLVM: llvm.func internal @kiln_x86_rcp_ss(%[[ARG:.*]]: f32) -> f32
// LLVM: llvm.insertelement %[[ARG]]
// LLVM: llvm.call_intrinsic "llvm.x86.sse.rcp.ss"
// LLVM: llvm.extractelement
// LLVM: llvm.func internal @kiln_x86_rsqrt_ss
// LLVM: llvm.call_intrinsic "llvm.x86.sse.rsqrt.ss"
func.func private @kiln_x86_rcp_ss(f32) -> f32
func.func private @kiln_x86_rsqrt_ss(f32) -> f32
func.func @approximations(%a: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %0 = kiln.unary "reciprocal", %a : tensor<?xf32>
  %1 = kiln.unary "rsqrt", %a : tensor<?xf32>
  return %0, %1 : tensor<?xf32>, tensor<?xf32>
}

//--- undeclared.mlir
func.func @undeclared(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'kiln.unary' op on f32 needs the private function @kiln_x86_rsqrt_ss declared in the module (kiln's codegen declares it)}}
  %0 = kiln.unary "rsqrt", %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}
