# break in a nested staged loop leaves only the inner loop; the outer loop keeps going.
import tensorflow as tf


@tf.function
def count_pairs_below(n, limit):
    pairs = tf.constant(0)
    for i in tf.range(n):
        for j in tf.range(n):
            if i * j >= limit:
                break
            pairs += 1
    return pairs


print(count_pairs_below(tf.constant(4), tf.constant(3)))
print(count_pairs_below(tf.constant(3), tf.constant(100)))
print("traces:", count_pairs_below.experimental_get_tracing_count())
