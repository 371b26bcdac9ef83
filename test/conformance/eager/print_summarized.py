# Printing large tensors: NumPy-style summarization with '...' above 1000 elements.
import tensorflow as tf

print(tf.range(1000))
print(tf.range(1001))
print(tf.reshape(tf.range(2000), [40, 50]))
print(tf.zeros([3, 400]))
print(tf.range(1001).numpy())
print([tf.range(2000, dtype=tf.float32)])
