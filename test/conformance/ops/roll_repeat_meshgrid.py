# tf.roll, tf.repeat and tf.meshgrid eagerly and in a tf.function, with
# the errors a wrong shift, axis or repeat count gets.
import tensorflow as tf

x = tf.reshape(tf.range(12), [3, 4])
print(tf.roll(x, shift=1, axis=0))
print(tf.roll(x, shift=[1, -1], axis=[0, 1]))
print(tf.roll(x, 7, -1))
print(tf.roll([1, 2, 3], shift=[1, 1], axis=[0, 0]))
print(tf.repeat(tf.constant([1, 2, 3]), 2))
print(tf.repeat(x, repeats=[1, 0, 2], axis=0))
print(tf.repeat(x, 2, axis=1))
print(tf.repeat(5, 3), tf.repeat([[1, 2]], 2))
a, b = tf.meshgrid(tf.constant([1, 2, 3]), tf.constant([4, 5]))
print(a)
print(b)
a, b = tf.meshgrid([1.0, 2.0], [4.0, 5.0, 6.0], indexing="ij")
print(a)
print(b)
print(tf.meshgrid([1, 2], [3, 4, 5], [6])[0].shape)


@tf.function
def f(v, m):
    return tf.roll(v, 1, 0), tf.repeat(v, 2), tf.repeat(m, [2, 1], axis=1), tf.meshgrid(v, v[:2])


print(f(tf.constant([1.0, 2.0, 3.0, 4.0]), tf.constant([[1, 2], [3, 4]])))

for bad in [
    lambda: tf.roll(x, 1, 2),
    lambda: tf.roll(x, [1, 2], [0]),
    lambda: tf.repeat(x, [1, 2], axis=0),
    lambda: tf.repeat(x, 2, axis=3),
    lambda: tf.repeat(x, [2, 1]),
    lambda: tf.meshgrid([1, 2], [1.0, 2.0]),
]:
    try:
        print(bad())
    except (tf.errors.InvalidArgumentError, ValueError) as e:
        print(type(e).__name__, e)
