/* Allocation counting for the runtime tests; see MallocCounter.h. */
#include "MallocCounter.h"

#include <stddef.h>
#include <stdlib.h> /* defines __GLIBC__ */

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) ||     \
    __has_feature(memory_sanitizer)
#define KILN_TEST_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define KILN_TEST_SANITIZED 1
#endif

#if defined(__GLIBC__) && !defined(KILN_TEST_SANITIZED)

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static _Thread_local int counting;
static _Thread_local long allocations;

void *malloc(size_t size) {
  allocations += counting;
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  allocations += counting;
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  allocations += counting;
  return __libc_realloc(pointer, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  allocations += counting;
  return __libc_memalign(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
  allocations += counting;
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
  allocations += counting;
  void *pointer = __libc_memalign(alignment, size);
  if (!pointer)
    return 12; /* ENOMEM */
  *out = pointer;
  return 0;
}

int kiln_test_malloc_counter_available(void) { return 1; }

void kiln_test_malloc_count_begin(void) {
  allocations = 0;
  counting = 1;
}

long kiln_test_malloc_count_end(void) {
  counting = 0;
  return allocations;
}

#else

int kiln_test_malloc_counter_available(void) { return 0; }
void kiln_test_malloc_count_begin(void) {}
long kiln_test_malloc_count_end(void) { return 0; }

#endif
