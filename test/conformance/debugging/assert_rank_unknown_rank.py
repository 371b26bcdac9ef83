# tf.debugging.assert_rank and assert_rank_at_least on an argument of
# unknown rank: an Assert that checks the rank when the function runs.
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec(None)])
def f(t):
  tf.debugging.assert_rank(t, 2)
  return t * 2

@tf.function(input_signature=[tf.TensorSpec(None)])
def g(t):
  tf.debugging.assert_rank_at_least(t, 2, message="need a matrix")
  return t + 1

print(f(tf.ones([2, 2])))
print(g(tf.ones([2, 2, 1])))
for fn, x in [(f, tf.ones([3])), (g, tf.ones([3])), (f, tf.ones([1, 2, 3]))]:
  try:
    print(fn(x))
  except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError:", [l for l in str(e).split("\n") if "assertion failed" in l][0])
