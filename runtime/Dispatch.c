/* Dispatch: choosing the concrete function for a call's inputs. Fully static
 * signatures live in an open-addressing hash table keyed by the exact cache
 * key (the fast path, no locks or allocation); the others are scanned most
 * specific first on a miss. */
#include "Internal.h"

#include <stdlib.h>
#include <string.h>

static inline uint64_t hash_mix(uint64_t hash, uint64_t value) {
  hash ^= value;
  hash *= 0x9e3779b97f4a7c15ull;
  return hash ^ (hash >> 32);
}

static inline uint64_t hash_head(uint64_t hash, int32_t dtype, int32_t rank) {
  return hash_mix(hash, ((uint64_t)(uint32_t)dtype << 32) | (uint32_t)rank);
}

static const uint64_t hash_seed = 0x6b696c6e; /* "kiln" */

uint64_t kiln_dispatch_hash_specs(const kiln_concrete_function_desc *desc) {
  uint64_t hash = hash_mix(hash_seed, (uint64_t)desc->num_inputs);
  for (int32_t k = 0; k < desc->num_inputs; ++k) {
    const kiln_tensor_spec *spec = &desc->inputs[k];
    hash = hash_head(hash, spec->dtype, spec->rank);
    for (int32_t d = 0; d < spec->rank; ++d)
      hash = hash_mix(hash, (uint64_t)spec->dims[d]);
  }
  return hash;
}

/* Must agree with kiln_dispatch_hash_specs for equal keys. */
static inline uint64_t hash_inputs(const kiln_tensor *const *inputs,
                                   size_t num_inputs) {
  uint64_t hash = hash_mix(hash_seed, (uint64_t)num_inputs);
  for (size_t k = 0; k < num_inputs; ++k) {
    const kiln_tensor *tensor = inputs[k];
    hash = hash_head(hash, (int32_t)tensor->dtype, tensor->dl.ndim);
    for (int32_t d = 0; d < tensor->dl.ndim; ++d)
      hash = hash_mix(hash, (uint64_t)tensor->dims[d]);
  }
  return hash;
}

static inline bool inputs_equal_specs(const kiln_concrete_function_desc *desc,
                                      const kiln_tensor *const *inputs,
                                      size_t num_inputs) {
  if ((size_t)desc->num_inputs != num_inputs)
    return false;
  for (size_t k = 0; k < num_inputs; ++k) {
    const kiln_tensor_spec *spec = &desc->inputs[k];
    const kiln_tensor *tensor = inputs[k];
    if ((int32_t)tensor->dtype != spec->dtype || tensor->dl.ndim != spec->rank)
      return false;
    for (int32_t d = 0; d < spec->rank; ++d) {
      if (tensor->dims[d] != spec->dims[d])
        return false;
    }
  }
  return true;
}

bool kiln_specs_accept(const kiln_concrete_function_desc *desc,
                       const kiln_tensor *const *inputs, size_t num_inputs,
                       kiln_strbuf *why) {
  if ((size_t)desc->num_inputs != num_inputs) {
    if (why)
      kiln_strbuf_appendf(why, "expected %d inputs, got %zu",
                          (int)desc->num_inputs, num_inputs);
    return false;
  }
  for (size_t k = 0; k < num_inputs; ++k) {
    const kiln_tensor_spec *spec = &desc->inputs[k];
    const kiln_tensor *tensor = inputs[k];
    bool ok =
        (int32_t)tensor->dtype == spec->dtype && tensor->dl.ndim == spec->rank;
    for (int32_t d = 0; ok && d < spec->rank; ++d)
      ok = spec->dims[d] == -1 || spec->dims[d] == tensor->dims[d];
    if (!ok) {
      if (why) {
        kiln_strbuf_appendf(why, "input %zu: expected ", k);
        kiln_strbuf_append_type(why, spec->dtype, spec->rank, spec->dims);
        kiln_strbuf_appendf(why, ", got ");
        kiln_strbuf_append_type(why, (int32_t)tensor->dtype, tensor->dl.ndim,
                                tensor->dims);
      }
      return false;
    }
  }
  return true;
}

kiln_dispatch_table *
kiln_dispatch_table_build(const kiln_dispatch_table *previous,
                          const kiln_concrete *added) {
  size_t old_count = previous ? previous->count : 0;
  size_t count = old_count + 1;
  size_t static_count = added->dynamic_dims == 0;
  for (size_t i = 0; i < old_count; ++i)
    static_count += previous->by_index[i]->dynamic_dims == 0;
  size_t generic_count = count - static_count;
  size_t num_slots = 0;
  if (static_count) {
    num_slots = 2;
    while (num_slots < 2 * static_count) /* load factor <= 1/2 */
      num_slots *= 2;
  }
  size_t size = sizeof(kiln_dispatch_table) + count * sizeof(kiln_concrete *) +
                num_slots * sizeof(kiln_dispatch_slot) +
                generic_count * sizeof(kiln_concrete *);
  kiln_dispatch_table *table = calloc(1, size);
  if (!table)
    return NULL;
  char *cursor = (char *)(table + 1);
  table->count = count;
  table->by_index = (const kiln_concrete **)cursor;
  cursor += count * sizeof(kiln_concrete *);
  table->slots = num_slots ? (kiln_dispatch_slot *)cursor : NULL;
  table->slot_mask = num_slots ? num_slots - 1 : 0;
  cursor += num_slots * sizeof(kiln_dispatch_slot);
  table->generic = (const kiln_concrete **)cursor;

  if (old_count)
    memcpy(table->by_index, previous->by_index,
           old_count * sizeof(kiln_concrete *));
  table->by_index[old_count] = added;
  for (size_t i = 0; i < count; ++i) {
    const kiln_concrete *concrete = table->by_index[i];
    if (concrete->dynamic_dims == 0) {
      size_t slot = concrete->key_hash & table->slot_mask;
      while (table->slots[slot].concrete)
        slot = (slot + 1) & table->slot_mask;
      table->slots[slot].hash = concrete->key_hash;
      table->slots[slot].concrete = concrete;
    } else {
      /* Stable insertion: fewest -1 dims first, then registration order. */
      size_t at = table->generic_count++;
      while (at > 0 &&
             table->generic[at - 1]->dynamic_dims > concrete->dynamic_dims) {
        table->generic[at] = table->generic[at - 1];
        --at;
      }
      table->generic[at] = concrete;
    }
  }
  return table;
}

static inline const kiln_dispatch_table *
load_table(const kiln_function *function) {
  return atomic_load_explicit(&((kiln_function *)function)->table,
                              memory_order_acquire);
}

static const kiln_concrete *dispatch(const kiln_dispatch_table *table,
                                     const kiln_tensor *const *inputs,
                                     size_t num_inputs) {
  if (table->slots) {
    uint64_t hash = hash_inputs(inputs, num_inputs);
    for (size_t i = hash & table->slot_mask;; i = (i + 1) & table->slot_mask) {
      const kiln_dispatch_slot *slot = &table->slots[i];
      if (!slot->concrete)
        break;
      if (slot->hash == hash &&
          inputs_equal_specs(&slot->concrete->desc, inputs, num_inputs))
        return slot->concrete;
    }
  }
  for (size_t i = 0; i < table->generic_count; ++i) {
    if (kiln_specs_accept(&table->generic[i]->desc, inputs, num_inputs, NULL))
      return table->generic[i];
  }
  return NULL;
}

static kiln_status no_match(const char *api, const kiln_function *function,
                            const kiln_dispatch_table *table,
                            const kiln_tensor *const *inputs,
                            size_t num_inputs) {
  kiln_strbuf buf = {0};
  kiln_strbuf_appendf(&buf,
                      "%s: no concrete function of '%s' matches the call %s(",
                      api, function->name, function->name);
  for (size_t k = 0; k < num_inputs; ++k) {
    kiln_strbuf_appendf(&buf, "%s", k ? ", " : "");
    kiln_strbuf_append_type(&buf, (int32_t)inputs[k]->dtype, inputs[k]->dl.ndim,
                            inputs[k]->dims);
  }
  kiln_strbuf_appendf(&buf, "); available signatures:");
  for (size_t i = 0; i < table->count; ++i)
    kiln_strbuf_appendf(&buf, "\n  %s", table->by_index[i]->desc.signature);
  return kiln_fail_with(KILN_ERROR_NO_MATCHING_SIGNATURE, &buf);
}

kiln_status kiln_check_inputs(const char *api, const kiln_tensor *const *inputs,
                              size_t num_inputs) {
  if (num_inputs > 0 && !inputs)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT,
                     "%s: inputs is NULL but num_inputs is %zu", api,
                     num_inputs);
  for (size_t k = 0; k < num_inputs; ++k) {
    if (!inputs[k])
      return kiln_fail(KILN_ERROR_INVALID_ARGUMENT, "%s: input %zu is NULL",
                       api, k);
  }
  return KILN_OK;
}

kiln_status kiln_function_dispatch(const char *api,
                                   const kiln_function *function,
                                   const kiln_tensor *const *inputs,
                                   size_t num_inputs,
                                   const kiln_concrete **out_concrete) {
  const kiln_dispatch_table *table = load_table(function);
  const kiln_concrete *concrete = dispatch(table, inputs, num_inputs);
  if (!concrete)
    return no_match(api, function, table, inputs, num_inputs);
  *out_concrete = concrete;
  return KILN_OK;
}

kiln_status kiln_function_select(const kiln_function *function,
                                 const kiln_tensor *const *inputs,
                                 size_t num_inputs,
                                 size_t *out_signature_index) {
  static const char api[] = "kiln_function_select";
  if (!function || !out_signature_index)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT, "%s: %s is NULL", api,
                     function ? "out_signature_index" : "function");
  kiln_status status = kiln_check_inputs(api, inputs, num_inputs);
  const kiln_concrete *concrete = NULL;
  if (status == KILN_OK)
    status =
        kiln_function_dispatch(api, function, inputs, num_inputs, &concrete);
  if (status == KILN_OK)
    *out_signature_index = concrete->signature_index;
  return status;
}

size_t kiln_function_signature_count(const kiln_function *function) {
  return function ? load_table(function)->count : 0;
}

const char *kiln_function_signature(const kiln_function *function,
                                    size_t index) {
  const kiln_dispatch_table *table = function ? load_table(function) : NULL;
  return table && index < table->count ? table->by_index[index]->desc.signature
                                       : NULL;
}

size_t kiln_function_concrete_index(const kiln_function *function,
                                    size_t index) {
  const kiln_dispatch_table *table = function ? load_table(function) : NULL;
  return table && index < table->count ? table->by_index[index]->library_index
                                       : SIZE_MAX;
}
