// --kiln-emit-entry-points adds `kiln_entry_<name>(void **args)` beside each
// `_mlir_ciface_<name>`: it loads args[i] (the result area first, then each
// input's memref descriptor) and calls the C interface. A function without
// results still reserves slot 0, so its inputs start at args[1]. Checked
// through the whole `kiln-lower-to-llvm` pipeline, and on hand-written LLVM
// dialect input for the cases the pass must skip.
// RUN: split-file %s %t
// RUN: %kiln-opt %t/pipeline.mlir --kiln-lower-to-llvm | FileCheck %s --check-prefix=PIPE
// RUN: %kiln-opt %t/llvm.mlir --kiln-emit-entry-points | FileCheck %s --check-prefix=LLVM

//--- pipeline.mlir

// PIPE-LABEL: llvm.func @_mlir_ciface_scale(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr)
// PIPE-LABEL: llvm.func @_mlir_ciface_sink(%arg0: !llvm.ptr)

// PIPE-LABEL: llvm.func @kiln_entry_scale(%arg0: !llvm.ptr) {
// PIPE-NEXT: %[[S0:.*]] = llvm.getelementptr %arg0[0] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// PIPE-NEXT: %[[RES:.*]] = llvm.load %[[S0]] : !llvm.ptr -> !llvm.ptr
// PIPE-NEXT: %[[S1:.*]] = llvm.getelementptr %arg0[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// PIPE-NEXT: %[[A:.*]] = llvm.load %[[S1]] : !llvm.ptr -> !llvm.ptr
// PIPE-NEXT: %[[S2:.*]] = llvm.getelementptr %arg0[2] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// PIPE-NEXT: %[[B:.*]] = llvm.load %[[S2]] : !llvm.ptr -> !llvm.ptr
// PIPE-NEXT: llvm.call @_mlir_ciface_scale(%[[RES]], %[[A]], %[[B]]) : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
// PIPE-NEXT: llvm.return
// PIPE-NEXT: }
func.func @scale(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> attributes {llvm.emit_c_interface} {
  %0 = kiln.mul %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// No results: slot 0 is skipped.
// PIPE-LABEL: llvm.func @kiln_entry_sink(%arg0: !llvm.ptr) {
// PIPE-NEXT: %[[S1:.*]] = llvm.getelementptr %arg0[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// PIPE-NEXT: %[[A:.*]] = llvm.load %[[S1]] : !llvm.ptr -> !llvm.ptr
// PIPE-NEXT: llvm.call @_mlir_ciface_sink(%[[A]]) : (!llvm.ptr) -> ()
// PIPE-NEXT: llvm.return
// PIPE-NEXT: }
func.func @sink(%a: tensor<2x2xi32>) attributes {llvm.emit_c_interface} {
  return
}

// Two results share one result area (a struct of descriptors): one slot.
// PIPE-LABEL: llvm.func @kiln_entry_pair(%arg0: !llvm.ptr) {
// PIPE-NEXT: %[[S0:.*]] = llvm.getelementptr %arg0[0] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// PIPE-NEXT: %[[RES:.*]] = llvm.load %[[S0]] : !llvm.ptr -> !llvm.ptr
// PIPE-NEXT: %[[S1:.*]] = llvm.getelementptr %arg0[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// PIPE-NEXT: %[[A:.*]] = llvm.load %[[S1]] : !llvm.ptr -> !llvm.ptr
// PIPE-NEXT: llvm.call @_mlir_ciface_pair(%[[RES]], %[[A]]) : (!llvm.ptr, !llvm.ptr) -> ()
// PIPE-NEXT: llvm.return
// PIPE-NEXT: }
// Without llvm.emit_c_interface there is no C interface and no entry point.
// PIPE-NOT: kiln_entry_
func.func @pair(%a: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) attributes {llvm.emit_c_interface} {
  %0 = kiln.unary "neg", %a : tensor<3xf32>
  return %a, %0 : tensor<3xf32>, tensor<3xf32>
}

func.func @internal(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

//--- llvm.mlir

// LLVM-LABEL: llvm.func @kiln_entry_f(%arg0: !llvm.ptr) {
// LLVM-NEXT: %[[S0:.*]] = llvm.getelementptr %arg0[0] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// LLVM-NEXT: %[[P0:.*]] = llvm.load %[[S0]] : !llvm.ptr -> !llvm.ptr
// LLVM-NEXT: %[[S1:.*]] = llvm.getelementptr %arg0[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// LLVM-NEXT: %[[P1:.*]] = llvm.load %[[S1]] : !llvm.ptr -> !llvm.ptr
// LLVM-NEXT: llvm.call @_mlir_ciface_f(%[[P0]], %[[P1]]) : (!llvm.ptr, !llvm.ptr) -> ()
// LLVM-NEXT: llvm.return

// No arguments at all: just the call.
// LLVM-LABEL: llvm.func @kiln_entry_g(%arg0: !llvm.ptr) {
// LLVM-NEXT: llvm.call @_mlir_ciface_g() : () -> ()
// LLVM-NEXT: llvm.return

// A declared (external) C interface, or one whose function is missing, gets
// no entry point.
// LLVM-NOT: kiln_entry_external
// LLVM-NOT: kiln_entry_orphan
module {
  llvm.func @f(%arg0: !llvm.ptr) -> !llvm.struct<(ptr, ptr, i64)> {
    %0 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64)>
    llvm.return %0 : !llvm.struct<(ptr, ptr, i64)>
  }
  llvm.func @_mlir_ciface_f(%arg0: !llvm.ptr, %arg1: !llvm.ptr) {
    llvm.return
  }
  llvm.func @g() {
    llvm.return
  }
  llvm.func @_mlir_ciface_g() {
    llvm.return
  }
  llvm.func @external(%arg0: !llvm.ptr) {
    llvm.return
  }
  llvm.func @_mlir_ciface_external(!llvm.ptr)
  llvm.func @_mlir_ciface_orphan(%arg0: !llvm.ptr) {
    llvm.return
  }
}
