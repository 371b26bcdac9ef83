# A TensorArray written in a loop with elements whose batch size is known
# only at run time (a GRU over a [None, None, 4] sequence): the buffer takes
# its element sizes from the first write. Trained a few steps, which reads
# the slices x[:, t] at the loop's index back through the gradient.
import tensorflow as tf

H, D = 5, 4
wz = tf.Variable(tf.random.stateless_normal([D + H, H], seed=[1, 1]) * 0.3)
wh = tf.Variable(tf.random.stateless_normal([D + H, H], seed=[3, 1]) * 0.3)


def cell(x, h):
    xh = tf.concat([x, h], axis=-1)
    z = tf.sigmoid(xh @ wz)
    hc = tf.tanh(xh @ wh)
    return (1 - z) * h + z * hc


@tf.function(input_signature=[tf.TensorSpec([None, None, D])])
def run(seq):
    h = tf.zeros([tf.shape(seq)[0], H])
    outs = tf.TensorArray(tf.float32, size=tf.shape(seq)[1])
    for t in tf.range(tf.shape(seq)[1]):
        h = cell(seq[:, t, :], h)
        outs = outs.write(t, h)
    return tf.transpose(outs.stack(), [1, 0, 2]), h


@tf.function(input_signature=[tf.TensorSpec([None, None, D]),
                              tf.TensorSpec([None, H])])
def train(seq, target):
    with tf.GradientTape() as tape:
        outs, last = run(seq)
        loss = tf.reduce_mean(tf.square(last - target))
    grads = tape.gradient(loss, [wz, wh])
    for v, g in zip([wz, wh], grads):
        v.assign_sub(0.5 * g)
    return loss


seq = tf.reshape(tf.sin(tf.range(2 * 5 * D, dtype=tf.float32) / 3.0), [2, 5, D])
outs, last = run(seq)
print(outs.shape, last)
print(run(seq[:1, :3])[0])
target = tf.fill([2, H], 0.25)
for step in range(5):
    print("step", step, train(seq, target).numpy())
