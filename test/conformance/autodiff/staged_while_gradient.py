# Gradients through staged while loops inside a tf.function: while
# statements on tensors, int counters beside float state, tf.while_loop,
# tf.scan and tf.map_fn, and a loop inside a branch.
import tensorflow as tf


@tf.function
def grow(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = x
        while tf.reduce_sum(y) < 100.0:
            y = y * 1.5 + x
    return y, t.gradient(y, x)


print(grow(tf.constant([1.0, 2.0])))


@tf.function
def counted(x):
    with tf.GradientTape() as t:
        t.watch(x)
        k = 0
        y = x
        while k < 3:
            y = y * x
            k += 1
    return t.gradient(y, x)


print(counted(tf.constant(2.0)))


@tf.function
def while_loop(x):
    with tf.GradientTape() as t:
        t.watch(x)
        i, y = tf.while_loop(lambda i, y: i < 3,
                             lambda i, y: (i + 1, y * x + 1.0), [0, x])
    return t.gradient(y, x)


print(while_loop(tf.constant(2.0)))


@tf.function
def scan(x):
    with tf.GradientTape() as t:
        t.watch(x)
        s = tf.reduce_sum(tf.scan(lambda a, e: a * e, x))
    return t.gradient(s, x)


print(scan(tf.constant([1.0, 2.0, 3.0])))


@tf.function
def map_fn(x):
    with tf.GradientTape() as t:
        t.watch(x)
        s = tf.reduce_sum(tf.map_fn(lambda r: r * r, x))
    return t.gradient(s, x)


print(map_fn(tf.constant([1.0, 2.0, 3.0])))


@tf.function
def loop_in_branch(x):
    with tf.GradientTape() as t:
        t.watch(x)
        if x > 0:
            y = x
            for i in tf.range(3):
                y = y * x
        else:
            y = x + 1.0
    return t.gradient(y, x)


print(loop_in_branch(tf.constant(2.0)), loop_in_branch(tf.constant(-2.0)))
