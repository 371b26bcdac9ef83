# A dataset built inside a tf.function from its tensors: each call slices
# what it passes. A for loop, reduce() and get_single_element() read it;
# transformations built on it (batch, map, shuffle with a seed, zip,
# enumerate) read the call's values too.
import tensorflow as tf


@tf.function
def row_sums(x):
    total = tf.constant(0.0)
    for row in tf.data.Dataset.from_tensor_slices(x):
        total += tf.reduce_sum(row)
    return total


print(row_sums(tf.ones([2, 3])))
print(row_sums(tf.reshape(tf.range(12.0), [4, 3])))
print(row_sums(tf.reshape(tf.range(12.0), [3, 4])))
print(row_sums.experimental_get_tracing_count())


@tf.function(input_signature=[tf.TensorSpec([None], tf.int32),
                              tf.TensorSpec([None], tf.int32)])
def batched_dot(a, b):
    ds = tf.data.Dataset.from_tensor_slices((a, b)).batch(2)
    out = tf.constant(0)
    for xs, ys in ds:
        out += tf.reduce_sum(xs * ys)
    return out


print(batched_dot(tf.constant([1, 2, 3]), tf.constant([4, 5, 6])))
print(batched_dot(tf.range(5), tf.range(5)))


@tf.function
def counted(n):
    ds = tf.data.Dataset.range(n).map(lambda i: i * i)
    return ds.reduce(tf.constant(0, tf.int64), lambda s, x: s + x)


print(counted(tf.constant(4, tf.int64)), counted(tf.constant(10, tf.int64)))


@tf.function
def only(x):
    return tf.data.Dataset.from_tensors(x).get_single_element() * 2


print(only(tf.constant([1.5, 2.5])))


@tf.function
def labelled(x, labels):
    pairs = tf.data.Dataset.zip((tf.data.Dataset.from_tensor_slices(x),
                                 tf.data.Dataset.from_tensor_slices(labels)))
    best = tf.constant(-1)
    for i, (v, label) in pairs.enumerate():
        if v > 2.0:
            best = label
            tf.print("element", i, "label", label)
    return best


print(labelled(tf.constant([1.0, 3.0, 5.0]), tf.constant([7, 8, 9])))


# TensorFlow builds the dataset anew on each call: the shuffle starts
# from its seed each time, and a second loop in the same call reads the
# next epoch's order.
@tf.function
def shuffled(x):
    ds = tf.data.Dataset.from_tensor_slices(x).shuffle(8, seed=5)
    first = ds.reduce(tf.constant(0), lambda s, v: s * 10 + v)
    second = ds.reduce(tf.constant(0), lambda s, v: s * 10 + v)
    return first, second


print(shuffled(tf.range(6)))
print(shuffled(tf.range(6)))
