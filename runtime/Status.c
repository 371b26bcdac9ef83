/* Error reporting: the per-thread last-error message and the string builder
 * used to format messages and signatures. */
#include "Internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each thread's message lives in a heap buffer owned by a pthread key, so
 * it is freed when the thread exits. */
typedef struct {
  char *text;
  size_t capacity;
} error_slot;

static pthread_key_t error_key;
static pthread_once_t error_key_once = PTHREAD_ONCE_INIT;
static bool error_key_ok;

static void free_error_slot(void *p) {
  error_slot *slot = p;
  free(slot->text);
  free(slot);
}

static void create_error_key(void) {
  error_key_ok = pthread_key_create(&error_key, free_error_slot) == 0;
}

#if defined(__GNUC__)
/* If the runtime is unloaded (dlclose of libkilnrt.so), threads still
 * holding a message must not call free_error_slot afterwards: delete the key,
 * freeing this thread's message; other live threads' messages leak. */
__attribute__((destructor)) static void delete_error_key(void) {
  if (!error_key_ok)
    return;
  error_key_ok = false;
  error_slot *slot = pthread_getspecific(error_key);
  if (slot) {
    pthread_setspecific(error_key, NULL);
    free_error_slot(slot);
  }
  pthread_key_delete(error_key);
}
#endif

static error_slot *get_error_slot(bool create) {
  pthread_once(&error_key_once, create_error_key);
  if (!error_key_ok)
    return NULL;
  error_slot *slot = pthread_getspecific(error_key);
  if (!slot && create) {
    slot = calloc(1, sizeof *slot);
    if (slot && pthread_setspecific(error_key, slot) != 0) {
      free(slot);
      slot = NULL;
    }
  }
  return slot;
}

/* When even the message cannot be stored, kiln_last_error reports this. */
static _Thread_local const char *fallback_message;

static void set_error(const char *text) {
  error_slot *slot = get_error_slot(true);
  size_t length = strlen(text);
  if (slot && length + 1 > slot->capacity) {
    char *grown = realloc(slot->text, length + 1);
    if (grown) {
      slot->text = grown;
      slot->capacity = length + 1;
    }
  }
  if (!slot || length + 1 > slot->capacity) {
    fallback_message =
        "kiln: the error message could not be stored (out of memory)";
    return;
  }
  memcpy(slot->text, text, length + 1);
  fallback_message = NULL;
}

const char *kiln_last_error(void) {
  if (fallback_message)
    return fallback_message;
  error_slot *slot = get_error_slot(false);
  return slot && slot->text ? slot->text : "";
}

const char *kiln_status_name(kiln_status status) {
  switch (status) {
  case KILN_OK:
    return "ok";
  case KILN_ERROR_INVALID_ARGUMENT:
    return "invalid argument";
  case KILN_ERROR_NOT_FOUND:
    return "not found";
  case KILN_ERROR_NO_MATCHING_SIGNATURE:
    return "no matching signature";
  case KILN_ERROR_OUT_OF_MEMORY:
    return "out of memory";
  case KILN_ERROR_IO:
    return "I/O error";
  case KILN_ERROR_ABI:
    return "ABI error";
  case KILN_ERROR_DEVICE:
    return "device error";
  case KILN_ERROR_UNSUPPORTED_CPU:
    return "unsupported CPU";
  }
  return "unknown status";
}

void kiln_strbuf_vappendf(kiln_strbuf *buf, const char *fmt, va_list args) {
  if (buf->failed)
    return;
  va_list copy;
  va_copy(copy, args);
  int needed = vsnprintf(NULL, 0, fmt, copy);
  va_end(copy);
  if (needed < 0) {
    buf->failed = true;
    return;
  }
  size_t required = buf->length + (size_t)needed + 1;
  if (required > buf->capacity) {
    size_t capacity = buf->capacity ? buf->capacity : 128;
    while (capacity < required)
      capacity *= 2;
    char *grown = realloc(buf->data, capacity);
    if (!grown) {
      buf->failed = true;
      return;
    }
    buf->data = grown;
    buf->capacity = capacity;
  }
  vsnprintf(buf->data + buf->length, buf->capacity - buf->length, fmt, args);
  buf->length += (size_t)needed;
}

void kiln_strbuf_appendf(kiln_strbuf *buf, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  kiln_strbuf_vappendf(buf, fmt, args);
  va_end(args);
}

void kiln_strbuf_append_type(kiln_strbuf *buf, int32_t dtype, int32_t rank,
                             const int64_t *dims) {
  const char *name =
      kiln_dtype_is_valid(dtype) ? kiln_dtype_name((kiln_dtype)dtype) : NULL;
  if (name)
    kiln_strbuf_appendf(buf, "%s[", name);
  else
    kiln_strbuf_appendf(buf, "<dtype %d>[", (int)dtype);
  for (int32_t i = 0; i < rank; ++i) {
    const char *sep = i ? ", " : "";
    if (dims[i] == -1)
      kiln_strbuf_appendf(buf, "%sNone", sep);
    else
      kiln_strbuf_appendf(buf, "%s%lld", sep, (long long)dims[i]);
  }
  kiln_strbuf_appendf(buf, "]");
}

void kiln_strbuf_free(kiln_strbuf *buf) {
  free(buf->data);
  buf->data = NULL;
  buf->length = buf->capacity = 0;
}

kiln_status kiln_fail_with(kiln_status status, kiln_strbuf *buf) {
  if (buf->failed || !buf->data)
    set_error("out of memory while formatting an error message");
  else
    set_error(buf->data);
  kiln_strbuf_free(buf);
  return status;
}

kiln_status kiln_fail(kiln_status status, const char *fmt, ...) {
  kiln_strbuf buf = {0};
  va_list args;
  va_start(args, fmt);
  kiln_strbuf_vappendf(&buf, fmt, args);
  va_end(args);
  return kiln_fail_with(status, &buf);
}
