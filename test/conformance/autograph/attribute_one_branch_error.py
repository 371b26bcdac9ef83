# An attribute first set in one branch of a staged if has no value in the
# other: AutoGraph names it like a variable.
import tensorflow as tf


class Box:
    pass


@tf.function
def f(x):
    o = Box()
    if x > 0:
        o.w = x + 1
    return o.w


print(f(tf.constant(3)))
