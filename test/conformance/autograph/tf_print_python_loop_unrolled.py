# tf.print in an unrolled Python loop is staged once per unrolled iteration and runs every call.
import tensorflow as tf


@tf.function
def show(x):
    for k in range(3):
        print("trace: unrolled", k)
        tf.print("step", k, "value", x + k)
    return x


print(show(tf.constant(10)))
print(show(tf.constant(20)))
print("traces:", show.experimental_get_tracing_count())
