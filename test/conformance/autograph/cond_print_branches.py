# Branches that return operations (tf.print, tf.no_op) carry no value:
# tf.cond runs the chosen one's print. An operation against None is an
# error. Inside a function tf.print returns its PrintV2 operation.
import tensorflow as tf


@tf.function
def f(x):
    tf.cond(x > 0, lambda: tf.print("positive", x), lambda: tf.no_op())
    tf.cond(x < 0, lambda: tf.print("negative", x), lambda: tf.print("not"))
    op = tf.print("done")
    print(type(op).__name__, op.type)
    return x * 2


print(f(tf.constant(3)))
print(f(tf.constant(-2)))


@tf.function
def g(x):
    tf.cond(x < 0, lambda: tf.print("negative", x), lambda: None)
    return x


try:
    g(tf.constant(1))
except ValueError as e:
    print(str(e).splitlines()[-3:])
