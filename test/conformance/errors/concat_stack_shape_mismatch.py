# tf.concat and tf.stack of mismatched shapes: TensorFlow's kernel errors in eager code, its shape-function errors while tracing.
import tensorflow as tf
for fn in [lambda: tf.concat([tf.constant([[1, 2]]), tf.constant([[1, 2, 3]])], 0),
           lambda: tf.stack([tf.constant([1, 2]), tf.constant([1, 2, 3])]),
           lambda: tf.concat([tf.constant([[1, 2]]), tf.constant([[1, 2, 3]]), tf.constant([[1, 2]])], axis=0)]:
    try:
        fn()
    except Exception as e:
        print(type(e).__name__, "\n".join(l for l in str(e).splitlines() if "File " not in l))
@tf.function
def g(a, b):
    return tf.stack([a, b])
try:
    g(tf.constant([1, 2]), tf.constant([1, 2, 3]))
except Exception as e:
    print(type(e).__name__, "\n".join(l for l in str(e).splitlines() if "File " not in l))
@tf.function
def h(a, b):
    return tf.concat([a, b], axis=-1)
try:
    h(tf.constant([[1, 2]]), tf.constant([[1, 2], [3, 4]]))
except Exception as e:
    print(type(e).__name__, "\n".join(l for l in str(e).splitlines() if "File " not in l))
