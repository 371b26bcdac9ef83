# return in the then branch of a tensor if, followed by another return after the if.
import tensorflow as tf


@tf.function
def safe_divide(a, b):
    if b == 0:
        print("trace: zero-divisor branch")
        return tf.constant(0.0)
    print("trace: code after the if")
    return a / b


print(safe_divide(tf.constant(6.0), tf.constant(4.0)))
print(safe_divide(tf.constant(6.0), tf.constant(0.0)))
print("traces:", safe_divide.experimental_get_tracing_count())
