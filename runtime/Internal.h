/* Declarations shared by the runtime's C files: the objects behind the opaque
 * handles, error reporting, shape arithmetic and dispatch. Not installed. */
#ifndef KILN_RUNTIME_INTERNAL_H
#define KILN_RUNTIME_INTERNAL_H

#include "kiln/runtime.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>

_Static_assert(sizeof(void *) == 8,
               "the memref descriptor ABI assumes 64-bit pointers");

#if defined(__GNUC__)
#define KILN_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define KILN_PRINTF(fmt, args)
#endif

/* What compiled code puts in a result's allocated word for a constant
 * global (MLIR's memref.get_global lowering). */
#define KILN_CONSTANT_ALLOCATED ((void *)0xdeadbeef)

/* Alignment of buffers the runtime allocates. */
#define KILN_BUFFER_ALIGNMENT 64

/* Errors (Status.c). */

/* Sets this thread's last error from a printf format; returns |status|. */
kiln_status kiln_fail(kiln_status status, const char *fmt, ...)
    KILN_PRINTF(2, 3);

/* A growable string for messages and signatures. Allocation failures are
 * sticky: |failed| is set and later appends do nothing. */
typedef struct {
  char *data;
  size_t length, capacity;
  bool failed;
} kiln_strbuf;

void kiln_strbuf_appendf(kiln_strbuf *buf, const char *fmt, ...)
    KILN_PRINTF(2, 3);
void kiln_strbuf_vappendf(kiln_strbuf *buf, const char *fmt, va_list args);
/* Appends "float32[None, 3]" (dims of -1 print as None). */
void kiln_strbuf_append_type(kiln_strbuf *buf, int32_t dtype, int32_t rank,
                             const int64_t *dims);
void kiln_strbuf_free(kiln_strbuf *buf);
/* Sets this thread's last error to |buf|'s text (or an out-of-memory note if
 * building it failed), frees |buf| and returns |status|. */
kiln_status kiln_fail_with(kiln_status status, kiln_strbuf *buf);

/* Shapes (Shape.c). */

bool kiln_dtype_is_valid(int32_t dtype);

/* Checks |dims| (rank entries, each >= 0) and computes the element count and
 * byte size. Fails if the product of the non-zero dims, or that times
 * |element_size|, does not fit in int64_t; that bound also keeps every
 * row-major stride representable. */
bool kiln_shape_size(int32_t rank, const int64_t *dims, size_t element_size,
                     int64_t *out_count, size_t *out_bytes);
/* Validates a user-supplied shape; on failure sets the last error with
 * |what| as the message prefix and returns KILN_ERROR_INVALID_ARGUMENT. */
kiln_status kiln_shape_check(const char *what, int32_t rank,
                             const int64_t *dims, size_t element_size,
                             int64_t *out_count, size_t *out_bytes);
void kiln_row_major_strides(int32_t rank, const int64_t *dims,
                            int64_t *out_strides);
/* Whether |strides| address |dims| contiguously in row-major order; strides
 * of dims of size 1, and all strides of an empty tensor, are ignored. */
bool kiln_strides_are_row_major(int32_t rank, const int64_t *dims,
                                const int64_t *strides);
/* Copies the strided elements at |src| into |dst|, row-major. */
void kiln_copy_strided(void *dst, const char *src, size_t element_size,
                       int32_t rank, const int64_t *sizes,
                       const int64_t *strides);

/* Tensors (Tensor.c). */

struct kiln_tensor {
  kiln_dltensor dl; /* shape/strides point into dims below */
  atomic_long refcount;
  kiln_dtype dtype;
  int64_t element_count;
  size_t byte_size;
  void *owned_buffer;         /* freed with free() on destruction, or NULL */
  void (*deleter)(void *ctx); /* from kiln_tensor_wrap, or NULL */
  void *deleter_ctx;
  int64_t dims[]; /* shape[rank] then strides[rank] */
};

/* A tensor owning an uninitialized contiguous buffer; the shape must have
 * passed kiln_shape_size. */
kiln_status kiln_tensor_new_uninit(kiln_dtype dtype, int32_t rank,
                                   const int64_t *shape,
                                   kiln_tensor **out_tensor);
/* A tensor whose elements start at |data| inside the malloc'd |buffer|,
 * which it frees on destruction. On failure |buffer| is not freed. */
kiln_status kiln_tensor_new_adopt(kiln_dtype dtype, int32_t rank,
                                  const int64_t *shape, void *buffer,
                                  void *data, kiln_tensor **out_tensor);

/* Libraries, functions and dispatch (Library.c, Dispatch.c). */

/* A concrete function: a deep copy of its descriptor plus what dispatch and
 * calls need. Immutable once published; freed with its library. */
typedef struct kiln_concrete {
  kiln_concrete_function_desc desc;
  struct kiln_function *function;
  size_t library_index;
  size_t signature_index; /* among its function's concrete functions */
  int64_t dynamic_dims;   /* -1 dims over all input specs */
  uint64_t key_hash;      /* of the input specs, used when dynamic_dims == 0 */
  size_t input_words;     /* descriptor words of all inputs and captures */
  size_t result_words;    /* descriptor words of all results */
  /* Specs of every result: the outputs, then the written variables'. */
  size_t num_results;
  const kiln_tensor_spec *result_specs;
} kiln_concrete;

typedef struct {
  uint64_t hash;
  const kiln_concrete *concrete; /* NULL: empty slot */
} kiln_dispatch_slot;

/* Memory retired from a published snapshot; freed with the library. */
typedef struct kiln_retired {
  struct kiln_retired *next;
} kiln_retired;

/* One function's immutable dispatch snapshot, in a single allocation. */
typedef struct {
  kiln_retired retired;
  size_t count; /* concrete functions, registration order */
  const kiln_concrete **by_index;
  size_t slot_mask;          /* exact-key table: slot_mask + 1 slots */
  kiln_dispatch_slot *slots; /* NULL when no signature is fully static */
  size_t generic_count;
  const kiln_concrete **generic; /* with -1 dims, most specific first */
} kiln_dispatch_table;

struct kiln_function {
  struct kiln_library *library;
  char *name;
  _Atomic(kiln_dispatch_table *) table;
};

/* An append-only array of pointers that readers use without locks: items
 * below |count| never change, and growth publishes a new list. */
typedef struct {
  kiln_retired retired;
  size_t capacity;
  atomic_size_t count;
  void *items[];
} kiln_ptr_list;

/* A variable a library holds (Variables.c). */
typedef struct {
  char *name;
  kiln_tensor_spec spec; /* dims owned by the library's variable block */
  kiln_tensor *value;    /* guarded by the library's variable_lock */
} kiln_variable;

struct kiln_library {
  atomic_long refcount;
  pthread_mutex_t mutex; /* serializes writers */
  void *dl_handle;       /* from dlopen, or NULL */
  char *path;
  _Atomic(kiln_ptr_list *) concretes; /* kiln_concrete *, by library index */
  _Atomic(kiln_ptr_list *)
      functions;         /* kiln_function *, by first registration */
  kiln_retired *retired; /* guarded by mutex */
  /* Variables, fixed at creation. Calls that write one hold variable_lock
   * for writing, calls that only read them for reading. */
  size_t num_variables;
  kiln_variable *variables;
  pthread_rwlock_t variable_lock;
};

/* Makes |library|'s variables from |desc| (validated here; |api| and
 * |path| name it in messages). */
kiln_status kiln_variables_create(kiln_library *library, const char *api,
                                  const char *path,
                                  const kiln_library_desc *desc);
/* Frees the variables' names, specs and values. */
void kiln_variables_destroy(kiln_library *library);

/* The published items of |list| (may be NULL); returns their count. */
size_t kiln_ptr_list_read(kiln_ptr_list *const _Atomic *list,
                          void *const **out_items);

/* Builds |function|'s next table: the current one plus |added|. */
kiln_dispatch_table *
kiln_dispatch_table_build(const kiln_dispatch_table *previous,
                          const kiln_concrete *added);
/* The hash of a concrete function's fully static input specs. */
uint64_t kiln_dispatch_hash_specs(const kiln_concrete_function_desc *desc);
/* Whether |desc|'s input specs accept |inputs| (dims equal or -1). If not and
 * |why| is given, describes the first mismatch there. */
bool kiln_specs_accept(const kiln_concrete_function_desc *desc,
                       const kiln_tensor *const *inputs, size_t num_inputs,
                       kiln_strbuf *why);

/* Checks a call's inputs array: not NULL when non-empty, no NULL tensor. */
kiln_status kiln_check_inputs(const char *api, const kiln_tensor *const *inputs,
                              size_t num_inputs);
/* Chooses |function|'s concrete function for |inputs| (already checked); on
 * no match fails with the list of signatures, |api| prefixing the message. */
kiln_status kiln_function_dispatch(const char *api,
                                   const kiln_function *function,
                                   const kiln_tensor *const *inputs,
                                   size_t num_inputs,
                                   const kiln_concrete **out_concrete);

#endif /* KILN_RUNTIME_INTERNAL_H */
