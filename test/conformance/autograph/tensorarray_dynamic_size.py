# A TensorArray with dynamic_size=True grows as it is written in a staged loop.
import tensorflow as tf


@tf.function
def evens_below(n):
    ta = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
    for i in tf.range(n):
        if i % 2 == 0:
            ta = ta.write(ta.size(), i)
    return ta.size(), ta.stack()


print(evens_below(tf.constant(9)))
print(evens_below(tf.constant(1)))
print("traces:", evens_below.experimental_get_tracing_count())
