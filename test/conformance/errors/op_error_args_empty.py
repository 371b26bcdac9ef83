# TensorFlow's OpError passes nothing to Exception.__init__: args is ()
# and str() is the message.
import tensorflow as tf

try:
    tf.reshape(tf.range(3), (2, 2))
except tf.errors.InvalidArgumentError as e:
    print(e.args, type(e).__name__)
try:
    tf.constant([1, 2])[5]
except tf.errors.InvalidArgumentError as e:
    print(e.args, str(e).startswith("{{function_node"), e.message == str(e))
