# tf.Variables read and written by tf.functions: each call sees the value
# the previous one left.
import sys

import tensorflow as tf

w = tf.Variable([[1.0, 2.0], [3.0, 4.0]], name="w")
b = tf.Variable(0.5, name="b")
steps = tf.Variable(0, dtype=tf.int64, trainable=False)


@tf.function
def layer(x):
    return tf.matmul(x, w) + b


@tf.function
def train(x):
    print("tracing train", w, b)
    y = layer(x)
    w.assign_sub(0.1 * tf.ones_like(w))
    b.assign_add(1.0)
    steps.assign_add(1)
    tf.print("step", steps, b, output_stream=sys.stdout)
    return tf.reduce_sum(y)


x = tf.constant([[1.0, 1.0]])
for i in range(3):
    print(train(x).numpy(), steps.numpy())
print(w.numpy())
print(b.numpy())


@tf.function
def read_in_loop(n):
    total = tf.constant(0.0)
    for i in tf.range(n):
        total += b * tf.cast(i, tf.float32)
    return total


print(read_in_loop(tf.constant(4)))

v = tf.Variable(1.0)


@tf.function
def inner(x):
    v.assign(v * x)
    return v.read_value()


@tf.function
def outer(x):
    # Reads see the writes before them, also across function calls.
    a = inner(x)
    v.assign_add(1.0)
    c = inner(x)
    return a, c, v.read_value(), v


print(outer(tf.constant(2.0)))
print(v.numpy())


@tf.function
def scale(var, k):
    return var * k


print(scale(w, 2.0))
print(scale(b, 3.0))
print(scale(b, 3.0))


@tf.function
def swap():
    old = v.read_value()
    v.assign(10.0)
    print(v.assign_add(1.0))
    return old, v + 0.0


print(swap())
print(v)
