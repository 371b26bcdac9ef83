/* A stand-in for the CUDA driver (libcuda.so.1) on machines without a GPU,
 * loaded through KILN_CUDA_DRIVER by the tests of kiln's cuda libraries.
 *
 * It runs no kernel: it checks what a library asks of the driver. Managed
 * memory is host memory it keeps a table of (a free of anything else, or
 * twice, is counted), a module must be a CUDA ELF image (a cubin) or PTX
 * from LLVM's NVPTX backend, a function must be one of its kernels, and a
 * launch must fit CUDA's limits. At exit it prints its counts on stderr:
 *
 *   fake-cuda: loads=1 cubins=1 launches=4 bad-launches=0 live=0
 *              bad-frees=0 contexts=0 outside=0 allocs=6
 *
 * (cubins: the loads of a cubin; contexts: pushes not popped; outside:
 * calls made while kiln's context was not current; allocs: managed
 * buffers allocated in all.) FAKE_CUDA_SERIAL=1
 * says the device has no concurrent managed access.
 * FAKE_CUDA_FAIL=init|alloc|load|launch|sync makes that call fail (with a
 * real driver's error code) so that tests see how a library reports it;
 * FAKE_CUDA_FAIL=cubin refuses cubins, as a driver older than the toolkit
 * that made them does, and takes PTX only. */
#define _GNU_SOURCE /* memmem */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
enum {
  SUCCESS = 0,
  INVALID_VALUE = 1,
  OUT_OF_MEMORY = 2,
  NO_DEVICE = 100,
  INVALID_IMAGE = 200,
  NO_BINARY_FOR_GPU = 209,
  INVALID_PTX = 218,
  NOT_FOUND = 500,
  LAUNCH_FAILED = 719
};

#define MAX_LIVE 4096
static void *live[MAX_LIVE];
static size_t live_bytes[MAX_LIVE];
static size_t live_count, bad_frees, loads, cubins, launches, bad_launches;
static size_t allocs;
static int contexts;   /* kiln's context pushes not yet popped */
static size_t outside; /* calls that need a current context without one */
static void need_context(void) { outside += contexts <= 0; }
static const char *module_image;
static size_t module_size; /* a cubin's bytes; 0 for PTX */

static int failing(const char *call) {
  const char *which = getenv("FAKE_CUDA_FAIL");
  return which && strcmp(which, call) == 0;
}

__attribute__((destructor)) static void report(void) {
  fprintf(stderr,
          "fake-cuda: loads=%zu cubins=%zu launches=%zu bad-launches=%zu "
          "live=%zu bad-frees=%zu contexts=%d outside=%zu allocs=%zu\n",
          loads, cubins, launches, bad_launches, live_count, bad_frees,
          contexts, outside, allocs);
}

CUresult cuInit(unsigned flags) {
  (void)flags;
  return failing("init") ? NO_DEVICE : SUCCESS;
}
CUresult cuDeviceGetCount(int *count) {
  *count = 1;
  return SUCCESS;
}
CUresult cuDeviceGet(int *device, int ordinal) {
  *device = ordinal;
  return ordinal == 0 ? SUCCESS : INVALID_VALUE;
}
CUresult cuDevicePrimaryCtxRetain(void **context, int device) {
  (void)device;
  *context = &live; /* any non-null handle */
  return SUCCESS;
}
CUresult cuDeviceGetAttribute(int *value, int attribute, int device) {
  (void)device;
  if (attribute == 83) /* CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY */
    *value = 1;
  else if (attribute == 89) /* ..._CONCURRENT_MANAGED_ACCESS */
    *value = getenv("FAKE_CUDA_SERIAL") ? 0 : 1;
  else
    return INVALID_VALUE;
  return SUCCESS;
}
CUresult cuCtxPushCurrent_v2(void *context) {
  if (context != &live)
    return INVALID_VALUE;
  ++contexts;
  return SUCCESS;
}
CUresult cuCtxPopCurrent_v2(void **context) {
  if (contexts <= 0)
    return INVALID_VALUE;
  --contexts;
  *context = &live;
  return SUCCESS;
}
CUresult cuCtxSynchronize(void) {
  need_context();
  return failing("sync") ? LAUNCH_FAILED : SUCCESS;
}

CUresult cuMemAllocManaged(uint64_t *out, size_t bytes, unsigned flags) {
  need_context();
  if (bytes == 0 || flags != 1 || live_count == MAX_LIVE)
    return INVALID_VALUE;
  if (failing("alloc"))
    return OUT_OF_MEMORY;
  /* Zeroed: no kernel fills it, and host code may read it. */
  void *p = aligned_alloc(256, (bytes + 255) / 256 * 256);
  if (!p)
    return OUT_OF_MEMORY;
  memset(p, 0, bytes);
  live_bytes[live_count] = bytes;
  live[live_count++] = p;
  ++allocs;
  *out = (uint64_t)(uintptr_t)p;
  return SUCCESS;
}
static size_t find_live(const void *p) {
  for (size_t i = 0; i < live_count; ++i)
    if (live[i] == p)
      return i;
  return MAX_LIVE;
}
CUresult cuMemFree_v2(uint64_t pointer) {
  need_context();
  void *p = (void *)(uintptr_t)pointer;
  size_t i = find_live(p);
  if (i == MAX_LIVE) {
    ++bad_frees;
    return INVALID_VALUE;
  }
  live_bytes[i] = live_bytes[live_count - 1];
  live[i] = live[--live_count];
  free(p);
  return SUCCESS;
}
CUresult cuMemGetAddressRange_v2(uint64_t *base, size_t *bytes,
                                 uint64_t pointer) {
  need_context();
  size_t i = find_live((void *)(uintptr_t)pointer);
  if (i == MAX_LIVE)
    return INVALID_VALUE; /* (an interior pointer too: none is asked for) */
  *base = pointer;
  *bytes = live_bytes[i];
  return SUCCESS;
}
CUresult cuPointerGetAttribute(void *data, int attribute, uint64_t pointer) {
  if (attribute != 8 /* CU_POINTER_ATTRIBUTE_IS_MANAGED */ ||
      find_live((void *)(uintptr_t)pointer) == MAX_LIVE)
    return INVALID_VALUE; /* a host pointer the driver does not know */
  *(unsigned *)data = 1;
  return SUCCESS;
}

/* The bytes of 64-bit ELF image |elf| for a CUDA GPU (machine EM_CUDA,
 * 190), read from its header (the section headers come last); 0 when it
 * is not one. */
static size_t cuda_elf_size(const unsigned char *elf) {
  uint64_t section_headers;
  uint16_t machine, entry_size, count;
  if (memcmp(elf,
             "\x7f"
             "ELF\x02",
             5) != 0)
    return 0;
  memcpy(&machine, elf + 18, 2);
  memcpy(&section_headers, elf + 40, 8);
  memcpy(&entry_size, elf + 58, 2);
  memcpy(&count, elf + 60, 2);
  return machine == 190 ? section_headers + (size_t)entry_size * count : 0;
}

CUresult cuModuleLoadDataEx(void **module, const void *image, unsigned n,
                            int *options, void **values) {
  (void)n, (void)options, (void)values;
  const char *ptx = image;
  need_context();
  if (memcmp(image,
             "\x7f"
             "ELF",
             4) == 0) {
    size_t size = cuda_elf_size(image);
    if (failing("load") || !size)
      return INVALID_IMAGE;
    if (failing("cubin"))
      return NO_BINARY_FOR_GPU;
    ++loads, ++cubins;
    module_image = ptx;
    module_size = size;
    *module = (void *)module_image;
    return SUCCESS;
  }
  if (failing("load") ||
      strncmp(ptx, "//\n// Generated by LLVM NVPTX Back-End", 38) != 0 ||
      !strstr(ptx, ".visible .entry "))
    return INVALID_PTX;
  ++loads;
  module_image = ptx;
  module_size = 0;
  *module = (void *)module_image;
  return SUCCESS;
}
CUresult cuModuleUnload(void *module) {
  return module == module_image ? SUCCESS : INVALID_VALUE;
}
CUresult cuModuleGetFunction(void **function, void *module, const char *name) {
  char entry[256];
  if (module != module_image)
    return NOT_FOUND;
  if (module_size) {
    /* The kernel's symbol, NUL-terminated in the string table. */
    if (!memmem(module_image, module_size, name, strlen(name) + 1))
      return NOT_FOUND;
  } else {
    snprintf(entry, sizeof entry, ".visible .entry %s(", name);
    if (!strstr(module_image, entry))
      return NOT_FOUND;
  }
  *function = (void *)name;
  return SUCCESS;
}
CUresult cuLaunchKernel(void *function, unsigned gx, unsigned gy, unsigned gz,
                        unsigned bx, unsigned by, unsigned bz, unsigned shared,
                        void *stream, void **params, void **extra) {
  (void)function, (void)shared, (void)stream, (void)extra;
  need_context();
  if (failing("launch"))
    return LAUNCH_FAILED;
  ++launches;
  if (!gx || !gy || !gz || !bx || !by || !bz || bx * by * bz > 1024 ||
      gy > 65535 || gz > 65535 || !params)
    ++bad_launches;
  return SUCCESS;
}

CUresult cuGetErrorName(CUresult r, const char **name) {
  switch (r) {
  case NO_DEVICE:
    *name = "CUDA_ERROR_NO_DEVICE";
    return SUCCESS;
  case INVALID_PTX:
    *name = "CUDA_ERROR_INVALID_PTX";
    return SUCCESS;
  case LAUNCH_FAILED:
    *name = "CUDA_ERROR_LAUNCH_FAILED";
    return SUCCESS;
  default:
    *name = "CUDA_ERROR_INVALID_VALUE";
    return SUCCESS;
  }
}
CUresult cuGetErrorString(CUresult r, const char **text) {
  *text = r == NO_DEVICE ? "no CUDA-capable device is detected"
                         : "a fake driver's error";
  return SUCCESS;
}
