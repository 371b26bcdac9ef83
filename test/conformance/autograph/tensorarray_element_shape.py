# A TensorArray with element_shape stacks vectors into a matrix with a known static inner shape.
import tensorflow as tf


@tf.function
def outer_rows(v, n):
    ta = tf.TensorArray(tf.float32, size=n, element_shape=tf.TensorShape([3]))
    for i in tf.range(n):
        ta = ta.write(i, v * tf.cast(i + 1, tf.float32))
    result = ta.stack()
    print("trace: stacked static shape:", result.shape)
    return result


print(outer_rows(tf.constant([1.0, 0.5, -1.0]), tf.constant(3)))
print(outer_rows(tf.constant([2.0, 4.0, 8.0]), tf.constant(2)))
print("traces:", outer_rows.experimental_get_tracing_count())
