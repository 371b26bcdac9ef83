# tf.print in a staged if runs only in the branch taken; print in both branches runs at trace time.
import tensorflow as tf


@tf.function
def describe(x):
    if x > 0:
        print("trace: then branch")
        tf.print("first call took the positive branch:", x)
    else:
        print("trace: else branch")
        tf.print("second call took the non-positive branch:", x)
    return x


print(describe(tf.constant(4)))
print(describe(tf.constant(-4)))
print("traces:", describe.experimental_get_tracing_count())
