# A break that depends on a tensor inside a Python for loop: AutoGraph's
# NotImplementedError, reported at the loop.
import tensorflow as tf

@tf.function
def f(x):
    r = tf.constant(-1)
    for i in range(3):
        if x[i] > 0:
            r = tf.constant(i)
            break
    return r

print(f(tf.constant([0, 5, 1])))
