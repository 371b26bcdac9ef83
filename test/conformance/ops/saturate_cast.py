# tf.saturate_cast clamps to the output dtype's range before casting; the
# limits are nudged toward zero where the input dtype rounds them out of it
# (float32 -> int32 saturates at 2147483520).
import tensorflow as tf

print(tf.saturate_cast(tf.constant([1, 300, -5], tf.int32), tf.uint8))
print(tf.saturate_cast(tf.constant([1e10, -1e10, 3.7, -3.7, float("nan"),
                                    float("inf")]), tf.int32))
print(tf.saturate_cast(tf.constant([1e20, -1e20, 3.7, float("inf")]),
                       tf.int64))
print(tf.saturate_cast(tf.constant([1e10, -3.7, float("-inf")]), tf.float16))
print(tf.saturate_cast(tf.constant([1e300, -3.7, float("inf")], tf.float64),
                       tf.float32))
print(tf.saturate_cast(tf.constant([10000000000, -10000000000], tf.int64),
                       tf.int32))
print(tf.saturate_cast(tf.constant([3e9, -3e9], tf.float64), tf.int32))
print(tf.saturate_cast(tf.constant([300.5, -3.7, -200.0], tf.float16),
                       tf.int8))
print(tf.saturate_cast(tf.constant([3e9, -3e9, 1.5], tf.bfloat16), tf.int32))
print(tf.saturate_cast([-1.5, 2.5, 1000.0], "uint8"))


@tf.function
def to_pixels(x):
    return tf.saturate_cast(x * 255.0, tf.uint8)


print(to_pixels(tf.constant([[-0.5, 0.25], [0.999, 2.0]])))

try:
    tf.saturate_cast(tf.constant([True, False]), tf.float32)
except TypeError as e:
    print("TypeError:", e)
try:
    tf.saturate_cast(tf.constant([1.0]), tf.bool)
except TypeError as e:
    print("TypeError:", e)
print(tf.dtypes.saturate_cast(tf.constant([200, -200]), tf.int8))
