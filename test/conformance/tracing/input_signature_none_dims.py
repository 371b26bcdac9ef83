# input_signature with a None dimension: one trace serves every length.
import tensorflow as tf


@tf.function(input_signature=(tf.TensorSpec(shape=[None], dtype=tf.int32),))
def halve_evens(v):
    print("tracing halve_evens with", v)
    return tf.where(v % 2 == 0, v // 2, v)


print(halve_evens(tf.constant([1, 2, 3, 4])))
print(halve_evens(tf.constant([10, 11])))
print(halve_evens(tf.constant([], dtype=tf.int32)))
print(halve_evens(tf.constant([8, 6, 4, 2, 0, 7])))
print("traces:", halve_evens.experimental_get_tracing_count())
print(halve_evens.input_signature)
