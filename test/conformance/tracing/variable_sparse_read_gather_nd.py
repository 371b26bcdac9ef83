# Variable.sparse_read and Variable.gather_nd: rows or elements read from
# the variable (nodes Gather and GatherNd, gather_nd ending in an
# Identity), eagerly, in a function and under a tape.
import tensorflow as tf
v = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
print(v.sparse_read([2, 0]), v.gather_nd([[1, 1]]))
@tf.function
def f(i):
    a = v.sparse_read(i)
    b = v.sparse_read([1], name="rows")
    c = v.gather_nd([[0, 1], [2, 0]])
    print(a, b, c)
    return a, b, c
print(f(tf.constant([0, 2])))
with tf.GradientTape() as tape:
    y = tf.reduce_sum(v.sparse_read([0, 0]) * 2.0)
print(tf.convert_to_tensor(tape.gradient(y, v)))
