# tf.add_n, tf.clip_by_value, tf.math.reciprocal, is_nan/is_inf/is_finite, tf.nn.gelu and tf.math.erf, eager and traced.
import tensorflow as tf
x = tf.constant([-2.5, -0.5, 0.0, 0.7, 3.0])
print(tf.add_n([x, x, tf.ones([5])]))
print(tf.clip_by_value(x, -1.0, 1.0))
print(tf.math.reciprocal(x))
y = tf.constant([1.0, float("nan"), float("inf"), -float("inf")])
print(tf.math.is_nan(y), tf.math.is_inf(y), tf.math.is_finite(y))
# gelu and erf differ from TensorFlow's Eigen approximations in the last
# bit, so they are compared rounded.
print(tf.round(tf.nn.gelu(x) * 1e4), tf.round(tf.nn.gelu(x, approximate=True) * 1e4))
print(tf.round(tf.math.erf(x) * 1e4))

@tf.function
def f(x, y):
    return (tf.add_n([x, x]), tf.clip_by_value(x, -1.0, 1.0), tf.math.reciprocal(x),
            tf.math.is_nan(y), tf.math.is_finite(y), tf.round(tf.nn.gelu(x) * 1e4),
            tf.round(tf.nn.gelu(x, approximate=True) * 1e4))
for t in f(x, y):
    print(t)
print(tf.add_n([tf.constant([1, 2])]))
