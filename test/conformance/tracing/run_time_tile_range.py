# tf.tile and tf.range whose multiples or bounds are tensors known only
# when the function runs: the result's size is set at run time.
import tensorflow as tf


@tf.function
def f(n):
    return tf.range(n, dtype=tf.float32), tf.tile(tf.constant([1, 2]), [n])


@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.int32), tf.TensorSpec([], tf.int32)])
def g(m, k):
    return tf.tile(m, tf.stack([k, 2])), tf.range(1, k * 2, 2, dtype=tf.float64)


print(f(tf.constant(3)))
print(f(tf.constant(1)))
print(g(tf.constant([[1, 2], [3, 4]]), tf.constant(2)))
print(g(tf.constant([[5, 6]]), tf.constant(1)))
for k in [0, -1]:
    try:
        print(g(tf.constant([[5, 6]]), tf.constant(k)))
    except tf.errors.InvalidArgumentError as e:
        print("InvalidArgumentError", e.message.split(" [Op:")[0].split("\n")[-2])
