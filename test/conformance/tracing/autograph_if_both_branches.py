# An if on a tensor traces both branches; an if on a Python value traces only one.
import tensorflow as tf


@tf.function
def clip_sign(x):
    if x > 0:
        print("tracing positive branch")
        y = x * 1
    else:
        print("tracing non-positive branch")
        y = x * 0
    return y


@tf.function
def choose(x, flag):
    if flag:
        print("tracing flag branch")
        return x + 100
    else:
        print("tracing no-flag branch")
        return x - 100


print(clip_sign(tf.constant(5)))
print(clip_sign(tf.constant(-5)))
print(choose(tf.constant(1), True))
print(choose(tf.constant(1), False))
print(choose(tf.constant(2), True))
