// kiln-gpu-merge-kernels: a kernel that calls a host function (here the
// run-time assertion) is refused, naming the function.
// RUN: not %kiln-opt %s --pass-pipeline="builtin.module(kiln-gpu-merge-kernels)" 2>&1 | FileCheck %s --check-prefix=HOSTCALL
// HOSTCALL: error: the cuda target cannot call 'kiln_host_assert' from a GPU kernel yet
module attributes {gpu.container_module} {
  gpu.module @g_kernel {
    func.func private @kiln_host_assert(i64, i64)
    gpu.func @g_kernel(%c: i64) kernel {
      func.call @kiln_host_assert(%c, %c) : (i64, i64) -> ()
      gpu.return
    }
  }
}

