# A TensorArray written in a staged loop (or branch) whose writes' results
# are dropped: the array outside keeps no element, only the element shape
# the writes told it, so stack, read and gather give zeros of that shape.
import tensorflow as tf


@tf.function
def squares(n):
    ta = tf.TensorArray(tf.int32, size=n)
    for i in tf.range(n):
        ta.write(i, i * i)  # the new array is dropped
    return ta.stack()


print(squares(tf.constant(3)))


@tf.function
def rows():
    ta = tf.TensorArray(tf.float32, size=2)
    for i in tf.range(2):
        ta.write(i, tf.ones([2]) * tf.cast(i, tf.float32))
    print("element shape after the loop:", ta.element_shape)
    return ta.stack(), ta.read(1), ta.gather([1, 0]), ta.size()


print(rows())


@tf.function
def growing(n):
    ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    for i in tf.range(n):
        ta.write(i, [1.0, 2.0])
    return ta.stack()


print(growing(tf.constant(3)))


@tf.function
def in_branch(x):
    ta = tf.TensorArray(tf.float32, size=3)
    if x > 0:
        ta.write(0, [x, x])
    return ta.stack()


print(in_branch(tf.constant(2.0)))


@tf.function
def kept(n):
    ta = tf.TensorArray(tf.float32, size=n)
    for i in tf.range(n):
        ta = ta.write(i, tf.cast(i, tf.float32) + 0.5)
    return ta.stack()


print(kept(tf.constant(3)))
