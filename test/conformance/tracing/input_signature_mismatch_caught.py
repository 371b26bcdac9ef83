# Calls that do not fit an input_signature raise; the exception types and messages.
import tensorflow as tf


@tf.function(input_signature=(tf.TensorSpec(shape=[None], dtype=tf.int32),))
def inc(v):
    print("tracing inc with", v)
    return v + 1


print(inc(tf.constant([1, 2])))
try:
    inc(tf.constant([[1, 2], [3, 4]]))
except (TypeError, ValueError) as e:
    print("rank mismatch:", type(e).__name__)
try:
    inc(tf.constant([1.0, 2.0]))
except (TypeError, ValueError) as e:
    print("dtype mismatch:", type(e).__name__)
print(inc(tf.constant([7])))
print("traces:", inc.experimental_get_tracing_count())
