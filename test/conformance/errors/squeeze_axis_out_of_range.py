# tf.squeeze with an axis out of range: the Squeeze kernel's error eagerly
# (the first bad axis given), its shape function's ValueError in a
# function. kiln returned the input unchanged.
import tensorflow as tf
x = tf.ones([1, 3, 1])
for ax in [3, -4, 1, [0, 5]]:
    try:
        print(tf.squeeze(x, axis=ax).shape)
    except Exception as e:
        print(type(e).__name__, e)
@tf.function
def f(x):
    return tf.squeeze(x, axis=3)
try:
    print(f(x))
except Exception as e:
    print(type(e).__name__, str(e).strip().splitlines()[-1])
