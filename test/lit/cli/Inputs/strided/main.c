#include "copies.h"
#include <stdio.h>

int main(void) {
  float x[3] = {1, 2, 3}, *out[6];
  int64_t shape[2] = {1, 3}, shapes[6][2];
  int rc = s_ident_0(x, shape, &out[0], shapes[0], &out[1], shapes[1],
                     &out[2], shapes[2], &out[3], shapes[3], &out[4],
                     shapes[4], &out[5], shapes[5]);
  printf("rc=%d transposed=%g,%g,%g column=%g\n", rc, out[3][0], out[3][1],
         out[3][2], out[4][0]);
  return rc;
}
