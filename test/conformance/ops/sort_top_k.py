# tf.math.top_k (also tf.nn.top_k), tf.sort and tf.argsort: ties in the
# order of their positions, any axis, both directions, the extreme integers
# that the ascending mapping must not break, run-time shapes and k, and the
# TopKV2 named tuple (unpacking, fields, printing, returned from a
# function), with TensorFlow's errors for a bad k.
import tensorflow as tf

x = tf.constant([[3.0, 1.0, 2.0, 1.0], [0.5, -1.0, 7.0, 0.5]])
print(tf.math.top_k(x, 2))
values, indices = tf.math.top_k(x, k=3)
print(values, indices)
print(tf.math.top_k(x).values, tf.math.top_k(x)[1])
print(tf.sort(x), tf.sort(x, direction="DESCENDING"), tf.argsort(x))
print(tf.sort(x, axis=0), tf.argsort(x, axis=0, direction="DESCENDING"))
print(tf.sort(tf.constant([3, -2147483648, 2147483647, 0])))
print(tf.sort(tf.constant([3, 200, 0, 7], tf.uint8)))
print(tf.argsort(tf.constant([5, 1, 5, 1, 5])))
print(tf.argsort(tf.constant([5, 1, 5, 1, 5]), direction="DESCENDING"))
print(tf.nn.top_k(tf.range(10), 4).indices)
print(tf.sort(tf.constant([[[2, 1], [0, 3]], [[9, 8], [7, 6]]]), axis=1))
print(tf.math.top_k(tf.constant([1.5, 2.5], tf.float64), 2,
                    index_type=tf.int64))


@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32)])
def dynamic(x):
    r = tf.math.top_k(x, 2)
    print("traced:", r.values.shape, r.indices.dtype)
    return r, tf.sort(x, axis=-1), tf.argsort(x, axis=0)


print(dynamic(tf.constant([[5.0, 4.0, 9.0], [1.0, 2.0, 0.0]])))


@tf.function
def run_time_k(x, k):
    return tf.math.top_k(x, k)


print(run_time_k(tf.constant([1, 9, 3, 7]), tf.constant(3)))
print(run_time_k(tf.constant([1, 9, 3, 7]), tf.constant(0)))

# A longer sort: every merge pass and run boundary.
big = tf.constant([float((i * 7919) % 1000) for i in range(1000)])
ordered = tf.sort(big)
print(tf.reduce_all(ordered[1:] >= ordered[:-1]), tf.argsort(big)[:8])
print(tf.math.top_k(big, 5))


def attempt(f):
    try:
        print(f())
    except (ValueError, tf.errors.InvalidArgumentError) as e:
        # The message's last line that names no function number.
        lines = [l for l in str(e).splitlines() if l.strip() and
                 not l.startswith("\t")]
        print(type(e).__name__, lines[-1])


attempt(lambda: tf.math.top_k(tf.constant([1, 2, 3]), 4))
attempt(lambda: tf.math.top_k(tf.constant([1, 2, 3]), -1))
attempt(lambda: tf.sort(tf.constant([1, 2]), direction="UP"))
attempt(lambda: run_time_k(tf.constant([1, 2, 3]), tf.constant(5)))
