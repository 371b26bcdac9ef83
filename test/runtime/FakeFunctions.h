/* Hand-written stand-ins for compiled concrete functions: each follows the
 * packed ABI of kiln/runtime.h exactly (args[0] the result area, args[1 + k]
 * the descriptor of input k). */
#ifndef KILN_TEST_RUNTIME_FAKE_FUNCTIONS_H
#define KILN_TEST_RUNTIME_FAKE_FUNCTIONS_H

#include "kiln/runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

/* (x: float32[N, M], y: float32[N, M]) -> float32[N, M]: x + y, malloc'd. */
void fake_add_f32(void **args);
/* (x: float32[N, M]) -> float32[N, M]: returns x's own descriptor. */
void fake_identity2(void **args);
/* () or anything -> float32[2, 3]: a constant global, allocated 0xdeadbeef. */
void fake_constant(void **args);
/* The values fake_constant returns: 0, 1, ..., 5. */
extern const float fake_constant_values[6];
/* (x: float32[N, 3]) -> (float32[N, 3], float32[]): 2 * x and sum(x).
 * Counts its calls in fake_two_results_calls. */
void fake_two_results(void **args);
extern long fake_two_results_calls;
/* (x: float32[N, M]) -> float32[M, N]: a malloc'd copy of x described with
 * transposed (non-contiguous) strides. */
void fake_transpose(void **args);
/* (x: float32[N, M]) -> (float32[N, M], float32[N, M]): one malloc'd x + 1
 * returned twice. */
void fake_duplicate(void **args);
/* (x: float32[N, M]) -> float32[N - 1, M]: x[1:], a view of the input. */
void fake_slice(void **args);
/* (x: float32[N, M]) -> float32[N, M]: x - 1 in a malloc'd buffer whose
 * first element is at offset 2 (allocated != aligned). */
void fake_offset_result(void **args);
/* (x: float32[N, M]) -> (float32[N, M], float32[2, 3]): x itself and the
 * constant, both of which must be copied. */
void fake_alias_and_constant(void **args);
/* anything -> float32[2, 3] spec, but returns a malloc'd [5, 3]. */
void fake_wrong_size(void **args);
/* anything -> (float32[1] malloc'd, float32[2, 3] but size [7, 3]). */
void fake_second_result_invalid(void **args);
/* anything -> float32[0, 3] with NULL pointers. */
void fake_empty_result(void **args);
/* anything -> nothing; counts its calls in fake_no_result_calls. */
void fake_no_result(void **args);
extern long fake_no_result_calls;
/* anything -> int32[] scalar k: tells which concrete function ran. */
void fake_tag0(void **args);
void fake_tag1(void **args);
void fake_tag2(void **args);
void fake_tag3(void **args);
void fake_tag4(void **args);
void fake_tag5(void **args);
void fake_tag6(void **args);
void fake_tag7(void **args);

/* (x: float32[]) with captured v: float32[] -> (float32[]) and writes v:
 * v + x, one malloc'd buffer returned as the output and the new value. */
void fake_accumulate(void **args);
/* () with captured v: float32[] -> float32[]: v's own descriptor. */
void fake_read_variable(void **args);

#ifdef __cplusplus
}
#endif

#endif
