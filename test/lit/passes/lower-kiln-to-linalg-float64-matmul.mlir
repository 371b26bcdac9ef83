// A static float64 product sums each element in Eigen's gebp order
// (passes/EigenGemm64.h): a table of each column's scheme (0 in order,
// 1 even/odd accumulators, 2 four accumulators), a table of the rows that
// sum in order, and the k blocks' sums added to zero. A size known only at
// run time keeps linalg.matmul's single chain.
// RUN: %kiln-opt %s -split-input-file --kiln-lower-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @four_by_four
// CHECK-DAG: arith.constant dense<1> : tensor<4xi8>
// CHECK-DAG: arith.constant dense<false> : tensor<4xi1>
// CHECK: scf.for
// CHECK: scf.if
// CHECK-NOT: linalg.matmul
func.func @four_by_four(%a: tensor<4x8xf64>, %b: tensor<8x4xf64>) -> tensor<4x4xf64> {
  %0 = kiln.matmul %a, %b : (tensor<4x8xf64>, tensor<8x4xf64>) -> tensor<4x4xf64>
  return %0 : tensor<4x4xf64>
}

// -----

// CHECK-LABEL: func.func @odd_columns
// CHECK: arith.constant dense<[0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2]> : tensor<15xi8>
// CHECK: arith.constant dense<[false, false, false, false, true, true]> : tensor<6xi1>
func.func @odd_columns(%a: tensor<6x20xf64>, %b: tensor<20x15xf64>) -> tensor<6x15xf64> {
  %0 = kiln.matmul %a, %b : (tensor<6x20xf64>, tensor<20x15xf64>) -> tensor<6x15xf64>
  return %0 : tensor<6x15xf64>
}

// -----

// CHECK-LABEL: func.func @dynamic_rows
// CHECK: linalg.matmul
func.func @dynamic_rows(%a: tensor<?x8xf64>, %b: tensor<8x4xf64>) -> tensor<?x4xf64> {
  %0 = kiln.matmul %a, %b : (tensor<?x8xf64>, tensor<8x4xf64>) -> tensor<?x4xf64>
  return %0 : tensor<?x4xf64>
}
