# Linear regression trained with a GradientTape: eagerly, then with the
# tape inside a tf.function that updates captured variables.
import tensorflow as tf

# A small training loop.
true_w, true_b = 3.0, 2.0
xs = tf.constant([0.0, 1.0, 2.0, 3.0])
ys = true_w * xs + true_b
W = tf.Variable(0.0)
B = tf.Variable(0.0)
for step in range(5):
    with tf.GradientTape() as t:
        pred = W * xs + B
        l = tf.reduce_mean((pred - ys) ** 2)
    gw, gb = t.gradient(l, [W, B])
    W.assign_sub(0.1 * gw)
    B.assign_sub(0.1 * gb)
    print(step, l.numpy(), W.numpy(), B.numpy())

@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = W * x + B
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, [W, B])
    W.assign_sub(0.05 * grads[0])
    B.assign_sub(0.05 * grads[1])
    return loss

for i in range(3):
    print(train_step(xs, ys))
print(W.numpy(), B.numpy())
