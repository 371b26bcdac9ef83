# tf.slice with begin and size known only when the function runs: size -1
# takes the rest of the dimension, and bounds outside it fail as the
# Slice kernel fails them, naming the Slice node.
import tensorflow as tf


@tf.function
def f(x, b, s):
    return tf.slice(x, [b], [s])


x = tf.range(10)
print(f(x, tf.constant(2), tf.constant(3)))
print(f(x, tf.constant(2), tf.constant(-1)))
print(f(x, tf.constant(10), tf.constant(0)))
for b, s in [(8, 5), (-1, 2), (11, -1), (3, -2), (100000000, 3)]:
    try:
        print(f(x, tf.constant(b), tf.constant(s)))
    except tf.errors.InvalidArgumentError as e:
        lines = str(e).splitlines()
        print(type(e).__name__, lines[-2], lines[-1].split(" [Op:")[0])


@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32),
                              tf.TensorSpec([], tf.int64)])
def rows(m, start):
    return tf.slice(m, [start, 1], [2, -1])


m = tf.reshape(tf.range(12, dtype=tf.float32), [4, 3])
print(rows(m, tf.constant(1, tf.int64)))
try:
    rows(m, tf.constant(3, tf.int64))
except tf.errors.InvalidArgumentError as e:
    lines = str(e).splitlines()
    print(lines[-2], lines[-1].split(" [Op:")[0])
