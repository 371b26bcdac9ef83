# With Python arguments, print shows each new value once; tf.print shows every call.
import tensorflow as tf


@tf.function
def report(n):
    print("traced with", n)
    tf.print("executed with", n)
    return n


report(1)
report(1)
report(2)
report(2)
print("traces:", report.experimental_get_tracing_count())
report(2)
