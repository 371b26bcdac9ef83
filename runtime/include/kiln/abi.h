/* The compiled-library ABI of kiln: what `kiln compile` emits and the runtime
 * (kiln/runtime.h, which includes this header) loads. Plain C, no functions.
 *
 * A translation unit that defines or declares the exported kiln_library()
 * function should include only this header: kiln/runtime.h names its library
 * handle type kiln_library too, and C has one namespace for both. */
#ifndef KILN_ABI_H
#define KILN_ABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of everything in this header. kiln_library_open rejects a
 * library whose descriptor carries another version. */
#define KILN_ABI_VERSION 4

/* The largest tensor rank kiln accepts (TensorFlow's limit). */
#define KILN_MAX_RANK 254

/* Element types. The values are part of the ABI (kiln_tensor_spec.dtype). */
typedef enum {
  KILN_BOOL, /* one byte, 0 or 1 */
  KILN_INT8,
  KILN_INT16,
  KILN_INT32,
  KILN_INT64,
  KILN_UINT8,
  KILN_FLOAT16,
  KILN_BFLOAT16,
  KILN_FLOAT32,
  KILN_FLOAT64
} kiln_dtype;

#define KILN_DTYPE_COUNT 10

/* Each compiled concrete function has a packed entry point: args[1 + k]
 * points to the memref descriptor of input k, args[0] to the result area,
 * where the function writes one descriptor per result, back to back. A
 * descriptor of rank R is 3 + 2R 64-bit words: allocated pointer, aligned
 * pointer, offset, sizes[R], strides[R] (offset, sizes and strides in
 * elements; MLIR's C interface layout).
 *  - Inputs are contiguous row-major (allocated == aligned, offset 0), at
 *    least aligned to their element size, and read-only.
 *  - Results may have any strides and offset. A result's allocated pointer
 *    comes from malloc and the runtime takes it over (frees it with free),
 *    unless it is an input's allocated pointer, (void *)0xdeadbeef (a
 *    constant global), or the allocated pointer of an earlier result of the
 *    same call: those results are copied into fresh tensors, and so are
 *    non-contiguous ones (whose buffers are then freed). A result with no
 *    elements may have NULL pointers.
 *  - Result sizes must match the output spec's dims that are not -1. */
typedef void (*kiln_packed_fn)(void **args);

typedef struct {
  int32_t dtype;       /* a kiln_dtype */
  int32_t rank;        /* in [0, KILN_MAX_RANK] */
  const int64_t *dims; /* rank sizes; -1: any size (None) */
} kiln_tensor_spec;

typedef struct {
  const char *function_name; /* Python name, e.g. "f" */
  const char *signature;     /* "f(x: float32[None, 3]) -> float32[None, 3]" */
  int32_t num_inputs, num_outputs;
  const kiln_tensor_spec *inputs, *outputs; /* output dims may be -1 */
  kiln_packed_fn entry;
  /* Called after `entry` on the same thread: the message of a run-time
   * assertion that failed during the call (AutoGraph's "loop must iterate
   * at least once ..."), clearing it, or NULL. The results are then
   * meaningless. NULL when the function makes no assertions. */
  const char *(*take_assertion)(void);
  /* tf.Variables the function uses, as indices into the library's
   * variables (kiln_library_desc.variables). The entry point takes the
   * current values of variables captures[0 .. num_captures) after the
   * inputs (args[1 + num_inputs + k]) and writes, after the outputs, the
   * new values of variables writes[0 .. num_writes) (distinct), each with
   * its variable's spec; the runtime stores them back when the call
   * succeeds. Both counts are 0 for a function that uses no variable. */
  int32_t num_captures;
  const int32_t *captures;
  int32_t num_writes;
  const int32_t *writes;
} kiln_concrete_function_desc;

/* A tf.Variable that a library holds. Every kiln_library made from the
 * descriptor gets its own copy, starting at |initial_value|: the value the
 * variable had when `kiln compile` had run the script. */
typedef struct {
  const char *name;      /* TensorFlow's name, "dense/kernel:0" */
  kiln_tensor_spec spec; /* a fixed shape: no -1 dims */
  /* The row-major elements of |spec|; may be NULL when there are none. */
  const void *initial_value;
} kiln_variable_desc;

typedef struct {
  uint32_t abi_version; /* KILN_ABI_VERSION */
  int32_t num_functions;
  const kiln_concrete_function_desc *functions;
  int32_t num_variables;
  const kiln_variable_desc *variables;
  /* The CPU the code was compiled for (--target-cpu, "x86-64-v3"), and
   * the instruction-set extensions it may use beyond the base of its
   * architecture, comma-separated by their LLVM names ("avx,avx2,fma");
   * NULL or "" when none. kiln_library_open refuses a library whose
   * extensions this CPU lacks (kiln/cpu_features.h). */
  const char *target_cpu;
  const char *cpu_features;
} kiln_library_desc;

/* The type of the function a library made by `kiln compile` exports as
 *   const kiln_library_desc *kiln_library(void);
 * It returns a descriptor that stays valid while the library is loaded. */
typedef const kiln_library_desc *(*kiln_library_fn)(void);

#ifdef __cplusplus
}
#endif

#endif /* KILN_ABI_H */
