/* kiln's CUDA driver layer (kiln/cuda.h): the driver API opened with
 * dlopen, managed memory, modules and launches, and the staging of a
 * call's buffers for a library compiled with --target=cuda. */
#include "kiln/cuda.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The few driver types and constants used, as cuda.h defines them (the
 * runtime builds without the CUDA toolkit). */
typedef int CUresult;
typedef int CUdevice;
typedef void *CUcontext;
typedef void *CUmodule;
typedef void *CUfunction;
typedef unsigned long long CUdeviceptr;
enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CU_MEM_ATTACH_GLOBAL = 1,
  CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY = 83,
  CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS = 89,
  CU_POINTER_ATTRIBUTE_IS_MANAGED = 8,
  CU_JIT_ERROR_LOG_BUFFER = 5,
  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6
};

typedef struct {
  CUresult (*init)(unsigned);
  CUresult (*device_get_count)(int *);
  CUresult (*device_get)(CUdevice *, int);
  CUresult (*device_get_attribute)(int *, int, CUdevice);
  CUresult (*primary_ctx_retain)(CUcontext *, CUdevice);
  CUresult (*ctx_push_current)(CUcontext);
  CUresult (*ctx_pop_current)(CUcontext *);
  CUresult (*ctx_synchronize)(void);
  CUresult (*mem_alloc_managed)(CUdeviceptr *, size_t, unsigned);
  CUresult (*mem_free)(CUdeviceptr);
  CUresult (*mem_get_address_range)(CUdeviceptr *, size_t *, CUdeviceptr);
  CUresult (*pointer_get_attribute)(void *, int, CUdeviceptr);
  CUresult (*module_load_data_ex)(CUmodule *, const void *, unsigned, int *,
                                  void **);
  CUresult (*module_unload)(CUmodule);
  CUresult (*module_get_function)(CUfunction *, CUmodule, const char *);
  CUresult (*launch_kernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                            unsigned, unsigned, unsigned, void *, void **,
                            void **);
  CUresult (*get_error_name)(CUresult, const char **);
  CUresult (*get_error_string)(CUresult, const char **);
} driver_api;

static driver_api api;
static CUcontext context;
static char open_failure[1024]; /* why the driver could not be set up */
static pthread_once_t open_once = PTHREAD_ONCE_INIT;
/* Without concurrent managed access (pre-Pascal GPUs, WSL2) the host must
 * not touch managed memory while any kernel runs: calls then take turns. */
static bool concurrent_access;
static pthread_mutex_t one_call_at_a_time = PTHREAD_MUTEX_INITIALIZER;
static _Thread_local char message[1024];
/* Inside a call (kiln_cuda_stage_inputs to kiln_cuda_end_call), which
 * keeps kiln's context pushed on the thread's stack; outside one, each
 * function pushes it and pops it again, so the caller's own current
 * context is left as it was. */
static _Thread_local bool in_call;
static _Thread_local bool holds_turn;

static int fail(const char *format, ...) {
  int used = snprintf(message, sizeof message, "CUDA: ");
  va_list ap;
  va_start(ap, format);
  vsnprintf(message + used, sizeof message - (size_t)used, format, ap);
  va_end(ap);
  return 1;
}

/* A driver call's failure: "what: CUDA_ERROR_NAME (the driver's text)". */
static int driver_fail(const char *what, CUresult r) {
  const char *name = NULL, *text = NULL;
  if (api.get_error_name)
    api.get_error_name(r, &name);
  if (api.get_error_string)
    api.get_error_string(r, &text);
  return fail("%s failed: %s (%s)", what, name ? name : "unknown error",
              text ? text : "no description");
}

/* A host or GPU allocation that failed: "OOM: ...", which the runtime
 * reports as KILN_ERROR_OUT_OF_MEMORY. */
static int no_memory(const char *what, size_t bytes) {
  snprintf(message, sizeof message, "OOM: no memory for %s (%zu bytes)", what,
           bytes);
  return 1;
}

const char *kiln_cuda_error(void) { return message; }

/* A driver call's failure while opening the driver: kept for every later
 * call (without the "CUDA: " that fail() puts first). */
static void open_fail(const char *what, CUresult r) {
  driver_fail(what, r);
  snprintf(open_failure, sizeof open_failure, "%s", message + 6);
}

static void open_driver(void) {
  const char *path = getenv("KILN_CUDA_DRIVER");
  if (!path || !*path)
    path = "libcuda.so.1";
  void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    snprintf(open_failure, sizeof open_failure,
             "the CUDA driver cannot be loaded (is there an NVIDIA GPU and "
             "driver?): %s",
             dlerror());
    return;
  }
  struct {
    void **slot;
    const char *name;
  } symbols[] = {
      {(void **)&api.init, "cuInit"},
      {(void **)&api.device_get_count, "cuDeviceGetCount"},
      {(void **)&api.device_get, "cuDeviceGet"},
      {(void **)&api.device_get_attribute, "cuDeviceGetAttribute"},
      {(void **)&api.primary_ctx_retain, "cuDevicePrimaryCtxRetain"},
      {(void **)&api.ctx_push_current, "cuCtxPushCurrent_v2"},
      {(void **)&api.ctx_pop_current, "cuCtxPopCurrent_v2"},
      {(void **)&api.ctx_synchronize, "cuCtxSynchronize"},
      {(void **)&api.mem_alloc_managed, "cuMemAllocManaged"},
      {(void **)&api.mem_free, "cuMemFree_v2"},
      {(void **)&api.mem_get_address_range, "cuMemGetAddressRange_v2"},
      {(void **)&api.pointer_get_attribute, "cuPointerGetAttribute"},
      {(void **)&api.module_load_data_ex, "cuModuleLoadDataEx"},
      {(void **)&api.module_unload, "cuModuleUnload"},
      {(void **)&api.module_get_function, "cuModuleGetFunction"},
      {(void **)&api.launch_kernel, "cuLaunchKernel"},
      {(void **)&api.get_error_name, "cuGetErrorName"},
      {(void **)&api.get_error_string, "cuGetErrorString"},
  };
  for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; ++i) {
    /* dlsym returns an object pointer; POSIX makes it a function's. */
    *symbols[i].slot = dlsym(handle, symbols[i].name);
    if (!*symbols[i].slot) {
      snprintf(open_failure, sizeof open_failure,
               "the CUDA driver %s has no %s (too old a driver?)", path,
               symbols[i].name);
      memset(&api, 0, sizeof api);
      return;
    }
  }
  CUresult r = api.init(0);
  if (r != CUDA_SUCCESS) {
    open_fail("cuInit", r);
    return;
  }
  int count = 0;
  api.device_get_count(&count);
  const char *wanted = getenv("KILN_CUDA_DEVICE");
  int ordinal = wanted && *wanted ? atoi(wanted) : 0;
  if (ordinal < 0 || ordinal >= count) {
    snprintf(open_failure, sizeof open_failure,
             "no CUDA device %d (KILN_CUDA_DEVICE): the driver sees %d",
             ordinal, count);
    return;
  }
  CUdevice device;
  int managed = 0, concurrent = 0;
  if ((r = api.device_get(&device, ordinal)) != CUDA_SUCCESS ||
      (r = api.device_get_attribute(&managed,
                                    CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY,
                                    device)) != CUDA_SUCCESS ||
      (r = api.device_get_attribute(
           &concurrent, CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS,
           device)) != CUDA_SUCCESS) {
    open_fail("querying the device", r);
    return;
  }
  if (!managed) {
    snprintf(open_failure, sizeof open_failure,
             "CUDA device %d has no managed memory, which kiln's cuda "
             "libraries keep their buffers in",
             ordinal);
    return;
  }
  concurrent_access = concurrent != 0;
  if ((r = api.primary_ctx_retain(&context, device)) != CUDA_SUCCESS) {
    open_fail("opening the device's context", r);
    context = NULL;
  }
}

/* Opens the driver once and, outside a call, pushes kiln's context on the
 * thread's stack (leave() pops it). */
static int enter(void) {
  pthread_once(&open_once, open_driver);
  if (!context)
    return fail("%s", open_failure);
  if (in_call)
    return 0;
  CUresult r = api.ctx_push_current(context);
  return r == CUDA_SUCCESS ? 0 : driver_fail("cuCtxPushCurrent", r);
}

static void leave(void) {
  CUcontext popped;
  if (!in_call && context)
    api.ctx_pop_current(&popped);
}

/* ---- Managed memory, and a cache of freed buffers ------------------- */

/* A function's buffers are allocated and freed on every call. A new
 * managed buffer has no pages yet, and the GPU's first touch of each page
 * faults: for a call that makes tens of megabytes of temporaries, the
 * faults cost more than the arithmetic. So freed buffers are kept (up to
 * $KILN_CUDA_CACHE_MB megabytes, default 1024; 0 keeps none), their pages
 * where they were last used, and the next call's buffers of the same size
 * reuse them. Every launch has been synchronized when compiled code frees
 * a buffer, so no kernel still uses one the cache hands out again. */
enum { CACHE_SLOTS = 64 };
static struct {
  CUdeviceptr pointer;
  size_t bytes;
} cache[CACHE_SLOTS]; /* oldest first */
static size_t cache_count, cache_bytes, cache_limit;
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t cache_once = PTHREAD_ONCE_INIT;

static void read_cache_limit(void) {
  const char *mb = getenv("KILN_CUDA_CACHE_MB");
  cache_limit = (size_t)(mb && *mb ? strtoull(mb, NULL, 10) : 1024) << 20;
}

/* Removes cache entry |i|; the caller holds cache_lock. */
static CUdeviceptr cache_take(size_t i) {
  CUdeviceptr p = cache[i].pointer;
  cache_bytes -= cache[i].bytes;
  memmove(&cache[i], &cache[i + 1], (cache_count - i - 1) * sizeof cache[0]);
  --cache_count;
  return p;
}

/* A cached buffer of |bytes| to at most twice that (the smallest), or 0. */
static CUdeviceptr cache_find(size_t bytes) {
  pthread_mutex_lock(&cache_lock);
  size_t best = cache_count;
  for (size_t i = 0; i < cache_count; ++i)
    if (cache[i].bytes >= bytes && cache[i].bytes / 2 <= bytes &&
        (best == cache_count || cache[i].bytes < cache[best].bytes))
      best = i;
  CUdeviceptr p = best < cache_count ? cache_take(best) : 0;
  pthread_mutex_unlock(&cache_lock);
  return p;
}

/* Frees every cached buffer (the caller has entered); whether there was
 * one. */
static bool cache_drain(void) {
  pthread_mutex_lock(&cache_lock);
  bool any = cache_count > 0;
  while (cache_count)
    api.mem_free(cache_take(0));
  pthread_mutex_unlock(&cache_lock);
  return any;
}

static bool cache_empty(void) {
  pthread_mutex_lock(&cache_lock);
  bool empty = cache_count == 0;
  pthread_mutex_unlock(&cache_lock);
  return empty;
}

int kiln_cuda_alloc(size_t bytes, void **out) {
  *out = NULL;
  if (enter())
    return 1;
  pthread_once(&cache_once, read_cache_limit);
  /* Sizes rounded up to 256 bytes are more often the same. */
  size_t want = bytes == 0               ? 256
                : bytes > SIZE_MAX - 255 ? bytes
                                         : (bytes + 255) & ~(size_t)255;
  CUdeviceptr p = cache_find(want);
  CUresult r = CUDA_SUCCESS;
  if (!p) {
    r = api.mem_alloc_managed(&p, want, CU_MEM_ATTACH_GLOBAL);
    /* Out of memory: the cache's buffers go, and then again. */
    if (r == CUDA_ERROR_OUT_OF_MEMORY && cache_drain())
      r = api.mem_alloc_managed(&p, want, CU_MEM_ATTACH_GLOBAL);
  }
  leave();
  /* kiln-guard-allocation-sizes asks for about 2^63 bytes where a size
   * overflows; the driver may call that an invalid value. */
  if (r == CUDA_ERROR_OUT_OF_MEMORY ||
      (r == CUDA_ERROR_INVALID_VALUE && bytes > ((size_t)1 << 62)))
    return no_memory("a buffer in CUDA managed memory", bytes);
  if (r != CUDA_SUCCESS)
    return driver_fail("cuMemAllocManaged", r);
  *out = (void *)(uintptr_t)p;
  return 0;
}

void kiln_cuda_free(void *p) {
  if (!p || enter())
    return;
  CUdeviceptr pointer = (CUdeviceptr)(uintptr_t)p, base = 0;
  size_t bytes = 0;
  if (api.mem_get_address_range(&base, &bytes, pointer) != CUDA_SUCCESS ||
      base != pointer || bytes > cache_limit) {
    api.mem_free(pointer);
    leave();
    return;
  }
  /* Room for it: the oldest buffers go. */
  pthread_mutex_lock(&cache_lock);
  while (cache_count == CACHE_SLOTS || cache_bytes + bytes > cache_limit)
    api.mem_free(cache_take(0));
  cache[cache_count].pointer = pointer;
  cache[cache_count].bytes = bytes;
  ++cache_count;
  cache_bytes += bytes;
  pthread_mutex_unlock(&cache_lock);
  leave();
}

/* Whether |p| is managed memory (so: the runtime's or a kernel's). */
static bool is_managed(const void *p) {
  unsigned int managed = 0;
  if (!p || enter())
    return false;
  CUresult r = api.pointer_get_attribute(
      &managed, CU_POINTER_ATTRIBUTE_IS_MANAGED, (CUdeviceptr)(uintptr_t)p);
  leave();
  return r == CUDA_SUCCESS && managed;
}

int kiln_cuda_module_load(const void *cubin, const void *ptx,
                          void **out_module) {
  *out_module = NULL;
  if (enter())
    return 1;
  CUmodule module;
  if (cubin &&
      api.module_load_data_ex(&module, cubin, 0, NULL, NULL) == CUDA_SUCCESS) {
    leave();
    *out_module = module;
    return 0;
  }
  /* The JIT's own log says why PTX does not compile for this GPU (too
   * new a PTX version for the driver, an architecture it lacks). */
  char log[512] = "";
  int options[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {log, (void *)(uintptr_t)sizeof log};
  CUresult r = api.module_load_data_ex(&module, ptx, 2, options, values);
  leave();
  if (r != CUDA_SUCCESS) {
    log[sizeof log - 1] = '\0';
    driver_fail("loading the kernels (cuModuleLoadDataEx)", r);
    if (*log) {
      size_t used = strlen(message);
      snprintf(message + used, sizeof message - used, ": %s", log);
    }
    return 1;
  }
  *out_module = module;
  return 0;
}

void kiln_cuda_module_unload(void *module) {
  /* A library is being unloaded (or its module replaced): its calls'
   * buffers are no longer wanted. (A cached buffer means the driver is
   * open: a library that never used the GPU does not open it now.) */
  if ((!module && cache_empty()) || enter())
    return;
  if (module)
    api.module_unload(module);
  cache_drain();
  leave();
}

int kiln_cuda_function(void *module, const char *name, void **out) {
  *out = NULL;
  if (enter())
    return 1;
  CUfunction function;
  CUresult r = api.module_get_function(&function, module, name);
  leave();
  if (r != CUDA_SUCCESS)
    return driver_fail("cuModuleGetFunction", r);
  *out = function;
  return 0;
}

int kiln_cuda_launch(void *function, int64_t grid_x, int64_t grid_y,
                     int64_t grid_z, int64_t block_x, int64_t block_y,
                     int64_t block_z, int32_t shared_bytes, void **params) {
  /* A dimension of 0 is an empty loop: nothing to launch. */
  if (grid_x == 0 || grid_y == 0 || grid_z == 0 || block_x == 0 ||
      block_y == 0 || block_z == 0)
    return 0;
  const int64_t dims[] = {grid_x, grid_y, grid_z, block_x, block_y, block_z};
  for (int i = 0; i < 6; ++i)
    if (dims[i] < 0 || dims[i] > (int64_t)UINT32_MAX)
      return fail("a kernel launch of %lld blocks or threads along one "
                  "dimension is more than CUDA allows",
                  (long long)dims[i]);
  if (enter())
    return 1;
  CUresult r = api.launch_kernel(function, (unsigned)grid_x, (unsigned)grid_y,
                                 (unsigned)grid_z, (unsigned)block_x,
                                 (unsigned)block_y, (unsigned)block_z,
                                 (unsigned)shared_bytes, NULL, params, NULL);
  leave();
  return r == CUDA_SUCCESS ? 0 : driver_fail("cuLaunchKernel", r);
}

int kiln_cuda_synchronize(void) {
  if (enter())
    return 1;
  CUresult r = api.ctx_synchronize();
  leave();
  return r == CUDA_SUCCESS ? 0 : driver_fail("running a kernel", r);
}

/* ---- A call's buffers ----------------------------------------------- */

/* The calling thread's staged inputs: managed copies and the descriptors
 * that point at them. */
static _Thread_local struct {
  void **buffers;
  int64_t *words;
  size_t count;
} staged;

static size_t descriptor_words(int32_t rank) { return 3 + 2 * (size_t)rank; }

/* Elements from a descriptor's aligned pointer to one past the last it
 * reaches (offset included); 0 for an empty buffer. */
static int64_t reach(const int64_t *d, int32_t rank) {
  int64_t last = d[2];
  for (int32_t k = 0; k < rank; ++k) {
    if (d[3 + k] == 0)
      return 0;
    last += (d[3 + k] - 1) * d[3 + rank + k];
  }
  return last + 1;
}

int kiln_cuda_stage_inputs(void **args, size_t n,
                           const kiln_cuda_buffer *inputs) {
  kiln_cuda_end_call();
  if (enter())
    return 1;
  in_call = true;
  if (!concurrent_access) {
    pthread_mutex_lock(&one_call_at_a_time);
    holds_turn = true;
  }
  size_t words = 0;
  for (size_t k = 0; k < n; ++k)
    words += descriptor_words(inputs[k].rank);
  staged.buffers = calloc(n ? n : 1, sizeof(void *));
  staged.words = malloc((words ? words : 1) * sizeof(int64_t));
  if (!staged.buffers || !staged.words) {
    kiln_cuda_end_call();
    return no_memory("a call's input descriptors",
                     (n + words) * sizeof(int64_t));
  }
  staged.count = n;
  int64_t *cursor = staged.words;
  for (size_t k = 0; k < n; ++k) {
    const int64_t *d = args[1 + k];
    size_t size = descriptor_words(inputs[k].rank);
    memcpy(cursor, d, size * sizeof(int64_t));
    int64_t elements = reach(d, inputs[k].rank);
    size_t bytes = (size_t)elements * (size_t)inputs[k].element_size;
    if (kiln_cuda_alloc(bytes, &staged.buffers[k]))
      return 1;
    if (bytes)
      memcpy(staged.buffers[k], (const void *)(intptr_t)d[1], bytes);
    cursor[0] = cursor[1] = (int64_t)(intptr_t)staged.buffers[k];
    args[1 + k] = cursor;
    cursor += size;
  }
  return 0;
}

static bool is_staged(const void *p) {
  for (size_t k = 0; k < staged.count; ++k)
    if (staged.buffers[k] == p)
      return true;
  return false;
}

int kiln_cuda_return_results(int64_t *results, size_t n,
                             const kiln_cuda_buffer *outputs) {
  /* Kernels may still be writing. Then every result in managed memory
   * gets a host copy, and each managed buffer is freed once, after all
   * copies; after a failure, the copies too (nothing is returned). */
  int status = kiln_cuda_synchronize();
  void **managed = calloc(n ? n : 1, sizeof(void *));
  void **copies = calloc(n ? n : 1, sizeof(void *));
  if (!managed || !copies) {
    free(managed);
    free(copies);
    return status ? status
                  : no_memory("a call's results", 2 * n * sizeof(void *));
  }
  size_t num_managed = 0;
  int64_t *d = results;
  for (size_t i = 0; i < n; d += descriptor_words(outputs[i].rank), ++i) {
    void *allocated = (void *)(intptr_t)d[0];
    if (!is_managed(allocated))
      continue;
    bool seen = is_staged(allocated);
    for (size_t j = 0; j < num_managed && !seen; ++j)
      seen = managed[j] == allocated;
    if (!seen)
      managed[num_managed++] = allocated;
    if (status)
      continue;
    size_t bytes =
        (size_t)reach(d, outputs[i].rank) * (size_t)outputs[i].element_size;
    copies[i] = malloc(bytes ? bytes : 1);
    if (!copies[i])
      status = no_memory("a result", bytes);
    else if (bytes)
      memcpy(copies[i], (const void *)(intptr_t)d[1], bytes);
  }
  d = results;
  for (size_t i = 0; i < n; d += descriptor_words(outputs[i].rank), ++i) {
    if (!copies[i])
      continue;
    if (status)
      free(copies[i]);
    else
      d[0] = d[1] = (int64_t)(intptr_t)copies[i];
  }
  for (size_t j = 0; j < num_managed; ++j)
    kiln_cuda_free(managed[j]);
  free(managed);
  free(copies);
  return status;
}

void kiln_cuda_end_call(void) {
  for (size_t k = 0; k < staged.count; ++k)
    kiln_cuda_free(staged.buffers[k]);
  free(staged.buffers);
  free(staged.words);
  staged.buffers = NULL;
  staged.words = NULL;
  staged.count = 0;
  if (in_call) {
    in_call = false;
    leave(); /* pops the context the call pushed */
  }
  if (holds_turn) {
    holds_turn = false;
    pthread_mutex_unlock(&one_call_at_a_time);
  }
}
