# tf.GradientTape basics: watched constants, variables watched when read,
# structured sources, unconnected sources (None), and a non-persistent tape
# used twice.
import tensorflow as tf

x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x * x
print(tape.gradient(y, x))

w = tf.Variable([[1.0, 2.0], [3.0, 4.0]], name="w")
b = tf.Variable([0.5, -0.5], name="b")
inp = tf.constant([[1.0, 2.0]])
with tf.GradientTape(persistent=True) as tape:
    out = tf.nn.relu(inp @ w + b)
    loss = tf.reduce_mean(tf.square(out - 1.0))
dw, db = tape.gradient(loss, [w, b])
print(dw)
print(db)
print(tape.gradient(out, {"w": w}))
print([v.name for v in tape.watched_variables()])

z = tf.constant(1.0)
with tf.GradientTape() as tape:
    q = z * 2.0
print(tape.gradient(q, z))
with tf.GradientTape() as tape:
    tape.watch(z)
    s = tf.sigmoid(z) + tf.tanh(z) + tf.exp(z) + tf.math.log(z + 1.0) + tf.sqrt(z + 3.0) + z / (z + 1.0)
print(tape.gradient(s, z))
try:
    tape.gradient(s, z)
except RuntimeError as e:
    print("RuntimeError:", e)
