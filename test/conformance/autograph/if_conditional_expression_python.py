# A conditional expression on a Python value evaluates only the chosen arm at trace time.
import tensorflow as tf


def loud(name, value):
    print("trace: evaluating", name)
    return value


@tf.function
def pick(x, use_square):
    return loud("square", x * x) if use_square else loud("negate", -x)


print(pick(tf.constant(3), True))
print(pick(tf.constant(4), True))
print(pick(tf.constant(3), False))
print("traces:", pick.experimental_get_tracing_count())
