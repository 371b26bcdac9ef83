# tf.errors.OpError's attributes: error_code (tf.errors' constants), op and
# node_def (None for eager kernels), message.
import tensorflow as tf

print(tf.errors.INVALID_ARGUMENT, tf.errors.NOT_FOUND, tf.errors.RESOURCE_EXHAUSTED,
      tf.errors.FAILED_PRECONDITION, tf.errors.OUT_OF_RANGE,
      tf.errors.UNIMPLEMENTED, tf.errors.INTERNAL)
try:
    tf.reshape(tf.range(6), [4])
except tf.errors.OpError as e:
    print(type(e).__name__, e.error_code, e.op, e.node_def)
    print(e.error_code == tf.errors.INVALID_ARGUMENT)
    print(e.message)
