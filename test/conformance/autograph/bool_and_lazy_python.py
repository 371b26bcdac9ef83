# and/or with a Python bool on the left short-circuit: the right side is not traced when not needed.
import tensorflow as tf


def check(x):
    print("trace: right side evaluated")
    return x > 0


@tf.function
def gated(enabled, x):
    if enabled and check(x):
        return x
    return -x


@tf.function
def forced(skip, x):
    if skip or check(x):
        return x
    return -x


print(gated(False, tf.constant(5)))
print(gated(True, tf.constant(5)))
print(forced(True, tf.constant(-5)))
print(forced(False, tf.constant(-5)))
