// --kiln-widen-half-floats computes each float16 and bfloat16 op in f32 and
// rounds its result back, so a fused chain keeps the rounding after every
// op (x * y + z is not one f32 expression). Each 16-bit value is extended
// once, where it is defined, and extensions already there are reused.
// RUN: %kiln-opt %s --kiln-widen-half-floats | FileCheck %s

// CHECK-LABEL: func.func @chain
// CHECK-SAME: (%[[X:.*]]: bf16, %[[Y:.*]]: bf16, %[[Z:.*]]: bf16)
// CHECK-DAG: %[[XW:.*]] = arith.extf %[[X]] : bf16 to f32
// CHECK-DAG: %[[YW:.*]] = arith.extf %[[Y]] : bf16 to f32
// CHECK-DAG: %[[ZW:.*]] = arith.extf %[[Z]] : bf16 to f32
// CHECK: %[[P:.*]] = arith.mulf %[[XW]], %[[YW]] : f32
// CHECK-NEXT: %[[PH:.*]] = arith.truncf %[[P]] : f32 to bf16
// CHECK-NEXT: %[[PW:.*]] = arith.extf %[[PH]] : bf16 to f32
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[PW]], %[[ZW]] : f32
// CHECK-NEXT: %[[SH:.*]] = arith.truncf %[[S]] : f32 to bf16
// CHECK-NEXT: return %[[SH]]
func.func @chain(%x: bf16, %y: bf16, %z: bf16) -> bf16 {
  %p = arith.mulf %x, %y : bf16
  %s = arith.addf %p, %z : bf16
  return %s : bf16
}

// A math op on float16, a comparison and a select; the two extensions of
// %x that were there become one.
// CHECK-LABEL: func.func @math
// CHECK-SAME: (%[[X:.*]]: f16)
// CHECK-NEXT: %[[XW:.*]] = arith.extf %[[X]] : f16 to f32
// CHECK-NOT: arith.extf %[[X]]
// CHECK: %[[E:.*]] = math.exp %[[XW]] : f32
// CHECK-NEXT: %[[EH:.*]] = arith.truncf %[[E]] : f32 to f16
// CHECK: arith.cmpf olt, %[[XW]], %{{.*}} : f32
// CHECK: %[[SEL:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: arith.truncf %[[SEL]] : f32 to f16
func.func @math(%x: f16) -> (f16, f32, f32) {
  %e = math.exp %x : f16
  %a = arith.extf %x : f16 to f32
  %b = arith.extf %x : f16 to f32
  %c = arith.cmpf olt, %x, %e : f16
  %m = arith.select %c, %x, %e : f16
  return %m, %a, %b : f16, f32, f32
}
