# Gradients through slices whose bounds or dimensions are known only at run
# time: a tf.range loop's index (an unrolled RNN reading x[:, t]), shifted
# windows over a None time dimension, negative indices, a bound from a
# tensor argument.
import tensorflow as tf

w = tf.Variable([[0.5, -1.0, 2.0]])


@tf.function(input_signature=[tf.TensorSpec([2, 4, 3])])
def rnn(x):
    with tf.GradientTape() as tape:
        h = tf.zeros([2, 3])
        for t in tf.range(4):
            h = tf.tanh(h * w + x[:, t])
        loss = tf.reduce_sum(h)
    return loss, tape.gradient(loss, w)


x = tf.reshape(tf.range(24, dtype=tf.float32), [2, 4, 3]) / 10.0
print(rnn(x))


@tf.function(input_signature=[tf.TensorSpec([None, None, 3])])
def shifted(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * w
        loss = tf.reduce_sum(tf.square(y[:, :-1] - x[:, 1:])) + tf.reduce_sum(
            y[:, -1] * 3.0) + tf.reduce_sum(y[-1, -2:, 1:])
    return tape.gradient(loss, [x, w])


print(shifted(x))
print(shifted(x[:1, :2]))


@tf.function(input_signature=[tf.TensorSpec([None, 3]), tf.TensorSpec([], tf.int32)])
def window(x, start):
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_sum(x[start:start + 2] * x[start]) + tf.reduce_sum(
            x[-start:] * 2.0) + tf.reduce_sum(x[7:] * 5.0) + tf.reduce_sum(
                x[-9:2] * 3.0)
    return tape.gradient(loss, x)


rows = tf.reshape(tf.range(15, dtype=tf.float32), [5, 3])
print(window(rows, tf.constant(1)))
print(window(rows, tf.constant(4)))
print(window(rows, tf.constant(-2)))
