# Dtypes the kernels refuse, eagerly and in a function: orderings of bools
# and strings, squared_difference of int8, reduce_logsumexp of ints, and
# rint of float16/bfloat16 (no CPU kernel).
import tensorflow as tf
cases = [
  ("reduce_logsumexp(int)", lambda: tf.reduce_logsumexp(tf.constant([1, 2]))),
  ("squared_difference(int8)", lambda: tf.math.squared_difference(tf.constant([7], tf.int8), tf.constant([2], tf.int8))),
  ("less(bool)", lambda: tf.math.less(tf.constant([True]), tf.constant([False]))),
  ("greater_equal(string)", lambda: tf.math.greater_equal(tf.constant(["a"]), tf.constant(["b"]))),
  ("op<(bool)", lambda: tf.constant([True]) < tf.constant([False])),
]
for name, fn in cases:
  try:
    print(name, fn().numpy())
  except Exception as e:
    print(name, type(e).__name__, str(e))
  try:
    print(name, tf.function(fn)())
  except Exception as e:
    print(name, type(e).__name__, str(e).strip().split("\n")[-1])
for d in [tf.float16, tf.bfloat16]:
  try:
    print(tf.math.rint(tf.constant([0.5], d)))
  except tf.errors.NotFoundError as e:
    print("NotFoundError", e)
