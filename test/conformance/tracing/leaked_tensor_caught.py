# A tensor leaked out of a trace through a global is symbolic: no .numpy(), unusable elsewhere.
import tensorflow as tf

leak = None


@tf.function
def leaky(a):
    global leak
    leak = a * 10
    return a + 1


print(leaky(tf.constant(1)))
print(type(leak).__name__)
print(leak.shape, leak.dtype)
try:
    leak.numpy()
except AttributeError as e:
    print("AttributeError:", e)


@tf.function
def uses_leak(b):
    return b + leak


try:
    uses_leak(tf.constant(2))
except TypeError as e:
    print("TypeError raised:", type(e).__name__)
