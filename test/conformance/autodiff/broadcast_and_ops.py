# Gradients through broadcasting ops (reduced back to each input's shape),
# matmul with transposes, abs/maximum/minimum/pow/where/cast/reshape,
# second derivatives from nested tapes, output_gradients, unconnected
# gradients, watch_accessed_variables=False and stop_recording.
import tensorflow as tf

x = tf.constant(2.0)
with tf.GradientTape() as t2:
    t2.watch(x)
    with tf.GradientTape() as t1:
        t1.watch(x)
        y = x * x * x
    dy = t1.gradient(y, x)
print(dy, t2.gradient(dy, x))

# Broadcasting: a bias over a batch, a column vector times a row.
xb = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
bias = tf.Variable([0.1, 0.2, 0.3])
col = tf.Variable([[1.0], [2.0]])
with tf.GradientTape() as tape:
    out = (xb + bias) * col - bias / col
    total = tf.reduce_sum(out, axis=1)
print(tape.gradient(total, [bias, col]))

a = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
bm = tf.Variable([[1.0, -1.0, 0.5], [0.0, 2.0, 1.0]])
with tf.GradientTape(persistent=True) as tape:
    p1 = tf.matmul(a, bm)
    p2 = tf.matmul(a, bm, transpose_a=True, transpose_b=True)
    p3 = tf.matmul(bm, a, transpose_b=False)
print(tape.gradient(p1, [a, bm]))
print(tape.gradient(p2, [a, bm]))
print(tape.gradient(p3, a))

v = tf.Variable([-2.0, 0.0, 3.0])
with tf.GradientTape(persistent=True) as tape:
    r = tf.reduce_sum(tf.abs(v) + tf.maximum(v, 0.5) + tf.minimum(v, 1.0))
    p = tf.reduce_sum(tf.pow(tf.abs(v) + 1.0, v))
    m = tf.reduce_mean(tf.reshape(tf.transpose(tf.reshape(v * v, [3, 1])), [-1]))
    c = tf.reduce_sum(tf.cast(v, tf.float64) * 2.0)
    w = tf.reduce_sum(tf.where(v > 0, v * 3.0, v * -1.0))
print(tape.gradient(r, v), tape.gradient(p, v))
print(tape.gradient(m, v), tape.gradient(c, v), tape.gradient(w, v))
print(tape.gradient([r, m], v), tape.gradient(r, v, output_gradients=tf.constant(2.0)))
u = tf.Variable(1.0)
print(tape.gradient(r, u), tape.gradient(r, u, unconnected_gradients=tf.UnconnectedGradients.ZERO))
n = tf.Variable(1.0, trainable=False)
with tf.GradientTape() as tape:
    q = n * 3.0
print(tape.gradient(q, n))
with tf.GradientTape(watch_accessed_variables=False) as tape:
    tape.watch(n)
    q = n * u * 3.0
print(tape.gradient(q, [n, u]))
with tf.GradientTape() as tape:
    with tape.stop_recording():
        q1 = u * 2.0
    q2 = u * 5.0 + q1
print(tape.gradient(q2, u))
