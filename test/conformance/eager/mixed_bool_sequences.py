# A Python sequence that starts with a bool converts eagerly only if it
# holds bools alone (or is given another dtype); in a function it goes
# through NumPy, which takes it.
import tensorflow as tf
for v in ([True, 1], [True, 1.5], [1, True], [1.5, True], [[True], [2]], [True, False], [1, 2.5]):
    try:
        print(tf.constant(v))
    except Exception as e:
        print(type(e).__name__, e)
    try:
        print(tf.convert_to_tensor(v))
    except Exception as e:
        print(type(e).__name__, e)
for kw in ({"dtype": tf.int32}, {"dtype": tf.float32}, {"dtype": tf.bool}):
    try:
        print(tf.constant([True, 1], **kw))
    except Exception as e:
        print(type(e).__name__, e)
@tf.function
def f(x):
    return tf.constant([True, 1])
try:
    f(1)
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1])
for args in ((1, tf.bool), (True, tf.int32), ([1, 0], tf.bool), ([True], tf.bool), (0.0, tf.bool)):
    try:
        print(tf.constant(*args))
    except Exception as e:
        print(type(e).__name__, e)
print(tf.where([True, False], [1, 2], [3, 4]))
print(tf.logical_and([True, False], [True, True]))
