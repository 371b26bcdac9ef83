# A GradientTape around eager calls of tf.functions: the calls are
# differentiated (TensorFlow differentiates the function graphs), prints and
# tf.prints in them do not run again, and a function that assigns a
# variable is differentiated with the value it assigned.
import tensorflow as tf

W = tf.Variable([[0.5, -0.25], [0.75, 1.0], [-1.0, 0.5]])
b = tf.Variable([0.1, -0.2])

@tf.function
def model(x):
    print("tracing model", x.shape)
    return tf.nn.relu(x @ W + b)

@tf.function
def loss_fn(pred, y):
    return tf.reduce_mean(tf.square(pred - y))

x = tf.constant([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]])
y = tf.constant([[1.0, 0.0], [0.0, 1.0]])
for step in range(3):
    with tf.GradientTape() as tape:
        loss = loss_fn(model(x), y)
    gW, gb = tape.gradient(loss, [W, b])
    W.assign_sub(0.1 * gW)
    b.assign_sub(0.1 * gb)
    print(step, loss.numpy(), gW.numpy().tolist(), gb.numpy().tolist())

@tf.function
def pair(a, c):
    tf.print("pair called")
    return {"s": a * c, "d": a - c}

a = tf.constant(3.0)
c = tf.constant(4.0)
with tf.GradientTape(persistent=True) as t:
    t.watch([a, c])
    out = pair(a, c)
    z = out["s"] + 2.0 * out["d"]
print(t.gradient(z, [a, c]))
print(t.gradient(out["s"], a))

v = tf.Variable(2.0)
@tf.function
def bump(x):
    v.assign_add(1.0)
    return x * v
with tf.GradientTape() as t:
    t.watch(a)
    r = bump(a)
try:
    print(t.gradient(r, a))
except Exception as e:
    print(type(e).__name__)
