# math_ops.add builds Add, not AddV2, when x is a string tensor: the dtype
# errors name it so, eagerly and while tracing.
import tensorflow as tf
for f in [lambda: tf.constant("a") + tf.constant(1), lambda: tf.constant(1) + tf.constant("a"),
          lambda: tf.add(tf.constant("a"), tf.constant(1.5)), lambda: tf.constant(["a"]) + tf.constant([True])]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
@tf.function
def g(a, b):
    return a + b
try:
    g(tf.constant("a"), tf.constant(1))
except Exception as e:  # the last line: the rest names this file's path
    print(type(e).__name__, str(e).strip().splitlines()[-1])
