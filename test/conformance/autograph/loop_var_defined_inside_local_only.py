# A variable first assigned inside a staged loop body and used only inside it is a fine temporary.
import tensorflow as tf


@tf.function
def sum_of_cubes(n):
    total = tf.constant(0)
    for i in tf.range(1, n + 1):
        sq = i * i
        cube = sq * i
        total += cube
    return total


print(sum_of_cubes(tf.constant(3)))
print(sum_of_cubes(tf.constant(5)))
print("traces:", sum_of_cubes.experimental_get_tracing_count())
