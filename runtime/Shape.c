/* Shape arithmetic: overflow-checked sizes, row-major strides and the
 * strided copy that makes results and foreign views contiguous. */
#include "Internal.h"

#include <string.h>

bool kiln_shape_size(int32_t rank, const int64_t *dims, size_t element_size,
                     int64_t *out_count, size_t *out_bytes) {
  int64_t nonzero = 1;
  bool empty = false;
  for (int32_t i = 0; i < rank; ++i) {
    int64_t dim = dims[i];
    if (dim < 0)
      return false;
    if (dim == 0) {
      empty = true;
      continue;
    }
    if (nonzero > INT64_MAX / dim)
      return false;
    nonzero *= dim;
  }
  if (element_size > 0 && nonzero > INT64_MAX / (int64_t)element_size)
    return false;
  int64_t count = empty ? 0 : nonzero;
  *out_count = count;
  *out_bytes = (size_t)count * element_size;
  return true;
}

kiln_status kiln_shape_check(const char *what, int32_t rank,
                             const int64_t *dims, size_t element_size,
                             int64_t *out_count, size_t *out_bytes) {
  if (rank < 0 || rank > KILN_MAX_RANK)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT,
                     "%s: rank %d is outside [0, %d]", what, (int)rank,
                     KILN_MAX_RANK);
  if (rank > 0 && !dims)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT,
                     "%s: shape is NULL for rank %d", what, (int)rank);
  for (int32_t i = 0; i < rank; ++i) {
    if (dims[i] < 0)
      return kiln_fail(KILN_ERROR_INVALID_ARGUMENT,
                       "%s: dim %d is negative (%lld)", what, (int)i,
                       (long long)dims[i]);
  }
  if (!kiln_shape_size(rank, dims, element_size, out_count, out_bytes)) {
    kiln_strbuf buf = {0};
    kiln_strbuf_appendf(&buf, "%s: shape [", what);
    for (int32_t i = 0; i < rank; ++i)
      kiln_strbuf_appendf(&buf, "%s%lld", i ? ", " : "", (long long)dims[i]);
    kiln_strbuf_appendf(&buf, "] of %zu-byte elements overflows a 64-bit size",
                        element_size);
    return kiln_fail_with(KILN_ERROR_INVALID_ARGUMENT, &buf);
  }
  return KILN_OK;
}

/* Zero dims count as 1 so that strides stay positive and bounded by the
 * product kiln_shape_size checked. */
void kiln_row_major_strides(int32_t rank, const int64_t *dims,
                            int64_t *out_strides) {
  int64_t stride = 1;
  for (int32_t i = rank - 1; i >= 0; --i) {
    out_strides[i] = stride;
    stride *= dims[i] > 1 ? dims[i] : 1;
  }
}

bool kiln_strides_are_row_major(int32_t rank, const int64_t *dims,
                                const int64_t *strides) {
  for (int32_t i = 0; i < rank; ++i) {
    if (dims[i] == 0)
      return true;
  }
  int64_t expected = 1;
  for (int32_t i = rank - 1; i >= 0; --i) {
    if (dims[i] != 1 && strides[i] != expected)
      return false;
    expected *= dims[i];
  }
  return true;
}

void kiln_copy_strided(void *dst, const char *src, size_t element_size,
                       int32_t rank, const int64_t *sizes,
                       const int64_t *strides) {
  for (int32_t i = 0; i < rank; ++i) {
    if (sizes[i] == 0)
      return;
  }
  char *out = dst;
  if (rank == 0) {
    memcpy(out, src, element_size);
    return;
  }
  /* Walk the outer dims like an odometer, copying one innermost row at a
   * time; offsets are integers so negative strides stay well defined. */
  int64_t index[KILN_MAX_RANK] = {0};
  const int32_t inner = rank - 1;
  const int64_t row_length = sizes[inner];
  const int64_t step = strides[inner] * (int64_t)element_size;
  int64_t row_offset = 0;
  for (;;) {
    if (strides[inner] == 1) {
      memcpy(out, src + row_offset, (size_t)row_length * element_size);
      out += (size_t)row_length * element_size;
    } else {
      for (int64_t j = 0; j < row_length; ++j) {
        memcpy(out, src + row_offset + j * step, element_size);
        out += element_size;
      }
    }
    int32_t d = inner - 1;
    for (; d >= 0; --d) {
      row_offset += strides[d] * (int64_t)element_size;
      if (++index[d] < sizes[d])
        break;
      row_offset -= sizes[d] * strides[d] * (int64_t)element_size;
      index[d] = 0;
    }
    if (d < 0)
      return;
  }
}
