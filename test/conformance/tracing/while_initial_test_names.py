# AutoGraph evaluates a while loop's test once before choosing a Python or
# a staged loop, in a graph of its own: the nodes of that first test take
# no names in the function's graph.
import tensorflow as tf


@tf.function
def f(x):
    i = 0
    while i < x:
        i += 1
    print(tf.less(x, 0))
    print(tf.greater(x, 0))
    return i


@tf.function
def g(x, k):
    while x > k:
        x -= 1
    print(tf.greater(x, k), x - k)
    return x


@tf.function
def h(x):
    n = 0
    while n < 3:  # a Python loop: its tests are the function's own
        x = x + 1
        n += 1
    print(x, tf.less(x, 0))
    return x


print(f(tf.constant(2)), g(tf.constant(5), tf.constant(2)), h(tf.constant(1)))
