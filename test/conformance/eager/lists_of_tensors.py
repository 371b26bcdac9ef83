# Python lists holding eager tensors, NumPy scalars or mixed numbers become
# tensors as TensorFlow packs them (a training loop's list of losses), and
# Python floats never convert to an integer dtype.
import numpy as np
import tensorflow as tf

losses = [tf.constant(1.0), tf.constant(2.0), tf.constant(4.5)]
print(tf.reduce_mean(losses))
print(tf.reduce_max([tf.constant(1.0), 3.0]))
print(tf.convert_to_tensor([tf.constant([1, 2]), tf.constant([3, 4])]))
print(tf.constant([np.float32(1.5), np.float32(2)]))
print(tf.constant([np.int32(3), 4]))
print(tf.stack([1, 2.5]), tf.stack([1, 2]))
for value, dtype in [([1.0, 2.0], tf.int64), (2.0, tf.int32), ([1, 2.0], tf.int32)]:
    try:
        tf.constant(value, dtype)
    except TypeError as e:
        print("TypeError:", e)


@tf.function
def total(a, b):
    return tf.reduce_sum([a, b, 1.0])


print(total(tf.constant(1.0), tf.constant(2.0)))
