# tf.sigmoid's gradient is one SigmoidGrad kernel, whose vectorized Eigen
# loop computes dy * (y * (1 - y)) in whole packets (8 floats, 4 doubles)
# and (dy * y) * (1 - y) for the elements after them; its own gradient
# (_SigmoidGradGrad) gives second derivatives.
import tensorflow as tf
for n, dt in [(13, tf.float32), (16, tf.float32), (7, tf.float64)]:
    a = tf.cast(tf.random.stateless_normal([n], seed=[4, 5]), dt)
    x = tf.cast(tf.sigmoid(tf.random.stateless_normal([n], seed=[9, 1]) * 2.0), dt)
    with tf.GradientTape() as t2:
        t2.watch(a)
        with tf.GradientTape() as t1:
            t1.watch(a)
            y = x * tf.sigmoid(a)
        g = t1.gradient(y, a)
    print(dt.name, g.numpy().tolist())
    print(t2.gradient(g, a).numpy().tolist())

@tf.function(input_signature=[tf.TensorSpec([None, None])])
def f(a):
    with tf.GradientTape() as t:
        t.watch(a)
        y = tf.reduce_sum(tf.sigmoid(a) * a)
    return t.gradient(y, a)
print(f(tf.reshape(tf.range(15, dtype=tf.float32), [3, 5]) / 7.0 - 1.0).numpy().tolist())
print(f(tf.reshape(tf.range(16, dtype=tf.float32), [4, 4]) / 7.0 - 1.0).numpy().tolist())
