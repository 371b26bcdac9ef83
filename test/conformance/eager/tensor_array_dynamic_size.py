# An eager TensorArray with dynamic_size=True grows on each write past its
# end, as a Python loop building results one at a time uses it.
import tensorflow as tf

ta = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
ta = ta.write(0, 5)
print(ta.stack())
rows = tf.TensorArray(tf.float32, size=1, dynamic_size=True)
for i in range(5):
    rows = rows.write(i, tf.constant([1.0, 2.0]) * i)
print(rows.size(), rows.stack())
print(rows.read(3))
