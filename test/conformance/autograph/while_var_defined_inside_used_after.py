# A variable first assigned inside a staged while loop and used after it holds the last value.
import tensorflow as tf


@tf.function
def last_multiple(n):
    i = 0
    while i < n:
        y = i * 3
        i += 1
    return y


print(last_multiple(tf.constant(3)))
print(last_multiple(tf.constant(1)))
try:
    print(last_multiple(tf.constant(0)))
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError:", [l for l in e.message.splitlines() if "assertion failed" in l][0])
print("traces:", last_multiple.experimental_get_tracing_count())
