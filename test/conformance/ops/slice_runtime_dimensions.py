# Indexing and slicing dimensions known only at run time: Python's bounds computed from the size, TensorFlow's error for an index out of range.
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec([None, None], tf.int32)])
def f(x):
    return (x[:, 0], x[:, -1], x[1:], x[:-1, ::2], x[-2:, 1:5], x[5:], x[:, 1:1],
            x[..., 0], x[0, 1:], x[::3])

x = tf.reshape(tf.range(12), [3, 4])
for t in f(x):
    print(t)

@tf.function(input_signature=[tf.TensorSpec([None, None, None], tf.float32)])
def g(x):
    return x[:, 1, :], x[1:, :, -1]

for t in g(tf.reshape(tf.range(24.0), [2, 3, 4])):
    print(t)

@tf.function(input_signature=[tf.TensorSpec([None, None], tf.int32)])
def h(x):
    return x[:, 4]

try:
    h(x)
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError", [l for l in e.message.splitlines() if "out of bounds" in l][0])
print(h(tf.reshape(tf.range(10), [2, 5])))
