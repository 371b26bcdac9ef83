// Float32 matrix products in the orders of TensorFlow's oneDNN kernels on a
// processor without AVX-512 (passes/Avx2MatMul.h).
// RUN: %kiln-opt %s --kiln-lower-to-linalg="avx512=no" | FileCheck %s
// RUN: not %kiln-opt %s --kiln-lower-to-linalg="avx512=maybe" 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: avx512 must be yes, no or host, not 'maybe'

// Two rows are a group of 2 in the register tile: the even and the odd
// terms of k (strided slices) as rounded products, summed apart, added.
// CHECK-LABEL: func.func @two_rows
// CHECK: tensor.extract_slice %arg0[0, 0] [2, 4] [1, 2]
// CHECK: tensor.extract_slice %arg1[0, 0] [4, 2] [2, 1]
// CHECK: linalg.generic
// CHECK-NOT: math.fma
// CHECK: arith.mulf
// CHECK-NEXT: arith.addf
// CHECK: tensor.extract_slice %arg0[0, 1] [2, 4] [1, 2]
// CHECK: return
func.func @two_rows(%a: tensor<2x8xf32>, %b: tensor<8x2xf32>) -> tensor<2x2xf32> {
  %0 = kiln.matmul %a, %b : (tensor<2x8xf32>, tensor<8x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// Six rows and sixteen columns fill the tile: one chain of fused
// multiply-adds per element, as with AVX-512.
// CHECK-LABEL: func.func @full_tile
// CHECK-NOT: arith.mulf
// CHECK: math.fma
// CHECK-NOT: arith.select
// CHECK: return
func.func @full_tile(%a: tensor<6x5xf32>, %b: tensor<5x16xf32>) -> tensor<6x16xf32> {
  %0 = kiln.matmul %a, %b : (tensor<6x5xf32>, tensor<5x16xf32>) -> tensor<6x16xf32>
  return %0 : tensor<6x16xf32>
}

// Eight rows: a group of 6 chains, the last 2 rows round; each element
// picks its order by its row's kind (a constant per row).
// CHECK-LABEL: func.func @mixed_rows
// CHECK: arith.constant dense<[0, 0, 0, 0, 0, 0, 2, 2]> : tensor<8xi8>
// CHECK: arith.select
// CHECK: return
func.func @mixed_rows(%a: tensor<8x3xf32>, %b: tensor<3x16xf32>) -> tensor<8x16xf32> {
  %0 = kiln.matmul %a, %b : (tensor<8x3xf32>, tensor<3x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// Eight rows, the restriction: the rounded even and odd sums are computed
// for the last 2 rows only (the rows that take them), the chain for the
// first 6.
// CHECK-LABEL: func.func @orders_by_rows
// CHECK-DAG: tensor.extract_slice %arg0[0, 0] [6, 3] [1, 1]
// CHECK-DAG: tensor.extract_slice %arg0[6, 0] [2, 1] [1, 2]
// CHECK: return
func.func @orders_by_rows(%a: tensor<8x3xf32>, %b: tensor<3x16xf32>) -> tensor<8x16xf32> {
  %0 = kiln.matmul %a, %b : (tensor<8x3xf32>, tensor<3x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// k known only at run time (a None batch's weight gradient): the plan is
// chosen by k when the function runs (one for every k up to 256 here), the
// even and odd terms are slices of k / 2, and the odd last term a slice of
// k % 2 terms; past 256, one chain.
// CHECK-LABEL: func.func @run_time_k
// CHECK: %[[K:.*]] = tensor.dim %arg0, %c1
// CHECK: arith.cmpi ult, %[[K]], %c257
// CHECK: scf.if
// CHECK: arith.divui %{{.*}}, %c2
// CHECK: arith.remui %{{.*}}, %c2
// CHECK: tensor.extract_slice %arg0[0, 0] [2, %{{.*}}] [1, 2]
// CHECK: } else {
// CHECK: math.fma
// CHECK: return
func.func @run_time_k(%a: tensor<2x?xf32>, %b: tensor<?x3xf32>) -> tensor<2x3xf32> {
  %0 = kiln.matmul %a, %b : (tensor<2x?xf32>, tensor<?x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
