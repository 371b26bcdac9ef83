# The sorted segment reductions inside a tf.function on values known at
# run time: one output row per id up to the last, empty segments 0 (1 for
# a product), a segment of one row copied, longer ones reduced in row
# order, and the kernels' checks of the ids when the function runs.
import tensorflow as tf


@tf.function
def all_five(d, i):
    return (tf.math.segment_sum(d, i), tf.math.segment_max(d, i),
            tf.math.segment_mean(d, i), tf.math.segment_prod(d, i),
            tf.math.segment_min(d, i))


d = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]])
print(all_five(d, tf.constant([0, 0, 2, 2])))
print(all_five(d, tf.constant([1, 1, 1, 3])))
for ids in [[0, 2, 1, 3], [-1, 0, 0, 1], [0, 0, 1], [3, 4, 0, 1]]:
    try:
        print(all_five(d, tf.constant(ids)))
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, [l.split(" [Op:")[0] for l in str(e).splitlines()[-2:]])
print(all_five(tf.zeros([0, 2]), tf.zeros([0], tf.int32)))

inf = float("inf")
print(all_five(tf.constant([-inf, 1.0, 2.0, -0.0, 0.1, 0.2, 0.3]),
               tf.constant([0, 1, 1, 2, 3, 3, 3])))
print(all_five(tf.constant([7, 2, 9, 4, 4]), tf.constant([0, 0, 0, 1, 3])))


@tf.function(input_signature=[tf.TensorSpec([None]), tf.TensorSpec([None], tf.int64)])
def sums(x, i):
    return tf.math.segment_sum(x, i)


print(sums(tf.range(10.0), tf.constant([0, 0, 1, 1, 1, 4, 4, 4, 4, 5], tf.int64)))


@tf.function
def grads(x, i):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = (tf.reduce_sum(tf.math.segment_sum(x, i) ** 2)
             + tf.reduce_sum(tf.math.segment_mean(x, i))
             + tf.reduce_sum(tf.math.segment_max(x, i)))
    return tape.gradient(y, x)


print(grads(tf.constant([1.0, 3.0, 2.0, 5.0, 5.0]), tf.constant([0, 0, 1, 2, 2])))
