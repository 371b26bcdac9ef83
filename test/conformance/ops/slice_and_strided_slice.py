# tf.slice (size -1: to the end) and tf.strided_slice with its masks, eagerly
# and inside a function (nodes named Slice and StridedSlice).
import tensorflow as tf
x = tf.reshape(tf.range(24), [2, 3, 4])
print(tf.slice(x, [1, 0, 1], [1, 2, -1]))
print(tf.slice(x, tf.constant([0, 1, 0]), [-1, 1, 2]))
print(tf.strided_slice(x, [0, 0, 0], [2, 3, 4], [1, 2, 2]))
print(tf.strided_slice(x, [1, 0, 0], [2, 3, 4], shrink_axis_mask=1))
print(tf.strided_slice(x, [0, 1], [0, 2], begin_mask=1, end_mask=1))
print(tf.strided_slice(x, [0, 3], [0, 0], [1, -1], begin_mask=1, end_mask=1, ellipsis_mask=1))
print(tf.strided_slice(x, [0, 0], [1, 2], new_axis_mask=1))

@tf.function
def f(x):
    a = tf.slice(x, [0, 1, 1], [2, 2, 2])
    b = tf.strided_slice(x, [0], [1])
    print(a.name, b.name)
    return a, b

print(f(x))
try:
    tf.slice(x, [0, 0], [1, 1])
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__)
