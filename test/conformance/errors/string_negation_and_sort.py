# Negating strings (tf.sort's ascending order negates, -s, tf.negative) is
# Neg's OpDef error, eagerly and in a function; a descending sort of
# strings is TopKV2's.
import tensorflow as tf
s = tf.constant(["b", "a"])
for f in [lambda: tf.sort(s), lambda: -s, lambda: tf.negative(s), lambda: tf.sort(s, direction="DESCENDING")]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
@tf.function
def g(x):
    return -x
try:
    print(g(s))
except Exception as e:
    print(type(e).__name__, str(e).strip().splitlines()[-1])
