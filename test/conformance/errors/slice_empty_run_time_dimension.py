# tf.slice on a dimension known only when the function runs that turns out
# empty: the Slice kernel's own check comes first then (begin and size,
# -1 taking the rest, must both be 0), for constant bounds and bounds
# known at run time alike.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32),
                              tf.TensorSpec([], tf.int32),
                              tf.TensorSpec([], tf.int32)])
def run_time(x, begin, size):
    return tf.slice(x, [begin], [size])


def attempt(f, *args):
    try:
        print(f(*args))
    except tf.errors.InvalidArgumentError as e:
        lines = str(e).splitlines()
        print(type(e).__name__, lines[-2], lines[-1].split(" [Op:")[0])


for x, begin, size in [([], 1, 0), ([], 0, 0), ([], 0, -1), ([], 1, -1),
                       ([], 0, 2), ([1.0, 2.0], 2, 0), ([1.0], 0, -1)]:
    attempt(run_time, tf.constant(x, tf.float32), begin, size)
for begin, size in [([1, 0], [0, 1]), ([0, 0], [0, -1]), ([0, 0], [-1, 2]),
                    ([0, 1], [0, 1])]:

    @tf.function(input_signature=[tf.TensorSpec([None, None], tf.int32)])
    def constant_bounds(x):
        return tf.slice(x, begin, size)

    attempt(constant_bounds, tf.zeros([0, 2], tf.int32))
    attempt(constant_bounds, tf.zeros([2, 0], tf.int32))
