# tf.logical_and and logical_or take bool tensors only: the kernel lookup's
# error eagerly, the OpDef's TypeError while tracing.
import tensorflow as tf
for f in [lambda: tf.logical_and(tf.constant([1, 0]), tf.constant([1, 1])), lambda: tf.logical_or(tf.constant([1.0]), tf.constant([0.0]))]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, repr(str(e)))
@tf.function
def g(a, b):
    return tf.logical_and(a, b)
try:
    g(tf.constant([1, 0]), tf.constant([1, 1]))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1])
