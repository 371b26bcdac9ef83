/* Libraries: loading compiled shared objects, validating and copying their
 * descriptors, and grouping concrete functions by Python name. Writers hold
 * the library mutex; readers only load atomically published snapshots. */
#include "Internal.h"
#include "kiln/cpu_features.h"

#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Where a descriptor came from, for error messages. */
typedef struct {
  const char *api;
  const char *path; /* NULL unless opened */
  bool in_library;  /* from a kiln_library_desc: then |index| is known */
  size_t index;     /* position in the kiln_library_desc */
} desc_context;

static kiln_status desc_fail(const desc_context *ctx,
                             const kiln_concrete_function_desc *desc,
                             kiln_status status, const char *fmt, ...)
    KILN_PRINTF(4, 5);

static kiln_status desc_fail(const desc_context *ctx,
                             const kiln_concrete_function_desc *desc,
                             kiln_status status, const char *fmt, ...) {
  kiln_strbuf buf = {0};
  kiln_strbuf_appendf(&buf, "%s: ", ctx->api);
  if (ctx->path)
    kiln_strbuf_appendf(&buf, "'%s': ", ctx->path);
  if (ctx->in_library)
    kiln_strbuf_appendf(&buf, "concrete function %zu", ctx->index);
  else
    kiln_strbuf_appendf(&buf, "concrete function");
  if (desc && desc->function_name)
    kiln_strbuf_appendf(&buf, " '%s'", desc->function_name);
  kiln_strbuf_appendf(&buf, ": ");
  va_list args;
  va_start(args, fmt);
  kiln_strbuf_vappendf(&buf, fmt, args);
  va_end(args);
  return kiln_fail_with(status, &buf);
}

static kiln_status check_specs(const desc_context *ctx,
                               const kiln_concrete_function_desc *desc,
                               const char *kind, int32_t count,
                               const kiln_tensor_spec *specs) {
  if (count < 0)
    return desc_fail(ctx, desc, KILN_ERROR_INVALID_ARGUMENT,
                     "negative %s count %d", kind, (int)count);
  if (count > 0 && !specs)
    return desc_fail(ctx, desc, KILN_ERROR_INVALID_ARGUMENT,
                     "%s specs are NULL", kind);
  for (int32_t i = 0; i < count; ++i) {
    const kiln_tensor_spec *spec = &specs[i];
    if (!kiln_dtype_is_valid(spec->dtype))
      return desc_fail(ctx, desc, KILN_ERROR_INVALID_ARGUMENT,
                       "%s %d has unknown dtype %d", kind, (int)i,
                       (int)spec->dtype);
    if (spec->rank < 0 || spec->rank > KILN_MAX_RANK)
      return desc_fail(ctx, desc, KILN_ERROR_INVALID_ARGUMENT,
                       "%s %d has rank %d outside [0, %d]", kind, (int)i,
                       (int)spec->rank, KILN_MAX_RANK);
    if (spec->rank > 0 && !spec->dims)
      return desc_fail(ctx, desc, KILN_ERROR_INVALID_ARGUMENT,
                       "%s %d has NULL dims", kind, (int)i);
    for (int32_t d = 0; d < spec->rank; ++d) {
      if (spec->dims[d] < -1)
        return desc_fail(ctx, desc, KILN_ERROR_INVALID_ARGUMENT,
                         "%s %d has dim %d = %lld", kind, (int)i, (int)d,
                         (long long)spec->dims[d]);
    }
  }
  return KILN_OK;
}

/* Checks a function's variable indices (captures or writes). */
static kiln_status
check_variable_indices(const desc_context *ctx,
                       const kiln_concrete_function_desc *desc,
                       const char *kind, int32_t count, const int32_t *indices,
                       size_t num_variables) {
  if (count < 0)
    return desc_fail(ctx, desc, KILN_ERROR_INVALID_ARGUMENT,
                     "negative %s count %d", kind, (int)count);
  if (count > 0 && !indices)
    return desc_fail(ctx, desc, KILN_ERROR_INVALID_ARGUMENT, "%s are NULL",
                     kind);
  for (int32_t i = 0; i < count; ++i) {
    if (indices[i] < 0 || (size_t)indices[i] >= num_variables)
      return desc_fail(ctx, desc, KILN_ERROR_INVALID_ARGUMENT,
                       "%s %d is variable %d, but the library has %zu "
                       "variables",
                       kind, (int)i, (int)indices[i], num_variables);
  }
  return KILN_OK;
}

static kiln_status check_desc(const desc_context *ctx,
                              const kiln_library *library,
                              const kiln_concrete_function_desc *desc) {
  if (!desc)
    return desc_fail(ctx, NULL, KILN_ERROR_INVALID_ARGUMENT,
                     "descriptor is NULL");
  if (!desc->function_name || !desc->function_name[0])
    return desc_fail(ctx, desc, KILN_ERROR_INVALID_ARGUMENT,
                     "function name is NULL or empty");
  if (!desc->entry)
    return desc_fail(ctx, desc, KILN_ERROR_INVALID_ARGUMENT,
                     "entry point is NULL");
  kiln_status status =
      check_specs(ctx, desc, "input", desc->num_inputs, desc->inputs);
  if (status == KILN_OK)
    status = check_specs(ctx, desc, "output", desc->num_outputs, desc->outputs);
  if (status == KILN_OK)
    status = check_variable_indices(ctx, desc, "captures", desc->num_captures,
                                    desc->captures, library->num_variables);
  if (status == KILN_OK)
    status = check_variable_indices(ctx, desc, "writes", desc->num_writes,
                                    desc->writes, library->num_variables);
  for (int32_t i = 0; status == KILN_OK && i < desc->num_writes; ++i) {
    for (int32_t j = 0; j < i; ++j) {
      if (desc->writes[j] == desc->writes[i])
        return desc_fail(ctx, desc, KILN_ERROR_INVALID_ARGUMENT,
                         "writes variable %d twice", (int)desc->writes[i]);
    }
  }
  return status;
}

/* "f(float32[None, 3], int32[]) -> (float32[None, 3], int32[])" */
static void build_signature(kiln_strbuf *buf,
                            const kiln_concrete_function_desc *desc) {
  kiln_strbuf_appendf(buf, "%s(", desc->function_name);
  for (int32_t i = 0; i < desc->num_inputs; ++i) {
    kiln_strbuf_appendf(buf, "%s", i ? ", " : "");
    kiln_strbuf_append_type(buf, desc->inputs[i].dtype, desc->inputs[i].rank,
                            desc->inputs[i].dims);
  }
  kiln_strbuf_appendf(buf, ") -> %s", desc->num_outputs == 0 ? "None" : "");
  if (desc->num_outputs > 1)
    kiln_strbuf_appendf(buf, "(");
  for (int32_t i = 0; i < desc->num_outputs; ++i) {
    kiln_strbuf_appendf(buf, "%s", i ? ", " : "");
    kiln_strbuf_append_type(buf, desc->outputs[i].dtype, desc->outputs[i].rank,
                            desc->outputs[i].dims);
  }
  if (desc->num_outputs > 1)
    kiln_strbuf_appendf(buf, ")");
}

static size_t descriptor_words(int32_t count, const kiln_tensor_spec *specs) {
  size_t words = 0;
  for (int32_t i = 0; i < count; ++i)
    words += 3 + 2 * (size_t)specs[i].rank;
  return words;
}

/* Copies |specs| and their dims into the block at *cursor. */
static kiln_tensor_spec *copy_specs(char **cursor, int64_t **dims_cursor,
                                    int32_t count,
                                    const kiln_tensor_spec *specs) {
  kiln_tensor_spec *copy = (kiln_tensor_spec *)*cursor;
  *cursor += (size_t)count * sizeof(kiln_tensor_spec);
  for (int32_t i = 0; i < count; ++i) {
    copy[i] = specs[i];
    copy[i].dims = *dims_cursor;
    if (specs[i].rank > 0)
      memcpy(*dims_cursor, specs[i].dims,
             (size_t)specs[i].rank * sizeof(int64_t));
    *dims_cursor += specs[i].rank;
  }
  return copy;
}

/* A deep copy of a validated descriptor in one allocation, with the specs
 * of every result (the written variables' from |library|). */
static kiln_concrete *concrete_create(const kiln_library *library,
                                      const kiln_concrete_function_desc *desc) {
  kiln_strbuf signature = {0};
  if (!desc->signature)
    build_signature(&signature, desc);
  if (signature.failed) {
    kiln_strbuf_free(&signature);
    return NULL;
  }
  const char *sig_text = desc->signature ? desc->signature : signature.data;
  size_t num_results = (size_t)desc->num_outputs + (size_t)desc->num_writes;
  size_t num_specs =
      (size_t)desc->num_inputs + (size_t)desc->num_outputs + num_results;
  size_t num_indices = (size_t)desc->num_captures + (size_t)desc->num_writes;
  size_t num_dims = 0;
  for (int32_t i = 0; i < desc->num_inputs; ++i)
    num_dims += (size_t)desc->inputs[i].rank;
  for (int32_t i = 0; i < desc->num_outputs; ++i)
    num_dims += (size_t)desc->outputs[i].rank;
  size_t name_length = strlen(desc->function_name) + 1;
  size_t sig_length = strlen(sig_text) + 1;
  size_t size = sizeof(kiln_concrete) + num_specs * sizeof(kiln_tensor_spec) +
                num_dims * sizeof(int64_t) + num_indices * sizeof(int32_t) +
                name_length + sig_length;
  kiln_concrete *concrete = calloc(1, size);
  if (!concrete) {
    kiln_strbuf_free(&signature);
    return NULL;
  }
  char *cursor = (char *)(concrete + 1);
  int64_t *dims = (int64_t *)(cursor + num_specs * sizeof(kiln_tensor_spec));
  concrete->desc = *desc;
  concrete->desc.inputs =
      copy_specs(&cursor, &dims, desc->num_inputs, desc->inputs);
  concrete->desc.outputs =
      copy_specs(&cursor, &dims, desc->num_outputs, desc->outputs);
  /* Result specs share the copied outputs' dims and the variables'. */
  kiln_tensor_spec *results = (kiln_tensor_spec *)cursor;
  cursor += num_results * sizeof(kiln_tensor_spec);
  if (desc->num_outputs > 0)
    memcpy(results, concrete->desc.outputs,
           (size_t)desc->num_outputs * sizeof(kiln_tensor_spec));
  for (int32_t i = 0; i < desc->num_writes; ++i)
    results[desc->num_outputs + i] = library->variables[desc->writes[i]].spec;
  concrete->num_results = num_results;
  concrete->result_specs = results;
  int32_t *indices = (int32_t *)dims;
  if (desc->num_captures > 0)
    memcpy(indices, desc->captures,
           (size_t)desc->num_captures * sizeof(int32_t));
  if (desc->num_writes > 0)
    memcpy(indices + desc->num_captures, desc->writes,
           (size_t)desc->num_writes * sizeof(int32_t));
  concrete->desc.captures = desc->num_captures > 0 ? indices : NULL;
  concrete->desc.writes =
      desc->num_writes > 0 ? indices + desc->num_captures : NULL;
  char *strings = (char *)(indices + num_indices);
  memcpy(strings, desc->function_name, name_length);
  memcpy(strings + name_length, sig_text, sig_length);
  concrete->desc.function_name = strings;
  concrete->desc.signature = strings + name_length;
  kiln_strbuf_free(&signature);

  for (int32_t i = 0; i < desc->num_inputs; ++i) {
    for (int32_t d = 0; d < desc->inputs[i].rank; ++d)
      concrete->dynamic_dims += desc->inputs[i].dims[d] == -1;
  }
  concrete->key_hash = kiln_dispatch_hash_specs(&concrete->desc);
  concrete->input_words = descriptor_words(desc->num_inputs, desc->inputs);
  for (int32_t i = 0; i < desc->num_captures; ++i)
    concrete->input_words +=
        descriptor_words(1, &library->variables[desc->captures[i]].spec);
  concrete->result_words = descriptor_words((int32_t)num_results, results);
  return concrete;
}

static bool same_inputs(const kiln_concrete_function_desc *a,
                        const kiln_concrete_function_desc *b) {
  if (a->num_inputs != b->num_inputs)
    return false;
  for (int32_t i = 0; i < a->num_inputs; ++i) {
    const kiln_tensor_spec *x = &a->inputs[i], *y = &b->inputs[i];
    if (x->dtype != y->dtype || x->rank != y->rank)
      return false;
    for (int32_t d = 0; d < x->rank; ++d) {
      if (x->dims[d] != y->dims[d])
        return false;
    }
  }
  return true;
}

size_t kiln_ptr_list_read(kiln_ptr_list *const _Atomic *list,
                          void *const **out_items) {
  kiln_ptr_list *current = atomic_load_explicit((kiln_ptr_list * _Atomic *)list,
                                                memory_order_acquire);
  if (!current) {
    *out_items = NULL;
    return 0;
  }
  *out_items = current->items;
  return atomic_load_explicit(&current->count, memory_order_acquire);
}

/* The list to append one item to: |list| when it has room, else a larger
 * unpublished copy (NULL on allocation failure). Mutex held. */
static kiln_ptr_list *list_with_room(kiln_ptr_list *list) {
  size_t count =
      list ? atomic_load_explicit(&list->count, memory_order_relaxed) : 0;
  if (list && count < list->capacity)
    return list;
  size_t capacity = list ? 2 * list->capacity : 8;
  kiln_ptr_list *grown =
      malloc(sizeof(kiln_ptr_list) + capacity * sizeof(void *));
  if (!grown)
    return NULL;
  grown->retired.next = NULL;
  grown->capacity = capacity;
  if (count)
    memcpy(grown->items, list->items, count * sizeof(void *));
  atomic_init(&grown->count, count);
  return grown;
}

static void retire(kiln_library *library, kiln_retired *block) {
  if (!block)
    return;
  block->next = library->retired;
  library->retired = block;
}

/* Appends |item| to |target| (from list_with_room on |slot|'s list) and
 * publishes it. Mutex held. */
static void list_append(kiln_library *library, kiln_ptr_list *_Atomic *slot,
                        kiln_ptr_list *target, void *item) {
  kiln_ptr_list *old = atomic_load_explicit(slot, memory_order_relaxed);
  size_t count = atomic_load_explicit(&target->count, memory_order_relaxed);
  target->items[count] = item;
  atomic_store_explicit(&target->count, count + 1, memory_order_release);
  if (target != old) {
    atomic_store_explicit(slot, target, memory_order_release);
    retire(library, old ? &old->retired : NULL);
  }
}

static kiln_function *find_function(const kiln_library *library,
                                    const char *name) {
  void *const *items = NULL;
  size_t count = kiln_ptr_list_read(&library->functions, &items);
  for (size_t i = 0; i < count; ++i) {
    kiln_function *function = items[i];
    if (strcmp(function->name, name) == 0)
      return function;
  }
  return NULL;
}

static void function_destroy(kiln_function *function) {
  if (!function)
    return;
  free(atomic_load_explicit(&function->table, memory_order_relaxed));
  free(function->name);
  free(function);
}

/* Validates, copies and publishes one descriptor. */
static kiln_status add_concrete(kiln_library *library,
                                const kiln_concrete_function_desc *desc,
                                const desc_context *ctx) {
  kiln_status status = check_desc(ctx, library, desc);
  if (status != KILN_OK)
    return status;
  kiln_concrete *concrete = concrete_create(library, desc);
  if (!concrete)
    return desc_fail(ctx, desc, KILN_ERROR_OUT_OF_MEMORY, "out of memory");

  pthread_mutex_lock(&library->mutex);
  kiln_function *function = find_function(library, desc->function_name);
  kiln_function *created = NULL;
  kiln_dispatch_table *old_table = NULL;
  if (function) {
    old_table = atomic_load_explicit(&function->table, memory_order_relaxed);
    for (size_t i = 0; i < old_table->count; ++i) {
      const kiln_concrete *other = old_table->by_index[i];
      if (same_inputs(&other->desc, &concrete->desc)) {
        status = desc_fail(ctx, desc, KILN_ERROR_INVALID_ARGUMENT,
                           "its inputs duplicate those of '%s'",
                           other->desc.signature);
        goto fail;
      }
    }
  } else {
    created = calloc(1, sizeof *created);
    if (created)
      created->name = malloc(strlen(desc->function_name) + 1);
    if (!created || !created->name)
      goto out_of_memory;
    strcpy(created->name, desc->function_name);
    created->library = library;
    atomic_init(&created->table, NULL);
    function = created;
  }

  /* Allocate everything first, so that a failure leaves no trace. */
  void *const *unused;
  concrete->function = function;
  concrete->library_index = kiln_ptr_list_read(&library->concretes, &unused);
  concrete->signature_index = old_table ? old_table->count : 0;
  kiln_dispatch_table *table = kiln_dispatch_table_build(old_table, concrete);
  kiln_ptr_list *old_concretes =
      atomic_load_explicit(&library->concretes, memory_order_relaxed);
  kiln_ptr_list *old_functions =
      atomic_load_explicit(&library->functions, memory_order_relaxed);
  kiln_ptr_list *concretes = table ? list_with_room(old_concretes) : NULL;
  kiln_ptr_list *functions =
      created && concretes ? list_with_room(old_functions) : NULL;
  if (!table || !concretes || (created && !functions)) {
    free(table);
    if (concretes != old_concretes)
      free(concretes);
    if (functions != old_functions)
      free(functions);
    goto out_of_memory;
  }

  /* Publish in the order readers follow: the concrete function, then the
   * table that points to it, then (for a new name) the function. */
  list_append(library, &library->concretes, concretes, concrete);
  atomic_store_explicit(&function->table, table, memory_order_release);
  retire(library, old_table ? &old_table->retired : NULL);
  if (created)
    list_append(library, &library->functions, functions, created);
  pthread_mutex_unlock(&library->mutex);
  return KILN_OK;

out_of_memory:
  status = desc_fail(ctx, desc, KILN_ERROR_OUT_OF_MEMORY, "out of memory");
fail:
  pthread_mutex_unlock(&library->mutex);
  function_destroy(created);
  free(concrete);
  return status;
}

kiln_status kiln_library_create(kiln_library **out_library) {
  if (!out_library)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT,
                     "kiln_library_create: out_library is NULL");
  *out_library = NULL;
  kiln_library *library = calloc(1, sizeof *library);
  if (!library)
    return kiln_fail(KILN_ERROR_OUT_OF_MEMORY,
                     "kiln_library_create: out of memory");
  if (pthread_mutex_init(&library->mutex, NULL) != 0) {
    free(library);
    return kiln_fail(KILN_ERROR_OUT_OF_MEMORY,
                     "kiln_library_create: cannot create a mutex");
  }
  if (pthread_rwlock_init(&library->variable_lock, NULL) != 0) {
    pthread_mutex_destroy(&library->mutex);
    free(library);
    return kiln_fail(KILN_ERROR_OUT_OF_MEMORY,
                     "kiln_library_create: cannot create a lock");
  }
  atomic_init(&library->refcount, 1);
  atomic_init(&library->concretes, NULL);
  atomic_init(&library->functions, NULL);
  *out_library = library;
  return KILN_OK;
}

kiln_status kiln_library_add_function(kiln_library *library,
                                      const kiln_concrete_function_desc *desc) {
  if (!library)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT,
                     "kiln_library_add_function: library is NULL");
  desc_context ctx = {"kiln_library_add_function", NULL, false, 0};
  return add_concrete(library, desc, &ctx);
}

/* Checks |desc| and builds a library from it; |path| (or NULL) names the
 * file in messages. */
static kiln_status create_from_desc(const char *api, const char *path,
                                    const kiln_library_desc *desc,
                                    kiln_library **out_library) {
  const char *quote = path ? "'" : "";
  const char *name = path ? path : "the library descriptor";
  if (!desc) /* only from kiln_library_open: the public entry checks first */
    return kiln_fail(KILN_ERROR_ABI, "%s: '%s': kiln_library() returned NULL",
                     api, path);
  if (desc->abi_version != KILN_ABI_VERSION)
    return kiln_fail(
        KILN_ERROR_ABI,
        "%s: %s%s%s has ABI version %u, but this runtime supports version %d; "
        "recompile it with a matching kiln",
        api, quote, name, quote, (unsigned)desc->abi_version, KILN_ABI_VERSION);
  /* Before anything calls the compiled code: an instruction it may use
   * that this CPU lacks would kill the process with SIGILL. */
  char missing[256];
  if (kiln_cpu_missing_features(desc->cpu_features, missing, sizeof missing))
    return kiln_fail(
        KILN_ERROR_UNSUPPORTED_CPU,
        "%s: %s%s%s was compiled for %s, whose instructions this CPU lacks "
        "(%s); recompile it with --target-cpu=x86-64 (any 64-bit x86) or "
        "a CPU of this machine's kind",
        api, quote, name, quote,
        desc->target_cpu && *desc->target_cpu ? desc->target_cpu
                                              : "another CPU",
        missing);
  if (desc->num_functions < 0 || (desc->num_functions > 0 && !desc->functions))
    return kiln_fail(
        KILN_ERROR_INVALID_ARGUMENT,
        "%s: %s%s%s has an invalid function table (%d functions at %p)", api,
        quote, name, quote, (int)desc->num_functions,
        (const void *)desc->functions);
  kiln_library *library;
  kiln_status status = kiln_library_create(&library);
  if (status != KILN_OK)
    return status;
  if (path) {
    library->path = malloc(strlen(path) + 1);
    if (!library->path) {
      kiln_library_release(library);
      return kiln_fail(KILN_ERROR_OUT_OF_MEMORY, "%s: out of memory", api);
    }
    strcpy(library->path, path);
  }
  status = kiln_variables_create(library, api, path, desc);
  if (status != KILN_OK) {
    kiln_library_release(library);
    return status;
  }
  for (int32_t i = 0; i < desc->num_functions; ++i) {
    desc_context ctx = {api, path, true, (size_t)i};
    status = add_concrete(library, &desc->functions[i], &ctx);
    if (status != KILN_OK) {
      kiln_library_release(library);
      return status;
    }
  }
  *out_library = library;
  return KILN_OK;
}

kiln_status kiln_library_create_from_desc(const kiln_library_desc *desc,
                                          kiln_library **out_library) {
  static const char api[] = "kiln_library_create_from_desc";
  if (!out_library)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT, "%s: out_library is NULL",
                     api);
  *out_library = NULL;
  if (!desc)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT, "%s: desc is NULL", api);
  return create_from_desc(api, NULL, desc, out_library);
}

/* Whether the ELF file at `path` holds every loadable segment its program
 * headers name. dlopen maps a truncated library's missing pages anyway,
 * and the loader then dies of SIGBUS touching them; a file that is not an
 * ELF object, or cannot be read, is left to dlopen to report. Writes the
 * reason to `why` when it does not. */
static int elf_truncated(const char *path, char *why, size_t why_size) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return 0;
  struct stat st;
  Elf64_Ehdr header;
  int truncated = 0;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
      pread(fd, &header, sizeof header, 0) != (ssize_t)sizeof header ||
      memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 ||
      header.e_ident[EI_CLASS] != ELFCLASS64 ||
      header.e_phentsize != sizeof(Elf64_Phdr)) {
    close(fd);
    return 0;
  }
  uint64_t size = (uint64_t)st.st_size;
  uint64_t table_end =
      header.e_phoff + (uint64_t)header.e_phnum * sizeof(Elf64_Phdr);
  if (header.e_phoff > size || table_end > size) {
    snprintf(why, why_size,
             "the file is truncated (%llu bytes; its program headers end at "
             "byte %llu)",
             (unsigned long long)size, (unsigned long long)table_end);
    truncated = 1;
  }
  for (uint16_t i = 0; !truncated && i < header.e_phnum; ++i) {
    Elf64_Phdr segment;
    if (pread(fd, &segment, sizeof segment,
              (off_t)(header.e_phoff + (uint64_t)i * sizeof segment)) !=
        (ssize_t)sizeof segment)
      break;
    if (segment.p_type == PT_LOAD &&
        (segment.p_offset > size ||
         segment.p_filesz > size - segment.p_offset)) {
      snprintf(why, why_size,
               "the file is truncated (%llu bytes; a segment ends at byte "
               "%llu)",
               (unsigned long long)size,
               (unsigned long long)(segment.p_offset + segment.p_filesz));
      truncated = 1;
    }
  }
  close(fd);
  return truncated;
}

kiln_status kiln_library_open(const char *path, kiln_library **out_library) {
  static const char api[] = "kiln_library_open";
  if (!out_library)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT, "%s: out_library is NULL",
                     api);
  *out_library = NULL;
  if (!path)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT, "%s: path is NULL", api);
  /* dlopen("") would open the program itself. */
  if (!*path)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT, "%s: path is empty", api);
  char truncated[160];
  if (elf_truncated(path, truncated, sizeof truncated))
    return kiln_fail(KILN_ERROR_IO, "%s: cannot load '%s': %s", api, path,
                     truncated);
  dlerror();
  void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *why = dlerror();
    return kiln_fail(KILN_ERROR_IO, "%s: cannot load '%s': %s", api, path,
                     why ? why : "unknown dlopen error");
  }
  dlerror();
  void *symbol = dlsym(handle, "kiln_library");
  if (!symbol) {
    const char *why = dlerror();
    kiln_status status =
        kiln_fail(KILN_ERROR_ABI, "%s: '%s' is not a kiln library: %s", api,
                  path, why ? why : "its kiln_library symbol is NULL");
    dlclose(handle);
    return status;
  }
  kiln_library_fn describe;
  memcpy(&describe, &symbol, sizeof describe); /* object to function pointer */
  kiln_library *library = NULL;
  kiln_status status = create_from_desc(api, path, describe(), &library);
  if (status != KILN_OK) {
    dlclose(handle);
    return status;
  }
  library->dl_handle = handle;
  *out_library = library;
  return KILN_OK;
}

void kiln_library_retain(kiln_library *library) {
  if (library)
    atomic_fetch_add_explicit(&library->refcount, 1, memory_order_relaxed);
}

static void free_list_items(kiln_ptr_list *list, void (*destroy)(void *)) {
  if (!list)
    return;
  size_t count = atomic_load_explicit(&list->count, memory_order_relaxed);
  for (size_t i = 0; i < count; ++i)
    destroy(list->items[i]);
  free(list);
}

static void destroy_function_item(void *item) { function_destroy(item); }

void kiln_library_release(kiln_library *library) {
  if (!library || atomic_fetch_sub_explicit(&library->refcount, 1,
                                            memory_order_acq_rel) != 1)
    return;
  free_list_items(
      atomic_load_explicit(&library->concretes, memory_order_relaxed), free);
  free_list_items(
      atomic_load_explicit(&library->functions, memory_order_relaxed),
      destroy_function_item);
  for (kiln_retired *block = library->retired; block;) {
    kiln_retired *next = block->next;
    free(block);
    block = next;
  }
  if (library->dl_handle)
    dlclose(library->dl_handle);
  free(library->path);
  kiln_variables_destroy(library);
  pthread_rwlock_destroy(&library->variable_lock);
  pthread_mutex_destroy(&library->mutex);
  free(library);
}

const char *kiln_library_path(const kiln_library *library) {
  return library ? library->path : NULL;
}

size_t kiln_library_function_count(const kiln_library *library) {
  void *const *items = NULL;
  return library ? kiln_ptr_list_read(&library->functions, &items) : 0;
}

const char *kiln_library_function_name(const kiln_library *library,
                                       size_t index) {
  void *const *items = NULL;
  size_t count = library ? kiln_ptr_list_read(&library->functions, &items) : 0;
  return index < count ? ((const kiln_function *)items[index])->name : NULL;
}

kiln_status kiln_library_get_function(kiln_library *library, const char *name,
                                      kiln_function **out_function) {
  if (!out_function)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT,
                     "kiln_library_get_function: out_function is NULL");
  *out_function = NULL;
  if (!library || !name)
    return kiln_fail(KILN_ERROR_INVALID_ARGUMENT,
                     "kiln_library_get_function: %s is NULL",
                     library ? "name" : "library");
  kiln_function *function = find_function(library, name);
  if (!function) {
    kiln_strbuf buf = {0};
    kiln_strbuf_appendf(
        &buf, "kiln_library_get_function: no function named '%s'", name);
    void *const *items;
    size_t count = kiln_ptr_list_read(&library->functions, &items);
    for (size_t i = 0; i < count; ++i)
      kiln_strbuf_appendf(&buf, "%s'%s'", i ? ", " : "; available: ",
                          ((const kiln_function *)items[i])->name);
    return kiln_fail_with(KILN_ERROR_NOT_FOUND, &buf);
  }
  kiln_library_retain(library);
  *out_function = function;
  return KILN_OK;
}

size_t kiln_library_concrete_count(const kiln_library *library) {
  void *const *items = NULL;
  return library ? kiln_ptr_list_read(&library->concretes, &items) : 0;
}

const kiln_concrete_function_desc *
kiln_library_concrete_desc(const kiln_library *library, size_t index) {
  void *const *items = NULL;
  size_t count = library ? kiln_ptr_list_read(&library->concretes, &items) : 0;
  return index < count ? &((const kiln_concrete *)items[index])->desc : NULL;
}

void kiln_function_retain(kiln_function *function) {
  if (function)
    kiln_library_retain(function->library);
}

void kiln_function_release(kiln_function *function) {
  if (function)
    kiln_library_release(function->library);
}

const char *kiln_function_name(const kiln_function *function) {
  return function ? function->name : NULL;
}
