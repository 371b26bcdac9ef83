# tf.stack of no values is tf.constant([]); tf.eye of a negative size is the
# Fill kernel's error.
import tensorflow as tf

print(tf.stack([]))
print(tf.eye(0))
for rows, cols in [(-2, None), (3, -1)]:
    try:
        print(tf.eye(rows, cols))
    except tf.errors.InvalidArgumentError as e:
        print(e)
