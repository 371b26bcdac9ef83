# What follows a tf.py_function in a tf.function gets the shapes the
# Python function returns, call by call; set_shape gives them back to the
# trace; a cond or loop around the call takes them as TensorFlow does.
import numpy as np
import tensorflow as tf


@tf.function
def doubled_length(x):
    y = tf.py_function(lambda a: tf.concat([a, a], 0), [x], tf.float32)
    return tf.reduce_mean(y) + tf.cast(tf.size(y), tf.float32), y * 2.0


print(doubled_length(tf.constant([1.0, 2.0])))
print(doubled_length(tf.constant([[1.0], [5.0]])))


@tf.function
def sorted_desc(x):
    y = tf.numpy_function(lambda a: np.sort(a)[::-1].copy(), [x], tf.float32)
    y.set_shape(x.shape)
    print("after set_shape:", y.shape)
    return tf.reduce_sum(y * x), tf.reshape(y, [2, 2])


print(sorted_desc(tf.constant([3.0, 1.0, 4.0, 2.0])))

calls = []


def step_value(i):
    calls.append(int(i))
    return i + 1


@tf.function
def loop(n):
    total = tf.constant(0)
    for i in tf.range(n):
        step = tf.py_function(step_value, [i], tf.int32)
        step.set_shape([])
        total += step
    return total


print(loop(tf.constant(4)))
print(calls)


@tf.function
def branch(x):
    if x > 0:
        y = tf.py_function(lambda a: a * 100, [x], tf.int32)
    else:
        y = -x
    print("cond output shape:", y.shape)
    return y


print(branch(tf.constant(3)), branch(tf.constant(-3)))


@tf.function
def shout(s):
    return tf.py_function(lambda t: tf.strings.upper(t), [s], tf.string)


print(shout(tf.constant("hello")))
