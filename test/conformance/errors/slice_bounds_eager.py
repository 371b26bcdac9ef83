# tf.slice does not clamp as Python's slicing does: a begin or size outside
# the dimension is TensorFlow's InvalidArgumentError.
import tensorflow as tf

x = tf.range(5)
print(tf.slice(x, [1], [3]))
print(tf.slice(x, [2], [-1]))
print(tf.slice(x, [5], [0]))
for begin, size in [([3], [4]), ([6], [-1]), ([-1], [1]), ([0], [-2])]:
    try:
        print(tf.slice(x, begin, size))
    except tf.errors.InvalidArgumentError as e:
        print(e.error_code, e.op, e.message)
