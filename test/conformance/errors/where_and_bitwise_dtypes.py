# tf.where with branches of two dtypes and & / | on float tensors raise
# TensorFlow's errors, eagerly and while tracing; & on ints is bitwise.
import tensorflow as tf
tests = [lambda: tf.where(tf.constant([True, False]), tf.constant([1, 2]), tf.constant([1., 2.])),
         lambda: tf.constant(5.0) & 3,
         lambda: tf.constant([1, 2]) & tf.constant([3, 1]),
         lambda: tf.constant(True) & tf.constant(False),
         lambda: tf.constant(5.0) | tf.constant(1.0)]
for t in tests:
    try:
        print(t())
    except Exception as e:
        print(type(e).__name__, e)
@tf.function
def f(c, a, b):
    return tf.where(c, a, b)
try:
    f(tf.constant([True, False]), tf.constant([1, 2]), tf.constant([1., 2.]))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1])
@tf.function
def g(a):
    return a & 3
try:
    g(tf.constant(5.0))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1])
