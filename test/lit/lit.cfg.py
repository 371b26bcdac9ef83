# lit configuration for kiln's FileCheck tests: AST dumps, diagnostics and
# the command line. Run through ctest (see test/CMakeLists.txt), which
# generates lit.site.cfg.py with the tool paths.
import os
import shutil

import lit.formats

config.name = "kiln"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".py", ".test", ".mlir"]
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.kiln_obj_root, "test", "lit")

# Linking a C program against kiln's objects: the runtime's static archive.
config.substitutions.append(
    ("%kiln-runtime-archive",
     os.path.join(config.kiln_obj_root, "runtime", "libkiln_runtime.a")))
# ... or its shared library (libkilnrt.so), in this folder.
config.substitutions.append(
    ("%kiln-runtime-dir", os.path.join(config.kiln_obj_root, "runtime")))
config.substitutions.append(("%kiln-opt", config.kiln_opt_path))
config.substitutions.append(("%call-library", config.call_library_path))
config.substitutions.append(("%fake-cuda-driver", config.fake_cuda_driver_path))
# ptxas checks the PTX of --target=cuda where the CUDA toolkit is installed.
ptxas = shutil.which("ptxas") or "/usr/local/cuda/bin/ptxas"
if os.access(ptxas, os.X_OK):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
# Kernels that use math functions link the toolkit's libdevice, found where
# kiln looks for it (codegen/CudaTarget.cpp).
for toolkit in [os.environ.get("CUDA_PATH"), os.environ.get("CUDA_HOME"),
                "/usr/local/cuda"]:
    if toolkit and os.path.exists(
            os.path.join(toolkit, "nvvm", "libdevice", "libdevice.10.bc")):
        config.available_features.add("libdevice")
        break
# A library compiled for a CPU with AVX512-FP16 (Sapphire Rapids) is refused
# on one without.
try:
    with open("/proc/cpuinfo") as cpuinfo:
        if "avx512_fp16" not in cpuinfo.read():
            config.available_features.add("cpu-without-avx512fp16")
except OSError:
    pass
config.substitutions.append(("%kiln", config.kiln_path))
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environ_path])
