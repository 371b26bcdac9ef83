# float() and int() of a scalar string tensor convert its bytes as Python does,
# and fail with Python's ValueError; bytes themselves too.
import tensorflow as tf
print(float(tf.constant("1.5")), int(tf.constant("12")), float(b" 2.5 "), int(b"7"))
for fn in [lambda: float(tf.constant("a")), lambda: int(tf.constant("x1")), lambda: int(b"3.5"),
           lambda: int(b"ff", 16)]:
    try:
        print(fn())
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
