# Training a small tf.Module model: a tf.function step takes gradients of the
# loss with respect to trainable_variables and applies them by hand.
import tensorflow as tf


class Dense(tf.Module):
    def __init__(self, n_in, n_out, scale, name=None):
        super().__init__(name=name)
        self.w = tf.Variable(tf.reshape(tf.range(n_in * n_out, dtype=tf.float32), [n_in, n_out]) * scale, name="w")
        self.b = tf.Variable(tf.zeros([n_out]), name="b")

    def __call__(self, x, activation=True):
        y = x @ self.w + self.b
        return tf.nn.relu(y) if activation else y


class Model(tf.Module):
    def __init__(self):
        super().__init__()
        self.hidden = Dense(2, 3, 0.1)
        self.out = Dense(3, 1, -0.2)

    def __call__(self, x):
        return self.out(self.hidden(x), activation=False)


model = Model()
xs = tf.constant([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [2.0, 1.0]])
ys = tf.constant([[1.0], [2.0], [3.0], [5.0]])
print([v.name for v in model.trainable_variables])


@tf.function
def train_step(x, y, lr):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    for g, v in zip(grads, model.trainable_variables):
        v.assign_sub(lr * g)
    return loss


for epoch in range(6):
    print(epoch, train_step(xs, ys, 0.05).numpy())
print(model(xs))
print(model.out.w.numpy(), model.hidden.b.numpy())
print(train_step.experimental_get_tracing_count())
