# A `for` over a dataset inside a tf.function is staged: the body is traced
# once (its print runs then), and every call reads the pipeline afresh
# (tf.print runs per element).
import tensorflow as tf

ds = tf.data.Dataset.range(5)


@tf.function
def total():
    s = tf.constant(0, tf.int64)
    for x in ds:
        print("tracing the body:", x.dtype, x.shape)
        tf.print("element", x)
        s += x
    return s


print(total())
print(total())


@tf.function
def total_of(dataset):
    s = tf.constant(0.0)
    for x in dataset:
        s += tf.reduce_sum(x)
    return s


print(total_of(tf.data.Dataset.from_tensor_slices([[1.0, 2.0], [3.0, 4.0]])))
print(total_of(tf.data.Dataset.from_tensor_slices([1.5, 2.5]).batch(1)))


@tf.function
def empty_loop():
    count = tf.constant(0)
    for _ in tf.data.Dataset.range(0):
        count += 1
    return count


print(empty_loop())
