# A tf.function shows its Python function's __doc__ ("" without one),
# __name__, __qualname__ and __module__.
import tensorflow as tf

@tf.function
def f(x):
    """Doubles x."""
    return x * 2

@tf.function
def g(x):
    return x

print(f.__doc__)
print(g.__doc__)
print(f.__name__, f.__qualname__, f.__module__)
