# Accumulating running sums into a TensorArray in a tf.range loop and returning it stacked.
import tensorflow as tf


@tf.function
def cumulative(v):
    n = tf.size(v)
    ta = tf.TensorArray(v.dtype, size=n)
    total = tf.zeros([], v.dtype)
    for i in tf.range(n):
        total += v[i]
        ta = ta.write(i, total)
    return ta.stack()


print(cumulative(tf.constant([1, 2, 3, 4])))
print(cumulative(tf.constant([10, -10, 5, 5])))
print("traces:", cumulative.experimental_get_tracing_count())
