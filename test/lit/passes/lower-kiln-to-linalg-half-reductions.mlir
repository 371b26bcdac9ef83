// Products (and sums) of 16-bit floats carry their partial results as
// float32, each rounded to the element type after every step, and round to
// the element type once at the end: loop-carried bfloat16 values made
// LLVM 19's x86 code generator emit wrong products in some JIT runs.
// RUN: %kiln-opt %s --kiln-lower-to-linalg="avx512=yes" | FileCheck %s

// CHECK-LABEL: func.func @reduce_prod_bf16
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[ONE]]{{.*}} -> (f32,
// CHECK: %[[X:.*]] = arith.extf %{{.*}} : bf16 to f32
// CHECK-NEXT: %[[P:.*]] = arith.mulf %{{.*}}, %[[X]] : f32
// CHECK-NEXT: %[[R:.*]] = arith.truncf %[[P]] : f32 to bf16
// CHECK-NEXT: arith.extf %[[R]] : bf16 to f32
// CHECK-NOT: -> ({{.*}}bf16
// CHECK: tensor.from_elements %{{.*}} : tensor<1xbf16>
func.func @reduce_prod_bf16(%a: tensor<65xbf16>) -> tensor<bf16> {
  %0 = kiln.reduce "prod", %a {axes = array<i64: 0>, keepdims = false} : tensor<65xbf16> -> tensor<bf16>
  return %0 : tensor<bf16>
}

// CHECK-LABEL: func.func @reduce_sum_f16
// A float16 sum's tree (an scf.while over a stack of ranges) carries
// float32 partial sums too.
// CHECK: scf.while ({{.*}}) : ({{.*}}tensor<64xf32>, f32, i1)
// CHECK: scf.for {{.*}} -> (f32,
// CHECK: arith.addf %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: arith.truncf %{{.*}} : f32 to f16
// CHECK-NOT: -> ({{.*}}f16
// CHECK: tensor.from_elements %{{.*}} : tensor<1xf16>
func.func @reduce_sum_f16(%a: tensor<40xf16>) -> tensor<f16> {
  %0 = kiln.reduce "sum", %a {axes = array<i64: 0>, keepdims = false} : tensor<40xf16> -> tensor<f16>
  return %0 : tensor<f16>
}
