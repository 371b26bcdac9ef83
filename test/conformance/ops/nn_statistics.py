# tf.nn's statistics and losses from its Python layer: weighted_moments,
# sufficient_statistics, normalize_moments, log_poisson_loss,
# compute_average_loss and zero_fraction, with their checks.
import tensorflow as tf
def attempt(f):
    try:
        r = f()
        print(r)
    except Exception as e:
        print(type(e).__name__, str(e).strip().splitlines()[-1])
x = tf.constant([[1.0, 2.0, 4.0], [3.0, 5.0, 9.5]])
w = tf.constant([[1.0, 0.0, 2.0], [0.5, 1.0, 1.0]])
attempt(lambda: tf.nn.weighted_moments(x, [1], w))
attempt(lambda: tf.nn.weighted_moments(x, [0, 1], w, keepdims=True))
attempt(lambda: tf.nn.weighted_moments(x, 0, tf.constant([1.0, 2.0, 0.0])))
attempt(lambda: tf.nn.weighted_moments(tf.cast(x, tf.float16), [1], w))
attempt(lambda: tf.nn.sufficient_statistics(x, [1]))
attempt(lambda: tf.nn.sufficient_statistics(x, [0, 1], shift=2.0, keepdims=True))
attempt(lambda: tf.nn.normalize_moments(3.0, tf.constant([7.0, 17.5]), tf.constant([21.0, 124.25]), None))
attempt(lambda: tf.nn.normalize_moments(tf.constant(3.0), tf.constant([7.0, 17.5]), tf.constant([21.0, 124.25]), tf.constant(1.0)))
c, m, v, s = tf.nn.sufficient_statistics(x, [1], shift=1.0)
attempt(lambda: tf.nn.normalize_moments(c, m, v, s))
attempt(lambda: tf.nn.log_poisson_loss(tf.constant([0.0, 1.0, 2.0, 5.0]), tf.constant([0.5, -1.0, 0.3, 1.6])))
attempt(lambda: tf.nn.log_poisson_loss(tf.constant([0.0, 1.0, 2.0, 5.0]), tf.constant([0.5, -1.0, 0.3, 1.6]), compute_full_loss=True))
attempt(lambda: tf.nn.log_poisson_loss(tf.constant([0.0, 1.0]), tf.constant([0.5, -1.0, 0.3])))
attempt(lambda: tf.nn.compute_average_loss(tf.constant([1.0, 2.0, 4.5])))
attempt(lambda: tf.nn.compute_average_loss(tf.constant([1.0, 2.0, 4.5]), global_batch_size=8))
attempt(lambda: tf.nn.compute_average_loss(tf.constant([[1.0, 2.0], [4.5, 1.0]])))
attempt(lambda: tf.nn.compute_average_loss(tf.constant([1.0, 2.0, 4.5]), sample_weight=tf.constant([1.0, 0.5, 2.0])))
attempt(lambda: tf.nn.compute_average_loss(tf.constant([1.0, 2.0, 4.5]), sample_weight=0.5))
attempt(lambda: tf.nn.compute_average_loss(tf.constant(1.0)))
attempt(lambda: tf.nn.compute_average_loss(tf.constant([1.0, 2.0]), global_batch_size=-1))
attempt(lambda: tf.nn.compute_average_loss(tf.constant([1.0, 2.0]), global_batch_size=2.5))
attempt(lambda: tf.nn.zero_fraction(x - 1.0))
f = tf.function(lambda x, w: (tf.nn.weighted_moments(x, [1], w), tf.nn.compute_average_loss(tf.reduce_sum(x, 1)), tf.nn.sufficient_statistics(x, [0])))
attempt(lambda: f(x, w))
attempt(lambda: tf.function(lambda x: tf.nn.sufficient_statistics(x, [1]))(x))
print(tf.function(lambda x: tf.nn.sufficient_statistics(x, [1])).get_concrete_function(tf.TensorSpec([2, None])).structured_outputs)

# scale_regularization_loss: summed (a list added first) over one replica.
print(tf.nn.scale_regularization_loss(tf.constant([0.5, 0.25])))
print(tf.nn.scale_regularization_loss([tf.constant(1.5), tf.constant(2.0)]))
