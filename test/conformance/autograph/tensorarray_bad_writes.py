# tf.TensorArray writes and reads outside a fixed-size array are errors:
# eagerly _EagerTensorArray's OutOfRangeErrors, in a function the
# TensorListSetItem kernel's error at run time (the write used to land in
# the last element); Python values convert to the array's dtype, a tensor
# of another dtype and an element of another shape are refused.
import tensorflow as tf


def show(f):
    try:
        print(f())
    except (tf.errors.OpError, ValueError) as e:
        lines = str(e).strip().splitlines()
        print(type(e).__name__ + ":",
              lines[-2] if "__inference" in lines[-1] else lines[-1])


ta = tf.TensorArray(tf.float32, size=2)
show(lambda: ta.write(3, [1.0]).stack())
show(lambda: ta.write(-1, [1.0]).stack())
show(lambda: ta.write(0, [1.0]).read(7))
show(lambda: ta.write(0, [1.0]).read(-2))
show(lambda: tf.TensorArray(tf.float32, size=2).write(0, [1.0]).write(
    1, [1.0, 2.0]).stack())
show(lambda: tf.TensorArray(tf.float32, size=2).write(0, [1]).stack())
show(lambda: tf.TensorArray(tf.float32, size=2).write(
    0, tf.constant([1])).stack())
grown = tf.TensorArray(tf.float32, size=1, dynamic_size=True)
print(grown.write(3, 2.0).stack())


@tf.function
def past_the_end(x, i):
    ta = tf.TensorArray(tf.float32, size=1)
    return ta.write(i, x).stack()


@tf.function
def inconsistent():
    ta = tf.TensorArray(tf.float32, size=2)
    return ta.write(0, [1.0]).write(1, [1.0, 2.0]).stack()


@tf.function
def ints_into_floats():
    ta = tf.TensorArray(tf.float32, size=2)
    return ta.write(0, [1]).stack()


print(past_the_end(tf.constant([1.0, 2.0]), 0))
show(lambda: past_the_end(tf.constant([1.0, 2.0]), 3))
show(lambda: past_the_end(tf.constant([1.0, 2.0]), -1))
show(inconsistent)
print(ints_into_floats())
