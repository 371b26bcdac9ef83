# Several variables assigned in both branches of a tensor if are all merged after it.
import tensorflow as tf


@tf.function
def order(a, b):
    if a <= b:
        lo = a
        hi = b
        swapped = False
    else:
        lo = b
        hi = a
        swapped = True
    return lo, hi, swapped


lo, hi, swapped = order(tf.constant(2.5), tf.constant(-1.5))
print(lo, hi, swapped)
lo, hi, swapped = order(tf.constant(-3.0), tf.constant(4.0))
print(lo, hi, swapped)
print("traces:", order.experimental_get_tracing_count())
