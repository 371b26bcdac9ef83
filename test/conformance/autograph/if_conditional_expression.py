# A conditional expression `a if tensor_cond else b` is staged: both arms traced, one value chosen.
import tensorflow as tf


def loud(name, value):
    print("trace: evaluating", name)
    return value


@tf.function
def abs_value(x):
    return loud("x", x) if x >= 0 else loud("-x", -x)


print(abs_value(tf.constant(-7)))
print(abs_value(tf.constant(7)))
print(abs_value(tf.constant(0)))
print("traces:", abs_value.experimental_get_tracing_count())
