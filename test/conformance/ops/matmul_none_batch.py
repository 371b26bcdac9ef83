# Batched matmul with batch dimensions known at run time only: TensorFlow's
# broadcasting of batch sizes 1, its error for sizes that clash, and a
# None batch against a matrix without batch dimensions.
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec([None, 2, 3], tf.float32),
                              tf.TensorSpec([None, 3, 4], tf.float32)])
def bmm(a, b):
    return tf.matmul(a, b)

a = tf.reshape(tf.range(18.0), [3, 2, 3])
b = tf.reshape(tf.range(36.0), [3, 3, 4]) / 7.0
print(bmm(a, b))
print(bmm(a[:1], b))
print(bmm(a, b[:1]))
try:
    bmm(a, b[:2])
except tf.errors.InvalidArgumentError as e:
    print(str(e).split("[Op:")[0].split("\n")[-2])

@tf.function(input_signature=[tf.TensorSpec([None, 2, 3], tf.float32)])
def dense(x):
    return x @ tf.reshape(tf.range(12.0), [3, 4]), tf.matmul(tf.ones([4, 2]), x)

print(dense(a))

@tf.function(input_signature=[tf.TensorSpec([None, None, 3], tf.float32),
                              tf.TensorSpec([None, 3, None], tf.float32)])
def both(x, y):
    return tf.matmul(x, y), tf.matmul(x, y, transpose_a=False)

print(both(tf.ones([1, 2, 3]), tf.ones([3, 3, 1])))
