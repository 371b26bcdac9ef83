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

static bool is_input_buffer(void *const *args, size_t num_inputs,
                            void *allocated) {
  for (size_t k = 0; k < num_inputs; ++k) {
    if (word_pointer(((const int64_t *)args[1 + k])[0]) == allocated)
      return true;
  }
  return false;
}

/* Checks result |index|'s descriptor against its spec. */
static kiln_status check_result(const char *api, const kiln_concrete *concrete,
                                size_t index, const int64_t *words) {
  const kiln_tensor_spec *spec = &concrete->desc.outputs[index];
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

/* Converts every result descriptor into a tensor in out_outputs. Buffers the
 * runtime owns but did not hand to a tensor are freed, on failure too. */
static kiln_status convert_results(const char *api,
                                   const kiln_concrete *concrete,
                                   void *const *args, size_t num_inputs,
                                   const int64_t *results, bool *owned,
                                   kiln_tensor **out_outputs) {
  const kiln_concrete_function_desc *desc = &concrete->desc;
  size_t num_results = (size_t)desc->num_outputs;
  kiln_status status = KILN_OK;
  const int64_t *words = results;
  for (size_t i = 0; i < num_results; ++i) {
    void *allocated = word_pointer(words[0]);
    owned[i] = allocated && allocated != KILN_CONSTANT_ALLOCATED &&
               !is_input_buffer(args, num_inputs, allocated);
    /* The first result holding a buffer takes it; later ones copy. */
    const int64_t *earlier = results;
    for (size_t j = 0; owned[i] && j < i; ++j) {
      owned[i] = word_pointer(earlier[0]) != allocated;
      earlier += descriptor_size(desc->outputs[j].rank);
    }
    if (status == KILN_OK)
      status = check_result(api, concrete, i, words);
    words += descriptor_size(desc->outputs[i].rank);
  }

  size_t made = 0;
  words = results;
  for (; status == KILN_OK && made < num_results; ++made) {
    status = make_result(&desc->outputs[made], words, &owned[made],
                         &out_outputs[made]);
    words += descriptor_size(desc->outputs[made].rank);
  }
  if (status != KILN_OK) {
    for (size_t i = 0; i < made; ++i) {
      kiln_tensor_release(out_outputs[i]);
      out_outputs[i] = NULL;
    }
  }
  words = results;
  for (size_t i = 0; i < num_results; ++i) {
    if (owned[i])
      free(word_pointer(words[0]));
    words += descriptor_size(desc->outputs[i].rank);
  }
  return status;
}

/* Runs |concrete| on inputs it accepts. */
static kiln_status invoke(const char *api, const kiln_concrete *concrete,
                          const kiln_tensor *const *inputs, size_t num_inputs,
                          kiln_tensor **out_outputs, size_t max_outputs,
                          size_t *out_num_outputs) {
  const kiln_concrete_function_desc *desc = &concrete->desc;
  size_t num_results = (size_t)desc->num_outputs;
  if (num_results > max_outputs)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT,
                     "%s: '%s' needs %zu output slots, but max_outputs is %zu",
                     api, desc->signature, num_results, max_outputs);

  void *stack_args[STACK_ARGS];
  int64_t stack_words[STACK_WORDS];
  bool stack_owned[STACK_RESULTS];
  void **args = stack_args;
  int64_t *words = stack_words;
  bool *owned = stack_owned;
  void *heap = NULL;
  size_t num_words = concrete->result_words + concrete->input_words;
  if (num_inputs + 1 > STACK_ARGS || num_words > STACK_WORDS ||
      num_results > STACK_RESULTS) {
    heap = malloc((num_inputs + 1) * sizeof(void *) +
                  num_words * sizeof(int64_t) + num_results * sizeof(bool));
    if (!heap)
      return kiln_fail(KILN_ERROR_OUT_OF_MEMORY, "%s: out of memory", api);
    args = heap;
    words = (int64_t *)(args + num_inputs + 1);
    owned = (bool *)(words + num_words);
  }

  int64_t *results = words;
  memset(results, 0, concrete->result_words * sizeof(int64_t));
  args[0] = results;
  int64_t *cursor = results + concrete->result_words;
  for (size_t k = 0; k < num_inputs; ++k) {
    const kiln_tensor *tensor = inputs[k];
    int32_t rank = tensor->dl.ndim;
    int64_t data = (int64_t)(intptr_t)kiln_tensor_data(tensor);
    cursor[0] = data;
    cursor[1] = data;
    cursor[2] = 0;
    memcpy(cursor + 3, tensor->dims,
           2 * (size_t)rank * sizeof(int64_t)); /* sizes, strides */
    args[1 + k] = cursor;
    cursor += descriptor_size(rank);
  }

  kiln_float_mode mode = kiln_float_mode_enter();
  desc->entry(args);
  kiln_float_mode_leave(mode);

  kiln_status status = convert_results(api, concrete, args, num_inputs, results,
                                       owned, out_outputs);
  const char *failed = desc->take_assertion ? desc->take_assertion() : NULL;
  if (failed && status == KILN_OK) {
    for (size_t i = 0; i < num_results; ++i) {
      kiln_tensor_release(out_outputs[i]);
      out_outputs[i] = NULL;
    }
    status = kiln_fail(KILN_ERROR_INVALID_ARGUMENT, "%s: '%s': %s", api,
                       desc->signature, failed);
  }
  free(heap);
  if (status == KILN_OK && out_num_outputs)
    *out_num_outputs = num_results;
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
