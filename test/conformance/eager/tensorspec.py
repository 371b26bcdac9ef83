# tf.TensorSpec: printing, repr, shape and dtype, None dims, names, from_tensor.
import tensorflow as tf

s = tf.TensorSpec([None, 3], tf.float32)
print(s)
print([s])
print(s.shape, s.dtype, s.name)
print(tf.TensorSpec(shape=[], dtype=tf.int32))
print(tf.TensorSpec([2, 2], tf.string, name="x"))
print(tf.TensorSpec(None, tf.float64))
print(tf.TensorSpec([None], tf.bool).shape)
print(tf.TensorSpec.from_tensor(tf.constant([[1, 2]])))
print(tf.TensorSpec([1, 2], tf.int32) == tf.TensorSpec([1, 2], tf.int32))
print(tf.TensorSpec([None], tf.int32).is_compatible_with(tf.constant([1, 2, 3])))
print(tf.TensorSpec([2], tf.int32).is_compatible_with(tf.constant([1, 2, 3])))
print(tf.TensorSpec([], tf.float16))
