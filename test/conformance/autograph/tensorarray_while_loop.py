# Accumulating a Collatz sequence into a dynamic TensorArray in a staged while loop.
import tensorflow as tf


@tf.function
def collatz_sequence(n):
    ta = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
    i = 0
    ta = ta.write(i, n)
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        i += 1
        ta = ta.write(i, n)
    return ta.stack()


print(collatz_sequence(tf.constant(6)))
print(collatz_sequence(tf.constant(1)))
print(collatz_sequence(tf.constant(12)))
print("traces:", collatz_sequence.experimental_get_tracing_count())
