# tf.unique and tf.unique_with_counts on every float and integer dtype,
# eagerly and in a tf.function. TensorFlow's hash map has -0.0 and 0.0 as
# one value for float32 and float64 but hashes float16 and bfloat16 by
# their bits (two values); every NaN is a value of its own.
import tensorflow as tf

tf.get_logger().setLevel("ERROR")


@tf.function
def with_counts(x):
    r = tf.unique_with_counts(x)
    return r.y, r.idx, r.count


@tf.function
def unique64(x):
    return tf.unique(x, out_idx=tf.int64)


for dt in [tf.bfloat16, tf.float16, tf.float32, tf.float64, tf.int8,
           tf.int16, tf.int32, tf.int64, tf.uint8]:
    x = tf.constant([3, 1, 3, 0, 1, 7], dt)
    print(dt.name, "eager", tf.unique_with_counts(x))
    print(dt.name, "function", with_counts(x))

for dt in [tf.bfloat16, tf.float16, tf.float32, tf.float64]:
    x = tf.constant([0.0, -0.0, 1.0, float("nan"), float("nan"), -0.0, 0.0], dt)
    print(dt.name, "eager", tf.unique(x))
    print(dt.name, "function", with_counts(x))
    print(dt.name, "int64 ids", unique64(x))
