/* A stand-in for a library made by `kiln compile`: it exports kiln_library()
 * describing three concrete functions. Built several times with macros:
 * FAKE_ABI_VERSION overrides the ABI version, FAKE_INVALID_DESCRIPTOR makes
 * the last descriptor invalid (a NULL entry point). */
#include "kiln/abi.h"

#include <stdlib.h>

#ifndef FAKE_ABI_VERSION
#define FAKE_ABI_VERSION KILN_ABI_VERSION
#endif

/* (x: float32[N, 3], y: float32[N, 3]) -> float32[N, 3] */
static void add(void **args) {
  const int64_t *x = args[1], *y = args[2];
  int64_t n = x[3];
  const float *a = (const float *)(intptr_t)x[1] + x[2];
  const float *b = (const float *)(intptr_t)y[1] + y[2];
  float *out = malloc((size_t)(n ? n * 3 : 1) * sizeof(float));
  for (int64_t i = 0; i < n * 3; ++i)
    out[i] = a[i] + b[i];
  int64_t *r = args[0];
  r[0] = r[1] = (int64_t)(intptr_t)out;
  r[2] = 0;
  r[3] = n;
  r[4] = 3;
  r[5] = 3;
  r[6] = 1;
}

/* (x: int32[]) -> int32[]; unused in the FAKE_INVALID_DESCRIPTOR build. */
__attribute__((unused)) static void negate(void **args) {
  const int64_t *x = args[1];
  int32_t *out = malloc(sizeof *out);
  *out = -((const int32_t *)(intptr_t)x[1])[x[2]];
  int64_t *r = args[0];
  r[0] = r[1] = (int64_t)(intptr_t)out;
  r[2] = 0;
}

static const int64_t any_by_3[] = {-1, 3};
static const int64_t two_by_3[] = {2, 3};
static const kiln_tensor_spec add_any_inputs[] = {{KILN_FLOAT32, 2, any_by_3},
                                                  {KILN_FLOAT32, 2, any_by_3}};
static const kiln_tensor_spec add_any_output[] = {{KILN_FLOAT32, 2, any_by_3}};
static const kiln_tensor_spec add_static_inputs[] = {
    {KILN_FLOAT32, 2, two_by_3}, {KILN_FLOAT32, 2, two_by_3}};
static const kiln_tensor_spec add_static_output[] = {
    {KILN_FLOAT32, 2, two_by_3}};
static const kiln_tensor_spec scalar_i32[] = {{KILN_INT32, 0, NULL}};

static const kiln_concrete_function_desc functions[] = {
    {"add", "add(x: float32[None, 3], y: float32[None, 3]) -> float32[None, 3]",
     2, 1, add_any_inputs, add_any_output, add},
    {"add", "add(x: float32[2, 3], y: float32[2, 3]) -> float32[2, 3]", 2, 1,
     add_static_inputs, add_static_output, add},
#ifdef FAKE_INVALID_DESCRIPTOR
    {"negate", NULL, 1, 1, scalar_i32, scalar_i32, NULL},
#else
    {"negate", NULL, 1, 1, scalar_i32, scalar_i32, negate},
#endif
};

__attribute__((visibility("default"))) const kiln_library_desc *
kiln_library(void) {
  static const kiln_library_desc desc = {FAKE_ABI_VERSION, 3, functions};
  return &desc;
}
