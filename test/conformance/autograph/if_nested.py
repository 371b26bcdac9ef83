# Nested tensor ifs: every branch of the inner and outer if is traced; the result picks one path.
import tensorflow as tf


@tf.function
def quadrant(x, y):
    if x >= 0:
        if y >= 0:
            print("trace: x>=0, y>=0")
            q = 1
        else:
            print("trace: x>=0, y<0")
            q = 4
    else:
        if y >= 0:
            print("trace: x<0, y>=0")
            q = 2
        else:
            print("trace: x<0, y<0")
            q = 3
    return q


print(quadrant(tf.constant(1.0), tf.constant(2.0)))
print(quadrant(tf.constant(-1.0), tf.constant(2.0)))
print(quadrant(tf.constant(-1.0), tf.constant(-2.0)))
print(quadrant(tf.constant(1.0), tf.constant(-2.0)))
print("traces:", quadrant.experimental_get_tracing_count())
