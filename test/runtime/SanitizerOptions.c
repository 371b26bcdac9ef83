/* Sanitizer defaults for the runtime tests: allocation failures return NULL
 * (a test asks for an impossible tensor and expects KILN_ERROR_OUT_OF_MEMORY)
 * instead of aborting. Unused in builds without sanitizers. */
const char *__asan_default_options(void);
const char *__tsan_default_options(void);

const char *__asan_default_options(void) {
  return "allocator_may_return_null=1";
}
const char *__tsan_default_options(void) {
  return "allocator_may_return_null=1";
}
