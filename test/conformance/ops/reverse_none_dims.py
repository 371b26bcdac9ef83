# x[::-1] along a dimension known at run time only (a reverse after the
# slice), alone and beside other indexing, and on empty tensors.
import tensorflow as tf
@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32), tf.TensorSpec([None], tf.int32)])
def f(x, s):
    return x[::-1], x[::-1, 0], x[::-1, ::-1], s[::-1], x[1:, ::-1][::-1]
print(f(tf.reshape(tf.range(12.0), [4, 3]), tf.constant([1, 2, 3])))
print(f(tf.zeros([0, 3]), tf.constant([], tf.int32)))
