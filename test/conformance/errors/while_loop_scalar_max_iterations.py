# tf.while_loop takes len(loop_vars): a bare graph tensor as loop_vars is
# a TypeError inside a function, and so is an eager scalar tensor when
# maximum_iterations is given.
import tensorflow as tf

try:
    tf.while_loop(lambda i: i < 100, lambda i: i * 2, tf.constant(1),
                  maximum_iterations=4)
except TypeError as e:
    print("TypeError", e)


@tf.function
def f():
    return tf.while_loop(lambda i: i < 100, lambda i: i * 2, tf.constant(1))


try:
    f()
except TypeError as e:
    print("TypeError", str(e).splitlines()[-1].strip())
