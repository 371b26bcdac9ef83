import tensorflow as tf

v = tf.Variable([1.0, 2.0])
with tf.GradientTape() as outer:
    with tf.GradientTape() as inner:
        y = tf.reduce_sum(tf.nn.max_pool2d(tf.reshape(v, [1, 1, 2, 1]), 2, 1, "SAME") ** 2)
    dv = inner.gradient(y, v)
print(outer.gradient(dv, v))
