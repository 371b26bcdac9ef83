/* Two kiln outputs that both define f, in one program: their --prefix
 * keeps the symbols apart. */
#include "double.h"
#include "hundred.h"
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  float x[2] = {1, 2};
  int64_t shape[1] = {2};
  float *doubled, *scaled;
  int64_t doubledShape[1], scaledShape[1];
  if (d_f_0(x, shape, &doubled, doubledShape) ||
      h_f_0(x, shape, &scaled, scaledShape))
    return 1;
  printf("%g %g | %g %g\n", doubled[0], doubled[1], scaled[0], scaled[1]);
  free(doubled);
  free(scaled);
  return 0;
}
