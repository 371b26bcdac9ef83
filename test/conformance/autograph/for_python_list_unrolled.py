# A for loop over a Python list inside tf.function is unrolled: the body is traced per element.
import tensorflow as tf


@tf.function
def weighted(x):
    acc = tf.zeros_like(x)
    for w in [1, 10, 100]:
        print("trace: unrolled with w =", w)
        acc = acc + w * x
    return acc


print(weighted(tf.constant(2)))
print(weighted(tf.constant(3)))
print("traces:", weighted.experimental_get_tracing_count())
