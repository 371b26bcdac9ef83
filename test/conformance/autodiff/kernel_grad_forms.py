# Gradients computed as TensorFlow's kernels and gradient functions compute
# them: SqrtGrad (dy * (0.5 / y) in Eigen's packets, (0.5 * dy) / y after
# them, 0 where dy is 0), _LogSoftmaxGrad (dy - sum(dy) * exp(y)), and
# reduce_logsumexp, whose maximum sits behind a StopGradient.
import tensorflow as tf


def grad(f, x, u=None):
    with tf.GradientTape() as t:
        t.watch(x)
        y = f(x)
    return t.gradient(y, x, output_gradients=u)


for n in [13, 16, 40]:
    x = tf.abs(tf.random.stateless_normal([n], seed=[1, 1])) + 0.1
    u = tf.random.stateless_normal([n], seed=[2, 1])
    print("sqrt", n, grad(tf.sqrt, x, u).numpy().tolist())

zeros = tf.constant([0.0, 4.0, 0.0, 1.0, 0.0, 9.0, 2.0, 3.0, 0.0, 5.0])
dy = tf.constant([0.0, 0.0, 1.0, -0.0, -0.0, 2.0, 0.0, 1.0, 3.0, -0.0])
print("sqrt at zero", grad(tf.sqrt, zeros, dy))

m = tf.reshape(tf.random.stateless_normal([24], seed=[3, 1]), [4, 6])
s = tf.nn.softmax(tf.reshape(tf.random.stateless_normal([24], seed=[4, 1]), [4, 6]))
print("log_softmax", grad(lambda v: -tf.reduce_sum(s * tf.nn.log_softmax(v)), m))
print("log_softmax axis 0",
      grad(lambda v: tf.reduce_sum(s * tf.nn.log_softmax(v, axis=0)), m))
print("uniform", grad(lambda v: -tf.reduce_sum(
    tf.constant([[0.02, 0.92, 0.02, 0.02, 0.02]]) * tf.nn.log_softmax(v)),
    tf.zeros([1, 5])))
print("logsumexp", grad(lambda v: tf.reduce_logsumexp(v, axis=1), m))
print("logsumexp all", grad(tf.reduce_logsumexp, m))


@tf.function(input_signature=[tf.TensorSpec([None, 6])])
def in_function(v):
    with tf.GradientTape(persistent=True) as t:
        t.watch(v)
        roots = tf.reduce_sum(tf.sqrt(tf.abs(v) + 0.5))
        logs = tf.reduce_sum(tf.nn.log_softmax(v) * s[:1])
        lse = tf.reduce_sum(tf.reduce_logsumexp(v, axis=1))
    return t.gradient(roots, v), t.gradient(logs, v), t.gradient(lse, v)


print(in_function(m))
