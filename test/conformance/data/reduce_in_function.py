# Dataset.reduce inside a tf.function is staged as a loop over the dataset:
# its function is traced once (again when it changes the state's shape),
# and every call reduces the pipeline afresh.
import tensorflow as tf

ds = tf.data.Dataset.range(1, 6)


@tf.function
def stats(dataset):
    def step(state, x):
        print("tracing step:", state[0].shape, x.dtype)
        total, count = state
        return total + x, count + 1

    return dataset.reduce((tf.constant(0, tf.int64), 0), step)


print(stats(ds))
print(stats(ds.map(lambda x: x * x)))


@tf.function
def collect(dataset):
    return dataset.reduce(tf.zeros([0], tf.int64),
                          lambda acc, x: tf.concat([acc, [x]], 0))


print(collect(ds))


@tf.function
def weighted(scale):
    pairs = tf.data.Dataset.from_tensor_slices({"w": [1.0, 2.0], "x": [3.0, 4.0]})
    return pairs.reduce(tf.constant(0.0),
                        lambda acc, e: acc + e["w"] * e["x"] * scale)


print(weighted(tf.constant(10.0)))
