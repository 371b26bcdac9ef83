# tf.print in a staged while loop prints each iteration's loop state at run time.
import tensorflow as tf


@tf.function
def halve(n):
    print("trace: halve")
    while n > 1:
        tf.print("n =", n)
        n //= 2
    tf.print("final n =", n)
    return n


print(halve(tf.constant(20)))
