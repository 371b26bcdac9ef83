# TensorArray.unstack splits a tensor along its first dimension; read fetches single rows.
import tensorflow as tf


@tf.function
def last_and_first(m):
    ta = tf.TensorArray(tf.int32, size=tf.shape(m)[0])
    ta = ta.unstack(m)
    return ta.read(ta.size() - 1), ta.read(0), ta.size()


last, first, size = last_and_first(tf.constant([[1, 2], [3, 4], [5, 6]]))
print(last, first, size)
last, first, size = last_and_first(tf.constant([[7, 8], [9, 10], [11, 12]]))
print(last, first, size)
print("traces:", last_and_first.experimental_get_tracing_count())
