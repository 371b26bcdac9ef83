# tf.unstack with num and an axis out of range (Unpack's errors, eager and
# traced), and the stateless ops' alg given as a string with spaces inside
# or as a tensor.
import tensorflow as tf
def show(f):
  try:
    print(f())
  except Exception as e:
    print(type(e).__name__, str(e).split("\n")[0])
show(lambda: tf.unstack(tf.ones([2, 3]), num=2, axis=5))
show(lambda: tf.unstack(tf.ones([2, 3]), axis=tf.constant(5)))
show(lambda: tf.unstack(tf.constant(1.0)))
show(lambda: tf.unstack(tf.constant(1.0), num=1))
@tf.function
def f(x):
  return tf.unstack(x, num=2, axis=5)
show(lambda: f(tf.ones([2, 3])))
show(lambda: tf.nn.experimental.stateless_dropout(tf.ones([2, 3]), 0.5, seed=[1, 2], rng_alg="phil ox"))
show(lambda: tf.nn.experimental.stateless_dropout(tf.ones([2, 3]), 0.5, seed=[1, 2], rng_alg=tf.constant(1)))
show(lambda: tf.random.stateless_uniform([2], seed=[1, 2], alg=" PHILOX "))
show(lambda: tf.random.stateless_uniform([2], seed=[1, 2], alg=True))
