/* Fake compiled functions for the runtime tests; see FakeFunctions.h. */
#include "FakeFunctions.h"

#include <stdlib.h>
#include <string.h>

/* A rank-R memref descriptor at |words|. */
static void *ptr(int64_t word) { return (void *)(intptr_t)word; }
static int64_t word(const void *p) { return (int64_t)(intptr_t)p; }

static const float *input_f32(void **args, int k) {
  const int64_t *d = args[1 + k];
  return (const float *)ptr(d[1]) + d[2];
}

static int64_t input_size(void **args, int k, int dim) {
  return ((const int64_t *)args[1 + k])[3 + dim];
}

/* Writes a rank-2 descriptor at |r|. */
static void set2(int64_t *r, void *allocated, void *aligned, int64_t offset,
                 int64_t n, int64_t m, int64_t s0, int64_t s1) {
  r[0] = word(allocated);
  r[1] = word(aligned);
  r[2] = offset;
  r[3] = n;
  r[4] = m;
  r[5] = s0;
  r[6] = s1;
}

static float *alloc_f32(int64_t count) {
  return malloc((size_t)(count ? count : 1) * sizeof(float));
}

void fake_add_f32(void **args) {
  int64_t n = input_size(args, 0, 0), m = input_size(args, 0, 1);
  const float *x = input_f32(args, 0), *y = input_f32(args, 1);
  float *out = alloc_f32(n * m);
  for (int64_t i = 0; i < n * m; ++i)
    out[i] = x[i] + y[i];
  set2(args[0], out, out, 0, n, m, m, 1);
}

void fake_identity2(void **args) {
  memcpy(args[0], args[1], 7 * sizeof(int64_t));
}

const float fake_constant_values[6] = {0, 1, 2, 3, 4, 5};

void fake_constant(void **args) {
  set2(args[0], (void *)0xdeadbeef, (void *)fake_constant_values, 0, 2, 3, 3,
       1);
}

long fake_two_results_calls;

void fake_two_results(void **args) {
  __atomic_fetch_add(&fake_two_results_calls, 1, __ATOMIC_RELAXED);
  int64_t n = input_size(args, 0, 0);
  const float *x = input_f32(args, 0);
  float *doubled = alloc_f32(n * 3);
  float *sum = alloc_f32(1);
  *sum = 0;
  for (int64_t i = 0; i < n * 3; ++i) {
    doubled[i] = 2 * x[i];
    *sum += x[i];
  }
  int64_t *r = args[0];
  set2(r, doubled, doubled, 0, n, 3, 3, 1);
  r[7] = word(sum); /* rank 0: allocated, aligned, offset */
  r[8] = word(sum);
  r[9] = 0;
}

void fake_transpose(void **args) {
  int64_t n = input_size(args, 0, 0), m = input_size(args, 0, 1);
  float *copy = alloc_f32(n * m);
  memcpy(copy, input_f32(args, 0), (size_t)(n * m) * sizeof(float));
  set2(args[0], copy, copy, 0, m, n, 1, m);
}

void fake_duplicate(void **args) {
  int64_t n = input_size(args, 0, 0), m = input_size(args, 0, 1);
  const float *x = input_f32(args, 0);
  float *out = alloc_f32(n * m);
  for (int64_t i = 0; i < n * m; ++i)
    out[i] = x[i] + 1;
  int64_t *r = args[0];
  set2(r, out, out, 0, n, m, m, 1);
  set2(r + 7, out, out, 0, n, m, m, 1);
}

void fake_slice(void **args) {
  const int64_t *x = args[1];
  set2(args[0], ptr(x[0]), ptr(x[1]), x[2] + x[4], x[3] - 1, x[4], x[4], 1);
}

void fake_offset_result(void **args) {
  int64_t n = input_size(args, 0, 0), m = input_size(args, 0, 1);
  const float *x = input_f32(args, 0);
  float *block = alloc_f32(n * m + 2);
  for (int64_t i = 0; i < n * m; ++i)
    block[2 + i] = x[i] - 1;
  set2(args[0], block, block, 2, n, m, m, 1);
}

void fake_alias_and_constant(void **args) {
  int64_t *r = args[0];
  fake_identity2(args);
  set2(r + 7, (void *)0xdeadbeef, (void *)fake_constant_values, 0, 2, 3, 3, 1);
}

void fake_wrong_size(void **args) {
  float *out = alloc_f32(15);
  memset(out, 0, 15 * sizeof(float));
  set2(args[0], out, out, 0, 5, 3, 3, 1);
}

void fake_second_result_invalid(void **args) {
  int64_t *r = args[0];
  float *first = alloc_f32(1);
  float *second = alloc_f32(21);
  first[0] = 1;
  r[0] = r[1] = word(first);
  r[2] = 0;
  r[3] = 1;
  r[4] = 1;
  set2(r + 5, second, second, 0, 7, 3, 3, 1);
}

void fake_empty_result(void **args) {
  set2(args[0], NULL, NULL, 0, 0, 3, 3, 1);
}

long fake_no_result_calls;

void fake_no_result(void **args) {
  (void)args;
  __atomic_fetch_add(&fake_no_result_calls, 1, __ATOMIC_RELAXED);
}

static void tag(void **args, int32_t value) {
  int32_t *out = malloc(sizeof *out);
  *out = value;
  int64_t *r = args[0];
  r[0] = r[1] = word(out);
  r[2] = 0;
}

void fake_tag0(void **args) { tag(args, 0); }
void fake_tag1(void **args) { tag(args, 1); }
void fake_tag2(void **args) { tag(args, 2); }
void fake_tag3(void **args) { tag(args, 3); }
void fake_tag4(void **args) { tag(args, 4); }
void fake_tag5(void **args) { tag(args, 5); }
void fake_tag6(void **args) { tag(args, 6); }
void fake_tag7(void **args) { tag(args, 7); }

/* A scalar descriptor (3 words) at |r|. */
static void set0(int64_t *r, void *allocated, void *aligned, int64_t offset) {
  r[0] = word(allocated);
  r[1] = word(aligned);
  r[2] = offset;
}

void fake_accumulate(void **args) {
  float *sum = alloc_f32(1);
  *sum = *input_f32(args, 0) + *input_f32(args, 1);
  int64_t *r = args[0];
  set0(r, sum, sum, 0);
  set0(r + 3, sum, sum, 0);
}

void fake_read_variable(void **args) {
  memcpy(args[0], args[1], 3 * sizeof(int64_t));
}
