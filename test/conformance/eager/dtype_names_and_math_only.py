# tf.DType compares equal to its name (as tf.as_dtype reads it), and
# reduce_std and reduce_variance live in tf.math only.
import tensorflow as tf
print(tf.float32 == "float32", tf.int32 == "int32", tf.float32 != "float32", tf.float64 == "double", tf.float32 == "int32")
print(tf.math.reduce_std(tf.constant([1.0, 2.0, 3.0, 4.0])), tf.math.reduce_variance(tf.constant([1.0, 2.0])))
try:
    tf.reduce_std(tf.constant([1.0]))
except AttributeError as e:
    print("AttributeError", str(e).split("'")[3])
