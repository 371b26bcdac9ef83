# An if/else on a tensor condition traces both branches once; one trace serves both outcomes.
import tensorflow as tf


@tf.function
def halve_or_triple(x):
    if x % 2 == 0:
        print("trace: even branch")
        y = x // 2
    else:
        print("trace: odd branch")
        y = 3 * x + 1
    return y


print(halve_or_triple(tf.constant(10)))
print(halve_or_triple(tf.constant(7)))
print(halve_or_triple(tf.constant(0)))
print("traces:", halve_or_triple.experimental_get_tracing_count())
