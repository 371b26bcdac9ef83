/* Calls the functions of libmodel.so (compiled from model.py by kiln)
 * twice: through the kiln runtime's dispatching call, which picks the
 * concrete function by the inputs' dtypes and shapes, and through the typed
 * entry point that `kiln compile --emit=header` declares. Needs only libc,
 * the kiln runtime and libmodel.so: no TensorFlow, Python or LLVM. */
#include "model.h"

#include <kiln/runtime.h>

#include <stdio.h>
#include <stdlib.h>

static int check(kiln_status status, const char *what) {
  if (status != KILN_OK) {
    fprintf(stderr, "%s failed: %s\n", what, kiln_last_error());
    return 1;
  }
  return 0;
}

static void print_matrix(const char *title, const float *data, int64_t rows,
                         int64_t cols) {
  printf("%s\n", title);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c)
      printf(" %6.2f", data[r * cols + c]);
    printf("\n");
  }
}

int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : "./libmodel.so";
  float input[] = {1, 2, 3, 4, 6, 8};
  int64_t shape[] = {2, 3};

  /* 1. The generic, dispatching call through the runtime. */
  kiln_library *lib = NULL;
  kiln_function *normalize = NULL;
  kiln_tensor *x = NULL, *result = NULL;
  size_t count = 0;
  if (check(kiln_library_open(path, &lib), "kiln_library_open") ||
      check(kiln_library_get_function(lib, "normalize", &normalize),
            "kiln_library_get_function") ||
      check(kiln_tensor_create(KILN_FLOAT32, 2, shape, input, &x),
            "kiln_tensor_create") ||
      check(kiln_function_call(normalize, (const kiln_tensor *const *)&x, 1,
                               &result, 1, &count),
            "kiln_function_call"))
    return 1;
  const int64_t *out_shape = kiln_tensor_shape(result);
  print_matrix("normalize via kiln_function_call:",
               (const float *)kiln_tensor_data(result), out_shape[0],
               out_shape[1]);

  /* A call no signature accepts is an error with a message, not a crash. */
  kiln_tensor *wrong = NULL;
  int64_t wrong_shape[] = {3};
  kiln_tensor *ignored = NULL;
  if (check(kiln_tensor_create(KILN_FLOAT32, 1, wrong_shape, input, &wrong),
            "kiln_tensor_create"))
    return 1;
  kiln_status s = kiln_function_call(
      normalize, (const kiln_tensor *const *)&wrong, 1, &ignored, 1, &count);
  printf("a float32[3] input: %s\n",
         s == KILN_OK ? "accepted?!" : kiln_status_name(s));

  /* 2. The typed entry point declared in model.h. */
  float *typed = NULL;
  int64_t typed_shape[2];
  if (kiln_normalize_0(input, shape, &typed, typed_shape) != 0) {
    fprintf(stderr, "kiln_normalize_0 failed\n");
    return 1;
  }
  print_matrix("normalize via kiln_normalize_0:", typed, typed_shape[0],
               typed_shape[1]);

  float w[] = {1, 2, 3, 4}, eye[] = {1, 0, 0, 1};
  int64_t square[] = {2, 2};
  float *affine = NULL;
  int64_t affine_shape[2];
  if (kiln_affine_0(w, square, eye, square, &affine, affine_shape) != 0)
    return 1;
  print_matrix("affine via kiln_affine_0:", affine, affine_shape[0],
               affine_shape[1]);

  free(typed);
  free(affine);
  kiln_tensor_release(wrong);
  kiln_tensor_release(result);
  kiln_tensor_release(x);
  kiln_function_release(normalize);
  kiln_library_release(lib);
  return 0;
}
