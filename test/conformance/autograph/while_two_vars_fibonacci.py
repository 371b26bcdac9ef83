# A staged while loop carrying several variables updated together (Fibonacci).
import tensorflow as tf


@tf.function
def fib(n):
    a, b = tf.constant(0, tf.int64), tf.constant(1, tf.int64)
    i = tf.constant(0)
    while i < n:
        a, b = b, a + b
        i += 1
    return a


print([int(fib(tf.constant(k))) for k in range(10)])
print(fib(tf.constant(90)))
print("traces:", fib.experimental_get_tracing_count())
