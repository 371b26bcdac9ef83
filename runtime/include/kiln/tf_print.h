/* tf.print's text for a tensor, as TensorFlow's PrintV2 kernel writes it
 * (Tensor::SummarizeValue with print_v2): "[1 2.5 3]", "[[1 2]\n [3 4]]",
 * "[0 1 2 ... 7 8 9]" past `summarize` elements per dimension.
 *
 * Header-only plain C on purpose: it is compiled into every library that
 * `kiln compile` makes from a function calling tf.print inside staged
 * control flow (a library may depend on libc alone), and into kiln itself,
 * for `kiln run`. One implementation, so both print the same text.
 *
 * Every function is static inline; a translation unit that includes this header
 * gets its own copy. Nothing here is thread-unsafe: a kiln_text belongs to
 * its caller. */
#ifndef KILN_TF_PRINT_H
#define KILN_TF_PRINT_H

#include "abi.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A growing, NUL-terminated byte string. Zero-initialize it; release `data`
 * with free(). After an allocation failure `failed` is set and appends do
 * nothing. */
typedef struct {
  char *data;
  size_t size, capacity;
  int failed;
} kiln_text;

static inline void kiln_text_append(kiln_text *t, const char *s, size_t n) {
  if (t->failed)
    return;
  if (t->size + n + 1 > t->capacity) {
    size_t capacity = t->capacity ? t->capacity : 64;
    while (capacity < t->size + n + 1)
      capacity *= 2;
    char *grown = (char *)realloc(t->data, capacity);
    if (!grown) {
      t->failed = 1;
      return;
    }
    t->data = grown;
    t->capacity = capacity;
  }
  memcpy(t->data + t->size, s, n);
  t->size += n;
  t->data[t->size] = 0;
}

static inline void kiln_text_puts(kiln_text *t, const char *s) {
  kiln_text_append(t, s, strlen(s));
}

/* TensorFlow's kernels run with denormals flushed (FTZ/DAZ): a subnormal
 * reads as a zero of the same sign, and so prints as 0 or -0. */
static inline float kiln_tfp_flushf(float v) {
  return fpclassify(v) == FP_SUBNORMAL ? copysignf(0.0f, v) : v;
}

static inline double kiln_tfp_flush(double v) {
  return fpclassify(v) == FP_SUBNORMAL ? copysign(0.0, v) : v;
}

/* TensorFlow's FloatToBuffer (tsl/platform/numbers.cc): the shortest of %.6g
 * and %.9g that reads back as the same float. */
static inline void kiln_tfp_float(kiln_text *t, float v) {
  char buf[64];
  char *end = NULL;
  if (isnan(v)) {
    kiln_text_puts(t, signbit(v) ? "-nan" : "nan");
    return;
  }
  v = kiln_tfp_flushf(v);
  snprintf(buf, sizeof buf, "%.6g", (double)v);
  float parsed = strtof(buf, &end);
  if (end == buf || kiln_tfp_flushf(parsed) != v)
    snprintf(buf, sizeof buf, "%.9g", (double)v);
  kiln_text_puts(t, buf);
}

/* DoubleToBuffer: %.15g, or %.17g when that does not read back. */
static inline void kiln_tfp_double(kiln_text *t, double v) {
  char buf[64];
  char *end = NULL;
  if (isnan(v)) {
    kiln_text_puts(t, signbit(v) ? "-nan" : "nan");
    return;
  }
  snprintf(buf, sizeof buf, "%.15g", v);
  double parsed = strtod(buf, &end);
  if (end == buf || kiln_tfp_flush(parsed) != kiln_tfp_flush(v))
    snprintf(buf, sizeof buf, "%.17g", v);
  kiln_text_puts(t, buf);
}

static inline float kiln_tfp_half_to_float(uint16_t h) {
  int sign = h >> 15, exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ff;
  float magnitude;
  if (exponent == 0)
    magnitude = ldexpf((float)mantissa, -24);
  else if (exponent == 31)
    magnitude = mantissa ? NAN : INFINITY;
  else
    magnitude = ldexpf((float)(mantissa | 0x400), exponent - 25);
  return sign ? -magnitude : magnitude;
}

static inline float kiln_tfp_bfloat16_to_float(uint16_t b) {
  uint32_t bits = (uint32_t)b << 16;
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}

/* Bytes per element of a kiln_dtype (0 for an unknown one). */
static inline size_t kiln_tfp_dtype_size(int32_t dtype) {
  switch (dtype) {
  case KILN_BOOL:
  case KILN_INT8:
  case KILN_UINT8:
    return 1;
  case KILN_INT16:
  case KILN_FLOAT16:
  case KILN_BFLOAT16:
    return 2;
  case KILN_INT32:
  case KILN_FLOAT32:
    return 4;
  case KILN_INT64:
  case KILN_FLOAT64:
    return 8;
  default:
    return 0;
  }
}

/* One element of a numeric or bool tensor: bools print as 1 and 0, floats
 * of 16 and 32 bits as FloatToBuffer, float64 as DoubleToBuffer. Elements
 * are read with memcpy, so `element` needs no alignment. */
static inline void kiln_tfp_element(kiln_text *t, int32_t dtype,
                                    const void *element) {
  char buf[32];
  union {
    int8_t i8;
    uint8_t u8;
    int16_t i16;
    uint16_t u16;
    int32_t i32;
    int64_t i64;
    float f32;
    double f64;
  } v;
  memcpy(&v, element, kiln_tfp_dtype_size(dtype));
  switch (dtype) {
  case KILN_BOOL:
    kiln_text_puts(t, v.u8 ? "1" : "0");
    return;
  case KILN_INT8:
    snprintf(buf, sizeof buf, "%d", (int)v.i8);
    break;
  case KILN_UINT8:
    snprintf(buf, sizeof buf, "%u", (unsigned)v.u8);
    break;
  case KILN_INT16:
    snprintf(buf, sizeof buf, "%d", (int)v.i16);
    break;
  case KILN_INT32:
    snprintf(buf, sizeof buf, "%d", (int)v.i32);
    break;
  case KILN_INT64:
    snprintf(buf, sizeof buf, "%lld", (long long)v.i64);
    break;
  case KILN_FLOAT16:
    kiln_tfp_float(t, kiln_tfp_half_to_float(v.u16));
    return;
  case KILN_BFLOAT16:
    kiln_tfp_float(t, kiln_tfp_bfloat16_to_float(v.u16));
    return;
  case KILN_FLOAT32:
    kiln_tfp_float(t, v.f32);
    return;
  case KILN_FLOAT64:
    kiln_tfp_double(t, v.f64);
    return;
  default:
    kiln_text_puts(t, "?");
    return;
  }
  kiln_text_puts(t, buf);
}

/* How one element is written; kiln_tfp_element for numeric tensors. kiln
 * passes its own for string tensors, which this header cannot read. */
typedef void (*kiln_tfp_element_fn)(kiln_text *t, const void *element,
                                    void *context);

/* A strided view of a tensor. `strides` are in elements; NULL means dense
 * row-major. `element_size` is the distance in bytes of stride 1. */
typedef struct {
  int64_t rank;
  const int64_t *shape;
  const int64_t *strides;
  const char *data;
  size_t element_size;
  kiln_tfp_element_fn element;
  void *context;
} kiln_tfp_view;

static inline int64_t kiln_tfp_stride(const kiln_tfp_view *v, int64_t dim) {
  int64_t stride = 1;
  if (v->strides)
    return v->strides[dim];
  for (int64_t d = dim + 1; d < v->rank; ++d)
    stride *= v->shape[d];
  return stride;
}

/* Between two items of dimension `dim`: a space in the innermost dimension,
 * else a newline per enclosing level and an indent of `dim + 1`. */
static inline void kiln_tfp_spacing(kiln_text *t, int64_t dim, int64_t rank) {
  int64_t i;
  if (dim == rank - 1) {
    kiln_text_puts(t, " ");
    return;
  }
  for (i = 0; i < rank - dim - 1; ++i)
    kiln_text_puts(t, "\n");
  for (i = 0; i < dim + 1; ++i)
    kiln_text_puts(t, " ");
}

/* PrintOneDimV2: the first and last `ends` items of each dimension, with
 * "..." between them when some are left out. */
static inline void kiln_tfp_dim(kiln_text *t, const kiln_tfp_view *v,
                                int64_t dim, int64_t ends, int64_t offset) {
  int64_t count, stride, start_of_end, i;
  if (dim == v->rank) {
    v->element(t, v->data + offset * (int64_t)v->element_size, v->context);
    return;
  }
  kiln_text_puts(t, "[");
  count = v->shape[dim];
  stride = kiln_tfp_stride(v, dim);
  start_of_end = count - ends > ends ? count - ends : ends;
  for (i = 0; i < ends && i < count; ++i) {
    if (i > 0)
      kiln_tfp_spacing(t, dim, v->rank);
    kiln_tfp_dim(t, v, dim + 1, ends, offset + i * stride);
  }
  if (count > 2 * ends) {
    kiln_tfp_spacing(t, dim, v->rank);
    kiln_text_puts(t, "...");
  }
  for (i = start_of_end; i < count; ++i) {
    kiln_tfp_spacing(t, dim, v->rank);
    kiln_tfp_dim(t, v, dim + 1, ends, offset + i * stride);
  }
  kiln_text_puts(t, "]");
}

/* Appends the text of a tensor that is not a scalar string (kiln prints
 * those itself, unquoted). `summarize`: elements kept at each end of every
 * dimension; negative keeps all. An empty bool tensor prints nothing, as in
 * TensorFlow. */
static inline void kiln_tfp_format(kiln_text *t, const kiln_tfp_view *v,
                                   int is_bool, int64_t summarize) {
  int64_t count = 1, d;
  for (d = 0; d < v->rank; ++d)
    count *= v->shape[d];
  if (is_bool && count == 0)
    return;
  if (v->rank == 0) {
    v->element(t, v->data, v->context);
    return;
  }
  if (summarize < 0 || summarize > count)
    summarize = count;
  kiln_tfp_dim(t, v, 0, summarize, 0);
}

static inline void kiln_tfp_numeric_element(kiln_text *t, const void *element,
                                            void *context) {
  kiln_tfp_element(t, *(const int32_t *)context, element);
}

/* A view of a numeric or bool tensor of the kiln_dtype |*dtype|, which
 * must outlive it. */
static inline kiln_tfp_view kiln_tfp_numeric_view(const int32_t *dtype,
                                                  int64_t rank,
                                                  const int64_t *shape,
                                                  const int64_t *strides,
                                                  const void *data) {
  kiln_tfp_view v;
  v.rank = rank;
  v.shape = shape;
  v.strides = strides;
  v.data = (const char *)data;
  v.element_size = kiln_tfp_dtype_size(*dtype);
  v.element = kiln_tfp_numeric_element;
  v.context = (void *)dtype;
  return v;
}

/* kiln_tfp_format for a numeric or bool tensor of a kiln_dtype. */
static inline void kiln_tf_print_tensor(kiln_text *t, int32_t dtype,
                                        int64_t rank, const int64_t *shape,
                                        const int64_t *strides,
                                        const void *data, int64_t summarize) {
  kiln_tfp_view v = kiln_tfp_numeric_view(&dtype, rank, shape, strides, data);
  kiln_tfp_format(t, &v, dtype == KILN_BOOL, summarize);
}

/* PrintOneDim: Tensor::SummarizeValue without print_v2, as the Assert
 * kernel formats its data. The first `limit` elements in row-major order,
 * every row of a matrix in brackets ("[1 2][3 4]"); "..." where a row is
 * cut. `printed` counts the elements written so far. */
static inline void kiln_tfp_dim_v1(kiln_text *t, const kiln_tfp_view *v,
                                   int64_t dim, int64_t limit, int64_t *printed,
                                   int64_t offset) {
  int64_t count = v->shape[dim], stride = kiln_tfp_stride(v, dim), i;
  if (*printed >= limit)
    return;
  if (dim == v->rank - 1) {
    for (i = 0; i < count; ++i) {
      if (*printed >= limit) {
        if (dim != 0)
          kiln_text_puts(t, "...");
        return;
      }
      if (i > 0)
        kiln_text_puts(t, " ");
      v->element(t, v->data + (offset + i * stride) * (int64_t)v->element_size,
                 v->context);
      ++*printed;
    }
    return;
  }
  for (i = 0; i < count; ++i) {
    int opened = 0;
    if (*printed < limit) {
      kiln_text_puts(t, "[");
      opened = 1;
    }
    kiln_tfp_dim_v1(t, v, dim + 1, limit, printed, offset + i * stride);
    if (*printed < limit || opened)
      kiln_text_puts(t, "]");
  }
}

/* An Assert kernel's text for a numeric or bool tensor: at most
 * `summarize` elements (all when negative), "..." after them when some
 * are left out: "1 2 3...", "[1 2][3 4]". */
static inline void kiln_tf_summarize_tensor(kiln_text *t, int32_t dtype,
                                            int64_t rank, const int64_t *shape,
                                            const int64_t *strides,
                                            const void *data,
                                            int64_t summarize) {
  kiln_tfp_view v = kiln_tfp_numeric_view(&dtype, rank, shape, strides, data);
  int64_t count = 1, limit, printed = 0, d;
  for (d = 0; d < rank; ++d)
    count *= shape[d];
  limit = summarize < 0 || summarize > count ? count : summarize;
  if (rank == 0) {
    if (limit > 0)
      v.element(t, v.data, v.context);
  } else {
    kiln_tfp_dim_v1(t, &v, 0, limit, &printed, 0);
  }
  if (count > limit)
    kiln_text_puts(t, "...");
}

#ifdef __cplusplus
}
#endif

#endif /* KILN_TF_PRINT_H */
