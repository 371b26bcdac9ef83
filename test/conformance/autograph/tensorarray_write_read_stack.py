# TensorArray write/read/stack/size inside tf.function with a fixed size.
import tensorflow as tf


@tf.function
def fill(x):
    ta = tf.TensorArray(tf.float32, size=3)
    ta = ta.write(0, x)
    ta = ta.write(1, x * 2.0)
    ta = ta.write(2, x * 3.0)
    return ta.read(1), ta.size(), ta.stack()


second, size, stacked = fill(tf.constant(1.5))
print(second)
print(size)
print(stacked)
second, size, stacked = fill(tf.constant(-2.0))
print(second, stacked)
print("traces:", fill.experimental_get_tracing_count())
