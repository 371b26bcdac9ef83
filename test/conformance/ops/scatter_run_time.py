# Scatters whose indices (and sizes) are known only at run time: one
# kernel each, applying the updates in order, so repeated indices take the
# last update or add in order, as TensorFlow's CPU kernels do.
import tensorflow as tf

spec = [tf.TensorSpec([None, 3]), tf.TensorSpec([None, 1], tf.int32),
        tf.TensorSpec([None, 3])]


@tf.function(input_signature=spec)
def scatter_all(x, idx, u):
    return (tf.tensor_scatter_nd_update(x, idx, u),
            tf.tensor_scatter_nd_add(x, idx, u),
            tf.tensor_scatter_nd_sub(x, idx, u),
            tf.tensor_scatter_nd_max(x, idx, u),
            tf.tensor_scatter_nd_min(x, idx, u))


x = tf.reshape(tf.range(12.0), [4, 3])
idx = tf.constant([[2], [0], [2], [2]])
u = tf.constant([[1e8, -1.0, 0.5], [7.0, 8.0, 9.0], [1.0, 1e-8, 0.25],
                 [-1e8, 2.0, float("nan")]])
for t in scatter_all(x, idx, u):
    print(t)


@tf.function
def histogram(values, bins):
    ones = tf.ones_like(values, tf.float32)
    return tf.scatter_nd(tf.expand_dims(values, 1), ones, [bins])


print(histogram(tf.constant([1, 3, 3, 0, 3]), 5))


@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.int64),
                              tf.TensorSpec([None], tf.float32),
                              tf.TensorSpec([2], tf.int64)])
def dense_from_sparse(indices, values, shape):
    return tf.scatter_nd(indices, values, shape)


d = dense_from_sparse(tf.constant([[0, 1], [2, 0], [0, 1]], tf.int64),
                      tf.constant([0.1, 0.2, 0.7]),
                      tf.constant([3, 2], tf.int64))
print(d)


@tf.function
def confusion(y, p):
    return tf.math.confusion_matrix(y, p)


print(confusion(tf.constant([0, 2, 1, 2]), tf.constant([0, 1, 1, 2])))


@tf.function(input_signature=spec)
def grads(x, idx, u):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([x, u])
        a = tf.tensor_scatter_nd_update(x, idx, u)
        b = tf.tensor_scatter_nd_sub(x * 2.0, idx, u * u)
        c = tf.gather_nd(x, idx)
    return (tape.gradient(a, [x, u]), tape.gradient(b, [x, u]),
            tf.convert_to_tensor(tape.gradient(c, x)))


idx2 = tf.constant([[3], [1]])
u2 = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print(grads(x, idx2, u2))

try:
    scatter_all(x, tf.constant([[1], [4]]), u2)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, str(e).splitlines()[0])
