# Slice bounds computed from a static shape (`n = tf.shape(x)[0]`, `n - 1`)
# are known to shape inference: the slice keeps its static length.
import tensorflow as tf


@tf.function
def trim(x):
    n = tf.shape(x)[0]
    y = x[1:n - 1]
    print("trimmed", y.shape)
    last = x[n - 1]
    print("last row", last.shape)
    half = x[: n // 2, 1:]
    print("half", half.shape)
    return y, last, half


print(trim(tf.reshape(tf.range(15.0), [5, 3])))


@tf.function
def run_time(x):
    n = tf.shape(x)[0]
    y = x[1:n - 1]
    print("run-time", y.shape)
    return y


print(run_time.get_concrete_function(tf.TensorSpec([None, 2])).structured_outputs)
print(run_time(tf.ones([4, 2])))

try:
    @tf.function
    def past_end(x):
        n = tf.shape(x)[0]
        return x[n + 1]

    past_end(tf.ones([3]))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1])
