// --kiln-lower-to-linalg: every kiln op but kiln.print becomes linalg,
// tensor, arith and math on tensors. Elementwise ops are linalg.generic
// with broadcasting indexing maps (a size-1 dimension reads index 0, a
// missing leading dimension is dropped from the map); TensorFlow's numeric
// rules (floor division and modulo, safe integer division, half-to-even
// round) are spelled out in the bodies. Float32 products take the orders of
// a processor with AVX-512 here (lower-matmul-without-avx512.mlir: without).
// RUN: %kiln-opt %s --kiln-lower-to-linalg="avx512=yes" | FileCheck %s --implicit-check-not=kiln.

// CHECK-DAG: #[[ID1:.+]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[ID2:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW0:.+]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-DAG: #[[COL0:.+]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-DAG: #[[LAST:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[SCALAR2:.+]] = affine_map<(d0, d1) -> ()>
// CHECK-DAG: #[[FIRST:.+]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[SCALAR1:.+]] = affine_map<(d0) -> ()>

//===-- Elementwise binary ops and broadcasting ---------------------------===//

// CHECK-LABEL: func.func @add_broadcast_size_one
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<1x3xf32>)
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID2]], #[[ROW0]], #[[ID2]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<2x3xf32>, tensor<1x3xf32>) outs(%[[INIT]] : tensor<2x3xf32>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK-NEXT: linalg.yield %[[S]] : f32
// CHECK: return %[[R]]
func.func @add_broadcast_size_one(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>) -> tensor<2x3xf32> {
  %0 = kiln.add %a, %b : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// Missing leading dimensions: a rank-1 operand reads d1, a rank-0 one ().
// CHECK-LABEL: func.func @add_broadcast_rank
// CHECK: linalg.generic {indexing_maps = [#[[ID2]], #[[LAST]], #[[ID2]]]
// CHECK-SAME: ins(%arg0, %arg1 : tensor<2x3xi32>, tensor<3xi32>)
// CHECK: arith.addi
// CHECK: linalg.generic {indexing_maps = [#[[SCALAR2]], #[[ID2]], #[[ID2]]]
// CHECK-SAME: ins(%arg2, %arg0 : tensor<i32>, tensor<2x3xi32>)
// CHECK: arith.addi
func.func @add_broadcast_rank(%a: tensor<2x3xi32>, %b: tensor<3xi32>, %s: tensor<i32>) -> (tensor<2x3xi32>, tensor<2x3xi32>) {
  %0 = kiln.add %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %1 = kiln.add %s, %a : (tensor<i32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0, %1 : tensor<2x3xi32>, tensor<2x3xi32>
}

// CHECK-LABEL: func.func @broadcast_both_sides
// CHECK: linalg.generic {indexing_maps = [#[[COL0]], #[[ROW0]], #[[ID2]]]
// CHECK-SAME: ins(%arg0, %arg1 : tensor<2x1xf32>, tensor<1x3xf32>) outs(%{{.*}} : tensor<2x3xf32>)
// CHECK: arith.mulf
func.func @broadcast_both_sides(%a: tensor<2x1xf32>, %b: tensor<1x3xf32>) -> tensor<2x3xf32> {
  %0 = kiln.mul %a, %b : (tensor<2x1xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// A dynamic result size comes from the operand that is not size 1 there.
// CHECK-LABEL: func.func @sub_dynamic
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[D:.*]] = tensor.dim %arg0, %[[C0]] : tensor<?x3xf32>
// CHECK: %[[INIT:.*]] = tensor.empty(%[[D]]) : tensor<?x3xf32>
// CHECK: linalg.generic {indexing_maps = [#[[ID2]], #[[ROW0]], #[[ID2]]]
// CHECK-SAME: outs(%[[INIT]] : tensor<?x3xf32>)
// CHECK: arith.subf
func.func @sub_dynamic(%a: tensor<?x3xf32>, %b: tensor<1x3xf32>) -> tensor<?x3xf32> {
  %0 = kiln.sub %a, %b : (tensor<?x3xf32>, tensor<1x3xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// CHECK-LABEL: func.func @sub_dynamic_from_second
// CHECK: %[[D:.*]] = tensor.dim %arg1, %{{.*}} : tensor<?x3xi64>
// CHECK: tensor.empty(%[[D]]) : tensor<?x3xi64>
// CHECK: linalg.generic {indexing_maps = [#[[ROW0]], #[[ID2]], #[[ID2]]]
// CHECK: arith.subi
func.func @sub_dynamic_from_second(%a: tensor<1x3xi64>, %b: tensor<?x3xi64>) -> tensor<?x3xi64> {
  %0 = kiln.sub %a, %b : (tensor<1x3xi64>, tensor<?x3xi64>) -> tensor<?x3xi64>
  return %0 : tensor<?x3xi64>
}

// CHECK-LABEL: func.func @div_float
// CHECK: linalg.generic {indexing_maps = [#[[ID1]], #[[ID1]], #[[ID1]]], iterator_types = ["parallel"]}
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[Q:.*]] = arith.divf %[[X]], %[[Y]] : f32
// CHECK-NEXT: linalg.yield %[[Q]]
func.func @div_float(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = kiln.div %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// Integer division must not trap: a divisor of 0 or -1 is replaced by 1,
// and a divisor of -1 negates instead (INT_MIN / -1 wraps to INT_MIN).
// CHECK-LABEL: func.func @div_int
// CHECK: ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32, %{{.*}}: i32):
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[MINUS:.*]] = arith.constant -1 : i32
// CHECK: %[[ISZERO:.*]] = arith.cmpi eq, %[[Y]], %[[ZERO]] : i32
// CHECK-NEXT: %[[ISMINUS:.*]] = arith.cmpi eq, %[[Y]], %[[MINUS]] : i32
// CHECK-NEXT: %[[TRAPS:.*]] = arith.ori %[[ISZERO]], %[[ISMINUS]] : i1
// CHECK-NEXT: %[[SAFE:.*]] = arith.select %[[TRAPS]], %[[ONE]], %[[Y]] : i32
// CHECK-NEXT: %[[Q:.*]] = arith.divsi %[[X]], %[[SAFE]] : i32
// CHECK: %[[WAS_MINUS:.*]] = arith.cmpi eq, %[[Y]], %{{.*}} : i32
// CHECK-NEXT: %[[NEG:.*]] = arith.subi %{{.*}}, %[[X]] : i32
// CHECK-NEXT: %[[R:.*]] = arith.select %[[WAS_MINUS]], %[[NEG]], %[[Q]] : i32
// CHECK-NEXT: linalg.yield %[[R]]
func.func @div_int(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = kiln.div %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// CHECK-LABEL: func.func @floordiv_float
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[Q:.*]] = arith.divf %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[F:.*]] = math.floor %[[Q]] : f32
// CHECK-NEXT: linalg.yield %[[F]]
func.func @floordiv_float(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = kiln.floordiv %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @floordiv_int
// CHECK: ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32, %{{.*}}: i32):
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[MINUS:.*]] = arith.constant -1 : i32
// CHECK: %[[ISZERO:.*]] = arith.cmpi eq, %[[Y]], %[[ZERO]] : i32
// CHECK-NEXT: %[[ISMINUS:.*]] = arith.cmpi eq, %[[Y]], %[[MINUS]] : i32
// CHECK-NEXT: %[[TRAPS:.*]] = arith.ori %[[ISZERO]], %[[ISMINUS]] : i1
// CHECK-NEXT: %[[SAFE:.*]] = arith.select %[[TRAPS]], %[[ONE]], %[[Y]] : i32
// CHECK-NEXT: %[[Q:.*]] = arith.floordivsi %[[X]], %[[SAFE]] : i32
// CHECK: %[[WAS_MINUS:.*]] = arith.cmpi eq, %[[Y]], %{{.*}} : i32
// CHECK-NEXT: %[[NEG:.*]] = arith.subi %{{.*}}, %[[X]] : i32
// CHECK-NEXT: %[[R:.*]] = arith.select %[[WAS_MINUS]], %[[NEG]], %[[Q]] : i32
// CHECK-NEXT: linalg.yield %[[R]]
func.func @floordiv_int(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = kiln.floordiv %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// floormod: the remainder takes the divisor's sign. r = rem(x, y); when r
// is non-zero and its sign differs from y's, the result is r + y.
// CHECK-LABEL: func.func @floormod_float
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[R:.*]] = arith.remf %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[RNZ:.*]] = arith.cmpf one, %[[R]], %[[ZERO]] : f32
// CHECK-NEXT: %[[RNEG:.*]] = arith.cmpf olt, %[[R]], %[[ZERO]] : f32
// CHECK-NEXT: %[[YNEG:.*]] = arith.cmpf olt, %[[Y]], %[[ZERO]] : f32
// CHECK-NEXT: %[[DIFF:.*]] = arith.xori %[[RNEG]], %[[YNEG]] : i1
// CHECK-NEXT: %[[ADJ:.*]] = arith.andi %[[RNZ]], %[[DIFF]] : i1
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[R]], %[[Y]] : f32
// CHECK-NEXT: %[[M:.*]] = arith.select %[[ADJ]], %[[SUM]], %[[R]] : f32
// CHECK-NEXT: linalg.yield %[[M]] : f32
func.func @floormod_float(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = kiln.floormod %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// The integer form first makes the divisor safe, then corrects the sign
// against the safe divisor.
// CHECK-LABEL: func.func @floormod_int
// CHECK: ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32, %{{.*}}: i32):
// CHECK: %[[ISZERO:.*]] = arith.cmpi eq, %[[Y]], %{{.*}} : i32
// CHECK-NEXT: %[[ISMINUS:.*]] = arith.cmpi eq, %[[Y]], %{{.*}} : i32
// CHECK-NEXT: %[[TRAPS:.*]] = arith.ori %[[ISZERO]], %[[ISMINUS]] : i1
// CHECK-NEXT: %[[SAFE:.*]] = arith.select %[[TRAPS]], %{{.*}}, %[[Y]] : i32
// CHECK-NEXT: %[[R:.*]] = arith.remsi %[[X]], %[[SAFE]] : i32
// CHECK-NEXT: %[[RNZ:.*]] = arith.cmpi ne, %[[R]], %[[ZERO:.*]] : i32
// CHECK-NEXT: %[[RNEG:.*]] = arith.cmpi slt, %[[R]], %[[ZERO]] : i32
// CHECK-NEXT: %[[YNEG:.*]] = arith.cmpi slt, %[[SAFE]], %[[ZERO]] : i32
// CHECK-NEXT: %[[DIFF:.*]] = arith.xori %[[RNEG]], %[[YNEG]] : i1
// CHECK-NEXT: %[[ADJ:.*]] = arith.andi %[[RNZ]], %[[DIFF]] : i1
// CHECK-NEXT: %[[SUM:.*]] = arith.addi %[[R]], %[[SAFE]] : i32
// CHECK-NEXT: %[[M:.*]] = arith.select %[[ADJ]], %[[SUM]], %[[R]] : i32
// CHECK-NEXT: linalg.yield %[[M]] : i32
func.func @floormod_int(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = kiln.floormod %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// CHECK-LABEL: func.func @pow
// CHECK: math.powf %{{.*}}, %{{.*}} : f32
// CHECK: math.ipowi %{{.*}}, %{{.*}} : i32
func.func @pow(%a: tensor<4xf32>, %b: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %0 = kiln.pow %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = kiln.pow %b, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0, %1 : tensor<4xf32>, tensor<4xi32>
}

// Float maximum/minimum propagate NaN (arith.maximumf, not maxnumf).
// CHECK-LABEL: func.func @max_min
// CHECK: arith.maximumf %{{.*}}, %{{.*}} : f32
// CHECK: arith.minimumf %{{.*}}, %{{.*}} : f32
// CHECK: arith.maxsi %{{.*}}, %{{.*}} : i32
// CHECK: arith.minsi %{{.*}}, %{{.*}} : i32
func.func @max_min(%a: tensor<4xf32>, %b: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>) {
  %0 = kiln.maximum %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = kiln.minimum %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = kiln.maximum %b, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %3 = kiln.minimum %b, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>
}

// CHECK-LABEL: func.func @logical
// CHECK: arith.andi %{{.*}}, %{{.*}} : i1
// CHECK: arith.ori %{{.*}}, %{{.*}} : i1
func.func @logical(%a: tensor<4xi1>, %b: tensor<4xi1>) -> (tensor<4xi1>, tensor<4xi1>) {
  %0 = kiln.logical_and %a, %b : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %1 = kiln.logical_or %a, %b : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %0, %1 : tensor<4xi1>, tensor<4xi1>
}

// Shifts clamp the amount to [0, width - 1] (TensorFlow's kernels), so no
// shift is poison.
// CHECK-LABEL: func.func @shifts
// CHECK: arith.maxsi
// CHECK-NEXT: arith.minsi
// CHECK-NEXT: arith.shli %{{.*}} : i32
// CHECK: arith.shrsi %{{.*}} : i32
// CHECK: arith.constant 7 : i8
// CHECK: arith.shrui %{{.*}} : i8
func.func @shifts(%a: tensor<4xi32>, %b: tensor<4xi32>, %u: tensor<4xi8>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi8>) {
  %0 = kiln.shift "left", %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %1 = kiln.shift "right_arithmetic", %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %2 = kiln.shift "right_logical", %u, %u : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  return %0, %1, %2 : tensor<4xi32>, tensor<4xi32>, tensor<4xi8>
}

//===-- Comparisons -------------------------------------------------------===//

// Ordered predicates, except "ne" which is true for NaN (as TensorFlow).
// CHECK-LABEL: func.func @compare_float
// CHECK: outs(%{{.*}} : tensor<4xi1>)
// CHECK-NEXT: ^bb0(%{{.*}}: f32, %{{.*}}: f32, %{{.*}}: i1):
// CHECK-NEXT: arith.cmpf oeq
// CHECK: arith.cmpf une
// CHECK: arith.cmpf olt
// CHECK: arith.cmpf ole
// CHECK: arith.cmpf ogt
// CHECK: arith.cmpf oge
func.func @compare_float(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = kiln.compare "eq", %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = kiln.compare "ne", %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %2 = kiln.compare "lt", %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %3 = kiln.compare "le", %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %4 = kiln.compare "gt", %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %5 = kiln.compare "ge", %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0, %1, %2, %3, %4, %5 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// CHECK-LABEL: func.func @compare_int
// CHECK: arith.cmpi eq, %{{.*}}, %{{.*}} : i32
// CHECK: arith.cmpi ne, %{{.*}}, %{{.*}} : i32
// CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} : i32
// CHECK: arith.cmpi sle, %{{.*}}, %{{.*}} : i32
// CHECK: arith.cmpi sgt, %{{.*}}, %{{.*}} : i32
// CHECK: arith.cmpi sge, %{{.*}}, %{{.*}} : i32
func.func @compare_int(%a: tensor<4xi32>, %b: tensor<4xi32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = kiln.compare "eq", %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %1 = kiln.compare "ne", %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %2 = kiln.compare "lt", %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %3 = kiln.compare "le", %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %4 = kiln.compare "gt", %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %5 = kiln.compare "ge", %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return %0, %1, %2, %3, %4, %5 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// Bools order false < true: unsigned predicates (signed i1 has true = -1).
// CHECK-LABEL: func.func @compare_bool
// CHECK: arith.cmpi ult, %{{.*}}, %{{.*}} : i1
// CHECK: arith.cmpi ule, %{{.*}}, %{{.*}} : i1
// CHECK: arith.cmpi ugt, %{{.*}}, %{{.*}} : i1
// CHECK: arith.cmpi uge, %{{.*}}, %{{.*}} : i1
func.func @compare_bool(%a: tensor<4xi1>, %b: tensor<4xi1>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = kiln.compare "lt", %a, %b : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %1 = kiln.compare "le", %a, %b : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %2 = kiln.compare "gt", %a, %b : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %3 = kiln.compare "ge", %a, %b : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %0, %1, %2, %3 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

//===-- Unary functions ---------------------------------------------------===//

// CHECK-LABEL: func.func @unary_float
// CHECK: linalg.generic {indexing_maps = [#[[ID1]], #[[ID1]]], iterator_types = ["parallel"]}
// CHECK: arith.negf
// CHECK: math.absf
// sign: select(x > 0, 1, select(x < 0, -1, isnan(x) ? x : 0)), so both
// zeros give 0 and NaN stays NaN (Eigen's sign).
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[POS:.*]] = arith.cmpf ogt, %[[X]], %[[Z]] : f32
// CHECK-NEXT: %[[NEG:.*]] = arith.cmpf olt, %[[X]], %[[Z]] : f32
// CHECK-NEXT: %[[NAN:.*]] = arith.cmpf uno, %[[X]], %[[X]] : f32
// CHECK-NEXT: %[[REST:.*]] = arith.select %[[NAN]], %[[X]], %[[Z]] : f32
// CHECK-NEXT: %[[M1:.*]] = arith.constant -1.000000e+00 : f32
// CHECK-NEXT: %[[S1:.*]] = arith.select %[[NEG]], %[[M1]], %[[REST]] : f32
// CHECK-NEXT: %[[P1:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[S2:.*]] = arith.select %[[POS]], %[[P1]], %[[S1]] : f32
// CHECK-NEXT: linalg.yield %[[S2]]
// relu: max(x, 0), NaN propagating; a tie of zeros keeps 0 in Eigen's
// 8-wide packets and x after them (-0.0 in a tensor's tail stays -0.0).
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK: linalg.index 0
// CHECK: arith.cmpi ult
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[M:.*]] = arith.maximumf %[[X]], %[[Z]] : f32
// CHECK-NEXT: %[[T:.*]] = arith.cmpf oeq, %[[X]], %[[Z]] : f32
// CHECK-NEXT: arith.select %[[T]], %{{.*}}, %[[M]] : f32
// square
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: arith.mulf %[[X]], %[[X]] : f32
// CHECK: math.sqrt
// (f32 rsqrt and reciprocal: lower-kiln-to-linalg-x86-approximations.mlir)
// exp on f32: Eigen's packet form (a polynomial scaled by 2^m) before the
// last size % 8 elements, the C library after them (passes/EigenMath.h).
// CHECK: %[[END:.*]] = arith.subi
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK: linalg.index 0
// CHECK: %[[IN:.*]] = arith.cmpi ult, %{{.*}}, %[[END]] : index
// CHECK: %[[LIB:.*]] = math.exp %[[X]] : f32
// CHECK: arith.constant 8.872300e+01 : f32
// CHECK: arith.bitcast %{{.*}} : i32 to f32
// CHECK: %[[PACKET:.*]] = arith.select
// CHECK-NEXT: %[[R:.*]] = arith.select %[[IN]], %[[PACKET]], %[[LIB]] : f32
// CHECK-NEXT: linalg.yield %[[R]]
// CHECK: math.log %
// CHECK: math.log1p
// CHECK: math.sin
// CHECK: math.cos
// tanh: Eigen's rational approximation on every element, no libm call.
// CHECK: ^bb0(%{{.*}}: f32, %{{.*}}: f32):
// CHECK-NOT: math.tanh
// CHECK: arith.constant 7.90738964 : f32
// CHECK: arith.divf
// CHECK-NEXT: linalg.yield
// sigmoid: the tail is exp(min(x, 16.6355324)) / (1 + that).
// CHECK: math.exp
// CHECK: arith.constant 16.6355324 : f32
// CHECK: math.floor
// CHECK: math.ceil
// round is half to even, as TensorFlow's Round.
// CHECK: math.roundeven
func.func @unary_float(%a: tensor<4xf32>) {
  %0 = kiln.unary "neg", %a : tensor<4xf32>
  %1 = kiln.unary "abs", %a : tensor<4xf32>
  %2 = kiln.unary "sign", %a : tensor<4xf32>
  %3 = kiln.unary "relu", %a : tensor<4xf32>
  %4 = kiln.unary "square", %a : tensor<4xf32>
  %5 = kiln.unary "sqrt", %a : tensor<4xf32>
  %7 = kiln.unary "exp", %a : tensor<4xf32>
  %8 = kiln.unary "log", %a : tensor<4xf32>
  %9 = kiln.unary "log1p", %a : tensor<4xf32>
  %10 = kiln.unary "sin", %a : tensor<4xf32>
  %11 = kiln.unary "cos", %a : tensor<4xf32>
  %12 = kiln.unary "tanh", %a : tensor<4xf32>
  %13 = kiln.unary "sigmoid", %a : tensor<4xf32>
  %14 = kiln.unary "floor", %a : tensor<4xf32>
  %15 = kiln.unary "ceil", %a : tensor<4xf32>
  %16 = kiln.unary "round", %a : tensor<4xf32>
  return
}

// On f64 exp, tanh and sigmoid take Eigen's 4-wide packet forms before the
// last size % 4 elements (EigenMath64.cpp) and the scalar functors after
// them: the C library's exp and tanh, and e / (1 + e) for sigmoid.
// CHECK-LABEL: func.func @unary_f64
// CHECK: ^bb0(%[[X:.*]]: f64, %{{.*}}: f64):
// CHECK: %[[AT:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : index
// CHECK: %[[LIBM:.*]] = math.exp %[[X]] : f64
// CHECK: arith.select %[[AT]], %{{.*}}, %[[LIBM]] : f64
// CHECK: math.tanh
// CHECK: ^bb0(%[[Y:.*]]: f64, %{{.*}}: f64):
// CHECK: %[[E:.*]] = math.exp %[[Y]] : f64
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// CHECK: %[[D:.*]] = arith.addf %[[ONE]], %[[E]] : f64
// CHECK: arith.divf %[[E]], %[[D]] : f64
// On float16 the math dialect's functions remain.
// CHECK: math.exp %{{.*}} : f16
func.func @unary_f64(%a: tensor<4xf64>, %h: tensor<4xf16>) {
  %0 = kiln.unary "exp", %a : tensor<4xf64>
  %1 = kiln.unary "tanh", %a : tensor<4xf64>
  %2 = kiln.unary "sigmoid", %a : tensor<4xf64>
  %3 = kiln.unary "exp", %h : tensor<4xf16>
  return
}

// CHECK-LABEL: func.func @unary_int
// neg: 0 - x
// CHECK: ^bb0(%[[X:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: arith.subi %[[Z]], %[[X]] : i32
// abs: select(x < 0, 0 - x, x)
// CHECK: ^bb0(%[[X:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[NEG:.*]] = arith.cmpi slt, %[[X]], %[[Z]] : i32
// CHECK-NEXT: %[[Z2:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[M:.*]] = arith.subi %[[Z2]], %[[X]] : i32
// CHECK-NEXT: arith.select %[[NEG]], %[[M]], %[[X]] : i32
// sign
// CHECK: arith.cmpi sgt
// CHECK: arith.cmpi slt
// CHECK: arith.constant -1 : i32
// CHECK: arith.constant 1 : i32
// relu
// CHECK: arith.maxsi %{{.*}}, %{{.*}} : i32
// square
// CHECK: arith.muli %[[X:.*]], %[[X]] : i32
func.func @unary_int(%a: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %0 = kiln.unary "neg", %a : tensor<4xi32>
  %1 = kiln.unary "abs", %a : tensor<4xi32>
  %2 = kiln.unary "sign", %a : tensor<4xi32>
  %3 = kiln.unary "relu", %a : tensor<4xi32>
  %4 = kiln.unary "square", %a : tensor<4xi32>
  return %0, %1, %2, %3, %4 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}

// CHECK-LABEL: func.func @logical_not
// CHECK: ^bb0(%[[X:.*]]: i1, %{{.*}}: i1):
// CHECK-NEXT: %[[T:.*]] = arith.constant true
// CHECK-NEXT: arith.xori %[[X]], %[[T]] : i1
func.func @logical_not(%a: tensor<4xi1>) -> tensor<4xi1> {
  %0 = kiln.unary "logical_not", %a : tensor<4xi1>
  return %0 : tensor<4xi1>
}

//===-- Casts -------------------------------------------------------------===//

// Float to integer truncates toward zero; to bool is "!= 0" (NaN is true);
// bools widen unsigned (true is 1, not -1).
// CHECK-LABEL: func.func @casts
// CHECK: arith.fptosi %{{.*}} : f32 to i32
// CHECK: arith.sitofp %{{.*}} : i32 to f32
// CHECK: arith.uitofp %{{.*}} : i1 to f32
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: arith.cmpf une, %{{.*}}, %[[Z]] : f32
// CHECK: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: arith.cmpi ne, %{{.*}}, %[[Z]] : i32
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK: arith.truncf %{{.*}} : f64 to f32
// CHECK: arith.extsi %{{.*}} : i32 to i64
// CHECK: arith.extui %{{.*}} : i1 to i32
// CHECK: arith.trunci %{{.*}} : i32 to i8
// Cast to the same type is a copy with an empty body.
// CHECK: linalg.generic
// CHECK-SAME: ins(%arg1 : tensor<4xi32>) outs(%{{.*}} : tensor<4xi32>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: linalg.yield %[[X]] : i32
func.func @casts(%f: tensor<4xf32>, %i: tensor<4xi32>, %b: tensor<4xi1>, %d: tensor<4xf64>) {
  %0 = kiln.cast %f : tensor<4xf32> -> tensor<4xi32>
  %1 = kiln.cast %i : tensor<4xi32> -> tensor<4xf32>
  %2 = kiln.cast %b : tensor<4xi1> -> tensor<4xf32>
  %3 = kiln.cast %f : tensor<4xf32> -> tensor<4xi1>
  %4 = kiln.cast %i : tensor<4xi32> -> tensor<4xi1>
  %5 = kiln.cast %f : tensor<4xf32> -> tensor<4xf64>
  %6 = kiln.cast %d : tensor<4xf64> -> tensor<4xf32>
  %7 = kiln.cast %i : tensor<4xi32> -> tensor<4xi64>
  %8 = kiln.cast %b : tensor<4xi1> -> tensor<4xi32>
  %9 = kiln.cast %i : tensor<4xi32> -> tensor<4xi8>
  %10 = kiln.cast %i : tensor<4xi32> -> tensor<4xi32>
  return
}

//===-- Select ------------------------------------------------------------===//

// CHECK-LABEL: func.func @select
// CHECK: linalg.generic {indexing_maps = [#[[COL0]], #[[ID2]], #[[LAST]], #[[ID2]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%arg0, %arg1, %arg2 : tensor<2x1xi1>, tensor<2x3xf32>, tensor<3xf32>) outs(%{{.*}} : tensor<2x3xf32>)
// CHECK-NEXT: ^bb0(%[[C:.*]]: i1, %[[T:.*]]: f32, %[[F:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[S:.*]] = arith.select %[[C]], %[[T]], %[[F]] : f32
// CHECK-NEXT: linalg.yield %[[S]]
func.func @select(%c: tensor<2x1xi1>, %a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = kiln.select %c, %a, %b : (tensor<2x1xi1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

//===-- Reductions --------------------------------------------------------===//

// A float sum over axes 0 and 2 (reduced runs around a kept one) is
// Eigen's generic reducer: per output, the last reduced run outside, the
// first inside, one element at a time.
// CHECK-LABEL: func.func @reduce_sum
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: tensor.generate
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[ZERO]]) -> (f32)
// CHECK: scf.for
// CHECK: arith.addf
// CHECK-NOT: linalg.reduce
// CHECK: return
func.func @reduce_sum(%a: tensor<2x3x4xf32>) -> tensor<3xf32> {
  %0 = kiln.reduce "sum", %a {axes = array<i64: 0, 2>, keepdims = false} : tensor<2x3x4xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// A float sum over one element is a copy of it (TensorFlow drops the
// dimensions of size 1), so -0.0 stays -0.0; with a size known only at run
// time the copy is chosen then.
// CHECK-LABEL: func.func @reduce_sum_of_one
// CHECK: %[[COPY:.*]] = tensor.reshape %arg0
// CHECK: return %[[COPY]]
// CHECK-LABEL: func.func @reduce_sum_run_time_one
// CHECK: %[[SUM:.*]] = tensor.reshape {{.*}} -> tensor<3xf32>
// CHECK: scf.if
// CHECK: tensor.reshape %arg0
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[SUM]]
func.func @reduce_sum_of_one(%a: tensor<3x1xf32>) -> tensor<3xf32> {
  %0 = kiln.reduce "sum", %a {axes = array<i64: 1>, keepdims = false} : tensor<3x1xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @reduce_sum_run_time_one(%a: tensor<3x?xf32>) -> tensor<3xf32> {
  %0 = kiln.reduce "sum", %a {axes = array<i64: 1>, keepdims = false} : tensor<3x?xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// max and min start from the type's extremes (infinities for floats).
// CHECK-LABEL: func.func @reduce_max_min
// CHECK: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: linalg.fill ins(%[[NINF]] : f32)
// CHECK: linalg.reduce
// CHECK: arith.maximumf
// CHECK: %[[PINF:.*]] = arith.constant 0x7F800000 : f32
// CHECK: linalg.fill ins(%[[PINF]] : f32)
// CHECK: linalg.reduce
// CHECK: arith.minimumf
// CHECK: %[[IMIN:.*]] = arith.constant -2147483648 : i32
// CHECK: linalg.fill ins(%[[IMIN]] : i32)
// CHECK: linalg.reduce
// CHECK: arith.maxsi
// CHECK: %[[IMAX:.*]] = arith.constant 2147483647 : i32
// CHECK: linalg.fill ins(%[[IMAX]] : i32)
// CHECK: linalg.reduce
// CHECK: arith.minsi
func.func @reduce_max_min(%a: tensor<2x3xf32>, %b: tensor<2x3xi32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<3xi32>, tensor<3xi32>) {
  %0 = kiln.reduce "max", %a {axes = array<i64: 1>, keepdims = false} : tensor<2x3xf32> -> tensor<2xf32>
  %1 = kiln.reduce "min", %a {axes = array<i64: 1>, keepdims = false} : tensor<2x3xf32> -> tensor<2xf32>
  %2 = kiln.reduce "max", %b {axes = array<i64: 0>, keepdims = false} : tensor<2x3xi32> -> tensor<3xi32>
  %3 = kiln.reduce "min", %b {axes = array<i64: 0>, keepdims = false} : tensor<2x3xi32> -> tensor<3xi32>
  return %0, %1, %2, %3 : tensor<2xf32>, tensor<2xf32>, tensor<3xi32>, tensor<3xi32>
}

// CHECK-LABEL: func.func @reduce_prod_any_all
// A float product multiplies in Eigen's packet order, from ones.
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[ONE]]
// CHECK: arith.mulf
// CHECK-NOT: arith.addf
// CHECK: %[[FALSE:.*]] = arith.constant false
// CHECK: linalg.fill ins(%[[FALSE]] : i1)
// CHECK: linalg.reduce
// CHECK: arith.ori
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: linalg.fill ins(%[[TRUE]] : i1)
// CHECK: linalg.reduce
// CHECK: arith.andi
func.func @reduce_prod_any_all(%a: tensor<2x3xf32>, %b: tensor<4xi1>) -> (tensor<f32>, tensor<i1>, tensor<i1>) {
  %0 = kiln.reduce "prod", %a {axes = array<i64: 0, 1>, keepdims = false} : tensor<2x3xf32> -> tensor<f32>
  %1 = kiln.reduce "any", %b {axes = array<i64: 0>, keepdims = false} : tensor<4xi1> -> tensor<i1>
  %2 = kiln.reduce "all", %b {axes = array<i64: 0>, keepdims = false} : tensor<4xi1> -> tensor<i1>
  return %0, %1, %2 : tensor<f32>, tensor<i1>, tensor<i1>
}

// mean: a sum (in Eigen's order, lower-kiln-to-linalg-eigen-sum.mlir), then
// a division by the number of reduced elements, read from the (here
// dynamic) input dimension at run time.
// CHECK-LABEL: func.func @reduce_mean
// CHECK: tensor.generate
// CHECK: arith.addf
// CHECK: %[[GENERAL:.*]] = tensor.reshape %generated
// CHECK: %[[SUM:.*]] = scf.if
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[GENERAL]]
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x3xf32>
// CHECK: %[[N:.*]] = arith.muli %{{.*}}, %[[D]] : index
// CHECK: %[[N64:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK: %[[NF:.*]] = arith.sitofp %[[N64]] : i64 to f32
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID1]], #[[ID1]]], iterator_types = ["parallel"]} ins(%[[SUM]] : tensor<3xf32>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[Q:.*]] = arith.divf %[[X]], %[[NF]] : f32
// CHECK: return %[[R]]
func.func @reduce_mean(%a: tensor<?x3xf32>) -> tensor<3xf32> {
  %0 = kiln.reduce "mean", %a {axes = array<i64: 0>, keepdims = false} : tensor<?x3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// keepdims: reduce, then tensor.reshape puts the size-1 dimensions back.
// CHECK-LABEL: func.func @reduce_keepdims
// CHECK: %[[R:.*]] = linalg.reduce ins(%arg0 : tensor<2x3xi32>) outs(%{{.*}} : tensor<2xi32>) dimensions = [1]
// CHECK: %[[D0:.*]] = tensor.dim %arg0, %{{.*}} : tensor<2x3xi32>
// CHECK: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: %[[SHAPE:.*]] = tensor.from_elements %[[D0]], %[[ONE]] : tensor<2xindex>
// CHECK: %[[K:.*]] = tensor.reshape %[[R]](%[[SHAPE]]) : (tensor<2xi32>, tensor<2xindex>) -> tensor<2x1xi32>
// CHECK: return %[[K]]
func.func @reduce_keepdims(%a: tensor<2x3xi32>) -> tensor<2x1xi32> {
  %0 = kiln.reduce "sum", %a {axes = array<i64: 1>, keepdims = true} : tensor<2x3xi32> -> tensor<2x1xi32>
  return %0 : tensor<2x1xi32>
}

// argmax: one linalg.generic with two outputs (best value, its index), the
// axis as a reduction iterator; a strictly greater value wins, so the first
// of equal values is kept. The index output is the result.
// CHECK-LABEL: func.func @argmax
// CHECK: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[BEST:.*]] = linalg.fill ins(%[[NINF]] : f32) outs(%{{.*}} : tensor<2xf32>)
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK: %[[IDX:.*]] = linalg.fill ins(%[[ZERO]] : i64) outs(%{{.*}} : tensor<2xi64>)
// CHECK: %[[G:.*]]:2 = linalg.generic {indexing_maps = [#[[ID2]], #[[FIRST]], #[[FIRST]]], iterator_types = ["parallel", "reduction"]}
// CHECK-SAME: ins(%arg0 : tensor<2x3xf32>) outs(%[[BEST]], %[[IDX]] : tensor<2xf32>, tensor<2xi64>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[CUR:.*]]: f32, %[[CURI:.*]]: i64):
// CHECK-NEXT: %[[I:.*]] = linalg.index 1 : index
// CHECK-NEXT: %[[II:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[X]], %[[CUR]] : f32
// CHECK-NEXT: %[[V:.*]] = arith.select %[[GT]], %[[X]], %[[CUR]] : f32
// CHECK-NEXT: %[[VI:.*]] = arith.select %[[GT]], %[[II]], %[[CURI]] : i64
// CHECK-NEXT: linalg.yield %[[V]], %[[VI]] : f32, i64
// CHECK: return %[[G]]#1 : tensor<2xi64>
func.func @argmax(%a: tensor<2x3xf32>) -> tensor<2xi64> {
  %0 = kiln.arg_reduce "max", %a {axis = 1} : tensor<2x3xf32> -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// CHECK-LABEL: func.func @argmin
// CHECK: %[[IMAX:.*]] = arith.constant 2147483647 : i32
// CHECK: linalg.fill ins(%[[IMAX]] : i32) outs(%{{.*}} : tensor<i32>)
// CHECK: %[[G:.*]]:2 = linalg.generic {indexing_maps = [#[[ID1]], #[[SCALAR1]], #[[SCALAR1]]], iterator_types = ["reduction"]}
// CHECK: linalg.index 0 : index
// CHECK: arith.index_cast %{{.*}} : index to i32
// CHECK: arith.cmpi slt
// CHECK: return %[[G]]#1 : tensor<i32>
func.func @argmin(%a: tensor<?xi32>) -> tensor<i32> {
  %0 = kiln.arg_reduce "min", %a {axis = 0} : tensor<?xi32> -> tensor<i32>
  return %0 : tensor<i32>
}

//===-- Matrix products ---------------------------------------------------===//

// float32 with both result dimensions above 1: Eigen's GEBP order, one fma
// per k, k ascending for each element. The loops are m, k, n: the
// innermost runs along rows of the result and of rhs.
// CHECK-LABEL: func.func @matmul
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x4xf32>
// CHECK: %[[ACC:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E]] : tensor<2x4xf32>)
// CHECK: %[[P:.*]] = linalg.generic {indexing_maps = [{{.*}}], iterator_types = ["parallel", "reduction", "parallel"]} ins(%arg0, %arg1 : tensor<2x3xf32>, tensor<3x4xf32>) outs(%[[ACC]] : tensor<2x4xf32>)
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[S:.*]]: f32):
// CHECK-NEXT: %[[F:.*]] = math.fma %[[X]], %[[Y]], %[[S]] : f32
// CHECK-NEXT: linalg.yield %[[F]]
// CHECK: return %[[P]]
func.func @matmul(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = kiln.matmul %a, %b : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// A float32 matrix-vector product is Eigen's GEMV (passes/EigenMatVec.h):
// each element finds the block TensorFlow's parallel kernel puts it in (the
// scf.while), then sums rounded products in that block's kernel's order,
// with no fma.
// CHECK-LABEL: func.func @matvec
// CHECK: tensor.generate
// CHECK: scf.while
// CHECK-NOT: math.fma
// CHECK: arith.mulf
// CHECK-NOT: math.fma
// CHECK: return
func.func @matvec(%a: tensor<2x3xf32>, %b: tensor<3x1xf32>) -> tensor<2x1xf32> {
  %0 = kiln.matmul %a, %b : (tensor<2x3xf32>, tensor<3x1xf32>) -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// float64 matrix-vector products take Eigen's kernels (EigenGemm64.h):
// here a tiny product with only b transposed, whose recipe (1) is Eigen's
// vectorized redux.
// CHECK-LABEL: func.func @matvec_f64
// CHECK: arith.constant dense<1> : tensor<2xi8>
// CHECK-NOT: linalg.matmul
func.func @matvec_f64(%a: tensor<2x3xf64>, %b: tensor<3x1xf64>) -> tensor<2x1xf64> {
  %0 = kiln.matmul %a, %b {rhs_transposed} : (tensor<2x3xf64>, tensor<3x1xf64>) -> tensor<2x1xf64>
  return %0 : tensor<2x1xf64>
}

// Dynamic M from the left operand, dynamic N from the right one.
// CHECK-LABEL: func.func @matmul_dynamic
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[M:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x3xi32>
// CHECK: %[[N:.*]] = tensor.dim %arg1, %{{.*}} : tensor<3x?xi32>
// CHECK: %[[E:.*]] = tensor.empty(%[[M]], %[[N]]) : tensor<?x?xi32>
// CHECK: linalg.fill ins(%[[ZERO]] : i32) outs(%[[E]] : tensor<?x?xi32>)
// CHECK: linalg.matmul ins(%arg0, %arg1 : tensor<?x3xi32>, tensor<3x?xi32>)
func.func @matmul_dynamic(%a: tensor<?x3xi32>, %b: tensor<3x?xi32>) -> tensor<?x?xi32> {
  %0 = kiln.matmul %a, %b : (tensor<?x3xi32>, tensor<3x?xi32>) -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}

// Batched: the batch dimensions are folded into one by tensor.reshape,
// multiplied, and unfolded. Several small float32 matrices take
// TensorFlow's sequential kernel: an Eigen product per matrix, each element
// computed in its order by a tensor.generate.
// CHECK-LABEL: func.func @batch_matmul
// CHECK: %[[L:.*]] = tensor.reshape %arg0(%{{.*}}) : (tensor<5x2x3xf32>, tensor<3xindex>) -> tensor<5x2x3xf32>
// CHECK: %[[R:.*]] = tensor.reshape %arg1(%{{.*}}) : (tensor<5x3x4xf32>, tensor<3xindex>) -> tensor<5x3x4xf32>
// CHECK-NOT: linalg.batch_matmul
// CHECK: %[[P:.*]] = tensor.generate
// CHECK: tensor.extract %[[L]]
// CHECK: tensor.extract %[[R]]
// CHECK: %[[OUT:.*]] = tensor.reshape %[[P]](%{{.*}}) : (tensor<5x2x4xf32>, tensor<3xindex>) -> tensor<5x2x4xf32>
// CHECK: return %[[OUT]]
func.func @batch_matmul(%a: tensor<5x2x3xf32>, %b: tensor<5x3x4xf32>) -> tensor<5x2x4xf32> {
  %0 = kiln.matmul %a, %b : (tensor<5x2x3xf32>, tensor<5x3x4xf32>) -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}

// One float32 matrix with every size above 1 takes the parallel kernel
// (Eigen's contraction): a chain of fused multiply-adds per element, the
// batch loop outermost.
// CHECK-LABEL: func.func @batch_matmul_parallel
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction", "parallel"]
// CHECK: math.fma
// CHECK-NOT: tensor.generate
func.func @batch_matmul_parallel(%a: tensor<1x2x3xf32>, %b: tensor<1x3x4xf32>) -> tensor<1x2x4xf32> {
  %0 = kiln.matmul %a, %b : (tensor<1x2x3xf32>, tensor<1x3x4xf32>) -> tensor<1x2x4xf32>
  return %0 : tensor<1x2x4xf32>
}

// A batch known only at run time: the kernel is chosen then.
// CHECK-LABEL: func.func @batch_matmul_dynamic
// CHECK: scf.if
// CHECK: math.fma
// CHECK: } else {
// CHECK: tensor.generate
func.func @batch_matmul_dynamic(%a: tensor<?x2x3xf32>, %b: tensor<?x3x4xf32>) -> tensor<?x2x4xf32> {
  %0 = kiln.matmul %a, %b : (tensor<?x2x3xf32>, tensor<?x3x4xf32>) -> tensor<?x2x4xf32>
  return %0 : tensor<?x2x4xf32>
}

// CHECK-LABEL: func.func @batch_matmul_rank4
// CHECK: %[[D0:.*]] = tensor.dim %arg0, %{{.*}} : tensor<6x5x4x3xf16>
// CHECK: %[[B0:.*]] = arith.muli %{{.*}}, %[[D0]] : index
// CHECK: %[[D1:.*]] = tensor.dim %arg0, %{{.*}} : tensor<6x5x4x3xf16>
// CHECK: %[[B:.*]] = arith.muli %[[B0]], %[[D1]] : index
// CHECK: tensor.from_elements %[[B]], %{{.*}}, %{{.*}} : tensor<3xindex>
// CHECK: %[[L:.*]] = tensor.reshape %arg0(%{{.*}}) : (tensor<6x5x4x3xf16>, tensor<3xindex>) -> tensor<30x4x3xf16>
// CHECK: %[[R:.*]] = tensor.reshape %arg1(%{{.*}}) : (tensor<6x5x3x2xf16>, tensor<3xindex>) -> tensor<30x3x2xf16>
// CHECK: %[[P:.*]] = linalg.batch_matmul ins(%[[L]], %[[R]] : tensor<30x4x3xf16>, tensor<30x3x2xf16>) outs(%{{.*}} : tensor<30x4x2xf16>)
// CHECK: tensor.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<4xindex>
// CHECK: %[[OUT:.*]] = tensor.reshape %[[P]](%{{.*}}) : (tensor<30x4x2xf16>, tensor<4xindex>) -> tensor<6x5x4x2xf16>
// CHECK: return %[[OUT]]
func.func @batch_matmul_rank4(%a: tensor<6x5x4x3xf16>, %b: tensor<6x5x3x2xf16>) -> tensor<6x5x4x2xf16> {
  %0 = kiln.matmul %a, %b : (tensor<6x5x4x3xf16>, tensor<6x5x3x2xf16>) -> tensor<6x5x4x2xf16>
  return %0 : tensor<6x5x4x2xf16>
}

//===-- Data movement -----------------------------------------------------===//

// CHECK-LABEL: func.func @transpose
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x2x3xf32>
// CHECK: %[[T:.*]] = linalg.transpose ins(%arg0 : tensor<2x3x4xf32>) outs(%[[E]] : tensor<4x2x3xf32>) permutation = [2, 0, 1]
// CHECK: return %[[T]]
func.func @transpose(%a: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %0 = kiln.transpose %a, [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
  return %0 : tensor<4x2x3xf32>
}

// A dynamic result dimension i takes the input's dimension perm[i].
// CHECK-LABEL: func.func @transpose_dynamic
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[D:.*]] = tensor.dim %arg0, %[[C1]] : tensor<2x?xf32>
// CHECK: %[[E:.*]] = tensor.empty(%[[D]]) : tensor<?x2xf32>
// CHECK: linalg.transpose ins(%arg0 : tensor<2x?xf32>) outs(%[[E]] : tensor<?x2xf32>) permutation = [1, 0]
func.func @transpose_dynamic(%a: tensor<2x?xf32>) -> tensor<?x2xf32> {
  %0 = kiln.transpose %a, [1, 0] : tensor<2x?xf32> -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// CHECK-LABEL: func.func @reshape
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[SHAPE:.*]] = tensor.from_elements %[[C3]], %[[C2]] : tensor<2xindex>
// CHECK: %[[R:.*]] = tensor.reshape %arg0(%[[SHAPE]]) : (tensor<2x3xf32>, tensor<2xindex>) -> tensor<3x2xf32>
// CHECK: return %[[R]]
func.func @reshape(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = kiln.reshape %a : tensor<2x3xf32> -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// The one dynamic result dimension is the element count over the others.
// CHECK-LABEL: func.func @reshape_dynamic
// CHECK: %[[D0:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x4xf32>
// CHECK: %[[N0:.*]] = arith.muli %{{.*}}, %[[D0]] : index
// CHECK: %[[D1:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x4xf32>
// CHECK: %[[N:.*]] = arith.muli %[[N0]], %[[D1]] : index
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[KNOWN:.*]] = arith.constant 2 : index
// CHECK: %[[Q:.*]] = arith.divui %[[N]], %[[KNOWN]] : index
// CHECK: %[[SHAPE:.*]] = tensor.from_elements %[[C2]], %[[Q]] : tensor<2xindex>
// CHECK: tensor.reshape %arg0(%[[SHAPE]]) : (tensor<?x4xf32>, tensor<2xindex>) -> tensor<2x?xf32>
func.func @reshape_dynamic(%a: tensor<?x4xf32>) -> tensor<2x?xf32> {
  %0 = kiln.reshape %a : tensor<?x4xf32> -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}

// CHECK-LABEL: func.func @reshape_to_scalar
// CHECK: %[[SHAPE:.*]] = tensor.from_elements  : tensor<0xindex>
// CHECK: tensor.reshape %arg0(%[[SHAPE]]) : (tensor<1xi64>, tensor<0xindex>) -> tensor<i64>
func.func @reshape_to_scalar(%a: tensor<1xi64>) -> tensor<i64> {
  %0 = kiln.reshape %a : tensor<1xi64> -> tensor<i64>
  return %0 : tensor<i64>
}

// CHECK-LABEL: func.func @slice
// CHECK: %[[S:.*]] = tensor.extract_slice %arg0[1, 2] [3, 2] [2, 1] : tensor<8x5xf32> to tensor<3x2xf32>
// CHECK: return %[[S]]
func.func @slice(%a: tensor<8x5xf32>) -> tensor<3x2xf32> {
  %0 = kiln.slice %a {offsets = array<i64: 1, 2>, sizes = array<i64: 3, 2>, strides = array<i64: 2, 1>} : tensor<8x5xf32> -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// A size of -1 takes the whole dimension, read at run time.
// CHECK-LABEL: func.func @slice_whole_dynamic_dim
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[D:.*]] = tensor.dim %arg0, %[[C1]] : tensor<8x?xf32>
// CHECK: tensor.extract_slice %arg0[1, 0] [3, %[[D]]] [2, 1] : tensor<8x?xf32> to tensor<3x?xf32>
func.func @slice_whole_dynamic_dim(%a: tensor<8x?xf32>) -> tensor<3x?xf32> {
  %0 = kiln.slice %a {offsets = array<i64: 1, 0>, sizes = array<i64: 3, -1>, strides = array<i64: 2, 1>} : tensor<8x?xf32> -> tensor<3x?xf32>
  return %0 : tensor<3x?xf32>
}

// concat: each input is inserted into one tensor.empty at a running offset.
// CHECK-LABEL: func.func @concat
// CHECK: %[[E:.*]] = tensor.empty() : tensor<6x3xf32>
// CHECK: %[[O0:.*]] = arith.constant 0 : index
// CHECK: %[[I0:.*]] = tensor.insert_slice %arg0 into %[[E]][%[[O0]], 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<6x3xf32>
// CHECK: %[[D0:.*]] = tensor.dim %arg0, %{{.*}} : tensor<2x3xf32>
// CHECK: %[[O1:.*]] = arith.addi %[[O0]], %[[D0]] : index
// CHECK: %[[I1:.*]] = tensor.insert_slice %arg1 into %[[I0]][%[[O1]], 0] [4, 3] [1, 1] : tensor<4x3xf32> into tensor<6x3xf32>
// CHECK: return %[[I1]]
func.func @concat(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) -> tensor<6x3xf32> {
  %0 = kiln.concat %a, %b {axis = 0} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
  return %0 : tensor<6x3xf32>
}

// A dynamic concatenated dimension is the sum of the inputs' sizes.
// CHECK-LABEL: func.func @concat_dynamic
// CHECK: %[[DA:.*]] = tensor.dim %arg0, %{{.*}} : tensor<2x?xi32>
// CHECK: %[[S0:.*]] = arith.addi %{{.*}}, %[[DA]] : index
// CHECK: %[[DB:.*]] = tensor.dim %arg1, %{{.*}} : tensor<2x3xi32>
// CHECK: %[[S:.*]] = arith.addi %[[S0]], %[[DB]] : index
// CHECK: %[[E:.*]] = tensor.empty(%[[S]]) : tensor<2x?xi32>
// CHECK: %[[I0:.*]] = tensor.insert_slice %arg0 into %[[E]][0, %{{.*}}] [2, %{{.*}}] [1, 1] : tensor<2x?xi32> into tensor<2x?xi32>
// CHECK: %[[I1:.*]] = tensor.insert_slice %arg1 into %[[I0]][0, %{{.*}}] [2, 3] [1, 1] : tensor<2x3xi32> into tensor<2x?xi32>
// CHECK: return %[[I1]]
func.func @concat_dynamic(%a: tensor<2x?xi32>, %b: tensor<2x3xi32>) -> tensor<2x?xi32> {
  %0 = kiln.concat %a, %b {axis = 1} : (tensor<2x?xi32>, tensor<2x3xi32>) -> tensor<2x?xi32>
  return %0 : tensor<2x?xi32>
}

//===-- Constants and identity --------------------------------------------===//

// CHECK-LABEL: func.func @constant_and_identity
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: return %[[C]], %arg0 : tensor<2xf32>, tensor<2xf32>
func.func @constant_and_identity(%a: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %0 = kiln.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = kiln.identity %a : tensor<2xf32>
  return %0, %1 : tensor<2xf32>, tensor<2xf32>
}

// row_packets: the packet form for the first n - n % 8 elements of each
// row of the last dimension (here 8 of 10), not of the whole tensor.
// scalar_form: libm's function for every element.
// CHECK-LABEL: func.func @unary_forms
// CHECK: %[[TAIL:.*]] = arith.remui %c10, %c8 : index
// CHECK: %[[END:.*]] = arith.subi %c10, %[[TAIL]] : index
// CHECK: linalg.generic
// CHECK: %[[COL:.*]] = linalg.index 1 : index
// CHECK: arith.cmpi ult, %[[COL]], %[[END]] : index
// CHECK: linalg.generic
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[L:.*]] = math.log %[[X]] : f32
// CHECK-NEXT: linalg.yield %[[L]]
func.func @unary_forms(%a: tensor<4x10xf32>) -> (tensor<4x10xf32>, tensor<4x10xf32>) {
  %0 = kiln.unary "exp", %a {row_packets} : tensor<4x10xf32>
  %1 = kiln.unary "log", %a {scalar_form} : tensor<4x10xf32>
  return %0, %1 : tensor<4x10xf32>, tensor<4x10xf32>
}

// packet_block: each element's run (the whole tensor, a piece of a long
// row, or a run of whole rows) decides its packets; the position within
// the run is compared against the run's length rounded down to 8.
// CHECK-LABEL: func.func @unary_packet_block
// CHECK: linalg.generic
// CHECK: arith.ceildivui %c6956, %c10
// CHECK: arith.cmpi ule, %{{.*}}, %c6956
// CHECK: arith.cmpi ult
func.func @unary_packet_block(%a: tensor<4x10xf32>) -> tensor<4x10xf32> {
  %0 = kiln.unary "exp", %a {packet_block = 6956 : i64} : tensor<4x10xf32>
  return %0 : tensor<4x10xf32>
}
