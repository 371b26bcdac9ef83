# Gradients of the unary math ops, the activations and the ops that move
# elements (slices with steps and negative steps, stack, concat, pad,
# reverse, cumsum, bias_add), and of the sparse cross-entropy, as
# TensorFlow's gradient functions compute them.
import tensorflow as tf
x = tf.Variable([0.5, -1.2, 2.0, -0.0, 3.5])
fns = {
 "sin": tf.sin, "cos": tf.cos, "log1p": lambda v: tf.math.log1p(tf.abs(v)), "expm1": tf.math.expm1,
 "rsqrt": lambda v: tf.math.rsqrt(tf.abs(v) + 1.0), "erf": tf.math.erf, "softplus": tf.nn.softplus,
 "softsign": tf.nn.softsign, "elu": tf.nn.elu, "selu": tf.nn.selu, "leaky": lambda v: tf.nn.leaky_relu(v, 0.3),
 "relu6": lambda v: tf.nn.relu6(v * 3.0), "sign": tf.sign, "floor": tf.floor, "round": tf.round,
 "cumsum": lambda v: tf.math.cumsum(v * v), "cumsum_rev_ex": lambda v: tf.math.cumsum(v * v, exclusive=True, reverse=True),
 "slice": lambda v: v[1] * v[3] + tf.reduce_sum(v[::2] * 2.0) + tf.reduce_sum(v[::-1][:2] * 3.0),
 "stack": lambda v: tf.stack([v, v * 2.0], axis=1)[:, 1] * v,
 "concat": lambda v: tf.concat([v, v * v], 0) * tf.range(10, dtype=tf.float32),
 "pad": lambda v: tf.pad(v * v, [[1, 2]]) * tf.range(8, dtype=tf.float32),
 "reverse": lambda v: tf.reverse(v, [0]) * tf.range(5, dtype=tf.float32),

}
for name, f in fns.items():
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(f(x))
    print(name, tape.gradient(y, x))
m = tf.Variable(tf.reshape(tf.range(12.0), [3, 4]))
with tf.GradientTape() as tape:
    y = tf.reduce_sum(m[1:, ::2] ** 2) + tf.reduce_sum(m[:, -1])
print(tape.gradient(y, m))
b = tf.Variable([0.1, 0.2])
with tf.GradientTape() as tape:
    y = tf.reduce_sum(tf.nn.bias_add(tf.ones([3, 2]), b) ** 2)
print(tape.gradient(y, b))
logits = tf.Variable([[1.0, 2.0, 0.5], [0.1, 0.2, 3.0]])
with tf.GradientTape() as tape:
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[1, 2], logits=logits))
print(tape.gradient(loss, logits))
@tf.function
def f(v):
    with tf.GradientTape() as tape:
        tape.watch(v)
        y = tf.reduce_sum(tf.sin(v[1:]) * tf.concat([v[:2], v[:2]], 0))
    return tape.gradient(y, v)
print(f(tf.constant([1.0, 2.0, 3.0, 4.0, 5.0])))
