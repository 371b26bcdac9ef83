# A Function retraces for tensors of a new shape or rank, not for new values of a known shape.
import tensorflow as tf


@tf.function
def total(m):
    print("tracing total with", m)
    return tf.reduce_sum(m)


print(total(tf.constant([1, 2])))
print(total(tf.constant([3, 4])))
print(total(tf.constant([1, 2, 3])))
print(total(tf.constant([[1, 2], [3, 4]])))
print(total(tf.constant([5, 6, 7])))
print(total(tf.constant([[0, 0], [0, 9]])))
print("traces:", total.experimental_get_tracing_count())
