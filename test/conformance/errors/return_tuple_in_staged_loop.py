# A return of a tuple inside a staged loop: the first iteration cannot merge
# the tuple with the None of the path that does not return, and AutoGraph
# refuses the return value it could not define.
import tensorflow as tf


@tf.function
def search(x):
    i = tf.constant(0)
    while i < x:
        if i == 3:
            return i, i * 2
        i += 1
    return tf.constant(-1), i


print(search(tf.constant(5)))
