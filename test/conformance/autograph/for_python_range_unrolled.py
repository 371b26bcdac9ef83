# A for loop over a Python range is unrolled; each iteration's Python index is a constant.
import tensorflow as tf


@tf.function
def poly(x):
    result = tf.constant(0.0)
    for power in range(4):
        print("trace: power", power, "is a Python int:", isinstance(power, int))
        result += x ** power
    return result


print(poly(tf.constant(2.0)))
print(poly(tf.constant(0.5)))
print("traces:", poly.experimental_get_tracing_count())
