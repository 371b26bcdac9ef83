# A Python loop runs (unrolled) at trace time; a loop over tf.range is staged and traced once.
import tensorflow as tf


@tf.function
def python_loop(x):
    for i in range(3):
        print("python loop body, i =", i)
        x = x + i
    return x


@tf.function
def staged_loop(x, n):
    for i in tf.range(n):
        print("staged loop body traced")
        x = x + i
    return x


print(python_loop(tf.constant(0)))
print(python_loop(tf.constant(10)))
print(staged_loop(tf.constant(0), tf.constant(3)))
print(staged_loop(tf.constant(0), tf.constant(5)))
