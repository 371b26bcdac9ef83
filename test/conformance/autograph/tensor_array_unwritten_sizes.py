# TensorArray.concat of a list with no element set fails in a function
# (TensorListConcatV2 cannot size the missing elements) unless the list is
# empty and its element shape known; eagerly an empty array's concat fails
# in ConcatV2. The kernels' messages depend on the size when the function
# runs, as do stack's of an array of unknown element shape.
import tensorflow as tf


def show(fn, *args):
    try:
        print(fn(*args))
    except Exception as e:
        lines = str(e).splitlines()
        print(type(e).__name__ + ":", lines[-2] if len(lines) > 1 else lines[0])


@tf.function
def dropped(n):
    ta = tf.TensorArray(tf.float32, size=n)
    for i in tf.range(n):
        ta.write(i, [[1.0, 2.0]])
    return ta.concat()


@tf.function
def never(n):
    ta = tf.TensorArray(tf.float32, size=n)
    return ta.concat()


@tf.function
def dropped_at_top():
    ta = tf.TensorArray(tf.float32, size=3)
    ta.write(0, [1.0, 2.0])
    return ta.concat()


@tf.function
def reserved():
    ta = tf.TensorArray(tf.float32, size=3, element_shape=[2])
    return ta.concat()


@tf.function
def one_written():
    ta = tf.TensorArray(tf.float32, size=3)
    ta = ta.write(0, [1.0, 2.0])
    return ta.concat()


@tf.function
def stack_never(n):
    return tf.TensorArray(tf.float32, size=n).stack()


show(dropped, tf.constant(2))
show(dropped, tf.constant(0))
show(never, tf.constant(2))
show(never, tf.constant(0))
show(dropped_at_top)
show(reserved)
show(one_written)
show(tf.TensorArray(tf.float32, size=2).concat)
show(tf.TensorArray(tf.float32, size=0, element_shape=[3]).concat)
show(tf.TensorArray(tf.float32, size=2, element_shape=[2, 3]).concat)
show(stack_never, tf.constant(2))
show(stack_never, tf.constant(0))
