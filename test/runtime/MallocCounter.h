/* Counts this thread's heap allocations, to check that dispatch does not
 * allocate. It replaces malloc and friends in the test executable (they
 * forward to glibc's), so it is compiled out under sanitizers, which
 * replace them themselves. */
#ifndef KILN_TEST_RUNTIME_MALLOC_COUNTER_H
#define KILN_TEST_RUNTIME_MALLOC_COUNTER_H

#ifdef __cplusplus
extern "C" {
#endif

/* Whether counting works in this build. */
int kiln_test_malloc_counter_available(void);
/* Starts counting allocations on this thread. */
void kiln_test_malloc_count_begin(void);
/* Stops counting and returns the number of allocations since begin. */
long kiln_test_malloc_count_end(void);

#ifdef __cplusplus
}
#endif

#endif
