/* Calls the loops of libsearch.so (compiled from search.py by kiln) through
 * the typed entry points of search.h. The loops run natively: a staged
 * while loop is a loop in the library, whatever its trip count. */
#include "search.h"

#include <kiln/runtime.h>

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  float values[] = {0.5f, 2.0f, 7.5f, 9.0f};
  int64_t shape[] = {4};
  float threshold = 5.0f;
  int64_t scalar[] = {0};
  int32_t *found = NULL;
  int64_t found_shape[1];
  if (kiln_first_above_0(values, shape, &threshold, scalar, &found,
                         found_shape) != 0)
    return 1;
  printf("first_above(5.0) = %d\n", *found);

  int32_t n = 27;
  int32_t *steps = NULL;
  int64_t steps_shape[1];
  if (kiln_collatz_steps_0(&n, scalar, &steps, steps_shape) != 0)
    return 1;
  printf("collatz_steps(27) = %d\n", *steps);

  float series[] = {1, 3, 2, 5, 4};
  int64_t series_shape[] = {5};
  float *maxima = NULL;
  int64_t maxima_shape[1];
  if (kiln_running_max_0(series, series_shape, &maxima, maxima_shape) != 0)
    return 1;
  printf("running_max =");
  for (int64_t i = 0; i < maxima_shape[0]; ++i)
    printf(" %.1f", maxima[i]);
  printf("\n");

  /* A loop variable first defined in the loop: a loop that never runs is
   * TensorFlow's run-time assertion, reported as an error. */
  int32_t *square = NULL;
  int64_t square_shape[1];
  int32_t four = 4, zero = 0;
  if (kiln_last_square_0(&four, scalar, &square, square_shape) != 0)
    return 1;
  printf("last_square(4) = %d\n", *square);
  free(square);
  square = NULL;
  int status = kiln_last_square_0(&zero, scalar, &square, square_shape);
  printf("last_square(0) via the typed entry: status %d\n", status);

  kiln_library *lib = NULL;
  kiln_function *fn = NULL;
  kiln_tensor *arg = NULL, *out = NULL;
  size_t count = 0;
  int64_t no_dims[1] = {0};
  if (argc < 2 || kiln_library_open(argv[1], &lib) != KILN_OK ||
      kiln_library_get_function(lib, "last_square", &fn) != KILN_OK ||
      kiln_tensor_create(KILN_INT32, 0, no_dims, &zero, &arg) != KILN_OK)
    return 1;
  kiln_status s = kiln_function_call(fn, (const kiln_tensor *const *)&arg, 1,
                                     &out, 1, &count);
  printf("last_square(0) via kiln_function_call: %s: %s\n", kiln_status_name(s),
         kiln_last_error());
  kiln_tensor_release(arg);
  kiln_function_release(fn);
  kiln_library_release(lib);
  free(found);
  free(steps);
  free(maxima);
  free(square);
  return 0;
}
