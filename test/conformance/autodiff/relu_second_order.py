# ReluGrad, Relu6Grad and LeakyReluGrad have gradients of their own: the
# grad op again for the incoming gradient and zeros for the features, so a
# second-order gradient through relu is zeros, not None (the input-gradient
# regularization example of the advanced autodiff guide).
import tensorflow as tf

x = tf.constant([-1.0, 2.0, 7.0])
for name, fn in [("relu", tf.nn.relu), ("relu6", tf.nn.relu6),
                 ("leaky_relu", tf.nn.leaky_relu), ("elu", tf.nn.elu)]:
    with tf.GradientTape() as t2:
        t2.watch(x)
        with tf.GradientTape() as t1:
            t1.watch(x)
            y = fn(x)
        g = t1.gradient(y, x)
    print(name, g, t2.gradient(g, x))

w = tf.Variable([[0.5, -1.0], [1.5, 0.25]])
b = tf.Variable([0.1, -0.2])


@tf.function
def regularizer(inputs):
    with tf.GradientTape() as t2:
        with tf.GradientTape() as t1:
            t1.watch(inputs)
            out = tf.nn.relu(inputs @ w + b)
        g1 = t1.gradient(out, inputs)
        magnitude = tf.norm(g1)
    return t2.gradient(magnitude, [w, b])


for grad in regularizer(tf.constant([[1.0, 2.0], [-3.0, 0.5]])):
    print(grad)
