# tf.linalg.diag, diag_part, trace and band_part on single and batched
# matrices, eagerly and in a tf.function. diag broadcasts its input, and
# broadcasting keeps a -0.0 (tf.broadcast_to once made it 0.0).
import tensorflow as tf

m = tf.reshape(tf.range(9.0), [3, 3])
print(tf.linalg.diag(tf.constant([1.0, 2.0])))
print(tf.linalg.diag(tf.constant([[1, 2], [3, 4]])))
print(tf.linalg.diag_part(m), tf.linalg.trace(m))
print(tf.linalg.diag_part(tf.reshape(tf.range(6), [2, 3])))
print(tf.linalg.diag_part(tf.reshape(tf.range(6), [3, 2])))
print(tf.linalg.trace(tf.reshape(tf.range(8), [2, 2, 2])))
print(tf.linalg.band_part(tf.ones([3, 3]), 0, -1))
print(tf.linalg.band_part(tf.reshape(tf.range(16), [4, 4]), 1, 0))
print(tf.linalg.band_part(tf.reshape(tf.range(12), [3, 4]), -1, 1))


@tf.function
def f(a, d):
    return tf.linalg.trace(a), tf.linalg.diag(d), tf.linalg.band_part(a, 0, 0)


print(f(m, tf.constant([3.0, -0.0, float("nan")])))
print(tf.broadcast_to(tf.constant([-0.0, 1.0]), [2, 2]))
for bad in [lambda: tf.linalg.diag_part(tf.range(3)),
            lambda: tf.linalg.trace(tf.range(3))]:
    try:
        bad()
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, e)
