# tf.math.in_top_k (InTopKV2: ties count as in; out-of-range targets and
# rows with non-finite predictions are false) and
# tf.nn.weighted_cross_entropy_with_logits (nn_impl's formula).
import tensorflow as tf
p = tf.constant([[0.1, 0.8, 0.1, 0.0], [0.3, 0.3, 0.2, 0.2], [0.5, float("nan"), 0.2, 0.3], [0.2, 0.1, float("inf"), 0.4]])
for k in [1, 2, 3]:
    print(k, tf.math.in_top_k(tf.constant([1, 1, 0, 3]), p, k), tf.nn.in_top_k(tf.constant([0, 3, 2, 5]), p, k))

@tf.function(input_signature=[tf.TensorSpec([None], tf.int32), tf.TensorSpec([None, 4])])
def acc(t, p):
    return tf.reduce_mean(tf.cast(tf.math.in_top_k(t, p, 2), tf.float32))
print(acc(tf.constant([1, 1, 0, 3]), p))
x = tf.reshape(tf.range(-6.0, 6.0), [3, 4]) / 2.0
z = tf.reshape(tf.range(12.0), [3, 4]) / 12.0
print(tf.nn.weighted_cross_entropy_with_logits(z, x, 2.5))
print(tf.nn.weighted_cross_entropy_with_logits(z, x, tf.constant(0.3)))
@tf.function(input_signature=[tf.TensorSpec([None, 4]), tf.TensorSpec([None, 4])])
def w(z, x):
    return tf.reduce_sum(tf.nn.weighted_cross_entropy_with_logits(
        labels=z, logits=x, pos_weight=1.7), axis=1)
print(w(z, x))
