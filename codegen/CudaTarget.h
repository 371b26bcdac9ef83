// The compiler's side of the cuda target (docs/cuda.md): the CUDA toolkit
// whose libdevice kernels link, checks of --cuda-arch, the PTX a lowered
// module carries, its cubin from ptxas, and the C glue a cuda library adds over
// the runtime's CUDA driver layer. No MLIR types in this header.
#pragma once

#include <string>
#include <vector>

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace kiln {

struct ExportedFunction;

/// The CUDA toolkit to link libdevice from: $CUDA_PATH, $CUDA_HOME or
/// /usr/local/cuda, the first that has nvvm/libdevice; "" when none has.
std::string cudaToolkit();

/// "" if LLVM's NVPTX backend knows the GPU `arch` ("sm_90"), else why not.
std::string cudaArchProblem(const std::string &arch);

/// The PTX of the kernels in `module`, lowered to the LLVM dialect for the
/// cuda target ("" when every op runs on the host). Sets `error` when the
/// kernels call a libdevice function no toolkit was found to link.
std::string kernelPtx(mlir::ModuleOp module, std::string &error);

/// The kernels of `ptx` compiled by the CUDA toolkit's ptxas for GPU
/// `arch` (a cubin, which loads without the driver's JIT), using files in
/// folder `scratch`. Empty when no ptxas is found, or when it fails: then
/// `warning` says why, and the library carries the PTX alone.
std::string compileCubin(const std::string &ptx, const std::string &arch,
                         const std::string &scratch, std::string &warning);

/// The C that a cuda library adds to its descriptor source: allocation in
/// CUDA managed memory, the mgpu* functions MLIR's launches call, and per
/// function the staging of inputs into memory the GPU can read and the
/// copy of results back to malloc'd buffers.
std::string generateCudaGlue(const std::vector<ExportedFunction> &fns);

} // namespace kiln
