# tf.linalg.solve and slogdet over a batch known only at run time (a
# TensorSpec's None): each matrix solved as TensorFlow's kernel solves it,
# and batches that differ between the arguments are the kernel's error.
import tensorflow as tf
@tf.function(input_signature=[tf.TensorSpec([None, 2, 2], tf.float32), tf.TensorSpec([None, 2, 1], tf.float32)])
def solve(m, r):
    return tf.linalg.solve(m, r), tf.linalg.slogdet(m)
print(solve(tf.constant([[[2.0, 1.0], [1.0, 3.0]], [[1.0, 2.0], [3.0, 4.0]]]), tf.ones([2, 2, 1])))
try:
    solve(tf.eye(2, batch_shape=[2]), tf.ones([3, 2, 1]))
except tf.errors.InvalidArgumentError as e:
    print(str(e).splitlines()[-2])
