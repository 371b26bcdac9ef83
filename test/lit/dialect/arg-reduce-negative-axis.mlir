// kiln.arg_reduce with a negative axis must say which axis it was given.
// The axis attribute is an I64Attr, whose accessor returns uint64_t, so the
// verifier prints -1 as 18446744073709551615 (and its `axis < 0` test never
// holds; only the unsigned `axis >= rank` comparison rejects it).
// RUN: %kiln-opt %s -verify-diagnostics

//
// Regression test (fixed): ArgReduceOp::verify reads the axis as unsigned. This test
// states the correct behaviour; when fixed it XPASSes.

func.func @arg_reduce_negative_axis(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'kiln.arg_reduce' op axis -1 out of range for rank 2}}
  %0 = kiln.arg_reduce "min", %a {axis = -1} : tensor<2x3xf32> -> tensor<2xi64>
  return
}
