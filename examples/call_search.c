/* Calls the loops of libsearch.so (compiled from search.py by kiln) through
 * the typed entry points of search.h. The loops run natively: a staged
 * while loop is a loop in the library, whatever its trip count. */
#include "search.h"

#include <stdio.h>
#include <stdlib.h>

int main(void) {
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
  free(found);
  free(steps);
  free(maxima);
  return 0;
}
