# experimental_get_tracing_count before and after calls and get_concrete_function.
import tensorflow as tf


@tf.function
def neg(x):
    return -x


print(neg.experimental_get_tracing_count())
neg(tf.constant(1))
print(neg.experimental_get_tracing_count())
neg(tf.constant(2))
print(neg.experimental_get_tracing_count())
neg.get_concrete_function(tf.TensorSpec([3], tf.float32))
print(neg.experimental_get_tracing_count())
neg(tf.constant([1.0, 2.0, 3.0]))
print(neg.experimental_get_tracing_count())
neg.get_concrete_function(tf.constant(5))
print(neg.experimental_get_tracing_count())
