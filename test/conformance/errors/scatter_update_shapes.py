# Scatter kernels take updates of exactly the indices' outer shape followed
# by the output's inner one (no broadcasting), each kernel with its own
# message; ScatterNd refuses a negative dimension.
import tensorflow as tf

calls = [
    lambda: tf.scatter_nd([[0]], [1.0], [-1]),
    lambda: tf.scatter_nd([[0]], [1.0], [2, 3]),
    lambda: tf.scatter_nd(tf.constant([[0]]), tf.constant([1.0]),
                          tf.constant([2, 3])),
    lambda: tf.scatter_nd([[0], [1]], [[1.0, 2.0, 3.0]], [2, 3]),
    lambda: tf.tensor_scatter_nd_update(tf.zeros([2, 3]), [[0]], [1.0]),
    lambda: tf.tensor_scatter_nd_update(tf.zeros([2, 3]), [[0], [1]],
                                        [[1.0, 2.0, 3.0]]),
    lambda: tf.tensor_scatter_nd_add(tf.zeros([2, 3]), [[0]], [[1.0, 2.0]]),
    lambda: tf.math.confusion_matrix([], []),
    lambda: tf.scatter_nd([[1], [0]], [[1.0, 2.0], [3.0, 4.0]], [3, 2]),
]
for call in calls:
    try:
        print(call())
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, str(e))
