# tf.norm's checks of ord and axis, as linalg_ops.norm makes them, beside
# the norms kiln computes.
import tensorflow as tf
x = tf.constant([[3.0, -4.0], [1.0, 2.0]])
print(tf.norm(x), tf.norm(x, ord=1, axis=1), tf.norm(x, ord=float("inf"), axis=0), tf.norm(x, ord=3, axis=-1))
print(tf.norm(x, axis=[0, 1]), tf.norm(x, ord="fro", axis=(0, 1)), tf.norm(x, ord=0.5))
cases = [dict(ord=-1), dict(ord=0), dict(ord="fro"), dict(ord="nuc", axis=[0, 1]),
         dict(ord=3, axis=[0, 1]), dict(axis=[0]), dict(axis=[1, 1]), dict(axis=(0, 1.0)),
         dict(axis=tf.constant(0)), dict(ord=None)]
for kw in cases:
  try:
    print(tf.norm(x, **kw))
  except Exception as e:
    print(type(e).__name__, str(e).split("\n")[0])
