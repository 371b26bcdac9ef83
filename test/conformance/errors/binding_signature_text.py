# A binding TypeError prints the whole Python signature: *args, a bare *
# before keyword-only parameters, their defaults, **kwargs.
import tensorflow as tf

def attempt(fn, *a, **k):
    try:
        fn(*a, **k)
    except TypeError as e:
        print(str(e))

@tf.function
def f1(x, y=2.0):
    return x
@tf.function
def f2(x, *args):
    return x
@tf.function
def f3(x, **kw):
    return x
@tf.function
def f4(x, *args, k=1, **kw):
    return x
@tf.function
def f5(x, *, k, j=3):
    return x
attempt(f1, 1, 2, 3)
attempt(f2)
attempt(f3, 1, 2)
attempt(f4)
attempt(f5, 1, 2)
attempt(f5, 1)
attempt(f1, 1, y=2, z=3)
