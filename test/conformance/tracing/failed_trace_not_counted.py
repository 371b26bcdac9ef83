# A trace that raises makes no concrete function and is not counted by
# experimental_get_tracing_count; the next call traces again.
import tensorflow as tf

n = 0
@tf.function
def f(x):
    global n
    n += 1
    if n == 1:
        raise ValueError("first trace fails")
    return x + 1

try:
    f(tf.constant(1))
except ValueError as e:
    print("caught:", str(e).splitlines()[-1])
print(f(tf.constant(1)), n, f.experimental_get_tracing_count())
print(f(tf.constant(2)), n, f.experimental_get_tracing_count())

@tf.function
def g(x):
    raise TypeError(f"bad {x.shape}")
try:
    g(tf.constant([1, 2]))
except TypeError as e:
    print(repr(str(e).splitlines()[-1]))
