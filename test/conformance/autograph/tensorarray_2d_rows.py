# A TensorArray of rows built in a loop over a 2-D tensor, stacked back into a matrix.
import tensorflow as tf


@tf.function
def normalize_rows(m):
    ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    k = 0
    for row in m:
        ta = ta.write(k, row / tf.reduce_sum(row))
        k += 1
    return ta.stack()


print(normalize_rows(tf.constant([[1.0, 1.0, 2.0], [2.0, 2.0, 4.0]])))
print(normalize_rows(tf.constant([[4.0, 0.0, 4.0], [0.5, 0.25, 0.25]])))
print("traces:", normalize_rows.experimental_get_tracing_count())
