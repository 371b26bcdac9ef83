/* Tensors: reference-counted, contiguous row-major CPU buffers in DLPack
 * layout that own their memory (one block for header and data) or borrow it. */
#include "Internal.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(sizeof(kiln_dldevice) == 8, "DLDevice layout");
_Static_assert(sizeof(kiln_dldatatype) == 4, "DLDataType layout");
_Static_assert(offsetof(kiln_dltensor, data) == 0, "DLTensor layout");
_Static_assert(offsetof(kiln_dltensor, device) == 8, "DLTensor layout");
_Static_assert(offsetof(kiln_dltensor, ndim) == 16, "DLTensor layout");
_Static_assert(offsetof(kiln_dltensor, dtype) == 20, "DLTensor layout");
_Static_assert(offsetof(kiln_dltensor, shape) == 24, "DLTensor layout");
_Static_assert(offsetof(kiln_dltensor, strides) == 32, "DLTensor layout");
_Static_assert(offsetof(kiln_dltensor, byte_offset) == 40, "DLTensor layout");
_Static_assert(sizeof(kiln_dltensor) == 48, "DLTensor layout");
_Static_assert(offsetof(kiln_dlmanaged_tensor, manager_ctx) == 48,
               "DLManagedTensor layout");
_Static_assert(offsetof(kiln_dlmanaged_tensor, deleter) == 56,
               "DLManagedTensor layout");

static size_t header_size(int32_t rank) {
  return sizeof(kiln_tensor) + 2 * (size_t)rank * sizeof(int64_t);
}

static size_t round_up(size_t n, size_t to) { return (n + to - 1) / to * to; }

/* Fills everything but the data pointer and ownership fields. */
static void init_header(kiln_tensor *tensor, kiln_dtype dtype, int32_t rank,
                        const int64_t *shape, int64_t count, size_t bytes) {
  memset(tensor, 0, sizeof *tensor);
  tensor->dl.device.device_type = KILN_DL_CPU;
  tensor->dl.ndim = rank;
  kiln_dtype_to_dl(dtype, &tensor->dl.dtype);
  if (rank > 0)
    memcpy(tensor->dims, shape, (size_t)rank * sizeof(int64_t));
  kiln_row_major_strides(rank, shape, tensor->dims + rank);
  tensor->dl.shape = tensor->dims;
  tensor->dl.strides = tensor->dims + rank;
  atomic_init(&tensor->refcount, 1);
  tensor->dtype = dtype;
  tensor->element_count = count;
  tensor->byte_size = bytes;
}

kiln_status kiln_tensor_new_uninit(kiln_dtype dtype, int32_t rank,
                                   const int64_t *shape,
                                   kiln_tensor **out_tensor) {
  int64_t count;
  size_t bytes;
  if (!kiln_shape_size(rank, shape, kiln_dtype_size(dtype), &count, &bytes))
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT,
                     "tensor shape overflows a 64-bit size");
  /* bytes <= INT64_MAX, so these sums cannot wrap a 64-bit size_t. */
  size_t data_offset = round_up(header_size(rank), KILN_BUFFER_ALIGNMENT);
  size_t total =
      round_up(data_offset + (bytes ? bytes : 1), KILN_BUFFER_ALIGNMENT);
  kiln_tensor *tensor = aligned_alloc(KILN_BUFFER_ALIGNMENT, total);
  if (!tensor)
    return kiln_fail(KILN_ERROR_OUT_OF_MEMORY,
                     "out of memory allocating a %zu-byte tensor", bytes);
  init_header(tensor, dtype, rank, shape, count, bytes);
  tensor->dl.data = (char *)tensor + data_offset;
  *out_tensor = tensor;
  return KILN_OK;
}

kiln_status kiln_tensor_new_adopt(kiln_dtype dtype, int32_t rank,
                                  const int64_t *shape, void *buffer,
                                  void *data, kiln_tensor **out_tensor) {
  int64_t count;
  size_t bytes;
  if (!kiln_shape_size(rank, shape, kiln_dtype_size(dtype), &count, &bytes))
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT,
                     "tensor shape overflows a 64-bit size");
  kiln_tensor *tensor = malloc(header_size(rank));
  if (!tensor)
    return kiln_fail(KILN_ERROR_OUT_OF_MEMORY,
                     "out of memory allocating a tensor");
  init_header(tensor, dtype, rank, shape, count, bytes);
  tensor->dl.data = data;
  tensor->owned_buffer = buffer;
  *out_tensor = tensor;
  return KILN_OK;
}

kiln_status kiln_tensor_create(kiln_dtype dtype, int32_t ndim,
                               const int64_t *shape, const void *data,
                               kiln_tensor **out_tensor) {
  if (!out_tensor)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT,
                     "kiln_tensor_create: out_tensor is NULL");
  *out_tensor = NULL;
  if (!kiln_dtype_is_valid((int32_t)dtype))
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT,
                     "kiln_tensor_create: unknown dtype %d", (int)dtype);
  int64_t count;
  size_t bytes;
  kiln_status status = kiln_shape_check("kiln_tensor_create", ndim, shape,
                                        kiln_dtype_size(dtype), &count, &bytes);
  if (status != KILN_OK)
    return status;
  kiln_tensor *tensor;
  status = kiln_tensor_new_uninit(dtype, ndim, shape, &tensor);
  if (status != KILN_OK)
    return status;
  if (data)
    memcpy(tensor->dl.data, data, bytes);
  else
    memset(tensor->dl.data, 0, bytes);
  *out_tensor = tensor;
  return KILN_OK;
}

/* Validates a foreign view, except for its strides. */
static kiln_status check_view(const char *api, const kiln_dltensor *view,
                              bool need_alignment, kiln_dtype *out_dtype,
                              int64_t *out_count) {
  if (!view)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT, "%s: view is NULL", api);
  if (view->device.device_type != KILN_DL_CPU)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT,
                     "%s: only CPU tensors are supported (device type %d)", api,
                     (int)view->device.device_type);
  if (kiln_dtype_from_dl(view->dtype, out_dtype) != KILN_OK)
    return kiln_fail(
        KILN_ERROR_INVALID_ARGUMENT,
        "%s: no kiln dtype for DLPack type (code %u, bits %u, lanes %u)", api,
        (unsigned)view->dtype.code, (unsigned)view->dtype.bits,
        (unsigned)view->dtype.lanes);
  size_t element_size = kiln_dtype_size(*out_dtype);
  size_t bytes;
  kiln_status status = kiln_shape_check(api, view->ndim, view->shape,
                                        element_size, out_count, &bytes);
  if (status != KILN_OK)
    return status;
  if (*out_count > 0 && !view->data)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT,
                     "%s: data is NULL for a non-empty tensor", api);
  uintptr_t first = (uintptr_t)view->data + (uintptr_t)view->byte_offset;
  if (need_alignment && *out_count > 0 && first % element_size != 0)
    return kiln_fail(
        KILN_ERROR_INVALID_ARGUMENT,
        "%s: the first element is not aligned to its %zu-byte size", api,
        element_size);
  return KILN_OK;
}

kiln_status kiln_tensor_wrap(const kiln_dltensor *view,
                             void (*deleter)(void *ctx), void *ctx,
                             kiln_tensor **out_tensor) {
  if (!out_tensor)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT,
                     "kiln_tensor_wrap: out_tensor is NULL");
  *out_tensor = NULL;
  kiln_dtype dtype;
  int64_t count;
  kiln_status status =
      check_view("kiln_tensor_wrap", view, true, &dtype, &count);
  if (status != KILN_OK)
    return status;
  if (view->strides &&
      !kiln_strides_are_row_major(view->ndim, view->shape, view->strides))
    return kiln_fail(
        KILN_ERROR_INVALID_ARGUMENT,
        "kiln_tensor_wrap: strides are not contiguous row-major; copy the view "
        "with kiln_tensor_create_from_dl");
  kiln_tensor *tensor;
  status = kiln_tensor_new_adopt(dtype, view->ndim, view->shape, NULL,
                                 view->data, &tensor);
  if (status != KILN_OK)
    return status;
  tensor->dl.byte_offset = view->byte_offset;
  tensor->deleter = deleter;
  tensor->deleter_ctx = ctx;
  *out_tensor = tensor;
  return KILN_OK;
}

kiln_status kiln_tensor_create_from_dl(const kiln_dltensor *view,
                                       kiln_tensor **out_tensor) {
  if (!out_tensor)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT,
                     "kiln_tensor_create_from_dl: out_tensor is NULL");
  *out_tensor = NULL;
  kiln_dtype dtype;
  int64_t count;
  kiln_status status =
      check_view("kiln_tensor_create_from_dl", view, false, &dtype, &count);
  if (status != KILN_OK)
    return status;
  /* The farthest element from the first, in bytes, must be addressable:
   * strides that overflow would read before or past the buffer. */
  if (count > 0 && view->strides) {
    int64_t span = 0, step, bytes;
    for (int32_t d = 0; d < view->ndim; ++d) {
      int64_t stride = view->strides[d];
      if (stride == INT64_MIN ||
          __builtin_mul_overflow(view->shape[d] - 1,
                                 stride < 0 ? -stride : stride, &step) ||
          __builtin_add_overflow(span, step, &span))
        span = -1;
      if (span < 0)
        break;
    }
    if (span < 0 ||
        __builtin_mul_overflow(span, (int64_t)kiln_dtype_size(dtype), &bytes))
      return kiln_fail(KILN_ERROR_INVALID_ARGUMENT,
                       "kiln_tensor_create_from_dl: the strides reach past "
                       "the address range");
  }
  kiln_tensor *tensor;
  status = kiln_tensor_new_uninit(dtype, view->ndim, view->shape, &tensor);
  if (status != KILN_OK)
    return status;
  if (count > 0) {
    const char *first = (const char *)view->data + view->byte_offset;
    const int64_t *strides = view->strides ? view->strides : tensor->dl.strides;
    kiln_copy_strided(tensor->dl.data, first, kiln_dtype_size(dtype),
                      view->ndim, view->shape, strides);
  }
  *out_tensor = tensor;
  return KILN_OK;
}

void kiln_tensor_retain(kiln_tensor *tensor) {
  if (tensor)
    atomic_fetch_add_explicit(&tensor->refcount, 1, memory_order_relaxed);
}

void kiln_tensor_release(kiln_tensor *tensor) {
  if (!tensor || atomic_fetch_sub_explicit(&tensor->refcount, 1,
                                           memory_order_acq_rel) != 1)
    return;
  if (tensor->deleter)
    tensor->deleter(tensor->deleter_ctx);
  free(tensor->owned_buffer);
  free(tensor);
}

const kiln_dltensor *kiln_tensor_dl(const kiln_tensor *tensor) {
  return tensor ? &tensor->dl : NULL;
}

static void managed_deleter(kiln_dlmanaged_tensor *self) {
  if (!self)
    return;
  kiln_tensor_release(self->manager_ctx);
  free(self);
}

kiln_status kiln_tensor_export_dlpack(kiln_tensor *tensor,
                                      kiln_dlmanaged_tensor **out_managed) {
  if (!out_managed)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT,
                     "kiln_tensor_export_dlpack: out_managed is NULL");
  *out_managed = NULL;
  if (!tensor)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT,
                     "kiln_tensor_export_dlpack: tensor is NULL");
  kiln_dlmanaged_tensor *managed = malloc(sizeof *managed);
  if (!managed)
    return kiln_fail(KILN_ERROR_OUT_OF_MEMORY,
                     "kiln_tensor_export_dlpack: out of memory");
  kiln_tensor_retain(tensor);
  managed->dl_tensor = tensor->dl;
  managed->manager_ctx = tensor;
  managed->deleter = managed_deleter;
  *out_managed = managed;
  return KILN_OK;
}

void *kiln_tensor_data(const kiln_tensor *tensor) {
  if (!tensor || !tensor->dl.data)
    return NULL;
  return (char *)tensor->dl.data + tensor->dl.byte_offset;
}

kiln_dtype kiln_tensor_dtype(const kiln_tensor *tensor) {
  return tensor ? tensor->dtype : (kiln_dtype)0;
}

int32_t kiln_tensor_rank(const kiln_tensor *tensor) {
  return tensor ? tensor->dl.ndim : 0;
}

const int64_t *kiln_tensor_shape(const kiln_tensor *tensor) {
  return tensor ? tensor->dims : NULL;
}

int64_t kiln_tensor_element_count(const kiln_tensor *tensor) {
  return tensor ? tensor->element_count : 0;
}

size_t kiln_tensor_byte_size(const kiln_tensor *tensor) {
  return tensor ? tensor->byte_size : 0;
}
