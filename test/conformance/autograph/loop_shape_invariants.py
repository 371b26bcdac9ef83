# set_loop_options(shape_invariants=...) lets a loop variable grow with tf.concat in a staged loop.
import tensorflow as tf


@tf.function
def ramp(n):
    values = tf.constant([0])
    for i in tf.range(1, n):
        tf.autograph.experimental.set_loop_options(
            shape_invariants=[(values, tf.TensorShape([None]))])
        values = tf.concat([values, [i * i]], axis=0)
    print("trace: static shape after loop:", values.shape)
    return values


print(ramp(tf.constant(5)))
print(ramp(tf.constant(1)))
print("traces:", ramp.experimental_get_tracing_count())
