# range() over a tensor bound is converted to tf.range and staged.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
def weighted(v):
    s = 0
    for i in range(len(v)):
        s += v[i] * (i + 1)
    return s


print(weighted(tf.constant([3, 1, 2])))
print(weighted(tf.constant([5])))
