/* Calls the libraries kiln_add_library made from scale.py: a typed entry
 * point of each (the static one with prefix scale_, the shared one with
 * prefix shared_), and the dispatching call through the descriptor the
 * static library's object links in. */
#include "scale.h"
#include "scale_shared.h"

#include <kiln/abi.h>
#include <kiln/runtime.h>

#include <stdio.h>
#include <stdlib.h>

const kiln_library_desc *scale_library(void);

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
  return 0;
}
