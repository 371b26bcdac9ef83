// --kiln-guard-allocation-sizes: an allocation with sizes known at run time
// gets its byte size multiplied out with overflow checks; on overflow its
// first size asks for about 2^63 bytes (malloc refuses) and the others for
// 1. Static allocations with elements, and ones whose elements have no
// bytes, stay.
// RUN: %kiln-opt %s --kiln-guard-allocation-sizes | FileCheck %s

// CHECK-LABEL: func.func @two_dynamic
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[STATIC:.*]] = arith.constant 12 : i64
// CHECK: %[[N:.*]] = arith.index_castui %arg0 : index to i64
// CHECK: %[[LO:.*]], %[[HI:.*]] = arith.mului_extended %[[STATIC]], %[[N]] : i64
// CHECK: arith.cmpi ne, %[[HI]], %[[ZERO]] : i64
// CHECK: arith.cmpi slt, %[[LO]], %[[ZERO]] : i64
// CHECK: %[[M:.*]] = arith.index_castui %arg1 : index to i64
// CHECK: arith.mului_extended %[[LO]], %[[M]] : i64
// CHECK: arith.ori
// CHECK: %[[OVERFLOW:.*]] = arith.ori
// CHECK: %[[HUGE:.*]] = arith.constant 768614336404564650 : index
// CHECK: %[[FIRST:.*]] = arith.select %[[OVERFLOW]], %[[HUGE]], %arg0 : index
// CHECK: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: %[[SECOND:.*]] = arith.select %[[OVERFLOW]], %[[ONE]], %arg1 : index
// CHECK: memref.alloc(%[[FIRST]], %[[SECOND]]) : memref<?x3x?xf32>
func.func @two_dynamic(%n: index, %m: index) -> memref<?x3x?xf32> {
  %0 = memref.alloc(%n, %m) : memref<?x3x?xf32>
  return %0 : memref<?x3x?xf32>
}

// CHECK-LABEL: func.func @static
// CHECK-NOT: arith.mului_extended
// CHECK: memref.alloc() : memref<4x8xi64>
func.func @static() -> memref<4x8xi64> {
  %0 = memref.alloc() : memref<4x8xi64>
  return %0 : memref<4x8xi64>
}

// CHECK-LABEL: func.func @empty_elements
// CHECK-NOT: arith.mului_extended
// CHECK: memref.alloc(%arg0) : memref<?x0xf32>
func.func @empty_elements(%n: index) -> memref<?x0xf32> {
  %0 = memref.alloc(%n) : memref<?x0xf32>
  return %0 : memref<?x0xf32>
}

// A static allocation with no elements allocates nothing: a memref<0xT>
// reinterpreted to its type (finalize-memref-to-llvm would size it from its
// leading dimensions, 32 GiB here); the strides past its zero dimension are
// dynamic operands.
// CHECK-LABEL: func.func @static_no_elements
// CHECK: %[[FLAT:.*]] = memref.alloc() {alignment = 64 : i64} : memref<0xf32>
// CHECK: memref.reinterpret_cast %[[FLAT]] to offset: [0], sizes: [8589934592, 0], strides: [%{{.*}}, 1] : memref<0xf32> to memref<8589934592x0xf32>
// CHECK-NOT: memref.alloc() {{.*}}memref<8589934592x0xf32>
func.func @static_no_elements() -> memref<8589934592x0xf32> {
  %0 = memref.alloc() {alignment = 64 : i64} : memref<8589934592x0xf32>
  return %0 : memref<8589934592x0xf32>
}
