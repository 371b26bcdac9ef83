/* The typed entry points of a compiled library (typed_entry.py): wrong
 * pointers and shapes get status 1 before any compiled code runs, a result
 * too large for memory gets 2, the most negative int divided by -1 wraps as
 * TensorFlow's kernels do, int16 is a signed type, and a function without
 * results has its entry point, and a failed assertion fails the call
 * before the prints after it. Prints one line per failed check. */
#include "typed_entry.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int failures;

static void expect(int ok, const char *what) {
  if (!ok) {
    printf("FAILED: %s\n", what);
    ++failures;
  }
}

int main(void) {
  float x[6] = {1, 2, 3, 4, 5, 6}, b[3] = {1, 1, 1};
  int64_t xs[2] = {2, 3}, bs[1] = {3}, ys[2];
  float *y = NULL;
  expect(kiln_affine_0(x, xs, b, bs, &y, ys) == 0 && y && y[5] == 13,
         "affine computes");
  free(y);
  y = NULL;
  expect(kiln_affine_0(NULL, xs, b, bs, &y, ys) == 1 && !y, "NULL data");
  expect(kiln_affine_0(x, NULL, b, bs, &y, ys) == 1, "NULL shape");
  expect(kiln_affine_0(x, xs, b, bs, NULL, ys) == 1, "NULL result");
  expect(kiln_affine_0(x, xs, b, bs, &y, NULL) == 1, "NULL result shape");
  int64_t negative[2] = {-1, 3}, overflow[2] = {INT64_MAX / 2, 3},
          wrong[2] = {2, 4}, empty[2] = {0, 3};
  expect(kiln_affine_0(x, negative, b, bs, &y, ys) == 1, "negative size");
  expect(kiln_affine_0(x, overflow, b, bs, &y, ys) == 1, "overflowing size");
  expect(kiln_affine_0(x, wrong, b, bs, &y, ys) == 1, "wrong fixed size");
  expect(kiln_affine_0(NULL, empty, b, bs, &y, ys) == 0 && ys[0] == 0,
         "an empty input needs no data");
  free(y);

  int32_t n = 200000; /* 160 GB of zeros */
  y = NULL;
  expect(kiln_square_zeros_0(&n, NULL, &y, ys) == 2 && !y, "out of memory");
  n = 2;
  expect(kiln_square_zeros_0(&n, NULL, &y, ys) == 0 && y && ys[0] == 2,
         "works after running out of memory");
  free(y);

  int16_t v[3] = {-3, 0, 5}, *neg = NULL;
  int64_t vs[1] = {3}, negs[1];
  expect(kiln_negate16_0(v, vs, &neg, negs) == 0 && neg && neg[0] == 3 &&
             neg[2] == -5,
         "int16 is signed");
  free(neg);

  int32_t a[2] = {INT32_MIN, 7}, d[2] = {-1, -1}, *q = NULL, *r = NULL;
  int64_t as[1] = {2}, qs[1], rs[1];
  expect(kiln_divide_0(a, as, d, as, &q, qs, &r, rs) == 0 && q &&
             q[0] == INT32_MIN && q[1] == -7 && r[0] == 0 && r[1] == 0,
         "INT_MIN // -1 wraps");
  free(q);
  free(r);

  float two[2] = {1, 2};
  int64_t twos[1] = {2};
  expect(kiln_log_it_0(two, twos) == 0, "a function without results");

  float minus[2] = {1, -4}, *root = NULL;
  int64_t roots[1];
  expect(kiln_checked_sqrt_0(minus, twos, &root, roots) == 3 && !root,
         "a failed assertion fails the call");
  fflush(stdout);

  if (!failures)
    printf("all typed entry checks passed\n");
  return failures != 0;
}
