/* kiln's CUDA driver layer: what a library compiled with --target=cuda
 * calls (through the glue kiln compile generates, docs/cuda.md). Not part
 * of the API a program uses: a program calls a cuda library through
 * runtime.h as any other, with host tensors.
 *
 * The driver (libcuda.so.1, or $KILN_CUDA_DRIVER) is opened with dlopen on
 * first use, so the runtime links and loads on machines without a GPU; a
 * call that needs the GPU then fails with the reason. Device
 * $KILN_CUDA_DEVICE (default 0) runs everything, in its primary context,
 * which each function pushes on the calling thread and pops again (a call
 * keeps it pushed throughout), so that a program's own current CUDA context
 * is left as it was.
 *
 * Every function returning int returns 0 on success; on failure nonzero,
 * and kiln_cuda_error() says why. */
#ifndef KILN_CUDA_H
#define KILN_CUDA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Exported from libkilnrt.so as the API is (runtime.h's KILN_API; this
 * header is included by generated code that has its own declarations of
 * runtime.h's names). */
#if defined(__GNUC__)
#define KILN_CUDA_API __attribute__((visibility("default")))
#else
#define KILN_CUDA_API
#endif

/* The calling thread's last failure (kept until the next): "CUDA: ..." for
 * the driver's or the GPU's, "OOM: ..." for memory that ran out. */
KILN_CUDA_API const char *kiln_cuda_error(void);

/* CUDA managed memory: the host and the kernels read and write the same
 * address. |bytes| 0 allocates a little. Aligned to 256 bytes. */
KILN_CUDA_API int kiln_cuda_alloc(size_t bytes, void **out);
/* Frees what kiln_cuda_alloc returned (NULL: nothing), or keeps it for a
 * later kiln_cuda_alloc of about its size ($KILN_CUDA_CACHE_MB, default
 * 1024, caps what is kept; a library's unloading frees it all). */
KILN_CUDA_API void kiln_cuda_free(void *p);

/* Loads a module of kernels: the ELF image |cubin| (NULL: none) when the
 * driver takes it for this GPU, else the NUL-terminated |ptx| (the driver
 * compiles it for the GPU). Only the PTX's failure is reported: a cubin
 * for another GPU, or one newer than the driver, is not an error while
 * the PTX loads. */
KILN_CUDA_API int kiln_cuda_module_load(const void *cubin, const void *ptx,
                                        void **out_module);
KILN_CUDA_API void kiln_cuda_module_unload(void *module);
KILN_CUDA_API int kiln_cuda_function(void *module, const char *name,
                                     void **out);
/* Launches on the default stream; kiln_cuda_synchronize waits for it. */
KILN_CUDA_API int kiln_cuda_launch(void *function, int64_t grid_x,
                                   int64_t grid_y, int64_t grid_z,
                                   int64_t block_x, int64_t block_y,
                                   int64_t block_z, int32_t shared_bytes,
                                   void **params);
KILN_CUDA_API int kiln_cuda_synchronize(void);

/* One buffer argument or result of a compiled function, as its memref
 * descriptor holds it: rank and bytes per element. */
typedef struct {
  int32_t rank;
  int32_t element_size;
} kiln_cuda_buffer;

/* Starts a call, before the compiled function runs: pushes kiln's context
 * on the thread (on a device without concurrent managed access, waits for
 * the other calls to end first), copies each of the |n| inputs that
 * args[1..n] describe into managed memory and points args[1 + k] at a
 * descriptor of the copy. kiln_cuda_end_call ends the call. */
KILN_CUDA_API int kiln_cuda_stage_inputs(void **args, size_t n,
                                         const kiln_cuda_buffer *inputs);
/* After it ran: each of the |n| result descriptors in |results| that
 * points into managed memory gets a malloc'd copy instead (the buffers
 * runtime.h hands out are plain host memory); the managed buffers are
 * freed, the staged inputs by kiln_cuda_end_call. */
KILN_CUDA_API int kiln_cuda_return_results(int64_t *results, size_t n,
                                           const kiln_cuda_buffer *outputs);
/* Ends the calling thread's call, after a failure too: frees its staged
 * inputs and pops kiln's context. */
KILN_CUDA_API void kiln_cuda_end_call(void);

#ifdef __cplusplus
}
#endif

#endif /* KILN_CUDA_H */
