// The compiler's side of the cuda target (CudaTarget.h, docs/cuda.md).
#include "CudaTarget.h"
#include "Aot.h"
#include "TensorFormat.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/Program.h"

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>

extern "C" {
void LLVMInitializeNVPTXTargetInfo();
void LLVMInitializeNVPTXTarget();
void LLVMInitializeNVPTXTargetMC();
}

namespace kiln {

std::string cudaToolkit() {
  std::vector<std::string> candidates;
  for (const char *var : {"CUDA_PATH", "CUDA_HOME"})
    if (const char *value = std::getenv(var); value && *value)
      candidates.push_back(value);
  candidates.push_back("/usr/local/cuda");
  std::error_code ec;
  for (auto &dir : candidates)
    if (std::filesystem::exists(
            std::filesystem::path(dir) / "nvvm/libdevice/libdevice.10.bc", ec))
      return dir;
  return "";
}

std::string cudaArchProblem(const std::string &arch) {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
  });
  const char *triple = "nvptx64-nvidia-cuda";
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return "this kiln's LLVM has no NVPTX backend: " + error;
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget(
      target->createMCSubtargetInfo(triple, "", ""));
  if (arch.rfind("sm_", 0) != 0 || !subtarget ||
      !subtarget->isCPUStringValid(arch))
    return "unknown GPU architecture '" + arch +
           "' (give an sm_XX that LLVM 19 knows, such as sm_80, sm_90 or "
           "sm_90a)";
  return "";
}

/// "" or why a kernel of `ptx` takes more parameter bytes than a launch
/// may pass (4096 for PTX before ISA 8.1, which LLVM 19 emits): the driver
/// would refuse the whole module, and so every function of the library.
static std::string parameterProblem(const std::string &ptx) {
  constexpr size_t limit = 4096;
  size_t at = 0;
  while ((at = ptx.find(".entry ", at)) != std::string::npos) {
    size_t open = ptx.find('(', at), close = ptx.find(')', at);
    if (open == std::string::npos || close == std::string::npos)
      break;
    std::string name = ptx.substr(at + 7, open - at - 7);
    // ".param .u64 name" (.b32, .f16, ...), or ".param .align 8 .b8
    // name[24]" for a structure; each starts at a multiple of its
    // alignment.
    size_t bytes = 0;
    for (size_t p = ptx.find(".param .", open); p < close;
         p = ptx.find(".param .", p + 1)) {
      size_t end = std::min(ptx.find('\n', p), close);
      std::string line = ptx.substr(p, end - p);
      size_t size, align;
      size_t bracket = line.find('[');
      if (line.compare(0, 13, ".param .align") == 0) {
        align = std::strtoul(line.c_str() + 14, nullptr, 10);
        size = bracket == std::string::npos
                   ? align
                   : std::strtoul(line.c_str() + bracket + 1, nullptr, 10);
      } else {
        // ".param .u64": the width follows the type's letter.
        size = std::max<size_t>(std::strtoul(line.c_str() + 9, nullptr, 10) / 8,
                                1);
        align = size;
      }
      align = std::max<size_t>(align, 1);
      bytes = (bytes + align - 1) / align * align + size;
    }
    if (bytes > limit)
      return "the GPU kernel " + name + " takes " + std::to_string(bytes) +
             " bytes of parameters, more than the " + std::to_string(limit) +
             " CUDA passes to a kernel (an op with very many operands: "
             "compile with -O0 to fuse fewer ops, or split the function)";
    at = close;
  }
  return "";
}

std::string kernelPtx(mlir::ModuleOp module, std::string &error) {
  std::string ptx;
  module.walk([&](mlir::gpu::BinaryOp binary) {
    for (mlir::Attribute attr : binary.getObjects()) {
      auto object = mlir::cast<mlir::gpu::ObjectAttr>(attr);
      llvm::StringRef text = object.getObject().getValue();
      // The image is a C string for the driver: its NUL is not PTX.
      ptx += text.rtrim('\0').str();
    }
  });
  // Without the toolkit's libdevice the math functions stay undefined,
  // which only the driver would find, at the first call.
  size_t at = ptx.find(".extern .func");
  if (at != std::string::npos && ptx.find("__nv_", at) != std::string::npos)
    error = "the kernels call CUDA's libdevice math functions, and no CUDA "
            "toolkit with nvvm/libdevice was found (set CUDA_PATH)";
  if (error.empty())
    error = parameterProblem(ptx);
  return ptx;
}

std::string compileCubin(const std::string &ptx, const std::string &arch,
                         const std::string &scratch, std::string &warning) {
  std::string ptxas;
  if (std::string toolkit = cudaToolkit();
      !toolkit.empty() && llvm::sys::fs::can_execute(toolkit + "/bin/ptxas"))
    ptxas = toolkit + "/bin/ptxas";
  else if (auto found = llvm::sys::findProgramByName("ptxas"))
    ptxas = *found;
  if (ptxas.empty())
    return ""; // the driver compiles the PTX, as without a toolkit
  std::string in = scratch + "/kernels.ptx", out = scratch + "/kernels.cubin",
              log = scratch + "/ptxas.log";
  {
    std::ofstream file(in, std::ios::binary);
    file << ptx;
  }
  std::string archArg = "-arch=" + arch;
  std::vector<llvm::StringRef> argv = {ptxas, archArg, "-O3", in, "-o", out};
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, log, log};
  std::string failure;
  int status = llvm::sys::ExecuteAndWait(ptxas, argv, std::nullopt, redirects,
                                         /*SecondsToWait=*/0,
                                         /*MemoryLimit=*/0, &failure);
  std::ifstream result(out, std::ios::binary);
  std::string cubin((std::istreambuf_iterator<char>(result)),
                    std::istreambuf_iterator<char>());
  static const char kElfMagic[] = {0x7f, 'E', 'L', 'F'};
  if (status == 0 && cubin.compare(0, 4, kElfMagic, 4) == 0)
    return cubin;
  // An older GPU that this toolkit no longer compiles for, say: the
  // driver can still compile the PTX.
  std::ifstream text(log);
  std::string reason((std::istreambuf_iterator<char>(text)),
                     std::istreambuf_iterator<char>());
  while (!reason.empty() &&
         std::isspace(static_cast<unsigned char>(reason.back())))
    reason.pop_back();
  if (reason.empty())
    reason =
        failure.empty() ? "exit status " + std::to_string(status) : failure;
  warning = ptxas + " did not compile the kernels for " + arch + " (" + reason +
            "); the library carries their PTX only, which the driver "
            "compiles when it first loads them";
  return "";
}

namespace {

/// "{{rank, element size}, ...}" for a C array of kiln_cuda_buffer, with a
/// trailing entry so that none is empty.
std::string bufferList(const std::vector<graph::TensorType> &types) {
  std::ostringstream c;
  c << "{";
  for (auto &t : types)
    c << "{" << t.shape.size() << ", " << dtypeSize(t.dtype) << "}, ";
  c << "{0, 0}}";
  return c.str();
}

} // namespace

std::string generateCudaGlue(const std::vector<ExportedFunction> &fns) {
  std::ostringstream c;
  // device_failed: the call failed in the CUDA layer, whose message says
  // how ("CUDA: ..." from the driver or the GPU, "OOM: ..." for memory).
  c << "#include <kiln/cuda.h>\n#include <pthread.h>\n"
       "static _Thread_local int device_failed;\n"
       "static void kiln_device_fail(void) {\n"
       "  device_failed = 1;\n  kiln_oom();\n}\n";
  // Every buffer of the compiled code is managed memory, which the host
  // code and the kernels share.
  c << "__attribute__((visibility(\"hidden\"))) void *\n"
       "_mlir_memref_to_llvm_alloc(size_t n) {\n"
       "  void *p;\n  if (kiln_cuda_alloc(n, &p)) kiln_device_fail();\n"
       "  return p;\n}\n"
       "__attribute__((visibility(\"hidden\"))) void *\n"
       "_mlir_memref_to_llvm_aligned_alloc(size_t a, size_t n) {\n"
       "  (void)a; /* managed memory is 256-byte aligned */\n"
       "  return _mlir_memref_to_llvm_alloc(n);\n}\n"
       "__attribute__((visibility(\"hidden\"))) void\n"
       "_mlir_memref_to_llvm_free(void *p) { kiln_cuda_free(p); }\n\n";
  // The functions MLIR's gpu-to-llvm lowering calls around each launch.
  // The library's one module of kernels is loaded on the first launch
  // (its cubin when the driver takes it, else its PTX, the image the
  // launch passes) and kept until the library is unloaded; the launches
  // run on the default stream.
  c << "extern __attribute__((visibility(\"hidden\"))) const unsigned char\n"
       "    kiln_cuda_cubin[];\n"
       "extern __attribute__((visibility(\"hidden\"))) const uint64_t\n"
       "    kiln_cuda_cubin_size;\n"
       "static pthread_mutex_t module_lock = PTHREAD_MUTEX_INITIALIZER;\n"
       "static const void *module_image;\nstatic void *module_handle;\n"
       "__attribute__((visibility(\"hidden\"))) void *\n"
       "mgpuModuleLoadJIT(void *image, int level) {\n"
       "  (void)level;\n  pthread_mutex_lock(&module_lock);\n"
       "  if (image != module_image) {\n    void *m;\n"
       "    if (kiln_cuda_module_load(kiln_cuda_cubin_size ? kiln_cuda_cubin\n"
       "                              : NULL, image, &m)) {\n"
       "      pthread_mutex_unlock(&module_lock);\n      kiln_device_fail();\n"
       "    }\n    kiln_cuda_module_unload(module_handle);\n"
       "    module_handle = m;\n    module_image = image;\n  }\n"
       "  void *m = module_handle;\n  pthread_mutex_unlock(&module_lock);\n"
       "  return m;\n}\n"
       "__attribute__((destructor)) static void unload_module(void) {\n"
       "  kiln_cuda_module_unload(module_handle);\n}\n"
       "__attribute__((visibility(\"hidden\"))) void\n"
       "mgpuModuleUnload(void *m) { (void)m; }\n"
       "__attribute__((visibility(\"hidden\"))) void *\n"
       "mgpuModuleGetFunction(void *m, const char *name) {\n"
       "  void *f;\n  if (kiln_cuda_function(m, name, &f)) "
       "kiln_device_fail();\n"
       "  return f;\n}\n"
       "__attribute__((visibility(\"hidden\"))) void *\n"
       "mgpuStreamCreate(void) { return NULL; }\n"
       "__attribute__((visibility(\"hidden\"))) void\n"
       "mgpuStreamDestroy(void *s) { (void)s; }\n"
       "__attribute__((visibility(\"hidden\"))) void\n"
       "mgpuStreamSynchronize(void *s) {\n"
       "  (void)s;\n  if (kiln_cuda_synchronize()) kiln_device_fail();\n}\n"
       "__attribute__((visibility(\"hidden\"))) void\n"
       "mgpuLaunchKernel(void *f, intptr_t gx, intptr_t gy, intptr_t gz,\n"
       "                 intptr_t bx, intptr_t by, intptr_t bz, int32_t smem,\n"
       "                 void *stream, void **params, void **extra,\n"
       "                 size_t count) {\n"
       "  (void)stream; (void)extra; (void)count;\n"
       "  if (kiln_cuda_launch(f, gx, gy, gz, bx, by, bz, smem, params))\n"
       "    kiln_device_fail();\n}\n\n";
  // Per function: inputs staged into managed memory, results returned in
  // malloc'd buffers as runtime.h promises.
  for (auto &f : fns) {
    std::vector<graph::TensorType> ins, outs;
    for (int arg : f.graph.args)
      ins.push_back(f.graph.nodes[arg].outputs[0]);
    for (graph::Output r : f.graph.results)
      outs.push_back(f.graph.typeOf(r));
    // The staged descriptors go in a copy of args: the caller's array
    // still describes its own buffers after the call.
    c << "void kiln_entry_" << f.symbol << "(void **args);\n"
      << "static void cuda_call_" << f.symbol << "(void **args) {\n"
      << "  static const kiln_cuda_buffer ins[] = " << bufferList(ins)
      << ";\n  static const kiln_cuda_buffer outs[] = " << bufferList(outs)
      << ";\n  void *staged[" << 1 + ins.size() << "];\n"
      << "  memcpy(staged, args, sizeof staged);\n"
      << "  if (kiln_cuda_stage_inputs(staged, " << ins.size()
      << ", ins)) kiln_device_fail();\n"
      << "  kiln_entry_" << f.symbol << "(staged);\n"
      << "  if (kiln_cuda_return_results((int64_t *)args[0], " << outs.size()
      << ", outs))\n    kiln_device_fail();\n"
      << "  kiln_cuda_end_call();\n}\n";
  }
  c << "\n";
  return c.str();
}

} // namespace kiln
