# isinstance(x, tf.Tensor) holds for eager and symbolic tensors, not for
# variables or Python values; type() names their classes.
import tensorflow as tf
t = tf.constant([1.0])
print(isinstance(t, tf.Tensor), isinstance(1.0, tf.Tensor), isinstance([t], tf.Tensor))
print(tf.Tensor, type(t))
@tf.function
def f(x, n):
    print(isinstance(x, tf.Tensor), isinstance(n, tf.Tensor), type(x))
    return x * 2 if isinstance(x, tf.Tensor) else x
print(f(t, 3))
v = tf.Variable(1.0)
print(isinstance(v, tf.Tensor))
