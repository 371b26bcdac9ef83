# A TensorSpec of unknown rank in an input_signature: one trace serves calls of every rank.
import tensorflow as tf
@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def f(x):
    print(x.shape)
    return x * 2
print(f(tf.constant([[1.0, 2.0]])))
print(f(tf.constant(3.0)))
print(f.experimental_get_tracing_count())
