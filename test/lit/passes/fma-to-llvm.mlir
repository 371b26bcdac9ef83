// --kiln-fma-to-llvm: a fused multiply-add becomes LLVM's fma intrinsic
// (the processor's FMA instruction, vectorizable), not the libm call that
// convert-math-to-libm would make of it; vectors too.
// RUN: %kiln-opt %s --kiln-fma-to-llvm | FileCheck %s
// RUN: %kiln-opt %s --kiln-fma-to-llvm --convert-math-to-libm | FileCheck %s --check-prefix=LIBM

// CHECK-LABEL: func.func @scalar
// CHECK: %[[F:.*]] = llvm.intr.fma(%arg0, %arg1, %arg2) {{ *}}: (f32, f32, f32) -> f32
// CHECK-NEXT: return %[[F]]
// LIBM-NOT: fmaf
func.func @scalar(%a: f32, %b: f32, %c: f32) -> f32 {
  %0 = math.fma %a, %b, %c : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @vector
// CHECK: llvm.intr.fma(%arg0, %arg1, %arg2) {{ *}}: (vector<8xf64>, vector<8xf64>, vector<8xf64>) -> vector<8xf64>
// CHECK-NOT: math.fma
func.func @vector(%a: vector<8xf64>, %b: vector<8xf64>, %c: vector<8xf64>) -> vector<8xf64> {
  %0 = math.fma %a, %b, %c : vector<8xf64>
  return %0 : vector<8xf64>
}
