/* Calls the typed entry point of scale.py's library, compiled for some
 * --target-cpu, and prints its status: 5 when this CPU lacks what the
 * library was compiled for. */
#include "scale.h"
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  float x[2] = {1, 2};
  int64_t shape[2] = {1, 2};
  float *y = NULL;
  int64_t yShape[2];
  int status = kiln_scale_0(x, shape, &y, yShape);
  printf("status %d", status);
  if (status == 0)
    printf(": %g %g", y[0], y[1]);
  printf("\n");
  free(y);
  return 0;
}
