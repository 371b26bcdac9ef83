# A GradientTape outside a tf.function that calls tf.py_function: the
# Python function runs once per call, also when the tape differentiates
# the call (TensorFlow keeps the run's tape for the gradient).
import tensorflow as tf

calls = []


def product_and_sum(a, b):
    calls.append("product_and_sum")
    print("product_and_sum runs on", a.numpy(), b.numpy())
    return a * b, a + b


def doubled(a):
    calls.append("doubled")
    return a * 2


@tf.function
def f(x, y):
    p, s = tf.py_function(product_and_sum, [x, y], [tf.float32, tf.float32])
    q = tf.py_function(lambda v: v * v, [p], tf.float32)
    if tf.reduce_sum(x) > 0:
        q = q + tf.py_function(lambda v: tf.sin(v), [x], tf.float32)
    n = tf.numpy_function(doubled, [x], tf.float32)
    return q + s + tf.stop_gradient(n)


x = tf.Variable(3.0)
y = tf.constant(2.0)
with tf.GradientTape() as tape:
    tape.watch(y)
    z = f(x, y)
print(z, calls)
print(tape.gradient(z, [x, y]), calls)

with tf.GradientTape() as tape:
    z = f(x, y)
    w = z * z
print(tape.gradient(w, x), len(calls))
