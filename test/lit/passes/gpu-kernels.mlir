// The cuda target's passes (passes/GpuKernels.cpp, docs/cuda.md).

// RUN: %kiln-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(kiln-gpu-stage-constants))" | FileCheck %s --check-prefix=STAGE
// A constant buffer is copied into an allocation before its users (a
// kernel cannot read the library's read-only data).
memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
// STAGE-LABEL: func.func @reads_constant
// STAGE: %[[GLOBAL:.*]] = memref.get_global @table
// STAGE-NEXT: %[[COPY:.*]] = memref.alloc() : memref<4xf32>
// STAGE-NEXT: memref.copy %[[GLOBAL]], %[[COPY]]
// STAGE-NEXT: memref.load %[[COPY]]
func.func @reads_constant(%i: index) -> f32 {
  %g = memref.get_global @table : memref<4xf32>
  %v = memref.load %g[%i] : memref<4xf32>
  return %v : f32
}

// -----

// RUN: %kiln-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(kiln-gpu-tile-loops))" | FileCheck %s --check-prefix=TILE
// A 2-D loop becomes one dimension in blocks of 256 threads, a small known
// one a single block of its size.
// TILE-LABEL: func.func @two_dims
// TILE: %[[BLOCK:.*]] = arith.constant 256 : index
// TILE: %[[STEP:.*]] = arith.muli %{{.*}}, %[[BLOCK]]
// TILE: scf.parallel (%[[OUTER:[a-z0-9_]+]]) = (%{{.*}}) to (%{{.*}}) step (%[[STEP]])
// TILE-NEXT: scf.parallel (%[[INNER:[a-z0-9_]+]]) = (%{{.*}}) to (%[[STEP]]) step
// TILE: scf.if
// TILE: arith.remsi
// TILE: arith.divsi
// TILE: memref.store
// TILE-LABEL: func.func @small
// TILE: %[[SIX:.*]] = arith.constant 6 : index
// TILE: %[[STEP:.*]] = arith.muli %{{.*}}, %[[SIX]]
// TILE: scf.parallel (%{{[a-z0-9_]+}}) = (%{{.*}}) to (%{{.*}}) step (%[[STEP]])
// TILE-NEXT: scf.parallel (%{{[a-z0-9_]+}}) = (%{{.*}}) to (%[[STEP]]) step
func.func @two_dims(%m: memref<?x?xf32>, %r: index, %c: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%r, %c) step (%c1, %c1) {
    memref.store %z, %m[%i, %j] : memref<?x?xf32>
    scf.reduce
  }
  return
}
func.func @small(%m: memref<2x3xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c2, %c3) step (%c1, %c1) {
    memref.store %z, %m[%i, %j] : memref<2x3xf32>
    scf.reduce
  }
  return
}

// -----

// RUN: %kiln-opt %s --split-input-file --pass-pipeline="builtin.module(kiln-gpu-merge-kernels)" | FileCheck %s --check-prefix=MERGE
// Two outlined modules become one, each kernel named after its module, the
// launches follow, and the x86 reciprocal helper becomes a division.
// MERGE: gpu.module @f_kernel {
// MERGE-NEXT: gpu.func @f_kernel(
// MERGE: arith.divf
// MERGE: gpu.func @f_kernel_0(
// MERGE-NOT: gpu.module
// MERGE-NOT: kiln_x86_rcp_ss
// MERGE: gpu.launch_func @f_kernel::@f_kernel
// MERGE: gpu.launch_func @f_kernel::@f_kernel_0
module attributes {gpu.container_module} {
  func.func private @kiln_x86_rcp_ss(f32) -> f32
  gpu.module @f_kernel {
    func.func private @kiln_x86_rcp_ss(f32) -> f32
    gpu.func @f_kernel(%m: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %m[%i] : memref<4xf32>
      %r = func.call @kiln_x86_rcp_ss(%v) : (f32) -> f32
      memref.store %r, %m[%i] : memref<4xf32>
      gpu.return
    }
  }
  gpu.module @f_kernel_0 {
    gpu.func @f_kernel(%m: memref<4xf32>) kernel {
      gpu.return
    }
  }
  func.func @f(%m: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @f_kernel::@f_kernel blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%m : memref<4xf32>)
    gpu.launch_func @f_kernel_0::@f_kernel blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%m : memref<4xf32>)
    return
  }
}

// -----

// RUN: %kiln-opt %s --split-input-file --pass-pipeline="builtin.module(gpu.module(kiln-gpu-math-to-libdevice))" | FileCheck %s --check-prefix=LIBDEVICE
// Float math calls libdevice: f32 functions end in "f", f64 ones do not;
// integer math stays.
// LIBDEVICE: llvm.func @__nv_atanh(f64) -> f64
// LIBDEVICE: llvm.func @__nv_atanhf(f32) -> f32
// LIBDEVICE: llvm.call @__nv_atanhf
// LIBDEVICE: llvm.call @__nv_atanh
// LIBDEVICE: math.absi
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%x: f32, %y: f64, %n: i32) kernel {
      %a = math.atanh %x : f32
      %b = math.atanh %y : f64
      %c = math.absi %n : i32
      gpu.return
    }
  }
}

// -----

// RUN: %kiln-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(kiln-gpu-copies-to-linalg))" | FileCheck %s --check-prefix=TOLINALG
// A buffer copy becomes linalg.copy (a kernel later); a copy out of a
// constant global stays a host copy.
memref.global "private" constant @ones : memref<2xf32> = dense<1.0>
// TOLINALG-LABEL: func.func @copies
// TOLINALG: memref.copy %[[GLOBAL:.*]], %{{.*}} : memref<2xf32> to memref<2xf32>
// TOLINALG: linalg.copy ins(%arg0 : memref<2xf32, strided<[2]>>) outs(%{{.*}} : memref<2xf32>)
func.func @copies(%a: memref<2xf32, strided<[2]>>) -> (memref<2xf32>, memref<2xf32>) {
  %g = memref.get_global @ones : memref<2xf32>
  %x = memref.alloc() : memref<2xf32>
  memref.copy %g, %x : memref<2xf32> to memref<2xf32>
  %y = memref.alloc() : memref<2xf32>
  memref.copy %a, %y : memref<2xf32, strided<[2]>> to memref<2xf32>
  return %x, %y : memref<2xf32>, memref<2xf32>
}
