# dtype inference of tf.constant from Python values, and the dtype= argument.
import tensorflow as tf

print(tf.constant(1).dtype)
print(tf.constant(1.0).dtype)
print(tf.constant(True).dtype)
print(tf.constant("s").dtype)
print(tf.constant(b"s").dtype)
print(tf.constant([1, 2]).dtype)
print(tf.constant([1, 2.5]).dtype)
print(tf.constant([1, 2.5]))
print(tf.constant([[1], [2]]).dtype)
print(tf.constant([], dtype=tf.int32))
print(tf.constant([]).dtype)
print(tf.constant(3, dtype=tf.float64).dtype)
print(tf.convert_to_tensor(4).dtype)
print(tf.convert_to_tensor([0.5, 1.5]))
print(tf.convert_to_tensor(tf.constant(2)))
