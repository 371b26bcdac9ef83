# continue inside a staged for loop skips the rest of the body for multiples of 3.
import tensorflow as tf


@tf.function
def sum_non_multiples_of_3(n):
    total = tf.constant(0)
    skipped = tf.constant(0)
    for i in tf.range(n):
        if i % 3 == 0:
            skipped += 1
            continue
        total += i
    return total, skipped


print(sum_non_multiples_of_3(tf.constant(10)))
print(sum_non_multiples_of_3(tf.constant(1)))
print("traces:", sum_non_multiples_of_3.experimental_get_tracing_count())
