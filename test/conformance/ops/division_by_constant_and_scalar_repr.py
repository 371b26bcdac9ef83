# Inside a tf.function a float division by a constant is a multiplication by its reciprocal (TensorFlow's graph optimizer); softmax multiplies by the sum's reciprocal; float scalars repr as Python floats.
import tensorflow as tf
@tf.function
def f(x):
    return x / 7.0, x / tf.constant([3.0, 7.0]), tf.constant(3.0) / 7.0, tf.cast(x, tf.float64) / 3.0
print(f(tf.constant([3.0, 2.5])))
print(tf.constant([3.0, 2.5]) / 7.0)
print(tf.nn.softmax(tf.constant([1.0, 2.0, 3.0])))
print(tf.nn.softmax(tf.constant([[1.0, 2.0, 3.0], [1.0, -1.0, -2.0]]), axis=0))
@tf.function
def g(x):
    return tf.nn.softmax(x)
print(g(tf.constant([1.0, 2.0, 3.0])))
print(repr(tf.constant(0.1)), repr(tf.constant(0.1, tf.float64)), repr(tf.constant(0.1, tf.float16)), repr(tf.constant(1e-8)), repr(tf.constant(3)), repr(tf.constant(True)), repr(tf.constant(float("nan"))), repr(tf.constant(1e20)), repr(tf.constant(123456789.0)))
print([tf.constant(0.1)])
