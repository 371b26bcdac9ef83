//===- Passes.td - kiln's MLIR passes --------------------------------------===//

#ifndef KILN_PASSES_TD
#define KILN_PASSES_TD

include "mlir/Pass/PassBase.td"

def LowerKilnToLinalg : Pass<"kiln-lower-to-linalg", "mlir::func::FuncOp"> {
  let summary = "Lowers kiln ops to linalg, tensor, arith and math";
  let description = [{
    Elementwise ops become `linalg.generic` with broadcasting indexing maps
    (a size-1 dimension reads index 0), reductions `linalg.reduce`, matrix
    products `linalg.matmul`/`linalg.batch_matmul`, transposes
    `linalg.transpose`, reshapes `tensor.reshape`. The output stays on
    tensors so that fusion and one-shot bufferization run afterwards.
    TensorFlow's numeric rules are encoded here: floor division and modulo
    round toward negative infinity, `round` is half-to-even, and casts from
    floating point to integer truncate toward zero. f32 exp, log, log1p,
    expm1, tanh and sigmoid follow Eigen's algorithms, and float sums over
    innermost dimensions Eigen's order of additions, so that results match
    TensorFlow's to the last bit (docs/numerics.md). With
    `host-order=false` (the cuda target) sums and matrix products are plain
    linalg reductions and contractions instead, which become GPU kernels.
  }];
  let options = [
    Option<"hostOrder", "host-order", "bool", /*default=*/"true",
           "Sums and matrix products in the order of TensorFlow's CPU "
           "kernels">,
    Option<"avx512", "avx512", "std::string", /*default=*/"\"host\"",
           "Whether the processor whose kernels' orders float32 matrix "
           "products follow has AVX-512: yes, no, or host (the compiling "
           "host's processor)">,
  ];
  let dependentDialects = [
    "mlir::arith::ArithDialect",
    "mlir::linalg::LinalgDialect",
    "mlir::math::MathDialect",
    "mlir::scf::SCFDialect",
    "mlir::tensor::TensorDialect",
    "mlir::bufferization::BufferizationDialect",
    "mlir::func::FuncDialect",
  ];
}

def EmitKilnEntryPoints : Pass<"kiln-emit-entry-points", "mlir::ModuleOp"> {
  let summary = "Adds the packed `kiln_entry_<name>(void **args)` wrappers";
  let description = [{
    Runs on the LLVM dialect after `convert-func-to-llvm`. For every public
    function with a C interface it adds `kiln_entry_<name>`, which takes one
    pointer to an array of pointers: the result area first, then each
    input's memref descriptor, and calls `_mlir_ciface_<name>`. The kiln
    runtime calls every compiled concrete function, JIT-compiled or from a
    shared library, through this one signature (runtime/include/kiln/runtime.h).
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def FmaToLlvm : Pass<"kiln-fma-to-llvm", "mlir::ModuleOp"> {
  let summary = "Turns `math.fma` into the `llvm.intr.fma` intrinsic";
  let description = [{
    Runs before `convert-math-to-libm`, which would make every fused
    multiply-add a call to `fmaf`. The intrinsic is the same exactly rounded
    operation: LLVM emits the processor's FMA instruction where the target
    CPU has one (and vectorizes loops of them), and calls `fmaf` where it
    has not.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def WidenHalfFloats : Pass<"kiln-widen-half-floats"> {
  let summary = "Computes float16 and bfloat16 arith and math ops in f32";
  let description = [{
    Each op on 16-bit floats becomes the op on its operands extended to
    f32, its result rounded back: Eigen computes half and bfloat16 this
    way, rounding after every op. Upstream's `math-legalize-to-f32` and
    `arith-emulate-unsupported-floats` convert types instead, and hand a
    converted op's f32 result straight to the next op of a fused chain,
    skipping the rounding between them (`x * y + z` in bfloat16 came out
    as one f32 expression). After this pass they find nothing to do.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def GuardAllocationSizes
    : Pass<"kiln-guard-allocation-sizes", "mlir::ModuleOp"> {
  let summary = "Makes allocations whose byte size overflows fail cleanly";
  let description = [{
    `finalize-memref-to-llvm` multiplies an allocation's sizes out in 64
    bits, so sizes known at run time whose product overflows (`tf.range(n)`
    with n = 2^61 int64 elements) would allocate a few bytes and the code
    write past them. This pass computes each dynamic `memref.alloc`'s byte
    size with overflow checks first and, when it does not fit in 63 bits,
    asks for about 2^63 bytes instead: malloc refuses that, and kiln's
    allocation function fails the call as out of memory.

    A static allocation with no elements (`memref<8589934592x0xf32>`)
    becomes a `memref<0xT>` reinterpreted to its type: the lowering sizes
    such an allocation from its leading dimensions, and would ask for
    gigabytes.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def FuseElementwise : Pass<"kiln-fuse-elementwise", "mlir::func::FuncOp"> {
  let summary = "Fuses elementwise linalg ops, up to a body size";
  let description = [{
    Upstream `linalg-fuse-elementwise-ops` with one limit: a producer is
    fused into its consumer only while the fused body stays under
    `max-body-ops` operations. Fusing a chain of n elementwise ops copies
    the growing body at each step, which is quadratic in n: a Python loop
    unrolled 3000 times in a tf.function took a minute to compile. With
    the limit a long chain becomes several generics of bounded size.
  }];
  let options = [
    Option<"maxBodyOps", "max-body-ops", "unsigned", /*default=*/"256",
           "The most operations a fused body may have">,
  ];
  let dependentDialects = [
    "mlir::affine::AffineDialect",
    "mlir::linalg::LinalgDialect",
    "mlir::tensor::TensorDialect",
  ];
}

def GpuStageConstants
    : Pass<"kiln-gpu-stage-constants", "mlir::func::FuncOp"> {
  let summary = "Copies constant buffers into memory the GPU can read";
  let description = [{
    For the cuda target. Constant tensors bufferize to `memref.get_global`
    of a global in the library's read-only data, which a kernel cannot
    read. Each such buffer is copied into a `memref.alloc` (kiln's cuda
    libraries allocate CUDA managed memory) before its first use; running
    before `ownership-based-buffer-deallocation`, the copy is freed like
    any other buffer.
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect"];
}

def GpuCopiesToLinalg
    : Pass<"kiln-gpu-copies-to-linalg", "mlir::func::FuncOp"> {
  let summary = "Makes buffer copies linalg copies, so that kernels run them";
  let description = [{
    For the cuda target, after bufferization. A `memref.copy` (a concat's
    pieces, a slice written into a buffer, a copy of an argument) would be
    a host loop or `memcpy` over managed memory; as `linalg.copy` it
    becomes a parallel loop and then a kernel. Copies out of a constant
    global stay on the host: the source is not GPU memory (they are the
    copies `kiln-gpu-stage-constants` makes).
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect"];
}

def GpuTileLoops : Pass<"kiln-gpu-tile-loops", "mlir::func::FuncOp"> {
  let summary = "Splits parallel loops into blocks and threads";
  let description = [{
    For the cuda target, before `gpu-map-parallel-loops`. Each outermost
    `scf.parallel` is collapsed into one dimension and tiled by `threads`
    (by its iteration count when that is smaller and known), so that the
    outer loop maps to the grid's x dimension and the inner loop to the
    threads of a block. Without it every block would run one thread, and a
    loop of more than three dimensions, or of more than 65535 iterations
    along its second or third, would not map or launch.
  }];
  let options = [
    Option<"threads", "threads", "int64_t", /*default=*/"256",
           "Threads per block">,
  ];
  let dependentDialects = [
    "mlir::affine::AffineDialect",
    "mlir::arith::ArithDialect",
    "mlir::scf::SCFDialect",
  ];
}

def GpuMathToLibdevice
    : Pass<"kiln-gpu-math-to-libdevice", "mlir::gpu::GPUModuleOp"> {
  let summary = "Calls libdevice for the math ops of kernels";
  let description = [{
    Each f32 or f64 `math` op with a libdevice function (`math.atanh` on
    f32: `__nv_atanhf`) becomes a call of it, for all of them alike: the
    upstream NVVM lowering covers only some (in LLVM 19 not `atanh`,
    `acosh` or `erfc`), and one that it leaves fails the translation to
    LLVM IR. `gpu-module-to-binary` links libdevice from the CUDA toolkit.
    Runs after `math-legalize-to-f32`, so f16 and bf16 math is f32 here.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def GpuLaunchToLoops
    : Pass<"kiln-gpu-launch-to-loops", "mlir::func::FuncOp"> {
  let summary = "Runs each gpu.launch as host loops (GPU emulation)";
  let description = [{
    For `kiln run --emulate-cuda`: each `gpu.launch` becomes loops over its
    blocks and threads with the body inside, the body's block and thread
    ids, grid and block sizes replaced by the loops' values. kiln's
    kernels use no shared memory or barriers, so running the threads one
    after another computes what the GPU would, and the cuda target's
    transformations up to the launches can be checked on a machine
    without a GPU.
  }];
  let dependentDialects = ["mlir::scf::SCFDialect"];
}

def GpuMergeKernels : Pass<"kiln-gpu-merge-kernels", "mlir::ModuleOp"> {
  let summary = "Gathers the outlined kernels into one gpu.module";
  let description = [{
    Runs after `gpu-kernel-outlining`, which makes one `gpu.module` per
    launch. A library then holds one PTX module, which the runtime loads
    once, and `--emit=ptx` writes one file that ptxas accepts. Each kernel
    is renamed after its old module (a unique symbol) and the launches
    follow. Calls of kiln's x86 approximation helpers become the exact
    operations (the GPU has its own), calls of libm's lgamma libdevice's,
    and a kernel that still calls a function defined outside it is an
    error naming that function.
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect",
    "mlir::gpu::GPUDialect",
    "mlir::math::MathDialect",
  ];
}

#endif // KILN_PASSES_TD
