# tensor_scatter_nd_update/add/max inside tf.function with indices known
# at run time only (loop counters, arguments): updates applied in order,
# repeated indices combined as the kernels combine them, and an error for
# an index outside the shape.
import tensorflow as tf

@tf.function
def add_rows(t, i, j):
    a = tf.tensor_scatter_nd_add(t, [[i], [j], [i]], tf.ones([3, 2]) * tf.constant([[1.5], [2.0], [0.25]]))
    b = tf.tensor_scatter_nd_update(t, tf.stack([[i, 0], [j, 1]]), [7.0, 8.0])
    c = tf.tensor_scatter_nd_max(t, [[j]], [[10.0, -10.0]])
    return a, b, c

print(add_rows(tf.reshape(tf.range(6.0), [3, 2]), tf.constant(2), tf.constant(0)))
try:
    add_rows(tf.reshape(tf.range(6.0), [3, 2]), tf.constant(3), tf.constant(0))
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError")

@tf.function
def fill(n):
    out = tf.zeros([5], tf.int32)
    for i in tf.range(n):
        out = tf.tensor_scatter_nd_update(out, tf.reshape(i, [1, 1]), tf.reshape(i * i, [1]))
    return out

print(fill(tf.constant(4)))
