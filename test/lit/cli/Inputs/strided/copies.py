# Outputs whose compiled code copies between strided buffers (memref.copy
# lowered to a call of MLIR's memrefCopy).
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def ident(x):
    return x, x, tf.identity(x), tf.transpose(x), x[:, 1], tf.reshape(x, [-1])

@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def consts(x):
    c = tf.constant([1.0, 2.0, 3.0])
    return c, c, tf.zeros([0, 3]), tf.shape(x)
