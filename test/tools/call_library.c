/* kiln-call-library: calls a function of a library made by `kiln compile`
 * through the runtime's dispatching API, for tests that compare what
 * compiled code does (its tf.print output, its errors) with `kiln run`.
 *
 *   kiln-call-library [-n N] [-p] [-v] [-t] LIB.so FUNCTION [ARG...]
 *                     [-- FUNCTION [ARG...]]...
 *
 * Each ARG is a tensor: DTYPE[DIMS]=VALUES, e.g. "int32[]=3",
 * "float32[2,2]=1,2,nan,-inf", "bool[3]=1,0,1". Calls separated by "--"
 * run in order on one opened library (so they share its variables).
 * Options before LIB.so: -n N makes each call N times, -p prints each
 * call's results, -v prints the library's variables after the calls, -t
 * prints how long each function's first call took and the median of the
 * others (the first includes loading a cuda library's kernels). Exit
 * status: 0 on success, 1 when the call fails (the runtime's
 * message on stderr), 2 for a bad command line. */
#include <kiln/runtime.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

/* Prints |tensor| as "float32[2, 3] 1 2 3 4 5 6" (%g for floats). */
static void print_tensor(const kiln_tensor *tensor) {
  kiln_dtype dtype = kiln_tensor_dtype(tensor);
  int32_t rank = kiln_tensor_rank(tensor);
  const int64_t *shape = kiln_tensor_shape(tensor);
  printf("%s[", kiln_dtype_name(dtype));
  for (int32_t d = 0; d < rank; ++d)
    printf("%s%lld", d ? ", " : "", (long long)shape[d]);
  printf("]");
  const char *data = kiln_tensor_data(tensor);
  for (int64_t i = 0; i < kiln_tensor_element_count(tensor); ++i) {
    const char *at = data + i * (int64_t)kiln_dtype_size(dtype);
    switch (dtype) {
    case KILN_FLOAT32: {
      float f;
      memcpy(&f, at, sizeof f);
      printf(" %g", (double)f);
      break;
    }
    case KILN_FLOAT64: {
      double f;
      memcpy(&f, at, sizeof f);
      printf(" %g", f);
      break;
    }
    case KILN_INT32: {
      int32_t v;
      memcpy(&v, at, sizeof v);
      printf(" %d", (int)v);
      break;
    }
    case KILN_INT64: {
      int64_t v;
      memcpy(&v, at, sizeof v);
      printf(" %lld", (long long)v);
      break;
    }
    default:
      printf(" %d", (int)*(const signed char *)at);
    }
  }
  printf("\n");
}

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Prints the first of |count| call times and the median of the rest. */
static void print_times(const char *name, double *times, long count) {
  printf("%s: first call %.3f ms", name, times[0]);
  if (count > 1) {
    qsort(times + 1, (size_t)(count - 1), sizeof *times, compare_doubles);
    printf(", median of the next %ld %.3f ms", count - 1,
           times[1 + (count - 1) / 2]);
  }
  printf("\n");
}

/* Calls |name| with the tensors |specs[0 .. count)| |repeat| times,
 * printing the results when |print| and the times when |timed|. Returns
 * the call's status, or -1 for a malformed tensor. */
static int call(kiln_library *library, const char *name, char **specs,
                int count, long repeat, int print, int timed) {
  kiln_tensor *inputs[MAX_ARGS], *outputs[MAX_ARGS];
  if (count > MAX_ARGS)
    return -1;
  for (int i = 0; i < count; ++i)
    if (!(inputs[i] = parse_tensor(specs[i]))) {
      fprintf(stderr, "bad tensor '%s'\n", specs[i]);
      for (int k = 0; k < i; ++k)
        kiln_tensor_release(inputs[k]);
      return -1;
    }
  kiln_function *function = NULL;
  kiln_status status = kiln_library_get_function(library, name, &function);
  double *times =
      timed && repeat > 0 ? malloc((size_t)repeat * sizeof *times) : NULL;
  for (long n = 0; status == KILN_OK && n < repeat; ++n) {
    size_t num_outputs = 0;
    double start = now_ms();
    status = kiln_function_call(function, (const kiln_tensor *const *)inputs,
                                (size_t)count, outputs, MAX_ARGS, &num_outputs);
    if (times)
      times[n] = now_ms() - start;
    for (size_t i = 0; i < num_outputs; ++i) {
      if (print)
        print_tensor(outputs[i]);
      kiln_tensor_release(outputs[i]);
    }
  }
  if (times && status == KILN_OK)
    print_times(name, times, repeat);
  free(times);
  for (int i = 0; i < count; ++i)
    kiln_tensor_release(inputs[i]);
  kiln_function_release(function);
  return status;
}

int main(int argc, char **argv) {
  const char *self = argv[0];
  long repeat = 1;
  int print = 0, print_variables = 0, timed = 0;
  while (argc > 1 && argv[1][0] == '-') {
    if (strcmp(argv[1], "-n") == 0 && argc > 2) {
      repeat = strtol(argv[2], NULL, 10);
      argv += 2;
      argc -= 2;
    } else if (strcmp(argv[1], "-p") == 0 || strcmp(argv[1], "-v") == 0 ||
               strcmp(argv[1], "-t") == 0) {
      *(argv[1][1] == 'p'   ? &print
        : argv[1][1] == 'v' ? &print_variables
                            : &timed) = 1;
      argv += 1;
      argc -= 1;
    } else {
      break;
    }
  }
  if (argc < 3) {
    fprintf(stderr,
            "usage: %s [-n N] [-p] [-v] [-t] LIB.so FUNCTION "
            "[DTYPE[DIMS]=VALUES...] [-- FUNCTION ...]\n",
            self);
    return 2;
  }
  kiln_library *library = NULL;
  kiln_status status = kiln_library_open(argv[1], &library);
  /* The calls, separated by "--", all on one library. */
  for (int first = 2; status == KILN_OK && first < argc;) {
    int end = first + 1;
    while (end < argc && strcmp(argv[end], "--") != 0)
      ++end;
    int rc = call(library, argv[first], argv + first + 1, end - first - 1,
                  repeat, print, timed);
    if (rc < 0) {
      kiln_library_release(library);
      return 2;
    }
    status = (kiln_status)rc;
    first = end + 1;
  }
  for (size_t i = 0; status == KILN_OK && print_variables &&
                     i < kiln_library_variable_count(library);
       ++i) {
    kiln_tensor *value = NULL;
    status = kiln_library_variable_read(library, i, &value);
    if (status == KILN_OK) {
      printf("%s = ", kiln_library_variable_name(library, i));
      print_tensor(value);
    }
    kiln_tensor_release(value);
  }
  fflush(stdout);
  if (status != KILN_OK)
    fprintf(stderr, "%s: %s\n", kiln_status_name(status), kiln_last_error());
  kiln_library_release(library);
  return status == KILN_OK ? 0 : 1;
}
