# tf.ones and tf.zeros of a size known only at run time: a scalar size is
# reshaped to a vector first, and the nodes are in array_ops' name scope.
import tensorflow as tf


@tf.function
def filled(n):
    a = tf.ones(n)
    b = tf.zeros(n, dtype=tf.int32)
    c = tf.ones([n, 2], dtype=tf.float64)
    print(a, b, c)
    return a, b, c


print(filled(tf.constant(3)))
print(filled(tf.constant(0)))


@tf.function
def vectors(n):
    return tf.ones(n), tf.zeros(n, dtype=tf.int32)


graph = vectors.get_concrete_function(tf.constant(2)).graph
print([node.name + ":" + node.op for node in graph.as_graph_def().node])
