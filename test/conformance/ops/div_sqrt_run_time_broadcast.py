# x / tf.sqrt(v) (which grappler makes x * rsqrt(v)) and other fused
# patterns when broadcasting is decided at run time: the layer norm of a
# None batch failed to compile (the guarded division's expanded inputs
# leaked into the Sqrt's).
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32), tf.TensorSpec([None, 1], tf.float32)])
def h(x, v):
    return x / tf.sqrt(v)
print(h(tf.ones([2, 4]), tf.constant([[4.], [16.]])))
@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32), tf.TensorSpec([None, None], tf.float32)])
def g(x, v):
    return x / tf.sqrt(v)
print(g(tf.ones([2, 4]), tf.constant([[4.], [16.]])))
print(g(tf.ones([2, 1]), tf.constant([[4., 9.], [16., 25.]])))
print(g(tf.reshape(tf.range(1., 9.), [2, 4]), tf.constant([[4., 9., 1., 2.]])))
@tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32)])
def ln(x):
    mean, var = tf.nn.moments(x, axes=[-1], keepdims=True)
    return (x - mean) / tf.sqrt(var + 1e-5)
print(ln(tf.reshape(tf.range(8.), [2, 4]) ** 1.5))

@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32)] * 3)
def f(x, y, z):
    return x + y + z, x * y * z, (x + 1.) * y, 1. / (1. + tf.exp(-x)) * y, x / tf.sqrt(y) + z
a = tf.reshape(tf.range(1., 7.), [2, 3])
print(f(a, tf.constant([[2.], [3.]]), tf.constant([[1., 2., 4.]])))
print(f(tf.constant([[2.]]), a, tf.constant([[1., 2., 4.]])))
print(f(tf.constant([[2.], [5.]]), tf.constant([[1., 2., 4.]]), a))
