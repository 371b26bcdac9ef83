# Unit dimensions added or dropped around several dimensions known only at run time; tf.shape/tf.size out_type; argmax over an empty run-time axis.
import tensorflow as tf
@tf.function(input_signature=[tf.TensorSpec([None, None, 4], tf.float32)])
def f(x):
    return x[:, :, 1], x[..., -1], tf.expand_dims(x[:, :, 0], -1), tf.squeeze(x[:, :, 1:2], axis=-1)
for t in f(tf.reshape(tf.range(24.0), [2, 3, 4])):
    print(t)
@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32)])
def g(x):
    return tf.expand_dims(x, -1), tf.expand_dims(x, 0)
for t in g(tf.ones([2, 3])):
    print(t.shape)
for t in g(tf.ones([1, 3])):
    print(t.shape)
@tf.function
def f(x):
    return tf.size(x, out_type=tf.int64), tf.shape(x, out_type=tf.int64)
print(f(tf.ones([3])))
@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
def g(x):
    return tf.size(x, out_type=tf.int64), tf.shape(x, out_type=tf.int64), tf.shape(x)
print(g(tf.ones([3, 2])))
@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def f(x):
    return tf.argmax(x)
print(f(tf.constant([1.0, 3.0, 2.0])))
try:
    f(tf.constant([], tf.float32))
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError", [l for l in e.message.splitlines() if "empty" in l][0])
