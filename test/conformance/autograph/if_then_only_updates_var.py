# An if without else that reassigns an existing variable: the else path keeps the old value.
import tensorflow as tf


@tf.function
def clamp_low(x, low):
    result = x
    if x < low:
        print("trace: then branch")
        result = low
    print("trace: after if")
    return result


print(clamp_low(tf.constant(3), tf.constant(5)))
print(clamp_low(tf.constant(8), tf.constant(5)))
print(clamp_low(tf.constant(5), tf.constant(5)))
print("traces:", clamp_low.experimental_get_tracing_count())
