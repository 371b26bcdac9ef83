# Eager elementwise arithmetic with broadcasting between shapes.
import tensorflow as tf

a = tf.constant([1.0, 2.0, 3.0])
b = tf.constant([[10.0], [20.0]])
print(a + b)
print(a - b)
print(a * b)
print(b / a)
print(a + 1.0)
print(2.0 * a)
m = tf.constant([[1, 2, 3], [4, 5, 6]])
print(m + tf.constant([100, 200, 300]))
print(m * tf.constant([[2], [3]]))
print(m - 1)
print(10 - m)
s = tf.constant(5)
print(s + m)
print((a + b).shape)
