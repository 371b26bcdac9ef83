# A tensor leaked from one trace through a global and used by another Function.
import tensorflow as tf

leak = None


@tf.function
def leaky(a):
    global leak
    leak = a + 1
    return a + 2


@tf.function
def uses_leak(b):
    return b + leak


print(leaky(tf.constant(1)))
print(uses_leak(tf.constant(2)))
print("not reached")
