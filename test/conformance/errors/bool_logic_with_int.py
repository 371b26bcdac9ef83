# | and & on a bool tensor take bools only: a Python int is converted to
# bool, which fails with TensorFlow's conversion messages (the reflected
# form converts the left operand first); on an int tensor they are bitwise.
import tensorflow as tf

b = tf.constant([True, False])
i = tf.constant([6, 3])
for thunk in [lambda: b | 1, lambda: b & 0, lambda: b | True, lambda: 1 | b,
              lambda: 5 | i, lambda: i & 2]:
    try:
        print(thunk())
    except Exception as e:
        print(type(e).__name__, e)


@tf.function
def f(x):
    return x | 1


print(f(b))
