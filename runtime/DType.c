/* Dtypes: TensorFlow names, element sizes and the mapping to DLPack types. */
#include "Internal.h"

#include <string.h>

typedef struct {
  const char *name;
  uint8_t dl_code;
  uint8_t dl_bits;
} dtype_info;

/* Indexed by kiln_dtype. */
static const dtype_info dtype_table[KILN_DTYPE_COUNT] = {
    [KILN_BOOL] = {"bool", KILN_DL_BOOL, 8},
    [KILN_INT8] = {"int8", KILN_DL_INT, 8},
    [KILN_INT16] = {"int16", KILN_DL_INT, 16},
    [KILN_INT32] = {"int32", KILN_DL_INT, 32},
    [KILN_INT64] = {"int64", KILN_DL_INT, 64},
    [KILN_UINT8] = {"uint8", KILN_DL_UINT, 8},
    [KILN_FLOAT16] = {"float16", KILN_DL_FLOAT, 16},
    [KILN_BFLOAT16] = {"bfloat16", KILN_DL_BFLOAT, 16},
    [KILN_FLOAT32] = {"float32", KILN_DL_FLOAT, 32},
    [KILN_FLOAT64] = {"float64", KILN_DL_FLOAT, 64},
};

bool kiln_dtype_is_valid(int32_t dtype) {
  return dtype >= 0 && dtype < KILN_DTYPE_COUNT;
}

const char *kiln_dtype_name(kiln_dtype dtype) {
  return kiln_dtype_is_valid((int32_t)dtype) ? dtype_table[dtype].name : NULL;
}

size_t kiln_dtype_size(kiln_dtype dtype) {
  return kiln_dtype_is_valid((int32_t)dtype) ? dtype_table[dtype].dl_bits / 8u
                                             : 0;
}

kiln_status kiln_dtype_from_name(const char *name, kiln_dtype *out_dtype) {
  if (!name || !out_dtype)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT,
                     "kiln_dtype_from_name: NULL argument");
  for (int i = 0; i < KILN_DTYPE_COUNT; ++i) {
    if (strcmp(dtype_table[i].name, name) == 0) {
      *out_dtype = (kiln_dtype)i;
      return KILN_OK;
    }
  }
  return kiln_fail(KILN_ERROR_INVALID_ARGUMENT,
                   "kiln_dtype_from_name: unknown dtype '%s'", name);
}

kiln_status kiln_dtype_to_dl(kiln_dtype dtype, kiln_dldatatype *out_type) {
  if (!out_type)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT,
                     "kiln_dtype_to_dl: out_type is NULL");
  if (!kiln_dtype_is_valid((int32_t)dtype))
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT,
                     "kiln_dtype_to_dl: unknown dtype %d", (int)dtype);
  out_type->code = dtype_table[dtype].dl_code;
  out_type->bits = dtype_table[dtype].dl_bits;
  out_type->lanes = 1;
  return KILN_OK;
}

kiln_status kiln_dtype_from_dl(kiln_dldatatype type, kiln_dtype *out_dtype) {
  if (!out_dtype)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT,
                     "kiln_dtype_from_dl: out_dtype is NULL");
  if (type.lanes == 1) {
    for (int i = 0; i < KILN_DTYPE_COUNT; ++i) {
      if (dtype_table[i].dl_code == type.code &&
          dtype_table[i].dl_bits == type.bits) {
        *out_dtype = (kiln_dtype)i;
        return KILN_OK;
      }
    }
  }
  return kiln_fail(KILN_ERROR_INVALID_ARGUMENT,
                   "kiln_dtype_from_dl: no kiln dtype for DLPack type (code "
                   "%u, bits %u, lanes %u)",
                   (unsigned)type.code, (unsigned)type.bits,
                   (unsigned)type.lanes);
}
