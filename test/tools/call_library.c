/* kiln-call-library: calls a function of a library made by `kiln compile`
 * through the runtime's dispatching API, for tests that compare what
 * compiled code does (its tf.print output, its errors) with `kiln run`.
 *
 *   kiln-call-library LIB.so FUNCTION [ARG...]
 *
 * Each ARG is a tensor: DTYPE[DIMS]=VALUES, e.g. "int32[]=3",
 * "float32[2,2]=1,2,nan,-inf", "bool[3]=1,0,1". The results are not
 * printed. Exit status: 0 on success, 1 when the call fails (the runtime's
 * message on stderr), 2 for a bad command line. */
#include <kiln/runtime.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ARGS 16

static const struct {
  const char *name;
  kiln_dtype dtype;
  size_t size;
} dtypes[] = {{"bool", KILN_BOOL, 1},      {"int8", KILN_INT8, 1},
              {"int16", KILN_INT16, 2},    {"int32", KILN_INT32, 4},
              {"int64", KILN_INT64, 8},    {"float32", KILN_FLOAT32, 4},
              {"float64", KILN_FLOAT64, 8}};

static void store(kiln_dtype dtype, char *at, const char *text) {
  double value = strtod(text, NULL);
  switch (dtype) {
  case KILN_FLOAT32: {
    float f = (float)value;
    memcpy(at, &f, sizeof f);
    return;
  }
  case KILN_FLOAT64:
    memcpy(at, &value, sizeof value);
    return;
  default: {
    long long i = strtoll(text, NULL, 10);
    if (dtype == KILN_BOOL || dtype == KILN_INT8) {
      signed char c = (signed char)i;
      memcpy(at, &c, 1);
    } else if (dtype == KILN_INT16) {
      short s = (short)i;
      memcpy(at, &s, sizeof s);
    } else if (dtype == KILN_INT32) {
      int v = (int)i;
      memcpy(at, &v, sizeof v);
    } else {
      memcpy(at, &i, sizeof i);
    }
  }
  }
}

/* Parses DTYPE[DIMS]=VALUES into a new tensor; NULL on a malformed one. */
static kiln_tensor *parse_tensor(const char *spec) {
  char name[16];
  int64_t dims[8];
  int32_t rank = 0;
  size_t dtype = 0, count = 1, filled = 0;
  const char *open = strchr(spec, '['), *close = strchr(spec, ']');
  if (!open || !close || close < open || close[1] != '=' ||
      (size_t)(open - spec) >= sizeof name)
    return NULL;
  memcpy(name, spec, (size_t)(open - spec));
  name[open - spec] = 0;
  while (dtype < sizeof dtypes / sizeof *dtypes &&
         strcmp(dtypes[dtype].name, name) != 0)
    ++dtype;
  if (dtype == sizeof dtypes / sizeof *dtypes)
    return NULL;
  for (const char *p = open + 1; p < close; ++rank) {
    if (rank == 8)
      return NULL;
    dims[rank] = strtoll(p, (char **)&p, 10);
    count *= (size_t)dims[rank];
    if (*p == ',')
      ++p;
  }
  char *data = calloc(count ? count : 1, dtypes[dtype].size);
  char *values = strdup(close + 2);
  if (!data || !values)
    return NULL;
  for (char *item = strtok(values, ","); item && filled < count;
       item = strtok(NULL, ","))
    store(dtypes[dtype].dtype, data + filled++ * dtypes[dtype].size, item);
  free(values);
  kiln_tensor *tensor = NULL;
  if (filled != count || kiln_tensor_create(dtypes[dtype].dtype, rank, dims,
                                            data, &tensor) != KILN_OK)
    tensor = NULL;
  free(data);
  return tensor;
}

int main(int argc, char **argv) {
  kiln_tensor *inputs[MAX_ARGS], *outputs[MAX_ARGS];
  int num_inputs = argc - 3;
  size_t num_outputs = 0;
  if (argc < 3 || num_inputs > MAX_ARGS) {
    fprintf(stderr, "usage: %s LIB.so FUNCTION [DTYPE[DIMS]=VALUES...]\n",
            argv[0]);
    return 2;
  }
  for (int i = 0; i < num_inputs; ++i)
    if (!(inputs[i] = parse_tensor(argv[3 + i]))) {
      fprintf(stderr, "%s: bad tensor '%s'\n", argv[0], argv[3 + i]);
      return 2;
    }
  kiln_library *library = NULL;
  kiln_function *function = NULL;
  kiln_status status = kiln_library_open(argv[1], &library);
  if (status == KILN_OK)
    status = kiln_library_get_function(library, argv[2], &function);
  if (status == KILN_OK)
    status =
        kiln_function_call(function, (const kiln_tensor *const *)inputs,
                           (size_t)num_inputs, outputs, MAX_ARGS, &num_outputs);
  fflush(stdout);
  if (status != KILN_OK)
    fprintf(stderr, "%s: %s\n", kiln_status_name(status), kiln_last_error());
  for (size_t i = 0; i < num_outputs; ++i)
    kiln_tensor_release(outputs[i]);
  for (int i = 0; i < num_inputs; ++i)
    kiln_tensor_release(inputs[i]);
  kiln_function_release(function);
  kiln_library_release(library);
  return status == KILN_OK ? 0 : 1;
}
