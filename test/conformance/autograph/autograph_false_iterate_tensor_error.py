# With autograph=False, iterating over a symbolic tensor in a Python for loop is an error.
import tensorflow as tf


@tf.function(autograph=False)
def total(v):
    s = tf.constant(0)
    for x in v:
        s += x
    return s


print("calling total")
print(total(tf.constant([1, 2, 3])))
print("not reached")
