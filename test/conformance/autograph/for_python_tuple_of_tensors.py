# A for loop over a Python tuple of tensors is unrolled, one traced body per element.
import tensorflow as tf


@tf.function
def largest(a, b, c):
    best = a
    for t in (b, c):
        print("trace: comparing one more element")
        best = tf.maximum(best, t)
    return best


print(largest(tf.constant(3), tf.constant(9), tf.constant(4)))
print(largest(tf.constant(-1), tf.constant(-5), tf.constant(-2)))
