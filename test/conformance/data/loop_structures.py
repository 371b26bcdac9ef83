# Elements that are tuples and dicts unpack in the loop's target, and a
# batch with a remainder gives the body a batch dimension of None.
import tensorflow as tf

features = tf.reshape(tf.range(10, dtype=tf.float32), [5, 2])
labels = tf.constant([0, 1, 0, 1, 1])
pairs = tf.data.Dataset.from_tensor_slices((features, labels))
records = tf.data.Dataset.from_tensor_slices({"x": features, "y": labels})


@tf.function
def by_label(dataset):
    ones = tf.zeros([2])
    zeros = tf.zeros([2])
    for x, y in dataset:
        if y == 1:
            ones += x
        else:
            zeros += x
    return ones, zeros


print(by_label(pairs))


@tf.function
def weighted(dataset):
    total = tf.constant(0.0)
    for record in dataset:
        total += tf.reduce_sum(record["x"]) * tf.cast(record["y"], tf.float32)
    return total


print(weighted(records))


@tf.function
def batch_means(dataset):
    means = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    i = 0
    for x, y in dataset:
        print("batch shapes:", x.shape, y.shape)
        means = means.write(i, tf.reduce_mean(x))
        i += 1
    return means.stack()


print(batch_means(pairs.batch(2)))
