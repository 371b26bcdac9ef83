/* kiln's C runtime: tensors in DLPack layout, compiled libraries, and calls
 * dispatched to the concrete function whose signature matches the inputs.
 * C11 with a C ABI; it needs only libc, libm, libpthread and libdl.
 *
 * Conventions for every function below:
 *  - Errors: functions that can fail return a kiln_status. On failure
 *    kiln_last_error() describes what went wrong, and handle out-parameters
 *    (out_*) that are not NULL are set to NULL; other out-parameters keep
 *    their value unless the function says otherwise.
 *  - Ownership: a function that hands out a handle (create, wrap, open, get,
 *    call) gives the caller one reference, which the caller ends with the
 *    matching *_release. *_release(NULL) is a no-op. Pointers returned by
 *    accessors are borrowed: valid while the caller holds a reference to the
 *    object they came from.
 *  - Threads: every function is thread-safe. Handles may be shared between
 *    threads; retain and release are atomic. A tensor's data is not
 *    synchronized: writing it while another thread reads it is a race.
 *  - Preconditions: accessors given a NULL handle return 0 or NULL. */
#ifndef KILN_RUNTIME_H
#define KILN_RUNTIME_H

#include "kiln/abi.h"

#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__)
#define KILN_API __attribute__((visibility("default")))
#else
#define KILN_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Status. */

typedef enum {
  KILN_OK = 0,
  KILN_ERROR_INVALID_ARGUMENT, /* a NULL, malformed or inconsistent argument */
  KILN_ERROR_NOT_FOUND,        /* no function of that name, no such index */
  KILN_ERROR_NO_MATCHING_SIGNATURE, /* no concrete function accepts the inputs
                                     */
  KILN_ERROR_OUT_OF_MEMORY,
  KILN_ERROR_IO,             /* a library file could not be loaded */
  KILN_ERROR_ABI,            /* a library or compiled function broke the ABI */
  KILN_ERROR_DEVICE,         /* the GPU or its driver failed a call (a library
                               compiled with --target=cuda) */
  KILN_ERROR_UNSUPPORTED_CPU /* the library was compiled for instruction-set
                                extensions this CPU lacks (--target-cpu) */
} kiln_status;

/* The message describing the last failure of a kiln function on the calling
 * thread ("" if none yet). Successful calls do not clear it. The string
 * belongs to the runtime and stays valid until the next failing kiln call on
 * this thread. */
KILN_API const char *kiln_last_error(void);

/* A short name for |status| ("invalid argument", ...); "unknown status" for
 * values outside the enum. The string is static. */
KILN_API const char *kiln_status_name(kiln_status status);

/* Dtypes (kiln_dtype is in kiln/abi.h). */

/* TensorFlow's name for |dtype| ("float32", "bool", ...); NULL if |dtype| is
 * not a kiln_dtype value. The string is static. */
KILN_API const char *kiln_dtype_name(kiln_dtype dtype);

/* Bytes per element (bool is one byte); 0 if |dtype| is not a kiln_dtype. */
KILN_API size_t kiln_dtype_size(kiln_dtype dtype);

/* Parses TensorFlow's name ("float32") into *out_dtype.
 * Errors: KILN_ERROR_INVALID_ARGUMENT for NULL arguments or an unknown name. */
KILN_API kiln_status kiln_dtype_from_name(const char *name,
                                          kiln_dtype *out_dtype);

/* DLPack-compatible structs.
 * Laid out exactly like DLPack's DLDevice, DLDataType, DLTensor and
 * DLManagedTensor (dlpack.h 0.8 and 1.x), so a pointer to one can be cast to
 * the DLPack type. */

/* DLPack's DLDeviceType values that kiln uses. */
#define KILN_DL_CPU 1
#define KILN_DL_CUDA 2

/* DLPack's DLDataTypeCode values that kiln uses. */
#define KILN_DL_INT 0
#define KILN_DL_UINT 1
#define KILN_DL_FLOAT 2
#define KILN_DL_BFLOAT 4
#define KILN_DL_BOOL 6

typedef struct {
  int32_t device_type; /* KILN_DL_CPU, ... (DLDeviceType) */
  int32_t device_id;
} kiln_dldevice;

typedef struct {
  uint8_t code;   /* KILN_DL_INT, KILN_DL_FLOAT, ... */
  uint8_t bits;   /* bits per lane: 8 for bool */
  uint16_t lanes; /* 1: kiln has no vector types */
} kiln_dldatatype;

typedef struct {
  void *data; /* first byte of the buffer (see byte_offset) */
  kiln_dldevice device;
  int32_t ndim;
  kiln_dldatatype dtype;
  int64_t *shape;       /* ndim sizes */
  int64_t *strides;     /* ndim strides in elements, or NULL: row-major */
  uint64_t byte_offset; /* the first element is at data + byte_offset */
} kiln_dltensor;

typedef struct kiln_dlmanaged_tensor {
  kiln_dltensor dl_tensor;
  void *manager_ctx;
  void (*deleter)(struct kiln_dlmanaged_tensor *self);
} kiln_dlmanaged_tensor;

/* The DLPack type of |dtype| into *out_type.
 * Errors: KILN_ERROR_INVALID_ARGUMENT for an unknown dtype or NULL out_type. */
KILN_API kiln_status kiln_dtype_to_dl(kiln_dtype dtype,
                                      kiln_dldatatype *out_type);

/* The kiln dtype of a DLPack type (lanes must be 1) into *out_dtype.
 * Errors: KILN_ERROR_INVALID_ARGUMENT for a type kiln has no dtype for. */
KILN_API kiln_status kiln_dtype_from_dl(kiln_dldatatype type,
                                        kiln_dtype *out_dtype);

/* Tensors.
 * A kiln_tensor is an immutable-shape, reference-counted CPU tensor whose
 * elements are contiguous in row-major order. It either owns its buffer or
 * borrows one (kiln_tensor_wrap). Shapes are validated everywhere: a rank in
 * [0, KILN_MAX_RANK], dims >= 0, and the product of the non-zero dims, in
 * elements and in bytes, must fit in int64_t. */

typedef struct kiln_tensor kiln_tensor;

/* Creates a tensor of |dtype| and |shape| (|ndim| entries; may be NULL when
 * ndim is 0) that owns a fresh, 64-byte aligned buffer. If |data| is not NULL,
 * the tensor's bytes are copied from it (row-major, element count x
 * kiln_dtype_size bytes); otherwise they are zero.
 * Ownership: |shape| and |data| are only read during the call; the caller
 * owns the returned reference.
 * Errors: KILN_ERROR_INVALID_ARGUMENT (NULL out_tensor, unknown dtype, bad
 * rank, NULL shape with ndim > 0, negative or overflowing dims),
 * KILN_ERROR_OUT_OF_MEMORY. */
KILN_API kiln_status kiln_tensor_create(kiln_dtype dtype, int32_t ndim,
                                        const int64_t *shape, const void *data,
                                        kiln_tensor **out_tensor);

/* Creates a tensor that borrows the memory of |view| without copying it.
 * |view| must be a CPU tensor of a kiln dtype (lanes 1) with a valid shape,
 * a non-NULL data pointer when it has elements, the first element aligned to
 * the element size, and contiguous row-major strides (strides NULL, or equal
 * to row-major strides; the stride of a dim of size 1 is ignored). Non-
 * contiguous views are rejected: copy them with kiln_tensor_create_from_dl.
 * Ownership: the view struct and its shape/strides arrays are copied; the
 * element memory is borrowed and must stay valid and unmodified until the
 * last reference is released, at which point deleter(ctx) is called (if
 * |deleter| is not NULL) on whichever thread drops that reference. If the
 * call fails, the deleter is not called and the caller keeps the memory.
 * Errors: KILN_ERROR_INVALID_ARGUMENT, KILN_ERROR_OUT_OF_MEMORY. */
KILN_API kiln_status kiln_tensor_wrap(const kiln_dltensor *view,
                                      void (*deleter)(void *ctx), void *ctx,
                                      kiln_tensor **out_tensor);

/* Creates a tensor owning a contiguous row-major copy of |view|, which may
 * have any strides (negative and zero included) and byte_offset.
 * Same requirements and errors as kiln_tensor_wrap, except contiguity and
 * alignment: the elements are copied byte by byte, so the first one may sit
 * at any address. The view's memory is only read during the call. */
KILN_API kiln_status kiln_tensor_create_from_dl(const kiln_dltensor *view,
                                                kiln_tensor **out_tensor);

/* Adds a reference. */
KILN_API void kiln_tensor_retain(kiln_tensor *tensor);

/* Drops a reference; the last one frees the tensor and its buffer (or calls
 * the wrap deleter). */
KILN_API void kiln_tensor_release(kiln_tensor *tensor);

/* The tensor as a DLPack DLTensor: device CPU, explicit row-major strides,
 * shape and strides owned by the tensor. Borrowed; do not modify it. */
KILN_API const kiln_dltensor *kiln_tensor_dl(const kiln_tensor *tensor);

/* Exports the tensor as a DLManagedTensor for libraries that consume DLPack
 * (e.g. a PyCapsule for numpy.from_dlpack). The managed tensor holds a
 * reference to |tensor|; its deleter (call it exactly once) drops that
 * reference and frees the struct.
 * Errors: KILN_ERROR_INVALID_ARGUMENT, KILN_ERROR_OUT_OF_MEMORY. */
KILN_API kiln_status kiln_tensor_export_dlpack(
    kiln_tensor *tensor, kiln_dlmanaged_tensor **out_managed);

/* The first element (dl.data + dl.byte_offset), row-major. Writable by a
 * caller that created the tensor and has not shared it yet; compiled
 * functions treat their inputs as read-only. May be NULL for a tensor with
 * no elements. */
KILN_API void *kiln_tensor_data(const kiln_tensor *tensor);

KILN_API kiln_dtype kiln_tensor_dtype(const kiln_tensor *tensor);
KILN_API int32_t kiln_tensor_rank(const kiln_tensor *tensor);
/* |rank| sizes, borrowed. Not NULL for a non-NULL tensor, even of rank 0. */
KILN_API const int64_t *kiln_tensor_shape(const kiln_tensor *tensor);
KILN_API int64_t kiln_tensor_element_count(const kiln_tensor *tensor);
KILN_API size_t kiln_tensor_byte_size(const kiln_tensor *tensor);

/* Libraries.
 * A kiln_library is a set of concrete functions, grouped by export name (see
 * kiln_function_name) into kiln_functions. Concrete functions are numbered 0,
 * 1, ... in the order they were added (for an opened library: the order of its
 * descriptor). Adding is safe while other threads call: readers see immutable
 * snapshots that are swapped atomically, never locked; replaced snapshots are
 * kept until the library is destroyed (a function's dispatch table is rebuilt
 * per added signature, so memory grows quadratically in the signatures of one
 * name). */

typedef struct kiln_library kiln_library;
typedef struct kiln_function kiln_function;

/* Loads a library made by `kiln compile`: dlopen(path, RTLD_NOW | RTLD_LOCAL)
 * (a path without '/' is searched like dlopen does), calls its exported
 * kiln_library(), checks abi_version == KILN_ABI_VERSION, validates every
 * descriptor as kiln_library_add_function does, and adds them in order,
 * after making the library's variables from their descriptors (dtype, rank
 * and dims as for inputs but no -1, a name, initial values when there are
 * elements).
 * The shared object stays loaded until the library is destroyed.
 * Errors (messages name |path|): KILN_ERROR_INVALID_ARGUMENT for NULL
 * arguments or an invalid descriptor, KILN_ERROR_IO when dlopen fails (with
 * dlerror's text), KILN_ERROR_ABI when the file exports no kiln_library,
 * returns NULL or has another ABI version, KILN_ERROR_UNSUPPORTED_CPU when
 * it was compiled for instruction-set extensions this CPU lacks (the
 * message lists them), KILN_ERROR_OUT_OF_MEMORY. */
KILN_API kiln_status kiln_library_open(const char *path,
                                       kiln_library **out_library);

/* Creates an empty library, to which kiln_library_add_function adds
 * functions (the JIT of `kiln run` does this).
 * Errors: KILN_ERROR_INVALID_ARGUMENT, KILN_ERROR_OUT_OF_MEMORY. */
KILN_API kiln_status kiln_library_create(kiln_library **out_library);

/* Creates a library from a descriptor linked into the program (the
 * kiln_library() of an object file from `kiln compile -o model.o`), with the
 * checks of kiln_library_open: abi_version, then every descriptor.
 * Ownership: |desc| is copied; its entry points must stay callable while the
 * library lives.
 * Errors: KILN_ERROR_INVALID_ARGUMENT (NULL arguments, invalid descriptor),
 * KILN_ERROR_ABI (another ABI version), KILN_ERROR_UNSUPPORTED_CPU,
 * KILN_ERROR_OUT_OF_MEMORY. */
KILN_API kiln_status kiln_library_create_from_desc(
    const kiln_library_desc *desc, kiln_library **out_library);

/* Adds a concrete function. The descriptor, its strings and arrays are
 * copied; |desc->entry| must stay callable while the library lives. A NULL
 * |desc->signature| is replaced by one built from the specs.
 * The descriptor must have a non-empty name, counts >= 0, non-NULL arrays
 * for non-zero counts, known dtypes, ranks in [0, KILN_MAX_RANK], input dims
 * >= -1 (output dims too), a non-NULL entry, and captures and (distinct)
 * writes that index the library's variables; its inputs must differ from
 * every concrete function already added under the same name.
 * Thread-safety: serialized with other adds by a mutex; concurrent calls and
 * lookups keep running on the previous snapshot and see the new function once
 * this returns.
 * Errors: KILN_ERROR_INVALID_ARGUMENT (invalid or duplicate descriptor),
 * KILN_ERROR_OUT_OF_MEMORY. */
KILN_API kiln_status kiln_library_add_function(
    kiln_library *library, const kiln_concrete_function_desc *desc);

KILN_API void kiln_library_retain(kiln_library *library);
/* Drops a reference. The library is destroyed (and its shared object
 * closed) when the last reference to it and to its functions is gone.
 * Tensors returned by calls do not depend on the library. */
KILN_API void kiln_library_release(kiln_library *library);

/* The path given to kiln_library_open; NULL for other libraries. */
KILN_API const char *kiln_library_path(const kiln_library *library);

/* The number of distinct function names (kiln_functions). */
KILN_API size_t kiln_library_function_count(const kiln_library *library);

/* The name of function |index| (in order of first registration); NULL if
 * |index| is out of range. Borrowed from the library. */
KILN_API const char *kiln_library_function_name(const kiln_library *library,
                                                size_t index);

/* Gets the function named |name| (all concrete functions of that Python
 * name, including ones added later).
 * Ownership: *out_function is a new reference; it keeps the library alive.
 * Errors: KILN_ERROR_INVALID_ARGUMENT for NULL arguments, KILN_ERROR_NOT_FOUND
 * if no concrete function has that name. */
KILN_API kiln_status kiln_library_get_function(kiln_library *library,
                                               const char *name,
                                               kiln_function **out_function);

/* The number of concrete functions. */
KILN_API size_t kiln_library_concrete_count(const kiln_library *library);

/* The runtime's copy of concrete function |index|'s descriptor (signature
 * filled in); NULL if |index| is out of range. Borrowed from the library. */
KILN_API const kiln_concrete_function_desc *
kiln_library_concrete_desc(const kiln_library *library, size_t index);

/* Calls concrete function |index| directly, without dispatch (for the typed
 * entry points of generated headers). Inputs must be compatible with its
 * input specs (same count, dtype and rank; dims equal or spec -1). Outputs,
 * ownership and errors as kiln_function_call, except that incompatible
 * inputs give KILN_ERROR_INVALID_ARGUMENT and an index out of range
 * KILN_ERROR_NOT_FOUND. */
KILN_API kiln_status kiln_library_call_concrete(
    kiln_library *library, size_t index, const kiln_tensor *const *inputs,
    size_t num_inputs, kiln_tensor **out_outputs, size_t max_outputs,
    size_t *out_num_outputs);

/* Variables.
 * A library whose functions use tf.Variables holds them: each kiln_library
 * opened or created from a descriptor has its own copy of every variable,
 * starting at the value the variable had when `kiln compile` had run the
 * script, and keeps what calls write for the calls after them. Variables
 * are numbered 0, 1, ... in the descriptor's order; libraries made with
 * kiln_library_create have none.
 * Thread-safety: a call that writes variables runs alone among the calls
 * and assignments of its library that use variables; calls that only read
 * them run concurrently. Each call sees the variables as one earlier call
 * or assignment left them, never half-updated. Calls that use no variable
 * never wait. */

/* The number of variables. */
KILN_API size_t kiln_library_variable_count(const kiln_library *library);

/* TensorFlow's name of variable |index| ("dense/kernel:0"); NULL if out of
 * range. Names need not be unique (TensorFlow calls two unnamed variables
 * "Variable:0"). Borrowed from the library. */
KILN_API const char *kiln_library_variable_name(const kiln_library *library,
                                                size_t index);

/* The dtype and (fixed) shape of variable |index|; NULL if out of range.
 * Borrowed from the library. */
KILN_API const kiln_tensor_spec *
kiln_library_variable_spec(const kiln_library *library, size_t index);

/* The index of the first variable named |name| into *out_index.
 * Errors: KILN_ERROR_INVALID_ARGUMENT for NULL arguments,
 * KILN_ERROR_NOT_FOUND (the message lists the variables). */
KILN_API kiln_status kiln_library_find_variable(const kiln_library *library,
                                                const char *name,
                                                size_t *out_index);

/* The current value of variable |index|.
 * Ownership: *out_value is a new reference to an immutable tensor (later
 * writes replace the variable's tensor, they never change this one): do
 * not write its data.
 * Errors: KILN_ERROR_INVALID_ARGUMENT for NULL arguments,
 * KILN_ERROR_NOT_FOUND for an index out of range. */
KILN_API kiln_status kiln_library_variable_read(kiln_library *library,
                                                size_t index,
                                                kiln_tensor **out_value);

/* Sets variable |index| to a copy of |value|, which must have the
 * variable's dtype and shape (TensorFlow's assign() cannot change them
 * either). |value| is only read during the call.
 * Errors: KILN_ERROR_INVALID_ARGUMENT (NULL arguments, another dtype or
 * shape), KILN_ERROR_NOT_FOUND, KILN_ERROR_OUT_OF_MEMORY. */
KILN_API kiln_status kiln_library_variable_assign(kiln_library *library,
                                                  size_t index,
                                                  const kiln_tensor *value);

/* Functions and calls. */

/* Adds a reference (to the function's library). */
KILN_API void kiln_function_retain(kiln_function *function);
/* Drops a reference taken by kiln_library_get_function or retain. */
KILN_API void kiln_function_release(kiln_function *function);

/* The export name: the tf.function's Python name made a C identifier,
 * unique in the library ("slice" for slice_, "call" for __call__, "f_1" for
 * a second f); the manifest's "python_name" gives the Python name. Borrowed
 * from the library. */
KILN_API const char *kiln_function_name(const kiln_function *function);

/* The number of concrete functions (signatures) under this name so far. */
KILN_API size_t kiln_function_signature_count(const kiln_function *function);

/* The readable signature of this name's concrete function |index|, in order
 * of registration; NULL if out of range. Borrowed from the library. */
KILN_API const char *kiln_function_signature(const kiln_function *function,
                                             size_t index);

/* The library index (for kiln_library_concrete_desc and
 * kiln_library_call_concrete) of this name's concrete function |index|;
 * SIZE_MAX if out of range. */
KILN_API size_t kiln_function_concrete_index(const kiln_function *function,
                                             size_t index);

/* Chooses the concrete function a call with |inputs| would run, as
 * kiln_function_call does, and stores its signature index (for
 * kiln_function_signature) in *out_signature_index. Never allocates unless it
 * fails. Errors: as the dispatch step of kiln_function_call. */
KILN_API kiln_status kiln_function_select(const kiln_function *function,
                                          const kiln_tensor *const *inputs,
                                          size_t num_inputs,
                                          size_t *out_signature_index);

/* Calls |function| with |num_inputs| tensors.
 * Dispatch: the cache key (count, and dtype, rank and dims of every input)
 * is hashed and looked up among the concrete functions whose input specs
 * have no -1 dims; this exact hit neither locks nor allocates. On a miss the
 * most specific compatible concrete function runs: every dtype and rank
 * equal, each dim equal or -1 in the spec, and the fewest -1 dims over all
 * inputs; among equally specific candidates (say [None, 3] and [2, None] for
 * a [2, 3] input) the first registered wins.
 * Everything is validated before compiled code runs: NULL pointers, that some
 * signature matches, and that max_outputs can hold every result.
 * The compiled code runs on the calling thread. Its descriptors live on the
 * stack unless the call has more than 15 inputs, 16 results or 256
 * descriptor words (inputs and results together), in which case one scratch
 * block is allocated.
 * Outputs: on success the results are stored in out_outputs[0 .. n) and n in
 * *out_num_outputs (which may be NULL); the caller owns one reference to
 * each. Results are contiguous row-major tensors that do not depend on the
 * library or the inputs (see kiln/abi.h for when a result buffer is taken
 * over and when it is copied). On failure *out_num_outputs is 0 and
 * out_outputs holds no references (entries the call had filled are reset to
 * NULL). |inputs| are only read; the caller keeps its references.
 * Thread-safety: any number of threads may call the same function at once,
 * also while kiln_library_add_function adds to its library.
 * Errors: KILN_ERROR_INVALID_ARGUMENT (NULL function, NULL inputs array with
 * num_inputs > 0, a NULL input, NULL out_outputs with max_outputs > 0, too
 * few output slots), KILN_ERROR_NO_MATCHING_SIGNATURE (the message lists the
 * call's signature and every available one), KILN_ERROR_OUT_OF_MEMORY
 * (also when the compiled code could not allocate a tensor: "OOM: ..."),
 * KILN_ERROR_ABI (the compiled code returned a descriptor that breaks its
 * output spec; nothing is returned and the buffers the runtime would have
 * taken over are freed). A check that fails while the compiled code runs
 * (TensorFlow's run-time errors: shapes known only then, an index out of
 * range, a tf.debugging assertion) is KILN_ERROR_INVALID_ARGUMENT with
 * TensorFlow's text ("Graph execution error: ..."); no output is
 * returned. */
KILN_API kiln_status kiln_function_call(kiln_function *function,
                                        const kiln_tensor *const *inputs,
                                        size_t num_inputs,
                                        kiln_tensor **out_outputs,
                                        size_t max_outputs,
                                        size_t *out_num_outputs);

#ifdef __cplusplus
}
#endif

#endif /* KILN_RUNTIME_H */
