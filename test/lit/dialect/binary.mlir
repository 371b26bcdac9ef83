// The elementwise arithmetic ops (add, sub, mul, div, floordiv, floormod,
// pow, maximum, minimum, logical_and, logical_or): round-trip, the inferred
// broadcast result type, and the verifier's rejections.
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics | %kiln-opt -split-input-file | FileCheck %s
// RUN: %kiln-opt %s -split-input-file -verify-diagnostics -mlir-print-op-generic | %kiln-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @every_op_float
// CHECK: kiln.add %arg0, %arg1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: kiln.sub %arg0, %arg1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: kiln.mul %arg0, %arg1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: kiln.div %arg0, %arg1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: kiln.floordiv %arg0, %arg1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: kiln.floormod %arg0, %arg1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: kiln.pow %arg0, %arg1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: kiln.maximum %arg0, %arg1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: kiln.minimum %arg0, %arg1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @every_op_float(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) {
  %0 = kiln.add %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = kiln.sub %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = kiln.mul %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = kiln.div %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = kiln.floordiv %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = kiln.floormod %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %6 = kiln.pow %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %7 = kiln.maximum %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %8 = kiln.minimum %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// CHECK-LABEL: func.func @every_op_int
// CHECK: kiln.add %arg0, %arg1 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK: kiln.sub %arg0, %arg1 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK: kiln.mul %arg0, %arg1 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK: kiln.div %arg0, %arg1 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK: kiln.floordiv %arg0, %arg1 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK: kiln.floormod %arg0, %arg1 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK: kiln.pow %arg0, %arg1 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK: kiln.maximum %arg0, %arg1 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK: kiln.minimum %arg0, %arg1 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
func.func @every_op_int(%a: tensor<4xi32>, %b: tensor<4xi32>) {
  %0 = kiln.add %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %1 = kiln.sub %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %2 = kiln.mul %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %3 = kiln.div %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %4 = kiln.floordiv %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %5 = kiln.floormod %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %6 = kiln.pow %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %7 = kiln.maximum %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %8 = kiln.minimum %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}

// CHECK-LABEL: func.func @logical
// CHECK: kiln.logical_and %arg0, %arg1 : (tensor<2x3xi1>, tensor<3xi1>) -> tensor<2x3xi1>
// CHECK: kiln.logical_or %arg1, %arg0 : (tensor<3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
func.func @logical(%a: tensor<2x3xi1>, %b: tensor<3xi1>) {
  %0 = kiln.logical_and %a, %b : (tensor<2x3xi1>, tensor<3xi1>) -> tensor<2x3xi1>
  %1 = kiln.logical_or %b, %a : (tensor<3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  return
}

// NumPy broadcasting: missing leading dimensions, size-1 dimensions on
// either side, rank-0 operands, and unknown sizes (an unknown size against a
// known one takes the known one; against 1 it stays unknown).
// CHECK-LABEL: func.func @broadcasting
// CHECK: kiln.add %arg0, %arg1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: kiln.mul %arg1, %arg0 : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: kiln.sub %arg2, %arg3 : (tensor<2x1xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
// CHECK: kiln.div %arg4, %arg0 : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: kiln.maximum %arg5, %arg3 : (tensor<?x3xf32>, tensor<1x3xf32>) -> tensor<?x3xf32>
// CHECK: kiln.minimum %arg5, %arg0 : (tensor<?x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: kiln.pow %arg3, %arg6 : (tensor<1x3xf32>, tensor<4x?xf32>) -> tensor<4x3xf32>
// CHECK: kiln.floordiv %arg6, %arg6 : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
// CHECK: kiln.floormod %arg4, %arg4 : (tensor<f32>, tensor<f32>) -> tensor<f32>
func.func @broadcasting(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %c: tensor<2x1xf32>, %d: tensor<1x3xf32>,
                        %s: tensor<f32>, %e: tensor<?x3xf32>, %f: tensor<4x?xf32>) {
  %0 = kiln.add %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = kiln.mul %b, %a : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = kiln.sub %c, %d : (tensor<2x1xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  %3 = kiln.div %s, %a : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = kiln.maximum %e, %d : (tensor<?x3xf32>, tensor<1x3xf32>) -> tensor<?x3xf32>
  %5 = kiln.minimum %e, %a : (tensor<?x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %6 = kiln.pow %d, %f : (tensor<1x3xf32>, tensor<4x?xf32>) -> tensor<4x3xf32>
  %7 = kiln.floordiv %f, %f : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
  %8 = kiln.floormod %s, %s : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return
}

// Every TensorFlow dtype kiln compiles.
// CHECK-LABEL: func.func @element_types
// CHECK: kiln.add %arg0, %arg0 : (tensor<2xf16>, tensor<2xf16>) -> tensor<2xf16>
// CHECK: kiln.add %arg1, %arg1 : (tensor<2xbf16>, tensor<2xbf16>) -> tensor<2xbf16>
// CHECK: kiln.add %arg2, %arg2 : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xf64>
// CHECK: kiln.add %arg3, %arg3 : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi8>
// CHECK: kiln.add %arg4, %arg4 : (tensor<2xi16>, tensor<2xi16>) -> tensor<2xi16>
// CHECK: kiln.add %arg5, %arg5 : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
func.func @element_types(%a: tensor<2xf16>, %b: tensor<2xbf16>, %c: tensor<2xf64>, %d: tensor<2xi8>, %e: tensor<2xi16>, %f: tensor<2xi64>) {
  %0 = kiln.add %a, %a : (tensor<2xf16>, tensor<2xf16>) -> tensor<2xf16>
  %1 = kiln.add %b, %b : (tensor<2xbf16>, tensor<2xbf16>) -> tensor<2xbf16>
  %2 = kiln.add %c, %c : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xf64>
  %3 = kiln.add %d, %d : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi8>
  %4 = kiln.add %e, %e : (tensor<2xi16>, tensor<2xi16>) -> tensor<2xi16>
  %5 = kiln.add %f, %f : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
  return
}

// -----

func.func @incompatible_shapes(%a: tensor<2x3xf32>, %b: tensor<4xf32>) {
  // expected-error @+2 {{incompatible shapes: [2,3] vs. [4]}}
  // expected-error @+1 {{'kiln.add' op failed to infer returned types}}
  %0 = kiln.add %a, %b : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @incompatible_leading_shapes(%a: tensor<2x?xi32>, %b: tensor<3x1xi32>) {
  // expected-error @+2 {{incompatible shapes: [2,?] vs. [3,1]}}
  // expected-error @+1 {{'kiln.floormod' op failed to infer returned types}}
  %0 = kiln.floormod %a, %b : (tensor<2x?xi32>, tensor<3x1xi32>) -> tensor<2x?xi32>
  return
}

// -----

func.func @incompatible_shapes_logical(%a: tensor<2xi1>, %b: tensor<3xi1>) {
  // expected-error @+2 {{incompatible shapes: [2] vs. [3]}}
  // expected-error @+1 {{'kiln.logical_or' op failed to infer returned types}}
  %0 = kiln.logical_or %a, %b : (tensor<2xi1>, tensor<3xi1>) -> tensor<3xi1>
  return
}

// -----

func.func @mismatched_element_types(%a: tensor<2x3xf32>, %b: tensor<3xi32>) {
  // expected-error @+1 {{'kiln.add' op operands have different element types: 'f32' and 'i32'}}
  %0 = kiln.add %a, %b : (tensor<2x3xf32>, tensor<3xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @mismatched_float_widths(%a: tensor<3xf32>, %b: tensor<3xf64>) {
  // expected-error @+1 {{'kiln.mul' op operands have different element types: 'f32' and 'f64'}}
  %0 = kiln.mul %a, %b : (tensor<3xf32>, tensor<3xf64>) -> tensor<3xf32>
  return
}

// -----

func.func @mismatched_int_widths(%a: tensor<3xi32>, %b: tensor<3xi64>) {
  // expected-error @+1 {{'kiln.pow' op operands have different element types: 'i32' and 'i64'}}
  %0 = kiln.pow %a, %b : (tensor<3xi32>, tensor<3xi64>) -> tensor<3xi32>
  return
}

// -----

func.func @mismatched_element_types_div(%a: tensor<3xf16>, %b: tensor<3xbf16>) {
  // expected-error @+1 {{'kiln.div' op operands have different element types: 'f16' and 'bf16'}}
  %0 = kiln.div %a, %b : (tensor<3xf16>, tensor<3xbf16>) -> tensor<3xf16>
  return
}

// -----

func.func @mismatched_element_types_logical(%a: tensor<3xi1>, %b: tensor<3xi8>) {
  // expected-error @+1 {{'kiln.logical_and' op operands have different element types: 'i1' and 'i8'}}
  %0 = kiln.logical_and %a, %b : (tensor<3xi1>, tensor<3xi8>) -> tensor<3xi1>
  return
}

// -----

func.func @result_shape_not_the_broadcast(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+2 {{'kiln.sub' op inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<2x4xf32>'}}
  // expected-error @+1 {{'kiln.sub' op failed to infer returned types}}
  %0 = kiln.sub %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x4xf32>
  return
}

// -----

// A known size must not be weakened to an unknown one in the result.
func.func @result_dynamic_where_static(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+2 {{'kiln.maximum' op inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<?x3xf32>'}}
  // expected-error @+1 {{'kiln.maximum' op failed to infer returned types}}
  %0 = kiln.maximum %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
  return
}

// -----

func.func @result_element_type_differs(%a: tensor<3xf32>, %b: tensor<3xf32>) {
  // expected-error @+2 {{'kiln.minimum' op inferred type(s) 'tensor<3xf32>' are incompatible with return type(s) of operation 'tensor<3xf64>'}}
  // expected-error @+1 {{'kiln.minimum' op failed to infer returned types}}
  %0 = kiln.minimum %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf64>
  return
}

// -----

func.func @result_rank_differs(%a: tensor<3xi32>, %b: tensor<3xi32>) {
  // expected-error @+2 {{'kiln.floordiv' op inferred type(s) 'tensor<3xi32>' are incompatible with return type(s) of operation 'tensor<1x3xi32>'}}
  // expected-error @+1 {{'kiln.floordiv' op failed to infer returned types}}
  %0 = kiln.floordiv %a, %b : (tensor<3xi32>, tensor<3xi32>) -> tensor<1x3xi32>
  return
}

// -----

func.func @unranked_operand(%a: tensor<*xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'kiln.add' op operand #0 must be ranked tensor of floating-point or signless integer values, but got 'tensor<*xf32>'}}
  %0 = kiln.add %a, %b : (tensor<*xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @index_operands(%a: tensor<3xindex>) {
  // expected-error @+1 {{'kiln.add' op operand #0 must be ranked tensor of floating-point or signless integer values, but got 'tensor<3xindex>'}}
  %0 = kiln.add %a, %a : (tensor<3xindex>, tensor<3xindex>) -> tensor<3xindex>
  return
}

// -----

func.func @complex_operands(%a: tensor<3xcomplex<f32>>) {
  // expected-error @+1 {{'kiln.mul' op operand #0 must be ranked tensor of floating-point or signless integer values, but got 'tensor<3xcomplex<f32>>'}}
  %0 = kiln.mul %a, %a : (tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  return
}
