# break inside a staged for loop stops at the first element above a threshold.
import tensorflow as tf


@tf.function
def first_above(v, threshold):
    index = tf.constant(-1)
    for i in tf.range(tf.size(v)):
        if v[i] > threshold:
            index = i
            break
    return index


data = tf.constant([3, 8, 1, 9, 12])
print(first_above(data, tf.constant(5)))
print(first_above(data, tf.constant(10)))
print(first_above(data, tf.constant(20)))
print("traces:", first_above.experimental_get_tracing_count())
