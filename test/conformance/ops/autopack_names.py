# Lists holding tensors are autopacked as TensorFlow names them: "packed"
# (elements from Python values "packed/<i>"), or the op's argument in its
# name scope ("Reshape/shape", "zeros/packed").
import tensorflow as tf
@tf.function
def f(x, n):
    a = tf.reshape(x, [n, -1])
    b = tf.convert_to_tensor([x[0], x[1]])
    c = tf.zeros([n, 2])
    d = tf.stack([x, x])
    e = tf.constant(1.0) + x
    s = tf.constant("a") + tf.constant("b")
    j = tf.strings.join([tf.constant("a"), tf.constant("b")])
    print(a, b, c, d, s, j)
    return a
f(tf.ones([4]), tf.constant(2))
print([n.name for n in f.get_concrete_function(tf.ones([4]), tf.constant(2)).graph.as_graph_def().node])
