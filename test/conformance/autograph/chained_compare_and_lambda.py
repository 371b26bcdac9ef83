# Chained comparisons and conditional expressions in lambdas on tensors are staged.
import tensorflow as tf


@tf.function
def count_middle(n):
    c = 0
    for i in tf.range(n):
        if 2 <= i < 5:
            c += 1
    magnitude = lambda y: y if y >= 0 else -y
    return c, magnitude(n - 10)


print(count_middle(tf.constant(8)))
print(count_middle(tf.constant(3)))
