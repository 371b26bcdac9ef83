# tf.nn.space_to_depth and depth_to_space: values, gradients, dimensions
# known only at run time and the kernels' checks on them.
import tensorflow as tf

x = tf.reshape(tf.range(32, dtype=tf.float32), [1, 4, 4, 2])
with tf.GradientTape() as t:
    t.watch(x)
    y = tf.nn.space_to_depth(x, 2)
    s = tf.reduce_sum(y * tf.reshape(tf.range(32.0), [1, 2, 2, 8]))
print(t.gradient(s, x))

@tf.function
def f(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.nn.depth_to_space(x, 2)
        s = tf.reduce_sum(y * tf.reshape(tf.range(32.0), [1, 4, 4, 2]))
    return y, t.gradient(s, x)

print(f(tf.reshape(tf.range(32, dtype=tf.float32), [1, 2, 2, 8])))

@tf.function(input_signature=[tf.TensorSpec([None, None, None, 2], tf.int32)])
def g(x):
    return tf.nn.space_to_depth(x, 2)

print(g(tf.reshape(tf.range(32), [2, 2, 4, 2])))
try:
    g(tf.ones([1, 3, 2, 2], tf.int32))
except tf.errors.InvalidArgumentError as e:
    print("error:", e.message.splitlines()[-2])

@tf.function(input_signature=[tf.TensorSpec([None, 1, 2, None], tf.int8)])
def h(x):
    return tf.nn.depth_to_space(x, 2)

print(h(tf.cast(tf.reshape(tf.range(16), [2, 1, 2, 4]), tf.int8)))
try:
    h(tf.ones([1, 1, 2, 6], tf.int8))
except tf.errors.InvalidArgumentError as e:
    print("error:", e.message.splitlines()[-2])
print(tf.nn.space_to_depth(tf.constant([[[[True], [False]], [[False], [True]]]]), 2))
print(tf.nn.depth_to_space(tf.ones([1, 1, 1, 9], tf.float16), 3, name="d2s"))
