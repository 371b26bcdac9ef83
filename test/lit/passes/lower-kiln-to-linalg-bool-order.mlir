// Bools order false < true (kiln.compare lowers them with unsigned
// predicates), but max/min reductions and arg_reduce on i1 use the signed
// ops, where true is -1: reduce "max" combines with arith.maxsi from a false
// start, so any mix of values yields false, and arg_reduce "max" picks the
// first false. The verifiers accept both ops on i1.
// RUN: %kiln-opt %s --kiln-lower-to-linalg | FileCheck %s --implicit-check-not=kiln.

//
// Regression test (fixed): lowerReduce/lowerArgReduce compare i1 as signed. This test
// states the correct behaviour (or the verifiers reject i1 here); when fixed
// it XPASSes.

// CHECK-LABEL: func.func @reduce_max_bool
// CHECK: %[[FALSE:.*]] = arith.constant false
// CHECK: linalg.fill ins(%[[FALSE]] : i1)
// CHECK: linalg.reduce
// CHECK: arith.{{maxui|ori}} %{{.*}}, %{{.*}} : i1
func.func @reduce_max_bool(%a: tensor<4xi1>) -> tensor<i1> {
  %0 = kiln.reduce "max", %a {axes = array<i64: 0>, keepdims = false} : tensor<4xi1> -> tensor<i1>
  return %0 : tensor<i1>
}

// CHECK-LABEL: func.func @reduce_min_bool
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: linalg.fill ins(%[[TRUE]] : i1)
// CHECK: linalg.reduce
// CHECK: arith.{{minui|andi}} %{{.*}}, %{{.*}} : i1
func.func @reduce_min_bool(%a: tensor<4xi1>) -> tensor<i1> {
  %0 = kiln.reduce "min", %a {axes = array<i64: 0>, keepdims = false} : tensor<4xi1> -> tensor<i1>
  return %0 : tensor<i1>
}

// CHECK-LABEL: func.func @argmax_bool
// CHECK: %[[FALSE:.*]] = arith.constant false
// CHECK: linalg.fill ins(%[[FALSE]] : i1)
// CHECK: linalg.generic
// CHECK: arith.cmpi ugt, %{{.*}}, %{{.*}} : i1
func.func @argmax_bool(%a: tensor<4xi1>) -> tensor<i64> {
  %0 = kiln.arg_reduce "max", %a {axis = 0} : tensor<4xi1> -> tensor<i64>
  return %0 : tensor<i64>
}
