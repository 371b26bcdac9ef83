# tf.print in eager code: formats of tensors and Python values (goes to stderr).
import tensorflow as tf

print("stdout before")
tf.print("first:", tf.constant(1.5), tf.constant([1, 2, 3]), tf.constant(True), tf.constant("str"), 7, 2.5, "plain")
tf.print(tf.constant([[1.0, 2.5], [3.0, 4.0]]))
tf.print(tf.range(20))
print("stdout after")
tf.print("last:", tf.constant([0.1, 1e10, 1.0 / 3.0]), tf.constant([True, False]), tf.constant(["a", "b"]), [1, 2], sep="|")
