// kiln.arg_reduce with a negative axis must say which axis it was given.
// Regression test: the axis attribute's accessor returns uint64_t, and the
// verifier once printed -1 as 18446744073709551615.
// RUN: %kiln-opt %s -verify-diagnostics

func.func @arg_reduce_negative_axis(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.arg_reduce' op axis -1 out of range for rank 2}}
  %0 = kiln.arg_reduce "min", %a {axis = -1} : tensor<2x3xf32> -> tensor<2xi64>
  return
}
