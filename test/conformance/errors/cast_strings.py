# The Cast kernel has no conversions between strings and numbers: eagerly,
# TensorFlow's UnimplementedError names the two kernel types.
import tensorflow as tf
for f in (lambda: tf.cast(tf.constant("1"), tf.int32), lambda: tf.cast(tf.constant([1.5]), tf.string),
          lambda: tf.cast(tf.constant(["a"]), tf.string), lambda: tf.cast(tf.constant(True), tf.string)):
    try:
        print(f())
    except tf.errors.UnimplementedError as e:
        print(type(e).__name__, str(e))
