# Data-dependent loops and branches that AutoGraph stages, compiled by kiln
# to native loops in a shared library (see call_search.c).
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32),
                              tf.TensorSpec([], tf.float32)])
def first_above(values, threshold):
    """The index of the first value above threshold, or -1."""
    found = -1
    for i in tf.range(tf.shape(values)[0]):
        if values[i] > threshold:
            found = i
            break
    return found


@tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
def collatz_steps(n):
    """How many Collatz steps take n to 1."""
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def running_max(values):
    """The maximum of each prefix, accumulated in a TensorArray."""
    out = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    best = values[0]
    for i in tf.range(tf.shape(values)[0]):
        best = tf.maximum(best, values[i])
        out = out.write(i, best)
    return out.stack()


@tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
def last_square(n):
    """The square of n - 1; the loop must run at least once."""
    for i in tf.range(n):
        square = i * i
    return square


if __name__ == "__main__":
    print(first_above(tf.constant([0.5, 2.0, 7.5, 9.0]), tf.constant(5.0)))
    print(collatz_steps(tf.constant(27)))
    print(running_max(tf.constant([1.0, 3.0, 2.0, 5.0, 4.0])))
    print(last_square(tf.constant(4)))
