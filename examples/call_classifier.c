/* Trains and runs the classifier of classifier.py through libclassifier.so:
 * the library holds the model's tf.Variables, starting from the weights
 * the script made; train_step updates them in the library, and predict
 * reads what the last call left. Needs only libc, the kiln runtime and the
 * library. */
#include <kiln/runtime.h>

#include <stdio.h>

static int failed(kiln_status status, const char *what) {
  if (status == KILN_OK)
    return 0;
  fprintf(stderr, "%s failed: %s\n", what, kiln_last_error());
  return 1;
}

/* Calls |function| with |inputs| and returns its one result (or NULL). */
static kiln_tensor *call1(kiln_function *function, kiln_tensor **inputs,
                          size_t count) {
  kiln_tensor *result = NULL;
  size_t n = 0;
  if (failed(kiln_function_call(function, (const kiln_tensor *const *)inputs,
                                count, &result, 1, &n),
             kiln_function_name(function)))
    return NULL;
  return result;
}

static void print_probabilities(const char *title, const kiln_tensor *p) {
  const float *data = kiln_tensor_data(p);
  printf("%s\n", title);
  for (int64_t r = 0; r < kiln_tensor_shape(p)[0]; ++r)
    printf("  %.2f %.2f\n", data[2 * r], data[2 * r + 1]);
}

int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : "./libclassifier.so";
  /* XOR: the class is 1 when exactly one input is 1. */
  const float points[] = {0, 0, 0, 1, 1, 0, 1, 1};
  const float classes[] = {1, 0, 0, 1, 0, 1, 1, 0};
  const int64_t shape[] = {4, 2};
  kiln_library *lib = NULL;
  kiln_function *predict = NULL, *train_step = NULL;
  kiln_tensor *inputs[2] = {NULL, NULL};
  if (failed(kiln_library_open(path, &lib), "kiln_library_open") ||
      failed(kiln_library_get_function(lib, "predict", &predict), "predict") ||
      failed(kiln_library_get_function(lib, "train_step", &train_step),
             "train_step") ||
      failed(kiln_tensor_create(KILN_FLOAT32, 2, shape, points, &inputs[0]),
             "kiln_tensor_create") ||
      failed(kiln_tensor_create(KILN_FLOAT32, 2, shape, classes, &inputs[1]),
             "kiln_tensor_create"))
    return 1;

  printf("variables:");
  for (size_t i = 0; i < kiln_library_variable_count(lib); ++i)
    printf(" %s", kiln_library_variable_name(lib, i));
  printf("\n");

  kiln_tensor *before = call1(predict, inputs, 1);
  if (!before)
    return 1;
  print_probabilities("before training:", before);
  for (int step = 1; step <= 200; ++step) {
    kiln_tensor *loss = call1(train_step, inputs, 2);
    if (!loss)
      return 1;
    if (step % 50 == 0)
      printf("step %d: loss %.5f\n", step,
             (double)*(const float *)kiln_tensor_data(loss));
    kiln_tensor_release(loss);
  }
  kiln_tensor *after = call1(predict, inputs, 1);
  if (!after)
    return 1;
  print_probabilities("after training:", after);

  /* The step counter is a variable too: read it through the runtime. */
  size_t index = 0;
  kiln_tensor *steps = NULL;
  if (failed(kiln_library_find_variable(lib, "steps:0", &index),
             "kiln_library_find_variable") ||
      failed(kiln_library_variable_read(lib, index, &steps),
             "kiln_library_variable_read"))
    return 1;
  printf("steps:0 = %d\n", *(const int32_t *)kiln_tensor_data(steps));

  kiln_tensor_release(steps);
  kiln_tensor_release(after);
  kiln_tensor_release(before);
  kiln_tensor_release(inputs[0]);
  kiln_tensor_release(inputs[1]);
  kiln_function_release(train_step);
  kiln_function_release(predict);
  kiln_library_release(lib);
  return 0;
}
