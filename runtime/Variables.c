/* Variables: the tf.Variables a compiled library holds. Each kiln_library
 * gets its own values, made from the descriptor's initial values; calls
 * read them and store what they write under the library's variable_lock
 * (Call.c), and the API below reads and assigns them. A value is never
 * changed in place: a write publishes a new tensor, so a reader may keep
 * the one it was given. */
#include "Internal.h"

#include <stdlib.h>
#include <string.h>

static kiln_status variable_fail(const char *api, const char *path,
                                 int32_t index, const char *fmt, ...)
    KILN_PRINTF(4, 5);

static kiln_status variable_fail(const char *api, const char *path,
                                 int32_t index, const char *fmt, ...) {
  kiln_strbuf buf = {0};
  kiln_strbuf_appendf(&buf, "%s: ", api);
  if (path)
    kiln_strbuf_appendf(&buf, "'%s': ", path);
  kiln_strbuf_appendf(&buf, "variable %d: ", (int)index);
  va_list args;
  va_start(args, fmt);
  kiln_strbuf_vappendf(&buf, fmt, args);
  va_end(args);
  return kiln_fail_with(KILN_ERROR_INVALID_ARGUMENT, &buf);
}

static kiln_status check_variable(const char *api, const char *path,
                                  int32_t index, const kiln_variable_desc *v) {
  if (!v->name)
    return variable_fail(api, path, index, "name is NULL");
  if (!kiln_dtype_is_valid(v->spec.dtype))
    return variable_fail(api, path, index, "'%s' has unknown dtype %d", v->name,
                         (int)v->spec.dtype);
  if (v->spec.rank < 0 || v->spec.rank > KILN_MAX_RANK)
    return variable_fail(api, path, index, "'%s' has rank %d outside [0, %d]",
                         v->name, (int)v->spec.rank, KILN_MAX_RANK);
  if (v->spec.rank > 0 && !v->spec.dims)
    return variable_fail(api, path, index, "'%s' has NULL dims", v->name);
  int64_t count;
  size_t bytes;
  if (kiln_shape_check(v->name, v->spec.rank, v->spec.dims,
                       kiln_dtype_size((kiln_dtype)v->spec.dtype), &count,
                       &bytes) != KILN_OK)
    return variable_fail(api, path, index, "%s", kiln_last_error());
  if (count > 0 && !v->initial_value)
    return variable_fail(api, path, index, "'%s' has no initial value",
                         v->name);
  return KILN_OK;
}

kiln_status kiln_variables_create(kiln_library *library, const char *api,
                                  const char *path,
                                  const kiln_library_desc *desc) {
  if (desc->num_variables < 0 || (desc->num_variables > 0 && !desc->variables))
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT,
                     "%s: %s%s%s has an invalid variable table (%d variables "
                     "at %p)",
                     api, path ? "'" : "", path ? path : "the descriptor",
                     path ? "'" : "", (int)desc->num_variables,
                     (const void *)desc->variables);
  size_t count = (size_t)desc->num_variables;
  if (count == 0)
    return KILN_OK;
  for (int32_t i = 0; i < desc->num_variables; ++i) {
    kiln_status status = check_variable(api, path, i, &desc->variables[i]);
    if (status != KILN_OK)
      return status;
  }
  library->variables = calloc(count, sizeof(kiln_variable));
  if (!library->variables)
    return kiln_fail(KILN_ERROR_OUT_OF_MEMORY, "%s: out of memory", api);
  library->num_variables = count;
  for (size_t i = 0; i < count; ++i) {
    const kiln_variable_desc *v = &desc->variables[i];
    kiln_variable *var = &library->variables[i];
    size_t name_length = strlen(v->name) + 1;
    size_t dims_size = (size_t)v->spec.rank * sizeof(int64_t);
    /* One block: the dims, then the name. */
    char *block = malloc(dims_size + name_length);
    if (!block)
      return kiln_fail(KILN_ERROR_OUT_OF_MEMORY, "%s: out of memory", api);
    if (dims_size)
      memcpy(block, v->spec.dims, dims_size);
    var->spec = v->spec;
    var->spec.dims = (const int64_t *)block;
    var->name = block + dims_size;
    memcpy(var->name, v->name, name_length);
    kiln_status status =
        kiln_tensor_create((kiln_dtype)v->spec.dtype, v->spec.rank,
                           v->spec.dims, v->initial_value, &var->value);
    if (status != KILN_OK)
      return status;
  }
  return KILN_OK;
}

void kiln_variables_destroy(kiln_library *library) {
  for (size_t i = 0; i < library->num_variables; ++i) {
    kiln_tensor_release(library->variables[i].value);
    free((void *)library->variables[i].spec.dims); /* the block's start */
  }
  free(library->variables);
  library->variables = NULL;
  library->num_variables = 0;
}

size_t kiln_library_variable_count(const kiln_library *library) {
  return library ? library->num_variables : 0;
}

const char *kiln_library_variable_name(const kiln_library *library,
                                       size_t index) {
  return library && index < library->num_variables
             ? library->variables[index].name
             : NULL;
}

const kiln_tensor_spec *kiln_library_variable_spec(const kiln_library *library,
                                                   size_t index) {
  return library && index < library->num_variables
             ? &library->variables[index].spec
             : NULL;
}

kiln_status kiln_library_find_variable(const kiln_library *library,
                                       const char *name, size_t *out_index) {
  static const char api[] = "kiln_library_find_variable";
  if (!library || !name || !out_index)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT, "%s: %s is NULL", api,
                     !library ? "library"
                     : !name  ? "name"
                              : "out_index");
  for (size_t i = 0; i < library->num_variables; ++i) {
    if (strcmp(library->variables[i].name, name) == 0) {
      *out_index = i;
      return KILN_OK;
    }
  }
  kiln_strbuf buf = {0};
  kiln_strbuf_appendf(&buf, "%s: no variable named '%s'", api, name);
  for (size_t i = 0; i < library->num_variables; ++i)
    kiln_strbuf_appendf(&buf, "%s'%s'", i ? ", " : "; the library has ",
                        library->variables[i].name);
  if (library->num_variables == 0)
    kiln_strbuf_appendf(&buf, "; the library has none");
  return kiln_fail_with(KILN_ERROR_NOT_FOUND, &buf);
}

/* Checks the library and index shared by read and assign. */
static kiln_status check_index(const char *api, const kiln_library *library,
                               size_t index) {
  if (!library)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT, "%s: library is NULL", api);
  if (index >= library->num_variables)
    return kiln_fail(KILN_ERROR_NOT_FOUND,
                     "%s: index %zu, but the library has %zu variables", api,
                     index, library->num_variables);
  return KILN_OK;
}

kiln_status kiln_library_variable_read(kiln_library *library, size_t index,
                                       kiln_tensor **out_value) {
  static const char api[] = "kiln_library_variable_read";
  if (!out_value)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT, "%s: out_value is NULL", api);
  *out_value = NULL;
  kiln_status status = check_index(api, library, index);
  if (status != KILN_OK)
    return status;
  pthread_rwlock_rdlock(&library->variable_lock);
  kiln_tensor *value = library->variables[index].value;
  kiln_tensor_retain(value);
  pthread_rwlock_unlock(&library->variable_lock);
  *out_value = value;
  return KILN_OK;
}

kiln_status kiln_library_variable_assign(kiln_library *library, size_t index,
                                         const kiln_tensor *value) {
  static const char api[] = "kiln_library_variable_assign";
  kiln_status status = check_index(api, library, index);
  if (status != KILN_OK)
    return status;
  if (!value)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT, "%s: value is NULL", api);
  const kiln_variable *var = &library->variables[index];
  bool same = (int32_t)value->dtype == var->spec.dtype &&
              value->dl.ndim == var->spec.rank;
  for (int32_t d = 0; same && d < var->spec.rank; ++d)
    same = value->dims[d] == var->spec.dims[d];
  if (!same) {
    kiln_strbuf buf = {0};
    kiln_strbuf_appendf(&buf, "%s: variable '%s' is ", api, var->name);
    kiln_strbuf_append_type(&buf, var->spec.dtype, var->spec.rank,
                            var->spec.dims);
    kiln_strbuf_appendf(&buf, ", the value ");
    kiln_strbuf_append_type(&buf, (int32_t)value->dtype, value->dl.ndim,
                            value->dims);
    return kiln_fail_with(KILN_ERROR_INVALID_ARGUMENT, &buf);
  }
  kiln_tensor *copy = NULL;
  status = kiln_tensor_create(value->dtype, value->dl.ndim, value->dims,
                              kiln_tensor_data(value), &copy);
  if (status != KILN_OK)
    return status;
  pthread_rwlock_wrlock(&library->variable_lock);
  kiln_tensor *old = library->variables[index].value;
  library->variables[index].value = copy;
  pthread_rwlock_unlock(&library->variable_lock);
  kiln_tensor_release(old);
  return KILN_OK;
}
