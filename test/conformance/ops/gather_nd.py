# tf.gather_nd: index vectors naming elements, rows and slices, eagerly
# and in a traced function whose shapes are known only at run time.
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 9.0]])
print(tf.gather_nd(x, [[0, 1], [2, 0]]))
print(tf.gather_nd(x, [[1], [0]]))
print(tf.gather_nd(x, [[[1, 1]], [[0, 0]]]))
print(tf.gather_nd(x, tf.constant([2, 1], tf.int64)))
print(tf.gather_nd(x, tf.zeros([0, 2], tf.int32)))
print(tf.gather_nd(x, tf.zeros([2, 0], tf.int32)))
cube = tf.reshape(tf.range(24), [2, 3, 4])
print(tf.gather_nd(cube, [[1, 2], [0, 0]]))
print(tf.gather_nd(cube, [[1, 2, 3]]))
print(tf.gather_nd(cube, tf.constant([[0, 1, 1]], tf.int16)))


@tf.function
def pick(params, indices):
    return tf.gather_nd(params, indices)


print(pick(x, tf.constant([[1, 0]])))
print(pick(cube, tf.constant([[[1, 0], [0, 2]]])))
spec = pick.get_concrete_function(
    tf.TensorSpec([None, 2]), tf.TensorSpec([None, 2], tf.int32))
print(spec(x, tf.constant([[2, 1], [0, 0], [1, 1]])))
print([n.op for n in spec.graph.as_graph_def().node])

# Strings run on the host, with the same op.
words = tf.constant([["a", "b"], ["c", "d"]])
print(tf.gather_nd(words, [[1, 0], [0, 1]]))
print(pick(words, tf.constant([[1]])))
