# round() of a tensor is NumPy's, which calls astype(): TensorFlow's
# AttributeError; a variable has no __round__; NumPy scalars round.
import tensorflow as tf
try:
    print(round(tf.constant(3.14159), 2))
except Exception as e:
    print(type(e).__name__, str(e))
try:
    print(round(tf.constant(3.6)))
except Exception as e:
    print(type(e).__name__, str(e))
try:
    print(round(tf.Variable(3.6)))
except Exception as e:
    print(type(e).__name__, str(e))
@tf.function
def f(x):
    return round(x)
try:
    print(f(tf.constant(2.5)))
except Exception as e:
    print(type(e).__name__, [l.strip() for l in str(e).splitlines() if "astype" in l])
import numpy as np
print(round(np.float32(2.567), 2), round(np.float64(3.5)), round(np.int64(7), -1))
try:
    round(np.array(2.5))
except TypeError as e:
    print("TypeError:", e)
