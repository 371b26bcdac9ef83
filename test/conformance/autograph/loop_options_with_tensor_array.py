# set_loop_options(shape_invariants=...) in a loop that also carries a
# TensorArray: the invariant names the variable as it was before the loop
# (the body's first trace, for the TensorArray's element shape, leaves it).
import tensorflow as tf


@tf.function
def grow(n):
    ta = tf.TensorArray(tf.int32, size=n)
    row = tf.constant([1])
    for i in tf.range(n):
        tf.autograph.experimental.set_loop_options(
            shape_invariants=[(row, tf.TensorShape([None]))])
        ta = ta.write(i, tf.size(row))
        row = tf.concat([row, [i]], 0)
    return ta.stack(), row


print(grow(tf.constant(3)))


@tf.function
def grow_while(n):
    ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    row = tf.ones([1, 2])
    i = tf.constant(0)
    while i < n:
        tf.autograph.experimental.set_loop_options(
            shape_invariants=[(row, tf.TensorShape([None, 2]))])
        ta = ta.write(i, tf.reduce_sum(row))
        row = tf.concat([row, row], 0)
        i += 1
    print(row.shape)
    return ta.stack(), tf.shape(row)


print(grow_while(tf.constant(4)))
