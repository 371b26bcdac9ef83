# A Python float never converts to an int tensor (even 2.0); truediv takes y's dtype from x only as a hint, then requires equal dtypes.
import tensorflow as tf
x = tf.constant([3, 4])
for fn in [lambda: x / 2.0, lambda: x / 2, lambda: 2.0 / x, lambda: tf.divide(x, 2.0), lambda: tf.math.truediv(x, 2.0), lambda: x / tf.constant(2.0), lambda: x // 2.0, lambda: tf.constant([1.5]) / 2]:
    try:
        print(fn())
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[-1])
@tf.function
def f(x):
    return x / 2.0
try:
    print(f(x))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1])

for fn in [lambda: x * 2.0, lambda: x * 0.5, lambda: x // 2.0, lambda: 2.0 / x, lambda: x + True, lambda: x - 2.0]:
    try:
        print(fn())
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[-1])
@tf.function
def g(x):
    out = []
    for fn in [lambda: x * 2.0, lambda: x // 2.0, lambda: 2.0 / x, lambda: x / 2.0, lambda: x * 0.5]:
        try:
            out.append(fn())
        except Exception as e:
            print(type(e).__name__, str(e).splitlines()[-1])
    return out
print(g(x))
