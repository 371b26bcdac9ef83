# Passing a Python int retraces per value; passing a tensor reuses one trace.
import tensorflow as tf


@tf.function
def count_up(n):
    print("tracing count_up with n =", n)
    total = tf.constant(0)
    for i in tf.range(n):
        total += i
    return total


print(count_up(3))
print(count_up(4))
print(count_up(tf.constant(3)))
print(count_up(tf.constant(4)))
print(count_up(tf.constant(5)))
print("traces:", count_up.experimental_get_tracing_count())
