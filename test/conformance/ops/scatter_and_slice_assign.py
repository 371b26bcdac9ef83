# Writing at positions: tensor_scatter_nd_update/add (repeated positions
# add in order), scatter_nd, Variable.scatter_nd_update, assignment to a
# variable's slice (eagerly and in a tf.function), and the kernels' errors.
import tensorflow as tf
v = tf.Variable([1.0, 2.0, 3.0, 4.0])
r = v[1].assign(10.0)
print(type(r).__name__, v.numpy())
v[1:3].assign([7.0, 8.0])
print(v.numpy())
m = tf.Variable(tf.zeros([2, 3]))
m[0, :].assign([1.0, 2.0, 3.0])
m[:, 2].assign(tf.constant([9.0, 9.0]))
print(m.numpy())
t = tf.constant([[1, 2], [3, 4], [5, 6]])
print(tf.tensor_scatter_nd_update(t, [[0], [2]], [[9, 9], [8, 8]]))
print(tf.tensor_scatter_nd_update(t, [[0, 1], [2, 0]], [-1, -2]))
print(tf.tensor_scatter_nd_add(t, [[0, 1], [0, 1]], [10, 20]))
print(tf.scatter_nd([[1], [3], [1]], [5.0, 6.0, 7.0], [5]))
v.scatter_nd_update([[0], [3]], [0.5, 0.25])
print(v.numpy())
@tf.function
def f(x):
    m[1, 1].assign(x)
    return tf.tensor_scatter_nd_update(x * tf.ones([3]), [[1]], [x + 1])
print(f(tf.constant(4.0)), m.numpy())
t = tf.constant([[1, 2], [3, 4], [5, 6]])
for f in [lambda: tf.tensor_scatter_nd_update(t, [[0], [5]], [[9, 9], [8, 8]]),
          lambda: tf.tensor_scatter_nd_update(t, [[0], [1]], [[9, 9, 9], [8, 8, 8]]),
          lambda: tf.scatter_nd([[7]], [1.0], [5])]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
