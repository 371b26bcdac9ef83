# Integer means (int8 to int32, uint8) sum in 64 bits, then divide with
# truncation and cast back: TensorFlow's MeanReducer specializations, so a
# sum past the dtype's range does not wrap. int64 sums wrap as they do there.
import tensorflow as tf

print(tf.reduce_mean(tf.constant([100, 120], tf.int8)))
print(tf.reduce_mean(tf.constant([-100, -120, 7], tf.int8)))
print(tf.reduce_mean(tf.constant([32767, 1], tf.int16)))
print(tf.reduce_mean(tf.constant([2147483647, 1])))
print(tf.reduce_mean(tf.constant([250, 251, 252], tf.uint8)))
print(tf.reduce_mean(tf.constant([9223372036854775807, 1], tf.int64)))


@tf.function
def means(x):
    return tf.reduce_mean(x), tf.reduce_mean(x, axis=0), tf.reduce_mean(x, 1)


print(means(tf.constant([[100, 50, -7], [120, 3, -9]], tf.int8)))
print(means(tf.constant([[2000000000, 2000000000], [-5, 2000000000]])))
