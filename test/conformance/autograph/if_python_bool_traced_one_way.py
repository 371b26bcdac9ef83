# An if on a Python bool argument is not staged: only the taken branch is traced, per value.
import tensorflow as tf


@tf.function
def scale(x, double):
    if double:
        print("trace: double branch")
        x = x * 2
    else:
        print("trace: keep branch")
        x = x + 0
    return x


print(scale(tf.constant(4), True))
print(scale(tf.constant(5), True))
print("traces:", scale.experimental_get_tracing_count())
print(scale(tf.constant(4), False))
print(scale(tf.constant(6), False))
print("traces:", scale.experimental_get_tracing_count())
