# shape_invariants in a staged while loop: a 2-D variable gains a row per iteration.
import tensorflow as tf


@tf.function
def build_rows(n):
    rows = tf.zeros([0, 2], tf.int32)
    i = tf.constant(0)
    while i < n:
        tf.autograph.experimental.set_loop_options(
            shape_invariants=[(rows, tf.TensorShape([None, 2]))])
        rows = tf.concat([rows, [[i, i * 10]]], axis=0)
        i += 1
    print("trace: static shape after loop:", rows.shape)
    return rows


print(build_rows(tf.constant(3)))
print(build_rows(tf.constant(0)))
