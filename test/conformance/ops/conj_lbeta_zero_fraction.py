# tf.math.conj of real tensors, tf.math.lbeta, tf.math.zero_fraction and
# tf.linalg.l2_normalize, eagerly and in a function.
import tensorflow as tf

def show(f):
  try:
    print(f())
  except Exception as e:
    print(type(e).__name__, str(e).split("\n")[0])

show(lambda: tf.math.conj(tf.constant([1.5, -2.0])))
show(lambda: tf.math.conj([1, 2]))
show(lambda: tf.math.conj(3.0))
show(lambda: tf.math.conj(tf.constant(["a"])))
show(lambda: tf.math.conj(tf.constant([True])))
show(lambda: tf.math.lbeta([[1.0, 2.0, 3.0], [0.5, 0.5, 4.0]]))
show(lambda: tf.math.lbeta(tf.constant([2.5, 1.5], tf.float64)))
show(lambda: tf.math.zero_fraction([[0, 1, 2], [0, 0, 3]]))
show(lambda: tf.math.zero_fraction(tf.constant([0.0, -0.0, 1e-30, float("nan")])))
show(lambda: tf.math.zero_fraction(tf.constant([True, False])))
show(lambda: tf.linalg.l2_normalize([3.0, 4.0]))

@tf.function
def f(x):
  return tf.math.zero_fraction(x), tf.math.lbeta(x), tf.math.conj(x)

print(f(tf.constant([[0.0, 1.0], [2.0, 0.0]])))
