# tf.gather with indices known at run time, of any rank and along any axis; an index out of range is TensorFlow's run-time error.
import tensorflow as tf

@tf.function
def f(x, idx):
    return tf.gather(x, idx), tf.gather(x, idx, axis=1)

x = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]])
a, b = f(x, tf.constant([2, 0]))
print(a)
print(b)
print(f(x, tf.constant([[0, 1], [2, 2]])))
print(f(x, tf.constant(1)))
print(tf.gather(x, tf.constant([[1], [0]])))
print(tf.gather(tf.constant([1, 2, 3]), tf.constant([[0, 2], [1, 1]], tf.int64)))
try:
    f(x, tf.constant([0, 5]))
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError", [l for l in e.message.splitlines() if "is not in" in l][0])
for n in f.get_concrete_function(x, tf.constant([2, 0])).graph.as_graph_def().node:
    print(n.name, n.op, list(n.input))
