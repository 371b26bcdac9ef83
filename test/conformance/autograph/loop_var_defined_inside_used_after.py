# A variable first assigned inside a staged loop and used after it holds the last iteration's value.
import tensorflow as tf


@tf.function
def last_square(n):
    for i in tf.range(n):
        sq = i * i
    return sq


print(last_square(tf.constant(4)))
print(last_square(tf.constant(7)))
print("traces:", last_square.experimental_get_tracing_count())
