# An undecorated helper called from tf.function is converted too: its tensor if is staged.
import tensorflow as tf


def magnitude(x):
    if x >= 0:
        print("trace: helper then branch")
        return x
    print("trace: helper code after if")
    return -x


@tf.function
def distance(a, b):
    return magnitude(a - b)


print(distance(tf.constant(3), tf.constant(10)))
print(distance(tf.constant(10), tf.constant(3)))
print("traces:", distance.experimental_get_tracing_count())
