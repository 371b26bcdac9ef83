# The gelu gradient inside a tf.function: grappler pushes the 1/sqrt(2)
# constant down to meet -2/sqrt(pi) (a multiplication by the gradient's
# ones is a leaf), so graph mode rounds differently from eager mode.
import tensorflow as tf

z = tf.random.stateless_normal([64], seed=(1, 2)) * 3


@tf.function
def gelu_grad(z):
  with tf.GradientTape() as t:
    t.watch(z)
    y = tf.nn.gelu(z)
  return t.gradient(y, z)


def eager(z):
  with tf.GradientTape() as t:
    t.watch(z)
    y = tf.nn.gelu(z)
  return t.gradient(y, z)


print(repr(gelu_grad(z).numpy().tolist()))
print(repr(eager(z).numpy().tolist()))

# A small gelu network trained in a tf.function.
w1 = tf.Variable(tf.random.stateless_normal([8, 16], seed=(3, 4)) * 0.3)
w2 = tf.Variable(tf.random.stateless_normal([16, 1], seed=(5, 6)) * 0.3)
x = tf.random.stateless_normal([32, 8], seed=(7, 8))
y = tf.reduce_sum(tf.sin(x), axis=1, keepdims=True)


@tf.function
def step():
  with tf.GradientTape() as t:
    loss = tf.reduce_mean((tf.nn.gelu(x @ w1) @ w2 - y) ** 2)
  g1, g2 = t.gradient(loss, [w1, w2])
  w1.assign_sub(0.1 * g1)
  w2.assign_sub(0.1 * g2)
  return loss


for i in range(20):
  loss = step()
print(repr(loss.numpy()), repr(w1.numpy()[0, :4].tolist()))
