# tf.TensorShape and tf.TensorSpec are the classes of the values they make:
# isinstance and type() == work on them.
import tensorflow as tf

x = tf.zeros([2, 3])
spec = tf.TensorSpec([1], tf.float32)
print(type(x.shape) == tf.TensorShape, type(x.shape) != tf.TensorShape)
print(isinstance(x.shape, tf.TensorShape), isinstance(spec, tf.TensorSpec))
print(isinstance(spec, tf.TensorShape), isinstance(x, tf.TensorSpec))
print(type(spec) == tf.TensorSpec, type(x) == tf.TensorSpec)
print(tf.TensorShape([2, None]), tf.TensorSpec.from_tensor(x))


@tf.function
def f(t):
    return isinstance(t.shape, tf.TensorShape)


print(f(x))
