/* Calls: building the memref descriptors of the packed ABI, running compiled
 * code, and turning the result descriptors into tensors under the ownership
 * rules of runtime.h (take over malloc'd buffers, copy aliased, constant and
 * non-contiguous ones). */
#include "Internal.h"

#include "kiln/float_mode.h"

#include <stdlib.h>
#include <string.h>

/* Scratch that fits the usual call on the stack; larger calls allocate. */
enum { STACK_ARGS = 16, STACK_WORDS = 256, STACK_RESULTS = 16 };

static inline void *word_pointer(int64_t word) {
  return (void *)(intptr_t)word;
}

static size_t descriptor_size(int32_t rank) { return 3 + 2 * (size_t)rank; }

static bool is_input_buffer(void *const *args, size_t num_args,
                            void *allocated) {
  for (size_t k = 0; k < num_args; ++k) {
    if (word_pointer(((const int64_t *)args[1 + k])[0]) == allocated)
      return true;
  }
  return false;
}

/* Checks result |index|'s descriptor against its spec. */
static kiln_status check_result(const char *api, const kiln_concrete *concrete,
                                size_t index, const int64_t *words) {
  const kiln_tensor_spec *spec = &concrete->result_specs[index];
  const int64_t *sizes = words + 3;
  const char *signature = concrete->desc.signature;
  for (int32_t d = 0; d < spec->rank; ++d) {
    if (sizes[d] < 0 || (spec->dims[d] != -1 && sizes[d] != spec->dims[d]))
      return kiln_fail(
          KILN_ERROR_ABI,
          "%s: '%s' returned result %zu with size %lld in dim %d, but its spec "
          "says %lld",
          api, signature, index, (long long)sizes[d], (int)d,
          (long long)spec->dims[d]);
  }
  int64_t count;
  size_t bytes;
  if (!kiln_shape_size(spec->rank, sizes,
                       kiln_dtype_size((kiln_dtype)spec->dtype), &count,
                       &bytes))
    return kiln_fail(KILN_ERROR_ABI,
                     "%s: '%s' returned result %zu with an overflowing shape",
                     api, signature, index);
  if (count > 0 && (!word_pointer(words[1]) || words[2] < 0))
    return kiln_fail(
        KILN_ERROR_ABI,
        "%s: '%s' returned result %zu with aligned pointer %p and offset %lld",
        api, signature, index, word_pointer(words[1]), (long long)words[2]);
  return KILN_OK;
}

/* One result as a tensor: takes over its buffer when |*owned| and it is
 * contiguous (clearing *owned), copies it otherwise. */
static kiln_status make_result(const kiln_tensor_spec *spec,
                               const int64_t *words, bool *owned,
                               kiln_tensor **out_tensor) {
  kiln_dtype dtype = (kiln_dtype)spec->dtype;
  size_t element_size = kiln_dtype_size(dtype);
  const int64_t *sizes = words + 3, *strides = words + 3 + spec->rank;
  char *data = word_pointer(words[1]);
  int64_t count;
  size_t bytes;
  kiln_shape_size(spec->rank, sizes, element_size, &count, &bytes);
  if (count > 0)
    data += words[2] * (int64_t)element_size;
  if (*owned && kiln_strides_are_row_major(spec->rank, sizes, strides)) {
    kiln_status status = kiln_tensor_new_adopt(
        dtype, spec->rank, sizes, word_pointer(words[0]), data, out_tensor);
    if (status == KILN_OK)
      *owned = false;
    return status;
  }
  kiln_status status =
      kiln_tensor_new_uninit(dtype, spec->rank, sizes, out_tensor);
  if (status == KILN_OK && count > 0)
    kiln_copy_strided((*out_tensor)->dl.data, data, element_size, spec->rank,
                      sizes, strides);
  return status;
}

/* Converts every result descriptor (outputs, then written variables) into
 * a tensor in |tensors|. Buffers the runtime owns but did not hand to a
 * tensor are freed, on failure too. |num_args| counts the inputs and
 * captured variables. */
static kiln_status convert_results(const char *api,
                                   const kiln_concrete *concrete,
                                   void *const *args, size_t num_args,
                                   const int64_t *results, bool *owned,
                                   kiln_tensor **tensors) {
  const kiln_tensor_spec *specs = concrete->result_specs;
  size_t num_results = concrete->num_results;
  kiln_status status = KILN_OK;
  const int64_t *words = results;
  for (size_t i = 0; i < num_results; ++i) {
    void *allocated = word_pointer(words[0]);
    owned[i] = allocated && allocated != KILN_CONSTANT_ALLOCATED &&
               !is_input_buffer(args, num_args, allocated);
    /* The first result holding a buffer takes it; later ones copy. */
    const int64_t *earlier = results;
    for (size_t j = 0; owned[i] && j < i; ++j) {
      owned[i] = word_pointer(earlier[0]) != allocated;
      earlier += descriptor_size(specs[j].rank);
    }
    if (status == KILN_OK)
      status = check_result(api, concrete, i, words);
    words += descriptor_size(specs[i].rank);
  }

  size_t made = 0;
  words = results;
  for (; status == KILN_OK && made < num_results; ++made) {
    status = make_result(&specs[made], words, &owned[made], &tensors[made]);
    words += descriptor_size(specs[made].rank);
  }
  if (status != KILN_OK) {
    for (size_t i = 0; i < made; ++i) {
      kiln_tensor_release(tensors[i]);
      tensors[i] = NULL;
    }
  }
  words = results;
  for (size_t i = 0; i < num_results; ++i) {
    if (owned[i])
      free(word_pointer(words[0]));
    words += descriptor_size(specs[i].rank);
  }
  return status;
}

/* Points |cursor| (3 + 2 * rank words) at |tensor|'s contiguous buffer. */
static void describe_input(int64_t *cursor, const kiln_tensor *tensor) {
  int64_t data = (int64_t)(intptr_t)kiln_tensor_data(tensor);
  cursor[0] = data;
  cursor[1] = data;
  cursor[2] = 0;
  memcpy(cursor + 3, tensor->dims,
         2 * (size_t)tensor->dl.ndim * sizeof(int64_t)); /* sizes, strides */
}

/* Runs |concrete| on inputs it accepts. A function that uses variables
 * holds its library's variable lock from reading them to storing what it
 * wrote (for writing when it writes any), so calls see whole updates. */
static kiln_status invoke(const char *api, const kiln_concrete *concrete,
                          const kiln_tensor *const *inputs, size_t num_inputs,
                          kiln_tensor **out_outputs, size_t max_outputs,
                          size_t *out_num_outputs) {
  const kiln_concrete_function_desc *desc = &concrete->desc;
  size_t num_outputs = (size_t)desc->num_outputs;
  size_t num_results = concrete->num_results;
  if (num_outputs > max_outputs)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT,
                     "%s: '%s' needs %zu output slots, but max_outputs is %zu",
                     api, desc->signature, num_outputs, max_outputs);

  void *stack_args[STACK_ARGS];
  int64_t stack_words[STACK_WORDS];
  bool stack_owned[STACK_RESULTS];
  kiln_tensor *stack_tensors[STACK_RESULTS];
  void **args = stack_args;
  int64_t *words = stack_words;
  bool *owned = stack_owned;
  kiln_tensor **tensors = stack_tensors;
  void *heap = NULL;
  size_t num_args = num_inputs + (size_t)desc->num_captures;
  size_t num_words = concrete->result_words + concrete->input_words;
  if (num_args + 1 > STACK_ARGS || num_words > STACK_WORDS ||
      num_results > STACK_RESULTS) {
    heap =
        malloc((num_args + 1) * sizeof(void *) + num_words * sizeof(int64_t) +
               num_results * (sizeof(kiln_tensor *) + sizeof(bool)));
    if (!heap)
      return kiln_fail(KILN_ERROR_OUT_OF_MEMORY, "%s: out of memory", api);
    args = heap;
    words = (int64_t *)(args + num_args + 1);
    tensors = (kiln_tensor **)(words + num_words);
    owned = (bool *)(tensors + num_results);
  }

  int64_t *results = words;
  memset(results, 0, concrete->result_words * sizeof(int64_t));
  args[0] = results;
  int64_t *cursor = results + concrete->result_words;
  for (size_t k = 0; k < num_inputs; ++k) {
    describe_input(cursor, inputs[k]);
    args[1 + k] = cursor;
    cursor += descriptor_size(inputs[k]->dl.ndim);
  }
  kiln_library *library = concrete->function->library;
  if (desc->num_writes > 0)
    pthread_rwlock_wrlock(&library->variable_lock);
  else if (desc->num_captures > 0)
    pthread_rwlock_rdlock(&library->variable_lock);
  for (int32_t k = 0; k < desc->num_captures; ++k) {
    const kiln_tensor *value = library->variables[desc->captures[k]].value;
    describe_input(cursor, value);
    args[1 + num_inputs + (size_t)k] = cursor;
    cursor += descriptor_size(value->dl.ndim);
  }

  kiln_float_mode mode = kiln_float_mode_enter();
  desc->entry(args);
  kiln_float_mode_leave(mode);

  const char *failed = desc->take_assertion ? desc->take_assertion() : NULL;
  /* Out of memory inside the compiled code, or a failure of the GPU (a
   * cuda library's messages start "CUDA: "): the library cleared the
   * results (what it had allocated is lost). */
  bool oom = failed && strncmp(failed, "OOM", 3) == 0;
  bool device = failed && strncmp(failed, "CUDA: ", 6) == 0;
  kiln_status status = oom ? kiln_fail(KILN_ERROR_OUT_OF_MEMORY, "%s: '%s': %s",
                                       api, desc->signature, failed)
                       : device ? kiln_fail(KILN_ERROR_DEVICE, "%s: '%s': %s",
                                            api, desc->signature, failed)
                                : convert_results(api, concrete, args, num_args,
                                                  results, owned, tensors);
  if (failed && !oom && !device) {
    /* A failed check or assertion is the call's error, even when the
     * results it left do not fit their specs (convert_results freed them
     * then), and it leaves the variables as they were. */
    if (status == KILN_OK)
      for (size_t i = 0; i < num_results; ++i)
        kiln_tensor_release(tensors[i]);
    status = kiln_fail(KILN_ERROR_INVALID_ARGUMENT, "%s: '%s': %s", api,
                       desc->signature, failed);
  }
  if (status == KILN_OK) {
    for (int32_t k = 0; k < desc->num_writes; ++k) {
      kiln_variable *var = &library->variables[desc->writes[k]];
      kiln_tensor_release(var->value);
      var->value = tensors[num_outputs + (size_t)k];
    }
    for (size_t i = 0; i < num_outputs; ++i)
      out_outputs[i] = tensors[i];
  }
  if (desc->num_captures > 0 || desc->num_writes > 0)
    pthread_rwlock_unlock(&library->variable_lock);
  free(heap);
  if (status == KILN_OK && out_num_outputs)
    *out_num_outputs = num_outputs;
  return status;
}

static kiln_status check_call_args(const char *api,
                                   const kiln_tensor *const *inputs,
                                   size_t num_inputs, kiln_tensor **out_outputs,
                                   size_t max_outputs) {
  if (max_outputs > 0 && !out_outputs)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT,
                     "%s: out_outputs is NULL but max_outputs is %zu", api,
                     max_outputs);
  return kiln_check_inputs(api, inputs, num_inputs);
}

kiln_status kiln_function_call(kiln_function *function,
                               const kiln_tensor *const *inputs,
                               size_t num_inputs, kiln_tensor **out_outputs,
                               size_t max_outputs, size_t *out_num_outputs) {
  static const char api[] = "kiln_function_call";
  if (out_num_outputs)
    *out_num_outputs = 0;
  if (!function)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT, "%s: function is NULL", api);
  kiln_status status =
      check_call_args(api, inputs, num_inputs, out_outputs, max_outputs);
  if (status != KILN_OK)
    return status;
  const kiln_concrete *concrete = NULL;
  status = kiln_function_dispatch(api, function, inputs, num_inputs, &concrete);
  if (status != KILN_OK)
    return status;
  return invoke(api, concrete, inputs, num_inputs, out_outputs, max_outputs,
                out_num_outputs);
}

kiln_status kiln_library_call_concrete(kiln_library *library, size_t index,
                                       const kiln_tensor *const *inputs,
                                       size_t num_inputs,
                                       kiln_tensor **out_outputs,
                                       size_t max_outputs,
                                       size_t *out_num_outputs) {
  static const char api[] = "kiln_library_call_concrete";
  if (out_num_outputs)
    *out_num_outputs = 0;
  if (!library)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT, "%s: library is NULL", api);
  kiln_status status =
      check_call_args(api, inputs, num_inputs, out_outputs, max_outputs);
  if (status != KILN_OK)
    return status;
  void *const *items = NULL;
  size_t count = kiln_ptr_list_read(&library->concretes, &items);
  if (index >= count)
    return kiln_fail(KILN_ERROR_NOT_FOUND,
                     "%s: index %zu, but the library has %zu concrete "
                     "functions",
                     api, index, count);
  const kiln_concrete *concrete = items[index];
  if (!kiln_specs_accept(&concrete->desc, inputs, num_inputs, NULL)) {
    kiln_strbuf why = {0};
    kiln_strbuf_appendf(&why, "%s: the inputs do not match '%s': ", api,
                        concrete->desc.signature);
    kiln_specs_accept(&concrete->desc, inputs, num_inputs, &why);
    return kiln_fail_with(KILN_ERROR_INVALID_ARGUMENT, &why);
  }
  return invoke(api, concrete, inputs, num_inputs, out_outputs, max_outputs,
                out_num_outputs);
}
