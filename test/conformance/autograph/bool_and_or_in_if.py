# and/or on tensor operands in an if condition are staged and combine as logical and/or.
import tensorflow as tf


@tf.function
def classify(x, y):
    if x > 0 and y > 0:
        r = 1
    elif x > 0 or y > 0:
        r = 2
    else:
        r = 3
    return r


for a, b in [(1, 1), (1, -1), (-1, 1), (-1, -1)]:
    print(a, b, classify(tf.constant(a), tf.constant(b)).numpy())
print("traces:", classify.experimental_get_tracing_count())
