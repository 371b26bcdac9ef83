/* Calls the libraries kiln_add_library made from scale.py: a typed entry
 * point of each (the static one with prefix scale_, the shared one with
 * prefix shared_, one with the default prefix plain_), the dispatching call
 * through the descriptor the static library's object links in (its header
 * declares scale_library() after kiln/abi.h), and the shared library
 * opened by path. */
#include <kiln/abi.h>
#include <kiln/runtime.h>

#include "plain.h"
#include "scale.h"
#include "scale_shared.h"

#include <stdio.h>
#include <stdlib.h>

int main(void) {
  float x[] = {1, 2, 3};
  int64_t shape[] = {3};
  float *y = NULL;
  int64_t y_shape[1];
  if (scale_scale_0(x, shape, &y, y_shape) != 0)
    return 1;
  printf("scale_scale_0: %g %g %g\n", y[0], y[1], y[2]);
  free(y);
  if (shared_scale_0(x, shape, &y, y_shape) != 0)
    return 1;
  printf("shared_scale_0: %g %g %g\n", y[0], y[1], y[2]);
  free(y);
  if (plain_scale_0(x, shape, &y, y_shape) != 0)
    return 1;
  printf("plain_scale_0: %g %g %g\n", y[0], y[1], y[2]);
  free(y);

  int32_t n[] = {4, 5};
  int64_t n_shape[] = {2};
  kiln_library *lib = NULL;
  kiln_function *fn = NULL;
  kiln_tensor *in = NULL, *out = NULL;
  size_t count = 0;
  if (kiln_library_create_from_desc(scale_library(), &lib) != KILN_OK ||
      kiln_library_get_function(lib, "double", &fn) != KILN_OK ||
      kiln_tensor_create(KILN_INT32, 1, n_shape, n, &in) != KILN_OK ||
      kiln_function_call(fn, (const kiln_tensor *const *)&in, 1, &out, 1,
                         &count) != KILN_OK) {
    fprintf(stderr, "dispatch failed: %s\n", kiln_last_error());
    return 1;
  }
  const int32_t *d = (const int32_t *)kiln_tensor_data(out);
  printf("double via kiln_function_call: %d %d\n", (int)d[0], (int)d[1]);

  kiln_library *opened = NULL;
  if (kiln_library_open(SHARED_LIBRARY, &opened) != KILN_OK ||
      kiln_library_get_function(opened, "scale", &fn) != KILN_OK) {
    fprintf(stderr, "kiln_library_open failed: %s\n", kiln_last_error());
    return 1;
  }
  printf("opened the shared library\n");
  return 0;
}
