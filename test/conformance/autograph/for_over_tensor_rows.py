# for row in a 2-D tensor iterates its first dimension; each row is a 1-D tensor.
import tensorflow as tf


@tf.function
def row_maxima_sum(m):
    total = tf.constant(0.0)
    for row in m:
        print("trace: row static shape", row.shape)
        total += tf.reduce_max(row)
    return total


print(row_maxima_sum(tf.constant([[1.0, 5.0, 2.0], [7.0, -1.0, 0.0]])))
print(row_maxima_sum(tf.constant([[3.0, 4.0, 4.5], [0.5, 0.25, 0.0], [-2.0, -3.0, -1.0]])))
print(row_maxima_sum(tf.constant([[0.0, 0.5, 0.25], [1.0, 2.0, 3.0]])))
print("traces:", row_maxima_sum.experimental_get_tracing_count())
