/* A C11 program linked only against libkilnrt.so: opens the fake compiled
 * library, calls it and checks the result. Shows that the header is plain C
 * and that the shared runtime exports its API. */
#include "kiln/runtime.h"

#include <stdio.h>

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: check failed: %s (%s)\n", __FILE__, __LINE__,    \
              #cond, kiln_last_error());                                       \
      return 1;                                                                \
    }                                                                          \
  } while (0)

int main(void) {
  kiln_library *lib = NULL;
  CHECK(kiln_library_open(KILN_TEST_FAKE_LIBRARY, &lib) == KILN_OK);
  kiln_function *add = NULL;
  CHECK(kiln_library_get_function(lib, "add", &add) == KILN_OK);
  kiln_library_release(lib);

  const int64_t shape[] = {4, 3};
  float values[12];
  for (int i = 0; i < 12; ++i)
    values[i] = (float)i;
  kiln_tensor *x = NULL;
  CHECK(kiln_tensor_create(KILN_FLOAT32, 2, shape, values, &x) == KILN_OK);
  const kiln_tensor *inputs[] = {x, x};
  kiln_tensor *out = NULL;
  size_t n = 0;
  CHECK(kiln_function_call(add, inputs, 2, &out, 1, &n) == KILN_OK);
  CHECK(n == 1);
  const float *y = kiln_tensor_data(out);
  for (int i = 0; i < 12; ++i)
    CHECK(y[i] == 2.0f * (float)i);

  CHECK(kiln_function_call(add, inputs, 1, &out, 1, &n) ==
        KILN_ERROR_NO_MATCHING_SIGNATURE);
  kiln_tensor_release(out);
  kiln_tensor_release(x);
  kiln_function_release(add);
  printf("ok\n");
  return 0;
}
