# tf.tile with a negative multiple: the Tile kernel's error, eagerly (its
# message ends with [Op:Tile], no name) and inside a function.
import tensorflow as tf
m = tf.constant([[1, 2], [3, 4]])
for mult in [[-1, 1], [1, -2], [2, 1]]:
    try:
        print(tf.tile(m, mult))
    except tf.errors.InvalidArgumentError as e:
        print(e)
@tf.function
def f(k):
    return tf.tile(m, [k, 1])
try:
    print(f(tf.constant(-1)))
except tf.errors.InvalidArgumentError as e:
    print(str(e).splitlines()[-2], str(e).splitlines()[-1].split(" [Op:")[0])
