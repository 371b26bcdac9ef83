# TensorFlow optimizes a tf.function's graph before running it (grappler),
# and two of its rewrites change how sums and products round: a tree of
# additions becomes one AddN per shape, its inputs in name order, and a
# chain of multiplications is regrouped smallest operand first. Eager code
# computes as written. Each line counts the elements where the function's
# result differs from an eager expression.
import tensorflow as tf

x = tf.sin(tf.range(1000, dtype=tf.float32))
y = tf.cos(tf.range(1000, dtype=tf.float32) * 0.37)
c = tf.constant(1.7)


def differ(a, b):
    return int(tf.reduce_sum(tf.cast(tf.not_equal(a, b), tf.int32)))


@tf.function
def product(x, y):
    return x * y * 1.7


@tf.function
def mixed_sum(x, y):
    return (x + y) + 1.7 + x


@tf.function
def nested_sum(a, b, c):
    return a + (b + c)


@tf.function
def shared_sum(x, y):
    s = x + y
    return s + x, s


print(differ(product(x, y), x * y * 1.7), differ(product(x, y), (1.7 * x) * y))
print(differ(mixed_sum(x, y), (x + y) + 1.7 + x),
      differ(mixed_sum(x, y), ((x + x) + y) + c))
one = tf.constant([1.0, 1.0])
tiny = tf.constant([2.0**-24, 2.0**-24])
print(nested_sum(one, tiny, tiny).numpy(), (one + (tiny + tiny)).numpy())
total, s = shared_sum(x, y)
print(differ(total, s + x))
