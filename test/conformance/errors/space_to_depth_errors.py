# tf.nn.space_to_depth and depth_to_space: shape inference's errors while
# tracing, the kernels' errors eagerly.
import tensorflow as tf


def attempt(f):
    try:
        print(f())
    except (ValueError, tf.errors.InvalidArgumentError) as e:
        # The message's last line (a traced function's names this file).
        print(type(e).__name__, str(e).strip().splitlines()[-1].strip())


x = tf.reshape(tf.range(24, dtype=tf.float32), [1, 3, 4, 2])
attempt(lambda: tf.nn.space_to_depth(x, 2))
attempt(lambda: tf.nn.space_to_depth(x, 1))
attempt(lambda: tf.nn.space_to_depth(tf.ones([3, 4]), 2))
attempt(lambda: tf.nn.depth_to_space(x, 2))
attempt(lambda: tf.nn.space_to_depth([[[[1, 2]]]], 2))
print(tf.nn.space_to_depth(tf.ones([1, 4, 4, 2]), 2.0).shape)


@tf.function
def to_depth(x, block):
    return tf.nn.space_to_depth(x, block)


@tf.function
def to_space(x):
    return tf.nn.depth_to_space(x, 2)


attempt(lambda: to_depth(x, 2))
attempt(lambda: to_depth(x, 1))
attempt(lambda: to_depth(tf.ones([4, 4]), 2))
attempt(lambda: to_space(tf.ones([4, 4])))
attempt(lambda: to_space(tf.ones([1, 4, 4, 5])))
print(to_depth.get_concrete_function(
    tf.TensorSpec([None, 4, 6, 3]), 2).structured_outputs)
print(to_depth.get_concrete_function(
    tf.TensorSpec([None, None, None, 3]), 2).structured_outputs)
print(to_space.get_concrete_function(
    tf.TensorSpec([None, None, None, 8])).structured_outputs)
