/* Calls the cuda model's typed entry point kiln_activations_0
 * (cuda-target.test) and prints its status: 0, or 4 when the GPU or its
 * driver failed. */
#include "model.h"

#include <stdio.h>
#include <stdlib.h>

int main(void) {
  const float x[4] = {1, 2, 3, 4};
  const int64_t x_shape[1] = {4};
  float *y = NULL;
  int64_t y_shape[1] = {0};
  int rc = kiln_activations_0(x, x_shape, &y, y_shape);
  printf("kiln_activations_0: %d", rc);
  if (rc == 0)
    printf(", shape [%lld]", (long long)y_shape[0]);
  printf(", result %s\n", y ? "set" : "NULL");
  free(y);
  return 0;
}
