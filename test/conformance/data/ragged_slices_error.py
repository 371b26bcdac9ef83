# from_tensor_slices of a ragged Python list: ValueError.
import tensorflow as tf

print("start")
ds = tf.data.Dataset.from_tensor_slices([[1, 2], [3]])
print("not reached")
