# Inside a function, grappler's constant folding turns a division by a
# constant (or by what folds, as tf.sqrt(3.0)) into a Mul by its reciprocal
# before MinimizeBroadcasts regroups the products around it: attention's
# `q / tf.sqrt(d)` and its gradient round as TensorFlow's do.
import tensorflow as tf

q = tf.reshape(tf.sin(tf.range(150, dtype=tf.float32) * 0.3), [50, 3])
k = tf.reshape(tf.cos(tf.range(150, dtype=tf.float32)), [50, 3])


def checksum(t):
    bits = tf.cast(tf.reshape(tf.bitcast(t, tf.int32), [-1]), tf.int64)
    return int(tf.reduce_sum(bits * tf.range(1, tf.size(bits, out_type=tf.int64) + 1)))


@tf.function
def grad(q, k):
    with tf.GradientTape() as t:
        t.watch(q)
        y = tf.sin(q / tf.sqrt(3.0))
    return t.gradient(y, q, output_gradients=k)


@tf.function
def products(q, k, s):
    return [(k * tf.cos(q)) / tf.sqrt(3.0), (k * tf.cos(q)) / 1.7320508,
            (k * tf.cos(q)) / tf.sqrt(s), (q / 3.0) * k * tf.sin(q),
            (k * q) / tf.cast(tf.size(q), tf.float32)]


@tf.function
def attention(x, w):
    with tf.GradientTape() as t:
        t.watch(w)
        s = tf.matmul(x, w) @ tf.transpose(x) / tf.sqrt(3.0)
        loss = tf.reduce_sum(tf.nn.softmax(s) * tf.sin(s))
    return loss, t.gradient(loss, w)


print(checksum(grad(q, k)))
print([checksum(p) for p in products(q, k, tf.constant(3.0))])
loss, g = attention(q[:6], tf.reshape(tf.cos(tf.range(9.0)), [3, 3]))
print(loss.numpy().tolist(), checksum(g))
