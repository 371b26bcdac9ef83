# Indexing and slicing: ints, ranges, negative steps, tf.newaxis, ellipsis, in a Function.
import tensorflow as tf


@tf.function
def slices(x):
    return x[0], x[-1], x[:, 1], x[1:, ::2], x[::-1], x[..., 0], x[tf.newaxis, 0, :], x[0, 1]


for r in slices(tf.reshape(tf.range(12), [3, 4])):
    print(r)
v = tf.constant([10, 20, 30, 40, 50])
print(v[1:4])
print(v[-2:])
print(v[::2])
print(v[4:1:-1])
print(v[tf.constant(2)])
