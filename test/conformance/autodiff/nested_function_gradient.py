# A tf.function called from another one's trace under a tape: gradients
# flow through it (to its arguments and the variables it reads, a method
# of a tf.Module too), its Python print ran only when it was traced, and
# its tf.print runs on every call.
import tensorflow as tf

w = tf.Variable([[1.0, 2.0], [3.0, 4.0]])


@tf.function
def model(x):
    print("tracing model", x.shape)
    tf.print("model called")
    return tf.matmul(x, w), 2


class Net(tf.Module):
    def __init__(self):
        self.v = tf.Variable(0.5)

    @tf.function
    def __call__(self, x):
        print("tracing Net")
        return self.v * tf.reduce_sum(tf.sin(x))


net = Net()


@tf.function
def step(x):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y, k = model(x)
        z = net(y)
        loss = tf.reduce_sum(y) * tf.cast(k, tf.float32) + z
    return loss, tape.gradient(loss, w), tape.gradient(loss, net.v), tape.gradient(loss, x)


print(step(tf.constant([[1.0, 1.0]])))
print(step(tf.constant([[2.0, 1.0]])))
print(model(tf.constant([[1.0, 0.0]])))


@tf.function
def inner(x):
    if tf.reduce_sum(x) > 0:
        return x * x
    return -x


@tf.function
def outer(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = inner(x)
    return tape.gradient(y, x)


print(outer(tf.constant([1.0, 2.0])), outer(tf.constant([-1.0, -2.0])))
