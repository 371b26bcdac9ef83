# A variable or tensor used several times gets several gradients, and their
# sum rounds according to the order they are added in. TensorFlow's eager
# tape runs the ops breadth first from the target and adds each tensor's
# gradients with AddN in the order they arrive.
import tensorflow as tf

w = tf.Variable(tf.sin(tf.reshape(tf.range(12, dtype=tf.float32), [4, 3])))
b = tf.Variable(tf.cos(tf.range(3, dtype=tf.float32)))
x = tf.reshape(tf.range(20, dtype=tf.float32), [5, 4]) * 0.37 - 3.0
y = tf.tanh(tf.reshape(tf.range(15, dtype=tf.float32), [5, 3]) - 7.0)


def loss_fn():
    h = tf.matmul(x, w) + b
    a = tf.tanh(h) * 1.7 + tf.sigmoid(h) * 0.3 - h * 0.01
    loss = tf.reduce_mean(tf.square(a - y))
    l2 = 1e-3 * tf.reduce_sum(w**2) + 1e-2 * tf.reduce_sum(tf.abs(w))
    return loss + l2 + tf.reduce_sum(b * w[0]) * 0.1


with tf.GradientTape() as tape:
    loss = loss_fn()
gw, gb = tape.gradient(loss, [w, b])
print(loss.numpy())
print(gw.numpy())
print(gb.numpy())

# Six uses of one variable: the order decides the result, not just its
# last bit.
v = tf.Variable([1.0, 1e8, -3.0])
with tf.GradientTape() as tape:
    t = v * 1e-8 + v * 3.0 + v * v + tf.exp(v * 1e-9) + v / 7.0 + v * -1e8
print(tape.gradient(t, v).numpy())

# A watched tensor used by ops at different depths.
z = tf.constant([0.1, 0.7, -2.3])
with tf.GradientTape() as tape:
    tape.watch(z)
    u = tf.sin(z)
    r = tf.reduce_sum(u * z + tf.cos(u) * z * z + z / 3.0)
print(tape.gradient(r, z).numpy())

# Ten gradients of one tensor: AddN adds the first two, then the other
# eight as a sum of their own.
s = tf.constant([1.0, -2.5, 3.25])
with tf.GradientTape() as tape:
    tape.watch(s)
    total = tf.add_n([tf.sin(s * (k + 1.3)) for k in range(10)])
print(tape.gradient(total, s).numpy())

# Inside a tf.function: the gradient of a tensor used three times.
h0 = tf.matmul(x, w)


@tf.function
def grads(h0):
    with tf.GradientTape() as tape:
        tape.watch(h0)
        h = h0 * 1.0
        a = tf.tanh(h) * 1.7 + tf.sigmoid(h) * 0.3 - h * 0.01
        loss = tf.reduce_mean(tf.square(a - y))
    return tape.gradient(loss, h)


print(grads(h0).numpy())
