# tf.ensure_shape: eagerly the kernel's check; while tracing, shape
# inference merges the shapes (a ValueError when they conflict, the result
# knowing the named dimensions) and the compiled code checks the dimensions
# known at run time only. Its gradient passes through.
import tensorflow as tf
x = tf.ones([2, 3])
print(tf.ensure_shape(x, [2, 3]))
print(tf.ensure_shape(x, [None, 3]))
for s in [[2, 4], [3], [None, None, 1]]:
    try:
        tf.ensure_shape(x, s)
    except Exception as e:
        print(type(e).__name__, e)
@tf.function
def f(x):
    y = tf.ensure_shape(x, [None, 3])
    print(y)
    return y * 2
print(f(x))
@tf.function
def g(x):
    return tf.ensure_shape(x, [2, 4])
try:
    g(x)
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1])
@tf.function(input_signature=[tf.TensorSpec([None, None])])
def h(x):
    y = tf.ensure_shape(x, [None, 3])
    print(y)
    return y + 1
print(h(x))
try:
    h(tf.ones([2, 4]))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-2])
print(tf.ensure_shape(x, tf.TensorShape([2, None])))


@tf.function
def rank(x):
    return tf.ensure_shape(x, [2, 3, 1])


try:
    rank(x)
except ValueError as e:
    print(str(e).splitlines()[-1])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.reduce_sum(tf.ensure_shape(x, [2, None]) ** 2)
print(tape.gradient(y, x))
