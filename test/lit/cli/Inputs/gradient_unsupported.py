import tensorflow as tf

v = tf.Variable([1.0, 2.0])
with tf.GradientTape() as tape:
    y = tf.reduce_sum(tf.math.cumprod(v)) * 3.0
print(tape.gradient(y, v))
