# repr of eager tensors, seen by printing a list (and a tuple and dict) of tensors.
import tensorflow as tf

print([tf.constant(1)])
print([tf.constant(2.5), tf.constant(True)])
print([tf.constant("s")])
print([tf.constant([1, 2, 3])])
print([tf.constant([[1.0, 2.0], [3.0, 4.0]])])
print((tf.constant([1.5], dtype=tf.float64),))
print({"k": tf.constant([1, 2], dtype=tf.int64)})
print([tf.constant([[[1]], [[2]]], dtype=tf.uint8)])
print([tf.constant([True, False])])
print([tf.constant(["a", "b"])])
print([tf.zeros([0])])
print(repr(tf.constant(7, dtype=tf.int16)))
print([tf.constant(0.5, dtype=tf.float16), tf.constant(0.5, dtype=tf.bfloat16)])
