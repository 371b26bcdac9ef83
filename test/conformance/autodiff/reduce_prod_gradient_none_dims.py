# The gradient of tf.reduce_prod over tensors with sizes known only when
# the function runs, for each choice of axes (zeros included).
import tensorflow as tf

cases = [None, 0, 1, [0, 1], -1]


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def grads2(x):
    out = []
    for axis in cases:
        for keepdims in [False, True]:
            with tf.GradientTape() as tape:
                tape.watch(x)
                y = tf.reduce_prod(x, axis=axis, keepdims=keepdims)
                loss = tf.reduce_sum(y * y)
            out.append(tape.gradient(loss, x))
    return out


x = tf.constant([[1.0, -2.0, 0.5], [0.3, 0.8, -1.5], [2.0, 0.0, 1.0]])
for rows in [x, x[:2], x[:0]]:
    print([g.numpy().tolist() for g in grads2(rows)])


@tf.function(input_signature=[tf.TensorSpec([2, None, None], tf.float32)])
def grads3(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_sum(tf.reduce_prod(x, axis=[0, 2]) * [1.0, 2.0])
    return tape.gradient(loss, x)


print(grads3(tf.reshape(tf.range(1.0, 9.0), [2, 2, 2]) / 4.0).numpy().tolist())
